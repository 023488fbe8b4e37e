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
    SAME_SUIT_RUN = "same_suit_run"  # a top run that follows the build rule and is one suit
    TOP_OR_FACE_UP = "top_or_face_up"  # the top card, or all the face-up cards (Westhaven)
    WHOLE_PILE = "whole_pile"  # onto another tableau pile only a whole pile (Glenwood)


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
    TABLEAU_CLEARED = "tableau_cleared"  # every tableau pile empty; the stock may hold cards
    # Every card on a foundation or in a tableau pile that is one whole suit, King to Ace.
    SUITS_IN_TABLEAU = "suits_in_tableau"


class Scoring(StrEnum):
    FOUNDATION_CARDS = "foundation_cards"
    TABLEAU_CARDS_REMOVED = "tableau_cards_removed"
    FOUNDATION_CARDS_PLACED = "foundation_cards_placed"  # not counting cards the deal put there
    FOUNDATION_CARDS_ON_CARDS = "foundation_cards_on_cards"  # not counting each pile's first card
    POINTS = "points"  # the weighted sum of the `score_*` fields
    NONE = "none"  # no score is kept: always 0, and `max_score` is 0
    # A running score over the moves made (runtime/engine/sequences.py), runs by `score_pair`.
    SEQUENCES = "sequences"


class Refill(StrEnum):
    """What refills a tableau pile as soon as it is emptied."""

    NONE = "none"
    RESERVE = "reserve"  # the top card of the first non-empty reserve (Canfield)
    WASTE_THEN_STOCK = "waste_then_stock"  # the top waste card, else the top stock card (Zebra)


class Region(StrEnum):
    """Where the help puts a kind of pile; the app lays the table out from it."""

    DEFAULT = "default"  # not said: the app's usual place for the kind
    TOP_LEFT = "top_left"
    TOP_CENTER = "top_center"
    TOP_RIGHT = "top_right"
    TOP = "top"  # in the top row, no side named
    BESIDE_STOCK = "beside_stock"  # in the Stock's row, just right of it
    LEFT = "left"  # a block left of the Tableau
    RIGHT = "right"  # a block right of the Tableau
    MIDDLE = "middle"  # a column between two halves of the Tableau
    BOTTOM = "bottom"  # the lowest band (the Tableau's usual place)


@dataclass(frozen=True, slots=True)
class Place:
    region: Region = Region.DEFAULT
    split: int = 0  # the first `split` piles at the region's left end, the rest at its right
    rows: int = 0  # the tableau in this many rows (0: as the window suits)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where each kind of pile goes, per the help's Setup words (docs/spec/placement.md)."""

    stock: Place = Place()
    waste: Place = Place()
    foundations: Place = Place()
    tableau: Place = Place()
    reserves: Place = Place()


@dataclass(frozen=True, slots=True)
class OptionInfo:
    id: str
    label: str
    default: bool
    group: str | None = None  # options sharing a group are exclusive: exactly one is on


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
    # The first card put on a foundation sets the base rank; until then the base is 0.
    base_chosen: bool = False
    # The deck: `decks` copies of the four suits' cards, or only of `suits` (Spider's one- and
    # two-suit decks), so there are always 52 * decks cards; equal cards share one value.
    decks: int = 1
    suits: tuple[int, ...] = (0, 1, 2, 3)
    tableau_face_rows: tuple[bool, ...] = ()  # per row from the bottom: face down? (Athena)
    reserve_face_down: tuple[int, ...] = ()  # face-down cards at the bottom of each reserve
    aces_on_foundations: bool = False  # the Aces are taken out before the shuffle, one per pile
    # The rank `aces_on_foundations` takes out: 1 for the Aces, 2 for Twos (Straight Up).
    starting_rank: int = 1
    kings_to_bottom: bool = False  # a King dealt onto a card goes to the bottom of its pile
    # A tableau pile whose top two cards form a build takes only a card that continues it.
    tableau_fixed_direction: bool = False
    # A foundation holding 13 cards takes its top card again, then builds back down (26 cards).
    foundation_up_then_down: bool = False
    # Building.
    tableau_builds: Builds | None = None
    tableau_empty_accepts: Accepts | None = None
    foundation_builds: Builds | None = None
    foundation_empty_accepts: Accepts | None = None
    waste_builds: Builds | None = None  # the waste as a target (Escalator, Golf)
    waste_build_first: bool = False  # no deal from the stock while a card can go onto the waste
    waste_capacity: int = 0  # no deal from the stock while the waste holds this many (0: never)
    group_move: GroupMove = GroupMove.ONE
    group_limit: GroupLimit = GroupLimit.NONE
    runs_to_foundation: bool = False
    foundations_take_suits: bool = False  # a foundation takes only a whole suit, King to Ace
    foundation_play_back: bool = False
    foundation_keeps_base: bool = False  # the card that starts a foundation never leaves it
    # An assist, not a rule: a double-click on a foundation sends up every card that can go.
    foundation_double_click_sends_up: bool = False
    # An assist: a double-click on a card no foundation takes puts it on the first tableau
    # pile that takes it.
    double_click_to_tableau: bool = False
    # An assist: a double-click on a tableau pile sends up the longest run a foundation takes.
    double_click_sends_run: bool = False
    tableau_refill: Refill = Refill.NONE
    # The kinds of pile a card may come from to fill an empty tableau pile; () for any.
    tableau_empty_from: tuple[PileKind, ...] = ()
    tableau_waste_fills_last: bool = False  # the waste fills a space once the reserves are empty
    # With `base_chosen`: nothing else is played until a card from a pile of these kinds (()
    # for any) is put on the first foundation.
    base_first: bool = False
    base_from: tuple[PileKind, ...] = ()
    # Tableau piles (0-based) whose spaces take `tableau_hole_accepts` instead (Bear River).
    tableau_holes: tuple[int, ...] = ()
    tableau_hole_accepts: Accepts | None = None
    tableau_capacity: int = 0  # the most cards a player's move may leave on a tableau pile (0: any)
    reserves_accept: bool = False
    # Per reserve pile: the reserve piles (0-based) that must be empty before it plays.
    reserve_covered_by: tuple[tuple[int, ...], ...] = ()
    # A reserve's face-down top card turns up only once it is the pile's last card (Eagle Wing).
    reserve_reveal_last: bool = False
    reserve_capacity: int = 1
    reserve_to_foundations_only: bool = False  # a reserve's top card plays only to a foundation
    # Stock.
    stock_draw: int = 1
    stock_target: StockTarget = StockTarget.WASTE
    redeals: int = 0  # -1: unlimited
    stock_end: StockEnd = StockEnd.PARTIAL
    stock_piles: int = 0  # a deal to the tableau or reserves covers the first N piles (0: all)
    stock_needs_full_tableau: bool = False  # no deal to the tableau while a pile is empty
    # While the base is open, a deal turns the next stock card onto the waste, the waste's card
    # going back under the stock, at most this many times; `State.redeals_left` counts the
    # turns left until the base is chosen (such a game has no redeals).
    base_choices: int = 0
    redeal_from_reserves: bool = False  # a redeal gathers the reserve piles, not the waste
    redeal_shuffles: bool = False  # ... and shuffles them (seeded by the deal and the cards)
    stock_fill_spaces_first: bool = False  # no deal while a move can fill an empty tableau pile
    # With `base_chosen`: the move that chooses the base then deals one stock card face up
    # onto every empty tableau pile, in pile order.
    stock_fills_after_base: bool = False
    # A deal (a player's or the waste's refill) that leaves a tableau pile empty locks the
    # stock: no deal until a move leaves no tableau pile empty or plays the waste's card.
    # `State.redeals_left` holds the lock (1: locked); such a game has no redeals.
    stock_locks_on_space: bool = False
    waste_refill_from_stock: bool = False  # an emptied waste takes the next stock card at once
    # Outcome.
    goal: Goal = Goal.ALL_TO_FOUNDATIONS
    finish_stock_when_tableau_clear: bool = False
    scoring: Scoring = Scoring.FOUNDATION_CARDS
    max_score: int = 52
    # Scoring.POINTS: points per foundation card, per full foundation (13 cards), per tableau
    # card on a card `score_pair` accepts (both face up), per tableau pile that is one whole
    # suit King to Ace, and per face-down tableau card turned up since the deal.
    score_foundation_card: int = 0
    score_foundation_complete: int = 0
    score_pair: Builds | None = None
    score_pair_points: int = 0
    score_tableau_suit: int = 0
    score_turned_card: int = 0
    # Where the piles lie on the table (layout only: no rule depends on it).
    placement: Placement = Placement()

    @property
    def deck_size(self) -> int:
        return 52 * self.decks


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
        """The values tuple for ``options`` over the defaults.

        Turning on an option of an exclusive group turns the others of its group off; a group
        left with none or several options on is an error.
        """
        chosen = self.default_options()
        given = dict(options or {})
        for name, value in given.items():
            if name not in chosen:
                known = ", ".join(chosen) or "none"
                raise ValueError(f"{self.id} has no option {name!r} (options: {known})")
            chosen[name] = bool(value)
        for option in self.options:
            if option.group is not None and given.get(option.id):
                for other in self.options:
                    if other.group == option.group and other.id not in given:
                        chosen[other.id] = False
        for group in {o.group for o in self.options if o.group is not None}:
            members = [o.id for o in self.options if o.group == group]
            if sum(chosen[m] for m in members) != 1:
                raise ValueError(
                    f"{self.id}: exactly one of {', '.join(members)} must be on (group {group!r})"
                )
        return tuple(chosen[option.id] for option in self.options)

    def option_combinations(self) -> list[tuple[bool, ...]]:
        """Every valid values tuple, in the order of ``itertools.product((False, True), ...)``."""
        return sorted(self.rules_by_options)

    def rules(self, options: Mapping[str, bool] | None = None) -> Rules:
        return self.rules_by_options[self.option_values(options)]
