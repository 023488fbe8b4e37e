"""Gather hits into facts: validate each value, keep the first of conflicting values."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator.diagnostics import Diagnostic, Level
from generator.spec.facts import Fact
from generator.spec.model import Provenance, VariantSpec

from .text import Hit


@cache
def _adapter(path: str) -> TypeAdapter[Any] | None:
    """A validator for one leaf field, with the field's own constraints (ge, le...)."""
    model: type[BaseModel] = VariantSpec
    parts = path.split(".")
    for depth, part in enumerate(parts):
        info = model.model_fields.get(part)
        if info is None:
            return None
        annotation = info.annotation
        if depth == len(parts) - 1:
            # Any: pydantic's TypeForm typing differs between releases; the value is a type.
            target: Any = Annotated[annotation, *info.metadata] if info.metadata else annotation
            return TypeAdapter(target)
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return None
        model = annotation
    return None


def _normal(value: Any) -> Any:
    return tuple(value) if isinstance(value, list | tuple) else value


def _same(a: Any, b: Any) -> bool:
    return bool(_normal(a) == _normal(b))


class FactSink:
    """Collects facts for one help file; the first value stated for a path wins."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.facts: dict[str, Fact] = {}
        self.diagnostics: list[Diagnostic] = []

    def add(self, hit: Hit, line: int, *, inferred: bool = False) -> None:
        adapter = _adapter(hit.path)
        if adapter is None:
            raise ValueError(f"no spec field {hit.path}")  # a bug in a phrase family
        try:
            adapter.validate_python(hit.value)
        except ValidationError:
            self._note(line, hit.path, f"{hit.value!r} ({hit.phrase!r}) is outside the spec")
            return
        known = self.facts.get(hit.path)
        if known is None:
            provenance = Provenance(
                source="prose", file=self.file, line=line, phrase=hit.phrase, inferred=inferred
            )
            self.facts[hit.path] = Fact(hit.path, hit.value, provenance)
        elif not _same(known.value, hit.value):
            self.diagnostics.append(
                Diagnostic(
                    self.file,
                    line,
                    f"{hit.phrase!r} says {hit.value!r} but line {known.provenance.line} "
                    f"({known.provenance.phrase!r}) says {known.value!r}; keeping the first",
                    level=Level.WARNING,
                    field=hit.path,
                    hint="make the help say one thing",
                )
            )

    def has(self, path: str) -> bool:
        return path in self.facts

    def value(self, path: str) -> Any:
        fact = self.facts.get(path)
        return None if fact is None else fact.value

    def _note(self, line: int, path: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.file, line, message, level=Level.INFO, field=path))
