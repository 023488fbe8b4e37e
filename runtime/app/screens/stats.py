"""The statistics screen: one row per game played."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from runtime.app.helpdoc import game_title
from runtime.app.i18n import N_, _, current, help_language
from runtime.app.stats import Statistics, format_time
from runtime.engine.catalog import game_titles

COLUMNS = (N_("Game"), N_("Played"), N_("Won"), "%", N_("Streak"), N_("Best"), N_("Best time"))


def stats_rows(stats: Statistics) -> list[tuple[str, ...]]:
    lang = help_language(current())
    titles = {g: game_title(g, lang, t) for g, t in game_titles().items()}
    rows = []
    for game_id, entry in sorted(stats.games.items(), key=lambda kv: titles.get(kv[0], kv[0])):
        rate = "–" if entry.win_rate is None else f"{entry.win_rate * 100:.0f}"
        rows.append(
            (
                titles.get(game_id, game_id),
                str(entry.played),
                str(entry.won),
                rate,
                str(entry.streak),
                str(entry.best_streak),
                format_time(entry.best_time),
            )
        )
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
