"""The contract between generated rule modules and the engine.

A generated module (``generated/rules/<game>.py``) specialises one spec into plain predicates
and a `Rules` value per option set; the engine turns the predicates into lookup tables once
and never reads the spec at play time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

# (lower, upper, base_rank) -> may `upper` be placed on `lower`?
Builds = Callable[[int, int, int], bool]
# (card, base_rank) -> may `card` (or a group headed by it) start an empty pile?
Accepts = Callable[[int, int], bool]


class PileKind(StrEnum):
    STOCK = "stock"
    WASTE = "waste"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    RESERVE = "reserve"


class GroupMove(StrEnum):
    """Which cards from the top of a tableau pile may move together."""

    ONE = "one"  # only the top card
    BUILD = "build"  # any top run that follows the tableau build rule
    ANY_FACE_UP = "any_face_up"  # any face-up cards, in order or not (Yukon)


class GroupLimit(StrEnum):
    """How many cards a group move may carry."""

    NONE = "none"
    FREE_RESERVES = "free_reserves"  # at most free reserves + 1; empty piles do not count
    FREE_RESERVES_AND_PILES = "free_reserves_and_piles"  # (free reserves + 1) * 2^empty piles


class StockTarget(StrEnum):
    WASTE = "waste"
    RESERVES = "reserves"  # one card onto each reserve pile (Lady Jane)
    TABLEAU = "tableau"  # one card onto each tableau pile (Spider, Scorpion)


class StockEnd(StrEnum):
    """What happens when the stock has fewer cards left than one deal needs."""

    PARTIAL = "partial"  # deal what is left
    SPLIT_WASTE_AND_STOCK = "split_waste_and_stock"  # last two: one to waste, one face up on stock


class Goal(StrEnum):
    ALL_TO_FOUNDATIONS = "all_to_foundations"
    ALL_TO_WASTE = "all_to_waste"


class Scoring(StrEnum):
    FOUNDATION_CARDS = "foundation_cards"
    TABLEAU_CARDS_REMOVED = "tableau_cards_removed"


@dataclass(frozen=True, slots=True)
class OptionInfo:
    id: str
    label: str
    default: bool


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the engine needs to play one game under one set of option values."""

    # Layout and deal.
    tableau_deal: tuple[tuple[int, int], ...]  # (face down, face up) per tableau pile
    reserve_deal: tuple[int, ...]  # face-up cards per reserve pile
    foundations: int
    has_waste: bool
    covered_by: tuple[tuple[int, ...], ...] = ()  # per tableau pile: piles that must be empty first
    base_from_deal: bool = False  # a dealt card starts foundation 1 and sets the base rank
    # Building.
    tableau_builds: Builds | None = None
    tableau_empty_accepts: Accepts | None = None
    foundation_builds: Builds | None = None
    foundation_empty_accepts: Accepts | None = None
    waste_builds: Builds | None = None  # the waste as a target (Escalator, Golf)
    group_move: GroupMove = GroupMove.ONE
    group_limit: GroupLimit = GroupLimit.NONE
    runs_to_foundation: bool = False
    foundation_play_back: bool = False
    reserves_accept: bool = False
    reserve_capacity: int = 1
    # Stock.
    stock_draw: int = 1
    stock_target: StockTarget = StockTarget.WASTE
    redeals: int = 0  # -1: unlimited
    stock_end: StockEnd = StockEnd.PARTIAL
    # Outcome.
    goal: Goal = Goal.ALL_TO_FOUNDATIONS
    finish_stock_when_tableau_clear: bool = False
    scoring: Scoring = Scoring.FOUNDATION_CARDS
    max_score: int = 52


@dataclass(frozen=True, slots=True)
class GameDefinition:
    """What a generated module exports as ``GAME``: a game and its rules per option set."""

    id: str
    title: str
    options: tuple[OptionInfo, ...]
    rules_by_options: Mapping[tuple[bool, ...], Rules]
    sources: Mapping[str, str] = field(default_factory=dict)  # spec file -> sha256

    def default_options(self) -> dict[str, bool]:
        return {option.id: option.default for option in self.options}

    def option_values(self, options: Mapping[str, bool] | None = None) -> tuple[bool, ...]:
        chosen = self.default_options()
        for name, value in (options or {}).items():
            if name not in chosen:
                known = ", ".join(chosen) or "none"
                raise ValueError(f"{self.id} has no option {name!r} (options: {known})")
            chosen[name] = bool(value)
        return tuple(chosen[option.id] for option in self.options)

    def rules(self, options: Mapping[str, bool] | None = None) -> Rules:
        return self.rules_by_options[self.option_values(options)]
