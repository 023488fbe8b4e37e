"""Keyboard play's cursor and the celebration's flight, without Kivy."""

from __future__ import annotations

from runtime.app import keyplay
from runtime.app.celebration import PER_ORIGIN, Particle, burst

# A Klondike-like table: stock, waste, four foundations on top; seven columns below.
TOP = {0: (0, 500, 100, 140), 1: (110, 500, 100, 140)}
TOP |= {2 + i: (330 + 110 * i, 500, 100, 140) for i in range(4)}
BELOW = {6 + i: (110 * i, 100 + 20 * i, 100, 340 - 20 * i) for i in range(7)}  # fans: ragged


def test_rows_group_by_top_edge_even_when_fans_differ() -> None:
    rows = keyplay.rows(TOP | BELOW)
    assert rows == [[0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11, 12]]


def test_cursor_walks_reading_order_and_rows() -> None:
    rects = TOP | BELOW
    assert keyplay.step(None, keyplay.RIGHT, rects) == 0
    assert keyplay.step(5, keyplay.RIGHT, rects) == 6  # the end of a row: the next row
    assert keyplay.step(12, keyplay.RIGHT, rects) == 0  # round again
    assert keyplay.step(0, keyplay.LEFT, rects) == 12
    assert keyplay.step(1, keyplay.DOWN, rects) == 7  # straight below
    assert keyplay.step(9, keyplay.UP, rects) == 2  # straight above
    assert keyplay.step(12, keyplay.UP, rects) == 5  # the last column: the last foundation
    assert keyplay.step(3, keyplay.UP, rects) == 3  # the top row: stays
    assert keyplay.step(None, keyplay.DOWN, {}) is None


def test_celebration_particles_rise_then_fall() -> None:
    particles = burst([(100.0, 100.0), (300.0, 100.0)], card_w=50, seed=1)
    assert len(particles) == 2 * PER_ORIGIN
    assert all(p.vy > 0 for p in particles)  # thrown up
    p = Particle(0, 0, 10, 100, 0, 5)
    for _ in range(100):
        p.advance(0.02, -480)
    assert p.y < 0 and abs(p.x - 20) < 1e-9  # and down again, drifting sideways
