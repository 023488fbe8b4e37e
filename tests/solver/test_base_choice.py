"""A base rank the player chooses: the deal is searched once per choice (`search._first_won`),
and no choice's search starves the others."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.engine.moves import Move, MoveKind
from runtime.solver import SolveResult, Verdict, search, solve
from runtime.solver.search import _after, _with_base
from tests.solver.positions import assert_line_wins


def test_a_hard_first_choice_does_not_starve_the_others() -> None:
    # Glenwood seed 3: the first card to choose as base leaves the search unknown at 20,000
    # nodes (at 300,000 too, when it took the whole budget); the second wins at once.
    state = new_game("glenwood", None, 3)
    first, second, *_ = state.legal_moves()
    assert solve(_after(state, first), max_nodes=20_000).verdict is Verdict.UNKNOWN
    assert solve(_after(state, second), max_nodes=2_000).verdict is Verdict.WINNABLE
    found = solve(state, max_nodes=20_000)
    assert found.verdict is Verdict.WINNABLE
    assert found.moves[0] == second
    assert_line_wins(state, found.moves)


def test_a_proof_needs_every_choice_lost_and_gets_the_rest_of_the_budget() -> None:
    # Chessboard seed 227 is lost with every base; base 8 takes 2,445 nodes to prove (2,568
    # before session 49's sleep sets, 3,143 before session 44), more than its part of the
    # first round (1,000 of 13,000), so it is proven in the second, on what the other
    # bases, proven lost sooner, left.
    state = new_game("chessboard", None, 227)
    budget = 13_000
    assert budget // 13 < 2_445
    assert solve(_with_base(state, 8), max_nodes=budget).nodes == 2_445
    found = solve(state, max_nodes=budget)
    assert found.verdict is Verdict.UNWINNABLE and found.nodes <= budget
    assert solve(state, max_nodes=2_000).verdict is Verdict.UNKNOWN  # too little for base 8


def test_a_move_that_only_turns_up_a_card_is_no_choice_of_its_own() -> None:
    # Hamilton's first move turns up the first card that may start the foundations, and two
    # more deals turn up the others: the choices are the three cards, each a third of the
    # budget, whether the search starts before the first deal or after it.
    state = new_game("hamilton", None, 0)
    [deal] = state.legal_moves()
    choices = list(search._first_moves(state, ()))
    assert [len(line) for line, _ in choices] == [2, 3, 4]
    assert all(line[-1].kind is MoveKind.TRANSFER and after.base for line, after in choices)
    whole = solve(state, max_nodes=20_000)
    alone = solve(_after(state, deal), max_nodes=20_000)
    assert (whole.verdict, whole.nodes) == (alone.verdict, alone.nodes)


def test_each_choice_gets_an_equal_part_and_only_more_comes_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Four choices and 1,000 nodes: 250 each. When only the second is proven lost (in 10
    # nodes), its 240 left over are not more than the 250 the open ones had: none is
    # searched again (a fresh search on no more would repeat itself). When the first two
    # are, 480 are left, and the first choice still open gets them all.
    calls: list[tuple[object, int]] = []
    lost_in_10: set[object] = set()

    def solve_trial(
        trial: object, part: int, time_left: float | None, dead: object, best_first: bool
    ) -> SolveResult:
        calls.append((trial, part))
        if trial in lost_in_10:
            return SolveResult(Verdict.UNWINNABLE, (), 10, 0.0)
        return SolveResult(Verdict.UNKNOWN, (), part, 0.0)

    monkeypatch.setattr(search, "_solve", solve_trial)
    trials: list[tuple[tuple[Move, ...], object]] = [((), n) for n in range(4)]

    lost_in_10.update({1})
    found = search._first_won(iter(trials), 1_000, None, True)  # type: ignore[arg-type]
    assert found.verdict is Verdict.UNKNOWN
    assert calls == [(0, 250), (1, 250), (2, 250), (3, 250)]

    calls.clear()
    lost_in_10.update({0})
    found = search._first_won(iter(trials), 1_000, None, True)  # type: ignore[arg-type]
    assert (found.verdict, found.nodes) == (Verdict.UNKNOWN, 1_000)
    assert calls == [(0, 250), (1, 250), (2, 250), (3, 250), (2, 480)]
