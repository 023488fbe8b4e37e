"""Freecell Solver as a referee on a survey's verdicts.

    python bench/fcsolve_referee.py SURVEY.jsonl --verdict unwinnable
                                    [--limit N] [--max-iters N] [--timeout S]
                                    [--fc-solve PATH --max-stacks N]

Runs fc-solve on the deals of one `helpdeck survey` file that the survey gave ``--verdict``,
under the game's rules told in fc-solve's options (`fcsolve.referee_for`), and prints each
deal's verdicts and a summary. fc-solve never has more moves than ours (it lacks
foundation play-back), so a win it finds on a deal we proved lost is a wrong proof of
ours, and where ours have no more moves either, a deal it proves lost that we won is a
wrong line; the script then exits with 1. Debian's fc-solve plays at most 10 columns; for
Baker's Dozen's 13, build one with more (`docs/solver.md`, "fc-solve as a referee") and
name it with ``--fc-solve`` and ``--max-stacks``.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

from runtime.engine import new_game
from runtime.solver import Verdict, fcsolve
from runtime.solver.model import model_for


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("survey", type=Path)
    parser.add_argument("--verdict", choices=("winnable", "unwinnable", "unknown"), required=True)
    parser.add_argument("--limit", type=int, help="only the first N such deals")
    parser.add_argument("--max-iters", type=int, default=3_000_000)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--fc-solve", default="fc-solve", help="the program (default: on PATH)")
    parser.add_argument(
        "--max-stacks",
        type=int,
        default=fcsolve.MAX_STACKS,
        help="the most columns that build plays (its MAX_NUM_STACKS; Debian's: 10)",
    )
    args = parser.parse_args()
    if not fcsolve.available(args.fc_solve):
        print(f"{args.fc_solve}: not found (Debian package freecell-solver-bin)", file=sys.stderr)
        return 2
    records = [json.loads(line) for line in args.survey.read_text().splitlines() if line]
    chosen = [r for r in records if r["verdict"] == args.verdict][: args.limit]
    if not chosen:
        print(f"{args.survey}: no deal is {args.verdict}", file=sys.stderr)
        return 2
    first = new_game(chosen[0]["game"], chosen[0]["options"] or None, chosen[0]["seed"])
    referee = fcsolve.referee_for(model_for(first.rules, first.base), args.max_stacks)
    if referee is None:
        print(
            f"fc-solve cannot play {chosen[0]['game']}'s rules"
            f" (with at most {args.max_stacks} columns)",
            file=sys.stderr,
        )
        return 2
    counts: collections.Counter[str] = collections.Counter()
    contradictions = []
    for record in chosen:
        state = new_game(record["game"], record["options"] or None, record["seed"])
        result = fcsolve.run(state, args.max_iters, args.timeout, referee.flags, args.fc_solve)
        theirs = {True: "winnable", False: "unwinnable", None: "unknown"}[result.solved]
        counts[theirs] += 1
        print(f"seed {record['seed']}: ours {args.verdict}, fc-solve {theirs}", flush=True)
        if referee.contradicts(Verdict(args.verdict), result.solved):
            contradictions.append(record["seed"])
    summary = ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items()))
    print(f"{args.survey.name}: {len(chosen)} deals ours {args.verdict}; fc-solve: {summary}")
    if contradictions:
        print(f"fc-solve contradicts our verdict on seeds {contradictions}")
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
