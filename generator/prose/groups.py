"""Which cards move together, how many, and runs to the foundation.

"Builds of cards can be moved", "regardless of sequence", "Cards can only be moved singly",
"one more than the number of Reserve slots free", "sequences of the same suit can be
moved onto the matching Foundation pile".
"""

from __future__ import annotations

import re

from .text import Hit, Sentence, first_pile, words

_I = re.IGNORECASE
_GROUP_WORD = re.compile(r"\b(?:groups?|builds?|runs?|sequences?|whole\s+pile)\b", _I)
_TO_FOUNDATION = re.compile(
    r"\bmoved\b.*?\b(?:to|on\s*to|onto|into)\s+(?:an?\s+|the\s+|its\s+)?(?:\w+\s+){0,3}?"
    r"foundation",
    _I,
)
_COMPLETE_SUIT = re.compile(r"\bthirteen\b|\bking\s+(?:down\s+)?to\s+ace\b", _I)
_ANY_FACE_UP = re.compile(
    r"\b(?:groups?|builds?)\s+of\s+cards\s+can\s+be\s+moved\s+regardless\s+of\s+sequence\b"
    r"|\bany\s+number\s+of\s+cards\s+(?:may|can)\s+be\s+moved\s+at\s+once\b",
    _I,
)
_BUILD = re.compile(
    r"\b(?:groups?|builds?)\s+of\s+cards\b(?:\s+at\s+its\s+top)?,?\s+(?:can|may)\s+be\s+moved\b"
    r"|\bany\s+build\s+of\s+cards\s+can\s+be\s+moved(?:\s+as\s+a\s+unit)?"
    r"(?:,\s+as\s+long\s+as\s+its\s+lowest\s+card\s+fits\s+where\s+it\s+lands)?"
    r"|\bonly\s+the\s+top\s+card\s+or\s+build\s+of\s+cards\s+can\s+be\s+moved\b",
    _I,
)
_ONE = re.compile(
    r"\b(?:cards\s+(?:are|can\s+only\s+be|may\s+only\s+be)\s+moved\s+singly)\b(?!\s+or\b)"
    r"|\bonly\s+one\s+card\s+(?:can|may)\s+be\s+moved\s+at\s+a\s+time\b"
    r"|\bgroups\s+of\s+cards\s+(?:can't|cannot|can\s+not)\s+be\s+moved\b"
    r"|\bonly\s+the\s+top\s+card\s+(?:of|in)\s+(?:each|every)\s+pile\s+is\s+(?:in\s+play|available)",
    _I,
)
# "A run of cards that are all one suit and in order can be picked up and moved as a unit"
_SAME_SUIT_RUN = re.compile(
    r"\b(?:runs?|builds?|sequences?)\s+of\s+cards\s+that\s+are\s+all\s+(?:one|the\s+same)\s+suit"
    r"\s+and\s+in\s+order\s+can\s+be\s+(?:picked\s+up\s+and\s+)?moved\b"
    # Aisleriot: "Builds of cards that are the same suit and in sequence can be moved as a
    # unit", "Builds of cards in sequence and in the same suit can by moved as a unit",
    # "Sequences of cards in the same suit can be moved as a unit".
    r"|\b(?:builds?|sequences?)\s+of\s+cards\s+(?:that\s+are\s+(?:of\s+)?the\s+same\s+suit\s+and\s+"
    r"in\s+sequence|in\s+sequence\s+and\s+in\s+the\s+same\s+suit|in\s+the\s+same\s+suit)\s+"
    r"can\s+b[ey]\s+moved(?:\s+as\s+a\s+unit)?",
    _I,
)
# "Builds of cards in sequence and alternating color can be moved as a unit" (Easthaven): the
# build the tableau rule makes, moved whole.
_BUILD_AS_RULE = re.compile(
    r"\bbuilds?\s+of\s+cards\s+in\s+sequence\s+and\s+(?:in\s+)?alternating\s+colou?rs?\s+"
    r"can\s+be\s+moved(?:\s+as\s+a\s+unit)?",
    _I,
)
# "The top card or the complete face up portion of each pile is available for play"
# (Westhaven): one card, or every face-up card of the pile, and no part in between.
_TOP_OR_FACE_UP = re.compile(
    r"\btop\s+card\s+or\s+the\s+(?:complete|whole|entire)\s+face[\s-]up\s+(?:portion|part)\s+"
    r"of\s+(?:each|a|every)\s+pile\s+is\s+(?:available\s+for|in)\s+play\b"
    r"|\beither\s+the\s+top\s+card\s+of\s+a\s+pile\s+or\s+all\s+of\s+its\s+face[\s-]up\s+"
    r"cards\s+(?:together\s+)?can\s+be\s+moved\b",
    _I,
)
# "Whole piles can be played on to another Tableau" (Glenwood): onto another tableau pile
# only a whole pile goes; its top card alone goes elsewhere.
_WHOLE_PILE = re.compile(
    r"\bwhole\s+piles?(?:\s+of\s+cards)?\s+(?:can|may)\s+be\s+(?:played|moved)\s+on\s*to\s+"
    r"another\s+tableau(?:\s+pile)?\b"
    r"|\bonly\s+(?:a\s+)?whole\s+piles?\s+(?:can|may)\s+be\s+moved\s+on\s*to\s+another\s+"
    r"tableau\s+pile\b",
    _I,
)
# Group rules qualified by suit or value are not the tableau build rule.
_QUALIFIED = re.compile(r"\bsuit\b|\bcolou?r\b|\bsame\s+value\b|\bbut\b|\bhowever\b", _I)
_LIMIT = re.compile(
    # "can only be moved if the number of cards in the build is equal or less than one more
    # than the number of free cells": the condition is the limit.
    r"(?:\b(?:can|may)\s+(?:only\s+)?be\s+moved\s+(?:only\s+)?if\s+the\s+number\s+of\s+cards\s+in"
    r"\s+the\s+build\s+is\s+(?:equal\s+(?:to\s+)?or\s+less\s+than|at\s+most|no\s+more\s+than)\s+)?"
    r"\bone\s+more\s+than\s+the\s+number\s+of\s+(?:free\s+)?(?:reserve|cell)s?(?:\s+slots)?"
    r"(?:\s+free)?\b"
    r"|\b(?:(?:may|can)\s+be\s+moved\s+only\s+if\s+it\s+has\s+no\s+more\s+cards\s+than\s+)?"
    r"(?:the\s+)?number\s+of\s+free\s+(?:reserves|cells|reserve\s+slots)\s+plus\s+one\b"
    # "; empty Tableau piles do not raise this limit": what makes it free reserves only
    r"(?:;\s+empty\s+(?:tableau\s+)?(?:piles|columns)\s+do\s+not\s+raise\s+this\s+limit\b)?",
    _I,
)
_PILES_COUNT = re.compile(
    r"\bempty\s+(?:tableau\s+)?(?:piles|columns)\s+(?:also\s+)?(?:count|double)", _I
)


# "empty Tableau piles double that limit once for each empty pile" (FreeCell's formula).
_PILES_DOUBLE = re.compile(
    r"\bempty\s+(?:tableau\s+)?(?:piles|columns)\s+double\s+(?:that|the|this)\s+limit\b"
    r"(?:\s+once\s+for\s+each\s+empty\s+(?:pile|column))?",
    _I,
)


# "A build may hold one card, doubled once for each empty Tableau pile" (a game with no free
# cells: FreeCell's formula with none free, (0 + 1) * 2^empty piles).
_ONE_DOUBLED = re.compile(
    r"\b(?:may|can)\s+hold\s+(?:at\s+most\s+)?one\s+card,?\s+doubled\s+once\s+for\s+each\s+empty"
    r"\s+(?:tableau\s+)?(?:pile|column)\b",
    _I,
)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    hits: list[Hit] = []
    group = _GROUP_WORD.search(text)
    runs = _TO_FOUNDATION.search(text)
    if group and runs:
        if not _COMPLETE_SUIT.search(text):
            phrase = " ".join(text[min(group.start(), runs.start()) : runs.end()].split())
            hits.append(Hit("tableau.runs_to_foundation", True, phrase))
        return hits
    limit = _LIMIT.search(text)
    doubled = _PILES_DOUBLE.search(text)
    one_doubled = _ONE_DOUBLED.search(text)
    if one_doubled:
        hits.append(Hit("tableau.group_limit", "free_reserves_and_piles", words(one_doubled)))
    elif limit and doubled:
        phrase = " ".join(text[limit.start() : doubled.end()].split())
        hits.append(Hit("tableau.group_limit", "free_reserves_and_piles", phrase))
    elif limit and not _PILES_COUNT.search(text):
        hits.append(Hit("tableau.group_limit", "free_reserves", words(limit)))
    pile = first_pile(text) or sentence.pile
    if pile not in (None, "tableau"):
        return hits
    same_suit = _SAME_SUIT_RUN.search(text)
    if same_suit:
        return [*hits, Hit("tableau.group_move", "same_suit_run", words(same_suit))]
    whole = _WHOLE_PILE.search(text)
    if whole:
        return [*hits, Hit("tableau.group_move", "whole_pile", words(whole))]
    top_or_all = _TOP_OR_FACE_UP.search(text)
    if top_or_all:
        return [*hits, Hit("tableau.group_move", "top_or_face_up", words(top_or_all))]
    as_rule = _BUILD_AS_RULE.search(text)
    if as_rule:
        return [*hits, Hit("tableau.group_move", "build", words(as_rule))]
    for value, pattern in (("any_face_up", _ANY_FACE_UP), ("build", _BUILD), ("one", _ONE)):
        match = pattern.search(text)
        if match and (value == "any_face_up" or not _QUALIFIED.search(text)):
            hits.append(Hit("tableau.group_move", value, words(match)))
            break
    return hits
