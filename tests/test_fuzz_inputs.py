"""Fuzzing in CI: a small, fixed sample of every input kind in `tests/fuzz` (saves, CLI
arguments, ...). Each case must keep its kind's promises: no traceback, errors that name
their file or argument, nothing lost from the data directory. ``bench/fuzz.py`` runs the
same kinds at >= 10,000 cases each."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz import kinds

KINDS = kinds()


def test_the_kinds_are_all_there() -> None:
    assert {"saves", "cli", "help", "sidecar", "po"} <= set(KINDS)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_fuzz_sample(name: str) -> None:
    kind = KINDS[name]

    @settings(
        max_examples=kind.ci_examples,
        deadline=None,
        derandomize=True,  # the same sample on every run: CI failures reproduce
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(kind.cases)
    def case(value: Any) -> None:
        kind.check(value)

    case()
