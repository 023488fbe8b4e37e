"""Unknown deals before and after a solver change, on the seeds of an earlier survey.

    python bench/solve_unknowns.py BEFORE.jsonl [--only-unknown] [--sample N]
                                   [--max-nodes 2000000] [--time-limit 10] [--out AFTER.jsonl]
                                   [--part I/N]

BEFORE.jsonl is a `helpdeck survey` file (one JSON record per deal, made by the code before
the change). Its seeds are solved again with today's solver, at the same limits the survey
used (give them), and the bench prints winnable / unwinnable / unknown before and after over
the same seeds, the verdict changes (a decided deal must never change its verdict: any such
line is a bug), and median / mean / p99 time per deal after. ``--only-unknown`` re-solves the
deals that were unknown before; ``--sample N`` adds every N-th decided deal (verdict check);
``--settled-after N`` adds every deal decided after N nodes (what a change to the phases after
the first N nodes can reach); ``--seeds-below S`` keeps the seeds below S.
``--only-lost`` re-solves the deals called lost after a search (not at the deal), the check
after a fix to the search's pruning (session 42: a deal a faulty search called lost may be
won); ``--merge`` then writes the new records into BEFORE in place of the old ones.
``--dead-at-deal`` keeps, of the deals chosen, those today's search proves lost at the deal
(in one node): where the dead-end test runs at the root only (the games searched over stock
moves), the only records a stronger test can change (session 43), so ``--only-unknown
--dead-at-deal --merge`` brings such a file up to date without searching again.
``--out`` is appended to, and a run killed part-way goes on where it stopped when started
again with the same arguments: the seeds ``--out`` holds already are not solved again.
``--part I/N`` keeps every N-th of the deals chosen, from the I-th: N runs, each with its own
``--out``, share one list between N cores (every run gets easy and hard seeds alike), and
`bench/merge_records.py` puts their parts back together.
Run it with ``nice -n 19`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from runtime.solver.survey import open_to_append, read_records, solve_seed


def part_of(text: str) -> tuple[int, int]:
    """``I/N`` with 1 <= I <= N, for ``--part``."""
    index, slash, parts = text.partition("/")
    if slash and index.isdigit() and parts.isdigit() and 1 <= int(index) <= int(parts):
        return int(index), int(parts)
    raise argparse.ArgumentTypeError(f"{text!r} is not I/N with 1 <= I <= N (say 2/3)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    chosen_group = parser.add_mutually_exclusive_group()
    chosen_group.add_argument("--only-unknown", action="store_true")
    chosen_group.add_argument("--only-lost", action="store_true")
    parser.add_argument("--merge", action="store_true", help="replace BEFORE's records")
    parser.add_argument(
        "--dead-at-deal", action="store_true", help="only deals now lost at the deal"
    )
    parser.add_argument("--sample", type=int, default=0, help="also every N-th decided deal")
    parser.add_argument(
        "--settled-after", type=int, default=0, help="also the deals decided after N nodes"
    )
    parser.add_argument("--seeds-below", type=int, default=0, help="only seeds below S")
    parser.add_argument(
        "--part", type=part_of, default=(1, 1), help="I/N: every N-th deal chosen, from the I-th"
    )
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--out", type=Path, help="write the new records here (JSON lines)")
    args = parser.parse_args()
    records = [json.loads(line) for line in args.before.read_text().splitlines() if line.strip()]
    records.sort(key=lambda r: r["seed"])
    chosen = []
    decided = 0
    for r in records:
        if args.seeds_below and r["seed"] >= args.seeds_below:
            continue
        if args.only_lost:
            if r["verdict"] == "unwinnable" and r["nodes"] > 1:
                chosen.append(r)
        elif (
            r["verdict"] == "unknown"
            or not args.only_unknown
            or (args.settled_after and r["nodes"] > args.settled_after)
        ):
            chosen.append(r)
        else:
            decided += 1
            if args.sample and decided % args.sample == 0:
                chosen.append(r)
    index, parts = args.part
    chosen = chosen[index - 1 :: parts]
    if not chosen:
        print("no deals chosen")
        return 1
    game = chosen[0]["game"]
    options = chosen[0].get("options") or None
    if args.dead_at_deal:
        chosen = [r for r in chosen if lost_at_deal(game, options, r["seed"])]
        if not chosen:
            print("no deal chosen is lost at the deal")
            return 1
    kept = read_records(args.out, game, options or {}) if args.out else {}
    out = open_to_append(args.out) if args.out else None
    after: list[dict[str, object]] = []
    changed: list[str] = []  # a verdict turned into the other one: a bug
    lapsed: list[str] = []  # decided before, unknown now: the budget went elsewhere
    cpu = time.process_time()
    for i, old in enumerate(chosen, 1):
        new = kept.get(old["seed"])
        if new is None:
            new = solve_seed(game, options, old["seed"], args.max_nodes, args.time_limit)
            if out:
                out.write(json.dumps(new) + "\n")
                out.flush()
        after.append(new)
        if old["verdict"] != "unknown" and new["verdict"] != old["verdict"]:
            line = f"seed {old['seed']}: {old['verdict']} -> {new['verdict']}"
            (lapsed if new["verdict"] == "unknown" else changed).append(line)
        print(f"\r{game} {i}/{len(chosen)}", end="", file=sys.stderr, flush=True)
    if out:
        out.close()
    print(file=sys.stderr)
    before_counts = Counter(r["verdict"] for r in chosen)
    after_counts = Counter(str(r["verdict"]) for r in after)
    times = sorted(float(str(r["seconds"])) for r in after)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"{game} {dict(options or {})}: {len(chosen)} deals from {args.before}")
    if kept:
        print(f"{sum(r['seed'] in kept for r in chosen)} of them read back from {args.out}")
    print(f"limits: {args.max_nodes:,} nodes, {args.time_limit:g} s per deal")
    for name, counts in (("before", before_counts), ("after", after_counts)):
        print(
            f"{name:<6} winnable {counts['winnable']}, unwinnable {counts['unwinnable']}, "
            f"unknown {counts['unknown']}"
        )
    was_unknown = [a for a, b in zip(after, chosen, strict=True) if b["verdict"] == "unknown"]
    settled = Counter(str(r["verdict"]) for r in was_unknown)
    print(
        f"of the {len(was_unknown)} unknown before: {settled['winnable']} winnable, "
        f"{settled['unwinnable']} unwinnable, {settled['unknown']} still unknown"
    )
    print(
        f"time per deal after: median {statistics.median(times) * 1e3:.1f} ms, mean "
        f"{statistics.mean(times) * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} ms; "
        f"CPU total {time.process_time() - cpu:.1f} s"
    )
    print(f"verdict changes on decided deals: {len(changed)}")
    for line in changed:
        print("  " + line)
    print(f"decided deals now unknown: {len(lapsed)}")
    for line in lapsed:
        print("  " + line)
    newly = [r for r in was_unknown if r["verdict"] != "unknown"]
    if newly:  # the nodes each needed: the limit a row needs to settle them
        print(
            "settled now: "
            + ", ".join(f"seed {r['seed']} {r['verdict']} at {r['nodes']:,} nodes" for r in newly)
        )
    still = [str(r["seed"]) for r in was_unknown if r["verdict"] == "unknown"]
    if still:
        print("still unknown: " + " ".join(still))
    if args.merge:
        by_seed = {r["seed"]: r for r in after}
        merged = [by_seed.get(r["seed"], r) for r in records]
        args.before.write_text("".join(json.dumps(r) + "\n" for r in merged))
        print(f"wrote {len(after)} new records into {args.before}")
    return 1 if changed else 0


def lost_at_deal(game: str, options: dict[str, bool] | None, seed: int) -> bool:
    """Whether today's search proves the deal lost before its first node: the dead-end test
    at the root."""
    record = solve_seed(game, options, seed, max_nodes=1)
    return bool(record["verdict"] == "unwinnable" and record["nodes"] == 1)


if __name__ == "__main__":
    sys.exit(main())
