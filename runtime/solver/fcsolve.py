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
from collections.abc import Callable
from dataclasses import dataclass

from runtime.engine.cards import CARD_MASK, DECK_SIZE, RANK, SUIT
from runtime.engine.rules import GroupLimit, GroupMove
from runtime.engine.state import State
from runtime.solver.cells import cells_supported
from runtime.solver.model import Model
from runtime.solver.results import Verdict

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
_RED = frozenset((1, 2))  # Diamonds, Hearts
MAX_STACKS = 10  # fc-solve's as Debian builds it ("exceeds the maximum of 10")

# fc-solve's three tableau build rules, each a card's relation to the card it goes on.
_BUILDS: dict[str, Callable[[int, int], bool]] = {
    "suit": lambda lower, upper: SUIT[lower] == SUIT[upper],
    "alternate_color": lambda lower, upper: (SUIT[lower] in _RED) != (SUIT[upper] in _RED),
    "rank": lambda lower, upper: True,
}


@dataclass(frozen=True, slots=True)
class Referee:
    """fc-solve's options for a game's rules, and whether ours have more moves than fc-solve
    can express (foundation play-back): then only its wins and our proofs bind the other."""

    flags: tuple[str, ...]
    ours_has_more_moves: bool

    def contradicts(self, ours: Verdict, theirs: bool | None) -> bool:
        """Whether fc-solve's verdict ``theirs`` (None: none) rules ours out: a deal it wins
        we must not have proved lost; one it proves lost, where we have no more moves, we
        must not have won."""
        if theirs is True:
            return ours is Verdict.UNWINNABLE
        return theirs is False and not self.ours_has_more_moves and ours is Verdict.WINNABLE


def referee_for(model: Model, max_stacks: int = MAX_STACKS) -> Referee | None:
    """fc-solve's options that express the rules of ``model``'s game, read from its rules
    and tables (no game names), or None where fc-solve cannot play them: fc-solve knows one
    or more decks built up by suit from Ace, free cells, and a tableau built down by suit,
    alternate colour or rank whose spaces take any card, Kings or nothing, of at most
    ``max_stacks`` columns (a build option of fc-solve's: `docs/solver.md`)."""
    rules, tables = model.rules, model.tables
    if not cells_supported(model) or tables.tableau is None or tables.foundation is None:
        return None
    if model.foundation_start != tuple(RANK[c] == 1 for c in range(DECK_SIZE)):
        return None
    if any(
        tables.foundation[lower * DECK_SIZE + upper]
        != (SUIT[lower] == SUIT[upper] and RANK[upper] == RANK[lower] + 1)
        for lower in range(DECK_SIZE)
        for upper in range(DECK_SIZE)
    ):
        return None
    build = next(
        (
            name
            for name, follows in _BUILDS.items()
            if all(
                tables.tableau[lower * DECK_SIZE + upper]
                == (RANK[upper] + 1 == RANK[lower] and follows(lower, upper))
                for lower in range(DECK_SIZE)
                for upper in range(DECK_SIZE)
            )
        ),
        None,
    )
    space = tables.tableau_empty or (False,) * DECK_SIZE
    fills = {
        "any": (True,) * DECK_SIZE,
        "kings": tuple(RANK[c] == 13 for c in range(DECK_SIZE)),
        "none": (False,) * DECK_SIZE,
    }
    filled_by = next((name for name, table in fills.items() if table == tuple(space)), None)
    cells, stacks = model.r1 - model.r0, model.t1 - model.t0
    if build is None or filled_by is None or (cells and not rules.reserves_accept):
        return None
    if stacks > max_stacks:
        return None
    # fc-solve moves a run as far as single moves through free cells and spaces could
    # ("limited"; with spaces for Kings only that is free cells + 1), or any run.
    if rules.group_move is GroupMove.ONE:
        sequence_move = "limited"
    elif rules.group_limit is GroupLimit.NONE:
        sequence_move = "unlimited"
    elif rules.group_limit is GroupLimit.FREE_RESERVES_AND_PILES or filled_by != "any":
        sequence_move = "limited"
    else:
        return None
    flags: tuple[str, ...] = ("--freecells-num", str(cells), "--stacks-num", str(stacks))
    flags += ("--sequences-are-built-by", build, "--empty-stacks-filled-by", filled_by)
    flags += ("--sequence-move", sequence_move)
    return Referee(flags, rules.foundation_play_back)


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


def available(program: str = "fc-solve") -> bool:
    return shutil.which(program) is not None


def run(
    state: State,
    max_iters: int | None = None,
    timeout: float = 60.0,
    flags: tuple[str, ...] = SEAHAVEN_FLAGS,
    program: str = "fc-solve",
) -> FcResult:
    """Run fc-solve (``program``: a path or a name on PATH) on ``state`` under the rules
    ``flags`` give it (Seahaven's unless told); wall time includes process start-up."""
    command = [program, *flags]
    if max_iters is not None:
        command += ["-mi", str(max_iters)]
    command.append("-")
    return _run(command, board(state), timeout, max_iters)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(command: list[str], text: str, timeout: float, max_iters: int | None = None) -> FcResult:
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
    # fc-solve says it "could not solve" a game also when it stops at -mi's limit.
    gave_up = max_iters is not None and (iterations is None or iterations >= max_iters)
    if "I could not solve this game." in out and not gave_up:
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
