"""Options named in the Options section: "Three card deals: If checked, ...", list terms."""

from __future__ import annotations

import re

from generator.docbook import Section
from generator.spec.facts import OptionMention

_I = re.IGNORECASE
_LABELLED = re.compile(r"^([A-Z][\w'-]*(?:\s+[\w'-]+){0,5}):\s+\S")
_ON = re.compile(
    r"\b(?:on|checked|enabled|selected)\s+by\s+default\b|\(default\)|\bthis\s+is\s+the\s+default\b",
    _I,
)
_OFF = re.compile(
    r"\b(?:off|unchecked|disabled)\s+by\s+default\b|\bnot\s+(?:checked|selected)\s+by\s+default\b",
    _I,
)
_NONE = re.compile(r"^\s*none\.?\s*$", _I)


def _default(text: str) -> bool | None:
    on, off = bool(_ON.search(text)), bool(_OFF.search(text))
    return on if on != off else None


def _term(text: str) -> bool:
    """A bare heading such as a list term: a few words, no sentence punctuation."""
    return len(text.split()) <= 6 and not re.search(r"[.:;!?]$", text.strip())


def find_options(section: Section) -> list[OptionMention]:
    mentions: list[OptionMention] = []
    for paragraph in section.paragraphs:
        text = paragraph.text
        labelled = _LABELLED.match(text)
        if labelled:
            mentions.append(OptionMention(labelled.group(1), paragraph.line, _default(text)))
        elif _term(text) and not _NONE.match(text):
            mentions.append(OptionMention(text.strip(), paragraph.line, None))
        elif mentions and mentions[-1].default is None and _default(text) is not None:
            last = mentions[-1]
            mentions[-1] = OptionMention(last.label, last.line, _default(text))
    return mentions
