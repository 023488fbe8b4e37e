"""A specialised search for the free-cell family: every card dealt face up, no stock.

Seahaven, FreeCell, Eight Off, Baker's Dozen and Beleaguered Castle are open games: all
cards face up, no stock or waste, foundations built as chains (one suit each), tableau
piles that differ only by their contents, and free cells. For them the generic search
pays for generality it does not need; this module keeps the same rules (read from the
model) but works on bare pile tuples:

- the transposition key is an integer saying where each card lies (see SHIFT): it
  ignores the order of piles and cells with no sorting, and a child's key follows from
  its parent's and the move, so children are keyed and scored without being built;
- moves are generated in one pass over the piles, without closures;
- safe foundation moves are played without branching, as in the generic search.

The search is greedy best-first on a distance estimate (cards not home, cards above the
next foundation cards, cells in use, empty piles, tableau cards out of sequence or above
a lower card of their own foundation chain), exhaustive over the reachable positions, so
it proves unwinnable deals. `CellsSearch.solve` first tries a small budget on relevant
moves only (most winnable deals end there), then the complete search.

This module is also compiled as is by mypyc (see `native.py`): keep it fully typed, and
avoid what compiled code treats differently (identity tests on tuples, for one).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import Final

from runtime.engine.cards import DECK_SIZE
from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import GroupLimit, GroupMove
from runtime.solver import clock
from runtime.solver.model import Model, open_free_cell_family

Piles = tuple[tuple[int, ...], ...]
Key = int
Counts = tuple[list[int], list[int]]  # see `CellsSearch.next_cards_in`
Tops = tuple[list[int], int, int]  # see `CellsSearch.tableau_tops`
_T: Final = MoveKind.TRANSFER
_CHECK_EVERY: Final = 256
# `best_first`'s heap holds plain ints, (estimate << ORDER_BITS) | (ORDER_MASK - entry
# number): the same order as (estimate, newest first) tuples, but compared as one int.
ORDER_BITS: Final = 40
ORDER_MASK: Final = (1 << ORDER_BITS) - 1
# Children allowed to the first, relevant-moves-only phase of `CellsSearch.solve`.
RELEVANT_BUDGET = 5000
FIRST_BUDGET = 50_000  # the complete search's first try, before the portfolio

# Position keys: SHIFT bits per card, saying where the card lies: home (0), on card b in
# the tableau or a reserve (b + 1), at the bottom of a tableau pile (BOTTOM), at the bottom
# of a reserve (CELL_CODE, plus the reserve's number when reserves are not interchangeable).
# A move changes only its lowest card's code, so a child's key is its parent's with one
# field changed; the key ignores the order of tableau piles (and of interchangeable
# reserves) with no sorting, and with chain foundations it says exactly what is home.
SHIFT: Final = 7
BOTTOM: Final = DECK_SIZE + 1
CELL_CODE: Final = DECK_SIZE + 2

# Best-first estimate weights.
HOME: Final = 8  # per card not home
BURIED: Final = 3  # per card above a next foundation card
CELL: Final = 6  # per cell in use
EMPTY: Final = 8  # per empty tableau pile (subtracted)
BREAK: Final = 1  # per tableau card not built on the card below it
BLOCKED: Final = 5  # per tableau card above a card of its own foundation chain that goes home first

# (relevant moves only, cell weight, empty pile weight, break weight, children, can prove a
# loss, foundation cards may come back where the rules let them): after the first tries.
Phase = tuple[bool, int, int, int, int, bool, bool]
PORTFOLIO: tuple[Phase, ...] = (
    (True, 12, EMPTY, BREAK, 5000, False, True),
    (False, 18, EMPTY, BREAK, 20_000, True, True),
    (False, 9, EMPTY, BREAK, 20_000, True, True),
)
# With no cells the cell weight changes nothing (the searches above would replay the first
# tries), so the portfolio weighs empty piles otherwise: not at all (Baker's Dozen, whose
# spaces stay empty: it wins a third of the deals the usual weights leave unknown).
PORTFOLIO_WITHOUT_CELLS: tuple[Phase, ...] = ((False, CELL, 0, BREAK, 45_000, True, True),)
# On a long budget (the free-cell family's surveys run 2,000,000 children, about 10 s) four
# more weightings of a card off its build and of empty piles: on Beleaguered Castle and
# Streets and Alleys each wins some deals the usual weights leave unknown at 2,000,000
# (Beleaguered Castle seed 33: 671 children with a card off its build at 6), and together
# they cost a deal the main search settles 240,000 children (`docs/solver.md`).
LONG_BUDGET = 1_000_000
PORTFOLIO_WITHOUT_CELLS_LONG: tuple[Phase, ...] = (
    *PORTFOLIO_WITHOUT_CELLS,
    (False, CELL, EMPTY, 6, 60_000, True, True),
    (False, CELL, EMPTY, 10, 60_000, True, True),
    (False, CELL, 0, 3, 60_000, True, True),
    (False, CELL, EMPTY, 3, 60_000, True, True),
)
# Where foundation cards may come back, the long portfolio ends with a search that never
# plays one back: a win without play-back is a win, and play-back moves, each as good as
# the estimate says, can drown the few that win (Beleaguered Castle seed 51: won in 43,308
# children without them, unknown after 2,000,000 with them). Without them a search that
# runs dry proves nothing.
WITHOUT_PLAY_BACK: Phase = (False, CELL, EMPTY, BREAK, 60_000, False, False)


@cache
def cells_supported(model: Model) -> bool:
    """Whether ``model``'s game is an open free-cell-family game this module can search:
    its foundations' chains numbered (`_chains_end`) and its piles within the key's codes."""
    return (
        open_free_cell_family(model)
        and model.foundations_by_top
        and _chains_end(model.foundation_hosts)
        and CELL_CODE + model.r1 - model.r0 < 1 << SHIFT
    )


def _chains_end(foundation_hosts: tuple[tuple[int, ...], ...]) -> bool:
    """Whether every foundation chain, followed down from any card, reaches its first card
    (no wrap-around from King to Ace): a card's place in its chain is then a number."""
    for card in range(DECK_SIZE):
        seen = {card}
        c = card
        while foundation_hosts[c]:
            c = foundation_hosts[c][0]
            if c in seen:
                return False
            seen.add(c)
    return True


@dataclass(frozen=True, slots=True)
class CellsResult:
    won: bool | None  # None: a limit came first
    moves: tuple[Move, ...]
    nodes: int
    dead: frozenset[Hashable] = frozenset()  # every key seen, when exhausted


class CellsSearch:
    """Compiled once per model (see `cells_search`)."""

    # Tests: check every incrementally scored child against a full `estimate`, and every
    # expanded position's inherited `next_cards_in` against a fresh one.
    verify_estimates = False

    def __init__(self, model: Model) -> None:
        rules = model.rules
        self.model = model
        self.cell = CELL  # the cell weight: `solve` tries a second one on hard deals
        self.empty = EMPTY  # the empty pile weight: likewise where there are no cells
        self.breaks = BREAK  # the weight of a card not built on the card below: likewise
        count = len(model.layout.kinds)
        self.one = tuple(
            tuple(Move(_T, src, dst, 1) for dst in range(count)) for src in range(count)
        )
        self.deck = rules.deck_size
        self.f0, self.f1 = model.f0, model.f1
        self.t0, self.t1 = model.t0, model.t1
        self.r0, self.r1 = model.r0, model.r1
        self.tableau = tuple(range(model.t0, model.t1))
        self.reserves = tuple(range(model.r0, model.r1))
        self.sources = self.tableau + self.reserves
        self.is_tableau = tuple(model.t0 <= i < model.t1 for i in range(len(model.layout.kinds)))
        self.is_cell = tuple(model.r0 <= i < model.r1 for i in range(len(model.layout.kinds)))
        self.is_foundation = tuple(model.f0 <= i < model.f1 for i in range(len(model.layout.kinds)))
        self.foundations = tuple(range(model.f0, model.f1))
        self.cells_accept = rules.reserves_accept
        self.sort_cells = model.reserves_symmetric
        self.hosts = model.hosts
        # The first host of each card (-1: none) and the others: most games have one.
        self.host1 = tuple(h[0] if h else -1 for h in model.hosts)
        self.more_hosts = tuple(h[1:] for h in model.hosts)
        # builds_on[card]: a card that may be placed on ``card`` in the tableau (-1: none).
        builds_on = [-1] * DECK_SIZE
        for upper in range(DECK_SIZE):
            for lower in model.hosts[upper]:
                builds_on[lower] = upper
        self.builds_on = tuple(builds_on)
        self.multi_host = any(len(h) > 1 for h in model.hosts)
        tab = model.tables.tableau
        assert tab is not None
        self.tab = tab
        self.grouped = rules.group_move is GroupMove.BUILD
        # Enum members are looked up at run time in compiled code: test them once here.
        self.limit_none = rules.group_limit is GroupLimit.NONE
        self.limit_free = rules.group_limit is GroupLimit.FREE_RESERVES
        # Moves of a run (two cards or more), made once (see `run_move`).
        self.runs: dict[int, Move] = {}
        self.count = count
        # `generate`'s card -> tableau pile it tops (-1: none), copied per position. One
        # spare last entry that stays -1: a missing host (-1) indexes it.
        self.no_tops = [-1] * (DECK_SIZE + 1)
        self.no_takers = [False] * DECK_SIZE  # `generate`'s takers, by card
        self.t_start = model.tableau_start or (False,) * DECK_SIZE
        self.starters_tableau = frozenset(c for c in range(DECK_SIZE) if self.t_start[c])
        f_hosts = model.foundation_hosts
        # next_home[card]: the card that goes on ``card`` on its foundation (-1: none).
        nxt = [-1] * DECK_SIZE
        for upper in range(DECK_SIZE):
            for lower in f_hosts[upper]:
                nxt[lower] = upper
        self.next_home = tuple(nxt)
        self.starters = tuple(c for c in range(DECK_SIZE) if model.foundation_start[c])
        self.play_back = rules.foundation_play_back
        self.keeps_base = rules.foundation_keeps_base
        # Autoplay: what a card needs home beyond its own chain (None: never automatic).
        below: list[set[int]] = []
        for card in range(DECK_SIZE):
            chain: set[int] = set()
            c = card
            while f_hosts[c] and f_hosts[c][0] not in chain:
                c = f_hosts[c][0]
                chain.add(c)
            below.append(chain)
        needs: list[tuple[int, ...] | None] = []
        for card in range(DECK_SIZE):
            need = model.safe_needs[card]
            needs.append(None if need is None else tuple(u for u in need if u not in below[card]))
        self.needs = tuple(needs)
        # A card that needs nothing more would go straight back home after play-back: the
        # child is its parent, so such play-back moves are not generated.
        self.bounces = tuple(need is not None and not need for need in needs)
        # Every foundation move safe (building in suit): then no position `best_first`
        # expands has a next foundation card on top. The root and every built child have
        # had their safe moves played; a lazily built child has two new tops, the moved
        # card (a top of its parent, so not one) and the source's new top (not one either,
        # or the child would have been built and autoplayed), with the same next cards.
        # So it generates no foundation move there, and the order of ``wanted``, which
        # orders those moves, does not matter.
        self.all_safe = all(need is not None and not need for need in needs)
        # below[card]: the cards that go home before ``card`` on its foundation chain;
        # chain[card] names that chain and step[card] is how many cards go before it
        # (a chain is a path: every card has at most one foundation host).
        self.below = tuple(frozenset(chain) for chain in below)
        roots = []
        for card in range(DECK_SIZE):
            c = card
            while f_hosts[c] and len(below[f_hosts[c][0]]) < len(below[c]):
                c = f_hosts[c][0]
            roots.append(c)
        # chain[card]: its foundation chain, numbered from 0 by its first card.
        numbers = {root: i for i, root in enumerate(sorted(set(roots)))}
        self.chain = tuple(numbers[root] for root in roots)
        self.no_lowest = [DECK_SIZE] * len(numbers)  # `disorder`'s start: no step seen
        self.step = tuple(len(chain) for chain in below)
        # A card's key code when it lies at the bottom of pile i (0 on a foundation).
        start = [0] * count
        for t in self.tableau:
            start[t] = BOTTOM
        for i, r in enumerate(self.reserves):
            start[r] = CELL_CODE + (0 if self.sort_cells else i)
        self.start_code = tuple(start)
        self.shift = tuple(SHIFT * c for c in range(DECK_SIZE))

    # -- positions ---------------------------------------------------------------------

    def key(self, piles: Piles) -> Key:
        """The position's transposition key (see SHIFT); 0 when every card is home."""
        key = 0
        start_code = self.start_code
        for i in self.tableau + self.reserves:
            code = start_code[i]
            for card in piles[i]:
                key |= code << SHIFT * card
                code = card + 1
        return key

    def autoplay(
        self,
        piles: Piles,
        played: list[Move],
        key: Key = 0,
        wanted: dict[int, int] | None = None,
        tops: list[int] | None = None,
    ) -> tuple[Piles, Key, dict[int, int]]:
        """``piles`` after every safe foundation move (appended to ``played``), ``key``
        updated to match (pass the key of ``piles``), and their next foundation cards
        (pass those of ``piles`` when known; never changed in place). ``tops``: by card,
        the tableau pile or cell it tops in ``piles`` (see `source_tops`), when known; a
        list of the caller's, changed here."""
        needs = self.needs
        one = self.one
        start_code = self.start_code
        shift = self.shift
        next_home = self.next_home
        if wanted is None:
            wanted = self.wanted(piles)
        if tops is None:
            tops = self.source_tops(piles)
        elif self.verify_estimates and tops != self.source_tops(piles):
            raise AssertionError("autoplay's tops")
        work: list[tuple[int, ...]] = []  # the piles as they change (copied at the first move)
        own = False  # whether ``wanted`` is a copy of our own, to change in place
        moved = True
        while moved:
            moved = False
            for card in wanted:
                src = tops[card]
                if src < 0:
                    continue
                f = wanted[card]
                need = needs[card]
                if need is None:
                    continue
                if not work:
                    work = list(piles)
                if need:
                    home = {c for g in self.foundations for c in work[g]}
                    if not home.issuperset(need):
                        continue
                p = work[src]
                started = not work[f]
                work[src] = p[:-1]
                work[f] = work[f] + p[-1:]
                played.append(one[src][f])
                tops[card] = -1
                if p[0] != card:  # (one deck: the pile holds more cards)
                    lower = p[-2]
                    key ^= (lower + 1) << shift[card]
                    tops[lower] = src
                else:
                    key ^= start_code[src] << shift[card]
                if started:
                    wanted = self.wanted(tuple(work))  # the other first cards look elsewhere now
                    own = True
                else:
                    if not own:
                        wanted = dict(wanted)
                        own = True
                    del wanted[card]
                    if next_home[card] >= 0:
                        wanted[next_home[card]] = f
                moved = True
                break
        if work:
            piles = tuple(work)
        return piles, key, wanted

    def source_tops(self, piles: Piles) -> list[int]:
        """By card, the tableau pile or cell it tops (-1: none)."""
        tops = self.no_tops[:]
        for src in self.sources:
            p = piles[src]
            if p:
                tops[p[-1]] = src
        return tops

    def disorder_of(self, p: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:
        """`disorder`, cached by pile in ``memo``."""
        cost = memo.get(p)
        if cost is None:
            cost = memo[p] = self.disorder(p)
        return cost

    def disorder(self, p: tuple[int, ...]) -> int:
        """A tableau pile's cards not built on the card below, and cards above a card that
        goes home before them on their own foundation chain (each must leave the pile
        first: to a cell, or onto a host elsewhere)."""
        tab = self.tab
        chain, step = self.chain, self.step
        if not p:
            return 0
        lowest = self.no_lowest[:]  # by chain: the lowest step of it seen so far
        breaks = self.breaks
        cost = 0
        prev = p[0]
        lowest[chain[prev]] = step[prev]
        for c in p[1:]:
            if not tab[prev * DECK_SIZE + c]:
                cost += breaks
            k = chain[c]
            s = step[c]
            low = lowest[k]
            if low < s:
                cost += BLOCKED
            else:
                lowest[k] = s
            prev = c
        return cost

    def estimate(
        self,
        piles: Piles,
        wanted: dict[int, int],
        memo: dict[tuple[int, ...], int] | None = None,
        next_in: Counts | None = None,
    ) -> int:
        """Distance to a win (lower is better); ``wanted`` are the next foundation cards.

        ``memo`` caches `disorder` by pile (most piles of a child are its parent's).
        ``next_in``: lists to fill with `next_cards_in` on the way (all zeros given)."""
        score = HOME * self.deck
        for f in self.foundations:
            score -= HOME * len(piles[f])
        buried = 0
        if memo is None:
            memo = {}
        # The next foundation cards as flags by card: one pass over each pile, with no
        # dictionary look-up or method call per card (compiled, that is far cheaper).
        is_next = self.no_takers[:]
        for u in wanted:
            is_next[u] = True
        for t in self.tableau:
            p = piles[t]
            if p:
                cost = memo.get(p)
                if cost is None:
                    cost = memo[p] = self.disorder(p)
                score += cost
                n = nearest = 0
                for c in p:
                    if is_next[c]:  # (rare: no depth counted per card)
                        nearest = len(p) - 1 - p.index(c)  # (one deck: cards are unique)
                        buried += nearest
                        n += 1
                if n and next_in is not None:
                    next_in[0][t] = n
                    next_in[1][t] = nearest
            else:
                score -= self.empty
        for r in self.reserves:
            if piles[r]:
                score += self.cell
        return score + BURIED * buried

    def wanted(self, piles: Piles) -> dict[int, int]:
        """Card -> the foundation that takes it next."""
        next_home = self.next_home
        wanted: dict[int, int] = {}
        empty_f = -1
        for f in self.foundations:
            p = piles[f]
            if p:
                u = next_home[p[-1]]
                if u >= 0:
                    wanted[u] = f
            elif empty_f < 0:
                empty_f = f
        if empty_f >= 0:
            for u in self.starters:
                wanted.setdefault(u, empty_f)
        return wanted

    def next_cards_in(self, piles: Piles, wanted: dict[int, int]) -> Counts:
        """Per tableau pile (by pile index, 0 elsewhere): how many next foundation cards
        it holds, and how many cards lie above the nearest of them."""
        counts = [0] * len(piles)
        depths = [0] * len(piles)
        next_cards = wanted.keys()
        for t in self.tableau:
            p = piles[t]
            if not next_cards.isdisjoint(p):
                counts[t], depths[t] = self.pile_next(p, wanted)
        return counts, depths

    @staticmethod
    def pile_next(p: tuple[int, ...], wanted: dict[int, int]) -> tuple[int, int]:
        """`next_cards_in` for one tableau pile ``p``."""
        if wanted.keys().isdisjoint(p):
            return 0, 0
        n = depth = 0
        i = len(p) - 1
        while i >= 0:
            if p[i] in wanted:
                if not n:
                    depth = len(p) - 1 - i
                n += 1
            i -= 1
        return n, depth

    def generate(
        self,
        piles: Piles,
        wanted: dict[int, int],
        relevant_only: bool = False,
        next_in: Counts | None = None,
        settled: bool = False,
        above: Tops | None = None,
    ) -> list[Move]:
        """Legal moves up to symmetry (one move to "an empty pile", "a free cell").

        ``relevant_only``: foundation play-back is left out, and a card goes to a free cell
        only when that looks useful (see below; a subset, for the first, incomplete phase of
        `solve`). ``next_in``: `next_cards_in` of the position, when known. ``settled``: no
        next foundation card is on top (see `all_safe`): no foundation move to look for.
        ``above``: `tableau_tops` of the position, when known."""
        one = self.one
        hosts = self.hosts
        tab = self.tab
        t_start = self.t_start
        host1, more_hosts, multi = self.host1, self.more_hosts, self.multi_host
        builds_on, starters_tableau = self.builds_on, self.starters_tableau
        out: list[Move] = []
        tops, n_empty, empty_t = above or self.tableau_tops(piles)
        free_cell = -1
        n_free = 0
        for r in self.reserves:
            if not piles[r]:
                n_free += 1
                if free_cell < 0:
                    free_cell = r
        if not self.cells_accept:
            free_cell = -1
        if relevant_only:
            counts, depths = next_in or self.next_cards_in(piles, wanted)
        # Tableau cards that would take a card from a cell: found at the first need.
        takers: list[bool] | None = None
        if not settled:
            for card, f in wanted.items():
                t = tops[card]
                if t >= 0:
                    out.append(one[t][f])
        if self.limit_none:
            limit = limit_empty = DECK_SIZE
        elif self.limit_free:
            limit = limit_empty = n_free + 1
        else:
            limit = (n_free + 1) << n_empty
            limit_empty = (n_free + 1) << max(n_empty - 1, 0)
        most = (limit if limit > limit_empty else limit_empty) if self.grouped else 1
        for t in self.tableau:
            p = piles[t]
            if not p:
                continue
            card = p[-1]
            # One card: onto a host (never the pile's own top), an empty pile, a cell.
            d = tops[host1[card]]
            if d >= 0:
                out.append(one[t][d])
            if multi:
                for host in more_hosts[card]:
                    d = tops[host]
                    if d >= 0:
                        out.append(one[t][d])
            if p[0] == card:  # a lone card (one deck): no move to an empty pile, no run
                if free_cell >= 0 and not relevant_only:
                    out.append(one[t][free_cell])
                continue
            b = p[-2]  # the card below
            if t_start[card] and empty_t >= 0:
                out.append(one[t][empty_t])
            if free_cell >= 0:
                if not relevant_only:
                    out.append(one[t][free_cell])
                else:
                    # Relevant moves: is this card worth a free cell? (Never the only card
                    # of a pile.) Yes to dig out a next foundation card at most (free
                    # cells + 1) cards deep; no when the nearest one lies deeper. Otherwise
                    # only when the card is not built on the card below, b, and b then has
                    # something to do: its host is a top, it may start an empty pile, it
                    # would take a cell card or another top, or a card that may start an
                    # empty pile lies further down. The last free cell is kept for b being
                    # a next foundation card, b's host being a top, or b taking a cell card.
                    depth = depths[t]
                    if depth or counts[t] > 1:
                        if depth > n_free + 1:
                            worth = False
                        elif n_free > 1 or b in wanted or tops[host1[b]] >= 0:
                            worth = True
                        else:
                            if takers is None:
                                takers = self.takers(piles, n_free)
                            worth = takers[b]
                    elif tab[b * DECK_SIZE + card]:
                        worth = False
                    elif tops[host1[b]] >= 0:
                        worth = True
                    else:
                        if takers is None:
                            takers = self.takers(piles, n_free)
                        if takers[b]:
                            worth = True
                        elif n_free == 1:
                            worth = False
                        else:
                            worth = tops[builds_on[b]] >= 0 or (
                                empty_t >= 0
                                and (
                                    (t_start[b] and len(p) > 2)
                                    or not starters_tableau.isdisjoint(p[1:-2])
                                )
                            )
                    if worth:
                        out.append(one[t][free_cell])
            # Runs of two cards or more (at most ``most``), while the cards below are built
            # in sequence.
            if most > 1 and tab[b * DECK_SIZE + card]:
                height = len(p)
                reach = most if most < height else height
                n = 1
                while True:
                    n += 1
                    card = p[-n]
                    for host in hosts[card]:
                        d = tops[host]
                        if d >= 0 and d != t and n <= limit:
                            out.append(self.run_move(t, d, n))
                    if empty_t >= 0 and n < height and n <= limit_empty and t_start[card]:
                        out.append(self.run_move(t, empty_t, n))
                    if n >= reach or not tab[p[-n - 1] * DECK_SIZE + card]:
                        break
        for r in self.reserves:
            p = piles[r]
            if not p:
                continue
            card = p[-1]
            if not settled:
                f = wanted.get(card, -1)
                if f >= 0:
                    out.append(one[r][f])
            d = tops[host1[card]]
            if d >= 0:
                out.append(one[r][d])
            if multi:
                for host in more_hosts[card]:
                    d = tops[host]
                    if d >= 0:
                        out.append(one[r][d])
            if empty_t >= 0 and t_start[card]:
                out.append(one[r][empty_t])
        if self.play_back and not relevant_only:
            least = 2 if self.keeps_base else 1
            bounces = self.bounces
            for f in self.foundations:
                p = piles[f]
                if len(p) < least:
                    continue
                card = p[-1]
                if bounces[card]:
                    continue
                ones = one[f]
                for host in hosts[card]:
                    d = tops[host]
                    if d >= 0:
                        out.append(ones[d])
                if empty_t >= 0 and t_start[card]:
                    out.append(ones[empty_t])
        return out

    def tableau_tops(self, piles: Piles) -> Tops:
        """By card, the tableau pile it tops (-1: none; one spare last entry that stays -1,
        for a missing host, -1, to index); the number of empty tableau piles, and the first
        (-1: none). Never changed in place: children copy their parent's (`best_first`)."""
        tops = self.no_tops[:]
        empty_t = -1
        n_empty = 0
        for t in self.tableau:
            p = piles[t]
            if p:
                tops[p[-1]] = t
            else:
                n_empty += 1
                if empty_t < 0:
                    empty_t = t
        return tops, n_empty, empty_t

    def takers(self, piles: Piles, n_free: int) -> list[bool]:
        """By card: whether it would take a card from a cell (read only with none)."""
        if n_free == len(self.reserves):
            return self.no_takers
        hosts = self.hosts
        takers = self.no_takers[:]
        for r in self.reserves:
            if piles[r]:
                for host in hosts[piles[r][-1]]:
                    takers[host] = True
        return takers

    def run_move(self, src: int, dst: int, n: int) -> Move:
        """The move of ``n`` cards from ``src`` to ``dst``, made once."""
        index = (src * self.count + dst) * (DECK_SIZE + 1) + n
        move = self.runs.get(index)
        if move is None:
            move = self.runs[index] = Move(_T, src, dst, n)
        return move

    @staticmethod
    def child(piles: Piles, move: Move) -> Piles:
        _, src, dst, n = move
        p = piles[src]
        new = list(piles)
        new[src] = p[:-n]
        new[dst] = piles[dst] + p[-n:]
        return tuple(new)

    # -- searches ----------------------------------------------------------------------

    def best_first(
        self,
        root: Piles,
        max_nodes: int,
        deadline: float | None,
        dead: set[Hashable],
        exhaust_dead: bool,
        relevant_only: bool = False,
    ) -> CellsResult:
        """Greedy best-first search; exhaustive, so False means unwinnable (unless
        ``relevant_only``: then only `generate`'s relevant moves are tried, and False
        proves nothing).

        A child is keyed and scored from its parent and the move alone; its piles are
        built only if it is taken off the heap (most children never are), except when
        the move may start safe foundation moves, which must be played to know the key."""
        first: list[Move] = []
        root, _, _ = self.autoplay(root, first)
        root_key = self.key(root)
        root_wanted = self.wanted(root)
        if root_key == 0:
            return CellsResult(True, tuple(first), 1)
        if root_key in dead:
            return CellsResult(False, (), 1)
        needs = self.needs
        is_foundation = self.is_foundation
        start_code = self.start_code
        shift = self.shift
        parents: dict[Hashable, tuple[Hashable, tuple[Move, ...]]] = {root_key: (None, ())}
        # Entries by number: (position or its parent, the move from the parent (None: the
        # position is built), key, its next foundation cards, `next_cards_in` of the
        # parent, or of the built position (None: not known yet), and `tableau_tops` of the
        # parent (None: the position is built)); the heap orders their numbers by
        # estimate, newest first (see ORDER_BITS).
        entries: list[
            tuple[Piles, Move | None, Key, dict[int, int], Counts | None, Tops | None]
        ] = [(root, None, root_key, root_wanted, None, None)]
        heap = [self.estimate(root, root_wanted) << ORDER_BITS | ORDER_MASK]
        popped = entries[0]  # what a taken entry is replaced with (only frees memory)
        is_cell = self.is_cell
        is_tableau = self.is_tableau
        reserves = self.reserves
        tab = self.tab
        below = self.below
        verify = self.verify_estimates
        all_safe = self.all_safe
        memo: dict[tuple[int, ...], int] = {}
        push, pop = heapq.heappush, heapq.heappop
        perf = clock.now
        cell = self.cell
        empty = self.empty
        breaks = self.breaks
        nodes = 1
        size = 1  # len(entries)
        check = _CHECK_EVERY

        def line(k: Hashable, tail: list[Move]) -> tuple[Move, ...]:
            parts = [tail]
            while k is not None:
                k, moves = parents[k]
                parts.append(list(moves))
            parts.append(first)
            return tuple(m for part in reversed(parts) for m in part)

        while heap:
            top = pop(heap)
            score = top >> ORDER_BITS
            number = ORDER_MASK - (top & ORDER_MASK)
            piles, last, parent, wanted, next_in, above = entries[number]
            entries[number] = popped
            # Next foundation cards per tableau pile (cards in cells are never buried).
            if last is not None and next_in is not None and above is not None:
                _, src, dst, n = last
                p = piles[src]
                d = piles[dst]
                rest = len(p) - n
                built = list(piles)
                built[src] = p[:-n]
                built[dst] = d + p[-n:]
                piles = tuple(built)
                # The parent's tops, but for the moved run's top card and the two piles'
                # tops (and afresh when a tableau pile was emptied or filled).
                if (is_tableau[src] and not rest) or (is_tableau[dst] and not d):
                    above = self.tableau_tops(piles)
                else:
                    tops = above[0][:]
                    if is_tableau[dst]:
                        tops[d[-1]] = -1
                        tops[p[-1]] = dst
                    else:
                        tops[p[-1]] = -1
                    if is_tableau[src]:
                        tops[p[rest - 1]] = src
                    above = tops, above[1], above[2]
                # The parent's, but for the two piles the move changed (same `wanted`):
                # a pile that held no next foundation card and took none still holds none.
                counts = next_in[0]
                if (
                    counts[src]
                    or counts[dst]
                    or (p[-1] in wanted if n == 1 else not wanted.keys().isdisjoint(p[-n:]))
                ):
                    counts, depths = counts[:], next_in[1][:]
                    if is_tableau[src]:
                        counts[src], depths[src] = self.pile_next(built[src], wanted)
                    if is_tableau[dst]:
                        counts[dst], depths[dst] = self.pile_next(built[dst], wanted)
                    next_in = counts, depths
            else:
                above = self.tableau_tops(piles)
                if next_in is None:  # (a built child has its own, from `estimate`)
                    next_in = self.next_cards_in(piles, wanted)
            if verify and next_in != self.next_cards_in(piles, wanted):
                raise AssertionError(f"next foundation cards after {last}")
            if verify and above != self.tableau_tops(piles):
                raise AssertionError(f"tableau tops after {last}")
            if (
                verify
                and all_safe
                and any(piles[i][-1:] and piles[i][-1] in wanted for i in self.sources)
            ):
                raise AssertionError(f"a next foundation card on top after {last}")
            if nodes >= check:
                check = nodes + _CHECK_EVERY
                if nodes >= max_nodes or (deadline is not None and perf() > deadline):
                    return CellsResult(None, (), nodes)
            counts = next_in[0]
            for move in self.generate(piles, wanted, relevant_only, next_in, all_safe, above):
                nodes += 1
                _, src, dst, n = move
                p = piles[src]
                d = piles[dst]
                rest = len(p) - n  # cards left in the source pile
                card = p[rest]
                lower = p[rest - 1] if rest else -1  # the source's new top card
                if is_foundation[src] or is_foundation[dst]:
                    changes_home = True
                    k = (
                        parent
                        ^ (
                            (0 if is_foundation[src] else lower + 1 if rest else start_code[src])
                            ^ (0 if is_foundation[dst] else d[-1] + 1 if d else start_code[dst])
                        )
                        << shift[card]
                    )
                else:
                    changes_home = False
                    k = (
                        parent
                        ^ (
                            (lower + 1 if rest else start_code[src])
                            ^ (d[-1] + 1 if d else start_code[dst])
                        )
                        << shift[card]
                    )
                # The parent had no safe move left: only a new top card, or a changed
                # foundation, can make one.
                if changes_home or (rest and lower in wanted and needs[lower] is not None):
                    new_list = list(piles)
                    new_list[src] = p[:-n]
                    new_list[dst] = d + p[-n:]
                    played = [move]
                    # The child's tops: the parent's tableau tops, updated for the move,
                    # and the cells' top cards.
                    tops = above[0][:]
                    if is_tableau[dst]:
                        if d:
                            tops[d[-1]] = -1
                        tops[p[-1]] = dst
                    elif is_tableau[src]:
                        tops[p[-1]] = -1
                    if rest and is_tableau[src]:
                        tops[lower] = src
                    for r in reserves:
                        q = new_list[r]
                        if q:
                            tops[q[-1]] = r
                    # The parent's next foundation cards, unless the move changed one.
                    new, k, child_wanted = self.autoplay(
                        tuple(new_list),
                        played,
                        k,
                        None if changes_home else wanted,
                        tops,
                    )
                    if k == 0:
                        return CellsResult(True, line(parent, played), nodes)
                    if changes_home or len(played) > 1:
                        if dead and k in dead:
                            continue
                        if k in parents:
                            continue  # seen before
                        parents[k] = (parent, tuple(played))
                        if len(played) > 1 and not all_safe:
                            child_wanted = self.wanted(new)  # in the usual order
                        child_in = [0] * len(new), [0] * len(new)
                        value = self.estimate(new, child_wanted, memo, child_in)
                        if verify and value != self.estimate(new, child_wanted):
                            raise AssertionError(f"estimate {value} after {move}")
                        push(heap, value << ORDER_BITS | (ORDER_MASK - size))
                        entries.append((new, None, k, child_wanted, child_in, None))
                        size += 1
                        continue
                if dead and k in dead:
                    continue
                if k in parents:
                    continue  # seen before
                parents[k] = (parent, (move,))
                if n == 1:
                    # One card between two piles: the estimate's change, term by term.
                    value = score
                    if is_cell[src]:
                        value -= cell
                    elif rest:
                        # (a settled parent has no next foundation card on top)
                        value -= BURIED * (counts[src] - (not all_safe and card in wanted))
                        if not tab[lower * DECK_SIZE + card]:
                            value -= breaks
                        if not below[card].isdisjoint(p):  # (card is not in below[card])
                            value -= BLOCKED
                    else:
                        value -= empty
                    if is_cell[dst]:
                        value += cell
                    elif d:
                        value += BURIED * counts[dst]
                        if not tab[d[-1] * DECK_SIZE + card]:
                            value += breaks
                        if not below[card].isdisjoint(d):
                            value += BLOCKED
                    else:
                        value += empty
                else:
                    # A run between two tableau piles: the next foundation cards below it
                    # rise by n cards, those in the destination sink by n, and those in
                    # the run keep their depth; only the two piles' disorder changes.
                    in_run = 0
                    for c in p[rest:]:
                        if c in wanted:
                            in_run += 1
                    value = (
                        score
                        + BURIED * n * (counts[dst] - counts[src] + in_run)
                        - self.disorder_of(p, memo)
                        + (self.disorder_of(p[:rest], memo) if rest else -empty)
                    )
                    if d:
                        value += self.disorder_of(d + p[rest:], memo) - self.disorder_of(d, memo)
                    else:
                        value += self.disorder_of(p[rest:], memo) + empty
                if verify:
                    self.check_child(piles, move, k, value, wanted)
                push(heap, value << ORDER_BITS | (ORDER_MASK - size))
                entries.append((piles, move, k, wanted, next_in, above))
                size += 1
        proven = exhaust_dead and not relevant_only
        return CellsResult(False, (), nodes, frozenset(parents) if proven else frozenset())

    def solve(
        self,
        root: Piles,
        max_nodes: int,
        deadline: float | None,
        dead: set[Hashable],
        exhaust_dead: bool,
    ) -> CellsResult:
        """`best_first` on the relevant moves only, with a small budget: most winnable deals
        are won there, with a legal line (every relevant move is a legal move); if not, the
        complete `best_first` from scratch, which alone can prove a position lost: first
        with a budget that settles most of the rest, then, after a few short searches that
        weigh cells otherwise (`portfolio`: each finds some deals the main weighting finds
        only after millions of positions; without cells, empty piles and broken builds),
        with what is left. The node limit covers all."""
        nodes = 0
        phases: tuple[Phase, ...] = (
            (True, CELL, EMPTY, BREAK, RELEVANT_BUDGET, False, True),
            (False, CELL, EMPTY, BREAK, FIRST_BUDGET, True, True),
            *self.portfolio(max_nodes),
            (False, CELL, EMPTY, BREAK, max_nodes, True, True),
        )
        rules_play_back = self.play_back
        for relevant, cell, empty, breaks, budget, exhaustive, play_back in phases:
            budget = min(budget, max_nodes - nodes)
            if budget <= 0 or (deadline is not None and clock.now() > deadline):
                break
            self.cell, self.empty, self.breaks = cell, empty, breaks
            self.play_back = rules_play_back and play_back
            try:
                found = self.best_first(
                    root, budget, deadline, dead, exhaust_dead and exhaustive, relevant
                )
            finally:
                self.cell, self.empty, self.breaks = CELL, EMPTY, BREAK
                self.play_back = rules_play_back
            nodes += found.nodes
            if found.won or (found.won is not None and exhaustive):
                return CellsResult(found.won, found.moves, nodes, found.dead)
        return CellsResult(None, (), nodes)

    def portfolio(self, max_nodes: int) -> tuple[Phase, ...]:
        """The short searches between the first tries and the last, long one."""
        if self.reserves:
            return PORTFOLIO
        if max_nodes < LONG_BUDGET:
            return PORTFOLIO_WITHOUT_CELLS
        if self.play_back:
            return (*PORTFOLIO_WITHOUT_CELLS_LONG, WITHOUT_PLAY_BACK)
        return PORTFOLIO_WITHOUT_CELLS_LONG

    def check_child(
        self, piles: Piles, move: Move, key: Key, value: int, wanted: dict[int, int]
    ) -> None:
        """Tests: a lazily scored child against its built position."""
        new = self.child(piles, move)
        if key != self.key(new):
            raise AssertionError(f"key after {move}")
        if value != self.estimate(new, wanted):
            raise AssertionError(f"estimate {value} after {move}")


_compiled: dict[Model, CellsSearch] = {}


def cells_search(model: Model) -> CellsSearch:
    search = _compiled.get(model)
    if search is None:
        search = _compiled[model] = CellsSearch(model)
    return search
