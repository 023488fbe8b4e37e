"""Engine memory per game: ``python bench/engine_memory.py [--positions N]``.

Prints, per game: a fresh state; a state after 200 random moves (its undo snapshots share
the pile tuples a move did not touch); and the bytes per position of a set of N distinct
canonical keys (what a solver's transposition table holds), counting shared objects once.
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any

from runtime.engine import State, game_ids, new_game


def allocated(build: Callable[[], Any]) -> int:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    keep = build()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del keep
    return after - before


def played(game_id: str, moves: int, seed: int) -> State:
    state = new_game(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


def distinct_keys(game_id: str, count: int) -> set[Any]:
    rng = random.Random(4)
    state = new_game(game_id, seed=4)
    seen: set[Any] = set()
    for _ in range(count * 20):
        if len(seen) >= count:
            break
        legal = state.legal_moves()
        if not legal:
            state = new_game(game_id, seed=rng.randrange(1 << 30))
            continue
        state.apply(rng.choice(legal))
        seen.add(state.key())
    return seen


def deep_size(root: Any) -> int:
    """Bytes of ``root`` and everything it holds, each object counted once."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or (isinstance(item, bool | int) and -5 <= item <= 256):
            continue  # small ints are shared by the interpreter
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=20_000)
    args = parser.parse_args()
    print(f"{'game':<20}{'fresh state':>12}{'after 200 moves':>17}{'bytes/key':>11}")
    for game_id in game_ids():
        new_game(game_id, seed=0).legal_moves()  # per-game tables, built once, not counted
        fresh = allocated(lambda g=game_id: new_game(g, seed=1))
        history = allocated(lambda g=game_id: played(g, 200, 2))
        keys = distinct_keys(game_id, args.positions)
        per_key = deep_size(keys) / max(len(keys), 1)
        print(f"{game_id:<20}{fresh / 1024:>10.1f}KB{history / 1024:>15.1f}KB{per_key:>11.0f}")


if __name__ == "__main__":
    main()
