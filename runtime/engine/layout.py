"""Pile layout and the lookup tables compiled once per (rules, base rank)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter

from runtime.engine.cards import DECK_SIZE, SUIT
from runtime.engine.moves import Move
from runtime.engine.rules import Accepts, Builds, GroupMove, PileKind, Placement, Refill, Rules


@dataclass(frozen=True, slots=True)
class Layout:
    """Pile order is stock, waste, foundations, tableau, reserves; names follow move notation."""

    kinds: tuple[PileKind, ...]
    names: tuple[str, ...]
    stock: int
    waste: int  # -1 when the game has no waste
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    reserves: tuple[int, ...]
    has_stock: bool = True  # False when the deal uses every card (Seahaven): `s` stays empty
    placement: Placement = field(default_factory=Placement)  # where the help puts each kind

    @property
    def groups(self) -> dict[PileKind, tuple[int, ...]]:
        """The piles of each kind, in pile order (the stock even when it stays empty)."""
        return {
            PileKind.STOCK: (self.stock,),
            PileKind.WASTE: (self.waste,) if self.waste >= 0 else (),
            PileKind.FOUNDATION: self.foundations,
            PileKind.TABLEAU: self.tableau,
            PileKind.RESERVE: self.reserves,
        }

    @property
    def index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}


@cache
def layout_for(rules: Rules) -> Layout:
    kinds: list[PileKind] = [PileKind.STOCK]
    names = ["s"]
    if rules.has_waste:
        kinds.append(PileKind.WASTE)
        names.append("w")
    groups: list[tuple[int, ...]] = []
    for kind, count, letter in (
        (PileKind.FOUNDATION, rules.foundations, "f"),
        (PileKind.TABLEAU, len(rules.tableau_deal), "t"),
        (PileKind.RESERVE, len(rules.reserve_deal), "r"),
    ):
        start = len(kinds)
        kinds.extend([kind] * count)
        names.extend(f"{letter}{i + 1}" for i in range(count))
        groups.append(tuple(range(start, start + count)))
    return Layout(
        kinds=tuple(kinds),
        names=tuple(names),
        stock=0,
        waste=1 if rules.has_waste else -1,
        foundations=groups[0],
        tableau=groups[1],
        reserves=groups[2],
        has_stock=dealt_cards(rules) < rules.deck_size,
        placement=rules.placement,
    )


def dealt_cards(rules: Rules) -> int:
    """Cards the deal puts anywhere but the stock."""
    dealt = sum(down + up for down, up in rules.tableau_deal) + sum(rules.reserve_deal)
    if rules.aces_on_foundations:
        dealt += 4 * rules.decks
    return dealt + (1 if rules.base_from_deal else 0)


# A flat table: entry [lower * 52 + upper] says whether `upper` may go on `lower`.
BuildTable = tuple[bool, ...]
AcceptTable = tuple[bool, ...]


def _build_table(builds: Builds | None, base: int) -> BuildTable | None:
    if builds is None:
        return None
    return tuple(
        builds(lower, upper, base) for lower in range(DECK_SIZE) for upper in range(DECK_SIZE)
    )


def _accept_table(accepts: Accepts | None, base: int) -> AcceptTable | None:
    if accepts is None:
        return None
    return tuple(accepts(card, base) for card in range(DECK_SIZE))


@dataclass(frozen=True, slots=True)
class Tables:
    tableau: BuildTable | None
    tableau_empty: AcceptTable | None
    foundation: BuildTable | None
    foundation_empty: AcceptTable | None
    waste: BuildTable | None


@cache
def tables_for(rules: Rules, base: int) -> Tables:
    return Tables(
        tableau=_build_table(rules.tableau_builds, base),
        tableau_empty=_accept_table(rules.tableau_empty_accepts, base),
        foundation=_build_table(rules.foundation_builds, base),
        foundation_empty=_accept_table(rules.foundation_empty_accepts, base),
        waste=_build_table(rules.waste_builds, base),
    )


# -- the move-generation plan ------------------------------------------------------------

# Source roles: what a pile may give away (piles that never give are left out of the plan).
ROLE_FOUNDATION = 0  # foundation play-back (Saratoga)
ROLE_TABLEAU = 1
ROLE_WASTE = 2
ROLE_STOCK = 3  # a face-up card left on the stock (Lady Jane's last two)
ROLE_RESERVE = 4

_ROLE_OF_KIND = {
    PileKind.FOUNDATION: ROLE_FOUNDATION,
    PileKind.TABLEAU: ROLE_TABLEAU,
    PileKind.WASTE: ROLE_WASTE,
    PileKind.STOCK: ROLE_STOCK,
    PileKind.RESERVE: ROLE_RESERVE,
}

# Indexed by card value including face-down values (64..127), which accept nothing.
NextCards = tuple[tuple[int, ...], ...]


def _next_cards(table: BuildTable | None) -> NextCards | None:
    if table is None:
        return None
    rows = [
        tuple(upper for upper in range(DECK_SIZE) if table[lower * DECK_SIZE + upper])
        for lower in range(DECK_SIZE)
    ]
    return tuple(rows) + ((),) * (128 - DECK_SIZE)


def _start_cards(table: AcceptTable | None) -> tuple[int, ...] | None:
    if table is None:
        return None
    return tuple(card for card in range(DECK_SIZE) if table[card])


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything `State.legal_moves` needs, precomputed once per (rules, base rank).

    ``*_next[lower]`` lists the cards that may go on ``lower``; ``*_start`` the cards that may
    start an empty pile (None: an empty pile takes nothing).
    """

    rules: Rules
    base: int
    layout: Layout
    tables: Tables
    sources: tuple[tuple[int, int], ...]  # (pile, role) in pile order
    covered: tuple[tuple[int, ...], ...]  # per pile (absolute indices): piles that must be empty
    has_cover: bool
    # per pile: the piles it covers, each of which turns its face-down card up once no pile
    # covers it any more (a pyramid dealt face down, Elevator)
    uncovers: tuple[tuple[int, ...], ...]
    foundation_next: NextCards | None
    foundation_start: tuple[int, ...]
    tableau_next: NextCards | None
    tableau_start: tuple[int, ...] | None
    holes: frozenset[int]  # tableau piles whose spaces take `hole_start` instead (Bear River)
    hole_start: tuple[int, ...] | None
    waste_next: tuple[frozenset[int], ...] | None
    tableau_role_group: bool  # tableau sources may move more than their top card
    # [lower * 52 + upper]: may `upper` stay on `lower` within a moving group (None: any cards)
    group_table: BuildTable | None
    deck_size: int
    keeps_base: bool  # a foundation's bottom card never leaves it
    takes_suits: bool  # foundations take whole suits, King to Ace, from the tableau
    one: tuple[tuple[Move, ...], ...]  # one[src][dst]: the single-card Move, built once
    # For `State.apply`, per pile:
    turns_up: tuple[bool, ...]  # a face-down card left on top is turned up (not the stock)
    turns_up_last: tuple[bool, ...]  # ... only once it is the pile's last card (Eagle Wing)
    takes_runs: tuple[bool, ...]  # a run arrives top card first (foundations)
    finishes_stock: tuple[bool, ...]  # emptying it may clear the tableau and finish the stock
    refills: bool  # an emptied tableau pile is refilled at once (`Rules.tableau_refill`)
    # Source roles that may fill an empty tableau pile (None: any source).
    fill_roles: frozenset[int] | None
    after_empty: tuple[bool, ...]  # emptying it has `State.apply` turn up, refill or finish
    tableau_piles_of: Callable[[Sequence[tuple[int, ...]]], tuple[tuple[int, ...], ...]]


def _picker(
    indices: tuple[int, ...],
) -> Callable[[Sequence[tuple[int, ...]]], tuple[tuple[int, ...], ...]]:
    """A fast ``piles -> tuple of the piles at indices`` (operator.itemgetter, always a tuple)."""
    if len(indices) >= 2:
        return itemgetter(*indices)
    return lambda piles: tuple(piles[i] for i in indices)


@cache
def plan_for(rules: Rules, base: int) -> Plan:
    layout = layout_for(rules)
    tables = tables_for(rules, base)
    sources: list[tuple[int, int]] = []
    for pile, kind in enumerate(layout.kinds):
        if kind is PileKind.FOUNDATION and (
            not rules.foundation_play_back or tables.tableau is None
        ):
            continue
        if kind is PileKind.WASTE and tables.waste is not None:
            continue  # a building waste (Escalator) is a target, not a source
        sources.append((pile, _ROLE_OF_KIND[kind]))
    covered: list[tuple[int, ...]] = [() for _ in layout.kinds]
    first = layout.tableau[0] if layout.tableau else 0
    for i, over in enumerate(rules.covered_by):
        covered[first + i] = tuple(first + c for c in over)
    for pile, over in zip(layout.reserves, rules.reserve_covered_by, strict=False):
        covered[pile] = tuple(layout.reserves[c] for c in over)
    uncovers = tuple(
        tuple(p for p, over in enumerate(covered) if pile in over) for pile in range(len(covered))
    )
    waste_next = None
    if tables.waste is not None:
        waste_table = tables.waste
        waste_next = tuple(
            frozenset(u for u in range(DECK_SIZE) if waste_table[lower * DECK_SIZE + u])
            for lower in range(DECK_SIZE)
        ) + (frozenset(),) * (128 - DECK_SIZE)
    n = len(layout.kinds)
    any_face_up = rules.group_move in (GroupMove.ANY_FACE_UP, GroupMove.TOP_OR_FACE_UP)
    group_table = None if any_face_up else tables.tableau
    if rules.group_move is GroupMove.SAME_SUIT_RUN and group_table is not None:
        group_table = tuple(
            ok and SUIT[i // DECK_SIZE] == SUIT[i % DECK_SIZE] for i, ok in enumerate(group_table)
        )
    finishes_stock = tuple(
        kind is PileKind.TABLEAU and rules.finish_stock_when_tableau_clear for kind in layout.kinds
    )
    refills = rules.tableau_refill is not Refill.NONE and (
        bool(layout.reserves) or rules.tableau_refill is not Refill.RESERVE
    )
    fill_roles = (
        frozenset(_ROLE_OF_KIND[kind] for kind in rules.tableau_empty_from)
        if rules.tableau_empty_from
        else None
    )
    return Plan(
        rules=rules,
        base=base,
        layout=layout,
        tables=tables,
        sources=tuple(sources),
        covered=tuple(covered),
        has_cover=any(covered),
        uncovers=uncovers,
        foundation_next=_next_cards(tables.foundation),
        foundation_start=_start_cards(tables.foundation_empty) or (),
        tableau_next=_next_cards(tables.tableau),
        tableau_start=_start_cards(tables.tableau_empty),
        holes=frozenset(layout.tableau[i] for i in rules.tableau_holes),
        hole_start=_start_cards(_accept_table(rules.tableau_hole_accepts, base)),
        waste_next=waste_next,
        tableau_role_group=rules.group_move.value != "one",
        group_table=group_table,
        deck_size=rules.deck_size,
        keeps_base=rules.foundation_keeps_base,
        takes_suits=rules.foundations_take_suits and bool(layout.foundations),
        one=tuple(tuple(Move.transfer(s, d) for d in range(n)) for s in range(n)),
        turns_up=tuple(
            kind is not PileKind.STOCK
            and not (kind is PileKind.RESERVE and rules.reserve_reveal_last)
            for kind in layout.kinds
        ),
        turns_up_last=tuple(
            kind is PileKind.RESERVE and rules.reserve_reveal_last for kind in layout.kinds
        ),
        takes_runs=tuple(
            kind is PileKind.FOUNDATION and not rules.foundations_take_suits
            for kind in layout.kinds
        ),
        finishes_stock=finishes_stock,
        refills=refills,
        fill_roles=fill_roles,
        after_empty=tuple(
            finish or (refills and kind is PileKind.TABLEAU) or bool(over)
            for finish, kind, over in zip(finishes_stock, layout.kinds, uncovers, strict=True)
        ),
        tableau_piles_of=_picker(layout.tableau),
    )
