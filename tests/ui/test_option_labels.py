"""Game option labels in the UI language, read from the translated help (no Kivy)."""

from __future__ import annotations

import pytest

from runtime.app.helpdoc import _term, option_labels
from runtime.engine import new_game
from runtime.engine.catalog import game_ids

LANGUAGES = ("sv", "de", "fr", "es", "ru", "ja")


def test_terms_in_every_script() -> None:
    assert _term("Three card deals: the Stock turns over three cards.") == "Three card deals"
    assert _term("Donne par trois : la pioche retourne trois cartes.") == "Donne par trois"
    assert _term("3枚めくり：山札から3枚ずつめくる。") == "3枚めくり"
    assert _term("Same suit") == "Same suit"  # a list term
    assert _term("The options choose how the Stock is dealt.") == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_klondike_and_spider_options_are_translated(lang: str) -> None:
    for game in ("klondike", "spider"):
        labels = option_labels(game, lang)
        for option in new_game(game, None, 1).game.options:
            assert labels.get(option.label), (game, lang, option.label)
            assert labels[option.label] != option.label


@pytest.mark.parametrize("game", [g for g in game_ids() if new_game(g, None, 1).game.options])
def test_a_translated_label_is_short_and_one_per_option(game: str) -> None:
    options = new_game(game, None, 1).game.options
    for lang in LANGUAGES:
        labels = option_labels(game, lang)
        shown = [labels.get(o.label, o.label) for o in options]
        assert len(set(shown)) == len(shown), (lang, shown)  # no two options alike
        assert all(0 < len(text) <= 60 for text in shown), (lang, shown)


def test_english_and_unknown_games_have_no_table() -> None:
    assert option_labels("klondike", "C") == {}
    assert option_labels("no_such_game", "ja") == {}
