"""Per-game statistics: played, won, streaks, best, average and worst time; the same per set
of game options. Plain data, saved as JSON.

A game's entry holds its totals over every option set, and ``variants`` the same figures per
option set (keyed by `variant_key`). Files written before there were variants and
average/worst times load as they are: their figures stay in the totals, the new fields start
empty (the average counts the wins timed since).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from runtime.app.storage import duration, mapping, sequence, text, whole

STATS_FORMAT = "helpdeck-stats/1"
RECENT_LIMIT = 5
MAX_SECONDS = 1e9  # about 31 years: anything longer is a broken clock


def variant_key(options: dict[str, bool]) -> str:
    """The option set a deal was played with: the ids of the options on, sorted, "+"-joined
    ("" for a game with no option on)."""
    return "+".join(sorted(name for name, on in options.items() if on))


@dataclass
class GameStats:
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time: float | None = None  # seconds
    worst_time: float | None = None  # the slowest timed win
    total_time: float = 0.0  # of the timed wins: the average is total_time / timed_wins
    timed_wins: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def average_time(self) -> float | None:
        return self.total_time / self.timed_wins if self.timed_wins else None

    def add_win(self, seconds: float) -> None:
        seconds = float(seconds)
        self.won += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        if not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS:
            return  # a broken clock: the win counts, the time does not
        if self.best_time is None or seconds < self.best_time:
            self.best_time = seconds
        if self.worst_time is None or seconds > self.worst_time:
            self.worst_time = seconds
        self.timed_wins += 1
        self.total_time = min(self.total_time + seconds, MAX_SECONDS * 1000)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: Any, where: str) -> GameStats:
        entry = mapping(raw, where)

        def seconds(name: str, high: float = MAX_SECONDS) -> float | None:
            value = entry.get(name)
            return None if value is None else duration(value, f"{where}.{name}", high)

        return cls(
            played=whole(entry.get("played", 0), f"{where}.played"),
            won=whole(entry.get("won", 0), f"{where}.won"),
            streak=whole(entry.get("streak", 0), f"{where}.streak"),
            best_streak=whole(entry.get("best_streak", 0), f"{where}.best_streak"),
            best_time=seconds("best_time"),
            worst_time=seconds("worst_time"),
            total_time=seconds("total_time", MAX_SECONDS * 1000) or 0.0,
            timed_wins=whole(entry.get("timed_wins", 0), f"{where}.timed_wins"),
        )


@dataclass
class GameRecord(GameStats):
    """A game's totals, and the same per option set."""

    variants: dict[str, GameStats] = field(default_factory=dict)

    def variant(self, key: str) -> GameStats:
        return self.variants.setdefault(key, GameStats())

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if k != "variants"}
        if self.variants:
            data["variants"] = {k: v.to_json() for k, v in sorted(self.variants.items())}
        return data


@dataclass
class Statistics:
    games: dict[str, GameRecord] = field(default_factory=dict)
    recent: list[str] = field(default_factory=list)  # most recent first

    def of(self, game_id: str) -> GameRecord:
        return self.games.setdefault(game_id, GameRecord())

    def _entries(self, game_id: str, variant: str | None) -> list[GameStats]:
        record = self.of(game_id)
        return [record] if variant is None else [record, record.variant(variant)]

    def started(self, game_id: str, variant: str | None = None) -> None:
        """The first move of a deal: it now counts as played."""
        for entry in self._entries(game_id, variant):
            entry.played += 1

    def won(self, game_id: str, seconds: float, variant: str | None = None) -> None:
        for entry in self._entries(game_id, variant):
            entry.add_win(seconds)

    def lost(self, game_id: str, variant: str | None = None) -> None:
        """A played deal abandoned or given up without a win ends the streak."""
        for entry in self._entries(game_id, variant):
            entry.streak = 0

    def reset(self, game_id: str | None = None) -> None:
        """Forget the figures of ``game_id``, or of every game (the recent list stays)."""
        if game_id is None:
            self.games.clear()
        else:
            self.games.pop(game_id, None)

    def opened(self, game_id: str) -> None:
        self.recent = [game_id, *[g for g in self.recent if g != game_id]][:RECENT_LIMIT]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "games": {g: s.to_json() for g, s in sorted(self.games.items())},
            "recent": self.recent,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Statistics:
        """Raises ValueError naming the first field of the wrong type or out of range."""
        games = {}
        for game_id, raw in mapping(data.get("games", {}), "games").items():
            where = f"games.{game_id}"
            totals = GameStats.from_json(raw, where)
            variants = {
                text(key, f"{where}.variants"): GameStats.from_json(
                    value, f"{where}.variants.{key}"
                )
                for key, value in mapping(
                    mapping(raw, where).get("variants", {}), f"{where}.variants"
                ).items()
            }
            games[text(game_id, "games")] = GameRecord(**asdict(totals), variants=variants)
        recent = [text(g, "recent") for g in sequence(data.get("recent", []), "recent")]
        return cls(games, recent[:RECENT_LIMIT])


def format_time(seconds: float | None) -> str:
    if seconds is None or not math.isfinite(seconds) or seconds < 0:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
