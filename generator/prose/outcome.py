"""Goal and scoring: "Move all cards to the Foundation piles", "Each card in the Foundation
piles scores one point", "Each card removed from the Tableau scores one point"."""

from __future__ import annotations

import re

from .text import Hit, Sentence

_I = re.IGNORECASE
_GOAL = re.compile(
    r"^(?:to\s+)?(?:move|get|put|place)\s+(?:all|every)\s+(?:the\s+)?cards?\s+(?:\w+\s+)?"
    r"(?:to|onto|on\s*to|into)\s+(?:the\s+)?(foundation|waste)s?\b(?:\s+piles?)?\W*$",
    _I,
)
# "Clear the Tableau: play all thirty-five of its cards onto the Waste" (Golf).
_CLEARED = re.compile(r"^(?:to\s+)?(?:clear|empty)\s+(?:the\s+)?tableau\b", _I)
# "Arrange the whole deck in the Tableau as four piles of thirteen cards, each pile a single
# suit" (Scorpion); "leave the finished runs in the Tableau instead: having all eight built
# there counts as a win too" (Spider).
_SUITS_IN_TABLEAU = re.compile(
    r"^arrange\s+the\s+whole\s+deck\s+in\s+the\s+tableau\s+as\s+\w+\s+piles\s+of\s+thirteen\s+cards,"
    r"\s+each\s+pile\s+a\s+single\s+suit\b"
    r"|\bleave\s+the\s+finished\s+runs\s+in\s+the\s+tableau\b.*\bcounts\s+as\s+a\s+win\b",
    _I,
)
_FINISH = re.compile(
    r"\b(?:pyramid|tableau)\s+is\s+(?:clear|cleared|empty)\b.*\bstock\b.*\bautomatically\b", _I
)
_FOUNDATION_POINTS = re.compile(
    r"^(?:each|every)\s+card\s+(?:placed\s+|moved\s+|places\s+)?(?:in|on|on\s*to|onto|to|into)\s+"
    r"(?:the\s+|a\s+)?foundations?(?:\s+piles?)?\s+(?:scores|is\s+worth|receives)\s+(?:one|1)\s+"
    r"point\b"
    r"|^one\s+point\s+for\s+(?:each|every)\s+card\s+(?:placed\s+)?(?:on|in|to)\s+(?:the\s+)?"
    r"foundation",
    _I,
)
_REMOVED_POINTS = re.compile(
    r"^(?:each|every)\s+card\s+(?:removed|moved)\s+from\s+(?:the\s+)?(?:tableau|pyramid)"
    r"(?:\s+to\s+(?:the\s+)?waste)?\s+(?:scores|is\s+worth)\s+(?:one|1)\s+point\b",
    _I,
)


# "You score one point for each card you put on a Foundation; the four Aces that start there
# score nothing."
_PLACED_POINTS = re.compile(
    r"^you\s+score\s+one\s+point\s+for\s+each\s+card\s+you\s+(?:put|place)\s+on\s+a\s+"
    r"foundation;\s+the\s+(?:four\s+)?(?:aces|cards)\s+that\s+start\s+there\s+score\s+nothing\b",
    _I,
)


def _words(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split()).rstrip(".")


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    hits: list[Hit] = []
    if sentence.section == "goal":
        goal = _GOAL.search(text)
        if goal and not re.search(r"\b(?:or|except|but)\b", text, _I):
            kind = "all_to_waste" if goal.group(1).lower() == "waste" else "all_to_foundations"
            hits.append(Hit("goal.kind", kind, _words(goal)))
        suits = _SUITS_IN_TABLEAU.search(text)
        if suits:
            hits.append(Hit("goal.kind", "suits_in_tableau", _words(suits)))
        cleared = _CLEARED.search(text)
        if cleared:
            hits.append(Hit("goal.kind", "tableau_cleared", _words(cleared)))
    finish = _FINISH.search(text)
    if finish:
        hits.append(Hit("goal.finish_stock_when_tableau_clear", True, _words(finish)))
    if sentence.section == "scoring" and not re.search(r"\bother\s+than\b", text, _I):
        points = _FOUNDATION_POINTS.search(text)
        if points:
            hits.append(Hit("scoring.kind", "foundation_cards", _words(points)))
        placed = _PLACED_POINTS.search(text)
        if placed:
            hits.append(Hit("scoring.kind", "foundation_cards_placed", _words(placed)))
        removed = _REMOVED_POINTS.search(text)
        if removed:
            hits.append(Hit("scoring.kind", "tableau_cards_removed", _words(removed)))
    return hits
