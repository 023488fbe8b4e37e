"""Gypsy: every sentence of the Setup and Rules sections of specs/gypsy.xml, as positions; and
its score."""

from __future__ import annotations

from collections import Counter

from runtime.engine import new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run

GAME = "gypsy"


def test_double_deck() -> None:
    """Type of Deck: "Double Deck" — every card twice, 104 in all."""
    state = new_game(GAME, seed=1)
    cards = Counter(c & ~FACE_DOWN for pile in state.piles for c in pile)
    assert sorted(cards) == list(range(52)) and set(cards.values()) == {2}


def test_stock_eighty_deals_to_tableau() -> None:
    """Stock: "Top left." "Holds the 80 cards left after the Tableau is dealt." "Each deal puts
    one card face up onto every Tableau pile." "No redeals." """
    state = new_game(GAME, seed=1)
    assert len(state.pile("s")) == 80 and state.redeals_left == 0
    dealt = after(state, "deal")
    assert all(
        len(dealt.piles[t]) == 4 and dealt.piles[t][-1] < FACE_DOWN for t in dealt.layout.tableau
    )


def test_eight_foundations() -> None:
    """Foundations: "Eight piles at top right, built up in suit from Ace to King." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 8
    allows(position(GAME, t1="AH"), "t1>f1", "t1>f8")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_eight_piles_two_down_one_up() -> None:
    """Tableau: "Eight piles." "The deal puts two cards face down and one card face up on each
    pile." """
    state = new_game(GAME, seed=1)
    faces = [[c >= FACE_DOWN for c in state.piles[t]] for t in state.layout.tableau]
    assert faces == [[True, True, False]] * 8


def test_built_down_alternating_builds_move() -> None:
    """ "The Tableau is built down in alternating colors." "Any build of cards can be moved as a
    unit." "When a face-down card is left on top of a pile, it is turned face up." """
    state = position(GAME, t1="9S", t2="##4C 8H 7C", t3="8C", t4="9H")
    allows(state, "t2>t1x2")
    refuses(state, "t3>t1", "t2>t4x2")
    assert pile_text(after(state, "t2>t1x2"), "t2") == "4C"


def test_empty_pile_takes_any_card_or_build() -> None:
    """ "An empty Tableau pile can be filled with any card or any build." """
    state = position(GAME, t1="2H 9C 8D", t3="KD 5S")
    allows(state, "t1>t2", "t1>t2x2", "t3>t2")


def test_deal_any_time_no_redeal() -> None:
    """ "Click the Stock to deal one card face up onto every Tableau pile." "You may deal whenever
    you like, even with empty piles on the table." "There is no redeal." """
    state = position(
        GAME, stock="##" + " ##".join(["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2 + ["7C"] * 2), t1="KS"
    )
    allows(state, "deal")
    dealt = after(state, "deal")
    assert [len(dealt.piles[t]) for t in dealt.layout.tableau] == [2, 1, 1, 1, 1, 1, 1, 1]
    refuses(dealt, "deal", "redeal")


def test_two_foundations_per_suit_play_back_double_click() -> None:
    """ "Foundations are built up in suit from Ace to King; with two decks, each suit fills two
    Foundations." "The top card of a Foundation stays in play and can be played back onto the
    Tableau." "Double-click a Tableau card to send it to a Foundation when that move is
    allowed." """
    state = position(GAME, f1="AC 2C", f2="AC", t1="3C", t2="2C", t3="3D")
    allows(state, "t1>f1", "t2>f2", "f1>t3")
    refuses(state, "t1>f2")
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>f1"
    assert state.move_text(foundation_move(state, state.layout.index["t2"]) or "") == "t2>f2"


def test_no_waste() -> None:
    """ "There is no Waste." """
    assert PileKind.WASTE not in new_game(GAME, seed=1).layout.kinds


def test_score() -> None:
    """Score: five per Foundation card, sixty more per full Foundation, two per face-up card on
    a card of the other colour one rank higher; 1000 when won."""
    state = position(GAME, f1=run("C", 1, 13), f2="AD", t1="9S 8H 7C", t2="##5H 4S")
    assert state.score == 14 * 5 + 60 + 2 * 2
    won = position(GAME, **{f"f{i + 1}": run("CDHS"[i % 4], 1, 13) for i in range(8)})
    assert won.is_won() and won.score == 1000 == won.rules.max_score
