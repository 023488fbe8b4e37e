"""Hints never lead back to a position already on the player's line, and following hints
from a position the solver has proven winnable wins (issue 13)."""

from __future__ import annotations

import pytest

from runtime.engine import Move, MoveKind, State, from_deal_code, new_game
from runtime.engine.assist import hint, line_positions
from runtime.solver import Verdict, solver_hint
from runtime.solver.hint import _remember


def follow_hints(state: State, limit: int, time_limit: float = 0.08) -> list[str]:
    """Play hints (undoing where a hint says so); every position reached must be new to the
    line it is reached on. The verdicts seen."""
    verdicts = []
    for _ in range(limit):
        result = solver_hint(state, time_limit)
        verdicts.append(result.verdict.value)
        if result.move is None:
            if result.undo_to is None or result.verdict is not Verdict.WINNABLE:
                break
            while len(state.move_log) > result.undo_to:
                state.undo()
            continue
        seen = line_positions(state)
        state.play(result.move)
        assert state.key() not in seen, f"{state!r}: the hint went back to an earlier position"
    return verdicts


def test_hints_on_the_reported_deal_do_not_go_in_circles() -> None:
    """saratoga-756557799-01: hints used to move 10♦ 9♠ from column 7 to 3 and back; 432
    moves to the end. Now no position repeats, and following the hints wins (given the
    search time to prove the deal, which a busy test machine may need)."""
    state = from_deal_code("saratoga-756557799-01")
    follow_hints(state, 400, time_limit=2.0)
    assert state.is_won()
    assert len(state.move_log) < 300


@pytest.mark.parametrize("code", ["klondike-7-1000", "lady_jane-3", "canfield-2", "escalator-4"])
def test_following_hints_never_revisits_a_position(code: str) -> None:
    follow_hints(from_deal_code(code), 120)


@pytest.mark.parametrize(
    ("game", "seed"), [("seahaven", 1), ("freecell", 2), ("saratoga", 3), ("eight_off", 4)]
)
def test_following_hints_from_a_proven_position_wins(game: str, seed: int) -> None:
    state = new_game(game, None, seed)
    proof = solver_hint(state, time_limit=10.0)  # proven here, on a busy machine too
    assert proof.verdict is Verdict.WINNABLE
    verdicts = follow_hints(state, 1000)
    assert state.is_won(), verdicts[-5:]
    assert set(verdicts) == {"winnable"}


def reversible(state: State, hinted: Move | None) -> Move | None:
    """A tableau move whose reverse is legal right after it, other than ``hinted``."""
    for move in state.legal_moves():
        if move.kind is not MoveKind.TRANSFER or move == hinted:
            continue
        if state.layout.kinds[move.src] != state.layout.kinds[move.dst]:
            continue
        trial = state.clone()
        trial.apply(move)
        back = Move.transfer(move.dst, move.src, move.size)
        if back in trial.legal_moves():
            return move
    return None


def test_a_winning_line_through_an_earlier_position_is_an_undo_hint() -> None:
    """When the winning line passes a position the player already had (the reverse of their
    last move), the hint is to undo to it, not the move back; the basic hint skips it too."""
    state = from_deal_code("saratoga-756557799-01")
    for _ in range(200):
        hinted = solver_hint(state).move
        move = reversible(state, hinted)
        if move is not None and solver_hint(state, time_limit=10.0).verdict is Verdict.WINNABLE:
            break
        state.play(hinted or state.legal_moves()[0])
    else:
        pytest.fail("no position with a reversible move")
    before = state.clone()
    line = []
    trial = state.clone()
    while not trial.is_won():  # the remembered winning line from here
        step = solver_hint(trial).move
        assert step is not None
        line.append(step)
        trial.apply(step)
    state.play(move)
    _remember(state, (Move.transfer(move.dst, move.src, move.size), *line))
    result = solver_hint(state)
    assert result.move is None and result.undo_to == len(before.move_log)
    assert result.verdict is Verdict.WINNABLE
    back = hint(state, line_positions(state))
    assert back != Move.transfer(move.dst, move.src, move.size)
