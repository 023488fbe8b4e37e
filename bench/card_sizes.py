"""Card width, column pitch and smallest touch zone (dp) of every game in the three windows of
`bench/screenshots.py`, as the app lays them out (toolbar, rail and status line taken off):
the figures of docs/app.md's layout section. Kivy-free, a second or two.

    python3 bench/card_sizes.py [GAME ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
