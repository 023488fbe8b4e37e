"""Sentences that state what every game does the same way: the engine's conventions.

A sentence such as "When a face-down card is left on top of a pile, it is turned face up" sets
no spec field, yet it is a rule, and one the engine always follows. Reading it as a
convention accounts for it; the words the pattern does not cover are still judged, so
"turned face up only when ..." stays partly read.
"""

from __future__ import annotations

import re

from .text import Sentence

_I = re.IGNORECASE
_PILE = r"(?:tableau|foundations?|waste|reserves?|free\s+cells?|stock)"
_PLAYED = r"(?:can|may)\s+be\s+(?:played|moved|placed)"
_TO = r"(?:on\s*to|onto|into|to|on)\s+(?:the\s+|a\s+|an?\s+)?"
# Both places a free card may go; naming only one of them is a restriction, not a convention.
_OR = r",?\s+or\s+(?:(?:on\s*to|onto|to|on)\s+)?(?:the\s+|a\s+|an\s+)?"
_EITHER = (
    rf"{_TO}tableau(?:\s+piles?)?{_OR}foundations?(?:\s+piles?)?"
    rf"|{_TO}foundations?(?:\s+piles?)?{_OR}tableau(?:\s+piles?)?"
)

# id -> the words that state it. Each id is a rule the engine applies to every game; the list
# is documented in docs/prose-facts.md ("Conventions").
CONVENTIONS: dict[str, re.Pattern[str]] = {
    # An exposed face-down tableau card turns face up by itself.
    "turn_up": re.compile(
        r"\bface[- ]down\s+card\s+is\s+(?:left\s+)?(?:on\s+top|exposed|uncovered)"
        r"[^.;]*?\bturned\s+(?:face\s+)?up\b"
        r"|\b(?:card|one)\s+(?:beneath|below|under)\s+it\s+is\s+(?:then\s+)?turned\s+"
        r"(?:face\s+)?up\b",
        _I,
    ),
    # The top card of a waste, reserve or stock pile is in play.
    "top_card_in_play": re.compile(
        rf"^\s*top\s+card\s+(?:of\s+(?:the\s+)?{_PILE}(?:\s+piles?)?\s+|in\s+{_PILE}\s+)?"
        rf"(?:is\s+)?(?:always\s+)?(?:available\s+for|in)\s+play"
        rf"(?:\s+(?:{_EITHER}))?\s*\.?\s*$"
        rf"|\b(?:the\s+|its\s+|a\s+)?top\s+card\s+in\s+any\s+{_PILE}\s+pile\s+is\s+"
        rf"available\s+for\s+play\b"
        rf"|\b(?:the\s+|its\s+|a\s+)?top\s+card(?:\s+of\s+(?:the\s+|each\s+|a\s+)?"
        rf"{_PILE}(?:\s+piles?)?)?\s+(?:is\s+(?:available\s+for|in)\s+play"
        rf"|{_PLAYED}\s+(?:{_EITHER}))"
        rf"|\ba\s+card\s+in\s+an?\s+{_PILE}\s+{_PLAYED}\s+(?:{_EITHER})"
        rf"|\b(?:these|its)\s+cards\s+are\s+available\s+for\s+play(?:\s+back)?\s+(?:{_EITHER})",
        _I,
    ),
    # A waste is filled from the stock.
    "waste_from_stock": re.compile(r"^\s*to\s+be\s+taken\s+from\s+(?:the\s+)?stock\s*\.?\s*$", _I),
    # A waste starts empty.
    "starts_empty": re.compile(r"^\s*starts\s+empty\b", _I),
    # The stock holds what the deal leaves.
    "stock_holds_rest": re.compile(
        r"^\s*(?:the\s+rest\s+of\s+the\s+deck\s+is|(?:all\s+)?(?:remaining\s+)?cards\s+are"
        r"|deck)\s+placed\s+here\s+after\s+dealing(?:\s+(?:(?:on\s*to|on)\s+)?the\s+tableau)?"
        r"\s*\.?\s*$"
        r"|^\s*place\s+all\s+remaining\s+cards\s+here\s*\.?\s*$"
        r"|\bholds\s+the\s+last\s+\w+\s+cards,\s+kept\s+back\s+from\s+the\s+deal\b"
        r"|\bholds\s+(?:the\s+)?(?:\d+\s+|[a-z-]+\s+)?cards\s+(?:left|not\s+used|kept)"
        r"[\w\s]*?(?:after|over|in|from)\b[^.;]*",
        _I,
    ),
    # Clicking the stock deals from it.
    "click_stock": re.compile(
        r"\bclick\s+the\s+stock\s+to\s+turn\s+its\s+(?:top|next)\s+card\s+"
        r"(?:face\s+up\s+)?onto\s+the\s+waste\b",
        _I,
    ),
    # A redeal turns the waste over, in order, as the new stock.
    "turn_waste_over": re.compile(
        r"\bwhen\s+(?:the\s+)?stock\s+is\s+empty,\s+move\s+all\s+cards\s+in\s+(?:the\s+)?"
        r"waste\s+back\s+to\s+the\s+stock,\s+maintaining\s+order\b"
        r"|\bwhen\s+the\s+stock\s+runs\s+out,\s+(?:click\s+it\s+(?:again\s+)?to\s+)?"
        r"turn\s+the\s+(?:whole\s+)?waste\s+(?:back\s+)?over\b[^.;]*",
        _I,
    ),
    # Double-clicking a card sends it to a foundation when it may go there.
    "double_click_card": re.compile(
        r"\bdouble\s+clicking\s+on\s+a\s+card(?:\s+in\s+the\s+tableau(?:\s+or\s+(?:the\s+)?waste)?)?"
        r"\s+will\s+move\s+it\s+"
        r"to\s+the\s+appropriate\s+foundation\s+pile\s+if\s+such\s+a\s+move\s+is\s+possible\b"
        r"|\bdouble[- ]click(?:ing)?\s+(?:a|an\s+available)\s+(?:tableau\s+)?card\b"
        r"[^.;]*?\bto\s+send\s+it\s+to\s+(?:its|a)\s+foundation\b[^.;]*",
        _I,
    ),
    # A foundation is started with a card of its base rank.
    "foundation_starts_at_base": re.compile(
        r"\beach\s+empty\s+foundation\s+must\s+be\s+started\s+with\s+a\s+card\s+of\s+"
        r"the\s+base\s+rank\b",
        _I,
    ),
    # A pyramid card is free once the cards overlapping it are gone.
    "pyramid_free": re.compile(
        r"\bcard\s+in\s+the\s+pyramid\s+is\s+free\s+once\s+both\s+cards\s+overlapping\s+it"
        r"\s+have\s+been\s+removed\b",
        _I,
    ),
}


def find(sentence: Sentence) -> list[tuple[str, str]]:
    """(convention id, matched words) for each convention the sentence states."""
    found = []
    for name, pattern in CONVENTIONS.items():
        match = pattern.search(sentence.text)
        if match:
            found.append((name, match.group(0)))
    return found
