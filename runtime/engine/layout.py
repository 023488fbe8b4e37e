"""Pile layout and the lookup tables compiled once per (rules, base rank)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from runtime.engine.cards import DECK_SIZE
from runtime.engine.rules import Accepts, Builds, PileKind, Rules


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
    )


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
