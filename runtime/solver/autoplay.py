"""Safe foundation moves: the search plays them without branching (see `model._safe_needs`).

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable

from runtime.engine.cards import DECK_SIZE, FACE_DOWN, RANK
from runtime.engine.moves import Move
from runtime.solver.model import Cards, Model
from runtime.solver.successors import transfers

Piles = tuple[tuple[int, ...], ...]
Autoplay = Callable[[Piles], Move | None]


def _below(model: Model, card: int) -> set[int]:
    """Cards that must be home for ``card`` to go home (foundations built as a chain)."""
    chain: set[int] = set()
    hosts = model.foundation_hosts
    while len(hosts[card]) == 1 and hosts[card][0] not in chain:
        card = hosts[card][0]
        chain.add(card)
    return chain


def autoplay_function(model: Model) -> Autoplay:
    """The first safe foundation move in ``piles``, if any."""
    rules = model.rules
    if rules.covered_by or rules.reserve_covered_by or all(n is None for n in model.safe_needs):
        return lambda piles: None
    # What a playable card still needs beyond the cards already under it on its foundation;
    # often nothing (building in suit), which skips the look at the foundations entirely.
    needs: list[Cards | None] = []
    for card in range(DECK_SIZE):
        need = model.safe_needs[card]
        if need is not None and model.foundations_by_top:
            below = _below(model, card)
            need = tuple(u for u in need if u not in below)
        needs.append(need)
    f0, f1 = model.f0, model.f1
    sources = list(range(model.t0, model.t1)) + list(range(model.r0, model.r1))
    if model.waste_autoplay and model.layout.waste >= 0:
        sources.append(model.layout.waste)
    f_hosts = model.foundation_hosts
    f_start = model.foundation_start
    transfer = transfers(len(model.layout.kinds))
    # Foundations that build by rank whatever the suit (Bristol, Sir Tommy): cards of one
    # rank compete for the foundations that take them, so which card takes a place matters
    # unless there is a place for each (`contested`).
    by_rank = any(len(hosts) > 1 for hosts in f_hosts)
    peers = (
        [[u for u in range(DECK_SIZE) if RANK[u] == RANK[card]] for card in range(DECK_SIZE)]
        if by_rank
        else []
    )

    def contested(piles: Piles, card: int, home: set[int]) -> bool:
        """Whether fewer foundations take ``card`` than cards of its rank are still out.
        With a place for each, going home is safe: the places only take cards of its rank,
        and later ones only add places, so any line that puts another card of the rank
        where this one went has a place left for it, and foundations with tops of equal
        rank are alike."""
        hosts = f_hosts[card]
        places = 0
        for f in range(f0, f1):
            p = piles[f]
            if (p and p[-1] in hosts) or (not p and f_start[card]):
                places += 1
        out = 0
        for u in peers[card]:
            if u not in home:
                out += 1
        return places < out

    def autoplay(piles: Piles) -> Move | None:
        tops: dict[int, int] = {}
        empty = -1
        for f in range(f0, f1):
            p = piles[f]
            if p:
                tops[p[-1]] = f
            elif empty < 0:
                empty = f
        home: set[int] | None = None
        for src in sources:
            p = piles[src]
            if not p:
                continue
            card = p[-1]
            if card >= FACE_DOWN:
                continue
            target = -1
            for lower in f_hosts[card]:
                if lower in tops:
                    target = tops[lower]
                    break
            else:
                if f_start[card] and empty >= 0:
                    target = empty
            if target < 0:
                continue
            need = needs[card]
            if need is None:
                continue
            if need or by_rank:
                if home is None:
                    home = set()
                    for f in range(f0, f1):
                        home.update(piles[f])
                if not home.issuperset(need):
                    continue
                if by_rank and contested(piles, card, home):
                    continue
            return transfer.get(src, target, 1)
        return None

    return autoplay
