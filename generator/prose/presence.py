"""Piles a game does not have: "There is no Stock and no Waste", "There are no Foundations",
or a pile kind the Setup table omits and the text never names."""

from __future__ import annotations

import re

from generator.docbook import HelpDocument

from .text import ROW_PILE, RULE_SECTIONS, Hit, Sentence, matched

_I = re.IGNORECASE
_NO_WASTE = re.compile(r"\bno\s+(?:stock\s+and\s+no\s+)?waste\b|\bthere\s+is\s+no\s+waste\b", _I)
_NO_FOUNDATIONS = re.compile(r"\bthere\s+are\s+no\s+foundations\b|\bno\s+foundation\s+piles\b", _I)
# Absent from the table and from every sentence: (spec path, value).
_ABSENT = {
    "waste": ("waste.present", False),
    "foundation": ("foundations.count", 0),
    "reserve": ("reserves.count", 0),
}


def find(sentence: Sentence) -> list[Hit]:
    return matched(
        sentence.text,
        (
            ("waste.present", False, _NO_WASTE),
            ("foundations.count", 0, _NO_FOUNDATIONS),
        ),
    )


def absent(doc: HelpDocument) -> list[tuple[Hit, int]]:
    """Facts from silence: Aisleriot's Setup table lists every pile kind a game has."""
    if not doc.setup_rows:
        return []
    kinds = {ROW_PILE.get(row.kind, row.kind) for row in doc.setup_rows}
    # Only the rule sections count: an intro or a Strategy tip ("every pyramid needs a strong
    # foundation") names piles loosely.
    text = " ".join(
        [row.text for row in doc.setup_rows]
        + [p.text for s in doc.sections if s.kind in RULE_SECTIONS for p in s.paragraphs]
    )
    line = doc.setup_rows[0].line
    return [
        (Hit(path, value, f"the Setup table has no {pile.title()} row"), line)
        for pile, (path, value) in _ABSENT.items()
        if pile not in kinds and not re.search(rf"\b{pile}", text, _I)
    ]
