"""Agreement with Freecell Solver on the deals of every game whose rules it can play
(skipped when fc-solve is absent)."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.solver import Verdict, fcsolve, solve
from runtime.solver.model import model_for

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


def test_seahaven_referee_is_the_benchmark_setting() -> None:
    state = new_game("seahaven", None, 0)
    referee = fcsolve.referee_for(model_for(state.rules, state.base))
    assert referee is not None and referee.flags == fcsolve.SEAHAVEN_FLAGS


def test_a_build_with_more_columns_referees_thirteen_piles() -> None:
    # Debian's fc-solve plays at most 10 columns; Baker's Dozen has 13, each built down
    # by rank, one card at a time, spaces never filled.
    state = new_game("bakers_dozen", None, 0)
    model = model_for(state.rules, state.base)
    assert fcsolve.referee_for(model) is None
    referee = fcsolve.referee_for(model, max_stacks=13)
    assert referee is not None
    flags = dict(zip(referee.flags[::2], referee.flags[1::2], strict=True))
    assert flags == {
        "--freecells-num": "0",
        "--stacks-num": "13",
        "--sequences-are-built-by": "rank",
        "--empty-stacks-filled-by": "none",
        "--sequence-move": "limited",
    }


def test_a_missing_program_is_not_available() -> None:
    assert not fcsolve.available("/nonexistent/fc-solve")


@pytest.mark.parametrize("game", game_ids())
def test_verdicts_agree_with_fc_solve_where_it_can_play_the_rules(game: str) -> None:
    """fc-solve never has more moves than ours: a deal it wins we must not have proved
    lost; where ours have no more moves either (no foundation play-back), a deal it proves
    lost we must not have won."""
    state = new_game(game, None, 0)
    referee = fcsolve.referee_for(model_for(state.rules, state.base))
    if referee is None:
        pytest.skip(f"fc-solve cannot express {game}'s rules")
    compared = 0
    for seed in range(12):
        state = new_game(game, None, seed)
        ours = solve(state, max_nodes=20_000)
        theirs = fcsolve.run(state, max_iters=100_000, timeout=30, flags=referee.flags)
        if ours.verdict is Verdict.UNKNOWN or theirs.solved is None:
            continue
        compared += 1
        assert not referee.contradicts(ours.verdict, theirs.solved), seed
    assert compared >= 4


def test_stopping_at_the_iteration_limit_is_no_proof() -> None:
    # Freecell Solver prints "I could not solve this game." both when it has searched every
    # position and when it stops at its iteration limit.
    state = new_game("seahaven", None, 1)
    assert fcsolve.run(state, timeout=30).solved is True
    assert fcsolve.run(state, max_iters=5, timeout=30).solved is None
