"""Coverage of the phrase families over a corpus: per spec field, how many games yield it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.diagnostics import SpecError
from generator.docbook import HelpDocument, read_help
from generator.spec.model import leaf_paths

from .extract import extract_facts

FIELDS = (*leaf_paths(), "options")


@dataclass(slots=True)
class CoverageReport:
    games: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, why)
    fields_by_game: dict[str, set[str]] = field(default_factory=dict)
    warnings: int = 0

    def count(self, path: str) -> int:
        return sum(path in fields for fields in self.fields_by_game.values())


def is_game(doc: HelpDocument) -> bool:
    """Game pages have a Setup section or table; the glossary and legal notice do not."""
    return bool(doc.setup_rows) or doc.section("setup") is not None


def coverage_report(paths: list[Path]) -> CoverageReport:
    report = CoverageReport()
    for path in sorted(paths):
        try:
            doc = read_help(path)
        except SpecError as error:
            report.skipped.append((path.name, error.diagnostics[0].message))
            continue
        if not is_game(doc):
            report.skipped.append((path.name, "not a game page (no Setup)"))
            continue
        prose = extract_facts(doc)
        fields = {fact.path for fact in prose.facts}
        if prose.options:
            fields.add("options")
        report.games.append(path.stem)
        report.fields_by_game[path.stem] = fields
        report.warnings += sum(d.level == "warning" for d in prose.diagnostics)
    return report


def render_report(report: CoverageReport) -> str:
    total = len(report.games)
    lines = [f"{total} games read; fields found in the prose, per field:", ""]
    width = max(len(path) for path in FIELDS)
    for path in FIELDS:
        found = report.count(path)
        share = 100 * found // total if total else 0
        bar = "#" * (share // 5)
        lines.append(f"  {path:<{width}}  {found:>3}/{total}  {share:>3}%  {bar}")
    per_game = [len(fields) for fields in report.fields_by_game.values()]
    if per_game:
        lines += [
            "",
            f"fields per game: min {min(per_game)}, max {max(per_game)}, "
            f"mean {sum(per_game) / len(per_game):.1f} of {len(FIELDS)}",
        ]
    lines.append(f"conflicting sentences (warnings): {report.warnings}")
    for name, why in report.skipped:
        lines.append(f"skipped {name}: {why}")
    return "\n".join(lines) + "\n"


def main_report(paths: list[Path]) -> str:
    return render_report(coverage_report(paths))
