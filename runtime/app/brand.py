"""Draws the app's icon and Android presplash with Kivy graphics, into `runtime/app/data/`.

    xvfb-run python -m runtime.app.brand     # rewrites data/icon.png and data/presplash.png

The icon is two fanned cards from `cardart` (a back under the ace of spades) on a rounded
felt square; the presplash is the same mark, smaller, on the felt, with room around it for
any screen shape. Run it again after the card art changes, and commit both PNGs.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA = Path(__file__).parent / "data"
ICON = DATA / "icon.png"
PRESPLASH = DATA / "presplash.png"
ICON_SIZE = 512  # Android's launcher and stores want 512 x 512
PRESPLASH_SIZE = (1080, 1920)
FELT = (0.05, 0.36, 0.20, 1)
FELT_EDGE = (0.03, 0.25, 0.14, 1)


def _mark(group: object, x: float, y: float, size: float) -> None:
    """Two cards fanned apart, fitting a ``size`` square with its lower left at (x, y)."""
    from kivy.graphics import PopMatrix, PushMatrix, Rotate, Translate

    from runtime.app import cardart
    from runtime.engine.cards import Suit, make_card

    w, h = size * 0.50, size * 0.70
    for angle, dx, draw in (
        (14, -0.12, lambda g: cardart.draw_back(g, w, h, "blue")),
        (-10, 0.10, lambda g: cardart.draw_face(g, make_card(1, Suit.SPADES), w, h)),
    ):
        cx, cy = x + size / 2 + dx * size, y + size / 2
        group.add(PushMatrix())  # type: ignore[attr-defined]
        group.add(Translate(cx, cy))  # type: ignore[attr-defined]
        group.add(Rotate(angle=angle, origin=(0, 0)))  # type: ignore[attr-defined]
        group.add(Translate(-w / 2, -h / 2))  # type: ignore[attr-defined]
        draw(group)
        group.add(PopMatrix())  # type: ignore[attr-defined]


def _save(size: tuple[int, int], background: bool, path: Path) -> None:
    from kivy.core.image import Image
    from kivy.graphics import (
        ClearBuffers,
        ClearColor,
        Color,
        Fbo,
        InstructionGroup,
        Rectangle,
        RoundedRectangle,
    )

    w, h = size
    fbo = Fbo(size=size)
    with fbo:
        ClearColor(*(FELT if background else (0, 0, 0, 0)))
        ClearBuffers()
    art = InstructionGroup()
    if background:  # the presplash: felt all over, the mark in the middle third
        art.add(Color(*FELT))
        art.add(Rectangle(pos=(0, 0), size=size))
        side = min(w, h) * 0.42
        _mark(art, (w - side) / 2, (h - side) / 2, side)
    else:  # the icon: a rounded felt square, the cards filling most of it
        art.add(Color(*FELT_EDGE))
        art.add(RoundedRectangle(pos=(0, 0), size=size, radius=[w * 0.18]))
        art.add(Color(*FELT))
        inset = w * 0.03
        art.add(
            RoundedRectangle(
                pos=(inset, inset), size=(w - 2 * inset, h - 2 * inset), radius=[w * 0.16]
            )
        )
        _mark(art, w * 0.08, h * 0.06, w * 0.84)
    fbo.add(art)
    fbo.draw()
    path.parent.mkdir(parents=True, exist_ok=True)
    Image(fbo.texture).save(str(path), flipped=True)


def main() -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from kivy.config import Config

    Config.set("graphics", "width", "200")
    Config.set("graphics", "height", "200")
    from kivy.core.window import Window  # a GL context for the Fbos

    _save((ICON_SIZE, ICON_SIZE), False, ICON)
    _save(PRESPLASH_SIZE, True, PRESPLASH)
    Window.close()
    print(f"wrote {ICON} and {PRESPLASH}")


if __name__ == "__main__":
    main()
