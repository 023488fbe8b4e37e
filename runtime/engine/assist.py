"""Player assistance built on the State API: double-click, auto-finish, a basic hint."""

from __future__ import annotations

from collections.abc import Container, Hashable

from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.moves import DEAL, REDEAL, Move, MoveKind
from runtime.engine.rules import Goal, PileKind
from runtime.engine.state import State


def goal_piles(state: State) -> tuple[int, ...]:
    """The piles cards are sent to: the foundations, or the waste in a game won on the waste
    (Escalator) or by clearing the tableau onto it (Golf). Scorpion has none."""
    goal = state.rules.goal
    if goal is Goal.ALL_TO_WASTE or (goal is Goal.TABLEAU_CLEARED and state.layout.waste >= 0):
        return (state.layout.waste,)
    return state.layout.foundations


def _plays_to_waste(state: State) -> bool:
    return state.rules.goal in (Goal.ALL_TO_WASTE, Goal.TABLEAU_CLEARED)


def foundation_move(state: State, pile: int) -> Move | None:
    """The move a double-click on ``pile`` makes: its top card to a foundation, if legal
    (one that holds cards before an empty one).

    In a game without foundations that is won on the waste (Escalator, Golf), the waste plays
    the foundation's part: a double-click sends a free card there. Where foundations take
    whole suits (Spider), a double-click sends the pile's finished suit. Where the help says so
    (`double_click_to_tableau`), a card no foundation takes goes onto the first tableau pile,
    in pile order, that takes it, or else into the first space.
    """
    goals = goal_piles(state)
    if pile in goals:
        return None
    size = 13 if state.rules.foundations_take_suits else 1
    moves = [m for m in state.legal_moves() if m.kind is MoveKind.TRANSFER and m.src == pile]
    if state.rules.double_click_sends_run:  # the longest run a foundation takes (Hamilton)
        runs = [m for m in moves if m.dst in goals]
        if runs:
            return max(runs, key=lambda m: m.size)
    ups = [m for m in moves if m.size == size and m.dst in goals]
    if ups:  # a started pile before an empty one (where any card may start a foundation)
        return min(ups, key=lambda m: not state.piles[m.dst])
    if state.rules.double_click_to_tableau:
        tableau = state.layout.tableau
        builds = [m for m in moves if m.size == 1 and m.dst in tableau]
        if builds:  # a pile with cards first, then a space
            return min(builds, key=lambda m: (not state.piles[m.dst], tableau.index(m.dst)))
    return None


def send_up_moves(state: State) -> list[Move]:
    """A double-click on a foundation: every card that can go up, lowest rank first, until
    none can (the stock is not touched). The moves are played on a copy, not on ``state``."""
    trial = state.clone()
    moves: list[Move] = []
    goals = set(trial.layout.foundations)
    while True:
        candidates = [
            m
            for m in trial.legal_moves()
            if m.kind is MoveKind.TRANSFER and m.size == 1 and m.dst in goals and m.src not in goals
        ]
        if not candidates:
            return moves
        best = min(candidates, key=lambda m: RANK[trial.piles[m.src][-1]])
        trial.apply(best)
        moves.append(best)


_AUTOFINISH_STEPS = 5000


def autofinish_moves(state: State) -> list[Move] | None:
    """Moves that finish the game once the rest is forced; None unless they win.

    Foundation games: cards go to the foundations, lowest rank first, turning the stock only
    when no card can go up. All-to-waste games (Escalator): only while exactly one move is
    legal. Either way it never takes a decision from the player that could lose the game.
    """
    goals = goal_piles(state)
    if not goals or state.is_won():
        return None
    trial = state.clone()
    moves: list[Move] = []
    to_waste = _plays_to_waste(state)
    idle = 0  # stock moves since the last card went up: a whole pass without one is a loss
    for _ in range(_AUTOFINISH_STEPS):
        if trial.is_won():
            return moves
        legal = trial.legal_moves()
        if to_waste:
            if len(legal) != 1:
                return None
            best = legal[0]
        else:
            size = 13 if trial.rules.foundations_take_suits else 1
            candidates = [
                m
                for m in legal
                if m.kind is MoveKind.TRANSFER
                and m.size == size
                and m.dst in goals
                and m.src not in goals
            ]
            if candidates:
                best = min(candidates, key=lambda m: RANK[trial.piles[m.src][-1]])
                idle = 0
            elif idle > 2 + len(trial.piles[0]) + sum(len(trial.piles[w]) for w in _waste(trial)):
                return None
            elif DEAL in legal:
                best = DEAL
            elif REDEAL in legal:
                best = REDEAL
            else:
                return None
        trial.apply(best)
        moves.append(best)
        if best.kind is not MoveKind.TRANSFER:
            idle += 1
    return None


def _waste(state: State) -> tuple[int, ...]:
    return (state.layout.waste,) if state.layout.waste >= 0 else ()


def _reveals(state: State, move: Move) -> bool:
    pile = state.piles[move.src]
    return len(pile) > move.size and pile[-move.size - 1] >= FACE_DOWN


def hint(state: State, seen: Container[Hashable] = ()) -> Move | None:
    """A sensible legal move: to a foundation, then one that turns a card or empties a pile,
    then from reserves or waste, then any other build, then the stock. Moves leading to a
    position whose `key()` is in ``seen`` (positions already on the player's line) are never
    hinted: None when every move does."""
    moves = state.legal_moves()
    if seen:
        moves = [m for m in moves if _after(state, m) not in seen]
    if not moves:
        return None
    kinds = state.layout.kinds
    last = state.move_log[-1] if state.move_log else None

    def priority(move: Move) -> int:
        if move.kind is MoveKind.DEAL:
            return 6
        if move.kind is MoveKind.REDEAL:
            return 7
        src_kind, dst_kind = kinds[move.src], kinds[move.dst]
        if (
            last is not None
            and last.kind is MoveKind.TRANSFER
            and (move.src, move.dst)
            == (
                last.dst,
                last.src,
            )
        ):
            return 9  # undoing the previous move is never a hint
        if dst_kind is PileKind.FOUNDATION or (
            dst_kind is PileKind.WASTE and src_kind is PileKind.TABLEAU
        ):
            return 0
        if src_kind is PileKind.FOUNDATION:
            return 8
        if src_kind is PileKind.TABLEAU and _reveals(state, move):
            return 1
        if src_kind is PileKind.TABLEAU and move.size == len(state.piles[move.src]):
            return 2
        if src_kind in (PileKind.RESERVE, PileKind.WASTE, PileKind.STOCK):
            return 3 if dst_kind is PileKind.TABLEAU else 5
        if dst_kind is PileKind.RESERVE:
            return 8
        return 4

    return min(moves, key=priority)


def _after(state: State, move: Move) -> Hashable:
    trial = state.clone()
    trial.apply(move)
    return trial.key()


def line_positions(state: State) -> dict[Hashable, int]:
    """Every position on the line that led to ``state`` (the deal, each move, now): its
    `key()` and how many moves were played to reach it (the latest time, if more than one)."""
    trial = state.clone()
    count = len(trial.move_log)
    seen: dict[Hashable, int] = {trial.key(): count}
    while trial.undo() is not None:
        count -= 1
        seen.setdefault(trial.key(), count)
    return seen
