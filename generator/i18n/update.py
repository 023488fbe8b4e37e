"""Update a translation from a new POT, keeping changed messages as fuzzy.

babel's `Catalog.update` does msgmerge-style fuzzy matching: a message whose
msgid changed keeps its old translation, flagged fuzzy with `#|` previous
msgid, so the translator only has to review it.  (polib's merge drops them.)
Messages gone from the POT become obsolete (`#~`), as with msgmerge.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.pofile import write_po

from generator.diagnostics import Diagnostic, SpecError
from generator.i18n.po import load_po
from generator.i18n.pofix import repair_previous


def update_po(pot: Path, po: Path) -> None:
    """Merge template `pot` into `po` in place; creates `po` from the POT if missing."""
    template = load_po(pot)
    catalog = load_po(po) if po.exists() else template
    if catalog is not template:
        previous = {m.id: m.previous_id for m in catalog if m.fuzzy and m.previous_id}
        catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
        for message in catalog:  # babel forgets it when a fuzzy message's msgid stays
            if message.fuzzy and not message.previous_id and message.id in previous:
                message.previous_id = previous[message.id]
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76, include_previous=True, ignore_obsolete=False)
    # babel wraps long `#|` previous msgids into invalid PO; write them as msgmerge does.
    text = repair_previous(buffer.getvalue().decode("utf-8"))
    if po.exists():
        text = _keep_header(po.read_text("utf-8", errors="replace"), text)
    try:
        po.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SpecError(
            Diagnostic(str(po), None, f"cannot write PO file: {exc.strerror}")
        ) from None


_POT_DATE = re.compile(r'^"POT-Creation-Date: [^"\\]*\\n"$', re.M)


def _header_block(text: str) -> str | None:
    """Leading comments and the msgid "" header entry, up to the first blank line."""
    match = re.match(r'\A\s*((?:#[^\n]*\n)*msgid ""\nmsgstr ""\n(?:"[^\n]*"\n)*)', text)
    return match.group(1) if match else None


def _keep_header(old: str, new: str) -> str:
    """babel rewrites the header from scratch; keep the translator's, new POT date only."""
    old_header, new_header = _header_block(old), _header_block(new)
    if old_header is None or new_header is None:
        return new
    date = _POT_DATE.search(new_header)
    if date is not None:
        old_header = _POT_DATE.sub(lambda _: date.group(0), old_header)
    return new.replace(new_header, old_header, 1).lstrip("\n")
