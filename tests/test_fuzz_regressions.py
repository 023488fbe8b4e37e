"""Regressions found by the fuzz kinds of `tests/fuzz` (`bench/fuzz.py`), each reduced to the
smallest input that showed it. Cases that need a whole specs directory are kept in the kinds'
own corpora (`CORPUS` in `tests/fuzz/sidecar_yaml.py`) and run by `tests/test_fuzz_inputs.py`."""

from __future__ import annotations

import typing
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from generator.diagnostics import Diagnostic, Level
from generator.docbook import read_help_text
from generator.help.from_spec import help_from_spec
from generator.help.source import check_xml
from generator.pipeline import render_outputs
from generator.prose.extract import extract_facts
from generator.spec.checks import consistency_diagnostics
from generator.spec.facts import Fact
from generator.spec.merge import rule_values
from generator.spec.model import Provenance, VariantSpec
from generator.spec.required import value_reader
from runtime.cli import main
from tests.fuzz._model import PATHS, field
from tests.fuzz.help_xml import CORPUS as HELP_CORPUS
from tests.fuzz.sidecar_yaml import CONTRADICTIONS, CORPUS, tiny_with

DEFAULT = value_reader({})
TINY: dict[str, Any] = {
    "id": "tiny",
    "title": "Tiny",
    "tableau": {"count": 2, "face_down": [0, 1], "face_up": [1, 1]},
}


def _with(values: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {key: dict(v) if isinstance(v, dict) else v for key, v in TINY.items()}
    for path, value in values.items():
        node = data
        *parents, leaf = path.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return data


def _enum_values() -> list[tuple[str, str]]:
    """Every (path, value) of every enum field of the model: a new member is covered."""
    found = []
    for path in PATHS:
        kind = field(path).annotation
        if isinstance(kind, type) and issubclass(kind, Enum):
            found += [(path, str(member.value)) for member in kind]
    return found


@pytest.mark.parametrize(("path", "value"), _enum_values())
def test_help_from_spec_writes_every_enum_value(path: str, value: str) -> None:
    """A sidecar-only game's help is written from its spec: `group_move: whole_pile` was a
    KeyError in `generator/help/from_spec.py` (its sentence was missing)."""
    for context in CONTEXTS:  # the value alone, else beside what it needs
        try:
            spec = VariantSpec.model_validate(_with({**context, path: value}))
        except ValidationError:
            continue
        assert help_from_spec(spec).startswith(b"<?xml")
        return
    pytest.skip("not valid in any context tried")


CONTEXTS: list[dict[str, Any]] = [
    {},
    {"reserves.count": 1, "reserves.deal": [1], "foundations.base": "chosen"},
    {"decks": 2, "foundations.count": 8},
    {"tableau.count": 3, "tableau.face_down": [0, 0, 0], "tableau.face_up": [1, 1, 1]},
]


def test_enum_paths_found() -> None:
    assert ("tableau.group_move", "whole_pile") in _enum_values()
    assert all(typing.get_origin(field(p).annotation) is None for p, _ in _enum_values())


def _stated_values() -> list[tuple[str, Any]]:
    """Every field at a value other than its default: each enum member, a bool flipped, an
    int of 2 (or 3 where 2 is the default)."""
    found: list[tuple[str, Any]] = []
    for path in PATHS:
        kind, default = field(path).annotation, DEFAULT(path)
        if path in ("id", "title"):
            continue
        if isinstance(kind, type) and issubclass(kind, Enum):
            found += [(path, member.value) for member in kind if member.value != default]
        elif kind is bool:
            found.append((path, not default))
        elif kind is int:
            found.append((path, 3 if default == 2 else 2))
    return found


_BUILDS = {"tableau.build.direction": "down", "tableau.group_move": "build"}
_RESERVE = {"reserves.count": 1, "reserves.deal": [1]}
# Beside what gives each value a meaning: the first context where the spec is valid and
# `consistency_diagnostics` finds it neither contradictory nor pointless is the one used.
MEANINGFUL: list[dict[str, Any]] = [
    {},
    _BUILDS,
    {**_BUILDS, "tableau.build.direction": "up_or_down"},
    {"foundations.build.direction": "up"},
    {"foundations.base": "any", "foundations.build.direction": "up"},
    {"waste.build.direction": "up_or_down"},
    {**_RESERVE, "tableau.empty_from": ["waste", "reserve"]},
    {"reserves.count": 2, "reserves.deal": [1, 1], "reserves.accepts": True, **_BUILDS},
    {"reserves.count": 1, "reserves.deal": [3], "reserves.face_down": [3]},
    {**_RESERVE, "stock.target": "reserves", "stock.redeals": 1},
    {"scoring.kind": "points", "scoring.foundation_card": 2, "scoring.pair": 1},
    {"tableau.holes": [2]},
    {"tableau.runs_to_foundation": True},
    {"foundations.play_back": True},
    {"stock.redeals": 1},
    {"decks": 2, "foundations.count": 8, "scoring.max": 104},
    {"decks": 2, "scoring.max": 104},
    {**_RESERVE, "foundations.base": "chosen"},
    {"goal.kind": "all_to_waste", "foundations.count": 0, "scoring.kind": "none", "scoring.max": 0},
    {"foundations.count": 0, "goal.kind": "tableau_cleared", "scoring.max": 3},
    {"scoring.max": 51},
    {"stock.target": "tableau"},
    {"foundations.base": "two", "foundations.start_with_base": True},
    {"foundations.start_with_aces": True},
    {"tableau.count": 3, "tableau.face_down": [0, 1, 2], "tableau.face_up": [1, 1, 1], **_BUILDS},
]
# Values the page states in words the prose reader does not read back (yet), each with why.
# A stale entry fails: the value must still be lost.
NOT_READ_BACK: dict[tuple[str, Any], str] = {
    ("waste.build.blocked_on_base", True): "no page says it of a Waste; the reader has no words",
    ("waste.capacity", 2): "the reader knows only a Waste that 'Can only hold one card'",
    ("reserves.capacity", 2): "the reader knows one card, or 'any number of cards'",
    ("foundations.build.direction", "down"): "no page builds a Foundation down from its base",
    ("foundations.build.direction", "up_or_down"): "read only where any card starts a "
    "Foundation (Eliminator); with a base rank, 'from Ace to King' reads as up",
    ("foundations.build.blocked_on_base", True): "no page blocks a Foundation card; no words",
    ("foundations.build.blocked_on_rank", 2): "as above",
    ("tableau.hole_empty", "none"): "the reader knows only 'An empty hole can be filled with "
    "any card'",
    ("tableau.hole_empty", "king"): "as above",
    ("tableau.hole_empty", "below_base"): "as above",
    ("scoring.pair_suit", "any"): "the reader knows same suit, other colour, same colour",
    ("scoring.pair_suit", "different_suit"): "as above",
    ("placement.stock.region", "beside_stock"): "the Stock is never beside itself",
    ("placement.stock.split", 2): "a split is written for a group along the top or the Tableau",
    ("placement.waste.split", 2): "as above",
    ("placement.foundations.split", 2): "as above",
    ("placement.reserves.split", 2): "as above",
}


def _meaningful(spec: VariantSpec) -> bool:
    chosen = {
        path: Fact(path, value, Provenance(source="sidecar", file="tiny.yaml", line=1))
        for path, value in rule_values(spec).items()
    }
    return not consistency_diagnostics(chosen, "tiny.yaml")


def _json(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return getattr(value, "value", value)


@pytest.mark.parametrize(("path", "value"), _stated_values())
def test_help_from_spec_states_every_value(path: str, value: Any) -> None:
    """A field away from its default gets a sentence that the prose reader reads back to the
    same value, so a sidecar-only game's help omits no rule."""
    for context in MEANINGFUL:
        try:
            spec = VariantSpec.model_validate(_with({**context, path: value}))
        except ValidationError:
            continue
        if not _meaningful(spec):
            continue
        document = read_help_text(help_from_spec(spec).decode(), "tiny.xml")
        read = extract_facts(document).by_path().get(path)
        back = _json(read.value) if read is not None else None
        if (path, value) in NOT_READ_BACK:
            assert back != _json(value), f"stale: {path} {value!r} is read back now"
        else:
            assert back == _json(value), f"{path}: wrote {value!r}, read back {back!r}"
        return
    pytest.skip("no context tried gives this value a meaning")


def _errors(files: dict[str, bytes], tmp_path: Path) -> list[Diagnostic]:
    specs = tmp_path / "specs"
    (specs / "po").mkdir(parents=True)
    for name, data in files.items():
        (specs / name).write_bytes(data)
    _outputs, diagnostics = render_outputs(specs, tmp_path / "root")
    return [d for d in diagnostics if d.level is Level.ERROR]


@pytest.mark.parametrize("path", sorted(CONTRADICTIONS))
def test_a_contradictory_sidecar_is_an_error_at_its_line(path: str, tmp_path: Path) -> None:
    """Fields that only mean something beside another (a chosen base's first move with an
    Ace base, a capacity below the deal, a dealt base card with no Foundation, ...) were
    accepted, and the engine then failed or played rules nobody wrote: now an error at the
    line of the field at fault, naming it."""
    data = tiny_with(CONTRADICTIONS[path])
    errors = _errors({"tiny.yaml": data}, tmp_path)
    if path == "tableau.group_move":  # valid: its help sentence was missing (a KeyError)
        assert errors == []
        return
    assert [e.field for e in errors] == [path], errors
    (error,) = errors
    assert error.file.endswith("tiny.yaml") and error.line is not None
    line = data.decode().split("\n")[error.line - 1]
    assert line.strip().startswith(path.split(".")[-1] + ":"), (line, error.message)
    assert path in error.message or path == "foundations.up_then_down"


def test_a_contradiction_in_an_option_blames_the_option(tmp_path: Path) -> None:
    """The same checks hold for every option set: an option turning the base choices on
    with an Ace base is an error at the option's line."""
    data = (
        tiny_with({}) + b"- {id: look, label: Look, default: false, on: {stock.base_choices: 3}}\n"
    )
    errors = _errors({"tiny.yaml": data}, tmp_path)
    assert len(errors) == 1 and "stock.base_choices" in errors[0].message
    assert data.decode().split("\n")[errors[0].line - 1].startswith("- {id: look")


def test_an_unknown_game_is_a_short_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`helpdeck show 0` listed every game id: with the new games, a 677-character error
    line (the cli kind's limit is 600). Now the close matches and where the list is."""
    assert main(["show", "glenwod"]) != 0
    last = capsys.readouterr().err.strip().split("\n")[-1]
    assert last.startswith("helpdeck show: unknown game 'glenwod'; did you mean glenwood?")
    assert "helpdeck games" in last and len(last) < 200


def test_a_sidecar_only_game_without_a_title_is_an_error_at_line_1(tmp_path: Path) -> None:
    """A required field no fact stands near (a help-less game's title) had no line."""
    errors = _errors({"tiny.yaml": CORPUS["tiny: no title"]}, tmp_path)
    assert [(e.field, e.line) for e in errors] == [("title", 1)]


def test_an_external_entity_in_a_utf16_page_is_an_error_at_its_line() -> None:
    """The declaration's line was looked for in the page read as UTF-8: a UTF-16 page's
    error had no line."""
    page = HELP_CORPUS["UTF-16 with an external entity"]
    (error,) = check_xml(page, "seahaven.xml")
    assert error.message.startswith("external entity 'p'")
    assert error.line == 2  # the DOCTYPE's line, after the XML declaration
