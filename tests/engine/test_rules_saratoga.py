"""Saratoga: every sentence of the Setup and Rules sections of specs/saratoga.xml, as positions."""

from __future__ import annotations

import pytest

from runtime.engine import new_game
from runtime.engine.assist import autofinish_moves, foundation_move, hint
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run, texts

GAME = "saratoga"
THREE = {"three_card_deals": True}
ANY_CARD = {"king_only": False}


# -- Setup ----------------------------------------------------------------------------------


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    cards = [c & ~FACE_DOWN for pile in state.piles for c in pile]
    assert sorted(cards) == list(range(52))


def test_stock_top_left_waste_beside() -> None:
    """Stock: "Top left." Waste: "Beside the Stock." — the layout order the UI draws from."""
    state = new_game(GAME, seed=1)
    assert state.layout.names[:2] == ("s", "w")
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)


def test_stock_holds_the_rest() -> None:
    """Stock: "Holds the cards left over after the Tableau is dealt." """
    state = new_game(GAME, seed=1)
    stock = state.pile("s")
    assert len(stock) == 52 - 28
    assert all(c >= FACE_DOWN for c in stock)
    assert state.pile("w") == ()


def test_stock_turns_one_card() -> None:
    """Stock: "Cards are turned onto the Waste one at a time." """
    state = position(GAME, stock="##4C ##9H", waste="KD")
    played = after(state, "deal")
    assert pile_text(played, "waste") == "KD 9H"
    assert pile_text(played, "stock") == "##4C"


def test_two_redeals() -> None:
    """Stock: "Two redeals." """
    assert new_game(GAME, seed=1).redeals_left == 2
    state = position(GAME, waste="4C 9H", redeals_left=2)
    allows(state, "redeal")
    assert after(state, "redeal").redeals_left == 1
    refuses(position(GAME, waste="4C 9H", redeals_left=0), "redeal")


def test_waste_top_card_in_play() -> None:
    """Waste: "Its top card is available for play." """
    state = position(GAME, waste="5D 9C", t1="10H", t2="6S")
    allows(state, "w>t1")  # the top card, 9C on 10H
    refuses(state, "w>t2", "w>t2x2")  # 5D is under it


def test_four_foundations_ace_to_king() -> None:
    """Foundations: "Four piles at top right, built up in suit from Ace to King." """
    state = new_game(GAME, seed=1)
    assert [state.layout.names[f] for f in state.layout.foundations] == ["f1", "f2", "f3", "f4"]
    assert all(state.piles[f] == () for f in state.layout.foundations)
    start = position(GAME, t1="AC", t2="2C")
    allows(start, "t1>f1", "t1>f4")
    refuses(start, "t2>f1")
    built = position(GAME, f1="AC", t1="2C", t2="2D", t3="3C")
    allows(built, "t1>f1")
    refuses(built, "t2>f1", "t3>f1")
    top = position(GAME, f1=run("C", 1, 12), t1="KC")
    allows(top, "t1>f1")


def test_seven_tableau_piles_all_face_up() -> None:
    """Tableau: "Seven piles." "The first pile gets one card, the second two, and so on up to
    seven cards in the last pile." "All cards are dealt face up." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.tableau) == 7
    assert [len(state.piles[t]) for t in state.layout.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert all(c < FACE_DOWN for t in state.layout.tableau for c in state.piles[t])


# -- Rules ----------------------------------------------------------------------------------


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors." """
    state = position(GAME, t1="10H", t2="9S", t3="9D", t4="8C", t5="JS", t6="9C")
    allows(state, "t2>t1", "t6>t1", "t1>t5")
    refuses(state, "t3>t1", "t4>t1", "t5>t1", "t2>t6")


def test_any_build_moves_as_a_unit() -> None:
    """ "Any build of cards can be moved as a unit." """
    state = position(GAME, t1="JD", t2="5C 10S 9H 8C", t3="9D", t4="QS", t5="JH 9C")
    allows(state, "t2>t1x3", "t2>t3")
    refuses(state, "t2>t1x4", "t2>t1x2", "t2>t3x2")
    refuses(state, "t5>t4x2")  # 9C on JH is not a build
    moved = after(state, "t2>t1x3")
    assert pile_text(moved, "t1") == "JD 10S 9H 8C"
    assert pile_text(moved, "t2") == "5C"


def test_empty_pile_takes_king_or_king_build() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a build that starts with a
    King." """
    state = position(GAME, t2="4C KS QH", t3="KD", waste="KC", f1="AH 2H")
    allows(state, "t2>t1x2", "w>t1")
    refuses(state, "t2>t1", "t2>t1x3", "f1>t1")
    refuses(state, "t3>t1")  # a whole pile onto an empty one changes nothing
    refuses(position(GAME, waste="QC"), "w>t1")


def test_stock_to_waste_and_waste_top_in_play() -> None:
    """ "Cards are turned from the Stock onto the Waste one at a time, and the top card of the
    Waste is in play." """
    state = position(GAME, stock="##3C ##AD", waste="9S", t1="10D")
    dealt = after(state, "deal")
    assert pile_text(dealt, "waste") == "9S AD"
    allows(dealt, "w>f1")
    refuses(dealt, "w>t1")  # 9S is no longer the top card
    allows(state, "w>t1")


def test_waste_turns_over_into_new_stock() -> None:
    """ "When the Stock runs out, turn the Waste over to make a new Stock." """
    state = position(GAME, waste="2C 3D 4H")
    turned = after(state, "redeal")
    assert pile_text(turned, "stock") == "##4H ##3D ##2C"
    assert pile_text(turned, "waste") == ""
    assert pile_text(after(turned, "deal"), "waste") == "2C"  # the same order again
    refuses(position(GAME, stock="##5S", waste="2C 3D"), "redeal")  # not before it runs out
    refuses(position(GAME, t1="KS"), "redeal", "deal")  # nothing to turn over


def test_three_passes_in_all() -> None:
    """ "You may go through the deck three times in all." """
    state = new_game(GAME, seed=1)
    passes = 1
    assert state.stock_status == "deal"
    while True:
        while state.pile("s"):
            state.play("deal")
        if state.stock_status == "empty":
            break
        assert state.stock_status == "redeal"
        state.play("redeal")
        passes += 1
    assert passes == 3
    assert len(state.pile("w")) == 24
    assert state.redeals_left == 0
    refuses(state, "redeal", "deal")


def test_foundations_built_up_in_suit() -> None:
    """ "Foundations are built up in suit from Ace to King." """
    state = position(GAME, f1="AS 2S", f2="AH", t1="3S", t2="3H", t3="2D", t4="4S", t5="2H")
    allows(state, "t1>f1", "t5>f2")
    refuses(state, "t2>f1", "t4>f1", "t3>f2", "t2>f2", "t1>f2")
    assert "f1>f2" not in texts(state)


def test_foundation_card_played_back() -> None:
    """ "The top card of a Foundation stays in play and can be played back onto the Tableau." """
    state = position(GAME, f1="AH 2H 3H", t1="4S", t2="4H", t3="KC")
    allows(state, "f1>t1")
    refuses(state, "f1>t2", "f1>f2", "f1>t1x2")
    assert pile_text(after(state, "f1>t1"), "f1") == "AH 2H"
    assert after(state, "f1>t1").score == 2


def test_double_click_sends_to_foundation() -> None:
    """ "Double-click a card to send it to its Foundation when that move is allowed." """
    state = position(GAME, f2="AD", t1="2D", t2="5C", waste="AS")
    t1, t2, waste = (state.layout.index[n] for n in ("t1", "t2", "w"))
    move = foundation_move(state, t1)
    assert move is not None and state.move_text(move) == "t1>f2"
    assert foundation_move(state, t2) is None
    move = foundation_move(state, waste)
    assert move is not None and state.move_text(move) == "w>f1"


# -- Options, scoring, assistance -------------------------------------------------------------


def test_three_card_deals() -> None:
    """Three card deals: "when checked, the Stock turns over three cards each time instead of
    one. Off by default." Fewer than three left: the rest are turned."""
    assert new_game(GAME).options["three_card_deals"] is False
    state = position(GAME, THREE, stock="##AC ##2C ##3C ##4C ##5C")
    first = after(state, "deal")
    assert pile_text(first, "waste") == "5C 4C 3C"
    refuses(first, "w>f1")  # 3C is on top, not an Ace
    second = after(first, "deal")
    assert pile_text(second, "waste") == "5C 4C 3C 2C AC"
    assert pile_text(second, "stock") == ""
    allows(second, "w>f1")
    one = position(GAME, stock="##AC ##2C ##3C")
    assert pile_text(after(one, "deal"), "waste") == "3C"


def test_king_only_option() -> None:
    """King only: "when checked, an empty Tableau pile takes only a King or a build starting
    with a King; when unchecked, it takes any card or build. On by default." """
    assert new_game(GAME).options["king_only"] is True
    text = {"t2": "4C 9D 8S", "waste": "QC"}
    refuses(position(GAME, **text), "t2>t1", "t2>t1x2", "w>t1")
    allows(position(GAME, ANY_CARD, **text), "t2>t1", "t2>t1x2", "w>t1")


def test_score_one_per_foundation_card() -> None:
    """Scoring: every foundation card is worth one point; maximum 52."""
    assert new_game(GAME).score == 0
    state = position(GAME, f1="AC 2C", f3="AH", t1="3C")
    assert state.score == 3
    assert after(state, "t1>f1").score == 4
    assert state.rules.max_score == 52


def test_won_when_all_on_foundations() -> None:
    suits = {f"f{i + 1}": run(s, 1, 13) for i, s in enumerate("CDHS")}
    won = position(GAME, **suits)
    assert won.is_won() and won.is_over() and not won.is_lost()
    assert won.legal_moves() == [] and won.score == 52


def test_autofinish() -> None:
    """Auto-finish once the rest is forced: cards up, lowest rank first."""
    state = position(
        GAME,
        f1=run("C", 1, 12),
        f2=run("D", 1, 13),
        f3=run("H", 1, 11),
        f4=run("S", 1, 12),
        t1="KC",
        t2="KH QH",
        stock="##KS",
    )
    moves = autofinish_moves(state)
    assert moves is not None
    assert [state.move_text(m) for m in moves] == ["t2>f3", "t1>f1", "t2>f3", "deal", "w>f4"]
    done = state.clone()
    for m in moves:
        done.play(m)
    assert done.is_won()
    stuck = position(GAME, f1=run("C", 1, 10), t1="QC JC", **{"f2": run("D", 1, 13)})
    assert autofinish_moves(stuck) is None


def test_hint() -> None:
    """A basic hint: a foundation move first, the stock when nothing else helps."""
    state = position(GAME, t1="AC", t2="9H", t3="10S", stock="##2D")
    move = hint(state)
    assert move is not None and state.move_text(move) == "t1>f1"
    only_stock = position(GAME, t1="9H", t2="4C", stock="##2D")
    move = hint(only_stock)
    assert move is not None and only_stock.move_text(move) == "deal"
    assert hint(position(GAME, t1="9H", t2="4C", redeals_left=0)) is None


@pytest.mark.parametrize("options", [{}, THREE, ANY_CARD])
def test_deal_shape_with_options(options: dict[str, bool]) -> None:
    state = new_game(GAME, options, seed=7)
    assert [len(state.piles[t]) for t in state.layout.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert len(state.pile("s")) == 24
