"""Deal shapes, determinism, golden deals, perft counts and golden playthroughs."""

from __future__ import annotations

import json

import pytest

from generator.check.golden import deal_codes, golden_dir, golden_files, perft, perft_table
from runtime.engine import DealCodeError, from_deal_code, game_ids, load_game, new_game
from runtime.engine.cards import FACE_DOWN, deck_cards
from runtime.engine.serialize import DealFormatError, state_from_json, state_json
from runtime.engine.shuffle import redeal_shuffle, shuffled_deck

from .conftest import option_sets

GOLDEN = golden_dir()


@pytest.mark.parametrize(("game_id", "options"), option_sets())
def test_deal_shape(game_id: str, options: dict[str, bool]) -> None:
    state = new_game(game_id, options, seed=11)
    rules, layout = state.rules, state.layout
    for t, (down, up) in zip(layout.tableau, rules.tableau_deal, strict=True):
        pile = state.piles[t]
        faces = [c >= FACE_DOWN for c in pile]
        if rules.tableau_face_rows:
            assert faces == list(rules.tableau_face_rows[: down + up])
        else:
            assert faces == [True] * down + [False] * up
    hidden = rules.reserve_face_down or (0,) * len(rules.reserve_deal)
    for r, count, down in zip(layout.reserves, rules.reserve_deal, hidden, strict=True):
        faces = [c >= FACE_DOWN for c in state.piles[r]]
        assert faces == [True] * down + [False] * (count - down)
    dealt = sum(d + u for d, u in rules.tableau_deal) + sum(rules.reserve_deal)
    foundation_cards = sum(len(state.piles[f]) for f in layout.foundations)
    aces = 4 * rules.decks if rules.aces_on_foundations else 0
    assert foundation_cards == (1 if rules.base_from_deal else 0) + aces
    stock = state.piles[layout.stock]
    assert len(stock) == 52 * rules.decks - dealt - foundation_cards
    assert all(c >= FACE_DOWN for c in stock)
    assert layout.waste < 0 or state.piles[layout.waste] == ()
    assert layout.has_stock == (len(stock) > 0)
    cards = sorted(c & ~FACE_DOWN for pile in state.piles for c in pile)
    assert cards == sorted(deck_cards(rules.decks, rules.suits))


def test_deals_follow_the_shuffle() -> None:
    """Cards come off the top of the shuffled deck, the tableau row by row."""
    state = new_game("saratoga", seed=5)
    deck = shuffled_deck(5)
    t = state.layout.tableau
    assert state.piles[t[0]][0] == deck[-1]  # row 1: t1..t7 take the first seven cards
    assert state.piles[t[6]][0] == deck[-7]
    assert state.piles[t[1]][1] == deck[-8]  # row 2 starts on t2


@pytest.mark.parametrize("game_id", game_ids())
def test_deal_is_deterministic(game_id: str) -> None:
    assert new_game(game_id, seed=42).key() == new_game(game_id, seed=42).key()
    assert new_game(game_id, seed=42).key() != new_game(game_id, seed=43).key()


def test_shuffle_is_pinned() -> None:
    """The documented shuffle: these numbers may never change, or every shared deal would."""
    assert shuffled_deck(0)[-5:] == [5, 47, 1, 22, 45]
    assert shuffled_deck(2**64 - 1)[-3:] == shuffled_deck(2**64 - 1)[-3:]
    with pytest.raises(ValueError):
        shuffled_deck(-1)


def test_golden_files_are_current() -> None:
    """Regenerate with ``helpdeck check GAME --update-golden`` after a deliberate change."""
    expected = golden_files()
    present = {p.name for p in GOLDEN.iterdir()}
    assert present == set(expected), "run helpdeck check --update-golden"
    for name in sorted(expected):
        if name == "perft.json":
            continue  # compared below, with a clearer message
        assert (GOLDEN / name).read_text() == expected[name], f"golden {name} changed"


def test_perft_counts() -> None:
    golden = json.loads((GOLDEN / "perft.json").read_text())
    assert set(golden) >= {"saratoga", "seahaven", "escalator", "lady_jane"}
    assert perft_table() == golden


def test_perft_counts_leaves() -> None:
    state = new_game("seahaven", seed=1)
    first = len(state.legal_moves())
    assert perft(state, 1) == (first, first)
    assert perft(state, 0) == (1, 1)


@pytest.mark.parametrize("code", deal_codes())
def test_deal_json_round_trip(code: str) -> None:
    state = from_deal_code(code)
    data = state_json(state)
    assert data["code"] == code
    assert json.loads(json.dumps(data)) == data
    again = state_from_json(data)
    assert again == state and again.key() == state.key()
    assert json.loads((GOLDEN / f"deal-{code}.json").read_text()) == data


def test_deal_json_refuses_bad_input() -> None:
    data = state_json(new_game("saratoga", seed=1))
    with pytest.raises(DealFormatError):
        state_from_json({**data, "format": "other/1"})
    with pytest.raises(DealFormatError):
        state_from_json({**data, "piles": data["piles"][1:]})
    with pytest.raises(DealFormatError):
        state_from_json({k: v for k, v in data.items() if k != "seed"})


@pytest.mark.parametrize("game_id", game_ids())
def test_deal_codes(game_id: str) -> None:
    game = load_game(game_id)
    state = new_game(game_id, seed=1234)
    code = state.deal_code
    assert code.startswith(f"{game_id}-1234")
    assert from_deal_code(code) == state
    if game.options:
        values = game.option_combinations()[0]
        if values == state.option_values:
            values = game.option_combinations()[-1]
        flipped = {o.id: v for o, v in zip(game.options, values, strict=True)}
        other = new_game(game_id, flipped, seed=1234)
        assert other.deal_code != code
        assert from_deal_code(other.deal_code).options == flipped
    with pytest.raises(DealCodeError):
        from_deal_code(f"{game_id}-x")
    with pytest.raises(DealCodeError):
        from_deal_code(f"{game_id}-1-{'2' * (len(game.options) or 1)}")


def test_a_shuffling_redeal_is_a_permutation_fixed_by_seed_and_cards() -> None:
    cards = [5, 17, 30, 44, 2, 9]
    first = redeal_shuffle(7, cards)
    assert sorted(first) == sorted(cards)
    assert redeal_shuffle(7, cards) == first  # undo/redo and saved games replay it
    assert redeal_shuffle(8, cards) != first or redeal_shuffle(9, cards) != first
