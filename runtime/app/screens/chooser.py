"""The game chooser: every generated game, a search box, recently played, win rates."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.screenmanager import Screen

from runtime.app.i18n import _
from runtime.engine.catalog import game_titles


def game_rows(query: str, stats: Any, current: str | None) -> list[dict[str, Any]]:
    """RecycleView rows: recently played first, then the rest by title; filtered by ``query``."""
    titles = game_titles()
    words = query.lower().split()
    order = [g for g in stats.recent if g in titles]
    order += sorted((g for g in titles if g not in order), key=lambda g: titles[g].lower())
    rows = []
    for game_id in order:
        title = titles[game_id]
        if any(w not in f"{title} {game_id}".lower() for w in words):
            continue
        entry = stats.games.get(game_id)
        if entry and entry.played:
            rate = entry.won * 100 // entry.played
            detail = _("played {n}, won {pct}%").format(n=entry.played, pct=rate)
        else:
            detail = _("not played yet")
        if game_id == current:
            detail = _("in progress") + " · " + detail
        elif game_id in stats.recent:
            detail = _("recent") + " · " + detail
        rows.append({"game_id": game_id, "title": title, "detail": detail})
    return rows


class ChooserScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        session = app.session
        current = session.state.game.id if session.state is not None else None
        self.ids.games.data = game_rows(self.ids.search.text, session.stats, current)

    def pick(self, game_id: str) -> None:
        App.get_running_app().game.choose(game_id)
