"""One Jinja2 environment for every generated Python file, formatted by the pinned ruff."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache

import jinja2

from generator.codegen.view import ModuleView

_SAFE_COMMENT = re.compile(r"^[A-Za-z0-9_./ +-]*$")


class RenderError(Exception):
    pass


def _pyrepr(value: object) -> str:
    if not isinstance(value, str | int | bool):
        raise RenderError(f"cannot emit {type(value).__name__} as a literal")
    return repr(value)


def _comment_safe(value: object) -> str:
    text = str(value)
    if not _SAFE_COMMENT.match(text):
        raise RenderError(f"refusing to write {text!r} into a comment")
    return text


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("generator.codegen", "templates"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,  # Python source: values go through |pyrepr, never raw
    )
    env.filters["pyrepr"] = _pyrepr
    env.filters["comment_safe"] = _comment_safe
    return env


def format_python(source: str) -> str:
    """Format with ruff (pinned in pyproject) so output is stable byte for byte."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--quiet", "--line-length", "100", "-"],
        input=source,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RenderError(f"generated code does not format: {result.stderr.strip()}")
    return result.stdout


def render_rules(view: ModuleView) -> str:
    for path, digest in view.sources:
        _comment_safe(path)
        _comment_safe(digest)
    return format_python(environment().get_template("rules.py.j2").render(view=view))


def render_catalog(games: list[tuple[str, str]]) -> str:
    return format_python(environment().get_template("catalog.py.j2").render(games=games))
