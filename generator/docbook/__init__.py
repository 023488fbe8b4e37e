"""Read GNOME Aisleriot-style DocBook help (XML 4.x or SGML 3.x) into a typed model."""

from __future__ import annotations

from .model import HelpDocument, Paragraph, Section, SetupRow
from .reader import read_help, read_help_text

__all__ = ["HelpDocument", "Paragraph", "Section", "SetupRow", "read_help", "read_help_text"]
