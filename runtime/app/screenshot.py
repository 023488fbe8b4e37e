"""Write what the window shows (its root widget, rendered off screen) to a PNG."""

from __future__ import annotations

import os
from pathlib import Path

from kivy.core.window import Window


def save_window_png(path: str | os.PathLike[str]) -> Path:
    """Render the root widget into an Fbo: reading the window's own buffer after a flip
    gives black under some GL drivers (Mesa on Xvfb)."""
    target = Path(path).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    root = Window.children[-1]  # the App's root; dialogs sit above it
    root.export_to_png(str(target))
    return target
