"""Published winnability figures: `winnability.json`, one record per game and option set.

Written by `publish` from `helpdeck survey` result files (see docs/winnability.md); read by
the app's game chooser (`about_percent`). A record:

    {"game": "seahaven", "options": {}, "deals": 2000, "winnable": 1803, "unwinnable": 189,
     "unknown": 8, "share": 0.905, "interval": [0.891, 0.917], "max_nodes": 2000000,
     "time_limit": 10.0, "command": "helpdeck survey seahaven ...", "date": "2026-12-01"}

``share`` and ``interval`` (95 % Wilson) are over decided deals only. A deal left unknown
may be either, so the true share of all deals lies between winnable / deals and
(winnable + unknown) / deals; the app shows a figure only when that band is narrow.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from runtime.solver.survey import Record, Summary

PATH = Path(__file__).with_name("winnability.json")
FORMAT = "helpdeck-winnability/1"
# The app shows "about N %" only when unknown deals could move the share of all deals by
# at most this much.
MAX_UNKNOWN_SHARE = 0.02

Figure = dict[str, Any]


def load(path: Path = PATH) -> list[Figure]:
    """The published records ([] when the file is missing or unreadable)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return []
    records = data.get("figures")
    return [r for r in records if isinstance(r, dict)] if isinstance(records, list) else []


def about_percent(
    game_id: str, options: Mapping[str, bool] | None, figures: Iterable[Figure]
) -> int | None:
    """The rounded winnable share for the game with ``options`` (None: the defaults'
    record), or None when there is no record or too many of its deals are unknown. Never
    100 while a deal was lost or unknown, never 0 while one was won."""
    for figure in figures:
        if figure.get("game") != game_id:
            continue
        if options is not None and figure.get("options") != dict(options):
            continue
        deals = figure.get("deals", 0)
        if options is None and not figure.get("default", False):
            continue
        if not deals or figure.get("unknown", deals) > MAX_UNKNOWN_SHARE * deals:
            return None
        share = float(figure["share"])
        # "about 100 %" would say every deal; keep 99 unless no deal was lost (0 likewise).
        percent = round(100 * share)
        if figure.get("unwinnable", 0) or figure.get("unknown", 0):
            percent = min(percent, 99)
        if figure.get("winnable", 0):
            percent = max(percent, 1)
        return percent
    return None


def figure_of(
    records: list[Record],
    *,
    default: bool,
    max_nodes: int,
    time_limit: float | None,
    command: str,
    date: str,
) -> Figure:
    """One published record from a survey's records (all of one game and option set)."""
    games = {(r["game"], json.dumps(r.get("options") or {}, sort_keys=True)) for r in records}
    if len(games) != 1:
        raise ValueError(f"records of more than one game or option set: {sorted(games)}")
    summary = Summary.of(records)
    decided = summary.winnable + summary.unwinnable
    low, high = summary.interval
    return {
        "game": records[0]["game"],
        "options": dict(records[0].get("options") or {}),
        "default": default,
        "deals": summary.deals,
        "winnable": summary.winnable,
        "unwinnable": summary.unwinnable,
        "unknown": summary.unknown,
        "share": round(summary.winnable / decided, 4) if decided else 0.0,
        "interval": [round(low, 4), round(high, 4)],
        "max_nodes": max_nodes,
        "time_limit": time_limit,
        "command": command,
        "date": date,
    }


def publish(figures: Iterable[Figure], path: Path = PATH) -> list[Figure]:
    """Merge ``figures`` into ``path`` (a record replaces the one of the same game and
    options); returns every record, sorted by game and options."""
    merged = {(f["game"], json.dumps(f["options"], sort_keys=True)): f for f in load(path)}
    for figure in figures:
        merged[(figure["game"], json.dumps(figure["options"], sort_keys=True))] = figure
    records = [merged[k] for k in sorted(merged)]
    text = json.dumps({"format": FORMAT, "figures": records}, indent=1, ensure_ascii=False)
    path.write_text(text + "\n", "utf-8")
    return records
