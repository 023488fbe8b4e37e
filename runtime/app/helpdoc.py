"""A game's help, read from the generated help JSON (``generated/help/<lang>/<game>.json``,
package data, so it works installed): sections by kind, the Setup table, translator credits.
See docs/translation.md for the format. No Kivy here."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import generated

HELP_DIR = Path(generated.__file__).resolve().parent / "help"
SOURCE = "C"
HELP_FORMAT = 1


@dataclass(frozen=True)
class Section:
    kind: str  # intro setup goal rules options scoring strategy other
    title: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class SetupRow:
    kind: str  # deck stock waste foundation tableau reserve cell other
    label: str
    text: str


@dataclass(frozen=True)
class HelpDoc:
    game: str
    language: str  # the language actually read: the one asked for, or "C"
    title: str
    sections: tuple[Section, ...]
    setup: tuple[SetupRow, ...] = ()
    credits: tuple[str, ...] = field(default=())


def languages() -> list[str]:
    """ "C" (the source language) and every language with generated help."""
    found = sorted(p.name for p in HELP_DIR.iterdir() if p.is_dir()) if HELP_DIR.is_dir() else []
    return [SOURCE, *[lang for lang in found if lang != SOURCE]]


@cache
def help_doc(game_id: str, lang: str = SOURCE) -> HelpDoc | None:
    """The help for ``game_id`` in ``lang``, else in English; None if there is none."""
    for language in dict.fromkeys((lang, SOURCE)):
        data = _read(HELP_DIR / language / f"{game_id}.json")
        if data is not None:
            return _parse(data, game_id, language)
    return None


def game_title(game_id: str, lang: str, fallback: str) -> str:
    """The game's name in ``lang`` (its help page's title), else ``fallback``."""
    doc = help_doc(game_id, lang)
    return doc.title if doc is not None and doc.title else fallback


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != HELP_FORMAT:
        return None
    return data


def _parse(data: dict[str, Any], game_id: str, language: str) -> HelpDoc:
    def text(value: object) -> str:
        return value if isinstance(value, str) else ""

    sections = tuple(
        Section(
            text(s.get("kind")) or "other",
            text(s.get("title")),
            tuple(text(p) for p in s.get("paragraphs") or () if text(p)),
        )
        for s in data.get("sections") or ()
        if isinstance(s, dict)
    )
    setup = tuple(
        SetupRow(text(r.get("kind")) or "other", text(r.get("label")), text(r.get("text")))
        for r in data.get("setup") or ()
        if isinstance(r, dict)
    )
    credits = tuple(text(c) for c in data.get("credits") or () if text(c))
    return HelpDoc(game_id, language, text(data.get("title")), sections, setup, credits)
