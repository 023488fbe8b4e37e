"""PhraseLabel: a Label that wraps Japanese at phrase boundaries (see linebreak.py).

Kivy wraps a label with ``text_size: (width, None)`` at spaces, and cuts Japanese, which
has none, between any two characters. A PhraseLabel shows its text with the line breaks
`linebreak.wrap` puts in for the label's width and font, and puts them in again when the
width, font or text changes. Every line then fits, so Kivy never breaks one itself. Text
without Japanese is shown as given. Importing this module registers the class with Kivy's
Factory (``#:import`` it in a .kv file to use it there).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from runtime.app.linebreak import needs_phrasing, wrap


@lru_cache(maxsize=16)
def _measurer(font_name: str, font_size: float, bold: bool) -> CoreLabel:
    return CoreLabel(font_name=font_name, font_size=font_size, bold=bold)


class PhraseLabel(Label):  # type: ignore[misc]
    text: str  # Kivy's StringProperty, for the type checker (an annotation only)

    def __init__(self, **kwargs: Any) -> None:
        self._source = ""  # the text as set; ``text`` is what is shown
        self._shown: str | None = None
        super().__init__(**kwargs)
        self._source = self.text
        self.fbind("text", self._on_text)
        for name in ("text_size", "font_size", "font_name", "bold", "padding"):
            self.fbind(name, self._rewrap)
        self._rewrap()

    @property
    def source_text(self) -> str:
        """The text without the line breaks put in for Japanese."""
        return self._source

    def _on_text(self, *_args: object) -> None:
        if self.text != self._shown:
            self._source = self.text
            self._rewrap()

    def _rewrap(self, *_args: object) -> None:
        width = self.text_size[0]
        shown = self._source
        if width and needs_phrasing(shown):
            pad = self.padding[0] + self.padding[2] if len(self.padding) == 4 else 0
            core = _measurer(self.font_name, float(self.font_size), bool(self.bold))
            # One pixel to spare, so that Kivy's own layout never finds a line too wide.
            shown = wrap(shown, width - pad - 1, lambda text: core.get_extents(text)[0])
        if shown != self.text:
            self._shown = shown
            self.text = shown
