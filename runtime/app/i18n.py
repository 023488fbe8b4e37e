"""The one place UI strings pass through, so translations can be plugged in later."""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = lambda text: text  # noqa: E731


def _(text: str) -> str:
    """Translate a UI string (identity until a catalogue is installed)."""
    return _translate(text)


def install(translate: Callable[[str], str]) -> None:
    """Route `_` through ``translate`` (e.g. a gettext catalogue's ``gettext``)."""
    global _translate
    _translate = translate
