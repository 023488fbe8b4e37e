"""The help screen: the game's help in the UI language (else English), laid out by section
kind: the intro, the Setup table as a table, then Goal, Rules and the rest, and the
translators' credits."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from runtime.app.helpdoc import HelpDoc, help_doc
from runtime.app.i18n import _, help_language


class SetupRow(BoxLayout):
    """One row of the Setup table (laid out by its rule in help.kv)."""

    label = StringProperty("")
    text = StringProperty("")
    shade = BooleanProperty(False)


class HelpScreen(Screen):
    heading = StringProperty("")
    shown: tuple[str, str] | None = None

    def on_kv_post(self, _base_widget: object) -> None:
        App.get_running_app().bind(lang=self._language_changed, help_game=self._language_changed)

    def _language_changed(self, *_args: object) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.on_pre_enter()

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        wanted = (app.help_game, app.lang)
        if wanted == self.shown:
            return
        self.shown = wanted
        doc = help_doc(app.help_game, help_language(app.lang))
        title = doc.title if doc is not None and doc.title else app.game_title
        self.heading = _("Help: {game}").format(game=title)
        body = self.ids.body
        body.clear_widgets()
        if doc is None:
            body.add_widget(Factory.WrapLabel(text=_("No help for this game yet.")))
        else:
            self._fill(body, doc, help_language(app.lang))
        self.ids.scroll.scroll_y = 1

    def _fill(self, body: BoxLayout, doc: HelpDoc, wanted: str) -> None:
        body.add_widget(Factory.HelpTitle(text=doc.title, font_size="24sp"))
        if doc.language != wanted:
            body.add_widget(Factory.HelpNote(text=_("This help is not translated yet.")))
        for section in doc.sections:
            if section.kind != "intro" and section.title:
                body.add_widget(Factory.HelpTitle(text=section.title))
            if section.kind == "setup" and doc.setup:
                for number, row in enumerate(doc.setup):
                    body.add_widget(SetupRow(label=row.label, text=row.text, shade=number % 2 == 0))
            for paragraph in section.paragraphs:
                body.add_widget(Factory.WrapLabel(text=paragraph))
        if doc.credits:
            body.add_widget(Factory.HelpTitle(text=_("Translated by")))
            body.add_widget(Factory.HelpNote(text="\n".join(doc.credits)))
