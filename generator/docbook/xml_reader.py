"""DocBook XML -> neutral tree, with libxml2 locked down.

Nothing outside the given bytes is ever read: no DTD loading, no network, no
entity substitution by libxml2 (we expand internal entities ourselves, under a
budget), no XInclude processing (`xi:include` elements are kept as inert
elements and ignored later).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from .entities import Entities
from .errors import spec_error
from .tree import Element, Text

_XINCLUDE_NS = "{http://www.w3.org/2001/XInclude}"


def safe_xml_parser() -> etree.XMLParser:
    """lxml with no entity expansion, no DTD loading and no network: help pages are
    untrusted input (the help path in generator/help uses the same parser)."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=False,
        remove_pis=False,
    )


def parse_xml(data: bytes, path: str) -> Element:
    """Parse XML bytes into a neutral tree; any problem becomes a SpecError."""
    try:
        root = etree.fromstring(data, safe_xml_parser())
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        message, hint = f"malformed XML: {exc.msg}", "check the tag and entity syntax here"
        if "amplification" in exc.msg:
            message = "entity expansion too large (entity bomb?)"
            hint = "help documents only need short text entities such as &appname;"
        raise spec_error(path, line or None, message, hint=hint, column=column or None) from None
    except (ValueError, etree.LxmlError) as exc:
        raise spec_error(path, None, f"cannot parse XML: {exc}") from None
    if root is None:
        raise spec_error(path, 1, "no document element", hint="the file has no DocBook content")
    entities = Entities(path)
    dtd: Any = root.getroottree().docinfo.internalDTD  # stubs lack iterentities()
    if dtd is not None:
        for decl in dtd.iterentities():
            if decl.name:
                # `content` is None for SYSTEM/PUBLIC entities: never fetched.
                external = decl.system_url is not None or decl.content is None
                decl_value = None if external else decl.content
                entities.declare(decl.name, decl_value)
    element, _ = _convert(root, _line(root) or 1, entities)
    return element


def _line(node: Any) -> int | None:
    line = node.sourceline
    return line if isinstance(line, int) else None


def _tag_name(tag: str) -> str:
    if tag.startswith(_XINCLUDE_NS):
        return "xi:" + tag[len(_XINCLUDE_NS) :]
    if tag.startswith("{"):
        return tag.rsplit("}", 1)[1].lower()
    return tag.lower()


def _convert(node: etree._Element, line: int, entities: Entities) -> tuple[Element, int]:
    """Convert `node`; return it and the line on which its content ends.

    libxml2 records the line where each start tag (or comment) ends, so text
    lines are derived by counting newlines from the last known node.
    """
    line = _line(node) or line
    attrs = {str(k): str(v) for k, v in node.attrib.items()}
    element = Element(_tag_name(str(node.tag)), line, attrs)
    current = line
    if node.text:
        element.children.append(Text(node.text, current))
        current += node.text.count("\n")
    for child in node:
        current = _line(child) or current
        if isinstance(child, etree._Entity):
            element.children.append(Text(entities.expand(str(child.name), current), current))
        elif isinstance(child, etree._Comment | etree._ProcessingInstruction):
            pass  # libxml2 gives these the line where they *end*: already counted
        else:
            converted, current = _convert(child, current, entities)
            element.children.append(converted)
        if child.tail:
            element.children.append(Text(child.tail, current))
            current += child.tail.count("\n")
    return element, current
