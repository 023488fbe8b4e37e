"""Composite moves in the manner of Freecell Solver's meta-moves, for a depth-first run.

Freecell Solver (fc-solve) does not search over single moves: each of its moves does one
thing a player means, and the single moves it takes. Given Beleaguered Castle's and Streets
and Alleys' rules it wins, in a few thousand positions, deals our searches leave unknown
after 2,000,000 (`docs/solver.md`, "Composite moves"). Its kinds of move, tried in this
order, each from every pile in turn (its "tests" 0 to 9; the descriptions are ours):

0. a tableau pile's top card home;
1. a free cell's card home;
2. a free cell's card onto a card it builds on anywhere in the tableau, the cards above
   that card first put aside;
3. a card under others home, the cards above it first put aside;
4. a run (cards in build order, from the bottom of the pile's first run upwards) onto a
   card it builds on in another pile, the cards above both first put aside;
5. a card onto a card it builds on lower in its own pile (both dug out first);
6. a run to an empty pile, the cards above it first put aside;
7. a free cell's card to an empty pile;
8. a card already on a card it builds on, with the cards above it, onto another such card;
9. a whole short pile into the free cells.

"Put aside" is one card a place: the free cells first, then the empty piles (where they
take any card). A run moves as far as single moves through the places left could move it,
(cells + 1) x 2^spaces cards. Every composite is the engine's single moves, so a win is a
legal line; cards never come back from a foundation.

A run over these moves is not complete (no single move to a free cell, say, unless a
composite makes it), so it proves nothing lost: `restarts.solve_by_restarts` runs it once,
before its randomized runs, and ignores an exhausted one.

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from functools import cache

from runtime.engine.cards import DECK_SIZE, FACE_DOWN
from runtime.engine.moves import Move
from runtime.engine.rules import GroupMove
from runtime.solver.model import Model, open_free_cell_family
from runtime.solver.stock import Action, ActionGenerator
from runtime.solver.successors import Piles, Transfers, _foundation_for, transfers


def meta_moves_supported(model: Model) -> bool:
    """Whether the composites can be built for ``model``'s game: an open free-cell-family
    game whose cards move one at a time (each composite is its single moves), whose spaces
    take cards from any pile, and whose reserves, if they take cards, hold one each. Where
    any card may start a foundation (Chessboard before its base is chosen), a card may
    start one or build on another, and the foundations' look-up offers only one: left out."""
    rules = model.rules
    return (
        open_free_cell_family(model)
        and not all(model.foundation_start)
        and rules.group_move is GroupMove.ONE
        and not rules.tableau_empty_from
        and model.r1 - model.r0 + model.t1 - model.t0 > 1
    )


class _Board:
    """A position on which a composite is built, single move by move: the piles it has
    moved cards on or off are copies, the others the position's own."""

    def __init__(self, piles: Piles, transfer: Transfers, tableau: range) -> None:
        self.base = piles
        self.changed: dict[int, list[int]] = {}
        self.moves: list[Move] = []
        self.transfer = transfer
        self.tableau = tableau
        # A pile's last card to an empty pile changes nothing, and the engine refuses it:
        # a composite that would need one is dropped.
        self.refused = False

    def pile(self, i: int) -> list[int] | tuple[int, ...]:
        changed = self.changed.get(i)
        return self.base[i] if changed is None else changed

    def _own(self, i: int) -> list[int]:
        changed = self.changed.get(i)
        if changed is None:
            changed = self.changed[i] = list(self.base[i])
        return changed

    def move(self, src: int, dst: int) -> None:
        if src in self.tableau and dst in self.tableau and not self.pile(dst):
            self.refused = self.refused or len(self.pile(src)) == 1
        self._own(dst).append(self._own(src).pop())
        self.moves.append(self.transfer.get(src, dst, 1))


def keep(found: list[tuple[Move, ...]], board: _Board) -> None:
    """Add ``board``'s composite to ``found`` unless the engine would refuse a step."""
    if not board.refused:
        found.append(tuple(board.moves))


class MetaMoves:
    """The composite moves of a position (`generate`), built from ``model``'s tables."""

    def __init__(self, model: Model) -> None:
        self.hosts = tuple(frozenset(h) for h in model.hosts)
        self.parents_of = model.hosts
        self.f_hosts = model.foundation_hosts
        self.f_start = model.foundation_start
        start = model.tableau_start or (False,) * DECK_SIZE
        self.t_start = start
        # Empty piles hold cards put aside, and carry runs, only where they take any card.
        self.spaces_hold = all(start)
        self.tableau = range(model.t0, model.t1)
        self.foundations = tuple(range(model.f0, model.f1))
        self.reserves = tuple(range(model.r0, model.r1))
        self.cells_hold = model.rules.reserves_accept
        self.transfer = transfers(len(model.layout.kinds), DECK_SIZE)

    # -- places to put cards aside ------------------------------------------------------

    def _cells(self, board: _Board) -> list[int]:
        if not self.cells_hold:
            return []
        return [r for r in self.reserves if not board.pile(r)]

    def _spaces(self, board: _Board, avoid: int = -1) -> list[int]:
        return [t for t in self.tableau if not board.pile(t) and t != avoid]

    def _put_aside(self, board: _Board, src: int, count: int) -> bool:
        """Move ``src``'s top ``count`` cards one to a place: free cells, then spaces."""
        for _ in range(count):
            cells = self._cells(board)
            if cells:
                board.move(src, cells[0])
                continue
            spaces = self._spaces(board) if self.spaces_hold else []
            if not spaces:
                return False
            board.move(src, spaces[0])
        return True

    def _run_move(
        self, board: _Board, src: int, dst: int, count: int, cells: list[int], spaces: list[int]
    ) -> bool:
        """Move ``src``'s top ``count`` cards (a run) onto ``dst`` by single moves through
        ``cells`` and ``spaces`` (the classic recursion: half through a space, the rest
        direct, the half after it)."""
        if count <= len(cells) + 1:
            used = cells[: count - 1]
            for cell in used:
                board.move(src, cell)
            board.move(src, dst)
            for cell in reversed(used):
                board.move(cell, dst)
            return True
        if not spaces:
            return False
        space, rest = spaces[0], spaces[1:]
        reach = (len(cells) + 1) << len(rest)
        first = min(reach, count - 1)
        if count - first > reach:
            return False
        return (
            self._run_move(board, src, space, first, cells, rest)
            and self._run_move(board, src, dst, count - first, cells, rest)
            and self._run_move(board, space, dst, first, cells, rest)
        )

    def _reach(self, board: _Board, avoid: int) -> tuple[list[int], list[int], int]:
        """The cells and spaces a run may pass through, and how many cards it may be."""
        cells = self._cells(board)
        spaces = self._spaces(board, avoid) if self.spaces_hold else []
        return cells, spaces, (len(cells) + 1) << len(spaces)

    # -- what the tables say ---------------------------------------------------------

    def _homes(self, piles: Piles) -> tuple[list[int], int]:
        """Per card, the foundation it tops (-1: none), and the first empty foundation (-1:
        none). Composites put cards aside in cells and spaces only, so these hold for
        every composite of a position until its last step."""
        tops = [-1] * FACE_DOWN
        empty = -1
        for f in self.foundations:
            if piles[f]:
                tops[piles[f][-1]] = f
            elif empty < 0:
                empty = f
        return tops, empty

    def _on_parent(self, pile: tuple[int, ...], i: int) -> bool:
        return i > 0 and pile[i - 1] in self.hosts[pile[i]]

    def _runs(self, pile: tuple[int, ...]) -> list[tuple[int, int]]:
        """(first, last) index of each run in build order, from the bottom."""
        runs: list[tuple[int, int]] = []
        first = 0
        while first < len(pile):
            last = first
            while last + 1 < len(pile) and self._on_parent(pile, last + 1):
                last += 1
            runs.append((first, last))
            first = last + 1
        return runs

    def _parents(
        self, where: dict[int, tuple[int, int]], piles: Piles, card: int, src: int
    ) -> list[tuple[int, int]]:
        """(pile, index) of each tableau card ``card`` builds on outside ``src``, but those
        that already carry a card built on them, by pile then depth."""
        found: list[tuple[int, int]] = []
        for parent in self.parents_of[card]:
            at = where.get(parent)
            if at is None or at[0] == src:
                continue
            pile = piles[at[0]]
            if at[1] + 1 < len(pile) and self._on_parent(pile, at[1] + 1):
                continue
            found.append(at)
        found.sort()
        return found

    # -- the moves ---------------------------------------------------------------------

    def generate(self, piles: Piles, redeals_left: int) -> list[Action]:
        """The composites of ``piles`` in Freecell Solver's order, best (first) last."""
        found: list[tuple[Move, ...]] = []
        tableau, reserves = self.tableau, self.reserves
        where: dict[int, tuple[int, int]] = {}
        for t in tableau:
            for i, card in enumerate(piles[t]):
                where[card] = (t, i)
        cells_free = sum(1 for r in reserves if not piles[r]) if self.cells_hold else 0
        spaces = [t for t in tableau if not piles[t]]
        places = cells_free + (len(spaces) if self.spaces_hold else 0)
        tops, empty = self._homes(piles)
        f_hosts, f_start = self.f_hosts, self.f_start
        # 0, 1: top cards home.
        for src in (*tableau, *reserves):
            if piles[src]:
                home = _foundation_for(piles[src][-1], f_hosts, tops, empty, f_start)
                if home >= 0:
                    found.append((self.transfer.get(src, home, 1),))
        # 2: a cell's card onto its parent anywhere.
        for r in reserves:
            if not piles[r]:
                continue
            for dst, at in self._parents(where, piles, piles[r][-1], -1):
                above = len(piles[dst]) - at - 1
                board = _Board(piles, self.transfer, tableau)
                if above <= places and self._put_aside(board, dst, above):
                    board.move(r, dst)
                    keep(found, board)
        # 3: a card under others home.
        for t in tableau:
            pile = piles[t]
            for i in range(len(pile) - 2, max(len(pile) - places - 1, 0) - 1, -1):
                home = _foundation_for(pile[i], f_hosts, tops, empty, f_start)
                if home < 0:
                    continue
                board = _Board(piles, self.transfer, tableau)
                if self._put_aside(board, t, len(pile) - i - 1):
                    board.move(t, home)
                    keep(found, board)
        # 4: a run onto its parent in another pile.
        for t in tableau:
            pile = piles[t]
            for first, last in self._runs(pile):
                for dst, at in self._parents(where, piles, pile[first], t):
                    dst_above, src_above = len(piles[dst]) - at - 1, len(pile) - last - 1
                    if dst_above + src_above > places:
                        continue
                    board = _Board(piles, self.transfer, tableau)
                    if not (
                        self._put_aside(board, dst, dst_above)
                        and self._put_aside(board, t, src_above)
                    ):
                        continue
                    cells, through, reach = self._reach(board, t)
                    size = last - first + 1
                    if size <= reach and self._run_move(board, t, dst, size, cells, through):
                        keep(found, board)
        # 5: a card onto its parent lower in its own pile.
        for t in tableau:
            pile = piles[t]
            lowest = max(len(pile) - places - 1, 0)
            for i in range(lowest + 2, len(pile)):
                if self._on_parent(pile, i):
                    continue
                for at in range(lowest, i - 1):
                    if pile[at] not in self.hosts[pile[i]] or self._on_parent(pile, at + 1):
                        continue
                    board = _Board(piles, self.transfer, tableau)
                    if not self._put_aside(board, t, len(pile) - i):
                        continue
                    held = board.moves[-1].dst  # where the card itself was put
                    if self._put_aside(board, t, i - 1 - at):
                        board.move(held, t)
                        keep(found, board)
        # 6: a run to an empty pile.
        if spaces:
            for t in tableau:
                pile = piles[t]
                for first, last in self._runs(pile):
                    board = _Board(piles, self.transfer, tableau)
                    if last < len(pile) - 1:
                        above = len(pile) - last - 1
                        if above > places or not self._put_aside(board, t, above):
                            continue
                    open_piles = self._spaces(board, t)
                    if not open_piles:
                        continue
                    cells, through, reach = self._reach(board, t)
                    through = [s for s in through if s != open_piles[0]]
                    reach = (len(cells) + 1) << len(through)
                    if last == len(pile) - 1:
                        start = first if len(pile) - first <= reach else 0
                    else:
                        start = max(first, last + 1 - reach)
                    if start == 0 and last == len(pile) - 1:
                        continue  # the whole pile: nothing gained
                    if not self.t_start[pile[start]]:
                        continue
                    size = last - start + 1
                    if self._run_move(board, t, open_piles[0], size, cells, through):
                        keep(found, board)
        # 7: a cell's card to an empty pile.
        if spaces:
            for r in reserves:
                if piles[r] and self.t_start[piles[r][-1]]:
                    found.append((self.transfer.get(r, spaces[0], 1),))
        # 8: a card on its parent, and the cards above it, onto another parent.
        for t in tableau:
            pile = piles[t]
            if len(pile) < 2:
                continue
            bottom = len(pile) - 1
            while bottom > 0 and self._on_parent(pile, bottom):
                bottom -= 1
            for i in range(bottom + 1, len(pile)):
                for dst, at in self._parents(where, piles, pile[i], t):
                    above = len(piles[dst]) - at - 1
                    board = _Board(piles, self.transfer, tableau)
                    if above > places or not self._put_aside(board, dst, above):
                        continue
                    cells, through, reach = self._reach(board, t)
                    size = len(pile) - i
                    if size <= reach and self._run_move(board, t, dst, size, cells, through):
                        keep(found, board)
        # 9: a whole pile into the free cells, where no pile is empty.
        if cells_free and not spaces:
            for t in tableau:
                if piles[t] and len(piles[t]) <= cells_free:
                    board = _Board(piles, self.transfer, tableau)
                    if self._put_aside(board, t, len(piles[t])):
                        keep(found, board)
        seen: set[tuple[Move, ...]] = set()
        actions: list[Action] = []
        for composite in found:
            if composite not in seen:
                seen.add(composite)
                actions.append(composite[0] if len(composite) == 1 else composite)
        actions.reverse()  # the search pops the last
        return actions


@cache
def meta_move_generator(model: Model) -> ActionGenerator | None:
    """``model``'s composite moves (None where `meta_moves_supported` says no), made once
    per model: every search builds a `DepthFirst`, hints' short ones too, and few use them."""
    return MetaMoves(model).generate if meta_moves_supported(model) else None
