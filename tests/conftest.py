"""Fixtures shared by every test package."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    directory = tmp_path / "specs"
    directory.mkdir()
    return directory
