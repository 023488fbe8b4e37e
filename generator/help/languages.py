"""The help's languages: English (`C`, the source) plus one per `specs/po/<lang>.po`.

The few words of the HTML pages' own frame (links, headings) live here rather than in a
PO file: they belong to the help renderer, not to any game, and there are only a handful.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.diagnostics import Diagnostic
from generator.i18n.merge import convert_locale

SOURCE = "C"


@dataclass(frozen=True, slots=True)
class Language:
    code: str  # directory name: "C", "sv", "sr@latin"
    tag: str  # BCP 47 for lang="": "en", "sv", "sr-Latn"
    name: str  # the language's own name, shown in language links
    words: dict[str, str]


_ENGLISH = {
    "help": "Helpdeck help",
    "games": "All games",
    "languages": "Languages",
    "credits": "Translated by",
    "contents": "Contents",
    "colon": ":",
}

_KNOWN: dict[str, tuple[str, dict[str, str]]] = {
    "C": ("English", _ENGLISH),
    "sv": (
        "Svenska",
        {
            "help": "Hjälp för Helpdeck",
            "games": "Alla spel",
            "languages": "Språk",
            "credits": "Översatt av",
            "contents": "Innehåll",
            "colon": ":",
        },
    ),
    "de": (
        "Deutsch",
        {
            "help": "Helpdeck-Hilfe",
            "games": "Alle Spiele",
            "languages": "Sprachen",
            "credits": "Übersetzt von",
            "contents": "Inhalt",
            "colon": ":",
        },
    ),
    "fr": (
        "Français",
        {
            "help": "Aide de Helpdeck",
            "games": "Tous les jeux",
            "languages": "Langues",
            "credits": "Traduit par",
            "contents": "Sommaire",
            "colon": "\u00a0:",
        },
    ),
    "es": (
        "Español",
        {
            "help": "Ayuda de Helpdeck",
            "games": "Todos los juegos",
            "languages": "Idiomas",
            "credits": "Traducido por",
            "contents": "Contenido",
            "colon": ":",
        },
    ),
    "ru": (
        "Русский",
        {
            "help": "Справка Helpdeck",
            "games": "Все игры",
            "languages": "Языки",
            "credits": "Перевод",
            "contents": "Содержание",
            "colon": ":",
        },
    ),
    "ja": (
        "日本語",
        {
            "help": "Helpdeck ヘルプ",
            "games": "すべてのゲーム",
            "languages": "言語",
            "credits": "翻訳",
            "contents": "目次",
            "colon": "：",
        },
    ),
}


def language(code: str) -> Language:
    """A language by PO name; unknown ones get English frame words and their code as name."""
    name, words = _KNOWN.get(code, (code, _ENGLISH))
    tag = "en" if code == SOURCE else convert_locale(code)
    return Language(code, tag, name, words)


# A PO file's name is its language: it becomes a directory under generated/help/, an
# href and a lang attribute, so only plain locale names pass (sv, pt_BR, sr@latin, and a
# script subtag as Weblate and CLDR name Chinese: zh_Hans, zh_Hant_TW).
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2})?(@[a-z]+)?$")


def po_files(specs_dir: Path) -> list[Path]:
    """`specs/po/*.po`, sorted so output order never depends on the file system."""
    return sorted((specs_dir / "po").glob("*.po"))


def language_problem(po: Path) -> Diagnostic | None:
    """An error if the PO file's name is not a language code (None if it is)."""
    if LANGUAGE_CODE.fullmatch(po.stem) and po.suffix == ".po":  # fullmatch: "sv\n" is no code
        return None
    return Diagnostic(
        str(po),
        None,
        f"{po.name!r} is not named after a language, so it cannot be a translation",
        hint="name it <language>.po with a code such as sv, pt_BR, zh_Hans or sr@latin "
        "(lower-case language, optional _Script, _COUNTRY and @variant)",
    )
