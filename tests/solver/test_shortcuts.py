"""Winning lines with their detours cut: still a win, never longer, no shortcut left, and
the line `solve` hands hints and the CLI."""

from __future__ import annotations

import random

import pytest

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.engine.moves import Move
from runtime.engine.state import State
from runtime.solver import Verdict, solve
from runtime.solver.playouts import solve_by_playouts
from runtime.solver.shortcuts import shorten
from tests.solver.positions import assert_line_wins


def assert_no_shortcut_left(state: State, line: tuple[Move, ...]) -> None:
    """No position of ``line`` repeats, and no legal move from one of them reaches a
    position two or more moves further on."""
    trial = state.clone()
    keys = [trial.key()]
    for move in line:
        trial.apply(move)
        keys.append(trial.key())
    place = {key: number for number, key in enumerate(keys)}
    assert len(place) == len(keys), "the line repeats a position"
    trial = state.clone()
    for number, move in enumerate(line):
        for other in trial.legal_moves():
            trial.apply(other)
            later = place.get(trial.key(), -1)
            trial.undo()
            assert later <= number + 1, f"move {number}: {other} jumps to position {later}"
        trial.apply(move)


def test_a_playouts_shuffles_are_cut() -> None:
    # Giant seed 14: greedy playouts win it in 4,492 nodes with a line of 1,470 moves,
    # most of them runs shuffled between hosts (398 are left).
    state = new_game("giant", None, 14)
    found = solve_by_playouts(state, 20_000, None)
    assert found.verdict is Verdict.WINNABLE
    short = shorten(state, found.moves)
    assert len(short) * 3 < len(found.moves)
    assert_line_wins(state, short)
    assert_no_shortcut_left(state, short)


def test_a_line_without_detours_is_kept() -> None:
    state = new_game("giant", None, 1)
    found = solve_by_playouts(state, 20_000, None)
    short = shorten(state, found.moves)
    assert shorten(state, short) == short
    assert shorten(state, short[:1]) == short[:1] and shorten(state, ()) == ()


def end_of(state: State, line: tuple[Move, ...]) -> object:
    """The key of the position ``line`` reaches, each move checked legal."""
    trial = state.clone()
    for move in line:
        trial.play(move)
    return trial.key()


def random_walk(state: State, steps: int, seed: int) -> tuple[Move, ...]:
    """Random legal moves from ``state`` (unchanged), never back to a position."""
    rng = random.Random(seed)
    trial = state.clone()
    seen = {trial.key()}
    line: list[Move] = []
    for _ in range(steps):
        fresh = []
        for move in trial.legal_moves():
            trial.apply(move)
            if trial.key() not in seen:
                fresh.append(move)
            trial.undo()
        if not fresh:
            break
        line.append(rng.choice(fresh))
        trial.apply(line[-1])
        seen.add(trial.key())
    return tuple(line)


@pytest.mark.parametrize("game", game_ids())
def test_every_games_walks_are_cut_soundly(game: str) -> None:
    # Any line, won or not: the cut line reaches the same position in no more moves.
    state = new_game(game, None, 5)
    walk = random_walk(state, 300, seed=5)
    short = shorten(state, walk)
    assert len(short) <= len(walk)
    assert end_of(state, short) == end_of(state, walk)
    assert_no_shortcut_left(state, short)


@pytest.mark.parametrize("game", ["klondike", "saratoga", "seahaven", "freecell", "giant"])
def test_solve_hands_out_the_cut_line(game: str) -> None:
    for seed in range(3):
        state = new_game(game, None, seed)
        found = solve(state, max_nodes=100_000, cut_detours=False)
        if found.verdict is Verdict.WINNABLE:
            break
    assert found.verdict is Verdict.WINNABLE, f"{game}: none of seeds 0-2 won"
    short = solve(state, max_nodes=100_000)
    assert short.verdict is Verdict.WINNABLE and short.nodes == found.nodes
    assert short.moves == shorten(state, found.moves)
    assert_line_wins(state, short.moves)


def test_past_its_deadline_the_rest_of_the_line_is_kept() -> None:
    state = new_game("giant", None, 1)
    found = solve_by_playouts(state, 20_000, None)
    assert shorten(state, found.moves, deadline=0.0) == found.moves
