"""The settings screen: language, animations, auto-finish."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.screenmanager import Screen

from runtime.app.helpdoc import languages


class SettingsScreen(Screen):
    def on_pre_enter(self, *_args: object) -> None:
        settings = App.get_running_app().session.settings
        self.ids.language.values = languages()
        self.ids.language.text = settings.language
        self.ids.animations.active = settings.animations
        self.ids.autofinish.active = settings.autofinish

    def changed(self) -> None:
        app = App.get_running_app()
        settings = app.session.settings
        settings.language = self.ids.language.text or "C"
        settings.animations = self.ids.animations.active
        settings.autofinish = self.ids.autofinish.active
        app.language = settings.language
        app.game.set_animations(settings.animations)
        app.session.save_settings()
