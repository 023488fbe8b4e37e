"""Greedy playouts and nested rollouts alone, on the same node budget: playouts
(`runtime.solver.playouts`) against nested rollouts (`runtime.solver.rollouts`).

    python bench/solve_playouts.py [--deals 10] [--max-nodes 150000] [--games giant,...]
    python bench/solve_playouts.py --unknown-in bench/surveys/*.jsonl [--deals 8]
    python bench/solve_playouts.py --games jumbo --first 300 --deals 20 --max-nodes 225000 \
        --one-move-a-step

    python bench/solve_playouts.py --unknown-in bench/surveys/bakers_dozen-2m.jsonl \
        --won-after 1333334 --deals 8 --max-nodes 333000 --scheduled-only

A game may name options after a slash, each switched on (``spider/two_suits``). With
``--unknown-in``, the deals are the first ``--deals`` each survey file left unknown, with
its game and options, instead of seeds ``--first`` .. ``--first`` + deals - 1; with
``--won-after N`` too, the first it won past N nodes instead (what a later phase of the
schedule won). ``--one-move-a-step`` adds rollouts whose line never strides
(`rollouts.ALLOWANCE` unbounded), as they were before session 54. ``--scheduled-only``
runs, instead of the columns above, what a schedule hands a share to: greedy playouts then
nested rollouts (`solve_by_playouts_then_rollouts`, compiled where built), over stock
moves with ``--stock``. The default budget is what the early share of a 300,000-node
survey gets (`search.py`). Node-limited, so the figures are the same on any machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from runtime.engine import new_game
from runtime.engine.state import State
from runtime.solver import SolveResult, Verdict, rollouts
from runtime.solver.native import rollouts_module
from runtime.solver.playouts import solve_by_playouts
from runtime.solver.rollouts import solve_by_rollouts

GAMES = (
    "giant,gypsy,spider/two_suits,jumbo,terrace,forty_thieves,spiderette,"
    "spider_three_decks,will_o_the_wisp,backbone,sir_tommy"
)
Deals = list[tuple[str, dict[str, bool] | None, int]]


def searches(args: argparse.Namespace) -> list[Callable[[State], SolveResult]]:
    max_nodes = args.max_nodes
    if args.scheduled_only:
        run = rollouts_module().solve_by_playouts_then_rollouts
        return [lambda state: run(state, max_nodes, None, 0, args.stock)]
    chosen = [
        lambda state: solve_by_playouts(state, max_nodes, None),
        lambda state: solve_by_rollouts(state, max_nodes, None),
    ]
    if args.one_move_a_step:
        chosen.append(lambda state: _one_move_a_step(state, max_nodes))
    return chosen


def _one_move_a_step(state: State, max_nodes: int) -> SolveResult:
    """Rollouts whose allowance is never overrun, so their line never strides."""
    allowance = rollouts.ALLOWANCE
    rollouts.ALLOWANCE = 1e12
    try:
        return solve_by_rollouts(state, max_nodes, None)
    finally:
        rollouts.ALLOWANCE = allowance


def by_game(args: argparse.Namespace) -> Iterator[tuple[str, Deals]]:
    if args.unknown_in:
        for path in args.unknown_in:
            records = [json.loads(line) for line in path.read_text().splitlines() if line]
            chosen = sorted((r for r in records if _chosen(r, args)), key=lambda r: r["seed"])
            yield (
                path.stem,
                [(r["game"], r["options"] or None, r["seed"]) for r in chosen][: args.deals],
            )
        return
    for name in args.games.split(","):
        game, *switched = name.split("/")
        options = dict.fromkeys(switched, True) or None
        yield name, [(game, options, seed) for seed in range(args.first, args.first + args.deals)]


def _chosen(record: dict[str, Any], args: argparse.Namespace) -> bool:
    if args.won_after is None:
        return bool(record["verdict"] == "unknown")
    return bool(record["verdict"] == "winnable" and record["nodes"] > args.won_after)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="first seed (without --unknown-in)")
    parser.add_argument("--one-move-a-step", action="store_true")
    parser.add_argument("--max-nodes", type=int, default=150_000)
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--unknown-in", type=Path, nargs="*", help="survey files (JSON lines)")
    parser.add_argument("--won-after", type=int, help="with --unknown-in: deals won past N")
    parser.add_argument("--scheduled-only", action="store_true")
    parser.add_argument("--stock", action="store_true", help="with --scheduled-only")
    args = parser.parse_args()
    print(f"{args.max_nodes} nodes a deal")
    columns: tuple[str, ...] = ("playouts", "rollouts")
    if args.scheduled_only:
        columns = ("over stock moves",) if args.stock else ("scheduled",)
    elif args.one_move_a_step:
        columns += ("one a step",)
    print(f"{'game':<24} " + " ".join(f"{c:>13}" for c in columns) + "   median nodes to win  CPU")
    totals = [0] * len(columns)
    for name, deals in by_game(args):
        won = [0] * len(columns)
        nodes: list[list[int]] = [[] for _ in columns]
        cpu = time.process_time()
        for game, options, seed in deals:
            state = new_game(game, options, seed)
            for column, search in enumerate(searches(args)):
                found = search(state)
                if found.verdict is Verdict.WINNABLE:
                    won[column] += 1
                    nodes[column].append(found.nodes)
        medians = " / ".join(f"{statistics.median(n):,.0f}" if n else "-" for n in nodes)
        counts = " ".join(f"{w:>13}" for w in won)
        print(
            f"{name:<24} {counts}   {medians}  {time.process_time() - cpu:.0f}s ({len(deals)})",
            flush=True,
        )
        totals = [t + w for t, w in zip(totals, won, strict=True)]
    print(f"{'all':<24} " + " ".join(f"{t:>13}" for t in totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
