"""Yukon: every sentence of the Setup and Rules sections of specs/yukon.xml, as positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses

GAME = "yukon"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_four_foundations() -> None:
    """Foundations: "Four piles on the left, built up in suit from Ace to King." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 4
    allows(position(GAME, t1="AH"), "t1>f1")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_seven_piles_staircase_topped_by_five() -> None:
    """Tableau: "Seven piles holding the whole deck." "The first pile is a single face-up card."
    "The other six piles start with a staircase of face-down cards, one in the second pile, two
    in the third and so on up to six in the seventh, and each of them is topped by five face-up
    cards." """
    state = new_game(GAME, seed=1)
    piles = [state.piles[t] for t in state.layout.tableau]
    assert [sum(c >= FACE_DOWN for c in p) for p in piles] == [0, 1, 2, 3, 4, 5, 6]
    assert [sum(c < FACE_DOWN for c in p) for p in piles] == [1, 5, 5, 5, 5, 5, 5]
    assert sum(len(p) for p in piles) == 52 and state.layout.has_stock is False


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors." """
    state = position(GAME, t1="9S", t2="8H", t3="8C", t4="7H")
    allows(state, "t2>t1")
    refuses(state, "t3>t1", "t4>t1")


def test_any_face_up_group_moves() -> None:
    """ "Any number of cards can be moved at once: pick up any face-up card and every card above
    it comes along, whether or not those cards are in order." "Only the card you place needs to
    fit, one rank below a card of the other color." """
    state = position(GAME, t1="##4C 8H 2S KD 5C", t2="9S", t3="9H")
    allows(state, "t1>t2x4")  # 8H fits on 9S; 2S KD 5C come along out of order
    refuses(state, "t1>t3x4", "t1>t2x5", "t1>t2x3")
    assert pile_text(after(state, "t1>t2x4"), "t2") == "9S 8H 2S KD 5C"


def test_face_down_card_turns_up() -> None:
    """ "When a face-down card is left on top of a pile, it is turned face up." """
    state = position(GAME, t1="##4C 8H", t2="9S")
    assert pile_text(after(state, "t1>t2"), "t1") == "4C"


def test_empty_pile_takes_king_group() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a group whose bottom card is
    a King." """
    state = position(GAME, t1="2H KD 3S 9C", t2="4C QH")
    allows(state, "t1>t3x3")
    refuses(state, "t1>t3", "t1>t3x2", "t2>t3")


def test_foundations_out_of_play() -> None:
    """ "Foundations are built up in suit from Ace to King." "Cards on the Foundations are out
    of play." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D", t3="3H")
    allows(state, "t1>f1")
    refuses(state, "t2>f1", "f1>t2", "f1>t3")


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds
    refuses(state, "deal", "redeal")
