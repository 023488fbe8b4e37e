"""``helpdeck play``: the command group this package adds to the ``helpdeck`` CLI."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from runtime.app.launch import Launch, configure_kivy, parse_size
from runtime.cli import CommandError, add_deal_arguments, readable, state_from_args

MAX_DENSITY = 10.0  # pixels per dp: phones are 1-4


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _density(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_DENSITY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"expected pixels per dp, more than 0 and at most {MAX_DENSITY:g}, got {text!r}"
        )
    return value


def screenshot_path(text: str) -> Path:
    """Where ``--screenshot`` will write: a ``.png`` file in a directory we can write to
    (made if missing); CommandError naming the argument otherwise."""
    path = Path(text).expanduser()
    if path.suffix.lower() != ".png":
        raise CommandError(f"--screenshot: {text!r} must be a .png file name")
    if path.is_dir():
        raise CommandError(f"--screenshot: {text!r} is a directory")
    existing = path.absolute().parent
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise CommandError(f"--screenshot: cannot write to {str(existing)!r}")
    if path.exists() and not os.access(path, os.W_OK):
        raise CommandError(f"--screenshot: {text!r} is not writable")
    return path


def cmd_play(args: argparse.Namespace) -> int:
    if args.game or args.deal is not None:
        state_from_args(args)  # reports a bad game, deal code or option before a window opens
    elif args.seed is not None:
        raise CommandError("--seed needs a game")
    shot = screenshot_path(args.screenshot) if args.screenshot is not None else None
    launch = Launch(
        game=args.game,
        seed=args.seed,
        deal=args.deal,
        options=dict(args.option) or None,
        screenshot=str(shot) if shot else None,
        size=args.size,
        density=args.density,
        chooser_first=not (args.game or args.deal),
    )
    if shot and not (launch.game or launch.deal):
        raise CommandError("--screenshot needs a game")
    before = shot.stat().st_mtime_ns if shot and shot.exists() else None
    status = start_app(launch)
    if shot and status == 0 and (not shot.is_file() or shot.stat().st_mtime_ns == before):
        raise CommandError(f"--screenshot: {str(shot)!r} was not written")
    return status


def start_app(launch: Launch) -> int:
    """Open the window and run the app until it stops (the tests replace this)."""
    streams = sys.stdout, sys.stderr  # Kivy swaps in its logger when the console log is off
    try:
        try:
            configure_kivy(launch)
            from runtime.app.main import run
        except Exception as error:  # Kivy itself cannot start (a missing library, ...)
            raise CommandError(f"cannot start the app: {readable(str(error))}") from None
        return run(launch)
    finally:
        sys.stdout, sys.stderr = streams  # so the CLI's own errors reach the terminal


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    play = command("play", cmd_play, "play a game in the Helpdeck app (opens a window)")
    add_deal_arguments(play, game_required=False)
    play.add_argument("--screenshot", metavar="PATH", help="render the table to a PNG and exit")
    play.add_argument("--size", type=_size, metavar="WxH", help="window size in pixels")
    play.add_argument("--density", type=_density, metavar="D", help="pixels per dp (e.g. 3)")
