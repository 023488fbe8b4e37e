"""The left-handed table is the right-handed one mirrored, piles and touches alike (no Kivy)."""

from __future__ import annotations

import pytest

from runtime.app.cardsize import placed, scale_of
from runtime.app.geometry import shows_stock, table_geometry
from runtime.app.mirror import mirrored
from runtime.app.sounds import NAMES, RATE, samples
from runtime.engine import new_game


@pytest.mark.parametrize("game", ["klondike", "canfield", "freecell", "golf", "seahaven"])
@pytest.mark.parametrize(("width", "height"), [(1600, 900), (1080, 2100)])
def test_mirror_image(game: str, width: int, height: int) -> None:
    state = new_game(game, None, 3)
    for move in state.legal_moves()[:1]:
        state.apply(move)
    geo = table_geometry(
        state.rules, state.layout, shows_stock(state.layout, state.piles), width, height, 4, 48
    )
    left = mirrored(geo)
    plain, flipped = geo.positions(state.piles), left.positions(state.piles)
    assert plain.keys() == flipped.keys()
    for pile, spots in plain.items():
        for (x, y), (mx, my) in zip(spots, flipped[pile], strict=True):
            assert my == y and abs(mx - (width - x - geo.card_w)) < 1e-6
            assert mx >= 0 and mx + geo.card_w <= width + 0.01
    for pile in geo.slots:
        x, y, w, h = geo.zone(pile)
        mx, my, mw, mh = left.zone(pile)
        assert (my, mw, mh) == (y, w, h) and abs(mx - (width - x - w)) < 1e-6
        # A touch on a card, mirrored, finds the same pile.
        for index, (cx, cy) in enumerate(plain[pile]):
            hit = geo.hit(cx + 1, cy + geo.card_h - 1, plain)
            mirrored_hit = left.hit(width - cx - 1, cy + geo.card_h - 1, flipped)
            assert hit == mirrored_hit, (pile, index)


def test_sounds_are_short_and_in_range() -> None:
    for name in NAMES:
        values = samples(name)
        assert 0 < len(values) <= RATE  # at most a second
        assert max(abs(v) for v in values) <= 1.0
        assert samples(name) == values  # deterministic: the committed WAVs are reproducible


@pytest.mark.parametrize("game", ["klondike", "freecell", "spider", "golf"])
@pytest.mark.parametrize("name", ["medium", "small"])
def test_smaller_cards_keep_the_arrangement_inside_the_window(game: str, name: str) -> None:
    width, height = 1080, 2000
    state = new_game(game, None, 3)
    show = shows_stock(state.layout, state.piles)
    full = table_geometry(state.rules, state.layout, show, width, height, 4, 48)
    scale = scale_of(name)
    small = placed(
        table_geometry(state.rules, state.layout, show, width * scale, height * scale, 4, 48),
        width,
        height,
    )
    assert small.card_w < full.card_w and (small.width, small.height) == (width, height)
    for step in range(80):  # fans grow: everything stays in the window
        positions = small.positions(state.piles)
        for spots in positions.values():
            for x, y in spots:
                assert x >= -0.01 and x + small.card_w <= width + 0.01
                assert y >= -0.01 and y + small.card_h <= height + 0.01
        for pile, spots in positions.items():  # a touch on a top card finds its pile
            if spots:
                x, y = spots[-1]
                assert small.hit(x + 1, y + 1, positions) == (pile, len(spots) - 1)
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(moves[(step * 5) % len(moves)])
