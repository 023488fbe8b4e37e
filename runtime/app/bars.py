"""Where the toolbar goes (no Kivy): across the top, or a rail down the left side when that
gives the table bigger cards (a phone on its side, for most games)."""

from __future__ import annotations

import math

from runtime.app.geometry import table_geometry
from runtime.engine.layout import Layout
from runtime.engine.rules import Rules

BUTTON_W = 64  # dp a toolbar button needs across the top
BAR_H = 48  # dp per toolbar row
RAIL_W = 136  # dp: the rail's two columns of buttons
SHORT = 520  # dp: only a window lower than this may take the rail


def status_height(width_dp: float) -> float:
    """The status line's height (dp): two lines on a narrow window."""
    return 48 if width_dp < 560 else 28


def bar_height(width_dp: float, buttons: int) -> float:
    """The toolbar's height (dp) across a window ``width_dp`` wide: rows of 64 dp buttons."""
    cols = max(1, min(buttons, int(width_dp / BUTTON_W)))
    return BAR_H * math.ceil(buttons / cols)


def side_rail(
    rules: Rules, layout: Layout, show_stock: bool, width: float, height: float, density: float,
    buttons: int,
) -> bool:  # fmt: skip
    """True if the toolbar should be a rail at the left of a ``width`` x ``height`` px
    window: a short, wide one, where the rail gives the table's cards at least 2% more."""
    w, h = width / density, height / density
    if w <= h or h >= SHORT:
        return False

    def card_w(table_w: float, table_h: float) -> float:
        geo = table_geometry(
            rules, layout, show_stock, table_w * density, table_h * density, 4 * density,
            48 * density,
        )  # fmt: skip
        return geo.card_w

    top = card_w(w, h - status_height(w) - bar_height(w, buttons))
    side = card_w(w - RAIL_W, h - status_height(w))
    return side >= top * 1.02
