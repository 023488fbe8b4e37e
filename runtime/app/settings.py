"""Player settings, saved as JSON next to the save file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SETTINGS_FORMAT = "helpdeck-settings/1"


@dataclass
class Settings:
    language: str = "C"
    animations: bool = True
    autofinish: bool = True
    options: dict[str, dict[str, bool]] = field(default_factory=dict)  # per game, for new deals

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SETTINGS_FORMAT,
            "language": self.language,
            "animations": self.animations,
            "autofinish": self.autofinish,
            "options": self.options,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        options = {
            str(game): {str(k): bool(v) for k, v in dict(values).items()}
            for game, values in dict(data.get("options", {})).items()
        }
        return cls(
            language=str(data.get("language", "C")),
            animations=bool(data.get("animations", True)),
            autofinish=bool(data.get("autofinish", True)),
            options=options,
        )
