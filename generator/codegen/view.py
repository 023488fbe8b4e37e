"""View models: what the rules template needs, computed and sorted in Python."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from generator.codegen.predicates import (
    Predicate,
    build_predicate,
    empty_predicate,
    foundation_start_predicate,
)
from generator.spec.merge import effective
from generator.spec.model import (
    Build,
    Direction,
    Face,
    FoundationBase,
    Place,
    Placement,
    RedealFrom,
    Reveal,
    ScoringKind,
    Source,
    TableauLayout,
    VariantSpec,
    option_combinations,
)

# Engine enum class for each spec enum used in `Rules`, by `Rules` field name.
_ENUM_FIELDS = {
    "group_move": "GroupMove",
    "group_limit": "GroupLimit",
    "stock_target": "StockTarget",
    "stock_end": "StockEnd",
    "goal": "Goal",
    "scoring": "Scoring",
    "tableau_refill": "Refill",
}

# `Rules` fields added after the first games: written out only where they differ from the
# `Rules` default (the code below), so the modules of games that do not use them stay as
# they were.
_OPTIONAL_FIELDS = {
    "decks": "1",
    "base_chosen": "False",
    "suits": "(0, 1, 2, 3)",
    "tableau_face_rows": "()",
    "reserve_face_down": "()",
    "aces_on_foundations": "False",
    "starting_rank": "1",
    "kings_to_bottom": "False",
    "tableau_fixed_direction": "False",
    "foundation_up_then_down": "False",
    "foundations_take_suits": "False",
    "foundation_keeps_base": "False",
    "tableau_refill": "Refill.NONE",
    "tableau_empty_from": "()",
    "reserve_covered_by": "()",
    "tableau_waste_fills_last": "False",
    "base_first": "False",
    "base_from": "()",
    "stock_piles": "0",
    "stock_needs_full_tableau": "False",
    "base_choices": "0",
    "redeal_from_reserves": "False",
    "redeal_shuffles": "False",
    "stock_fill_spaces_first": "False",
    "tableau_capacity": "0",
    "tableau_holes": "()",
    "tableau_hole_accepts": "None",
    "reserve_reveal_last": "False",
    "reserve_to_foundations_only": "False",
    "stock_fills_after_base": "False",
    "stock_locks_on_space": "False",
    "waste_refill_from_stock": "False",
    "score_foundation_card": "0",
    "score_foundation_complete": "0",
    "score_pair": "None",
    "score_pair_points": "0",
    "score_tableau_suit": "0",
    "score_turned_card": "0",
    "placement": "Placement()",
    "double_click_to_tableau": "False",
    "double_click_sends_run": "False",
    "waste_capacity": "0",
}
_PLACED_KINDS = ("stock", "waste", "foundations", "tableau", "reserves")
_SUIT_NUMBER = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}


def literal(value: object) -> str:
    """A Python literal for a plain value; `repr` never yields code for these types."""
    if isinstance(value, bool | int | str | None):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"no literal for {type(value).__name__}")


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    code: str


@dataclass(frozen=True, slots=True)
class Variant:
    values: str  # the option values tuple, as code
    changes: tuple[Field, ...]  # fields that differ from the default rules


@dataclass(frozen=True, slots=True)
class OptionView:
    id: str
    label: str
    default: str
    group: str | None  # the group's name as code, or None


@dataclass(frozen=True, slots=True)
class ModuleView:
    game_id: str
    title: str
    sources: tuple[tuple[str, str], ...]
    predicates: tuple[Predicate, ...]
    card_imports: tuple[str, ...]  # sorted as ruff's isort does: constants, classes, functions
    rules_imports: tuple[str, ...]
    uses_replace: bool
    options: tuple[OptionView, ...]
    default_values: str
    default_rules: tuple[Field, ...]
    variants: tuple[Variant, ...]


def _pyramid_cover(count: int) -> tuple[tuple[int, ...], ...]:
    """Rows of 1..n, row-major; the card at (row, i) is covered by (row+1, i) and (row+1, i+1)."""
    rows = 0
    while rows * (rows + 1) // 2 < count:
        rows += 1
    cover: list[tuple[int, ...]] = []
    for row in range(rows):
        for i in range(row + 1):
            if row + 1 < rows:
                below = (row + 1) * (row + 2) // 2
                cover.append((below + i, below + i + 1))
            else:
                cover.append(())
    return tuple(cover)


def _rules_fields(spec: VariantSpec) -> tuple[list[Field], list[Predicate]]:
    predicates: list[Predicate] = []

    def use(predicate: Predicate | None) -> str:
        if predicate is None:
            return "None"
        predicates.append(predicate)
        return predicate.name

    tableau = spec.tableau
    cover = _pyramid_cover(tableau.count) if tableau.layout is TableauLayout.PYRAMID else ()
    has_foundations = spec.foundations.count > 0
    single_cards = has_foundations and not spec.foundations.whole_suits
    scoring = spec.scoring
    points = scoring.kind is ScoringKind.POINTS
    pair = Build(direction=Direction.DOWN, suit=scoring.pair_suit)
    values: list[tuple[str, str]] = [
        ("tableau_deal", literal(tuple(zip(tableau.face_down, tableau.face_up, strict=True)))),
        ("reserve_deal", literal(spec.reserves.deal)),
        ("foundations", literal(spec.foundations.count)),
        ("has_waste", literal(spec.waste.present)),
        ("covered_by", literal(cover)),
        ("base_from_deal", literal(spec.foundations.base is FoundationBase.DEALT)),
        ("base_chosen", literal(spec.foundations.base is FoundationBase.CHOSEN)),
        ("decks", literal(spec.decks)),
        ("suits", literal(tuple(_SUIT_NUMBER[s.value] for s in spec.suits))),
        ("tableau_face_rows", literal(tuple(f is Face.DOWN for f in tableau.face_rows))),
        ("reserve_face_down", literal(spec.reserves.face_down)),
        (
            "aces_on_foundations",
            literal(spec.foundations.start_with_aces or spec.foundations.start_with_base),
        ),
        ("starting_rank", literal(2 if spec.foundations.start_with_base else 1)),
        ("kings_to_bottom", literal(tableau.kings_to_bottom)),
        ("tableau_fixed_direction", literal(tableau.fixed_direction)),
        ("foundation_up_then_down", literal(has_foundations and spec.foundations.up_then_down)),
        ("tableau_builds", use(build_predicate(tableau.build))),
        ("tableau_empty_accepts", use(empty_predicate(tableau.empty))),
        (
            "foundation_builds",
            use(build_predicate(spec.foundations.build) if single_cards else None),
        ),
        (
            "foundation_empty_accepts",
            use(foundation_start_predicate(spec.foundations.base) if single_cards else None),
        ),
        ("waste_builds", use(build_predicate(spec.waste.build) if spec.waste.present else None)),
        ("waste_build_first", literal(spec.waste.present and spec.waste.build_first)),
        ("waste_capacity", literal(spec.waste.capacity if spec.waste.present else 0)),
        ("group_move", _enum("group_move", tableau.group_move)),
        ("group_limit", _enum("group_limit", tableau.group_limit)),
        ("runs_to_foundation", literal(tableau.runs_to_foundation)),
        ("foundations_take_suits", literal(has_foundations and spec.foundations.whole_suits)),
        ("foundation_play_back", literal(spec.foundations.play_back)),
        ("foundation_keeps_base", literal(spec.foundations.keep_base)),
        ("foundation_double_click_sends_up", literal(spec.foundations.double_click_sends_up)),
        ("double_click_to_tableau", literal(tableau.double_click_to_tableau)),
        ("double_click_sends_run", literal(tableau.double_click_sends_run)),
        ("tableau_refill", _enum("tableau_refill", tableau.refill)),
        ("tableau_empty_from", _sources(tableau.empty_from)),
        ("tableau_waste_fills_last", literal(tableau.waste_fills_last)),
        ("base_first", literal(spec.foundations.base_first)),
        ("base_from", _sources(spec.foundations.base_from)),
        ("tableau_capacity", literal(tableau.capacity)),
        ("tableau_holes", literal(tuple(hole - 1 for hole in tableau.holes))),
        (
            "tableau_hole_accepts",
            use(empty_predicate(tableau.hole_empty) if tableau.holes else None),
        ),
        ("reserves_accept", literal(spec.reserves.accepts)),
        (
            "reserve_covered_by",
            literal(tuple(tuple(c - 1 for c in over) for over in spec.reserves.covered_by)),
        ),
        ("reserve_reveal_last", literal(spec.reserves.reveal is Reveal.LAST)),
        ("reserve_capacity", literal(spec.reserves.capacity)),
        ("reserve_to_foundations_only", literal(spec.reserves.to_foundations_only)),
        ("stock_draw", literal(spec.stock.draw)),
        ("stock_target", _enum("stock_target", spec.stock.target)),
        ("redeals", literal(spec.stock.redeals)),
        ("stock_end", _enum("stock_end", spec.stock.end)),
        ("stock_piles", literal(spec.stock.piles)),
        ("stock_needs_full_tableau", literal(spec.stock.needs_full_tableau)),
        ("base_choices", literal(spec.stock.base_choices)),
        ("redeal_from_reserves", literal(spec.stock.redeal_from is RedealFrom.RESERVES)),
        ("redeal_shuffles", literal(spec.stock.redeal_shuffle)),
        ("stock_fill_spaces_first", literal(spec.stock.fill_spaces_first)),
        ("stock_fills_after_base", literal(spec.stock.fill_after_base)),
        ("stock_locks_on_space", literal(spec.stock.locks_on_space)),
        ("waste_refill_from_stock", literal(spec.waste.present and spec.waste.refill_from_stock)),
        ("goal", _enum("goal", spec.goal.kind)),
        ("finish_stock_when_tableau_clear", literal(spec.goal.finish_stock_when_tableau_clear)),
        ("scoring", _enum("scoring", spec.scoring.kind)),
        ("max_score", literal(spec.scoring.max)),
        ("score_foundation_card", literal(scoring.foundation_card if points else 0)),
        ("score_foundation_complete", literal(scoring.foundation_complete if points else 0)),
        (
            "score_pair",
            use(
                build_predicate(pair)
                if (points and scoring.pair) or scoring.kind is ScoringKind.SEQUENCES
                else None
            ),
        ),
        ("score_pair_points", literal(scoring.pair if points else 0)),
        ("score_tableau_suit", literal(scoring.tableau_suit if points else 0)),
        ("score_turned_card", literal(scoring.turned_card if points else 0)),
        ("placement", _placement(spec.placement)),
    ]
    return [Field(name, code) for name, code in values], predicates


def _placement(placement: Placement) -> str:
    """`Placement(...)` code naming only the pile kinds the help places."""
    parts = []
    for kind in _PLACED_KINDS:
        place = getattr(placement, kind)
        if place == Place():
            continue
        # Member names are derived from fixed enum values, never from spec text.
        args = [f"Region.{place.region.value.upper()}"]
        if place.split:
            args.append(f"split={place.split}")
        if place.rows:
            args.append(f"rows={place.rows}")
        parts.append(f"{kind}=Place({', '.join(args)})")
    return f"Placement({', '.join(parts)})"


def _sources(sources: tuple[Source, ...]) -> str:
    """`PileKind` members as a tuple; () where every kind of pile may fill a space."""
    if set(sources) == set(Source):
        return "()"
    # Member names are derived from fixed enum values, never from spec text.
    names = [f"PileKind.{s.value.upper()}" for s in Source if s in sources]
    return f"({', '.join(names)},)" if len(names) == 1 else f"({', '.join(names)})"


def _enum(field: str, value: Enum) -> str:
    # Member names are derived from fixed enum values, never from spec text.
    return f"{_ENUM_FIELDS[field]}.{str(value.value).upper()}"


def module_view(spec: VariantSpec, sources: tuple[tuple[str, str], ...]) -> ModuleView:
    defaults = tuple(option.default for option in spec.options)
    all_default_fields, predicates = _rules_fields(effective(spec, defaults))
    default_map = {f.name: f.code for f in all_default_fields}
    default_fields = [f for f in all_default_fields if _OPTIONAL_FIELDS.get(f.name) != f.code]
    variants = []
    for values in option_combinations(spec.options):
        if values == defaults:
            continue
        fields, more = _rules_fields(effective(spec, values))
        predicates.extend(more)
        changes = tuple(f for f in fields if default_map[f.name] != f.code)
        variants.append(Variant(literal(values), changes))
    unique = {p.name: p for p in predicates}
    used = sorted(unique.values())
    helpers = {h for p in used for h in p.helpers}
    enums = {
        code.split(".")[0] for f in default_fields for code in [f.code] if f.name in _ENUM_FIELDS
    }
    enums.update(
        c.code.split(".")[0] for v in variants for c in v.changes if c.name in _ENUM_FIELDS
    )
    fields_used = [*default_fields, *(c for v in variants for c in v.changes)]
    if any(f.name in ("tableau_empty_from", "base_from") for f in fields_used):
        enums.add("PileKind")
    if any(f.name == "placement" for f in fields_used):
        enums.update(("Place", "Placement", "Region"))
    return ModuleView(
        game_id=spec.id,
        title=spec.title,
        sources=sources,
        predicates=tuple(used),
        card_imports=(
            *sorted(h for h in helpers if h.isupper()),
            "Card",
            *sorted(h for h in helpers if not h.isupper()),
        ),
        rules_imports=tuple(
            sorted(
                {"GameDefinition", "Rules", *enums} | ({"OptionInfo"} if spec.options else set())
            )
        ),
        uses_replace=any(v.changes for v in variants),
        options=tuple(
            OptionView(
                literal(o.id),
                literal(o.label),
                literal(o.default),
                None if o.group is None else literal(o.group),
            )
            for o in spec.options
        ),
        default_values=literal(defaults),
        default_rules=tuple(default_fields),
        variants=tuple(variants),
    )
