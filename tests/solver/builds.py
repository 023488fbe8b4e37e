"""The optional compiled solver builds, for the tests that compare them with pure Python."""

from __future__ import annotations

from types import ModuleType

import pytest


def built(module: ModuleType | None) -> ModuleType:
    """``module``, or skip the test: CI builds it (``helpdeck compile-solver``), a fresh
    clone has none."""
    if module is None:
        pytest.skip("the compiled solver is not built (helpdeck compile-solver)")
    return module
