"""Checks that a merged spec does not contradict itself, each blaming the line that said it.

Pydantic's validators see only values; these see where each value came from, so "the deal
uses 56 cards" points at the help's Tableau row, not at the sidecar.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from generator.diagnostics import Diagnostic, Level
from generator.spec.combinations import COMBINATION_CHECKS
from generator.spec.facts import Fact
from generator.spec.model import Option, Provenance
from generator.spec.required import Values, cards, deck_count, stock_cards, value_reader

Blame = Callable[..., Diagnostic | None]
Check = Callable[[Values, Blame], list[Diagnostic | None]]


def consistency_diagnostics(chosen: Mapping[str, Fact], fallback_file: str) -> list[Diagnostic]:
    """Every contradiction between the spec's fields, at the source of the first field named."""
    value = value_reader({path: fact.value for path, fact in chosen.items()})

    def blame(
        paths: tuple[str, ...],
        message: str,
        hint: str,
        needs: tuple[str, ...] | None = None,
        level: Level = Level.ERROR,
        code: str = "inconsistent",
    ) -> Diagnostic | None:
        """The diagnostic, or None when a field it rests on has no source (that is
        reported on its own, and a default proves no contradiction). It is put at the
        first field named that has a line, one the game says itself before one from its
        base game (a variant's own line is the one to change)."""
        if any(path not in chosen for path in (paths if needs is None else needs)):
            return None
        located = [chosen[p] for p in paths if p in chosen and chosen[p].provenance.file]
        own = [fact for fact in located if fact.provenance.source != "base"]
        for fact in (own or located)[:1]:
            where = f" ({fact.provenance.phrase!r})" if fact.provenance.phrase else ""
            return Diagnostic(
                fact.provenance.file or fallback_file,
                fact.provenance.line,
                message + where,
                level=level,
                field=fact.path,
                hint=hint,
                code=code,
            )
        return Diagnostic(
            fallback_file, None, message, level=level, field=paths[0], hint=hint, code=code
        )

    found: list[Diagnostic] = []
    for check in CHECKS:
        found.extend(d for d in check(value, blame) if d is not None)
    return found


def option_set_diagnostics(
    chosen: Mapping[str, Fact],
    options: Sequence[Option],
    values: tuple[bool, ...],
    sidecar_file: str,
    option_lines: Mapping[str, int],
) -> list[Diagnostic]:
    """What one set of option values adds to the spec's contradictions and pointless fields
    (an option that turns the redeals off under a `redeal_shuffle`), at the line of the
    option that made it: the last one on, else the first with `off` values."""
    changes: dict[str, Any] = {}
    for option, checked in zip(options, values, strict=True):
        changes.update(option.on if checked else option.off)
    if not changes:
        return []
    on = [o.id for o, v in zip(options, values, strict=True) if v]
    line = option_lines.get(on[-1]) if on else None
    if line is None:
        line = next((option_lines.get(o.id) for o in options if o.off), None)
    changed = dict(chosen)
    for path, value in changes.items():
        where = Provenance(source="sidecar", file=sidecar_file, line=line)
        changed[path] = Fact(path, value, where)
    before = {(d.field, d.message) for d in consistency_diagnostics(chosen, sidecar_file)}
    names = ", ".join(on) or "none"
    return [
        replace(
            d,
            file=sidecar_file,
            line=line,
            message=f"with options on: {names}, {d.field}: {d.message}",
            field="options",
        )
        for d in consistency_diagnostics(changed, sidecar_file)
        if (d.field, d.message) not in before
    ]


def _deck(value: Values) -> int:
    return 52 * deck_count(value)


def _card_count(value: Values, blame: Blame) -> list[Diagnostic | None]:
    left = stock_cards(value)
    if left >= 0:
        return []
    tableau = cards(value, "tableau.face_down") + cards(value, "tableau.face_up")
    reserves = cards(value, "reserves.deal")
    return [
        blame(
            ("tableau.face_up", "tableau.count", "reserves.deal", "decks"),
            f"the deal uses {_deck(value) - left} cards (tableau {tableau}, reserves "
            f"{reserves}) but the deck has {_deck(value)}",
            "check the pile and card counts of the Setup table's rows: a row that deals "
            "different piles differently must say so for each",
            needs=("tableau.face_up",),
        )
    ]


def reachable_score(value: Values) -> int | None:
    """The highest score the rules can give, for the kinds where it follows from the deal."""
    kind = value("scoring.kind")
    if kind == "foundation_cards":
        return _deck(value)
    if kind == "foundation_cards_placed":
        starts = value("foundations.start_with_aces") or value("foundations.start_with_base")
        start = 4 * deck_count(value) if starts else 0
        return _deck(value) - start - (1 if value("foundations.base") == "dealt" else 0)
    if kind == "foundation_cards_on_cards":  # every card on one foundation but its first
        return _deck(value) - 1
    if kind == "tableau_cards_removed":
        return cards(value, "tableau.face_down") + cards(value, "tableau.face_up")
    if kind == "none":
        return 0
    return None


def _max_score(value: Values, blame: Blame) -> list[Diagnostic | None]:
    reachable = reachable_score(value)
    stated = value("scoring.max")
    if reachable is None or stated is None or stated == reachable:
        return []
    return [
        blame(
            ("scoring.max", "scoring.kind"),
            f"the maximum score is {stated}, but scoring {value('scoring.kind')!r} with this "
            f"deal reaches {reachable}",
            "check how the Scoring section counts points (cards the deal puts on the "
            "Foundations score nothing with 'placed' scoring) and its maximum",
            needs=("scoring.max", "scoring.kind"),
        )
    ]


def _redeals(value: Values, blame: Blame) -> list[Diagnostic | None]:
    redeals = value("stock.redeals")
    if not redeals:
        return []
    if stock_cards(value) <= 0:
        return [
            blame(
                ("stock.redeals",),
                "redeals are allowed, but the deal leaves no cards in the Stock to redeal",
                "a redeal turns the Waste back into the Stock; a game that gathers and "
                "re-deals the Tableau is not a Stock redeal (not in the spec language yet)",
            )
        ]
    if value("stock.redeal_from") == "reserves":
        if value("stock.target") == "reserves":
            return []
        return [
            blame(
                ("stock.redeal_from", "stock.target"),
                f"a redeal gathers the Reserves, but the Stock deals to the "
                f"{value('stock.target')}",
                "describe where the Stock's cards go, or what a redeal gathers",
            )
        ]
    if value("stock.target") != "waste":
        return [
            blame(
                ("stock.redeals", "stock.target"),
                f"redeals turn the Waste back over, but the Stock deals to the "
                f"{value('stock.target')}",
                "say 'No redeals', or describe where the Stock's cards go",
            )
        ]
    return []


_TARGET_PRESENT = {
    "waste": ("waste.present", "there is no Waste"),
    "reserves": ("reserves.count", "there are no Reserves"),
    "tableau": ("tableau.count", "there is no Tableau"),
}


def _stock_target(value: Values, blame: Blame) -> list[Diagnostic | None]:
    target = value("stock.target")
    if stock_cards(value) <= 0 or not isinstance(target, str) or target not in _TARGET_PRESENT:
        return []
    path, absent = _TARGET_PRESENT[target]
    if value(path):
        return []
    return [
        blame(
            ("stock.target", path),
            f"the Stock deals to the {target}, but {absent}",
            f"add the {target} to the Setup table, or say where the Stock's cards go",
        )
    ]


def _goal(value: Values, blame: Blame) -> list[Diagnostic | None]:
    goal = value("goal.kind")
    foundations = value("foundations.count")
    if goal == "all_to_foundations" and not foundations:
        return [
            blame(
                ("goal.kind", "foundations.count"),
                "the goal is to move every card to the Foundations, but there are none",
                "add the Foundations to the Setup table, or state the goal the game has",
            )
        ]
    if goal in ("tableau_cleared", "all_to_waste") and foundations:
        return [
            blame(
                ("foundations.count", "goal.kind"),
                f"there are {foundations} Foundations, but the goal ({goal}) never uses them",
                "say 'There are no Foundations', or state the goal that fills them",
            )
        ]
    return []


def _reserves_used(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if not value("reserves.count") or value("reserves.accepts"):
        return []
    if cards(value, "reserves.deal") or value("stock.target") == "reserves":
        return []
    return [
        blame(
            ("reserves.accepts", "reserves.deal", "reserves.count"),
            "the Reserves start empty and nothing may be put on them, so they are never used",
            "say how cards reach the Reserves (dealt, from the Stock, or placed by the player)",
        )
    ]


CHECKS: tuple[Check, ...] = (
    _card_count,
    _max_score,
    _redeals,
    _stock_target,
    _goal,
    _reserves_used,
    *COMBINATION_CHECKS,
)
