"""Player settings, saved as JSON next to the save file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runtime.app.storage import duration, flag, mapping, sequence, text, whole
from runtime.engine.shuffle import MAX_SEED

SETTINGS_FORMAT = "helpdeck-settings/1"
CARD_DESIGNS = ("classic", "large", "four")  # cardart's face designs (no Kivy here)
CARD_BACKS = ("blue", "red")  # cardart.BACKS
CARD_SIZES = ("largest", "medium", "small")  # cardsize.SIZES


@dataclass
class Settings:
    language: str = "system"  # a UI language code, or "system": follow the device
    animations: bool = True
    autofinish: bool = True
    winnable: bool = False  # new deals only from seeds the solver proved winnable
    options: dict[str, dict[str, bool]] = field(default_factory=dict)  # per game, for new deals
    next_winnable: dict[str, int] = field(default_factory=dict)  # per game: where to look next
    card_design: str = "classic"  # one of cardart.DESIGNS
    card_back: str = "blue"  # one of cardart.BACKS
    card_size: str = "largest"  # one of cardsize.SIZES
    sounds: bool = False  # sound effects (off at first: a phone may be anywhere)
    left_handed: bool = False  # the table mirrored: stock and waste on the right
    # Android's safe area, [top, bottom, left, right] in dp; None: what the system reports.
    safe_area: tuple[float, float, float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "language": self.language,
            "animations": self.animations,
            "autofinish": self.autofinish,
            "winnable": self.winnable,
            "options": self.options,
            "next_winnable": self.next_winnable,
            "card_design": self.card_design,
            "card_back": self.card_back,
            "card_size": self.card_size,
            "sounds": self.sounds,
            "left_handed": self.left_handed,
            "safe_area": None if self.safe_area is None else list(self.safe_area),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Raises ValueError naming the first field of the wrong type or out of range."""
        options = {
            text(game, "options"): {
                text(name, f"options.{game}"): flag(value, f"options.{game}.{name}")
                for name, value in mapping(values, f"options.{game}").items()
            }
            for game, values in mapping(data.get("options", {}), "options").items()
        }
        next_winnable = {
            text(game, "next_winnable"): whole(seed, f"next_winnable.{game}", 0, MAX_SEED)
            for game, seed in mapping(data.get("next_winnable", {}), "next_winnable").items()
        }
        language = text(data.get("language", "system"), "language", 40)
        design = text(data.get("card_design", "classic"), "card_design", 40)
        design = design if design in CARD_DESIGNS else "classic"  # a newer version's design
        back = text(data.get("card_back", "blue"), "card_back", 40)
        size = text(data.get("card_size", "largest"), "card_size", 40)
        raw_area = data.get("safe_area")
        safe_area = None
        if raw_area is not None:
            sides = sequence(raw_area, "safe_area", 4)
            if len(sides) != 4:
                raise ValueError("safe_area: expected [top, bottom, left, right] in dp")
            top, bottom, left, right = (duration(v, "safe_area", 200.0) for v in sides)
            safe_area = (top, bottom, left, right)
        return cls(
            # "C" was the old default help language: nothing chosen, so follow the system.
            language="system" if language in ("", "C") else language,
            animations=flag(data.get("animations", True), "animations"),
            autofinish=flag(data.get("autofinish", True), "autofinish"),
            winnable=flag(data.get("winnable", False), "winnable"),
            options=options,
            next_winnable=next_winnable,
            card_design=design,
            card_back=back if back in CARD_BACKS else "blue",  # a newer version's back
            card_size=size if size in CARD_SIZES else "largest",
            sounds=flag(data.get("sounds", False), "sounds"),
            left_handed=flag(data.get("left_handed", False), "left_handed"),
            safe_area=safe_area,
        )
