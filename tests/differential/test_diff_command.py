"""``helpdeck diff`` end to end: a catalog game, a page dropped into another specs directory,
and the message when Aisleriot is missing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.aisleriot.guile import unavailable_reason
from generator.pipeline import project_root
from runtime.cli import main

CORPUS = project_root().parent / "shared" / "corpus" / "aisleriot" / "help" / "C"
needs_aisleriot = pytest.mark.skipif(unavailable_reason() is not None, reason="no Aisleriot")


def test_missing_aisleriot_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("AISLERIOT_GO_DIR", "/nonexistent")
    monkeypatch.setattr("generator.aisleriot.guile.DEFAULT_ROOTS", (Path("/nonexistent"),))
    assert main(["diff", "golf"]) == 2
    assert "sudo bash .ci/aisleriot.sh" in capsys.readouterr().err


@needs_aisleriot
def test_a_catalog_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "golf", "--positions", "10"]) == 0
    out = capsys.readouterr().out
    assert "slots: s=0 w=1 t1=2" in out
    assert "golf: 10 positions" in out
    assert "unexplained disagreements: 0" in out


@needs_aisleriot
@pytest.mark.skipif(not (CORPUS / "bakers_game.xml").exists(), reason="no Aisleriot corpus")
def test_a_dropped_in_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Baker's Game from the corpus, never in specs/: its Scheme file (bakers-game.go, which
    loads FreeCell's) is found from the id; whatever differs is either a documented behaviour
    or printed with a replay line."""
    shutil.copy(CORPUS / "bakers_game.xml", tmp_path)
    (tmp_path / "bakers_game.yaml").write_text("reserves:\n  deal: [0, 0, 0, 0]\n")
    status = main(["diff", "bakers_game", "--specs", str(tmp_path), "--positions", "20"])
    out = capsys.readouterr().out
    assert "Aisleriot's bakers-game.go" in out
    assert "bakers_game: 20 positions" in out
    assert status in (0, 1)
    if status == 1:
        assert "replay: helpdeck show bakers_game --seed" in out
