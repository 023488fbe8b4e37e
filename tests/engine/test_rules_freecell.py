"""FreeCell: every sentence of the Setup and Rules sections of specs/freecell.xml, as
positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses

GAME = "freecell"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_four_cells_of_one_card_start_empty() -> None:
    """Reserves: "Four free cells at top left." "Each reserve holds only one card." "They start
    empty." """
    state = new_game(GAME, seed=1)
    assert [state.piles[r] for r in state.layout.reserves] == [(), (), (), ()]
    full = position(GAME, t1="5D 6C", r1="KS")
    refuses(full, "t1>r1")
    allows(full, "t1>r2", "t1>r4")


def test_four_foundations() -> None:
    """Foundations: "Four piles at top right, built up in suit from Ace to King." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 4
    allows(position(GAME, t1="AH", t2="2H"), "t1>f1")
    refuses(position(GAME, t1="AH", t2="2H"), "t2>f1")


def test_eight_piles_whole_deck_face_up() -> None:
    """Tableau: "Eight piles." "The whole deck is dealt face up, seven cards each in the first
    four piles and six cards each in the last four piles." """
    state = new_game(GAME, seed=1)
    assert [len(state.piles[t]) for t in state.layout.tableau] == [7] * 4 + [6] * 4
    assert all(c < FACE_DOWN for t in state.layout.tableau for c in state.piles[t])
    assert state.layout.has_stock is False


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors." """
    state = position(GAME, t1="9S", t2="8H", t3="8C", t4="7H")
    allows(state, "t2>t1")
    refuses(state, "t3>t1", "t4>t1")


def test_single_cards_and_builds_as_a_shortcut() -> None:
    """ "Strictly, only the top card of a pile moves." "As a shortcut, a build of cards can be
    moved as a unit." "Such a move is allowed whenever the free cells and empty piles would let
    you make it one card at a time." """
    others = {f"t{i}": f"{i}C" for i in range(3, 9)}  # no empty pile
    full = position(GAME, t1="10S", t2="KD 9H 8S", **others, r1="AC", r2="AD", r3="AH", r4="AS")
    refuses(full, "t2>t1x2")  # no free cell: card by card it cannot be done
    free = position(GAME, t1="10S", t2="KD 9H 8S", **others, r1="AC", r2="AD", r3="AH")
    allows(free, "t2>t1x2")  # 8S to the cell, 9H across, 8S back
    assert pile_text(after(free, "t2>t1x2"), "t1") == "10S 9H 8S"


BUILD = "QH JS 10H 9S 8H 7S 6H 5S"  # eight cards that go on the King of Clubs


def test_build_limit_doubles_per_empty_pile() -> None:
    """ "A build may hold at most the number of free reserves plus one cards, and empty Tableau
    piles double that limit once for each empty pile, not counting the pile the build moves
    into." """
    cells = {"r1": "AH", "r2": "AS", "r3": "2H"}  # one free cell
    two_empty = position(
        GAME, t1="KC", t2="AD " + BUILD, t3="3C", t4="4C", t5="5C", t6="6C", **cells
    )
    allows(two_empty, "t2>t1x8")  # (1 + 1) * 2 * 2
    one_empty = position(
        GAME, t1="KC", t2="AD " + BUILD, t3="3C", t4="4C", t5="5C", t6="6C", t7="7C", **cells
    )
    refuses(one_empty, "t2>t1x8")  # (1 + 1) * 2 = 4
    roomy = position(GAME, t1="KC", t2="AD " + BUILD, t3="3C", t4="4C", t5="5C", t6="6C", t7="7C")
    allows(roomy, "t2>t1x8")  # (4 + 1) * 2
    # Into an empty pile, that pile does not count: (1 + 1) * 2 with two empty piles.
    allows(two_empty, "t2>t7x4")
    refuses(two_empty, "t2>t7x5")


def test_empty_pile_takes_any_card_or_build() -> None:
    """ "An empty Tableau pile can be filled with any card or build." """
    state = position(
        GAME,
        t1="2H 9C 8D",
        t3="4C",
        t4="5C",
        t5="6C",
        t6="7C",
        t7="8C",
        t8="9D",
        r1="5H",
        r2="AS",
        r3="2S",
        r4="3S",
    )
    allows(state, "t1>t2", "r1>t2")
    refuses(state, "t1>t2x2")  # no free cell: the limit is one card into the empty pile
    roomy = position(GAME, t1="2H 9C 8D", t3="4C", t4="5C", t5="6C", t6="7C", t7="8C", t8="9D")
    allows(roomy, "t1>t2x2")


def test_tableau_top_card_to_empty_reserve() -> None:
    """ "The top card of any Tableau pile may be placed in an empty reserve." """
    state = position(GAME, t1="9C 5D", r1="KH")
    allows(state, "t1>r2")
    refuses(state, "t1>r1", "r1>r2")


def test_reserve_card_to_tableau_or_foundation() -> None:
    """ "A card in a reserve can be played onto the Tableau or onto a Foundation." """
    state = position(GAME, r1="7H", r2="AS", r3="5C", t1="8S")
    allows(state, "r1>t1", "r2>f1")
    refuses(state, "r3>t1", "r3>f1")


def test_foundations_out_of_play() -> None:
    """ "Foundations are built up in suit from Ace to King." "Cards on the Foundations are out
    of play." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D", t3="3H")
    allows(state, "t1>f1")
    refuses(state, "t2>f1", "f1>t2", "f1>t3", "f1>r1")


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds
    refuses(state, "deal", "redeal")
