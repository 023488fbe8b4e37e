"""HelpDocument -> ProseFacts: run every phrase family over the Setup rows and the prose."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from generator.docbook import HelpDocument, Section
from generator.spec.accounting import SentenceAccount, Status, contains_phrase, judge, locate
from generator.spec.facts import OptionMention, ProseFacts

from . import (
    builds,
    capacity,
    conventions,
    empty,
    foundations,
    groups,
    holes,
    outcome,
    placement,
    presence,
    reserves,
    stock,
)
from .collect import FactSink
from .counts import find_count
from .deal import kings_to_bottom, piles, pyramid
from .options import find_options
from .text import ROW_PILE, RULE_SECTIONS, Hit, Sentence, first_pile, split_sentences

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
    capacity.find,
    holes.find,
)
_DEAL_PATHS = frozenset(
    {
        "tableau.face_down",
        "tableau.face_up",
        "tableau.face_rows",
        "reserves.deal",
        "reserves.face_down",
        "tableau.layout",
    }
)
_DEAL_WORDS = re.compile(r"\bface[- ](?:up|down)\b|\bdealt\b|\bcards?\b", re.IGNORECASE)
_DOUBLE_DECK = re.compile(r"^\s*double\s+deck\s*\.?\s*$", re.IGNORECASE)
_TRIPLE_DECK = re.compile(r"^\s*triple\s+deck\s*\.?\s*$", re.IGNORECASE)
_STANDARD_DECK = re.compile(r"^\s*standard\s+(?:52[\s-]card\s+)?deck\s*\.?\s*$", re.IGNORECASE)


def extract_facts(doc: HelpDocument, source: str | None = None) -> ProseFacts:
    """The rule facts of a help document and the account of every rule sentence; `source` is
    the file's text, used only to place each sentence at its line and column."""
    sink = FactSink(doc.path)
    if doc.title:
        sink.add(Hit("title", doc.title, doc.title), doc.title_line)
    sentences = list(_sentences(doc))
    phrases: list[list[tuple[str, str]]] = [[] for _ in sentences]
    by_row: dict[int, list[int]] = {}
    for index, (_sentence, row) in enumerate(sentences):
        if row is not None:
            by_row.setdefault(row, []).append(index)

    def attribute(hit: Hit, candidates: list[int]) -> None:
        """Credit a whole-row or whole-document hit to the sentences holding its phrase."""
        if hit.path in _DEAL_PATHS:
            # The deal readers parse the whole row: every sentence of it about the deal is
            # theirs. A misreading shows up in the card-count check, not here.
            for i in candidates:
                if _DEAL_WORDS.search(sentences[i][0].text):
                    phrases[i].append((hit.path, sentences[i][0].text))
        holding = [i for i in candidates if contains_phrase(sentences[i][0].text, hit.phrase)]
        if not holding:  # a phrase spanning sentences covers each sentence inside it
            holding = [i for i in candidates if contains_phrase(hit.phrase, sentences[i][0].text)]
        for i in holding:
            phrases[i].append((hit.path, hit.phrase))

    for row_index, hit in _setup_rows(doc, sink):
        attribute(hit, by_row.get(row_index, []))
    for index, (sentence, _row) in enumerate(sentences):
        for family in FAMILIES:
            for hit in family(sentence):
                sink.add(hit, sentence.line)
                phrases[index].append((hit.path, hit.phrase))
        for convention, phrase in conventions.find(sentence):
            phrases[index].append((f"convention:{convention}", phrase))
    if doc.max_score is not None and doc.max_score_line is not None:
        phrase = f"Maximum possible score: {doc.max_score}"
        hit = Hit("scoring.max", doc.max_score, phrase)
        sink.add(hit, doc.max_score_line)
        attribute(hit, list(range(len(sentences))))
    inferred = []
    for hit, line in presence.absent(doc):
        if not sink.has(hit.path):
            sink.add(hit, line, inferred=True)
            inferred.append(hit.path)
    options = doc.section("options")
    mentions = find_options(options) if options else []
    lines = source.splitlines() if source is not None else []
    accounts = [
        _account(doc.path, lines, sentence, phrases[i]) for i, (sentence, _) in enumerate(sentences)
    ]
    if options is not None:
        accounts.extend(_option_accounts(doc.path, lines, options, mentions))
    accounts.sort(key=lambda a: (a.line, a.column or 0))
    return ProseFacts(
        help_file=doc.path,
        facts=list(sink.facts.values()),
        options=mentions,
        diagnostics=sink.diagnostics,
        sentences=accounts,
        places=_places(doc),
    )


def _places(doc: HelpDocument) -> dict[str, int]:
    places = {"page": doc.title_line or 1}
    for section in doc.sections:
        places.setdefault(section.kind, section.line)
    return places


def _account(
    file: str, lines: list[str], sentence: Sentence, phrases: list[tuple[str, str]]
) -> SentenceAccount:
    status, left = judge(sentence.text, [phrase for _, phrase in phrases])
    line, column = locate(lines, sentence.line, sentence.text) if lines else (sentence.line, None)
    return SentenceAccount(
        file,
        line,
        column,
        sentence.section,
        sentence.text,
        status,
        tuple(dict.fromkeys(path for path, _ in phrases)),
        left,
    )


def _option_accounts(
    file: str, lines: list[str], section: Section, mentions: list[OptionMention]
) -> list[SentenceAccount]:
    """An option's sentences are read as that option: the sidecar gives its effect, and the
    merge checks that it declares every option the help describes."""
    starts = {mention.line: mention.label for mention in mentions}
    accounts = []
    current: str | None = None
    for paragraph in section.paragraphs:
        current = starts.get(paragraph.line, current)
        for text in split_sentences(paragraph.text):
            line, column = locate(lines, paragraph.line, text) if lines else (paragraph.line, None)
            status, facts = (
                (Status.UNREAD, ())
                if current is None
                else (
                    Status.READ,
                    (f"option:{current}",),
                )
            )
            accounts.append(SentenceAccount(file, line, column, "options", text, status, facts))
    return accounts


def _setup_rows(doc: HelpDocument, sink: FactSink) -> Iterator[tuple[int, Hit]]:
    """Facts that need a whole row: deck, pile counts, deal shapes, a present waste."""
    for index, row in enumerate(doc.setup_rows):
        kind = ROW_PILE.get(row.kind, row.kind)
        hits: list[Hit] = []
        if kind == "deck" and _STANDARD_DECK.match(row.text):
            hits.append(Hit("decks", 1, row.text.strip().rstrip(".")))
        elif kind == "deck" and _DOUBLE_DECK.match(row.text):
            hits.append(Hit("decks", 2, row.text.strip().rstrip(".")))
        elif kind == "deck" and _TRIPLE_DECK.match(row.text):
            hits.append(Hit("decks", 3, row.text.strip().rstrip(".")))
        elif kind == "waste":
            sink.add(Hit("waste.present", True, row.label), row.line)
        if kind == "tableau":
            hits.extend([*pyramid(row.text), *kings_to_bottom(row.text)])
        count = find_count(kind, row.text)
        if count is not None:
            hits.append(count)
        for hit in hits:
            sink.add(hit, row.line)
            yield index, hit
        hits = []
        if kind == "tableau" and sink.has("tableau.count"):
            hits.extend(piles(row.text, sink.value("tableau.count")))
        if kind == "reserve" and sink.has("reserves.count"):
            hits.extend(reserves.deal(row.text, sink.value("reserves.count")))
        for hit in hits:
            sink.add(hit, row.line)
            yield index, hit


def _sentences(doc: HelpDocument) -> Iterator[tuple[Sentence, int | None]]:
    """Setup rows first (with the row's index), then the rule sections in document order,
    sentence by sentence."""
    for index, row in enumerate(doc.setup_rows):
        kind = ROW_PILE.get(row.kind, row.kind)
        for text in split_sentences(row.text):
            yield Sentence(text, row.line, "setup", first_pile(text) or kind, kind), index
    for section in doc.sections:
        if section.kind not in RULE_SECTIONS:
            continue
        for paragraph in section.paragraphs:
            carried: str | None = None  # the pile the paragraph was last talking about
            for text in split_sentences(paragraph.text):
                carried = first_pile(text) or carried
                yield Sentence(text, paragraph.line, section.kind, carried), None
