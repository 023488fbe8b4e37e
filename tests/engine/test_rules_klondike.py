"""Klondike: every sentence of the Setup and Rules sections of specs/klondike.xml, as
positions; and its four exclusive deal options."""

from __future__ import annotations

import pytest

from runtime.engine import from_deal_code, load_game, new_game
from runtime.engine.assist import foundation_move, send_up_moves
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses

GAME = "klondike"
THREE = {"three_card_deals": True}


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_and_waste() -> None:
    """Stock: "Top left." "Holds the 24 cards left over after the Tableau is dealt." Waste:
    "Beside the Stock." "Starts empty; its top card is available for play." """
    state = new_game(GAME, seed=1)
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)
    assert len(state.pile("s")) == 24 and all(c >= FACE_DOWN for c in state.pile("s"))
    assert state.pile("w") == ()
    played = position(GAME, waste="5D 9C", t1="10H", t2="6S")
    allows(played, "w>t1")
    refuses(played, "w>t2")


def test_stock_turns_one_card_two_redeals() -> None:
    """Stock: "Cards are turned onto the Waste one at a time." "Two redeals." """
    state = position(GAME, stock="##4C ##9H", waste="KD")
    assert pile_text(after(state, "deal"), "waste") == "KD 9H"
    assert new_game(GAME, seed=1).redeals_left == 2
    refuses(position(GAME, waste="4C", redeals_left=0), "redeal")


def test_four_foundations() -> None:
    """Foundations: "Four piles at top right, built up in suit from Ace to King." """
    assert len(new_game(GAME, seed=1).layout.foundations) == 4
    allows(position(GAME, t1="AH"), "t1>f1")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_seven_piles_top_card_face_up() -> None:
    """Tableau: "Seven piles." "The first pile gets one card, the second two, and so on up to
    seven cards in the last pile." "Only the top card of each pile is face up." """
    state = new_game(GAME, seed=1)
    piles = [state.piles[t] for t in state.layout.tableau]
    assert [len(p) for p in piles] == [1, 2, 3, 4, 5, 6, 7]
    assert all(p[-1] < FACE_DOWN and all(c >= FACE_DOWN for c in p[:-1]) for p in piles)


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors: a red Seven goes on a black Eight, a
    black Six on a red Seven." """
    state = position(GAME, t1="8S", t2="7H", t3="7C", t4="6C", t5="7D")
    allows(state, "t2>t1", "t4>t2", "t4>t5")
    refuses(state, "t3>t1", "t4>t1")


def test_builds_move_as_a_unit() -> None:
    """ "Any build of cards can be moved as a unit, as long as its lowest card fits where it
    lands." """
    state = position(GAME, t1="9S", t2="##4C 8H 7C 6D", t3="8C")
    allows(state, "t2>t1x3")
    refuses(state, "t2>t3x2", "t2>t1x2")


def test_face_down_card_turns_up() -> None:
    """ "When a face-down card is left on top of a pile, it is turned face up." """
    state = position(GAME, t1="##4C 8H", t2="9S")
    assert pile_text(after(state, "t1>t2"), "t1") == "4C"


def test_empty_pile_takes_king_build() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a build that starts with a
    King." """
    state = position(GAME, t1="2H KD QC", t2="4C QH", waste="KS")
    allows(state, "t1>t3x2", "w>t3")
    refuses(state, "t1>t3", "t2>t3")


def test_click_stock_waste_to_tableau_or_foundation() -> None:
    """ "Click the Stock to turn its top card face up onto the Waste." "The top card of the Waste
    can be played onto the Tableau or a Foundation." """
    state = position(GAME, stock="##AD", t1="2S")
    played = after(state, "deal")
    assert pile_text(played, "waste") == "AD"
    allows(played, "w>f1", "w>t1")


def test_redeal_keeps_order_three_passes() -> None:
    """ "When the Stock runs out, click it again to turn the whole Waste back over, in the same
    order, as a new Stock." "You may go through the deck three times." """
    state = position(GAME, waste="4C 9H KD", redeals_left=2)
    turned = after(state, "redeal")
    assert pile_text(turned, "stock") == "##KD ##9H ##4C"
    assert pile_text(after(turned, "deal"), "waste") == "4C"
    assert turned.redeals_left == 1
    assert after(turned, "deal", "deal", "deal", "redeal").redeals_left == 0


def test_foundations_play_back() -> None:
    """ "Foundations are built up in suit from Ace to King." "The top card of a Foundation stays
    in play and can be played back onto the Tableau when you need it there." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D", t3="3H")
    allows(state, "t1>f1", "f1>t2", "f1>t3")
    refuses(state, "t2>f1")


def test_double_clicks() -> None:
    """ "Double-click a card on the Tableau or the Waste to send it to its Foundation when it
    fits there." "Double-click a Foundation to send up every card that can go, which saves
    clicks at the end of a game." """
    state = position(GAME, t1="3C 2C", waste="AC", t2="5D", f2="AH")
    waste = state.layout.index["w"]
    assert state.move_text(foundation_move(state, waste) or "") == "w>f1"
    assert foundation_move(state, state.layout.index["t1"]) is None
    assert [state.move_text(m) for m in send_up_moves(state)] == ["w>f1", "t1>f1", "t1>f1"]


# -- Options: one group, exactly one on ---------------------------------------------------


def test_options_are_one_exclusive_group() -> None:
    game = load_game(GAME)
    assert {o.group for o in game.options} == {"deal"}
    assert len(game.rules_by_options) == 4
    three = new_game(GAME, THREE, seed=3)
    assert three.options == {
        "three_card_deals": True,
        "single_card_deals": False,
        "no_redeals": False,
        "unlimited_redeals": False,
    }
    assert three.deal_code == "klondike-3-1000"
    assert from_deal_code("klondike-3-0010").options["no_redeals"] is True
    with pytest.raises(ValueError):
        from_deal_code("klondike-3-1100")
    with pytest.raises(ValueError):
        new_game(GAME, {"single_card_deals": False}, seed=3)


def test_option_effects() -> None:
    three = position(GAME, THREE, stock="##4C ##9H ##KD ##2S")
    assert pile_text(after(three, "deal"), "waste") == "2S KD 9H"
    assert new_game(GAME, THREE, seed=1).redeals_left == -1
    assert new_game(GAME, {"no_redeals": True}, seed=1).redeals_left == 0
    assert new_game(GAME, {"unlimited_redeals": True}, seed=1).redeals_left == -1
    assert new_game(GAME, {"unlimited_redeals": True}, seed=1).rules.stock_draw == 1
