"""Public, immutable result of reading one DocBook help document."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One block of prose (para, list item, table row, term...), markup flattened."""

    text: str
    line: int


@dataclass(frozen=True, slots=True)
class SetupRow:
    """One row of the Setup table: a pile label and its description."""

    label: str
    kind: str
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class Section:
    """A titled part of the help (Setup, Goal, Rules...) with its prose."""

    kind: str
    title: str
    line: int
    paragraphs: tuple[Paragraph, ...]


@dataclass(frozen=True, slots=True)
class HelpDocument:
    """Everything the generator needs from one game's help file."""

    path: str
    source_format: str
    title: str
    title_line: int
    sections: tuple[Section, ...]
    setup_rows: tuple[SetupRow, ...]
    max_score: int | None
    max_score_line: int | None

    def section(self, kind: str) -> Section | None:
        """The first section of this kind, or None."""
        for section in self.sections:
            if section.kind == kind:
                return section
        return None
