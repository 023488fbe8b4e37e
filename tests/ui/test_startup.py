"""`helpdeck play` starting over broken data, without ~/.config, and failing at start-up: a
real window under Xvfb, the real command line (issue 12, point 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]


def play(
    display: str, home: Path, *args: str, data: Path | None
) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("HELPDECK_DATA_DIR", "XDG_CONFIG_HOME", "KIVY_HOME", "HELPDECK_DEBUG")
    }
    env.update(DISPLAY=display, HOME=str(home), KIVY_WINDOW="sdl2", KIVY_NO_CONSOLELOG="1")
    if data is not None:
        env["HELPDECK_DATA_DIR"] = str(data)
    return subprocess.run(
        [sys.executable, "-m", "runtime.cli", "play", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_broken_data_files_do_not_stop_the_app(display: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "stats.json").write_text("[" * 100_000 + "]" * 100_000)
    (data / "settings.json").write_text('{"x": 1e400}')
    (data / "current.json").write_text(
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": [], "elapsed": 1e400}'
    )
    shot = tmp_path / "shot.png"
    done = play(
        display, tmp_path, "seahaven", "--screenshot", str(shot), "--size", "640x480", data=data
    )
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 1000
    for name in ("stats.json", "settings.json", "current.json"):
        assert len(list(data.glob(f"{name}.bad-*"))) == 1


def test_no_config_directory(display: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()  # no ~/.config: Kivy's own user_data_dir cannot make its directory
    shot = tmp_path / "shot.png"
    done = play(
        display, home, "saratoga", "--screenshot", str(shot), "--size", "640x480", data=None
    )
    assert done.returncode == 0, done.stderr
    assert (home / ".config" / "helpdeck" / "current.json").is_file() and shot.is_file()


def test_a_start_up_error_is_one_line_with_the_log(display: str, tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("")  # the data directory's name is taken by a file
    done = play(display, tmp_path, "saratoga", "--size", "640x480", data=taken)
    assert done.returncode == 1
    line = done.stderr.strip()
    assert "\n" not in line and line.startswith("helpdeck: the app stopped: ")
    log = Path(line.rsplit("details in ", 1)[1])
    assert log.is_file() and "Traceback" in log.read_text()
