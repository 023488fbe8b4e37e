"""Statistics: per option set, average and worst times, reset, old files (no Kivy)."""

from __future__ import annotations

import json
from pathlib import Path

from runtime.app.session import Session
from runtime.app.stats import Statistics, variant_key
from runtime.app.storage import Store

OLD_FILE = {  # as written before option sets and average/worst times
    "format": "helpdeck-stats/1",
    "games": {
        "klondike": {"played": 3, "won": 1, "streak": 1, "best_streak": 1, "best_time": 95.5}
    },
    "recent": ["klondike"],
}


def test_old_stats_files_load_and_keep_their_figures() -> None:
    stats = Statistics.from_json(json.loads(json.dumps(OLD_FILE)))
    entry = stats.games["klondike"]
    assert (entry.played, entry.won, entry.best_time) == (3, 1, 95.5)
    assert entry.average_time is None and entry.worst_time is None and entry.variants == {}
    stats.won("klondike", 200.0, "three_card_deals")
    assert (entry.won, entry.best_time, entry.worst_time, entry.average_time) == (2, 95.5, 200, 200)


def test_per_option_set_average_and_worst() -> None:
    stats = Statistics()
    one, three = "single_card_deals", "three_card_deals"
    for variant, seconds in ((one, 100.0), (one, 300.0), (three, 50.0)):
        stats.started("klondike", variant)
        stats.won("klondike", seconds, variant)
    stats.started("klondike", three)
    stats.lost("klondike", three)
    entry = stats.games["klondike"]
    assert (entry.played, entry.won, entry.best_time, entry.worst_time) == (4, 3, 50, 300)
    assert entry.average_time == 150
    assert (entry.variants[one].average_time, entry.variants[one].worst_time) == (200, 300)
    assert (entry.variants[three].played, entry.variants[three].streak) == (2, 0)
    assert entry.streak == 0  # a loss in any option set ends the game's streak too
    again = Statistics.from_json(json.loads(json.dumps(stats.to_json())))
    assert again.to_json() == stats.to_json()


def test_broken_clock_counts_the_win_not_the_time() -> None:
    stats = Statistics()
    stats.won("golf", float("inf"), "")
    entry = stats.games["golf"]
    assert entry.won == 1 and entry.timed_wins == 0 and entry.average_time is None


def test_reset() -> None:
    stats = Statistics.from_json(json.loads(json.dumps(OLD_FILE)))
    stats.won("golf", 10.0)
    stats.reset("golf")
    assert list(stats.games) == ["klondike"]
    stats.reset()
    assert stats.games == {} and stats.recent == ["klondike"]  # the chooser's list stays


def test_bad_variant_data_is_refused_as_a_whole_file(tmp_path: Path) -> None:
    bad = json.loads(json.dumps(OLD_FILE))
    bad["games"]["klondike"]["variants"] = {"x": {"played": -1}}
    (tmp_path / "stats.json").write_text(json.dumps(bad))
    session = Session(Store(tmp_path))
    assert session.stats.games == {}  # defaults, the file kept aside, the player told
    assert list(tmp_path.glob("stats.json.bad-*")) and session.messages


def test_session_counts_the_option_set(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("klondike", 3, {"three_card_deals": True, "single_card_deals": False})
    state = session.game
    session.play(state.legal_moves()[0])
    key = variant_key(state.options)
    assert key == "three_card_deals"
    assert session.stats.games["klondike"].variants[key].played == 1
    saved = json.loads((tmp_path / "stats.json").read_text())
    assert saved["games"]["klondike"]["variants"][key]["played"] == 1
