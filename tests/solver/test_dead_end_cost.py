"""`bench/dead_end_cost.py`: the dead-end test's cost a position on random play, and how
many positions it calls dead; games without the test are named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "bench" / "dead_end_cost.py"


def test_counts_the_positions_and_the_dead_ones() -> None:
    command = [sys.executable, str(SCRIPT), "lady_jane", "bristol", "--deals", "3"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()[2:]}
    positions, dead, cost = rows["lady_jane"][1:]
    # Three deals of up to 80 random moves each; Lady Jane deals 1 and 2 are lost at the
    # deal, so random play from them stays dead.
    assert 3 <= int(positions) <= 3 * 80 and int(dead) >= 2 and float(cost) > 0
    assert rows["bristol"][1:] == ["no", "test", "for", "its", "rules"]


def test_an_unknown_game_is_one_line_not_a_traceback() -> None:
    command = [sys.executable, str(SCRIPT), "nosuchgame"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "unknown game 'nosuchgame'" in result.stderr and "Traceback" not in result.stderr
