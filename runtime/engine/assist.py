"""Player assistance built on the State API: double-click, auto-finish, a basic hint."""

from __future__ import annotations

from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import PileKind
from runtime.engine.state import State


def foundation_move(state: State, pile: int) -> Move | None:
    """The move a double-click on ``pile`` makes: its top card to a foundation, if legal."""
    kinds = state.layout.kinds
    for move in state.legal_moves():
        if (
            move.kind is MoveKind.TRANSFER
            and move.src == pile
            and move.size == 1
            and kinds[move.dst] is PileKind.FOUNDATION
        ):
            return move
    return None


def autofinish_moves(state: State) -> list[Move] | None:
    """Moves that finish the game by sending cards to the foundations, lowest rank first.

    Returns None unless that alone wins, so it never takes a decision from the player.
    """
    if not state.layout.foundations or state.is_won():
        return None
    trial = state.clone()
    moves: list[Move] = []
    kinds = trial.layout.kinds
    while not trial.is_won():
        candidates = [
            m
            for m in trial.legal_moves()
            if m.kind is MoveKind.TRANSFER
            and m.size == 1
            and kinds[m.dst] is PileKind.FOUNDATION
            and kinds[m.src] is not PileKind.FOUNDATION
        ]
        if not candidates:
            return None
        best = min(candidates, key=lambda m: RANK[trial.piles[m.src][-1]])
        trial.apply(best)
        moves.append(best)
    return moves


def _reveals(state: State, move: Move) -> bool:
    pile = state.piles[move.src]
    return len(pile) > move.size and pile[-move.size - 1] >= FACE_DOWN


def hint(state: State) -> Move | None:
    """A sensible legal move: to a foundation, then one that turns a card or empties a pile,
    then from reserves or waste, then any other build, then the stock."""
    moves = state.legal_moves()
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
