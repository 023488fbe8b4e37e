"""The app's data files: a corrupt file never stops the app, is kept aside under a new name,
the player is told, and the other files survive (issue 12, points 2 and 9)."""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path

import pytest

from runtime.app.session import Session
from runtime.app.stats import Statistics, format_time
from runtime.app.storage import Store, data_dir, nesting_depth, parse_json

DEEP = "[" * 100_000 + "]" * 100_000
GOOD = {
    "current.json": {
        "format": "helpdeck-save/1",
        "code": "seahaven-3",
        "moves": [],
        "elapsed": 12.5,
        "counted": False,
        "won": False,
    },
    "stats.json": {
        "format": "helpdeck-stats/1",
        "games": {"saratoga": {"played": 3, "won": 1, "best_time": 80.0}},
        "recent": ["saratoga"],
    },
    "settings.json": {"format": "helpdeck-settings/1", "language": "sv", "animations": False},
}
BAD = {
    "current.json": [
        DEEP,
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": [], "elapsed": 1e400}',
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": [], "elapsed": NaN}',
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": [], "elapsed": -1}',
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": "t1>f1"}',
        '{"format": "helpdeck-save/1", "code": 7, "moves": []}',
        '{"format": "helpdeck-save/1", "code": "seahaven-3", "moves": ["t1>f1x\u00b2"]}',
        "\xff\xfe",
    ],
    "stats.json": [
        DEEP,
        '{"format": "helpdeck-stats/1", "games": {"saratoga": {"played": 1e400}}}',
        '{"format": "helpdeck-stats/1", "games": {"saratoga": {"played": 1e300}}}',
        '{"format": "helpdeck-stats/1", "games": {"saratoga": {"best_time": Infinity}}}',
        '{"format": "helpdeck-stats/1", "games": {"saratoga": {"won": true}}}',
        '{"format": "helpdeck-stats/1", "games": {"saratoga": []}}',
        '{"format": "helpdeck-stats/1", "recent": [1, 2]}',
    ],
    "settings.json": [
        DEEP,
        '{"format": "helpdeck-settings/1", "x": 1e400}',
        '{"format": "helpdeck-settings/1", "options": {"saratoga": {"king_only": 1}}}',
        '{"format": "helpdeck-settings/1", "next_winnable": {"saratoga": -1}}',
        '{"format": "helpdeck-settings/1", "language": ["sv"]}',
        "[]",
    ],
}
CASES = [(name, text) for name, texts in BAD.items() for text in texts]


def _write_good(directory: Path) -> None:
    for name, data in GOOD.items():
        (directory / name).write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("name", "text"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)]
)
def test_a_bad_file_is_kept_aside_and_the_rest_survives(
    tmp_path: Path, name: str, text: str
) -> None:
    _write_good(tmp_path)
    (tmp_path / name).write_text(text, encoding="utf-8", errors="surrogateescape")
    session = Session(Store(tmp_path))
    resumed = session.resume()
    kept = list(tmp_path.glob(f"{name}.bad-*"))
    assert len(kept) == 1 and kept[0].read_text(errors="surrogateescape") == text
    assert len(session.messages) == 1 and name in session.messages[0]
    assert kept[0].name in session.messages[0]  # the player is told where it went
    assert resumed == (name != "current.json")
    if name != "stats.json":
        assert session.stats.of("saratoga").played == 3
    if name != "settings.json":
        assert session.settings.language == "sv"
    session.start("saratoga", 1)
    session.save_all()
    for other in GOOD:
        parse_json((tmp_path / other).read_text())  # everything written reads back


def test_a_second_bad_file_never_overwrites_the_first(tmp_path: Path) -> None:
    for number in range(3):
        (tmp_path / "stats.json").write_text(f"not json {number}")
        Session(Store(tmp_path))
    kept = sorted(p.read_text() for p in tmp_path.glob("stats.json.bad-*"))
    assert kept == ["not json 0", "not json 1", "not json 2"]


def test_non_finite_numbers_are_never_written(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("saratoga", 1)
    session.tick(math.inf)
    session.tick(math.nan)
    session.stats.won("saratoga", math.inf)  # a won game with a broken clock
    session.save_all()
    assert session.stats.of("saratoga").best_time is None
    assert Session(Store(tmp_path)).messages == []
    with pytest.raises(ValueError):
        Store(tmp_path).write("x.json", {"elapsed": math.inf})
    assert not list(tmp_path.glob(".x.json.*"))


def test_format_time_of_nonsense_is_a_dash() -> None:
    assert format_time(math.inf) == format_time(math.nan) == format_time(-1) == "–"
    assert format_time(75) == "1:15"


def test_statistics_round_trip() -> None:
    stats = Statistics.from_json(GOOD["stats.json"])  # type: ignore[arg-type]
    assert Statistics.from_json(stats.to_json()) == stats


def test_nesting_is_measured_without_recursion() -> None:
    assert nesting_depth(DEEP) == 100_000
    assert nesting_depth('{"a": "[[[[", "b": [1, {"c": "\\"]]"}]}') == 3
    with pytest.raises(ValueError, match="nested"):
        parse_json(DEEP)


def test_nesting_scan_is_linear_on_unterminated_strings() -> None:
    started = time.perf_counter()
    assert nesting_depth('"' + '\\"' * 1_000_000) == 0  # quadratic would take hours
    assert nesting_depth('"' * 999_999 + "[") == 0  # the bracket is inside a string
    assert time.perf_counter() - started < 5


def test_leftover_temp_files_are_removed_at_start(tmp_path: Path) -> None:
    old = time.time() - 3600
    leftovers = [tmp_path / ".current.json.abc123.tmp", tmp_path / ".stats.json.x_9.tmp"]
    fresh = tmp_path / ".settings.json.new.tmp"  # a write in progress right now
    foreign = [tmp_path / ".other.json.abc.tmp", tmp_path / "notes.tmp"]
    for path in [*leftovers, fresh, *foreign]:
        path.write_text("{}")
        if path is not fresh:
            os.utime(path, (old, old))
    Session(Store(tmp_path))
    assert not any(p.exists() for p in leftovers)
    assert fresh.exists() and all(p.exists() for p in foreign)


def test_data_dir_env_wins_without_asking_kivy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def kivy_dir() -> str:
        raise AssertionError("user_data_dir was read")

    monkeypatch.setenv("HELPDECK_DATA_DIR", str(tmp_path / "a" / "b"))
    assert data_dir(kivy_dir) == tmp_path / "a" / "b" and (tmp_path / "a" / "b").is_dir()
    monkeypatch.delenv("HELPDECK_DATA_DIR")
    assert data_dir(lambda: tmp_path / "no" / "config" / "helpdeck").is_dir()
