"""Athena: every sentence of the Setup and Rules sections of specs/athena.xml, as positions."""

from __future__ import annotations

import json

from runtime.engine import new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind
from runtime.engine.serialize import state_from_json, state_json

from .positions import after, allows, pile_text, position, refuses

GAME = "athena"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_and_waste() -> None:
    """Stock: "Top left." "Holds the 24 cards left over after the Tableau is dealt." "Cards are
    turned onto the Waste one at a time." "Two redeals." Waste: "Beside the Stock." "Its top
    card is available for play." """
    state = new_game(GAME, seed=1)
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)
    assert len(state.pile("s")) == 24 and state.redeals_left == 2
    dealt = position(GAME, stock="##4C ##9H", waste="KD")
    assert pile_text(after(dealt, "deal"), "waste") == "KD 9H"
    played = position(GAME, waste="5D 9C", t1="10H", t2="6S")
    allows(played, "w>t1")
    refuses(played, "w>t2")


def test_four_foundations() -> None:
    """Foundations: "Four piles at top right, built up in suit from Ace to King." """
    assert len(new_game(GAME, seed=1).layout.foundations) == 4
    allows(position(GAME, t1="AH"), "t1>f1")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_rows_down_up_down_up() -> None:
    """Tableau: "Seven piles of four cards, dealt in four rows across all the piles." "The first
    and third rows are face down; the second and fourth rows are face up." "Each pile therefore
    reads, from the bottom: hidden, showing, hidden, showing." """
    state = new_game(GAME, seed=1)
    for t in state.layout.tableau:
        assert [c >= FACE_DOWN for c in state.piles[t]] == [True, False, True, False]
    # The deal JSON says where the face-down cards are, and reads back.
    data = state_json(state)
    pile = next(p for p in data["piles"] if p["name"] == "t1")
    assert pile["face_down"] == 2 and pile["face_down_at"] == [0, 2]
    assert state_from_json(json.loads(json.dumps(data))) == state


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors." """
    state = position(GAME, t1="8S", t2="7H", t3="7C")
    allows(state, "t2>t1")
    refuses(state, "t3>t1")


def test_builds_move_and_face_down_turns_up() -> None:
    """ "Any build of cards can be moved as a unit." "When a face-down card is left on top of a
    pile, it is turned face up." """
    state = position(GAME, t1="8D", t2="##4C 8H ##2D 7C")
    refuses(state, "t2>t1x2")  # a face-down card is not part of a build
    played = after(state, "t2>t1")
    assert pile_text(played, "t2") == "##4C 8H 2D"
    showing = position(GAME, t1="9S", t2="##4C 8H 7C")
    assert pile_text(after(showing, "t2>t1x2"), "t2") == "4C"


def test_empty_pile_takes_king_build() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a build that starts with a
    King." """
    state = position(GAME, t1="2H KD QC", t2="4C QH")
    allows(state, "t1>t3x2")
    refuses(state, "t1>t3", "t2>t3")


def test_stock_to_waste_and_redeal() -> None:
    """ "Cards are turned from the Stock onto the Waste one at a time, and the top card of the
    Waste is in play." "When the Stock runs out, turn the Waste over, in the same order, to make
    a new Stock." "You may go through the deck three times." """
    state = position(GAME, stock="##2S", waste="4C 9H", t1="3D", redeals_left=2)
    allows(after(state, "deal"), "w>t1")
    turned = after(state, "deal", "redeal")
    assert pile_text(turned, "stock") == "##2S ##9H ##4C"
    assert after(turned, "deal", "deal", "deal", "redeal").redeals_left == 0


def test_foundations_play_back_and_double_click() -> None:
    """ "Foundations are built up in suit from Ace to King." "The top card of a Foundation stays
    in play and can be played back onto the Tableau." "Double-click a card to send it to its
    Foundation when that move is allowed." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D")
    allows(state, "t1>f1", "f1>t2")
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>f1"
    assert foundation_move(state, state.layout.index["t2"]) is None
