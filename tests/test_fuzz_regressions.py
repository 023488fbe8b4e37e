"""Regressions found by the fuzz kinds of `tests/fuzz` (`bench/fuzz.py`), each reduced to the
smallest input that showed it. Cases that need a whole specs directory are kept in the kinds'
own corpora (`CORPUS` in `tests/fuzz/sidecar_yaml.py`) and run by `tests/test_fuzz_inputs.py`."""

from __future__ import annotations

import typing
from enum import Enum
from typing import Any

import pytest
from pydantic import ValidationError

from generator.help.from_spec import help_from_spec
from generator.spec.model import VariantSpec
from tests.fuzz._model import PATHS, field

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
    try:
        spec = VariantSpec.model_validate(_with({path: value}))
    except ValidationError:
        pytest.skip("not valid on its own in the tiny spec")
    assert help_from_spec(spec).startswith(b"<?xml")


def test_enum_paths_found() -> None:
    assert ("tableau.group_move", "whole_pile") in _enum_values()
    assert all(typing.get_origin(field(p).annotation) is None for p, _ in _enum_values())
