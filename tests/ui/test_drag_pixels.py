"""The window's own pixels while a pile is dragged (see drag_pixels_driver.py): the resting
cards and the dragged ones drawn where the state and the finger say, the felt bare
elsewhere, the window the same picture as its widgets; the same after a drop and after an
undo in mid-drag, which ends the drag."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import window_env

HERE = Path(__file__).parent


def test_drag_pixels(display: str, kivy_home: Path, tmp_path: Path) -> None:
    env = window_env(display, kivy_home, tmp_path)
    command = [sys.executable, str(HERE / "drag_pixels_driver.py"), "drag_pixels"]
    command += ["--game", "saratoga", "--out", str(HERE / "screenshots")]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert "drag_pixels: checked" in output
