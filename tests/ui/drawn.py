"""What is drawn equals the state: every card widget on the table against the engine.

`mismatches(table)` compares each card of `state.piles` with the widget the table shows it
with: the card's value, face up or down (the very texture on the rectangle), its size, its
pile and place (where it is, or where its animation is taking it), and the drawing order
within its pile; and that no widget the state does not hold is drawn. With ``settled`` every
card must also be at rest where it belongs. Used after every step of the UI scenarios.
"""

from __future__ import annotations

from typing import Any

from kivy.animation import Animation

from runtime.app.cardart import BACK_LOOK, card_texture
from runtime.app.tablewidget import covered_piles
from runtime.engine.cards import CARD_MASK, FACE_DOWN, card_text

TOLERANCE = 1.0  # pixels


def _destination(widget: Any) -> tuple[float, float]:
    """Where ``widget`` will rest once the animations running on it end."""
    x, y = widget.pos
    for anim in list(Animation._instances):
        if widget.uid in anim._widgets:
            props = anim.animated_properties
            x, y = props.get("x", x), props.get("y", y)
    return x, y


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) > TOLERANCE or abs(a[1] - b[1]) > TOLERANCE


def _face_problems(label: str, widget: Any, above: list[Any], geo: Any) -> list[str]:
    """The card's rectangle: card-wide, its top at the card's top, the same part of the
    look as of the card (a top strip, `CardWidget.show_top`), and reaching down at least
    to the next card's top, so nothing of the card that shows is left out."""
    face = widget._face
    (x, y), (w, h) = face.pos, face.size
    problems = []
    if abs(w - geo.card_w) > TOLERANCE or h > geo.card_h + TOLERANCE or h <= 0:
        problems.append(f"{label}: drawn {(w, h)}, cards are {geo.card_w}x{geo.card_h}")
    if abs(x - widget.x) > TOLERANCE or abs(y + h - (widget.y + geo.card_h)) > TOLERANCE:
        problems.append(f"{label}: rectangle at {(x, y)}, widget at {tuple(widget.pos)}")
    coords, full = face.tex_coords, face.texture.tex_coords
    part = (coords[5] - coords[1]) / (full[5] - full[1])
    if abs(part - h / geo.card_h) > 0.01 or abs(coords[5] - full[5]) > 1e-6:
        problems.append(f"{label}: shows {part:.2f} of its look in {h / geo.card_h:.2f} of it")
    covering = [w for w in above if w.parent is not None]
    bottom = covering[0].top if covering else widget.y  # what the next card leaves showing
    if y > max(bottom, widget.y) + TOLERANCE:
        problems.append(f"{label}: drawn down to {y:.0f}, shows down to {bottom:.0f}")
    return problems


def mismatches(table: Any, settled: bool = False, limit: int = 12) -> list[str]:
    state, geo = table.state, table.geometry
    if state is None or geo is None:
        return ["the table shows no game"]
    problems: list[str] = []
    spots = geo.positions(state.piles)
    drawn = list(reversed(table.children))  # Kivy draws children last-first
    rank = {id(w): i for i, w in enumerate(drawn)}
    assigned: set[int] = set()
    covered = covered_piles(state)
    name = state.layout.names
    for pile, cards in enumerate(state.piles):
        widgets = table.pile_widgets(pile)
        if len(widgets) != len(cards):
            problems.append(f"{name[pile]}: {len(cards)} cards, {len(widgets)} widgets")
            continue
        where = spots.get(pile)
        if where is None:  # a pile the table does not show (an unused stock)
            if cards and any(w.parent is not None for w in widgets):
                problems.append(f"{name[pile]}: not shown, yet its cards are drawn")
            continue
        last = -1
        for index, (card, widget) in enumerate(zip(cards, widgets, strict=True)):
            assigned.add(id(widget))
            label = f"{name[pile]}[{index}] {card_text(card & CARD_MASK)}"
            if widget.card != card & CARD_MASK:
                problems.append(f"{label}: widget of {card_text(widget.card)}")
            buried = index + 2 < len(cards) and where[index] == where[index + 1] == where[index + 2]
            if widget.parent is None:
                if not buried:
                    problems.append(f"{label}: not drawn")
                continue
            if widget.parent != table:  # (a weak proxy)
                problems.append(f"{label}: drawn by {widget.parent!r}")
                continue
            face_up = card < FACE_DOWN
            look = widget.card if face_up else BACK_LOOK
            centre = pile not in covered or not face_up
            texture = card_texture(look, centre, geo.card_w, geo.card_h)
            if widget._face.texture is not texture:
                shown = "face down" if widget._look and not widget._look[0] else "another face"
                problems.append(
                    f"{label}: drawn {shown}, should be face {'up' if face_up else 'down'}"
                )
            problems += _face_problems(label, widget, widgets[index + 1 :], geo)
            x, y = where[index]
            want = (table.x + x, table.y + y)
            heading = _destination(widget)  # where running animations take it
            if settled:
                at = tuple(widget.pos)
            elif widget in table._animating:
                at = widget._target  # on its way, or waiting to start (a dealt card)
                if widget._delayed is None and _far(heading, at):
                    problems.append(f"{label}: its animation heads to {heading}, not {at}")
            else:
                at = heading
            if abs(at[0] - want[0]) > TOLERANCE or abs(at[1] - want[1]) > TOLERANCE:
                problems.append(
                    f"{label}: {'at' if settled else 'going to'} {at}, belongs at {want}"
                )
            if settled and widget in table._animating:
                problems.append(f"{label}: still animating")
            order = rank[id(widget)]
            if not settled or widget not in table._animating:
                if order < last:
                    problems.append(f"{label}: drawn under the card below it")
                last = order
    strays = [w for w in drawn if id(w) not in assigned]
    for widget in strays[:3]:
        problems.append(f"a widget of {card_text(widget.card)} at {widget.pos} holds no card")
    return problems[:limit]


def settled_mismatches(table: Any) -> list[str]:
    return mismatches(table, settled=True)
