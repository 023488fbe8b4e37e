"""Seahaven: our solver and fc-solve side by side on the same deals.

    python bench/solve_seahaven.py [--deals 1000] [--start 0] [--max-nodes N]
                                   [--time-limit S] [--fc-max-iters N] [--fc-timeout S]
                                   [--pure]

Ours runs compiled when ``helpdeck compile-solver`` has built it, else pure Python;
``--pure`` forces pure Python. The first line of the report says which ran.

Reports median, mean and p99 solve time and % winnable for both, verdict agreement, and
the time ratios, as wall time and as CPU time (the machine is shared: CPU time is the
steadier figure).

How the two are timed: our solver runs in-process, so its time is the search alone.
fc-solve runs as one subprocess per deal, so its wall and CPU times include process
start-up (exec, dynamic loading, reading the board). To compare searches with searches,
we also measure that start-up once (fc-solve on an already-won board, median of 20 runs)
and report fc-solve's times with it subtracted ("fc-solve net"). The headline ratio is
ours against fc-solve net CPU, the comparison least favourable to us; the ratio against
fc-solve as a caller sees it (a subprocess, start-up included) is printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from runtime.engine import new_game
from runtime.solver import Verdict, fcsolve, native, solve


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(times: list[float]) -> str:
    return (
        # Medians of about a millisecond: to the microsecond, or the ratios hide in rounding.
        f"median {statistics.median(times) * 1e3:8.3f} ms  mean {statistics.mean(times) * 1e3:8.3f}"
        f" ms  p99 {percentile(times, 0.99) * 1e3:9.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--max-nodes", type=int, default=200_000)
    parser.add_argument("--time-limit", type=float, default=30.0, help="ours, seconds")
    parser.add_argument("--fc-max-iters", type=int, default=None, help="fc-solve -mi")
    parser.add_argument("--fc-timeout", type=float, default=30.0)
    parser.add_argument("--pure", action="store_true", help="ours in pure Python")
    args = parser.parse_args()
    if args.pure:
        os.environ["HELPDECK_PURE_SOLVER"] = "1"
        native.compiled_cells.cache_clear()
    build = "compiled (mypyc)" if native.compiled_cells() else "pure Python"
    if not fcsolve.available():
        print("fc-solve not found (apt install freecell-solver-bin)", file=sys.stderr)
        return 1
    base = fcsolve.startup()
    ours: list[float] = []
    ours_cpu: list[float] = []
    theirs: list[float] = []
    theirs_cpu: list[float] = []
    our_wins = their_wins = unknown = their_unknown = agree = compared = 0
    disagreements: list[int] = []
    started = time.perf_counter()
    for seed in range(args.start, args.start + args.deals):
        state = new_game("seahaven", None, seed)
        cpu = time.process_time()
        result = solve(
            state, max_nodes=args.max_nodes, time_limit=args.time_limit, cut_detours=False
        )
        ours_cpu.append(time.process_time() - cpu)
        reference = fcsolve.run(state, max_iters=args.fc_max_iters, timeout=args.fc_timeout)
        ours.append(result.seconds)
        theirs.append(reference.seconds)
        theirs_cpu.append(reference.cpu_seconds)
        our_wins += result.verdict is Verdict.WINNABLE
        their_wins += reference.solved is True
        unknown += result.verdict is Verdict.UNKNOWN
        their_unknown += reference.solved is None
        if result.verdict is not Verdict.UNKNOWN and reference.solved is not None:
            compared += 1
            if reference.solved == (result.verdict is Verdict.WINNABLE):
                agree += 1
            else:
                disagreements.append(seed)
        done = seed - args.start + 1
        print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = args.deals
    net = [max(0.0, t - base.seconds) for t in theirs]
    net_cpu = [max(0.0, t - base.cpu_seconds) for t in theirs_cpu]
    print(
        f"Seahaven, seeds {args.start}..{args.start + n - 1}; ours ({build}): max "
        f"{args.max_nodes} nodes, "
        f"{args.time_limit} s; fc-solve: -mi {args.fc_max_iters}, timeout {args.fc_timeout} s"
    )
    decided, their_decided = n - unknown, n - their_unknown
    print(
        f"ours      winnable {our_wins}/{decided} decided ({our_wins / max(decided, 1):.1%}),"
        f" unknown {unknown}"
    )
    print(
        f"fc-solve  winnable {their_wins}/{their_decided} decided "
        f"({their_wins / max(their_decided, 1):.1%}), gave up {their_unknown}"
    )
    print(f"verdicts agree on {agree}/{compared} deals both decided; disagree: {disagreements}")
    print(
        f"fc-solve start-up (won board, median of 20): wall {base.seconds * 1e3:.3f} ms, "
        f"CPU {base.cpu_seconds * 1e3:.3f} ms"
    )
    rows = [
        ("ours wall", ours),
        ("ours CPU", ours_cpu),
        ("fc-solve wall (with start-up)", theirs),
        ("fc-solve CPU (with start-up)", theirs_cpu),
        ("fc-solve net wall", net),
        ("fc-solve net CPU", net_cpu),
    ]
    for name, times in rows:
        print(f"{name:<30} {figures(times)}")
    for name, mine, other in (
        ("CPU vs fc-solve net CPU", ours_cpu, net_cpu),
        ("CPU vs fc-solve CPU (with start-up)", ours_cpu, theirs_cpu),
        ("wall vs fc-solve wall (with start-up)", ours, theirs),
    ):
        median_ratio = statistics.median(mine) / max(statistics.median(other), 1e-9)
        mean_ratio = statistics.mean(mine) / max(statistics.mean(other), 1e-9)
        print(f"ratio ours/fc-solve, {name}: median {median_ratio:.2f}, mean {mean_ratio:.2f}")
    print(f"bench wall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
