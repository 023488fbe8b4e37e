"""Spec build rules as Python predicate source, assembled only from fixed fragments.

No spec string ever reaches these expressions: each fragment is chosen by an enum value.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.spec.model import Build, Direction, EmptyFill, FoundationBase, SuitRule

BUILD_PARAMS = "lower: Card, upper: Card, base: int"
ACCEPT_PARAMS = "card: Card, base: int"


@dataclass(frozen=True, slots=True, order=True)
class Predicate:
    name: str
    params: str
    doc: str
    expression: str
    helpers: tuple[str, ...]  # engine names the expression uses


_RANK_STEP = {
    (Direction.DOWN, False): ("RANK[upper] == RANK[lower] - 1", ()),
    (Direction.DOWN, True): ("RANK[upper] == rank_below(RANK[lower])", ("rank_below",)),
    (Direction.UP, False): ("RANK[upper] == RANK[lower] + 1", ()),
    (Direction.UP, True): ("RANK[upper] == rank_above(RANK[lower])", ("rank_above",)),
    (Direction.UP_OR_DOWN, False): ("abs(RANK[upper] - RANK[lower]) == 1", ()),
    (Direction.UP_OR_DOWN, True): (
        "RANK[upper] in (rank_above(RANK[lower]), rank_below(RANK[lower]))",
        ("rank_above", "rank_below"),
    ),
}

_SUIT_TEST = {
    SuitRule.ANY: ("", (), "any suit"),
    SuitRule.SAME_SUIT: ("SUIT[upper] == SUIT[lower]", ("SUIT",), "in suit"),
    SuitRule.ALTERNATE_COLOUR: (
        "COLOUR[upper] != COLOUR[lower]",
        ("COLOUR",),
        "in alternating colours",
    ),
    SuitRule.SAME_COLOUR: ("COLOUR[upper] == COLOUR[lower]", ("COLOUR",), "in the same colour"),
    SuitRule.DIFFERENT_SUIT: ("SUIT[upper] != SUIT[lower]", ("SUIT",), "in a different suit"),
}

_RANK_WORDS = {
    1: "an_ace",
    **{n: f"a_{n}" for n in range(2, 11)},
    11: "a_jack",
    12: "a_queen",
    13: "a_king",
}

_DIRECTION_WORDS = {
    Direction.DOWN: "one rank down",
    Direction.UP: "one rank up",
    Direction.UP_OR_DOWN: "one rank up or down",
}


def build_predicate(build: Build) -> Predicate | None:
    if build.direction is Direction.NONE:
        return None
    rank_test, helpers = _RANK_STEP[(build.direction, build.wrap)]
    suit_test, suit_helpers, suit_words = _SUIT_TEST[build.suit]
    tests = [rank_test]
    if suit_test:
        tests.append(suit_test)
    name = f"builds_{build.direction.value}_{build.suit.value}"
    doc = f"`upper` goes on `lower` {_DIRECTION_WORDS[build.direction]}, {suit_words}"
    if build.wrap:
        name += "_wrapping"
        doc += ", King and Ace adjacent"
    if build.blocked_on_base:
        tests.append("RANK[lower] != base")
        name += "_not_on_base"
        doc += ", never on a card of the base rank"
    if build.blocked_on_rank:
        rank = int(build.blocked_on_rank)  # an int from the spec's 1..13 range, never text
        tests.append(f"RANK[lower] != {rank}")
        name += f"_not_on_{_RANK_WORDS[rank]}"
        doc += f", never on {_RANK_WORDS[rank].replace('_', ' ')}"
    return Predicate(
        name, BUILD_PARAMS, doc + ".", " and ".join(tests), ("RANK", *helpers, *suit_helpers)
    )


_EMPTY = {
    EmptyFill.ANY: ("takes_any_card", "Any card may start an empty pile.", "True", ()),
    EmptyFill.KING: (
        "takes_king",
        "Only a King may start an empty pile.",
        "RANK[card] == 13",
        ("RANK",),
    ),
    EmptyFill.BELOW_BASE: (
        "takes_rank_below_base",
        "Only the rank one below the base rank may start an empty pile.",
        "RANK[card] == rank_below(base)",
        ("RANK", "rank_below"),
    ),
}


def empty_predicate(fill: EmptyFill) -> Predicate | None:
    if fill is EmptyFill.NONE:
        return None
    name, doc, expression, helpers = _EMPTY[fill]
    return Predicate(name, ACCEPT_PARAMS, doc, expression, helpers)


# How a foundation starts, as `_EMPTY` says how a space does; a dealt base is the base rank.
_FOUNDATION_START = {
    FoundationBase.ACE: (
        "starts_with_ace",
        "A foundation starts with an Ace.",
        "RANK[card] == 1",
        ("RANK",),
    ),
    FoundationBase.CHOSEN: (
        "starts_with_chosen_base_rank",
        "Any card starts the first foundation; then every foundation starts with its rank.",
        "base == 0 or RANK[card] == base",
        ("RANK",),
    ),
    FoundationBase.TWO: (
        "starts_with_two",
        "A foundation starts with a Two (Aces high).",
        "RANK[card] == 2",
        ("RANK",),
    ),
    FoundationBase.ANY: ("starts_with_any_card", "Any card may start a foundation.", "True", ()),
    FoundationBase.DEALT: (
        "starts_with_base_rank",
        "A foundation starts with a card of the base rank.",
        "RANK[card] == base",
        ("RANK",),
    ),
}


def foundation_start_predicate(base: FoundationBase) -> Predicate:
    name, doc, expression, helpers = _FOUNDATION_START[base]
    return Predicate(name, ACCEPT_PARAMS, doc, expression, helpers)
