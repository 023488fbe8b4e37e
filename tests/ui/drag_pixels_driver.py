"""Drag scenarios checked on the window's own pixels, read back as each frame is drawn.

    python tests/ui/drag_pixels_driver.py drag_pixels --game saratoga --out DIR

Adds scenarios to `driver.py`'s and runs its `main`. What the window shows mid-drag must be
what the widgets say (a card's visible part shows card, the felt shows felt; the same
picture as the widgets rendered off screen), the widgets what the state says, and the
dragged cards must follow the finger; after a drop, and after an undo in mid-drag, the
table is the state again.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import driver
from driver import Driver, check

FELT_TOLERANCE = 3  # per channel, 0-255
GRID = 24  # px between sampled points


class WindowPixels:
    """The window's framebuffer read at the end of a frame's drawing, before the flip (the
    buffer's content after a flip is undefined)."""

    def __init__(self, d: Driver) -> None:
        from kivy.graphics import Callback

        self.d, self.data, self._wanted = d, b"", False
        with d.window.canvas.after:
            self._callback = Callback(self._read)

    def _read(self, _instruction: object) -> None:
        if self._wanted:
            from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

            width, height = self.d.window.size
            self.data = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
            self._wanted = False

    def grab(self) -> None:
        self._wanted, self.data = True, b""
        self._callback.ask_update()
        self.d.pump(1)
        check(self.data, "the window drew no frame")

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        width = int(self.d.window.width)
        i = (int(y) * width + int(x)) * 4
        return self.data[i], self.data[i + 1], self.data[i + 2]


def offscreen_pixels(d: Driver) -> bytes:
    """The window's widgets rendered into an Fbo cleared to the felt (as `screenshot.py`,
    without its flip for a PNG): the picture the widgets describe."""
    from kivy.graphics import ClearBuffers, ClearColor, Fbo

    width, height = (int(v) for v in d.window.size)
    fbo = Fbo(size=(width, height), with_stencilbuffer=True)
    with fbo:
        ClearColor(*d.window.clearcolor)
        ClearBuffers()
    borrowed = []
    for widget in reversed(d.window.children):
        index = d.window.canvas.indexof(widget.canvas)
        d.window.canvas.remove(widget.canvas)
        borrowed.append((widget.canvas, index))
        fbo.add(widget.canvas)
    fbo.draw()
    pixels: bytes = fbo.pixels
    for canvas, index in reversed(borrowed):
        fbo.remove(canvas)
        d.window.canvas.insert(index, canvas)
    return pixels


def _rect_of(face: Any) -> tuple[float, float, float, float]:
    (x, y), (w, h) = face.pos, face.size
    return x, y, x + w, y + h


def _inside(point: tuple[float, float], rect: tuple[float, float, float, float]) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


def _grow(rect: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    return rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by


def check_pixels(d: Driver, pixels: WindowPixels, what: str) -> None:
    """Every visible part of a drawn card shows card, every bare spot of the table felt,
    and the window shows exactly the widgets' picture."""
    from runtime.app.brand import FELT

    table, geo = d.table, d.table.geometry
    felt = tuple(round(c * 255) for c in FELT[:3])
    margin = max(2.0, geo.card_w * 0.08) + 4  # a card's rounded corner, an outline's width
    drawn = [w for w in reversed(table.children)]  # bottom first
    faces = [_rect_of(w._face) for w in drawn]
    # What else is drawn on the table: pile markers, target outlines (whole pile rects).
    others = [
        (table.x + x, table.y + y, table.x + x + w, table.y + y + h)
        for x, y, w, h in (geo.pile_rect(p, table.positions) for p in geo.slots)
    ]
    cards = felts = 0
    for i, face in enumerate(faces):
        x0, y0, x1, y1 = _grow(face, -margin)
        for gx in range(int(x0), int(x1) + 1, GRID // 2):
            for gy in range(int(y0), int(y1) + 1, GRID // 2):
                if any(_inside((gx, gy), _grow(f, 1)) for f in faces[i + 1 :]):
                    continue  # under a card drawn later
                colour = pixels.at(gx, gy)
                check(
                    max(abs(a - b) for a, b in zip(colour, felt, strict=True)) > FELT_TOLERANCE,
                    f"{what}: felt at ({gx}, {gy}) inside card {drawn[i].card}",
                )
                cards += 1
    for gx in range(int(table.x) + 2, int(table.right) - 2, GRID):
        for gy in range(int(table.y) + 2, int(table.top) - 2, GRID):
            if any(_inside((gx, gy), _grow(r, margin)) for r in faces + others):
                continue
            colour = pixels.at(gx, gy)
            check(
                max(abs(a - b) for a, b in zip(colour, felt, strict=True)) <= FELT_TOLERANCE,
                f"{what}: {colour} at ({gx}, {gy}) where no card is (felt {felt})",
            )
            felts += 1
    check(cards > 20 and felts > 20, f"{what}: only {cards} card and {felts} felt samples")
    offscreen = offscreen_pixels(d)
    width = int(d.window.width)
    differ = [
        i // 4
        for i in range(0, len(offscreen), 4 * 7)  # every 7th pixel, all rows and columns
        if max(abs(offscreen[i + c] - pixels.data[i + c]) for c in range(3)) > FELT_TOLERANCE
    ]
    check(
        len(differ) <= len(offscreen) // (4 * 7) // 1000,
        f"{what}: the window differs from its widgets at {len(differ)} pixels, first at "
        f"{[(p % width, p // width) for p in differ[:3]]}",
    )


def save_pixels(d: Driver, pixels: WindowPixels, name: str) -> None:
    """The window's own pixels as a PNG, to look at."""
    from kivy.core.image import Image
    from kivy.graphics.texture import Texture

    texture = Texture.create(size=tuple(int(v) for v in d.window.size), colorfmt="rgba")
    texture.blit_buffer(pixels.data, colorfmt="rgba", bufferfmt="ubyte")
    Image(texture).save(str(d.out / f"{name}.png"), flipped=True)


def resting_where_the_state_says(d: Driver, dragged: list[Any], what: str) -> None:
    """Every drawn card widget not being dragged is at its place in the state."""
    table, state = d.table, d.state
    spots = table.geometry.positions(state.piles)
    for pile, places in spots.items():
        for index, (widget, (x, y)) in enumerate(
            zip(table.pile_widgets(pile), places, strict=True)
        ):
            if widget in dragged or widget.parent is None:
                continue
            check(
                abs(widget.x - table.x - x) <= 1 and abs(widget.y - table.y - y) <= 1,
                f"{what}: {state.layout.names[pile]}[{index}] drawn at {tuple(widget.pos)}",
            )


class Finger:
    def __init__(self, d: Driver, start: tuple[float, float]) -> None:
        self.d, self.start = d, start
        self.touch = d._touch(*start)
        d._event("begin", self.touch)
        d.pump(1)

    def to(self, dx: float, dy: float) -> None:
        self.d._move(self.touch, self.start[0] + dx, self.start[1] + dy)
        self.d.pump(1)

    def lift(self) -> None:
        self.d._event("end", self.touch)
        self.d.pump(1)


def drag_and_check(d: Driver, pixels: WindowPixels, pile: int, index: int, name: str) -> Any:
    """Pick up the run from card ``index`` of ``pile``, drag it about, check each frame."""
    table = d.table
    dragged = table.pile_widgets(pile)[index:]
    starts = [tuple(w.pos) for w in dragged]
    finger = Finger(d, d.card_center(pile, index))
    for step, (dx, dy) in enumerate([(30.0, -20.0), (140.0, -90.0), (260.0, 40.0)]):
        finger.to(dx, dy)
        for widget, (x, y) in zip(dragged, starts, strict=True):
            check(
                abs(widget.x - x - dx) <= 1 and abs(widget.y - y - dy) <= 1,
                f"{name}: a dragged card at {tuple(widget.pos)}, not under the finger",
            )
        resting_where_the_state_says(d, dragged, name)
        pixels.grab()
        check_pixels(d, pixels, f"{name}, step {step}")
    save_pixels(d, pixels, name)
    d.screenshot(f"{name}-widgets")
    return finger


@driver.scenario
def drag_pixels(d: Driver) -> None:
    from drawn import mismatches

    d.deal_where(lambda: driver.transfers(d))
    pixels = WindowPixels(d)
    pixels.grab()
    check_pixels(d, pixels, "at rest")
    state, controller = d.state, d.app.game.controller
    piles = sorted(state.layout.tableau, key=lambda p: -len(state.piles[p]))
    pickable = [
        (p, i)
        for p in piles
        for i in range(len(state.piles[p]))
        if controller.pickup_size(p, i) is not None
    ]
    # A whole pile lifted (its marker shows), dropped where it cannot go: it slides back.
    whole = next(((p, i) for p, i in pickable if i == 0), None) or pickable[0]
    finger = drag_and_check(d, pixels, *whole, "mid-drag-whole-pile")
    finger.lift()
    d.settle()
    pixels.grab()
    check_pixels(d, pixels, "after the drop")
    # The top two cards of another pile (the card they uncover drawn whole) and, in
    # mid-drag, an undo: the drag ends, the cards go where the state says, and moving and
    # lifting the finger then does nothing.
    moves = driver.transfers(d)
    check(moves, "no move to undo")
    move = moves[0]
    d.drag(d.card_center(move.src, len(state.piles[move.src]) - move.size), d.pile_center(move.dst))
    d.settle()
    check(state.move_log == [move], f"the drag made {state.move_log}, not {move}")
    pile = next(p for p in piles if len(state.piles[p]) >= 3 and p not in (move.src, move.dst))
    finger = drag_and_check(d, pixels, pile, len(state.piles[pile]) - 2, "mid-drag-two-cards")
    d.press("Undo")
    check(not state.move_log, "Undo in mid-drag did not undo")
    finger.to(300.0, -200.0)
    finger.lift()
    d.settle()
    check(not state.move_log, f"the ended drag still moved: {state.move_log}")
    problems = mismatches(d.table, settled=True)
    check(not problems, "after the undo: " + "; ".join(problems))
    pixels.grab()
    check_pixels(d, pixels, "after the undo in mid-drag")
    print("drag_pixels: checked")


if __name__ == "__main__":
    sys.exit(driver.main())
