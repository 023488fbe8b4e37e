"""Coverage of the phrase families over a corpus: per spec field, how many games yield it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.diagnostics import SpecError
from generator.docbook import HelpDocument, read_help
from generator.spec.accounting import totals
from generator.spec.model import leaf_paths

from .extract import extract_facts

FIELDS = (*leaf_paths(), "options")


@dataclass(slots=True)
class CoverageReport:
    games: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (file, why)
    fields_by_game: dict[str, set[str]] = field(default_factory=dict)
    warnings: int = 0
    sentences: dict[str, int] = field(default_factory=dict)  # status -> count, every game
    sentences_by_game: dict[str, dict[str, int]] = field(default_factory=dict)

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
        prose = extract_facts(doc, path.read_text(encoding="utf-8", errors="replace"))
        counts = totals(prose.sentences)
        report.sentences_by_game[path.stem] = counts
        for status, n in counts.items():
            report.sentences[status] = report.sentences.get(status, 0) + n
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
    if report.sentences:
        counted = sum(report.sentences.values())
        lines += ["", f"rule sentences (Setup rows, Goal, Rules, Options, Scoring): {counted}"]
        for status, n in report.sentences.items():
            if status == "acknowledged":
                continue  # a corpus page has no sidecar to acknowledge anything
            percent = 100 * n / counted if counted else 0.0
            lines.append(f"  {status:<12} {n:>5}  {percent:5.1f}%")
        clean = sum(
            1
            for counts in report.sentences_by_game.values()
            if counts["unread"] == 0 and counts["partly read"] == 0
        )
        lines.append(f"games with every rule sentence read: {clean}/{total}")
    for name, why in report.skipped:
        lines.append(f"skipped {name}: {why}")
    return "\n".join(lines) + "\n"


def main_report(paths: list[Path]) -> str:
    return render_report(coverage_report(paths))
