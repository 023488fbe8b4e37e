"""Every help output: for each game, English (`C`) and one translation per PO file, each as
DocBook, JSON and HTML, plus the indexes.  Returns diagnostics instead of raising, and
nothing when a translation is an error (`strict`), like the rest of `helpdeck generate`."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from lxml import etree

from generator.diagnostics import Diagnostic, Level, SpecError, has_errors
from generator.help.data import page_json
from generator.help.from_spec import help_from_spec
from generator.help.html import IndexEntry, Link, render_index, render_page, render_root
from generator.help.languages import SOURCE, Language, language, language_problem, po_files
from generator.help.page import Page, read_page
from generator.help.source import help_source
from generator.i18n import merge_translation, translator_credits
from generator.spec.model import VariantSpec

OUT = "generated/help"


@dataclass(frozen=True, slots=True)
class GameHelp:
    game_id: str
    help_file: Path | None  # None: the help is written from the spec
    spec: VariantSpec


def render_help(
    games: list[GameHelp], specs_dir: Path, strict: bool = False
) -> tuple[dict[str, bytes], list[Diagnostic]]:
    """Path (relative to the project root) -> bytes for all of generated/help/."""
    diagnostics: list[Diagnostic] = []
    pages: dict[str, dict[str, Page]] = {SOURCE: {}}
    outputs: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="helpdeck-help-") as scratch:
        sources: dict[str, Path] = {}
        for game in sorted(games, key=lambda g: g.game_id):
            try:
                source, english = _english(game, Path(scratch))
                pages[SOURCE][game.game_id] = read_page(english)
            except SpecError as error:  # never a silent loss: an error, nothing is written
                diagnostics += error.diagnostics
                continue
            except etree.XMLSyntaxError as exc:  # help_source checked it; kept as a backstop
                diagnostics.append(_not_xml(game, exc))
                continue
            sources[game.game_id] = source
            outputs[f"{OUT}/{SOURCE}/{game.game_id}.xml"] = english
        for po in po_files(specs_dir):
            problem = language_problem(po)
            if problem is not None:
                diagnostics.append(problem)
                continue
            translated = _translate(sources, pages[SOURCE], po, strict, diagnostics, outputs)
            if translated is not None:
                pages[po.stem] = translated
    if has_errors(diagnostics):
        return {}, _unique(diagnostics)
    outputs.update(_rendered(pages))
    return outputs, _unique(diagnostics)


def _not_xml(game: GameHelp, exc: etree.XMLSyntaxError) -> Diagnostic:
    return Diagnostic(
        str(game.help_file),
        exc.lineno or None,
        f"help cannot be read as DocBook XML: {exc.msg}",
        Level.ERROR,
        hint="check the markup here; `helpdeck lint` shows the same error",
    )


def _english(game: GameHelp, scratch: Path) -> tuple[Path, bytes]:
    """The English DocBook of a game and a file holding it (merge reads from a file)."""
    if game.help_file is not None:
        data = help_source(game.help_file)  # SpecError at file:line if unusable
        if data == game.help_file.read_bytes():
            return game.help_file, data
    else:
        data = help_from_spec(game.spec)
    path = scratch / f"{game.game_id}.xml"
    path.write_bytes(data)
    return path, data


def _translate(
    sources: dict[str, Path],
    english: dict[str, Page],
    po: Path,
    strict: bool,
    diagnostics: list[Diagnostic],
    outputs: dict[str, bytes],
) -> dict[str, Page] | None:
    try:
        credits = tuple(translator_credits(po))
    except SpecError as error:
        diagnostics += error.diagnostics
        return None
    pages: dict[str, Page] = {}
    for game_id, source in sources.items():
        try:
            data, found = merge_translation(source, po, strict=strict)
        except SpecError as error:
            diagnostics += error.diagnostics
            return None
        diagnostics += found
        outputs[f"{OUT}/{po.stem}/{game_id}.xml"] = data
        pages[game_id] = replace(read_page(data, english[game_id]), credits=credits)
    return pages


def _rendered(pages: dict[str, dict[str, Page]]) -> dict[str, bytes]:
    outputs: dict[str, bytes] = {}
    codes = [SOURCE, *sorted(c for c in pages if c != SOURCE)]
    langs = [language(code) for code in codes]
    groups: list[tuple[Language, list[IndexEntry]]] = []
    for lang in langs:
        entries = []
        for game_id, page in sorted(pages[lang.code].items()):
            links = _links(langs, lang, f"{game_id}.html")
            html = render_page(page, lang, links)
            outputs[f"{OUT}/{lang.code}/{game_id}.html"] = html.encode()
            outputs[f"{OUT}/{lang.code}/{game_id}.json"] = page_json(page, game_id, lang.code)
            entries.append(IndexEntry(f"{game_id}.html", page.title))
        index = render_index(lang, entries, _links(langs, lang, "index.html"))
        outputs[f"{OUT}/{lang.code}/index.html"] = index.encode()
        groups.append((lang, entries))
    outputs[f"{OUT}/index.html"] = render_root(groups).encode()
    return outputs


def _links(langs: list[Language], current: Language, name: str) -> list[Link]:
    return [Link(f"../{lang.code}/{name}", lang.name, lang.tag, lang == current) for lang in langs]


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A PO entry shared by several games is reported once, not once per game."""
    seen: set[tuple[str, int | None, str, Level]] = set()
    out = []
    for d in diagnostics:
        key = (d.file, d.line, d.message, d.level)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
