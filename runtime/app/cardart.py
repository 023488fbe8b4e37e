"""Card faces, backs and empty-pile markers drawn with Kivy canvas instructions.

Everything is drawn in card-local coordinates (0, 0)..(w, h), once per look and size, into
an Fbo: a card on the table is then one textured rectangle (software GL pays per draw call,
and a face is ~20 of them). Suits are built from circles and triangles, ranks are CoreLabel
textures, so cards are crisp at any scale and need no image files.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from functools import lru_cache
from pathlib import Path

from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    InstructionGroup,
    Line,
    PopMatrix,
    PushMatrix,
    Quad,
    Rectangle,
    RoundedRectangle,
    Translate,
    Triangle,
)
from kivy.graphics.texture import Texture

from runtime.atomic_write import write_atomically
from runtime.engine.cards import CARD_MASK, DECK_SIZE, RANK, RANK_NAMES, SUIT, Suit

RED = (0.80, 0.07, 0.12, 1)
BLACK = (0.08, 0.08, 0.10, 1)
FACE = (0.99, 0.99, 0.97, 1)
EDGE = (0.45, 0.45, 0.45, 1)
BACK = (0.11, 0.27, 0.55, 1)
BACK_LINE = (0.75, 0.83, 0.95, 1)
MARKER = (1, 1, 1, 0.35)
# The four-colour deck: clubs green, diamonds blue. Blue rather than orange because orange
# and red are hard to tell apart for the one man in twelve with red-green colour blindness,
# and on a small, bright phone screen; blue and red differ for almost everyone, and the dark
# green is as dark as the black it replaces, so "red" and "black" cards still read apart.
GREEN = (0.0, 0.50, 0.18, 1)
BLUE = (0.05, 0.30, 0.85, 1)

# Face designs (`settings.CARD_DESIGNS` names the same, without Kivy): the classic face; a
# phone-legible one whose index fills the strip a fan leaves visible; the four-colour deck.
DESIGNS = ("classic", "large", "four")
DESIGN = "classic"  # the design in use: set with `use_design`


def use_design(name: str) -> bool:
    """Draw faces in design ``name`` from now on; True if that changed anything."""
    global DESIGN
    name = name if name in DESIGNS else "classic"
    changed, DESIGN = name != DESIGN, name
    return changed


# Back designs (`settings.CARD_BACKS` names the same): the blue back with a cross, and a red
# back with a diamond lattice, the casino deck's. Different in colour and in pattern, so a
# player tells them apart at a glance whatever their colour vision.
BACKS = ("blue", "red")
BACK_DESIGN = "blue"  # the back in use: set with `use_back`
RED_BACK = (0.62, 0.09, 0.13, 1)
RED_LINE = (0.96, 0.80, 0.78, 1)


def use_back(name: str) -> bool:
    """Draw backs in design ``name`` from now on; True if that changed anything."""
    global BACK_DESIGN
    name = name if name in BACKS else "blue"
    changed, BACK_DESIGN = name != BACK_DESIGN, name
    return changed


def suit_colour(suit: int, design: str) -> tuple[float, ...]:
    four: dict[int, tuple[float, ...]] = {Suit.CLUBS: GREEN, Suit.DIAMONDS: BLUE, Suit.HEARTS: RED}
    if design == "four":
        return four.get(suit, BLACK)
    return RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else BLACK


HIGHLIGHT = (1.0, 0.85, 0.2, 1)


@lru_cache(maxsize=512)
def text_texture(text: str, size: int, colour: tuple[float, ...], bold: bool = True) -> Texture:
    label = CoreLabel(text=text, font_size=max(size, 4), bold=bold, color=colour)
    label.refresh()
    return label.texture


def _radius(w: float) -> float:
    return max(2.0, w * 0.08)


def suit_shape(group: InstructionGroup, suit: int, cx: float, cy: float, s: float) -> None:
    """A suit symbol ``s`` wide centred on (cx, cy), in the current colour."""
    r = s * 0.27
    if suit == Suit.DIAMONDS:
        group.add(
            Quad(points=[cx, cy + s * 0.55, cx + s * 0.4, cy, cx, cy - s * 0.55, cx - s * 0.4, cy])
        )
    elif suit == Suit.HEARTS:
        for dx in (-1, 1):
            group.add(
                Ellipse(
                    pos=(cx + dx * r * 0.9 - r, cy + s * 0.12 - r), size=(2 * r, 2 * r), segments=24
                )
            )
        group.add(
            Triangle(
                points=[cx - s * 0.5, cy + s * 0.06, cx + s * 0.5, cy + s * 0.06, cx, cy - s * 0.48]
            )
        )
    elif suit == Suit.SPADES:
        for dx in (-1, 1):
            group.add(
                Ellipse(
                    pos=(cx + dx * r * 0.9 - r, cy - s * 0.1 - r), size=(2 * r, 2 * r), segments=24
                )
            )
        group.add(
            Triangle(
                points=[cx - s * 0.5, cy - s * 0.04, cx + s * 0.5, cy - s * 0.04, cx, cy + s * 0.5]
            )
        )
        _stem(group, cx, cy, s)
    else:
        rc = s * 0.22
        for dx, dy in ((0, 0.2), (-0.25, -0.1), (0.25, -0.1)):
            group.add(
                Ellipse(
                    pos=(cx + dx * s - rc, cy + dy * s - rc), size=(2 * rc, 2 * rc), segments=24
                )
            )
        group.add(Rectangle(pos=(cx - s * 0.1, cy - s * 0.12), size=(s * 0.2, s * 0.3)))
        _stem(group, cx, cy, s)


def _stem(group: InstructionGroup, cx: float, cy: float, s: float) -> None:
    group.add(
        Triangle(
            points=[cx, cy - s * 0.05, cx - s * 0.2, cy - s * 0.52, cx + s * 0.2, cy - s * 0.52]
        )
    )


def draw_face(
    group: InstructionGroup,
    card: int,
    w: float,
    h: float,
    centre: bool = True,
    design: str | None = None,
) -> None:
    """A face; ``centre=False`` leaves out the big centre suit (a covered pyramid card)."""
    design = design or DESIGN
    rank, suit = RANK[card], SUIT[card]
    colour = suit_colour(suit, design)
    radius = _radius(w)
    group.add(Color(*FACE))
    group.add(RoundedRectangle(pos=(0, 0), size=(w, h), radius=[radius]))
    group.add(Color(*EDGE))
    group.add(Line(rounded_rectangle=(0.5, 0.5, w - 1, h - 1, radius), width=1))
    if design == "large":
        _large_face(group, rank, suit, colour, w, h, centre)
        return
    # The corner index must stay readable in a tight fan: it sits in the top ~22% of the card.
    index_h = h * 0.2
    texture = text_texture(RANK_NAMES[rank - 1], int(index_h), colour)
    tw, th = texture.size
    scale = min(index_h / th, (w * 0.52) / tw)
    group.add(Color(1, 1, 1, 1))
    group.add(
        Rectangle(
            texture=texture,
            pos=(w * 0.06, h - h * 0.02 - th * scale),
            size=(tw * scale, th * scale),
        )
    )
    group.add(Color(*colour))
    small = min(w * 0.26, index_h * 0.85)
    suit_shape(group, suit, w - w * 0.08 - small / 2, h - h * 0.02 - index_h / 2, small)
    if centre:
        big = w * (0.55 if rank in (1, 11, 12, 13) else 0.45)
        suit_shape(group, suit, w / 2, h * 0.40, big)


def _large_face(
    group: InstructionGroup,
    rank: int,
    suit: int,
    colour: tuple[float, ...],
    w: float,
    h: float,
    centre: bool,
) -> None:
    """The phone-legible face: the index fills the whole strip a fan leaves visible (a
    quarter of the card's height), the rank as wide as two thirds of the card, the suit
    beside it as tall as the rank; a plain big suit below, for a card on its own."""
    band = h * 0.245
    texture = text_texture(RANK_NAMES[rank - 1], int(band * 1.15), colour)
    tw, th = texture.size
    # Kivy's text texture has room above and below the glyphs: let it overhang the band.
    scale = min(band * 1.18 / th, (w * 0.62) / tw)
    group.add(Color(1, 1, 1, 1))
    group.add(
        Rectangle(
            texture=texture,
            pos=(w * 0.03, h - h * 0.005 - th * scale + th * scale * 0.04),
            size=(tw * scale, th * scale),
        )
    )
    group.add(Color(*colour))
    small = min(w * 0.32, band * 0.95)
    suit_shape(group, suit, w - w * 0.05 - small / 2, h - h * 0.015 - band / 2, small)
    if centre:
        big = min(w * 0.62, h * 0.42)
        suit_shape(group, suit, w / 2, h * 0.36, big)


def draw_back(group: InstructionGroup, w: float, h: float, back: str | None = None) -> None:
    if (back or BACK_DESIGN) == "red":
        _lattice_back(group, w, h)
        return
    radius = _radius(w)
    group.add(Color(*FACE))
    group.add(RoundedRectangle(pos=(0, 0), size=(w, h), radius=[radius]))
    group.add(Color(*BACK))
    inset = max(1.5, w * 0.05)
    group.add(
        RoundedRectangle(
            pos=(inset, inset), size=(w - 2 * inset, h - 2 * inset), radius=[radius * 0.7]
        )
    )
    group.add(Color(*BACK_LINE))
    pad = inset * 2.2
    group.add(
        Line(
            rounded_rectangle=(pad, pad, w - 2 * pad, h - 2 * pad, radius * 0.5),
            width=max(1.0, w * 0.012),
        )
    )
    group.add(Line(points=[pad, pad, w - pad, h - pad], width=max(1.0, w * 0.01)))
    group.add(Line(points=[pad, h - pad, w - pad, pad], width=max(1.0, w * 0.01)))
    group.add(Color(*EDGE))
    group.add(Line(rounded_rectangle=(0.5, 0.5, w - 1, h - 1, radius), width=1))


def _lattice_back(group: InstructionGroup, w: float, h: float) -> None:
    """The red back: a diamond lattice of thin light lines inside a white border."""
    radius = _radius(w)
    group.add(Color(*FACE))
    group.add(RoundedRectangle(pos=(0, 0), size=(w, h), radius=[radius]))
    group.add(Color(*RED_BACK))
    inset = max(1.5, w * 0.06)
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    group.add(RoundedRectangle(pos=(x0, y0), size=(x1 - x0, y1 - y0), radius=[radius * 0.6]))
    group.add(Color(*RED_LINE))
    width = max(1.0, w * 0.008)
    pad = inset * 0.8
    x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 - pad, y1 - pad
    step = max(4.0, w / 7)
    # Lines y = x + c and y = -x + c, each cut to the inner rectangle.
    for sign in (1, -1):
        c = (y0 - x1) if sign == 1 else (y0 + x0)
        end = (y1 - x0) if sign == 1 else (y1 + x1)
        c += step / 2
        while c < end:
            points = _diagonal(sign, c, x0, y0, x1, y1)
            if points:
                group.add(Line(points=points, width=width))
            c += step
    group.add(Line(rounded_rectangle=(x0, y0, x1 - x0, y1 - y0, radius * 0.4), width=width))
    group.add(Color(*EDGE))
    group.add(Line(rounded_rectangle=(0.5, 0.5, w - 1, h - 1, radius), width=1))


def _diagonal(
    sign: int, c: float, x0: float, y0: float, x1: float, y1: float
) -> list[float] | None:
    """The part of the line y = sign * x + c inside the rectangle, or None."""
    lo = max(x0, (y0 - c) / sign if sign == 1 else (c - y1))
    hi = min(x1, (y1 - c) / sign if sign == 1 else (c - y0))
    if hi - lo < 1:
        return None
    return [lo, sign * lo + c, hi, sign * hi + c]


def draw_marker(
    group: InstructionGroup, x: float, y: float, w: float, h: float, text: str, ring: bool
) -> None:
    """An empty pile: an outline, with the rank it accepts or a ring meaning "redeal"."""
    radius = _radius(w)
    group.add(Color(0, 0, 0, 0.12))
    group.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[radius]))
    group.add(Color(*MARKER))
    group.add(Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, radius), width=1.2))
    if ring:
        group.add(Line(circle=(x + w / 2, y + h / 2, w * 0.25), width=max(1.5, w * 0.04)))
    if text:
        texture = text_texture(text, int(h * 0.3), (1, 1, 1, 0.55))
        tw, th = texture.size
        scale = min(1.0, w * 0.8 / tw)
        group.add(Color(1, 1, 1, 1))
        group.add(
            Rectangle(
                texture=texture,
                size=(tw * scale, th * scale),
                pos=(x + (w - tw * scale) / 2, y + (h - th * scale) / 2),
            )
        )


def draw_outline(
    group: InstructionGroup,
    rect: tuple[float, float, float, float],
    w: float,
    colour: tuple[float, ...] = HIGHLIGHT,
) -> None:
    x, y, rw, rh = rect
    group.add(Color(*colour))
    group.add(
        Line(rounded_rectangle=(x - 2, y - 2, rw + 4, rh + 4, _radius(w)), width=max(1.5, w * 0.03))
    )


def draw_arrow(
    group: InstructionGroup,
    src: tuple[float, float, float, float],
    dst: tuple[float, float, float, float],
    w: float,
    colour: tuple[float, ...],
) -> None:
    """An arrow from the centre of rect ``src`` to the edge of rect ``dst`` (a hint's way)."""
    x0, y0 = src[0] + src[2] / 2, src[1] + src[3] / 2
    x1, y1 = dst[0] + dst[2] / 2, dst[1] + dst[3] / 2
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = max(10.0, w * 0.3)
    tip = (x1 - ux * min(length / 3, dst[3] / 4), y1 - uy * min(length / 3, dst[3] / 4))
    base = (tip[0] - ux * head, tip[1] - uy * head)
    group.add(Color(*colour))
    group.add(Line(points=[x0, y0, *base], width=max(2.0, w * 0.05)))
    group.add(
        Triangle(
            points=[
                *tip,
                base[0] - uy * head * 0.6,
                base[1] + ux * head * 0.6,
                base[0] + uy * head * 0.6,
                base[1] - ux * head * 0.6,
            ]
        )
    )


# -- looks rendered once ----------------------------------------------------------------

BACK_LOOK = -1  # a face-down card
_fbos: dict[tuple[object, ...], Fbo] = {}


def _render(key: tuple[object, ...], size: tuple[int, int], art: InstructionGroup) -> Texture:
    """The texture of ``art`` drawn into a ``size`` Fbo kept under ``key``.

    The Fbo is kept, not just its texture: Kivy redraws an Fbo's canvas when the GL context
    is recreated (Android resume), so the look survives.
    """
    fbo = _fbos.get(key)
    if fbo is None:
        if len(_fbos) > 60:  # a window resized many times: drop the old sizes
            _forget_sizes()
        fbo = Fbo(size=size)
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
        fbo.add(art)
        fbo.draw()
        _fbos[key] = fbo
    return fbo.texture


# Every look of one card size goes into one atlas, drawn in a single Fbo pass: under
# software GL each Fbo costs several milliseconds however little it holds.
ATLAS_COLUMNS = 10


def _atlas(centre: bool, size: tuple[int, int]) -> dict[tuple[object, ...], Texture]:
    key = ("atlas", DESIGN, BACK_DESIGN, centre, *size)
    regions = _atlases.get(key)
    if regions is not None:
        return regions
    w, h = size
    looks: list[tuple[object, ...]] = [("card", BACK_LOOK)]
    looks += [("card", card) for card in range(DECK_SIZE)]
    rows = math.ceil(len(looks) / ATLAS_COLUMNS)
    cell_w, cell_h = w + 2, h + 2  # a pixel of clear space around each look: no bleeding
    art = InstructionGroup()
    places = {}
    for i, look in enumerate(looks):
        x, y = (i % ATLAS_COLUMNS) * cell_w + 1, (i // ATLAS_COLUMNS) * cell_h + 1
        places[look] = (x, y)
        art.add(PushMatrix())
        art.add(Translate(x, y))
        if look[1] == BACK_LOOK:
            draw_back(art, w, h)
        else:
            draw_face(art, int(look[1]), w, h, centre=centre)  # type: ignore[call-overload]
        art.add(PopMatrix())
    atlas_size = (ATLAS_COLUMNS * cell_w, rows * cell_h)
    texture = _load(key, atlas_size)
    if texture is None:
        texture = _render(key, atlas_size, art)
        # Saved on pause/stop only: reading an Fbo back mid-game stalls software GL for
        # seconds (seen under Mesa llvmpipe), so never while the player is playing.
        _unsaved.add(key)
    # Cards are drawn at their atlas size, so nearest sampling looks the same as linear and
    # costs software GL (Mesa llvmpipe) a quarter less per card pixel.
    texture.mag_filter = texture.min_filter = "nearest"
    regions = {look: texture.get_region(x, y, w, h) for look, (x, y) in places.items()}
    if len(_atlases) > 12:  # a window resized many times: forget old sizes
        _forget_sizes()
    _atlases[key] = regions
    return regions


_atlases: dict[tuple[object, ...], dict[tuple[object, ...], Texture]] = {}
GENERATION = 0  # bumped when the kept looks are dropped: cards then fetch theirs anew


def _forget_sizes() -> None:
    global GENERATION
    _fbos.clear()
    _atlases.clear()
    GENERATION += 1


# -- the atlas on disk: later starts upload pixels instead of drawing ~1,000 instructions ----

CACHE_DIR: Path | None = None  # set by the App (its data directory); None: no disk cache
_ART_HASH = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:12]  # new art: new files


def _cache_path(key: tuple[object, ...]) -> Path | None:
    if CACHE_DIR is None:
        return None
    name = "-".join(str(part) for part in key[1:])
    return CACHE_DIR / f"cards-{_ART_HASH}-{name}.rgba.z"


def _load(key: tuple[object, ...], size: tuple[int, int]) -> Texture | None:
    path = _cache_path(key)
    if path is None or not path.is_file():
        return None
    try:
        pixels = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        return None
    if len(pixels) != size[0] * size[1] * 4:
        return None
    texture = Texture.create(size=size, colorfmt="rgba")
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    # Re-uploaded if the GL context is lost (Android resume).
    texture.add_reload_observer(lambda tex: tex.blit_buffer(pixels, colorfmt="rgba"))
    return texture


_unsaved: set[tuple[object, ...]] = set()


def save_atlases() -> None:
    """Write atlases drawn this run to the disk cache (also called on pause and stop)."""
    while _unsaved:
        key = _unsaved.pop()
        _store(key, _fbos.get(key))


def _store(key: tuple[object, ...], fbo: Fbo | None) -> None:
    path = _cache_path(key)
    if path is None or fbo is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob("cards-*.rgba.z"):
            if not old.name.startswith(f"cards-{_ART_HASH}-"):
                old.unlink()  # art from an older version
        write_atomically(path, zlib.compress(bytes(fbo.pixels), 1))
    except OSError:
        pass  # a cache: never worth failing for


def _pixels(w: float, h: float) -> tuple[int, int]:
    return (max(2, round(w)), max(2, round(h)))


def card_texture(card: int, centre: bool, w: float, h: float) -> Texture:
    """The look of ``card`` (or `BACK_LOOK`) at ``w`` x ``h`` pixels; ``centre=False`` is a
    face without the big centre suit."""
    size = _pixels(w, h)
    if card == BACK_LOOK:
        centre = True
    return _atlas(centre, size)[("card", card & CARD_MASK if card >= 0 else card)]


def marker_texture(text: str, ring: bool, w: float, h: float) -> Texture:
    """An empty pile's marker (see `draw_marker`) at ``w`` x ``h`` pixels."""
    size = _pixels(w, h)  # a few per game, so each its own small Fbo
    key = ("marker", text, ring, *size)
    if key in _fbos:
        return _fbos[key].texture
    art = InstructionGroup()
    draw_marker(art, 0, 0, *size, text, ring)
    return _render(key, size, art)
