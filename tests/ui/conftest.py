"""UI tests run `driver.py` scenarios in subprocesses against one Xvfb server per session."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SCREENSHOTS = HERE / "screenshots"


@contextlib.contextmanager
def x_server() -> Iterator[str]:
    """A fresh Xvfb on a display number it picks itself (-displayfd): several test processes
    starting servers at once each get their own, where choosing a number by its free lock
    file let two take the same one, and the first to finish took the other's server down."""
    read_end, write_end = os.pipe()
    # Big enough for a phone window in either orientation (2340 x 1080 pixels). -noreset:
    # by default the server resets when its last client leaves and drops any client that
    # connects meanwhile ("X connection broken"), a race that window processes started one
    # after another, or side by side, lose now and then (xorg/xserver issue 1102).
    command = ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "2400x2400x24"]
    server = subprocess.Popen(
        [*command, "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    try:
        # The server writes its display number once it accepts clients.
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb did not start (exit code {server.wait(timeout=10)})")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    if os.environ.get("HELPDECK_UI_DISPLAY"):  # an X server the caller already runs
        yield os.environ["HELPDECK_UI_DISPLAY"]
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    with x_server() as name:
        yield name


@pytest.fixture(scope="session")
def kivy_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("kivy_home")
    # Kivy writes its config.ini into an empty home on first import; two scenarios started
    # in parallel on a fresh home race for it, and one may die before it logs anything.
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    subprocess.run([sys.executable, "-c", "import kivy.config"], env=env, check=True)
    return home


def window_env(display: str, kivy_home: Path, data: Path | None) -> dict[str, str]:
    """The environment of a driver process: its display, a quiet Kivy, its data folder
    (None: each process's own, set by the caller)."""
    env = {
        **os.environ,
        "DISPLAY": display,
        "KIVY_WINDOW": "sdl2",
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_CONSOLELOG": "1",
        "KIVY_NO_FILELOG": "1",
        "KIVY_HOME": str(kivy_home),
    }
    if data is not None:
        env["HELPDECK_DATA_DIR"] = str(data)
    return env


class Runner:
    def __init__(self, display: str, kivy_home: Path, tmp: Path) -> None:
        self.display, self.kivy_home, self.tmp = display, kivy_home, tmp
        self.data = tmp / "data"
        self.data.mkdir(exist_ok=True)

    def __call__(self, scenario: str, *args: str, timeout: float = 120) -> str:
        return self.parallel((scenario, *args), timeout=timeout)[0]

    def parallel(self, *calls: tuple[str, ...], timeout: float = 120) -> list[str]:
        """Run several scenarios at once (each its own process and window; they share the
        data directory, so only for scenarios that do not save conflicting state)."""
        env = window_env(self.display, self.kivy_home, self.data)
        SCREENSHOTS.mkdir(exist_ok=True)
        processes = [
            subprocess.Popen(
                [
                    sys.executable,
                    str(HERE / "driver.py"),
                    scenario,
                    "--out",
                    str(SCREENSHOTS),
                    *args,
                ],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            for scenario, *args in calls
        ]
        outputs = []
        for call, process in zip(calls, processes, strict=True):
            try:
                output, _ = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                output, _ = process.communicate()
                raise AssertionError(f"{' '.join(call)} timed out:\n{output[-4000:]}") from None
            assert process.returncode == 0, f"{' '.join(call)} failed:\n{output[-4000:]}"
            outputs.append(output)
        return outputs


@pytest.fixture
def run(display: str, kivy_home: Path, tmp_path: Path) -> Runner:
    return Runner(display, kivy_home, tmp_path)
