"""A help page as data: DocBook (source or translated) -> title, sections, blocks, inlines.

Both the HTML and the JSON the app reads are built from this model, never from raw XML,
so only the elements below can ever reach an output.  Section and Setup-row kinds come
from the English page, matched by position: a translated title such as "Uppläggning"
says nothing a keyword table could read, but the merge keeps the structure intact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from lxml import etree

from generator.docbook.labels import section_kind, setup_kind
from generator.i18n.xmlsafe import safe_parser

Element = etree._Element


@dataclass(frozen=True, slots=True)
class Inline:
    """Text, or a styled run of inlines. `style` is one of STYLES or "link"."""

    text: str = ""
    style: str | None = None
    children: tuple[Inline, ...] = ()
    href: str | None = None

    def plain(self) -> str:
        return self.text + "".join(child.plain() for child in self.children)


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph (`inlines`), a table (`rows` of cells) or a list (`items`)."""

    kind: str  # "para", "table" or "list"
    inlines: tuple[Inline, ...] = ()
    rows: tuple[tuple[tuple[Inline, ...], ...], ...] = ()
    items: tuple[tuple[Inline, ...], ...] = ()
    ordered: bool = False
    lang: str | None = None  # set when the text fell back to another language


@dataclass(frozen=True, slots=True)
class SetupRow:
    kind: str
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class Section:
    kind: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    sections: tuple[Section, ...]  # the first is the untitled introduction ("intro")
    setup: tuple[SetupRow, ...]
    credits: tuple[str, ...] = field(default=())


# DocBook inline element -> style the renderers know.  Anything else keeps only its text.
STYLES: dict[str, str] = {
    **dict.fromkeys(("emphasis", "citetitle", "firstterm", "foreignphrase"), "em"),
    **dict.fromkeys(("guilabel", "guibutton", "guimenu", "guimenuitem", "guisubmenu"), "gui"),
    **dict.fromkeys(("keycap", "keycombo", "keysym", "shortcut"), "kbd"),
    **dict.fromkeys(("literal", "command", "filename", "application", "code"), "code"),
}
_INFO = ("sect1info", "sect2info", "sect3info", "sectioninfo", "chapterinfo", "articleinfo")
_SKIP = frozenset({"remark", "indexterm", "footnote", "titleabbrev", "xref", "docinfo", *_INFO})
_DIVISIONS = frozenset({"sect2", "sect3", "sect4", "section", "simplesect"})
_FIGURES = frozenset({"mediaobject", "screenshot", "figure", "informalfigure"})
_LISTS = frozenset({"itemizedlist", "orderedlist", "simplelist"})
_TABLES = frozenset({"informaltable", "table"})
_SAFE_SCHEMES = ("http://", "https://", "mailto:")


def _name(node: Element) -> str:
    return etree.QName(node).localname if isinstance(node.tag, str) else ""


def _collapse(text: str) -> str:
    return " ".join(text.split())


def inlines(node: Element) -> tuple[Inline, ...]:
    """The inline content of `node`, whitespace as in the source (collapsed when rendered)."""
    out: list[Inline] = [Inline(node.text)] if node.text else []
    for child in node:
        name = _name(child)
        if name and name not in _SKIP:
            href = child.get("url") if name == "ulink" else None
            if href is not None and href.strip().lower().startswith(_SAFE_SCHEMES):
                out.append(Inline(style="link", children=inlines(child), href=href.strip()))
            else:
                out.append(Inline(style=STYLES.get(name), children=inlines(child)))
        if child.tail:
            out.append(Inline(child.tail))
    return tuple(out)


def _lang(node: Element, page_lang: str | None) -> str | None:
    lang = node.get("lang")
    return lang if lang and lang != page_lang else None


def blocks(node: Element, page_lang: str | None) -> list[Block]:
    """The blocks inside a division or container, nested containers flattened."""
    out: list[Block] = []
    for child in node:
        _add_block(child, page_lang, out)
    return out


def _add_block(child: Element, page_lang: str | None, out: list[Block]) -> None:
    name = _name(child)
    if not name or name in _SKIP or name == "title":
        return
    if name in ("para", "simpara", "formalpara", "term", "bridgehead"):
        out.append(Block("para", inlines(child), lang=_lang(child, page_lang)))
    elif name in _TABLES:
        rows = tuple(
            tuple(inlines(entry) for entry in row if _name(entry) == "entry")
            for row in child.iter("{*}row", "row")
        )
        out.append(Block("table", rows=rows))
    elif name in _FIGURES:
        # The picture itself is not shipped; its text alternative is (never lost silently).
        for text in child.iter("{*}textobject", "textobject"):
            alt = _collapse("".join(str(t) for t in text.itertext()))
            if alt:
                out.append(Block("para", (Inline(style="em", children=(Inline(alt),)),)))
    elif name in _LISTS:
        items = tuple(
            tuple(i for b in blocks(item, page_lang) for i in (*b.inlines, Inline(" ")))
            if _name(item) == "listitem"
            else inlines(item)
            for item in child
            if _name(item) in ("listitem", "member")
        )
        out.append(Block("list", items=items, ordered=name == "orderedlist"))
    else:
        title = child.find("title")
        if name in _DIVISIONS and title is not None:  # a sect3 inside a section
            out.append(Block("para", (Inline(style="strong", children=inlines(title)),)))
        out.extend(blocks(child, page_lang))


def read_page(data: bytes, english: Page | None = None) -> Page:
    """Parse DocBook bytes (safely) into a Page; kinds come from `english` when given."""
    root = etree.fromstring(data, safe_parser())
    page_lang = root.get("lang")
    title = root.find("title")
    # (title, blocks) per section; the first is the untitled introduction.
    parts: list[tuple[str, list[Block]]] = [("", [])]
    for child in root:
        name = _name(child)
        heading = child.find("title") if name in _DIVISIONS else None
        if heading is not None or (name in _DIVISIONS and len(child) > 0):
            text = _collapse(_text(heading))
            parts.append((text, blocks(child, page_lang)))
        elif name in _DIVISIONS or name == "bridgehead":
            # Legacy headings: a <bridgehead>, or an empty marker <sect2>Setup</sect2>;
            # what follows, up to the next heading, is that section's content.
            parts.append((_collapse(_text(child)), []))
        elif name != "title":
            _add_block(child, page_lang, parts[-1][1])
    sections = [Section("intro", "", tuple(parts[0][1]))]
    sections += [Section(section_kind(t), t, tuple(b)) for t, b in parts[1:]]
    setup = _setup_rows(sections)
    page = Page(_collapse(_text(title)), tuple(sections), setup)
    return page if english is None else _kinds_from(page, english)


def _text(node: Element | None) -> str:
    return "" if node is None else "".join(i.plain() for i in inlines(node))


def _setup_rows(sections: list[Section]) -> tuple[SetupRow, ...]:
    rows: list[SetupRow] = []
    for section in sections:
        if section.kind != "setup":
            continue
        for block in section.blocks:
            for row in block.rows:
                if len(row) >= 2:
                    label = _collapse("".join(i.plain() for i in row[0]))
                    text = _collapse(" ".join("".join(i.plain() for i in c) for c in row[1:]))
                    rows.append(SetupRow(setup_kind(label, text), label, text))
    return tuple(rows)


def _kinds_from(page: Page, english: Page) -> Page:
    """Copy section and Setup-row kinds from the English page, position by position."""
    same_shape = len(page.sections) == len(english.sections)
    sections = tuple(
        replace(s, kind=english.sections[n].kind if same_shape else s.kind)
        for n, s in enumerate(page.sections)
    )
    if same_shape:  # the translated titles did not say "Setup", so find the rows again
        rows = [
            SetupRow(english.setup[n].kind if n < len(english.setup) else "other", *pair)
            for n, pair in enumerate(_row_texts(sections))
        ]
        return replace(page, sections=sections, setup=tuple(rows))
    return replace(page, sections=sections)


def _row_texts(sections: tuple[Section, ...]) -> list[tuple[str, str]]:
    return [(r.label, r.text) for r in _setup_rows(list(sections))]
