"""Game names across languages follow one policy (docs/translation.md, "Game names").

A game's translated name is the one GNOME's translators gave it in Aisleriot's help for that
language; a translation that deliberately differs says why in a translator comment on the
title's message, starting "name:". Reads ../shared/corpus (never copied into the project);
skips, saying why, where it is absent.
"""

from __future__ import annotations

import pytest

from generator.i18n.names import gnome_names, page_title
from generator.i18n.po import load_po
from generator.pipeline import project_root

ROOT = project_root()
GNOME_HELP = ROOT.parent / "shared" / "corpus" / "aisleriot" / "help"
GAMES = sorted(p.stem for p in (ROOT / "specs").glob("*.xml"))
LANGUAGES = sorted(p.stem for p in (ROOT / "specs" / "po").glob("*.po"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_names_are_gnomes_or_say_why(lang: str) -> None:
    if not GNOME_HELP.is_dir():
        pytest.skip(f"GNOME's help corpus is not at {GNOME_HELP}")
    names = gnome_names(GNOME_HELP, GAMES, lang)
    if not names:
        pytest.skip(f"GNOME's help has no {lang} translation to follow")
    catalog = load_po(ROOT / "specs" / "po" / f"{lang}.po")
    wrong = []
    for game, gnome in sorted(names.items()):
        title = page_title(ROOT / "specs" / f"{game}.xml")
        message = catalog.get(title) if title else None
        if message is None or not message.string:
            wrong.append(f"{game}: {title!r} has no translation (GNOME: {gnome!r})")
            continue
        reasons = [c for c in message.user_comments if c.startswith("name:")]
        if message.string != gnome and not reasons:
            wrong.append(
                f"{game}: {message.string!r}, GNOME says {gnome!r}: use GNOME's name or "
                f"give the reason in a '# name: ...' comment on the message"
            )
    assert not wrong, f"specs/po/{lang}.po:\n" + "\n".join(wrong)


def test_names_are_read_from_the_corpus() -> None:
    """The reader finds GNOME's names at all (a broken reader would skip every game); a name
    GNOME only copies in English (Klondike) sets no rule."""
    if not GNOME_HELP.is_dir():
        pytest.skip(f"GNOME's help corpus is not at {GNOME_HELP}")
    names = gnome_names(GNOME_HELP, ["spider", "klondike", "no_such_game"], "de")
    assert names == {"spider": "Spinne"}
