"""Localized help: DocBook + PO files -> translated DocBook, HTML and app JSON per language.

render_help(games, specs_dir, strict)   every generated/help/ file, or diagnostics
help_from_spec(spec)                    English DocBook for a sidecar-only game
read_page(xml, english)                 a help page as data (page.Page)
cmd_extract / cmd_update                `helpdeck i18n extract|update` (commands.py)
"""

from generator.help.build import GameHelp, render_help
from generator.help.from_spec import help_from_spec
from generator.help.page import Page, read_page

__all__ = ["GameHelp", "Page", "help_from_spec", "read_page", "render_help"]
