"""One suite for every game in the catalog (OpenSpiel style): seeded random games checked move
by move, by `generator.check.conformance` (which `helpdeck check GAME` runs too). New games are
covered as soon as the catalog lists them.

CI plays at least MOVES_PER_GAME random moves per game (spread over its option sets, a new deal
every MOVES_PER_DEAL moves or when a game ends); HELPDECK_LONG=1 plays ten times as many.
"""

from __future__ import annotations

import random

import pytest

from generator.check.conformance import (
    MOVES_PER_GAME,
    ConformanceError,
    check_position,
    fresh_deal_failures,
    option_set_failures,
    random_game_failures,
)
from runtime.engine import State, game_ids, new_game

from .conftest import LONG

SEED_GAMES = {"saratoga", "seahaven", "escalator", "lady_jane"}


def test_catalog_did_not_shrink() -> None:
    assert set(game_ids()) >= SEED_GAMES
    for game_id in game_ids():
        assert option_set_failures(game_id) == []


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games(game_id: str) -> None:
    failures = random_game_failures(game_id, MOVES_PER_GAME * (10 if LONG else 1))
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("game_id", game_ids())
def test_fresh_deals_have_moves(game_id: str) -> None:
    assert fresh_deal_failures(game_id) == []


def test_a_broken_invariant_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game("saratoga", seed=1)
    check_position(state, random.Random(0))
    monkeypatch.setattr(State, "is_lost", lambda self: True)
    with pytest.raises(ConformanceError, match="is_lost"):
        check_position(state, random.Random(0))
