"""The card size setting: the largest cards that fit (as `geometry` lays out), or smaller,
for long fans or a big screen (no Kivy).

A smaller size lays the game out as for a window scaled by the size's factor (the
arrangement that suits that window), then moves it to the top centre of the real
window: smaller cards, the space left over at the sides and below, where the lowest
fans may grow. Touch zones
stay at least the geometry's minimum target.
"""

from __future__ import annotations

from dataclasses import replace

from runtime.app.geometry import Fan, TableGeometry

SIZES = {"largest": 1.0, "medium": 0.85, "small": 0.7}  # the setting -> scale of the layout


def scale_of(name: str) -> float:
    return SIZES.get(name, 1.0)


def placed(geo: TableGeometry, width: float, height: float) -> TableGeometry:
    """``geo`` (laid out in a smaller window) moved to the top centre of ``width`` x
    ``height``; the geometry then spans the whole window."""
    dx, dy = (width - geo.width) / 2, height - geo.height
    # The lowest fans may now grow down to the window's own bottom margin.
    floor = min((slot.limit for slot in geo.slots.values() if slot.fan is Fan.DOWN), default=0)
    slots = {
        pile: replace(
            slot,
            x=slot.x + dx,
            y=slot.y + dy,
            limit=slot.limit if slot.fan is Fan.DOWN and slot.limit == floor else slot.limit + dy,
        )
        for pile, slot in geo.slots.items()
    }
    return replace(geo, width=width, height=height, slots=slots)
