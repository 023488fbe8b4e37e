"""The win celebration: suit symbols burst from the foundations and fall off the table.

Drawn into an InstructionGroup above the cards (the table's ``canvas.after``): no widget,
so it takes no touch and never blocks play; it runs `DURATION` seconds at most and is
stopped by a new deal. The flight is plain physics in `Particle` (no Kivy); the table
starts it only with "Animate moves" on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DURATION = 2.5  # seconds
GRAVITY = -9.6  # card widths per second squared
PER_ORIGIN = 14


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    suit: int
    size: float

    def advance(self, dt: float, gravity: float) -> None:
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.vy += gravity * dt


def burst(
    origins: list[tuple[float, float]], card_w: float, seed: int | None = None
) -> list[Particle]:
    """Particles thrown up and out from each origin, a card width or two a second."""
    rng = random.Random(seed)
    particles = []
    for ox, oy in origins:
        for _ in range(PER_ORIGIN):
            angle = rng.uniform(math.pi * 0.15, math.pi * 0.85)
            speed = card_w * rng.uniform(3.0, 7.0)
            particles.append(
                Particle(
                    ox,
                    oy,
                    math.cos(angle) * speed,
                    math.sin(angle) * speed,
                    rng.randrange(4),
                    card_w * rng.uniform(0.25, 0.45),
                )
            )
    return particles


class Celebration:
    """Runs the burst on ``group`` (an InstructionGroup the table draws above its cards)."""

    def __init__(
        self, group: Any, origins: list[tuple[float, float]], card_w: float, floor: float
    ) -> None:
        self.group, self.card_w, self.floor = group, card_w, floor
        self.particles = burst(origins, card_w)
        self.elapsed = 0.0
        self._event: Any = None
        self._on_end: Callable[[], None] | None = None

    @property
    def running(self) -> bool:
        return self._event is not None

    def start(self, on_end: Callable[[], None] | None = None) -> None:
        from kivy.clock import Clock

        self._on_end = on_end
        self._event = Clock.schedule_interval(self._frame, 1 / 60)
        self._draw()

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.group.clear()

    def _frame(self, dt: float) -> bool:
        dt = min(dt, 0.05)  # a slow frame does not throw everything off the screen
        self.elapsed += dt
        for particle in self.particles:
            particle.advance(dt, GRAVITY * self.card_w)
        self.particles = [p for p in self.particles if p.y + p.size > self.floor]
        if self.elapsed >= DURATION or not self.particles:
            on_end, self._on_end = self._on_end, None
            self.stop()
            if on_end is not None:
                on_end()
            return False
        self._draw()
        return True

    def _draw(self) -> None:
        from kivy.graphics import Color

        from runtime.app import cardart

        self.group.clear()
        fade = max(0.0, 1.0 - max(0.0, self.elapsed - DURATION * 0.6) / (DURATION * 0.4))
        for particle in self.particles:
            r, g, b, _a = cardart.suit_colour(particle.suit, cardart.DESIGN)
            if (r, g, b) == cardart.BLACK[:3]:
                r, g, b = 1.0, 0.92, 0.35  # black on the felt: gold instead
            self.group.add(Color(r, g, b, fade))
            cardart.suit_shape(self.group, particle.suit, particle.x, particle.y, particle.size)
