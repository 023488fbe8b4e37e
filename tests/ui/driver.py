"""Runs one UI scenario in a real Kivy window, then exits: 0 passed, 1 failed.

    python tests/ui/driver.py SCENARIO --game saratoga --seed 1 --out DIR [--size WxH]

Touches go through Kivy's input queue and post-processing (so double taps are detected as
on a device), then through the App exactly as a player's would. One scenario per process,
because Kivy allows one window per process.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from runtime.app.launch import Launch, configure_kivy, parse_size

SCENARIOS: dict[str, Callable[[Driver], None]] = {}


def scenario(function: Callable[[Driver], None]) -> Callable[[Driver], None]:
    SCENARIOS[function.__name__] = function
    return function


class Failed(AssertionError):
    pass


def check(condition: object, message: str) -> None:
    if not condition:
        raise Failed(message)


class Driver:
    def __init__(self, app: Any, args: argparse.Namespace) -> None:
        from kivy.base import EventLoop
        from kivy.core.window import Window

        self.app, self.args, self.loop, self.window = app, args, EventLoop, Window
        self.out = Path(args.out)
        self._ids = iter(range(1000, 10**9))

    # -- frames -------------------------------------------------------------------------

    def pump(self, frames: int = 2) -> None:
        for _ in range(frames):
            self.loop.idle()

    def pump_until(self, done: Callable[[], object], seconds: float = 3.0) -> bool:
        """Run frames until ``done()`` holds or ``seconds`` pass (animations take real time)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(1)
            if done():
                return True
        return False

    def settle(self, limit: int = 400) -> None:
        """Run frames until no card animates and no auto-finish is pending (at least
        ``limit`` frames or 10 s: frames may be far quicker than an animation). An auto-finish
        plays a move every animation's length and may be long (Zebra's turns the whole stock
        and redeals: 100-230 moves, up to ~50 s), so the 10 s count from its last move."""
        deadline = time.monotonic() + 10
        frames = 0
        left = len(self.app.game._finishing)
        while frames < limit or time.monotonic() < deadline:
            self.pump(1)
            frames += 1
            if len(self.app.game._finishing) < left:  # the auto-finish moves on
                deadline = time.monotonic() + 10
            left = len(self.app.game._finishing)
            # An auto-finish's last step tells a win or a loss one interval after its last
            # move's animation ends: wait for the interval to stop too.
            game = self.app.game
            if not self.table.busy and not game._finishing and game._finish_event is None:
                self.pump(1)
                self.check_drawn(settled=True, what="settling")
                return
        raise Failed(f"animations never settled: {len(self.table._animating)} cards moving")

    def deal_where(self, wanted: Callable[[], object]) -> None:
        """Deal seeds in turn until ``wanted()`` holds, so scenarios need no magic seeds."""
        for seed in range(self.args.seed, self.args.seed + 300):
            if seed != self.args.seed or self.state.move_log:
                self.app.game.start(self.args.game, seed)
            self.settle()
            if wanted():
                return
        raise Failed("no deal fits this scenario")

    # -- the app ------------------------------------------------------------------------

    @property
    def table(self) -> Any:
        return self.app.root.get_screen("table").ids.table

    @property
    def state(self) -> Any:
        return self.app.session.game

    def card_center(self, pile: int, index: int = -1) -> tuple[float, float]:
        geo, positions = self.table.geometry, self.table.positions
        x, y = positions[pile][index]
        # Aim at the visible strip of a fanned card: its top part.
        top = y + geo.card_h * (0.9 if index not in (-1, len(positions[pile]) - 1) else 0.5)
        return self.table.x + x + geo.card_w / 2, self.table.y + top

    def pile_center(self, pile: int) -> tuple[float, float]:
        x, y, w, h = self.table.geometry.pile_rect(pile, self.table.positions)
        return self.table.x + x + w / 2, self.table.y + y + h / 2

    def screens_at_rest(self, dropdowns: bool = False) -> None:
        """Run frames until no screen slides and no dialog fades in or out (and, with
        ``dropdowns``, no drop-down list is open: one closes a moment after a pick): a
        ScreenManager drops touches during a transition, a closing dialog or list still
        takes every touch, and frames are quick enough that a fixed count ends inside."""
        from kivy.uix.dropdown import DropDown
        from kivy.uix.modalview import ModalView

        manager = self.app.root

        def at_rest() -> bool:
            tops = self.window.children
            fading = [w for w in tops if isinstance(w, ModalView) and w._anim_alpha < 1]
            listed = dropdowns and any(isinstance(w, DropDown) for w in tops)
            return not manager.transition.is_active and not fading and not listed

        self.pump_until(at_rest)

    def button(self, text: str) -> Any:
        self.screens_at_rest(dropdowns=True)
        screen = self.app.root.current_screen
        for widget in screen.walk():
            if getattr(widget, "text", None) == text and hasattr(widget, "on_release"):
                return widget
        raise Failed(f"no button {text!r} on {screen.name}")

    def press(self, text: str) -> None:
        widget = self.button(text)
        check(not widget.disabled, f"button {text!r} is disabled")
        self.tap(*widget.to_window(*widget.center))
        self.screens_at_rest()  # the screen it opens has arrived

    def screenshot(self, name: str) -> Path:
        from runtime.app.screenshot import save_window_png

        return save_window_png(self.out / f"{name}.png")

    def check_drawn(self, settled: bool = False, what: str = "") -> None:
        """`verify` wherever the table shows a game: every step of every scenario."""
        if self.app.root is not None and self.table.controller is not None:
            self.verify(settled=settled, what=what)

    def verify(self, settled: bool = False, what: str = "") -> None:
        """What is drawn equals the state (see `drawn.py`); a screenshot if it does not."""
        from drawn import mismatches

        problems = mismatches(self.table, settled=settled)
        if problems:
            name = f"mismatch-{self.args.game}-{self.args.seed}"
            self.screenshot(name)
            raise Failed(
                f"drawn != state{' after ' + what if what else ''} "
                f"({self.state!r}; {name}.png):\n  " + "\n  ".join(problems)
            )

    def cards_inside_window(self) -> None:
        width, height = self.window.size
        for widget in self.table.cards:
            if widget.x < -1000:  # a card that is not shown (e.g. an unused stock)
                continue
            check(
                widget.x >= -0.5
                and widget.y >= -0.5
                and widget.right <= width + 0.5
                and widget.top <= height + 0.5,
                f"card {widget.card} at {widget.pos} size {widget.size} outside {width}x{height}",
            )
            check(
                self.table.collide_point(*widget.center),
                f"card {widget.card} centre {widget.center} outside the table {self.table.pos}",
            )

    # -- touches ------------------------------------------------------------------------

    def _event(self, kind: str, touch: Any) -> None:
        self.loop._dispatch_input(kind, touch)

    def _touch(self, x: float, y: float) -> Any:
        from kivy.tests.common import UTMotionEvent

        width, height = self.window.size
        return UTMotionEvent("driver", next(self._ids), {"x": x / width, "y": y / height})

    def _move(self, touch: Any, x: float, y: float) -> None:
        width, height = self.window.size
        touch.move({"x": x / width, "y": y / height})
        self._event("update", touch)

    def tap(self, x: float, y: float, frames: int = 1) -> None:
        self.screens_at_rest()
        touch = self._touch(x, y)
        self._event("begin", touch)
        self.pump(1)
        self._event("end", touch)
        self.pump(frames)
        self.check_drawn(what=f"a tap at ({x:.0f}, {y:.0f})")

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        touch = self._touch(*start)
        self._event("begin", touch)
        self.pump(1)
        for i in range(1, steps + 1):
            f = i / steps
            self._move(
                touch, start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f
            )
            self.pump(1)
        self._event("end", touch)
        self.pump(1)
        self.check_drawn(what="a drag")


# -- scenarios --------------------------------------------------------------------------


def transfers(d: Driver, **where: Any) -> list[Any]:
    from runtime.engine import MoveKind

    kinds = d.state.layout.kinds
    found = []
    for move in d.state.legal_moves():
        if move.kind is not MoveKind.TRANSFER:
            continue
        if "src_kind" in where and kinds[move.src] not in where["src_kind"]:
            continue
        if "dst_kind" in where and kinds[move.dst] not in where["dst_kind"]:
            continue
        found.append(move)
    return found


@scenario
def start(d: Driver) -> None:
    """The table shows every card of the deal inside the window; save a screenshot."""
    check(d.app.root.current == "table", f"on screen {d.app.root.current}")
    d.settle()
    shown = sum(len(p) for p in d.table.positions.values())
    total = sum(len(p) for p in d.state.piles)
    check(shown == total, f"{shown} of {total} cards placed")
    d.cards_inside_window()
    check(d.state.deal_code in d.app.status_text, "no status line")  # no score: Ten Across
    d.screenshot(f"{d.args.game}-{d.args.label}")
    if d.args.then_size:  # the same density at another size (a phone turned): one process
        d.window.size = d.args.then_size
        d.pump(6)
        d.settle()
        check(tuple(d.window.size) == d.args.then_size, f"window is {d.window.size}")
        d.cards_inside_window()
        d.screenshot(f"{d.args.game}-{d.args.then_label}")


@scenario
def drag(d: Driver) -> None:
    from runtime.engine import PileKind

    sources = {PileKind.TABLEAU, PileKind.WASTE, PileKind.RESERVE}
    d.deal_where(lambda: transfers(d, src_kind=sources))
    move = transfers(d, src_kind=sources)[0]
    index = len(d.state.piles[move.src]) - move.size
    d.drag(d.card_center(move.src, index), d.pile_center(move.dst))
    d.settle()
    check(d.state.move_log == [move], f"expected {move}, got {d.state.move_log}")
    d.cards_inside_window()


@scenario
def tap(d: Driver) -> None:
    """A card with one obvious move goes there on a tap; else tap selects, tap target moves."""
    d.deal_where(lambda: transfers(d))
    controller = d.app.game.controller
    for move in transfers(d):
        index = len(d.state.piles[move.src]) - move.size
        if controller.pickup_size(move.src, index) != move.size:
            continue
        d.tap(*d.card_center(move.src, index))
        d.settle()
        if d.state.move_log:  # it was the only move: made at once
            check(d.state.move_log[0].src == move.src, "moved the wrong card")
        else:
            check(controller.selection is not None, "a tap neither moved nor selected")
            d.tap(*d.pile_center(move.dst))
            d.settle()
            check(d.state.move_log == [move], f"expected {move}, got {d.state.move_log}")
        return
    raise Failed("no tappable move")


@scenario
def double_tap(d: Driver) -> None:
    from runtime.engine.assist import foundation_move

    def piles() -> list[int]:
        return [p for p in range(len(d.state.piles)) if foundation_move(d.state, p)]

    d.deal_where(piles)
    pile = piles()[0]
    before = len(d.state.piles[pile])
    x, y = d.card_center(pile)
    d.tap(x, y)
    d.tap(x, y)
    d.settle()
    kinds = d.state.layout.kinds
    check(d.state.move_log, "double tap made no move")
    check(
        all(kinds[m.dst] == "foundation" for m in d.state.move_log),
        f"not to a foundation: {d.state.move_log}",
    )
    check(len(d.state.piles[pile]) < before, "the card did not leave its pile")


@scenario
def double_click_is_one_move(d: Driver) -> None:
    """Issue 13: on saratoga-0-11 a double-click on 7♣ (t4) tap-moved it with the first click
    and sent the A♥ under it up with the second. One gesture must make one move."""
    d.app.session.start_code("saratoga-0-11")
    d.app.game.set_animations(True)
    d.app.game.show_game(deal_animation=False)
    d.settle()
    t4 = d.state.layout.index["t4"]
    x, y = d.card_center(t4)
    d.tap(x, y)
    d.tap(x, y)
    check(d.state.move_log and d.state.move_log[-1], "the double-click made no move")
    d.settle()
    moves = [d.state.move_text(m) for m in d.state.move_log]
    check(moves == ["t4>t7"], f"one double-click made {moves}")
    d.verify(settled=True, what="the double-click")
    d.screenshot("saratoga-0-11-double-click")
    d.press("Undo")
    d.settle()
    check(not d.state.move_log, "one undo did not take the double-click back")


@scenario
def illegal_drop(d: Driver) -> None:
    d.settle()
    layout, piles = d.state.layout, d.state.piles
    controller = d.app.game.controller
    for src in layout.tableau:
        if not piles[src] or controller.pickup_size(src, len(piles[src]) - 1) is None:
            continue
        targets = set(controller.targets(src, 1))
        for dst in layout.tableau:
            if dst != src and dst not in targets:
                widget = d.table.pile_widgets(src)[-1]
                home = tuple(widget.pos)
                d.drag(d.card_center(src), d.pile_center(dst))
                d.settle()
                check(not d.state.move_log, f"an illegal drop moved: {d.state.move_log}")
                check(
                    abs(widget.x - home[0]) < 1 and abs(widget.y - home[1]) < 1,
                    f"card did not slide back: {widget.pos} != {home}",
                )
                return
    raise Failed("no illegal drop to try")


@scenario
def stock_and_toolbar(d: Driver) -> None:
    """Tap the stock to deal; Undo and Redo through the toolbar buttons."""
    from runtime.engine import DEAL

    d.deal_where(lambda: DEAL in d.state.legal_moves())
    layout = d.state.layout
    d.tap(*d.pile_center(layout.stock))
    d.settle()
    check(d.state.move_log == [DEAL], f"stock tap gave {d.state.move_log}")
    after_deal = d.state.key()
    d.press("Undo")
    d.settle()
    check(not d.state.move_log, "Undo did not undo")
    d.press("Redo")
    d.settle()
    check(d.state.key() == after_deal, "Redo did not redo")
    d.press(d.app.stock_label)
    d.settle()
    check(len(d.state.move_log) == 2, "the Deal button did not deal")
    d.cards_inside_window()


@scenario
def undo_during_animation(d: Driver) -> None:
    d.deal_where(lambda: transfers(d))
    d.app.game.set_animations(True)
    move = transfers(d)[0]
    d.app.game.play(move)
    d.pump(1)  # mid-flight
    d.app.game.undo()
    d.settle()
    check(not d.state.move_log, "undo lost")
    expected = d.table.geometry.positions(d.state.piles)
    for pile, spots in expected.items():
        widgets = d.table.pile_widgets(pile)
        for index, (card, widget, (x, y)) in enumerate(
            zip(d.state.piles[pile], widgets, spots, strict=True)
        ):
            if widget.parent is None:  # buried in a stack: not drawn, by design
                check(index < len(widgets) - 2, f"card {card}, near the top, is not drawn")
                continue
            check(
                abs(widget.x - d.table.x - x) < 1 and abs(widget.y - d.table.y - y) < 1,
                f"card {card} left at {widget.pos} after undo",
            )


@scenario
def drawn_equals_state(d: Driver) -> None:
    """With animations on: stock clicks, moves, undo and redo, some mid-animation, some
    after it; after every step each card widget is checked against the engine's state."""
    from runtime.engine import DEAL, REDEAL

    d.app.game.set_animations(True)
    d.settle()
    d.verify(settled=True, what="the deal")
    rng = random.Random(d.args.seed)
    stock = d.state.layout.stock
    for step in range(d.args.events):
        legal = d.state.legal_moves()
        roll = rng.random()
        if roll < 0.3 and (DEAL in legal or REDEAL in legal):
            what = "a stock click"
            d.tap(*d.pile_center(stock), frames=0)
        elif roll < 0.45 and d.state.can_undo():
            what = "undo"
            d.app.game.undo()
        elif roll < 0.5 and d.state.can_redo():
            what = "redo"
            d.app.game.redo()
        elif legal:
            move = rng.choice(legal)
            what = f"move {d.state.move_text(move)}"
            d.app.game.play(move)
        else:
            what = "undo (no move left)"
            d.app.game.undo()
        d.pump(rng.choice((0, 1, 1, 2, 4)))
        d.verify(what=f"step {step}: {what}")
        if rng.random() < 0.25:
            d.settle()
            d.verify(settled=True, what=f"step {step}: {what}, settled")
    d.settle()
    d.verify(settled=True, what="the last step")
    print(f"drawn_equals_state: {d.args.events} steps, {len(d.state.move_log)} moves")


@scenario
def move_during_autofinish(d: Driver) -> None:
    """Zebra's report: a move made while an auto-finish runs (Zebra's turns the whole stock
    and redeals, 100-230 moves). The move takes over: the old queue, planned for a
    position that is gone, stops (it went on, and raised IllegalMoveError on a move no
    longer legal), and only a finish planned from the new position may follow; then every
    card rests where the state says."""
    from runtime.engine.assist import autofinish_moves

    game = d.app.game
    d.app.game.set_animations(True)
    d.settle()
    for _ in range(200):  # stock clicks and moves until an auto-finish starts
        legal = d.state.legal_moves()
        check(legal, "no auto-finish started before the game was lost")
        game.play(legal[0])
        if game._finishing:
            break
        d.settle()
    check(game._finishing, "no auto-finish started")
    d.pump(2)
    d.verify(what="an auto-finish started")
    head = game._finishing[0]
    other = [m for m in d.state.legal_moves() if m != head]
    check(other, "no move but the auto-finish's own")
    game.play(other[-1])
    d.verify(what=f"{d.state.move_text(other[-1])} during the auto-finish")
    fresh = autofinish_moves(d.state) or []
    check(
        game._finishing in ([], fresh),
        f"the auto-finish went on with {len(game._finishing)} moves planned before the move",
    )
    d.settle()
    d.verify(settled=True, what="the auto-finish after the move")
    print(f"move_during_autofinish: {len(d.state.move_log)} moves, won {d.state.is_won()}")


@scenario
def deals_then_undo(d: Driver) -> None:
    """Issue 13's report: Spider seed 499089905, five stock clicks in a row (animations on),
    then undo; Gypsy: ten deals. The picture is checked after each click and once settled."""
    d.app.game.set_animations(True)
    d.settle()
    stock = d.state.layout.stock
    for click in range(d.args.events):
        if not d.app.can_stock:
            break
        d.tap(*d.pile_center(stock), frames=2)
        d.verify(what=f"stock click {click + 1}")
    d.settle()
    d.verify(settled=True, what="the stock clicks")
    d.screenshot(f"{d.args.game}-{d.args.seed}-deals")
    d.press("Undo")
    d.pump(1)
    d.verify(what="undo, mid-animation")
    d.settle()
    d.verify(settled=True, what="undo")
    d.screenshot(f"{d.args.game}-{d.args.seed}-deals-undone")


@scenario
def slide_under_resting_card(d: Driver) -> None:
    """A fan that closes up may slide a card while the card on it already rests (CI met it
    in Gypsy, by timing): the sliding card is drawn under that card, not over it."""
    from runtime.app.geometry import Fan

    d.app.game.set_animations(True)
    d.settle()
    slots = d.table.geometry.slots
    pile = next(
        p
        for p in d.table.positions
        if p in slots and slots[p].fan is Fan.DOWN and len(d.state.piles[p]) >= 2
    )
    widgets = d.table.pile_widgets(pile)
    sliding = widgets[-2]
    sliding.pos = (sliding.x + d.table.geometry.card_w, sliding.y)  # as if on its way
    d.table.refresh(animate=True)
    check(
        sliding in d.table._animating and widgets[-1] not in d.table._animating,
        "the set-up did not slide the card under the top one alone",
    )
    d.pump(1)
    d.verify(what="a card slides in under a resting card")
    d.screenshot(f"{d.args.game}-slide-under")
    d.settle()
    d.verify(settled=True, what="the slide")


@scenario
def hint_direction(d: Driver) -> None:
    """The Hint button shows which way to move: the cards to move outlined in one colour,
    the target in another, an arrow between; following the hints makes no position twice."""
    from runtime.app.tablewidget import HINT_SOURCE, HINT_TARGET
    from runtime.engine import MoveKind

    check(HINT_SOURCE != HINT_TARGET, "source and target outlines look the same")
    d.deal_where(lambda: transfers(d))
    seen = {d.state.key()}
    for step in range(12):
        d.press("Hint")
        # A position the quick hint cannot decide waits for the deep one (seconds).
        d.pump_until(lambda: d.table.hint_shown is not None, 60)
        shown = d.table.hint_shown
        check(shown is not None, f"hint {step}: nothing shown")
        move, src, dst = shown
        if move.kind is MoveKind.TRANSFER:
            sx, sy = d.card_center(move.src, len(d.state.piles[move.src]) - move.size)
            inside = src[0] <= sx <= src[0] + src[2] and src[1] <= sy <= src[1] + src[3]
            check(inside, f"hint {step}: source outline misplaced")
            dx, dy = d.pile_center(move.dst)
            inside = dst[0] <= dx <= dst[0] + dst[2] and dst[1] <= dy <= dst[1] + dst[3]
            check(inside, f"hint {step}: target outline misplaced")
            if step == 0:
                d.screenshot(f"{d.args.game}-hint")
        d.app.game.play(move)
        d.settle()
        d.verify(settled=True, what=f"hint {step}")
        check(d.state.key() not in seen, f"hint {step} went back to an earlier position")
        seen.add(d.state.key())


ONE_SUIT = {"four_suits": False, "two_suits": False, "one_suit": True}


@scenario
def deep_hint(d: Driver) -> None:
    """Where the quick hint cannot decide (Spider with one suit), Hint shows the first move
    of a winning line the deep search finds on a thread, and the hints after it come at
    once from that line; while the deep search runs, a dialog says so and its "Quick hint"
    shows the basic hint without waiting."""
    from runtime.app.hints import advise
    from runtime.solver.hint import solver_hint
    from runtime.solver.search import Verdict

    game = d.app.game
    game.session.settings.options["spider"] = ONE_SUIT
    game.start("spider", 9)  # greedy playouts win it within 500 nodes
    d.settle()
    check(advise(d.state).undecided, "the quick hint decides this deal: nothing to wait for")
    seen = {d.state.key()}
    for step in range(8):
        d.press("Hint")
        waited = d.pump_until(lambda: d.table.hint_shown is not None, 60)
        check(waited, f"hint {step}: nothing shown within 60 s")
        d.screens_at_rest()
        open_texts = [getattr(w, "text", "") for v in dialogs(d) for w in v.walk()]
        check(not dialogs(d), f"hint {step}: a dialog is left open: {open_texts}")
        move = d.table.hint_shown[0]
        known = solver_hint(d.state, max_nodes=1)  # the remembered line, or unknown
        check(known.verdict is Verdict.WINNABLE, f"hint {step}: no winning line remembered")
        check(move == known.move, f"hint {step}: shows {move}, the line says {known.move}")
        if step == 0:
            d.screenshot("spider-deep-hint")
        game.play(move)
        d.settle()
        d.verify(settled=True, what=f"deep hint {step}")
        check(d.state.key() not in seen, f"hint {step} went back to an earlier position")
        seen.add(d.state.key())
    game.start("spider", 3)  # no playout wins it: the deep search takes seconds
    d.settle()
    quick = advise(d.state)
    check(quick.undecided and quick.move is not None, "seed 3's quick hint decides it")
    d.press("Hint")
    d.pump_until(lambda: bool(dialogs(d)), 5)
    d.screens_at_rest()  # a dialog fading in takes no touch
    texts = [getattr(w, "text", "") for v in dialogs(d) for w in v.walk()]
    check("Looking for a way to win…" in texts, f"no waiting dialog: {texts}")
    check(d.table.hint_shown is None, "a hint is shown before the deep one or the quick one")
    d.screenshot("spider-deep-hint-waiting")
    close_with(d, "Quick hint")
    shown = d.table.hint_shown
    check(shown is not None and shown[0] == quick.move, f"quick hint: {shown}, not {quick.move}")
    # Nobody waits for the deep search any more: it stops instead of running its budget.
    stopped = d.pump_until(lambda: not searching(), 3)
    check(stopped, "the deep search still runs 3 s after the player stopped waiting")
    d.press("Hint")  # the stopped search's answer was not kept: it searches again
    d.pump_until(lambda: bool(dialogs(d)), 5)
    d.screens_at_rest()
    texts = [getattr(w, "text", "") for v in dialogs(d) for w in v.walk()]
    check("Looking for a way to win…" in texts, f"asked again, no waiting dialog: {texts}")
    close_with(d, "Cancel")
    check(d.pump_until(lambda: not searching(), 3), "Cancel did not stop the deep search")
    print(f"deep_hint: 8 hints from a winning line; quick hint {quick.move}; stopped twice")


def searching() -> bool:
    """A deep hint's thread (`DeepHints`) is running."""
    return any(thread.name == "deep-hint" for thread in threading.enumerate())


@scenario
def deal_code(d: Driver) -> None:
    """The table shows the game's name and deal code; a tap on it opens a dialog that copies
    the code, refuses a bad code with a message, and plays a good one."""
    from kivy.core.clipboard import Clipboard
    from kivy.uix.textinput import TextInput

    d.settle()
    code = d.state.deal_code
    check(d.app.game.title in d.app.status_text, "the game's name is not on the table")
    check(code in d.app.status_text, "the deal code is not on the table")
    bar = d.app.root.get_screen("table").ids.status
    d.tap(*bar.to_window(*bar.center))
    d.pump(10)
    check(dialogs(d), "a tap on the status bar opened no dialog")
    button = dialog_button(d, "Copy code")
    d.tap(*button.to_window(*button.center))
    d.pump(3)
    check(Clipboard.paste() == code, f"clipboard holds {Clipboard.paste()!r}, not {code!r}")
    entry = next(w for w in dialogs(d)[0].walk() if isinstance(w, TextInput))
    for bad, says in (("saratoga-x1", "not a deal code"), ("nosuchgame-4", "no game called")):
        entry.text = bad
        button = dialog_button(d, "Play this deal")
        d.tap(*button.to_window(*button.center))
        d.pump(5)
        check(dialogs(d), f"{bad!r}: the dialog closed")
        texts = " ".join(getattr(w, "text", "") for w in dialogs(d)[0].walk())
        check(says in texts, f"{bad!r}: no clear message in {texts!r}")
        check(d.state.deal_code == code, f"{bad!r} changed the deal")
    d.screenshot("deal-code-dialog")
    Clipboard.copy("  Lady_Jane-77  ")
    button = dialog_button(d, "Paste")
    d.tap(*button.to_window(*button.center))
    d.pump(3)
    check(entry.text == "Lady_Jane-77", f"Paste gave {entry.text!r}")
    button = dialog_button(d, "Play this deal")
    d.tap(*button.to_window(*button.center))
    d.pump(10)
    d.settle()
    check(not dialogs(d), "the dialog stayed open")
    check(d.state.deal_code == "lady_jane-77", f"playing gave {d.state.deal_code}")
    check("Lady Jane · lady_jane-77" in d.app.status_text, f"status: {d.app.status_text}")
    d.verify(settled=True, what="a typed deal code")
    d.screenshot(f"deal-code-played-{d.args.label}")


@scenario
def winnable_deals(d: Driver) -> None:
    """ "Winnable deals only": switched on in Settings, the very next deal is one the solver
    proved (waiting for the proof if none is ready), and so is the deal Options replaces;
    proven deals start at this install's own random seed, not at 0."""
    from runtime.app.dialogs import Dialog
    from runtime.solver import WinnableDeals

    d.settle()
    d.press("Menu")
    d.pump(20)
    d.press("Settings")
    d.pump(20)
    switch = d.app.root.get_screen("settings").ids.winnable
    check(not switch.active, "winnable deals were on already")
    d.tap(*switch.to_window(*switch.center))
    d.pump(3)
    check(d.app.session.settings.winnable, "the switch did not turn the setting on")
    d.press("Back")
    d.pump(20)
    d.press("Continue")
    d.pump(20)
    cache = WinnableDeals(Path(os.environ["HELPDECK_DATA_DIR"]) / "winnable")

    def proven() -> bool:
        state = d.state
        cache._entries.clear()  # read what the app's background prover wrote
        return cache.verdict(state.game.id, state.options, state.seed) == "winnable"

    for step in ("New", "Options"):
        before = d.state.deal_code
        if step == "New":
            d.press("New")
        else:
            d.press("Options")
            d.pump(10)
            # King only off: one-card deals stay, which the solver proves fastest.
            label = next(w for w in dialogs(d)[0].walk() if getattr(w, "text", "") == "King only")
            box = next(w for w in label.parent.children if type(w).__name__ == "CheckBox")
            box.active = not box.active
            button = dialog_button(d, "Apply")
            d.tap(*button.to_window(*button.center))
        waited = d.pump_until(lambda b=before: d.state.deal_code != b and not dialogs(d), 150)
        check(waited, f"{step}: no new deal within 150 s")
        d.settle()
        check(proven(), f"{step}: {d.state.deal_code} is not a proven deal")
        check(d.state.seed >= 1000, f"{step}: seed {d.state.seed}: the same first deals for all")
        print(f"{step}: {d.state.deal_code} proven winnable")
    check(not [w for w in d.window.children if isinstance(w, Dialog)], "a dialog is left open")


@scenario
def winnable_wait(d: Driver) -> None:
    """ "Winnable deals only" where the solver seldom proves a deal (four-suit Spider): the
    waiting dialog counts the deals tried, and its "Random deal" deals one at once."""
    d.settle()
    d.app.session.settings.winnable = True
    before = d.state.deal_code
    d.press("New")
    d.pump_until(lambda: bool(dialogs(d)), 5)
    d.screens_at_rest()

    def message() -> str:
        return " ".join(str(getattr(v, "message", "")) for v in dialogs(d))

    check("Finding a deal the solver can win…" in message(), f"no waiting dialog: {message()}")
    counted = d.pump_until(lambda: "Deals tried: 1" in message() or not dialogs(d), 90)
    check(counted, f"no deal tried within 90 s: {message()!r}")
    if not dialogs(d):  # a deal was proven after all: it is on the table
        check(d.state.deal_code != before, "the dialog closed with no new deal")
        print("winnable_wait: a deal was proven at once")
        return
    d.screenshot("spider-winnable-wait")
    close_with(d, "Random deal")
    check(d.state.deal_code != before, "Random deal dealt nothing")
    d.settle()
    d.verify(settled=True, what="the random deal")
    print(f"winnable_wait: {message() or 'dialog closed'}; random deal {d.state.deal_code}")


@scenario
def small_things(d: Driver) -> None:
    """Issue 13's small ones: the language list is opaque, a setting's or option's label
    ticks it, switches speak the UI language, a wheel notch scrolls help a useful step,
    Escape and Quit end the app on a desktop, Restart resets the clock, which stops while
    the player is away."""
    from kivy.metrics import sp
    from kivy.uix.checkbox import CheckBox
    from kivy.uix.label import Label

    from runtime.app.i18n import _

    quits: list[int] = []
    d.app.quit = lambda: quits.append(1)
    d.settle()
    # Restart resets the clock; the clock stops while away.
    d.app.game.play(d.state.legal_moves()[0])
    d.settle()
    session = d.app.session
    session.elapsed = 75.0
    d.app.game.tick(1.0)
    check(session.elapsed == 76.0, f"the clock did not run: {session.elapsed}")
    d.app.game.tick(40.0)  # a tick after a pause (Android resumes with one long tick)
    check(session.elapsed == 76.0, "the clock ran while the app was paused")
    d.window.dispatch("on_minimize")
    d.app.game.tick(1.0)
    check(session.elapsed == 76.0, "the clock ran while the window was minimised")
    d.window.dispatch("on_restore")
    d.app.game.tick(1.0)
    check(session.elapsed == 77.0, "the clock did not run again after a restore")
    d.press("Restart")
    d.pump(5)
    button = dialog_button(d, "Yes")
    d.tap(*button.to_window(*button.center))
    d.pump(5)
    d.settle()
    check(not d.state.move_log and session.elapsed == 0, f"Restart kept {session.elapsed} s")
    check("Time 0:00" in d.app.status_text, f"status after Restart: {d.app.status_text}")
    # An option's label ticks its box.
    d.press("Options")
    d.pump(10)
    box = next(w for w in dialogs(d)[0].walk() if isinstance(w, CheckBox))
    label = next(w for w in box.parent.children if w is not box)
    was = box.active
    d.tap(*label.to_window(*label.center))
    d.pump(3)
    check(box.active != was, "clicking an option's label did not tick it")
    d.screenshot("options-label-ticked")
    button = dialog_button(d, "Cancel")
    d.tap(*button.to_window(*button.center))
    d.pump(5)
    # Settings: a label toggles its switch; switches and the language list.
    d.press("Menu")
    d.pump(20)
    d.press("Settings")
    d.pump(20)
    screen = d.app.root.get_screen("settings")
    switch = screen.ids.animations
    was = switch.active
    row_label = next(w for w in switch.parent.children if w is not switch)
    d.tap(*row_label.to_window(*row_label.center))
    d.pump(3)
    check(switch.active != was, "clicking a setting's label did not toggle its switch")
    d.tap(*row_label.to_window(*row_label.center))
    d.pump(3)
    d.app.set_language("de")
    d.pump(5)
    words = {w.text for w in screen.walk() if isinstance(w, Label) and w.parent == switch}
    check(words and words <= {_("On"), _("Off")}, f"switch says {words}")
    check(not words & {"ON", "OFF"} or _("On") == "ON", f"switch speaks English: {words}")
    spinner = screen.ids.language
    spinner.is_open = True
    d.pump(10)
    options = [w for w in spinner._dropdown.walk() if type(w).__name__ == "LanguageOption"]
    check(options, "the language list did not open")
    check(
        all(o.background_color[3] == 1 and not o.background_normal for o in options), "see-through"
    )
    d.screenshot("settings-language-list-de")
    spinner.is_open = False
    d.app.set_language("system")
    d.pump(5)
    # Help: one wheel notch scrolls a useful step.
    d.press("Back")
    d.pump(20)
    d.press("Continue")
    d.pump(20)
    d.press("Help")
    d.pump(20)
    scroll = d.app.root.get_screen("help").ids.scroll
    check(scroll.scroll_wheel_distance >= sp(60), f"wheel step {scroll.scroll_wheel_distance}")
    before = scroll.scroll_y
    x, y = scroll.to_window(*scroll.center)
    touch = d._touch(x, y)
    touch.profile.append("button")
    touch.button = "scrollup"  # Kivy's name for the wheel turned towards the player
    d._event("begin", touch)
    d._event("end", touch)
    d.pump(30)
    moved = abs(before - scroll.scroll_y) * (scroll.children[0].height - scroll.height)
    check(moved >= sp(40), f"a wheel notch scrolled help {moved:.0f} px")
    print(f"wheel notch: {moved:.0f} px")
    d.press("Back")
    d.pump(20)
    # Escape: the table goes to the chooser, the chooser asks to quit; Quit; Ctrl+Q.
    d.window.dispatch("on_keyboard", 27, 0, None, [])
    d.pump(20)
    check(d.app.root.current == "chooser", f"Escape on the table went to {d.app.root.current}")
    d.window.dispatch("on_keyboard", 27, 0, None, [])
    d.pump(5)
    check(dialogs(d) and dialogs(d)[0].title == "Quit", "Escape on the chooser did not ask to quit")
    d.screenshot("chooser-quit")
    button = dialog_button(d, "Yes")
    d.tap(*button.to_window(*button.center))
    d.pump(5)
    check(quits == [1], "Yes did not quit")
    d.press("Quit")
    d.pump(5)
    button = dialog_button(d, "Yes")
    d.tap(*button.to_window(*button.center))
    d.pump(5)
    check(quits == [1, 1], "the Quit button did not quit")
    d.window.dispatch("on_keyboard", ord("q"), 0, "q", ["ctrl"])
    check(quits == [1, 1, 1], "Ctrl+Q did not quit")


@scenario
def resize(d: Driver) -> None:
    """Resizing to phone portrait and landscape relayouts live; all cards stay inside."""
    d.settle()
    for size in ((1080, 2340), (2340, 1080), (1280, 800)):
        d.window.size = size
        d.pump(6)
        d.settle()
        check(tuple(d.window.size) == size, f"window is {d.window.size}, wanted {size}")
        d.cards_inside_window()
        d.screenshot(f"{d.args.game}-resized-{size[0]}x{size[1]}")


@scenario
def save_and_kill(d: Driver) -> None:
    """Play some moves and die without on_stop: the autosave must already hold them."""
    d.settle()
    rng = random.Random(7)
    for _ in range(6):
        moves = d.state.legal_moves()
        if not moves:
            break
        d.app.game.play(rng.choice(moves))
        d.settle()
    (d.out / "expected.json").write_text(
        json.dumps({"key": repr(d.state.key()), "moves": len(d.state.move_log)})
    )
    os._exit(0)


@scenario
def resume(d: Driver) -> None:
    d.settle()
    expected = json.loads((d.out / "expected.json").read_text())
    check(repr(d.state.key()) == expected["key"], "resumed a different position")
    check(len(d.state.move_log) == expected["moves"], "resumed a different move list")


@scenario
def continue_after_relaunch(d: Driver) -> None:
    """Relaunched with no game named (`helpdeck play`): the chooser comes first, says the
    saved game is in progress, and Continue is enabled and resumes it."""
    d.pump(5)
    check(d.app.root.current == "chooser", f"started on {d.app.root.current}")
    chooser = d.app.root.get_screen("chooser")
    rows = {r["game_id"]: r["detail"] for r in chooser.ids.games.data}
    check("in progress" in rows.get(d.args.game, ""), f"chooser rows: {rows.get(d.args.game)}")
    d.screenshot("chooser-after-relaunch")
    d.press("Continue")
    d.pump(20)
    check(d.app.root.current == "table", f"Continue went to {d.app.root.current}")
    d.settle()
    expected = json.loads((d.out / "expected.json").read_text())
    check(repr(d.state.key()) == expected["key"], "continued a different position")
    d.verify(settled=True, what="Continue")


@scenario
def corrupt_save(d: Driver) -> None:
    """Started over a corrupt save: a message, a fresh game, statistics intact."""
    from kivy.uix.modalview import ModalView

    d.settle()
    dialogs = [w for w in d.window.children if isinstance(w, ModalView)]
    check(dialogs, "no message about the bad save")
    check(d.app.session.state is not None and not d.state.move_log, "no fresh game")
    check(d.app.session.stats.of("saratoga").played == 3, "statistics were lost")
    d.app.go_back()  # Escape / Android back closes the dialog
    closed = d.pump_until(lambda: not [w for w in d.window.children if isinstance(w, ModalView)])
    check(closed, "dialog stayed")


@scenario
def screens(d: Driver) -> None:
    """Every screen opens: help shows the rules, chooser search filters, stats, settings."""
    d.settle()
    d.press("Help")
    d.pump(20)
    body = d.app.root.get_screen("help").ids.body
    check(len(body.children) > 5, "help is nearly empty")
    d.screenshot(f"{d.args.game}-help")
    d.press("Back")
    d.pump(20)
    d.press("Menu")
    d.pump(20)
    chooser = d.app.root.get_screen("chooser")
    check(len(chooser.ids.games.data) >= 4, "chooser lists too few games")
    chooser.ids.search.text = "lady"
    d.pump(2)
    check([r["game_id"] for r in chooser.ids.games.data] == ["lady_jane"], "search failed")
    # A game whose survey left too many deals unknown for "about N %" shows the band the
    # share lies in (runtime/solver/winnability.json), drawn whole inside its row.
    from kivy.uix.label import Label

    from runtime.app.winnable_words import band_text
    from runtime.solver import winnability

    chooser.ids.search.text = "castle"
    d.pump(5)
    band = winnability.winnable_band("beleaguered_castle", None, winnability.load())
    check(band is not None and band.low < band.high, f"Beleaguered Castle's band: {band}")
    assert band is not None
    said = band_text(band)
    drawn = [w for w in chooser.ids.games.walk() if isinstance(w, Label) and said in w.text]
    check(len(drawn) == 1, f"no row label says {said!r}")
    # Wrapped to the label's width, every line of the text fits its height (a Label with
    # both text sizes set drops the lines that do not fit, so ask a fresh one).
    from kivy.core.text import Label as TextLabel

    label = drawn[0]
    for text in (label.text, f"in progress · played: 1234, won: 100% · {said}"):
        wrapped = TextLabel(text=text, font_size=label.font_size, text_size=(label.width, None))
        wrapped.refresh()
        check(
            wrapped.texture.height <= label.height + 1,
            f"{text!r} needs {wrapped.texture.height} px in a row line {label.height} high",
        )
    d.screenshot("chooser-band")
    chooser.ids.search.text = ""
    d.pump(5)
    d.screenshot("chooser")
    d.press("Statistics")
    d.pump(20)
    d.screenshot("statistics")
    d.press("Back")
    d.pump(20)
    d.press("Settings")
    d.pump(20)
    d.screenshot("settings")
    d.press("Back")
    d.pump(20)
    check(d.app.root.current == "chooser", f"Back went to {d.app.root.current}")
    d.press("Continue")
    d.pump(20)
    check(d.app.root.current == "table", f"Continue went to {d.app.root.current}")


@scenario
def stats_japanese(d: Driver) -> None:
    """The statistics headers in Japanese: whole, on two lines at most, broken between
    phrases ("最短" / "時間"), not shortened to "最…間"."""
    from runtime.app.i18n import _
    from runtime.app.screens.stats import COLUMNS

    d.settle()
    d.app.set_language("ja")
    d.pump(3)
    d.press(_("Menu"))
    d.pump(20)
    d.press(_("Statistics"))
    d.pump(20)
    grid = d.app.root.get_screen("stats").ids.grid
    headers = list(reversed(grid.children))[: len(COLUMNS)]
    for cell in headers:
        cell.texture_update()
        drawn = ["".join(w.text for w in line.words) for line in cell._label._cached_lines]
        check("".join(drawn) == cell.source_text, f"header {cell.source_text!r} drawn as {drawn}")
        check(len(drawn) <= 2, f"header {cell.source_text!r} takes {len(drawn)} lines")
        check(cell.texture_size[1] <= cell.height, f"header {cell.source_text!r} overflows")
    print("stats headers:", [c.text for c in headers])
    d.screenshot("statistics-ja")


@scenario
def keyboard(d: Driver) -> None:
    d.settle()
    move = d.state.legal_moves()[0]
    d.app.game.play(move)
    d.settle()
    d.window.dispatch("on_keyboard", 122, 0, "z", ["ctrl"])
    d.settle()
    check(not d.state.move_log, "Ctrl+Z did not undo")
    d.window.dispatch("on_keyboard", 122, 0, "z", ["ctrl", "shift"])
    d.settle()
    check(d.state.move_log == [move], "Ctrl+Shift+Z did not redo")
    d.window.dispatch("on_keyboard", 282, 0, None, [])
    d.pump(20)
    check(d.app.root.current == "help", "F1 did not open help")


@scenario
def monkey(d: Driver) -> None:
    """Thousands of random touches anywhere, animations on: taps, double taps, drags. No
    exception, the picture equals the state after every frame, and the saved game still
    replays to the position on screen."""
    from runtime.engine import replay

    d.app.game.set_animations(True)
    d.app.quit = lambda: None  # random taps may well find Quit: the test goes on
    d.settle()
    rng = random.Random(d.args.seed)
    width, height = d.window.size
    events = gestures = 0
    deadline = time.monotonic() + 150
    while events < d.args.events and time.monotonic() < deadline:
        x, y = rng.uniform(0, width - 1), rng.uniform(0, height - 1)
        touch = d._touch(x, y)
        d._event("begin", touch)
        events += 1
        for _ in range(rng.choice((0, 0, 1, 3))):
            x = min(width - 1, max(0, x + rng.uniform(-300, 300)))
            y = min(height - 1, max(0, y + rng.uniform(-300, 300)))
            d._move(touch, x, y)
            events += 1
        d._event("end", touch)
        events += 1
        gestures += 1
        if gestures % 4 == 0:  # several gestures per frame: input is the test, not drawing
            d.pump(1)
            d.verify(what=f"gesture {gestures}")
        if d.app.root.current != "table" and rng.random() < 0.3:
            d.app.go_back()
    d.app.go_back()
    d.settle()
    d.verify(settled=True, what="the monkey")
    saved = json.loads((Path(os.environ["HELPDECK_DATA_DIR"]) / "current.json").read_text())
    check(replay(saved["code"], saved["moves"]).key() == d.state.key(), "save drifted")
    print(f"monkey: {events} touch events, {len(d.state.move_log)} moves in the log")


@scenario
def options_translated(d: Driver) -> None:
    """The Options dialog in the UI language (``--lang``): each game option's label is the
    term the translated help's Options section gives it, in the font for that language;
    ticking a translated label and applying sets that option."""
    from runtime.app.helpdoc import option_labels
    from runtime.app.i18n import _, font_for

    d.app.set_language(d.args.lang)
    d.pump(10)
    d.settle()
    state = d.state
    wanted = option_labels(state.game.id, d.args.lang)
    english = [option.label for option in state.game.options]
    check(all(wanted.get(label) for label in english), f"untranslated: {wanted}")
    d.press(_("Options"))
    d.pump(10)
    rows = option_rows(d)
    shown = sorted(rows)
    check(shown == sorted(wanted[label] for label in english), f"labels shown: {shown}")
    for text, (_box, label) in rows.items():
        want_font = font_for(text, d.args.lang)
        check(label.font_name == want_font, f"{text!r} in {label.font_name}, not {want_font}")
        label.texture_update()
        check(label.texture_size[0] > 0, f"{text!r} drew nothing")
    first = state.game.options[0]
    box, label = rows[wanted[first.label]]
    if box.active:  # a radio group: pick the next one instead
        first = state.game.options[1]
        box, label = rows[wanted[first.label]]
    d.tap(*label.to_window(*label.center))
    d.pump(3)
    check(box.active, f"tapping {label.text!r} did not tick it")
    d.screenshot(f"options-{d.args.lang}-{d.args.label}")
    button = dialog_button(d, _("Apply"))
    d.tap(*button.to_window(*button.center))
    d.pump(10)
    d.settle()
    check(d.app.session.settings.options[state.game.id][first.id], f"{first.id} not applied")
    print(f"options_translated: {d.args.lang}: " + ", ".join(shown))


@scenario
def options_winnability(d: Driver) -> None:
    """Under the Options dialog's boxes, in the UI language (``--lang``), the survey of the
    options ticked, kept current as boxes are tapped (or that none was published); once
    applied, the chooser's row of the game tells of those options, not the defaults."""
    from kivy.factory import Factory

    from runtime.app.i18n import _
    from runtime.app.screens.chooser import game_rows
    from runtime.app.winnable_words import band_text, options_text
    from runtime.solver import winnability

    d.app.set_language(d.args.lang)
    d.pump(10)
    d.settle()
    state = d.state
    game = state.game.id
    figures = winnability.load()

    d.press(_("Options"))
    d.pump(10)
    boxes = option_boxes(d)
    said = [w for w in dialogs(d)[0].ids.extra.walk() if isinstance(w, Factory.WrapLabel)]
    check(len(said) == 1, f"{len(said)} lines under the options")
    line = said[0]

    def ticked() -> dict[str, bool]:
        return {option_id: box.active for option_id, (box, _label) in boxes.items()}

    def shown_right(what: str) -> None:
        want = options_text(game, ticked(), figures)
        check(line.source_text == want, f"{what}: says {line.source_text!r}, not {want!r}")
        line.texture_update()
        check(not want or line.texture_size[0] > 0, f"{what}: {want!r} drew nothing")
        inside = dialogs(d)[0]
        x, y = line.to_window(*line.pos)
        check(inside.collide_point(x, y + line.height), f"{what}: the line is outside")

    shown_right("at first")
    check(ticked() == dict(state.options), f"ticked {ticked()}, playing {state.options}")
    seen = {line.source_text}
    for option_id, (_box, label) in boxes.items():
        d.tap(*label.to_window(*label.center))
        d.pump(3)
        shown_right(f"after tapping {option_id}")
        seen.add(line.source_text)
        d.screenshot(f"options-winnability-{game}-{option_id}-{d.args.label}")
    check(len(seen) > 1, f"every option set said the same: {seen}")
    chosen = ticked()
    close_with(d, _("Apply"))
    d.settle()
    check(d.app.session.settings.options[game] == chosen, "the options were not applied")
    d.press(_("Menu"))
    d.pump(20)
    chooser = d.app.root.get_screen("chooser")
    detail = next(r for r in chooser.ids.games.data if r["game_id"] == game)["detail"]
    rows = game_rows("", d.app.session.stats, game, figures, {game: chosen})
    check(detail == next(r for r in rows if r["game_id"] == game)["detail"], detail)
    band = winnability.winnable_band(game, chosen, figures)
    defaults = winnability.winnable_band(game, None, figures)
    if band is not None:
        check(band_text(band) in detail, f"chooser row {detail!r} for {chosen}")
    elif defaults is not None:
        check(band_text(defaults) not in detail, f"{detail!r}: the defaults' figure")
    d.screenshot(f"options-winnability-{game}-chooser-{d.args.label}")
    print(f"options_winnability: {sorted(seen)}")


def option_rows(d: Driver) -> dict[str, tuple[Any, Any]]:
    """The open Options dialog's boxes and labels, by the label's text."""
    from kivy.uix.checkbox import CheckBox

    rows = {}
    for box in (w for w in dialogs(d)[0].walk() if isinstance(w, CheckBox)):
        label = next(w for w in box.parent.children if w is not box)
        rows[label.text] = (box, label)
    return rows


def option_boxes(d: Driver) -> dict[str, tuple[Any, Any]]:
    """The open Options dialog's boxes and labels, by option id (in the game's order)."""
    from runtime.app.helpdoc import option_labels
    from runtime.app.i18n import current, help_language

    terms = option_labels(d.state.game.id, help_language(current()))
    by_label = option_rows(d)
    options = d.state.game.options
    return {o.id: by_label[terms.get(o.label) or o.label] for o in options}


def dialogs(d: Driver) -> list[Any]:
    from kivy.uix.modalview import ModalView

    return [w for w in d.window.children if isinstance(w, ModalView)]


def dialog_button(d: Driver, text: str) -> Any:
    for dialog in dialogs(d):
        for widget in dialog.walk():
            if getattr(widget, "text", None) == text and hasattr(widget, "on_release"):
                return widget
    raise Failed(f"no dialog button {text!r}")


def close_with(d: Driver, text: str) -> None:
    """Tap the open dialog's button ``text``; the dialog must close."""
    button = dialog_button(d, text)
    d.tap(*button.to_window(*button.center))
    d.pump(3)
    d.screens_at_rest()
    check(not dialogs(d), f"{text!r}: the dialog stayed open")


def check_japanese_lines(labels: list[Any]) -> None:
    """Japanese breaks between phrases (runtime/app/linebreak.py): Kivy draws exactly the
    lines a PhraseLabel put in, none starting with "。" or the like, none splitting "1枚"."""
    from runtime.app.linebreak import NO_LINE_START
    from runtime.app.phraselabel import PhraseLabel

    phrased = [w for w in labels if isinstance(w, PhraseLabel)]
    check(phrased, "no Japanese help label is a PhraseLabel")
    for w in phrased:
        w.texture_update()
        drawn = ["".join(word.text for word in line.words) for line in w._label._cached_lines]
        wanted = w.text.split("\n")
        check(len(drawn) == len(wanted), f"Kivy broke a Japanese line again: {drawn}")
        starts = [line for line in drawn[1:] if line[:1] in NO_LINE_START]
        check(not starts, f"a line starts with a no-line-start character: {starts}")
        cut = [a + "|" + b for a, b in itertools.pairwise(drawn) if a[-1:].isdigit() and b[:1]]
        check(not cut, f"a numeral cut from its counter: {cut}")
    breaks = sum(w.text.count("\n") for w in phrased)
    print(f"japanese lines: {len(phrased)} labels, {breaks} breaks")


def lit_pixels(path: Path, box: tuple[int, int, int, int]) -> int:
    """Pixels in ``box`` (x, y, w, h from the image's top left) much brighter than the dark
    background: text drawn there."""
    from kivy.core.image import ImageLoader

    data = ImageLoader.load(str(path), keep_data=True)._data[0]
    width, fmt, raw = data.width, data.fmt, data.data
    step = 4 if fmt in ("rgba", "bgra") else 3
    x0, y0, w, h = box
    count = 0
    for y in range(y0, y0 + h, 2):
        row = y * width * step
        for x in range(x0, x0 + w, 2):
            i = row + x * step
            if raw[i] + raw[i + 1] + raw[i + 2] > 400:
                count += 1
    return count


@scenario
def help_language(d: Driver) -> None:
    """Help in --lang (e.g. ja, ru) renders: text pixels in the body, the right font, the
    Setup table, the translated title; the whole UI switched language live."""
    from runtime.app.helpdoc import help_doc
    from runtime.app.i18n import CJK_FONT, _

    lang = d.args.lang
    d.settle()
    d.app.set_language(lang)
    d.pump(3)
    doc = help_doc(d.args.game, lang)
    check(doc is not None and doc.language == lang, f"no {lang} help for {d.args.game}")
    d.press(_("Help"))  # the toolbar's Help button, in the new language
    d.pump(20)
    screen = d.app.root.get_screen("help")
    check(d.app.root.current == "help", "the Help button did not open help")
    labels = [w for w in screen.ids.body.walk() if hasattr(w, "font_name") and w.text]
    # Japanese labels show line breaks put in by PhraseLabel: compare the text as set.
    texts = " ".join(getattr(w, "source_text", w.text) for w in labels)
    check(doc.title in texts, f"title {doc.title!r} not shown")
    check(all(row.text in texts for row in doc.setup), "the Setup table is incomplete")
    if lang == "ja":
        japanese = [w for w in labels if any(ord(c) >= 0x3040 for c in w.text)]
        check(japanese, "no Japanese text in the help")
        wrong = [w.text[:20] for w in japanese if w.font_name != CJK_FONT]
        check(not wrong, f"Japanese labels without the CJK font: {wrong}")
        check_japanese_lines(japanese)
    path = d.screenshot(f"{d.args.game}-help-{lang}")
    scroll = screen.ids.scroll
    x, top = scroll.to_window(scroll.x, scroll.top)
    height = d.window.height
    box = (int(x), int(height - top), int(scroll.width), int(scroll.height))
    lit = lit_pixels(path, box)
    area = box[2] * box[3] / 4  # every second pixel in each direction
    check(lit > area * 0.01, f"help body nearly empty: {lit} lit pixels of {area:.0f}")
    print(f"help {lang}: {lit} lit pixels ({lit / area:.1%} of the text area)")
    d.press(_("Back"))
    d.pump(20)
    check(d.app.root.current == "table", "Back did not return to the table")


def widgets_fit(d: Driver) -> None:
    """Every widget of the current screen lies inside the window (no label grew off it)."""
    width = d.window.width
    for widget in d.app.root.current_screen.walk():
        x, _y = widget.to_window(widget.x, widget.y)
        check(
            x >= -1 and x + widget.width <= width + 1 and widget.width >= 0,
            f"{type(widget).__name__} {getattr(widget, 'text', '')!r} at x={x} "
            f"width {widget.width} outside the window ({width})",
        )


@scenario
def language_switch(d: Driver) -> None:
    """Switching the language in Settings changes every visible string at once, and back."""
    from runtime.app.i18n import _

    d.settle()
    d.press("Menu")
    d.pump(20)
    d.press("Settings")
    d.pump(20)
    spinner = d.app.root.get_screen("settings").ids.language
    check("Svenska" in spinner.values and "日本語" in spinner.values, "languages missing")
    spinner.text = "Svenska"
    d.pump(3)
    check(d.app.lang == "sv", f"language is {d.app.lang}")
    d.button("Tillbaka")  # the Back button, translated live
    widgets_fit(d)
    check(d.app.session.settings.language == "sv", "the setting was not saved")
    d.screenshot("settings-sv")
    spinner.text = "日本語"
    d.pump(3)
    d.button("戻る")
    d.screenshot("settings-ja")
    d.press("戻る")
    d.pump(20)
    check(d.app.root.current == "chooser", "Back did not go to the chooser")
    d.button(_("Continue"))
    widgets_fit(d)
    d.screenshot("chooser-ja")
    d.press(_("Continue"))
    d.pump(20)
    d.button("元に戻す")  # Undo on the toolbar
    check("得点" in d.app.status_text, f"status not translated: {d.app.status_text}")
    d.screenshot(f"{d.args.game}-ja")
    d.app.set_language("system")  # the test environment's LANG (C): English
    d.pump(3)
    d.button("Undo")


@scenario
def win_dialog(d: Driver) -> None:
    """One card from a win (built through the engine): playing it shows the win dialog,
    counts the win, and New game deals again."""
    from runtime.engine import MoveKind
    from runtime.engine.cards import RANK, SUIT, deck_cards

    d.settle()
    state, layout = d.state, d.state.layout
    deck = sorted(deck_cards(), key=lambda c: (SUIT[c], RANK[c]))
    piles = [() for _ in state.piles]
    last = deck[-1]  # the King of the last suit waits on the tableau
    for i, foundation in enumerate(layout.foundations[:4]):
        piles[foundation] = tuple(c for c in deck if SUIT[c] == i and c != last)
    piles[layout.tableau[0]] = (last,)
    state.piles = tuple(piles)
    d.app.game.show_game(deal_animation=False)
    d.settle()
    moves = [m for m in state.legal_moves() if m.kind is MoveKind.TRANSFER]
    check(len(moves) >= 1 and not state.is_won(), f"not one move from a win: {moves}")
    d.app.game.play(moves[0])
    d.settle()
    check(state.is_won(), "the last move did not win")
    check(dialogs(d), "no win dialog")
    check(dialogs(d)[0].title == "You won!", f"dialog says {dialogs(d)[0].title!r}")
    check(d.app.session.stats.of(d.args.game).won == 1, "the win was not counted")
    d.screenshot(f"{d.args.game}-won")
    button = dialog_button(d, "New game")
    d.tap(*button.to_window(*button.center))
    d.pump(10)
    d.settle()
    check(not dialogs(d), "the dialog stayed open")
    check(not d.state.move_log and not d.state.is_won(), "New game did not deal a new game")


@scenario
def lost_dialog(d: Driver) -> None:
    """Play until one move from a lost game, make it: "No more moves", whose Undo works."""
    d.settle()
    rng = random.Random(d.args.seed)
    for _ in range(2000):
        state = d.state
        moves = state.legal_moves()
        check(moves and not state.is_over(), "game ended before a lost position was found")
        losing = [m for m in moves if _loses(state, m)]
        if losing:
            d.app.game.play(losing[0])
            break
        state.apply(rng.choice(moves))  # straight through the engine: fast
    else:
        raise Failed("no lost position reached")
    d.settle()
    check(d.state.is_lost(), "not lost")
    check(dialogs(d) and dialogs(d)[0].title == "No more moves", "no 'No more moves' dialog")
    d.screenshot(f"{d.args.game}-lost")
    moves = len(d.state.move_log)
    button = dialog_button(d, "Undo")
    d.tap(*button.to_window(*button.center))
    d.pump(10)
    d.settle()
    check(not dialogs(d), "the dialog stayed open")
    check(len(d.state.move_log) == moves - 1 and not d.state.is_lost(), "Undo did not undo")


def _loses(state: Any, move: Any) -> bool:
    trial = state.clone()
    trial.apply(move)
    return bool(trial.is_lost())


@scenario
def card_designs(d: Driver) -> None:
    """Each card face design picked in Settings (a tap on the list, a tap on the design):
    saved, every card of the table redrawn in it (the drawn-equals-state check, whose
    expected textures are the design's), moves with animations on still drawn right."""
    from runtime.app import cardart
    from runtime.app.i18n import _
    from runtime.app.storage import parse_json

    d.app.game.set_animations(True)
    d.settle()
    looks: dict[str, Any] = {}
    for design, name in (
        ("large", "Large index"),
        ("four", "Four colours"),
        ("classic", "Classic"),
    ):
        d.press("Menu")
        d.pump(20)
        d.press("Settings")
        d.pump(20)
        spinner = d.app.root.get_screen("settings").ids.design
        d.tap(*spinner.to_window(*spinner.center))
        d.pump(10)
        option = next(
            (
                w
                for top in d.window.children
                for w in top.walk()
                if getattr(w, "text", None) == _(name) and w is not spinner
            ),
            None,
        )
        check(option is not None, f"no {name!r} in the design list")
        d.tap(*option.to_window(*option.center))
        d.pump(10)
        check(design == cardart.DESIGN, f"picked {name!r}, drawing {cardart.DESIGN!r}")
        saved = parse_json((Path(d.app.user_data_dir) / "settings.json").read_text())
        check(saved["card_design"] == design, f"settings.json says {saved['card_design']!r}")
        d.press("Back")
        d.pump(20)
        d.press("Continue")
        d.pump(20)
        d.settle()
        d.verify(settled=True, what=f"design {design}")
        top = next(w for w in d.table.cards if w.x > 0 and w._look and w._look[0])
        looks[design] = top._face.texture
        d.screenshot(f"design-{design}-{d.args.label}")
        for step in range(6):  # moves and undo, animations on, in the new design
            legal = d.state.legal_moves()
            (d.app.game.play(legal[0]) if legal and step % 3 else d.app.game.undo())
            d.pump(1)
            d.verify(what=f"design {design}, step {step}")
        d.settle()
        d.verify(settled=True, what=f"design {design}, settled")
    # Each design is drawn from its own atlas (a GL texture of its own).
    check(len({t.id for t in looks.values()}) == 3, "two designs share an atlas")
    print(f"card_designs: {', '.join(looks)}")


@scenario
def card_backs(d: Driver) -> None:
    """The red back picked in Settings (the list, then the back): saved, every face-down
    card drawn with it (the drawn-equals-state check, whose expected texture is the back's),
    its pixels red where the blue back's are blue, moves and undo still drawn right; then
    blue again, and the next start reads the choice back."""
    from runtime.app import cardart
    from runtime.app.i18n import _
    from runtime.app.settings import Settings
    from runtime.app.storage import parse_json

    d.app.game.set_animations(True)
    d.settle()
    tint: dict[str, tuple[float, float, float]] = {}
    for back, name in (("red", "Red"), ("blue", "Blue")):
        pick_setting(d, "back", _(name))
        check(back == cardart.BACK_DESIGN, f"picked {name!r}, drawing {cardart.BACK_DESIGN!r}")
        saved = parse_json((Path(d.app.user_data_dir) / "settings.json").read_text())
        check(saved["card_back"] == back, f"settings.json says {saved['card_back']!r}")
        check(Settings.from_json(saved).card_back == back, "the saved back does not load")
        d.press(_("Back"))
        d.pump(20)
        d.press(_("Continue"))
        d.pump(20)
        d.settle()
        d.verify(settled=True, what=f"back {back}")
        down = [w for w in d.table.cards if w.parent is not None and w._look and not w._look[0]]
        check(down, "no face-down card on the table")
        tint[back] = texture_tint(down[0]._face.texture)
        d.screenshot(f"back-{back}-{d.args.label}")
        for step in range(6):  # moves and undo, animations on, with the new back
            legal = d.state.legal_moves()
            (d.app.game.play(legal[0]) if legal and step % 3 else d.app.game.undo())
            d.pump(1)
            d.verify(what=f"back {back}, step {step}")
        d.settle()
        d.verify(settled=True, what=f"back {back}, settled")
    red, blue = tint["red"], tint["blue"]
    check(red[0] > red[2] + 0.2 and blue[2] > blue[0] + 0.2, f"tints {tint}")
    print(f"card_backs: red {red}, blue {blue}")


def pick_setting(d: Driver, spinner_id: str, text: str) -> None:
    """Open Settings, open the list ``spinner_id`` and tap its entry ``text``."""
    from runtime.app.i18n import _

    d.press(_("Menu"))
    d.pump(20)
    d.press(_("Settings"))
    d.pump(20)
    spinner = d.app.root.get_screen("settings").ids[spinner_id]
    d.tap(*spinner.to_window(*spinner.center))
    d.pump(10)
    option = next(
        (
            w
            for top in d.window.children
            for w in top.walk()
            if getattr(w, "text", None) == text and w is not spinner
        ),
        None,
    )
    check(option is not None, f"no {text!r} in the {spinner_id} list")
    d.tap(*option.to_window(*option.center))
    d.pump(10)


def texture_tint(texture: Any) -> tuple[float, float, float]:
    """The mean red, green and blue (0..1) of a texture region's opaque middle."""
    import numpy as np

    pixels = np.frombuffer(texture.pixels, dtype=np.uint8)
    w, h = texture.size
    rgba = pixels.reshape(h, w, 4)[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4] / 255.0
    r, g, b = (float(rgba[:, :, i].mean()) for i in range(3))
    return (round(r, 2), round(g, 2), round(b, 2))


@scenario
def stats_reset(d: Driver) -> None:
    """Statistics per option set with average and worst times; Reset asks first (No keeps
    everything), then Yes empties the table and the file."""
    from runtime.app.i18n import _
    from runtime.app.storage import parse_json

    stats = d.app.session.stats
    for variant, seconds in (
        ("single_card_deals", 95.0),
        ("single_card_deals", 301.0),
        ("three_card_deals", 612.0),
    ):
        stats.started("klondike", variant)
        stats.won("klondike", seconds, variant)
    stats.started("saratoga", "king_only")
    d.app.session.save_stats()
    d.press("Menu")
    d.pump(20)
    d.press("Statistics")
    d.pump(20)
    screen = d.app.root.get_screen("stats")
    cells = [w.text for w in reversed(screen.ids.grid.children)]
    for text in ("1:35", "3:18", "5:01", "10:12", "· Three card deals", _("Worst time")):
        check(text in cells, f"statistics lack {text!r}: {cells}")
    d.screenshot(f"stats-variants-{d.args.label}")
    d.press("Reset")
    d.pump(10)
    check(dialogs(d) and dialogs(d)[0].title == _("Reset statistics"), "Reset did not ask")
    d.screenshot(f"stats-reset-{d.args.label}")
    button = dialog_button(d, _("No"))
    d.tap(*button.to_window(*button.center))
    d.pump_until(lambda: not dialogs(d))  # the dialog fades out first
    check(not dialogs(d) and "klondike" in stats.games, "No reset the statistics")
    d.press("Reset")
    d.pump(10)
    button = dialog_button(d, _("Yes"))
    d.tap(*button.to_window(*button.center))
    d.pump_until(lambda: not dialogs(d))
    check(not stats.games, "Yes left statistics")
    check(len(screen.ids.grid.children) == 9, "the table still shows rows")
    check(screen.ids.empty.opacity == 1 and screen.ids.reset.disabled, "no 'no games' note")
    saved = parse_json((Path(d.app.user_data_dir) / "stats.json").read_text())
    check(saved["games"] == {}, f"stats.json still has {list(saved['games'])}")
    print("stats_reset: reset")


def _key(d: Driver, key: int, text: str | None = None, mods: list[str] | None = None) -> None:
    d.window.dispatch("on_keyboard", key, 0, text, mods or [])
    d.pump(1)


@scenario
def keyboard_play(d: Driver) -> None:
    """Cards moved with the keyboard only: arrows walk the piles in reading order (Up and
    Down change rows), Enter picks up and puts down, Escape drops the pick, F sends a card
    up; animations on, what is drawn checked after every key."""
    from runtime.engine import MoveKind

    right, left, up, down, enter, escape = 275, 276, 273, 274, 13, 27
    d.app.game.set_animations(True)
    d.settle()
    table = d.table
    _key(d, right)
    check(table.cursor is not None and len(table._cursor_art.children) > 0, "no cursor shown")
    first = table.cursor
    seen = {first}
    for _ in range(len(table.geometry.slots) - 1):
        _key(d, right)
        seen.add(table.cursor)
    check(seen == set(table.geometry.slots), f"Right did not visit every pile: {seen}")
    _key(d, right)
    check(table.cursor == first, "Right does not wrap round")
    _key(d, left)
    _key(d, right)
    check(table.cursor == first, "Left is not Right undone")
    _key(d, down)
    check(table.cursor != first, "Down stayed in the top row")
    _key(d, up)
    check(table.cursor == first, "Up did not come back")
    made = 0
    for _attempt in range(6):
        moves = [m for m in d.state.legal_moves() if m.kind is MoveKind.TRANSFER]
        if not moves:
            break
        move = moves[0]
        before = len(d.state.move_log)
        for _ in range(60):
            if table.cursor == move.src:
                break
            _key(d, right)
        _key(d, enter)
        d.verify(what="Enter on the source")
        if len(d.state.move_log) == before:  # several moves: picked up, now put down
            check(table.controller.selection is not None, "Enter picked nothing up")
            _key(d, escape)
            check(table.controller.selection is None, "Escape kept the pick")
            check(d.app.root.current == "table", "Escape with a pick left the table")
            _key(d, enter)
            for _ in range(60):
                if table.cursor == move.dst:
                    break
                _key(d, right)
            _key(d, enter)
        d.settle()
        d.verify(settled=True, what="a keyboard move")
        check(len(d.state.move_log) > before, f"no move made for {move}")
        made += 1
    check(made >= 3, f"only {made} keyboard moves")
    d.screenshot(f"keyboard-{d.args.label}")
    print(f"keyboard_play: {made} moves")


@scenario
def win_celebration(d: Driver) -> None:
    """A win with animations on: suits burst above the cards while the win dialog works
    (Close at once, mid-burst); it ends by itself; New game stops one; off with animations."""
    from runtime.engine import MoveKind
    from runtime.engine.cards import RANK, SUIT, deck_cards

    def one_from_a_win() -> Any:
        state, layout = d.state, d.state.layout
        deck = sorted(deck_cards(), key=lambda c: (SUIT[c], RANK[c]))
        piles = [() for _ in state.piles]
        last = deck[-1]
        for i, foundation in enumerate(layout.foundations[:4]):
            piles[foundation] = tuple(c for c in deck if SUIT[c] == i and c != last)
        piles[layout.tableau[0]] = (last,)
        state.piles = tuple(piles)
        d.app.game.show_game(deal_animation=False)
        d.settle()
        return next(
            m
            for m in state.legal_moves()
            if m.kind is MoveKind.TRANSFER and m.dst in layout.foundations
        )

    d.app.game.set_animations(True)
    d.settle()
    d.app.game.play(one_from_a_win())
    d.pump(12)
    party = d.table._party
    check(party is not None and party.running, "no celebration after the win")
    check(len(d.table._celebration.children) > 10, "the celebration draws nothing")
    d.screenshot(f"celebration-{d.args.label}")
    button = dialog_button(d, "Close")
    check(d.table._party is not None, "the burst ended before the tap")
    d.tap(*button.to_window(*button.center))  # input goes on during the burst
    d.pump_until(lambda: not dialogs(d), seconds=3)
    check(not dialogs(d), "Close did not close the win dialog during the celebration")
    d.verify(what="during the celebration")
    check(d.pump_until(lambda: d.table._party is None, seconds=8), "the celebration never ends")
    check(not d.table._celebration.children, "the celebration left drawings")
    d.app.game.play(one_from_a_win())
    d.pump(6)
    check(d.table._party is not None, "no second celebration")
    d.tap(*dialog_button(d, "New game").to_window(*dialog_button(d, "New game").center))
    d.pump_until(lambda: not dialogs(d), seconds=3)
    check(d.table._party is None and not d.table._celebration.children, "New game kept it")
    d.settle()
    d.verify(settled=True, what="the new deal")
    d.app.game.set_animations(False)
    d.app.game.play(one_from_a_win())
    d.pump(6)
    check(d.table._party is None, "a celebration with animations off")
    print("win_celebration: shown, ended, stopped, off")


@scenario
def left_handed_and_sounds(d: Driver) -> None:
    """Both switched on in Settings (a tap on each label): the stock moves to the right
    edge, a drag still moves cards, what is drawn equals the state; a move, a deal and a
    win each ask for their sound; both saved; switched off again, the table is as before."""
    from runtime.app.i18n import _
    from runtime.app.storage import parse_json

    def toggle(*labels: str) -> None:
        d.press("Menu")
        d.pump(20)
        d.press("Settings")
        d.pump(20)
        screen = d.app.root.get_screen("settings")
        for text in labels:
            label = next(w for w in screen.walk() if getattr(w, "text", None) == _(text))
            d.tap(*label.to_window(*label.center))
            d.pump(5)
        d.press("Back")
        d.pump(20)
        d.press("Continue")
        d.pump(20)
        d.settle()

    d.app.game.set_animations(True)
    d.settle()
    stock = d.state.layout.stock
    usual_x = d.table.geometry.pile_rect(stock, d.table.positions)[0]
    toggle("Left-handed layout (the table mirrored)", "Sound effects")
    saved = parse_json((Path(d.app.user_data_dir) / "settings.json").read_text())
    check(saved["left_handed"] and saved["sounds"], f"not saved: {saved}")
    geo = d.table.geometry
    x = geo.pile_rect(stock, d.table.positions)[0]
    check(x > d.table.width / 2 > usual_x, f"the stock stayed at x={x}")
    d.verify(settled=True, what="mirrored")
    d.screenshot(f"left-handed-{d.args.label}")
    sounds = d.app.game.sounds
    d.tap(*d.pile_center(stock))
    d.settle()
    d.verify(settled=True, what="a deal, mirrored")
    check(sounds.played[-1:] == ["deal"], f"a deal played {sounds.played}")
    for move in transfers(d):
        before = len(d.state.move_log)
        d.drag(d.card_center(move.src, -move.size), d.pile_center(move.dst))
        d.settle()
        d.verify(settled=True, what="a drag, mirrored")
        check(len(d.state.move_log) == before + 1, f"the drag did not play {move}")
        check(sounds.played[-1] == "place", f"a move played {sounds.played}")
        break
    toggle("Left-handed layout (the table mirrored)", "Sound effects")
    x = d.table.geometry.pile_rect(stock, d.table.positions)[0]
    check(x == usual_x, f"switched off, the stock is at {x}, was {usual_x}")
    count = len(sounds.played)
    d.app.game.undo()
    d.app.game.stock()
    d.settle()
    check(len(sounds.played) == count, "sounds with the setting off")
    d.verify(settled=True, what="unmirrored")
    print("left_handed_and_sounds: mirrored, sounds, off again")


@scenario
def safe_area(d: Driver) -> None:
    """A phone drawn edge to edge (a 24 dp status bar, a 48 dp navigation bar, as
    `HELPDECK_SAFE_AREA` gives on any platform): the toolbar and status line keep out of
    both, a tap on a card (in window coordinates) still plays it, drawn as the state; a
    rotation keeps the insets."""
    from kivy.metrics import dp

    os.environ["HELPDECK_SAFE_AREA"] = "24,48"
    d.app.fit_safe_area()
    d.pump(5)
    d.settle()

    def check_clear(what: str) -> None:
        screen = d.app.root.get_screen("table")
        toolbar, status = screen.ids.toolbar, screen.ids.status
        top = toolbar.to_window(toolbar.x, toolbar.top)[1]
        bottom = status.to_window(status.x, status.y)[1]
        height = d.window.height
        check(top <= height - dp(24) + 0.5, f"{what}: toolbar top {top} under the status bar")
        check(bottom >= dp(48) - 0.5, f"{what}: status line at {bottom}, in the navigation bar")
        check(top >= height - dp(24) - 1, f"{what}: a gap above the toolbar ({top})")

    check_clear("portrait")
    d.verify(settled=True, what="inside the safe area")
    d.screenshot(f"safe-area-{d.args.label}")
    played = 0
    for move in transfers(d):
        before = len(d.state.move_log)
        d.app.game.controller.selection = None
        x, y = d.card_center(move.src, -move.size)
        wx, wy = d.table.to_window(x, y)
        d.tap(wx, wy)
        d.pump(3)
        d.settle()
        if len(d.state.move_log) > before:
            played += 1
            break
        d.tap(*d.table.to_window(*d.pile_center(move.dst)))
        d.pump(3)
        d.settle()
        played += len(d.state.move_log) > before
        break
    check(played == 1, "a tap inside the safe area played nothing")
    d.verify(settled=True, what="a tap inside the safe area")
    width, height = d.window.size
    d.window.size = (height, width)
    d.pump(10)
    d.settle()
    check_clear("landscape")
    d.verify(settled=True, what="rotated")
    print("safe_area: clear of the bars")


@scenario
def card_size(d: Driver) -> None:
    """Card size picked in Settings: smaller cards at the top centre, inside the window,
    drawn as the state, a drag still lands; Largest restores the first size."""
    from runtime.app.i18n import _

    def pick(name: str) -> None:
        d.press("Menu")
        d.pump(20)
        d.press("Settings")
        d.pump(20)
        spinner = d.app.root.get_screen("settings").ids.card_size
        d.tap(*spinner.to_window(*spinner.center))
        d.pump(10)
        option = next(
            w
            for top in d.window.children
            for w in top.walk()
            if getattr(w, "text", None) == _(name) and w is not spinner
        )
        d.tap(*option.to_window(*option.center))
        d.pump(10)
        d.press("Back")
        d.pump(20)
        d.press("Continue")
        d.pump(20)
        d.settle()

    d.app.game.set_animations(True)
    d.settle()
    largest = d.table.geometry.card_w
    pick("Small")
    small = d.table.geometry.card_w
    check(small < largest * 0.8, f"Small cards are {small} px, the largest {largest}")
    check(d.app.session.settings.card_size == "small", "the size was not saved")
    d.verify(settled=True, what="small cards")
    d.cards_inside_window()
    d.screenshot(f"card-size-small-{d.args.label}")
    for move in transfers(d)[:1]:
        before = len(d.state.move_log)
        d.drag(d.card_center(move.src, -move.size), d.pile_center(move.dst))
        d.settle()
        check(len(d.state.move_log) == before + 1, f"a drag with small cards missed {move}")
        d.verify(settled=True, what="a drag with small cards")
    pick("Largest")
    check(abs(d.table.geometry.card_w - largest) < 0.5, "Largest did not restore the size")
    d.verify(settled=True, what="largest again")
    print(f"card_size: {largest:.0f} -> {small:.0f} px")


# -- main -------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--game", default="saratoga")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="tests/ui/screenshots")
    parser.add_argument("--size", type=parse_size, default=(1280, 800))
    parser.add_argument("--density", type=float, default=None)
    parser.add_argument("--label", default="desktop")
    parser.add_argument("--events", type=int, default=4000)
    parser.add_argument("--lang", default="ja")
    parser.add_argument("--then-size", type=parse_size, default=None)
    parser.add_argument("--then-label", default="resized")
    parser.add_argument("--resume", action="store_true", help="no --seed: resume the save")
    parser.add_argument("--chooser", action="store_true", help="as `helpdeck play`: no game")
    args = parser.parse_args()
    Path(args.out).mkdir(parents=True, exist_ok=True)
    launch = Launch(
        game=None if args.chooser else args.game,
        seed=None if args.resume or args.chooser else args.seed,
        size=args.size,
        density=args.density,
        chooser_first=args.chooser,
    )
    configure_kivy(launch)
    from kivy.config import Config

    Config.set("graphics", "maxfps", "0")  # frames as fast as they render
    from kivy.base import runTouchApp, stopTouchApp

    sys.stderr = sys.__stderr__  # Kivy routes stderr into its log; failures belong here

    from runtime.app.main import HelpdeckApp

    app = HelpdeckApp(launch)
    app.game_animate = False
    app._run_prepare()
    runTouchApp(embedded=True)
    driver = Driver(app, args)
    try:
        driver.pump(3)
        SCENARIOS[args.scenario](driver)
    except Exception:
        traceback.print_exc()
        return 1
    finally:
        app.stop()
        stopTouchApp()
    print(f"{args.scenario} ({args.game}): passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
