"""Real-window tests: every game starts and fits, input, persistence, resizing, a monkey."""

from __future__ import annotations

import json

import pytest

from runtime.engine import load_game
from runtime.engine.catalog import game_ids

pytestmark = pytest.mark.ui

PHONE = ("--size", "1080x2340", "--density", "3")
PHONE_LANDSCAPE = ("--size", "2340x1080", "--density", "3")


@pytest.mark.parametrize("game", game_ids())
def test_every_game_starts_and_fits(run, game: str) -> None:  # type: ignore[no-untyped-def]
    desktop = ("start", "--game", game, "--size", "1600x900", "--label", "desktop")
    phone = ("start", "--game", game, *PHONE, "--label", "phone")
    landscape = ("--then-size", PHONE_LANDSCAPE[1], "--then-label", "phone-landscape")
    run.parallel(desktop, (*phone, *landscape))


TWO_DECKS = [
    g for g in game_ids() if max(r.decks for r in load_game(g).rules_by_options.values()) > 1
]
# Every two-deck game and one game of each other shape (stock and waste, pyramid, free
# cells, reserve, all-to-waste): a sample that keeps CI short (about 25 s each).
DRAWN_SAMPLE = [*TWO_DECKS, "saratoga", "escalator", "seahaven", "lady_jane", "golf"]


@pytest.mark.parametrize("game", DRAWN_SAMPLE)
def test_drawn_equals_state(run, game: str) -> None:  # type: ignore[no-untyped-def]
    """Stock clicks, moves, undo and redo with animations on, checked after every step."""
    output = run("drawn_equals_state", "--game", game, "--events", "50", timeout=240)
    assert "drawn_equals_state:" in output


@pytest.mark.parametrize(("game", "seed", "clicks"), [("spider", 499089905, 5), ("gypsy", 1, 10)])
def test_deals_then_undo_draw_the_state(run, game: str, seed: int, clicks: int) -> None:  # type: ignore[no-untyped-def]
    run("deals_then_undo", "--game", game, "--seed", str(seed), "--events", str(clicks))


@pytest.mark.parametrize("game", ["gypsy", "klondike"])
def test_slide_under_resting_card(run, game: str) -> None:  # type: ignore[no-untyped-def]
    run("slide_under_resting_card", "--game", game)


def test_hint_direction(run) -> None:  # type: ignore[no-untyped-def]
    run("hint_direction", "--game", "saratoga")


def test_deep_hint(run) -> None:  # type: ignore[no-untyped-def]
    output = run("deep_hint", "--game", "spider", timeout=240)
    assert "deep_hint: 8 hints" in output


def test_move_during_autofinish(run) -> None:  # type: ignore[no-untyped-def]
    """Zebra: a move made during a long auto-finish takes over from it; the finish runs out."""
    output = run("move_during_autofinish", "--game", "zebra", timeout=240)
    assert "move_during_autofinish:" in output


@pytest.mark.parametrize("size", [("--label", "desktop"), ("--label", "phone", *PHONE)])
def test_deal_code_shown_copied_typed(run, size: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    run("deal_code", "--game", "saratoga", *size)


def test_winnable_deals_only(run) -> None:  # type: ignore[no-untyped-def]
    output = run("winnable_deals", "--game", "saratoga", timeout=360)
    assert "Options:" in output


def test_winnable_wait_counts_and_deals_a_random_one(run) -> None:  # type: ignore[no-untyped-def]
    output = run("winnable_wait", "--game", "spider", timeout=240)
    assert "winnable_wait:" in output


def test_small_things(run) -> None:  # type: ignore[no-untyped-def]
    """Opaque language list, labels that tick, translated switches, wheel step, Quit and
    Escape on a desktop, Restart resets the clock, no clock while away."""
    output = run("small_things", "--game", "saratoga")
    assert "wheel notch:" in output


def test_continue_after_relaunch(run) -> None:  # type: ignore[no-untyped-def]
    run("save_and_kill", "--game", "lady_jane")
    run("continue_after_relaunch", "--game", "lady_jane", "--chooser")


@pytest.mark.parametrize(
    "scenario",
    [
        "drag",
        "tap",
        "double_tap",
        "double_click_is_one_move",
        "illegal_drop",
        "stock_and_toolbar",
        "undo_during_animation",
    ],
)
def test_input(run, scenario: str) -> None:  # type: ignore[no-untyped-def]
    run(scenario, "--game", "saratoga")


def test_drag_on_a_phone(run) -> None:  # type: ignore[no-untyped-def]
    run("drag", "--game", "seahaven", *PHONE)


def test_resize_to_phone_relayouts(run) -> None:  # type: ignore[no-untyped-def]
    run("resize", "--game", "lady_jane")


def test_save_kill_resume(run) -> None:  # type: ignore[no-untyped-def]
    run("save_and_kill", "--game", "lady_jane")
    run("resume", "--game", "lady_jane", "--resume")


def test_corrupt_save_gives_message_and_fresh_game(run) -> None:  # type: ignore[no-untyped-def]
    (run.data / "current.json").write_text("{not json")
    stats = {"format": "helpdeck-stats/1", "games": {"saratoga": {"played": 3, "won": 1}}}
    (run.data / "stats.json").write_text(json.dumps(stats))
    run("corrupt_save", "--game", "saratoga", "--resume")
    assert list(run.data.glob("current.json.bad-*"))


def test_screens_and_keyboard(run) -> None:  # type: ignore[no-untyped-def]
    run("screens", "--game", "escalator")
    run("keyboard", "--game", "saratoga")


@pytest.mark.parametrize("game", ["saratoga", "spider"])
def test_monkey(run, game: str) -> None:  # type: ignore[no-untyped-def]
    output = run("monkey", "--game", game, "--size", "640x480", "--events", "3000", timeout=240)
    assert "monkey:" in output


@pytest.mark.parametrize("lang", ["ja", "ru"])
def test_help_in_other_languages_renders(run, lang: str) -> None:  # type: ignore[no-untyped-def]
    output = run("help_language", "--game", "saratoga", "--lang", lang)
    assert f"help {lang}:" in output


def test_japanese_help_breaks_between_phrases_on_a_phone(run) -> None:  # type: ignore[no-untyped-def]
    output = run("help_language", "--game", "klondike", "--lang", "ja", *PHONE)
    assert "japanese lines:" in output


def test_japanese_statistics_headers_are_whole_on_a_phone(run) -> None:  # type: ignore[no-untyped-def]
    output = run("stats_japanese", "--game", "klondike", *PHONE)
    assert "最短\\n時間" in output


def test_language_switches_live(run) -> None:  # type: ignore[no-untyped-def]
    run("language_switch", "--game", "saratoga")


def test_win_dialog(run) -> None:  # type: ignore[no-untyped-def]
    run("win_dialog", "--game", "saratoga")


def test_no_more_moves_dialog_and_undo(run) -> None:  # type: ignore[no-untyped-def]
    run("lost_dialog", "--game", "escalator")


@pytest.mark.parametrize("size", [("--label", "phone", *PHONE), ("--label", "desktop")])
def test_card_designs(run, size: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """Each face design picked in Settings, saved, and every card drawn in it."""
    output = run("card_designs", "--game", "freecell", *size, timeout=240)
    assert "card_designs: large, four, classic" in output


@pytest.mark.parametrize("size", [("--label", "phone", *PHONE), ("--label", "desktop")])
def test_statistics_per_option_set_and_reset(run, size: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """Average and worst times, a row per option set, Reset asks and then empties."""
    assert "stats_reset: reset" in run("stats_reset", "--game", "saratoga", *size)


def test_keyboard_play(run) -> None:  # type: ignore[no-untyped-def]
    """Arrows, Enter, Escape: cards moved with the keyboard only, drawn as the state."""
    assert "keyboard_play:" in run("keyboard_play", "--game", "freecell")


def test_win_celebration(run) -> None:  # type: ignore[no-untyped-def]
    """Shown on a win, the dialog usable meanwhile, ends by itself, off without animations."""
    assert "win_celebration: shown, ended, stopped, off" in run("win_celebration")


@pytest.mark.parametrize("size", [("--label", "phone", *PHONE), ("--label", "desktop")])
def test_left_handed_and_sounds(run, size: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """The mirrored table (drawn as the state, drags still land) and sound effects on/off."""
    output = run("left_handed_and_sounds", "--game", "klondike", *size)
    assert "left_handed_and_sounds: mirrored, sounds, off again" in output


def test_safe_area_keeps_the_toolbar_out_of_the_bars(run) -> None:  # type: ignore[no-untyped-def]
    """Edge to edge with 24 / 48 dp bars: toolbar and status line clear, taps still land."""
    output = run("safe_area", "--game", "freecell", *PHONE, "--label", "phone")
    assert "safe_area: clear of the bars" in output


def test_card_size(run) -> None:  # type: ignore[no-untyped-def]
    """Small cards picked in Settings, drawn as the state, drags land; Largest restores."""
    assert "card_size:" in run("card_size", "--game", "freecell", *PHONE, "--label", "phone")


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_options_dialog_in_the_ui_language(run, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Game option labels are the translated help's Options terms, in the right font."""
    output = run("options_translated", "--game", "klondike", "--lang", lang)
    assert f"options_translated: {lang}:" in output


@pytest.mark.parametrize("size", [("--label", "phone", *PHONE), ("--label", "desktop")])
def test_card_backs(run, size: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """The red back picked in Settings, saved, every face-down card drawn with it; blue again."""
    assert "card_backs: red" in run("card_backs", "--game", "klondike", *size)


@pytest.mark.parametrize(
    "game, lang, size",
    [
        ("saratoga", "en", ("--label", "desktop")),
        ("klondike", "ja", ("--label", "phone", *PHONE)),
    ],
)
def test_options_dialog_tells_the_winnable_share(
    run, game: str, lang: str, size: tuple[str, ...]
) -> None:  # type: ignore[no-untyped-def]
    """The survey of the options ticked, live under the boxes, in the UI language; the
    chooser follows the options applied."""
    output = run("options_winnability", "--game", game, "--lang", lang, *size)
    assert "options_winnability:" in output
