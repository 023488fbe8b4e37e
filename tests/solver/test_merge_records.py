"""`bench/merge_records.py`: parts add new deals and replace unknown ones, in seed order, and
a part that changes a decided verdict stops the merge with nothing written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "bench" / "merge_records.py"


def record(seed: int, verdict: str, nodes: int = 100, game: str = "lady_jane") -> str:
    fields = {"game": game, "options": {}, "seed": seed, "verdict": verdict}
    return json.dumps({**fields, "moves": 0, "nodes": nodes, "seconds": 0.1})


def run(*args: Path | str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def write(path: Path, *lines: str) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_parts_add_deals_and_replace_unknown_ones(tmp_path: Path) -> None:
    row = write(
        tmp_path / "row.jsonl",
        record(0, "winnable"),
        record(1, "unknown", 500_000),
        record(2, "unwinnable"),
        record(3, "unknown", 500_000),
    )
    solved_again = write(
        tmp_path / "again.jsonl",
        record(1, "winnable", 250_000),
        record(3, "unknown", 500_001),
        record(0, "unknown", 500_000),  # gave up where the row won: says nothing
        record(2, "unwinnable"),  # the row's own record again
    )
    carried_on = tmp_path / "more.jsonl"
    carried_on.write_text(record(5, "unwinnable") + "\n" + record(4, "winnable") + "\n{torn")
    done = run(row, solved_again, carried_on)
    assert done.returncode == 0, done.stderr
    merged = [json.loads(line) for line in row.read_text(encoding="utf-8").splitlines()]
    assert [(r["seed"], r["verdict"], r["nodes"]) for r in merged] == [
        (0, "winnable", 100),
        (1, "winnable", 250_000),
        (2, "unwinnable", 100),
        (3, "unknown", 500_001),
        (4, "winnable", 100),
        (5, "unwinnable", 100),
    ]
    assert f"{carried_on}:3: not a survey record" in done.stderr
    assert f"{solved_again}: 0 added, 2 replaced, 2 left as they were" in done.stdout
    assert f"{carried_on}: 2 added, 0 replaced" in done.stdout
    assert "before: 4 deals, winnable 1, unwinnable 1, unknown 2" in done.stdout
    assert "after: 6 deals, winnable 3, unwinnable 2, unknown 1" in done.stdout
    assert "seeds 0-5, 0 missing" in done.stdout
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_changed_verdict_or_another_game_stops_the_merge(tmp_path: Path) -> None:
    lines = (record(0, "winnable"), record(1, "unwinnable"), record(2, "unknown"))
    row = write(tmp_path / "row.jsonl", *lines)
    part = write(
        tmp_path / "part.jsonl",
        record(0, "unwinnable"),
        record(2, "winnable", game="saratoga"),
        record(9, "winnable"),
    )
    done = run(row, part, "--out", tmp_path / "merged.jsonl")
    assert done.returncode == 1
    assert "seed 0 winnable -> unwinnable" in done.stderr
    assert "seed 2 is saratoga" in done.stderr
    assert not (tmp_path / "merged.jsonl").exists()
    assert row.read_text(encoding="utf-8").splitlines() == list(lines)


def test_gaps_between_seeds_are_named(tmp_path: Path) -> None:
    row = write(tmp_path / "row.jsonl", record(0, "winnable"), record(1, "winnable"))
    part = write(tmp_path / "part.jsonl", record(4, "unknown"))
    done = run(row, part, "--out", tmp_path / "merged.jsonl")
    assert done.returncode == 0, done.stderr
    assert "seeds 0-4, 2 missing between them (the first: 2, 3)" in done.stdout
    assert len((tmp_path / "merged.jsonl").read_text().splitlines()) == 3
