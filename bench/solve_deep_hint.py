"""Deep hints from the deal: how often the quick hint decides nothing, how long the deep
hint (`runtime.solver.hint.deep_hint`) then takes, and whether following the hints after
it wins.

    python bench/solve_deep_hint.py [--deals 10] [--games spider/one_suit,giant,...]
                                    [--max-nodes 300000] [--time-limit 30]

A game may name options after a slash, each switched on (``spider/two_suits``). Per deal:
the quick hint (80 ms) from the deal; where it is unknown, the deep hint with the line
cache emptied first, timed (wall and CPU); where that is winnable, the hints after it are
followed to the end (they come from the remembered line) and the deal must be won.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from runtime.engine import new_game
from runtime.solver import Verdict, solver_hint
from runtime.solver import hint as hint_module
from runtime.solver.hint import DEEP_HINT_NODES, DEEP_HINT_TIME, deep_hint

GAMES = "spider/one_suit,spider/two_suits,spider,spiderette,giant,gypsy,lady_jane,saratoga"
FOLLOW_LIMIT = 5_000  # hints followed after a winnable deep hint


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--games", default=GAMES)
    parser.add_argument(
        "--max-nodes", type=int, help="default: each game's survey limit (`deep_hint_nodes`)"
    )
    parser.add_argument("--time-limit", type=float, default=DEEP_HINT_TIME)
    args = parser.parse_args()
    print(
        f"deep hints from the deal, seeds 0..{args.deals - 1}, budget "
        f"{args.max_nodes or f'each game survey limit, at least {DEEP_HINT_NODES}'} nodes "
        f"within {args.time_limit} s"
    )
    for name in args.games.split(","):
        game, *switched = name.split("/")
        options = dict.fromkeys(switched, True)
        wall: list[float] = []
        cpu: list[float] = []
        verdicts: Counter[str] = Counter()
        decided_quickly = won = 0
        for seed in range(args.deals):
            state = new_game(game, options, seed)
            hint_module._next_moves.clear()
            if solver_hint(state).verdict is not Verdict.UNKNOWN:
                decided_quickly += 1
                continue
            hint_module._next_moves.clear()
            started, started_cpu = time.perf_counter(), time.process_time()
            result = deep_hint(state, args.max_nodes, args.time_limit)
            cpu.append(time.process_time() - started_cpu)
            wall.append(time.perf_counter() - started)
            verdicts[result.verdict.value] += 1
            if result.verdict is Verdict.WINNABLE:
                for _ in range(FOLLOW_LIMIT):
                    step = solver_hint(state)
                    if step.move is None:
                        break
                    state.play(step.move)
                won += state.is_won()
            print(f"\r{name} {seed + 1}/{args.deals}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        mix = ", ".join(f"{v} {verdicts[v]}" for v in ("winnable", "unwinnable", "unknown"))
        times = (
            f"wall median {statistics.median(wall):6.2f} s  max {max(wall):6.2f}"
            f"  | CPU median {statistics.median(cpu):6.2f} s"
            if wall
            else "no deep hint needed"
        )
        print(
            f"{name:<17} quick decided {decided_quickly:2d}  deep {len(wall):2d}: {mix}"
            f"  | {times}  | followed to a win {won}/{verdicts['winnable']}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
