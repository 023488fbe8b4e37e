"""One suite for every game in the catalog (OpenSpiel style): seeded random games checked move
by move. New games are covered as soon as the catalog lists them.

CI plays at least MOVES_PER_GAME_ID random moves per game (spread over its option sets, a new
deal every MOVES_PER_DEAL moves or when a game ends); HELPDECK_LONG=1 plays ten times as many.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from runtime.engine import (
    DEAL,
    REDEAL,
    MoveKind,
    State,
    from_deal_code,
    game_ids,
    load_game,
    new_game,
    replay,
)
from runtime.engine.assist import autofinish_moves, foundation_move, goal_piles, hint
from runtime.engine.cards import RANK_NAMES, SUIT_LETTERS, card_text
from runtime.engine.rules import Goal
from runtime.engine.serialize import state_from_json, state_json, state_text

from .conftest import LONG
from .reference import reference_moves

SEED_GAMES = {"saratoga", "seahaven", "escalator", "lady_jane"}
MOVES_PER_GAME_ID = 30_000 if LONG else 3_000
MOVES_PER_DEAL = 250


def test_catalog_did_not_shrink() -> None:
    assert set(game_ids()) >= SEED_GAMES
    for game_id in game_ids():
        game = load_game(game_id)
        assert game.id == game_id
        # One rules value per option set; an exclusive group has exactly one option on.
        valid = set()
        for values in product((False, True), repeat=len(game.options)):
            on: dict[str, int] = {}
            for option, value in zip(game.options, values, strict=True):
                if option.group is not None:
                    on[option.group] = on.get(option.group, 0) + value
            if all(count == 1 for count in on.values()):
                valid.add(values)
        assert set(game.rules_by_options) == valid
        assert game.option_combinations() == sorted(valid)


def check_position(state: State, rng: random.Random) -> None:
    moves = state.legal_moves()
    texts = [state.move_text(m) for m in moves]
    # Unique names, and a fixed order: transfers by source pile, then the stock move.
    assert len(set(texts)) == len(texts), texts
    transfers = [m for m in moves if m.kind is MoveKind.TRANSFER]
    assert moves[: len(transfers)] == transfers
    assert [m.src for m in transfers] == sorted(m.src for m in transfers)
    assert all(m in (DEAL, REDEAL) for m in moves[len(transfers) :])
    assert len(moves) - len(transfers) <= 1
    assert state.legal_moves() == moves  # asking again gives the same list
    # The fast generator agrees with the plain reference one.
    assert set(moves) == reference_moves(state)
    # Clones are equal, and list the same moves in the same order.
    copy = state.clone()
    assert copy == state and copy.key() == state.key() and copy.legal_moves() == moves
    # Apply then undo is the identity, for every legal move.
    key, log = state.key(), state.move_log
    for move in moves:
        copy.apply(move)
        assert copy.key() != key or move.kind is not MoveKind.TRANSFER
        assert copy.undo() == move
        assert copy.key() == key and copy.move_log == log
    # Outcome.
    assert 0 <= state.score <= state.rules.max_score
    won = state.is_won()
    goal = goal_piles(state)
    assert won == goal_reached(state)
    if won:
        assert moves == [] and state.score == state.rules.max_score
    assert state.is_over() == (won or not moves)
    assert state.is_lost() == (not won and not moves)
    assert state.stock_status in ("deal", "redeal", "empty")
    # Assistance only ever proposes legal moves.
    suggestion = hint(state)
    assert (suggestion is None) == (not moves)
    assert suggestion is None or suggestion in moves
    pile = rng.randrange(len(state.piles))
    double = foundation_move(state, pile)
    assert double is None or (double in moves and double.src == pile and double.dst in goal)


def goal_reached(state: State) -> bool:
    """The goal, checked straight from the piles."""
    piles, layout, rules = state.piles, state.layout, state.rules
    deck = 52 * rules.decks
    if rules.goal is Goal.ALL_TO_FOUNDATIONS:
        return sum(len(piles[f]) for f in layout.foundations) == deck
    if rules.goal is Goal.ALL_TO_WASTE:
        return len(piles[layout.waste]) == deck and not any(piles[t] for t in layout.tableau)
    if rules.goal is Goal.TABLEAU_CLEARED:
        return not any(piles[t] for t in layout.tableau)
    whole = [
        t
        for t in layout.tableau
        if [card_text(c) for c in piles[t]]
        in ([f"{r}{s}" for r in reversed(RANK_NAMES)] for s in SUIT_LETTERS)
    ]
    on_foundations = sum(len(piles[f]) for f in layout.foundations)
    return on_foundations + 13 * len(whole) == deck and all(
        piles[t] == () or t in whole for t in layout.tableau
    )


def random_game(game_id: str, options: dict[str, bool], seed: int, rng: random.Random) -> State:
    state = new_game(game_id, options, seed)
    for step in range(MOVES_PER_DEAL):
        check_position(state, rng)
        if step % 50 == 0:
            # Serialisation round trips, part way through a game.
            assert state_from_json(state_json(state)) == state
            assert state_text(state)
        moves = state.legal_moves()
        if not moves:
            break
        finish = autofinish_moves(state) if step % 10 == 0 else None
        if finish is not None:
            for move in finish:
                state.play(move)
            assert state.is_won()
            break
        state.apply(rng.choice(moves))
    check_position(state, rng)
    again = replay(state.deal_code, [state.move_text(m) for m in state.move_log])
    assert again == state
    return state


def option_sets(game_id: str) -> list[dict[str, bool]]:
    game = load_game(game_id)
    return [
        {o.id: v for o, v in zip(game.options, values, strict=True)}
        for values in game.option_combinations()
    ]


@pytest.mark.parametrize("game_id", game_ids())
def test_random_games(game_id: str) -> None:
    rng = random.Random(f"conformance-{game_id}")
    played = deals = 0
    sets = option_sets(game_id)
    while played < MOVES_PER_GAME_ID:
        options = sets[deals % len(sets)]
        state = random_game(game_id, options, rng.randrange(2**64), rng)
        played += len(state.move_log)
        deals += 1
        assert from_deal_code(state.deal_code) == new_game(game_id, options, state.seed)
        assert deals < MOVES_PER_GAME_ID, "random games end before they start"


@pytest.mark.parametrize("game_id", game_ids())
def test_fresh_deals_have_moves(game_id: str) -> None:
    for seed in range(20):
        state = new_game(game_id, seed=seed)
        assert state.legal_moves(), f"{state.deal_code} starts with no move"
        assert not state.is_won() and state.score <= state.rules.max_score
