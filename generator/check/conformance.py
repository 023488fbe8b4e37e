"""One suite for every game (OpenSpiel style): seeded random games checked move by move.

Each position reached is checked for unique, ordered move names, agreement with the plain
reference generator (`reference`), clone equality, apply-then-undo identity, outcome and score
bounds, and assistance that only proposes legal moves; part way through, the position must
round-trip through the deal JSON, and every finished game must replay from its deal code.
Failures are returned as messages naming the deal code and move, never raised.
"""

from __future__ import annotations

import random
from itertools import product

from generator.check.reference import reference_moves
from runtime.engine import (
    DEAL,
    REDEAL,
    MoveKind,
    State,
    from_deal_code,
    load_game,
    new_game,
    replay,
)
from runtime.engine.assist import autofinish_moves, foundation_move, goal_piles, hint
from runtime.engine.cards import RANK_NAMES, SUIT_LETTERS, card_text
from runtime.engine.rules import Goal, Scoring
from runtime.engine.serialize import state_from_json, state_json, state_text

MOVES_PER_GAME = 3_000  # CI; HELPDECK_LONG=1 plays ten times as many
MOVES_PER_DEAL = 250
FRESH_DEALS = 20


class ConformanceError(Exception):
    """One broken invariant, described for a person."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def option_sets(game_id: str) -> list[dict[str, bool]]:
    game = load_game(game_id)
    return [
        {o.id: v for o, v in zip(game.options, values, strict=True)}
        for values in game.option_combinations()
    ]


def option_set_failures(game_id: str) -> list[str]:
    """One rules value per valid option set; an exclusive group has exactly one option on."""
    game = load_game(game_id)
    if game.id != game_id:
        return [f"{game_id}: the catalog's module defines {game.id!r}"]
    valid = set()
    for values in product((False, True), repeat=len(game.options)):
        on: dict[str, int] = {}
        for option, value in zip(game.options, values, strict=True):
            if option.group is not None:
                on[option.group] = on.get(option.group, 0) + value
        if all(count == 1 for count in on.values()):
            valid.add(values)
    failures = []
    if set(game.rules_by_options) != valid:
        failures.append(
            f"{game_id}: rules are defined for {sorted(game.rules_by_options)}, "
            f"the valid option sets are {sorted(valid)}"
        )
    if game.option_combinations() != sorted(valid):
        failures.append(f"{game_id}: option_combinations() is not the sorted valid option sets")
    return failures


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


def check_position(state: State, rng: random.Random) -> None:
    """Every invariant of one position; raises `ConformanceError`."""
    moves = state.legal_moves()
    texts = [state.move_text(m) for m in moves]
    # Unique names, and a fixed order: transfers by source pile, then the stock move.
    _require(len(set(texts)) == len(texts), f"duplicate move names: {texts}")
    transfers = [m for m in moves if m.kind is MoveKind.TRANSFER]
    _require(moves[: len(transfers)] == transfers, f"stock move before a card move: {texts}")
    _require(
        [m.src for m in transfers] == sorted(m.src for m in transfers),
        f"card moves not ordered by source pile: {texts}",
    )
    rest = moves[len(transfers) :]
    _require(all(m in (DEAL, REDEAL) for m in rest) and len(rest) <= 1, f"stock moves: {texts}")
    _require(state.legal_moves() == moves, "asking again gives other moves")
    # The fast generator agrees with the plain reference one.
    reference = reference_moves(state)
    if set(moves) != reference:
        extra = sorted(state.move_text(m) for m in set(moves) - reference)
        missing = sorted(state.move_text(m) for m in reference - set(moves))
        raise ConformanceError(
            f"legal_moves() differs from the reference: extra {extra}, missing {missing}"
        )
    # Clones are equal, and list the same moves in the same order.
    copy = state.clone()
    _require(copy == state and copy.key() == state.key(), "a clone differs from its original")
    _require(copy.legal_moves() == moves, "a clone lists other moves")
    # Apply then undo is the identity, for every legal move.
    key, log = state.key(), state.move_log
    for move in moves:
        copy.apply(move)
        text = state.move_text(move)
        _require(copy.key() != key or move.kind is not MoveKind.TRANSFER, f"{text} changes nothing")
        _require(copy.undo() == move, f"undo after {text} undoes another move")
        _require(copy.key() == key and copy.move_log == log, f"apply then undo {text} differs")
    # Outcome.
    _require(0 <= state.score <= state.rules.max_score, f"score {state.score} out of bounds")
    won = state.is_won()
    _require(won == goal_reached(state), f"is_won() is {won}, the piles say otherwise")
    if won:
        _require(moves == [], f"moves after the game is won: {texts}")
        # Scoring only cards laid on cards, a win may leave several foundations started; a
        # running score (sequences) depends on how the game was won.
        _require(
            state.score == state.rules.max_score
            or state.rules.scoring in (Scoring.FOUNDATION_CARDS_ON_CARDS, Scoring.SEQUENCES),
            f"won with score {state.score}",
        )
    _require(state.is_over() == (won or not moves), "is_over() disagrees")
    _require(state.is_lost() == (not won and not moves), "is_lost() disagrees")
    _require(state.stock_status in ("deal", "redeal", "empty"), f"{state.stock_status=}")
    # Assistance only ever proposes legal moves.
    suggestion = hint(state)
    _require((suggestion is None) == (not moves), f"hint {suggestion} with moves {texts}")
    _require(suggestion is None or suggestion in moves, "hint proposes an illegal move")
    pile = rng.randrange(len(state.piles))
    double = foundation_move(state, pile)
    goal = goal_piles(state)
    to_tableau = state.rules.double_click_to_tableau
    _require(
        double is None
        or (
            double in moves
            and double.src == pile
            and (double.dst in goal or (to_tableau and double.dst in state.layout.tableau))
        ),
        f"double-click on {state.layout.names[pile]} proposes {double}",
    )


def random_game(state: State, rng: random.Random) -> None:
    """Plays a random game on from ``state``, checking every position; raises
    `ConformanceError` (``state`` is left where the failure was found)."""
    for step in range(MOVES_PER_DEAL):
        check_position(state, rng)
        if step % 50 == 0:
            # Serialisation round trips, part way through a game.
            _require(state_from_json(state_json(state)) == state, "deal JSON does not round-trip")
            _require(bool(state_text(state)), "state_text is empty")
        moves = state.legal_moves()
        if not moves:
            break
        finish = autofinish_moves(state) if step % 10 == 0 else None
        if finish is not None:
            for move in finish:
                state.play(move)
            _require(state.is_won(), "auto-finish does not win")
            break
        state.apply(rng.choice(moves))
    check_position(state, rng)
    again = replay(state.deal_code, [state.move_text(m) for m in state.move_log])
    _require(again == state, "replaying the move log from the deal code gives another position")


def random_game_failures(game_id: str, moves: int = MOVES_PER_GAME) -> list[str]:
    """At least ``moves`` random moves over the game's option sets; the first failure found."""
    rng = random.Random(f"conformance-{game_id}")
    played = deals = 0
    sets = option_sets(game_id)
    while played < moves:
        options = sets[deals % len(sets)]
        seed = rng.randrange(2**64)
        state = new_game(game_id, options, seed)
        try:
            random_game(state, rng)
            if from_deal_code(state.deal_code) != new_game(game_id, options, seed):
                raise ConformanceError("the deal code does not give the same deal")
        except ConformanceError as error:
            log = " ".join(state.move_text(m) for m in state.move_log[-5:])
            return [f"{state.deal_code} after {len(state.move_log)} moves (… {log}): {error}"]
        played += len(state.move_log)
        deals += 1
        if deals >= moves:
            return [f"{game_id}: random games end before they start"]
    return []


def fresh_deal_failures(game_id: str, deals: int = FRESH_DEALS) -> list[str]:
    """Fresh deals start neither won nor above the maximum score, and most have a move. A
    game dealt wholly face up may deal a dead position now and then (Fortress: about one deal
    in thirty, as in Aisleriot); such a deal must be over. More than a quarter of the deals
    without a move is a broken game."""
    failures, dead = [], []
    for seed in range(deals):
        state = new_game(game_id, seed=seed)
        if not state.legal_moves():
            dead.append(state.deal_code)
            if not state.is_over():
                failures.append(f"{state.deal_code} starts with no move but is not over")
        if state.is_won() or state.score > state.rules.max_score:
            failures.append(f"{state.deal_code} starts won or above the maximum score")
    if len(dead) > deals // 4:
        failures += [f"{code} starts with no move" for code in dead]
    return failures


def conformance_failures(game_id: str, moves: int = MOVES_PER_GAME) -> list[str]:
    """Everything above for one game."""
    return (
        option_set_failures(game_id)
        + fresh_deal_failures(game_id)
        + random_game_failures(game_id, moves)
    )
