"""Goal and scoring: "Move all cards to the Foundation piles", "Each card in the Foundation
piles scores one point", "Each card removed from the Tableau scores one point"."""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, Sentence, matched

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
    r"|\bleave\s+the\s+finished\s+runs\s+in\s+the\s+tableau\b.*\bcounts\s+as\s+a\s+win\b"
    # Aisleriot's Spiderette and Will o' the Wisp (whose finished suits may also go up)
    r"|^create\s+four\s+piles\s+of\s+thirteen\s+cards\s+each\s+built\s+down\s+in\s+suit\s+and\s+"
    r"sequence\b"
    # Aisleriot's Ten Across
    r"|^form\s+four\s+piles\s+in\s+the\s+tableau\s+all\s+of\s+the\s+same\s+suit\s+running\s+"
    r"from\s+king\s+to\s+ace\b",
    _I,
)
# Odessa's running score: runs in suit at the deal, the run each tableau move completes, and
# (with "also") each card put on a foundation. Ours and Aisleriot's words.
_SEQUENCE_POINTS = re.compile(
    r"\bwhen\s+(?:the\s+)?(?:game|cards)\s+(?:is|are)\s+dealt,\s+(?:any|every)\s+(?:sequence|run)\s+"
    r"of\s+cards\s+going\s+down\s+in\s+suit\s+(?:is\s+awarded|scores)\s+one\s+point\s+per\s+card\b"
    r"|^every\s+move\s+within\s+the\s+tableau\s+(?:will\s+award|scores)\s+a\s+point\s+for\s+every\s+"
    r"card\s+in\s+the\s+newly\s+created\s+sequence\b"
    r"|^a\s+point\s+is\s+also\s+(?:rewarded|awarded|scored)\s+for\s+every\s+card\s+placed\s+"
    r"on\s*to\s+(?:the\s+|a\s+)?foundation\b"
    # The same three rules as Helpdeck's Odessa page words them.
    r"|\bthe\s+deal\s+(?:itself\s+)?(?:already\s+)?scores:\s+(?:a|each|every)\s+run\s+going\s+down\s+"
    r"in\s+(?:one\s+)?suit\s+counts\s+one\s+point\s+(?:for\s+each\s+of\s+its\s+cards|per\s+card)\b"
    r"|\ba\s+move\s+within\s+the\s+tableau\s+earns\s+one\s+point\s+for\s+each\s+card\s+of\s+the\s+"
    r"run\s+it\s+builds\b"
    r"|^each\s+card\s+that\s+reaches\s+a\s+foundation\s+adds\s+one\s+point\s+more\b",
    _I,
)
# "There is no scoring" (Ten Across): no score is kept, so its maximum is 0.
_NO_SCORING = re.compile(r"\bthere\s+is\s+no\s+scor(?:ing|e)\b|\bno\s+score\s+is\s+kept\b", _I)
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


# "Every card placed on top of another card on a Foundation is worth one point" (Eliminator:
# a foundation's first card scores nothing).
_ON_CARD_POINTS = re.compile(
    r"^(?:each|every)\s+card\s+(?:placed|moved|put)\s+(?:from\s+the\s+tableau\s+)?on\s+top\s+of\s+"
    r"(?:a|another)\s+card\s+(?:in|on)\s+(?:the\s+|a\s+)?foundation(?:\s+piles?)?\s+"
    r"(?:scores|is\s+worth)\s+(?:one|1)\s+point\b",
    _I,
)


# "You score one point for each card you put on a Foundation; the four Aces that start there
# score nothing."
_PLACED_POINTS = re.compile(
    r"^you\s+score\s+one\s+point\s+for\s+each\s+card\s+you\s+(?:put|place)\s+on\s+a\s+"
    r"foundation;\s+the\s+(?:four\s+|eight\s+)?(?:aces|twos|cards)\s+that\s+start\s+there\s+score"
    r"\s+nothing\b"
    # Aisleriot's Beleaguered Castle
    r"|^each\s+card\s+in\s+the\s+foundation\s+piles\s+other\s+than\s+the\s+original\s+aces\s+"
    r"scores\s+one\s+point\b",
    _I,
)


# Point rules, each a `scoring.*` field of the kind `points` (Spider, Scorpion, Gypsy; Aisleriot's
# Forty Thieves). "Each card on a Foundation scores five points" (plural: "one point" is the
# kind `foundation_cards`).
_PER_FOUNDATION_CARD = re.compile(
    r"^(?:each|every)\s+card\s+(?:placed\s+)?(?:in|on)\s+(?:a|the)\s+foundation(?:\s+piles?)?\s+"
    rf"(?:scores|is\s+worth)\s+({NUM})\s+points\b",
    _I,
)
# "each Foundation completed from Ace to King scores sixty more"; Aisleriot: "When a Foundation
# pile is complete (from Ace to King), 60 more points are scored"; Spider: "Finished runs keep
# their twelve points when they go to a Foundation".
_PER_FOUNDATION_DONE = re.compile(
    r"\b(?:each|every)\s+foundation\s+completed\s+from\s+ace\s+to\s+king\s+scores\s+"
    rf"({NUM})\s+(?:more|points)\b"
    r"|^when\s+a\s+foundation\s+pile\s+is\s+complete\s+\(from\s+ace\s+to\s+king\),\s+"
    rf"({NUM})\s+more\s+points\s+are\s+scored\b"
    rf"|^(?:finished|complete)\s+runs\s+keep\s+their\s+({NUM})\s+points\s+when\s+they\s+go\s+to\s+"
    r"(?:a|the)\s+foundation",
    _I,
)
# "You score one point for each card in the Tableau that lies on the next higher card of the
# same suit"; "every face-up card resting on a card of the other color one rank higher adds two
# points".
_PAIR = re.compile(
    rf"\b(?:score|earn)\s+({NUM})\s+points?\s+for\s+(?:each|every)\s+card\s+(?:in\s+the\s+tableau\s+)?"
    r"that\s+(?:lies|rests)\s+on\s+the\s+next\s+higher\s+card\s+of\s+(the\s+same|its\s+own)\s+suit\b"
    r"|\b(?:each|every)\s+face[\s-]up\s+card\s+(?:resting|lying)\s+on\s+a\s+card\s+of\s+the\s+"
    rf"(other|opposite|same)\s+colou?r\s+one\s+rank\s+higher\s+(?:adds|scores)\s+({NUM})\s+points?\b"
    # Aisleriot's Spiderette and Will o' the Wisp
    rf"|^every\s+pair\s+of\s+cards\s+in\s+suit\s+and\s+sequence\s+scores\s+({NUM})\s+points?\b",
    _I,
)
# "and four more for each pile that is a complete suit from King to Ace" (Scorpion).
_PER_TABLEAU_SUIT = re.compile(
    rf"\b({NUM})\s+(?:more\s+|points\s+|more\s+points\s+)?for\s+(?:each|every)\s+(?:tableau\s+)?pile\s+"
    r"that\s+is\s+a\s+complete\s+suit\s+from\s+king\s+to\s+ace\b",
    _I,
)
# "You also earn three points for each of the twelve face-down cards you turn over" (Scorpion).
_PER_TURNED_CARD = re.compile(
    rf"\b(?:score|earn)\s+({NUM})\s+points?\s+for\s+(?:each|every)\s+(?:of\s+the\s+\w+\s+)?"
    r"face[\s-]down\s+cards?\s+(?:you\s+turn\s+over|turned\s+(?:over|up))\b",
    _I,
)
_PAIR_SUITS = {
    "the same": "same_suit",
    "its own": "same_suit",
    "other": "alternate_colour",
    "opposite": "alternate_colour",
    "same": "same_colour",
}


def point_rules(text: str) -> list[Hit]:
    """The point rules of a Scoring sentence, with `scoring.kind: points` when there are any."""
    hits: list[Hit] = []
    for path, pattern in (
        ("scoring.foundation_card", _PER_FOUNDATION_CARD),
        ("scoring.foundation_complete", _PER_FOUNDATION_DONE),
        ("scoring.tableau_suit", _PER_TABLEAU_SUIT),
        ("scoring.turned_card", _PER_TURNED_CARD),
    ):
        match = pattern.search(text)
        value = number(next(g for g in match.groups() if g)) if match else None
        if match and value:
            hits.append(Hit(path, value, _words(match)))
    pair = _PAIR.search(text)
    if pair:
        value = number(pair.group(1) or pair.group(4) or pair.group(5))
        relation = " ".join((pair.group(2) or pair.group(3) or "the same").lower().split())
        if value:
            hits.append(Hit("scoring.pair", value, _words(pair)))
            hits.append(Hit("scoring.pair_suit", _PAIR_SUITS[relation], _words(pair)))
    if hits:
        hits.insert(0, Hit("scoring.kind", "points", hits[0].phrase))
    return hits


def _words(match: re.Match[str]) -> str:
    # Only the goal's pattern reads to the sentence's end (`\W*$`), its full stop included.
    return " ".join(match.group(0).split()).rstrip(".")


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    hits: list[Hit] = []
    if sentence.section == "goal":
        goal = _GOAL.search(text)
        if goal and not re.search(r"\b(?:or|except|but)\b", text, _I):
            kind = "all_to_waste" if goal.group(1).lower() == "waste" else "all_to_foundations"
            hits.append(Hit("goal.kind", kind, _words(goal)))
        hits += matched(
            text,
            (
                ("goal.kind", "suits_in_tableau", _SUITS_IN_TABLEAU),
                ("goal.kind", "tableau_cleared", _CLEARED),
            ),
        )
    finish = _FINISH.search(text)
    if finish:
        hits.append(Hit("goal.finish_stock_when_tableau_clear", True, _words(finish)))
    placed = _PLACED_POINTS.search(text) if sentence.section == "scoring" else None
    if placed:
        hits.append(Hit("scoring.kind", "foundation_cards_placed", _words(placed)))
    if sentence.section == "scoring" and not re.search(r"\bother\s+than\b", text, _I):
        points = _FOUNDATION_POINTS.search(text)
        if points and not placed:
            hits.append(Hit("scoring.kind", "foundation_cards", _words(points)))
        hits += matched(
            text,
            (
                ("scoring.kind", "foundation_cards_on_cards", _ON_CARD_POINTS),
                ("scoring.kind", "tableau_cards_removed", _REMOVED_POINTS),
                ("scoring.kind", "sequences", _SEQUENCE_POINTS),
            ),
        )
        unscored = _NO_SCORING.search(text)
        if unscored:
            hits.append(Hit("scoring.kind", "none", _words(unscored)))
            hits.append(Hit("scoring.max", 0, _words(unscored)))
        hits.extend(point_rules(text))
    return hits
