"""Fixtures shared by every test package."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``-n``; `.ci/run`) the tests with a real window all run on one
    worker, one after another as without it: one Xvfb server, and window timings that do
    not compete with each other; the other workers share the rest."""
    for item in items:
        if "display" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("windows"))


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    directory = tmp_path / "specs"
    directory.mkdir()
    return directory
