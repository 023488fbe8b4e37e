"""Write what the window shows (its root widget and any dialog, rendered off screen) to a PNG."""

from __future__ import annotations

import os
from pathlib import Path

from kivy.core.image import Image
from kivy.core.window import Window
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Fbo,
    PopMatrix,
    PushMatrix,
    Scale,
    Translate,
)


def save_window_png(path: str | os.PathLike[str]) -> Path:
    """Render the window's widgets into an Fbo cleared to the window's clear colour (the
    table's felt is that colour): reading the window's own buffer after a flip gives black
    under some GL drivers (Mesa on Xvfb)."""
    target = Path(path).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    width, height = (int(v) for v in Window.size)
    fbo = Fbo(size=(width, height), with_stencilbuffer=True)
    with fbo:
        ClearColor(*Window.clearcolor)
        ClearBuffers()
        PushMatrix()
        Scale(1, -1, 1)  # export_to_png's orientation: flip, so the PNG is upright
        Translate(0, -height, 0)
    # An instruction has one parent: borrow each canvas from the window, then put it back.
    borrowed = []
    for widget in reversed(Window.children):  # the root first, dialogs above it
        index = Window.canvas.indexof(widget.canvas)
        if index > -1:
            Window.canvas.remove(widget.canvas)
        borrowed.append((widget.canvas, index))
        fbo.add(widget.canvas)
    with fbo:
        PopMatrix()
    fbo.draw()
    Image(fbo.texture).save(str(target), flipped=False)
    for canvas, index in reversed(borrowed):
        fbo.remove(canvas)
        if index > -1:
            Window.canvas.insert(index, canvas)
    return target
