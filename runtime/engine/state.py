"""`State`: one position of one game, with the single API every game shares.

Piles are tuples of card ints (face-down cards carry the ``FACE_DOWN`` bit), so a move
replaces two tuples and undo restores a snapshot of two plain fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from runtime.engine.cards import CARD_MASK, DECK_SIZE, FACE_DOWN, RANK, card_text
from runtime.engine.dealing import deal_piles
from runtime.engine.layout import Layout, Tables, layout_for, tables_for
from runtime.engine.moves import (
    DEAL,
    REDEAL,
    IllegalMoveError,
    Move,
    MoveKind,
    move_text,
    parse_move,
)
from runtime.engine.rules import (
    GameDefinition,
    Goal,
    GroupLimit,
    GroupMove,
    PileKind,
    Rules,
    Scoring,
    StockEnd,
    StockTarget,
)

Piles = tuple[tuple[int, ...], ...]
_Snapshot = tuple[Move, Piles, int]
_TRANSFER = MoveKind.TRANSFER


class State:
    """A position plus its undo/redo history.

    `apply` is fast and unchecked; `play` checks legality and raises `IllegalMoveError`.
    """

    __slots__ = (
        "_future",
        "_history",
        "base",
        "game",
        "layout",
        "option_values",
        "piles",
        "redeals_left",
        "rules",
        "seed",
        "tables",
    )

    game: GameDefinition
    rules: Rules
    option_values: tuple[bool, ...]
    seed: int
    layout: Layout
    tables: Tables
    base: int
    piles: Piles
    redeals_left: int
    _history: list[_Snapshot]
    _future: list[Move]

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls, game: GameDefinition, options: Mapping[str, bool] | None = None, seed: int = 0
    ) -> State:
        """A fresh deal of ``game`` with ``options`` (defaults for those left out)."""
        values = game.option_values(options)
        rules = game.rules_by_options[values]
        layout = layout_for(rules)
        piles, base = deal_piles(rules, layout, seed)
        state = cls.__new__(cls)
        state.game = game
        state.rules = rules
        state.option_values = values
        state.seed = seed
        state.layout = layout
        state.base = base
        state.tables = tables_for(rules, base)
        state.piles = piles
        state.redeals_left = rules.redeals
        state._history = []
        state._future = []
        return state

    @property
    def options(self) -> dict[str, bool]:
        return {o.id: v for o, v in zip(self.game.options, self.option_values, strict=True)}

    def clone(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other._history = list(self._history)
        other._future = list(self._future)
        return other

    # -- identity -----------------------------------------------------------------------

    def key(self) -> tuple[int, int, Piles]:
        """Hashable and canonical: equal keys mean equal positions."""
        return (self.base, self.redeals_left, self.piles)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.game.id == other.game.id
            and self.option_values == other.option_values
            and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash((self.game.id, self.option_values, self.key()))

    def __repr__(self) -> str:
        moves = [self.move_text(m) for m in self.move_log]
        return f"replay({self.deal_code!r}, {moves!r})"

    # -- moves --------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: transfers by source pile, then stock moves."""
        if self.is_won():
            return []
        rules = self.rules
        layout = self.layout
        tables = self.tables
        piles = self.piles
        kinds = layout.kinds
        moves: list[Move] = []
        append = moves.append
        fnd = tables.foundation
        fnd_empty = tables.foundation_empty
        tab = tables.tableau
        tab_empty = tables.tableau_empty
        waste_table = tables.waste
        waste = layout.waste
        limit = self._group_limit()
        for src, pile in enumerate(piles):
            if not pile:
                continue
            top = pile[-1]
            if top >= FACE_DOWN:
                continue
            kind = kinds[src]
            if kind is PileKind.FOUNDATION:
                if not rules.foundation_play_back or tab is None:
                    continue
            elif kind is PileKind.TABLEAU and rules.covered_by:
                if any(piles[c] for c in rules.covered_by[src - layout.tableau[0]]):
                    continue
            elif kind is PileKind.WASTE and waste_table is not None:
                continue  # a building waste (Escalator) is a target, not a source
            # To the foundations.
            if fnd is not None and kind is not PileKind.FOUNDATION:
                for dst in layout.foundations:
                    target = piles[dst]
                    if target:
                        accepted = fnd[target[-1] * DECK_SIZE + top]
                    else:
                        accepted = fnd_empty is not None and fnd_empty[top]
                    if accepted:
                        append(Move(_TRANSFER, src, dst, 1))
                        if rules.runs_to_foundation and kind is PileKind.TABLEAU:
                            self._runs_to_foundation(src, dst, pile, append)
            # To the waste, where the waste is a building pile.
            if waste_table is not None and kind is PileKind.TABLEAU:
                target = piles[waste]
                if target and waste_table[target[-1] * DECK_SIZE + top]:
                    append(Move(_TRANSFER, src, waste, 1))
            # To the tableau.
            if tab is not None:
                group = self._group_size(pile) if kind is PileKind.TABLEAU else 1
                for dst in layout.tableau:
                    if dst == src:
                        continue
                    target = piles[dst]
                    if target:
                        lower = target[-1]
                        base_index = lower * DECK_SIZE
                        for n in range(1, min(group, limit) + 1):
                            if tab[base_index + pile[-n]]:
                                append(Move(_TRANSFER, src, dst, n))
                    elif tab_empty is not None:
                        most = min(group, self._group_limit(to_empty=True))
                        if kind is PileKind.TABLEAU and most >= len(pile):
                            most = len(pile) - 1  # a whole pile to an empty pile changes nothing
                        for n in range(1, most + 1):
                            if tab_empty[pile[-n]]:
                                append(Move(_TRANSFER, src, dst, n))
            # To the reserves.
            if rules.reserves_accept and kind in (PileKind.TABLEAU, PileKind.WASTE):
                capacity = rules.reserve_capacity
                for dst in layout.reserves:
                    if len(piles[dst]) < capacity:
                        append(Move(_TRANSFER, src, dst, 1))
        stock = piles[layout.stock]
        if stock:
            if stock[-1] >= FACE_DOWN and self._can_deal():
                append(DEAL)
        elif waste >= 0 and piles[waste] and self.redeals_left != 0 and waste_table is None:
            append(REDEAL)
        return moves

    def _runs_to_foundation(self, src: int, dst: int, pile: tuple[int, ...], append: Any) -> None:
        fnd = self.tables.foundation
        assert fnd is not None
        for n in range(2, len(pile) + 1):
            card, previous = pile[-n], pile[-n + 1]
            if card >= FACE_DOWN or not fnd[previous * DECK_SIZE + card]:
                return
            append(Move(_TRANSFER, src, dst, n))

    def _group_size(self, pile: tuple[int, ...]) -> int:
        """How many cards from the top of a tableau pile may move together."""
        policy = self.rules.group_move
        if policy is GroupMove.ONE:
            return 1
        size = 1
        if policy is GroupMove.ANY_FACE_UP:
            while size < len(pile) and pile[-size - 1] < FACE_DOWN:
                size += 1
            return size
        tab = self.tables.tableau
        assert tab is not None
        while size < len(pile):
            lower = pile[-size - 1]
            if lower >= FACE_DOWN or not tab[lower * DECK_SIZE + pile[-size]]:
                break
            size += 1
        return size

    def _group_limit(self, to_empty: bool = False) -> int:
        limit = self.rules.group_limit
        if limit is GroupLimit.NONE:
            return DECK_SIZE
        piles = self.piles
        free = sum(1 for r in self.layout.reserves if not piles[r])
        if limit is GroupLimit.FREE_RESERVES:
            return free + 1
        empty = sum(1 for t in self.layout.tableau if not piles[t])
        if to_empty:
            empty -= 1
        return (free + 1) << empty

    def _can_deal(self) -> bool:
        if self.rules.stock_target is StockTarget.TABLEAU:
            return all(self.piles[t] for t in self.layout.tableau)
        return True

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it (fast path for search); clears redo."""
        self._history.append((move, self.piles, self.redeals_left))
        if self._future:
            self._future.clear()
        self._do(move)

    def play(self, move: Move | str) -> Move:
        """Apply a move after checking it is legal; accepts move text too."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if move not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {self.move_text(move)} in {self.deal_code}")
        self.apply(move)
        return move

    def undo(self) -> Move | None:
        if not self._history:
            return None
        move, self.piles, self.redeals_left = self._history.pop()
        self._future.append(move)
        return move

    def redo(self) -> Move | None:
        if not self._future:
            return None
        move = self._future.pop()
        self._history.append((move, self.piles, self.redeals_left))
        self._do(move)
        return move

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def move_log(self) -> list[Move]:
        return [snapshot[0] for snapshot in self._history]

    def restart(self) -> None:
        """Back to the deal, keeping nothing to redo."""
        if self._history:
            _, self.piles, self.redeals_left = self._history[0]
        self._history.clear()
        self._future.clear()

    def _do(self, move: Move) -> None:
        kind = move.kind
        piles = list(self.piles)
        layout = self.layout
        if kind is _TRANSFER:
            src, dst, n = move.src, move.dst, move.size
            source = piles[src]
            moving = source[-n:]
            rest = source[:-n]
            if rest and rest[-1] >= FACE_DOWN and src != layout.stock:
                rest = (*rest[:-1], rest[-1] - FACE_DOWN)
            if n > 1 and layout.kinds[dst] is PileKind.FOUNDATION:
                moving = moving[::-1]  # a run goes to its foundation top card first
            piles[src] = rest
            piles[dst] = piles[dst] + moving
            if self.rules.finish_stock_when_tableau_clear and not any(
                piles[t] for t in layout.tableau
            ):
                self._finish_stock(piles)
        elif kind is MoveKind.DEAL:
            self._deal(piles)
        else:
            waste = piles[layout.waste]
            piles[layout.stock] = tuple(c | FACE_DOWN for c in reversed(waste))
            piles[layout.waste] = ()
            if self.redeals_left > 0:
                self.redeals_left -= 1
        self.piles = tuple(piles)

    def _deal(self, piles: list[tuple[int, ...]]) -> None:
        rules = self.rules
        layout = self.layout
        stock = piles[layout.stock]
        if rules.stock_target is StockTarget.WASTE:
            n = min(rules.stock_draw, len(stock))
            piles[layout.waste] += tuple(c & CARD_MASK for c in reversed(stock[-n:]))
            piles[layout.stock] = stock[:-n]
            return
        targets = layout.reserves if rules.stock_target is StockTarget.RESERVES else layout.tableau
        if len(stock) < len(targets) and rules.stock_end is StockEnd.SPLIT_WASTE_AND_STOCK:
            # Both remaining cards become playable: one to the waste, the rest face up.
            piles[layout.waste] += (stock[-1] & CARD_MASK,)
            piles[layout.stock] = tuple(c & CARD_MASK for c in stock[:-1])
            return
        for target in targets:
            if not stock:
                break
            piles[target] += (stock[-1] & CARD_MASK,)
            stock = stock[:-1]
        piles[layout.stock] = stock

    def _finish_stock(self, piles: list[tuple[int, ...]]) -> None:
        layout = self.layout
        stock = piles[layout.stock]
        piles[layout.waste] += tuple(c & CARD_MASK for c in reversed(stock))
        piles[layout.stock] = ()

    # -- outcome ------------------------------------------------------------------------

    @property
    def score(self) -> int:
        if self.rules.scoring is Scoring.FOUNDATION_CARDS:
            return sum(len(self.piles[f]) for f in self.layout.foundations)
        dealt = sum(down + up for down, up in self.rules.tableau_deal)
        return dealt - sum(len(self.piles[t]) for t in self.layout.tableau)

    def is_won(self) -> bool:
        if self.rules.goal is Goal.ALL_TO_WASTE:
            return len(self.piles[self.layout.waste]) == DECK_SIZE
        return sum(len(self.piles[f]) for f in self.layout.foundations) == DECK_SIZE

    def is_over(self) -> bool:
        """Won, or lost because no move is left."""
        return self.is_won() or not self.legal_moves()

    def is_lost(self) -> bool:
        return not self.is_won() and not self.legal_moves()

    # -- stock --------------------------------------------------------------------------

    @property
    def stock_status(self) -> str:
        """What the stock shows: ``deal``, ``redeal`` or ``empty`` (no more passes)."""
        if self.piles[self.layout.stock]:
            return "deal" if self.piles[self.layout.stock][-1] >= FACE_DOWN else "empty"
        return "redeal" if REDEAL in self.legal_moves() else "empty"

    # -- text ---------------------------------------------------------------------------

    @property
    def deal_code(self) -> str:
        from runtime.engine.dealcode import format_deal_code

        return format_deal_code(self.game, self.seed, self.option_values)

    def move_text(self, move: Move) -> str:
        return move_text(move, self.layout.names)

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.layout.index)

    def pile(self, name: str) -> tuple[int, ...]:
        return self.piles[self.layout.index[name]]

    def top_card_rank(self, pile: int) -> int:
        return RANK[self.piles[pile][-1]]

    def describe_pile(self, pile: int) -> str:
        cards = self.piles[pile]
        return " ".join("##" if c >= FACE_DOWN else card_text(c) for c in cards)

    def replay_moves(self, moves: Iterable[Move | str]) -> None:
        for move in moves:
            self.play(move)
