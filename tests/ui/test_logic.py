"""The app's Kivy-free parts: adapter, geometry, session and storage, help reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.app.controller import Controller
from runtime.app.geometry import shows_stock, table_geometry
from runtime.app.helpdoc import help_text
from runtime.app.markers import pile_marker
from runtime.app.session import Session
from runtime.app.storage import Store
from runtime.engine import DEAL, MoveKind, new_game, replay
from runtime.engine.catalog import game_ids

SIZES = [(1600, 804, 1.0), (1080, 2040, 3.0), (2340, 780, 3.0), (640, 400, 1.0)]


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize(("width", "height", "density"), SIZES)
def test_every_card_fits(game: str, width: int, height: int, density: float) -> None:
    state = new_game(game, None, 3)
    geo = table_geometry(
        state.rules, state.layout, shows_stock(state.layout, state.piles), width, height, 4
    )
    # A long game: play randomly so fans grow, and check every position stays inside.
    for step in range(120):
        for spots in geo.positions(state.piles).values():
            for x, y in spots:
                assert x >= 0 and x + geo.card_w <= width + 0.01
                assert y >= 0 and y + geo.card_h <= height + 0.01
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(moves[(step * 7) % len(moves)])


def test_empty_piles_have_no_positions() -> None:
    state = new_game("saratoga", None, 1)
    geo = table_geometry(state.rules, state.layout, True, 1600, 800, 4)
    empty = tuple(() for _ in state.piles)
    assert all(spots == [] for spots in geo.positions(empty).values())


def test_hit_and_drop_target() -> None:
    state = new_game("saratoga", None, 1)
    geo = table_geometry(state.rules, state.layout, True, 1600, 800, 4)
    positions = geo.positions(state.piles)
    t7 = state.layout.tableau[6]
    x, y = positions[t7][-1]
    assert geo.hit(x + 5, y + 5, positions) == (t7, len(state.piles[t7]) - 1)
    rect = (x + 3, y - 3, geo.card_w, geo.card_h)
    assert geo.drop_target(rect, [state.layout.tableau[0], t7], positions) == t7


def test_tap_with_one_obvious_move_plays_it() -> None:
    for seed in range(50):
        state = new_game("saratoga", None, seed)
        controller = Controller(state)
        for move in state.legal_moves():
            if move.kind is not MoveKind.TRANSFER:
                continue
            index = len(state.piles[move.src]) - move.size
            if controller.pickup_size(move.src, index) != move.size:
                continue
            result = controller.tap(move.src, index)
            if len(controller.moves_from(move.src, move.size)) == 1:
                assert result == move
                return
    pytest.fail("no deal with a single obvious move")


def test_tap_stock_deals_and_taps_select_then_move() -> None:
    state = new_game("saratoga", None, 1)
    controller = Controller(state)
    assert controller.tap(state.layout.stock, None) == DEAL
    assert controller.tap(state.layout.foundations[0], None) is None  # empty: nothing


def test_markers_show_accepted_rank() -> None:
    state = new_game("saratoga", None, 1)
    assert pile_marker(state, state.layout.foundations[0]) == ("A", False)
    lady = new_game("lady_jane", None, 1)
    base = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][lady.base - 1]
    assert pile_marker(lady, lady.layout.foundations[1])[0] == base


def test_session_saves_resumes_and_counts(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("saratoga", 5)
    move = session.game.legal_moves()[0]
    session.play(move)
    assert session.stats.of("saratoga").played == 1
    again = Session(Store(tmp_path))
    assert again.resume()
    assert again.game.key() == session.game.key()
    assert again.game.move_log == [move]
    again.start("saratoga", 6)  # abandoning a played deal ends the streak
    assert again.stats.of("saratoga").streak == 0


def test_corrupt_and_foreign_saves_are_set_aside(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text(
        json.dumps({"format": "helpdeck-stats/1", "games": {"seahaven": {"played": 2}}})
    )
    for text in (
        "{broken",
        json.dumps({"format": "other"}),
        json.dumps({"format": "helpdeck-save/1", "code": "saratoga-1", "moves": ["t1>t9"]}),
    ):
        (tmp_path / "current.json").write_text(text)
        session = Session(Store(tmp_path))
        assert not session.resume()
        assert session.messages
        assert (tmp_path / "current.json.bad").exists()
        assert session.stats.of("seahaven").played == 2


def test_options_before_first_move_redeal(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("saratoga", 9)
    assert session.set_options({"three_card_deals": True, "king_only": True})
    assert session.game.rules.stock_draw == 3 and session.game.seed == 9
    session.play(session.game.legal_moves()[0])
    assert not session.set_options({"three_card_deals": False, "king_only": True})


def test_save_is_replayable(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("lady_jane", 2)
    for _ in range(5):
        session.play(session.game.legal_moves()[-1])
    data = json.loads((tmp_path / "current.json").read_text())
    assert replay(data["code"], data["moves"]).key() == session.game.key()


@pytest.mark.parametrize("game", game_ids())
def test_help_text_has_sections(game: str) -> None:
    sections = help_text(game, "C")
    titles = [title for title, _ in sections]
    assert len(sections) >= 3 and all(paragraphs or title for title, paragraphs in sections)
    assert any("Rules" in t or "Goal" in t for t in titles)


def test_help_reading_is_safe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import runtime.app.helpdoc as helpdoc

    hostile = """<?xml version="1.0"?>
<!DOCTYPE sect1 [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<sect1><title>T</title><para>one &x; two &b; &nbsp;three</para></sect1>"""
    (tmp_path / "evil.xml").write_text(hostile)
    monkeypatch.setattr(helpdoc, "SPECS_DIR", tmp_path)
    sections = helpdoc.help_text("evil", "C")
    text = " ".join(p for _, ps in sections for p in ps)
    assert "root:" not in text and "aaaa" not in text and "one" in text
