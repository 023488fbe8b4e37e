"""Escalator: every sentence of the Setup and Rules sections of specs/escalator.xml (and its
Goal), as positions.

The pyramid is t1 (top row), t2-t3, t4-t6, t7-t10, t11-t15, t16-t21, t22-t28 (bottom row); a
card in row r at place j is overlapped by places j and j+1 of row r+1.
"""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import autofinish_moves, foundation_move, hint
from runtime.engine.cards import FACE_DOWN
from runtime.engine.rules import PileKind

from .positions import after, allows, pile_text, position, refuses, texts

GAME = "escalator"
ROWS = [list(range(sum(range(r)) + 1, sum(range(r + 1)) + 1)) for r in range(1, 8)]


def overlapping(pile: int) -> tuple[int, int] | None:
    """The two piles (1-based) overlapping pyramid pile ``pile``, None in the bottom row."""
    for r, row in enumerate(ROWS[:-1]):
        if pile in row:
            j = row.index(pile)
            return ROWS[r + 1][j], ROWS[r + 1][j + 1]
    return None


# -- Setup ----------------------------------------------------------------------------------


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" """
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_and_waste_places() -> None:
    """Stock: "Top left." Waste: "Beside the Stock." """
    state = new_game(GAME, seed=1)
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)


def test_stock_holds_24() -> None:
    """Stock: "Holds the 24 cards not used in the pyramid." """
    stock = new_game(GAME, seed=1).pile("s")
    assert len(stock) == 24 and all(c >= FACE_DOWN for c in stock)


def test_stock_one_at_a_time() -> None:
    """Stock: "Cards are turned onto the Waste one at a time." """
    state = position(GAME, stock="##2C ##QH", waste="5D", t22="9S")
    dealt = after(state, "deal")
    assert pile_text(dealt, "waste") == "5D QH"
    assert pile_text(dealt, "stock") == "##2C"


def test_no_redeals() -> None:
    """Stock: "No redeals." Rules: "There is no redeal." """
    state = position(GAME, waste="5D QH 2C", t22="9S")
    refuses(state, "redeal", "deal")
    assert state.stock_status == "empty"
    assert state.is_lost()
    fresh = new_game(GAME, seed=2)
    while fresh.pile("s"):
        fresh.play("deal")
    assert "redeal" not in texts(fresh) and fresh.stock_status == "empty"


def test_waste_starts_empty() -> None:
    """Waste: "Starts empty." — so the first move is to turn a card."""
    state = new_game(GAME, seed=1)
    assert state.pile("w") == ()
    assert texts(state) == {"deal"}


def test_pyramid_deal() -> None:
    """Tableau: "Twenty-eight cards dealt face up in seven overlapping rows forming a pyramid:
    one card in the top row, two in the next, and so on to seven in the bottom row." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.tableau) == 28
    assert all(
        len(state.piles[t]) == 1 and state.piles[t][0] < FACE_DOWN for t in state.layout.tableau
    )
    assert [len(row) for row in ROWS] == [1, 2, 3, 4, 5, 6, 7]
    first = state.layout.tableau[0]
    for pile in range(1, 29):
        over = overlapping(pile)
        expected = () if over is None else (over[0] - 1, over[1] - 1)
        assert state.rules.covered_by[pile - 1] == expected
    # Only the bottom row is free at the start: with a waste card, only it can play.
    dealt = after(state, "deal")
    sources = {state.layout.names[m.src] for m in dealt.legal_moves() if m.src != 0}
    assert sources <= {f"t{p}" for p in ROWS[-1]}
    assert first == 2


# -- Rules ----------------------------------------------------------------------------------


def test_free_once_both_overlapping_removed() -> None:
    """ "A card in the pyramid is free once both cards overlapping it have been removed." """
    # t16 (row 6) is overlapped by t22 and t23 — not by its neighbours t20, t21.
    base = {"waste": "4D", "t16": "5C", "t20": "9D", "t21": "9H"}
    allows(position(GAME, **base), "t16>w")
    refuses(position(GAME, **base, t22="JS"), "t16>w")
    refuses(position(GAME, **base, t23="JS"), "t16>w")
    # The top card waits for the whole row under it.
    refuses(position(GAME, waste="4D", t1="5S", t3="KC"), "t1>w")
    allows(position(GAME, waste="4D", t1="5S"), "t1>w")
    # Every place: free exactly when both overlapping places are empty.
    for pile in range(1, 22):
        over = overlapping(pile)
        assert over is not None
        covered = position(GAME, waste="4D", **{f"t{pile}": "5S", f"t{over[1]}": "KC"})
        refuses(covered, f"t{pile}>w")


def test_free_card_one_rank_above_or_below() -> None:
    """ "Free cards are built on the Waste: a free card may go there if its rank is one above
    or one below the rank of the top Waste card, regardless of suit." """
    state = position(GAME, waste="7H", t22="6C", t23="8S", t24="9H", t25="7D", t26="6H")
    allows(state, "t22>w", "t23>w", "t26>w")
    refuses(state, "t24>w", "t25>w")
    played = after(state, "t23>w")
    allows(played, "t24>w", "t25>w")  # now on 8S: 9H and 7D fit
    refuses(played, "t22>w")


def test_ace_and_king_adjacent() -> None:
    """ "Ace and King are next to each other, so an Ace goes on a King or a Two, and a King on a
    Queen or an Ace." """
    on_king = position(GAME, waste="KH", t22="AS", t23="QS", t24="2D", t25="JD")
    allows(on_king, "t22>w", "t23>w")
    refuses(on_king, "t24>w", "t25>w")
    on_ace = position(GAME, waste="AH", t22="KC", t23="2D", t24="QD", t25="3S")
    allows(on_ace, "t22>w", "t23>w")
    refuses(on_ace, "t24>w", "t25>w")
    allows(position(GAME, waste="2C", t22="AD"), "t22>w")
    allows(position(GAME, waste="QC", t22="KD"), "t22>w")


def test_nothing_built_on_pyramid() -> None:
    """ "Nothing can be built on the pyramid, and a space left in it stays empty." """
    state = position(GAME, waste="7H", t22="6C", t23="5D", t27="7S")
    assert all(
        state.layout.kinds[m.dst] is PileKind.WASTE for m in state.legal_moves() if m.dst >= 0
    )
    refuses(state, "t23>t22", "w>t22", "t22>t28", "w>t28")
    emptied = after(state, "t22>w")
    refuses(emptied, "t23>t22", "w>t22")
    assert emptied.pile("t22") == ()


def test_no_foundations() -> None:
    """ "There are no Foundations." """
    state = new_game(GAME, seed=1)
    assert state.layout.foundations == ()
    assert PileKind.FOUNDATION not in state.layout.kinds


def test_turn_stock_when_no_card_fits() -> None:
    """ "When no free card fits, turn the next card from the Stock onto the Waste." — the
    stock may be turned at any time (the sentence says when you need to, not that you must
    not otherwise)."""
    stuck = position(GAME, stock="##2C ##QH", waste="5D", t22="9S")
    assert texts(stuck) == {"deal"}
    fits = position(GAME, stock="##2C ##QH", waste="5D", t22="6S")
    assert texts(fits) == {"t22>w", "deal"}


# -- Goal, scoring, assistance ----------------------------------------------------------------


def test_goal_all_to_waste_and_stock_finishes_itself() -> None:
    """Goal: "Move all cards to the Waste. Once the pyramid is clear, the cards left in the
    Stock are turned onto the Waste automatically." """
    state = position(GAME, t22="QD", stock="##9D ##2H", waste="*")
    assert pile_text(state, "waste").endswith("KS")
    assert not state.is_won()
    done = after(state, "t22>w")
    assert pile_text(done, "stock") == ""
    assert pile_text(done, "waste").endswith("KS QD 2H 9D")
    assert done.is_won() and done.is_over() and not done.is_lost()
    assert done.legal_moves() == []
    assert done.score == 28
    undone = done.clone()
    undone.undo()
    assert undone.key() == state.key()  # the automatic turn is part of the move


def test_score_counts_pyramid_cards_removed() -> None:
    """Scoring: "Each card removed from the pyramid scores one point." Maximum 28."""
    state = new_game(GAME, seed=1)
    assert state.score == 0 and state.rules.max_score == 28
    two = position(GAME, waste="7H", t22="6C", t23="5D", stock="##KD")
    assert two.score == 26
    assert after(two, "t22>w").score == 27
    assert after(two, "deal").score == 26


def test_double_click_plays_to_waste() -> None:
    state = position(GAME, waste="7H", t22="6C", t23="5D")
    move = foundation_move(state, state.layout.index["t22"])
    assert move is not None and state.move_text(move) == "t22>w"
    assert foundation_move(state, state.layout.index["t23"]) is None
    assert foundation_move(state, state.layout.index["w"]) is None


def test_autofinish_only_when_forced() -> None:
    forced = position(GAME, t22="QD", t16="JC", waste="*")
    moves = autofinish_moves(forced)
    # t16 is free only after t22 (t23 is empty): one move at a time, then the stock is empty.
    assert moves is not None
    assert [forced.move_text(m) for m in moves] == ["t22>w", "t16>w"]
    choice = position(GAME, t22="QD", t23="AC", waste="*")
    assert autofinish_moves(choice) is None
    assert autofinish_moves(position(GAME, t22="5D", waste="*")) is None


def test_hint_prefers_a_pyramid_card() -> None:
    state = position(GAME, waste="7H", t22="6C", t23="9D", stock="##KD")
    move = hint(state)
    assert move is not None and state.move_text(move) == "t22>w"
    stuck = position(GAME, waste="7H", t23="9D", stock="##KD")
    move = hint(stuck)
    assert move is not None and stuck.move_text(move) == "deal"
