"""``helpdeck play``: the command group this package adds to the ``helpdeck`` CLI."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from runtime.app.launch import Launch, configure_kivy, parse_size


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_play(args: argparse.Namespace) -> int:
    from runtime.cli import CommandError, state_from_args

    if args.game or args.deal:
        state_from_args(args)  # reports a bad game, deal code or option before a window opens
    elif args.seed is not None:
        raise CommandError("--seed needs a game")
    launch = Launch(
        game=args.game,
        seed=args.seed,
        deal=args.deal,
        options=dict(args.option) or None,
        screenshot=args.screenshot,
        size=args.size,
        density=args.density,
        chooser_first=not (args.game or args.deal),
    )
    if launch.screenshot and not (launch.game or launch.deal):
        raise CommandError("--screenshot needs a game")
    configure_kivy(launch)
    from runtime.app.main import run

    return run(launch)


def register(command: Callable[[str, Callable[[argparse.Namespace], int], str], Any]) -> None:
    from runtime.cli import add_deal_arguments

    play = command("play", cmd_play, "play a game in the Helpdeck app (opens a window)")
    add_deal_arguments(play, game_required=False)
    play.add_argument("--screenshot", metavar="PATH", help="render the table to a PNG and exit")
    play.add_argument("--size", type=_size, metavar="WxH", help="window size in pixels")
    play.add_argument("--density", type=float, metavar="D", help="pixels per dp (e.g. 3)")
