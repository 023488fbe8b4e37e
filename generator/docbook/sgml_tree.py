"""Build the neutral tree from SGML tokens, inferring omitted end tags.

DocBook 3.x lets authors leave out end tags such as </para>, </listitem>,
</entry>, </row> and the section ends. Rather than load the DTD we encode the
few content-model facts needed: which elements are EMPTY, which may be closed
implicitly, and which start tags close them.
"""

from __future__ import annotations

from generator.diagnostics import SpecError

from .entities import Entities
from .errors import spec_error
from .sgml_tokenizer import EndTag, StartTag, TextToken, tokenize
from .tree import Element, Text

MAX_DEPTH = 200


def _words(names: str) -> frozenset[str]:
    return frozenset(names.split())


EMPTY = _words(
    "anchor area audiodata beginpage co colspec footnoteref graphic imagedata "
    "inlinegraphic sbr spanspec varargs videodata void xref"
)

# Rank of divisions: a start tag closes any open division of the same or a
# deeper rank ("section" nests recursively, so it has no rank).
_DIVISION_RANK: dict[str, int] = {
    "book": 0,
    "part": 1,
    "reference": 1,
    **dict.fromkeys(_words("chapter appendix preface article glossary bibliography index"), 2),
    "sect1": 3,
    "refentry": 3,
    "sect2": 4,
    "refsect1": 4,
    "sect3": 5,
    "refsect2": 5,
    "sect4": 6,
    "refsect3": 6,
    "sect5": 7,
    "simplesect": 8,
}

_HEADINGS = frozenset({"bridgehead", "title", *_DIVISION_RANK, "section"})
_TABLE_PARTS = frozenset({"tgroup", "thead", "tbody", "tfoot", "row", "entry", "entrytbl"})
_LIST_PARTS = frozenset({"listitem", "varlistentry", "term", "member", "glossentry", "glossdef"})

# Start tags that implicitly end an open element (end tag omitted).
_CLOSED_BY: dict[str, frozenset[str]] = {
    "para": _HEADINGS | _TABLE_PARTS | _LIST_PARTS | {"para", "simpara", "formalpara"},
    "simpara": _HEADINGS | _TABLE_PARTS | _LIST_PARTS | {"para", "simpara", "formalpara"},
    "listitem": _HEADINGS | {"listitem", "varlistentry", "term"},
    "varlistentry": _HEADINGS | {"varlistentry"},
    "term": _HEADINGS | {"term", "listitem", "varlistentry"},
    "member": _HEADINGS | {"member"},
    "entry": _HEADINGS | {"entry", "entrytbl", "row", "thead", "tbody", "tfoot"},
    "row": _HEADINGS | {"row", "thead", "tbody", "tfoot"},
    "thead": _HEADINGS | {"tbody", "tfoot"},
    "tfoot": _HEADINGS | {"tbody"},
    "glossterm": _HEADINGS | {"glossdef", "glosssee", "glossentry"},
    "glossdef": _HEADINGS | {"glossentry"},
    "glossentry": _HEADINGS | {"glossentry"},
}


def _closes(tag: str, open_tag: str) -> bool:
    """Does start tag `tag` implicitly end the open element `open_tag`?"""
    if open_tag in _DIVISION_RANK:
        rank = _DIVISION_RANK.get(tag)
        return rank is not None and rank <= _DIVISION_RANK[open_tag]
    return tag in _CLOSED_BY.get(open_tag, frozenset())


def _fail(path: str, line: int, message: str, hint: str | None = None) -> SpecError:
    return spec_error(path, line, f"malformed SGML: {message}", hint=hint)


def _omissible(tag: str) -> bool:
    return tag in _CLOSED_BY or tag in _DIVISION_RANK


def parse_sgml(text: str, path: str) -> Element:
    """Parse SGML DocBook text into a neutral tree; problems raise SpecError."""
    entities = Entities(path)
    stack: list[Element] = []
    root: Element | None = None

    for token in tokenize(text, path, entities):
        if isinstance(token, TextToken):
            if stack:
                stack[-1].children.append(Text(token.value, token.line))
            elif token.value.strip():
                where = "after" if root is not None else "before"
                leading = token.value[: len(token.value) - len(token.value.lstrip())]
                line = token.line + leading.count("\n")
                raise _fail(path, line, f"text {where} the document element")
        elif isinstance(token, StartTag):
            while stack and _omissible(stack[-1].tag) and _closes(token.name, stack[-1].tag):
                stack.pop()
            element = Element(token.name, token.line, token.attrs)
            if stack:
                stack[-1].children.append(element)
            elif root is None:
                root = element
            else:
                raise _fail(
                    path, token.line, f"<{token.name}> after the end of the document element"
                )
            if not token.empty and token.name not in EMPTY:
                if len(stack) >= MAX_DEPTH:
                    raise _fail(path, token.line, f"elements nested more than {MAX_DEPTH} deep")
                stack.append(element)
        else:
            _close(stack, token, path)

    if root is None:
        raise spec_error(path, 1, "no document element", hint="the file has no DocBook content")
    for element in reversed(stack):
        if not _omissible(element.tag):
            raise _fail(
                path,
                element.line,
                f"<{element.tag}> is never closed",
                hint=f"add </{element.tag}> where the element ends",
            )
    return root


def _close(stack: list[Element], token: EndTag, path: str) -> None:
    name = token.name or (stack[-1].tag if stack else "")
    if name in EMPTY:
        return  # a redundant end tag for an EMPTY element is harmless
    depth = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].tag == name), None)
    if depth is None:
        if name in _CLOSED_BY:
            return  # already closed implicitly, e.g. </para> after a nested <para>
        raise _fail(path, token.line, f"</{name}> has no matching start tag")
    for element in stack[depth + 1 :]:
        if not _omissible(element.tag):
            raise _fail(
                path,
                token.line,
                f"</{name}> closes <{element.tag}> (line {element.line}) which was not closed",
                hint=f"add </{element.tag}> before </{name}>",
            )
    del stack[depth:]
