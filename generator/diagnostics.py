"""Errors as values: every stage reports `Diagnostic`s instead of raising tracebacks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

# A file name holding a line break (or another control character) is shown escaped, so a
# diagnostic stays one line that tools can split.
_CONTROL = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")


class Level(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in an input file, located precisely enough to fix it."""

    file: str
    line: int | None
    message: str
    level: Level = Level.ERROR
    column: int | None = None
    field: str | None = None
    hint: str | None = None
    code: str | None = None  # a stable kind, e.g. "unread", for options such as --strict

    def format(self) -> str:
        where = repr(self.file)[1:-1] if _CONTROL.search(self.file) else self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: {self.level}: "
        if self.field:
            text += f"{self.field}: "
        text += self.message
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class SpecError(Exception):
    """Raised by a stage that cannot continue; carries every diagnostic collected so far."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic) -> None:
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.format() for d in diagnostics))


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.level is Level.ERROR for d in diagnostics)
