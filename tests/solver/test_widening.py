"""Iterative widening (`widening.py`): narrowed searches only ever add wins."""

from __future__ import annotations

from collections.abc import Callable

from runtime.engine.moves import DEAL
from runtime.solver.keys import Piles
from runtime.solver.results import SolveResult, Verdict
from runtime.solver.widening import WIDTHS, narrowed, widen
from tests.solver.positions import assert_line_wins

_NO_PILES: Piles = ()


def test_narrowed_keeps_the_most_preferred_moves_in_order() -> None:
    def generate(piles: Piles, redeals_left: int) -> list[int]:
        return [1, 2, 3, 4, 5]

    assert narrowed(generate, 1)(_NO_PILES, 0) == [5]
    assert narrowed(generate, 3)(_NO_PILES, 0) == [3, 4, 5]
    assert narrowed(generate, 9)(_NO_PILES, 0) == [1, 2, 3, 4, 5]


def _fake_search(
    verdicts: list[Verdict], widths: list[int], budgets: list[int]
) -> Callable[[Callable[[Piles, int], list[int]], int, float | None], SolveResult]:
    """A search that answers ``verdicts`` in turn and notes how wide and long each run was."""

    def search(
        generate: Callable[[Piles, int], list[int]], budget: int, stop: float | None
    ) -> SolveResult:
        widths.append(len(generate(_NO_PILES, 0)))
        budgets.append(budget)
        verdict = verdicts[len(widths) - 1]
        line = (DEAL,) if verdict is Verdict.WINNABLE else ()
        return SolveResult(verdict, line, nodes=10 * len(widths))

    return search


def _ten_moves(piles: Piles, redeals_left: int) -> list[int]:
    return list(range(10))


def test_an_exhausted_narrow_search_is_not_a_loss() -> None:
    widths: list[int] = []
    budgets: list[int] = []
    search = _fake_search([Verdict.UNWINNABLE] * len(WIDTHS), widths, budgets)
    found, spent = widen(search, _ten_moves, 1000, (0.0, None), 0.0)
    assert found is None  # nothing proven: the caller runs the complete search
    assert widths == [width for width, _ in WIDTHS]
    # Each width gets its share plus what the narrower ones left (they spent 10, 20, ...).
    pooled = 0.0
    expected = []
    for i, (_, share) in enumerate(WIDTHS):
        pooled += share
        expected.append(int(1000 * pooled) - sum(10 * (j + 1) for j in range(i)))
    assert budgets == expected
    assert budgets[1] == int(1000 * WIDTHS[1][1]) + int(1000 * WIDTHS[0][1]) - 10
    assert spent == sum(10 * (i + 1) for i in range(len(WIDTHS)))


def test_the_first_win_ends_widening_and_counts_every_node() -> None:
    widths: list[int] = []
    search = _fake_search([Verdict.UNKNOWN, Verdict.WINNABLE, Verdict.WINNABLE], widths, [])
    found, spent = widen(search, _ten_moves, 1000, (0.0, None), 0.0)
    assert found is not None and found.verdict is Verdict.WINNABLE and found.moves
    assert widths == [1, 2]
    assert found.nodes == spent == 10 + 20


def test_widening_wins_what_the_complete_searches_leave_unknown() -> None:
    """Saratoga seed 110: the plain and stock-move searches leave it unknown at 49,999
    nodes (no widening below 50,000); with widening 60,000 nodes win it at 10,549 (after
    the easy search's 6,000 and the rollouts' 3,000), and the line replays. Below the
    threshold the result is the complete searches' alone."""
    from runtime.engine import new_game
    from runtime.solver.depth_first import WIDEN_MIN_NODES
    from runtime.solver.search import solve

    state = new_game("saratoga", None, 110)
    short = solve(state, max_nodes=WIDEN_MIN_NODES - 1)
    assert short.verdict is Verdict.UNKNOWN
    found = solve(state, max_nodes=60_000)
    assert found.verdict is Verdict.WINNABLE
    assert found.nodes < 20_000
    assert_line_wins(state, found.moves)


def test_widening_shrinks_its_shares_to_what_the_budget_has_left() -> None:
    # After 0.8 of the budget, the widths share the 0.2 left in proportion (their own
    # shares total 0.4), and every budget and deadline stays within the whole.
    widths: list[int] = []
    budgets: list[int] = []
    stops: list[float | None] = []
    verdicts = [Verdict.UNKNOWN] * len(WIDTHS)

    def search(
        generate: Callable[[Piles, int], list[int]], budget: int, stop: float | None
    ) -> SolveResult:
        stops.append(stop)
        return _fake_search(verdicts, widths, budgets)(generate, budget, stop)

    found, spent = widen(search, _ten_moves, 1000, (0.0, 100.0), 0.8)
    assert found is None
    total = sum(share for _, share in WIDTHS)
    assert abs(budgets[0] - 1000 * WIDTHS[0][1] * 0.2 / total) <= 1
    # The widest run may use what the others left: it ends at 0.2 of the budget at most.
    spent_before_last = spent - 10 * len(WIDTHS)
    assert budgets[-1] + spent_before_last <= 200
    assert stops[-1] is not None and stops[-1] <= 100.0 + 1e-9
    # With nothing left, no narrowed search runs at all.
    widths.clear()
    assert widen(search, _ten_moves, 1000, (0.0, 100.0), 1.0) == (None, 0)
    assert widths == []
