"""`bench/node_rate.py`: times a survey's unknown deals again on the CPU and names the
largest node limit that fits the time; a deal decided now is named, not timed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "bench" / "node_rate.py"


def record(game: str, seed: int) -> str:
    fields = {"game": game, "options": {}, "seed": seed, "verdict": "unknown"}
    return json.dumps({**fields, "moves": 0, "nodes": 2_000, "seconds": 0.1})


def run(survey: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), str(survey), "--max-nodes", "2000", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_times_the_deals_still_unknown_and_names_the_decided(tmp_path: Path) -> None:
    survey = tmp_path / "mixed-2k.jsonl"
    # Zebra seed 0 is won within 2,000 nodes; Lady Jane seed 10 is not.
    survey.write_text(f"{record('zebra', 0)}\n{record('lady_jane', 10)}\n")
    # A generous time: some limit fits at any rate a machine may have.
    result = run(survey, "--sample", "1", "--seconds", "1000")
    assert result.returncode == 0, result.stderr
    assert "seed 0 is winnable now, not timed" in result.stdout
    row = result.stdout.splitlines()[-1].split()
    assert row[0] == "mixed-2k.jsonl" and row[1] == "1"
    assert row[-1] == "5,000,000"
    # With no time at all, no limit fits.
    tight = run(survey, "--sample", "1", "--seconds", "0.000001")
    assert tight.stdout.splitlines()[-1].endswith("under 300,000")


def test_nothing_to_time_and_unreadable_files(tmp_path: Path) -> None:
    survey = tmp_path / "zebra-2k.jsonl"
    survey.write_text(record("zebra", 0) + "\n")
    result = run(survey)
    assert result.returncode == 0
    assert "nothing to time" in result.stdout
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    failed = run(broken)
    assert failed.returncode == 1 and "broken.jsonl" in failed.stderr
