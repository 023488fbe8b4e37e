"""The settings screen: language (live), animations, auto-finish, winnable deals."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty
from kivy.uix.screenmanager import Screen

from runtime.app.i18n import LANGUAGES, SYSTEM, _, system_language
from runtime.app.session import winnable_available


class SettingsScreen(Screen):
    has_winnable = BooleanProperty(False)
    _loading = False

    def on_kv_post(self, _base_widget: object) -> None:
        App.get_running_app().bind(lang=lambda *_args: self._fill_languages())
        App.get_running_app().bind(lang=lambda *_args: self._fill_designs())
        App.get_running_app().bind(lang=lambda *_args: self._fill_backs())
        App.get_running_app().bind(lang=lambda *_args: self._fill_sizes())

    def on_pre_enter(self, *_args: object) -> None:
        settings = App.get_running_app().session.settings
        self._loading = True
        self._fill_languages()
        self._fill_designs()
        self._fill_backs()
        self._fill_sizes()
        self.ids.animations.active = settings.animations
        self.ids.autofinish.active = settings.autofinish
        self.ids.sounds.active = settings.sounds
        self.ids.left_handed.active = settings.left_handed
        self.has_winnable = winnable_available()
        self.ids.winnable.active = settings.winnable and self.has_winnable
        self._loading = False

    def _choices(self) -> dict[str, str]:
        """Spinner text -> setting: the system's language first, then each by its own name."""
        system = LANGUAGES[system_language()]
        return {_("System ({language})").format(language=system): SYSTEM} | {
            name: code for code, name in LANGUAGES.items()
        }

    def _fill_languages(self) -> None:
        settings = App.get_running_app().session.settings
        choices = self._choices()
        loading, self._loading = self._loading, True
        self.ids.language.values = list(choices)
        wanted = settings.language if settings.language in choices.values() else SYSTEM
        self.ids.language.text = next(t for t, c in choices.items() if c == wanted)
        self._loading = loading

    def _fill(self, spinner: Any, choices: dict[str, str], current: str) -> None:
        """Spinner texts from `choices` (text -> setting), showing `current` (else the first)."""
        loading, self._loading = self._loading, True
        spinner.values = list(choices)
        spinner.text = next((t for t, v in choices.items() if v == current), next(iter(choices)))
        self._loading = loading

    def _picked(self, choices: dict[str, str], text: str) -> str | None:
        """The setting a spinner text picks; None while the screen fills the spinners."""
        return None if self._loading else choices.get(text)

    @staticmethod
    def _designs() -> dict[str, str]:
        """Spinner text -> card design (`cardart.DESIGNS`)."""
        return {
            _("Classic"): "classic",
            _("Large index"): "large",
            _("Four colours"): "four",
        }

    def _fill_designs(self) -> None:
        self._fill(
            self.ids.design, self._designs(), App.get_running_app().session.settings.card_design
        )

    @staticmethod
    def _backs() -> dict[str, str]:
        """Spinner text -> card back (`cardart.BACKS`)."""
        return {_("Blue"): "blue", _("Red"): "red"}

    def _fill_backs(self) -> None:
        self._fill(self.ids.back, self._backs(), App.get_running_app().session.settings.card_back)

    def back_picked(self, text: str) -> None:
        back = self._picked(self._backs(), text)
        if back is None:
            return
        app = App.get_running_app()
        app.session.settings.card_back = back
        app.session.save_settings()
        app.game.set_card_back(back)

    @staticmethod
    def _sizes() -> dict[str, str]:
        """Spinner text -> card size (`cardsize.SIZES`)."""
        return {_("Largest"): "largest", _("Medium"): "medium", _("Small"): "small"}

    def _fill_sizes(self) -> None:
        self._fill(
            self.ids.card_size, self._sizes(), App.get_running_app().session.settings.card_size
        )

    def size_picked(self, text: str) -> None:
        size = self._picked(self._sizes(), text)
        if size is None:
            return
        app = App.get_running_app()
        app.session.settings.card_size = size
        app.session.save_settings()
        app.game.set_card_size(size)

    def design_picked(self, text: str) -> None:
        design = self._picked(self._designs(), text)
        if design is None:
            return
        app = App.get_running_app()
        app.session.settings.card_design = design
        app.session.save_settings()
        app.game.set_card_design(design)

    def language_picked(self, text: str) -> None:
        if self._loading:
            return
        setting = self._choices().get(text)
        if setting is not None:
            App.get_running_app().set_language(setting)

    def changed(self) -> None:
        if self._loading:
            return
        app = App.get_running_app()
        settings = app.session.settings
        settings.animations = self.ids.animations.active
        settings.autofinish = self.ids.autofinish.active
        settings.sounds = app.game.sounds.enabled = self.ids.sounds.active
        settings.left_handed = self.ids.left_handed.active
        app.game.set_left_handed(settings.left_handed)
        switched_on = self.ids.winnable.active and self.has_winnable and not settings.winnable
        settings.winnable = self.ids.winnable.active and self.has_winnable
        if switched_on and app.session.state is not None:  # the next deal: proven already
            game_id = app.session.game.game.id
            app.session.prepare_winnable(game_id, settings.options.get(game_id))
        app.game.set_animations(settings.animations)
        app.session.save_settings()
