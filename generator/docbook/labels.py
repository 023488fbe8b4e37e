"""Normalise the free-form words authors use for section titles and piles."""

from __future__ import annotations

import re

SECTION_KINDS = ("setup", "goal", "rules", "options", "scoring", "strategy", "other")
SETUP_KINDS = ("deck", "stock", "waste", "foundation", "tableau", "reserve", "cell", "other")

_SECTION_WORDS: dict[str, str] = {
    "setup": "setup",
    "set up": "setup",
    "set-up": "setup",
    "layout": "setup",
    "goal": "goal",
    "goals": "goal",
    "object": "goal",
    "objective": "goal",
    "aim": "goal",
    "rules": "rules",
    "rule": "rules",
    "how to play": "rules",
    "play": "rules",
    "options": "options",
    "option": "options",
    "variations": "options",
    "scoring": "scoring",
    "score": "scoring",
    "strategy": "strategy",
    "strategies": "strategy",
    "hints": "strategy",
    "tips": "strategy",
}

_SETUP_WORDS: dict[str, str] = {
    "type of deck": "deck",
    "deck type": "deck",
    "cards": "deck",
    "stock": "stock",
    "stock pile": "stock",
    "stockpile": "stock",
    "talon": "stock",
    "waste": "waste",
    "waste pile": "waste",
    "discard": "waste",
    "discard pile": "waste",
    "discards": "waste",
    "foundation": "foundation",
    "foundations": "foundation",
    "reserve": "reserve",
    "reserves": "reserve",
    "tableau": "tableau",
    "tableaux": "tableau",
    "tableaus": "tableau",
    "free cell": "cell",
    "free cells": "cell",
    "freecell": "cell",
    "freecells": "cell",
    "cell": "cell",
    "cells": "cell",
}

_PARENTHESES = re.compile(r"\([^)]*\)")
_PUNCTUATION = re.compile(r"[\"'“”‘’:.]")


def _key(label: str) -> str:
    """'Reserves (Antechamber)' -> 'reserves'; '"Thrones"' -> 'thrones'."""
    return " ".join(_PUNCTUATION.sub("", _PARENTHESES.sub(" ", label)).lower().split())


def section_kind(title: str) -> str:
    return _SECTION_WORDS.get(_key(title), "other")


def setup_kind(label: str, text: str = "") -> str:
    """Kind of a Setup row; the description settles the ambiguous 'Deck'."""
    key = _key(label)
    if key in ("deck", "decks"):
        # "Deck: Standard Deck" names the cards; "Deck: Top left pile..." is the stock.
        return "stock" if re.search(r"\bpiles?\b", text, re.IGNORECASE) else "deck"
    return _SETUP_WORDS.get(key, "other")
