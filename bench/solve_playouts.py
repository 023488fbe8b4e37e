"""Greedy playouts and nested rollouts alone, on the same node budget: playouts
(`runtime.solver.playouts`) against nested rollouts (`runtime.solver.rollouts`).

    python bench/solve_playouts.py [--deals 10] [--max-nodes 150000] [--games giant,...]
    python bench/solve_playouts.py --unknown-in bench/surveys/*.jsonl [--deals 8]
    python bench/solve_playouts.py --games jumbo --first 300 --deals 20 --max-nodes 225000 \
        --one-move-a-step

A game may name options after a slash, each switched on (``spider/two_suits``). With
``--unknown-in``, the deals are the first ``--deals`` each survey file left unknown, with
its game and options, instead of seeds ``--first`` .. ``--first`` + deals - 1.
``--one-move-a-step`` adds rollouts whose line never strides (`rollouts.ALLOWANCE`
unbounded), as they were before session 54. The default budget is what the early
share of a 300,000-node survey gets (`search.py`). Node-limited, so the figures are the
same on any machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from runtime.engine import new_game
from runtime.engine.state import State
from runtime.solver import SolveResult, Verdict, rollouts
from runtime.solver.playouts import solve_by_playouts
from runtime.solver.rollouts import solve_by_rollouts

GAMES = (
    "giant,gypsy,spider/two_suits,jumbo,terrace,forty_thieves,spiderette,"
    "spider_three_decks,will_o_the_wisp,backbone,sir_tommy"
)
Deals = list[tuple[str, dict[str, bool] | None, int]]


def searches(max_nodes: int, one_move_a_step: bool) -> list[Callable[[State], SolveResult]]:
    chosen = [
        lambda state: solve_by_playouts(state, max_nodes, None),
        lambda state: solve_by_rollouts(state, max_nodes, None),
    ]
    if one_move_a_step:
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
            unknown = sorted(
                (r for r in records if r["verdict"] == "unknown"), key=lambda r: r["seed"]
            )[: args.deals]
            yield path.stem, [(r["game"], r["options"] or None, r["seed"]) for r in unknown]
        return
    for name in args.games.split(","):
        game, *switched = name.split("/")
        options = dict.fromkeys(switched, True) or None
        yield name, [(game, options, seed) for seed in range(args.first, args.first + args.deals)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="first seed (without --unknown-in)")
    parser.add_argument("--one-move-a-step", action="store_true")
    parser.add_argument("--max-nodes", type=int, default=150_000)
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--unknown-in", type=Path, nargs="*", help="survey files (JSON lines)")
    args = parser.parse_args()
    print(f"{args.max_nodes} nodes a deal")
    columns = ("playouts", "rollouts") + (("one a step",) if args.one_move_a_step else ())
    print(f"{'game':<24} " + " ".join(f"{c:>13}" for c in columns) + "   median nodes to win  CPU")
    totals = [0] * len(columns)
    for name, deals in by_game(args):
        won = [0] * len(columns)
        nodes: list[list[int]] = [[] for _ in columns]
        cpu = time.process_time()
        for game, options, seed in deals:
            state = new_game(game, options, seed)
            for column, search in enumerate(searches(args.max_nodes, args.one_move_a_step)):
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
