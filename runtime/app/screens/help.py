"""The help screen: the game's help document in the current language."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from runtime.app.helpdoc import help_text
from runtime.app.i18n import _


class HelpScreen(Screen):
    shown: tuple[str, str] | None = None

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        wanted = (app.help_game, app.language)
        if wanted == self.shown:
            return
        self.shown = wanted
        body = self.ids.body
        body.clear_widgets()
        sections = help_text(*wanted)
        if not sections:
            body.add_widget(Factory.WrapLabel(text=_("No help for this game yet.")))
        for number, (title, paragraphs) in enumerate(sections):
            if title:
                size = "22sp" if number == 0 else "18sp"
                body.add_widget(Factory.HelpTitle(text=title, font_size=size))
            for paragraph in paragraphs:
                body.add_widget(Factory.WrapLabel(text=paragraph))
        self.ids.scroll.scroll_y = 1
