"""One card on the table: one textured rectangle (its look, rendered once per size) and an
outline shown while it is selected. Moving a card moves one rectangle; nothing is rebuilt."""

from __future__ import annotations

from kivy.clock import ClockEvent
from kivy.graphics import Color, InstructionGroup, Rectangle
from kivy.uix.widget import Widget

from runtime.app import cardart
from runtime.app.cardart import BACK_LOOK, card_texture, draw_outline


class CardWidget(Widget):
    def __init__(self, card: int, **kwargs: object) -> None:
        super().__init__(size_hint=(None, None), **kwargs)
        self.card = card
        self._look: tuple[bool, bool, bool, float, float, str, str, int] | None = None
        # Kept by the table: where an animation takes the card, and one waiting to start.
        self._target: tuple[float, float] = (0.0, 0.0)
        self._delayed: ClockEvent | None = None
        # How much of the card, from its top, is drawn: a card under another in a fan shows
        # only its top strip, and software GL pays for every pixel drawn, covered or not.
        self.shown: float | None = None  # px; None: the whole card
        with self.canvas:
            Color(1, 1, 1, 1)
            self._face = Rectangle(pos=self.pos, size=self.size)
            self._outline = InstructionGroup()
        self.bind(pos=self._moved)

    def _moved(self, _widget: Widget, pos: tuple[float, float]) -> None:
        x, y = pos
        self._face.pos = (x, y) if self.shown is None else (x, y + self.height - self.shown)
        if self._look is not None and self._look[1]:
            self._draw_outline()

    def show_top(self, height: float | None) -> None:
        """Draw only the top ``height`` px of the card (None: all of it)."""
        if height is not None and height >= self.height:
            height = None
        if height == self.shown:
            return
        self.shown = height
        self._fit_face()

    def _fit_face(self) -> None:
        texture = self._face.texture
        w, h = self.size
        if texture is None or self.shown is None:
            self._face.size = (w, h)
            self._face.pos = self.pos
            if texture is not None:
                self._face.tex_coords = texture.tex_coords
            return
        part = self.shown / h
        u0, v0, u1, _v0, _u1, v1, _u0, _v1 = texture.tex_coords
        cut = v0 + (v1 - v0) * (1 - part)  # v where the drawn strip ends
        self._face.tex_coords = (u0, cut, u1, cut, u1, v1, u0, v1)
        self._face.size = (w, self.shown)
        self._face.pos = (self.x, self.y + h - self.shown)

    def set_look(
        self, face_up: bool, selected: bool, w: float, h: float, centre: bool = True
    ) -> None:
        """``centre=False``: no big centre suit (a pyramid card whose middle is covered)."""
        look = (
            face_up, selected, centre, round(w, 1), round(h, 1), cardart.DESIGN,
            cardart.BACK_DESIGN, cardart.GENERATION,
        )  # fmt: skip
        if look == self._look:
            return
        old = self._look
        self._look = look
        self.size = (w, h)
        if old is None or old[0] != face_up or old[2:] != look[2:]:
            card = self.card if face_up else BACK_LOOK
            self._face.texture = card_texture(card, centre or not face_up, w, h)
            self._fit_face()
        if selected:
            self._draw_outline()
        else:
            self._outline.clear()

    def _draw_outline(self) -> None:
        self._outline.clear()
        draw_outline(self._outline, (self.x, self.y, self.width, self.height), self.width)
