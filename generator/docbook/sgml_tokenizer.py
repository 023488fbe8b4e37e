"""Tokenizer for SGML DocBook 3.x: tags, text, entity references.

It understands just enough SGML for help documents: case-insensitive names,
unquoted and minimised attribute values, `&name` without `;`, comments,
processing instructions, marked sections and the DOCTYPE internal subset
(whose ENTITY declarations go into `Entities`). Every token carries the
source line where it starts.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.diagnostics import SpecError

from .entities import Entities
from .errors import spec_error

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-:]*")
_TEXT_RUN = re.compile(r"[^<&\]]+")
_ENTITY_REF = re.compile(r"&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z_][A-Za-z0-9_.\-]*);?")
_SPACE = re.compile(r"\s*")
_UNQUOTED = re.compile(r"[^\s\"'<>]+")
_MARKED_KEYWORDS = re.compile(r"\s*([^\[]*)\[")


@dataclass(frozen=True, slots=True)
class StartTag:
    name: str
    attrs: dict[str, str]
    line: int
    empty: bool  # written XML-style as <name/>


@dataclass(frozen=True, slots=True)
class EndTag:
    name: str  # "" for the SGML short form </>
    line: int


@dataclass(frozen=True, slots=True)
class TextToken:
    value: str
    line: int


Token = StartTag | EndTag | TextToken


class _Scanner:
    def __init__(self, text: str, path: str, entities: Entities) -> None:
        self.text = text
        self.path = path
        self.entities = entities
        self.pos = 0
        self.marked_depth = 0
        self._newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int | None = None) -> int:
        return bisect.bisect_left(self._newlines, self.pos if pos is None else pos) + 1

    def column(self, pos: int) -> int:
        index = bisect.bisect_left(self._newlines, pos)
        start = self._newlines[index - 1] + 1 if index else 0
        return pos - start + 1

    def error(self, pos: int, message: str, hint: str | None = None) -> SpecError:
        return spec_error(self.path, self.line(pos), message, hint=hint, column=self.column(pos))

    def skip_to(self, terminator: str, start: int, what: str) -> int:
        """Position just after `terminator`, searching from `start`."""
        end = self.text.find(terminator, start)
        if end < 0:
            raise self.error(start, f"unterminated {what}", hint=f"add the closing '{terminator}'")
        return end + len(terminator)

    def tokens(self) -> Iterator[Token]:
        text = self.text
        size = len(text)
        while self.pos < size:
            char = text[self.pos]
            if char == "<":
                yield from self._markup()
            elif char == "&":
                yield self._entity()
            elif char == "]" and self.marked_depth and text.startswith("]]>", self.pos):
                self.marked_depth -= 1
                self.pos += 3
            else:
                match = _TEXT_RUN.match(text, self.pos)
                end = match.end() if match else self.pos + 1
                yield TextToken(text[self.pos : end], self.line())
                self.pos = end

    def _entity(self) -> TextToken:
        line = self.line()
        match = _ENTITY_REF.match(self.text, self.pos)
        if match is None:
            self.pos += 1
            return TextToken("&", line)
        self.pos = match.end()
        return TextToken(self.entities.expand(match.group(1), line), line)

    def _markup(self) -> Iterator[Token]:
        text = self.text
        start = self.pos
        nxt = text[start + 1 : start + 2]
        if text.startswith("<!--", start):
            self.pos = self.skip_to("-->", start + 4, "comment")
        elif text.startswith("<![", start):
            cdata_start = self._marked_section(start)
            if cdata_start is not None:
                yield self._cdata(cdata_start)
        elif text[start : start + 9].upper() == "<!DOCTYPE":
            self._doctype(start)
        elif nxt in ("!", "?"):
            self.pos = self._skip_declaration(start + 2)
        elif nxt == "/":
            yield self._end_tag(start)
        elif nxt and _NAME.match(nxt):
            yield self._start_tag(start)
        else:
            self.pos += 1
            yield TextToken("<", self.line(start))

    def _skip_declaration(self, pos: int) -> int:
        """Skip to the '>' that ends a declaration, ignoring quoted '>'."""
        text = self.text
        while pos < len(text):
            char = text[pos]
            if char in "\"'":
                pos = self.skip_to(char, pos + 1, "quoted string")
                continue
            if char == ">":
                return pos + 1
            pos += 1
        raise self.error(pos - 1, "unterminated declaration", hint="add the closing '>'")

    def _start_tag(self, start: int) -> StartTag:
        text = self.text
        name_match = _NAME.match(text, start + 1)
        assert name_match is not None  # checked by the caller
        pos = name_match.end()
        attrs: dict[str, str] = {}
        while True:
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= len(text) or text[pos] == "<":
                raise self.error(start, f"unterminated start tag <{name_match.group()}>")
            if text[pos] == ">":
                pos += 1
                empty = False
                break
            if text.startswith("/>", pos):
                pos += 2
                empty = True
                break
            if text[pos] in "\"'":
                end = self.skip_to(text[pos], pos + 1, "attribute value")
                attrs[text[pos + 1 : end - 1].lower()] = text[pos + 1 : end - 1]
                pos = end
                continue
            attr = _NAME.match(text, pos)
            if attr is None:
                raise self.error(pos, f"unexpected {text[pos]!r} in tag <{name_match.group()}>")
            pos = _SPACE.match(text, attr.end()).end()  # type: ignore[union-attr]
            if text.startswith("=", pos):
                pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
                if pos < len(text) and text[pos] in "\"'":
                    end = self.skip_to(text[pos], pos + 1, "attribute value")
                    value = text[pos + 1 : end - 1]
                    pos = end
                else:
                    unquoted = _UNQUOTED.match(text, pos)
                    if unquoted is None:
                        raise self.error(pos, f"missing value for attribute {attr.group()!r}")
                    value = unquoted.group()
                    pos = unquoted.end()
                attrs[attr.group().lower()] = value
            else:
                # SGML minimised attribute: the value alone, e.g. <orderedlist arabic>.
                attrs[attr.group().lower()] = attr.group()
        self.pos = pos
        return StartTag(name_match.group().lower(), attrs, self.line(start), empty)

    def _end_tag(self, start: int) -> EndTag:
        text = self.text
        name_match = _NAME.match(text, start + 2)
        name = name_match.group().lower() if name_match else ""
        pos = _SPACE.match(text, name_match.end() if name_match else start + 2).end()  # type: ignore[union-attr]
        if not text.startswith(">", pos):
            raise self.error(
                start, f"malformed end tag </{name}", hint="end tags look like </para>"
            )
        self.pos = pos + 1
        return EndTag(name, self.line(start))

    def _marked_section(self, start: int) -> int | None:
        """Handle `<![ KEYWORD [`; for CDATA/RCDATA return where the text starts."""
        match = _MARKED_KEYWORDS.match(self.text, start + 3)
        if match is None:
            raise self.error(
                start, "malformed marked section", hint="expected <![ KEYWORD [ ... ]]>"
            )
        keywords = match.group(1).upper().split()
        if "IGNORE" in keywords:
            self.pos = self.skip_to("]]>", match.end(), "marked section")
        elif "CDATA" in keywords or "RCDATA" in keywords:
            return match.end()
        else:  # INCLUDE, TEMP or an unknown parameter entity: keep the content
            self.marked_depth += 1
            self.pos = match.end()
        return None

    def _cdata(self, content_start: int) -> TextToken:
        end = self.skip_to("]]>", content_start, "marked section")
        self.pos = end
        return TextToken(self.text[content_start : end - 3], self.line(content_start))

    def _doctype(self, start: int) -> None:
        text = self.text
        pos = start + 9
        while pos < len(text) and text[pos] not in "[>":
            if text[pos] in "\"'":
                pos = self.skip_to(text[pos], pos + 1, "quoted string")
            else:
                pos += 1
        if pos >= len(text):
            raise self.error(start, "unterminated DOCTYPE declaration")
        if text[pos] == ">":
            self.pos = pos + 1
            return
        pos = self._internal_subset(pos + 1)
        pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        if not text.startswith(">", pos):
            raise self.error(pos, "expected '>' after the DOCTYPE internal subset")
        self.pos = pos + 1

    def _internal_subset(self, pos: int) -> int:
        """Read ENTITY declarations up to the closing ']'; return its end."""
        text = self.text
        while True:
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= len(text):
                raise self.error(pos - 1, "unterminated DOCTYPE internal subset")
            if text[pos] == "]":
                return pos + 1
            if text.startswith("<!--", pos):
                pos = self.skip_to("-->", pos + 4, "comment")
            elif text[pos : pos + 8].upper() == "<!ENTITY":
                pos = self._entity_declaration(pos)
            elif text.startswith("<!", pos) or text.startswith("<?", pos):
                pos = self._skip_declaration(pos + 2)
            elif text[pos] == "%":
                pos = self.skip_to(";", pos, "parameter entity reference")
            else:
                raise self.error(pos, f"unexpected {text[pos]!r} in the DOCTYPE internal subset")

    def _entity_declaration(self, start: int) -> int:
        end = self._skip_declaration(start + 8)
        body = self.text[start + 8 : end - 1]
        parts = re.findall(r"\"[^\"]*\"|'[^']*'|[^\s\"']+", body)
        if not parts or parts[0] == "%":
            return end  # parameter entities only matter to a DTD we never load
        name = parts[0]
        rest = [p.upper() if p[0] not in "\"'" else p for p in parts[1:]]
        if rest and rest[0] in ("SYSTEM", "PUBLIC"):
            self.entities.declare(name, None)
        else:
            literal = next((p for p in parts[1:] if p[0] in "\"'"), None)
            if literal is not None:
                self.entities.declare(name, literal[1:-1])
        return end


def tokenize(text: str, path: str, entities: Entities) -> Iterator[Token]:
    """Yield the tokens of an SGML document, filling `entities` from its DOCTYPE."""
    return _Scanner(text, path, entities).tokens()
