"""How many piles of a kind: "Seven piles.", "Four free cells", "There are 18 Tableau piles"."""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, split_sentences, words

_I = re.IGNORECASE
_COUNT = re.compile(
    rf"(?<![\w-])({NUM}|one)\s+(?:\w+\s+)?(?:piles?|slots|stacks|cells)\b(?!\s+of\s+the)", _I
)
# "Up to thirteen piles", "Four to six slots", "Five piles one each side": not a plain count.
_NOT_A_COUNT = re.compile(r"\bup\s+to\s*$|\bto\s*$|\bof\s*$|\bfirst\s*$|\blast\s*$|\bother\s*$", _I)
_AFTER_GUARD = re.compile(r"^\W*(?:one\s+each\s+side|.*\bwith\s+a\s+single\b)", _I)
PATHS = {"tableau": "tableau.count", "foundation": "foundations.count", "reserve": "reserves.count"}


def find_count(row_kind: str, text: str) -> Hit | None:
    """The pile count a Setup row states in its first sentence, if any."""
    path = PATHS.get(row_kind)
    sentences = split_sentences(text)
    if path is None or not sentences:
        return None
    first = sentences[0]
    match = _COUNT.search(first)
    if match is None or _NOT_A_COUNT.search(first[: match.start()]):
        return None
    if _AFTER_GUARD.match(first[match.end() :]):
        return None
    value = number(match.group(1))
    return None if value is None else Hit(path, value, words(match))
