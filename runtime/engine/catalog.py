"""The games the runtime can load: whatever `generated/catalog.py` lists."""

from __future__ import annotations

import difflib
import importlib
from functools import cache

from runtime.engine.rules import GameDefinition


class UnknownGameError(LookupError):
    pass


def game_ids() -> tuple[str, ...]:
    from generated.catalog import GAMES

    return tuple(game_id for game_id, _title in GAMES)


def game_titles() -> dict[str, str]:
    from generated.catalog import GAMES

    return dict(GAMES)


@cache
def load_game(game_id: str) -> GameDefinition:
    ids = game_ids()
    if game_id not in ids:
        # Not every id: with dozens of games that made an error line of 700 characters.
        close = difflib.get_close_matches(str(game_id), ids, n=3)
        hint = f"did you mean {' or '.join(close)}? " if close else ""
        raise UnknownGameError(
            f"unknown game {game_id!r:.80}; {hint}`helpdeck games` lists all {len(ids)}"
        )
    module = importlib.import_module(f"generated.rules.{game_id}")
    game: GameDefinition = module.GAME
    return game
