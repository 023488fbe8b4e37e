"""`bench/publish_winnability.py` will not publish a row holding a deal left unknown because
its process was paused (the wall clock ran out, its CPU did not), and still publishes rows
whose deals gave up on a short time limit of their own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "bench" / "publish_winnability.py"


def record(seed: int, verdict: str, nodes: int, seconds: float, cpu: float) -> str:
    fields = {"game": "escalator", "options": {}, "seed": seed, "verdict": verdict}
    return json.dumps(
        {**fields, "moves": 0, "nodes": nodes, "seconds": seconds, "cpu_seconds": cpu}
    )


def publish(path: Path, time_limit: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), str(path), "--max-nodes", "300000"]
    command += ["--time-limit", time_limit, "--dry-run"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_a_deal_stopped_while_paused_stops_the_row(tmp_path: Path) -> None:
    row = tmp_path / "row.jsonl"
    lines = [
        record(0, "winnable", 1_000, 0.1, 0.1),
        record(1, "unknown", 300_012, 640.0, 9.0),  # the node limit: a true unknown
        record(2, "unknown", 97_499, 611.9, 2.5),  # 600 s of wall clock, 2.5 s of CPU
        record(3, "unknown", 98_000, 601.0, 2.0),
    ]
    row.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = publish(row, "600")
    assert done.returncode == 1
    assert f"{row}: seeds 2, 3 stopped on the wall clock" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_short_time_limit_of_its_own_is_a_verdict(tmp_path: Path) -> None:
    row = tmp_path / "row.jsonl"
    lines = [record(0, "winnable", 1_000, 0.1, 0.1), record(1, "unknown", 62_718, 2.0, 1.98)]
    row.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = publish(row, "2")
    assert done.returncode == 0, done.stderr
    assert "| Escalator | - | 2 | 1 | 0 | 1 (50.0%)" in done.stdout
