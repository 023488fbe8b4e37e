"""`bench/winnability_doc.py`: the tables of docs/winnability.md are made from the published
figures, so the page says what the app's chooser reads, and a stale page is named."""

from __future__ import annotations

import copy
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from runtime.engine.catalog import game_titles
from runtime.solver import winnability

SCRIPT = Path(__file__).parents[2] / "bench" / "winnability_doc.py"


def module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("winnability_doc", SCRIPT)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def test_the_page_is_what_the_published_figures_give() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_a_new_figure_changes_the_page() -> None:
    doc = module()
    figures = winnability.load()
    page = doc.PAGE.read_text("utf-8")
    assert doc.rendered(page, figures, game_titles()) == page
    changed = copy.deepcopy(figures)
    seahaven = next(f for f in changed if f["game"] == "seahaven")
    seahaven.update(winnable=8_000, unwinnable=1_000, unknown=1_000)
    new = doc.rendered(page, changed, game_titles())
    assert new != page
    row = next(line for line in new.splitlines() if line.startswith("| Seahaven |"))
    # 1,000 of 10,000 unknown: 90 % decided, under the seed games' 99.5 %, and a band.
    assert "| 8,000 | 1,000 | 1,000 | 90.00% * |" in row
    assert "| 80.0%-90.0% | 80-90 % |" in row


def test_check_names_a_stale_page_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = module()
    stale = tmp_path / "winnability.md"
    page = doc.PAGE.read_text("utf-8")
    stale.write_text(page.replace("| Seahaven | - | 10,000 |", "| Seahaven | - | 9,999 |"))
    doc.PAGE = stale
    assert doc.main(["--check"]) == 1
    error = capsys.readouterr().err
    assert str(stale) in error and "python bench/winnability_doc.py" in error
    assert doc.main([]) == 0  # writes the tables again
    assert stale.read_text("utf-8") == page
    assert doc.main(["--check"]) == 0


def test_games_without_a_figure_are_named() -> None:
    doc = module()
    titles = game_titles()
    figures = [f for f in winnability.load() if f["game"] != "zebra"]
    text = doc.tables(figures, titles)
    missing = text.split("No figure yet for the default options of: ")[1]
    assert "Zebra" in missing
    surveyed = {f["game"] for f in figures if f.get("default")}
    assert all(title in missing for game, title in titles.items() if game not in surveyed)


def test_the_sentence_is_left_out_when_every_game_has_a_figure() -> None:
    text = module().tables(winnability.load(), game_titles())
    assert "No figure yet" not in text


def test_a_page_without_markers_is_an_error() -> None:
    with pytest.raises(ValueError, match="markers"):
        module().rendered("# Winnability\n", [], game_titles())
