"""Sentences, pile words and the small vocabulary every phrase family shares."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# Pile kinds as the spec names them; Setup row kinds map onto these.
PILES = ("tableau", "foundation", "waste", "stock", "reserve")
ROW_PILE = {"cell": "reserve"}
# Sections whose prose states rules; Options describe alternatives, Strategy is advice.
RULE_SECTIONS = ("setup", "goal", "rules", "scoring")

_PILE_WORDS = re.compile(
    r"\b(?:(tableaux?|pyramid)|(foundations?)|(waste)|(stock)|(reserves?|free ?cells?))\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"])")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence (or one whole Setup row) with the pile it is about."""

    text: str
    line: int
    section: str  # "setup", "goal", "rules", "scoring", ...
    pile: str | None  # the pile the sentence talks about, if known
    row: str | None = None  # the Setup row kind when the text comes from the table


@dataclass(frozen=True, slots=True)
class Hit:
    """A phrase matched: the spec path it sets, the value, and the words."""

    path: str
    value: object
    phrase: str


def words(match: re.Match[str]) -> str:
    """The words a pattern matched, white space folded: a Hit's phrase."""
    return " ".join(match.group(0).split())


def matched(text: str, rules: Iterable[tuple[str, object, re.Pattern[str]]]) -> list[Hit]:
    """A Hit for each (path, value, pattern) rule whose pattern `text` matches, in rule order.

    The phrase families' one idiom: a phrase sets a fixed value wherever it stands."""
    return [
        Hit(path, value, words(match))
        for path, value, pattern in rules
        if (match := pattern.search(text))
    ]


def split_sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def piles_in(text: str) -> list[tuple[str, int]]:
    """Pile kinds named in `text`, with their offsets, in order."""
    found: list[tuple[str, int]] = []
    for match in _PILE_WORDS.finditer(text):
        index = next(i for i, group in enumerate(match.groups()) if group)
        found.append((PILES[index], match.start()))
    return found


def first_pile(text: str) -> str | None:
    piles = piles_in(text)
    return piles[0][0] if piles else None


def build_prefix(pile: str) -> str | None:
    """The spec section whose `build` a pile kind uses."""
    return {"tableau": "tableau", "foundation": "foundations", "waste": "waste"}.get(pile)
