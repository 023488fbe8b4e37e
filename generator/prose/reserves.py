"""Reserves and free cells: initial deal, capacity, and whether the player may fill them;
and the one pile besides them that may hold one card only, the waste.

"Each reserve can only hold one card", "each dealt one card face up", "The first four
Reserve piles are each dealt one card", "Any top card ... can be placed in an empty
Reserve slot", "There is no building on the Reserve piles", "a Reserve pile can hold any
number of cards"; "the Waste pile can only hold one card" (Sir Tommy).
"""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, Sentence, first_pile, matched, words

_I = re.IGNORECASE
_CAPACITY = re.compile(
    r"\b(?:can\s+(?:only\s+)?hold|holds|capable\s+of\s+holding)\s+(?:only\s+)?one\s+card\b", _I
)
_ANY_NUMBER = re.compile(r"\bcan\s+hold\s+any\s+number\s+of\s+cards\b", _I)
_ACCEPTS = re.compile(
    r"\bcan\s+be\s+(?:placed|moved|put)\s+(?:in|into|on|onto)\s+(?:an?\s+|any\s+of\s+the\s+)?"
    r"(?:empty\s+)?(?:reserve|free\s*cell)"
    r"|\bmay\s+be\s+placed\s+in\s+an?\s+empty\s+(?:reserve|free\s*cell)"
    r"|\bmay\s+contain\s+any\s+single\s+card\b",
    _I,
)
_REFUSES = re.compile(
    r"\bno\s+building\b|\bnothing\s+can\s+be\s+built\s+on\b|\bcannot\s+be\s+(?:refilled\s+or\s+)?"
    r"built\s+on\b|\bno\s+cards\s+can\s+be\s+put\s+in\b"
    r"|\bempty\s+(?:reserve\s+piles|spaces)\s+(?:cannot|can\s+not|are\s+not)\s+(?:be\s+)?filled\b",
    _I,
)
# A reserve card plays only onto the foundations (Terrace, ours: "The top card of the Reserve
# can be played only onto the Foundations"; Aisleriot's: "Top card of the Reserve is in play
# and can only be moved to Foundations").
_TO_FOUNDATIONS_ONLY = re.compile(
    r"\b(?:can|may)\s+(?:be\s+played|be\s+moved|go)\s+only\s+(?:on)?to\s+the\s+foundations?\b"
    r"|\b(?:can|may)\s+only\s+(?:be\s+played|be\s+moved|go)\s+(?:on)?to\s+(?:the\s+)?foundations?\b",
    _I,
)
_DEAL_EACH = re.compile(
    rf"\beach\s+dealt\s+({NUM})\s+cards?\b"
    rf"|\b({NUM})\s+cards?\s+(?:is\s+)?(?:dealt\s+)?face\s+up\s+(?:on|in)\s+each\s+(?:reserve\s+)?pile\b"
    rf"|\bdeal\s+({NUM})\s+cards?\s+face\s+up\s+(?:on|in)\s+each\s+(?:reserve\s+)?pile\b"
    rf"|\bpiles\s+of\s+({NUM})\s+cards\s+each\b.*\bface\s+up\b",
    _I,
)
_DEAL_FIRST = re.compile(
    rf"\bthe\s+first\s+({NUM})\s+reserve\s+piles\s+are\s+each\s+dealt\s+one\s+card\b", _I
)
_SOME_OF = re.compile(r"\bof\s+the\s+\w+\s+are\s*$", _I)  # "Two of the reserves are ..."
# "They start empty", "The cells start empty" (FreeCell); not "the outer two start empty".
_START_EMPTY = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:they|the\s+(?:cells|reserves|free\s+cells))\s+(?:all\s+)?start\s+empty\b",
    _I,
)
# A single reserve: "It starts empty", "The free cell starts empty" (Giant).
_ONE_STARTS_EMPTY = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:it|the\s+(?:cell|reserve|free\s+cell))\s+starts\s+empty\b", _I
)
# One pile: "One pile below the Stock, dealt thirteen cards" (Canfield) ...
_DEALT_N = re.compile(rf"\bdealt\s+({NUM})\s+cards\b", _I)
# ... of which "Only its top card is face up".
_TOP_ONLY_UP = re.compile(r"\bonly\s+(?:its|the)\s+top\s+card\s+is\s+face\s+up\b", _I)
# ... or "dealt thirteen cards face down" (Eagle Wing): none is face up.
_DEALT_DOWN = re.compile(rf"\bdealt\s+({NUM})\s+cards\s+face\s+down\b", _I)
# "When only one card is left in the Reserve, it will flip up" (Eagle Wing): the face-down
# cards stay down until the last one, which turns up.
_REVEAL_LAST = re.compile(
    r"\bwhen\s+(?:there\s+is\s+)?only\s+one\s+card\s+(?:is\s+)?left\s+in\s+the\s+reserve,\s+it\s+"
    r"(?:will\s+)?(?:flips?\s+up|becomes?\s+visible|is\s+turned\s+(?:face\s+)?up)"
    r"|\bstay\s+face\s+down\s+until\s+only\s+one\s+is\s+left\b",
    _I,
)
# Two stacks under one card lying across both (Backbone): "Two of them are stacks of nine
# cards, and the third is a single card lying across the tops of both" (ours); "Two stacks of
# 9 cards each, with a single above both stacks" (Aisleriot's, which names no pile count).
_BRIDGE = re.compile(
    rf"\btwo\s+of\s+them\s+are\s+stacks\s+of\s+({NUM})\s+cards,?\s+and\s+the\s+third\s+is\s+a\s+"
    r"single\s+card\s+lying\s+across\s+the\s+tops\s+of\s+both\b"
    r"(?::\s+a\s+stack's\s+top\s+card\s+is\s+free\s+only\s+once\s+that\s+single\s+card\s+is\s+gone\b)?"
    rf"|\btwo\s+stacks\s+of\s+({NUM})\s+cards\s+each,?\s+with\s+a\s+single\s+(?:card\s+)?"
    r"(?:above|across|over)\s+both(?:\s+stacks)?\b",
    _I,
)
_DEAL_MIDDLE = re.compile(r"\b(?:two\s+middle|middle\s+two)\s+(?:reserves|cells|piles)\b", _I)


def find(sentence: Sentence) -> list[Hit]:
    """Capacity and accepts, sentence by sentence."""
    text = sentence.text
    hits: list[Hit] = []
    refuses = _REFUSES.search(text)
    pile = first_pile(text) or sentence.pile
    about_reserve = pile == "reserve"
    capacity = _CAPACITY.search(text)
    if pile == "waste" and capacity:
        hits.append(Hit("waste.capacity", 1, words(capacity)))
    accepts = _ACCEPTS.search(text)
    if refuses and about_reserve:
        hits.append(Hit("reserves.accepts", False, words(refuses)))
    elif accepts:
        hits.append(Hit("reserves.accepts", True, words(accepts)))
    if not about_reserve:
        return hits
    bridge = _BRIDGE.search(text)
    if bridge and sentence.row == "reserve":
        size = number(bridge.group(1) or bridge.group(2)) or 0
        if bridge.group(2):  # no sentence of its own gives the count
            hits.append(Hit("reserves.count", 3, words(bridge)))
        hits.append(Hit("reserves.deal", [size, size, 1], words(bridge)))
        hits.append(Hit("reserves.covered_by", [[3], [3], []], words(bridge)))
    return hits + matched(
        text,
        (
            ("reserves.reveal", "last", _REVEAL_LAST),
            ("reserves.to_foundations_only", True, _TO_FOUNDATIONS_ONLY),
            ("reserves.capacity", 1, _CAPACITY),
            ("reserves.capacity", 52, _ANY_NUMBER),
        ),
    )


def deal(text: str, count: int) -> list[Hit]:
    """The reserve deal of a Setup row, given the row's pile count."""
    empty = _START_EMPTY.search(text) or (_ONE_STARTS_EMPTY.search(text) if count == 1 else None)
    if empty:
        return [Hit("reserves.deal", [0] * count, words(empty))]
    single = _DEALT_N.search(text)
    if single and count == 1:
        dealt = number(single.group(1)) or 0
        hits = [Hit("reserves.deal", [dealt], words(single))]
        top = _TOP_ONLY_UP.search(text)
        down = _DEALT_DOWN.search(text)
        if down and dealt:
            hits.append(Hit("reserves.face_down", [dealt], words(down)))
        elif top and dealt:
            hits.append(Hit("reserves.face_down", [dealt - 1], words(top)))
        return hits
    if re.search(r"\bface\s+down\b", text, _I):
        return []
    first = _DEAL_FIRST.search(text)
    if first:
        dealt = number(first.group(1)) or 0
        if dealt <= count:
            return [Hit("reserves.deal", [1] * dealt + [0] * (count - dealt), words(first))]
    middle = _DEAL_MIDDLE.search(text)
    if middle and count % 2 == 0 and count >= 2:
        outer = [0] * (count // 2 - 1)
        return [Hit("reserves.deal", [*outer, 1, 1, *outer], words(middle))]
    each = _DEAL_EACH.search(text)
    if each and not _SOME_OF.search(text[: each.start()]):
        size = number(next(g for g in each.groups() if g))
        if size is not None:
            return [Hit("reserves.deal", [size] * count, words(each))]
    return []
