"""Spider: every sentence of the Setup and Rules sections of specs/spider.xml, as positions;
and its goal, score and three deck options."""

from __future__ import annotations

from collections import Counter

from runtime.engine import load_game, new_game
from runtime.engine.assist import foundation_move
from runtime.engine.cards import FACE_DOWN, SUIT
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run

GAME = "spider"
# Fills piles 3..10, so the stock may deal.
FULL = {f"t{i}": f"{5 + (i - 3) // 2}D" for i in range(3, 11)}


def cards_of(state: object) -> Counter[int]:
    return Counter(c & ~FACE_DOWN for pile in state.piles for c in pile)  # type: ignore[attr-defined]


def test_double_deck() -> None:
    """Type of Deck: "Double Deck" — every card twice, 104 in all."""
    cards = cards_of(new_game(GAME, seed=1))
    assert sorted(cards) == list(range(52)) and set(cards.values()) == {2}


def test_stock_fifty_one_per_pile_no_redeal() -> None:
    """Stock: "Top left." "Holds the 50 cards left after the Tableau is dealt." "Each click deals
    one card face up onto every Tableau pile." "There is no redeal." """
    state = new_game(GAME, seed=1)
    assert len(state.pile("s")) == 50 and state.redeals_left == 0
    dealt = after(state, "deal")
    assert all(dealt.piles[t][-1] < FACE_DOWN for t in dealt.layout.tableau)
    assert len(dealt.pile("s")) == 40
    assert after(dealt, "deal", "deal", "deal", "deal").stock_status == "empty"


def test_eight_foundations_take_whole_suits() -> None:
    """Foundations: "Eight piles along the top." "Each one only takes a finished run of thirteen
    cards of one suit, King down to Ace." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 8
    suit = position(GAME, t1="4D " + run("H", 13, 1), t2="AS")
    allows(suit, "t1>f1x13")
    refuses(suit, "t1>f1", "t2>f1", "t1>f2x13")  # the first empty Foundation takes it
    mixed = position(GAME, t1=run("H", 13, 2) + " AS")
    assert not [m for m in mixed.legal_moves() if m.dst in mixed.layout.foundations]


def test_ten_piles_of_fifty_four() -> None:
    """Tableau: "Ten piles holding 54 cards." "The first, fourth, seventh and tenth piles get six
    cards each and the other six piles get five each." "Only the top card of each pile is face
    up." """
    state = new_game(GAME, seed=1)
    piles = [state.piles[t] for t in state.layout.tableau]
    assert [len(p) for p in piles] == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]
    assert all(p[-1] < FACE_DOWN and all(c >= FACE_DOWN for c in p[:-1]) for p in piles)


def test_built_down_regardless_of_suit() -> None:
    """ "The Tableau is built down regardless of suit: any card can go on a card one rank
    higher." """
    state = position(GAME, t1="9S", t2="8H", t3="8S", t4="7H")
    allows(state, "t2>t1", "t3>t1")
    refuses(state, "t4>t1")


def test_only_one_suit_runs_move() -> None:
    """ "A run of cards that are all one suit and in order can be picked up and moved as a unit;
    a run that mixes suits has to be taken apart one card at a time." """
    state = position(GAME, t1="10D", t2="##4C 9S 8S 7S", t3="9H 8C 7C", t4="10S")
    allows(state, "t2>t1x3")
    refuses(state, "t3>t1x3", "t3>t4x3")
    mixed = position(GAME, t1="9C", t2="##4C 9S 8H 7H")
    refuses(mixed, "t2>t3x3")
    allows(mixed, "t2>t1x2")  # the Hearts part moves; the Spade stays behind


def test_face_down_card_turns_up() -> None:
    """ "When a face-down card is left on top of a pile, it is turned face up." """
    state = position(GAME, t1="10D", t2="##4C 9S 8S")
    assert pile_text(after(state, "t2>t1x2"), "t2") == "4C"


def test_empty_pile_takes_any_card_or_run() -> None:
    """ "An empty Tableau pile can be filled with any card or movable run." """
    state = position(GAME, t1="2H 9C 8C", t2="3H 6D 5S")
    allows(state, "t1>t3", "t1>t3x2", "t2>t3")
    refuses(state, "t2>t3x2")


def test_deal_only_with_every_pile_filled() -> None:
    """ "Click the Stock whenever you like to deal one card face up onto every Tableau pile."
    "Every pile must hold at least one card before you deal; fill any empty pile first." """
    stock = "##" + " ##".join(["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2 + ["7C"] * 2 + ["8C"] * 2)
    full = position(GAME, stock=stock, t1="KS", t2="QS", **FULL)
    allows(full, "deal")
    gap = position(GAME, stock=stock, t1="KS", **FULL)
    refuses(gap, "deal")


def test_whole_suit_to_foundation_out_of_play() -> None:
    """ "A complete run from King down to Ace in one suit can be moved to an empty Foundation, or
    sent there by double-clicking its pile." "Cards on the Foundations are out of play." """
    state = position(GAME, t1="4D " + run("H", 13, 1), f1=run("S", 13, 1), t2="2S")
    t1 = state.layout.index["t1"]
    assert state.move_text(foundation_move(state, t1) or "") == "t1>f2x13"
    moved = after(state, "t1>f2x13")
    assert pile_text(moved, "f2") == run("H", 13, 1) and pile_text(moved, "t1") == "4D"
    refuses(moved, "f1>t2", "f2>t1")


def test_no_waste() -> None:
    """ "There is no Waste." """
    assert PileKind.WASTE not in new_game(GAME, seed=1).layout.kinds


def test_goal_and_score() -> None:
    """Goal: eight whole suits on the Foundations, or built in the Tableau. Score: one per card on
    the next higher card of its suit; finished runs keep their points; at most 96."""
    suits = [run("CDHS"[i % 4], 13, 1) for i in range(8)]
    on_foundations = position(GAME, **{f"f{i + 1}": s for i, s in enumerate(suits)})
    in_tableau = position(GAME, **{f"t{i + 1}": s for i, s in enumerate(suits)})
    mixed = position(
        GAME,
        **{f"f{i + 1}": s for i, s in enumerate(suits[:3])},
        **{f"t{i + 1}": s for i, s in enumerate(suits[3:])},
    )
    for won in (on_foundations, in_tableau, mixed):
        assert won.is_won() and won.legal_moves() == [] and won.score == 96
    state = position(GAME, t1="##4C 9S 8S 7H", t2="5D 4D", f1=run("C", 13, 1))
    assert state.score == 12 + 1 + 1


def test_deck_options() -> None:
    """Options: Four Suits (the default), Two Suits (Hearts and Spades), One Suit (Spades);
    exactly one is selected."""
    game = load_game(GAME)
    assert {o.group for o in game.options} == {"suits"} and len(game.rules_by_options) == 3
    assert new_game(GAME, seed=1).options["four_suits"]
    two = cards_of(new_game(GAME, {"two_suits": True}, seed=1))
    assert {SUIT[c] for c in two} == {2, 3} and set(two.values()) == {4}
    one = cards_of(new_game(GAME, {"one_suit": True}, seed=1))
    assert {SUIT[c] for c in one} == {3} and set(one.values()) == {8}
    spades = position(GAME, {"one_suit": True}, t1="4S " + run("S", 13, 1), t2="AS")
    allows(spades, "t1>f1x13")
