"""A game's English help page, checked before any help is written from it.

`help_source(path)` returns the DocBook XML bytes that `generated/help/C/<game>.xml` holds,
or raises `SpecError` naming file:line and how to fix it.  No page is ever dropped with a
mere warning: what the help path cannot use faithfully is an error from `helpdeck lint`
and from `helpdeck generate` alike.

- DocBook XML is used as it is (comments, DOCTYPE and all) once it passes the checks.
- SGML-era DocBook (3.x) is converted to XML from the reader's tree (entities expanded,
  omitted end tags inferred), so legacy pages get help too.
- Refused, each at its line: malformed XML; bytes that are not in the declared encoding
  (Latin-1 in a UTF-8 file); an entity the page does not declare (`&nbsp;` from the
  DocBook DTD, which is never loaded); an external entity (`SYSTEM`/`PUBLIC`); a local
  or `file:` DTD; any XInclude element; a figure (`fileref`/`entityref`) outside the
  page's directory; an `xml-stylesheet` processing instruction.  Helpdeck never follows
  a reference out of the page, and copies none into generated help for later tools to
  follow: `xi:include` is refused rather than stripped, because stripping would drop the
  included help without a word.
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from lxml import etree

from generator.diagnostics import Diagnostic, Level, SpecError
from generator.docbook.reader import MAX_BYTES, decode, detect_format
from generator.docbook.sgml_tree import parse_sgml
from generator.docbook.tree import Element as TreeElement
from generator.docbook.tree import Text
from generator.docbook.xml_reader import safe_xml_parser

XINCLUDE = ("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude")
_REF_ATTRS = ("fileref", "entityref")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_NAME = re.compile(r"^[A-Za-z_][\w.\-]*$")
# The DocBook DTD is named but never fetched; only remote http(s) DTDs are accepted.
_REMOTE_DTD = re.compile(r"^https?://", re.IGNORECASE)


def help_source(path: Path, name: str | None = None) -> bytes:
    """The English DocBook XML of the help page at `path`; SpecError if unusable."""
    name = name or str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SpecError(Diagnostic(name, None, f"cannot read help: {exc.strerror}")) from None
    return help_source_bytes(data, name)


def help_source_bytes(data: bytes, name: str) -> bytes:
    if len(data) > MAX_BYTES:
        line = data[:MAX_BYTES].count(b"\n") + 1
        raise SpecError(
            Diagnostic(
                name, line, f"help is larger than {MAX_BYTES} bytes: the limit is passed here"
            )
        )
    if not data.strip():
        raise SpecError(Diagnostic(name, 1, "help is empty", hint="a help page is a <sect1>"))
    head = data[:4096].decode("latin-1")
    if not data.lstrip().startswith(b"<?xml") and detect_format(head, name) == "sgml":
        return _from_sgml(data, name)
    problems = check_xml(data, name)
    if problems:
        raise SpecError(problems)
    return data


def check_xml(data: bytes, name: str) -> list[Diagnostic]:
    """Every reason the XML page `data` cannot become help (empty when it can)."""
    try:
        root = etree.fromstring(data, safe_xml_parser())
    except etree.XMLSyntaxError as exc:
        at, column = exc.position
        return [Diagnostic(name, at or None, exc.msg, column=column or None, hint=_hint(exc.msg))]
    if root is None:
        return [Diagnostic(name, 1, "help has no document element", hint="add a <sect1>")]
    problems: list[Diagnostic] = []
    internal: set[str] = set()
    external: dict[str, str] = {}
    docinfo: Any = root.getroottree().docinfo  # stubs lack system_url and iterentities()
    text = _text(data, docinfo.encoding)
    system_url = docinfo.system_url
    if system_url and not _REMOTE_DTD.match(system_url):
        problems.append(
            Diagnostic(
                name,
                _line_of(text, "<!DOCTYPE"),
                f"the DOCTYPE names a local DTD ({system_url!r})",
                hint='use the DocBook DTD ("http://www.oasis-open.org/docbook/xml/4.3/'
                'docbookx.dtd") or no DOCTYPE; Helpdeck never reads a DTD',
            )
        )
    dtd: Any = docinfo.internalDTD
    if dtd is not None:
        for decl in dtd.iterentities():
            if not decl.name:
                continue
            if decl.system_url is not None or decl.content is None:
                external[decl.name] = decl.system_url or ""
            else:
                internal.add(decl.name)
    if external:  # one error, at the first declaration: a master book may declare dozens
        first = next(iter(external))
        problems.append(_external(name, text, first, external[first], len(external) - 1))
    outside = [*root.itersiblings(preceding=True), *root.itersiblings()]
    for node in [*outside, *root.iter()]:
        if isinstance(node, etree._ProcessingInstruction) and node.target == "xml-stylesheet":
            problems.append(
                Diagnostic(
                    name,
                    node.sourceline if isinstance(node.sourceline, int) else None,
                    f"an xml-stylesheet reference ({node.text!r}) in a help page",
                    hint="remove it: generated help has its own style and never points "
                    "outside the page",
                )
            )
            continue
        where = node.sourceline
        line = where if isinstance(where, int) else None
        if isinstance(node, etree._Entity):
            if node.name not in internal and node.name not in external:
                problems.append(_undefined(name, line, node.name))
        elif isinstance(node.tag, str):
            qname = etree.QName(node)
            if qname.namespace in XINCLUDE or node.tag.startswith("xi:"):
                problems.append(
                    Diagnostic(
                        name,
                        line,
                        f"xi:{qname.localname} (href {node.get('href', '')!r}) in a help page",
                        hint="Helpdeck never follows XInclude and will not copy it into "
                        "generated help: paste the included text into the page",
                    )
                )
            for attr in _REF_ATTRS:
                ref = node.get(attr)
                if ref is not None and not _inside(ref):
                    problems.append(
                        Diagnostic(
                            name,
                            line,
                            f"{qname.localname} {attr}={ref!r} points outside the page's directory",
                            hint="use a relative path such as figures/picture.png",
                        )
                    )
    return sorted(problems, key=lambda d: (d.line or 0, d.column or 0))


def _text(data: bytes, encoding: str | None) -> str:
    """The page as text, to find a declaration's line: in the encoding the parser read it
    in (a UTF-16 page searched as UTF-8 found nothing, and its error had no line)."""
    try:
        return data.decode(encoding or "utf-8")
    except (LookupError, UnicodeDecodeError):
        return data.decode("utf-8", "replace")


def _inside(ref: str) -> bool:
    if _SCHEME.match(ref) or ref.startswith(("/", "\\")):
        return False
    return ".." not in PurePosixPath(ref.replace("\\", "/")).parts


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1


def _external(name: str, text: str, entity: str, url: str, more: int) -> Diagnostic:
    decl = re.search(r"<!ENTITY\s+(%\s+)?" + re.escape(entity) + r"\s", text)
    if decl is None:  # not found as written (character references, say): the DOCTYPE's line
        line = _line_of(text, "<!DOCTYPE") or 1
    else:
        line = text.count("\n", 0, decl.start()) + 1
    others = f" (and {more} more)" if more else ""
    return Diagnostic(
        name,
        line,
        f"external entity '{entity}' ({url!r}){others} in a help page",
        hint=f'Helpdeck never loads external entities: declare <!ENTITY {entity} "its text"> '
        "or paste the text into the page",
    )


def _undefined(name: str, line: int | None, entity: str) -> Diagnostic:
    hint = f'declare it in the DOCTYPE (<!DOCTYPE sect1 [<!ENTITY {entity} "text">]>)'
    char = html.entities.html5.get(f"{entity};")
    if char is not None:
        code = " ".join(f"U+{ord(c):04X}" for c in char)
        hint = f"type the character itself ({code}) instead; the DocBook DTD is never loaded"
    return Diagnostic(name, line, f"undefined entity '&{entity};'", hint=hint)


def _hint(message: str) -> str:
    if "UTF-8" in message or "encoding" in message.lower() or "Char 0x" in message:
        return (
            "the file is not in its declared encoding (UTF-8 unless the XML declaration says "
            "otherwise): convert it, e.g. `iconv -f latin1 -t utf-8`"
        )
    if "Entity" in message and "not defined" in message:
        return "type the character itself, or declare the entity in the DOCTYPE"
    if "amplification" in message:
        return "help documents only need short text entities such as &appname;"
    return "check the tag and entity syntax here"


def _from_sgml(data: bytes, name: str) -> bytes:
    """An SGML-era page as DocBook XML, from the reader's tree (entities expanded)."""
    tree = parse_sgml(decode(data, name), name)
    root = _element(tree)
    body = etree.tostring(root, encoding="utf-8", xml_declaration=True)
    comment = b"\n<!-- converted from SGML DocBook by Helpdeck -->\n"
    decl, _, rest = body.partition(b"\n")
    return decl + comment + rest + b"\n"


def _element(node: TreeElement) -> etree._Element:
    element = etree.Element(node.tag if _NAME.match(node.tag) else "phrase")
    for key, value in node.attrs.items():
        if _NAME.match(key) and ":" not in key and key != "xmlns":  # SGML has no namespaces
            element.set(key, value)
    last: etree._Element | None = None
    for child in node.children:
        if isinstance(child, Text):
            value = _NOT_XML_CHAR.sub("", child.value)
            if last is None:
                element.text = (element.text or "") + value
            else:
                last.tail = (last.tail or "") + value
        else:
            last = _element(child)
            element.append(last)
    return element


def help_problems(path: Path | None, game: bool = True) -> list[Diagnostic]:
    """What `helpdeck lint` reports for a page's help path (empty when it is usable).

    Errors for a game's page (it has a sidecar: `generate` would fail the same way);
    warnings, saying the page could not become help, for a page linted on its own.
    """
    if path is None:
        return []
    try:
        help_source(path)
    except SpecError as error:
        if game:
            return error.diagnostics
        return [
            replace(d, level=Level.WARNING, message=f"{d.message} (no help could be made)")
            for d in error.diagnostics
        ]
    return []
