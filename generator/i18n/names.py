"""A game's name in each language: GNOME's, where GNOME's help translates it.

Helpdeck's policy (docs/translation.md, "Game names"): a game's name in a language is the
name GNOME's translators gave the same game in Aisleriot's help for that language, so a
player who knows the game from Aisleriot finds it under the name they know. Where GNOME
has no translation (Japanese, or a game GNOME's PO leaves untranslated or copies in English)
the translator chooses. The English page's title gives the msgid; a game with no Aisleriot
page has no GNOME name.
"""

from __future__ import annotations

from pathlib import Path

from generator.i18n.po import load_po, translations
from generator.i18n.xmlsafe import parse_file


def aisleriot_page(help_dir: Path, game: str) -> Path | None:
    """Aisleriot's English page for `game` (file names use `_`, a few use `-`)."""
    for name in (game, game.replace("_", "-")):
        page = help_dir / "C" / f"{name}.xml"
        if page.is_file():
            return page
    return None


def page_title(page: Path) -> str | None:
    """The page's own title, whitespace collapsed as itstool collapses it."""
    root = parse_file(page).getroot()
    title = root.find("title")
    if title is None:
        title = root.find("sect1info/title")
    if title is None:
        return None
    text = "".join(str(part) for part in title.itertext())
    return " ".join(text.split()) or None


def gnome_names(help_dir: Path, games: list[str], lang: str) -> dict[str, str]:
    """`{game: GNOME's name in lang}` for the games GNOME's PO translates."""
    po = help_dir / lang / f"{lang}.po"
    if not po.is_file():
        return {}
    translated = translations(load_po(po))
    names: dict[str, str] = {}
    for game in games:
        page = aisleriot_page(help_dir, game)
        title = page_title(page) if page else None
        found = translated.get((None, title)) if title else None
        if found is not None and found.text != title:  # GNOME kept the English: no rule
            names[game] = found.text
    return names
