"""Messages as itstool builds them, and the POT text itstool writes for them."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TextIO

from lxml import etree

from generator.i18n.rules import NS_XML, Element

# itstool collapses with Python's Unicode-aware \s, so NBSP collapses too.
WHITESPACE = re.compile(r"\s+")
CREDITS_ID = "translator-credits"
CREDITS_CONTEXT = "_"
CREDITS_COMMENT = "Put one translator per line, in the form NAME <EMAIL>, YEAR1, YEAR2"


def escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def prefixed(node: Element, key: str) -> str:
    """`{uri}local` as `prefix:local`, the way libxml2 names it."""
    qn = etree.QName(key)
    if qn.namespace is None:
        return qn.localname
    if qn.namespace == NS_XML:
        return f"xml:{qn.localname}"
    prefixes = [p for p, uri in node.nsmap.items() if uri == qn.namespace and p]
    return f"{prefixes[0]}:{qn.localname}" if prefixes else qn.localname


@dataclass(eq=False)
class Placeholder:
    node: Element
    name: str


@dataclass(eq=False)
class Message:
    parts: list[str | Placeholder] = field(default_factory=list)
    empty: bool = True
    context: str | None = None
    sources: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    id_values: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    locale_filter: tuple[str, str] | None = None
    preserve: bool = False

    def _append(self, text: str) -> None:
        if self.parts and isinstance(self.parts[-1], str):
            self.parts[-1] += text
        else:
            self.parts.append(text)

    def add_text(self, text: str) -> None:
        self._append(escape_text(text))
        if WHITESPACE.sub(" ", text).strip():
            self.empty = False

    def add_entity_ref(self, name: str) -> None:
        self._append(f"&{name};")
        self.empty = False

    def add_placeholder(self, node: Element) -> None:
        self.parts.append(Placeholder(node, etree.QName(node).localname))

    def add_start_tag(self, node: Element) -> None:
        tag = node.prefix + ":" if node.prefix else ""
        text = f"<{tag}{etree.QName(node).localname}"
        for key, value in node.attrib.items():
            value = escape_text(str(value)).replace('"', "&quot;")
            text += f' {prefixed(node, str(key))}="{value}"'
        self._append(text + (">" if has_children(node) else "/>"))

    def add_end_tag(self, node: Element) -> None:
        if has_children(node):
            tag = node.prefix + ":" if node.prefix else ""
            self._append(f"</{tag}{etree.QName(node).localname}>")

    def placeholder(self, name: str) -> Placeholder | None:
        holders = [p for p in self.parts if isinstance(p, Placeholder)]
        for number, holder in enumerate(holders, start=1):
            if f"{holder.name}-{number}" == name:
                return holder
        return None

    def string(self) -> str:
        out, number = "", 0
        for part in self.parts:
            if isinstance(part, str):
                out += part
            else:
                number += 1
                out += f"<_:{part.name}-{number}/>"
        return out if self.preserve else WHITESPACE.sub(" ", out).strip()

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.string())

    def merge_from(self, other: Message) -> None:
        self.sources += other.sources
        self.markers += other.markers
        self.comments += other.comments
        self.id_values += other.id_values
        self.preserve = self.preserve or other.preserve
        if other.locale_filter is not None:
            if self.locale_filter is None:
                self.locale_filter = other.locale_filter
            else:  # itstool joins the lists the same way
                joined = f"{self.locale_filter}, {other.locale_filter}"
                self.locale_filter = (joined, self.locale_filter[1])

    def auto_comments(self) -> list[str | None]:
        """The `#.` lines in itstool's order; None separates two comments."""
        lines: list[str | None] = [f"(itstool) path: {m}" for m in dict.fromkeys(self.markers)]
        lines += [f"(itstool) id: {v}" for v in self.id_values]
        if self.locale_filter is not None:
            lst, typ = self.locale_filter
            lines.append(f"(itstool) {typ} locale: {lst}")
        for index, comment in enumerate(dict.fromkeys(self.comments)):
            if index:
                lines.append(None)
            lines += wrap_comment(comment)
        return lines

    def format(self) -> str:
        out = "".join("#.\n" if line is None else f"#. {line}\n" for line in self.auto_comments())
        out += "".join(f"#: {source}\n" for source in self.sources)
        if self.preserve:
            out += "#, no-wrap\n"
        if self.context is not None:
            out += f'msgctxt "{self.context}"\n'
        text = self.string()
        if self.preserve:
            lines = text.split("\n")
            out += 'msgid ""\n'
            out += "".join(f'"{po_escape(line)}\\n"\n' for line in lines[:-1])
            out += f'"{po_escape(lines[-1])}"\n'
        else:
            out += f'msgid "{po_escape(text)}"\n'
        return out + 'msgstr ""\n'


def has_children(node: Element) -> bool:
    return len(node) > 0 or node.text is not None


def po_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def wrap_comment(text: str) -> list[str]:
    """Wrap like itstool: keep multi-line comments, else break at 72 columns."""
    if "\n" in text:
        lines = text.split("\n")
        while lines and lines[0] == "":
            lines.pop(0)
        return lines
    out = []
    while len(text) > 72:
        cut = text.rfind(" ", 0, 72)
        if cut == -1:
            cut = text.find(" ")
        if cut == -1:
            break
        out.append(text[:cut])
        text = text[cut + 1 :]
    return [*out, text]


class MessageList:
    """Messages in extraction order; duplicates merge on output like itstool's."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.by_node: dict[Element, Message] = {}
        self._has_credits = False

    def add(self, message: Message, node: Element | None) -> None:
        self.messages.append(message)
        if node is not None:
            self.by_node[node] = message

    def add_credits(self) -> None:
        if not self._has_credits:
            msg = Message(context=CREDITS_CONTEXT, comments=[CREDITS_COMMENT])
            msg.add_text(CREDITS_ID)
            self.messages.append(msg)
            self._has_credits = True

    def merged(self) -> list[Message]:
        unique: dict[tuple[str | None, str], Message] = {}
        for msg in self.messages:
            if msg.key in unique:
                unique[msg.key].merge_from(msg)
            else:
                unique[msg.key] = Message(
                    parts=list(msg.parts),
                    empty=msg.empty,
                    context=msg.context,
                    sources=list(msg.sources),
                    markers=list(msg.markers),
                    id_values=list(msg.id_values),
                    comments=list(msg.comments),
                    locale_filter=msg.locale_filter,
                    preserve=msg.preserve,
                )
        return list(unique.values())

    def write_pot(self, out: TextIO, date: str | None = None) -> None:
        date = date or time.strftime("%Y-%m-%d %H:%M%z")
        out.write(POT_HEADER.format(date=date))
        for msg in self.merged():
            out.write(msg.format() + "\n")


POT_HEADER = """msgid ""
msgstr ""
"Project-Id-Version: PACKAGE VERSION\\n"
"POT-Creation-Date: {date}\\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@li.org>\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"

"""
