"""Keyboard play: a cursor on a pile, moved with the arrow keys, Enter to pick up and put
down (no Kivy; the table draws the cursor, `main.py` routes the keys).

Left and Right step through the piles in reading order (row by row, top row first, left to
right in a row); Up and Down go to the nearest pile in the row above or below. Enter (or
Space) on a pile picks up the longest run there that has a legal move (as a tap selects),
and on a target puts it down; on the stock it deals. F sends the cursor's top card to its
foundation (a double-click). Escape drops what is picked up.
"""

from __future__ import annotations

from collections.abc import Mapping

Rect = tuple[float, float, float, float]  # x, y, w, h; y up (Kivy)

LEFT, RIGHT, UP, DOWN = "left", "right", "up", "down"


def rows(rects: Mapping[int, Rect]) -> list[list[int]]:
    """Piles grouped into rows by their top edge (within half a card of each other), the top
    row first, each row left to right."""
    if not rects:
        return []
    height = min(r[3] for r in rects.values()) or 1.0
    by_top = sorted(rects, key=lambda p: (-(rects[p][1] + rects[p][3]), rects[p][0]))
    grouped: list[list[int]] = []
    row_top = None
    for pile in by_top:
        top = rects[pile][1] + rects[pile][3]
        if row_top is None or row_top - top > height / 2:
            grouped.append([])
            row_top = top
        grouped[-1].append(pile)
    return [sorted(row, key=lambda p: rects[p][0]) for row in grouped]


def step(cursor: int | None, direction: str, rects: Mapping[int, Rect]) -> int | None:
    """Where the cursor goes from pile ``cursor`` (None: not shown yet: the first pile)."""
    grouped = rows(rects)
    order = [pile for row in grouped for pile in row]
    if not order:
        return None
    if cursor is None or cursor not in rects:
        return order[0]
    if direction in (LEFT, RIGHT):
        i = order.index(cursor) + (1 if direction == RIGHT else -1)
        return order[i % len(order)]
    row_of = {pile: n for n, row in enumerate(grouped) for pile in row}
    n = row_of[cursor] + (1 if direction == DOWN else -1)
    if not 0 <= n < len(grouped):
        return cursor
    centre = rects[cursor][0] + rects[cursor][2] / 2
    return min(grouped[n], key=lambda p: abs(rects[p][0] + rects[p][2] / 2 - centre))
