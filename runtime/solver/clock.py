"""The clock every search compares with its deadline, and a way to stop the searches of one
thread from another: the app stops a deep hint nobody waits for any more.

A stopped thread's clock reads infinity, so each search, compiled or pure, ends at its next
look at the clock exactly as if its time were up (at most `depth_first._CHECK_EVERY` nodes
later), with no stop flag threaded through every search's signature. Only a search with a
deadline can be stopped. Elapsed times are measured with `time.perf_counter` itself, and so
are the shares of a budget a schedule hands to its phases: infinity there would make them
NaN, which no comparison ever passes.
"""

from __future__ import annotations

import math
import threading
import time

_stopped: set[int] = set()  # thread identifiers (`threading.get_ident`)


def now() -> float:
    """`time.perf_counter()`, or infinity on a thread whose searches were stopped."""
    if _stopped and threading.get_ident() in _stopped:
        return math.inf
    return time.perf_counter()


def stop_searches(thread: int) -> None:
    """Make the searches on thread ``thread`` end at their next look at the clock, and any
    it starts later at once, until `allow_searches`."""
    _stopped.add(thread)


def allow_searches(thread: int) -> None:
    _stopped.discard(thread)
