"""Freecell Solver (`fc-solve`) as an independent referee for Seahaven-type positions.

The board format (fc-solve's README): a ``Foundations:`` line, a ``Freecells:`` line
(``-`` for an empty cell), then one line per column, bottom card first, cards like
``AH 2S TD``. Our Seahaven is 10 columns, 4 cells, building down in suit, only Kings (or
King-headed builds) into empty columns, and builds of at most free cells + 1 cards (empty
columns do not help). fc-solve's ``seahaven`` preset encodes exactly that (its limited
sequence move is ``cells + 1`` when empty columns take only Kings); we still pass every
setting explicitly so the comparison does not depend on the preset.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import time
from dataclasses import dataclass

from runtime.engine.cards import CARD_MASK, RANK, SUIT
from runtime.engine.state import State

SEAHAVEN_FLAGS = (
    "--freecells-num",
    "4",
    "--stacks-num",
    "10",
    "--sequences-are-built-by",
    "suit",
    "--empty-stacks-filled-by",
    "kings",
    "--sequence-move",
    "limited",
)
_RANKS = "A23456789TJQK"
_SUITS = "CDHS"  # our suit order: Clubs, Diamonds, Hearts, Spades


def fc_card(card: int) -> str:
    card &= CARD_MASK
    return _RANKS[RANK[card] - 1] + _SUITS[SUIT[card]]


def board(state: State) -> str:
    """``state`` in fc-solve's board format (foundations by suit, cells, columns)."""
    layout = state.layout
    ranks = {suit: 0 for suit in _SUITS}
    for f in layout.foundations:
        pile = state.piles[f]
        if pile:
            ranks[_SUITS[SUIT[pile[-1]]]] = RANK[pile[-1]]
    founds = " ".join(f"{suit}-{_RANKS[r - 1] if r else '0'}" for suit, r in ranks.items())
    cells = " ".join(
        fc_card(state.piles[r][-1]) if state.piles[r] else "-" for r in layout.reserves
    )
    lines = [f"Foundations: {founds}", f"Freecells: {cells}"]
    for t in layout.tableau:
        lines.append(": " + " ".join(fc_card(c) for c in state.piles[t]))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class FcResult:
    solved: bool | None  # None: fc-solve gave up (iteration limit) or failed
    seconds: float  # wall time, process start-up included
    iterations: int | None
    cpu_seconds: float = 0.0  # the child's user + system CPU time, start-up included


def available() -> bool:
    return shutil.which("fc-solve") is not None


def run(state: State, max_iters: int | None = None, timeout: float = 60.0) -> FcResult:
    """Run fc-solve on ``state``; wall time includes process start-up."""
    command = ["fc-solve", *SEAHAVEN_FLAGS]
    if max_iters is not None:
        command += ["-mi", str(max_iters)]
    command.append("-")
    return _run(command, board(state), timeout)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(command: list[str], text: str, timeout: float) -> FcResult:
    cpu = _children_cpu()
    started = time.perf_counter()
    try:
        done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return FcResult(None, time.perf_counter() - started, None, _children_cpu() - cpu)
    seconds = time.perf_counter() - started
    cpu = _children_cpu() - cpu
    out = done.stdout
    iterations = None
    for line in out.splitlines():
        if line.startswith("Total number of states checked is"):
            iterations = int(line.rsplit(" ", 1)[1].rstrip("."))
    if "This game is solveable." in out:
        return FcResult(True, seconds, iterations, cpu)
    if "I could not solve this game." in out:
        return FcResult(False, seconds, iterations, cpu)
    return FcResult(None, seconds, iterations, cpu)


_WON = "Foundations: C-K D-K H-K S-K\nFreecells: - - - -\n" + ":\n" * 10


def startup(runs: int = 20) -> FcResult:
    """fc-solve on an already-won board, the median of ``runs``: its process start-up cost."""
    results = sorted(
        (_run(["fc-solve", *SEAHAVEN_FLAGS, "-"], _WON, 10.0) for _ in range(runs)),
        key=lambda r: r.seconds,
    )
    middle = results[len(results) // 2]
    cpus = sorted(r.cpu_seconds for r in results)
    return FcResult(middle.solved, middle.seconds, middle.iterations, cpus[len(cpus) // 2])
