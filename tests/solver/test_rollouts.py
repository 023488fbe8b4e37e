"""Nested rollouts: wins greedy playouts miss, lines that replay, the same run on every
machine, never a proof, and the schedule that gives them the playouts' share."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.engine.moves import Move
from runtime.engine.state import State
from runtime.solver import Verdict, depth_first, rollouts, solve
from runtime.solver import search as search_module
from runtime.solver.playouts import NOISE, solve_by_playouts
from runtime.solver.results import SolveResult
from runtime.solver.rollouts import GREEDY_NODES, WIDTH, solve_by_rollouts
from runtime.solver.search import (
    EARLY_PLAYOUT_SHARE,
    EARLY_SEARCH_NODES,
    EARLY_SUITS_SHARE,
    LATE_PLAYOUTS_FIRST,
)
from tests.solver.positions import assert_line_wins

ONE_SUIT = {"one_suit": True, "four_suits": False, "two_suits": False}


def test_rollouts_win_deals_greedy_playouts_do_not() -> None:
    # Bristol seeds 15 and 112, which its survey left unknown at 1,000,000 nodes: greedy
    # playouts do not win them in 20,000 nodes; rollouts (40,000) win them at 6,861 and
    # 14,180, with lines that replay from the deal.
    for seed, nodes in ((15, 6_861), (112, 14_180)):
        state = new_game("bristol", None, seed)
        assert solve_by_playouts(state, 20_000, None).verdict is Verdict.UNKNOWN
        found = solve_by_rollouts(state, 40_000, None)
        assert (found.verdict, found.nodes) == (Verdict.WINNABLE, nodes)
        assert_line_wins(state, found.moves)


def test_each_rollout_has_more_noise_than_the_one_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With the same noise every time, rollouts find the same few lines again (Forty
    # Thieves seed 3: 13 of 15 ended at the same progress). Will o' the Wisp seed 2: the
    # first rollout ends without a win at 16,185 nodes; a later one, with more noise, wins
    # it at 21,244.
    state = new_game("will_o_the_wisp", None, 2)
    first = rollouts._Rollout(state, 60_000, None)
    assert first.run(state) is None and first.nodes == 16_185
    noises: list[float] = []
    run = rollouts._Rollout.run

    def noted(self: rollouts._Rollout, start: State) -> list[Move] | None:
        noises.append(self.noise)
        return run(self, start)

    monkeypatch.setattr(rollouts._Rollout, "run", noted)
    found = solve_by_rollouts(state, 60_000, None)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 21_244)
    assert_line_wins(state, found.moves)
    assert noises == [NOISE * k for k in range(1, len(noises) + 1)] and len(noises) > 1


def test_a_rollout_strides_where_one_move_a_step_would_not_finish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Jumbo (two decks) seed 16: one move a step, the first rollout is still under way
    # when 30,000 nodes run out (no rollout of its seeds 300-319 finished within 225,000).
    # Kept within half the budget (`ALLOWANCE`), the line strides over its best sequence,
    # and a rollout wins the deal at 25,955 nodes, with a line that replays.
    state = new_game("jumbo", None, 16)
    found = solve_by_rollouts(state, 50_000, None)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 25_955)
    assert_line_wins(state, found.moves)
    monkeypatch.setattr(rollouts, "ALLOWANCE", 1e9)
    one_move_a_step = rollouts._Rollout(state, 30_000, None)
    assert one_move_a_step.run(state) is None and one_move_a_step.nodes >= 30_000


def test_the_line_strides_only_as_far_as_its_allowance_needs() -> None:
    # 100 moves ahead at 1,000 nodes a look: 100,000 nodes one move a step.
    stride = rollouts._stride
    assert stride(100, 1_000, 5_000, 100_000) == 1  # its first steps, whatever the estimate
    assert stride(50, 1_000, 40_000, 100_000) == 1  # 50,000 fit in the 60,000 left
    assert stride(100, 1_000, 40_000, 100_000) == 2  # 100,000 do not: every other move
    assert stride(100, 1_000, 99_000, 100_000) == 100  # at most the whole sequence
    assert stride(100, 1_000, 100_000, 100_000) == 100  # spent: the line goes to its end


def test_a_rollout_is_the_same_on_every_run_and_never_repeats_a_position() -> None:
    state = new_game("bristol", None, 54)
    found = solve_by_rollouts(state, 20_000, None)
    again = solve_by_rollouts(state, 20_000, None)  # seeded: the same on any machine
    assert (again.nodes, again.moves) == (found.nodes, found.moves)
    trial = state.clone()
    keys = {trial.key()}
    for move in found.moves:
        trial.apply(move)
        keys.add(trial.key())
    assert len(keys) == len(found.moves) + 1
    # Other seeds (``first``) are other rollouts.
    other = solve_by_rollouts(state, 20_000, None, first=LATE_PLAYOUTS_FIRST)
    assert other.moves != found.moves


def test_rollouts_never_prove_a_deal_lost_and_keep_to_their_budget() -> None:
    # Lady Jane seed 25 is lost (the depth-first search exhausts it in 3,761 nodes).
    state = new_game("lady_jane", None, 25)
    before = state.clone()
    found = solve_by_rollouts(state, 5_000, None)
    assert found.verdict is Verdict.UNKNOWN and 5_000 <= found.nodes < 5_000 + 100
    assert state == before  # left as it was


def test_a_spent_deadline_ends_them() -> None:
    found = solve_by_rollouts(new_game("bristol", None, 12), 1_000_000, 0.0)
    assert found.verdict is Verdict.UNKNOWN and found.nodes <= WIDTH * 300


@pytest.mark.parametrize("game_id", game_ids())
def test_every_games_rollouts_win_with_a_line_that_replays(game_id: str) -> None:
    state = new_game(game_id, None, 3)
    found = solve_by_rollouts(state, 1_000, None)
    assert found.verdict in (Verdict.WINNABLE, Verdict.UNKNOWN)
    if found.verdict is Verdict.WINNABLE:
        assert_line_wins(state, found.moves)


def test_a_share_goes_to_greedy_playouts_first_then_to_rollouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, int, int]] = []

    def fake(kind: str) -> object:
        def run(
            state: State, max_nodes: int, deadline: float | None, first: int = 0, *more: bool
        ) -> object:
            calls.append((kind, max_nodes, first))
            return SolveResult(Verdict.UNKNOWN, (), max_nodes, 1.0)

        return run

    monkeypatch.setattr(rollouts, "solve_by_playouts", fake("p"))
    monkeypatch.setattr(rollouts, "solve_by_rollouts", fake("r"))
    state = new_game("giant", None, 0)
    found = rollouts.solve_by_playouts_then_rollouts(state, 30_000, None, 7)
    assert calls == [("p", GREEDY_NODES, 7), ("r", 30_000 - GREEDY_NODES, 7)]
    assert (found.verdict, found.nodes, found.seconds) == (Verdict.UNKNOWN, 30_000, 2.0)
    calls.clear()  # a share under GREEDY_NODES is all playouts
    assert rollouts.solve_by_playouts_then_rollouts(state, 3_000, None).nodes == 3_000
    assert calls == [("p", 3_000, 0)]


def test_the_search_hands_its_shares_to_playouts_then_rollouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[int, int]] = []

    def fake(state: State, max_nodes: int, deadline: float | None, first: int = 0) -> object:
        calls.append((max_nodes, first))
        return SolveResult(Verdict.UNKNOWN, (), max_nodes)

    monkeypatch.setattr(
        search_module,
        "rollouts_module",
        lambda: SimpleNamespace(solve_by_playouts_then_rollouts=fake),
    )
    # Yukon seed 8 (one deck: nothing early): an interlude of a fifth of the budget at
    # three tenths, after which the search goes on; it pauses at 54,000 of 60,000 nodes
    # (tests/solver/test_restarts.py): 3,000 go to playouts and rollouts with other seeds
    # than the interlude's, the rest to restarts, which win it.
    found = solve(new_game("yukon", None, 8), max_nodes=60_000)
    assert calls == [(12_000, 0), (3_000, LATE_PLAYOUTS_FIRST)]
    assert found.verdict is Verdict.WINNABLE
    # A search that ends before three tenths (Lady Jane seed 25: proven lost at 3,761)
    # never calls them.
    assert solve(new_game("lady_jane", None, 25), max_nodes=60_000).verdict is (Verdict.UNWINNABLE)
    assert len(calls) == 2
    # Two decks (Giant seed 0): the short search, then half the budget; after the pause,
    # other seeds.
    calls.clear()
    solve(new_game("giant", None, 0), max_nodes=60_000)
    assert calls[0] == (EARLY_PLAYOUT_SHARE * 60_000, 0)
    assert [first for _, first in calls[1:]] == [LATE_PLAYOUTS_FIRST]


def test_two_decks_of_whole_suits_give_the_rollouts_nine_tenths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Spider (four suits) seed 236: after the short search and the greedy playouts,
    # rollouts win it at 45,510 nodes, which nine tenths of an 80,000-node budget allow;
    # with half of it (other games' share) the rollouts stop short and the search after
    # them does not win it (it never won a deal the rollouts left in Spider's survey).
    state = new_game("spider", None, 236)
    found = solve(state, max_nodes=80_000)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 45_510)
    assert EARLY_SUITS_SHARE * 80_000 > found.nodes > EARLY_PLAYOUT_SHARE * 80_000
    assert_line_wins(state, found.moves)
    monkeypatch.setattr(search_module, "EARLY_SUITS_SHARE", EARLY_PLAYOUT_SHARE)
    assert solve(state, max_nodes=80_000).verdict is Verdict.UNKNOWN


def test_early_playouts_then_rollouts_win_and_end_the_search() -> None:
    # Spider with one suit, seed 6: the short search leaves it at 10,048 nodes (it looks
    # at its budget every 64), the first playouts win it 354 nodes later. Giant seed 1300:
    # the short search (10,048) and GREEDY_NODES of playouts (10,001) leave it, rollouts
    # win it 11,265 nodes later.
    for state, nodes in (
        (new_game("spider", ONE_SUIT, 6), EARLY_SEARCH_NODES + 48 + 354),
        (new_game("giant", None, 1300), 10_048 + 10_001 + 11_265),
    ):
        found = solve(state, max_nodes=100_000)
        assert (found.verdict, found.nodes) == (Verdict.WINNABLE, nodes)
        assert_line_wins(state, found.moves)


SARATOGA = {"three_card_deals": False, "king_only": True}


def test_rollouts_over_stock_moves_win_deals_the_plain_ones_do_not() -> None:
    # Saratoga seeds 140 and 154, which every search of the schedule left unknown at
    # 300,000 nodes before session 41: rollouts over stock moves (each waste card a move,
    # its deals included) win them at 1,414 and 1,455 nodes; rollouts that deal one card a
    # move do not within 60,000. Their lines replay from the deal, deals and all.
    for seed, nodes in ((140, 1_414), (154, 1_455)):
        state = new_game("saratoga", SARATOGA, seed)
        found = solve_by_rollouts(state, 60_000, None, stock=True)
        assert (found.verdict, found.nodes) == (Verdict.WINNABLE, nodes)
        assert_line_wins(state, found.moves)
        assert solve_by_rollouts(state, 60_000, None).verdict is Verdict.UNKNOWN


def test_stock_rollouts_where_the_stock_does_not_cycle_are_the_plain_ones() -> None:
    # Giant deals onto the tableau: no stock moves there, so ``stock`` changes nothing.
    state = new_game("giant", None, 1300)
    plain = solve_by_rollouts(state, 20_000, None)
    over_stock = solve_by_rollouts(state, 20_000, None, stock=True)
    assert (over_stock.verdict, over_stock.nodes, over_stock.moves) == (
        plain.verdict,
        plain.nodes,
        plain.moves,
    )


def test_a_stocks_schedule_hands_its_rollouts_stock_moves_where_it_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[bool, int]] = []

    class Asked(Exception):
        """Stops the schedule once it has asked (the phases after cost a minute)."""

    def fake(
        state: State, max_nodes: int, deadline: float | None, first: int = 0, stock: bool = False
    ) -> SolveResult:
        asked.append((stock, max_nodes))
        raise Asked

    monkeypatch.setattr(depth_first, "solve_by_playouts_then_rollouts", fake)
    state = new_game("saratoga", SARATOGA, 15)  # left unknown by the easy search
    with pytest.raises(Asked):
        depth_first.DepthFirst(state).run(100_000, None, None)
    assert asked == [(True, 5_000)]
    # Where the stock is never redealt: plain moves, and a fifth of the budget; all the rest
    # where the stock also deals nearly every card (Gold Mine's tableau starts empty).
    for game, seed, share in (("whitehead", 3, 20_000), ("gold_mine", 34, 90_000)):
        asked.clear()
        state = new_game(game, None, seed)  # left unknown by the easy search
        with pytest.raises(Asked):
            depth_first.DepthFirst(state).run(100_000, None, None)
        assert asked == [(False, share)]


def test_a_stock_deals_nearly_every_card_where_the_deal_leaves_a_card_a_pile_at_most() -> None:
    def dealt_by_stock(game: str) -> bool:
        state = new_game(game, None, 1)
        return depth_first.dealt_by_stock(depth_first.model_for(state.rules, state.base))

    assert dealt_by_stock("gold_mine")  # nothing dealt to the tableau
    assert dealt_by_stock("royal_east")  # one card a pile, spaces take any card
    assert not dealt_by_stock("whitehead")  # one to seven cards a pile
    assert not dealt_by_stock("kansas")  # a space is filled from the reserve


def test_where_the_stock_deals_nearly_every_card_rollouts_get_the_rest_of_the_budget() -> None:
    # Royal East seed 48, unknown at 300,000 nodes in its survey of session 55: the
    # rollouts after the easy search (20,000 nodes of 200,000) win it 158,473 nodes in,
    # past the 60,000 a fifth of the budget would have let them reach.
    state = new_game("royal_east", None, 48)
    found = solve(state, max_nodes=200_000)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 158_473)
    assert found.nodes > 200_000 * (depth_first.EASY_SHARE + depth_first.ONE_PASS_PLAYOUT_SHARE)
    assert_line_wins(state, found.moves)


def test_where_the_stock_is_dealt_once_plain_rollouts_win_what_stock_moves_do_not() -> None:
    # Gold Mine seed 51, unknown at 300,000 nodes in its survey before session 55: the
    # rollouts after the easy search (10,000 nodes of 100,000) win it over plain moves,
    # 10,866 nodes into their share (all the budget after the easy search, `dealt_by_stock`);
    # over stock moves they do not.
    state = new_game("gold_mine", None, 51)
    found = solve(state, max_nodes=100_000)
    assert (found.verdict, found.nodes) == (Verdict.WINNABLE, 20_914)
    assert_line_wins(state, found.moves)
    share = int(100_000 * depth_first.DEALT_BY_STOCK_PLAYOUT_SHARE)
    over_stock = rollouts.solve_by_playouts_then_rollouts(state, share, None, stock=True)
    assert over_stock.verdict is Verdict.UNKNOWN
