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
from generator.help.from_spec import help_from_spec
from generator.help.source import check_xml
from generator.pipeline import render_outputs
from generator.spec.model import VariantSpec
from runtime.cli import main
from tests.fuzz._model import PATHS, field
from tests.fuzz.help_xml import CORPUS as HELP_CORPUS
from tests.fuzz.sidecar_yaml import CONTRADICTIONS, CORPUS, tiny_with

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
