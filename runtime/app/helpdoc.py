"""A game's help as (section title, paragraphs), read from DocBook with lxml, safely:
no network, no DTD, no entity expansion (an entity reference becomes its plain meaning or
nothing), so a hostile help file cannot reach out or blow up memory."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parents[2]
HELP_DIR = ROOT / "generated" / "help"
SPECS_DIR = ROOT / "specs"

Section = tuple[str, list[str]]

_ENTITIES = {"nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…", "amp": "&", "lt": "<"}
_DIVISIONS = {"sect1", "sect2", "sect3", "sect4", "section", "simplesect", "article", "chapter"}
_SKIP = {"title", "subtitle", "titleabbrev", "indexterm", "remark", "info", "sect1info"}


def languages() -> list[str]:
    """ "C" (the source language) and every language with generated help."""
    found = sorted(p.name for p in HELP_DIR.iterdir() if p.is_dir()) if HELP_DIR.is_dir() else []
    return ["C", *[lang for lang in found if lang != "C"]]


def help_source(game_id: str, lang: str) -> Path | None:
    for path in (HELP_DIR / lang / f"{game_id}.xml", SPECS_DIR / f"{game_id}.xml"):
        if path.is_file():
            return path
    return None


def help_text(game_id: str, lang: str = "C") -> list[Section]:
    """The help for ``game_id`` in ``lang`` (falling back to the source text)."""
    path = help_source(game_id, lang)
    if path is None:
        return []
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        recover=True,
    )
    root = etree.parse(str(path), parser).getroot()
    if root is None:
        return []
    sections: list[Section] = []
    _division(root, sections)
    return [(title, paras) for title, paras in sections if paras or title]


def _tag(node: etree._Element) -> str:
    return node.tag if isinstance(node.tag, str) else ""


def _title(node: etree._Element) -> str:
    for child in node:
        if _tag(child) == "title":
            return inline(child)
    return ""


def _division(node: etree._Element, out: list[Section]) -> None:
    paras: list[str] = []
    out.append((_title(node), paras))
    for child in node:
        if _tag(child) in _DIVISIONS:
            _division(child, out)
        else:
            _block(child, paras)


def _block(node: etree._Element, paras: list[str]) -> None:
    tag = _tag(node)
    if not tag or tag in _SKIP:
        return
    if tag in ("para", "simpara", "formalpara"):
        text = inline(node)
        if text:
            paras.append(text)
    elif tag == "row":
        cells = [inline(entry) for entry in node if _tag(entry) == "entry"]
        if cells and any(cells):
            paras.append(": ".join(c for c in cells if c) if len(cells) == 2 else " | ".join(cells))
    elif tag == "listitem":
        text = " ".join(inline(c) for c in node if _tag(c))
        paras.append(f"• {text}" if text else "•")
    elif tag == "varlistentry":
        term = " ".join(inline(c) for c in node if _tag(c) == "term")
        body = " ".join(inline(c) for c in node if _tag(c) == "listitem")
        paras.append(f"{term}: {body}")
    else:
        for child in node:
            _block(child, paras)


def inline(node: etree._Element) -> str:
    """The text of ``node`` with entity references replaced and whitespace collapsed."""
    parts: list[str] = []

    def walk(element: etree._Element) -> None:
        if isinstance(element, etree._Entity):
            parts.append(_ENTITIES.get(str(element.name), ""))
        elif _tag(element) not in _SKIP or element is node:
            parts.append(element.text or "")
            for child in element:
                walk(child)
                parts.append(child.tail or "")

    walk(node)
    return " ".join("".join(parts).split())
