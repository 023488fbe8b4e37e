"""Values for the spec's fields, read from the model (`generator.spec.model`): every leaf
path, its type (bool, bounded int, enum, tuple of ints or of enum values) and its bounds, so a
field or enum value added to the model is fuzzed without editing this file.

`typed_value` draws a value for one path: mostly valid (every enum value, the bounds, just
inside them), sometimes wrong (one past a bound, a mis-spelt or foreign enum value, a wrong
type). `shape` draws a deal whose lists agree with their counts, so the checks behind the
length validators (capacities, card totals, decks) are reached too.
"""

from __future__ import annotations

import typing
from enum import Enum
from functools import cache
from typing import Any

import annotated_types
from hypothesis import strategies as st
from pydantic.fields import FieldInfo

from generator.spec.model import VariantSpec, leaf_paths
from generator.spec.required import REQUIREMENTS, value_reader

PATHS = leaf_paths()
RULE_PATHS = [p for p in PATHS if p != "id"]  # a sidecar may not set the id


@cache
def field(path: str) -> FieldInfo:
    """The model's field at a dotted leaf path."""
    model: Any = VariantSpec
    info: FieldInfo | None = None
    for part in path.split("."):
        info = model.model_fields[part]
        model = info.annotation
    assert info is not None
    return info


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low = high = None
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Le):
            high = int(item.le)  # type: ignore[call-overload]
    return low, high


def _enum(kind: Any) -> type[Enum] | None:
    return kind if isinstance(kind, type) and issubclass(kind, Enum) else None


@cache
def all_enum_values() -> tuple[str, ...]:
    """Every value of every enum the model uses: a foreign value for any enum field."""
    found: set[str] = set()
    for path in PATHS:
        annotation = field(path).annotation
        for kind in (annotation, *typing.get_args(annotation)):
            enum = _enum(kind)
            if enum is not None:
                found.update(str(m.value) for m in enum)
    return tuple(sorted(found))


WRONG = st.sampled_from([None, "x", 1.5, [], {}, "", -1, True, "9" * 30])


def _int(info: FieldInfo) -> st.SearchStrategy[Any]:
    low, high = _bounds(info)
    near = [0, 1, 2, 3, 4, 7, 8, 12, 13, 24, 26, 52, 104]
    edges = [v for v in (low, high) if v is not None]
    edges += [v + d for v in edges for d in (-1, 1)]
    inside = st.integers(low if low is not None else -3, high if high is not None else 110)
    return st.one_of(inside, st.sampled_from(sorted({*near, *edges, 2**63})))


def _tuple_of(kind: Any, path: str) -> st.SearchStrategy[Any]:
    enum = _enum(kind)
    if enum is not None:
        values = [str(m.value) for m in enum]
        subset = st.lists(st.sampled_from(values), min_size=0, max_size=len(values), unique=True)
        return st.one_of(
            subset,
            st.lists(st.sampled_from(values), min_size=2, max_size=4),  # duplicates
            st.lists(st.sampled_from([*values, *all_enum_values(), "Tableau"]), max_size=3),
        )
    if typing.get_origin(kind) is tuple:  # tuple[tuple[int, ...], ...]
        return st.lists(st.lists(st.integers(-1, 17), max_size=3), max_size=5)
    top = 14 if "face" in path or "deal" in path else 20
    return st.lists(st.integers(-1, top), max_size=20)


def typed_value(path: str) -> st.SearchStrategy[Any]:
    """A value for ``path``: valid most of the time, wrong now and then."""
    info = field(path)
    annotation = info.annotation
    enum = _enum(annotation)
    if annotation is bool:
        good: st.SearchStrategy[Any] = st.booleans()
    elif annotation is int:
        good = _int(info)
    elif enum is not None:
        values = [str(m.value) for m in enum]
        foreign = st.sampled_from([*all_enum_values(), values[0].upper(), values[0] + "s"])
        good = st.one_of(*[st.sampled_from(values)] * 3, foreign)
    elif typing.get_origin(annotation) is tuple:
        good = _tuple_of(typing.get_args(annotation)[0], path)
    elif annotation is str:
        good = st.text(min_size=0, max_size=12)
    else:
        good = st.nothing()
    return st.one_of(good, good, good, WRONG)


@st.composite
def shape(draw: st.DrawFn) -> dict[str, Any]:
    """A deal whose lists agree with their counts: tableau, reserves and decks, flat
    (dotted path -> value)."""
    decks = draw(st.integers(1, 3))
    piles = draw(st.integers(0, 13))
    down = draw(st.lists(st.integers(0, 5), min_size=piles, max_size=piles))
    up = draw(st.lists(st.integers(0, 4), min_size=piles, max_size=piles))
    reserves = draw(st.integers(0, 6))
    deal = draw(st.lists(st.integers(0, 8), min_size=reserves, max_size=reserves))
    values: dict[str, Any] = {
        "decks": decks,
        "tableau.count": piles,
        "tableau.face_down": down,
        "tableau.face_up": up,
        "reserves.count": reserves,
        "reserves.deal": deal,
        "foundations.count": draw(st.sampled_from([0, 1, 4, 8, 12, *[4 * decks] * 4])),
    }
    if reserves and draw(st.booleans()):
        values["reserves.face_down"] = [draw(st.integers(0, n)) for n in deal]
    return values


def stated(tree: Any, prefix: str = "") -> dict[str, Any]:
    """The leaf values a parsed sidecar states (an override's ``value``), by dotted path."""
    found: dict[str, Any] = {}
    if not isinstance(tree, dict):
        return found
    for key, item in tree.items():
        path = f"{prefix}{key}"
        if path in PATHS:
            found[path] = item.get("value") if isinstance(item, dict) else item
        elif isinstance(item, dict):
            found.update(stated(item, path + "."))
    return found


def required_defaults(values: dict[str, Any]) -> dict[str, Any]:
    """Fields the values make required that none states (reserves make their deal
    required, ...), at the model's default: the case gets past "no source" to the checks."""
    added: dict[str, Any] = {}
    for _ in range(3):
        value = value_reader({**values, **added})
        new = {
            r.path: _plain(value(r.path))
            for r in REQUIREMENTS
            if r.path not in values and r.path not in added and r.when(value)
        }
        if not new:
            break
        added.update(new)
    return added


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
