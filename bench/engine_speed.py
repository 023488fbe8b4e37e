"""Engine speed per game: ``python bench/engine_speed.py [--seconds S] [--profile GAME]``.

Prints, for every game in the catalog:

- legal-move generations per second (uncached: positions taken from random games);
- apply+undo pairs per second (every legal move of those positions);
- full random playouts per second (random legal move until the game ends or 1000 moves),
  with the random moves per second they amount to.

Rates are per second of this process's CPU time (`time.process_time`), so a busy machine
slows the run but barely changes the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.engine import Move, State, game_ids, new_game

PLAYOUT_LIMIT = 1000
# CPU time of this process: figures stay comparable when other jobs share the machine.
clock = time.process_time


def sample_positions(game_id: str, count: int, rng: random.Random) -> list[State]:
    """Positions met in random games: clones taken every few moves."""
    positions: list[State] = []
    while len(positions) < count:
        state = new_game(game_id, seed=rng.randrange(2**32))
        for step in range(200):
            moves = state.legal_moves()
            if not moves:
                break
            if step % 3 == 0:
                positions.append(state.clone())
            state.apply(rng.choice(moves))
    return positions[:count]


def generations_per_second(positions: list[State], seconds: float) -> float:
    done = 0
    start = clock()
    while clock() - start < seconds:
        for state in positions:
            state._cached_piles = None  # measure generation, not the per-position cache
            state.legal_moves()
        done += len(positions)
    return done / (clock() - start)


def apply_undo_per_second(positions: list[State], seconds: float) -> float:
    work: list[tuple[State, list[Move]]] = [(s, s.legal_moves()) for s in positions]
    done = 0
    start = clock()
    while clock() - start < seconds:
        for state, moves in work:
            apply = state.apply
            undo = state.undo
            for move in moves:
                apply(move)
                undo()
            done += len(moves)
    return done / (clock() - start)


def playouts(game_id: str, seconds: float, rng: random.Random) -> tuple[float, float]:
    games = moves_played = 0
    start = clock()
    while clock() - start < seconds:
        state = new_game(game_id, seed=rng.randrange(2**32))
        choice = rng.choice
        for _ in range(PLAYOUT_LIMIT):
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(choice(moves))
            moves_played += 1
        games += 1
    elapsed = clock() - start
    return games / elapsed, moves_played / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--profile", metavar="GAME", help="cProfile random playouts of GAME")
    args = parser.parse_args(argv)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(playouts, args.profile, args.seconds * 3, random.Random(1))
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
        return 0
    print(f"{'game':<12} {'gen/s':>10} {'apply+undo/s':>13} {'playouts/s':>11} {'moves/s':>9}")
    for game_id in game_ids():
        rng = random.Random(f"bench-{game_id}")
        positions = sample_positions(game_id, 400, rng)
        gen = generations_per_second(positions, args.seconds)
        pairs = apply_undo_per_second(positions, args.seconds)
        games, moves = playouts(game_id, args.seconds, rng)
        print(f"{game_id:<12} {gen:>10,.0f} {pairs:>13,.0f} {games:>11,.1f} {moves:>9,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
