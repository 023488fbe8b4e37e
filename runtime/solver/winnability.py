"""Published winnability figures: `winnability.json`, one record per game and option set.

Written by `publish` from `helpdeck survey` result files (see docs/winnability.md); read by
the app's game chooser (`winnable_band`). A record:

    {"game": "seahaven", "options": {}, "deals": 2000, "winnable": 1803, "unwinnable": 189,
     "unknown": 8, "share": 0.905, "interval": [0.891, 0.917], "max_nodes": 2000000,
     "time_limit": 10.0, "command": "helpdeck survey seahaven ...", "date": "2026-12-01"}

``share`` and ``interval`` (95 % Wilson) are over decided deals only. A deal left unknown
may be either, so the true share of all deals lies between winnable / deals and
(winnable + unknown) / deals. The app says "about N %" when that band is narrow, and the
band itself ("between L and H %", "at least L %") when it is not (`winnable_band`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from runtime.solver.survey import Record, Summary

PATH = Path(__file__).with_name("winnability.json")
FORMAT = "helpdeck-winnability/1"
# The app shows "about N %" only when unknown deals could move the share of all deals by
# at most this much.
MAX_UNKNOWN_SHARE = 0.02
# Beyond that, the band the share lies in, when it is at most this many points wide; a
# wider band is said by its lower end alone ("at least L %").
MAX_BAND_POINTS = 20

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


@dataclass(frozen=True, slots=True)
class Band:
    """The share of all deals that can be won, in whole percent, as the chooser says it:
    ``low == high``: about that much; ``high == 100``: at least ``low``; otherwise between
    ``low`` and ``high``."""

    low: int
    high: int


def _record(
    game_id: str, options: Mapping[str, bool] | None, figures: Iterable[Figure]
) -> Figure | None:
    """The game's record with ``options`` (None: the defaults' record), if it has deals."""
    for figure in figures:
        if figure.get("game") != game_id:
            continue
        if options is not None and figure.get("options") != dict(options):
            continue
        if options is None and not figure.get("default", False):
            continue
        return figure if figure.get("deals", 0) else None
    return None


def surveyed(game_id: str, options: Mapping[str, bool] | None, figures: Iterable[Figure]) -> bool:
    """Whether a survey of the game with ``options`` (None: the defaults) was published."""
    return _record(game_id, options, figures) is not None


def about_percent(
    game_id: str, options: Mapping[str, bool] | None, figures: Iterable[Figure]
) -> int | None:
    """The rounded winnable share for the game with ``options`` (None: the defaults'
    record), or None when there is no record or too many of its deals are unknown. Never
    100 while a deal was lost or unknown, never 0 while one was won."""
    figure = _record(game_id, options, figures)
    return None if figure is None else _about(figure)


def _about(figure: Figure) -> int | None:
    """`about_percent` of one record."""
    if figure.get("unknown", 0) > MAX_UNKNOWN_SHARE * figure["deals"]:
        return None
    share = float(figure["share"])
    # "about 100 %" would say every deal; keep 99 unless no deal was lost (0 likewise).
    percent = round(100 * share)
    if figure.get("unwinnable", 0) or figure.get("unknown", 0):
        percent = min(percent, 99)
    if figure.get("winnable", 0):
        percent = max(percent, 1)
    return percent


@cache
def _published() -> tuple[Figure, ...]:
    return tuple(load())


def survey_nodes(game_id: str, options: Mapping[str, bool]) -> int | None:
    """The node limit of the published survey of this game and option set, if any."""
    figure = _record(game_id, options, _published())
    limit = figure.get("max_nodes") if figure is not None else None
    return limit if type(limit) is int and limit > 0 else None


def winnable_band(
    game_id: str, options: Mapping[str, bool] | None, figures: Iterable[Figure]
) -> Band | None:
    """What the chooser says: `about_percent` where it has a figure; otherwise, where too
    many deals are unknown for one number, the band the share of all deals surely lies in
    (winnable / deals to (winnable + unknown) / deals, rounded outwards so the words stay
    true), or its lower end alone when it is wider than `MAX_BAND_POINTS`; None without a
    record, or when under 1 % of the deals were won (the lower end would round down to 0 %,
    and a band from 0 % says nothing a player can use)."""
    figure = _record(game_id, options, figures)
    if figure is None:
        return None
    percent = _about(figure)
    if percent is not None:
        return Band(percent, percent)
    deals = figure["deals"]
    won, unknown = figure.get("winnable", 0), figure.get("unknown", 0)
    low = math.floor(100 * won / deals)
    if low < 1:
        return None
    high = min(math.ceil(100 * (won + unknown) / deals), 100)
    return Band(low, high if high - low <= MAX_BAND_POINTS else 100)


def describe(band: Band) -> str:
    """``band`` in English, as the chooser says it (for the docs and bench scripts; the app
    says it in the UI language)."""
    if band.low == band.high:
        return f"about {band.low} %"
    if band.high >= 100:
        return f"at least {band.low} %"
    return f"{band.low}-{band.high} %"


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
