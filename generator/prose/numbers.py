"""Numbers as help text writes them: "7", "seven", "twenty-eight", "twice"."""

from __future__ import annotations

UNITS = (  # number words by value; help text spells out small numbers
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}

WORDS: dict[str, int] = {word: value for value, word in enumerate(UNITS)}
WORDS.update(_TENS)
for _tens, _base in _TENS.items():
    for _unit in range(1, 10):
        WORDS[f"{_tens}-{UNITS[_unit]}"] = _base + _unit
        WORDS[f"{_tens} {UNITS[_unit]}"] = _base + _unit

# Longest first so "twenty-eight" wins over "twenty".
NUM = r"(?:\d{1,2}|" + "|".join(w.replace(" ", r"\s") for w in sorted(WORDS, key=len)[::-1]) + ")"
"""Regex fragment for a cardinal number (no capture group)."""

TIMES = {"once": 1, "twice": 2, "three times": 3, "four times": 4}


def number(text: str) -> int | None:
    """The value of a number word or digits, or None."""
    key = " ".join(text.lower().split())
    if key.isdigit():
        return int(key)
    return WORDS.get(key)


ORDINAL_WORDS = (  # also the words help_from_spec writes, so it reads back
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
)
ORDINALS: dict[str, int] = {word: i + 1 for i, word in enumerate(ORDINAL_WORDS)}
ORD = r"(?:" + "|".join(sorted(ORDINALS, key=len)[::-1]) + r")"
"""Regex fragment for an ordinal word, "first" to "thirteenth" (no capture group)."""


def ordinal(text: str) -> int | None:
    """The value of an ordinal word ("fourth" -> 4), or None."""
    return ORDINALS.get(text.strip().lower())
