"""No silent defaults: the fields that change play must come from the help, the sidecar or a
named base game, never from the model's defaults.

A field is required only where it matters (a stock's draw count only when the stock deals to
a waste; the reserves' deal only when there are reserves). Fields that add an exception to the
common rule (wrap, refill, keep_base, ...) may stay at their defaults: the exception is absent
unless a sentence states it, and an unread sentence is reported by the sentence accounting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.spec.model import VariantSpec

Values = Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class Requirement:
    path: str
    section: str  # where the help would say it
    example: str  # words that would say it
    sidecar: str  # a sidecar line that would give it
    when: Callable[[Values], bool] = lambda value: True


def _tableau(value: Values) -> bool:
    return bool(value("tableau.count"))


def _builds(value: Values) -> bool:
    return _tableau(value) and value("tableau.build.direction") != "none"


def _foundation_builds(value: Values) -> bool:
    """Foundations built card by card (not ones that take a whole suit at once)."""
    return bool(value("foundations.count")) and not value("foundations.whole_suits")


def _reserves(value: Values) -> bool:
    return bool(value("reserves.count"))


def _is_int(item: Any) -> bool:
    return isinstance(item, int) and not isinstance(item, bool)


def cards(value: Values, path: str) -> int:
    """The cards a per-pile list deals (`tableau.face_up`, ...). Values are not validated
    yet here: anything but a list of numbers counts 0 (its type error comes later)."""
    found = value(path)
    return sum(n for n in found if _is_int(n)) if isinstance(found, list | tuple) else 0


def deck_count(value: Values) -> int:
    """The number of decks; 1 when not (or not yet validly) given."""
    found = value("decks")
    return found if _is_int(found) and found > 0 else 1


def stock_cards(value: Values) -> int:
    """Cards the deal leaves in the stock (negative when the deal asks for too many)."""
    dealt = cards(value, "tableau.face_down") + cards(value, "tableau.face_up")
    dealt += cards(value, "reserves.deal")
    decks = deck_count(value)
    if value("foundations.base") == "dealt":
        dealt += 1
    if value("foundations.start_with_aces") or value("foundations.start_with_base"):
        dealt += 4 * decks
    return 52 * decks - dealt


def _stock(value: Values) -> bool:
    return stock_cards(value) > 0


def _stock_to_waste(value: Values) -> bool:
    return _stock(value) and value("stock.target") == "waste"


REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement("decks", "the Setup table's Type of Deck row", "Standard Deck", "decks: 1"),
    Requirement(
        "tableau.count", "the Setup table's Tableau row", "Seven piles.", "tableau: {count: 7}"
    ),
    Requirement(
        "tableau.face_up",
        "the Setup table's Tableau row",
        "The first pile gets one card, the second two ... Only the top card is face up.",
        "tableau: {face_down: [0, 1, 2], face_up: [1, 1, 1]}",
        _tableau,
    ),
    Requirement(
        "tableau.build.direction",
        "Rules",
        "The Tableau is built down in alternating colors.",
        "tableau: {build: {direction: down}}",
        _tableau,
    ),
    Requirement(
        "tableau.build.suit",
        "Rules",
        "The Tableau is built down in suit.",
        "tableau: {build: {suit: same_suit}}",
        _builds,
    ),
    Requirement(
        "tableau.group_move",
        "Rules",
        "Builds of cards can be moved as a unit. / Cards are moved singly.",
        "tableau: {group_move: build}",
        _builds,
    ),
    Requirement(
        "tableau.empty",
        "Rules",
        "An empty Tableau pile can be filled by any card. / ... only by a King.",
        "tableau: {empty: any}",
        _tableau,
    ),
    Requirement(
        "tableau.hole_empty",
        "Rules",
        "An empty hole can take any card.",
        "tableau: {hole_empty: any}",
        lambda value: bool(value("tableau.holes")),
    ),
    Requirement(
        "foundations.count",
        "the Setup table's Foundation row",
        "Four piles at top right.",
        "foundations: {count: 4}",
    ),
    Requirement(
        "foundations.base",
        "the Setup table's Foundation row or Rules",
        "Foundations are built up in suit from Ace to King.",
        "foundations: {base: ace}",
        _foundation_builds,
    ),
    Requirement(
        "foundations.build.direction",
        "the Setup table's Foundation row or Rules",
        "Foundations are built up in suit from Ace to King.",
        "foundations: {build: {direction: up}}",
        _foundation_builds,
    ),
    Requirement(
        "foundations.build.suit",
        "the Setup table's Foundation row or Rules",
        "Foundations are built up in suit from Ace to King.",
        "foundations: {build: {suit: same_suit}}",
        _foundation_builds,
    ),
    Requirement(
        "reserves.count",
        "the Setup table's Reserve row",
        "Four free cells.",
        "reserves: {count: 4}",
    ),
    Requirement(
        "reserves.deal",
        "the Setup table's Reserve row",
        "Each Reserve pile is dealt one card.",
        "reserves: {deal: [1, 1, 1, 1]}",
        _reserves,
    ),
    Requirement(
        "reserves.accepts",
        "Rules",
        "The top card of any Tableau pile may be placed in an empty reserve. / Nothing can be "
        "built on the Reserve.",
        "reserves: {accepts: true}",
        _reserves,
    ),
    Requirement(
        "waste.present", "the Setup table's Waste row", "a Waste row", "waste: {present: false}"
    ),
    Requirement(
        "stock.target",
        "the Setup table's Stock row or Rules",
        "Cards are turned onto the Waste one at a time.",
        "stock: {target: waste}",
        _stock,
    ),
    Requirement(
        "stock.draw",
        "the Setup table's Stock row or Rules",
        "Cards are turned onto the Waste one at a time.",
        "stock: {draw: 1}",
        _stock_to_waste,
    ),
    Requirement(
        "stock.redeals",
        "the Setup table's Stock row or Rules",
        "Two redeals. / No redeals.",
        "stock: {redeals: 0}",
        _stock_to_waste,
    ),
    Requirement(
        "goal.kind",
        "Goal",
        "Move every card onto the Foundations.",
        "goal: {kind: all_to_foundations}",
    ),
    Requirement(
        "scoring.kind",
        "Scoring",
        "Every card placed on a Foundation is worth one point.",
        "scoring: {kind: foundation_cards}",
    ),
    Requirement("scoring.max", "Scoring", "Maximum possible score: 52", "scoring: {max: 52}"),
)


def _default(path: str) -> Any:
    """The model's default for a leaf path (None where the model has none)."""
    model: Any = VariantSpec
    found: Any = None
    have = False
    for part in path.split("."):
        if have:
            found = getattr(found, part)
            continue
        info = model.model_fields.get(part)
        if info is None:
            return None
        if info.is_required():
            model = info.annotation
            continue
        found, have = info.get_default(call_default_factory=True), True
    if not have:
        return None
    if isinstance(found, tuple):
        return tuple(getattr(v, "value", v) for v in found)
    return getattr(found, "value", found)


def value_reader(stated: Mapping[str, Any]) -> Values:
    """Look a path up in the stated values, falling back to the model's default."""

    def value(path: str) -> Any:
        return stated[path] if path in stated else _default(path)

    return value


def _place(requirement: Requirement, places: Mapping[str, int]) -> int:
    """The line where the help would say it: the heading of the section named in the
    requirement if the page has one, else the page's title (line 1 of a sidecar)."""
    for kind in ("setup", "rules", "scoring"):
        if kind in requirement.section.lower() and kind in places:
            return places[kind]
    return places.get("page", 1)


def missing_sources(
    stated: Mapping[str, Any],
    help_file: str | None,
    sidecar_file: str,
    places: Mapping[str, int] | None = None,
) -> list[Diagnostic]:
    """An error for each play-relevant field that nothing states, at the line of the help
    (`places`, see `ProseFacts.places`) where it would be said."""
    value = value_reader(stated)
    diagnostics = []
    for requirement in REQUIREMENTS:
        if requirement.path in stated or not requirement.when(value):
            continue
        diagnostics.append(
            Diagnostic(
                help_file or sidecar_file,
                _place(requirement, (places or {}) if help_file else {}),
                f"no source: the help does not say this and the sidecar does not give it "
                f"(the model's default would be {_default(requirement.path)!r}, and a default "
                "is never a rule)",
                field=requirement.path,
                hint=f"say it in {requirement.section} (e.g. {requirement.example!r}), or add "
                f"to {sidecar_file}: {requirement.sidecar}, or point the sidecar at a base "
                "game with base: <game>",
                code="no-source",
            )
        )
    return diagnostics
