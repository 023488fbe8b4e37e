"""`bench/keep_records.py`: keeps the survey records settled within a node count, in place
and atomically, and names the lines that are not records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "bench" / "keep_records.py"


def record(seed: int, verdict: str, nodes: int) -> str:
    fields = {"game": "giant", "options": {}, "seed": seed, "verdict": verdict}
    return json.dumps({**fields, "moves": [], "nodes": nodes, "seconds": 0.1})


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_keeps_records_settled_within_the_count_in_place(tmp_path: Path) -> None:
    survey = tmp_path / "giant-300k.jsonl"
    lines = [
        record(0, "winnable", 500),
        record(1, "unknown", 300_000),
        record(2, "unwinnable", 30_000),
    ]
    survey.write_text("\n".join([*lines, "{not json"]) + "\n", encoding="utf-8")
    done = run(str(survey), "--settled-within", "30000")
    assert done.returncode == 0, done.stderr
    assert survey.read_text(encoding="utf-8").splitlines() == [lines[0], lines[2]]
    assert f"{survey}:4: not a survey record" in done.stderr
    assert "kept: 2 (1 unwinnable, 1 winnable)" in done.stdout
    assert "dropped: 1 (1 unknown)" in done.stdout
    assert [p.name for p in tmp_path.iterdir()] == [survey.name]  # no temporary file left


def test_another_output_leaves_the_survey_alone(tmp_path: Path) -> None:
    survey, kept = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    survey.write_text(record(0, "winnable", 40_000) + "\n", encoding="utf-8")
    assert run(str(survey), "--settled-within", "30000", "--out", str(kept)).returncode == 0
    assert kept.read_text(encoding="utf-8") == ""
    assert survey.read_text(encoding="utf-8") == record(0, "winnable", 40_000) + "\n"


def test_a_missing_file_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    done = run(str(tmp_path / "none.jsonl"), "--settled-within", "10")
    assert done.returncode == 2
    assert "none.jsonl: cannot read" in done.stderr and "Traceback" not in done.stderr
