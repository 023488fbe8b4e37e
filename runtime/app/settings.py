"""Player settings, saved as JSON next to the save file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
        options = {
            str(game): {str(k): bool(v) for k, v in dict(values).items()}
            for game, values in dict(data.get("options", {})).items()
        }
        language = str(data.get("language", "system"))
        return cls(
            # "C" was the old default help language: nothing chosen, so follow the system.
            language="system" if language in ("", "C") else language,
            animations=bool(data.get("animations", True)),
            autofinish=bool(data.get("autofinish", True)),
            winnable=bool(data.get("winnable", False)),
            options=options,
            next_winnable={str(g): int(s) for g, s in dict(data.get("next_winnable", {})).items()},
        )
