"""Safe XML loading: no DTD loading, no entity expansion, no network, no XInclude."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from generator.diagnostics import Diagnostic, Level, SpecError


def safe_parser() -> etree.XMLParser:
    # resolve_entities=False keeps `&name;` as Entity nodes instead of expanding
    # them, which also defuses "billion laughs" style internal entities.
    return etree.XMLParser(
        resolve_entities=False,
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
