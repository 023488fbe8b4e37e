"""Neutral tree -> HelpDocument: title, sections, Setup rows, maximum score.

Three heading styles occur in the corpus and all become `Section`s:
- `<sect2><title>Setup</title>...</sect2>` (current files);
- `<bridgehead>Setup</bridgehead>` followed by siblings (2002-2004 files);
- `<sect2>Setup</sect2>` empty markers followed by siblings (2006 files).
Only the first level of headings below the root splits sections; deeper
headings (sect3 titles, list terms) are kept as paragraphs of their section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .labels import section_kind, setup_kind
from .model import HelpDocument, Paragraph, Section, SetupRow
from .tree import Element, Text, collapse


def _words(names: str) -> frozenset[str]:
    return frozenset(names.split())


DIVISIONS = _words(
    "sect1 sect2 sect3 sect4 sect5 section simplesect refsect1 refsect2 refsect3 "
    "chapter appendix preface article glossary glossdiv part reference refentry"
)
_INFO = _words(
    "docinfo bookinfo chapterinfo articleinfo appendixinfo prefaceinfo sectioninfo "
    "sect1info sect2info sect3info sect4info sect5info refsect1info refmeta "
    "refnamediv"
)
# Not prose, or must stay inert (xi:include is never processed).
_SKIP = _INFO | _words(
    "indexterm remark mediaobject screenshot graphic inlinegraphic imagedata "
    "imageobject inlinemediaobject titleabbrev xi:include xi:fallback"
)
# Elements whose own text is a block of prose, or which hold such blocks.
_BLOCKS = DIVISIONS | _words(
    "para simpara formalpara title bridgehead term listitem varlistentry "
    "itemizedlist orderedlist variablelist simplelist member glosslist glossentry "
    "glossterm glossdef note tip warning caution important blockquote footnote "
    "example informalexample figure informalfigure sidebar abstract legalnotice "
    "procedure step literallayout programlisting screen synopsis address epigraph "
    "attribution caption"
)
_TABLES = frozenset({"table", "informaltable"})
_MAX_SCORE = re.compile(r"maximum\s+possible\s+score[^:\d]{0,40}:\s*(\d+)", re.IGNORECASE)


@dataclass(slots=True)
class _SectionBuilder:
    kind: str
    title: str
    line: int
    paragraphs: list[Paragraph] = field(default_factory=list)


@dataclass(slots=True)
class _DocumentBuilder:
    sections: list[_SectionBuilder] = field(default_factory=list)
    setup_rows: list[SetupRow] = field(default_factory=list)
    max_score: int | None = None
    max_score_line: int | None = None

    def current(self, line: int) -> _SectionBuilder:
        if not self.sections:  # prose before the first heading ("Written by ...")
            self.sections.append(_SectionBuilder("other", "", line))
        return self.sections[-1]

    def start(self, title: str, line: int) -> None:
        self.sections.append(_SectionBuilder(section_kind(title), title, line))

    def paragraph(self, pieces: list[Text], line: int | None) -> None:
        text = collapse("".join(p.value for p in pieces))
        if not text:
            return
        line = line if line is not None else _first_line(pieces)
        self.current(line).paragraphs.append(Paragraph(text, line))
        if self.max_score is None:
            self._find_max_score(pieces)

    def _find_max_score(self, pieces: list[Text]) -> None:
        raw = "".join(p.value for p in pieces)
        match = _MAX_SCORE.search(raw)
        if match is None:
            return
        offset = 0
        for piece in pieces:
            if offset + len(piece.value) > match.start():
                within = piece.value[: match.start() - offset]
                self.max_score = int(match.group(1))
                self.max_score_line = piece.line + within.count("\n")
                return
            offset += len(piece.value)


def _first_line(pieces: list[Text]) -> int:
    for piece in pieces:
        stripped = piece.value.lstrip()
        if stripped:
            return piece.line + piece.value[: len(piece.value) - len(stripped)].count("\n")
    return pieces[0].line


def inline_pieces(node: Element) -> list[Text]:
    """Every text run below `node` in order, skipping non-prose elements."""
    pieces: list[Text] = []
    for child in node.children:
        if isinstance(child, Text):
            pieces.append(child)
        elif child.tag not in _SKIP:
            pieces.extend(inline_pieces(child))
    return pieces


def inline_text(node: Element) -> str:
    return collapse("".join(p.value for p in inline_pieces(node)))


def _title_of(node: Element) -> Element | None:
    title = node.find("title")
    if title is not None:
        return title
    for info in node.elements():
        if info.tag in _INFO:
            found = info.find("title", "refentrytitle", "refname")
            if found is not None:
                return found
    return None


def build_document(root: Element, path: str, source_format: str) -> HelpDocument:
    title = _title_of(root)
    builder = _DocumentBuilder()
    _walk_top(root, builder, title)
    return HelpDocument(
        path=path,
        source_format=source_format,
        title=inline_text(title) if title is not None else "",
        title_line=title.line if title is not None else root.line,
        sections=tuple(
            Section(s.kind, s.title, s.line, tuple(s.paragraphs)) for s in builder.sections
        ),
        setup_rows=tuple(builder.setup_rows),
        max_score=builder.max_score,
        max_score_line=builder.max_score_line,
    )


def _walk_top(node: Element, builder: _DocumentBuilder, doc_title: Element | None) -> None:
    """Walk the children of the root (or of an untitled wrapper) splitting at headings."""
    pieces: list[Text] = []
    for child in node.children:
        if isinstance(child, Text):
            pieces.append(child)
            continue
        if child is doc_title or child.tag in _SKIP:
            continue
        if child.tag == "bridgehead":
            builder.paragraph(pieces, None)
            pieces = []
            builder.start(inline_text(child), child.line)
        elif child.tag in DIVISIONS:
            builder.paragraph(pieces, None)
            pieces = []
            _division(child, builder)
        elif child.tag in _BLOCKS or child.tag in _TABLES:
            builder.paragraph(pieces, None)
            pieces = []
            _block(child, builder)
        else:
            pieces.extend(inline_pieces(child))
    builder.paragraph(pieces, None)


def _division(node: Element, builder: _DocumentBuilder) -> None:
    title = _title_of(node)
    if title is not None:
        builder.start(inline_text(title), title.line)
        _block(node, builder, skip=title)
    elif not node.elements():
        marker = inline_text(node)
        if marker:  # the 2006 style: <sect2>Setup</sect2> then sibling content
            builder.start(marker, node.line)
    else:
        _walk_top(node, builder, None)


def _block(node: Element, builder: _DocumentBuilder, skip: Element | None = None) -> None:
    """Turn a block element into paragraphs: inline runs between nested blocks."""
    if node.tag in _TABLES:
        _table(node, builder)
        return
    pieces: list[Text] = []
    # The first run of a block is dated from its start tag, later runs from their text.
    line: int | None = node.line
    for child in node.children:
        if isinstance(child, Text):
            pieces.append(child)
        elif child is skip or child.tag in _SKIP:
            continue
        elif child.tag in _BLOCKS or child.tag in _TABLES:
            builder.paragraph(pieces, line)
            pieces = []
            _block(child, builder)
            line = None
        else:
            pieces.extend(inline_pieces(child))
    builder.paragraph(pieces, line)


def _rows(node: Element, in_head: bool = False) -> list[tuple[Element, bool]]:
    rows: list[tuple[Element, bool]] = []
    for child in node.elements():
        if child.tag == "row":
            rows.append((child, in_head))
        elif child.tag not in _SKIP:
            rows.extend(_rows(child, in_head or child.tag == "thead"))
    return rows


def _table(node: Element, builder: _DocumentBuilder) -> None:
    title = node.find("title")
    if title is not None:
        builder.paragraph(inline_pieces(title), title.line)
    in_setup = bool(builder.sections) and builder.sections[-1].kind == "setup"
    for row, is_head in _rows(node):
        cells = [inline_text(e) for e in row.elements() if e.tag in ("entry", "entrytbl")]
        if in_setup and not is_head and len(cells) >= 2 and cells[0]:
            text = " ".join(c for c in cells[1:] if c)
            builder.setup_rows.append(
                SetupRow(cells[0], setup_kind(cells[0], text), text, row.line)
            )
        elif any(cells):
            builder.paragraph([Text(" | ".join(c for c in cells if c), row.line)], row.line)
