"""The hint the Hint button shows: the solver's (the next move of a winning line, or where to
undo to when the game can no longer be won), else the engine's basic hint. A position the
quick search leaves undecided gets a deep search on a thread (`DeepHints`) while the player
waits."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Future
from dataclasses import dataclass, field
from types import ModuleType

from runtime.engine import Move, State
from runtime.engine.assist import hint, line_positions

_ANSWERS_KEPT = 64  # deep answers remembered by position: asking again is instant


@dataclass(frozen=True)
class Advice:
    move: Move | None
    undo_to: int | None = None  # lost: keep this many moves to be winnable again
    lost: bool = False  # the solver proved the position cannot be won
    # Winnable, but the way passes a position the player already had: undo to ``undo_to``.
    back: bool = False
    # The solver searched and could not decide: ``move`` is the basic hint, and a deep
    # search (`DeepHints`) may do better.
    undecided: bool = False


def advise(state: State, deep: bool = False) -> Advice:
    """Never a move back to a position already on the player's line (see `solver_hint`);
    ``deep``: with a survey's budget (`deep_hint`, seconds), not a glance."""
    try:
        from runtime.solver.hint import deep_hint, solver_hint
        from runtime.solver.search import Verdict
    except ImportError:  # the solver is not installed: the engine's hint
        return Advice(hint(state, line_positions(state)))
    result = deep_hint(state) if deep else solver_hint(state)
    if result.verdict is Verdict.UNWINNABLE:
        return Advice(hint(state, line_positions(state)), result.undo_to, lost=True)
    if result.move is None and result.undo_to is not None:
        return Advice(None, result.undo_to, back=True)
    return Advice(result.move, undecided=result.verdict is Verdict.UNKNOWN)


def best_hint(state: State) -> Move | None:
    return advise(state).move


def position(state: State) -> Hashable:
    """What a hint depends on: the game, its options, the cards and the way here (a hint
    never leads back to a position the player had)."""
    return (state.game.id, state.option_values, state.key(), tuple(state.move_log))


class DeepHints:
    """Deep hints (`advise(state, deep=True)`) on one daemon thread, one at a time. A
    request made while one runs waits, and a newer request replaces it (the player has
    moved on); asking again for the position being searched shares its search; answers
    are remembered by position. A request every asker has dropped (`drop`) is not run, or
    its search stops at once, so the next one need not wait for it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: _Request | None = None
        self._running: _Request | None = None
        self._worker: int | None = None  # the thread's identifier while it runs
        self._answers: OrderedDict[Hashable, Advice] = OrderedDict()

    def ask(self, state: State) -> Future[Advice]:
        """The deep advice for ``state`` (copied: the caller may play on)."""
        where = position(state)
        with self._lock:
            known = self._answers.get(where)
            if known is not None:
                future: Future[Advice] = Future()
                future.set_result(known)
                return future
            for request in (self._running, self._waiting):
                if request is not None and request.where == where:
                    request.askers += 1
                    return request.future
            if self._waiting is not None:
                self._waiting.future.cancel()
            self._waiting = _Request(where, state.clone())
            if self._worker is None:
                thread = threading.Thread(target=self._work, name="deep-hint", daemon=True)
                thread.start()
                self._worker = thread.ident
            return self._waiting.future

    def drop(self, future: Future[Advice]) -> None:
        """One asker of ``future`` no longer waits for it: once none does, a waiting
        request is cancelled and a running search stopped (`clock.stop_searches`); a
        stopped search's answer is not remembered."""
        with self._lock:
            for request in (self._running, self._waiting):
                if request is None or request.future is not future:
                    continue
                request.askers -= 1
                if request.askers > 0:
                    return
                if request is self._waiting:
                    self._waiting = None
                    future.cancel()
                else:
                    self._running = None  # a new ask for its position starts afresh
                    request.stopped = True
                    clock = _solver_clock()
                    if clock is not None and self._worker is not None:
                        clock.stop_searches(self._worker)

    def _work(self) -> None:
        while True:
            with self._lock:
                # A stop was for the search before. Cleared before the thread ends, too: a
                # later thread may get its identifier.
                clock = _solver_clock()
                if clock is not None:
                    clock.allow_searches(threading.get_ident())
                self._running = request = self._waiting
                self._waiting = None
                if request is None:
                    self._worker = None
                    return
            if not request.future.set_running_or_notify_cancel():
                continue
            try:
                advice = advise(request.state, deep=True)
            except Exception as error:  # handed to the asker, never lost on the thread
                request.future.set_exception(error)
                continue
            with self._lock:
                if not request.stopped:
                    self._answers[request.where] = advice
                    while len(self._answers) > _ANSWERS_KEPT:
                        self._answers.popitem(last=False)
            request.future.set_result(advice)


@dataclass(eq=False)
class _Request:
    where: Hashable  # `position` of ``state``
    state: State
    future: Future[Advice] = field(default_factory=Future)
    askers: int = 1
    stopped: bool = False  # its search was told to stop: its answer is not the deep one


def _solver_clock() -> ModuleType | None:
    try:
        from runtime.solver import clock
    except ImportError:  # no solver: no search runs long
        return None
    return clock
