"""Reading PO files with babel, turning syntax errors into diagnostics."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po, unescape

from generator.diagnostics import Diagnostic, SpecError
from generator.i18n.messages import CREDITS_CONTEXT, CREDITS_ID


@dataclass(frozen=True, slots=True)
class Translation:
    text: str
    line: int | None


def load_po(path: Path) -> Catalog:
    """Parse a PO/POT file; raise SpecError naming the file and line if it is invalid."""
    lines: list[bytes] = []
    try:
        lines = path.read_bytes().splitlines(keepends=True)
        # babel cannot parse "#~|" (previous msgid of an obsolete entry); it is only
        # a comment, so blank it out, keeping line numbers for diagnostics.
        lines = [b"\n" if line.lstrip().startswith(b"#~|") else line for line in lines]
        _check_charset(lines, path)
        catalog = read_po(lines, abort_invalid=True)
    except OSError as exc:
        raise SpecError(
            Diagnostic(str(path), None, f"cannot read PO file: {exc.strerror}")
        ) from None
    except PoFileError as exc:
        number = getattr(exc, "lineno", None)  # babel counts lines from 0
        line = number + 1 if isinstance(number, int) else None
        problem = re.sub(r" on -?\d+$", "", str(exc))
        raise SpecError(Diagnostic(str(path), line, f"invalid PO file: {problem}")) from None
    except UnicodeDecodeError as exc:
        raise SpecError(
            Diagnostic(
                str(path),
                _bad_line(path, exc.encoding),
                f"invalid PO file: not in its declared charset ({exc.reason})",
                hint="save the file as UTF-8 with charset=UTF-8 in the header",
            )
        ) from None
    except (LookupError, ValueError) as exc:  # a header value babel cannot read (a date...)
        line = _header_line(lines, str(exc))
        raise SpecError(Diagnostic(str(path), line, f"invalid PO file: {exc}")) from None
    for message in (*catalog, *catalog.obsolete.values()):
        _restore_previous(message)
    return catalog


def _restore_previous(message: Message) -> None:
    """babel reads a "#|" previous msgid as a translator comment ("| msgid ..."), and
    writing it back would make it a "# | msgid" comment that piles up with every update:
    give it back to the fuzzy message it explains, and drop it from any other."""
    previous = [c for c in message.user_comments if c.startswith("|")]
    if not previous:
        return
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    parts: list[str] = []
    field = ""
    for comment in previous:
        text = comment[1:].strip()
        keyword, _, rest = text.partition(" ")
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            field, text = keyword, rest.strip()
        if field == "msgid" and text.startswith('"'):
            parts.append(unescape(text))
    if message.fuzzy and parts:
        message.previous_id = ["".join(parts)]


def _header_line(lines: list[bytes], message: str) -> int:
    """Where a header problem is: the first line holding a value the message quotes, else
    the header entry's first line, else line 1."""
    for quoted in re.findall(r"'([^']{2,})'", message):
        needle = quoted.encode("utf-8", "replace")
        for number, line in enumerate(lines, start=1):
            if needle in line:
                return number
    for number, line in enumerate(lines, start=1):
        if line.startswith(b'msgid ""'):
            return number
    return 1


_CHARSET = re.compile(rb"charset=([^\s\\\";]*)", re.IGNORECASE)


def _check_charset(lines: list[bytes], path: Path) -> None:
    """A header charset Python does not know is an error at its line (not a LookupError)."""
    for number, line in enumerate(lines, start=1):
        if line.startswith(b"msgid") and number > 1 and not line.startswith(b'msgid ""'):
            return  # past the header entry
        match = _CHARSET.search(line) if b"Content-Type" in line else None
        if match is None:
            continue
        name = match.group(1).decode("ascii", "replace")
        try:
            codecs.lookup(name)
        except LookupError:
            raise SpecError(
                Diagnostic(
                    str(path),
                    number,
                    f"unknown charset {name!r} in the PO header",
                    hint="use Content-Type: text/plain; charset=UTF-8",
                )
            ) from None
        return


def _bad_line(path: Path, encoding: str) -> int | None:
    """The first line that does not decode in `encoding`."""
    try:
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            try:
                line.decode(encoding)
            except UnicodeDecodeError:
                return number
    except (OSError, LookupError):
        pass
    return None


def translations(catalog: Catalog) -> dict[tuple[str | None, str], Translation]:
    """What msgfmt would compile: translated, non-fuzzy, singular messages."""
    out: dict[tuple[str | None, str], Translation] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            out[(message.context, message.id)] = Translation(message.string, message.lineno)
    return out


def header(catalog: Catalog, name: str) -> str | None:
    for key, value in catalog.mime_headers:
        if key.lower() == name.lower():
            return str(value)
    return None


def translator_credits(po_path: Path) -> list[str]:
    """The translators named in the PO's translator-credits message, one per line."""
    found = translations(load_po(po_path)).get((CREDITS_CONTEXT, CREDITS_ID))
    if found is None or found.text == CREDITS_ID:
        return []
    return [line.strip() for line in found.text.splitlines() if line.strip()]
