"""Holes: tableau piles whose spaces follow a rule of their own (Bear River).

"Piles 6, 12 and 18, the last of each row, are holes", "An empty hole can be filled with any
card"; Aisleriot's "An empty Hole pile CAN have a new card placed on it" and "An empty
standard pile CANNOT have a new card placed on it" (every pile that is not a hole).
"""

from __future__ import annotations

import re

from .text import Hit, Sentence, matched, words

_I = re.IGNORECASE
HOLE = re.compile(r"\bholes?\b", _I)
_PILES_ARE_HOLES = re.compile(
    r"\bpiles\s+(\d+(?:\s*,\s*\d+)*(?:,?\s+and\s+\d+)?)\b[^.;]*?\bare\s+(?:the\s+)?(?:holes|hole\s+piles)\b",
    _I,
)
_HOLE_TAKES_ANY = re.compile(
    r"\ban\s+empty\s+hole(?:\s+pile)?\s+can\s+(?:be\s+filled\s+with\s+any\s+card"
    r"|have\s+a\s+new\s+card\s+placed\s+on\s+it)\b",
    _I,
)
_STANDARD_TAKES_NONE = re.compile(
    r"\ban\s+empty\s+standard\s+pile\s+(?:cannot|can\s*not)\s+have\s+a\s+new\s+card\s+placed\s+on\s+it\b",
    _I,
)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    hits: list[Hit] = []
    piles = _PILES_ARE_HOLES.search(text)
    if piles:
        numbers = [int(n) for n in re.findall(r"\d+", piles.group(1))]
        hits.append(Hit("tableau.holes", numbers, words(piles)))
    return hits + matched(
        text,
        (
            ("tableau.hole_empty", "any", _HOLE_TAKES_ANY),
            ("tableau.empty", "none", _STANDARD_TAKES_NONE),
        ),
    )
