"""A double-tap does what the game's help says a double-click does, the same way in every game.

Every seed help says it of a card: "Double clicking on a card will move it to the appropriate
Foundation pile if such a move is possible." A card on a foundation is already there, so a
double-tap on a foundation does nothing, unless the help says a double-click on a foundation
sends every card up (Klondike's and Eight Off's do): that is the rules' flag
``foundation_double_click_sends_up``, read from the help, never a check on the game's name.
"""

from __future__ import annotations

import re

import pytest

from generator.check.positions import position
from generator.pipeline import project_root
from runtime.app.controller import Controller
from runtime.engine import State, load_game, new_game
from runtime.engine.assist import foundation_move, send_up_moves
from runtime.engine.catalog import game_ids

SPECS = project_root() / "specs"
SENDS_UP = re.compile(r"double-click\s+a\s+foundation\s+to\s+send\s+up", re.IGNORECASE)


def _with_cards_to_send_up(game: str) -> State | None:
    """A position reached in play from which two or more cards can go up."""
    for seed in range(60):
        state = new_game(game, None, seed)
        for _ in range(60):
            if len(send_up_moves(state)) >= 2:
                return state
            moves = state.legal_moves()
            if not moves:
                break
            up = [m for m in moves if m.dst in state.layout.foundations]
            state.apply(up[0] if up else moves[seed % len(moves)])
    return None


@pytest.mark.parametrize("game", game_ids())
def test_flag_comes_from_the_help(game: str) -> None:
    help_text = " ".join((SPECS / f"{game}.xml").read_text().split())
    rules = load_game(game).rules_by_options
    says_so = SENDS_UP.search(help_text) is not None
    assert all(r.foundation_double_click_sends_up is says_so for r in rules.values())


@pytest.mark.parametrize("game", game_ids())
def test_double_tap_on_a_foundation(game: str) -> None:
    if not new_game(game, None, 0).layout.foundations:
        pytest.skip(f"{game} has no foundations")
    state = _with_cards_to_send_up(game)
    if state is None:
        pytest.skip(f"{game}: no position with two cards to send up within the search")
    controller = Controller(state)
    for foundation in state.layout.foundations:
        if state.rules.foundation_double_click_sends_up:
            assert controller.double_tap(foundation) == send_up_moves(state)
        else:
            assert controller.double_tap(foundation) == []


@pytest.mark.parametrize("game", game_ids())
def test_double_tap_on_a_card_moves_that_card_only(game: str) -> None:
    state = new_game(game, None, 5)
    controller = Controller(state)
    for pile, kind in enumerate(state.layout.kinds):
        if pile in state.layout.foundations:
            continue
        move = foundation_move(state, pile)
        assert controller.double_tap(pile) == ([] if move is None else [move]), (game, kind)


def test_seed_games_double_tap_a_card_not_a_foundation() -> None:
    """Saratoga: "Double clicking on a card will move it to the appropriate Foundation pile if
    such a move is possible." Three cards could go up; a double-tap on a foundation moves
    none, a double-tap on a card moves that one."""
    state = position("saratoga", f1="AC", t1="2C", t2="AH", t3="AD", t4="9S")
    controller = Controller(state)
    assert len(send_up_moves(state)) == 3
    assert all(controller.double_tap(f) == [] for f in state.layout.foundations)
    [move] = controller.double_tap(state.layout.index["t1"])
    assert state.move_text(move) == "t1>f1"
    assert controller.double_tap(state.layout.index["t4"]) == []


def test_klondike_double_tap_on_a_foundation_sends_up_every_card() -> None:
    """Klondike: "Double-click a Foundation to send up every card that can go"."""
    state = position("klondike", f1="AC", t1="2C", t2="AH", t3="AD", t4="9S")
    controller = Controller(state)
    moves = controller.double_tap(state.layout.foundations[2])
    assert [state.move_text(m) for m in moves] == [state.move_text(m) for m in send_up_moves(state)]
    assert len(moves) == 3
