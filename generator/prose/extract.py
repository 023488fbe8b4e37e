"""HelpDocument -> ProseFacts: run every phrase family over the Setup rows and the prose."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from generator.docbook import HelpDocument
from generator.spec.facts import ProseFacts

from . import builds, empty, foundations, groups, outcome, placement, presence, reserves, stock
from .collect import FactSink
from .counts import find_count
from .deal import kings_to_bottom, piles, pyramid
from .options import find_options
from .text import ROW_PILE, Hit, Sentence, first_pile, split_sentences

# Sections whose prose states rules; Options describe alternatives, Strategy is advice.
RULE_SECTIONS = ("setup", "goal", "rules", "scoring")
FAMILIES: tuple[Callable[[Sentence], list[Hit]], ...] = (
    builds.find,
    empty.find,
    groups.find,
    stock.find,
    foundations.find,
    reserves.find,
    outcome.find,
    presence.find,
    placement.find,
)
_DOUBLE_DECK = re.compile(r"^\s*double\s+deck\s*\.?\s*$", re.IGNORECASE)
_STANDARD_DECK = re.compile(r"^\s*standard\s+(?:52[\s-]card\s+)?deck\s*\.?\s*$", re.IGNORECASE)


def extract_facts(doc: HelpDocument) -> ProseFacts:
    sink = FactSink(doc.path)
    if doc.title:
        sink.add(Hit("title", doc.title, doc.title), doc.title_line)
    _setup_rows(doc, sink)
    for sentence in _sentences(doc):
        for family in FAMILIES:
            for hit in family(sentence):
                sink.add(hit, sentence.line)
    if doc.max_score is not None and doc.max_score_line is not None:
        phrase = f"Maximum possible score: {doc.max_score}"
        sink.add(Hit("scoring.max", doc.max_score, phrase), doc.max_score_line)
    for hit, line in presence.absent(doc):
        if not sink.has(hit.path):
            sink.add(hit, line)
    options = doc.section("options")
    return ProseFacts(
        help_file=doc.path,
        facts=list(sink.facts.values()),
        options=find_options(options) if options else [],
        diagnostics=sink.diagnostics,
    )


def _setup_rows(doc: HelpDocument, sink: FactSink) -> None:
    """Facts that need a whole row: deck, pile counts, deal shapes, a present waste."""
    for row in doc.setup_rows:
        kind = ROW_PILE.get(row.kind, row.kind)
        if kind == "deck" and _STANDARD_DECK.match(row.text):
            sink.add(Hit("decks", 1, row.text.strip().rstrip(".")), row.line)
        elif kind == "deck" and _DOUBLE_DECK.match(row.text):
            sink.add(Hit("decks", 2, row.text.strip().rstrip(".")), row.line)
        elif kind == "waste":
            sink.add(Hit("waste.present", True, row.label), row.line)
        if kind == "tableau":
            for hit in [*pyramid(row.text), *kings_to_bottom(row.text)]:
                sink.add(hit, row.line)
        count = find_count(kind, row.text)
        if count is not None:
            sink.add(count, row.line)
        if kind == "tableau" and sink.has("tableau.count"):
            for hit in piles(row.text, sink.value("tableau.count")):
                sink.add(hit, row.line)
        if kind == "reserve" and sink.has("reserves.count"):
            for hit in reserves.deal(row.text, sink.value("reserves.count")):
                sink.add(hit, row.line)


def _sentences(doc: HelpDocument) -> Iterator[Sentence]:
    """Setup rows first, then the rule sections in document order, sentence by sentence."""
    for row in doc.setup_rows:
        kind = ROW_PILE.get(row.kind, row.kind)
        for text in split_sentences(row.text):
            yield Sentence(text, row.line, "setup", first_pile(text) or kind, kind)
    for section in doc.sections:
        if section.kind not in RULE_SECTIONS:
            continue
        for paragraph in section.paragraphs:
            carried: str | None = None  # the pile the paragraph was last talking about
            for text in split_sentences(paragraph.text):
                carried = first_pile(text) or carried
                yield Sentence(text, paragraph.line, section.kind, carried)
