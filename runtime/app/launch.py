"""How the app was asked to start, and the Kivy set-up that must precede importing Kivy."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Launch:
    game: str | None = None
    seed: int | None = None
    deal: str | None = None
    options: dict[str, bool] | None = None
    screenshot: str | None = None  # render the table to this PNG and exit
    size: tuple[int, int] | None = None  # window size in pixels
    density: float | None = None
    chooser_first: bool = False  # `helpdeck play` with no game opens the chooser


def configure_kivy(launch: Launch) -> None:
    """Environment and Config that Kivy reads once, at import time."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our argv belongs to argparse
    if not os.environ.get("HELPDECK_DEBUG"):
        # Kivy logs INFO lines and optional-provider tracebacks (e.g. a missing libmtdev) to
        # the terminal; players should not see those. They still go to Kivy's log file.
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    if launch.density:
        os.environ["KIVY_METRICS_DENSITY"] = str(launch.density)
    from kivy.config import Config

    Config.set("kivy", "exit_on_escape", "0")  # Escape/back closes dialogs instead
    Config.set("input", "mouse", "mouse,disable_multitouch")  # right-click is not a 2nd finger
    # No multisampled window (Kivy asks for 2 samples): the table is axis-aligned textured
    # rectangles, which gain nothing from it, and under software GL (Mesa llvmpipe) every
    # pixel then costs several: a drag frame took 3x the CPU (docs/app.md, Speed).
    Config.set("graphics", "multisamples", "0")
    if launch.size:
        width, height = launch.size
        Config.set("graphics", "width", str(width))
        Config.set("graphics", "height", str(height))
    if launch.screenshot:
        Config.set("graphics", "resizable", "0")


MAX_SIDE = 16384  # pixels: the largest texture most GL drivers allow


def parse_size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    sides = [int(v) if v.isascii() and v.isdigit() and len(v) <= 5 else 0 for v in (width, height)]
    if not sep or not all(0 < side <= MAX_SIDE for side in sides):
        shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")
        raise ValueError(f"expected WIDTHxHEIGHT up to {MAX_SIDE}x{MAX_SIDE}, got {shown}")
    return sides[0], sides[1]
