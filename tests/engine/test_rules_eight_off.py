"""Eight Off: every sentence of the Setup and Rules sections of specs/eight_off.xml, as
positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import foundation_move, send_up_moves
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run

GAME = "eight_off"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_four_foundations_ace_to_king() -> None:
    """Foundations: "Four piles down the left side, built up in suit from Ace to King." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 4
    assert all(state.piles[f] == () for f in state.layout.foundations)
    allows(position(GAME, t1="AH"), "t1>f1")
    refuses(position(GAME, t1="2H"), "t1>f1")


def test_eight_cells_of_one_card_four_dealt() -> None:
    """Reserves: "Eight free cells along the top." "Each reserve holds only one card." "At the
    start, the first four Reserve piles are each dealt one card and the last four are empty." """
    state = new_game(GAME, seed=1)
    assert [len(state.piles[r]) for r in state.layout.reserves] == [1, 1, 1, 1, 0, 0, 0, 0]
    full = position(GAME, t1="5D", r1="KS", r5="QS")
    refuses(full, "t1>r1", "t1>r5")
    allows(full, "t1>r2", "t1>r8")


def test_eight_piles_of_six_face_up() -> None:
    """Tableau: "Eight piles below the Reserves." "Six cards are dealt face up on each pile." """
    state = new_game(GAME, seed=1)
    assert state.layout.names[state.layout.tableau[0]] == "t1"
    assert len(state.layout.tableau) == 8
    for t in state.layout.tableau:
        assert len(state.piles[t]) == 6 and all(c < FACE_DOWN for c in state.piles[t])


def test_built_down_in_suit() -> None:
    """ "The Tableau is built down in suit." """
    state = position(GAME, t1="9S", t2="8S", t3="8C", t4="7S")
    allows(state, "t2>t1")
    refuses(state, "t3>t1", "t4>t1")


def test_builds_move_as_a_unit() -> None:
    """ "Besides single cards, builds of cards can be moved as a unit." """
    state = position(GAME, t1="10H", t2="5C 9H 8H", t3="8C")
    allows(state, "t2>t1x2")
    refuses(state, "t2>t1x3")
    played = after(state, "t2>t1x2")
    assert pile_text(played, "t1") == "10H 9H 8H"


def test_build_limit_free_reserves_only() -> None:
    """ "A build may be moved only if it has no more cards than the number of free reserves plus
    one; empty Tableau piles do not raise this limit." """
    for free in range(8):
        cells = {f"r{i + 1}": f"{i + 2}D" for i in range(8 - free)}
        state = position(GAME, t1="QS", t2="4H " + run("S", 11, 8), **cells)
        if free + 1 >= 4:
            allows(state, "t2>t1x4")
        else:
            refuses(state, "t2>t1x4")
    assert sum(1 for t in state.layout.tableau if not state.piles[t]) == 6  # no help from these


def test_empty_pile_takes_king_or_king_build() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a build that starts with a
    King." """
    state = position(GAME, t1="2H KD QD", t2="3H QC", r1="KS", r2="JH")
    allows(state, "t1>t3x2", "r1>t3")
    refuses(state, "t1>t3", "t2>t3", "r2>t3")


def test_tableau_top_card_to_empty_reserve() -> None:
    """ "The top card of any Tableau pile may be placed in an empty reserve." """
    state = position(GAME, t1="9C 5D", r1="KH")
    allows(state, "t1>r2")
    refuses(state, "t1>r1", "r1>r2")


def test_reserve_card_to_tableau_or_foundation() -> None:
    """ "A card in a reserve can be played onto the Tableau or onto a Foundation." """
    state = position(GAME, r1="7H", r2="AS", r3="5C", t1="8H")
    allows(state, "r1>t1", "r2>f1")
    refuses(state, "r3>t1", "r3>f1")


def test_foundations_and_play_back() -> None:
    """ "Foundations are built up in suit from Ace to King." "The top card of a Foundation stays
    in play and can be played back onto the Tableau." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D", t3="4H")
    allows(state, "t1>f1", "f1>t1")
    refuses(state, "t2>f1", "f1>t2", "f1>t3", "f1>r1")
    assert state.score == 2 and after(state, "f1>t1").score == 1


def test_double_click_and_send_up() -> None:
    """ "Double-click a card to send it to its Foundation when that move is allowed;
    double-click a Foundation to send up every card that can go." """
    state = position(GAME, t1="2C AC", t2="3C", r1="AD", f2="AH")
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>f1"
    assert foundation_move(state, state.layout.index["t2"]) is None
    sent = send_up_moves(state)
    assert [state.move_text(m) for m in sent] == ["t1>f1", "r1>f3", "t1>f1", "t2>f1"]


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds
    assert state.layout.has_stock is False
    refuses(state, "deal", "redeal")
