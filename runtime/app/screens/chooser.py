"""The game chooser: every generated game, a search box, recently played, win rates, and
the share of deals that can be won (or the band it lies in) where the solver's survey
published one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.app import App
from kivy.uix.screenmanager import Screen

from runtime.app.helpdoc import game_title
from runtime.app.i18n import _, current, help_language
from runtime.app.winnable_words import band_text
from runtime.engine.catalog import game_titles
from runtime.solver import winnability


def game_rows(
    query: str,
    stats: Any,
    current_game: str | None,
    figures: list[dict[str, Any]] | None = None,
    chosen: Mapping[str, Mapping[str, bool]] | None = None,
) -> list[dict[str, Any]]:
    """RecycleView rows: recently played first, then the rest by title in the UI language;
    filtered by ``query`` (which matches the translated or the English name). ``figures``:
    published winnability records (default: `winnability.load()`); ``chosen``: per game,
    the options its new deals use where the player changed them, whose survey the row
    tells of (none published: nothing said, rather than the defaults' figure)."""
    if figures is None:
        figures = winnability.load()
    english = game_titles()
    lang = help_language(current())
    titles = {g: game_title(g, lang, t) for g, t in english.items()}
    words = query.lower().split()
    order = [g for g in stats.recent if g in titles]
    order += sorted((g for g in titles if g not in order), key=lambda g: titles[g].lower())
    rows = []
    for game_id in order:
        title = titles[game_id]
        if any(w not in f"{title} {english[game_id]} {game_id}".lower() for w in words):
            continue
        entry = stats.games.get(game_id)
        played = ""
        if entry and entry.played:
            rate = entry.won * 100 // entry.played
            played = _("played: {n}, won: {pct}%").format(n=entry.played, pct=rate)
        # (a game in progress or played recently is not "not played yet")
        if game_id == current_game:
            detail = (
                _("in progress · {detail}").format(detail=played) if played else _("in progress")
            )
        elif game_id in stats.recent:
            detail = _("recent · {detail}").format(detail=played) if played else _("recent")
        else:
            detail = played or _("not played yet")
        band = winnability.winnable_band(game_id, (chosen or {}).get(game_id), figures)
        if band is not None:
            detail = f"{detail} · {band_text(band)}"
        rows.append({"game_id": game_id, "title": title, "detail": detail})
    return rows


class ChooserScreen(Screen):
    def on_kv_post(self, _base_widget: object) -> None:
        App.get_running_app().bind(lang=lambda *_args: self.refresh())

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        app = App.get_running_app()
        session = app.session
        current = session.state.game.id if session.state is not None else None
        if current is not None:
            app.game.update()  # the game's title enables Continue (at start-up, too)
        self.ids.games.data = game_rows(
            self.ids.search.text, session.stats, current, chosen=session.settings.options
        )

    def pick(self, game_id: str) -> None:
        App.get_running_app().game.choose(game_id)
