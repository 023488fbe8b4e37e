"""Agreement with Freecell Solver on Seahaven deals (skipped when fc-solve is absent)."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.solver import Verdict, fcsolve, solve

pytestmark = pytest.mark.skipif(
    not fcsolve.available(), reason="fc-solve not installed (Debian package freecell-solver-bin)"
)


def test_board_format() -> None:
    board = fcsolve.board(new_game("seahaven", None, 1)).splitlines()
    assert board[0] == "Foundations: C-0 D-0 H-0 S-0"
    assert board[1] == "Freecells: - 7S 9S -"
    assert board[2] == ": 4H 4D 3C KD JC"
    assert len(board) == 12


def test_verdicts_agree_on_a_sample_of_deals() -> None:
    compared = 0
    for seed in range(100, 120):
        state = new_game("seahaven", None, seed)
        ours = solve(state, max_nodes=30_000)
        if ours.verdict is Verdict.UNKNOWN:
            continue
        theirs = fcsolve.run(state, timeout=30)
        if theirs.solved is None:
            continue
        assert theirs.solved == (ours.verdict is Verdict.WINNABLE), seed
        compared += 1
    assert compared >= 12
