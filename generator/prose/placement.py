"""Where piles lie on the table: "Top left pile", "Four piles at top right", "Seven piles on
the right", "two at top left and two at top right", "four on each side of the Foundations".

Placement is read from a Setup row (the row names the pile) or from a rule sentence whose
subject is the pile ("The Stock is at the top left"). Words that could describe a card rather
than a pile ("top card", "on top of", "a King on the bottom") are never read as placement.
"""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, Sentence, piles_in, words

_I = re.IGNORECASE
_SECTION = {
    "stock": "stock",
    "waste": "waste",
    "foundation": "foundations",
    "tableau": "tableau",
    "reserve": "reserves",
}
_AT = r"(?:(?:at|on|in)\s+(?:the\s+)?)?"
_TOP_LEFT = r"top[\s-]+left"
_TOP_RIGHT = r"top[\s-]+right"
# "two at top left and two at top right", "two top left, two top right"
_SPLIT_TOP = re.compile(
    rf"\b({NUM})\s+{_AT}{_TOP_LEFT},?\s+(?:and\s+)?({NUM})\s+{_AT}{_TOP_RIGHT}\b", _I
)
# "four on each side of the Foundations", "four to the left and four to the right of Foundations"
_SPLIT_SIDES = re.compile(
    rf"\b({NUM})\s+on\s+each\s+side\s+of\s+(?:the\s+)?(?:foundations?|reserves?)\b"
    rf"|\b({NUM})\s+to\s+the\s+left\s+and\s+{NUM}\s+to\s+the\s+right\s+of\s+(?:the\s+)?"
    r"(?:foundations?|reserves?)\b",
    _I,
)
_PILES = r"(?:piles?|slots?|cells?|free\s+cells?|spaces?|stacks?)"
# "Eighteen piles in three rows of six", "piles arranged in three rows of six piles each" (Bear
# River); not cards "dealt in five rows of ten" (Ten Across: rows of cards, not of piles).
_ROWS = re.compile(
    rf"\b{_PILES}(?:\s+arranged)?\s+in\s+({NUM})\s+rows\s+of\s+{NUM}(?:\s+{_PILES})?(?:\s+each)?\b"
    r"(?!\s+and\b)",  # not "five rows of nine and a last row of seven" (Accordion: six rows)
    _I,
)
_END = r"(?=\s*(?:[,.;:)]|$))"  # the place ends the phrase: not "on the top two piles"
# A Setup sentence that says where its pile is starts with the piles or with the place:
# "Four piles top right", "Top left pile", "Beside the Stock", "On left under stock"; not
# "Place the last two cards in the temporary spots at the top" or "An ace may be moved ...".
_LOCATION_START = re.compile(
    rf"^\s*(?:(?:a\s+)?single|one|{NUM}|the)?\s*(?:\w+\s+)?{_PILES}\b"
    r"|^\s*(?:top|beside|next|just|directly|to\s+the|on|at|in|along|down|below|under"
    r"|underneath|rightmost|leftmost|right|left)\b",
    _I,
)
# (region, pattern), most specific first; the first that matches is the reading.
_REGIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "top_center",
        re.compile(
            r"\btop[\s-]+cent(?:er|re)\b|\bat\s+(?:the\s+)?top\s+in\s+the\s+cent(?:er|re)\b"
            r"|\bin\s+the\s+cent(?:er|re)\s+of\s+the\s+top\s+row\b",
            _I,
        ),
    ),
    (
        "top_left",
        re.compile(rf"\b{_TOP_LEFT}\b|\bleft\s+{_PILES}\s+(?:on|in)\s+(?:the\s+)?top\s+row\b", _I),
    ),
    (
        "top_right",
        re.compile(
            rf"\b{_TOP_RIGHT}\b|\bright(?:most)?\s+{_PILES}\s+(?:on|in)\s+(?:the\s+)?top\s+row\b",
            _I,
        ),
    ),
    (
        "beside_stock",
        re.compile(
            r"\b(?:beside|next\s+to|(?:(?:directly|just)\s+)?(?:to\s+the\s+)?right\s+of)\s+"
            r"(?:the\s+)?(?:stock|waste)\b",
            _I,
        ),
    ),
    (
        "top",
        re.compile(
            r"\b(?:along|across)\s+the\s+top\b(?!\s+of)"
            rf"|\b(?:at|on)\s+(?:the\s+)?top(?:\s+row)?{_END}|^\s*top\s+{NUM}\s+piles\b",
            _I,
        ),
    ),
    (
        "middle",
        re.compile(rf"\bin\s+(?:a\s+column\s+in\s+)?the\s+middle{_END}|\bmiddle\s+column\b", _I),
    ),
    (
        "left",
        re.compile(
            r"\b(?:on|down|along|at)\s+(?:the\s+)?left(?:[\s-]+hand)?(?:\s+side)?\b"
            r"|\b(?:below|under|underneath)\s+(?:the\s+)?stock\b(?!\s+and\b)",
            _I,
        ),
    ),
    (
        "right",
        re.compile(
            r"\b(?:on|down|along|at)\s+(?:the\s+)?right(?:[\s-]+hand)?(?:\s+side)?\b"
            r"|\bto\s+the\s+right\s+of\s+(?:the\s+)?tableau\b",
            _I,
        ),
    ),
    (
        "bottom",
        re.compile(
            rf"\b{_PILES}\s+(?:on|at|across|along)\s+the\s+bottom(?:\s+row)?{_END}"
            r"|\b(?:below|under|underneath)\s+(?:the\s+)?(?:foundations?|reserves?|stock\s+and\s+\w+)\b",
            _I,
        ),
    ),
)
# Only the Tableau lies "below the Foundations" in the usual sense (the lowest band); for
# other piles those words name no region this language has, so they are not read.
_TABLEAU_ONLY = re.compile(r"^(?:below|under|underneath)\b", _I)
# "The Stock is at the top left": a rule sentence whose subject is the pile.
_SUBJECT = re.compile(
    r"^\s*(?:the\s+)?(?:tableaux?|foundations?|waste|stock|reserves?|free\s*cells?)"
    r"(?:\s+piles?)?\s+(?:is|are|sits?|lies?|lie)\s+(?:placed\s+|laid\s+out\s+)?",
    _I,
)


def _subject(sentence: Sentence) -> str | None:
    """The pile kind a sentence places, or None when it places nothing."""
    if sentence.row is not None:
        return _SECTION.get(sentence.row) if _LOCATION_START.match(sentence.text) else None
    if not _SUBJECT.match(sentence.text):
        return None
    found = piles_in(sentence.text)
    return _SECTION.get(found[0][0]) if found else None


def find(sentence: Sentence) -> list[Hit]:
    rows = _ROWS.search(sentence.text)
    if rows and sentence.row is not None and _SECTION.get(sentence.row) == "tableau":
        count = number(rows.group(1))
        if count:
            return [Hit("placement.tableau.rows", count, words(rows))]
    section = _subject(sentence)
    if section is None:
        return []
    text = sentence.text if sentence.row is not None else _SUBJECT.sub("", sentence.text, 1)
    prefix = f"placement.{section}"
    split = _SPLIT_TOP.search(text)
    if split:
        first = number(split.group(1))
        if first:
            phrase = words(split)
            return [Hit(f"{prefix}.region", "top", phrase), Hit(f"{prefix}.split", first, phrase)]
    sides = _SPLIT_SIDES.search(text)
    if sides and section == "tableau":
        first = number(sides.group(1) or sides.group(2))
        if first:
            return [Hit(f"{prefix}.split", first, words(sides))]
    for region, pattern in _REGIONS:
        match = pattern.search(text)
        if not match:
            continue
        if _TABLEAU_ONLY.match(match.group(0)) and region == "bottom" and section != "tableau":
            return []
        if region == "beside_stock" and section == "stock":
            return []  # "the waste is to the right of the stock" says nothing of the stock
        return [Hit(f"{prefix}.region", region, words(match))]
    return []
