"""How many cards a tableau pile may hold.

"Each Tableau slot can hold a maximum of three cards" (Eagle Wing), "None of the Tableau
piles can have more than three cards" (Bear River), "A Tableau pile holds at most three cards".
"""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, Sentence, first_pile, words

_I = re.IGNORECASE
_MOST = r"(?:a\s+maximum\s+of|at\s+most|no\s+more\s+than|up\s+to)"
_CAPACITY = re.compile(
    rf"\b(?:each|a|every|any)\s+(?:tableau\s+)?(?:slot|pile)\s+(?:(?:can|may)\s+hold|holds)\s+"
    rf"{_MOST}\s+({NUM})\s+cards\b"
    rf"|\bnone\s+of\s+the\s+tableau\s+(?:piles|slots)\s+(?:can|may)\s+(?:have|hold)\s+more\s+than\s+"
    rf"({NUM})\s+cards\b",
    _I,
)


def find(sentence: Sentence) -> list[Hit]:
    match = _CAPACITY.search(sentence.text)
    if match is None or (first_pile(sentence.text) or sentence.pile) != "tableau":
        return []
    value = number(match.group(1) or match.group(2))
    return [] if not value else [Hit("tableau.capacity", value, words(match))]
