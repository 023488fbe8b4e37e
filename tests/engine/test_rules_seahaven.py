"""Seahaven: every sentence of the Setup and Rules sections of specs/seahaven.xml, as positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import autofinish_moves, foundation_move, hint
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, run

GAME = "seahaven"


# -- Setup ----------------------------------------------------------------------------------


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" """
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_four_foundations_ace_to_king() -> None:
    """Foundations: "Four piles, two at top left and two at top right, built up in suit from
    Ace to King." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.foundations) == 4
    assert all(state.piles[f] == () for f in state.layout.foundations)
    game = position(GAME, t1="AS", t2="2S", t3="2H", f2="AH", t4="KD", f3=run("D", 1, 12))
    allows(game, "t1>f1", "t3>f2", "t4>f3")
    refuses(game, "t2>f1", "t2>f2")


def test_four_reserves_one_card_each() -> None:
    """Reserves: "Four free cells at top center." "Each reserve holds one card." """
    state = position(GAME, t1="9C 5D", r2="KH")
    assert len(state.layout.reserves) == 4
    allows(state, "t1>r1", "t1>r3", "t1>r4")
    refuses(state, "t1>r2", "r2>r1")


def test_last_two_cards_in_middle_reserves() -> None:
    """Reserves: "The last two cards of the deal go face up into the two middle reserves; the
    outer two start empty." """
    state = new_game(GAME, seed=1)
    sizes = [len(state.piles[r]) for r in state.layout.reserves]
    assert sizes == [0, 1, 1, 0]
    assert all(state.piles[r][0] < FACE_DOWN for r in state.layout.reserves[1:3])


def test_ten_piles_of_five_face_up() -> None:
    """Tableau: "Ten piles below the Foundations and Reserves." "The other fifty cards are dealt
    face up, five cards to each pile." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.tableau) == 10
    assert all(len(state.piles[t]) == 5 for t in state.layout.tableau)
    assert all(c < FACE_DOWN for t in state.layout.tableau for c in state.piles[t])


# -- Rules ----------------------------------------------------------------------------------


def test_built_down_in_suit() -> None:
    """ "The Tableau is built down in suit." """
    state = position(GAME, t1="9H", t2="8H", t3="8D", t4="7H", t5="10H", t6="8S")
    allows(state, "t2>t1", "t1>t5")
    refuses(state, "t3>t1", "t4>t1", "t5>t1", "t6>t1")


def test_top_card_or_build_moves() -> None:
    """ "The top card of a pile, or a build of cards at its top, can be moved." """
    state = position(GAME, t1="JC 10C", t2="2D 9C 8C", t3="8H 6H", t4="9H", t5="7H")
    allows(state, "t2>t1x2", "t3>t5")
    refuses(state, "t2>t1", "t2>t1x3")  # 8C alone does not fit; 2D is not in the build
    refuses(state, "t3>t4x2", "t3>t4")  # 8H 6H is no build


def test_build_limit_free_reserves_plus_one() -> None:
    """ "A build may be moved only if it has no more cards than the number of free reserves plus
    one; empty Tableau piles do not raise this limit." """
    build = {"t1": "QS", "t2": "4D JS 10S 9S 8S"}
    fills = ("2C", "3C", "4C", "5C")
    for filled in range(5):
        cells = {f"r{i + 1}": fills[i] for i in range(filled)}
        state = position(GAME, **build, **cells)
        free = 4 - filled
        # Eight empty tableau piles in every case: they never raise the limit.
        assert sum(1 for t in state.layout.tableau if not state.piles[t]) == 8
        if free + 1 >= 4:
            allows(state, "t2>t1x4")
        else:
            refuses(state, "t2>t1x4")
    pair = {"t1": "10S", "t2": "4D 9S 8S"}
    refuses(position(GAME, r1="2C", r2="3C", r3="4C", r4="5C", **pair), "t2>t1x2")
    allows(position(GAME, r1="2C", r2="3C", r3="4C", **pair), "t2>t1x2")


def test_empty_pile_takes_king_or_king_build() -> None:
    """ "An empty Tableau pile can be filled only by a King or by a build that starts with a
    King." """
    state = position(GAME, t1="2H KD QD", t2="3H QC", r1="KS", r2="JH")
    allows(state, "t1>t3x2", "r1>t3")
    refuses(state, "t1>t3", "t2>t3", "r2>t3")
    limited = position(GAME, t1="2H KD QD JD", r1="KS", r2="JH", r3="4C", r4="5C")
    refuses(limited, "t1>t3x3")  # the build limit applies to empty piles too
    allows(limited, "r1>t3")


def test_foundations_built_up_in_suit() -> None:
    """ "Foundations are built up in suit from Ace to King." """
    state = position(GAME, f1="AC 2C", t1="3C", t2="3D", t3="4C", r1="2D")
    allows(state, "t1>f1")
    refuses(state, "t2>f1", "t3>f1", "r1>f1")


def test_foundation_cards_still_in_play() -> None:
    """ "Cards on the Foundations are still in play: the top card of a Foundation can be moved
    back onto the Tableau, though doing so is hardly ever useful." """
    state = position(GAME, f1="AC 2C", f2="AD", t1="3C", t2="3D", t3="2H", r1="KS")
    allows(state, "f1>t1")
    refuses(state, "f1>t2", "f1>t1x2", "f2>t3", "f1>r2", "f1>f3", "f2>f3")
    back = after(state, "f1>t1")
    assert pile_text(back, "f1") == "AC" and pile_text(back, "t1") == "3C 2C"
    assert back.score == 2
    # The seed's first deal: once AD is up and 2D is uncovered, AD can come back.
    allows(new_game(GAME, seed=0), "t10>r1")
    dealt = after(new_game(GAME, seed=0), "t10>r1", "t1>f2", "t5>r4")
    allows(dealt, "f2>t5")


def test_tableau_top_card_to_empty_reserve() -> None:
    """ "The top card of any Tableau pile may be placed in an empty reserve." """
    state = position(GAME, t1="9C 5D", t2="4S 3S", r1="KH", r2="QH", r3="JH")
    allows(state, "t1>r4", "t2>r4")
    refuses(state, "t1>r1", "t2>r4x2", "r1>r4", "f1>r4")
    assert pile_text(after(state, "t1>r4"), "r4") == "5D"


def test_reserve_card_to_tableau_or_foundation() -> None:
    """ "A card in a reserve can be played onto the Tableau or onto a Foundation." """
    state = position(GAME, r1="7H", r2="AS", r3="5C", t1="8H")
    allows(state, "r1>t1", "r2>f1")
    refuses(state, "r3>t1", "r3>f1", "r1>r4")


def test_no_stock_no_waste() -> None:
    """ "There is no Stock and no Waste." """
    state = new_game(GAME, seed=1)
    assert PileKind.WASTE not in state.layout.kinds
    assert state.layout.has_stock is False
    assert state.pile("s") == ()  # the layout keeps an always-empty stock slot
    assert state.stock_status == "empty"
    refuses(state, "deal", "redeal")


def test_run_to_foundation_in_one_move() -> None:
    """ "To save clicks, a run of cards of one suit can be moved onto its Foundation in a single
    move." """
    state = position(GAME, f1="AH 2H", t1="9C 5H 4H 3H", t2="6D 5D 4D", f2="AD 2D")
    allows(state, "t1>f1", "t1>f1x2", "t1>f1x3")
    refuses(state, "t1>f1x4", "t2>f2")
    moved = after(state, "t1>f1x3")
    assert pile_text(moved, "f1") == "AH 2H 3H 4H 5H"
    assert pile_text(moved, "t1") == "9C"
    assert moved.score == 7
    # The build limit does not apply to a run going up.
    full = position(GAME, f1="AH", t1="6H 5H 4H 3H 2H", r1="2C", r2="3C", r3="4C", r4="5C")
    allows(full, "t1>f1x5")


# -- Scoring and assistance --------------------------------------------------------------------


def test_score_and_win() -> None:
    """Scoring: one point per foundation card; maximum 52."""
    assert new_game(GAME, seed=3).score == 0
    suits = {f"f{i + 1}": run(s, 1, 13) for i, s in enumerate("CDHS")}
    won = position(GAME, **suits)
    assert won.is_won() and won.score == 52 == won.rules.max_score
    assert won.legal_moves() == []


def test_double_click() -> None:
    state = position(GAME, r3="AC", t1="5D", f2="AD 2D 3D 4D")
    move = foundation_move(state, state.layout.index["r3"])
    assert move is not None and state.move_text(move) == "r3>f1"
    move = foundation_move(state, state.layout.index["t1"])
    assert move is not None and state.move_text(move) == "t1>f2"
    assert foundation_move(state, state.layout.index["t2"]) is None


def test_autofinish_and_hint() -> None:
    state = position(
        GAME,
        f1=run("C", 1, 12),
        f2=run("D", 1, 13),
        f3=run("H", 1, 10),
        f4=run("S", 1, 13),
        t1="KH QH",
        r1="JH",
        r2="KC",
    )
    moves = autofinish_moves(state)
    assert moves is not None
    assert [state.move_text(m) for m in moves] == ["r1>f3", "t1>f3", "t1>f3", "r2>f1"]
    stuck = position(GAME, f3=run("H", 1, 10), t1="JH KH QH")
    assert autofinish_moves(stuck) is None
    move = hint(state)
    assert move is not None and state.move_text(move) == "r1>f3"
