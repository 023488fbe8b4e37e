"""A ScreenManager that clips its screens only while they slide.

Kivy's ScreenManager clips its children with the stencil buffer at every frame: a fill of
the whole window before its children and another after, and a stencil test on every pixel
between. Under software GL (Mesa llvmpipe) that cost a quarter of a drag frame. A screen at
rest fills the manager exactly, so there is nothing to clip then; a sliding screen reaches
outside it (over the safe area's padding), so the clip comes back for the transition."""

from __future__ import annotations

from typing import Any

from kivy.graphics import BindTexture
from kivy.graphics.instructions import Instruction
from kivy.uix.screenmanager import ScreenManager, TransitionBase


class UnclippedScreenManager(ScreenManager):  # type: ignore[misc]
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Kivy's style.kv rule: StencilPush, Rectangle, StencilUse before the children,
        # StencilUnUse, Rectangle, StencilPop after. Kept (their kv bindings still follow
        # the manager's size), and in the canvas only while a transition runs.
        # A Rectangle's BindTexture comes and goes with it.
        self._clip: tuple[list[Instruction], list[Instruction]] = (
            [i for i in self.canvas.before.children if not isinstance(i, BindTexture)],
            [i for i in self.canvas.after.children if not isinstance(i, BindTexture)],
        )
        self._watched: TransitionBase | None = None
        self.bind(transition=self._watch)
        self._watch(self, self.transition)
        self._clipping(self.transition, self.transition.is_active)

    @property
    def clipped(self) -> bool:
        """Whether the stencil clip is in the canvas."""
        return bool(self._clip[0]) and self._clip[0][0] in self.canvas.before.children

    def _watch(self, _manager: object, transition: TransitionBase) -> None:
        if self._watched is not None:
            self._watched.unbind(is_active=self._clipping)
        self._watched = transition
        transition.bind(is_active=self._clipping)

    def _clipping(self, _transition: object, active: bool) -> None:
        if active == self.clipped:
            return
        before, after = self._clip
        if active:
            for instruction in reversed(before):
                self.canvas.before.insert(0, instruction)
            for instruction in after:
                self.canvas.after.add(instruction)
        else:
            for instruction in before:
                self.canvas.before.remove(instruction)
            for instruction in after:
                self.canvas.after.remove(instruction)
