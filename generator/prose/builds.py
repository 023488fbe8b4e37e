"""How piles build: direction, suit rule, wrap, and the base-rank block.

"Tableau can be built down in alternating colors", "Foundations are built up in suit from
Ace to King", "Build on to the Waste ... one above or one below", "wrapping from King to Ace".
"""

from __future__ import annotations

import re

from .text import Hit, Sentence, build_prefix, first_pile, matched, piles_in, words

_I = re.IGNORECASE
# "built", "building", the verb "build(s)"; not the noun ("a build", "builds of cards").
_VERB = re.compile(
    r"\bbuil(?:t|ding)\b|(?<!\sa\s)(?<!\sthe\s)(?<!\sany\s)\bbuilds?\b(?!\s+of\b)", _I
)
_CHOICE = re.compile(r"\bchoose\b|\bchoice\s+of\b", _I)
# A clause ends at the sentence end, a semicolon, or "and <another pile>".
_CLAUSE_END = re.compile(
    r";|\band\s+(?:the\s+)?(?:tableau|foundation|waste|reserve)|,\s+(?:and|with|so|but|while)\b",
    _I,
)
_NO_BUILDING = re.compile(
    r"\b(?:nothing|no\s+cards?)\s+(?:can|may)\s+(?:ever\s+)?be\s+built\s+on\b"
    r"|\bthere\s+is\s+no\s+building\b|\bno\s+building\s+(?:is\s+)?allowed\b",
    _I,
)
_DIRECTION = re.compile(
    r"^\W*(?:\w+\W+){0,2}?(?:(either\s+up\s+or\s+down|up\s+or\s+down|in\s+either\s+direction)"
    r"|(down)|(up))\b",
    _I,
)
_UP_OR_DOWN = re.compile(
    r"\b(?:immediately\s+|one\s+)?(?:rank\s+)?above\s+or\s+(?:immediately\s+|one\s+)?below\b"
    r"|\bone\s+(?:rank\s+)?higher\s+or\s+(?:one\s+)?lower\b",
    _I,
)
_ACE_TO_KING = re.compile(r"(?<!wrapping )\bfrom\s+aces?\s+(?:up\s+)?to\s+kings?\b", _I)
_NOT_PLAIN = re.compile(
    r"\bbuilt\s+(?:up|down)\s+by\s+(?:one|two|three|four|\d)\b|\bback\s+(?:down\s+)?to\b", _I
)
_TARGET = re.compile(
    r"\b(?:on\s*to|onto|on)\s+(?:the\s+)?(?:top\s+card\s+of\s+(?:the\s+)?)?"
    r"(tableau|foundations?|waste)\b",
    _I,
)
_OBJECT = re.compile(r"^\s+(tableau|foundations?|waste)\b", _I)

# Suit rules, most specific first.
_SUITS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("different_suit", re.compile(r"\bany\s+suit\s+but\s+(?:its\s+)?own\b", _I)),
    (
        "alternate_colour",
        re.compile(r"\b(?:alternat\w*|opposite)[\s-]+colou?rs?\b", _I),
    ),
    ("same_colour", re.compile(r"\b(?:same|matching)\s+colou?rs?\b|\bby\s+colou?r\b", _I)),
    (
        "any",
        re.compile(
            r"\b(?:regardless\s+of|disregarding|irrespective\s+of)\s+suit\b"
            r"|\bsuit\s+(?:doesn't|does\s+not)\s+(?:count|matter)\b|\bsuit\s+is\s+not\s+relevant\b",
            _I,
        ),
    ),
    (
        "same_suit",
        re.compile(r"\b(?:in|by)\s+suit\b|\b(?:in\s+the\s+)?(?:same|matching)\s+suit\b", _I),
    ),
)

_WRAP = re.compile(
    r"\bwrap(?:s|ping|-around)?\b(?!\s+around\s+to\s+ac)|\b(?:round|turning)\s+the\s+corner\b"
    r"|\baces?\s+(?:are\s+|is\s+|may\s+be\s+|can\s+be\s+)?(?:placed\s+|built\s+|played\s+)?"
    r"on\s+(?:top\s+of\s+)?(?:a\s+)?kings?\b"
    r"|\bplaying\s+aces?\s+on\s+(?:top\s+of\s+)?kings?\b"
    r"|\bkings?\s+(?:can|may)\s+be\s+placed\s+on\s+(?:an\s+)?aces?\b"
    r"|\baces?\s+are\s+(?:both\s+)?above\s+kings?\b"
    r"|\ban?\s+aces?\s+following\s+an?\s+king\b|\bking\s+is\s+followed\s+by\s+an\s+ace\b"
    r"|\b(?:aces?\s+and\s+kings?|kings?\s+and\s+aces?)\s+are\s+(?:next\s+to\s+each\s+other|adjacent)\b",
    _I,
)
_NO_WRAP = re.compile(r"\b(?:not|never)\s+wrap|\bonly\s+deuces?\b", _I)
_BLOCKED = re.compile(
    r"\b(?:no\s+card|nothing)\s+(?:may|can)\s+be\s+(?:placed|built|played)\s+on\s+"
    r"(?:a|any|the)\s+(?:card\s+of\s+the\s+)?base\s+(?:card|rank)\b",
    _I,
)


_RANKS = {"ace": 1, "two": 2, "jack": 11, "queen": 12, "king": 13}
# "once a King is on top of the Waste, no Tableau card can follow it" (Golf).
_BLOCKED_RANK = re.compile(
    r"\bonce\s+an?\s+(ace|two|jack|queen|king)\s+is\s+on\s+top\s+of\s+(?:the|a)\s+"
    r"(tableau|waste|foundation)s?(?:\s+pile)?,"
    r"\s+no\s+(?:\w+\s+)?card\s+(?:can|may)\s+(?:follow|go\s+on)\s+it\b",
    _I,
)


def _clauses(text: str) -> list[tuple[re.Match[str], str]]:
    """Each build verb with the clause that follows it (up to the next verb or break)."""
    verbs = list(_VERB.finditer(text))
    clauses = []
    for i, verb in enumerate(verbs):
        stop = verbs[i + 1].start() if i + 1 < len(verbs) else len(text)
        rest = text[verb.end() : stop]
        end = _CLAUSE_END.search(rest)
        clauses.append((verb, rest[: end.start()] if end else rest))
    return clauses


def _clause_pile(text: str, verb: re.Match[str], clause: str, sentence: Sentence) -> str | None:
    """The pile built on: the subject, else "Build foundations up", else "onto the Waste"."""
    before = [pile for pile, at in piles_in(text) if at < verb.start()]
    if before:
        return before[0]
    obj = _OBJECT.match(clause)
    if obj:
        return first_pile(obj.group(1))
    target = _TARGET.search(clause)
    if target:
        return first_pile(target.group(1))
    return sentence.pile


# Building on the waste is compulsory: "Build on to the Waste ... whenever possible", "Turn the
# next card from the Stock onto the Waste only when no free card fits".
_WHENEVER_POSSIBLE = re.compile(r"\bwhenever\s+possible\b", _I)
_DEAL_ONLY_WHEN_STUCK = re.compile(
    r"\bfrom\s+the\s+stock\s+on\s*to\s+the\s+waste\s+only\s+when\s+no\s+"
    r"(?:free\s+|available\s+)?card\s+(?:fits|can\s+be\s+played)(?:\s+there)?\b",
    _I,
)


# Aisleriot's Baker's Dozen: "The top card on each Tableau can be moved to another Tableau pile
# if it has a value of one lower than the top card on the second pile." and, on its own,
# "Suit is not relevant."
_ONTO_ONE_HIGHER = re.compile(
    r"\bcan\s+be\s+moved\s+to\s+another\s+tableau\s+pile\s+if\s+it\s+has\s+a\s+value\s+of\s+"
    r"one\s+lower\s+than\s+the\s+top\s+card\s+on\s+the\s+(?:second|other)\s+pile\b",
    _I,
)
_SUIT_ALONE = re.compile(r"^suit\s+is\s+not\s+relevant\.?$", _I)
# Union Square: "Each pile keeps the direction of its first build" (ours); "each pile must
# follow only one of these rules" after "built either up or down" (Aisleriot).
_FIXED_DIRECTION = re.compile(
    r"\beach\s+pile\s+keeps\s+the\s+direction\s+of\s+its\s+first\s+build\b"
    r"|\beach\s+pile\s+must\s+follow\s+only\s+one\s+of\s+these\s+rules\b",
    _I,
)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    hits: list[Hit] = []
    if _CHOICE.search(text):  # "you can choose whether to build up or down"
        return hits
    onto = _ONTO_ONE_HIGHER.search(text)
    if onto:
        hits.append(Hit("tableau.build.direction", "down", words(onto)))
    alone = _SUIT_ALONE.match(text.strip())
    if alone and sentence.pile == "tableau":
        hits.append(Hit("tableau.build.suit", "any", words(alone).rstrip(".")))
    hits += matched(
        text,
        (
            ("tableau.fixed_direction", True, _FIXED_DIRECTION),
            ("waste.build_first", True, _DEAL_ONLY_WHEN_STUCK),
        ),
    )
    clauses = _clauses(text)
    directions = {_direction(clause)[0] for _, clause in clauses} - {None}
    for verb, clause in clauses:
        pile = _clause_pile(text, verb, clause, sentence)
        prefix = build_prefix(pile) if pile else None
        if prefix is None:
            continue
        phrase = " ".join((verb.group(0) + clause).split()).rstrip(".,")
        direction, _ = _direction(clause)
        if direction and len(directions) == 1 and not _NOT_PLAIN.search(text):
            hits.append(Hit(f"{prefix}.build.direction", direction, phrase))
        for suit, pattern in _SUITS:
            if pattern.search(clause):
                hits.append(Hit(f"{prefix}.build.suit", suit, phrase))
                break
        if prefix == "waste" and _WHENEVER_POSSIBLE.search(clause):
            hits.append(Hit("waste.build_first", True, phrase))
    hits.extend(_wrap_and_block(sentence))
    hits.extend(_no_building(sentence))
    return hits


def _no_building(sentence: Sentence) -> list[Hit]:
    """ "Nothing can be built on the pyramid", "There is no building on the Tableau"."""
    match = _NO_BUILDING.search(sentence.text)
    if not match:
        return []
    after = first_pile(sentence.text[match.end() :])
    pile = after or first_pile(sentence.text) or sentence.pile
    prefix = build_prefix(pile) if pile else None
    if prefix is None:
        return []
    phrase = " ".join(sentence.text[match.start() :].split()).split(",")[0].rstrip(".")
    return [Hit(f"{prefix}.build.direction", "none", phrase)]


def _direction(clause: str) -> tuple[str | None, str]:
    match = _DIRECTION.match(clause)
    if match:
        if match.group(1):
            return "up_or_down", match.group(0)
        return ("down" if match.group(2) else "up"), match.group(0)
    if _UP_OR_DOWN.search(clause):
        return "up_or_down", clause
    if _ACE_TO_KING.search(clause):
        return "up", clause
    return None, ""


def _wrap_and_block(sentence: Sentence) -> list[Hit]:
    hits: list[Hit] = []
    pile = first_pile(sentence.text) or sentence.pile
    prefix = build_prefix(pile) if pile else None
    if prefix is None:
        return hits
    wrap = _WRAP.search(sentence.text)
    if wrap and not _NO_WRAP.search(sentence.text):
        hits.append(Hit(f"{prefix}.build.wrap", True, words(wrap)))
    rank = _BLOCKED_RANK.search(sentence.text)
    if rank:
        on = build_prefix(rank.group(2).lower().rstrip("s"))
        if on is not None:
            phrase = words(rank)
            hits.append(Hit(f"{on}.build.blocked_on_rank", _RANKS[rank.group(1).lower()], phrase))
    blocked = _BLOCKED.search(sentence.text)
    if blocked:
        hits.append(Hit(f"{prefix}.build.blocked_on_base", True, words(blocked)))
    return hits
