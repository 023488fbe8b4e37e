"""The help's placement words on the table: every game at desktop and phone sizes (geometry,
no Kivy), and the three seed layouts the words change in real windows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from runtime.app.geometry import shows_stock, table_geometry
from runtime.engine import new_game
from runtime.engine.catalog import game_ids

from .conftest import window_env
from .placement_checks import may_overlap, placement_problems

HERE = Path(__file__).parent
# (width, height, density): desktop, phone portrait and landscape (less the toolbar), odd ones.
SIZES = [
    (1600, 1000, 1.0),
    (1600, 900, 1.0),
    (1080, 2040, 3.0),
    (2340, 780, 3.0),
    (1280, 720, 1.0),
    (720, 1280, 2.0),
    (640, 400, 1.0),
]


def geometry(game: str, width: int, height: int, density: float):  # type: ignore[no-untyped-def]
    state = new_game(game, None, 3)
    show = shows_stock(state.layout, state.piles)
    geo = table_geometry(state.rules, state.layout, show, width, height, 4 * density, 48 * density)
    return state, geo


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_every_game_keeps_its_placement(game: str, width: int, height: int, density: float) -> None:
    state, geo = geometry(game, width, height, density)
    assert placement_problems(state.rules, state.layout, geo) == []


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_piles_never_overlap(game: str, width: int, height: int, density: float) -> None:
    from runtime.app.geometry import Fan

    state, geo = geometry(game, width, height, density)
    covered = {p for over in state.rules.covered_by for p in over}  # a pyramid overlaps
    rects = {}
    for pile, slot in geo.slots.items():
        if pile in state.layout.tableau and state.rules.covered_by:
            continue
        bottom = slot.limit if slot.fan is Fan.DOWN else slot.y
        right = slot.x + geo.card_w + (2 * slot.fan_step if slot.fan is Fan.RIGHT else 0)
        rects[pile] = (slot.x, bottom, right, slot.y + geo.card_h)
    del covered
    piles = sorted(rects)
    for i, a in enumerate(piles):
        for b in piles[i + 1 :]:
            ra, rb = rects[a], rects[b]
            w = min(ra[2], rb[2]) - max(ra[0], rb[0])
            h = min(ra[3], rb[3]) - max(ra[1], rb[1])
            names = state.layout.names
            across = frozenset((a, b)) in may_overlap(state.rules, state.layout)
            assert across or w <= 0.5 or h <= 0.5, f"{names[a]} and {names[b]} overlap"


def _pos(geo, state, name: str) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    slot = geo.slots[state.layout.index[name]]
    return slot.x, slot.y


@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_seahaven_foundations_split_around_the_reserves(
    width: int, height: int, density: float
) -> None:
    state, geo = geometry("seahaven", width, height, density)
    f1, f2, f3, f4 = (_pos(geo, state, f"f{i}") for i in range(1, 5))
    reserves = [_pos(geo, state, f"r{i}") for i in range(1, 5)]
    assert f1[1] == f2[1] == f3[1] == f4[1]  # one row, the top one
    assert f1[0] < f2[0] < f3[0] < f4[0]
    if reserves[0][1] == f1[1]:  # in the same row: between the two pairs
        assert f2[0] < min(x for x, _ in reserves) and max(x for x, _ in reserves) < f3[0]
    else:  # a narrow window: in the row just below, centred under the gap
        assert reserves[0][1] < f1[1]
        centre = sum(x for x, _ in reserves) / 4
        assert abs(centre - (f2[0] + f3[0]) / 2) < geo.card_w / 2


@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_lady_jane_reserves_right_of_the_tableau(width: int, height: int, density: float) -> None:
    state, geo = geometry("lady_jane", width, height, density)
    right_of_tableau = max(geo.slots[p].x for p in state.layout.tableau) + geo.card_w
    assert all(geo.slots[p].x >= right_of_tableau for p in state.layout.reserves)
    stock = geo.slots[state.layout.stock]
    assert all(stock.x <= geo.slots[p].x for p in geo.slots)
    assert stock.y + geo.card_h == max(s.y + geo.card_h for s in geo.slots.values())


@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_escalator_stock_top_left_of_the_pyramid(width: int, height: int, density: float) -> None:
    state, geo = geometry("escalator", width, height, density)
    stock, waste = geo.slots[state.layout.stock], geo.slots[state.layout.waste]
    apex = geo.slots[state.layout.tableau[0]]
    assert stock.y == waste.y == apex.y  # the top row
    assert stock.x < waste.x < apex.x
    assert all(stock.x <= s.x for s in geo.slots.values())


# -- real windows ------------------------------------------------------------------------

DESKTOP = ("--size", "1600x1000", "--density", "1", "--label", "desktop")
PHONE = ("--size", "1080x2340", "--density", "3", "--label", "phone")
LANDSCAPE = ("--size", "2340x1080", "--density", "3", "--label", "phone-landscape")


@pytest.mark.ui
@pytest.mark.parametrize("game", ["seahaven", "lady_jane", "escalator"])
def test_placement_in_a_real_window(
    display: str, kivy_home: Path, tmp_path: Path, game: str
) -> None:
    env = window_env(display, kivy_home, tmp_path)
    out = HERE / "screenshots"
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                str(HERE / "placement_driver.py"),
                "placement",
                "--game",
                game,
                "--seed",
                "3",
                "--out",
                str(out),
                *size,
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for size in (DESKTOP, PHONE, LANDSCAPE)
    ]
    for process in processes:
        output, _ = process.communicate(timeout=180)
        assert process.returncode == 0, output[-4000:]


@pytest.mark.ui
def test_every_game_laid_out_in_real_windows(display: str, kivy_home: Path, tmp_path: Path) -> None:
    """`layout_every_game` at desktop, phone upright and phone on its side: cards inside the
    table, no pile over another, 48 dp touch zones, the table reaching the bottom of an
    upright phone, the toolbar as a rail exactly where it gives bigger cards."""
    env = window_env(display, kivy_home, None)
    processes = []
    for i, size in enumerate((DESKTOP, PHONE, LANDSCAPE)):
        data = tmp_path / str(i)
        data.mkdir()
        command = [sys.executable, str(HERE / "placement_driver.py"), "layout_every_game"]
        command += ["--seed", "3", "--out", str(HERE / "screenshots"), *size]
        processes.append(
            subprocess.Popen(
                command,
                env={**env, "HELPDECK_DATA_DIR": str(data)},
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        )
    for process in processes:
        output, _ = process.communicate(timeout=600)
        assert process.returncode == 0, output[-4000:]
        assert "cards drawn in place" in output
