"""App speed under a real window: cold start to first frame, frame time while dragging.

    xvfb-run -s "-screen 0 1920x1080x24" python bench/app_speed.py [--game saratoga]

Targets: first frame under 1.5 s; drag frames under 16 ms (software GL, Mesa on Xvfb).
Cold start is measured in a fresh process from interpreter start (Python and Kivy imports
included) to the first frame that shows the dealt table; the drag moves the largest movable
build across a table with every card shown, as a player drags: touch events through Kivy's
input queue to the table.

Software GL on a busy machine is slow however little is drawn, so the same frame loop is
also timed on a bare Kivy app (one Label, the app's window: size and samples): the baseline
the drag is compared with; both print the drawing instructions a frame runs. ``--profile
FILE`` writes cProfile stats of the drag frames (taken inside the app process, so they
include the GL flush in ``flip``). CPU per frame is the process's CPU time (software GL's
threads included) over the frames: the work, which a machine busy with other jobs
stretches less than it stretches wall-clock frame times.
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


class Touch:
    """One finger, sent through Kivy's input queue as tests/ui/driver.py sends its touches."""

    def __init__(self, pos: tuple[float, float]) -> None:
        from kivy.tests.common import UTMotionEvent

        self.event = UTMotionEvent("bench", 1, self._spot(pos))

    @staticmethod
    def _spot(pos: tuple[float, float]) -> dict[str, float]:
        from kivy.core.window import Window

        return {"x": pos[0] / Window.width, "y": pos[1] / Window.height}

    def dispatch(self, kind: str, pos: tuple[float, float] | None = None) -> None:
        from kivy.base import EventLoop

        if pos is not None:
            self.event.move(self._spot(pos))
        EventLoop._dispatch_input(kind, self.event)


def draw_calls(canvas: object) -> dict[str, int]:
    """The drawing instructions a frame runs, by kind (each is one GL draw; a stencil
    instruction changes how every later one is drawn)."""
    from kivy.graphics import StencilPush, StencilUse
    from kivy.graphics.instructions import InstructionGroup, VertexInstruction

    counts: dict[str, int] = {}
    for child in getattr(canvas, "children", []):
        if isinstance(child, (VertexInstruction, StencilPush, StencilUse)):
            name = type(child).__name__
            counts[name] = counts.get(name, 0) + 1
        if isinstance(child, InstructionGroup):
            for name, count in draw_calls(child).items():
                counts[name] = counts.get(name, 0) + count
    return counts


def bare(frames: int) -> None:
    """The baseline: a one-Label app, same window size, same frame loop."""
    sys.path.insert(0, str(ROOT))
    from runtime.app.launch import Launch, configure_kivy

    configure_kivy(Launch(size=(1600, 900)))  # the app's window: size, samples, input
    from kivy.config import Config

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
    drawn = draw_calls(Window.canvas)
    print(json.dumps({"cold_start": cold, "frames": times, "cards": 0, "cpu": cpu, "drawn": drawn}))
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
    index = next(
        i for i in range(len(state.piles[best])) if app.game.controller.pickup_size(best, i)
    )
    widgets = table.pile_widgets(best)[index:]
    # Dragged as a player drags: touch events through Kivy's input queue to the table (its
    # on_touch_down/move/up), grabbing the run by its top strip.
    geo, (x, y) = table.geometry, table.positions[best][index]
    start = (table.x + x + geo.card_w / 2, table.y + y + geo.card_h * 0.9)
    touch = Touch(start)
    touch.dispatch("begin")
    EventLoop.idle()
    touch.dispatch("update", (start[0] + 20, start[1] - 20))  # past the drag threshold
    EventLoop.idle()
    drawn = draw_calls(Window.canvas)
    times = []
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    cpu = time.process_time()
    for i in range(frames):
        t = time.perf_counter()
        dx, dy = 20 + (i % 50) * 6.0, -20 - (i % 30) * 4.0
        touch.dispatch("update", (start[0] + dx, start[1] + dy))
        EventLoop.idle()
        times.append(time.perf_counter() - t)
    cpu = (time.process_time() - cpu) / frames
    moved = widgets[0].x - (table.x + x)
    touch.dispatch("end")
    EventLoop.idle()
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    if abs(moved - (20 + ((frames - 1) % 50) * 6.0)) > 1:
        raise SystemExit(f"the touches did not drag the cards (moved {moved:.0f} px)")
    result = {"cold_start": cold, "frames": times, "cards": len(widgets), "cpu": cpu}
    print(json.dumps({**result, "drawn": drawn}))
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
    drawn: dict[str, dict[str, int]] = {}
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
                drawn[kind] = result["drawn"]
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
        calls = ", ".join(f"{count} {name}" for name, count in sorted(drawn[kind].items()))
        print(f"  drawn per frame: {sum(drawn[kind].values())} instructions ({calls})")
    if len(kinds) == 2:
        app_ms = statistics.median(frames["app"]) / statistics.median(frames["bare"])
        print(f"drag frame / baseline frame: {app_ms:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
