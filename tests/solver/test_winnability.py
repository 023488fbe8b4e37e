"""Published winnability (runtime/solver/winnability.json) and the chooser's "about N %"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runtime.engine import load_game
from runtime.solver import winnability


def records(game: str, verdicts: str, options: dict[str, bool] | None = None) -> list[Any]:
    names = {"w": "winnable", "u": "unwinnable", "?": "unknown"}
    return [
        {"game": game, "options": options or {}, "seed": i, "verdict": names[v], "seconds": 0.1}
        for i, v in enumerate(verdicts)
    ]


def figure(game: str, verdicts: str, options: dict[str, bool] | None = None) -> Any:
    return winnability.figure_of(
        records(game, verdicts, options),
        default=not options,
        max_nodes=1000,
        time_limit=1.0,
        command=f"helpdeck survey {game} --deals {len(verdicts)}",
        date="2026-12-01",
    )


def test_figure_counts_share_and_interval() -> None:
    f = figure("seahaven", "w" * 90 + "u" * 10)
    assert (f["deals"], f["winnable"], f["unwinnable"], f["unknown"]) == (100, 90, 10, 0)
    assert f["share"] == 0.9
    low, high = f["interval"]
    assert 0.82 < low < 0.9 < high < 0.95
    with pytest.raises(ValueError):
        winnability.figure_of(
            records("seahaven", "w") + records("escalator", "w"),
            default=True,
            max_nodes=1,
            time_limit=None,
            command="",
            date="",
        )


def test_the_app_figure_only_when_unknowns_are_few() -> None:
    few = figure("seahaven", "w" * 90 + "u" * 9 + "?")
    many = figure("escalator", "w" * 90 + "u" * 5 + "?" * 5)
    assert winnability.about_percent("seahaven", None, [few, many]) == 91
    assert winnability.about_percent("escalator", None, [few, many]) is None
    assert winnability.about_percent("lady_jane", None, [few, many]) is None
    # Options: the chooser asks for the default options' record.
    other = figure("saratoga", "w" * 50, {"three_card_deals": True, "king_only": True})
    assert winnability.about_percent("saratoga", None, [other]) is None
    assert winnability.about_percent("saratoga", other["options"], [other]) == 100
    # 99.8 % is not "about 100 %"; 0.2 % is not "about 0 %".
    nearly = figure("eight_off", "w" * 499 + "u")
    assert winnability.about_percent("eight_off", None, [nearly]) == 99
    rarely = figure("escalator", "w" + "u" * 499)
    assert winnability.about_percent("escalator", None, [rarely]) == 1


def test_publish_merges_and_load_survives_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "winnability.json"
    assert winnability.load(path) == []
    winnability.publish([figure("seahaven", "wwu"), figure("escalator", "u")], path)
    winnability.publish([figure("seahaven", "wwww")], path)
    loaded = winnability.load(path)
    assert [(f["game"], f["deals"]) for f in loaded] == [("escalator", 1), ("seahaven", 4)]
    path.write_text("{not json")
    assert winnability.load(path) == []
    path.write_text(json.dumps({"format": "other", "figures": []}))
    assert winnability.load(path) == []


def test_shipped_figures_are_complete() -> None:
    shipped = winnability.load()
    assert shipped, "runtime/solver/winnability.json is missing or unreadable"
    for f in shipped:
        game = load_game(f["game"])
        assert set(f["options"]) <= {o.id for o in game.options}
        assert f["deals"] == f["winnable"] + f["unwinnable"] + f["unknown"]
        assert f["command"].startswith(f"helpdeck survey {game.id} --deals {f['deals']} ")
        low, high = f["interval"]
        assert low <= f["share"] <= high


def test_the_chooser_shows_the_figure() -> None:
    pytest.importorskip("kivy")
    from types import SimpleNamespace

    from runtime.app.screens.chooser import game_rows

    rows = game_rows(
        "", SimpleNamespace(recent=[], games={}), None, [figure("seahaven", "w" * 9 + "u")]
    )
    detail = {r["game_id"]: r["detail"] for r in rows}
    assert detail["seahaven"] == "not played yet · about 90% of deals can be won"
    assert "deals can be won" not in detail["escalator"]
