"""Format-neutral element tree that both the XML and the SGML readers produce.

Every text run keeps the source line where it starts, so later stages can
report exact lines without knowing which parser built the tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Text:
    value: str
    line: int


@dataclass(slots=True)
class Element:
    tag: str
    line: int
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | Text] = field(default_factory=list)

    def elements(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element)]

    def find(self, *tags: str) -> Element | None:
        for child in self.children:
            if isinstance(child, Element) and child.tag in tags:
                return child
        return None


def raw_text(node: Element | Text) -> str:
    """All text below `node`, unnormalised."""
    if isinstance(node, Text):
        return node.value
    return "".join(raw_text(c) for c in node.children)


def collapse(text: str) -> str:
    return " ".join(text.split())
