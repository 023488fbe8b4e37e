"""Shared helpers for the engine tests (see `positions` for building positions from text)."""

from __future__ import annotations

import os

import pytest

from runtime.engine import State, game_ids, new_game

LONG = os.environ.get("HELPDECK_LONG") == "1"


# Every option set of every game in the catalog, as (game id, options) pairs.
def option_sets() -> list[tuple[str, dict[str, bool]]]:
    from runtime.engine import load_game

    sets: list[tuple[str, dict[str, bool]]] = []
    for game_id in game_ids():
        game = load_game(game_id)
        for values in game.option_combinations():
            sets.append((game_id, {o.id: v for o, v in zip(game.options, values, strict=True)}))
    return sets


@pytest.fixture(params=game_ids())
def game_id(request: pytest.FixtureRequest) -> str:
    param: str = request.param
    return param


@pytest.fixture
def fresh(game_id: str) -> State:
    return new_game(game_id, seed=1)
