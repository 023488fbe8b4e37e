"""Published winnability (runtime/solver/winnability.json) and what the chooser says of it:
"about N %", or the band the share lies in when many deals are unknown."""

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


def test_the_band_when_too_many_deals_are_unknown() -> None:
    # 61 won, 32 lost, 7 unknown of 100: all deals 61-68 %, said as they are.
    castle = figure("beleaguered_castle", "w" * 61 + "u" * 32 + "?" * 7)
    assert winnability.about_percent("beleaguered_castle", None, [castle]) is None
    assert winnability.winnable_band("beleaguered_castle", None, [castle]) == winnability.Band(
        61, 68
    )
    # Rounded outwards: 2/3 of 300 is 66.67 %, so "between 66 and 67", never "67".
    thirds = figure("saratoga", "w" * 200 + "u" * 90 + "?" * 10)
    assert winnability.winnable_band("saratoga", None, [thirds]) == winnability.Band(66, 70)
    # Few unknowns: the figure itself, as about_percent says it.
    few = figure("seahaven", "w" * 90 + "u" * 9 + "?")
    assert winnability.winnable_band("seahaven", None, [few]) == winnability.Band(91, 91)
    # Nothing lost, some unknown: "at least"; a band wider than MAX_BAND_POINTS likewise.
    union = figure("union_square", "w" * 91 + "?" * 9)
    assert winnability.winnable_band("union_square", None, [union]) == winnability.Band(91, 100)
    wide = figure("lady_jane", "w" * 24 + "u" * 31 + "?" * 45)
    assert winnability.winnable_band("lady_jane", None, [wide]) == winnability.Band(24, 100)
    # No deal won: nothing a player can use; no record: nothing.
    none_won = figure("agnes", "u" * 50 + "?" * 50)
    assert winnability.winnable_band("agnes", None, [none_won]) is None
    # Won, but under 1 % of all deals: "at least 1 %" would not be true; nothing either.
    rare = figure("agnes", "w" * 7 + "u" * 1_557 + "?" * 436)
    assert winnability.winnable_band("agnes", None, [rare]) is None
    assert winnability.winnable_band("spider", None, [castle]) is None


def test_shipped_bands_contain_the_published_counts() -> None:
    for f in winnability.load():
        band = winnability.winnable_band(f["game"], f["options"], [f])
        if band is None:
            assert f["winnable"] < f["deals"] / 100
        elif band.low == band.high:  # "about": few unknowns
            assert f["unknown"] <= winnability.MAX_UNKNOWN_SHARE * f["deals"]
        else:
            assert band.low <= 100 * f["winnable"] / f["deals"]
            assert 100 * (f["winnable"] + f["unknown"]) / f["deals"] <= band.high


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
    bands = [
        figure("beleaguered_castle", "w" * 61 + "u" * 32 + "?" * 7),
        figure("union_square", "w" * 91 + "?" * 9),
        figure("agnes", "u" * 5 + "?" * 5),
    ]
    rows = game_rows("", SimpleNamespace(recent=[], games={}), None, bands)
    detail = {r["game_id"]: r["detail"] for r in rows}
    assert detail["beleaguered_castle"].endswith(" · between 61% and 68% of deals can be won")
    assert detail["union_square"].endswith(" · at least 91% of deals can be won")
    assert detail["agnes"] == "not played yet"


def test_the_chooser_says_in_progress_without_not_played_yet() -> None:
    pytest.importorskip("kivy")
    from types import SimpleNamespace

    from runtime.app.screens.chooser import game_rows

    played = SimpleNamespace(played=4, won=1)
    stats = SimpleNamespace(recent=["escalator", "yukon"], games={"yukon": played})
    rows = game_rows("", stats, "escalator", [figure("escalator", "w" + "u" * 9)])
    detail = {r["game_id"]: r["detail"] for r in rows}
    assert detail["escalator"] == "in progress · about 10% of deals can be won"
    assert detail["yukon"] == "recent · played: 4, won: 25%"
    rows = game_rows("", stats, "yukon", [])
    detail = {r["game_id"]: r["detail"] for r in rows}
    assert (detail["escalator"], detail["yukon"]) == ("recent", "in progress · played: 4, won: 25%")
    assert detail["seahaven"] == "not played yet"


def test_the_chooser_tells_of_the_options_the_player_chose() -> None:
    """A game whose new deals use other options than the defaults shows their survey's
    figure, or nothing where none was published: never the defaults' figure."""
    pytest.importorskip("kivy")
    from types import SimpleNamespace

    from runtime.app.screens.chooser import game_rows

    three = {"three_card_deals": True, "king_only": True}
    one = {"three_card_deals": False, "king_only": True}
    shipped = [
        figure("saratoga", "w" * 9 + "u", one) | {"default": True},
        figure("saratoga", "w" * 7 + "u" * 3, three),
    ]
    stats = SimpleNamespace(recent=[], games={})
    detail = {r["game_id"]: r["detail"] for r in game_rows("", stats, None, shipped)}
    assert detail["saratoga"].endswith(" · about 90% of deals can be won")
    rows = game_rows("", stats, None, shipped, chosen={"saratoga": three})
    detail = {r["game_id"]: r["detail"] for r in rows}
    assert detail["saratoga"].endswith(" · about 70% of deals can be won")
    unsurveyed = {"three_card_deals": True, "king_only": False}
    rows = game_rows("", stats, None, shipped, chosen={"saratoga": unsurveyed})
    assert {r["game_id"]: r["detail"] for r in rows}["saratoga"] == "not played yet"


def test_the_options_dialog_tells_of_the_options_ticked() -> None:
    pytest.importorskip("kivy")
    from runtime.app.winnable_words import options_text

    three = {"three_card_deals": True, "king_only": True}
    shipped = [
        figure("saratoga", "w" * 61 + "u" * 32 + "?" * 7, three),
        figure("agnes", "u" * 5 + "?" * 5),
    ]
    assert options_text("saratoga", three, shipped) == "Between 61% and 68% of deals can be won"
    assert options_text("saratoga", three | {"king_only": False}, shipped) == (
        "How many deals can be won with these options is not known yet."
    )
    assert options_text("agnes", {}, shipped) == ""  # under 1 % won: nothing to tell
