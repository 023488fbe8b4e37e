"""A fact is one spec field's value with where it came from; prose and sidecar both yield them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.diagnostics import Diagnostic
from generator.spec.accounting import SentenceAccount
from generator.spec.model import Provenance


@dataclass(frozen=True, slots=True)
class Fact:
    path: str  # dotted spec path, e.g. "stock.redeals"
    value: Any  # a JSON-like value the spec model validates (str, int, bool, list of int)
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class OptionMention:
    """An option named in the help's Options section."""

    label: str
    line: int
    default: bool | None = None  # when the prose says e.g. "on by default"


@dataclass(slots=True)
class ProseFacts:
    help_file: str | None = None  # None for a game authored with a sidecar only
    facts: list[Fact] = field(default_factory=list)
    options: list[OptionMention] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sentences: list[SentenceAccount] = field(default_factory=list)  # every rule sentence
    # Where the help would say a missing fact: "page" (its title) and each section kind
    # ("setup", "rules", ...) -> the line of its heading.
    places: dict[str, int] = field(default_factory=dict)

    def by_path(self) -> dict[str, Fact]:
        return {fact.path: fact for fact in self.facts}
