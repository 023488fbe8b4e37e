"""Runs on twin hosts: positions that differ only in which of two hosts a run sits on are
searched once.

Building in alternating colours, two cards take a card (the 8 of clubs and of spades take
both red 7s) and take only those two: hosts and the cards they take come in blocks of two
and two. A run built on host h whose block twin h' is the top of another pile may move
there and back again: a *free link*. Moving it is reversible, so every position reached by
such moves wins exactly when the first does (each reaches the other). Which links are free
does not change under these moves (the twin of the run's head, the only other card h' could
take, cannot sit built on h or h', so h' stays free; nothing else is covered or exposed), so
the positions of one class are the free links' choices, each made alone, and putting every
free run on the lower-valued of its two hosts gives one canonical position per class.

The search stands only on canonical positions (`normalize` plays the run moves there, as
real moves of the line) and records one key per class. It stays complete because it
expands a class with the moves of its members that reach other classes: a member (some
links flipped: runs moved to their other hosts) differs from the canonical position only in
the hosts its run moves uncover, so its own moves are those that use an uncovered host, by
moving a card onto it or by taking it elsewhere than onto the tableau. Every other move of
a member leads to the class of a move of a member with fewer links flipped, or of the
canonical position itself: a move that only touches a flipped run is the same move from
where the run sits canonically, and one that carries an uncovered host onto the tableau is
the longer group, run included, from the position without that flip (`uses_uncovered`). So
only members whose runs all leave one pile have moves to take (`members`), and a
position's own moves leave out those onto the higher-valued of two twin hosts that are both
on top (the group on the other is in the same class). This is the depth-first search of
the graph of classes, and a winning line from any member passes through a class it
expands. Stock dominance (`stock.StockPositions`) carries over: two positions with the
same core have the same free links, member for member.

Only where each card has at most two tableau hosts in such blocks, any built run may move
as a group, whatever its length, and the fast generator models the rules.

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from runtime.engine.cards import DECK_SIZE, FACE_DOWN
from runtime.engine.moves import Move, MoveKind
from runtime.engine.rules import GroupLimit, GroupMove, Refill, StockTarget
from runtime.solver.model import Model
from runtime.solver.stock import Action
from runtime.solver.successors import fast_supported, transfers

Piles = tuple[tuple[int, ...], ...]
Link = tuple[int, int]  # (run head card, the other host it may move to)
MAX_FREE_LINKS = 5  # a class of 2 ** 5 members at most; larger ones are left as they are

_T: Final = MoveKind.TRANSFER
_VALUES = 2 * FACE_DOWN  # card values, face-down ones included
NOT_BUILT = -2
NO_TWIN = -1


def twins_supported(model: Model) -> bool:
    rules = model.rules
    tab = model.tables.tableau
    if (
        tab is None
        or not fast_supported(model)
        or rules.decks != 1  # a card's two hosts are two cards, not four
        or rules.stock_target is StockTarget.TABLEAU  # deals cover the twin hosts: not modelled
        or rules.group_move is not GroupMove.BUILD
        or rules.group_limit is not GroupLimit.NONE
        or rules.tableau_capacity != 0  # twin hosts take the same moves: no pile is full
        # Refills and spaces only some piles fill: members' futures not modelled.
        or rules.tableau_refill is not Refill.NONE
        or bool(rules.tableau_empty_from)
    ):
        return False
    hosts = model.hosts
    builders = [[u for u in range(DECK_SIZE) if tab[h * DECK_SIZE + u]] for h in range(DECK_SIZE)]
    for card in range(DECK_SIZE):
        pair = set(hosts[card])
        if len(pair) != 2:
            if pair:
                return False
            continue
        takers = {u for h in pair for u in builders[h]}
        if len(takers) > 2 or any(set(hosts[u]) != pair for u in takers):
            return False
    return True


class Twins:
    """Free links, canonical positions and class members for one model."""

    def __init__(self, model: Model) -> None:
        tab = model.tables.tableau
        assert tab is not None
        self.tableau = range(model.t0, model.t1)
        self.transfer = transfers(len(model.layout.kinds))
        other = [
            {h: next(o for o in model.hosts[c] if o != h) for h in model.hosts[c]}
            if len(model.hosts[c]) == 2
            else {}
            for c in range(DECK_SIZE)
        ]
        self.other = other
        # Each tableau host's block twin (the other host that takes the same cards).
        self.host_twin = {host: twin for pairs in other for host, twin in pairs.items()}
        # Per (card below, card above), face-down values included: NOT_BUILT, or the other
        # host the upper card may move to (NO_TWIN if none).
        self.alt_of = tuple(
            other[c].get(h, NO_TWIN)
            if h < DECK_SIZE and c < DECK_SIZE and tab[h * DECK_SIZE + c]
            else NOT_BUILT
            for h in range(_VALUES)
            for c in range(_VALUES)
        )
        # A pile's links, by pile (piles are shared between positions: a search sees few).
        self.links_of: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        # The last position's free links: a search normalizes a position, then asks for its
        # members (the same tuple, and tuples never change).
        self.last_piles: Piles = ()
        self.last_links: list[tuple[int, int, int, int]] = []

    def free_links(self, piles: Piles) -> list[tuple[int, int, int, int]]:
        """(pile, index of the run's head, pile of the other host, other host) per free link;
        the caller must not change the list."""
        if piles is self.last_piles:
            return self.last_links
        top_pile = [-1] * DECK_SIZE
        tableau = self.tableau
        for t in tableau:
            p = piles[t]
            if p and p[-1] < DECK_SIZE:
                top_pile[p[-1]] = t
        links_of = self.links_of
        found = []
        for t in tableau:
            p = piles[t]
            links = links_of.get(p)
            if links is None:
                links = links_of[p] = self._links(p)
            for i, alt in links:
                b = top_pile[alt]
                if b >= 0 and b != t:
                    found.append((t, i, b, alt))
        self.last_piles = piles
        self.last_links = found
        return found

    def _links(self, pile: tuple[int, ...]) -> list[tuple[int, int]]:
        """(index of a run's head, the other host it may move to) for each card of the
        pile's top built run that sits on a host with a twin."""
        alt_of = self.alt_of
        links = []
        i = len(pile) - 1
        while i >= 1:
            alt = alt_of[pile[i - 1] * _VALUES + pile[i]]
            if alt == NOT_BUILT:
                break
            if alt != NO_TWIN:
                links.append((i, alt))
            i -= 1
        return links

    def normalize(self, piles: Piles) -> list[Move]:
        """Run moves that put every free run on its lower host (none: already canonical, or
        a class too large to expand, which is searched position by position instead).
        The links are independent, so one look finds every run to move."""
        links = self.free_links(piles)
        if len(links) > MAX_FREE_LINKS:
            return []
        moves: list[Move] = []
        for t, i, _, alt in links:
            head = piles[t][i]
            if alt < piles[t][i - 1]:
                piles, move = self._flip(piles, head)
                moves.append(move)
        return moves

    def members(self, piles: Piles) -> list[tuple[tuple[Move, ...], Piles]] | None:
        """The other members of the class whose run moves all leave one pile (the only ones
        with moves of their own to take, `uses_uncovered`): (run moves from ``piles``, its
        piles); None when the class is too large (never normalized)."""
        links = self.free_links(piles)
        if len(links) > MAX_FREE_LINKS:
            return None
        heads_of: dict[int, list[int]] = {}
        for t, i, _, _ in links:
            heads_of.setdefault(t, []).append(piles[t][i])
        found = []
        for heads in heads_of.values():
            for size in range(1, len(heads) + 1):
                for chosen in combinations(heads, size):
                    current = piles
                    moves: list[Move] = []
                    for head in chosen:
                        current, move = self._flip(current, head)
                        moves.append(move)
                    found.append((tuple(moves), current))
        return found

    def _flip(self, piles: Piles, head: int) -> tuple[Piles, Move]:
        """Move the free run headed by ``head`` to its other host."""
        for t in self.tableau:
            p = piles[t]
            if head in p:
                i = p.index(head)
                alt = self.other[head][p[i - 1]]
                for b in self.tableau:
                    if piles[b] and piles[b][-1] == alt:
                        new = list(piles)
                        new[b] = piles[b] + p[i:]
                        new[t] = p[:i]
                        return tuple(new), self.transfer.get(t, b, len(p) - i)
        raise ValueError(f"no free run headed by {head}")


def uses_uncovered(flips: tuple[Move, ...], src: int, dst: int, tableau: range) -> bool:
    """Whether a member's move (from ``src`` to ``dst``, after ``flips``) uses what each of
    its run moves uncovers: it goes onto the host a run move left, or takes that host
    elsewhere than onto the tableau. Moving the host onto a tableau pile is also a move of
    the member without that run move, with the run carried along (a longer built group,
    any length may move), to the same class."""
    return all(flip.src == dst or (flip.src == src and dst not in tableau) for flip in flips)


def class_generator(
    twins: Twins, generate: Callable[[Piles, int], Sequence[Action]]
) -> Callable[[Piles, int], list[Action]]:
    """``generate``'s actions from a canonical position plus, after the run moves that
    make each other member, the member's actions that use what those run moves uncover
    (`uses_uncovered`; tried last). Left out, as they lead to the class of another action:
    moves of a free run to its other host (they stay in the class), and moves onto a host
    while its twin lies on top of another pile with a lower value (the same group on the
    twin is a free run there, as normalized)."""
    alt_of = twins.alt_of
    tableau = twins.tableau
    host_twin = twins.host_twin

    def in_class(piles: Piles, move: Move) -> bool:
        source = piles[move.src]
        n = move.size
        # Only a tableau run is a free run: cards a stock dealt onto a reserve, or a waste,
        # may lie in build order too, but nothing takes them back.
        if move.kind is not _T or move.src not in tableau or n >= len(source):
            return False
        if not piles[move.dst]:
            return False
        return alt_of[source[-n - 1] * _VALUES + source[-n]] == piles[move.dst][-1]

    def onto_higher_twin(piles: Piles, move: Move, tops: set[int], top: int) -> bool:
        """Whether the move puts a group (whose top card is ``top``) onto a tableau host
        whose twin, lower, is the top of another pile."""
        if move.dst not in tableau or not piles[move.dst]:
            return False
        host = piles[move.dst][-1]
        twin = host_twin.get(host, host)
        return twin < host and twin in tops and top != twin

    def generate_class(piles: Piles, redeals_left: int) -> list[Action]:
        members = twins.members(piles)
        if members is None:  # not normalized: its members are positions of their own
            return list(generate(piles, redeals_left))
        own: list[Action] = []
        tops = {piles[t][-1] for t in tableau if piles[t]}
        for a in generate(piles, redeals_left):
            if isinstance(a, Move):
                if a.kind is _T and (
                    in_class(piles, a) or onto_higher_twin(piles, a, tops, piles[a.src][-1])
                ):
                    continue
            elif onto_higher_twin(piles, a[-1], tops, -1):
                continue  # a stock move: the dealt card goes onto the lower twin as well
            own.append(a)
        extra: list[Action] = []
        for flips, member in members:
            # (A member's move onto the host its runs uncovered is never onto the higher of
            # two twins on top: the runs cover the other twin.)
            for action in generate(member, redeals_left):
                if isinstance(action, Move):
                    if action.kind is not _T or in_class(member, action):
                        continue
                    last = action
                    tail: tuple[Move, ...] = (action,)
                else:
                    last = action[-1]  # a stock move: deals, then this card's move
                    tail = action
                if uses_uncovered(flips, last.src, last.dst, tableau):
                    extra.append((*flips, *tail))
        return [*extra, *own]

    return generate_class
