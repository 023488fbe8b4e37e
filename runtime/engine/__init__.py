"""Helpdeck's headless engine: one State API for every generated game. Imports no Kivy."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from runtime.engine.catalog import UnknownGameError, game_ids, load_game
from runtime.engine.dealcode import DealCodeError, parse_deal_code
from runtime.engine.moves import DEAL, REDEAL, IllegalMoveError, Move, MoveKind, MoveSyntaxError
from runtime.engine.rules import GameDefinition, PileKind, Rules
from runtime.engine.state import State

__all__ = [
    "DEAL",
    "REDEAL",
    "DealCodeError",
    "GameDefinition",
    "IllegalMoveError",
    "Move",
    "MoveKind",
    "MoveSyntaxError",
    "PileKind",
    "Rules",
    "State",
    "UnknownGameError",
    "from_deal_code",
    "game_ids",
    "load_game",
    "new_game",
    "replay",
]


def new_game(game_id: str, options: Mapping[str, bool] | None = None, seed: int = 0) -> State:
    return State.new(load_game(game_id), options, seed)


def from_deal_code(code: str) -> State:
    game_id = code.strip().split("-", 1)[0]
    game = load_game(game_id)
    parsed = parse_deal_code(code, game)
    return State.new(game, parsed.options, parsed.seed)


def replay(code: str, moves: Iterable[str]) -> State:
    """The state after playing ``moves`` (move text) from the deal ``code``; checks each."""
    state = from_deal_code(code)
    state.replay_moves(moves)
    return state
