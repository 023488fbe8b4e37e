"""Beleaguered Castle: every sentence of the Setup and Rules sections of
specs/beleaguered_castle.xml, as positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.rules import PileKind
from runtime.engine.shuffle import shuffled_deck

from .positions import after, allows, position, refuses

GAME = "beleaguered_castle"
ACES = {"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS"}


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_aces_start_on_the_foundations() -> None:
    """Foundations: "Four piles in a column in the middle." "The four Aces are taken out of the
    deck before it is shuffled and start on the Foundations, one Ace on each." """
    state = new_game(GAME, seed=5)
    assert [[RANK[c] for c in state.piles[f]] for f in state.layout.foundations] == [[1]] * 4
    deck = shuffled_deck(5, [c for c in range(52) if RANK[c] != 1])
    assert state.piles[state.layout.tableau[0]][0] == deck[-1]  # the 48 others, shuffled
    assert state.score == 0


def test_eight_piles_of_six_face_up() -> None:
    """Tableau: "Eight piles, four on each side of the Foundations, spread sideways so every card
    shows." "Six cards are dealt face up on each pile." """
    state = new_game(GAME, seed=1)
    assert [len(state.piles[t]) for t in state.layout.tableau] == [6] * 8
    assert all(c < FACE_DOWN for t in state.layout.tableau for c in state.piles[t])


def test_built_down_regardless_of_suit_one_card() -> None:
    """ "The Tableau is built down regardless of suit." "Only one card can be moved at a time:
    the outermost card of a pile." """
    state = position(GAME, **ACES, t1="9S", t2="3C 8D", t3="9H 8H", t4="7C")
    allows(state, "t2>t1", "t3>t1")
    refuses(state, "t4>t1", "t3>t1x2")


def test_empty_pile_takes_any_card() -> None:
    """ "An empty Tableau pile can be filled with any card." """
    allows(position(GAME, **ACES, t1="5D 3C"), "t1>t2")


def test_foundations_play_back_but_aces_stay() -> None:
    """ "Foundations are built up in suit from Ace to King." "The top card of a Foundation stays
    in play and can be played back onto the Tableau, but the Aces never leave the Foundations."
    "Double-click a Tableau card to send it to its Foundation when that move is allowed." """
    state = position(GAME, **{**ACES, "f1": "AC 2C"}, t1="3C", t2="3D", t3="2H")
    allows(state, "t1>f1", "f1>t2", "t3>f3")
    refuses(state, "f2>t2", "f3>t1", "f4>t1")
    assert state.score == 1
    assert after(state, "t1>f1").score == 2
    assert state.move_text(foundation_move(state, state.layout.index["t3"]) or "") == "t3>f3"


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds and not state.layout.has_stock
    refuses(state, "deal")
