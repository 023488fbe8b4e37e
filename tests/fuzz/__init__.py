"""Fuzzing input kinds shared by `tests/test_fuzz_inputs.py` (a small sample in CI) and
`bench/fuzz.py` (>= 10,000 cases per kind).

One module per input kind in this package, each defining ``KIND = Kind(...)``: a Hypothesis
strategy that draws one case, and a check that runs it. The check raises AssertionError for a
broken promise (an error that does not name its file or argument, a lost file, ...); any
other exception escaping it is a traceback the user would have seen. It returns a short
outcome label (e.g. "accepted", "refused") for the counts. A new kind is a new module: it is
found by `kinds()` without editing anything else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis.strategies import SearchStrategy


@dataclass(frozen=True)
class Kind:
    name: str  # e.g. "saves", "cli"
    cases: SearchStrategy[Any]  # draws one case
    check: Callable[[Any], str]  # runs it: an outcome label, AssertionError for a defect
    ci_examples: int = 60  # the CI sample: a few seconds


def kinds() -> dict[str, Kind]:
    """Every ``KIND`` defined by a module of this package, by name."""
    found: dict[str, Kind] = {}
    for module in pkgutil.iter_modules(__path__):
        kind = getattr(importlib.import_module(f"{__name__}.{module.name}"), "KIND", None)
        if isinstance(kind, Kind):
            found[kind.name] = kind
    return dict(sorted(found.items()))
