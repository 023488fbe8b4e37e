"""What may fill an empty tableau pile.

"Empty piles can only be filled by Kings or group of cards starting with a King",
"can be filled with any card", "cannot be filled", "one lower than the base card".
"""

from __future__ import annotations

import re

from .holes import HOLE
from .text import ROW_PILE, Hit, Sentence, first_pile, words

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


# Automatic refills from elsewhere than the Reserve: "refilled at once with the top card of
# the Waste, or of the Stock when the Waste is empty", "are immediately filled from the Waste,
# or if the Waste is empty, from the Stock" (Zebra), "are automatically filled from the waste
# if possible or the stock" (Carpet).
_FILLED_AT_ONCE = (
    r"(?:(?:automatically|immediately)\s+(?:re)?filled"
    r"|(?:re)?filled\s+(?:automatically|immediately|at\s+once))"
)
_REFILL_WASTE_THEN_STOCK = re.compile(
    _FILLED_AT_ONCE + r"\s+(?:with\s+the\s+top\s+card\s+of|from)\s+the\s+waste"
    r"(?:\s+if\s+possible)?,?\s+or\s+(?:if\s+(?:the\s+)?waste\s+is\s+empty,\s+)?"
    r"(?:(?:with\s+that|with\s+the\s+top\s+card)\s+of\s+|from\s+)?the\s+stock\b"
    r"(?:\s+(?:when|if|once)\s+the\s+waste\s+is\s+empty\b)?",
    _I,
)
# "...; once both are empty, the space stays empty": what a space takes when the refill has
# run dry, read only in the refill's own sentence.
_AFTER_BOTH_EMPTY = re.compile(
    r";\s+once\s+both\s+are\s+empty,\s+(?:the|a)\s+space\s+(?:stays|remains)\s+empty\b", _I
)
# "An empty slot in the Tableau is filled automatically from the Reserve", "Spaces are
# automatically filled from Reserve" (Aisleriot's Kansas and Straight Up).
_REFILL_FROM_RESERVE = re.compile(_FILLED_AT_ONCE + r"\s+from\s+(?:the\s+)?reserve\b", _I)

# Where a player may fill a space from: "once the Reserve is used up, a space can be filled
# only from the Waste" (Kansas; Aisleriot's: "If the Reserve is empty, an empty slot can be
# filled by the top card of the Waste"); "can be filled with any card except from the
# reserve" (Backbone).
_ONLY_FROM_WASTE = re.compile(
    r"\b(?:once|if|when)\s+(?:the\s+)?reserve\s+is\s+(?:used\s+up|empty),?\s+"
    r"(?:a\s+space|an\s+empty\s+(?:pile|slot)|(?:tableau\s+)?spaces)\s+can\s+(?:only\s+)?"
    r"be\s+filled\s+(?:only\s+)?(?:from|by|with)\s+(?:the\s+top\s+card\s+of\s+)?(?:the\s+)?"
    r"waste\b"
    # Terrace (ours), where the Waste is the only source from the start: "An empty Tableau
    # pile can be filled only with the top card of the Waste".
    r"|\b(?:a\s+space|an\s+empty\s+tableau\s+pile)\s+can\s+be\s+filled\s+only\s+"
    r"(?:from|with\s+the\s+top\s+card\s+of)\s+the\s+waste\b",
    _I,
)
# "filled by any available card in the Reserves or, if all the Reserves are empty, from the
# Waste" (Glenwood): the Waste only once no Reserve card is left.
_RESERVES_THEN_WASTE = re.compile(
    r"\breserves?(?:\s+piles?)?\s+or,?\s+(?:if|once|when)\s+(?:all\s+the|every|all)\s+"
    r"reserves?(?:\s+piles?)?\s+(?:are|is)\s+empty,?\s+(?:from|with)\s+"
    r"(?:the\s+top\s+card\s+of\s+)?the\s+waste\b",
    _I,
)
_ANY_BUT_RESERVE = re.compile(
    r"\bfilled\s+with\s+any\s+card\s+except\s+(?:one\s+)?from\s+the\s+reserve\b", _I
)
_NOT_RESERVE = ["tableau", "waste", "foundation", "stock"]


def _sources(text: str, pile: str | None) -> list[Hit]:
    """Refills from elsewhere than the Reserve, and the piles a space may be filled from."""
    if (first_pile(text) or pile) not in ("tableau", "reserve", "waste", None):
        return []
    hits: list[Hit] = []
    refill = _REFILL_WASTE_THEN_STOCK.search(text)
    if refill:
        hits.append(Hit("tableau.refill", "waste_then_stock", words(refill)))
        dry = _AFTER_BOTH_EMPTY.search(text, refill.end())
        if dry:
            hits.append(Hit("tableau.empty", "none", words(dry).lstrip("; ")))
    elif from_reserve := _REFILL_FROM_RESERVE.search(text):
        hits.append(Hit("tableau.refill", "reserve", words(from_reserve)))
    waste = _ONLY_FROM_WASTE.search(text)
    if waste:
        hits.append(Hit("tableau.empty", "any", words(waste)))
        hits.append(Hit("tableau.empty_from", ["waste"], words(waste)))
    reserves_first = _RESERVES_THEN_WASTE.search(text)
    if reserves_first:
        hits.append(Hit("tableau.empty", "any", words(reserves_first)))
        hits.append(Hit("tableau.empty_from", ["waste", "reserve"], words(reserves_first)))
        hits.append(Hit("tableau.waste_fills_last", True, words(reserves_first)))
    not_reserve = _ANY_BUT_RESERVE.search(text)
    if not_reserve:
        hits.append(Hit("tableau.empty", "any", words(not_reserve)))
        hits.append(Hit("tableau.empty_from", _NOT_RESERVE, words(not_reserve)))
    return hits


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    if HOLE.search(text):
        return []  # a rule for the holes only (generator/prose/holes.py)
    by_deal = _ONLY_BY_DEAL.search(text)
    # The pile is named before the phrase, or is the Setup row's: the Stock after it is where
    # the deal comes from, not what the sentence is about.
    if by_deal:
        row = ROW_PILE.get(sentence.row, sentence.row) if sentence.row else None
        if (first_pile(text[: by_deal.start()]) or row or sentence.pile) == "tableau":
            return [Hit("tableau.empty", "none", words(by_deal))]
    refill = _REFILL.search(text)
    if refill and (first_pile(text) or sentence.pile) == "tableau":
        hits = [Hit("tableau.refill", "reserve", words(refill))]
        after = _AFTER_REFILL.search(text, refill.end())
        if after:
            hits.append(Hit("tableau.empty", "any", words(after).lstrip("; ")))
        hits.extend(h for h in _sources(text, sentence.pile) if h.path != "tableau.refill")
        return hits
    sources = _sources(text, sentence.pile)
    if sources:
        return sources
    if not _EMPTY.search(text) or _SKIP.search(text):
        return []
    pile = first_pile(text) or sentence.pile or "tableau"
    if pile != "tableau":
        return []
    for value, pattern in _RULES:
        match = pattern.search(text)
        if match:
            return [Hit("tableau.empty", value, words(match))]
    return []
