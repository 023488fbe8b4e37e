"""`write_atomically`: the old file or the new one, never half, and no litter."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from runtime.atomic_write import write_atomically


def test_writes_text_and_bytes_and_replaces_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "current.json"
    write_atomically(target, "première")
    assert target.read_text(encoding="utf-8") == "première"
    write_atomically(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "current.json"
    target.write_text("old", encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


def test_a_missing_directory_is_an_error_not_a_silent_loss(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "absent" / "file.json", "x")
