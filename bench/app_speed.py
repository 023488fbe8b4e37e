"""App speed under a real window: cold start to first frame, frame time while dragging.

    xvfb-run -s "-screen 0 1920x1080x24" python bench/app_speed.py [--game saratoga]

Targets: first frame under 1.5 s; drag frames under 16 ms (software GL, Mesa on Xvfb).
Cold start is measured in a fresh process from interpreter start (Python and Kivy imports
included); the drag moves the largest movable build across a table with every card shown.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(game: str, frames: int) -> None:
    """Runs in the measured process: start the app, report the first frame, drag, exit."""
    sys.path.insert(0, str(ROOT))
    from runtime.app.launch import Launch, configure_kivy

    launch = Launch(game=game, seed=1, size=(1600, 900))
    configure_kivy(launch)
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")
    from kivy.base import EventLoop, runTouchApp
    from kivy.core.window import Window

    from runtime.app.main import HelpdeckApp

    first: list[float] = []
    Window.bind(on_flip=lambda *_: first.append(time.perf_counter()) if not first else None)
    app = HelpdeckApp(launch)
    app._run_prepare()
    runTouchApp(embedded=True)
    while not first:
        EventLoop.idle()
    cold = first[0] - float(os.environ["BENCH_T0"])
    table = app.root.get_screen("table").ids.table
    app.game.set_animations(False)
    for _ in range(5):
        EventLoop.idle()
    state = app.session.game
    # The longest face-up run on a tableau pile: the heaviest thing a player can drag.
    best = max(state.layout.tableau, key=lambda p: len(state.piles[p]))
    widgets = [table.cards[c & 63] for c in state.piles[best]]
    starts = [tuple(w.pos) for w in widgets]
    times = []
    for i in range(frames):
        t = time.perf_counter()
        dx, dy = (i % 50) * 6.0, -(i % 30) * 4.0
        for widget, (x, y) in zip(widgets, starts, strict=True):
            widget.pos = (x + dx, y + dy)
        EventLoop.idle()
        times.append(time.perf_counter() - t)
    print(json.dumps({"cold_start": cold, "frames": times, "cards": len(widgets)}))
    app.stop()
    os._exit(0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="saratoga")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.game, args.frames)
        return 0
    colds, frames = [], []
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "HELPDECK_DATA_DIR": data,
            "KIVY_HOME": home,
            "KIVY_NO_CONSOLELOG": "1",
            "KIVY_NO_ARGS": "1",
        }
        for _ in range(args.runs):
            env["BENCH_T0"] = repr(time.perf_counter())
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    "--game",
                    args.game,
                    "--frames",
                    str(args.frames),
                ],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            colds.append(result["cold_start"])
            frames.extend(result["frames"])
    ms = sorted(f * 1000 for f in frames)
    print(f"game {args.game}, {args.runs} runs, {result['cards']}-card pile dragged")
    print(
        f"cold start to first frame: median {statistics.median(colds):.2f} s "
        f"(min {min(colds):.2f}, max {max(colds):.2f}); target < 1.5 s"
    )
    print(
        f"drag frame time: median {statistics.median(ms):.1f} ms, "
        f"p95 {ms[int(len(ms) * 0.95)]:.1f} ms, max {ms[-1]:.1f} ms; target < 16 ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
