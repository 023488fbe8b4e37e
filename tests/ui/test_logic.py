"""The app's Kivy-free parts: adapter, geometry, session and storage, help reading."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runtime.app.controller import Controller
from runtime.app.geometry import shows_stock, table_geometry
from runtime.app.helpdoc import help_doc
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
    texts = (
        "{broken",
        json.dumps({"format": "other"}),
        json.dumps({"format": "helpdeck-save/1", "code": "saratoga-1", "moves": ["t1>t9"]}),
    )
    for number, text in enumerate(texts, 1):
        (tmp_path / "current.json").write_text(text)
        session = Session(Store(tmp_path))
        assert not session.resume()
        assert session.messages
        kept = sorted(tmp_path.glob("current.json.bad-*"))
        assert len(kept) == number  # each one kept under a new name
        assert session.stats.of("seahaven").played == 2
    assert sorted(p.read_text() for p in kept) == sorted(texts)


def test_options_before_first_move_redeal(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("saratoga", 9)
    assert session.set_options({"three_card_deals": True, "king_only": True})
    assert session.game.rules.stock_draw == 3 and session.game.seed == 9
    session.play(session.game.legal_moves()[0])
    assert not session.set_options({"three_card_deals": False, "king_only": True})


def test_exclusive_options_switch_together_and_conflicts_are_refused(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("klondike", 4)
    ids = [o.id for o in session.game.game.options]
    chosen = {name: name == ids[1] for name in ids}
    assert session.set_options(chosen)
    assert session.game.options == chosen
    both = {name: name in ids[:2] for name in ids}
    assert not session.set_options(both)  # two of one group: refused, game kept
    assert session.game.options == chosen


def test_save_is_replayable(tmp_path: Path) -> None:
    session = Session(Store(tmp_path))
    session.start("lady_jane", 2)
    for _ in range(5):
        session.play(session.game.legal_moves()[-1])
    data = json.loads((tmp_path / "current.json").read_text())
    assert replay(data["code"], data["moves"]).key() == session.game.key()


@pytest.mark.parametrize("lang", ["C", "sv", "de", "fr", "es", "ru", "ja"])
@pytest.mark.parametrize("game", game_ids())
def test_help_doc_has_sections_and_setup(game: str, lang: str) -> None:
    doc = help_doc(game, lang)
    assert doc is not None and doc.title
    kinds = [section.kind for section in doc.sections]
    assert kinds[0] == "intro" and "rules" in kinds and "setup" in kinds
    assert doc.setup and all(row.label and row.text for row in doc.setup)
    assert doc.language in (lang, "C")


def test_help_falls_back_to_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import runtime.app.helpdoc as helpdoc

    (tmp_path / "C").mkdir()
    data = {"format": 1, "title": "T", "sections": [{"kind": "intro", "paragraphs": ["p"]}]}
    (tmp_path / "C" / "g.json").write_text(json.dumps(data))
    (tmp_path / "sv").mkdir()
    (tmp_path / "sv" / "g.json").write_text("{broken")
    monkeypatch.setattr(helpdoc, "HELP_DIR", tmp_path)
    helpdoc.help_doc.cache_clear()
    try:
        doc = helpdoc.help_doc("g", "sv")
        assert doc is not None and doc.language == "C" and doc.sections[0].paragraphs == ("p",)
        assert helpdoc.help_doc("missing", "sv") is None
    finally:
        helpdoc.help_doc.cache_clear()


# -- translations -------------------------------------------------------------------------

LOCALE = Path(__file__).resolve().parents[2] / "runtime" / "locale"
APP = Path(__file__).resolve().parents[2] / "runtime" / "app"


@pytest.mark.parametrize("lang", ["sv", "de", "fr", "es", "ru", "ja"])
def test_ui_catalogue_is_complete_and_compiled(lang: str) -> None:
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    po_path = LOCALE / lang / "LC_MESSAGES" / "helpdeck.po"
    with (LOCALE / "helpdeck.pot").open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    with po_path.with_suffix(".mo").open("rb") as handle:
        compiled = {m.id: m.string for m in read_mo(handle) if m.id}
    ids = {m.id for m in catalog if m.id}
    assert ids == template, "run python -m runtime.locale.catalogs"
    for message in catalog:
        if not message.id:
            continue
        assert message.string and not message.fuzzy, f"{lang}: {message.id!r} untranslated"
        fields = sorted(re.findall(r"{\w*}", message.id))
        assert sorted(re.findall(r"{\w*}", message.string)) == fields, message.id
        assert compiled.get(message.id) == message.string, "stale .mo: run the compile step"


def test_every_ui_string_is_extracted() -> None:
    """Every `_()` in .py and .kv is in the template (the kv extractor finds them)."""
    from babel.messages.pofile import read_po

    with (LOCALE / "helpdeck.pot").open("rb") as handle:
        template = {m.id for m in read_po(handle) if m.id}
    found = set()
    for path in [*APP.rglob("*.kv"), *APP.rglob("*.py")]:
        for literal in re.findall(
            r"""\b_\(\s*'([^'\\]+)'|\b_\(\s*"([^"\\]+)"\)""", path.read_text()
        ):
            found |= {text for text in literal if text}
    assert found and found <= template, sorted(found - template)


def test_kv_strings_follow_the_language() -> None:
    """In .kv, `_('...')` must name app.lang, or the string would not update live."""
    for path in APP.rglob("*.kv"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            calls = len(re.findall(r"\b_\(", line))
            assert line.count("app.lang") >= calls, f"{path.name}:{number}: {line.strip()}"


def test_language_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from runtime.app import i18n

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.system_language() == "ru" and i18n.resolve("system") == "ru"
    monkeypatch.setenv("LANGUAGE", "pt_BR:ja")
    assert i18n.system_language() == "en"  # the first preference we lack: English
    assert i18n.resolve("de") == "de"
    try:
        assert i18n.use("de") == "de" and i18n._("Undo") == "Zurück"
        assert i18n.use("xx") == "en" and i18n._("Undo") == "Undo"
    finally:
        i18n.use("en")
    assert i18n.font_for("日本語", "en") == i18n.CJK_FONT
    assert i18n.font_for("Undo", "ja") == i18n.CJK_FONT
    assert i18n.font_for("Français", "ja") == i18n.DEFAULT_FONT


def test_old_settings_follow_the_system() -> None:
    from runtime.app.settings import Settings

    assert Settings.from_json({"language": "C"}).language == "system"
    assert Settings.from_json({"language": "sv", "winnable": True}).winnable


def test_kv_extractor_reads_calls_and_comments() -> None:
    import io

    from runtime.locale.kv_extract import extract_kv

    source = b"""#:import _ runtime.app.i18n._
<X>:
    # Translators: a button
    text: _('Back', app.lang) + _("It's")
    other: f('no')
"""
    found = list(extract_kv(io.BytesIO(source), ["_"], ["Translators:"], {}))
    assert found == [
        (4, "_", "Back", ["Translators: a button"]),
        (4, "_", "It's", ["Translators: a button"]),
    ]


# -- phone layout -------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_ids())
def test_phone_portrait_cards_and_touch_targets(game: str) -> None:
    """On a 360 x 680 dp phone every pile is a touch target of at least 48 dp both ways, and
    with many columns the tableau goes in two rows for bigger cards."""
    density = 3.0
    state = new_game(game, None, 3)
    show = shows_stock(state.layout, state.piles)
    geo = table_geometry(state.rules, state.layout, show, 1080, 2040, 12, 48 * density)
    for pile in geo.slots:
        _x, _y, w, h = geo.zone(pile)
        assert w >= 48 * density - 0.01 and h >= 48 * density - 0.01
    assert geo.card_w / density >= 36, f"cards only {geo.card_w / density:.0f} dp wide"
    positions = geo.positions(state.piles)
    for pile in state.layout.tableau:  # a tap in the column below the last card
        x, y, w, h = geo.zone(pile)
        hit = geo.hit(x + w / 2, y + 2, positions)
        assert hit is not None and hit[0] == pile, (pile, hit)


def test_seahaven_goes_two_rows_on_a_phone() -> None:
    state = new_game("seahaven", None, 1)
    geo = table_geometry(state.rules, state.layout, False, 1080, 2040, 12, 144)
    rows = {round(geo.slots[p].y) for p in state.layout.tableau}
    assert len(rows) == 2 and geo.card_w / 3 > 50


def test_covered_pyramid_cards() -> None:
    from runtime.app.tablewidget import covered_piles

    state = new_game("escalator", None, 1)
    tableau = state.layout.tableau
    covered = covered_piles(state)
    assert tableau[0] in covered and tableau[-1] not in covered
    assert len(covered) == len(tableau) - 7  # all but the bottom row


# -- solver ---------------------------------------------------------------------------------


def test_hint_comes_from_the_solver() -> None:
    from runtime.app.hints import advise

    state = new_game("saratoga", None, 1)
    advice = advise(state)
    assert advice.move is not None and advice.move in state.legal_moves()


def test_deep_hints_run_the_latest_request_and_remember_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from runtime.app import hints

    release = threading.Event()
    asked: list[int] = []

    def advise(state: hints.State, deep: bool = False) -> hints.Advice:
        assert deep
        asked.append(len(state.move_log))
        if len(asked) == 1:
            release.wait(10)  # the first search is still running while more requests come
        if len(state.move_log) == 3:
            raise RuntimeError("search failed")
        return hints.Advice(None, undecided=True)

    monkeypatch.setattr(hints, "advise", advise)
    deep = hints.DeepHints()
    state = new_game("spider", None, 1)
    first = deep.ask(state)
    for _ in range(100):  # until the worker has taken it
        if asked:
            break
        threading.Event().wait(0.01)
    assert deep.ask(state) is first  # the same position: the same search
    state.play(state.legal_moves()[0])
    replaced = deep.ask(state)
    assert deep.ask(state) is replaced  # still waiting: the same request
    state.play(state.legal_moves()[0])
    latest = deep.ask(state)  # the player moved on again: the waiting request is dropped
    assert replaced.cancelled()
    release.set()
    assert first.result(10).undecided and latest.result(10).undecided
    assert asked == [0, 2]
    again = deep.ask(state)  # remembered: no second search
    assert again.done() and asked == [0, 2]
    state.play(state.legal_moves()[0])
    failed = deep.ask(state)
    assert isinstance(failed.exception(10), RuntimeError)  # the asker hears of it


def test_deep_hints_stop_a_search_nobody_waits_for(monkeypatch: pytest.MonkeyPatch) -> None:
    import math
    import threading

    pytest.importorskip("runtime.solver.clock")
    from runtime.app import hints
    from runtime.solver import clock

    started = threading.Event()
    release = threading.Event()
    asked: list[int] = []

    def advise(state: hints.State, deep: bool = False) -> hints.Advice:
        """A search that ends when released, or stopped as the solver's searches are."""
        asked.append(len(state.move_log))
        started.set()
        while clock.now() < math.inf and not release.wait(0.01):
            pass
        return hints.Advice(None, undecided=True)

    monkeypatch.setattr(hints, "advise", advise)
    deep = hints.DeepHints()
    state = new_game("spider", None, 1)
    first = deep.ask(state)
    assert started.wait(10)
    assert deep.ask(state) is first  # two askers now
    deep.drop(first)
    assert not first.done()  # one still waits: the search goes on
    state.play(state.legal_moves()[0])
    waiting = deep.ask(state)
    deep.drop(waiting)
    assert waiting.cancelled()  # never run
    state.undo()
    deep.drop(first)  # nobody waits: the search stops
    assert first.result(10).undecided
    for _ in range(500):  # the worker ends: nothing left waits
        if not any(thread.name == "deep-hint" for thread in threading.enumerate()):
            break
        threading.Event().wait(0.01)
    # No stop is left behind for a later thread that gets the same identifier.
    assert not clock._stopped
    started.clear()
    again = deep.ask(state)  # a stopped search's answer is not remembered
    assert again is not first and started.wait(10)
    release.set()
    assert again.result(10).undecided
    assert asked == [0, 0]
    assert deep.ask(state).done()  # this one ran to its end: remembered


def test_winnable_deals_setting_uses_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("runtime.solver.deals")
    from runtime.solver.deals import WinnableDeals

    asked: list[tuple[str, int]] = []

    def next_seed(self: object, game_id: str, options: object, start: int = 0) -> int | None:
        asked.append((game_id, start))
        return start + 5

    monkeypatch.setattr(WinnableDeals, "next_seed", next_seed)
    monkeypatch.setattr(WinnableDeals, "prefill", lambda *args, **kwargs: None)
    session = Session(Store(tmp_path))
    session.settings.winnable = True
    session.start("seahaven")
    [(game, first)] = asked  # each install starts at its own random seed
    assert game == "seahaven" and session.game.seed == first + 5
    session.start("seahaven")
    assert session.game.seed == first + 11  # the next search starts after the last seed used
    session.settings.winnable = False
    session.start("seahaven")
    assert len(asked) == 2
    (tmp_path / "another-install").mkdir()
    other = Session(Store(tmp_path / "another-install"))
    other.settings.winnable = True
    other.start("seahaven")
    assert asked[-1][1] != first  # players do not all get the same proven deals in order


def test_double_tap_on_a_card_sends_it_up_and_on_a_foundation_sends_up_all() -> None:
    from runtime.engine.assist import foundation_move, send_up_moves

    for seed in range(200):
        state = new_game("klondike", None, seed)
        controller = Controller(state)
        rng_moves = state.legal_moves()
        for move in rng_moves:
            state.apply(move)
            ups = send_up_moves(state)
            if len(ups) >= 2:
                foundation = state.layout.foundations[0]
                assert controller.double_tap(foundation) == ups
                source = ups[0].src
                assert controller.double_tap(source) == [foundation_move(state, source)]
                return
            state.undo()
    raise AssertionError("no position with two cards to send up in 200 deals")
