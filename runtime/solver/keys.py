"""Canonical transposition-table keys: equal keys mean positions with the same future.

Interchangeable piles are sorted (free cells, tableau piles when nothing but their contents
tells them apart, as where the stock deals onto them once it is out for good, foundations),
a foundation is represented by its top card when that fixes its contents, or by its top
card's rank when it is built regardless of suit and its cards are out of play (Bristol,
Auld Lang Syne: which Foundation took the Two of Hearts changes nothing to come), and a
waste that only receives cards is represented by its top card, or by that card's rank when
what the waste takes depends on ranks alone (Golf: the waste holds the cards no other pile
holds either way, so which Seven lies on top changes nothing to come).

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from runtime.engine.cards import CARD_MASK, DECK_SIZE, RANK
from runtime.solver.model import Cards, Model, hosts_in

Piles = tuple[tuple[int, ...], ...]
KeyFunction = Callable[[Piles, int], Hashable]


def _by_rank(hosts: tuple[Cards, ...], start: tuple[bool, ...]) -> bool:
    """What a pile takes depends on its top card's rank alone: each card's hosts are every
    card of some ranks, and those ranks (and whether the card starts an empty pile) are the
    same for every card of its rank."""
    by_rank: dict[int, tuple[frozenset[int], bool]] = {}
    for card in range(DECK_SIZE):
        seen = (frozenset(RANK[h] for h in hosts[card]), start[card])
        if by_rank.setdefault(RANK[card], seen) != seen:
            return False
        if len(hosts[card]) != 4 * len(seen[0]):
            return False  # some card of a host rank is not a host: the suit matters
    return True


def _foundations_by_rank(model: Model) -> bool:
    """Foundation cards never leave, and what a foundation takes depends on ranks alone: only
    each foundation's top rank matters."""
    if model.rules.foundation_play_back or model.rules.foundation_up_then_down:
        return False
    return _by_rank(model.foundation_hosts, model.foundation_start)


def _waste_by_rank(model: Model) -> bool:
    """What the waste takes depends on its top card's rank alone."""
    table = model.tables.waste
    return table is not None and _by_rank(hosts_in(table), (False,) * DECK_SIZE)


def key_function(model: Model) -> KeyFunction:
    f0, f1, t0, t1, r0, r1 = model.f0, model.f1, model.t0, model.t1, model.r0, model.r1
    waste = model.layout.waste
    by_top = model.foundations_by_top
    by_rank = not by_top and _foundations_by_rank(model)
    sort_tableau = model.tableau_symmetric
    # Where the stock deals onto the tableau, its piles are told apart only by where the
    # next deals land: once the stock is out for good, by nothing.
    sort_dealt = not sort_tableau and model.tableau_symmetric_dealt
    stock = model.layout.stock
    sort_reserves = model.reserves_symmetric
    top_only = model.waste_top_only
    top_rank = top_only and _waste_by_rank(model)

    def key(piles: Piles, redeals_left: int) -> Hashable:
        if by_top:
            found: object = tuple(sorted([p[-1] if p else -1 for p in piles[f0:f1]]))
        elif by_rank:
            found = tuple(sorted([RANK[p[-1]] if p else 0 for p in piles[f0:f1]]))
        else:
            found = tuple(sorted(piles[f0:f1]))
        if sort_tableau or (sort_dealt and redeals_left == 0 and not piles[stock]):
            tableau: object = tuple(sorted(piles[t0:t1]))
        else:
            tableau = piles[t0:t1]
        reserves = tuple(sorted(piles[r0:r1])) if sort_reserves else piles[r0:r1]
        if waste < 0:
            rest: object = piles[0]
        elif top_rank:
            rest = (piles[0], RANK[piles[waste][-1] & CARD_MASK] if piles[waste] else 0)
        elif top_only:
            rest = (piles[0], piles[waste][-1:])
        else:
            rest = (piles[0], piles[waste])
        return (redeals_left, found, tableau, reserves, rest)

    return key
