"""Canfield: every sentence of the Setup and Rules sections of specs/canfield.xml, as
positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses

GAME = "canfield"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_three_at_a_time_unlimited() -> None:
    """Stock: "Top left." "Holds the 34 cards left after the deal." "Cards are turned onto the
    Waste three at a time." "Unlimited redeals." Waste: "Just right of the Stock." "Its top card
    is available for play." """
    state = new_game(GAME, seed=1)
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)
    assert len(state.pile("s")) == 34 and state.redeals_left == -1
    dealt = position(GAME, base="A", stock="##4C ##9H ##KD ##2S")
    assert pile_text(after(dealt, "deal"), "waste") == "2S KD 9H"


def test_foundation_base_card() -> None:
    """Foundations: "Four piles at top right." "After the Reserve and the Tableau are dealt, one
    more card is dealt face up to the first Foundation; its rank is the base card for all four
    Foundations." """
    for seed in range(10):
        state = new_game(GAME, seed=seed)
        base = state.piles[state.layout.foundations[0]]
        assert len(base) == 1 and RANK[base[0]] == state.base
    state = position(GAME, base="7", f1="7C", t1="7H", t2="8C", t3="AD")
    allows(state, "t1>f2", "t2>f1")
    refuses(state, "t3>f2")


def test_reserve_of_thirteen_top_card_up() -> None:
    """Reserve: "One pile below the Stock, dealt thirteen cards." "Only its top card is face up,
    and that card can be played onto the Foundations or the Tableau." """
    state = new_game(GAME, seed=1)
    reserve = state.pile("r1")
    assert len(reserve) == 13
    assert [c >= FACE_DOWN for c in reserve] == [True] * 12 + [False]
    played = position(GAME, base="A", r1="##5S 9H", t1="10S", t2="2D", f1="AC")
    allows(played, "r1>t1")
    allows(position(GAME, base="A", r1="##5S 2C", f1="AC", t1="9D"), "r1>f1")


def test_four_piles_of_one() -> None:
    """Tableau: "Four piles below the Foundations." "One card is dealt face up on each pile." """
    state = new_game(GAME, seed=1)
    assert [len(state.piles[t]) for t in state.layout.tableau] == [1] * 4
    assert all(state.piles[t][0] < FACE_DOWN for t in state.layout.tableau)


def test_built_down_alternating_king_on_ace() -> None:
    """ "The Tableau is built down in alternating colors, and a King may be placed on an Ace."
    "Builds of cards can be moved as a unit." """
    state = position(GAME, base="5", r1="##2S 3S", t1="AH", t2="4C KS", t3="KD", t4="9S 8H 7C")
    allows(state, "t2>t1")
    refuses(state, "t3>t1")
    built = position(GAME, base="5", r1="##2S 3S", t1="9D", t2="8C", t3="10H", t4="9S 8H 7C")
    allows(built, "t4>t3x3")
    assert pile_text(after(built, "t4>t3x3"), "t3") == "10H 9S 8H 7C"


def test_emptied_pile_refilled_from_reserve() -> None:
    """ "Whenever a Tableau pile is emptied, it is refilled automatically with the top card of
    the Reserve; once the Reserve is used up, a space can take any card or build." """
    state = position(GAME, base="A", r1="##5S ##2D 9H", t1="10S", t2="8H", t3="JD", t4="3C")
    played = after(state, "t1>t3")
    assert pile_text(played, "t1") == "9H"  # refilled at once
    assert pile_text(played, "r1") == "##5S 2D"  # and the next reserve card turned up
    assert played.undo() is not None and played.key() == state.key()
    empty = position(GAME, base="A", t1="10S", t2="2C 8H 7C", t3="JD", waste="4D")
    spaced = after(empty, "t1>t3")
    assert spaced.pile("t1") == ()
    allows(spaced, "t2>t1x2", "w>t1")


def test_reserve_play_turns_next_card_nothing_on_reserve() -> None:
    """ "The top card of the Reserve can be played onto the Tableau or onto a Foundation, and the
    card beneath it is then turned face up." "Nothing can be built on the Reserve." """
    state = position(GAME, base="A", r1="##5S ##2D 9H", t1="10S", t2="8C", t3="QH", t4="KS")
    played = after(state, "r1>t1")
    assert pile_text(played, "r1") == "##5S 2D"
    refuses(played, "t2>r1", "w>r1")


def test_waste_three_at_a_time_and_redeal() -> None:
    """ "Cards are turned from the Stock onto the Waste three at a time; when fewer than three
    are left, the last turn takes only those." "The top card of the Waste is in play." "When the
    Stock runs out, click it to turn the Waste back over, keeping its order, and go on." "There
    is no limit on how often you may do this." """
    state = position(GAME, base="A", stock="##4C ##9H", waste="5D", t1="10S")
    played = after(state, "deal")
    assert pile_text(played, "waste") == "5D 9H 4C"
    allows(position(GAME, base="A", waste="5D 9H", t1="10S"), "w>t1")
    turned = after(played, "redeal")
    assert pile_text(turned, "stock") == "##4C ##9H ##5D" and turned.redeals_left == -1
    assert after(turned, "deal", "redeal").redeals_left == -1


def test_foundations_wrap_and_play_back_except_base() -> None:
    """ "Foundations are built up in suit from the base card, with an Ace following a King."
    "Each empty Foundation must be started with a card of the base rank." "Cards on the
    Foundations stay in play and can be moved back to the Tableau, except the base-rank cards
    that start each Foundation." "Double-click a card to send it to its Foundation when that
    move is allowed." """
    state = position(GAME, base="Q", f1="QC KC", f2="QH", t1="AC", t2="JD", t3="2H", t4="KS")
    allows(state, "t1>f1")
    refuses(state, "t3>f3", "f2>t4")
    back = position(GAME, base="Q", f1="QC KC", f2="QH", t1="AD", t2="2S", t3="5H", t4="9S")
    allows(back, "f1>t1")
    refuses(back, "f2>t4")
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>f1"
    assert state.score == 3
