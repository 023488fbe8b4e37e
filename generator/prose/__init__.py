"""Prose -> facts: read rule facts from a game's help text with phrase patterns."""

from __future__ import annotations

from .extract import extract_facts
from .report import CoverageReport, coverage_report, main_report, render_report

__all__ = ["CoverageReport", "coverage_report", "extract_facts", "main_report", "render_report"]
