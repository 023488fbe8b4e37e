"""Scorpion: every sentence of the Setup and Rules sections of specs/scorpion.xml, as
positions; and its goal and score."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run

GAME = "scorpion"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_holds_three() -> None:
    """Stock: "Top left." "Holds the last three cards, kept back from the deal." """
    state = new_game(GAME, seed=1)
    assert state.layout.names[0] == "s" and len(state.pile("s")) == 3


def test_seven_piles_of_seven() -> None:
    """Tableau: "Seven piles of seven cards, to the right of the Stock." "In the first four
    piles the bottom three cards are face down and the top four face up." "The last three piles
    are dealt entirely face up." """
    state = new_game(GAME, seed=1)
    faces = [[c >= FACE_DOWN for c in state.piles[t]] for t in state.layout.tableau]
    assert faces == [[True] * 3 + [False] * 4] * 4 + [[False] * 7] * 3


def test_built_down_in_suit_any_face_up_group() -> None:
    """ "The Tableau is built down in suit." "Any number of cards can be moved at once: pick up
    any face-up card and all the cards on top of it go along, in order or not." "Only the card
    you pick up has to fit, one rank below the top card of the same suit on the pile it lands
    on." """
    state = position(GAME, t1="9S", t2="##4C 8S 2H KD", t3="8H", t4="9H")
    allows(state, "t2>t1x3", "t3>t4")
    refuses(state, "t3>t1", "t2>t4x3", "t2>t1x2", "t2>t1")
    assert pile_text(after(state, "t2>t1x3"), "t1") == "9S 8S 2H KD"


def test_face_down_card_turns_up() -> None:
    """ "When a face-down card is left on top of a pile, it is turned face up." """
    state = position(GAME, t1="9S", t2="##4C 8S 2H")
    assert pile_text(after(state, "t2>t1x2"), "t2") == "4C"


def test_empty_pile_takes_king_group() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a group whose bottom card is a
    King." """
    state = position(GAME, t1="2H KD 3S 9C", t2="4C QH")
    allows(state, "t1>t3x3")
    refuses(state, "t1>t3", "t2>t3")


def test_stock_deals_onto_first_three_no_redeal() -> None:
    """ "Click the Stock at any time to deal its three cards face up, one onto each of the first
    three Tableau piles." "There is no redeal." """
    state = position(GAME, stock="##4C ##9H ##KD", t1="2S", t3="5D", t4="6D")
    allows(state, "deal")  # even with the second pile empty
    dealt = after(state, "deal")
    assert [pile_text(dealt, t) for t in ("t1", "t2", "t3", "t4")] == ["2S KD", "9H", "5D 4C", "6D"]
    assert dealt.pile("s") == ()
    refuses(dealt, "deal", "redeal")


def test_no_foundations_no_waste() -> None:
    """ "There are no Foundations and there is no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.FOUNDATION not in state.layout.kinds
    assert PileKind.WASTE not in state.layout.kinds


def test_goal_four_suits_in_the_tableau_and_score() -> None:
    """Goal: four one-suit piles, King to Ace. Score: one per card on the next higher card of its
    suit, four per finished pile, three per face-down card turned over; at most 100."""
    suits = {f"t{i + 1}": run(s, 13, 1) for i, s in enumerate("CDHS")}
    won = position(GAME, **suits)
    assert won.is_won() and won.legal_moves() == []
    assert won.score == 48 + 16 + 36 == won.rules.max_score
    almost = position(GAME, **{**suits, "t4": run("S", 13, 2)}, t5="AS")
    assert not almost.is_won()
    assert after(almost, "t5>t4").is_won()
    fresh = position(GAME, t1="##4C ##5C ##6C 9S 8S", t2="2H")
    assert fresh.score == 1 + 3 * 9  # 9S-8S; nine of the twelve dealt face-down cards are gone
