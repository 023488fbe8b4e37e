"""The ``helpdeck`` command: play and inspect games; authoring commands come from `generator`.

Bad input ends with a one-line message on stderr and exit status 2 (usage) or 1 (input),
never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from runtime.engine import (
    DealCodeError,
    IllegalMoveError,
    MoveSyntaxError,
    State,
    UnknownGameError,
    from_deal_code,
    load_game,
)
from runtime.engine.serialize import state_json, state_text
from runtime.engine.shuffle import MAX_SEED

Handler = Callable[[argparse.Namespace], int]


class CommandError(Exception):
    """A user error: printed as one line, exit status 1."""


def short(value: object, limit: int = 40) -> str:
    """``value`` for an error message: quoted if text, cut to ``limit`` characters."""
    if isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(abs(value))) if abs(value) < 10**100 else None
        shown = str(value) if digits is not None else f"a number of {value.bit_length()} bits"
    else:
        shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


class Parser(argparse.ArgumentParser):
    """argparse, with over-long words in its messages cut short (a 5,000-digit argument
    stays one readable line)."""

    def error(self, message: str) -> NoReturn:
        super().error(readable(message))


_LONG_WORD = re.compile(r"\S{121,}")


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def readable(message: str) -> str:
    """``message`` as one readable line: control characters and line breaks (an argument may
    hold them) escaped, and any word over 120 characters (a 5,000-digit argument) cut short."""
    one_line = _CONTROL.sub(lambda m: repr(m[0])[1:-1], message)
    return _LONG_WORD.sub(lambda m: m[0][:100] + "...", one_line)


def bad_argument(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """What is wrong with an argument given as an empty string (never a valid file, game,
    deal code or move) or holding a NUL character (no file name can), or None.
    ``parser`` is the command's own parser."""
    for action in parser._actions:
        value = getattr(args, action.dest, None)
        values = [v for v in (value if isinstance(value, list) else [value]) if type(v) is str]
        name = action.option_strings[0] if action.option_strings else action.dest.upper()
        single = [value] if not isinstance(action, argparse._AppendAction) else value or []
        if action.nargs is None and any(isinstance(v, list) for v in single):
            return f"{name} needs a value"  # argparse reads "--deal=--" as []
        if any(v == "" for v in values):
            return f"{name} is empty"
        if any("\0" in v for v in values):
            return f"{name} contains a NUL character"
    return None


def parse_whole(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number in ``low..high`` for argparse: ASCII digits only, and never
    a 4,300-digit parse; the error quotes ``text`` cut short."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    value = int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 20 else None
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(f"expected {what} {low}..{high}, got {short(text)}")
    return value


def parse_seed(text: str) -> int:
    return parse_whole(text, 0, MAX_SEED, "a deal number")


def parse_option(text: str) -> tuple[str, bool]:
    name, sep, value = text.partition("=")
    truth = {"1": True, "on": True, "true": True, "yes": True}
    falsity = {"0": False, "off": False, "false": False, "no": False}
    word = value.strip().lower()
    if not sep or word not in truth | falsity:
        raise argparse.ArgumentTypeError(f"expected NAME=on|off, got {text!r}")
    return name.strip(), truth.get(word, False)


def add_deal_arguments(parser: argparse.ArgumentParser, game_required: bool = True) -> None:
    parser.add_argument("game", nargs=None if game_required else "?", help="game id")
    parser.add_argument("--seed", type=parse_seed, default=None, help="deal number (default 0)")
    parser.add_argument("--deal", metavar="CODE", help="a shared deal code, e.g. saratoga-42-01")
    parser.add_argument(
        "--option",
        action="append",
        type=parse_option,
        default=[],
        metavar="NAME=on|off",
        help="a game option (repeatable)",
    )


def state_from_args(args: argparse.Namespace) -> State:
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise CommandError(f"--seed: expected a deal number 0..{MAX_SEED}, got {short(args.seed)}")
    try:
        if args.deal is not None:
            state = from_deal_code(args.deal)
            if args.game and state.game.id != args.game:
                raise CommandError(f"deal code {args.deal!r} is not a {args.game} deal")
            return state
        if args.game is None:
            raise CommandError("name a game or give --deal CODE")
        return State.new(load_game(args.game), dict(args.option), args.seed or 0)
    except (UnknownGameError, DealCodeError, ValueError) as error:
        raise CommandError(str(error).strip("'\"")) from None


def cmd_deal(args: argparse.Namespace) -> int:
    state = state_from_args(args)
    if args.json:
        print(json.dumps(state_json(state), indent=2))
    else:
        print(state_text(state), end="")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    state = state_from_args(args)
    try:
        for text in args.moves:
            state.play(text)
    except (IllegalMoveError, MoveSyntaxError) as error:
        raise CommandError(str(error)) from None
    print(state_text(state), end="")
    if args.moves_list:
        print("legal moves:", " ".join(state.move_text(m) for m in state.legal_moves()))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    from runtime.engine.catalog import game_titles

    for game_id, title in game_titles().items():
        print(f"{game_id:<16} {title}")
    return 0


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Handler]]:
    parser = Parser(
        prog="helpdeck", description="Solitaire games whose rules are their help documents."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, Handler] = {}

    def command(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
        handlers[name] = handler
        # help= is %-formatted by argparse, description= is printed as written.
        description = help_text.replace("%%", "%")
        return commands.add_parser(name, help=help_text, description=description)

    command("games", cmd_games, "list the games in the catalog")
    deal = command("deal", cmd_deal, "print a deal (text, or JSON with --json)")
    add_deal_arguments(deal)
    deal.add_argument("--json", action="store_true", help="print the documented deal JSON")
    show = command("show", cmd_show, "print a readable picture of a position")
    add_deal_arguments(show)
    show.add_argument("--moves", nargs="*", default=[], help="moves to play first, e.g. t3>f1")
    show.add_argument(
        "--legal", dest="moves_list", action="store_true", help="also list the legal moves"
    )
    for register in _plugins():
        register(command)
    return parser, handlers


def _plugins() -> list[Callable[[Any], None]]:
    """Command groups that live in other packages and may be absent (e.g. on Android)."""
    found = []
    for module_name in (
        "runtime.app.commands",
        "runtime.solver.commands",
        "generator.cli",
        "generator.aisleriot.commands",
        "generator.check.commands",
    ):
        try:
            present = importlib.util.find_spec(module_name) is not None
        except ModuleNotFoundError:
            present = False
        if present:
            found.append(importlib.import_module(module_name).register)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser, handlers = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    problem = bad_argument(subparsers.choices[args.command], args)
    if problem:
        print(f"helpdeck {args.command}: {problem}", file=sys.stderr)
        return 2
    try:
        return handlers[args.command](args)
    except CommandError as error:
        print(f"helpdeck {args.command}: {readable(str(error))}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (`helpdeck games | head -3`): stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:  # a file named on the command line the system refuses
        where = f"{short(os.fsdecode(error.filename), 80)}: " if error.filename else ""
        problem = readable(f"{where}{error.strerror or error}")
        print(f"helpdeck {args.command}: {problem}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"helpdeck {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    # Run as `python -m runtime.cli`, this file is `__main__`, a second copy beside the
    # `runtime.cli` the commands import: run that copy's main, so the errors the commands
    # raise are the ones it catches (not a traceback).
    from runtime.cli import main as cli_main

    sys.exit(cli_main())
