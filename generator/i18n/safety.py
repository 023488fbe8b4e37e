"""Markup safety: a translation may change text and reorder markup, nothing else.

A translated message is accepted only when it is well-formed and contains
exactly the same elements, with the same attributes, as its msgid (order may
differ so translators can follow their grammar).  On top of that, XInclude
elements and script-like URLs are always refused, even if the msgid had them.
"""

from __future__ import annotations

from collections import Counter

from lxml import etree

from generator.i18n.rules import Element, is_element
from generator.i18n.xmlsafe import safe_parser

NS_BLANK = "http://itstool.org/extensions/blank/"
NS_XINCLUDE = "http://www.w3.org/2001/XInclude"
UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")

Signature = tuple[str, tuple[tuple[str, str], ...]]


def parse_fragment(text: str, tag: str, nsmap: dict[str | None, str]) -> Element:
    """Parse message text as the content of `<tag>`; raises etree.XMLSyntaxError."""
    namespaces = {**nsmap, "_": NS_BLANK}
    decls = "".join(
        f' xmlns="{uri}"' if prefix is None else f' xmlns:{prefix}="{uri}"'
        for prefix, uri in namespaces.items()
    )
    return etree.fromstring(f"<{tag}{decls}>{text}</{tag}>".encode(), safe_parser())


def signature(node: Element) -> Signature:
    attrs = tuple(sorted((str(k), str(v)) for k, v in node.attrib.items()))
    return (etree.QName(node).text, attrs)


def describe(sig: Signature) -> str:
    qn = etree.QName(sig[0])
    name = f"_:{qn.localname}" if qn.namespace == NS_BLANK else qn.localname
    attrs = "".join(f' {etree.QName(k).localname}="{v}"' for k, v in sig[1])
    return f"<{name}{attrs}>"


def markup_problems(msgid: Element, msgstr: Element) -> list[str]:
    """Why the parsed translation `msgstr` may not replace `msgid` (empty if it may)."""
    problems: list[str] = []
    for node in msgstr.iter():
        if isinstance(node, etree._Comment):
            problems.append("adds an XML comment (not allowed in translations)")
        elif isinstance(node, etree._ProcessingInstruction):
            problems.append("adds a processing instruction (not allowed in translations)")
        elif isinstance(node, etree._Entity):
            problems.append(f"adds the entity reference &{node.name}; (type the character)")
        if node is msgstr or not is_element(node):
            continue
        if etree.QName(node).namespace == NS_XINCLUDE:
            problems.append("XInclude is not allowed in translations")
        for raw in node.attrib.values():
            value = str(raw)
            squashed = "".join(value.split()).lower()
            if squashed.startswith(UNSAFE_SCHEMES):
                problems.append(f"unsafe link {value.strip()[:40]!r}")
    wanted = Counter(signature(n) for n in msgid.iter() if n is not msgid and is_element(n))
    found = Counter(signature(n) for n in msgstr.iter() if n is not msgstr and is_element(n))
    problems += [f"adds {describe(s)} not in the original" for s in (found - wanted)]
    problems += [f"drops {describe(s)} from the original" for s in (wanted - found)]
    return problems
