"""`bench/solve_unknowns.py --dead-at-deal --merge`: only the deals today's search proves
lost at the deal are solved again, and their records replace the old ones in the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from runtime.solver.survey import solve_seed

SCRIPT = Path(__file__).parents[2] / "bench" / "solve_unknowns.py"


def unknown(seed: int) -> dict[str, object]:
    fields = {"game": "lady_jane", "options": {}, "seed": seed, "verdict": "unknown"}
    return {**fields, "moves": 0, "nodes": 500_000, "seconds": 5.0}


def test_only_deals_lost_at_the_deal_are_replaced(tmp_path: Path) -> None:
    # Lady Jane seed 2 is lost at the deal (a face-down King that will be stuck, session
    # 43); seed 10 is not, and stays as it was without a search.
    survey = tmp_path / "lady_jane-500k.jsonl"
    before = [unknown(2), unknown(10)]
    survey.write_text("".join(json.dumps(r) + "\n" for r in before))
    command = [sys.executable, str(SCRIPT), str(survey), "--only-unknown", "--dead-at-deal"]
    result = subprocess.run(
        [*command, "--merge", "--max-nodes", "500000"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "1 deals from" in result.stdout and "wrote 1 new records" in result.stdout
    after = [json.loads(line) for line in survey.read_text().splitlines()]
    assert [r["seed"] for r in after] == [2, 10]
    assert (after[0]["verdict"], after[0]["nodes"]) == ("unwinnable", 1)
    assert after[1] == before[1]
    # Nothing left to replace: said so, and the file is untouched.
    again = subprocess.run(
        [*command, "--max-nodes", "500000"], capture_output=True, text=True, check=False
    )
    assert again.returncode == 1 and "no deal chosen is lost at the deal" in again.stdout


def test_a_killed_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    # The run before was killed after seed 5 (its record marked with a node count no search
    # gives, to tell it from a new one) and in the middle of writing seed 2's record.
    survey = tmp_path / "lady_jane-500k.jsonl"
    survey.write_text("".join(json.dumps(unknown(seed)) + "\n" for seed in (2, 5)))
    kept = {**solve_seed("lady_jane", {}, 5, max_nodes=1_000), "nodes": 12_345}
    out = tmp_path / "new.jsonl"
    out.write_text(json.dumps(kept) + "\n" + '{"game": "lady_jane", "seed": 2, "verd')
    command = [sys.executable, str(SCRIPT), str(survey), "--only-unknown", "--out", str(out)]
    result = subprocess.run(
        [*command, "--merge", "--max-nodes", "1000"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "1 of them read back from" in result.stdout
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and json.loads(lines[2])["seed"] == 2  # the torn line ended first
    merged = {r["seed"]: r for r in map(json.loads, survey.read_text().splitlines())}
    assert merged[5] == kept
    assert (merged[2]["verdict"], merged[2]["nodes"]) == ("unwinnable", 1)


def test_deals_settled_late_are_chosen_and_a_lapse_is_no_contradiction(tmp_path: Path) -> None:
    # Seed 10 decided after 1,000 nodes and seed 11 unknown are chosen; seed 12, decided
    # early, and seed 20, past --seeds-below, are not. At one node seed 10 is unknown: a
    # verdict the budget lost, which is no contradiction (exit status 0).
    survey = tmp_path / "lady_jane-500k.jsonl"
    early = {**unknown(12), "verdict": "winnable", "nodes": 500}
    late = {**unknown(10), "verdict": "winnable", "nodes": 5_000}
    records = [late, unknown(11), early, unknown(20)]
    survey.write_text("".join(json.dumps(r) + "\n" for r in records))
    command = [sys.executable, str(SCRIPT), str(survey), "--only-unknown", "--max-nodes", "1"]
    result = subprocess.run(
        [*command, "--settled-after", "1000", "--seeds-below", "20"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "2 deals from" in result.stdout
    assert "verdict changes on decided deals: 0" in result.stdout
    assert "decided deals now unknown: 1\n  seed 10: winnable -> unknown" in result.stdout


def test_parts_share_the_deals_between_runs(tmp_path: Path) -> None:
    # Two runs with --part 1/2 and 2/2 solve every other deal of the five chosen, each into
    # its own file: together each deal once. A part that is not I/N is a usage error.
    survey = tmp_path / "lady_jane-500k.jsonl"
    survey.write_text("".join(json.dumps(unknown(seed)) + "\n" for seed in (3, 4, 7, 8, 9)))
    command = [sys.executable, str(SCRIPT), str(survey), "--only-unknown", "--max-nodes", "1"]
    solved = []
    for part in ("1/2", "2/2"):
        out = tmp_path / f"part{part[0]}.jsonl"
        result = subprocess.run(
            [*command, "--part", part, "--out", str(out)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        solved.append([json.loads(line)["seed"] for line in out.read_text().splitlines()])
    assert solved == [[3, 7, 9], [4, 8]]
    for bad in ("3/2", "0/2", "two"):
        result = subprocess.run(
            [*command, "--part", bad], capture_output=True, text=True, check=False
        )
        assert result.returncode == 2 and "is not I/N" in result.stderr
