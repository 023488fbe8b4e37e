"""What may fill an empty tableau pile.

"Empty piles can only be filled by Kings or group of cards starting with a King",
"can be filled with any card", "cannot be filled", "one lower than the base card".
"""

from __future__ import annotations

import re

from .text import ROW_PILE, Hit, Sentence, first_pile

_I = re.IGNORECASE
_EMPTY = re.compile(r"\b(?:empty|blank|spaces?)\b", _I)
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "below_base",
        re.compile(
            r"\b(?:filled\s+only\s+by\s+a\s+card\s+)?one\s+(?:rank\s+)?(?:lower|below)\s+"
            r"(?:than\s+)?the\s+base\s+card\b(?:,?\s+or\s+by\s+a\s+group\s+of\s+cards\s+"
            r"starting\s+with\s+such\s+a\s+card\b)?",
            _I,
        ),
    ),
    (
        "king",
        re.compile(
            r"\b(?:can\s+(?:only\s+)?be\s+)?filled\s+(?:only\s+)?(?:by|with)\s+(?:a\s+)?kings?\b"
            r"(?:\s+or\s+(?:by\s+)?an?\s+(?:group|build|run)\s+(?:whose\s+bottom\s+card\s+is|"
            r"that\s+starts\s+with|starting\s+with)\s+a\s+king\b)?"
            r"|\bonly\s+(?:a\s+)?kings?\s+(?:may|can)\s+be\s+(?:moved|placed|played)\s+"
            r"(?:to|on|in|into)\s+(?:a|an)\s+(?:blank|empty)\b",
            _I,
        ),
    ),
    (
        "any",
        re.compile(
            r"\bfilled\s+(?:by|with)\s+any\s+(?:\w+\s+)?(?:card|sequence|build)\b"
            r"|\bany\s+(?:available\s+)?card\s+can\s+be\s+(?:played|placed)\s+(?:on|in)\w*\s+"
            r"(?:an?\s+)?empty\b",
            _I,
        ),
    ),
    (
        "none",
        re.compile(
            r"\b(?:cannot|can\s*not|may\s+not)\s+be\s+(?:re)?filled\b(?!\s+except)"
            r"|\bare\s+not\s+filled\b(?!\s+except)|\bstays?\s+empty\b|\bremains?\s+empty\b",
            _I,
        ),
    ),
)
# Automatic or conditional refills are outside the spec's `tableau.empty`.
_SKIP = re.compile(
    r"\bautomatically\b|\bimmediately\b|\bfrom\s+the\s+(?:stock|waste|reserve)\b|\bnext\s+deal\b"
    r"|\bexcept\b|^\s*(?:if|once|when)\b|\bunless\b",
    _I,
)


# "Whenever a Tableau pile is emptied, it is refilled automatically with the top card of the
# Reserve" (Canfield).
_REFILL = re.compile(
    r"\bemptied\b.*?\brefilled\s+automatically\s+(?:with|from)\s+the\s+top\s+card\s+of\s+the\s+"
    r"reserve\b",
    _I,
)


# ... "; once the Reserve is used up, a space can take any card or build": what fills a space
# when the refill has run dry. Read only in the refill's own sentence: on its own, "once the
# Reserve is empty, any card" may be a game that must fill spaces from the Reserve first.
_AFTER_REFILL = re.compile(
    r";\s+once\s+the\s+reserve\s+is\s+(?:used\s+up|empty),\s+(?:a\s+space|an\s+empty\s+pile)\s+"
    r"can\s+take\s+any\s+card\b",
    _I,
)


# "Empty piles can only be filled by the next deal from the Stock" (Agnes): the player cannot
# fill a space; only a deal to every pile (`stock.target: tableau`) puts a card there.
_ONLY_BY_DEAL = re.compile(
    r"\bcan\s+only\s+be\s+filled\s+by\s+the\s+next\s+deal\s+from\s+the\s+stock\b", _I
)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    by_deal = _ONLY_BY_DEAL.search(text)
    # The pile is named before the phrase, or is the Setup row's: the Stock after it is where
    # the deal comes from, not what the sentence is about.
    if by_deal:
        row = ROW_PILE.get(sentence.row, sentence.row) if sentence.row else None
        if (first_pile(text[: by_deal.start()]) or row or sentence.pile) == "tableau":
            return [Hit("tableau.empty", "none", " ".join(by_deal.group(0).split()))]
    refill = _REFILL.search(text)
    if refill and (first_pile(text) or sentence.pile) == "tableau":
        hits = [Hit("tableau.refill", "reserve", " ".join(refill.group(0).split()))]
        after = _AFTER_REFILL.search(text, refill.end())
        if after:
            hits.append(Hit("tableau.empty", "any", " ".join(after.group(0).split()).lstrip("; ")))
        return hits
    if not _EMPTY.search(text) or _SKIP.search(text):
        return []
    pile = first_pile(text) or sentence.pile or "tableau"
    if pile != "tableau":
        return []
    for value, pattern in _RULES:
        match = pattern.search(text)
        if match:
            return [Hit("tableau.empty", value, " ".join(match.group(0).split()))]
    return []
