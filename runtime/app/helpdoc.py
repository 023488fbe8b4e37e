"""A game's help, read from the generated help JSON (``generated/help/<lang>/<game>.json``,
package data, so it works installed): sections by kind, the Setup table, translator credits.
See docs/translation.md for the format. No Kivy here."""

from __future__ import annotations

import json
import re
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


# A term and its text: "Three card deals: the Stock ...", "Trois cartes par donne : ...",
# "3枚めくり：山札から..."; the term is what the Options dialog shows.
_TERM_END = re.compile(r"\s*[:：]\s*")


@cache
def option_labels(game_id: str, lang: str) -> dict[str, str]:
    """The game's option labels in ``lang``, keyed by the English label: the term that opens
    the option's paragraph in the help's Options section (or the paragraph, when it is only
    the term), read at the same place in the translated help. Missing where the page is not
    translated, or the translated paragraph has no term."""
    source, translated = help_doc(game_id, SOURCE), help_doc(game_id, lang)
    if source is None or translated is None or translated.language == SOURCE:
        return {}
    labels: dict[str, str] = {}
    for english, local in zip(_options(source), _options(translated), strict=False):
        for here, there in zip(english, local, strict=False):
            term, found = _term(here), _term(there)
            if term and found and here != there:
                labels[term] = found
    return labels


def _options(doc: HelpDoc) -> list[tuple[str, ...]]:
    return [s.paragraphs for s in doc.sections if s.kind == "options"]


def _term(paragraph: str) -> str:
    """The term opening ``paragraph`` (before its first colon), or the whole paragraph if it
    is a bare term (a few words, no sentence); empty otherwise."""
    parts = _TERM_END.split(paragraph.strip(), maxsplit=1)
    if len(parts) == 2 and parts[0] and len(parts[0]) <= 60:
        return parts[0]
    text = paragraph.strip()
    return text if len(text) <= 40 and not re.search(r"[.。!?！？]$", text) else ""
