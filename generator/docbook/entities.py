"""Entity references: a fixed table of common character entities plus the
document's own internal declarations, expanded by us (never by libxml2) under
a strict budget so that entity bombs fail fast instead of eating memory.

External entities (`SYSTEM`/`PUBLIC`) are never opened: a reference to one
expands to nothing, which is how the legacy master books are read.
"""

from __future__ import annotations

import html.entities
import re
from dataclasses import dataclass, field

from .errors import spec_error

# XML's five plus the ISO/HTML character entities DocBook DTDs pull in.
_BUILTIN: dict[str, str] = {
    name.rstrip(";"): value for name, value in html.entities.html5.items() if name.endswith(";")
}
_BUILTIN.update({"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"})

MAX_EXPANSION_CHARS = 100_000
MAX_EXPANSION_DEPTH = 8

_REF = re.compile(r"&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.\-]*);")
_TAG = re.compile(r"<[^>]*>")


def char_ref(body: str) -> str | None:
    """Text for `#65` / `#x41`, or None if out of Unicode range or a surrogate."""
    try:
        code = int(body[2:], 16) if body[1] in "xX" else int(body[1:])
    except ValueError:
        return None
    if code <= 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code)


@dataclass(slots=True)
class Entities:
    """Declared entities of one document and the expansion budget left."""

    path: str
    internal: dict[str, str] = field(default_factory=dict)
    external: set[str] = field(default_factory=set)
    budget: int = MAX_EXPANSION_CHARS

    def declare(self, name: str, value: str | None) -> None:
        # First declaration wins, as in both XML and SGML.
        if name in self.internal or name in self.external:
            return
        if value is None:
            self.external.add(name)
        else:
            self.internal[name] = value

    def expand(self, name: str, line: int) -> str:
        """Plain text for `&name;`; markup in replacement text is flattened."""
        text = self._expand(name, line, 0)
        return text.replace("\n", " ")

    def _expand(self, name: str, line: int, depth: int) -> str:
        if name.startswith("#"):
            return char_ref(name) or ""
        if name in self.external:
            return ""
        if name not in self.internal:
            if name in _BUILTIN:
                return _BUILTIN[name]
            return f"&{name};"  # unknown: keep visible rather than guess
        if depth >= MAX_EXPANSION_DEPTH:
            raise spec_error(
                self.path,
                line,
                f"entity '&{name};' nests more than {MAX_EXPANSION_DEPTH} levels deep",
                hint="entities that reference each other recursively are not supported",
            )
        value = _TAG.sub("", self.internal[name])
        parts: list[str] = []
        pos = 0
        for match in _REF.finditer(value):
            parts.append(value[pos : match.start()])
            parts.append(self._expand(match.group(1), line, depth + 1))
            pos = match.end()
        parts.append(value[pos:])
        result = "".join(parts)
        # Count every expansion, even empty ones, so fan-out alone is bounded too.
        self.budget -= max(1, len(result))
        if self.budget < 0:
            raise spec_error(
                self.path,
                line,
                f"entity expansion exceeds {MAX_EXPANSION_CHARS} characters (entity bomb?)",
                hint="help documents only need short text entities such as &appname;",
            )
        return result
