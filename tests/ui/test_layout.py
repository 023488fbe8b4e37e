"""Cards sized to the window (Kivy-free): every game at a phone upright, a phone on its side
and a desktop, as the app lays them out (toolbar, rail and status line taken off)."""

from __future__ import annotations

import pytest

from runtime.app.bars import bar_height, side_rail, status_height
from runtime.app.geometry import (
    PITCH,
    UP_STEP,
    UP_STEP_MAX,
    Fan,
    TableGeometry,
    shows_stock,
    table_geometry,
)
from runtime.engine import State, new_game
from runtime.engine.catalog import game_ids

BUTTONS = 9  # table.kv's toolbar
# (name, window px, px per dp, the smallest card any game may get there, dp wide). The
# classic index's rank is 0.171 card widths tall (Large index: 0.247), so at 45 dp on an
# upright phone it is 7.7 dp, as an 11 sp label (docs/app.md).
WINDOWS = [
    ("phone", 1080, 2340, 3.0, 45),
    ("landscape", 2340, 1080, 3.0, 35),
    ("desktop", 1600, 1000, 1.0, 100),
]


def table(state: State, width: int, height: int, density: float) -> TableGeometry:
    """The table's geometry as the app lays it out in a ``width`` x ``height`` window."""
    show = shows_stock(state.layout, state.piles)
    w, h = width / density, height / density
    if side_rail(state.rules, state.layout, show, width, height, density, BUTTONS):
        w -= 136
        h -= status_height(w + 136)
    else:
        h -= status_height(w) + bar_height(w, BUTTONS)
    return table_geometry(
        state.rules, state.layout, show, w * density, h * density, 4 * density, 48 * density
    )


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize(("name", "width", "height", "density", "least"), WINDOWS)
def test_touch_zones_and_card_size(
    game: str, name: str, width: int, height: int, density: float, least: float
) -> None:
    state = new_game(game, None, 3)
    geo = table(state, width, height, density)
    for pile in geo.slots:
        _x, _y, w, h = geo.zone(pile)
        assert w >= 48 * density - 0.01 and h >= 48 * density - 0.01, state.layout.names[pile]
    assert geo.card_w / density >= least


@pytest.mark.parametrize("game", game_ids())
def test_table_fills_the_window_one_way(game: str) -> None:
    """The table (its fans' room included) spans the width or the height of its area, on
    every window: the cards are as big as the tighter way allows."""
    state = new_game(game, None, 3)
    for _name, width, height, density, _least in WINDOWS:
        geo = table(state, width, height, density)
        left = min(s.x for s in geo.slots.values())
        right = max(s.x + geo.card_w for s in geo.slots.values())
        top = max(s.y + geo.card_h for s in geo.slots.values())
        bottom = min(s.limit if s.fan is Fan.DOWN else s.y for s in geo.slots.values())
        across, down = (right - left) / geo.width, (top - bottom) / geo.height
        assert max(across, down) >= 0.9, (across, down)


SEVEN_PILES = ["klondike", "saratoga", "agnes", "whitehead", "thumb_and_pouch", "spiderette"]


@pytest.mark.parametrize("game", SEVEN_PILES)
def test_seven_piles_keep_one_row_on_an_upright_phone(game: str) -> None:
    """Seven columns of 48 dp fit across a 360 dp phone: no second row with its gap."""
    state = new_game(game, None, 3)
    geo = table(state, 1080, 2340, 3.0)
    rows = {round(geo.slots[p].y) for p in state.layout.tableau}
    assert len(rows) == 1
    assert geo.card_w * geo.pitch >= 48 * 3.0  # each column a touch target
    assert geo.pitch < PITCH  # the gaps closed up, for bigger cards


@pytest.mark.parametrize("game", ["freecell", "giant", "bristol", "spider", "bakers_game"])
def test_eight_piles_or_more_take_two_rows_on_an_upright_phone(game: str) -> None:
    """Eight columns cannot each be 48 dp wide on a 360 dp phone, so they fold."""
    state = new_game(game, None, 3)
    geo = table(state, 1080, 2340, 3.0)
    rows = {round(geo.slots[p].y) for p in state.layout.tableau}
    assert len(rows) == 2
    assert geo.card_w * geo.pitch >= 48 * 3.0


def test_fans_spread_into_spare_room_and_squeeze_when_long() -> None:
    state = new_game("klondike", None, 3)
    geo = table(state, 1080, 2340, 3.0)
    pile = state.layout.tableau[0]
    slot = geo.slots[pile]
    up = 12  # face-up card values (below FACE_DOWN)
    short = geo.positions(tuple((up,) * 4 if p == pile else () for p in range(len(state.piles))))
    steps = [a[1] - b[1] for a, b in zip(short[pile], short[pile][1:], strict=False)]
    assert all(abs(s - UP_STEP_MAX * geo.card_h) < 0.01 for s in steps)  # spread out
    long = geo.positions(tuple((up,) * 40 if p == pile else () for p in range(len(state.piles))))
    steps = [a[1] - b[1] for a, b in zip(long[pile], long[pile][1:], strict=False)]
    assert all(s < UP_STEP * geo.card_h for s in steps)  # squeezed to fit
    assert long[pile][-1][1] >= slot.limit - 0.01


def test_the_rail_only_where_it_gives_bigger_cards() -> None:
    spider, freecell = new_game("spider", None, 3), new_game("freecell", None, 3)
    args = (2340, 1080, 3.0, BUTTONS)
    assert side_rail(spider.rules, spider.layout, True, *args)
    assert not side_rail(freecell.rules, freecell.layout, True, *args)
    assert not side_rail(spider.rules, spider.layout, True, 1080, 2340, 3.0, BUTTONS)
    assert not side_rail(spider.rules, spider.layout, True, 1600, 1000, 1.0, BUTTONS)
    assert Fan.DOWN in {geo_slot.fan for geo_slot in table(spider, *args[:3]).slots.values()}
