"""Safe XML loading: no external DTD or entities, no network, no XInclude.

Entities declared in the document's internal subset are expanded, as itstool
does (Aisleriot's index.docbook uses `&app;`); libxml2's amplification limits
stay on (huge_tree=False).  External entities are never fetched: a document
that uses one is rejected with a diagnostic ("Entity 'x' not defined").
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from generator.diagnostics import Diagnostic, Level, SpecError


def safe_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities="internal",  # type: ignore[arg-type]  # stubs predate lxml 5
        load_dtd=False,
        dtd_validation=False,
        no_network=True,
        huge_tree=False,
        remove_comments=False,
        remove_pis=False,
    )


def parse_file(path: Path) -> etree._ElementTree:
    """Parse `path` or raise SpecError with a located diagnostic."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SpecError(Diagnostic(str(path), None, f"cannot read file: {exc.strerror}")) from None
    try:
        return etree.fromstring(data, safe_parser(), base_url=str(path)).getroottree()
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        raise SpecError(
            Diagnostic(str(path), line, f"not well-formed XML: {exc.msg}", Level.ERROR)
        ) from None
