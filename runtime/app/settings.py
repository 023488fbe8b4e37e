"""Player settings, saved as JSON next to the save file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runtime.app.storage import flag, mapping, text, whole
from runtime.engine.shuffle import MAX_SEED

SETTINGS_FORMAT = "helpdeck-settings/1"


@dataclass
class Settings:
    language: str = "system"  # a UI language code, or "system": follow the device
    animations: bool = True
    autofinish: bool = True
    winnable: bool = False  # new deals only from seeds the solver proved winnable
    options: dict[str, dict[str, bool]] = field(default_factory=dict)  # per game, for new deals
    next_winnable: dict[str, int] = field(default_factory=dict)  # per game: where to look next

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "language": self.language,
            "animations": self.animations,
            "autofinish": self.autofinish,
            "winnable": self.winnable,
            "options": self.options,
            "next_winnable": self.next_winnable,
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
        return cls(
            # "C" was the old default help language: nothing chosen, so follow the system.
            language="system" if language in ("", "C") else language,
            animations=flag(data.get("animations", True), "animations"),
            autofinish=flag(data.get("autofinish", True), "autofinish"),
            winnable=flag(data.get("winnable", False), "winnable"),
            options=options,
            next_winnable=next_winnable,
        )
