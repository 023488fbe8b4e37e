"""Safe foundation moves with foundation play-back (`model._safe_needs`): what they wait
for, and that they never change a verdict (against a brute force that has no safe moves)."""

from __future__ import annotations

import dataclasses

import pytest

from runtime.engine import new_game
from runtime.engine.cards import DECK_SIZE, FACE_DOWN, RANK, parse_card
from runtime.engine.catalog import game_ids
from runtime.solver import Verdict, solve
from runtime.solver.cells import CellsSearch
from runtime.solver.model import model_for
from tests.solver.positions import assert_line_wins, brute_force, small_position


def needs(game: str) -> tuple[tuple[int, ...] | None, ...]:
    state = new_game(game, None, 0)
    assert state.rules.foundation_play_back
    return model_for(state.rules, state.base).safe_needs


def test_building_in_suit_every_foundation_move_is_safe() -> None:
    # Seahaven: a card needs only the cards below it on its own foundation, which a
    # foundation move needs anyway; cards played back could only host their own suit.
    for card, need in enumerate(needs("seahaven")):
        assert need is not None
        assert all(u // 13 == card // 13 and RANK[u] < RANK[card] for u in need)


def test_alternating_colours_wait_for_the_closure_only() -> None:
    need = needs("saratoga")[parse_card("5C")]
    assert need is not None
    # The red 4s (hosts for nothing home that could come back), the black 3s that build
    # on them, ... and every card below those on its foundation.
    assert {parse_card(c) for c in ("4D", "4H", "3S", "3C", "2D", "2H", "AS")} <= set(need)
    assert parse_card("4S") not in need  # builds on no card 5C could ever host
    assert all(RANK[u] < RANK[parse_card("5C")] for u in need)


SEEDS = [("saratoga", 12, seed) for seed in range(30, 50)]


@pytest.mark.parametrize(("game", "size", "seed"), SEEDS)
def test_safe_moves_keep_the_brute_force_verdict(game: str, size: int, seed: int) -> None:
    state = small_position(game, seed, size)
    expected = brute_force(state, 60_000)
    if expected is None:
        pytest.skip("too big for the brute force")
    want = Verdict.WINNABLE if expected else Verdict.UNWINNABLE
    assert solve(state).verdict is want
    assert solve(state, best_first=False).verdict is want


def without_safe_moves(game: str) -> CellsSearch:
    """The free-cell search with no foundation move played automatically (a referee:
    Seahaven's positions are too many for the brute force, which has no symmetry)."""
    state = new_game(game, None, 0)
    model = model_for(state.rules, state.base)
    return CellsSearch(dataclasses.replace(model, safe_needs=(None,) * DECK_SIZE))


def test_seahaven_safe_moves_keep_the_verdict_of_a_search_without_them() -> None:
    referee = without_safe_moves("seahaven")
    verdicts = []
    for seed in range(60):
        state = small_position("seahaven", seed, 24)
        state.piles = tuple(tuple(c & ~FACE_DOWN for c in p) for p in state.piles)
        expected = referee.solve(state.piles, 300_000, None, set(), False).won
        assert expected is not None
        result = solve(state)
        assert result.verdict is (Verdict.WINNABLE if expected else Verdict.UNWINNABLE), seed
        verdicts.append(expected)
    assert set(verdicts) == {True, False}
    for seed in range(10):
        state = new_game("seahaven", None, seed)
        expected = referee.solve(state.piles, 100_000, None, set(), False).won
        if expected is not None:
            want = Verdict.WINNABLE if expected else Verdict.UNWINNABLE
            assert solve(state).verdict is want, seed


SHUFFLED_REDEALS = [g for g in game_ids() if new_game(g, None, 0).rules.redeal_shuffles]


@pytest.mark.parametrize("game", SHUFFLED_REDEALS)
def test_no_move_is_automatic_where_a_redeal_shuffles(game: str) -> None:
    """A redeal that gathers and shuffles the cards left out is seeded by those cards, so
    sending a card home changes the next stock: never automatic (a search that did so
    called winnable Scuffle deals unwinnable)."""
    state = new_game(game, None, 0)
    assert model_for(state.rules, state.base).safe_needs == (None,) * DECK_SIZE
    won = [solve(new_game(game, None, seed), max_nodes=20_000).verdict for seed in range(6)]
    assert Verdict.WINNABLE in won


def test_some_game_shuffles_on_a_redeal() -> None:
    assert SHUFFLED_REDEALS  # the test above checks something


BY_RANK = ["auld_lang_syne", "sir_tommy", "bristol"]  # foundations build whatever the suit


def test_by_rank_games_are_the_ones_with_several_foundation_hosts() -> None:
    for game in game_ids():
        state = new_game(game, None, 0)
        model = model_for(state.rules, state.base)
        several = any(len(hosts) > 1 for hosts in model.foundation_hosts)
        automatic = any(need is not None for need in model.safe_needs)
        assert (several and automatic) == (game in BY_RANK), game


def test_a_card_waits_while_its_rank_has_more_cards_out_than_places() -> None:
    # Auld Lang Syne: the Kings of hearts and of clubs are both on top and the Queen of
    # hearts can go home; once she has, one foundation takes a King. The King of clubs
    # must take it (the 10 of diamonds beneath it is wanted), so sending the King of hearts
    # home at once, as a safe move, lost this position, which brute force wins.
    state = small_position("auld_lang_syne", 3, 12)
    assert brute_force(state, 60_000) is True
    result = solve(state)
    assert result.verdict is Verdict.WINNABLE
    assert_line_wins(state, result.moves)


@pytest.mark.parametrize("game", BY_RANK)
def test_by_rank_safe_moves_keep_the_brute_force_verdict(game: str) -> None:
    verdicts = []
    for seed in range(30):
        state = small_position(game, seed, 12)
        expected = brute_force(state, 60_000)
        if expected is None:
            continue
        want = Verdict.WINNABLE if expected else Verdict.UNWINNABLE
        assert solve(state, max_nodes=200_000).verdict is want, seed
        verdicts.append(expected)
    assert len(verdicts) >= 20 and True in verdicts
