"""Words shared by the help pages written from a spec: numbers as the help pages spell them,
build phrases, the cards a deal leaves in the Stock."""

from __future__ import annotations

from generator.prose.numbers import UNITS
from generator.spec.model import Build, Direction, FoundationBase, SuitRule, VariantSpec

TIMES = {1: "once", 2: "twice"}


def number(n: int, capital: bool = False) -> str:
    # Help text spells out numbers up to twelve, as Aisleriot's pages do.
    word = UNITS[n] if 0 <= n <= 12 else str(n)
    return word.capitalize() if capital else word


def stock_cards(spec: VariantSpec) -> int:
    dealt = sum(spec.tableau.face_down) + sum(spec.tableau.face_up) + sum(spec.reserves.deal)
    if spec.foundations.start_with_aces or spec.foundations.start_with_base:
        dealt += 4 * spec.decks
    return 52 * spec.decks - dealt - (1 if spec.foundations.base is FoundationBase.DEALT else 0)


def at_a_time(n: int) -> str:
    return "one at a time" if n == 1 else f"{number(n)} at a time"


def build_phrase(build: Build) -> str:
    """'built down in alternating colors', as the help pages say it."""
    direction = {Direction.UP: "up", Direction.DOWN: "down", Direction.UP_OR_DOWN: "up or down"}
    suit = {
        SuitRule.ANY: "regardless of suit",
        SuitRule.SAME_SUIT: "in suit",
        SuitRule.ALTERNATE_COLOUR: "in alternating colors",
        SuitRule.SAME_COLOUR: "in the same color",
        SuitRule.DIFFERENT_SUIT: "in any suit but own",
    }
    return f"built {direction.get(build.direction, 'up')} {suit[build.suit]}"


def cards(n: int) -> str:
    return f"{number(n)} card{'s' if n != 1 else ''}"
