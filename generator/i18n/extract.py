"""Extract translatable messages from DocBook help, exactly as itstool does.

`extract_pot(paths, out)` writes the same POT as
`itstool -i generator/i18n/docbook-sect1.its -o out paths...` (header date aside).
`#:` references name each file as it was given (or relative to `base`), just
as itstool names files as they appear on its command line.
"""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

from babel.messages.catalog import Catalog
from lxml import etree

from generator.diagnostics import Diagnostic, SpecError
from generator.i18n.messages import Message, MessageList
from generator.i18n.rules import DEFAULT_RULES, NS_XML, DocRules, Element, is_element, rules_for
from generator.i18n.xmlsafe import parse_file

EXTERNAL_COMMENT = (
    "This is a reference to an external file such as an image or video. When the file changes,"
    " the md5 hash will change to let you know you need to update your localized copy. The"
    " msgstr is not used at all. Set it to whatever you like once you have updated your copy"
    " of the file."
)


class DocumentMessages:
    """Walks one parsed document and records its messages (itstool's generate_message)."""

    def __init__(
        self,
        tree: etree._ElementTree,
        path: Path,
        name: str,
        messages: MessageList,
        rules: DocRules,
    ) -> None:
        self.tree, self.path, self.name = tree, path, name
        self.messages, self.rules = messages, rules

    def generate(self) -> None:
        if self.rules.credits is not None:
            self.messages.add_credits()
        self.walk(self.tree.getroot(), None)

    def walk(self, node: Element, msg: Message | None) -> None:
        rules = self.rules
        if rules.dropped(node) or rules.locale_filter(node) in (("", "include"), ("*", "exclude")):
            return
        within_text = False
        if rules.translate_of(node) == "no":
            if msg is not None:
                msg.add_placeholder(node)
            is_unit, msg = False, None
        else:
            is_unit = msg is None or rules.within_text_of(node) != "yes"
            if is_unit:
                if msg is not None:
                    msg.add_placeholder(node)
                msg = self.new_unit(node)
            else:
                within_text = True
                assert msg is not None
                msg.add_start_tag(node)
        self.external_resource(node)
        if msg is not None and node.text is not None:
            msg.add_text(node.text)
        for child in node:
            if is_element(child):
                self.walk(child, msg)
            elif isinstance(child, etree._Entity) and msg is not None:
                msg.add_entity_ref(child.name)  # only for entities we refuse to expand
            if msg is not None and child.tail is not None:
                msg.add_text(child.tail)
        if is_unit and msg is not None and not msg.empty:
            self.messages.add(msg, node)
        elif msg is not None and within_text:
            msg.add_end_tag(node)

    def new_unit(self, node: Element) -> Message:
        rules = self.rules
        msg = Message(context=rules.context_of(node), preserve=rules.preserve_space(node))
        xml_id = node.get(f"{{{NS_XML}}}id")
        if xml_id is not None:
            msg.id_values.append(f"{self.path.name}#{xml_id}")
        locale = rules.locale_filter(node)
        if locale != ("*", "include"):
            msg.locale_filter = locale
        msg.sources.append(f"{self.name}:{node.sourceline or 0}")
        msg.markers.append(f"{self.parent_name(node)}/{etree.QName(node).localname}")
        return msg

    def parent_name(self, node: Element) -> str:
        parent = node.getparent()
        # libxml2 names the document node after the file, so root markers read "file/root".
        return self.name if parent is None else etree.QName(parent).localname

    def external_resource(self, node: Element) -> None:
        ref = self.rules.externals.get(node)
        if ref is None or self.rules.translate_of(node) == "no":
            return
        msg = Message(context="_", comments=[EXTERNAL_COMMENT])
        msg.add_text(f"external ref='{ref}' md5='{self.file_md5(ref)}'")
        msg.sources.append(f"{self.name}:{node.sourceline or 0}")
        msg.markers.append(f"{self.parent_name(node)}/{etree.QName(node).localname}")
        self.messages.add(msg, None)

    def file_md5(self, ref: str) -> str:
        # Only hash files inside the document's own directory tree.
        base = self.path.parent.resolve()
        target = (base / ref).resolve()
        if not target.is_relative_to(base) or not target.is_file():
            return "__failed__"
        return hashlib.md5(target.read_bytes()).hexdigest()


def source_name(path: Path, base: Path | None) -> str:
    return str(path) if base is None else os.path.relpath(path, base)


def collect_messages(
    paths: list[Path],
    base: Path | None = None,
    rules_path: Path = DEFAULT_RULES,
    gnome: bool = False,
) -> MessageList:
    """All messages of `paths` in itstool's order; raises SpecError for unreadable input.

    `gnome` segments as GNOME's help builds do (itstool's bundled DocBook rules, which
    skip section-rooted pages), so the msgids are those of GNOME's PO files.
    """
    messages = MessageList()
    problems: list[Diagnostic] = []
    for path in paths:
        try:
            tree = parse_file(path)
        except SpecError as err:
            problems += err.diagnostics
            continue
        rules = rules_for(tree, rules_path, gnome)
        DocumentMessages(tree, path, source_name(path, base), messages, rules).generate()
    if problems:
        raise SpecError(problems)
    return messages


def extract_messages(paths: list[Path], base: Path | None = None) -> Catalog:
    """The messages of `paths` as a babel Catalog (a template: empty msgstrs)."""
    catalog = Catalog(fuzzy=False)
    for msg in collect_messages(paths, base).merged():
        locations = []
        for source in msg.sources:
            file, _, line = source.rpartition(":")
            locations.append((file, int(line)))
        catalog.add(
            msg.string(),
            "",
            locations=locations,
            auto_comments=[c or "" for c in msg.auto_comments()],
            flags=["no-wrap"] if msg.preserve else [],
            context=msg.context,
        )
    return catalog


def pot_text(
    paths: list[Path], base: Path | None = None, date: str | None = None, gnome: bool = False
) -> str:
    buffer = io.StringIO()
    collect_messages(paths, base, gnome=gnome).write_pot(buffer, date)
    return buffer.getvalue()


def extract_pot(
    paths: list[Path], out: Path, base: Path | None = None, gnome: bool = False
) -> None:
    """Write the POT for `paths` to `out` in itstool's exact format."""
    text = pot_text(paths, base, gnome=gnome)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
