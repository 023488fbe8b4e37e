"""Greedy playouts alone (`runtime.solver.playouts`): deals won from the deal only, against
playouts that also resume from the best one so far (the solver's own), on the same node
budget.

    python bench/solve_playouts.py [--deals 10] [--max-nodes 150000] [--games giant,...]

A game may name options after a slash, each switched on (``spider/two_suits``). The default
budget is what the early playouts get of a 300,000-node survey (`search.py`). Node-limited,
so the figures are the same on any machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from runtime.engine import new_game
from runtime.solver import Verdict
from runtime.solver.playouts import solve_by_playouts

GAMES = (
    "giant,gypsy,spider/two_suits,jumbo,terrace,forty_thieves,spiderette,"
    "spider_three_decks,will_o_the_wisp,backbone,sir_tommy"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--max-nodes", type=int, default=150_000)
    parser.add_argument("--games", default=GAMES)
    args = parser.parse_args()
    print(f"playouts, seeds 0..{args.deals - 1}, {args.max_nodes} nodes a deal")
    print(
        f"{'game':<20} {'from the deal':>14} {'resuming':>9} {'median nodes to win':>22} {'CPU':>7}"
    )
    totals = [0, 0]
    for name in args.games.split(","):
        game, *switched = name.split("/")
        options = dict.fromkeys(switched, True) or None
        won = [0, 0]
        nodes: list[list[int]] = [[], []]
        cpu = time.process_time()
        for seed in range(args.deals):
            state = new_game(game, options, seed)
            for column, resume_after in enumerate((args.max_nodes, 0)):
                kwargs = {} if column else {"resume_after": resume_after}
                found = solve_by_playouts(state, args.max_nodes, None, **kwargs)
                if found.verdict is Verdict.WINNABLE:
                    won[column] += 1
                    nodes[column].append(found.nodes)
        medians = " / ".join(f"{statistics.median(n):,.0f}" if n else "-" for n in nodes)
        print(
            f"{name:<20} {won[0]:>14} {won[1]:>9} {medians:>22} {time.process_time() - cpu:>6.0f}s",
            flush=True,
        )
        totals = [totals[0] + won[0], totals[1] + won[1]]
    print(f"{'all':<20} {totals[0]:>14} {totals[1]:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
