"""The adapter from touches to moves: which cards a touch picks up, where they may go, what
a tap or double-tap does. It asks the engine for legal moves and knows no rules itself."""

from __future__ import annotations

from dataclasses import dataclass

from runtime.engine import DEAL, REDEAL, Move, MoveKind, PileKind, State
from runtime.engine.assist import foundation_move, send_up_moves
from runtime.engine.cards import FACE_DOWN


@dataclass(frozen=True)
class Selection:
    pile: int
    size: int  # cards from the top of the pile


class Controller:
    def __init__(self, state: State) -> None:
        self.state = state
        self.selection: Selection | None = None

    # -- what can be picked up and where it can go -------------------------------------

    def pickup_size(self, pile: int, index: int) -> int | None:
        """How many cards a touch on card ``index`` of ``pile`` picks up (None: nothing).

        Any face-up top run may be picked up, legal or not, so an illegal drop can slide back.
        """
        state = self.state
        cards = state.piles[pile]
        if not 0 <= index < len(cards) or pile == state.layout.stock:
            return None
        if any(card >= FACE_DOWN for card in cards[index:]):
            return None
        return len(cards) - index

    def moves_from(self, pile: int, size: int) -> list[Move]:
        return [
            m
            for m in self.state.legal_moves()
            if m.kind is MoveKind.TRANSFER and m.src == pile and m.size == size
        ]

    def targets(self, pile: int, size: int) -> list[int]:
        return [m.dst for m in self.moves_from(pile, size)]

    def drop(self, pile: int, size: int, dst: int) -> Move | None:
        for move in self.moves_from(pile, size):
            if move.dst == dst:
                return move
        return None

    # -- taps -------------------------------------------------------------------------

    def stock_move(self) -> Move | None:
        legal = self.state.legal_moves()
        for move in (DEAL, REDEAL):
            if move in legal:
                return move
        return None

    def tap(self, pile: int, index: int | None) -> Move | None:
        """A tap on card ``index`` of ``pile`` (None: on the empty pile or its marker).

        With a selection, a tap on a legal target moves there; otherwise a tap on a card with
        one obvious move makes it, and a tap on a card with several selects it.
        """
        state = self.state
        selected = self.selection
        self.selection = None
        if selected is not None:
            move = self.drop(selected.pile, selected.size, pile)
            if move is not None or selected.pile == pile:
                return move
        if pile == state.layout.stock:
            return self.stock_move()
        if index is None:
            return None
        size = self.pickup_size(pile, index)
        if size is None:
            return None
        moves = self.moves_from(pile, size)
        if len(self._distinct(moves)) == 1:
            return moves[0]
        if moves:
            self.selection = Selection(pile, size)
        return None

    def _distinct(self, moves: list[Move]) -> set[tuple[PileKind, int]]:
        """Destinations that differ to a player: all empty piles of one kind are alike."""
        kinds, piles = self.state.layout.kinds, self.state.piles
        return {(kinds[m.dst], -1 if not piles[m.dst] else m.dst) for m in moves}

    def double_tap(self, pile: int) -> list[Move]:
        """A double-tap on a card sends that card to its foundation (the helps: "Double
        clicking on a card will move it to the appropriate Foundation pile if such a move is
        possible"), so a double-tap on a foundation does nothing, unless the game's help says
        that a double-click on a foundation sends up every card that can go (the rules' flag
        ``foundation_double_click_sends_up``, read from the help). The moves, in order."""
        self.selection = None
        state = self.state
        if state.layout.kinds[pile] is PileKind.FOUNDATION:
            return send_up_moves(state) if state.rules.foundation_double_click_sends_up else []
        move = foundation_move(state, pile)
        return [] if move is None else [move]
