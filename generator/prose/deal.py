"""The tableau deal: cards per pile, face down and face up, and the pyramid layout.

"Deal card face up in first pile. Place one card face down on all other piles ... until there
are seven cards in last pile", "five cards to each pile", "three cards face down and one card
face up on every pile", "seven overlapping rows ... pyramid", "seven cards in each of the first
four piles and six cards in the last four piles".
"""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit

_I = re.IGNORECASE
_PYRAMID = re.compile(rf"\b({NUM})\s+overlapping\s+rows\b.*?\bpyramid\b", _I)
_NOT_PLAIN_PYRAMID = re.compile(r"\binverted\b|\btriangles?\b", _I)
_FLIP_BOTTOM = re.compile(r"\bflip\s+(?:the\s+)?bottom\s+row\b", _I)
_KLONDIKE = re.compile(
    r"\bface\s+up\s+in\s+(?:the\s+)?first\s+pile\b.*?\bface\s+down\s+on\s+all\s+(?:the\s+)?other"
    rf"\s+piles\b.*?\buntil\s+there\s+are\s+({NUM})\s+cards\s+in\s+(?:the\s+)?last\s+pile\b",
    _I,
)
_STAIRS = re.compile(
    r"\bfirst\s+pile\s+(?:gets|holds|has)\s+one\s+card,\s+the\s+second\s+two\b"
    r"|\bone\s+card\s+in\s+the\s+first\s+pile,\s+two\s+in\s+the\s+second\b"
    r"|\bnext\s+row\s+skip\s+the\s+first\s+pile\b|\bstart\s+the\s+second\s+row\s+on\s+the\s+second"
    r"|\bone\s+card\s+face\s+down\s+on\s+all\s+\w+\s+piles,\s+then\s+one\s+on\s+the\s+last\b",
    _I,
)
_SERIES = re.compile(
    rf"\b({NUM})\s+cards?\s+in\s+the\s+first\s+pile,\s+({NUM})\s+in\s+the\s+second\b", _I
)
_TOP_UP = re.compile(
    r"\bonly\s+the\s+top\s+card\s+(?:of|in|on)\s+(?:each|every)\s+pile\s+is\s+face\s+up\b"
    r"|\b(?:flip|turn)\s+up\s+the\s+top\s+card\s+(?:of|on|in)\s+(?:each|every)\s+pile\b"
    r"|\btop\s+card\s+in\s+every\s+pile\s+is\s+then\s+flipped\s+up\b",
    _I,
)
_ALL_UP = re.compile(
    r"\ball\s+(?:the\s+)?cards\s+are\s+(?:dealt\s+)?face\s+up\b|\bdeal\s+all\s+cards\s+face\s+up\b"
    r"|\ball\s+face\s+up\b",
    _I,
)
_DOWN_AND_UP = re.compile(
    rf"\b({NUM})\s+(?:cards?|rows?)\s+face\s+down\s+(?:and|followed\s+by)\s+({NUM})\s+"
    r"(?:cards?|rows?)\s+face\s+up\s+(?:on|in|for|to)\s+(?:every|each|all)\b"
    rf"|\bdeal\s+({NUM})\s+rows\s+face\s+down\s+and\s+({NUM})\s+rows?\s+face\s+up\b",
    _I,
)
_EACH = re.compile(
    rf"\b({NUM}|a)\s+cards?\s+(?:are\s+|is\s+)?(?:dealt\s+)?face\s+up\s+"
    r"(?:on\s+to|onto|on|in|to|per)\s+(?:each|every|all\s+\w+)\s*(?:\w+\s+)?(?:piles?|slots?)\b"
    rf"|\b(?:pile\s+is\s+dealt)\s+({NUM})\s+cards?\s+face\s+up\b"
    rf"|\b({NUM})\s+cards\s+(?:each\s+)?(?:to|in)\s+each\s+(?:of\s+the\s+)?(?:piles?|slots?)\b"
    rf"|\bwith\s+({NUM})\s+in\s+each\s+(?:pile|slot)\b"
    rf"|\bpiles\s+of\s+({NUM})\s+cards\s+each\b"
    rf"|\bdeal\s+({NUM})\s+rows\s+face\s+up\b",
    _I,
)
_LAST_ROW_UP = re.compile(
    rf"\bpiles\s+of\s+({NUM})\s+cards\s+each,\s+with\s+the\s+last\s+row\s+(?:of\s+cards\s+)?face\s+up",
    _I,
)
_SPLIT = re.compile(
    rf"\b({NUM})\s+cards\s+(?:each\s+)?in\s+(?:each\s+of\s+)?the\s+first\s+({NUM})\s+(?:piles|slots)"
    rf"\s+and\s+({NUM})\s+cards\s+(?:each\s+)?in\s+the\s+last\s+({NUM})\s+(?:piles|slots)\b",
    _I,
)
_IRREGULAR = re.compile(r"\bmore\b|\bexcept\b|\brest\s+of\s+the\s+cards\b|\bremove\b", _I)


# "Any King that lands on top of another card during the deal goes to the bottom of its pile"
_KINGS_BOTTOM = re.compile(
    r"\bkings?\s+(?:that\s+lands?\s+on\s+(?:top\s+of\s+)?another\s+card\s+)?(?:during\s+the\s+deal\s+)?"
    r"(?:goes|go|is\s+moved|are\s+moved)\s+to\s+the\s+bottom\s+of\s+(?:its|their)\s+piles?\b",
    _I,
)


def kings_to_bottom(text: str) -> list[Hit]:
    match = _KINGS_BOTTOM.search(text)
    return [Hit("tableau.kings_to_bottom", True, _phrase(match))] if match else []


def _n(text: str | None) -> int:
    value = 1 if (text or "").lower() in ("a", "an") else number(text or "")
    return -1 if value is None else value


def _phrase(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split())


def pyramid(text: str) -> list[Hit]:
    match = _PYRAMID.search(text)
    if not match or _NOT_PLAIN_PYRAMID.search(text):
        return []
    rows = _n(match.group(1))
    count = rows * (rows + 1) // 2
    down_up = _faces_of_pyramid(text, rows, count)
    if rows < 1 or down_up is None:
        return []
    phrase = _phrase(match)
    return [
        Hit("tableau.count", count, phrase),
        Hit("tableau.layout", "pyramid", phrase),
        Hit("tableau.face_down", down_up[0], phrase),
        Hit("tableau.face_up", down_up[1], phrase),
    ]


def _faces_of_pyramid(text: str, rows: int, count: int) -> tuple[list[int], list[int]] | None:
    face_down = re.search(r"\bface\s+down\b", text, _I)
    if re.search(r"\bface\s+up\b", text, _I) and not face_down:
        return [0] * count, [1] * count
    if face_down and _FLIP_BOTTOM.search(text):
        hidden = count - rows
        return [1] * hidden + [0] * rows, [0] * hidden + [1] * rows
    return None


def piles(text: str, count: int) -> list[Hit]:
    """Face-down and face-up cards per pile for a fan tableau of `count` piles."""
    for shape in (_klondike, _stairs, _uniform, _split):
        found = shape(text, count)
        if found is not None:
            down, up, phrase = found
            if len(down) == len(up) == count and min(down + up) >= 0:
                return [Hit("tableau.face_down", down, phrase), Hit("tableau.face_up", up, phrase)]
            return []
    return []


Shape = tuple[list[int], list[int], str] | None


def _klondike(text: str, count: int) -> Shape:
    match = _KLONDIKE.search(text)
    if not match or _IRREGULAR.search(text) or _n(match.group(1)) != count:
        return None
    return list(range(count)), [1] * count, _phrase(match)


def _stairs(text: str, count: int) -> Shape:
    series = _SERIES.search(text)
    if series:
        first, second = _n(series.group(1)), _n(series.group(2))
        sizes = [first + i * (second - first) for i in range(count)]
        match: re.Match[str] = series
    else:
        stairs = _STAIRS.search(text)
        if not stairs:
            return None
        sizes, match = list(range(1, count + 1)), stairs
    if _IRREGULAR.search(text):
        return None
    if _TOP_UP.search(text):
        return [s - 1 for s in sizes], [1] * count, _phrase(match)
    all_up = _ALL_UP.search(text) or not re.search(r"\bface\s+down\b", text, _I)
    if all_up and re.search(r"\bface\s+up\b", text, _I):
        return [0] * count, sizes, _phrase(match)
    return None


def _uniform(text: str, count: int) -> Shape:
    if _IRREGULAR.search(text) or _SPLIT.search(text):
        return None
    both = _DOWN_AND_UP.search(text)
    if both:
        down, up = (_n(g) for g in (both.group(1) or both.group(3), both.group(2) or both.group(4)))
        return [down] * count, [up] * count, _phrase(both)
    last_row = _LAST_ROW_UP.search(text)
    if last_row:
        size = _n(last_row.group(1))
        return [size - 1] * count, [1] * count, _phrase(last_row)
    each = _EACH.search(text)
    if not each or re.search(r"\bface\s+down\b", text, _I):
        return None
    if not re.search(r"\bface\s+up\b", text, _I):
        return None
    size = _n(next(g for g in each.groups() if g))
    return [0] * count, [size] * count, _phrase(each)


def _split(text: str, count: int) -> Shape:
    match = _SPLIT.search(text)
    if not match or not re.search(r"\bface\s+up\b", text, _I):
        return None
    a, p, b, q = (_n(g) for g in match.groups())
    if p + q != count:
        return None
    return [0] * count, [a] * p + [b] * q, _phrase(match)
