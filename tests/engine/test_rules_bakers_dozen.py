"""Baker's Dozen: every sentence of the Setup and Rules sections of specs/bakers_dozen.xml, as
positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.rules import PileKind

from .positions import allows, position, refuses

GAME = "bakers_dozen"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_four_foundations() -> None:
    """Foundations: "Four piles along the top, built up in suit from Ace to King." """
    assert len(new_game(GAME, seed=1).layout.foundations) == 4
    allows(position(GAME, t1="AH"), "t1>f1")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_thirteen_piles_of_four_kings_at_the_bottom() -> None:
    """Tableau: "Thirteen piles." "Each pile is dealt four cards face up." "Any King that lands
    on top of another card during the deal goes to the bottom of its pile, so no King starts out
    covering a lower card." """
    for seed in range(30):
        state = new_game(GAME, seed=seed)
        piles = [state.piles[t] for t in state.layout.tableau]
        assert [len(p) for p in piles] == [4] * 13
        assert all(c < FACE_DOWN for p in piles for c in p)
        for pile in piles:
            ranks = [RANK[c] for c in pile]
            kings = ranks.count(13)
            assert ranks[:kings] == [13] * kings  # every King under the other cards


def test_built_down_regardless_of_suit_one_card() -> None:
    """ "The Tableau is built down regardless of suit: the top card of a pile can go onto another
    pile whose top card is one rank higher." "Only one card can be moved at a time." """
    state = position(GAME, t1="9S", t2="3C 8S", t3="8D", t4="9H 8H", t5="7C")
    allows(state, "t2>t1", "t3>t1", "t4>t1")
    refuses(state, "t5>t1", "t4>t1x2")


def test_empty_pile_stays_empty() -> None:
    """ "An empty Tableau pile stays empty; no card may be moved into it." """
    state = position(GAME, t1="KS", t2="3C")
    refuses(state, "t1>t3", "t2>t3")


def test_foundations_play_back_and_double_click() -> None:
    """ "Foundations are built up in suit from Ace to King." "The top card of a Foundation stays
    in play and can be played back onto the Tableau." "Double-click a Tableau card to send it to
    its Foundation when that move is allowed." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D")
    allows(state, "t1>f1", "f1>t2")
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>f1"


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds and not state.layout.has_stock
    refuses(state, "deal")
