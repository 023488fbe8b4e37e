"""App speed under a real window: cold start to first frame, frame time while dragging.

    xvfb-run -s "-screen 0 1920x1080x24" python bench/app_speed.py [--game saratoga]

Targets: first frame under 1.5 s; drag frames under 16 ms (software GL, Mesa on Xvfb).
Cold start is measured in a fresh process from interpreter start (Python and Kivy imports
included) to the first frame that shows the dealt table; the drag moves the largest movable
build across a table with every card shown.

Software GL on a busy machine is slow however little is drawn, so the same frame loop is
also timed on a bare Kivy app (one Label, same window size): the baseline the drag is
compared with. ``--profile FILE`` writes cProfile stats of the drag frames (taken inside
the app process, so they include the GL flush in ``flip``). CPU per frame is the process's
CPU time (software GL's threads included) over the frames: the work, which a machine busy
with other jobs stretches less than it stretches wall-clock frame times.
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


def bare(frames: int) -> None:
    """The baseline: a one-Label app, same window size, same frame loop."""
    from kivy.config import Config

    Config.set("graphics", "width", "1600")
    Config.set("graphics", "height", "900")
    Config.set("graphics", "maxfps", "0")
    from kivy.app import App
    from kivy.base import EventLoop, runTouchApp
    from kivy.core.window import Window
    from kivy.uix.label import Label

    first: list[float] = []
    Window.bind(on_flip=lambda *_: first.append(time.perf_counter()) if not first else None)

    class Bare(App):
        def build(self) -> Label:
            return Label(text="baseline")

    app = Bare()
    app._run_prepare()
    runTouchApp(embedded=True)
    while not first:
        EventLoop.idle()
    cold = first[0] - float(os.environ["BENCH_T0"])
    for _ in range(5):
        EventLoop.idle()
    times = []
    cpu = time.process_time()
    for i in range(frames):
        t = time.perf_counter()
        app.root.pos = ((i % 50) * 6.0, -(i % 30) * 4.0)
        EventLoop.idle()
        times.append(time.perf_counter() - t)
    cpu = (time.process_time() - cpu) / frames
    print(json.dumps({"cold_start": cold, "frames": times, "cards": 0, "cpu": cpu}))
    app.stop()
    os._exit(0)


def child(game: str, frames: int, profile: str | None) -> None:
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
    app = HelpdeckApp(launch)

    def flipped(*_args: object) -> None:
        # The first frame that shows the dealt table, not an empty window.
        screen = app.root.current_screen if app.root else None
        table = screen.ids.get("table") if screen is not None else None
        if not first and table is not None and table.geometry is not None:
            first.append(time.perf_counter())

    Window.bind(on_flip=flipped)
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
    widgets = table.pile_widgets(best)
    starts = [tuple(w.pos) for w in widgets]
    times = []
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    cpu = time.process_time()
    for i in range(frames):
        t = time.perf_counter()
        dx, dy = (i % 50) * 6.0, -(i % 30) * 4.0
        for widget, (x, y) in zip(widgets, starts, strict=True):
            widget.pos = (x + dx, y + dy)
        EventLoop.idle()
        times.append(time.perf_counter() - t)
    cpu = (time.process_time() - cpu) / frames
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    print(json.dumps({"cold_start": cold, "frames": times, "cards": len(widgets), "cpu": cpu}))
    app.stop()
    os._exit(0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="saratoga")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", metavar="FILE", help="cProfile stats of the drag frames")
    parser.add_argument("--no-baseline", action="store_true", help="skip the bare-app baseline")
    parser.add_argument("--child", choices=("app", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "app":
        child(args.game, args.frames, args.profile)
        return 0
    if args.child == "bare":
        bare(args.frames)
        return 0
    kinds = ["app"] if args.no_baseline else ["app", "bare"]
    colds: dict[str, list[float]] = {kind: [] for kind in kinds}
    frames: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpus: dict[str, list[float]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "HELPDECK_DATA_DIR": data,
            "KIVY_HOME": home,
            "KIVY_NO_CONSOLELOG": "1",
            "KIVY_NO_ARGS": "1",
        }
        for run in range(args.runs):
            for kind in kinds:  # interleaved, so both see the same machine load
                command = [sys.executable, __file__, "--child", kind, "--game", args.game]
                command += ["--frames", str(args.frames)]
                if args.profile and kind == "app" and run == 0:
                    command += ["--profile", args.profile]
                env["BENCH_T0"] = repr(time.perf_counter())
                out = subprocess.run(
                    command, env=env, capture_output=True, text=True, check=True
                ).stdout
                result = json.loads(out.strip().splitlines()[-1])
                colds[kind].append(result["cold_start"])
                frames[kind].extend(result["frames"])
                cpus[kind].append(result["cpu"])
                if kind == "app":
                    cards = result["cards"]
    print(f"game {args.game}, {args.runs} runs, {cards}-card pile dragged")
    for kind in kinds:
        name = "helpdeck" if kind == "app" else "bare Kivy Label app (baseline)"
        ms = sorted(f * 1000 for f in frames[kind])
        cold = colds[kind]
        print(f"{name}:")
        print(
            f"  cold start to first frame: median {statistics.median(cold):.2f} s "
            f"(min {min(cold):.2f}, max {max(cold):.2f}); target < 1.5 s"
        )
        print(
            f"  frame time: median {statistics.median(ms):.1f} ms, "
            f"p95 {ms[int(len(ms) * 0.95)]:.1f} ms, max {ms[-1]:.1f} ms; target < 16 ms"
        )
        # CPU time of the process (Mesa llvmpipe's threads included): the work a frame
        # takes, which a busy machine stretches less than the wall-clock frame time.
        print(f"  CPU per frame: median {statistics.median(cpus[kind]) * 1000:.1f} ms")
    if len(kinds) == 2:
        app_ms = statistics.median(frames["app"]) / statistics.median(frames["bare"])
        print(f"drag frame / baseline frame: {app_ms:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
