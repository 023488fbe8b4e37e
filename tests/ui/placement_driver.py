"""The placement scenario: a real window laid out from the help's placement words.

    python tests/ui/placement_driver.py placement --game seahaven --size 1080x2340 --density 3

Adds one scenario to `driver.py`'s and runs its `main`: the table as drawn (card widgets, not
only the geometry) keeps every stated placement, and a screenshot is saved.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import driver
from placement_checks import may_overlap, placement_problems


@driver.scenario
def placement(d: driver.Driver) -> None:
    d.settle()
    state, table = d.state, d.table
    problems = placement_problems(state.rules, state.layout, table.geometry)
    driver.check(not problems, "; ".join(problems))
    # What is drawn is where the geometry says: each pile's top card widget at its slot.
    positions = table.geometry.positions(state.piles)
    for pile, spots in positions.items():
        widgets = table._by_pile[pile]
        if spots and widgets:
            x, y = spots[-1]
            widget = widgets[len(spots) - 1]
            driver.check(
                abs(widget.x - table.x - x) < 1.5 and abs(widget.y - table.y - y) < 1.5,
                f"{state.layout.names[pile]} drawn at {widget.pos}, laid out at {(x, y)}",
            )
    d.cards_inside_window()
    d.screenshot(f"placement-{d.args.game}-{d.args.label}")


# The table must reach this far down a phone held upright: its lowest fan's floor within
# this fraction of the table's height from its bottom.
LOWEST_REACH = 0.10


@driver.scenario
def layout_every_game(d: driver.Driver) -> None:
    """Every game, dealt in this window: every card drawn inside the table, no card
    over a card of another pile (pyramids aside, where cards cover cards by rule), each
    pile's touch zone at least 48 dp each way, the table reaching the window's bottom on a
    phone held upright, the toolbar beside the table exactly when it gives bigger cards."""
    from kivy.metrics import dp

    from runtime.app.bars import side_rail
    from runtime.app.geometry import Fan
    from runtime.engine import game_ids

    upright = d.window.height > d.window.width
    checked = 0
    for game in game_ids():
        d.app.game.start(game, d.args.seed)
        d.pump(3)
        d.settle()
        state, table, geo = d.state, d.table, d.table.geometry
        name = f"{game} {d.args.label}"
        driver.check(geo is not None, f"{name}: not laid out")
        pyramid = bool(state.rules.covered_by)
        boxes = []
        for pile, widgets in table._by_pile.items():
            for w in widgets:
                if w.parent is None:  # not drawn (buried in a stack, an unused stock)
                    continue
                driver.check(
                    table.x - 0.5 <= w.x and w.right <= table.right + 0.5
                    and table.y - 0.5 <= w.y and w.top <= table.top + 0.5,
                    f"{name}: {state.layout.names[pile]} card at {w.pos} outside the table",
                )  # fmt: skip
                boxes.append((pile, w.x, w.y, w.right, w.top))
        checked += len(boxes)
        driver.check(boxes, f"{name}: no card drawn")
        if not pyramid:
            across = may_overlap(state.rules, state.layout)
            for i, (pa, *a) in enumerate(boxes):
                for pb, *b in boxes[i + 1 :]:
                    overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                    driver.check(
                        pa == pb
                        or frozenset((pa, pb)) in across
                        or overlap[0] <= 0.5
                        or overlap[1] <= 0.5,
                        f"{name}: {state.layout.names[pa]} and {state.layout.names[pb]} overlap",
                    )
        for pile in geo.slots:
            _x, _y, zw, zh = geo.zone(pile)
            driver.check(
                zw >= dp(48) - 0.5 and zh >= dp(48) - 0.5,
                f"{name}: {state.layout.names[pile]}'s touch zone {zw:.0f}x{zh:.0f} px",
            )
        fans = [s.limit for s in geo.slots.values() if s.fan is Fan.DOWN]
        if upright and fans and not pyramid:  # room below is for fans to grow into
            lowest = min(fans)
            driver.check(
                lowest <= table.height * LOWEST_REACH,
                f"{name}: the table stops {lowest / table.height:.0%} above the bottom",
            )
        screen = d.app.root.get_screen("table")
        wanted = side_rail(
            state.rules, state.layout, table.show_stock, screen.width, screen.height,
            dp(1), screen.ids.toolbar.buttons,
        )  # fmt: skip
        toolbar = screen.ids.toolbar
        beside = toolbar.right <= table.x + 0.5 and toolbar.top >= table.top - 0.5
        driver.check(screen.rail == wanted and beside == wanted, f"{name}: rail {screen.rail}")
        if game in SHOWN:
            d.screenshot(f"layout-{game}-{d.args.label}")
    print(f"layout_every_game: {len(game_ids())} games, {checked} cards drawn in place")


SHOWN = ("klondike", "freecell", "giant", "spider", "bakers_game", "escalator")


if __name__ == "__main__":
    sys.exit(driver.main())
