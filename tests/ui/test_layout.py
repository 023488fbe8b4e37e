"""Cards sized to the window (Kivy-free): every game at a phone upright, a phone on its side
and a desktop, as the app lays them out (toolbar, rail and status line taken off)."""

from __future__ import annotations

import itertools

import pytest

from runtime.app.bars import bar_height, side_rail, status_height
from runtime.app.geometry import (
    DOWN_STEP_MAX,
    PITCH,
    UP_STEP,
    UP_STEP_MAX,
    Fan,
    TableGeometry,
    reserve_spread,
    shows_stock,
    table_geometry,
)
from runtime.engine import State, new_game
from runtime.engine.catalog import game_ids

from .placement_checks import may_overlap

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
    assert all(abs(s - geo.up_step_max) < 0.01 for s in steps)  # spread out
    assert geo.up_step_max >= 48 * 3.0 - 0.01  # each a touch target on its own
    desktop = table(state, 1600, 1000, 1.0)  # big cards: a fixed share of the card
    assert abs(desktop.up_step_max - UP_STEP_MAX * desktop.card_h) < 0.01
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


@pytest.mark.parametrize("game", game_ids())
def test_columns_are_touch_targets(game: str) -> None:
    """Neighbouring columns at least 48 dp apart, so a pile's own zone needs no help from its
    neighbours' (Jumbo upright: its foundations' block closes up to the tableau for it), on
    a phone on its side too unless the help fixes the tableau's rows (Bear River's three:
    40 dp there, its zones widened to 48)."""
    state = new_game(game, None, 3)
    for name, width, height, density, _least in WINDOWS:
        if name != "landscape" or not state.rules.placement.tableau.rows:
            geo = table(state, width, height, density)
            assert geo.card_w * geo.pitch >= 48 * density - 0.01, name


def _fanned(game: str) -> bool:
    state = new_game(game, None, 3)
    return bool(reserve_spread(state.rules, state.layout).cards)


FANNED = [game for game in game_ids() if _fanned(game)]


def test_fanned_reserves_are_the_ones_that_gather_face_up_cards() -> None:
    """From the rules alone: dealt several face-up cards, or fed by the stock or by moves."""
    assert set(FANNED) == {
        "auld_lang_syne", "backbone", "bristol", "glenwood", "lady_jane", "scuffle",
        "sir_tommy", "terrace",
    }  # fmt: skip
    backbone = new_game("backbone", None, 3)
    spread = reserve_spread(backbone.rules, backbone.layout)
    r1, r2, r3 = backbone.layout.reserves
    assert spread.cards == {r1: 9, r2: 9} and spread.covers == {r3: (r1, r2)}


def _extent(geo: TableGeometry, pile: int, count: int) -> tuple[float, float, float, float]:
    """Left, bottom, right, top a pile of ``count`` face-up cards may cover."""
    slot = geo.slots[pile]
    if slot.fan is Fan.DOWN:
        return slot.x, slot.limit, slot.x + geo.card_w, slot.y + geo.card_h
    if slot.fan is Fan.RIGHT:
        reach = slot.reach or 2 * abs(slot.fan_step)
        return slot.x, slot.y, slot.x + geo.card_w + reach, slot.y + geo.card_h
    return slot.x, slot.y, slot.x + geo.card_w, slot.y + geo.card_h


@pytest.mark.parametrize("game", FANNED)
@pytest.mark.parametrize(("name", "width", "height", "density", "least"), WINDOWS)
def test_fanned_reserves_show_every_card_and_keep_clear(
    game: str, name: str, width: int, height: int, density: float, least: float
) -> None:
    """A reserve holding the cards its fan makes room for shows each card's index (at least
    the classic rank's 0.171 card widths, and 8 dp) and stays off every other pile."""
    state = new_game(game, None, 3)
    geo = table(state, width, height, density)
    spread = reserve_spread(state.rules, state.layout)
    piles = tuple(
        (12,) * spread.cards.get(p, 1) if p in spread.cards else () for p in range(len(state.piles))
    )
    positions = geo.positions(piles)
    for pile, count in spread.cards.items():
        spots = positions[pile]
        assert len(spots) == count
        assert geo.slots[pile].fan is not Fan.NONE
        for (x0, y0), (x1, y1) in itertools.pairwise(spots):
            shown = max(abs(x1 - x0), abs(y1 - y0))
            assert shown >= max(0.171 * geo.card_w, 8 * density) - 0.01, state.layout.names[pile]
    across = may_overlap(state.rules, state.layout)
    for pile in spread.cards:
        a = _extent(geo, pile, spread.cards[pile])
        for other in geo.slots:
            if other == pile or frozenset((pile, other)) in across:
                continue
            b = _extent(geo, other, 1)
            w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
            names = state.layout.names
            assert w <= 0.5 or h <= 0.5, f"{names[pile]} over {names[other]}"


@pytest.mark.parametrize(("name", "width", "height", "density", "least"), WINDOWS)
def test_a_reserve_lies_across_the_ends_of_the_stacks_it_covers(
    name: str, width: int, height: int, density: float, least: float
) -> None:
    """Backbone's single card across its two stacks (the help: "lying across the tops of
    both"): centred between them, over their last cards but their index strips, and the one
    a touch there finds."""
    state = new_game("backbone", None, 3)
    geo = table(state, width, height, density)
    r1, r2, r3 = state.layout.reserves
    positions = geo.positions(state.piles)
    cross = geo.slots[r3]
    (x1, y1), (x2, y2) = positions[r1][-1], positions[r2][-1]
    assert y1 == y2 and abs(cross.x - (x1 + x2) / 2) < 1.0
    assert cross.y < y1 and cross.y + geo.card_h < y1 + geo.card_h  # the index strip shows
    assert cross.y + geo.card_h > y1 + geo.card_h / 2  # ... the rest is under the cross card
    centre = (cross.x + geo.card_w / 2, cross.y + geo.card_h / 2)
    assert geo.hit(*centre, positions) == (r3, 0)


@pytest.mark.parametrize("game", ["zebra", "freecell", "spider", "giant", "bakers_game"])
def test_two_rows_share_an_upright_phones_height(game: str) -> None:
    """Each row of a folded tableau gets as much room for its fans as the other."""
    state = new_game(game, None, 3)
    geo = table(state, 1080, 2340, 3.0)
    rooms: dict[int, float] = {}
    for pile in state.layout.tableau:
        slot = geo.slots[pile]
        rooms[round(slot.y)] = slot.y + geo.card_h - slot.limit
    assert len(rooms) == 2
    first, second = (rooms[y] for y in sorted(rooms, reverse=True))
    assert abs(first - second) < 0.1 * geo.card_h
    assert min(geo.slots[p].limit for p in geo.slots) <= 4 * 3.0 + 0.01  # down to the margin


def test_face_down_cards_spread_too_where_there_is_room() -> None:
    """On an upright phone Klondike's seventh pile shows its six face-down cards more apart
    than the tight step a long pile gets, so a player can count them."""
    state = new_game("klondike", None, 3)
    geo = table(state, 1080, 2340, 3.0)
    pile = state.layout.tableau[-1]
    spots = geo.positions(state.piles)[pile]
    steps = [a[1] - b[1] for a, b in itertools.pairwise(spots)]
    assert all(abs(s - DOWN_STEP_MAX * geo.card_h) < 0.01 for s in steps)
    crowded = table(state, 1600, 1000, 1.0)  # a desktop: no room to spare
    spots = crowded.positions(state.piles)[pile]
    steps = [a[1] - b[1] for a, b in itertools.pairwise(spots)]
    assert all(s <= DOWN_STEP_MAX * crowded.card_h + 0.01 for s in steps)


@pytest.mark.parametrize(("name", "width", "height", "density", "least"), WINDOWS)
def test_a_tableau_nothing_is_built_on_gets_no_room_for_builds(
    name: str, width: int, height: int, density: float, least: float
) -> None:
    """Carpet's piles hold one card each, always: its rows lie a card and a gap apart, and
    its cards are at least as big as a tableau that builds would get (Golf: its deal of five
    fanned, no more)."""
    state = new_game("carpet", None, 3)
    geo = table(state, width, height, density)
    rows = sorted({round(geo.slots[p].y, 3) for p in state.layout.tableau}, reverse=True)
    for upper, lower in itertools.pairwise(rows):
        assert upper - lower < (PITCH + 0.01) * geo.card_h or len(rows) == 1
    golf = new_game("golf", None, 3)
    geo = table(golf, width, height, density)
    pile = golf.layout.tableau[0]
    spots = geo.positions(golf.piles)[pile]
    assert spots[-1][1] - geo.slots[pile].limit < geo.card_h  # the deal all but fills it


@pytest.mark.parametrize("game", FANNED)
def test_a_card_dealt_onto_a_fanned_reserve_moves_none_under_it(game: str) -> None:
    """Within the room its fan was given, a reserve's cards keep their places as cards come
    (a deal onto Bristol's reserves slides one card each, not the whole fan)."""
    state = new_game(game, None, 3)
    spread = reserve_spread(state.rules, state.layout)
    for _name, width, height, density, _least in WINDOWS:
        geo = table(state, width, height, density)
        for pile, count in spread.cards.items():
            before, after = (
                geo.positions(
                    tuple((12,) * n if p == pile else () for p in range(len(state.piles)))
                )
                for n in (count - 1, count)
            )
            moved = [
                abs(a - b)
                for x, y in zip(after[pile], before[pile], strict=False)
                for a, b in zip(x, y, strict=True)
            ]
            assert max(moved) < 0.01, state.layout.names[pile]
