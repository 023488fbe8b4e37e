"""The generic depth-first search's speed: nodes per CPU second on a few games.

    python bench/solve_depth_first.py [--max-nodes 50000] [--pure] [--lines]
                                      [--game saratoga:0-19 ...]

It runs compiled when ``helpdeck compile-solver`` has built it, else pure Python;
``--pure`` forces pure Python. The first line says which ran. Per game: deals, nodes,
CPU seconds (`time.process_time`, steadier than wall time on a shared machine), nodes
per CPU second and the verdicts; then the run's peak memory. ``--lines`` also prints each
deal's verdict, nodes and a digest of its winning line, to compare builds deal by deal.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import os
import resource
import time

from runtime.engine import new_game
from runtime.solver import native, solve

DEFAULT_GAMES = ("saratoga:0-19", "lady_jane:0-19", "golf:0-9")


def seeds_of(spec: str) -> tuple[str, range]:
    game, _, span = spec.partition(":")
    first, _, last = span.partition("-")
    return game, range(int(first), int(last or first) + 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-nodes", type=int, default=50_000)
    parser.add_argument("--pure", action="store_true", help="pure Python")
    parser.add_argument("--lines", action="store_true", help="one line per deal")
    parser.add_argument("--game", action="append", help="GAME:FIRST-LAST (repeatable)")
    args = parser.parse_args()
    if args.pure:
        os.environ["HELPDECK_PURE_SOLVER"] = "1"
        native.compiled_cells.cache_clear()
        native.compiled_depth_first.cache_clear()
    build = "compiled (mypyc)" if native.compiled_depth_first() else "pure Python"
    print(f"depth-first search: {build}, {args.max_nodes:,} nodes a deal")
    for spec in args.game or DEFAULT_GAMES:
        game, seeds = seeds_of(spec)
        nodes = 0
        cpu = 0.0
        verdicts: collections.Counter[str] = collections.Counter()
        for seed in seeds:
            state = new_game(game, None, seed)
            started = time.process_time()
            # The search's own lines and time (lines compare across versions).
            result = solve(state, max_nodes=args.max_nodes, cut_detours=False)
            cpu += time.process_time() - started
            nodes += result.nodes
            verdicts[result.verdict.value] += 1
            if args.lines:
                line = " ".join(str(move) for move in result.moves)
                digest = hashlib.sha256(line.encode()).hexdigest()[:12]
                print(f"  {game} {seed}: {result.verdict.value} {result.nodes} {digest}")
        rate = nodes / cpu if cpu else 0.0
        counts = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
        print(f"{spec:16} {nodes:9,} nodes {cpu:7.2f} CPU s {rate:8,.0f} nodes/CPU s  ({counts})")
    # The process's peak resident memory (kilobytes on Linux): the largest search's tables.
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"peak memory: {peak / 1024:,.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
