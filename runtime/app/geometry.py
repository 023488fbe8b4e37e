"""Where piles and cards go on a table of a given size: pure arithmetic, no Kivy.

A plan places piles in card units (x in card widths, y in card heights down from the top);
`fit` scales the plan whose cards come out largest to the window. Coordinates out of this
module are Kivy's: pixels, origin at the bottom left of the table widget.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from runtime.engine import Rules
from runtime.engine.cards import FACE_DOWN
from runtime.engine.layout import Layout
from runtime.engine.rules import PileKind, Placement, Region, StockTarget
from runtime.engine.rules import Place as Placed

RATIO = 1.4  # card height / width
PITCH = 1.12  # card widths from one column to the next
PYRAMID_PITCH = 1.04  # tighter, so little of a covered card shows between its covers
PYRAMID_STEPS = (0.7, 0.6, 0.5)  # pyramid rows apart, in card heights: deepest that fits
ROW = 1.12  # card heights from one row to the next
UP_STEP = 0.26  # fan step after a face-up card, in card heights
# A column with room to spare (a phone upright, a short pile) spreads its face-up cards up
# to this: more of each card shows and each is a taller touch target.
UP_STEP_MAX = 0.45
# ... or, where cards are small (a phone), up to a touch target's height (48 dp), at most this:
# each face-up card of a short build is then a full target on its own.
TOUCH_STEP_MAX = 0.75
DOWN_STEP = 0.11  # fan step after a face-down card
# ... and its face-down cards up to this, once the face-up ones have all they may take: on an
# upright phone a player can count what is still hidden (Klondike's seventh pile).
DOWN_STEP_MAX = 0.16
SIDE_STEP = 0.24  # waste fan step, in card widths
# A reserve fanned right: the step that shows a "10" whole, closed up to one that shows its
# "1" (no other rank starts so), in its colour.
RESERVE_SIDE_STEP = 0.3
SIDE_STEP_MIN = 0.2
RIGHT_FANS = 1.25
GAP = 0.12  # least room between piles of different groups, in card sizes
SIDE_GAP = 0.25  # extra room between the tableau and a block of piles beside it
# A table limited by the window's width may close its gaps up to this (PITCH 1.12 -> 1.05):
# cards ~6% bigger on a phone upright; a pile's touch zone still takes in its half-gaps.
SQUEEZE = 1.05 / PITCH
TWO_ROWS = 1.25  # how much bigger a two-row tableau's cards must be to be taken
# A side block may close up to the tableau (no SIDE_GAP) for cards this much bigger, or where
# only that makes every column a touch target (Jumbo upright: 45.3 dp cards 47.6 dp apart).
TIGHT = 1.1


class Fan(Enum):
    NONE = 0
    DOWN = 1
    RIGHT = 2


@dataclass(frozen=True, slots=True)
class Place:
    pile: int
    x: float
    y: float
    fan: Fan = Fan.NONE
    floor: float | None = None  # DOWN fans stop here (card heights from the top); None: the end
    reach: float = 0.0  # RIGHT fans of every card (not a waste's last three): card widths past x
    # The share of the height a window has to spare that moves this place down (and its
    # floor): the rows of a tableau in several rows each get an equal part of it.
    drop: float = 0.0
    floor_drop: float = 0.0
    spread: bool = True  # a DOWN fan's cards spread into room to spare (see `Slot.spread`)
    side_step: float = SIDE_STEP  # a RIGHT fan's step, in card widths


@dataclass(frozen=True, slots=True)
class Plan:
    places: tuple[Place, ...]
    width: float  # card widths
    height: float  # card heights
    weight: float = 1.0  # `fit` ranks plans by card size times this
    rows: int = 1  # tableau rows: a second is taken only where one row is too narrow to touch
    squeeze: float = SQUEEZE  # least factor its x may be scaled by (1: gaps that must stay)


@dataclass(frozen=True, slots=True)
class Slot:
    pile: int
    x: float
    y: float  # bottom of the pile's first card
    fan: Fan
    fan_step: float  # largest step between fanned cards (px)
    limit: float  # DOWN: lowest y a card may take; RIGHT: unused
    # RIGHT: 0 spreads the top three cards (a waste); more spreads every card within this
    # many px right of the first (a reserve whose cards all show).
    reach: float = 0.0
    # DOWN: the cards spread apart into room to spare. Not a reserve's: the step would depend
    # on the count, so each deal onto it would move every card under the new one; a
    # reserve's lower cards never play, so they stay put until the fan must close up.
    spread: bool = True


Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True, slots=True)
class TableGeometry:
    width: float
    height: float
    card_w: float
    card_h: float
    slots: dict[int, Slot]
    min_target: float = 0.0  # smallest touch target (px): a pile's zone is at least this
    pitch: float = PITCH  # card widths from one column to the next, after any squeeze

    def positions(self, piles: tuple[tuple[int, ...], ...]) -> dict[int, list[tuple[float, float]]]:
        """Bottom-left corner of every card of every shown pile, bottom card first."""
        out: dict[int, list[tuple[float, float]]] = {}
        for pile, slot in self.slots.items():
            cards = piles[pile]
            if slot.fan is Fan.DOWN:
                out[pile] = self._fan_down(slot, cards)
            elif slot.fan is Fan.RIGHT and slot.reach:
                step = slot.fan_step
                if len(cards) > 1:  # squeezed to its reach, keeping the step's sign (mirror)
                    step = math.copysign(min(abs(step), slot.reach / (len(cards) - 1)), step)
                out[pile] = [(slot.x + i * step, slot.y) for i in range(len(cards))]
            elif slot.fan is Fan.RIGHT:
                first_fanned = max(0, len(cards) - 3)
                out[pile] = [
                    (slot.x + max(0, i - first_fanned) * slot.fan_step, slot.y)
                    for i in range(len(cards))
                ]
            else:
                out[pile] = [(slot.x, slot.y)] * len(cards)
        return out

    @property
    def up_step_max(self) -> float:
        """The widest step (px) between face-up cards of a fan with room to spare."""
        touch = min(self.min_target, TOUCH_STEP_MAX * self.card_h)
        return max(UP_STEP_MAX * self.card_h, touch)

    def _fan_down(self, slot: Slot, cards: tuple[int, ...]) -> list[tuple[float, float]]:
        if not cards:
            return []
        steps = [self.card_h * (DOWN_STEP if card >= FACE_DOWN else UP_STEP) for card in cards[:-1]]
        room = slot.y - slot.limit
        total = sum(steps)
        scale = min(1.0, room / total) if total > 0 else 1.0
        ups = sum(1 for card in cards[:-1] if card < FACE_DOWN)
        downs = len(cards) - 1 - ups
        if total < room and ups and slot.spread:  # room to spare: face-up cards spread
            up = min(self.up_step_max, UP_STEP * self.card_h + (room - total) / ups)
            total += (up - UP_STEP * self.card_h) * ups
            steps = [
                up if card < FACE_DOWN else step
                for card, step in zip(cards[:-1], steps, strict=True)
            ]
        if total < room and downs and slot.spread:  # still room: the face-down ones too
            down = min(
                DOWN_STEP_MAX * self.card_h, DOWN_STEP * self.card_h + (room - total) / downs
            )
            steps = [
                down if card >= FACE_DOWN else step
                for card, step in zip(cards[:-1], steps, strict=True)
            ]
        y = slot.y
        out = [(slot.x, y)]
        for step in steps:
            y -= step * scale
            out.append((slot.x, y))
        return out

    def pile_rect(self, pile: int, positions: dict[int, list[tuple[float, float]]]) -> Rect:
        """The area a pile covers, at least one card: the drop zone and tap area of the pile."""
        slot = self.slots[pile]
        spots = positions.get(pile) or [(slot.x, slot.y)]
        left = min(x for x, _ in spots)
        right = max(x for x, _ in spots) + self.card_w
        bottom = min(y for _, y in spots)
        top = max(y for _, y in spots) + self.card_h
        return (left, bottom, right - left, top - bottom)

    def hit(
        self, x: float, y: float, positions: dict[int, list[tuple[float, float]]]
    ) -> tuple[int, int | None] | None:
        """(pile, card index) under a point; index None on an empty pile; None on felt.

        Later piles and higher cards are drawn on top, so they are tested first.
        """
        for pile in sorted(self.slots, reverse=True):
            spots = positions.get(pile, [])
            for index in range(len(spots) - 1, -1, -1):
                cx, cy = spots[index]
                if cx <= x <= cx + self.card_w and cy <= y <= cy + self.card_h:
                    return pile, index
        for pile, slot in self.slots.items():
            if not positions.get(pile) and _inside(
                x, y, (slot.x, slot.y, self.card_w, self.card_h)
            ):
                return pile, None
        # Near misses: the whole column of a pile (down to where its fan may reach) and the
        # gap around it count, so even small cards are touch targets of `min_target` or more.
        for pile in self.slots:
            if _inside(x, y, self.zone(pile)):
                count = len(positions.get(pile, ()))
                return pile, (count - 1 if count else None)
        return None

    def zone(self, pile: int) -> Rect:
        """Where a touch means ``pile``: its column, half the gap to each neighbour, at least
        `min_target` in each direction."""
        slot = self.slots[pile]
        gap = self.card_w * (self.pitch - 1) / 2
        bottom = slot.limit if slot.fan is Fan.DOWN else slot.y
        width = max(self.card_w + 2 * gap, self.min_target)
        height = max(slot.y + self.card_h - bottom, self.min_target)
        centre_x = slot.x + self.card_w / 2
        if slot.fan is Fan.RIGHT:
            width = max(width, self.card_w + (slot.reach or 3 * slot.fan_step))
            centre_x = slot.x + width / 2 - gap
        centre_y = bottom + (slot.y + self.card_h - bottom) / 2
        return (centre_x - width / 2, centre_y - height / 2, width, height)

    def drop_target(
        self,
        rect: Rect,
        candidates: list[int],
        positions: dict[int, list[tuple[float, float]]],
    ) -> int | None:
        """The candidate pile whose area the dragged cards' rectangle overlaps most."""
        best, best_area = None, 0.0
        for pile in candidates:
            if pile not in self.slots:
                continue
            area = _overlap(rect, self.pile_rect(pile, positions))
            if area > best_area:
                best, best_area = pile, area
        return best


def _inside(x: float, y: float, rect: Rect) -> bool:
    rx, ry, rw, rh = rect
    return rx <= x <= rx + rw and ry <= y <= ry + rh


def _overlap(a: Rect, b: Rect) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


# -- plans ------------------------------------------------------------------------------


def _never_builds(rules: Rules) -> bool:
    """Nothing is ever put on a tableau card: a pile holds its deal, or less."""
    return rules.tableau_builds is None and rules.stock_target is not StockTarget.TABLEAU


def _undropped(plan: Plan) -> Plan:
    places = tuple(replace(p, drop=0.0, floor_drop=0.0) for p in plan.places)
    return replace(plan, places=places)


def _tableau_need(rules: Rules) -> float:
    """Card heights a tableau column should get: its deal plus a few builds, fanned; room for
    a fan of six at least, so a tableau dealt one card a pile or none (Canfield, Giant, Gold
    Mine) does not get cards so big that its builds squeeze."""
    longest = max((down + up for down, up in rules.tableau_deal), default=1)
    if _never_builds(rules):
        # Nothing is ever built on a pile (Golf, Eliminator; Carpet's one card): its deal
        # is all it holds, so no room waits for builds.
        return ROW + UP_STEP * (max(longest, 1) - 1)
    cards = max(longest + 3, 6)
    if rules.tableau_capacity:  # a pile never holds more (Bear River, Eagle Wing: three)
        cards = min(cards, rules.tableau_capacity)
    return 1 + UP_STEP * cards


def _pyramid(layout: Layout, step: float) -> tuple[list[Place], float, float]:
    """The pyramid's places, rows `step` card heights apart; its width and height."""
    count = len(layout.tableau)
    rows = int((math.isqrt(8 * count + 1) - 1) // 2)
    pyramid: list[Place] = []
    pile = iter(layout.tableau)
    for row in range(rows):
        for col in range(row + 1):
            x = (rows - 1 - row) * PYRAMID_PITCH / 2 + col * PYRAMID_PITCH
            pyramid.append(Place(next(pile), x, row * step))
    return pyramid, (rows - 1) * PYRAMID_PITCH + 1, (rows - 1) * step + 1


def _pyramid_plans(rules: Rules, layout: Layout) -> list[Plan]:
    side = [layout.stock] + ([layout.waste] if layout.waste >= 0 else [])
    if layout.placement.stock.region is Region.TOP_LEFT:
        # Deeper rows first: where the width limits the cards (a phone upright) they tie on
        # size and the first wins, so the height the window has shows more of each card.
        return [_pyramid_top_left(*_pyramid(layout, step), side=side) for step in PYRAMID_STEPS]
    pyramid, width, height = _pyramid(layout, 0.5)
    below = [
        Place(p, width / 2 - len(side) * PITCH / 2 + i * PITCH + (PITCH - 1) / 2, height + 0.15)
        for i, p in enumerate(side)
    ]
    beside = [Place(p, i * (width + PITCH) - PITCH, height - 1) for i, p in enumerate(side)]
    shift = [Place(p.pile, p.x + PITCH, p.y, p.fan) for p in (*pyramid, *beside[:2])]
    return [
        Plan((*pyramid, *below), width, height + 1.15, squeeze=1.0),
        Plan(tuple(shift), width + 2 * PITCH, height, squeeze=1.0),
    ]


def _pyramid_top_left(pyramid: list[Place], width: float, height: float, side: list[int]) -> Plan:
    """Stock (and waste) in the top left corner, in the room the pyramid's slopes leave; the
    pyramid moves right only as far as it must to clear them."""
    right = (len(side) - 1) * PITCH + 1 + GAP
    shift = max(
        (right - p.x for p in pyramid if p.y < 1 + GAP),
        default=0.0,
    )
    shift = max(shift, 0.0)
    places = [Place(p, i * PITCH, 0.0) for i, p in enumerate(side)]
    places += [Place(p.pile, p.x + shift, p.y, p.fan) for p in pyramid]
    return Plan(tuple(places), max(width + shift, right - GAP), height, squeeze=1.0)


def _standard_plans(rules: Rules, layout: Layout, show_stock: bool) -> list[Plan]:
    waste_fans = layout.waste >= 0 and rules.stock_draw > 1
    fan_room = 2 * SIDE_STEP if waste_fans else 0.0
    head = [layout.stock] if show_stock else []
    if layout.waste >= 0:
        head.append(layout.waste)
    tableau, reserves, foundations = layout.tableau, layout.reserves, layout.foundations
    need = _tableau_need(rules)

    def waste_fan(pile: int) -> Fan:
        return Fan.RIGHT if waste_fans and pile == layout.waste else Fan.NONE

    plans = []
    # Top row: stock, waste (and few reserves) at left, foundations at right; tableau below.
    top_left = head + (
        list(reserves)
        if len(head) + len(reserves) + len(foundations) <= max(len(tableau), 4)
        else []
    )
    row_reserves = [r for r in reserves if r not in top_left]
    cols = max(
        len(tableau), len(top_left) + len(foundations) + (1 if waste_fans else 0), len(row_reserves)
    )
    width = (cols - 1) * PITCH + 1
    places = [Place(p, i * PITCH, 0.0, waste_fan(p)) for i, p in enumerate(top_left)]
    places += [
        Place(p, (cols - len(foundations) + i) * PITCH, 0.0) for i, p in enumerate(foundations)
    ]
    y = ROW
    if row_reserves:
        start = (cols - len(row_reserves)) * PITCH / 2
        places += [Place(p, start + i * PITCH, y) for i, p in enumerate(row_reserves)]
        y += ROW
    start = (cols - len(tableau)) * PITCH / 2
    places += [Place(p, start + i * PITCH, y, Fan.DOWN) for i, p in enumerate(tableau)]
    plans.append(Plan(tuple(places), width, y + need))

    # Side columns: stock and waste stacked at left, reserves and foundations in pairs beside.
    small_reserves = list(reserves) if len(reserves) <= 4 else []
    row_reserves = [r for r in reserves if r not in small_reserves]
    places = []
    x = 0.0
    for i, p in enumerate(head):
        places.append(Place(p, x, i * ROW, waste_fan(p)))
    if head:
        x += PITCH + fan_room
    for i, p in enumerate(small_reserves):
        places.append(Place(p, x + (i % 2) * PITCH, (i // 2) * ROW))
    if small_reserves:
        x += 2 * PITCH
    middle = max(len(tableau), len(row_reserves))
    y = 0.0
    if row_reserves:
        places += [Place(p, x + i * PITCH, 0.0) for i, p in enumerate(row_reserves)]
        y = ROW
    places += [Place(p, x + i * PITCH, y, Fan.DOWN) for i, p in enumerate(tableau)]
    x += middle * PITCH + 0.1
    for i, p in enumerate(foundations):
        places.append(Place(p, x + (i % 2) * PITCH, (i // 2) * ROW))
    width = x + (PITCH + 1 if len(foundations) > 1 else 1 if foundations else -0.1)
    rows = max(len(head), math.ceil(len(foundations) / 2), math.ceil(len(small_reserves) / 2))
    plans.append(Plan(tuple(places), width, max(rows * ROW - 0.12, y + need)))
    if len(tableau) >= 6:
        plans.append(_two_row_plan(layout, head, waste_fan, need))
    return plans


def _two_row_plan(
    layout: Layout, head: list[int], waste_fan: Callable[[int], Fan], need: float
) -> Plan:
    """A tall window (a phone upright): the tableau in two rows of half as many columns, so
    cards come out about twice as wide. Layout only: the piles and their rules are unchanged.
    """
    tableau, reserves, foundations = layout.tableau, layout.reserves, layout.foundations
    half = math.ceil(len(tableau) / 2)
    left, right = head + list(reserves), list(foundations)
    cols = max(half, 4)
    # A row that is only one corner's group keeps to that corner when the help names it.
    placement = layout.placement
    said_left = Region.TOP_LEFT in (placement.stock.region, placement.reserves.region)
    said_right = placement.foundations.region is Region.TOP_RIGHT
    rows: list[tuple[list[int], float]] = []  # (piles, -1: a gap; where the row starts)
    if len(left) + len(right) + (1 if left and right else 0) <= cols:
        rows.append((left + [-1] * (cols - len(left) - len(right)) + right, 0.0))
    else:
        chunks = [right[i : i + cols] for i in range(0, len(right), cols)]
        aligned = [(c, (cols - len(c)) * PITCH * (1.0 if said_right else 0.5)) for c in chunks]
        if chunks and left and len(left) + 1 + len(chunks[-1]) <= cols:
            last = chunks.pop()
            aligned[-1] = (left + [-1] * (cols - len(left) - len(last)) + last, 0.0)
        elif left:
            lefts = [left[i : i + cols] for i in range(0, len(left), cols)]
            aligned = [
                (c, 0.0 if said_left else (cols - len(c)) * PITCH / 2) for c in lefts
            ] + aligned
        rows += aligned
    cols = max(cols, *(len(r) for r, _ in rows))
    places: list[Place] = []
    y = 0.0
    for row, start in rows:
        for i, pile in enumerate(row):
            if pile >= 0:
                places.append(Place(pile, start + i * PITCH, y, waste_fan(pile)))
        y += ROW
    first, second = tableau[:half], tableau[half:]
    start = (cols - len(first)) * PITCH / 2
    second_y = y + need
    places += [
        Place(p, start + i * PITCH, y, Fan.DOWN, floor=second_y - 0.06, floor_drop=0.5)
        for i, p in enumerate(first)
    ]
    start = (cols - len(second)) * PITCH / 2
    places += [
        Place(p, start + i * PITCH, second_y, Fan.DOWN, drop=0.5) for i, p in enumerate(second)
    ]
    return Plan(tuple(places), (cols - 1) * PITCH + 1, second_y + need, rows=2)


def plans_for(rules: Rules, layout: Layout, show_stock: bool) -> list[Plan]:
    """The arrangements to choose from: the help's placement, bent as little as a small
    window needs (docs/spec/placement.md), with room for the fans of reserves whose cards
    all show."""
    if rules.covered_by:
        return _pyramid_plans(rules, layout)
    rows = layout.placement.tableau.rows
    if rows:  # the help's rows ("in three rows of six"), on every window
        plans = _placed_plans(rules, layout, show_stock, tableau_rows=(rows,))
    elif _usual(layout.placement):
        # The placed packings too (corner groups heading side blocks beside a two-row
        # tableau suit a phone), taken only where they give clearly bigger cards.
        placed = _placed_plans(rules, layout, show_stock, tableau_rows=(2,))
        extra = [replace(p, weight=p.weight / 1.05) for p in placed]
        plans = _standard_plans(rules, layout, show_stock) + extra
    else:
        plans = _placed_plans(rules, layout, show_stock)
    if _never_builds(rules):  # no fans to grow into spare height: the rows stay together
        plans = [_undropped(plan) for plan in plans]
    spread = reserve_spread(rules, layout)
    if not spread.cards:
        return plans
    spread_plans = [_fanned_down(plan, spread) for plan in plans]
    spread_plans += [_fanned_right(plan, spread) for plan in plans]
    return [plan for plan in spread_plans if plan is not None] or plans


# -- reserves whose cards all show ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReserveSpread:
    """Reserve piles that may hold several face-up cards, each fanned so a player sees what
    lies under its top card (as a tableau pile is), and reserves lying across others."""

    cards: dict[int, int]  # pile -> how many cards its fan makes room for (more squeeze)
    covers: dict[int, tuple[int, ...]]  # a reserve -> the reserves it lies across


def reserve_spread(rules: Rules, layout: Layout) -> ReserveSpread:
    """From the rules alone: a reserve dealt several face-up cards keeps them (Glenwood's
    three, Terrace's eleven, Backbone's nine); one that takes cards (Sir Tommy: any number)
    or that the stock deals onto (Auld Lang Syne, Bristol, Lady Jane, Scuffle) gathers
    them, so its fan gets room for a few more than its deal. A reserve of one face-up card
    over face-down ones (Canfield) or of one card at most (FreeCell's cells) stays a pile."""
    downs = rules.reserve_face_down or (0,) * len(rules.reserve_deal)
    grows = (rules.reserves_accept and rules.reserve_capacity > 1) or (
        rules.stock_target is StockTarget.RESERVES
    )
    cards = {}
    for pile, dealt, down in zip(layout.reserves, rules.reserve_deal, downs, strict=False):
        up = dealt - down
        count = max(up, 1) + 3 if grows else up
        if count > 1 and not (down and up <= 1):
            cards[pile] = count
    covers: dict[int, list[int]] = {}
    for pile, over in zip(layout.reserves, rules.reserve_covered_by, strict=False):
        for i in over:
            covers.setdefault(layout.reserves[i], []).append(pile)
    return ReserveSpread(cards, {p: tuple(under) for p, under in covers.items()})


def _bottom(place: Place, height: float) -> float:
    """The lowest point (card heights) a place's cards may reach in a plan ``height`` tall."""
    if place.fan is Fan.DOWN:
        return height if place.floor is None else place.floor
    return place.y + 1


def _fanned_right(plan: Plan, spread: ReserveSpread) -> Plan | None:
    """``plan`` with its fanned reserves spread right, where nothing else in their rows is in
    the way of any of them (Terrace's reserve on a phone); None where something is. The
    card art's index has the suit at the card's right corner, so a fan to the right shows
    each card's rank in its colour only: taken only where it gives cards `RIGHT_FANS`
    bigger, or where only it makes every column a touch target."""
    places = list(plan.places)
    fanned = [p for p in places if p.pile in spread.cards]
    righted: dict[int, Place] = {}
    for y in sorted({p.y for p in fanned}):
        row = [p for p in fanned if abs(p.y - y) < 1e-6]
        right = _row_fanned_right(row, places, plan, spread)
        if right is None:
            return None
        righted |= right
    places = [righted.get(p.pile, p) for p in places]
    spread_plan = replace(plan, places=tuple(places), weight=plan.weight / RIGHT_FANS)
    return _lay_across(spread_plan, spread)


def _fanned_down(plan: Plan, spread: ReserveSpread) -> Plan | None:
    """``plan`` with its fanned reserves spread down, as a tableau's piles, each row of them
    moving the rows below down to make room (Sir Tommy, Glenwood); a reserve lying across
    others goes across the ends of their fans (Backbone). None when the plan cannot (the
    piles a reserve lies across are not side by side)."""
    places = list(plan.places)
    height = plan.height
    done: set[int] = set()
    while todo := [p for p in places if p.pile in spread.cards and p.pile not in done]:
        y = min(p.y for p in todo)  # the highest row left: rows below it move down
        row = [p for p in todo if abs(p.y - y) < 1e-6]
        done.update(p.pile for p in row)
        longest = max(1 + UP_STEP * (spread.cards[p.pile] - 1) for p in row)
        lower = _moved_down(row, places, y)
        push = max((y + longest + GAP - q.y for q in lower), default=0.0)
        push = max(push, 0.0)
        ends = {p.pile for p in places if _bottom(p, height) >= height - 1e-6}
        in_row, pushed = {p.pile for p in row}, {p.pile for p in lower}
        moved = []
        for place in places:
            if place.pile in in_row:
                floor = y + longest + GAP / 2 if _under(place, places) else None
                moved.append(replace(place, fan=Fan.DOWN, floor=floor, spread=False))
            elif place.pile in pushed:
                floor = None if place.floor is None else place.floor + push
                moved.append(replace(place, y=place.y + push, floor=floor))
            elif place.floor is not None and _under(place, places) in pushed:
                moved.append(replace(place, floor=place.floor + push))  # over a moved row
            else:
                moved.append(place)
        grown = bool(pushed & ends)
        bottoms = [_bottom(p, height) for p in moved]
        height = max([height + (push if grown else 0.0), *bottoms, y + longest])
        places = moved
    return _lay_across(replace(plan, places=tuple(places), height=height), spread)


def _same_column(a: Place, b: Place) -> bool:
    return abs(a.x - b.x) < 1 - 1e-6


def _under(place: Place, places: list[Place]) -> int | None:
    """The pile right under ``place`` in its column, if any."""
    under = [q for q in places if q.y > place.y and _same_column(place, q)]
    return min(under, key=lambda q: q.y).pile if under else None


def _moved_down(row: list[Place], places: list[Place], y: float) -> list[Place]:
    """The places a fan down from ``row`` moves: those under its piles, every place in a row
    with one of those (rows stay rows) and, again, every place under one of those."""
    lower = [p for p in places if p.y > y + 0.5]
    moved = [p for p in lower if any(_same_column(p, r) for r in row)]
    new = moved
    while new:
        piles = {p.pile for p in moved}
        new = [
            p
            for p in lower
            if p.pile not in piles
            and any(abs(p.y - q.y) < 1e-6 or (p.y > q.y and _same_column(p, q)) for q in new)
        ]
        moved += new
    return moved


def _row_fanned_right(
    row: list[Place], places: list[Place], plan: Plan, spread: ReserveSpread
) -> dict[int, Place] | None:
    """The row's reserves fanned right, each within the room to its right neighbour and the
    table's edge; None unless every one of them has room for its fan with steps of at least
    `SIDE_STEP_MIN`. A reserve alone in the middle of the table is centred on its fan."""
    out = {}
    y, width = row[0].y, plan.width
    # Whatever reaches into the row's height: its piles, and fans from above.
    level = [p for p in places if p.y < y + 1 - 1e-6 and _bottom(p, plan.height) > y + 1e-6]
    for place in row:
        steps = spread.cards[place.pile] - 1
        right = min((q.x for q in level if q.x > place.x + 1e-6), default=width + GAP)
        room = right - GAP - place.x - 1
        if room < SIDE_STEP_MIN * steps - 1e-6:
            return None
        reach = min(RESERVE_SIDE_STEP * steps, room)
        out[place.pile] = replace(place, fan=Fan.RIGHT, reach=reach, side_step=reach / steps)
    if len(level) == 1 and abs(row[0].x + 0.5 - width / 2) < 0.01:
        (place,) = row
        shifted = max(0.0, place.x - out[place.pile].reach / 2)
        out[place.pile] = replace(out[place.pile], x=shifted)
    return out


def _lay_across(plan: Plan, spread: ReserveSpread) -> Plan | None:
    """Each reserve lying across others centred over the ends of their fans, covering the
    last card of each but its index strip (Backbone's single card across its two stacks)."""
    by_pile = {p.pile: p for p in plan.places}
    moved: dict[int, Place] = {}
    height = plan.height
    for pile, under in spread.covers.items():
        stacks = [by_pile[p] for p in under if p in by_pile]
        if pile not in by_pile or not stacks:
            continue
        ys = {p.y for p in stacks}
        xs = sorted(p.x for p in stacks)
        side_by_side = all(b - a < PITCH + 1e-6 for a, b in itertools.pairwise(xs))
        if len(ys) > 1 or not side_by_side or any(p.fan is not Fan.DOWN for p in stacks):
            return None
        longest = max(spread.cards.get(p.pile, 1) for p in stacks)
        top = stacks[0].y + UP_STEP * longest
        moved[pile] = replace(by_pile[pile], x=(xs[0] + xs[-1]) / 2, y=top, fan=Fan.NONE)
        for stack in stacks:
            moved[stack.pile] = replace(stack, floor=top + 1 - UP_STEP)
        height = max(height, top + 1)
    if not moved:
        return plan
    return replace(plan, places=tuple(moved.get(p.pile, p) for p in plan.places), height=height)


# Regions the standard plans already honour: stock and waste top left, foundations top right.
# Not a tableau said to lie below the rest ("Seven piles on the bottom"): on a short window the
# standard plans put the stock in a column of its own and the tableau in the top row beside it.
_USUAL = {
    "stock": {Region.DEFAULT, Region.TOP_LEFT},
    "waste": {Region.DEFAULT, Region.BESIDE_STOCK, Region.TOP_LEFT},
    "foundations": {Region.DEFAULT, Region.TOP_RIGHT, Region.TOP},
    "tableau": {Region.DEFAULT},
    "reserves": {Region.DEFAULT, Region.TOP_LEFT},
}


def _usual(placement: Placement) -> bool:
    return all(
        getattr(placement, kind).region in regions and not getattr(placement, kind).split
        for kind, regions in _USUAL.items()
    )


# -- placed plans -------------------------------------------------------------------------

_KIND_FIELD = {
    PileKind.STOCK: "stock",
    PileKind.WASTE: "waste",
    PileKind.FOUNDATION: "foundations",
    PileKind.TABLEAU: "tableau",
    PileKind.RESERVE: "reserves",
}


@dataclass(frozen=True, slots=True)
class _Regions:
    """Each pile's region, resolved from the placement and the usual places."""

    top_left: tuple[int, ...]
    top_center: tuple[int, ...]
    top_right: tuple[int, ...]
    reserve_row: tuple[int, ...]  # reserves with no stated place that miss the top row
    left: tuple[int, ...]
    right: tuple[int, ...]
    middle: tuple[int, ...]
    bottom: tuple[int, ...]  # a row under the tableau
    tableau: tuple[int, ...]
    tableau_split: int  # tableau piles left of the middle column (0: half)


def _resolve(layout: Layout, show_stock: bool) -> _Regions:
    placement = layout.placement
    groups = dict(layout.groups)
    if not show_stock:
        groups[PileKind.STOCK] = ()
    lists: dict[Region, list[int]] = {r: [] for r in Region}
    right_end: list[int] = []  # the right part of split top groups, at the top row's right end
    tableau_place = placement.tableau.region
    stock_aside = tableau_place in (Region.BESIDE_STOCK, Region.RIGHT)
    stock_region = Region.LEFT if stock_aside else _or(placement.stock, Region.TOP_LEFT)
    for kind in (PileKind.STOCK, PileKind.WASTE, PileKind.FOUNDATION, PileKind.RESERVE):
        piles = list(groups[kind])
        place: Placed = getattr(placement, _KIND_FIELD[kind])
        region = {
            PileKind.STOCK: stock_region,
            PileKind.WASTE: _or(place, Region.BESIDE_STOCK),
            PileKind.FOUNDATION: _or(place, Region.TOP_RIGHT),
            PileKind.RESERVE: place.region,
        }[kind]
        if region is Region.BESIDE_STOCK:
            region = stock_region if groups[PileKind.STOCK] else Region.TOP_LEFT
        if region is Region.TOP and place.split:
            lists[Region.TOP_LEFT] += piles[: place.split]
            right_end += piles[place.split :]
            continue
        if region is Region.TOP:
            region = Region.TOP_RIGHT if kind is PileKind.FOUNDATION else Region.TOP_CENTER
        lists[region] += piles
    top_right = right_end + lists[Region.TOP_RIGHT]
    reserve_row: list[int] = []
    if lists[Region.DEFAULT]:  # reserves with no stated place: top left if they fit, else a row
        room = max(len(layout.tableau), 4)
        top = len(lists[Region.TOP_LEFT]) + len(lists[Region.TOP_CENTER]) + len(top_right)
        if top + len(lists[Region.DEFAULT]) <= room:
            lists[Region.TOP_LEFT] += lists[Region.DEFAULT]
        else:
            reserve_row = lists[Region.DEFAULT]
    return _Regions(
        top_left=tuple(lists[Region.TOP_LEFT]),
        top_center=tuple(lists[Region.TOP_CENTER]),
        top_right=tuple(top_right),
        reserve_row=tuple(reserve_row),
        left=tuple(lists[Region.LEFT]),
        right=tuple(lists[Region.RIGHT]),
        middle=tuple(lists[Region.MIDDLE]),
        bottom=tuple(lists[Region.BOTTOM]),
        tableau=layout.tableau,
        tableau_split=min(placement.tableau.split, len(layout.tableau)),
    )


def _or(place: Placed, usual: Region) -> Region:
    return usual if place.region is Region.DEFAULT else place.region


def _placed_plans(
    rules: Rules, layout: Layout, show_stock: bool, tableau_rows: tuple[int, ...] = (1, 2, 3, 4)
) -> list[Plan]:
    """Plans that keep every pile in the region its help names. What varies between them is
    only how a region is packed: side blocks in one to four columns, the tableau in one or
    two rows, the top centre group on the top row or in rows of its own just below it, and
    the top corners' groups in the top row or heading the side blocks (still in their
    corners). The most faithful packings come first, so they win ties."""
    regions = _resolve(layout, show_stock)
    need = _tableau_need(rules)
    waste_fans = layout.waste >= 0 and rules.stock_draw > 1
    stated = bool(layout.placement.tableau.rows)

    def fan(pile: int) -> Fan:
        return Fan.RIGHT if waste_fans and pile == layout.waste else Fan.NONE

    # The corner groups may head side blocks on a short window, unless the help puts the
    # tableau below them ("Four piles below the Foundations").
    # Nor when a group is said to run "along the top": a column is not that.
    below = layout.placement.tableau.region is Region.BOTTOM
    along_top = any(getattr(layout.placement, k).region is Region.TOP for k in _KIND_FIELD.values())
    corners = bool(regions.top_left or regions.top_right) and not below and not along_top
    plans = []
    for sides in (False, True) if corners else (False,):
        left = (regions.top_left if sides else ()) + regions.left
        right = (regions.top_right if sides else ()) + regions.right
        for rows in _row_counts(len(regions.tableau), tableau_rows, stated):
            for wrap in (False, True) if regions.top_center else (False,):
                for left_cols, right_cols, middle_cols in itertools.product(
                    _block_columns(len(left)),
                    _block_columns(len(right)),
                    _block_columns(min(len(regions.middle), 2)),
                ):
                    packing = _Packing(sides, rows, wrap, left_cols, right_cols, middle_cols)
                    plans.append(_placed_plan(regions, need, fan, packing))
                    if left_cols or right_cols:  # see TIGHT
                        tight = _placed_plan(regions, need, fan, replace(packing, side_gap=0.0))
                        plans.append(replace(tight, weight=tight.weight / TIGHT))
    # A tall window: the two corner groups one under the other, each in rows as wide as the
    # tableau (Baker's Game upright: reserves at the top left, foundations flush right below;
    # Canfield: stock, waste and reserve, then the foundations over its four piles).
    if regions.top_left and regions.top_right and not regions.top_center:
        fanned = any(fan(p) is Fan.RIGHT for p in regions.top_left + regions.top_right)
        # A middle column with a reserve lying across others needs them side by side.
        across = bool(set(regions.middle) & set(reserve_spread(rules, layout).covers))
        middles = [min(len(regions.middle), 2 if across else 1)]
        for rows in _row_counts(len(regions.tableau), tableau_rows, stated) if not fanned else ():
            for right_cols, middle in itertools.product(
                _block_columns(len(regions.right)), middles
            ):
                stacked = _Packing(False, rows, False, min(len(regions.left), 1), right_cols)
                stacked = replace(stacked, middle_cols=middle, stack=True)
                plans.append(_placed_plan(regions, need, fan, stacked))
    return plans


def _row_counts(piles: int, allowed: tuple[int, ...], stated: bool = False) -> list[int]:
    """How many rows a tableau of ``piles`` may take: a second row from six piles, a third
    from twelve, a fourth from eighteen; the rows the help states, always (Union Square's
    four rows of four)."""
    if stated:
        return list(allowed)
    return [rows for rows in allowed if rows == 1 or piles >= 6 * (rows - 1)] or [1]


@dataclass(frozen=True, slots=True)
class _Packing:
    sides: bool  # the top corners' groups head the left and right blocks
    tableau_rows: int
    wrap: bool  # the top centre group in rows of its own under the top row
    left_cols: int
    right_cols: int
    middle_cols: int = 0  # the middle column, or two side by side when a window is short
    side_gap: float = SIDE_GAP  # a side block's extra room from the tableau
    stack: bool = False  # the top corners' groups in rows of their own, left one first


def _block_columns(count: int) -> list[int]:
    return list(range(1, min(count, 4) + 1)) if count else [0]


def _block(
    piles: tuple[int, ...],
    cols: int,
    x: float,
    y: float,
    fan: Callable[[int], Fan] = lambda _pile: Fan.NONE,
    pitch: float = PITCH,
) -> tuple[list[Place], float]:
    """Piles in rows of `cols`, left to right and top to bottom; the places and the bottom."""
    if not piles:
        return [], y
    places = [
        Place(p, x + (i % cols) * pitch, y + (i // cols) * ROW, fan(p)) for i, p in enumerate(piles)
    ]
    return places, y + (math.ceil(len(piles) / cols) - 1) * ROW + 1


def _row(piles: tuple[int, ...], x: float, fan: Callable[[int], Fan], room: float) -> list[Place]:
    """Piles side by side from `x`; a pile spread right takes `room` more."""
    places = []
    for pile in piles:
        places.append(Place(pile, x, 0.0, fan(pile)))
        x += PITCH + (room if fan(pile) is Fan.RIGHT else 0.0)
    return places


def _tableau_rows(regions: _Regions, rows: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each tableau row as (piles left of the middle, piles right of it). A split tableau
    keeps its sides: with two rows, each side is folded onto two rows of its own."""
    tableau = regions.tableau
    if not (regions.middle or regions.tableau_split):
        per_row = math.ceil(len(tableau) / rows)
        return [(tableau[r * per_row : (r + 1) * per_row], ()) for r in range(rows)]
    split = regions.tableau_split or math.ceil(len(tableau) / 2)
    left, right = tableau[:split], tableau[split:]
    lp, rp = math.ceil(len(left) / rows), math.ceil(len(right) / rows)
    return [(left[r * lp : (r + 1) * lp], right[r * rp : (r + 1) * rp]) for r in range(rows)]


def _stacked_corners(
    top_left: tuple[int, ...], top_right: tuple[int, ...], x0: float, x1: float
) -> tuple[list[Place], int]:
    """The top left group in rows from `x0`, then the top right one in rows ending at `x1`;
    the places and the number of rows."""
    fits = max(1, int((x1 - x0) / PITCH + 1e-9))
    places: list[Place] = []
    rows = 0
    for group, right in ((top_left, False), (top_right, True)):
        per_row = math.ceil(len(group) / math.ceil(len(group) / fits)) if group else 1  # even
        for i in range(0, len(group), per_row):
            part = group[i : i + per_row]
            start = x1 - len(part) * PITCH if right else x0
            places += [Place(p, start + j * PITCH, rows * ROW) for j, p in enumerate(part)]
            rows += 1
    return places, rows


def _placed_plan(
    regions: _Regions, need: float, fan: Callable[[int], Fan], packing: _Packing
) -> Plan:
    left_cols, right_cols, wrap = packing.left_cols, packing.right_cols, packing.wrap
    fans = {
        p for p in (*regions.top_left, *regions.top_right, *regions.left) if fan(p) is Fan.RIGHT
    }
    room = 2 * SIDE_STEP if fans else 0.0  # a waste spread right takes more than its card
    tl = () if packing.sides else regions.top_left
    tr = () if packing.sides else regions.top_right
    tc = regions.top_center
    left_piles = (regions.top_left if packing.sides else ()) + regions.left
    right_piles = (regions.top_right if packing.sides else ()) + regions.right
    rows = _tableau_rows(regions, packing.tableau_rows) if regions.tableau else []
    gap_cols = packing.middle_cols if regions.middle else 0.5 if regions.tableau_split else 0
    widths = [len(a) + len(b) + (gap_cols if b else 0) for a, b in rows]
    left_side = max((len(a) for a, _ in rows), default=0)  # tableau piles left of the middle
    band = max([*widths, len(regions.reserve_row), len(regions.bottom), 1])
    if regions.middle or regions.tableau_split:
        band = max(band, left_side + gap_cols + max(len(b) for _, b in rows))
    # The top row: corners' groups at its ends, the centre group between (or wrapped below).
    left_top, right_top = not tl, not tr  # a side block may start at the very top
    extent = band + (0 if left_top else left_cols) + (0 if right_top else right_cols)
    in_row = len(tl) + len(tr) + (0 if wrap else len(tc)) + room * bool(fans & {*tl, *tr})
    if packing.stack:  # in rows of their own, as wide as the table below makes them
        in_row = 0
    spare = 1 if tc and not wrap and (tl or tr) else 0
    band += max(0, in_row + spare - extent)
    left_pitch = PITCH + room * bool(fans & set(left_piles))
    left_width = left_cols * left_pitch + (packing.side_gap if left_cols else 0.0)
    right_width = right_cols * PITCH + (packing.side_gap if right_cols else 0.0)
    cols = (left_width + right_width) / PITCH + band
    x0 = left_width if left_top else 0.0
    x1 = cols * PITCH - (right_width if right_top else 0.0)  # where the top row ends
    if packing.stack:
        places, top_rows = _stacked_corners(tl, tr, x0, x1)
    else:
        places = _row(tl, x0, fan, room)
        places += _row(tr, x1 - len(tr) * PITCH - room * bool(fans & set(tr)), fan, room)
        top_rows = 1 if tl or tr or (tc and not wrap) else 0
    band_x = left_width
    if tc and not wrap:
        lo, hi = x0 + len(tl) * PITCH, x1 - len(tr) * PITCH
        start = min(max((cols - len(tc)) * PITCH / 2, lo), hi - len(tc) * PITCH)
        places += [Place(p, start + i * PITCH, 0.0) for i, p in enumerate(tc)]
    elif tc:
        chunk = max(int(band), 1)
        for i in range(0, len(tc), chunk):
            part = tc[i : i + chunk]
            start = band_x + (band - len(part)) * PITCH / 2
            places += [Place(p, start + j * PITCH, top_rows * ROW) for j, p in enumerate(part)]
            top_rows += 1
    y = top_rows * ROW
    if regions.reserve_row:
        start = band_x + (band - len(regions.reserve_row)) * PITCH / 2
        places += [Place(p, start + i * PITCH, y) for i, p in enumerate(regions.reserve_row)]
        y += ROW
    bottoms = [y]
    # Every row of a split tableau keeps its sides' edges where the first row has them, so a
    # shorter second row (Fortress: five a side fold as three and two) stays clear of the
    # middle column.
    right_side = max((len(b) for _, b in rows), default=0)
    for r, (a, b) in enumerate(rows):
        row_y = y + r * need
        floor = row_y + need - 0.06 if r + 1 < len(rows) else None
        if regions.middle or regions.tableau_split:
            start = band_x + (band - left_side - gap_cols - right_side) * PITCH / 2
            xs = [start + (left_side - len(a) + i) * PITCH for i in range(len(a))]
            xs += [start + (left_side + gap_cols + i) * PITCH for i in range(len(b))]
        else:
            start = band_x + (band - len(a)) * PITCH / 2
            xs = [start + i * PITCH for i in range(len(a))]
        # Spare height on a tall window is shared out between the rows (see `fit`).
        share = (r / len(rows), (r + 1) / len(rows) if floor is not None else 0.0)
        places += [
            Place(p, x, row_y, Fan.DOWN, floor, drop=share[0], floor_drop=share[1])
            for p, x in zip(a + b, xs, strict=True)
        ]
        bottoms.append(row_y + need)
        if r == 0 and regions.middle:
            middle_x = start + left_side * PITCH
            column, bottom = _block(regions.middle, packing.middle_cols, middle_x, row_y)
            places += column
            bottoms.append(bottom)
    left_y = 0.0 if left_top else top_rows * ROW
    block, bottom = _block(left_piles, left_cols, 0.0, left_y, fan, left_pitch)
    places += block
    bottoms.append(bottom)
    right_x = band_x + band * PITCH + (packing.side_gap if right_cols else 0.0)
    block, bottom = _block(right_piles, right_cols, right_x, 0.0 if right_top else top_rows * ROW)
    places += block
    bottoms.append(bottom)
    height = max(bottoms)
    if regions.bottom:
        y = height + 0.15
        start = band_x + (band - len(regions.bottom)) * PITCH / 2
        places = [
            replace(p, floor=y - 0.06, floor_drop=1.0)
            if p.fan is Fan.DOWN and p.floor is None
            else p
            for p in places
        ]
        drop = 1.0 if regions.tableau else 0.0  # under the tableau's rows, wherever they end
        places += [Place(p, start + i * PITCH, y, drop=drop) for i, p in enumerate(regions.bottom)]
        height = y + 1
    return Plan(tuple(places), (cols - 1) * PITCH + 1, height, rows=packing.tableau_rows)


@dataclass(frozen=True, slots=True)
class _Scaled:
    card_w: float  # px
    squeeze: float  # x scaled by this: gaps closed up as far as the width needs
    plan: Plan


def _scaled(plan: Plan, width: float, height: float) -> _Scaled:
    """The plan's largest card width in ``width`` x ``height`` (margins taken off), closing
    its gaps up first when the width is what limits it."""
    by_height = height / (plan.height * RATIO)
    squeeze = 1.0
    if plan.width > 1 and width / plan.width < by_height:
        squeeze = max(plan.squeeze, min(1.0, (width / by_height - 1) / (plan.width - 1)))
    return _Scaled(min(width / ((plan.width - 1) * squeeze + 1), by_height), squeeze, plan)


def _preference(option: _Scaled, min_target: float) -> tuple[bool, float]:
    """Plans whose columns are touch targets first, then the biggest cards; a tableau in two
    rows only for cards a quarter bigger (the second row caps the builds of the first and
    breaks the line the help describes: Klondike stays one row on a phone upright)."""
    touchable = option.card_w * PITCH * option.squeeze >= min_target
    rows = TWO_ROWS if option.plan.rows > 1 and touchable else 1.0
    return (touchable, option.card_w * option.plan.weight / rows)


def fit(
    plans: list[Plan], width: float, height: float, margin: float, min_target: float = 0.0
) -> TableGeometry:
    """Scale the plan that suits the window best (see `_preference`) to ``width`` x
    ``height`` pixels."""
    inner_w, inner_h = width - 2 * margin, height - 2 * margin
    options = [_scaled(plan, inner_w, inner_h) for plan in plans]
    best = max(options, key=lambda option: _preference(option, min_target))
    card_w, plan, squeeze = max(best.card_w, 1.0), best.plan, best.squeeze
    card_h = card_w * RATIO
    left = (width - ((plan.width - 1) * squeeze + 1) * card_w) / 2
    top = height - margin
    spare = max(0.0, inner_h / card_h - plan.height)  # card heights the plan leaves below
    slots = {}
    for place in plan.places:
        y = top - (place.y + place.drop * spare) * card_h - card_h
        step = card_w * place.side_step if place.fan is Fan.RIGHT else card_h * UP_STEP
        floor = None if place.floor is None else place.floor + place.floor_drop * spare
        limit = margin if floor is None else top - floor * card_h
        x = left + place.x * squeeze * card_w
        reach = place.reach * card_w
        slots[place.pile] = Slot(place.pile, x, y, place.fan, step, limit, reach, place.spread)
    return TableGeometry(width, height, card_w, card_h, slots, min_target, PITCH * squeeze)


def table_geometry(
    rules: Rules,
    layout: Layout,
    show_stock: bool,
    width: float,
    height: float,
    margin: float,
    min_target: float = 0.0,
) -> TableGeometry:
    return fit(plans_for(rules, layout, show_stock), width, height, margin, min_target)


def shows_stock(layout: Layout, dealt: tuple[tuple[int, ...], ...]) -> bool:
    """A stock that starts empty with no waste (Seahaven) is never used, so is not drawn."""
    return bool(dealt[layout.stock]) or layout.waste >= 0
