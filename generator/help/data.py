"""The help JSON the app reads (`generated/help/<lang>/<game>.json`); see docs/translation.md."""

from __future__ import annotations

import json

from generator.help.page import Block, Inline, Page

FORMAT = 1


def _plain(inlines: tuple[Inline, ...]) -> str:
    return " ".join("".join(i.plain() for i in inlines).split())


def paragraphs(block: Block) -> list[str]:
    """A block as plain paragraphs: list items get a bullet, table rows "label: text"."""
    if block.kind == "list":
        return [f"• {_plain(item)}" for item in block.items]
    if block.kind == "table":
        return [": ".join(_plain(cell) for cell in row) for row in block.rows]
    text = _plain(block.inlines)
    return [text] if text else []


def page_json(page: Page, game: str, language: str) -> bytes:
    data = {
        "format": FORMAT,
        "game": game,
        "language": language,
        "title": page.title,
        "sections": [
            {
                "kind": section.kind,
                "title": section.title,
                # The Setup table is given as "setup" rows; other tables stay prose.
                "paragraphs": [
                    text
                    for block in section.blocks
                    if not (section.kind == "setup" and block.kind == "table")
                    for text in paragraphs(block)
                ],
            }
            for section in page.sections
        ],
        "setup": [{"kind": r.kind, "label": r.label, "text": r.text} for r in page.setup],
        "credits": list(page.credits),
    }
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode()
