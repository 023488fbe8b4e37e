"""Entry points: decide XML or SGML from the content, then build the document."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from .errors import spec_error
from .model import HelpDocument
from .sections import build_document
from .sgml_tree import parse_sgml
from .xml_reader import parse_xml

MAX_BYTES = 512 * 1024  # help pages are a few KiB (the largest of Aisleriot's is 12 KiB)

_XML_DECL = re.compile(r"\A\s*<\?xml\b[^>]*\?>")
_ENCODING = re.compile(r"""(\A\s*<\?xml\b[^>]*?)\s+encoding\s*=\s*(["'])[^"']*\2""")
_DOCTYPE = re.compile(r"<!DOCTYPE\s[^\[>]*", re.IGNORECASE)
# Elements that exist only in SGML-era DocBook (3.x), e.g. <docinfo>.
_SGML_ONLY = re.compile(r"<(docinfo|artheader)\b", re.IGNORECASE)
_SGML_SUFFIXES = (".sgml", ".sgm")


def detect_format(text: str, path: str) -> str:
    """'xml' or 'sgml', from the prolog first and SGML-only markup second.

    A DOCTYPE naming a non-XML DocBook DTD (e.g. "DocBook V3.1") means SGML;
    without any prolog the file extension breaks the tie only if the content
    also uses SGML-era elements, so an XML fragment is still read as XML.
    """
    if _XML_DECL.match(text):
        return "xml"
    doctype = _DOCTYPE.search(text, 0, 4096)
    if doctype is not None:
        return (
            "xml"
            if "XML" in doctype.group().upper() or "PUBLIC" not in doctype.group().upper()
            else "sgml"
        )
    if _SGML_ONLY.search(text) or (path.lower().endswith(_SGML_SUFFIXES) and "<" in text):
        return "sgml"
    return "xml"


def decode(data: bytes, path: str) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:  # an odd byte count, a lone surrogate
            line = data[: exc.start].decode("utf-16", "replace").count("\n") + 1
            raise spec_error(
                path,
                line,
                f"not UTF-16 text, though the file starts with a UTF-16 byte-order mark "
                f"({exc.reason})",
                hint="save the file as UTF-8",
            ) from None
    if b"\x00" in data:
        raise spec_error(
            path, 1, "binary data, not a DocBook help document", hint="is this the right file?"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # SGML files predate UTF-8 in GNOME; Latin-1 never fails and is the likely encoding.
        return data.decode("latin-1")


def read_help(path: str | Path, name: str | None = None) -> HelpDocument:
    """Read one help file (DocBook XML or SGML) from disk; `name` is shown in results."""
    name = name or str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise spec_error(name, None, f"cannot read file: {exc.strerror or exc}") from None
    return _read(data, name)


def read_help_text(text: str, path: str) -> HelpDocument:
    """Read help from a string; `path` is only used in results and errors."""
    return _read(text, path)


def _read(data: bytes | str, path: str) -> HelpDocument:
    if len(data) > MAX_BYTES:
        head = data[:MAX_BYTES]
        line = (head.count("\n") if isinstance(head, str) else head.count(b"\n")) + 1
        raise spec_error(
            path, line, f"file is larger than {MAX_BYTES} bytes: the limit is passed here"
        )
    text = data if isinstance(data, str) else decode(data, path)
    if "\x00" in text:
        raise spec_error(path, 1, "binary data, not a DocBook help document")
    if not text.strip():
        raise spec_error(path, 1, "empty file", hint="a help file needs a <sect1> with a <title>")
    if detect_format(text, path) == "sgml":
        return build_document(parse_sgml(text, path), path, "sgml")
    # Text is already decoded: drop the encoding pseudo-attribute (keeping the
    # line count) so libxml2 does not re-decode it.
    xml_bytes = _ENCODING.sub(r"\1", text, count=1).encode("utf-8", "surrogatepass")
    return build_document(parse_xml(xml_bytes, path), path, "xml")
