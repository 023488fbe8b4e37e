"""Repair the `#|` previous-msgid comments that babel's `write_po` wraps into invalid PO.

babel writes a long previous msgid as one wrapped comment (`#| msgid "" "Top left...`
continued mid-string on the next `#|` line), which msgfmt and pofilter reject.  The text
is recoverable: each wrap dropped exactly one space, so joining the lines with a space
restores it.  We re-emit the comment the way msgmerge does, one quoted line per `#|`.
"""

from __future__ import annotations

import re

from babel.messages.pofile import normalize, unescape

_KEYWORD = re.compile(r'(msgctxt|msgid_plural|msgid)\s+((?:"(?:[^"\\]|\\.)*"\s*)+)')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def repair_previous(text: str) -> str:
    """`text` (a PO file) with every `#|` block rewritten as valid PO comments."""
    out: list[str] = []
    block: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("#|"):
            block.append(line[2:].strip())
            continue
        if block:
            out.append(_rewrite(" ".join(block)))
            block = []
        out.append(line)
    if block:
        out.append(_rewrite(" ".join(block)))
    return "".join(out)


def _rewrite(joined: str) -> str:
    lines: list[str] = []
    for keyword, strings in _KEYWORD.findall(joined):
        value = "".join(unescape(s) for s in _STRING.findall(strings))
        # 76 columns minus the "#| " prefix, as msgmerge wraps previous msgids.
        quoted = normalize(value, width=73).split("\n")
        lines.append(f"#| {keyword} {quoted[0]}\n")
        lines.extend(f"#| {part}\n" for part in quoted[1:])
    return "".join(lines)
