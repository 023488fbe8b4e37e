from __future__ import annotations

import textwrap
from pathlib import Path

MINIMAL_SIDECAR = """\
title: Tiny
tableau:
  count: 2
  face_down: [0, 1]
  face_up: [1, 1]
  build: {direction: down, suit: alternate_colour}
"""


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path
