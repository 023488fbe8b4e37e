"""GNOME's translations of a real Aisleriot page, brought into Helpdeck's PO files.

GNOME builds its help POT with itstool's bundled DocBook rules, which match only `book`,
`article` and `chapter` roots: a game page (root `sect1`) gets no rules at all there, so
every inline element is a message of its own (`<_:emphasis-1/>` plus "Basil Dalton").
Helpdeck keeps inline markup inside its block's message (`docbook-sect1.its`).  For the
~99 % of messages without inline markup both agree; for the rest we convert:

1. merge the GNOME PO into the page the way GNOME's build would (`gnome=True`
   segmentation), giving the translated page;
2. extract Helpdeck's messages from the English page and from the translated one; they
   come in the same order, so each English msgid pairs with its translated msgstr;
3. keep a pair only if every GNOME message it is made of was translated (not fuzzy,
   not rejected by the markup check) and the pair carries the same markup.

The result is merged into `specs/po/<lang>.po` (one PO per language for all games):
new messages are added, untranslated or fuzzy ones filled, and a translation that
differs from one already there is kept unless `replace` is set.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from lxml import etree

from generator.diagnostics import Diagnostic, SpecError
from generator.i18n.extract import DocumentMessages
from generator.i18n.merge import CREDIT_LINE, Merger
from generator.i18n.messages import CREDITS_CONTEXT, CREDITS_ID, Message, MessageList
from generator.i18n.po import header, load_po, translations
from generator.i18n.pofix import repair_previous
from generator.i18n.rules import Element, is_element, rules_for
from generator.i18n.safety import markup_problems, parse_fragment
from generator.i18n.xmlsafe import parse_file


@dataclass(frozen=True, slots=True)
class Imported:
    context: str | None
    msgid: str
    msgstr: str
    source: str  # "file:line" of the message in the page


@dataclass(slots=True)
class ImportReport:
    added: int = 0
    filled: int = 0
    same: int = 0
    kept: int = 0  # a different translation was already there (see `replace`)
    replaced: int = 0
    missing: int = 0  # page messages GNOME's PO does not translate
    credits: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.added} added, {self.filled} filled, {self.same} already there, "
            f"{self.replaced} replaced, {self.kept} kept (differs; --replace to take GNOME's), "
            f"{self.missing} not translated by GNOME"
        )


def _messages(tree: etree._ElementTree, page: Path, name: str, gnome: bool) -> MessageList:
    messages = MessageList()
    DocumentMessages(tree, page, name, messages, rules_for(tree, gnome=gnome)).generate()
    return messages


def gnome_translations(
    page: Path, gnome_po: Path, name: str | None = None, catalog: Catalog | None = None
) -> tuple[list[Imported], int, list[Diagnostic]]:
    """The page's messages (Helpdeck segmentation) that `gnome_po` translates.

    Returns them, the number of page messages left untranslated, and the diagnostics of
    GNOME translations rejected by the markup check.  `catalog` is `gnome_po` already
    loaded, if the caller has it.
    """
    name = name or str(page)
    table = translations(catalog if catalog is not None else load_po(gnome_po))
    english = parse_file(page)
    translated = parse_file(page)
    merger = Merger(translated, table, gnome_po, strict=False, gnome=True)
    merger.merge_document("und")
    gnome_units = _messages(english, page, name, gnome=True).by_node
    ours_en = _messages(english, page, name, gnome=False)
    ours_tr = _messages(translated, page, name, gnome=False)
    node_of = {id(msg): node for node, msg in ours_en.by_node.items()}
    units = set(ours_en.by_node)
    out: list[Imported] = []
    missing = 0
    if len(ours_en.messages) != len(ours_tr.messages):  # the merge changed the structure
        raise SpecError(
            Diagnostic(str(gnome_po), None, f"cannot pair GNOME's translation with {name}")
        )
    for en, tr in zip(ours_en.messages, ours_tr.messages, strict=True):
        node = node_of.get(id(en))
        if node is None:  # credits and external-reference messages
            continue
        keys = [gnome_units[n].key for n in _own_nodes(node, units) if n in gnome_units]
        if keys and all(k in merger.used for k in keys) and _same_markup(node, en, tr):
            out.append(Imported(en.context, en.string(), tr.string(), en.sources[0]))
        else:
            missing += 1
    return out, missing, merger.diagnostics


def _same_markup(node: Element, english: Message, translated: Message) -> bool:
    """A guard on the pairing: the translation must carry the English message's markup."""
    tag = etree.QName(node).localname
    try:
        source = parse_fragment(english.string(), tag, dict(node.nsmap))
        target = parse_fragment(translated.string(), tag, dict(node.nsmap))
    except etree.XMLSyntaxError:
        return False
    return not markup_problems(source, target)


def _own_nodes(node: Element, units: set[Element]) -> list[Element]:
    """`node` and its descendants, except other units' subtrees (nested placeholders)."""
    found = [node]
    for child in node:
        if is_element(child) and child not in units:
            found += _own_nodes(child, units)
    return found


def gnome_credits(catalog: Catalog) -> list[str]:
    """The `Name <email>, years` lines of a GNOME PO's translator-credits."""
    found = translations(catalog).get((CREDITS_CONTEXT, CREDITS_ID))
    if found is None:
        return []
    return [line.strip() for line in found.text.splitlines() if CREDIT_LINE.match(line.strip())]


def import_gnome(
    page: Path,
    gnome_po: Path,
    target: Path,
    lang: str,
    name: str | None = None,
    replace: bool = False,
) -> ImportReport:
    """Merge GNOME's translation of `page` into `target` (created if missing)."""
    gnome = load_po(gnome_po)
    found, missing, diagnostics = gnome_translations(page, gnome_po, name, gnome)
    report = ImportReport(missing=missing, diagnostics=diagnostics)
    if target.exists():
        catalog = load_po(target)
    else:
        plural = header(gnome, "Plural-Forms") or "nplurals=2; plural=(n != 1);"
        catalog = Catalog(
            locale=None,
            fuzzy=False,
            project="Helpdeck",
            header_comment=f"# {lang} translation of the Helpdeck help, started from GNOME's "
            f"Aisleriot help\n# translation ({gnome_po.name}) by `helpdeck i18n import`.",
        )
        catalog.mime_headers = [
            ("Project-Id-Version", "Helpdeck"),
            ("Language", lang),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            ("Plural-Forms", plural),
        ]
    for item in found:
        _merge_one(catalog, item, replace, report)
    _merge_credits(catalog, gnome_credits(gnome), report)
    write_catalog(catalog, target)
    return report


def _merge_one(catalog: Catalog, item: Imported, replace: bool, report: ImportReport) -> None:
    file, _, line = item.source.rpartition(":")
    existing = catalog.get(item.msgid, context=item.context)
    if existing is None:
        catalog.add(
            item.msgid,
            item.msgstr,
            locations=[(file, int(line))],
            context=item.context,
        )
        report.added += 1
    elif not existing.string or existing.fuzzy:
        existing.string = item.msgstr
        existing.flags.discard("fuzzy")
        report.filled += 1
    elif existing.string == item.msgstr:
        report.same += 1
    elif replace:
        existing.string = item.msgstr
        report.replaced += 1
    else:
        report.kept += 1


def _merge_credits(catalog: Catalog, lines: list[str], report: ImportReport) -> None:
    if not lines:
        return
    existing = catalog.get(CREDITS_ID, context=CREDITS_CONTEXT)
    current = (
        []
        if existing is None or not existing.string or existing.string == CREDITS_ID
        else [line for line in str(existing.string).splitlines() if line.strip()]
    )
    new = [line for line in lines if line not in current]
    if not new:
        return
    text = "\n".join([*current, *new])
    if existing is None:
        catalog.add(
            CREDITS_ID,
            text,
            context=CREDITS_CONTEXT,
            auto_comments=["Put one translator per line, in the form NAME <EMAIL>, YEAR1, YEAR2"],
        )
    else:
        existing.string = text
        existing.flags.discard("fuzzy")
    report.credits = new


_HEADER = re.compile(r'\A\s*((?:#[^\n]*\n)*msgid ""\nmsgstr ""\n(?:"[^\n]*"\n)*)')


def write_catalog(catalog: Catalog, po: Path) -> None:
    """Write `catalog` to `po` as `helpdeck i18n update` does, keeping an existing header."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76, include_previous=True, ignore_obsolete=False)
    text = repair_previous(buffer.getvalue().decode("utf-8"))
    if po.exists():
        old = _HEADER.match(po.read_text("utf-8", errors="replace"))
        new = _HEADER.match(text)
        if old and new:
            text = text.replace(new.group(1), old.group(1), 1).lstrip("\n")
    try:
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SpecError(
            Diagnostic(str(po), None, f"cannot write PO file: {exc.strerror}")
        ) from None
