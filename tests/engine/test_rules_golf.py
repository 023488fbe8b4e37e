"""Golf: every sentence of the Setup and Rules sections of specs/golf.xml, as positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import autofinish_moves, foundation_move, goal_piles
from runtime.engine.cards import FACE_DOWN

from .positions import after, allows, pile_text, position, refuses

GAME = "golf"


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" — 52 different cards, every one dealt."""
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_stock_seventeen_one_at_a_time_no_redeal() -> None:
    """Stock: "Top left." "Holds the 17 cards left after the Tableau is dealt." "Cards are
    turned onto the Waste one at a time." "No redeals." """
    state = new_game(GAME, seed=1)
    assert state.layout.names[0] == "s" and len(state.pile("s")) == 17
    played = position(GAME, stock="##4C ##9H", t1="5D")
    assert pile_text(after(played, "deal"), "waste") == "9H"
    refuses(position(GAME, waste="4C 9H", t1="5D"), "redeal", "deal")


def test_waste_starts_empty() -> None:
    """Waste: "Beside the Stock, spread to the right so you can see the cards already played."
    "Starts empty." """
    state = new_game(GAME, seed=1)
    assert state.pile("w") == ()
    assert [state.move_text(m) for m in state.legal_moves()] == ["deal"]


def test_seven_piles_of_five_face_up() -> None:
    """Tableau: "Seven piles." "Five cards are dealt face up on each pile." """
    state = new_game(GAME, seed=1)
    assert [len(state.piles[t]) for t in state.layout.tableau] == [5] * 7
    assert all(c < FACE_DOWN for t in state.layout.tableau for c in state.piles[t])


def test_only_top_cards_nothing_built_cleared_stays_empty() -> None:
    """ "Only the top card of each pile is available." "Nothing can be built on the Tableau, and
    a pile that has been cleared stays empty." """
    state = position(GAME, waste="6C", t1="5D 7H", t2="8S", t3="6H 5S")
    allows(state, "t1>w", "t3>w")
    refuses(state, "t1>t2", "t3>t1", "w>t1", "w>t4", "t2>t4", "t1>wx2")


def test_waste_up_or_down_any_suit() -> None:
    """ "The Waste is built up or down regardless of suit: an available Tableau card may go onto
    the Waste if its rank is one above or one below the rank of the top Waste card." """
    state = position(GAME, waste="6C", t1="5D", t2="7C", t3="6H", t4="8S")
    allows(state, "t1>w", "t2>w")
    refuses(state, "t3>w", "t4>w")


def test_no_wrap_nothing_on_a_king() -> None:
    """ "Ranks do not wrap around: only a Two can follow an Ace, and once a King is on top of the
    Waste, no Tableau card can follow it." """
    ace = position(GAME, waste="AC", t1="2D", t2="KH")
    allows(ace, "t1>w")
    refuses(ace, "t2>w")
    king = position(GAME, waste="KC", t1="QD", t2="AH", stock="##5S")
    refuses(king, "t1>w", "t2>w")
    assert [king.move_text(m) for m in king.legal_moves()] == ["deal"]


def test_click_stock_when_stuck_no_redeal() -> None:
    """ "Click the Stock to turn its next card onto the Waste." "Do this at the start, and again
    whenever no Tableau card fits or the Waste shows a King." "There is no redeal." """
    state = position(GAME, stock="##2S ##9D", waste="KC", t1="8D")
    played = after(state, "deal")
    assert pile_text(played, "waste") == "KC 9D"
    allows(played, "t1>w")
    empty = after(played, "deal")
    assert empty.pile("s") == () and empty.stock_status == "empty"
    refuses(empty, "redeal")


def test_click_or_double_click_tableau_card() -> None:
    """ "Click or double-click an available Tableau card to play it onto the Waste when it
    fits." """
    state = position(GAME, waste="6C", t1="5D", t2="9S")
    assert goal_piles(state) == (state.layout.waste,)
    assert state.move_text(foundation_move(state, state.layout.index["t1"]) or "") == "t1>w"
    assert foundation_move(state, state.layout.index["t2"]) is None


def test_goal_clear_the_tableau() -> None:
    """Goal: clear the Tableau; cards left in the Stock do not matter. Each card moved to the
    Waste scores one point, at most 35."""
    state = position(GAME, waste="6C", t1="5D", stock="##2S ##9D")
    assert not state.is_won()
    won = after(state, "t1>w")
    assert won.is_won() and won.legal_moves() == []
    assert state.score == 34 and won.score == 35 == won.rules.max_score
    assert autofinish_moves(state) is None  # two choices: the engine does not pick
    last = position(GAME, waste="6C", t1="5D")
    finish = autofinish_moves(last)
    assert finish is not None and [last.move_text(m) for m in finish] == ["t1>w"]
