"""One card on the table: a widget whose canvas is redrawn only when its look changes."""

from __future__ import annotations

from kivy.graphics import InstructionGroup, PopMatrix, PushMatrix, Translate
from kivy.uix.widget import Widget

from runtime.app.cardart import draw_back, draw_face, draw_outline


class CardWidget(Widget):
    def __init__(self, card: int, **kwargs: object) -> None:
        super().__init__(size_hint=(None, None), **kwargs)
        self.card = card
        self._look: tuple[bool, bool, float, float] | None = None
        with self.canvas:
            PushMatrix()
            self._translate = Translate(0, 0)
            self._art = InstructionGroup()
            PopMatrix()
        self._art_in_canvas = True
        self.bind(pos=self._moved)

    def _moved(self, _widget: Widget, pos: tuple[float, float]) -> None:
        self._translate.xy = pos

    def set_look(self, face_up: bool, selected: bool, w: float, h: float) -> None:
        look = (face_up, selected, round(w, 1), round(h, 1))
        if look == self._look:
            return
        self._look = look
        self.size = (w, h)
        art = self._art
        art.clear()
        if face_up:
            draw_face(art, self.card, w, h)
        else:
            draw_back(art, w, h)
        if selected:
            draw_outline(art, (0, 0, w, h), w)
