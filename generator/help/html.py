"""HTML help pages from Jinja2 templates, autoescaped: no text from a spec, a help file or
a translation can become markup.  Element names come only from the fixed table below."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import jinja2

from generator.help.languages import Language
from generator.help.page import Inline, Page

# Inline style -> HTML element.  "link" is rendered as <a>, with an href checked by page.py.
TAGS = {"em": "em", "strong": "strong", "gui": "b", "kbd": "kbd", "code": "code"}


@dataclass(frozen=True, slots=True)
class Link:
    href: str
    text: str
    lang: str  # BCP 47 tag of the text
    current: bool = False


@dataclass(frozen=True, slots=True)
class IndexEntry:
    href: str
    title: str


def _tag(inline: Inline) -> str:
    return TAGS.get(inline.style or "", "span")


def _squash(text: str) -> str:
    """Collapse source line breaks and indentation, keeping one leading/trailing space."""
    if not text:
        return ""
    core = " ".join(text.split())
    lead = " " if text[0].isspace() else ""
    trail = " " if text[-1].isspace() and core else ""
    return lead + core + trail


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("generator.help", "templates"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=True,  # HTML: every value is escaped unless a template says otherwise
    )
    env.filters["tag"] = _tag
    env.filters["squash"] = _squash
    return env


def render_page(page: Page, lang: Language, languages: list[Link]) -> str:
    return (
        environment().get_template("page.html.j2").render(page=page, lang=lang, languages=languages)
    )


def render_index(lang: Language, entries: list[IndexEntry], languages: list[Link]) -> str:
    return (
        environment()
        .get_template("index.html.j2")
        .render(lang=lang, entries=entries, languages=languages)
    )


def render_root(groups: list[tuple[Language, list[IndexEntry]]]) -> str:
    return (
        environment()
        .get_template("root.html.j2")
        .render(groups=groups, lang=groups[0][0] if groups else None)
    )
