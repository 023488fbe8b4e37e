"""`State`: one position of one game, with the single API every game shares.

Piles are tuples of card ints (face-down cards carry the ``FACE_DOWN`` bit), so a move
replaces two tuples and undo restores a snapshot of two plain fields.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence

from runtime.engine.cards import CARD_MASK, DECK_SIZE, FACE_DOWN, RANK, SUIT, card_text
from runtime.engine.dealing import deal_piles, last_deal_splits, stock_deal_targets
from runtime.engine.layout import (
    ROLE_FOUNDATION,
    ROLE_RESERVE,
    ROLE_TABLEAU,
    ROLE_WASTE,
    Layout,
    Plan,
    Tables,
    layout_for,
    plan_for,
    tables_for,
)
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
    Refill,
    Rules,
    Scoring,
    StockTarget,
)
from runtime.engine.sequences import sequence_score
from runtime.engine.shuffle import redeal_shuffle

Piles = tuple[tuple[int, ...], ...]
_Snapshot = tuple[Move, Piles, int, int]  # the move, then piles, redeals left and base before it
_TRANSFER = MoveKind.TRANSFER


class State:
    """A position plus its undo/redo history.

    `apply` is fast and unchecked; `play` checks legality and raises `IllegalMoveError`.
    """

    __slots__ = (
        "_cached_base",
        "_cached_moves",
        "_cached_piles",
        "_cached_redeals",
        "_future",
        "_history",
        "_plan_cache",
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
    _plan_cache: Plan
    _cached_piles: Piles | None
    _cached_redeals: int
    _cached_base: int
    _cached_moves: list[Move]

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
        state.redeals_left = rules.base_choices or rules.redeals
        state._history = []
        state._future = []
        state._plan_cache = plan_for(rules, base)
        state._cached_piles = None
        state._cached_redeals = 0
        state._cached_base = 0
        state._cached_moves = []
        if rules.waste_refill_from_stock:
            dealt = list(piles)
            state._refill_waste(dealt)
            state.piles = tuple(dealt)
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
        """Every legal move, in a fixed order.

        Transfers come first, by source pile; for one source: to the foundations, to the
        waste, to the tableau (by card count, then destination pile), to the reserves. Then
        ``deal`` or ``redeal``. The list is cached for the current position (a fresh copy is
        returned each time), so asking twice costs little.
        """
        piles = self.piles
        if (
            self._cached_piles is piles
            and self._cached_redeals == self.redeals_left
            and self._cached_base == self.base
        ):
            return list(self._cached_moves)
        moves = self._generate()
        self._cached_piles = piles
        self._cached_redeals = self.redeals_left
        self._cached_base = self.base
        self._cached_moves = moves
        return list(moves)

    def _plan(self) -> Plan:
        plan = self._plan_cache
        if plan.base != self.base or plan.rules is not self.rules:
            plan = self._plan_cache = plan_for(self.rules, self.base)
        return plan

    def _generate(self) -> list[Move]:
        if self.is_won():
            return []
        if self.rules.base_first and not self.base:
            return self._base_choices()
        plan = self._plan()
        rules = plan.rules
        layout = plan.layout
        piles = self.piles
        moves: list[Move] = []
        append = moves.append
        one = plan.one

        # Which foundation piles take which card, then the same for the tableau.
        to_foundation: dict[int, list[int]] = {}
        foundation_next = plan.foundation_next
        if foundation_next is not None:
            start = plan.foundation_start
            up_then_down = rules.foundation_up_then_down
            if up_then_down:  # one foundation per suit: a started suit starts no other
                started = {SUIT[piles[f][0]] for f in layout.foundations if piles[f]}
                start = tuple(card for card in start if SUIT[card] not in started)
            for dst in layout.foundations:
                target = piles[dst]
                if up_then_down and len(target) >= 13:
                    next_cards = _back_down(target)
                else:
                    next_cards = foundation_next[target[-1]] if target else start
                for card in next_cards:
                    found = to_foundation.get(card)
                    if found is None:
                        to_foundation[card] = [dst]
                    else:
                        found.append(dst)
        to_tableau: dict[int, list[int]] = {}
        empty_tableau = False
        tableau_next = plan.tableau_next
        tableau_capacity = rules.tableau_capacity
        if tableau_next is not None:
            tableau_start = plan.tableau_start
            fixed = rules.tableau_fixed_direction
            tableau_table = plan.tables.tableau
            for dst in layout.tableau:
                target = piles[dst]
                if tableau_capacity and len(target) >= tableau_capacity:
                    continue  # full (Eagle Wing: "a maximum of three cards")
                if target:
                    cards = tableau_next[target[-1]]
                    if fixed and len(target) >= 2 and tableau_table is not None:
                        cards = _continuing(target, cards, tableau_table)
                else:
                    space_cards = plan.hole_start if dst in plan.holes else tableau_start
                    if space_cards is None:
                        continue
                    cards = space_cards
                    empty_tableau = True
                for card in cards:
                    found = to_tableau.get(card)
                    if found is None:
                        to_tableau[card] = [dst]
                    else:
                        found.append(dst)
        limit = limit_empty = DECK_SIZE
        if to_tableau and rules.group_limit is not GroupLimit.NONE:
            limit = self._group_limit()
            limit_empty = self._group_limit(to_empty=True) if empty_tableau else limit
        waste_next = plan.waste_next
        waste_accepts: frozenset[int] = frozenset()
        waste = layout.waste
        if waste_next is not None:
            waste_target = piles[waste]
            if waste_target:
                waste_accepts = waste_next[waste_target[-1]]
        covered = plan.covered if plan.has_cover else None
        reserves_accept = rules.reserves_accept
        runs = rules.runs_to_foundation
        grouped = plan.tableau_role_group
        group_cap = max(limit, limit_empty)
        # A group must follow the build rule (and be one suit for same-suit runs), except where
        # any face-up cards move together.
        build_table = plan.group_table
        # Westhaven: the top card, or the whole face-up part and nothing in between.
        top_or_all = rules.group_move is GroupMove.TOP_OR_FACE_UP
        keeps_base = plan.keeps_base
        takes_suits = plan.takes_suits
        builds_waste = False
        fill_roles = plan.fill_roles  # who may fill an empty tableau pile (None: anyone)
        # Glenwood: the waste fills a space only once every reserve is empty.
        waste_waits = rules.tableau_waste_fills_last and any(piles[r] for r in layout.reserves)
        whole_pile = rules.group_move is GroupMove.WHOLE_PILE
        reserve_only = rules.reserve_to_foundations_only  # reserve cards go only to foundations

        for src, role in plan.sources:
            pile = piles[src]
            if not pile:
                continue
            top = pile[-1]
            if top >= FACE_DOWN:
                continue
            if keeps_base and role == ROLE_FOUNDATION and len(pile) == 1:
                continue
            if covered is not None and role in (ROLE_TABLEAU, ROLE_RESERVE):
                blocked = False
                for over in covered[src]:
                    if piles[over]:
                        blocked = True
                        break
                if blocked:
                    continue
            # To the foundations.
            if role != ROLE_FOUNDATION:
                dsts = to_foundation.get(top)
                if dsts is not None:
                    ones = one[src]
                    for dst in dsts:
                        append(ones[dst])
                        if runs and role == ROLE_TABLEAU:
                            self._runs_to_foundation(src, dst, pile, append)
            if takes_suits and role == ROLE_TABLEAU and top % 13 == 0 and len(pile) >= 13:
                dst = _whole_suit_destination(pile, piles, layout.foundations)
                if dst >= 0:
                    append(Move(_TRANSFER, src, dst, 13))
            # To the waste, where the waste is a building pile.
            if top in waste_accepts and role == ROLE_TABLEAU:
                append(one[src][waste])
                builds_waste = True
            # To the tableau.
            if to_tableau and not (reserve_only and role == ROLE_RESERVE):
                ones = one[src]
                if role != ROLE_TABLEAU:
                    dsts = to_tableau.get(top)
                    if dsts is not None:
                        for dst in dsts:
                            if piles[dst] or (
                                (fill_roles is None or role in fill_roles)
                                and not (waste_waits and role == ROLE_WASTE)
                            ):
                                append(ones[dst])
                else:
                    height = len(pile)
                    most = group_cap if grouped else 1
                    n = 1
                    card = top
                    while True:
                        dsts = to_tableau.get(card)
                        if whole_pile and n < height:
                            dsts = None  # onto another pile only the whole pile goes
                        if top_or_all and n > 1 and n < height and pile[-n - 1] < FACE_DOWN:
                            dsts = None  # part of the face-up cards, not all of them
                        if dsts is not None:
                            for dst in dsts:
                                if dst == src:
                                    continue
                                if tableau_capacity and len(piles[dst]) + n > tableau_capacity:
                                    continue
                                if piles[dst]:
                                    if n > limit:
                                        continue
                                elif n > limit_empty or n >= height:
                                    continue  # a whole pile to an empty pile changes nothing
                                elif fill_roles is not None and ROLE_TABLEAU not in fill_roles:
                                    continue
                                append(ones[dst] if n == 1 else Move(_TRANSFER, src, dst, n))
                        if n >= most or n >= height:
                            break
                        lower = pile[-n - 1]
                        if lower >= FACE_DOWN or (
                            build_table is not None and not build_table[lower * DECK_SIZE + card]
                        ):
                            break
                        n += 1
                        card = lower
            # To the reserves.
            if reserves_accept and role in (ROLE_TABLEAU, ROLE_WASTE):
                capacity = rules.reserve_capacity
                for dst in layout.reserves:
                    if len(piles[dst]) < capacity:
                        append(one[src][dst])
        stock = piles[layout.stock]
        if stock:
            # "Build on to the Waste ... whenever possible": no deal while a card fits there.
            if (
                stock[-1] >= FACE_DOWN
                and self._can_deal()
                and not (builds_waste and rules.waste_build_first)
                and not (rules.stock_fill_spaces_first and self._fills_space(moves))
            ):
                append(DEAL)
        elif rules.redeal_from_reserves:
            if self.redeals_left != 0 and any(piles[r] for r in layout.reserves):
                append(REDEAL)
        elif waste >= 0 and piles[waste] and self.redeals_left != 0 and waste_next is None:
            append(REDEAL)
        return moves

    def _base_choices(self) -> list[Move]:
        """`Rules.base_first`: the top card of each pile of a `base_from` kind, in pile order,
        onto the first foundation; nothing else."""
        layout, kinds = self.layout, self.rules.base_from
        first = layout.foundations[0]
        moves = [
            Move.transfer(src, first)
            for src, pile in enumerate(self.piles)
            if pile
            and pile[-1] < FACE_DOWN
            and src != first
            and layout.kinds[src] is not PileKind.FOUNDATION
            and (not kinds or layout.kinds[src] in kinds)
        ]
        if self.rules.base_choices and self.redeals_left > 0 and self.piles[layout.stock]:
            moves.append(DEAL)  # turn the next card to choose from (Hamilton)
        return moves

    def _runs_to_foundation(
        self, src: int, dst: int, pile: tuple[int, ...], append: Callable[[Move], None]
    ) -> None:
        fnd = self._plan().tables.foundation
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
        height = len(pile)
        if policy in (GroupMove.ANY_FACE_UP, GroupMove.TOP_OR_FACE_UP):
            while size < height and pile[-size - 1] < FACE_DOWN:
                size += 1
            return size
        tab = self._plan().group_table
        assert tab is not None
        while size < height:
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
        return (free + 1) << max(empty, 0)

    def _fills_space(self, moves: list[Move]) -> bool:
        """Whether one of ``moves`` puts cards on an empty tableau pile ("Any empty Tableau
        slots must be filled if possible before dealing")."""
        piles = self.piles
        tableau = self.layout.tableau
        return any(
            move[0] is _TRANSFER and not piles[move[2]] and move[2] in tableau for move in moves
        )

    def _can_deal(self) -> bool:
        rules = self.rules
        if rules.stock_locks_on_space and self.redeals_left > 0:
            return False  # locked until the spaces are filled or the waste's card is played
        if rules.waste_capacity and len(self.piles[self.layout.waste]) >= rules.waste_capacity:
            return False  # a full waste must be played off first (Sir Tommy)
        if rules.stock_target is StockTarget.TABLEAU and rules.stock_needs_full_tableau:
            return all(self.piles[t] for t in self.layout.tableau)
        return True

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def apply(self, move: Move) -> None:
        """Apply ``move`` without checking it (fast path for search); clears redo."""
        piles = self.piles
        self._history.append((move, piles, self.redeals_left, self.base))
        if self._future:
            self._future.clear()
        if move[0] is not _TRANSFER:
            self._do(move)
            return
        # The common case, inlined: a transfer between two piles.
        _, src, dst, n = move
        plan = self._plan_cache
        source = piles[src]
        rest = source[:-n]
        if (
            rest
            and rest[-1] >= FACE_DOWN
            and (plan.turns_up[src] or (len(rest) == 1 and plan.turns_up_last[src]))
        ):
            rest = (*rest[:-1], rest[-1] - FACE_DOWN)
        moving = source[-n:] if n == 1 or not plan.takes_runs[dst] else source[: -n - 1 : -1]
        new = list(piles)
        new[src] = rest
        new[dst] = piles[dst] + moving
        rules = self.rules
        open_base = not self.base and rules.base_chosen
        if open_base:
            self._choose_base(dst, moving[0])
        if not rest and plan.after_empty[src]:
            if plan.uncovers[src]:
                self._turn_up_uncovered(new, src)
            if plan.refills:
                self._refill_from_reserve(new, src)
            elif not any(plan.tableau_piles_of(new)):
                self._finish_stock_if_clear(new)
        if (
            rules.stock_locks_on_space
            or rules.waste_refill_from_stock
            or rules.stock_fills_after_base
        ):
            self._after_transfer(new, src, open_base and self.base != 0)
        self.piles = tuple(new)

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
        move, self.piles, self.redeals_left, base = self._history.pop()
        if base != self.base:
            self.set_base(base)
        self._future.append(move)
        return move

    def redo(self) -> Move | None:
        if not self._future:
            return None
        # Replayed through `apply`, the one place a transfer is played; it clears the redo
        # list, so the rest of that list is set aside meanwhile.
        future, self._future = self._future, []
        move = future.pop()
        self.apply(move)
        self._future = future
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
            _, self.piles, self.redeals_left, base = self._history[0]
            if base != self.base:
                self.set_base(base)
        self._history.clear()
        self._future.clear()

    def _do(self, move: Move) -> None:
        """A deal or a redeal (`apply` plays transfers itself)."""
        piles = list(self.piles)
        layout = self.layout
        if move[0] is MoveKind.DEAL:
            self._deal(piles)
        elif self.rules.redeal_from_reserves:
            self._gather_reserves(piles)
            if self.redeals_left > 0:
                self.redeals_left -= 1
        else:
            waste = piles[layout.waste]
            piles[layout.stock] = tuple(c | FACE_DOWN for c in reversed(waste))
            piles[layout.waste] = ()
            if self.redeals_left > 0:
                self.redeals_left -= 1
        self.piles = tuple(piles)

    def _gather_reserves(self, piles: list[tuple[int, ...]]) -> None:
        """A redeal from the reserves: each reserve pile, the first one first, is turned over
        onto the stock; with `Rules.redeal_shuffles` the stock is then shuffled, seeded by the
        deal's seed and the gathered cards, so the same position always redeals the same."""
        gathered: list[int] = []
        for r in self.layout.reserves:
            gathered.extend(c & CARD_MASK for c in piles[r])  # bottom card first: top of stock
            piles[r] = ()
        stock = list(reversed(gathered))  # the last element is the top card, dealt first
        if self.rules.redeal_shuffles:
            stock = redeal_shuffle(self.seed, stock)
        piles[self.layout.stock] = tuple(c | FACE_DOWN for c in stock)

    def _deal(self, piles: list[tuple[int, ...]]) -> None:
        rules = self.rules
        layout = self.layout
        stock = piles[layout.stock]
        if rules.base_choices and not self.base:
            # The next card to choose from: the waste's card goes back under the stock.
            back = tuple(c | FACE_DOWN for c in piles[layout.waste])
            piles[layout.waste] = (stock[-1] & CARD_MASK,)
            piles[layout.stock] = back + stock[:-1]
            self.redeals_left -= 1
            return
        if rules.stock_target is StockTarget.WASTE:
            n = min(rules.stock_draw, len(stock))
            piles[layout.waste] += tuple(c & CARD_MASK for c in reversed(stock[-n:]))
            piles[layout.stock] = stock[:-n]
            if rules.stock_locks_on_space:  # a deal that leaves a space locks the stock
                spaces = not all(piles[t] for t in layout.tableau)
                self.redeals_left = 1 if spaces and piles[layout.stock] else 0
            return
        targets = stock_deal_targets(rules, layout)
        if last_deal_splits(rules, len(stock), len(targets)):
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

    def _after_transfer(self, piles: list[tuple[int, ...]], src: int, chose: bool) -> None:
        """What follows a transfer: with `stock_fills_after_base`, the move that chose the base
        deals a card onto every empty tableau pile; with `stock_locks_on_space`, playing the
        waste's card or leaving no space unlocks the stock; with `waste_refill_from_stock`, an
        empty waste takes the next deal at once (which may lock the stock again)."""
        rules = self.rules
        layout = self.layout
        if chose and rules.stock_fills_after_base:
            stock = piles[layout.stock]
            for t in layout.tableau:
                if not piles[t] and stock:
                    piles[t] = (stock[-1] & CARD_MASK,)
                    stock = stock[:-1]
            piles[layout.stock] = stock
        if (
            rules.stock_locks_on_space
            and self.redeals_left > 0
            and (src == layout.waste or all(piles[t] for t in layout.tableau))
        ):
            self.redeals_left = 0
        self._refill_waste(piles)

    def _refill_waste(self, piles: list[tuple[int, ...]]) -> None:
        """`Rules.waste_refill_from_stock`: an empty waste takes the next deal from the stock,
        once any base to choose is chosen."""
        rules = self.rules
        waste = self.layout.waste
        if (
            rules.waste_refill_from_stock
            and waste >= 0
            and not piles[waste]
            and piles[self.layout.stock]
            and not (rules.base_chosen and not self.base)
        ):
            self._deal(piles)

    def _choose_base(self, dst: int, card: int) -> None:
        """The first card put on a foundation sets the base rank for every foundation."""
        if dst in self.layout.foundations:
            self.set_base(RANK[card])

    def set_base(self, base: int) -> None:
        """Set the foundation base rank (0: not chosen yet); for positions set by hand and
        for the solver fixing a base the player has still to choose."""
        self.base = base
        self.tables = tables_for(self.rules, base)

    def _turn_up_uncovered(self, piles: list[tuple[int, ...]], src: int) -> None:
        """Pile `src` was emptied: each pile it covered whose covers are now all gone turns its
        face-down top card up, as a fan pile turns up its new top card (Elevator)."""
        plan = self._plan_cache
        for pile in plan.uncovers[src]:
            cards = piles[pile]
            if cards and cards[-1] >= FACE_DOWN and not any(piles[c] for c in plan.covered[pile]):
                piles[pile] = (*cards[:-1], cards[-1] - FACE_DOWN)

    def _refill_from_reserve(self, piles: list[tuple[int, ...]], emptied: int) -> None:
        """The tableau pile just emptied takes the top card of the first non-empty reserve
        (Canfield); the card left on top of that reserve is turned face up. With
        `Refill.WASTE_THEN_STOCK` the card comes from the waste, or from the stock once the
        waste is empty (Zebra). Other empty piles are left alone, as the helps say "it"."""
        layout = self.layout
        feeders = layout.reserves
        if self.rules.tableau_refill is Refill.WASTE_THEN_STOCK:
            feeders = (layout.waste, layout.stock) if layout.waste >= 0 else (layout.stock,)
        if emptied not in layout.tableau:
            return  # an emptied reserve that covered others (Elevator) is not refilled
        for r in feeders:
            reserve = piles[r]
            if reserve:
                rest = reserve[:-1]
                if (
                    rest
                    and rest[-1] >= FACE_DOWN
                    and r != layout.stock
                    and (len(rest) == 1 or not self.rules.reserve_reveal_last)
                ):
                    rest = (*rest[:-1], rest[-1] - FACE_DOWN)
                piles[r] = rest
                piles[emptied] = (reserve[-1] & CARD_MASK,)
                break

    def _finish_stock_if_clear(self, piles: list[tuple[int, ...]]) -> None:
        """Once the tableau is clear, turn the rest of the stock onto the waste (Escalator)."""
        layout = self.layout
        if not self.rules.finish_stock_when_tableau_clear or any(piles[t] for t in layout.tableau):
            return
        stock = piles[layout.stock]
        piles[layout.waste] += tuple(c & CARD_MASK for c in reversed(stock))
        piles[layout.stock] = ()

    # -- outcome ------------------------------------------------------------------------

    @property
    def score(self) -> int:
        rules = self.rules
        kind = rules.scoring
        piles = self.piles
        layout = self.layout
        if kind is Scoring.FOUNDATION_CARDS:
            return sum(len(piles[f]) for f in layout.foundations)
        if kind is Scoring.FOUNDATION_CARDS_PLACED:
            placed = sum(len(piles[f]) for f in layout.foundations)
            preset = (4 * rules.decks if rules.aces_on_foundations else 0) + rules.base_from_deal
            return placed - preset
        if kind is Scoring.POINTS:
            return _points(rules, layout, piles)
        if kind is Scoring.FOUNDATION_CARDS_ON_CARDS:
            return sum(len(piles[f]) - 1 for f in layout.foundations if piles[f])
        if kind is Scoring.NONE:
            return 0
        if kind is Scoring.SEQUENCES:
            # The piles before each move, then the piles now: each move with what it led to.
            history = self._history
            befores = [snapshot[1] for snapshot in history]
            moves = [snapshot[0] for snapshot in history]
            if not history:
                return sequence_score(rules, layout, piles, [])
            made = list(zip(moves, [*befores[1:], piles], strict=True))
            return sequence_score(rules, layout, befores[0], made)
        dealt = sum(down + up for down, up in rules.tableau_deal)
        return dealt - sum(len(piles[t]) for t in layout.tableau)

    def is_won(self) -> bool:
        piles = self.piles
        goal = self.rules.goal
        if goal is Goal.ALL_TO_FOUNDATIONS:
            total = 0
            for f in self.layout.foundations:
                total += len(piles[f])
            return total == self._plan_cache.deck_size
        if goal is Goal.ALL_TO_WASTE:
            return len(piles[self.layout.waste]) == self._plan_cache.deck_size
        if goal is Goal.TABLEAU_CLEARED:
            return not any(piles[t] for t in self.layout.tableau)
        total = sum(len(piles[f]) for f in self.layout.foundations)
        for t in self.layout.tableau:
            pile = piles[t]
            if pile:
                if not is_whole_suit(pile):
                    return False
                total += 13
        return total == self._plan_cache.deck_size

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


def _back_down(target: tuple[int, ...]) -> tuple[int, ...]:
    """What a full-up foundation (`Rules.foundation_up_then_down`) takes next: its top card
    again on the 13th, then the card its top card was built on, down to the 26th."""
    top = target[-1]
    if len(target) == 13:
        return (top,)
    if len(target) >= 26 or len(target) < 13:
        return ()
    below = target[26 - len(target) - 1]  # the ascent's card one step below the top
    return (below,)


def _continuing(
    target: tuple[int, ...], cards: tuple[int, ...], table: Sequence[bool]
) -> tuple[int, ...]:
    """Of `cards`, those that continue the build of `target`'s top two cards in its direction
    (`Rules.tableau_fixed_direction`); all of them when the top two form no build."""
    lower, top = target[-2], target[-1]
    if lower >= FACE_DOWN or not table[lower * DECK_SIZE + top]:
        return cards
    step = (RANK[top] - RANK[lower]) % 13
    return tuple(card for card in cards if (RANK[card] - RANK[top]) % 13 == step)


def is_whole_suit(cards: tuple[int, ...]) -> bool:
    """Thirteen face-up cards of one suit, King at the bottom down to Ace on top."""
    if len(cards) != 13:
        return False
    first = cards[0]
    return first < FACE_DOWN and first % 13 == 12 and cards == tuple(range(first, first - 13, -1))


def _whole_suit_destination(
    pile: tuple[int, ...], piles: Piles, foundations: tuple[int, ...]
) -> int:
    """The first empty foundation, if the top 13 cards of ``pile`` are one whole suit; else -1."""
    if not is_whole_suit(pile[-13:]):
        return -1
    for f in foundations:
        if not piles[f]:
            return f
    return -1


def _points(rules: Rules, layout: Layout, piles: Piles) -> int:
    """`Scoring.POINTS`: the weighted sum the `score_*` fields describe."""
    score = 0
    for f in layout.foundations:
        n = len(piles[f])
        score += n * rules.score_foundation_card
        if n == 13:
            score += rules.score_foundation_complete
    pair = rules.score_pair
    hidden = 0
    for t in layout.tableau:
        pile = piles[t]
        if pair is not None and rules.score_pair_points:
            for lower, upper in itertools.pairwise(pile):
                if lower < FACE_DOWN and upper < FACE_DOWN and pair(lower, upper, 1):
                    score += rules.score_pair_points
        if rules.score_tableau_suit and is_whole_suit(pile):
            score += rules.score_tableau_suit
        hidden += sum(1 for c in pile if c >= FACE_DOWN)
    if rules.score_turned_card:
        dealt = sum(down for down, _up in rules.tableau_deal)
        if rules.tableau_face_rows:
            dealt = sum(
                sum(1 for row in rules.tableau_face_rows[: down + up] if row)
                for down, up in rules.tableau_deal
            )
        score += (dealt - hidden) * rules.score_turned_card
    return score
