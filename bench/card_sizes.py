"""Card width, column pitch and smallest touch zone (dp) of every game in the three windows of
`bench/screenshots.py`, as the app lays them out (toolbar, rail and status line taken off):
the figures of docs/app.md's layout section; then the CPU time one layout takes (all
`geometry.plans_for` plans scored; the app lays out on every resize, twice more to choose
the rail). Kivy-free, a few seconds.

    python3 bench/card_sizes.py [GAME ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from runtime.app.geometry import shows_stock, table_geometry
from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from tests.ui.test_layout import WINDOWS, table


def main() -> int:
    games = sys.argv[1:] or list(game_ids())
    for game in games:
        state = new_game(game, None, 3)
        cells = [game]
        for name, width, height, density, _least in WINDOWS:
            geo = table(state, width, height, density)
            zone = min(min(geo.zone(p)[2:]) for p in geo.slots) / density
            card, pitch = geo.card_w / density, geo.card_w * geo.pitch / density
            cells.append(f"{name}: card {card:5.1f} pitch {pitch:5.1f} zone {zone:5.1f}")
        print(" | ".join(cells))
    times = sorted(((_layout_seconds(game), game) for game in games), reverse=True)
    total = sum(seconds for seconds, _ in times)
    worst = ", ".join(f"{game} {seconds * 1000:.1f}" for seconds, game in times[:3])
    print(
        f"layout CPU time (1080x2040 px): {total * 1000:.1f} ms for {len(games)} games; {worst} ms"
    )
    return 0


def _layout_seconds(game: str, repeats: int = 5) -> float:
    state = new_game(game, None, 3)
    show = shows_stock(state.layout, state.piles)
    started = time.process_time()
    for _ in range(repeats):
        table_geometry(state.rules, state.layout, show, 1080, 2040, 12, 144)
    return (time.process_time() - started) / repeats


if __name__ == "__main__":
    raise SystemExit(main())
