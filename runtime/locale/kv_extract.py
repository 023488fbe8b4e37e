"""A babel extractor for Kivy .kv files: finds ``_('...')`` (and ``N_``) calls in rule
values, with ``# Translators:`` comments on the lines just above.

Registered in ``babel.cfg`` under ``[extractors]``; babel calls `extract_kv` per file.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

# A call of a keyword function on one string literal (single or double quoted, escapes kept).
_CALL = re.compile(r"""\b(?P<func>[A-Za-z_]\w*)\(\s*(?P<lit>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


def extract_kv(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    encoding = options.get("encoding", "utf-8")
    comments: list[str] = []
    for lineno, raw in enumerate(fileobj.read().decode(encoding).splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#") and not line.startswith("#:"):
            text = line[1:].strip()
            if comments or any(text.startswith(tag) for tag in comment_tags):
                comments.append(text)
            continue
        for match in _CALL.finditer(raw):
            func = match["func"]
            if func not in keywords:
                continue
            yield lineno, func, ast.literal_eval(match["lit"]), list(comments)
        comments = []
