"""The table screen: toolbar, the table itself, the status line."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from runtime.app.tablewidget import TableWidget

Factory.register("TableWidget", cls=TableWidget)


class TableScreen(Screen):
    def on_kv_post(self, _base_widget: object) -> None:
        App.get_running_app().game.attach(self.ids.table)

    def on_pre_enter(self, *_args: object) -> None:
        game = App.get_running_app().game
        if (
            game.table is not None
            and game.controller is not None
            and (game.controller.state is not game.state)
        ):
            game.show_game(deal_animation=False)
