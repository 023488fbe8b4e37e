"""The variant spec: the typed, versioned rules of one game, merged from prose and sidecar.

Every leaf has a dotted path (``tableau.build.direction``); `VariantSpec.provenance` maps each
path to where its value came from. The same paths are used by the prose reader, the sidecar
and option overrides, so the three can be compared field by field.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SPEC_VERSION = 1
GAME_ID_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


class Direction(StrEnum):
    NONE = "none"  # nothing may be built here
    DOWN = "down"
    UP = "up"
    UP_OR_DOWN = "up_or_down"


class SuitRule(StrEnum):
    ANY = "any"
    SAME_SUIT = "same_suit"
    ALTERNATE_COLOUR = "alternate_colour"
    SAME_COLOUR = "same_colour"
    DIFFERENT_SUIT = "different_suit"


class EmptyFill(StrEnum):
    NONE = "none"  # an empty pile stays empty
    ANY = "any"
    KING = "king"  # a King or a group headed by one
    BELOW_BASE = "below_base"  # the rank one below the foundation base (Lady Jane)


class GroupMove(StrEnum):
    ONE = "one"
    BUILD = "build"
    ANY_FACE_UP = "any_face_up"


class GroupLimit(StrEnum):
    NONE = "none"
    FREE_RESERVES = "free_reserves"
    FREE_RESERVES_AND_PILES = "free_reserves_and_piles"


class TableauLayout(StrEnum):
    FAN = "fan"
    PYRAMID = "pyramid"  # rows of 1..n; a card is free once both cards covering it are gone


class FoundationBase(StrEnum):
    ACE = "ace"
    DEALT = "dealt"  # a card dealt to the first foundation sets the base rank


class StockTarget(StrEnum):
    WASTE = "waste"
    RESERVES = "reserves"
    TABLEAU = "tableau"


class StockEnd(StrEnum):
    PARTIAL = "partial"
    SPLIT_WASTE_AND_STOCK = "split_waste_and_stock"


class GoalKind(StrEnum):
    ALL_TO_FOUNDATIONS = "all_to_foundations"
    ALL_TO_WASTE = "all_to_waste"


class ScoringKind(StrEnum):
    FOUNDATION_CARDS = "foundation_cards"
    TABLEAU_CARDS_REMOVED = "tableau_cards_removed"


class Build(Model):
    direction: Direction = Direction.NONE
    suit: SuitRule = SuitRule.ANY
    wrap: bool = False  # King and Ace are adjacent
    blocked_on_base: bool = False  # nothing may be built on a card of the base rank


class Tableau(Model):
    count: int = Field(ge=0, le=52)
    layout: TableauLayout = TableauLayout.FAN
    face_down: tuple[int, ...] = ()
    face_up: tuple[int, ...] = ()
    build: Build = Build()
    empty: EmptyFill = EmptyFill.ANY
    group_move: GroupMove = GroupMove.ONE
    group_limit: GroupLimit = GroupLimit.NONE
    runs_to_foundation: bool = False

    @model_validator(mode="after")
    def _deal_matches_count(self) -> Tableau:
        for name in ("face_down", "face_up"):
            pattern = getattr(self, name)
            if len(pattern) != self.count:
                raise ValueError(f"{name} lists {len(pattern)} piles but count is {self.count}")
        if self.layout is TableauLayout.PYRAMID:
            rows = 0
            while rows * (rows + 1) // 2 < self.count:
                rows += 1
            if rows * (rows + 1) // 2 != self.count:
                raise ValueError(f"a pyramid needs a triangular number of piles, not {self.count}")
        return self


class Foundations(Model):
    count: int = Field(default=4, ge=0, le=8)
    base: FoundationBase = FoundationBase.ACE
    build: Build = Build(direction=Direction.UP, suit=SuitRule.SAME_SUIT)
    play_back: bool = False


class Reserves(Model):
    count: int = Field(default=0, ge=0, le=16)
    deal: tuple[int, ...] = ()
    capacity: int = Field(default=1, ge=1, le=52)
    accepts: bool = False  # cells: a player may put a card here

    @model_validator(mode="after")
    def _deal_matches_count(self) -> Reserves:
        if len(self.deal) != self.count:
            raise ValueError(f"deal lists {len(self.deal)} piles but count is {self.count}")
        return self


class Stock(Model):
    draw: int = Field(default=1, ge=1, le=52)
    target: StockTarget = StockTarget.WASTE
    redeals: int = Field(default=0, ge=-1)  # -1: unlimited
    end: StockEnd = StockEnd.PARTIAL


class Waste(Model):
    present: bool = True
    build: Build = Build()  # a building waste (Golf, Escalator) takes cards from the tableau


class Goal(Model):
    kind: GoalKind = GoalKind.ALL_TO_FOUNDATIONS
    finish_stock_when_tableau_clear: bool = False


class Scoring(Model):
    kind: ScoringKind = ScoringKind.FOUNDATION_CARDS
    max: int = Field(default=52, ge=1)


class Option(Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    label: str = Field(min_length=1, max_length=80)
    default: bool
    on: dict[str, Any] = Field(default_factory=dict)  # dotted path -> value when checked
    off: dict[str, Any] = Field(default_factory=dict)  # dotted path -> value when unchecked


class Provenance(Model):
    source: Literal["prose", "sidecar", "base", "default"]
    file: str | None = None
    line: int | None = None
    phrase: str | None = None
    override: str | None = None  # the sidecar's reason for overriding the prose
    base: str | None = None  # for source "base": the game the value is inherited from


class VariantSpec(Model):
    spec_version: int = SPEC_VERSION
    id: str = Field(pattern=GAME_ID_PATTERN)
    title: str = Field(min_length=1, max_length=80)
    decks: int = Field(default=1, ge=1, le=1)
    stock: Stock = Stock()
    waste: Waste = Waste()
    foundations: Foundations = Foundations()
    tableau: Tableau
    reserves: Reserves = Reserves()
    goal: Goal = Goal()
    scoring: Scoring = Scoring()
    options: tuple[Option, ...] = ()
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _cards_add_up(self) -> VariantSpec:
        dealt = sum(self.tableau.face_down) + sum(self.tableau.face_up) + sum(self.reserves.deal)
        if self.foundations.base is FoundationBase.DEALT:
            dealt += 1
        if dealt > 52 * self.decks:
            raise ValueError(f"the deal uses {dealt} cards but the deck has {52 * self.decks}")
        return self


# Fields a spec may never take from prose or sidecar directly.
NON_RULE_FIELDS = frozenset({"spec_version", "provenance", "options"})


def leaf_paths(model: type[BaseModel] = VariantSpec, prefix: str = "") -> list[str]:
    """Every dotted leaf path of the spec, e.g. ``tableau.build.direction``."""
    paths: list[str] = []
    for name, info in model.model_fields.items():
        if not prefix and name in NON_RULE_FIELDS:
            continue
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            paths.extend(leaf_paths(annotation, f"{prefix}{name}."))
        else:
            paths.append(f"{prefix}{name}")
    return paths
