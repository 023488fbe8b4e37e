"""Per-game statistics: played, won, streaks, best time. Plain data, saved as JSON."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from runtime.app.storage import duration, mapping, sequence, text, whole

STATS_FORMAT = "helpdeck-stats/1"
RECENT_LIMIT = 5
MAX_SECONDS = 1e9  # about 31 years: anything longer is a broken clock


@dataclass
class GameStats:
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time: float | None = None  # seconds

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass
class Statistics:
    games: dict[str, GameStats] = field(default_factory=dict)
    recent: list[str] = field(default_factory=list)  # most recent first

    def of(self, game_id: str) -> GameStats:
        return self.games.setdefault(game_id, GameStats())

    def started(self, game_id: str) -> None:
        """The first move of a deal: it now counts as played."""
        self.of(game_id).played += 1

    def won(self, game_id: str, seconds: float) -> None:
        entry = self.of(game_id)
        entry.won += 1
        entry.streak += 1
        entry.best_streak = max(entry.best_streak, entry.streak)
        if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
            return  # a broken clock: the win counts, the time does not
        if entry.best_time is None or seconds < entry.best_time:
            entry.best_time = seconds

    def lost(self, game_id: str) -> None:
        """A played deal abandoned or given up without a win ends the streak."""
        self.of(game_id).streak = 0

    def opened(self, game_id: str) -> None:
        self.recent = [game_id, *[g for g in self.recent if g != game_id]][:RECENT_LIMIT]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "games": {g: asdict(s) for g, s in sorted(self.games.items())},
            "recent": self.recent,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Statistics:
        """Raises ValueError naming the first field of the wrong type or out of range."""
        games = {}
        for game_id, raw in mapping(data.get("games", {}), "games").items():
            where = f"games.{game_id}"
            entry = mapping(raw, where)
            best_time = entry.get("best_time")
            stats = GameStats(
                played=whole(entry.get("played", 0), f"{where}.played"),
                won=whole(entry.get("won", 0), f"{where}.won"),
                streak=whole(entry.get("streak", 0), f"{where}.streak"),
                best_streak=whole(entry.get("best_streak", 0), f"{where}.best_streak"),
                best_time=None
                if best_time is None
                else duration(best_time, f"{where}.best_time", MAX_SECONDS),
            )
            games[text(game_id, "games")] = stats
        recent = [text(g, "recent") for g in sequence(data.get("recent", []), "recent")]
        return cls(games, recent[:RECENT_LIMIT])


def format_time(seconds: float | None) -> str:
    if seconds is None or not math.isfinite(seconds) or seconds < 0:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
