"""Does a laid-out table keep the help's placement words? Kivy-free: shared by the geometry
tests (every game, many window sizes) and the real-window placement scenario.

Each check reads one stated region (``rules.placement``) and compares pile rectangles, so a
message names the words it breaks. The small-screen bends `docs/spec/placement.md` allows
are allowed here too: a corner group may fold into a block in its corner, the top centre
group may drop to a row of its own (still above the Tableau and centred), and the waste may
go under the stock when the stock heads a block.
"""

from __future__ import annotations

from runtime.app.geometry import Fan, TableGeometry
from runtime.engine.layout import Layout
from runtime.engine.rules import PileKind, Place, Region, Rules

TOLERANCE = 1.0  # px

_FIELD = {
    PileKind.STOCK: "stock",
    PileKind.WASTE: "waste",
    PileKind.FOUNDATION: "foundations",
    PileKind.TABLEAU: "tableau",
    PileKind.RESERVE: "reserves",
}


class _Box:
    def __init__(self, geo: TableGeometry, pile: int) -> None:
        slot = geo.slots[pile]
        self.left, self.right = slot.x, slot.x + geo.card_w
        self.bottom, self.top = slot.y, slot.y + geo.card_h
        self.centre = slot.x + geo.card_w / 2


def placement_problems(rules: Rules, layout: Layout, geo: TableGeometry) -> list[str]:
    """Every way the table breaks a stated placement; empty when it keeps them all."""
    boxes = {pile: _Box(geo, pile) for pile in geo.slots}
    if not boxes:
        return ["nothing is laid out"]
    top = max(b.top for b in boxes.values())
    left_edge = min(b.left for b in boxes.values())
    right_edge = max(b.right for b in boxes.values())
    middle = (left_edge + right_edge) / 2
    groups = {kind: [p for p in piles if p in boxes] for kind, piles in layout.groups.items()}
    tableau = [boxes[p] for p in groups[PileKind.TABLEAU]]
    problems: list[str] = []

    def fail(kind: PileKind, words: str, detail: str) -> None:
        problems.append(f"{_FIELD[kind]} {words}: {detail}")

    # A top row of reserves fanned down (Bristol's) takes the height of their fans.
    top_fans = [
        geo.slots[p].y - geo.slots[p].limit
        for p in groups[PileKind.RESERVE]
        if geo.slots[p].fan is Fan.DOWN and boxes[p].top >= top - TOLERANCE
    ]
    second_row = top - geo.card_h * 1.2 - max(top_fans, default=0.0)

    def at_top(kind: PileKind, piles: list[int], words: str) -> None:
        """In the top row, or (a narrow window) the row just under it."""
        if piles and max(boxes[p].top for p in piles) < second_row:
            fail(kind, words, "not in the top rows")

    def side(kind: PileKind, piles: list[int], words: str, right: bool) -> None:
        """The group is flush with its side of the table and mostly on that half."""
        edge = max(boxes[p].right for p in piles) if right else min(boxes[p].left for p in piles)
        if abs(edge - (right_edge if right else left_edge)) > geo.card_w / 2:
            fail(kind, words, f"not at the {'right' if right else 'left'} edge")
        centre = sum(boxes[p].centre for p in piles) / len(piles)
        if (centre >= middle - TOLERANCE) != right and abs(centre - middle) > TOLERANCE:
            fail(kind, words, f"on the {'left' if right else 'right'} half")

    for kind, piles in groups.items():
        place: Place = getattr(rules.placement, _FIELD[kind])
        region = place.region
        if not piles or (region is Region.DEFAULT and not place.split):
            continue
        if region is Region.TOP_LEFT:
            at_top(kind, piles, "top left")
            side(kind, piles, "top left", right=False)
        elif region is Region.TOP_RIGHT:
            at_top(kind, piles, "top right")
            side(kind, piles, "top right", right=True)
        elif region is Region.TOP and place.split:
            first, rest = piles[: place.split], piles[place.split :]
            at_top(kind, first, "split: top left")
            at_top(kind, rest, "split: top right")
            side(kind, first, "split: top left", right=False)
            side(kind, rest, "split: top right", right=True)
        elif region is Region.TOP:
            at_top(kind, piles, "top")
        elif region is Region.TOP_CENTER:
            if tableau and min(boxes[p].bottom for p in piles) < max(b.top for b in tableau) - 1:
                fail(kind, "top center", "not above the tableau")
            centre = sum(boxes[p].centre for p in piles) / len(piles)
            if abs(centre - middle) > geo.card_w:
                fail(kind, "top center", f"centred at {centre:.0f}, the table at {middle:.0f}")
        elif region is Region.LEFT and tableau:
            if max(boxes[p].right for p in piles) > min(b.left for b in tableau) + TOLERANCE:
                fail(kind, "left", "not left of the tableau")
        elif region is Region.RIGHT and kind is not PileKind.TABLEAU and tableau:
            if min(boxes[p].left for p in piles) < max(b.right for b in tableau) - TOLERANCE:
                fail(kind, "right", "not right of the tableau")
        elif region is Region.MIDDLE and tableau:
            split = rules.placement.tableau.split or (len(tableau) + 1) // 2
            before, after = tableau[:split], tableau[split:]
            lo, hi = max(b.right for b in before), min(b.left for b in after)
            if not all(lo - TOLERANCE <= boxes[p].left and boxes[p].right <= hi + 1 for p in piles):
                fail(kind, "middle", "not between the two halves of the tableau")
        elif region is Region.BESIDE_STOCK and kind is not PileKind.TABLEAU:
            stock = groups[PileKind.STOCK]
            if stock:
                s = boxes[stock[0]]
                for p in piles:
                    b = boxes[p]
                    beside = b.left >= s.right - TOLERANCE and abs(b.top - s.top) < TOLERANCE
                    under = b.top <= s.bottom + TOLERANCE and b.left >= s.left - TOLERANCE
                    if not (beside or under):
                        fail(kind, "beside the stock", f"{layout.names[p]} is not next to it")
        elif region in (Region.BESIDE_STOCK, Region.RIGHT) and kind is PileKind.TABLEAU:
            stock = groups[PileKind.STOCK]
            if stock and min(b.left for b in tableau) < boxes[stock[0]].right - TOLERANCE:
                fail(kind, "right of the stock", "the tableau starts left of the stock's edge")
        elif region is Region.BOTTOM and kind is PileKind.TABLEAU:
            others = [b for k, ps in groups.items() if k is not PileKind.TABLEAU for b in ps]
            raised = [
                boxes[p]
                for p in others
                if getattr(rules.placement, _FIELD[layout.kinds[p]]).region
                in (Region.TOP_LEFT, Region.TOP_RIGHT, Region.TOP, Region.TOP_CENTER)
            ]
            if raised and max(b.top for b in tableau) > min(b.bottom for b in raised) + 1:
                fail(kind, "below", "the tableau reaches into the top row")
    return problems


def may_overlap(rules: Rules, layout: Layout) -> set[frozenset[int]]:
    """Pairs of piles drawn one over the other on purpose: a reserve lying across the ends of
    others (Backbone's single card across its two stacks)."""
    return {
        frozenset((layout.reserves[i], pile))
        for pile, over in zip(layout.reserves, rules.reserve_covered_by, strict=False)
        for i in over
    }
