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
from placement_checks import placement_problems


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


if __name__ == "__main__":
    sys.exit(driver.main())
