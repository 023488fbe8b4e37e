"""Helpdeck's help pages are written in their own words, not copied from Aisleriot's.

Facts carry over from Aisleriot's pages; sentences do not. The rule vocabulary the reader
understands ("Foundations are built up in suit from Ace to King.") is shared by design, so
short formulas are fine; a run of RUN_WORDS or more words in a row, taken from one sentence
of the game's Aisleriot page, is a copied sentence. Reads ../shared/corpus (never copied
into the project); skips, saying why, where it is absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.i18n.names import aisleriot_page
from generator.i18n.xmlsafe import parse_file
from generator.pipeline import project_root

ROOT = project_root()
GNOME_HELP = ROOT.parent / "shared" / "corpus" / "aisleriot" / "help"
GAMES = sorted(p.stem for p in (ROOT / "specs").glob("*.xml"))
RUN_WORDS = 12
_BLOCKS = ("title", "para", "entry", "term")


def sentences(page: Path) -> list[str]:
    """Every sentence of a page's text blocks, whitespace collapsed."""
    out = []
    for element in parse_file(page).getroot().iter(*_BLOCKS):
        text = " ".join("".join(str(t) for t in element.itertext()).split())
        out.extend(s for s in re.split(r"(?<=[.!?:;])\s+", text) if s)
    return out


def runs(sentence: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", sentence.lower())
    return {tuple(words[i : i + RUN_WORDS]) for i in range(len(words) - RUN_WORDS + 1)}


@pytest.mark.parametrize("game", GAMES)
def test_no_sentence_is_copied_from_aisleriot(game: str) -> None:
    if not GNOME_HELP.is_dir():
        pytest.skip(f"Aisleriot's help corpus is not at {GNOME_HELP}")
    theirs = aisleriot_page(GNOME_HELP, game)
    if theirs is None:
        pytest.skip(f"Aisleriot has no page for {game}")
    copied_runs = set().union(*(runs(s) for s in sentences(theirs)))
    copied = [s for s in sentences(ROOT / "specs" / f"{game}.xml") if runs(s) & copied_runs]
    assert not copied, f"specs/{game}.xml repeats Aisleriot's words: {copied}"


def test_a_copied_sentence_is_found() -> None:
    """The check can fail: Aisleriot's own King Albert page against itself."""
    if not GNOME_HELP.is_dir():
        pytest.skip(f"Aisleriot's help corpus is not at {GNOME_HELP}")
    page = aisleriot_page(GNOME_HELP, "king_albert")
    assert page is not None
    own = set().union(*(runs(s) for s in sentences(page)))
    assert any(runs(s) & own for s in sentences(page))
