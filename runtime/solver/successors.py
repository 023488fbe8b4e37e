"""Move generation for the search: the engine's moves, minus symmetric duplicates, best first.

`fast_generator` compiles one closure per model from the rule tables: host look-ups by card
instead of trying every source against every target, one move to "an empty pile" or "a free
cell" where such piles are interchangeable, and no run-to-foundation moves (single cards get
there too). Every move it yields is one `State.legal_moves` yields; the tests check that on
random play-outs. Rules it does not cover (piles covered by other piles) use the engine's
own `legal_moves` through `engine_generator`, scored the same way.

Moves come back in ascending preference so the search can `pop()` the best one.

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from runtime.engine.cards import CARD_MASK, DECK_SIZE, FACE_DOWN
from runtime.engine.moves import DEAL, REDEAL, Move, MoveKind
from runtime.engine.rules import Goal, GroupLimit, GroupMove, PileKind, StockTarget
from runtime.engine.state import State, is_whole_suit
from runtime.solver.model import Model

Piles = tuple[tuple[int, ...], ...]
Generator = Callable[[Piles, int], list[Move]]

_T: Final = MoveKind.TRANSFER

# Preference scores (higher is tried first).
TO_FOUNDATION = 90
FROM_RESERVE = 60
FROM_WASTE = 50
TO_WASTE = 50
BUILD = 40
TO_EMPTY = 25
DEAL_SCORE = 15
TO_RESERVE = 10
PLAY_BACK = 2
REDEAL_SCORE = 1
REVEALS = 30
EMPTIES = 25
FEEDS_FOUNDATION = 20
DIGS_OUT = 40
DIGS = 10
BURIES = -15


def _first(item: tuple[int, Move]) -> int:
    return item[0]


# A move's sort key in `fast_generator`: score * _ORDER + the order it was added in.
_ORDER: Final = 1 << 16


class Transfers:
    """Transfer moves made once and reused. A `Move` is a NamedTuple, whose constructor runs
    as interpreted Python even when called from the compiled build (`native.py`): there a
    generated move cost several times its look-up here."""

    def __init__(self, piles: int, cards: int) -> None:
        self.piles = piles
        self.sizes = cards + 1
        self.made: list[Move | None] = [None] * (piles * piles * self.sizes)

    def get(self, src: int, dst: int, n: int) -> Move:
        """``Move(TRANSFER, src, dst, n)``, for ``n`` up to the cards of the game."""
        i = (src * self.piles + dst) * self.sizes + n
        move = self.made[i]
        if move is None:
            move = self.made[i] = Move(_T, src, dst, n)
        return move


@cache
def transfers(piles: int, cards: int = DECK_SIZE) -> Transfers:
    """The shared moves of up to ``cards`` cards between ``piles`` piles."""
    return Transfers(piles, cards)


def fast_supported(model: Model) -> bool:
    """Whether `fast_generator` models every rule of this game (else the engine's moves)."""
    rules = model.rules
    # Where a deal goes (`stock_piles`: the first piles only, Scorpion) is the engine's
    # business: the generator only says whether the stock may deal.
    return (
        not rules.waste_build_first
        and not rules.stock_locks_on_space  # whether the stock deals depends on the lock
        and not rules.waste_refill_from_stock  # playing the waste's last card deals
        and not rules.stock_fills_after_base  # choosing the base deals onto the spaces
        and moves_between_piles_modelled(model)
    )


def moves_between_piles_modelled(model: Model) -> bool:
    """Whether `fast_generator` models every way a card moves from one pile to another;
    where and when the stock deals may be beyond it (`deadlock.py` needs no more: a deal
    only covers cards)."""
    rules = model.rules
    return (
        not rules.covered_by
        and not rules.reserve_covered_by
        # Equal cards (two decks): a foundation is known by its top card, so two with the
        # same top are the same and one stands for both (`keys.py` sorts them).
        and (rules.decks == 1 or model.foundations_by_top)
        and rules.group_move
        in (GroupMove.ONE, GroupMove.BUILD, GroupMove.SAME_SUIT_RUN, GroupMove.ANY_FACE_UP)
        # A refill and a reserve's next card turning up are the engine's part of a move
        # (`State.apply`); which moves there are, the generator says.
        and not rules.tableau_waste_fills_last  # the waste fills a space only at the end
        # A foundation's first card that never leaves (Canfield, Beleaguered Castle): left
        # to the engine. Skipping it here, Beleaguered Castle's restarts (which run this
        # search) won its seed 301 in 107,639 nodes instead of 14,739; not measured further.
        and not rules.foundation_keeps_base
        and rules.goal in (Goal.ALL_TO_FOUNDATIONS, Goal.ALL_TO_WASTE, Goal.SUITS_IN_TABLEAU)
        and not rules.tableau_capacity  # a full pile takes nothing
        and not rules.tableau_holes  # spaces with rules of their own
        and not rules.reserve_reveal_last
        and not rules.tableau_fixed_direction  # a pile's top two cards choose what it takes
        and not rules.foundation_up_then_down  # a full foundation builds back down
        and not rules.redeal_from_reserves  # a redeal that gathers the reserves
        and not rules.reserve_to_foundations_only  # reserve cards never build on the tableau
        # Foundations that any card starts (Eliminator): a card may both start one and build
        # on one, and the generator offers only one of the two.
        and not all(model.foundation_start)
    )


def fast_generator(model: Model) -> Generator:
    rules = model.rules
    layout = model.layout
    tab = model.tables.tableau
    waste = layout.waste
    waste_builds = model.tables.waste is not None
    foundations = range(model.f0, model.f1)
    tableau = range(model.t0, model.t1)
    reserves = range(model.r0, model.r1)
    hosts = model.hosts
    f_hosts = model.foundation_hosts
    f_start = model.foundation_start
    t_start = model.tableau_start
    has_foundations = model.tables.foundation is not None
    # Foundations that take only whole suits, King to Ace, off the tableau (Spider).
    takes_suits = rules.foundations_take_suits
    play_back = rules.foundation_play_back and tab is not None
    # Which kinds of pile may fill a space (all, unless the rules name some: Kansas, the
    # waste only, once its reserve is empty).
    fill_kinds = frozenset(rules.tableau_empty_from or PileKind)
    tableau_fills = PileKind.TABLEAU in fill_kinds
    reserve_fills = PileKind.RESERVE in fill_kinds
    waste_fills = PileKind.WASTE in fill_kinds
    stock_fills = PileKind.STOCK in fill_kinds
    foundation_fills = PileKind.FOUNDATION in fill_kinds
    reserves_accept = rules.reserves_accept
    capacity = rules.reserve_capacity
    sym_t = model.tableau_symmetric
    sym_r = model.reserves_symmetric
    # Looked up once: an enum member's look-up is dear in the compiled build.
    no_limit = model.group_limit is GroupLimit.NONE
    limit_by_reserves = model.group_limit is GroupLimit.FREE_RESERVES
    one_card = model.group_move is GroupMove.ONE
    # Runs move together as built (of one suit where only such runs move: Whitehead).
    build_groups = model.group_move in (GroupMove.BUILD, GroupMove.SAME_SUIT_RUN)
    group_table: tuple[bool, ...] = model.group_table if model.group_table is not None else ()
    pile_count = len(layout.kinds)
    transfer = transfers(pile_count, DECK_SIZE * rules.decks)
    several_decks = rules.decks > 1
    no_same_top = [-1] * pile_count  # never written: one deck has no two equal cards
    # A deal onto the tableau may wait for every pile to hold a card (Spider).
    deal_needs_full = rules.stock_target is StockTarget.TABLEAU and rules.stock_needs_full_tableau
    # "Any space must be filled, if possible, before the stock deals" (Easthaven). The
    # generator's moves onto spaces are the engine's (no whole pile onto a space) up to
    # interchangeable spaces, so whether there is one is the engine's answer.
    fill_first = rules.stock_fill_spaces_first
    waste_capacity = rules.waste_capacity  # the stock waits while the waste is full
    stock_sources_waste = waste >= 0 and not waste_builds
    waste_table = model.tables.waste
    f_next = tuple(
        tuple(u for u in range(DECK_SIZE) if card in f_hosts[u]) for card in range(DECK_SIZE)
    )
    starters = tuple(card for card in range(DECK_SIZE) if f_start[card])

    def generate(piles: Piles, redeals_left: int) -> list[Move]:
        # The moves, and per move its sort key: its score, then the order it was added in
        # (plain ints sort fast, and ties keep that order).
        made: list[Move] = []
        keys: list[int] = []
        # The first tableau pile with each face-up top card (by card, -1: none); with two
        # decks or more, the next pile with the same top after each (same_top[pile]).
        # Lists by card, not dicts: the compiled build indexes a list far faster.
        top_at = [-1] * FACE_DOWN
        same_top = [-1] * pile_count if several_decks else no_same_top
        empties: list[int] = []
        for t in tableau:
            p = piles[t]
            if not p:
                empties.append(t)
            elif p[-1] < FACE_DOWN:
                first = top_at[p[-1]]
                if first < 0:
                    top_at[p[-1]] = t
                else:
                    while same_top[first] >= 0:
                        first = same_top[first]
                    same_top[first] = t
        f_top_at = [-1] * FACE_DOWN
        f_tops: list[int] = []
        f_empty = -1
        for f in foundations:
            p = piles[f]
            if p:
                f_top_at[p[-1]] = f
                f_tops.append(p[-1])
            elif f_empty < 0:
                f_empty = f
        free_reserves: list[int] = []
        n_free = 0
        if reserves_accept:
            for r in reserves:
                if len(piles[r]) < capacity:
                    if not piles[r]:
                        n_free += 1
                        # Empty reserves are interchangeable: one stands for all. A reserve
                        # holding cards is not (Sir Tommy's piles take any number).
                        if sym_r and n_free > 1:
                            continue
                    free_reserves.append(r)
        else:
            n_free = sum(1 for r in reserves if not piles[r])
        if no_limit:
            limit = limit_empty = DECK_SIZE
        elif limit_by_reserves:
            limit = limit_empty = n_free + 1
        else:
            limit = (n_free + 1) << len(empties)
            limit_empty = (n_free + 1) << max(len(empties) - 1, 0)
        empty_targets = empties[:1] if sym_t else empties
        fills = False  # a move puts cards on an empty tableau pile (one of the engine's does)
        # How deep the next foundation cards lie in each tableau pile: digging them out
        # is what wins, burying them is what loses.
        # (``depth``: per pile, the cards above the first such card, -1 where none is.)
        depth = [-1] * pile_count
        if has_foundations:
            needed = [False] * FACE_DOWN
            any_needed = False
            for top in f_tops:
                for card in f_next[top]:
                    needed[card] = any_needed = True
            if f_empty >= 0:
                for card in starters:
                    needed[card] = any_needed = True
            if any_needed:
                for t in tableau:
                    p = piles[t]
                    for i in range(len(p) - 1, -1, -1):
                        if needed[p[i] & CARD_MASK]:
                            depth[t] = len(p) - 1 - i
                            break

        # Tableau sources.
        for t in tableau:
            pile = piles[t]
            if not pile or pile[-1] >= FACE_DOWN:
                continue
            top = pile[-1]
            height = len(pile)
            if has_foundations:
                f = _foundation_for(top, f_hosts, f_top_at, f_empty, f_start)
                if f >= 0:
                    bonus = 0
                    if height == 1:
                        bonus = EMPTIES
                    elif pile[-2] >= FACE_DOWN:
                        bonus = REVEALS
                    keys.append((TO_FOUNDATION + bonus) * _ORDER + len(made))
                    made.append(transfer.get(t, f, 1))
            if (
                takes_suits
                and top % 13 == 0  # an Ace on top
                and height >= 13
                and f_empty >= 0
                and is_whole_suit(pile[-13:])
            ):
                keys.append((TO_FOUNDATION + _source_bonus(pile, 13)) * _ORDER + len(made))
                made.append(transfer.get(t, f_empty, 13))
            if waste_builds:
                w = piles[waste]
                if w and waste_table is not None and waste_table[w[-1] * DECK_SIZE + top]:
                    keys.append(TO_WASTE * _ORDER + len(made))
                    made.append(transfer.get(t, waste, 1))
            if tab is not None:
                if one_card:
                    group = 1
                else:
                    group = 1
                    while group < height:
                        lower = pile[-group - 1]
                        if lower >= FACE_DOWN:
                            break
                        if build_groups and not group_table[lower * DECK_SIZE + pile[-group]]:
                            break
                        group += 1
                for n in range(1, min(group, limit) + 1):
                    head = pile[-n]
                    for lower in hosts[head]:
                        d = top_at[lower]
                        while d >= 0:
                            if d != t:
                                score = BUILD + _source_bonus(pile, n) + _dig(depth, t, n)
                                keys.append((score + _bury(depth, d)) * _ORDER + len(made))
                                made.append(transfer.get(t, d, n))
                            d = same_top[d]
                if empty_targets and t_start is not None and tableau_fills:
                    most = min(group, limit_empty, height - 1)
                    for n in range(1, most + 1):
                        if t_start[pile[-n]]:
                            score = TO_EMPTY + _source_bonus(pile, n) + _dig(depth, t, n)
                            fills = True
                            for d in empty_targets:
                                keys.append(score * _ORDER + len(made))
                                made.append(transfer.get(t, d, n))
            for r in free_reserves:
                score = TO_RESERVE + _source_bonus(pile, 1) + _dig(depth, t, 1)
                keys.append(score * _ORDER + len(made))
                made.append(transfer.get(t, r, 1))

        # Single-card sources: reserves, the waste, a face-up stock card, foundations, as
        # (pile, card, score, may go home, may fill a space), in the order their moves are
        # added.
        singles: list[tuple[int, int, int, bool, bool]] = []
        for r in reserves:
            p = piles[r]
            if p and p[-1] < FACE_DOWN:
                singles.append((r, p[-1], FROM_RESERVE, has_foundations, reserve_fills))
        if stock_sources_waste:
            p = piles[waste]
            if p:
                singles.append((waste, p[-1], FROM_WASTE, has_foundations, waste_fills))
        stock = piles[0]
        if stock and stock[-1] < FACE_DOWN:
            singles.append((0, stock[-1], FROM_WASTE, has_foundations, stock_fills))
        if play_back:
            for f in foundations:
                p = piles[f]
                if p:
                    singles.append((f, p[-1], PLAY_BACK, False, foundation_fills))
        for src, card, base, to_foundation, may_fill in singles:
            if to_foundation:
                f = _foundation_for(card, f_hosts, f_top_at, f_empty, f_start)
                if f >= 0:
                    keys.append((TO_FOUNDATION + 5) * _ORDER + len(made))
                    made.append(transfer.get(src, f, 1))
            if tab is not None:
                for lower in hosts[card]:
                    d = top_at[lower]
                    while d >= 0:
                        keys.append((base + _bury(depth, d)) * _ORDER + len(made))
                        made.append(transfer.get(src, d, 1))
                        d = same_top[d]
                if empty_targets and t_start is not None and t_start[card] and may_fill:
                    fills = True
                    for d in empty_targets:
                        keys.append((min(base, TO_EMPTY + 5)) * _ORDER + len(made))
                        made.append(transfer.get(src, d, 1))
            if src == waste:
                for r in free_reserves:
                    keys.append((TO_RESERVE - 2) * _ORDER + len(made))
                    made.append(transfer.get(waste, r, 1))

        # The stock.
        if stock:
            if (
                stock[-1] >= FACE_DOWN
                and (not deal_needs_full or all(piles[t] for t in tableau))
                and (not waste_capacity or len(piles[waste]) < waste_capacity)
                and not (fill_first and fills)
            ):
                keys.append(DEAL_SCORE * _ORDER + len(made))
                made.append(DEAL)
        elif waste >= 0 and piles[waste] and redeals_left != 0 and not waste_builds:
            keys.append(REDEAL_SCORE * _ORDER + len(made))
            made.append(REDEAL)
        keys.sort()
        return [made[k % _ORDER] for k in keys]

    return generate


def _dig(depth: list[int], src: int, n: int) -> int:
    """The score for taking ``n`` cards off ``src``, by how deep its next foundation card
    lies (``depth``: per pile, cards above it, -1 where none is)."""
    d = depth[src]
    if d < 0:
        return 0
    if n == d:
        return DIGS_OUT
    return DIGS if n < d else 0


def _bury(depth: list[int], dst: int) -> int:
    """The score for landing on ``dst``, covering the next foundation card in it deeper."""
    return BURIES if depth[dst] >= 0 else 0


def _foundation_for(
    card: int,
    f_hosts: tuple[tuple[int, ...], ...],
    f_top_at: list[int],
    f_empty: int,
    f_start: tuple[bool, ...],
) -> int:
    """The foundation ``card`` may go to (-1: none). Module functions, not closures of
    `fast_generator`'s ``generate``: the compiled build makes each call of a function with
    nested functions a reference cycle, which only the cyclic collector frees."""
    for lower in f_hosts[card]:
        f = f_top_at[lower]
        if f >= 0:
            return f
    return f_empty if f_start[card] else -1


def _source_bonus(pile: tuple[int, ...], n: int) -> int:
    """What taking the top ``n`` cards does for the source pile."""
    if n == len(pile):
        return EMPTIES
    if pile[-n - 1] >= FACE_DOWN:
        return REVEALS
    return 0


def playout_generator(model: Model) -> Generator | None:
    """`fast_generator` where it models every rule; None where the playouts keep to the
    engine's own `State.legal_moves`, which also know what a move changes beyond the piles
    (a base the first card home chooses: Glenwood, Terrace)."""
    return fast_generator(model) if fast_supported(model) else None


def playout_moves(generate: Generator | None, state: State) -> list[Move]:
    """``state``'s moves from a `playout_generator`, or the engine's where it gave None."""
    if generate is None:
        return state.legal_moves()
    return generate(state.piles, state.redeals_left)


def move_generator(model: Model, state: State) -> Generator:
    """The moves of ``model``'s game: `fast_generator` where it models every rule, else
    the engine's own (``state``, any position of the game, lends it its rules)."""
    return playout_generator(model) or engine_generator(model, state.clone())


def engine_generator(model: Model, state: State) -> Generator:
    """The engine's own moves for rules the fast generator does not cover."""
    kinds = model.layout.kinds

    def score(piles: Piles, move: Move) -> int:
        if move.kind is MoveKind.DEAL:
            return DEAL_SCORE
        if move.kind is MoveKind.REDEAL:
            return REDEAL_SCORE
        dst_kind = kinds[move.dst]
        src_kind = kinds[move.src]
        if dst_kind is PileKind.FOUNDATION:
            return TO_FOUNDATION
        if dst_kind is PileKind.WASTE:
            return TO_WASTE
        if src_kind is PileKind.FOUNDATION:
            return PLAY_BACK
        if dst_kind is PileKind.RESERVE:
            return TO_RESERVE
        if src_kind is PileKind.TABLEAU:
            bonus = _source_bonus(piles[move.src], move.size)
            return (BUILD if piles[move.dst] else TO_EMPTY) + bonus
        return FROM_RESERVE if src_kind is PileKind.RESERVE else FROM_WASTE

    def generate(piles: Piles, redeals_left: int) -> list[Move]:
        state.piles = piles
        state.redeals_left = redeals_left
        scored = [(score(piles, m), m) for m in state.legal_moves()]
        scored.sort(key=_first)
        return [move for _, move in scored]

    return generate
