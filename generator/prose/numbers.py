"""Numbers as help text writes them: "7", "seven", "twenty-eight", "twice"."""

from __future__ import annotations

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}

WORDS: dict[str, int] = {word: value for value, word in enumerate(_UNITS)}
WORDS.update(_TENS)
for _tens, _base in _TENS.items():
    for _unit in range(1, 10):
        WORDS[f"{_tens}-{_UNITS[_unit]}"] = _base + _unit
        WORDS[f"{_tens} {_UNITS[_unit]}"] = _base + _unit
WORDS.update({"a": 1, "an": 1, "single": 1})

# Longest first so "twenty-eight" wins over "twenty".
_ALTERNATIVES = sorted((w for w in WORDS if w not in ("a", "an", "single")), key=len, reverse=True)
NUM = r"(?:\d{1,2}|" + "|".join(a.replace(" ", r"\s") for a in _ALTERNATIVES) + r")"
"""Regex fragment for a cardinal number (no capture group)."""

ORDINALS: dict[str, int] = {
    word: value
    for value, word in enumerate(
        "zeroth first second third fourth fifth sixth seventh eighth ninth tenth".split()
    )
}
TIMES = {"once": 1, "twice": 2, "three times": 3, "four times": 4}


def number(text: str) -> int | None:
    """The value of a number word or digits, or None."""
    key = " ".join(text.lower().replace("-", " ").split())
    if key.isdigit():
        return int(key)
    return WORDS.get(key) or WORDS.get(key.replace(" ", "-")) or (0 if key == "zero" else None)
