"""Disagreements the help documents intend, each with a reason listed in docs/differences.md."""

from __future__ import annotations

from runtime.engine import State

from .compare import Finding


def intended(finding: Finding, state: State) -> str | None:
    """The documented reason for a disagreement, or None when it is a Helpdeck bug."""
    return None
