"""Hint latency on realistic positions: median, p95 and p99 per game, wall and CPU time.

    python bench/solve_hint.py [--deals 25] [--games saratoga,seahaven,escalator,lady_jane]
                               [--time-limit S] [--max-nodes N]

``--max-nodes N`` gives each hint's search a node budget instead of the time limit, so the
sample and the verdict mix are the same on any machine and load (with a time budget they
move with the load); the times then say what N nodes cost.

The sample, per game and seed (seeds 0..deals-1, default options):

- the deal itself;
- the positions after 3, 10 and 25 random legal moves from the deal (``random.Random(seed)``;
  a position where the game ended earlier is used as it stands);
- the position reached by following 10 hints from the deal.

Every hint is asked with the line cache emptied first, so it measures a real search (a
player who follows hints usually hits the cache and gets the next move at once). The
verdict mix (winnable / unwinnable / unknown, where unknown means the basic hint was
returned at the budget) is printed with the times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from runtime.engine import State, new_game
from runtime.solver import hint as hint_module
from runtime.solver import solver_hint
from runtime.solver.hint import DEFAULT_HINT_TIME

RANDOM_STEPS = (3, 10, 25)
HINT_STEPS = 10


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def sample(game: str, seed: int, time_limit: float, max_nodes: int | None) -> list[State]:
    start = new_game(game, None, seed)
    positions = [start]
    rng = random.Random(seed)
    for steps in RANDOM_STEPS:
        state = start.clone()
        for _ in range(steps):
            legal = state.legal_moves()
            if not legal:
                break
            state.apply(rng.choice(legal))
        positions.append(state)
    state = start.clone()
    for _ in range(HINT_STEPS):
        result = solver_hint(state, time_limit, max_nodes)
        if result.move is None:
            break
        state.play(result.move)
    positions.append(state)
    return positions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--games", default="saratoga,seahaven,escalator,lady_jane")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_HINT_TIME)
    parser.add_argument("--max-nodes", type=int, default=None, help="instead of the time")
    args = parser.parse_args()
    budget = f"{args.time_limit} s" if args.max_nodes is None else f"{args.max_nodes} nodes"
    print(
        f"hint latency, {args.deals} deals x {len(RANDOM_STEPS) + 2} positions per game, "
        f"budget {budget}, line cache emptied before each hint"
    )
    for game in args.games.split(","):
        wall: list[float] = []
        cpu: list[float] = []
        verdicts: Counter[str] = Counter()
        for seed in range(args.deals):
            for state in sample(game, seed, args.time_limit, args.max_nodes):
                hint_module._next_moves.clear()
                started, started_cpu = time.perf_counter(), time.process_time()
                result = solver_hint(state, args.time_limit, args.max_nodes)
                cpu.append(time.process_time() - started_cpu)
                wall.append(time.perf_counter() - started)
                verdicts[result.verdict.value] += 1
            print(f"\r{game} {seed + 1}/{args.deals}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        mix = ", ".join(f"{v} {verdicts[v]}" for v in ("winnable", "unwinnable", "unknown"))
        print(
            f"{game:<10} n={len(wall):3d}  wall median {statistics.median(wall) * 1e3:6.1f} ms"
            f"  p95 {percentile(wall, 0.95) * 1e3:6.1f}  p99 {percentile(wall, 0.99) * 1e3:6.1f}"
            f"  | CPU median {statistics.median(cpu) * 1e3:6.1f} ms"
            f"  p95 {percentile(cpu, 0.95) * 1e3:6.1f}  p99 {percentile(cpu, 0.99) * 1e3:6.1f}"
            f"  | {mix}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
