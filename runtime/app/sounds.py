"""Sound effects: a card put down, a deal, a win. Made by this module, played with Kivy.

    python -m runtime.app.sounds      # rewrites data/place.wav, deal.wav, win.wav

The sounds are synthesised here (no recordings from elsewhere): a short filtered noise
click for a card put down, a rising noise swish for a deal, three rising sine notes for a
win; 22,050 Hz mono 16-bit, each under 60 KB. `Sounds` plays them when the "Sound effects"
setting is on; a missing or unplayable file is silently skipped (no audio device).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
RATE = 22050
NAMES = ("place", "deal", "win")


def _place(rng: random.Random) -> list[float]:
    """A card on felt: 40 ms of low-passed noise with a quick decay."""
    out, low = [], 0.0
    n = int(RATE * 0.04)
    for i in range(n):
        low += 0.35 * (rng.uniform(-1, 1) - low)
        out.append(low * math.exp(-i / (n / 5)) * 0.9)
    return out


def _deal(rng: random.Random) -> list[float]:
    """A swish: 160 ms of noise, its brightness rising, swelling then fading."""
    out, low = [], 0.0
    n = int(RATE * 0.16)
    for i in range(n):
        t = i / n
        low += (0.05 + 0.5 * t) * (rng.uniform(-1, 1) - low)
        out.append(low * math.sin(math.pi * t) * 0.8)
    return out


def _win(_rng: random.Random) -> list[float]:
    """Three rising notes (C, E, G, then the C above), each with a soft attack and decay."""
    out: list[float] = []
    for freq, length in ((523.25, 0.12), (659.25, 0.12), (783.99, 0.12), (1046.5, 0.4)):
        n = int(RATE * length)
        for i in range(n):
            env = min(1.0, i / (RATE * 0.01)) * math.exp(-i / (n / 3))
            s = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(
                4 * math.pi * freq * i / RATE
            )
            out.append(s * env * 0.35)
    return out


def samples(name: str) -> list[float]:
    """The sound ``name`` as samples in -1..1 (deterministic: a fixed seed)."""
    return {"place": _place, "deal": _deal, "win": _win}[name](random.Random(name))


def write_wav(path: Path, values: list[float]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in values)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


class Sounds:
    """Plays the effects when ``enabled``; loads each file the first time it is played."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._loaded: dict[str, Any] = {}
        self.played: list[str] = []  # for tests: what was asked to play, in order

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        if name not in self._loaded:
            try:
                from kivy.core.audio import SoundLoader

                self._loaded[name] = SoundLoader.load(str(DATA / f"{name}.wav"))
            except Exception:
                self._loaded[name] = None
        sound = self._loaded[name]
        if sound is not None:
            sound.stop()
            sound.play()


def main() -> None:
    for name in NAMES:
        write_wav(DATA / f"{name}.wav", samples(name))
        print(f"wrote {DATA / name}.wav")


if __name__ == "__main__":
    main()
