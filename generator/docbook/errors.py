"""One place that turns a located problem into a `SpecError`."""

from __future__ import annotations

from generator.diagnostics import Diagnostic, SpecError


def spec_error(
    path: str,
    line: int | None,
    message: str,
    hint: str | None = None,
    column: int | None = None,
) -> SpecError:
    return SpecError(Diagnostic(file=path, line=line, column=column, message=message, hint=hint))
