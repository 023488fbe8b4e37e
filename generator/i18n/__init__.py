"""Localized help: itstool-compatible extraction, PO update and safe merging.

Public API (used by the CLI and the HTML renderer):
    extract_pot(paths, out, base=None)      write the POT, identical to itstool's
    extract_messages(paths, base=None)      the same messages as a babel Catalog
    update_po(pot, po)                      msgmerge-like update, changed -> fuzzy
    merge_translation(xml, po, strict=False) -> (translated XML bytes, diagnostics)
    translator_credits(po)                  translator lines for the help's credits
"""

from generator.i18n.extract import extract_messages, extract_pot
from generator.i18n.merge import merge_translation
from generator.i18n.po import translator_credits
from generator.i18n.update import update_po

__all__ = [
    "extract_messages",
    "extract_pot",
    "merge_translation",
    "translator_credits",
    "update_po",
]
