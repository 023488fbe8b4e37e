"""What the dead-end test (`runtime/solver/deadlock.py`) costs a position, and how many it
calls dead, on positions of random play.

    python bench/dead_end_cost.py [GAME ...] [--deals 60] [--moves 80]

From each of the first ``--deals`` deals of a game, up to ``--moves`` random legal moves
(seeded by the deal) give the positions; the test is built once per base and timed over
all of them. Runs the compiled test where `helpdeck compile-solver` has built it (set
``HELPDECK_PURE_SOLVER=1`` for the pure one). Prints per game: positions, how many are
called dead, and microseconds a position. Random play reaches dead ends far more often
than a search does, so the time is the test's cost on a dead position as much as on a
live one; the node rate of a search (`bench/node_rate.py`) is what a change must not hurt.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.engine.rules import Rules
from runtime.solver import deadlock as pure
from runtime.solver.deadlock import Deadlock, Piles
from runtime.solver.model import Model, model_for
from runtime.solver.native import DEPTH_FIRST_PREFIX, compiled_depth_first

GAMES = ("lady_jane", "agnes", "easthaven", "yukon", "klondike", "king_albert")


def positions(game: str, deals: int, moves: int) -> list[tuple[Rules, int, Piles, int]]:
    """(rules, base, piles, redeals left) of every position of random play from the game's
    deals."""
    found: list[tuple[Rules, int, Piles, int]] = []
    for seed in range(deals):
        state = new_game(game, None, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.base or not state.rules.base_choices:
                found.append((state.rules, state.base, state.piles, state.redeals_left))
            legal = state.legal_moves()
            if not legal:
                break
            state.apply(rng.choice(legal))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--moves", type=int, default=80)
    args = parser.parse_args()
    unknown = [game for game in args.games if game not in game_ids()]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; `helpdeck games` lists them")
    built = compiled_depth_first() is not None
    module = (
        importlib.import_module(f"runtime.solver.{DEPTH_FIRST_PREFIX}deadlock") if built else pure
    )
    deadlock: Callable[[Model], Deadlock | None] = module.deadlock_function
    print(f"the {'compiled' if built else 'pure'} test")
    print(f"{'game':14} {'positions':>9} {'dead':>6} {'us/position':>11}")
    for game in args.games:
        found = positions(game, args.deals, args.moves)
        tests: dict[tuple[int, int], Deadlock | None] = {}
        for rules, base, _, _ in found:
            key = (id(rules), base)
            if key not in tests:
                tests[key] = deadlock(model_for(rules, base))
        if all(test is None for test in tests.values()):
            print(f"{game:14} {'no test for its rules':>28}")
            continue
        dead = 0
        started = time.perf_counter()
        for rules, base, piles, redeals_left in found:
            test = tests[(id(rules), base)]
            dead += bool(test is not None and test(piles, redeals_left))
        spent = time.perf_counter() - started
        print(f"{game:14} {len(found):9,} {dead:6,} {spent * 1e6 / len(found):11.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
