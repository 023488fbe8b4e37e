from __future__ import annotations

import textwrap
from pathlib import Path

# Every field that changes play, given: a sidecar-only game has no help to read them from.
MINIMAL_SIDECAR = """\
title: Tiny
decks: 1
tableau:
  count: 2
  face_down: [0, 1]
  face_up: [1, 1]
  build: {direction: down, suit: alternate_colour}
  group_move: one
  empty: any
foundations: {count: 4, base: ace, build: {direction: up, suit: same_suit}}
reserves: {count: 0}
waste: {present: true}
stock: {target: waste, draw: 1, redeals: 0}
goal: {kind: all_to_foundations}
scoring: {kind: foundation_cards, max: 52}
"""


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path
