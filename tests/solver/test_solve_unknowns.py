"""`bench/solve_unknowns.py --dead-at-deal --merge`: only the deals today's search proves
lost at the deal are solved again, and their records replace the old ones in the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
