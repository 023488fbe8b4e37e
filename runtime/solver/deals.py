""" "Winnable deals only": seeds the solver proved winnable, cached per game and option set.

The cache is one JSON file per game and option set in a directory the app chooses::

    {"format": "helpdeck-winnable/1", "game": "seahaven", "options": {},
     "winnable": [1, 2, 4], "unwinnable": [5], "unknown": [9]}

`next_seed` only reads memory (loaded once from the file), so the UI never waits for the
solver; `prefill` solves further seeds on a background thread, optionally handing the
solving to an executor (e.g. a process pool, which keeps the UI thread free of the GIL).
"""

from __future__ import annotations

import json
import os
import threading
from bisect import bisect_left
from collections.abc import Mapping
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from runtime.atomic_write import write_atomically
from runtime.engine import load_game
from runtime.solver.search import Verdict
from runtime.solver.survey import solve_seed

CACHE_FORMAT = "helpdeck-winnable/1"
DEFAULT_PREFILL_NODES = 100_000


class _Entry:
    def __init__(self, path: Path, game_id: str, options: dict[str, bool]) -> None:
        self.path = path
        self.game_id = game_id
        self.options = options
        self.verdicts: dict[int, str] = {}
        self.winnable: list[int] = []  # sorted

    def load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # no cache yet, or a damaged one: start afresh
        if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
            return
        for verdict in Verdict:
            for seed in data.get(verdict.value, []):
                if isinstance(seed, int):
                    self.verdicts[seed] = verdict.value
        self.winnable = sorted(s for s, v in self.verdicts.items() if v == Verdict.WINNABLE)

    def record(self, seed: int, verdict: str) -> None:
        self.verdicts[seed] = verdict
        if verdict == Verdict.WINNABLE:
            i = bisect_left(self.winnable, seed)
            if i == len(self.winnable) or self.winnable[i] != seed:
                self.winnable.insert(i, seed)

    def save(self) -> None:
        data: dict[str, Any] = {"format": CACHE_FORMAT, "game": self.game_id}
        data["options"] = self.options
        for verdict in Verdict:
            data[verdict.value] = sorted(s for s, v in self.verdicts.items() if v == verdict)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(data))  # a reader never sees half a file


class WinnableDeals:
    def __init__(self, cache_dir: str | os.PathLike[str], max_nodes: int = DEFAULT_PREFILL_NODES):
        self.cache_dir = Path(cache_dir)
        self.max_nodes = max_nodes
        self._entries: dict[tuple[str, tuple[bool, ...]], _Entry] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()

    def _entry(self, game_id: str, options: Mapping[str, bool] | None) -> _Entry:
        game = load_game(game_id)
        values = game.option_values(options)
        with self._lock:
            entry = self._entries.get((game_id, values))
            if entry is None:
                chosen = {o.id: v for o, v in zip(game.options, values, strict=True)}
                suffix = "".join("1" if v else "0" for v in values) or "default"
                entry = _Entry(self.cache_dir / f"{game_id}-{suffix}.json", game_id, chosen)
                entry.load()
                self._entries[(game_id, values)] = entry
            return entry

    def next_seed(
        self, game_id: str, options: Mapping[str, bool] | None = None, start_seed: int = 0
    ) -> int | None:
        """The first proven winnable seed at or after ``start_seed``; None if none yet."""
        entry = self._entry(game_id, options)
        with self._lock:
            i = bisect_left(entry.winnable, start_seed)
            return entry.winnable[i] if i < len(entry.winnable) else None

    def decided(self, game_id: str, options: Mapping[str, bool] | None) -> int:
        """How many seeds have a verdict (winnable or not) for ``game_id`` and ``options``."""
        entry = self._entry(game_id, options)
        with self._lock:
            return len(entry.verdicts)

    def verdict(self, game_id: str, options: Mapping[str, bool] | None, seed: int) -> str | None:
        entry = self._entry(game_id, options)
        with self._lock:
            return entry.verdicts.get(seed)

    def prefill(
        self,
        game_id: str,
        options: Mapping[str, bool] | None = None,
        start_seed: int = 0,
        count: int = 10,
        executor: Executor | None = None,
    ) -> threading.Thread:
        """Start proving seeds from ``start_seed`` on until ``count`` winnable ones are cached.

        Returns the started daemon thread; `stop()` ends it after the current seed.
        """
        entry = self._entry(game_id, options)
        thread = threading.Thread(
            target=self._prefill,
            args=(entry, start_seed, count, executor),
            name=f"winnable-deals-{game_id}",
            daemon=True,
        )
        thread.start()
        return thread

    def _prefill(self, entry: _Entry, seed: int, count: int, executor: Executor | None) -> None:
        found = 0
        while found < count and not self._stop.is_set():
            with self._lock:
                known = entry.verdicts.get(seed)
            if known is None:
                args = (entry.game_id, entry.options, seed, self.max_nodes, None)
                if executor is None:
                    record = solve_seed(*args)
                else:
                    record = executor.submit(solve_seed, *args).result()
                known = record["verdict"]
                with self._lock:
                    entry.record(seed, known)
                    entry.save()
            if known == Verdict.WINNABLE:
                found += 1
            seed += 1

    def stop(self) -> None:
        self._stop.set()
