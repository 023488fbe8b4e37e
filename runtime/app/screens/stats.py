"""The statistics screen: one row per game played, and under it one per option set when
more than one was played (or only a set other than the game's defaults); Reset."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from runtime.app.dialogs import ask
from runtime.app.helpdoc import game_title
from runtime.app.i18n import N_, _, current, help_language
from runtime.app.stats import GameStats, Statistics, format_time, variant_key
from runtime.engine.catalog import game_ids, game_titles, load_game

COLUMNS = (
    N_("Game"),
    N_("Played"),
    N_("Won"),
    "%",
    N_("Streak"),
    N_("Best"),
    N_("Best time"),
    N_("Average time"),
    N_("Worst time"),
)
VARIANT_INDENT = "· "  # an option set's row, under its game's


def _cells(name: str, entry: GameStats) -> tuple[str, ...]:
    rate = "–" if entry.win_rate is None else f"{entry.win_rate * 100:.0f}"
    return (
        name,
        str(entry.played),
        str(entry.won),
        rate,
        str(entry.streak),
        str(entry.best_streak),
        format_time(entry.best_time),
        format_time(entry.average_time),
        format_time(entry.worst_time),
    )


def variant_name(game_id: str, key: str) -> str:
    """The options of option set ``key``, by their labels (as the Options dialog shows them)."""
    if game_id not in game_ids():
        return key or _("Default options")
    labels = {option.id: option.label for option in load_game(game_id).options}
    names = [labels.get(name, name) for name in key.split("+") if name]
    return ", ".join(names) if names else _("Default options")


def _default_key(game_id: str) -> str:
    if game_id not in game_ids():
        return ""
    return variant_key({option.id: option.default for option in load_game(game_id).options})


def stats_rows(stats: Statistics) -> list[tuple[str, ...]]:
    lang = help_language(current())
    titles = {g: game_title(g, lang, t) for g, t in game_titles().items()}
    rows = []
    for game_id, entry in sorted(stats.games.items(), key=lambda kv: titles.get(kv[0], kv[0])):
        rows.append(_cells(titles.get(game_id, game_id), entry))
        variants = entry.variants
        if len(variants) > 1 or (variants and set(variants) != {_default_key(game_id)}):
            for key, figures in sorted(variants.items()):
                rows.append(_cells(VARIANT_INDENT + variant_name(game_id, key), figures))
    return rows


class StatsScreen(Screen):
    def on_kv_post(self, _base_widget: object) -> None:
        App.get_running_app().bind(lang=lambda *_args: self.on_pre_enter())

    def on_pre_enter(self, *_args: object) -> None:
        grid = self.ids.grid
        grid.clear_widgets()
        for heading in COLUMNS:
            text = heading if heading == "%" else _(heading)
            grid.add_widget(Factory.StatCell(text=text, bold=True))
        rows = stats_rows(App.get_running_app().session.stats)
        for row in rows:
            for cell in row:
                grid.add_widget(Factory.StatCell(text=cell))
        self.ids.empty.opacity = 0 if rows else 1
        self.ids.reset.disabled = not rows

    def ask_reset(self) -> None:
        """Reset, after a Yes: every game's figures are forgotten and saved so."""

        def reset() -> None:
            session = App.get_running_app().session
            session.stats.reset()
            session.save_stats()
            self.on_pre_enter()

        ask(
            _("Reset statistics"),
            _("Forget the statistics of every game? This cannot be undone."),
            reset,
        )
