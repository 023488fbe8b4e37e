"""Publish survey results: runtime/solver/winnability.json and the tables of docs/winnability.md.

    python bench/publish_winnability.py SURVEY.jsonl [...] --max-nodes N --time-limit S
                                        [--date YYYY-MM-DD] [--dry-run]

Each SURVEY.jsonl is one `helpdeck survey` result file (one game and option set, seeds in
one range), made with the limits given here. Prints one Markdown table row per file with
the `helpdeck survey` command that reproduces it, and merges the records into
runtime/solver/winnability.json (which the app's game chooser reads) and writes the tables
of docs/winnability.md from it (`bench/winnability_doc.py`), unless --dry-run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
from pathlib import Path

import winnability_doc  # bench/, beside this script

from runtime.engine import load_game
from runtime.solver import winnability
from runtime.solver.survey import paused


def command(
    game_id: str, options: dict[str, bool], seeds: list[int], args: argparse.Namespace
) -> str:
    parts = [f"helpdeck survey {game_id} --deals {len(seeds)} --start {min(seeds)}"]
    parts += [f"--option {name}={'on' if on else 'off'}" for name, on in options.items()]
    parts.append(f"--max-nodes {args.max_nodes}")
    if args.time_limit is not None:
        parts.append(f"--time-limit {args.time_limit:g}")
    parts.append("--workers 1")
    return " ".join(parts)


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of a sorted list."""
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _time(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("surveys", nargs="+", type=Path)
    parser.add_argument("--max-nodes", type=int, required=True)
    parser.add_argument("--time-limit", type=float)
    parser.add_argument("--date", default=datetime.datetime.now(datetime.UTC).date().isoformat())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    figures = []
    timings = []
    for path in args.surveys:
        records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        records = list({r["seed"]: r for r in records}.values())
        seeds = sorted(r["seed"] for r in records)
        if seeds != list(range(seeds[0], seeds[0] + len(seeds))):
            print(f"{path}: the seeds are not one range", file=sys.stderr)
            return 1
        idle = [r["seed"] for r in records if paused(r, args.max_nodes, args.time_limit)]
        if idle:
            print(
                f"{path}: seeds {', '.join(map(str, sorted(idle)))} stopped on the wall clock "
                f"with their CPU mostly idle (the process was paused): delete their lines and "
                f"run the survey's command on the file again, which solves the seeds it lacks",
                file=sys.stderr,
            )
            return 1
        game = load_game(records[0]["game"])
        options = dict(records[0].get("options") or {})
        defaults = {o.id: o.default for o in game.options}
        figure = winnability.figure_of(
            records,
            default=options == defaults,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            command=command(game.id, options, seeds, args),
            date=args.date,
        )
        figures.append(figure)
        low, high = figure["interval"]
        deals = figure["deals"]
        shown = winnability.winnable_band(game.id, options, [figure])
        band = (figure["winnable"] / deals, (figure["winnable"] + figure["unknown"]) / deals)
        app = "not shown" if shown is None else winnability.describe(shown)
        opts = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in options.items()) or "-"
        print(
            f"| {game.title} | {opts} | {deals:,} | {figure['winnable']:,} | "
            f"{figure['unwinnable']:,} | {figure['unknown']:,} ({figure['unknown'] / deals:.1%}) | "
            f"{figure['share']:.1%} ({low:.1%}-{high:.1%}) | "
            f"{band[0]:.1%}-{band[1]:.1%} | {app} | `{figure['command']}` |"
        )
        seconds = sorted(r["seconds"] for r in records)
        # CPU time only where every record has it (surveys from session 34 on), as a number.
        if all(type(r.get("cpu_seconds")) in (int, float) for r in records):
            cpu = sorted(r["cpu_seconds"] for r in records)
            of_cpu = (
                f"; CPU median {_time(percentile(cpu, 0.5))}, p99 {_time(percentile(cpu, 0.99))}"
            )
        else:
            of_cpu = "; no CPU times (not in every record: surveys before session 34)"
        timings.append(
            f"- {game.title} ({opts}): decided {1 - figure['unknown'] / deals:.2%}, "
            f"time per deal median {_time(percentile(seconds, 0.5))}, "
            f"p99 {_time(percentile(seconds, 0.99))} (wall){of_cpu}"
        )
    print()
    print("\n".join(timings))
    if not args.dry_run:
        winnability.publish(figures)
        print(f"wrote {winnability.PATH}")
        return winnability_doc.main([])
    return 0


if __name__ == "__main__":
    sys.exit(main())
