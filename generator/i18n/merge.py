"""Merge a PO translation into a DocBook file, like `itstool -m`, but safely.

The result matches itstool's for every translation that passes the markup
safety check (see safety.py); a rejected translation falls back to English
with a diagnostic instead of itstool's bare stderr warning.  Untranslated and
fuzzy messages stay English, as with msgfmt-compiled MO files.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

from lxml import etree

from generator.diagnostics import Diagnostic, Level
from generator.i18n.extract import DocumentMessages
from generator.i18n.messages import CREDITS_CONTEXT, CREDITS_ID, MessageList
from generator.i18n.po import Translation, load_po, translations
from generator.i18n.rules import NS_ITST, DocRules, Element, is_element, rules_for
from generator.i18n.safety import NS_BLANK, markup_problems, parse_fragment
from generator.i18n.xmlsafe import parse_file

CREDIT_LINE = re.compile(r"(.*) <(.*)>, (.*)")


def merge_translation(
    xml_path: Path, po_path: Path, strict: bool = False, lang: str | None = None
) -> tuple[bytes, list[Diagnostic]]:
    """Translate `xml_path` with `po_path`; returns the XML bytes and per-message problems.

    The root gets `lang=<language>` from `lang` or the PO file name, as with
    itstool.  Unreadable input (source XML or PO syntax) raises SpecError.  A rejected
    translation is a WARNING, or an ERROR with `strict=True`; either way that
    message stays English.
    """
    catalog = load_po(po_path)
    # Like itstool -m, the language comes from the file name (de.po -> de) unless given.
    language = convert_locale(lang or po_path.stem)
    tree = parse_file(xml_path)
    merger = Merger(tree, translations(catalog), po_path, strict)
    merger.merge_document(language)
    data = etree.tostring(tree, encoding="utf-8", xml_declaration=True)
    return data, merger.diagnostics


class Merger:
    def __init__(
        self,
        tree: etree._ElementTree,
        table: dict[tuple[str | None, str], Translation],
        po_path: Path,
        strict: bool,
        gnome: bool = False,
    ) -> None:
        self.tree, self.table, self.po_path, self.strict = tree, table, po_path, strict
        self.rules: DocRules = rules_for(tree, gnome=gnome)
        self.used: set[tuple[str | None, str]] = set()  # keys whose translation was merged
        self.messages = MessageList()
        self.diagnostics: list[Diagnostic] = []

    def merge_document(self, language: str) -> None:
        path = Path(self.tree.docinfo.URL or "document.xml")
        DocumentMessages(self.tree, path, str(path), self.messages, self.rules).generate()
        root = self.tree.getroot()
        self.merge_credits()
        self.merge(root, language)
        # Untranslated units keep their source language explicitly (itstool does the same).
        for node in self.messages.by_node:
            attr = self.rules.lang_attr.get(node)
            lang = next(
                (self.rules.lang[a] for a in _ancestors(node) if a in self.rules.lang), None
            )
            if attr is not None and lang is not None:
                node.set(attr, lang)
        root = self.tree.getroot()
        if root in self.rules.lang_attr:
            root.set(self.rules.lang_attr[root], language)

    def merge(self, node: Element, language: str | None) -> None:
        lst, typ = self.rules.locale_filter(node)
        excluded = typ == "include" and lst != "*" and not match_locale_list(lst, language)
        excluded = excluded or (typ == "exclude" and match_locale_list(lst, language))
        if self.rules.dropped(node) or excluded:
            _remove(node)
            return
        if node not in self.messages.by_node:
            for child in list(node):
                if is_element(child):
                    self.merge(child, language)
            return
        new = self.translated(node)
        if new is not node:
            _replace(self.tree, node, new)

    def translated(self, node: Element) -> Element:
        """A translated copy of `node`, or `node` itself if there is no usable translation."""
        msg = self.messages.by_node.get(node)
        if msg is None:
            return node
        found = self.table.get(msg.key)
        if found is None:
            return node
        tag = etree.QName(node).localname
        try:
            source = parse_fragment(msg.string(), tag, dict(node.nsmap))
            target = parse_fragment(found.text, tag, dict(node.nsmap))
        except etree.XMLSyntaxError as exc:
            return self.reject(found, msg.string(), [f"not well-formed XML: {exc.msg}"], node)
        problems = markup_problems(source, target)
        if problems:
            return self.reject(found, msg.string(), problems, node)
        self.used.add(msg.key)
        holders = [n for n in target.iter() if is_element(n) and _namespace(n) == NS_BLANK]
        for holder_el in holders:
            holder = msg.placeholder(etree.QName(holder_el).localname)
            assert holder is not None  # markup_problems guarantees the same placeholders
            if any(is_element(c) for c in holder.node):
                self.merge(holder.node, None)
                filled = copy.deepcopy(holder.node)
            else:
                filled = copy.deepcopy(self.translated(holder.node))
            filled.tail = holder_el.tail
            parent = holder_el.getparent()
            assert parent is not None
            parent.replace(holder_el, filled)
        result = copy.copy(node)  # tag, attributes and namespaces, no children yet
        for child in list(result):
            result.remove(child)
        result.text = target.text
        result.extend(list(target))
        return result

    def reject(self, found: Translation, msgid: str, problems: list[str], node: Element) -> Element:
        level = Level.ERROR if self.strict else Level.WARNING
        short = msgid if len(msgid) <= 60 else msgid[:57] + "..."
        for problem in problems:
            self.diagnostics.append(
                Diagnostic(
                    str(self.po_path),
                    found.line,
                    f"translation of {short!r} rejected: {problem}; using the English text",
                    level,
                    hint="translate the text but keep exactly the markup of the msgid",
                )
            )
        return node

    def merge_credits(self) -> None:
        """Append translator credits where the ITS rules say (itst:credits)."""
        if self.rules.credits is None:
            return
        found = self.table.get((CREDITS_CONTEXT, CREDITS_ID))
        if found is None or found.text == CREDITS_ID:
            return
        target, rule = self.rules.credits
        for line in found.text.split("\n"):
            match = CREDIT_LINE.match(line)
            if match:
                _fill_template(target, rule, match.groups())


def _fill_template(parent: Element, template: Element, data: tuple[str, ...]) -> None:
    _add_text(parent, template.text)
    for node in template:
        if not is_element(node):
            _add_text(parent, node.tail)
            continue
        qn = etree.QName(node)
        if qn.namespace == NS_ITST and qn.localname == "for-each":
            if node.get("select") == "years":
                for year in data[2].split(","):
                    _fill_template(parent, node, (*data[:3], year.strip()))
        elif qn.namespace == NS_ITST and qn.localname == "value-of":
            fields = {"name": 0, "email": 1, "years": 2, "year": 3}
            index = fields.get(node.get("select", ""), 99)
            if index < len(data):
                _add_text(parent, data[index])
        else:
            child = etree.SubElement(
                parent, node.tag, {str(k): str(v) for k, v in node.attrib.items()}
            )
            _fill_template(child, node, data)
        _add_text(parent, node.tail)


def _add_text(parent: Element, text: str | None) -> None:
    if not text:
        return
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def _namespace(node: Element) -> str | None:
    return etree.QName(node).namespace


def _ancestors(node: Element) -> list[Element]:
    return [node, *node.iterancestors()]


def _replace(tree: etree._ElementTree, old: Element, new: Element) -> None:
    parent = old.getparent()
    if parent is None:  # keep the document (and its DOCTYPE): refill the root in place
        for child in list(old):
            old.remove(child)
        old.text = new.text
        old.extend(list(new))
        return
    new.tail = old.tail
    parent.replace(old, new)


def _remove(node: Element) -> None:
    """Unlink `node` and, like itstool, the whitespace-only text just before it."""
    parent = node.getparent()
    if parent is None:
        return
    tail = node.tail or ""
    prev = node.getprevious()
    before = (prev.tail if prev is not None else parent.text) or ""
    joined = tail if before and not before.strip(" \t\r\n") else before + tail
    if prev is not None:
        prev.tail = joined or None
    else:
        parent.text = joined or None
    parent.remove(node)


def match_locale_list(ranges: str, locale: str | None) -> bool:
    if not ranges.strip() or locale is None:
        return False
    return any(_match_locale(r.strip(), locale) for r in ranges.split(","))


def _match_locale(extrange: str, locale: str) -> bool:
    # RFC 4647 extended filtering, as itstool implements it.
    ranges = [x.lower() for x in extrange.split("-")]
    tags = [x.lower() for x in locale.split("-")]
    if ranges[0] not in ("*", tags[0]):
        return False
    r = t = 0
    while r < len(ranges):
        if ranges[r] == "*":
            r += 1
        elif t >= len(tags):
            return False
        elif ranges[r] == tags[t]:
            r, t = r + 1, t + 1
        elif len(tags[t]) == 1:
            return False
        else:
            t += 1
    return True


_LOCALE = re.compile(r"([a-zA-Z0-9-]+)(_[A-Za-z0-9]+)?(@[A-Za-z0-9]+)?(\.[A-Za-z0-9]+)?")
_SCRIPTS = {"@cyrillic": "-Cyrl", "@devanagari": "-Deva", "@latin": "-Latn", "@shaw": "-Shaw"}


def convert_locale(locale: str) -> str:
    """POSIX locale name to BCP 47 (sr@latin -> sr-Latn, pt_BR -> pt-BR), as itstool does."""
    match = _LOCALE.match(locale)
    if match is None:
        return locale
    out = match.group(1).lower()
    variant = match.group(3)
    if variant in _SCRIPTS:
        out += _SCRIPTS[variant]
        variant = None
    if match.group(2):
        out += "-" + match.group(2)[1:].upper()
    if variant is not None and variant != "@euro":
        out += "-" + variant[1:].lower()
    return out
