"""``helpdeck solve`` and ``helpdeck survey``.

``solve`` exits 0 with a verdict (winnable or unwinnable), 3 when a limit was hit first
(unknown), 1 on bad input; ``survey`` exits 0, or 1 on bad input.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from runtime.cli import (
    CommandError,
    add_deal_arguments,
    parse_option,
    parse_seed,
    parse_whole,
    short,
    state_from_args,
)
from runtime.engine import UnknownGameError, load_game
from runtime.engine.shuffle import MAX_SEED
from runtime.solver.search import DEFAULT_MAX_NODES, Verdict, solve
from runtime.solver.survey import survey

EXIT_UNKNOWN = 3


MAX_DEALS = 10_000_000  # one survey; a million deals already takes days
MAX_WORKERS = 1024


def _positive_int(text: str) -> int:
    return parse_whole(text, 1, 10**18, "a positive whole number")


def _deals(text: str) -> int:
    return parse_whole(text, 1, MAX_DEALS, "a number of deals")


def _workers(text: str) -> int:
    return parse_whole(text, 1, MAX_WORKERS, "a number of worker processes")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(
            f"expected a positive number of seconds, got {short(text)}"
        )
    return value


def _limits(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-nodes", type=_positive_int, default=DEFAULT_MAX_NODES)
    parser.add_argument("--time-limit", type=_seconds, default=None, metavar="S")


def cmd_solve(args: argparse.Namespace) -> int:
    state = state_from_args(args)
    result = solve(state, max_nodes=args.max_nodes, time_limit=args.time_limit)
    line = []
    trial = state.clone()
    for move in result.moves:
        line.append(trial.move_text(move))
        trial.apply(move)
    if args.json:
        print(
            json.dumps(
                {
                    "game": state.game.id,
                    "seed": state.seed,
                    "code": state.deal_code,
                    "options": state.options,
                    "verdict": result.verdict.value,
                    "moves": line,
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 6),
                }
            )
        )
    else:
        print(f"{state.deal_code}: {result.verdict.value}")
        if line:
            print(f"line ({len(line)} moves): {' '.join(line)}")
        print(f"nodes {result.nodes}, time {result.seconds:.3f} s")
    return EXIT_UNKNOWN if result.verdict is Verdict.UNKNOWN else 0


def cmd_survey(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.game)
        options = dict(args.option)
        game.option_values(options)
    except (UnknownGameError, ValueError) as error:
        raise CommandError(str(error).strip("'\"")) from None
    if args.start + args.deals - 1 > MAX_SEED:
        raise CommandError(f"--start {args.start} --deals {args.deals} go past seed {MAX_SEED}")
    out = Path(args.out or f"survey-{game.id}.jsonl")
    if out.exists() and not out.is_file():
        raise CommandError(f"{out} is not a file")
    try:
        summary = survey(
            game.id,
            options,
            range(args.start, args.start + args.deals),
            out,
            workers=args.workers,
            scheduler=args.scheduler,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
        )
    except OSError as error:
        raise CommandError(f"cannot use {out}: {error}") from None
    if args.json:
        print(json.dumps({"game": game.id, "out": str(out), **summary.as_json()}))
    else:
        print(f"{game.title}: {summary.text()}", end="")
        print(f"results in {out}")
    return 0


def cmd_compile_solver(args: argparse.Namespace) -> int:
    from runtime.solver import native

    try:
        written = native.build()
    except (native.BuildError, OSError) as error:
        raise CommandError(f"cannot compile the solver: {error}") from None
    for path in written:
        print(f"wrote {path}")
    print("the solver's searches now run compiled (HELPDECK_PURE_SOLVER=1: pure)")
    return 0


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    solve_parser = command("solve", cmd_solve, "solve a deal: verdict, winning line, effort")
    add_deal_arguments(solve_parser, game_required=False)
    solve_parser.add_argument("--json", action="store_true", help="print one JSON object")
    _limits(solve_parser)
    survey_parser = command("survey", cmd_survey, "solve many deals; winnability with a 95 %% CI")
    survey_parser.add_argument("game", help="game id")
    survey_parser.add_argument("--deals", type=_deals, required=True)
    survey_parser.add_argument("--start", type=parse_seed, default=0, help="first seed (default 0)")
    survey_parser.add_argument("--out", help="JSON-lines results file (appended; resumes)")
    survey_parser.add_argument("--workers", type=_workers, default=1)
    survey_parser.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler")
    survey_parser.add_argument(
        "--option", action="append", type=parse_option, default=[], metavar="NAME=on|off"
    )
    survey_parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    _limits(survey_parser)
    command(
        "compile-solver",
        cmd_compile_solver,
        "optional: compile the solver's searches with mypyc (needs a C compiler)",
    )
