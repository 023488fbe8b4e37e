"""The hint the Hint button shows: the solver's (the next move of a winning line, or where to
undo to when the game can no longer be won), else the engine's basic hint. A position the
quick search leaves undecided gets a deep search on a thread (`DeepHints`) while the player
waits."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Future
from dataclasses import dataclass

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
    are remembered by position."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: tuple[Hashable, State, Future[Advice]] | None = None
        self._running: tuple[Hashable, Future[Advice]] | None = None
        self._busy = False
        self._answers: OrderedDict[Hashable, Advice] = OrderedDict()

    def ask(self, state: State) -> Future[Advice]:
        """The deep advice for ``state`` (copied: the caller may play on)."""
        future: Future[Advice] = Future()
        where = position(state)
        with self._lock:
            known = self._answers.get(where)
            if known is not None:
                future.set_result(known)
                return future
            if self._running is not None and self._running[0] == where:
                return self._running[1]
            if self._waiting is not None:
                if self._waiting[0] == where:
                    return self._waiting[2]
                self._waiting[2].cancel()
            self._waiting = (where, state.clone(), future)
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._work, name="deep-hint", daemon=True).start()
        return future

    def _work(self) -> None:
        while True:
            with self._lock:
                self._running = None
                if self._waiting is None:
                    self._busy = False
                    return
                where, state, future = self._waiting
                self._waiting = None
                self._running = (where, future)
            if not future.set_running_or_notify_cancel():
                continue
            try:
                advice = advise(state, deep=True)
            except Exception as error:  # handed to the asker, never lost on the thread
                future.set_exception(error)
                continue
            with self._lock:
                self._answers[where] = advice
                while len(self._answers) > _ANSWERS_KEPT:
                    self._answers.popitem(last=False)
            future.set_result(advice)
