"""Fields that contradict each other, or change nothing beside another field's value
(`generator/spec/combinations.py`): each is reported at the sidecar line that said it, names
the field, and says how to fix it; a pointless field is a warning that `--strict` fails on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import Diagnostic, Level
from generator.pipeline import render_outputs
from generator.spec.checks import consistency_diagnostics
from generator.spec.facts import Fact
from generator.spec.model import Provenance

# Every field that changes play, given (as tests/generator/conftest.MINIMAL_SIDECAR).
TINY: dict[str, Any] = {
    "title": "Tiny",
    "decks": 1,
    "tableau": {
        "count": 2,
        "face_down": [0, 1],
        "face_up": [1, 1],
        "build": {"direction": "down", "suit": "alternate_colour"},
        "group_move": "one",
        "empty": "any",
    },
    "foundations": {"count": 4, "base": "ace", "build": {"direction": "up", "suit": "same_suit"}},
    "reserves": {"count": 0},
    "waste": {"present": True},
    "stock": {"target": "waste", "draw": 1, "redeals": 0},
    "goal": {"kind": "all_to_foundations"},
    "scoring": {"kind": "foundation_cards", "max": 52},
}


def sidecar(changes: dict[str, Any]) -> tuple[str, dict[str, int]]:
    """TINY with `changes` (dotted path -> value, None: left out) as block YAML, one field a
    line, and the line of each leaf path."""
    data: dict[str, Any] = json.loads(json.dumps(TINY))
    for path, value in changes.items():
        node = data
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
        if value is None:
            del node[leaf]
    lines: list[str] = []
    where: dict[str, int] = {}

    def emit(node: dict[str, Any], prefix: str, indent: int) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                lines.append(f"{' ' * indent}{key}:")
                emit(value, f"{prefix}{key}.", indent + 2)
            else:
                lines.append(f"{' ' * indent}{key}: {json.dumps(value)}")
                where[f"{prefix}{key}"] = len(lines)

    emit(data, "", 0)
    return "\n".join(lines) + "\n", where


# check -> (changes to TINY, the field blamed, words of the message, level)
CASES: dict[str, tuple[dict[str, Any], str, str, Level]] = {
    "more foundations than base cards": (
        {"foundations.count": 12},
        "foundations.count",
        "one deck can start only 4: 8 would never take a card",
        Level.ERROR,
    ),
    "too few foundations for the goal": (
        {"decks": 2, "scoring.max": 104},
        "foundations.count",
        "all 104 cards to the Foundations, but 4 Foundations hold only 52",
        Level.ERROR,
    ),
    "aces start on a chosen base": (
        {"foundations.base": "chosen", "foundations.start_with_aces": True},
        "foundations.start_with_aces",
        "the Aces start on the Foundations, but the foundation base is 'chosen'",
        Level.ERROR,
    ),
    "base cards start on a chosen base": (
        {"foundations.base": "chosen", "foundations.start_with_base": True},
        "foundations.start_with_base",
        "the base is 'chosen', not a fixed rank",
        Level.ERROR,
    ),
    "fill after base without a choice": (
        {"stock.fill_after_base": True},
        "stock.fill_after_base",
        "once the base is chosen) needs a base the player chooses, but the base is 'ace'",
        Level.ERROR,
    ),
    "base choices without a choice": (
        {"stock.base_choices": 3},
        "stock.base_choices",
        "needs a base the player chooses, but the base is 'ace'",
        Level.ERROR,
    ),
    "hole beyond the piles": (
        {"tableau.holes": [3], "tableau.hole_empty": "none"},
        "tableau.holes",
        "pile 3 is not one of the 2 Tableau piles",
        Level.ERROR,
    ),
    "hole named twice": (
        {"tableau.holes": [2, 2], "tableau.hole_empty": "none"},
        "tableau.holes",
        "the holes are piles [2, 2], but a pile is named twice",
        Level.ERROR,
    ),
    "holes like every pile": (
        {"tableau.holes": [2], "tableau.hole_empty": "any"},
        "tableau.holes",
        "the holes are like the other piles",
        Level.WARNING,
    ),
    "hole rule without holes": (
        {"tableau.hole_empty": "king"},
        "tableau.hole_empty",
        "no Tableau pile is a hole",
        Level.WARNING,
    ),
    "covered by a missing reserve": (
        {
            "reserves.count": 2,
            "reserves.deal": [1, 1],
            "reserves.accepts": False,
            "reserves.covered_by": [[3], []],
        },
        "reserves.covered_by",
        "Reserve 1 is covered by Reserve 3, which does not exist",
        Level.ERROR,
    ),
    "covered by itself": (
        {
            "reserves.count": 2,
            "reserves.deal": [1, 1],
            "reserves.accepts": False,
            "reserves.covered_by": [[1], []],
        },
        "reserves.covered_by",
        "Reserve 1 is covered by itself",
        Level.ERROR,
    ),
    "spaces filled only from a missing pile": (
        {"tableau.empty_from": ["reserve"]},
        "tableau.empty_from",
        "only from the Reserve, but the game has none",
        Level.ERROR,
    ),
    "spaces filled also from a missing pile": (
        {"tableau.empty_from": ["waste", "reserve"]},
        "tableau.empty_from",
        "names the Reserve, which the game does not have",
        Level.WARNING,
    ),
    "spaces filled from, but never filled": (
        {"tableau.empty": "none", "tableau.empty_from": ["waste"]},
        "tableau.empty_from",
        "but a space stays empty",
        Level.WARNING,
    ),
    "waste fills last without reserves": (
        {"tableau.waste_fills_last": True},
        "tableau.waste_fills_last",
        "there are no Reserves to empty first",
        Level.WARNING,
    ),
    "fixed direction on a one-way build": (
        {"tableau.fixed_direction": True},
        "tableau.fixed_direction",
        "the Tableau is built 'down', one way only",
        Level.WARNING,
    ),
    "redeal shuffle without redeals": (
        {"stock.redeal_shuffle": True},
        "stock.redeal_shuffle",
        "a redeal shuffles the cards, but there are no redeals",
        Level.WARNING,
    ),
    "redeal from reserves without redeals": (
        {"stock.redeal_from": "reserves"},
        "stock.redeal_from",
        "what a redeal gathers, but there are no redeals",
        Level.WARNING,
    ),
    "draw count of a stock that deals to the tableau": (
        {"stock.target": "tableau", "stock.draw": 3},
        "stock.draw",
        "deals to the Tableau, one card a pile",
        Level.WARNING,
    ),
    "piles of a stock that deals to the waste": (
        {"stock.piles": 1},
        "stock.piles",
        "covers the first 1 piles, but the Stock deals to the Waste",
        Level.WARNING,
    ),
    "full tableau for a stock that deals to the waste": (
        {"stock.needs_full_tableau": True},
        "stock.needs_full_tableau",
        "but the Stock deals to the Waste",
        Level.WARNING,
    ),
    "group limit on single cards": (
        {"tableau.group_limit": "free_reserves_and_piles"},
        "tableau.group_limit",
        "but cards move one at a time",
        Level.WARNING,
    ),
    "free-reserve limit without free cells": (
        {"tableau.group_move": "build", "tableau.group_limit": "free_reserves"},
        "tableau.group_limit",
        "no Reserve takes a card: only one card can ever move",
        Level.ERROR,
    ),
    "reserve field without reserves": (
        {"reserves.accepts": True},
        "reserves.accepts",
        "the player may put cards on the Reserves, but there are no Reserves",
        Level.WARNING,
    ),
    "capacity of a reserve nobody fills": (
        {
            "reserves.count": 1,
            "reserves.deal": [1],
            "reserves.accepts": False,
            "reserves.capacity": 5,
        },
        "reserves.capacity",
        "a Reserve holds 5 cards, but the player never puts a card on one",
        Level.WARNING,
    ),
    "last card revealed with nothing face down": (
        {
            "reserves.count": 1,
            "reserves.deal": [1],
            "reserves.accepts": False,
            "reserves.reveal": "last",
        },
        "reserves.reveal",
        "no Reserve card is dealt face down",
        Level.WARNING,
    ),
    "reserve cards only to missing foundations": (
        {
            "reserves.count": 1,
            "reserves.deal": [1],
            "reserves.accepts": False,
            "reserves.to_foundations_only": True,
            "foundations.count": 0,
            "goal.kind": "tableau_cleared",
            "scoring.kind": "tableau_cards_removed",
            "scoring.max": 3,
        },
        "reserves.to_foundations_only",
        "only onto the Foundations, but there are none: they can never move",
        Level.ERROR,
    ),
    "foundation field without foundations": (
        {
            "foundations.count": 0,
            "foundations.play_back": True,
            "goal.kind": "tableau_cleared",
            "scoring.kind": "tableau_cards_removed",
            "scoring.max": 3,
        },
        "foundations.play_back",
        "Foundation cards play back, but there are no Foundations",
        Level.WARNING,
    ),
    "base kept where nothing leaves": (
        {"foundations.keep_base": True},
        "foundations.keep_base",
        "no Foundation card ever leaves",
        Level.WARNING,
    ),
    "double-click run without runs": (
        {"tableau.double_click_sends_run": True},
        "tableau.double_click_sends_run",
        "runs never go there in one move",
        Level.WARNING,
    ),
    "waste built without a waste": (
        {
            "waste.present": False,
            "waste.build": {"direction": "up", "suit": "any"},
            "stock.target": "tableau",
            "stock.draw": None,
            "stock.redeals": None,
        },
        "waste.build.direction",
        "cards are built on the Waste, but there is no Waste",
        Level.ERROR,
    ),
    "waste built first with no waste build": (
        {"waste.build_first": True},
        "waste.build_first",
        "nothing is built on the Waste",
        Level.WARNING,
    ),
    "points with another scoring": (
        {"scoring.pair": 2},
        "scoring.pair",
        "gives points for pair, but the scoring is 'foundation_cards'",
        Level.WARNING,
    ),
    "foundations that nothing is built on": (
        {"foundations.build.direction": "none"},
        "foundations.count",
        "all 52 cards to the Foundations, but 4 Foundations hold only 4",
        Level.ERROR,
    ),
    "up then down with one deck": (
        {"foundations.up_then_down": True},
        "foundations.up_then_down",
        "one deck has only one King of each suit",
        Level.ERROR,
    ),
    "wrap on foundations from Ace to King": (
        {"foundations.build.wrap": True},
        "foundations.build.wrap",
        "the King is always the last card",
        Level.WARNING,
    ),
    "suit of a build that goes nowhere": (
        {"tableau.build.direction": "none"},
        "tableau.build.suit",
        "says how the Tableau is built, but nothing is built on it",
        Level.WARNING,
    ),
    "place of a missing pile": (
        {"placement.reserves.region": "left"},
        "placement.reserves.region",
        "places the Reserves, but the game has none",
        Level.WARNING,
    ),
    "rows for a group that is not the tableau": (
        {"placement.foundations.rows": 2},
        "placement.foundations.rows",
        "only the Tableau is laid in rows",
        Level.WARNING,
    ),
    "a build on piles of one card": (
        {"tableau.capacity": 1, "tableau.face_down": [0, 0]},
        "tableau.capacity",
        "a Tableau pile holds at most one card, so nothing is ever built on one",
        Level.WARNING,
    ),
    "points that give nothing": (
        {"scoring.kind": "points"},
        "scoring.kind",
        "no rule gives any: it is always 0",
        Level.ERROR,
    ),
}


def _found(specs: Path, tmp_path: Path, text: str, strict: bool) -> list[Diagnostic]:
    (specs / "tiny.yaml").write_text(text, encoding="utf-8")
    _, diagnostics = render_outputs(specs, tmp_path, strict=strict)
    return diagnostics


@pytest.mark.parametrize("name", list(CASES))
def test_a_combination_is_reported_at_its_line(specs: Path, tmp_path: Path, name: str) -> None:
    changes, field, words, level = CASES[name]
    text, lines = sidecar(changes)
    diagnostics = _found(specs, tmp_path, text, strict=False)
    assert not [d for d in diagnostics if d.code == "no-source"]  # the case is whole
    about = [d for d in diagnostics if d.code in ("inconsistent", "pointless")]
    assert len(about) == 1, [d.format() for d in diagnostics]
    (found,) = about
    assert found.file == "specs/tiny.yaml" and found.field == field
    assert found.line == lines[field] and found.level is level
    assert words in found.message and found.hint
    assert f"specs/tiny.yaml:{found.line}: {level}: {field}: " in found.format()
    if level is Level.WARNING:  # strict fails on a field that changes nothing
        strict = _found(specs, tmp_path, text, strict=True)
        assert any(d.level is Level.ERROR and d.field == field for d in strict)


def test_covered_by_read_from_the_help_is_blamed_at_the_help() -> None:
    """Backbone's page gives covered_by in words: a count from elsewhere that does not fit it
    is blamed at the help's line."""

    def fact(path: str, value: Any, line: int) -> Fact:
        return Fact(path, value, Provenance(source="prose", file="specs/x.xml", line=line))

    chosen = {
        f.path: f
        for f in (
            fact("reserves.count", 2, 20),
            fact("reserves.deal", [1, 1], 20),
            fact("reserves.covered_by", [[3], []], 21),
        )
    }
    (found,) = consistency_diagnostics(chosen, "specs/x.yaml")
    assert (found.file, found.line, found.field) == ("specs/x.xml", 21, "reserves.covered_by")
    assert "Reserve 1 is covered by Reserve 3, which does not exist" in found.message
    assert found.level is Level.ERROR and found.hint


def test_an_option_that_makes_a_field_pointless_is_reported_at_the_option(
    specs: Path, tmp_path: Path
) -> None:
    """The merged spec is clean; with the option on, the redeals are gone and the shuffle of
    a redeal means nothing."""
    text, _ = sidecar({"stock.redeals": 2, "stock.redeal_shuffle": True, "scoring.max": 52})
    text += "options:\n  - {id: once, label: Once, default: false, on: {stock.redeals: 0}}\n"
    line = text.count("\n")
    diagnostics = _found(specs, tmp_path, text, strict=False)
    about = [d for d in diagnostics if d.code == "pointless"]
    assert len(about) == 1, [d.format() for d in diagnostics]
    (found,) = about
    assert (found.file, found.line, found.field) == ("specs/tiny.yaml", line, "options")
    assert "with options on: once, stock.redeal_shuffle: " in found.message
    strict = _found(specs, tmp_path, text, strict=True)
    assert any(d.level is Level.ERROR and d.field == "options" for d in strict)


def test_a_field_beside_one_with_no_source_is_not_called_pointless() -> None:
    """Aisleriot's Eagle Wing page says the Reserve's last card flips up, but the reader does
    not get the Reserve's count: that count's missing source is the error, not the reveal."""
    reveal = Fact("reserves.reveal", "last", Provenance(source="prose", file="specs/x.xml", line=9))
    assert consistency_diagnostics({"reserves.reveal": reveal}, "specs/x.yaml") == []
    count = Fact("reserves.count", 0, Provenance(source="prose", file="specs/x.xml", line=3))
    chosen = {"reserves.reveal": reveal, "reserves.count": count}
    (found,) = consistency_diagnostics(chosen, "specs/x.yaml")
    assert (found.line, found.field, found.code) == (9, "reserves.reveal", "pointless")


@pytest.mark.parametrize(
    "changes",
    [
        {"tableau.holes": [[1], [2]]},
        {"tableau.holes": ["x"]},
        {"tableau.empty_from": [[1]]},
        {"foundations.count": "many"},
        {"scoring.pair": [[2]]},
        {"decks": [[2]]},
        {"placement.foundations.rows": [[1]]},
        {"reserves.count": 2, "reserves.deal": [1, 1], "reserves.covered_by": [1, 2]},
    ],
    ids=str,
)
def test_a_mistyped_value_is_an_error_not_a_crash(
    specs: Path, tmp_path: Path, changes: dict[str, Any]
) -> None:
    """The checks run before the model validates types: a list where a number goes, a word
    where a list goes, end in errors at a line, never in an exception."""
    diagnostics = _found(specs, tmp_path, sidecar(changes)[0], strict=False)
    assert any(d.level is Level.ERROR and d.line for d in diagnostics)
