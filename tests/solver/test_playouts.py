"""Greedy playouts: wins where no search gets far, never a proof, every game's rules scored,
and the depth-first search that hands them part of what it leaves."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.engine.cards import parse_card
from runtime.engine.catalog import game_ids
from runtime.engine.moves import Move, MoveKind
from runtime.solver import Verdict, solve
from runtime.solver import search as search_module
from runtime.solver.model import model_for
from runtime.solver.native import depth_first_module
from runtime.solver.playouts import (
    BURIES,
    HOME,
    HOME_PROGRESS,
    NOISE,
    RUN_PROGRESS,
    SOONER,
    Playouts,
    home_order,
    solve_by_playouts,
)
from runtime.solver.rollouts import solve_by_rollouts
from runtime.solver.search import LATE_PLAYOUTS_FIRST
from tests.solver.positions import assert_line_wins

ONE_SUIT = {"one_suit": True, "four_suits": False, "two_suits": False}


def test_playouts_win_deals_the_depth_first_search_does_not_reach() -> None:
    # Spider with one suit, seeds 6 and 0: the depth-first search is nowhere near a win at
    # 20,000 nodes; playouts win them at 354 and 5,349, with lines that replay.
    for seed, nodes in ((6, 354), (0, 5_349)):
        state = new_game("spider", ONE_SUIT, seed)
        assert depth_first_module().DepthFirst(state).run(20_000, None, None).verdict is (
            Verdict.UNKNOWN
        )
        found = solve_by_playouts(state, 20_000, None)
        assert (found.verdict, found.nodes) == (Verdict.WINNABLE, nodes)
        assert_line_wins(state, found.moves)
        again = solve_by_playouts(state, 20_000, None)  # seeded: the same on any machine
        assert (again.nodes, again.moves) == (found.nodes, found.moves)


def test_progress_counts_cards_home_cards_turned_up_and_runs() -> None:
    state = new_game("giant", None, 2)
    scorer = Playouts(model_for(state.rules, state.base))
    start = scorer.progress(state.piles)
    found = solve_by_rollouts(state, 60_000, None)
    assert found.verdict is Verdict.WINNABLE
    for move in found.moves:
        state.play(move)
    assert scorer.progress(state.piles) == HOME_PROGRESS * 104 > start  # all home, none down
    # A run counts one a card: the Five of Hearts on the Six of Spades (alternate colours)
    # against the Five on the Six of Hearts.
    piles = [()] * len(state.piles)
    t0 = min(scorer.tableau)
    piles[t0] = (parse_card("6S"), parse_card("5H"))
    run = scorer.progress(tuple(piles))
    piles[t0] = (parse_card("6H"), parse_card("5H"))
    assert run == scorer.progress(tuple(piles)) + RUN_PROGRESS


def test_playouts_never_prove_a_deal_lost() -> None:
    # Lady Jane seed 25 is lost (the depth-first search exhausts it in 3,761 nodes).
    state = new_game("lady_jane", None, 25)
    found = solve_by_playouts(state, 5_000, None)
    assert found.verdict is Verdict.UNKNOWN and 5_000 <= found.nodes < 5_000 + 100


@pytest.mark.parametrize("game_id", game_ids())
def test_every_games_moves_are_scored_and_a_win_replays(game_id: str) -> None:
    state = new_game(game_id, None, 3)
    scorer = Playouts(model_for(state.rules, state.base))
    for move in state.legal_moves():
        value = scorer.score(state.piles, move)
        if move.kind is MoveKind.TRANSFER and move.dst in scorer.home:
            assert value >= HOME - 100  # going home outweighs any penalty but play-back's
    found = solve_by_playouts(state, 1_000, None)
    assert found.verdict in (Verdict.WINNABLE, Verdict.UNKNOWN)
    if found.verdict is Verdict.WINNABLE:
        assert_line_wins(state, found.moves)


def test_home_reveals_and_broken_runs_rank_as_a_player_would() -> None:
    # Spider with one suit: from the deal, a move that turns a card up outranks one that
    # does not (both build), and a deal comes after any move that turns a card up.
    state = new_game("spider", ONE_SUIT, 9)
    scorer = Playouts(model_for(state.rules, state.base))
    piles = state.piles
    scored = {move: scorer.score(piles, move) for move in state.legal_moves()}
    reveals = [m for m in scored if m.kind is MoveKind.TRANSFER and len(piles[m.src]) > m.size]
    assert reveals, "the deal has no move off a face-down card"
    deal = [m for m in scored if m.kind is MoveKind.DEAL]
    assert all(scored[m] - NOISE > scored[d] for m in reveals for d in deal)


def test_home_order_counts_the_cards_that_go_home_before() -> None:
    klondike = new_game("klondike", None, 0)
    order = home_order(model_for(klondike.rules, klondike.base))
    cards = [parse_card(text) for text in ("AC", "2C", "KC", "AD", "KS")]
    assert [order[c] for c in cards] == [0, 1, 12, 0, 12]
    # Royal East builds up from the dealt base (a Three here), wrapping from King to Ace.
    royal = new_game("royal_east", None, 0)
    assert royal.base == 3
    order = home_order(model_for(royal.rules, royal.base))
    cards = [parse_card(text) for text in ("3C", "KC", "AC", "2C")]
    assert [order[c] for c in cards] == [0, 10, 11, 12]
    # Spider's foundations take whole suits, not cards one by one.
    spider = new_game("spider", None, 0)
    assert set(home_order(model_for(spider.rules, spider.base))) == {52}


def test_a_reserve_that_stacks_any_card_prefers_cards_that_go_home_sooner_on_top() -> None:
    # Sir Tommy: the Waste's Five of Clubs onto a Reserve over the Seven of Clubs (home two
    # cards after it), over the King of Diamonds (eight after), onto the Three of Diamonds
    # (home before it: buried), or into an empty Reserve.
    state = new_game("sir_tommy", None, 0)
    model = model_for(state.rules, state.base)
    waste, r0 = model.layout.waste, model.r0
    piles = list(state.piles)
    piles[waste] = (parse_card("5C"),)
    piles[r0 : r0 + 4] = [(parse_card(text),) for text in ("7C", "KD", "3D")] + [()]
    scorer = Playouts(model)
    scores = [scorer.score(tuple(piles), Move.transfer(waste, r0 + i)) for i in range(4)]
    assert scores == [1 + SOONER * 11 // 13, 1 + SOONER * 5 // 13, 1 + BURIES, 1]


# One deck, where a search seldom ends: Spider's foundations (Will o' the Wisp seed 0), or
# reserves that stack any card, each card's pile the player's choice (Sir Tommy seed 1).
# Playouts and rollouts after the short search win them; the search alone does not on the
# same budget.
EARLY_ONE_DECK = [("will_o_the_wisp", 0, 80_000, 28_423), ("sir_tommy", 1, 60_000, 25_843)]


@pytest.mark.parametrize(("game", "seed", "budget", "nodes"), EARLY_ONE_DECK)
def test_one_deck_games_no_search_ends_get_early_rollouts(
    game: str, seed: int, budget: int, nodes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_game(game, None, seed)
    found = solve(state, max_nodes=budget)
    assert found.verdict is Verdict.WINNABLE and found.nodes == nodes
    assert_line_wins(state, found.moves)
    monkeypatch.setattr(search_module, "_early_playouts", lambda rules: False)
    assert solve(state, max_nodes=budget).verdict is Verdict.UNKNOWN


def test_playouts_from_another_first_seed_are_other_playouts() -> None:
    state = new_game("spider", ONE_SUIT, 9)
    first = solve_by_playouts(state, 20_000, None)
    other = solve_by_playouts(state, 20_000, None, LATE_PLAYOUTS_FIRST)
    assert (first.nodes, first.moves) != (other.nodes, other.moves)


def test_a_cycling_stock_tries_playouts_after_the_easy_search() -> None:
    # Saratoga's default options, seeds 10 and 30: playouts right after the easy search's
    # 30,000 nodes win them.
    options = {"three_card_deals": False, "king_only": True}
    for seed in (10, 30):
        state = new_game("saratoga", options, seed)
        found = solve(state, max_nodes=300_000)
        assert found.verdict is Verdict.WINNABLE and 30_000 < found.nodes < 30_000 + 1_500
        assert_line_wins(state, found.moves)
