"""The variant spec: the typed, versioned rules of one game, merged from prose and sidecar.

Every leaf has a dotted path (``tableau.build.direction``); `VariantSpec.provenance` maps each
path to where its value came from. The same paths are used by the prose reader, the sidecar
and option overrides, so the three can be compared field by field.
"""

from __future__ import annotations

import itertools
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
    SAME_SUIT_RUN = "same_suit_run"  # a top run that follows the build rule and is one suit
    TOP_OR_FACE_UP = "top_or_face_up"  # the top card, or all the face-up cards (Westhaven)
    # A pile goes onto another tableau pile only whole; its top card alone goes elsewhere
    # (Glenwood: "Whole piles can be played on to another Tableau").
    WHOLE_PILE = "whole_pile"


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
    # The first card the player puts on a foundation sets the base rank for every foundation.
    CHOSEN = "chosen"
    ANY = "any"  # each foundation starts with any card; no base rank
    TWO = "two"  # a foundation starts with a Two: Aces high (Straight Up: "from Two to Ace")


class StockTarget(StrEnum):
    WASTE = "waste"
    RESERVES = "reserves"
    TABLEAU = "tableau"


class RedealFrom(StrEnum):
    """What a redeal turns back into the stock."""

    WASTE = "waste"
    RESERVES = "reserves"  # every reserve pile, the first one first (Scuffle)


class StockEnd(StrEnum):
    PARTIAL = "partial"
    SPLIT_WASTE_AND_STOCK = "split_waste_and_stock"


class GoalKind(StrEnum):
    ALL_TO_FOUNDATIONS = "all_to_foundations"
    ALL_TO_WASTE = "all_to_waste"
    TABLEAU_CLEARED = "tableau_cleared"  # every tableau pile empty (Golf)
    # every card on a foundation or in a tableau pile of one whole suit (Scorpion, Spider)
    SUITS_IN_TABLEAU = "suits_in_tableau"


class ScoringKind(StrEnum):
    FOUNDATION_CARDS = "foundation_cards"
    TABLEAU_CARDS_REMOVED = "tableau_cards_removed"
    FOUNDATION_CARDS_PLACED = "foundation_cards_placed"  # minus the cards the deal put there
    # foundation cards that lie on another card: a foundation's first card scores nothing
    FOUNDATION_CARDS_ON_CARDS = "foundation_cards_on_cards"
    POINTS = "points"  # a weighted sum of the `scoring.*` point fields
    NONE = "none"  # no score is kept ("There is no scoring"); `max` is 0
    # A running score (Odessa): a point per card of each run in the `pair_suit` relation at
    # the deal, per card of the run a move onto a tableau card completes, per card moved to a
    # foundation.
    SEQUENCES = "sequences"


class Face(StrEnum):
    DOWN = "down"
    UP = "up"


class Refill(StrEnum):
    NONE = "none"
    RESERVE = "reserve"  # an emptied tableau pile takes the top reserve card at once
    # ... takes the top waste card at once, or the top stock card when the waste is empty
    WASTE_THEN_STOCK = "waste_then_stock"


class Source(StrEnum):
    """A kind of pile a card may be played from."""

    TABLEAU = "tableau"
    WASTE = "waste"
    RESERVE = "reserve"
    FOUNDATION = "foundation"
    STOCK = "stock"


class Reveal(StrEnum):
    """When a face-down card left on top of a reserve pile is turned up."""

    TOP = "top"  # at once (Canfield)
    LAST = "last"  # only once it is the pile's last card (Eagle Wing)


class SuitName(StrEnum):
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


class Build(Model):
    direction: Direction = Direction.NONE
    suit: SuitRule = SuitRule.ANY
    wrap: bool = False  # King and Ace are adjacent
    blocked_on_base: bool = False  # nothing may be built on a card of the base rank
    blocked_on_rank: int = Field(default=0, ge=0, le=13)  # nothing on this rank (0: none)


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
    face_rows: tuple[Face, ...] = ()  # face of each row from the bottom, on every pile
    kings_to_bottom: bool = False  # a King dealt onto a card goes to the bottom of its pile
    # Each pile keeps the direction of its first build: on a pile whose top two cards form a
    # build, the next card must continue it (Union Square: up or down in suit, one per pile).
    fixed_direction: bool = False
    refill: Refill = Refill.NONE
    # The most cards a tableau pile may hold after a player's move (Eagle Wing: "a maximum of
    # three cards"); 0: no limit.
    capacity: int = Field(default=0, ge=0, le=104)
    # Piles (numbered from 1) that take `hole_empty` when empty instead of `empty` (Bear
    # River's "Hole" piles); () for none.
    holes: tuple[int, ...] = ()
    hole_empty: EmptyFill = EmptyFill.ANY
    # The kinds of pile a player may fill an empty tableau pile from (Kansas: only the Waste;
    # Backbone: any but the Reserve); every kind unless the help restricts it.
    empty_from: tuple[Source, ...] = Field(default=tuple(Source), min_length=1)
    # The Waste fills a space only once every Reserve pile is empty (Glenwood).
    waste_fills_last: bool = False
    # An assist: a double-click on a card no foundation takes puts it on the first Tableau
    # pile that takes it (Forty Thieves: "or to the tableau if possible").
    double_click_to_tableau: bool = False
    # An assist: a double-click on a Tableau pile sends up the longest run a Foundation takes
    # in one move (Hamilton: "will move all possible cards from that pile to the Foundation").
    double_click_sends_run: bool = False

    @model_validator(mode="after")
    def _deal_matches_count(self) -> Tableau:
        for name in ("face_down", "face_up"):
            pattern = getattr(self, name)
            if len(pattern) != self.count:
                raise ValueError(f"{name} lists {len(pattern)} piles but count is {self.count}")
        if any(not 1 <= hole <= self.count for hole in self.holes) or len(set(self.holes)) != len(
            self.holes
        ):
            raise ValueError(f"holes {list(self.holes)} must be different piles 1..{self.count}")
        if self.face_rows:
            for down, up in zip(self.face_down, self.face_up, strict=True):
                faces = self.face_rows[: down + up]
                if len(faces) < down + up or faces.count(Face.DOWN) != down:
                    raise ValueError(
                        f"face_rows {[r.value for r in self.face_rows]} do not give a pile of "
                        f"{down} face-down and {up} face-up cards"
                    )
        if self.layout is TableauLayout.PYRAMID:
            rows = 0
            while rows * (rows + 1) // 2 < self.count:
                rows += 1
            if rows * (rows + 1) // 2 != self.count:
                raise ValueError(f"a pyramid needs a triangular number of piles, not {self.count}")
        return self


class Foundations(Model):
    count: int = Field(default=4, ge=0, le=12)
    base: FoundationBase = FoundationBase.ACE
    build: Build = Build(direction=Direction.UP, suit=SuitRule.SAME_SUIT)
    play_back: bool = False
    keep_base: bool = False  # the card that starts a foundation never leaves it
    # With a chosen base: choosing it is the first move, onto the first foundation, with a
    # card from a pile of these kinds (Glenwood: "selecting a card from the Reserves").
    base_first: bool = False
    base_from: tuple[Source, ...] = Field(default=tuple(Source), min_length=1)
    start_with_aces: bool = False  # the Aces are taken out before the shuffle, one per pile
    # The same for the cards of a fixed base rank other than the Ace (Straight Up's Twos).
    start_with_base: bool = False
    whole_suits: bool = False  # a foundation takes only a whole suit, King to Ace, at once
    # Built up to the King, then the same King again and back down to the Ace: 26 cards a
    # pile (Union Square).
    up_then_down: bool = False
    # A double-click on a foundation sends up every card that can go (Klondike's help says so;
    # elsewhere a double-click sends only the clicked card).
    double_click_sends_up: bool = False


class Reserves(Model):
    count: int = Field(default=0, ge=0, le=16)
    deal: tuple[int, ...] = ()
    capacity: int = Field(default=1, ge=1, le=52)
    accepts: bool = False  # cells: a player may put a card here
    face_down: tuple[int, ...] = ()  # face-down cards at the bottom of each pile's deal
    reveal: Reveal = Reveal.TOP  # when a face-down card left on top is turned up
    # Per reserve pile, the reserve piles (numbered from 1) lying across it: its top card is
    # free only once they are all empty (Backbone: two stacks under one single card).
    covered_by: tuple[tuple[int, ...], ...] = ()
    # The top card of a reserve plays only onto the foundations (Terrace: "can be played only
    # onto the Foundations"), never onto the tableau.
    to_foundations_only: bool = False

    @model_validator(mode="after")
    def _deal_matches_count(self) -> Reserves:
        if len(self.deal) != self.count:
            raise ValueError(f"deal lists {len(self.deal)} piles but count is {self.count}")
        if self.face_down and (
            len(self.face_down) != self.count
            or any(not 0 <= d <= n for d, n in zip(self.face_down, self.deal, strict=True))
        ):
            raise ValueError(f"face_down {list(self.face_down)} does not fit deal {self.deal}")
        if self.covered_by and (
            len(self.covered_by) != self.count
            or any(
                not 1 <= c <= self.count or c == i + 1
                for i, over in enumerate(self.covered_by)
                for c in over
            )
        ):
            raise ValueError(f"covered_by {self.covered_by} does not fit {self.count} reserves")
        return self


class Stock(Model):
    draw: int = Field(default=1, ge=1, le=52)
    target: StockTarget = StockTarget.WASTE
    redeals: int = Field(default=0, ge=-1)  # -1: unlimited
    end: StockEnd = StockEnd.PARTIAL
    piles: int = Field(default=0, ge=0)  # a deal to piles covers the first N only (0: all)
    needs_full_tableau: bool = False  # no deal to the tableau while a pile is empty
    # While a chosen base is still open, a click on the Stock turns its top card onto the
    # Waste (the Waste's card going back face down under the Stock), at most this many times;
    # the Waste card is the one that can be chosen (Hamilton: "the first three cards").
    base_choices: int = Field(default=0, ge=0, le=52)
    redeal_from: RedealFrom = RedealFrom.WASTE
    redeal_shuffle: bool = False  # the gathered cards are shuffled into the new stock
    # No deal while a move can fill an empty tableau pile (Easthaven: "must be filled if
    # possible before dealing"); a space nothing can fill does not stop the deal.
    fill_spaces_first: bool = False
    # With a chosen base: once it is chosen, the Stock puts one card face up on every empty
    # tableau pile (Terrace: "Once the base card is chosen, every empty Tableau pile gets one
    # card from the Stock").
    fill_after_base: bool = False
    # A deal made while a tableau pile is empty locks the Stock until every space is filled
    # or the Waste's card is played (Terrace: "While a Tableau pile is empty, the Stock turns
    # one card only"). The engine keeps the lock in `State.redeals_left` (no redeals then).
    locks_on_space: bool = False


class Waste(Model):
    present: bool = True
    build: Build = Build()  # a building waste (Golf, Escalator) takes cards from the tableau
    # Building on the waste is compulsory: the stock is not dealt while a card can go onto the
    # waste (Escalator: "Build on to the Waste ... whenever possible").
    build_first: bool = False
    # Whenever the waste is emptied, the Stock turns its next card onto it at once (Terrace:
    # "Whenever the Waste is empty, the next Stock card is turned onto it at once").
    refill_from_stock: bool = False
    # The most cards the waste holds: the stock is not dealt while it is full (Sir Tommy: "Can
    # only hold one card"). 0: no limit.
    capacity: int = Field(default=0, ge=0, le=52)


class Goal(Model):
    kind: GoalKind = GoalKind.ALL_TO_FOUNDATIONS
    finish_stock_when_tableau_clear: bool = False


class Scoring(Model):
    kind: ScoringKind = ScoringKind.FOUNDATION_CARDS
    max: int = Field(default=52, ge=0)  # 0 only with kind `none`
    # kind `points`: the score is the sum of these, recomputed after every move.
    foundation_card: int = 0  # per card on a foundation
    foundation_complete: int = 0  # per foundation holding 13 cards
    pair: int = 0  # per face-up tableau card on a face-up card one rank higher ...
    pair_suit: SuitRule = SuitRule.SAME_SUIT  # ... in this suit relation
    tableau_suit: int = 0  # per tableau pile that is one whole suit, King to Ace
    turned_card: int = 0  # per face-down tableau card turned up since the deal


class Region(StrEnum):
    """Where the help puts a kind of pile on the table ("Top left", "on the right")."""

    DEFAULT = "default"  # the help does not say: the app's usual place for the kind
    TOP_LEFT = "top_left"
    TOP_CENTER = "top_center"
    TOP_RIGHT = "top_right"
    TOP = "top"  # in the top row, no side named ("along the top")
    BESIDE_STOCK = "beside_stock"  # in the Stock's row, just right of it
    LEFT = "left"  # a block beside the Tableau, on its left ("down the left side")
    RIGHT = "right"  # a block beside the Tableau, on its right
    MIDDLE = "middle"  # a column between two halves of the Tableau
    BOTTOM = "bottom"  # a row below everything else


class Place(Model):
    region: Region = Region.DEFAULT
    # A split group: the first `split` piles at the region's left end, the rest at its right
    # end ("two at top left and two at top right"; the Tableau "four on each side of" a
    # middle column). 0: not split.
    split: int = Field(default=0, ge=0, le=52)
    # The tableau in this many rows ("Eighteen piles in three rows of six": Bear River); 0:
    # as the window suits.
    rows: int = Field(default=0, ge=0, le=8)


class Placement(Model):
    """Where each kind of pile goes, as the help's Setup words say (docs/spec/placement.md)."""

    stock: Place = Place()
    waste: Place = Place()
    foundations: Place = Place()
    tableau: Place = Place()
    reserves: Place = Place()


class Option(Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    label: str = Field(min_length=1, max_length=80)
    default: bool
    group: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9_]{0,39}$")  # exclusive
    on: dict[str, Any] = Field(default_factory=dict)  # dotted path -> value when checked
    off: dict[str, Any] = Field(default_factory=dict)  # dotted path -> value when unchecked


class Provenance(Model):
    source: Literal["prose", "sidecar", "base", "default"]
    file: str | None = None
    line: int | None = None
    phrase: str | None = None
    override: str | None = None  # the sidecar's reason for overriding the prose
    base: str | None = None  # for source "base": the game the value is inherited from
    inferred: bool = False  # from silence: the Setup table has no row for this pile


class VariantSpec(Model):
    spec_version: int = SPEC_VERSION
    id: str = Field(pattern=GAME_ID_PATTERN)
    title: str = Field(min_length=1, max_length=80)
    decks: int = Field(default=1, ge=1, le=3)
    suits: tuple[SuitName, ...] = tuple(SuitName)  # the suits of the deck, repeated to fill it
    stock: Stock = Stock()
    waste: Waste = Waste()
    foundations: Foundations = Foundations()
    tableau: Tableau
    reserves: Reserves = Reserves()
    goal: Goal = Goal()
    scoring: Scoring = Scoring()
    placement: Placement = Placement()
    options: tuple[Option, ...] = ()
    provenance: dict[str, Provenance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _cards_add_up(self) -> VariantSpec:
        dealt = sum(self.tableau.face_down) + sum(self.tableau.face_up) + sum(self.reserves.deal)
        if self.foundations.base is FoundationBase.DEALT:
            dealt += 1
        if self.foundations.start_with_aces:
            dealt += 4 * self.decks
            if self.foundations.count != 4 * self.decks:
                raise ValueError("start_with_aces needs one foundation per Ace")
        if self.foundations.start_with_base:
            dealt += 4 * self.decks
            if self.foundations.base is not FoundationBase.TWO or self.foundations.start_with_aces:
                raise ValueError("start_with_base needs a fixed base rank other than the Ace")
            if self.foundations.count != 4 * self.decks:
                raise ValueError("start_with_base needs one foundation per base card")
        if self.foundations.up_then_down and self.decks < 2:
            raise ValueError("a foundation that goes up then down needs a second deck's King")
        if dealt > 52 * self.decks:
            raise ValueError(f"the deal uses {dealt} cards but the deck has {52 * self.decks}")
        if not self.suits or 4 % len(self.suits) or len(set(self.suits)) != len(self.suits):
            raise ValueError("suits must list 1, 2 or 4 different suits")
        groups: dict[str, list[Option]] = {}
        for option in self.options:
            if option.group is not None:
                groups.setdefault(option.group, []).append(option)
        for group, members in groups.items():
            if len(members) < 2 or sum(o.default for o in members) != 1:
                raise ValueError(
                    f"option group {group!r} needs two or more options, exactly one on by default"
                )
        return self

    @model_validator(mode="after")
    def _fields_agree(self) -> VariantSpec:
        """Fields that only mean something beside another: each message names the field at
        fault first (`merge._WHOLE_SPEC` blames its line) and says how to make them agree."""
        foundations, tableau, stock = self.foundations, self.tableau, self.stock
        chosen = foundations.base is FoundationBase.CHOSEN
        if foundations.base is not FoundationBase.ACE and not foundations.count:
            raise ValueError(
                f"foundations.base {foundations.base.value!r} needs a Foundation, but there "
                "are none: give the Foundations, or drop the base"
            )
        if foundations.base_first and not chosen:
            raise ValueError(
                "foundations.base_first (choosing the base is the first move) needs a base "
                f"the player chooses, not {foundations.base.value!r}"
            )
        if set(foundations.base_from) != set(Source) and not chosen:
            raise ValueError(
                "foundations.base_from (where the base card may come from) needs a base the "
                f"player chooses, not {foundations.base.value!r}"
            )
        if stock.base_choices and not chosen:
            raise ValueError(
                "stock.base_choices (Stock cards turned while the base is open) needs a base "
                f"the player chooses, not {foundations.base.value!r}"
            )
        if tableau.capacity:
            sizes = [d + u for d, u in zip(tableau.face_down, tableau.face_up, strict=True)]
            for number, size in enumerate(sizes, 1):
                if size > tableau.capacity:
                    raise ValueError(
                        f"tableau.capacity {tableau.capacity} is less than the {size} "
                        f"cards dealt to Tableau pile {number}: raise the capacity or deal fewer"
                    )
        if tableau.refill is Refill.RESERVE and not self.reserves.count:
            raise ValueError(
                "tableau.refill 'reserve' fills spaces from the Reserve, but there is none"
            )
        if tableau.refill is Refill.WASTE_THEN_STOCK and not self.waste.present:
            raise ValueError(
                "tableau.refill 'waste_then_stock' fills spaces from the Waste, but there is none"
            )
        if stock.piles > tableau.count:
            raise ValueError(
                f"stock.piles: a deal covers the first {stock.piles} Tableau piles, but there "
                f"are {tableau.count}"
            )
        reserves = self.reserves
        if reserves.accepts and reserves.deal and max(reserves.deal) > reserves.capacity:
            raise ValueError(
                f"reserves.capacity {reserves.capacity} is less than the {max(reserves.deal)} "
                "cards dealt to a Reserve pile the player may fill: raise the capacity or deal "
                "fewer"
            )
        capacity = self.waste.capacity
        if capacity and stock.target is StockTarget.WASTE and stock.draw > capacity:
            raise ValueError(
                f"waste.capacity {capacity} is less than the {stock.draw} cards a deal turns "
                "onto the Waste: raise the capacity or turn fewer cards"
            )
        if stock.fill_after_base and not chosen:
            raise ValueError(
                "stock.fill_after_base (spaces filled once the base is chosen) needs a base "
                f"the player chooses, not {foundations.base.value!r}"
            )
        if stock.locks_on_space and (
            stock.redeals or stock.base_choices or stock.target is not StockTarget.WASTE
        ):
            raise ValueError(
                "stock.locks_on_space (the Stock waits for a space to be filled) needs a Stock "
                "that deals to the Waste and is never turned over, with no base_choices"
            )
        if self.waste.refill_from_stock and (
            not self.waste.present or stock.target is not StockTarget.WASTE
        ):
            raise ValueError(
                "waste.refill_from_stock refills the Waste from the Stock: it needs a Waste "
                "and a Stock that deals to it"
            )
        return self


def option_combinations(options: tuple[Option, ...]) -> list[tuple[bool, ...]]:
    """Every valid tuple of option values, in ``itertools.product((False, True))`` order: an
    exclusive group has exactly one option on."""
    combos = []
    for values in itertools.product((False, True), repeat=len(options)):
        on: dict[str, int] = {}
        for option, value in zip(options, values, strict=True):
            if option.group is not None:
                on[option.group] = on.get(option.group, 0) + value
        if all(count == 1 for count in on.values()):
            combos.append(values)
    return combos


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
