"""The table screen: toolbar, the table itself, the status line."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.screenmanager import Screen

from runtime.app.bars import side_rail
from runtime.app.tablewidget import TableWidget

Factory.register("TableWidget", cls=TableWidget)


class TableScreen(Screen):
    rail = BooleanProperty(False)  # the toolbar as a side rail (table.kv: a phone on its side)

    def on_kv_post(self, _base_widget: object) -> None:
        table = self.ids.table
        App.get_running_app().game.attach(table)
        table.bind(on_shown=self.update_rail)
        self.bind(size=self.update_rail)

    def update_rail(self, *_args: object) -> None:
        """The toolbar down the left side where that gives the game bigger cards."""
        table = self.ids.table
        state = table.state
        if state is None or self.width < 10 or self.height < 10:
            return
        self.rail = side_rail(
            state.rules,
            state.layout,
            table.show_stock,
            self.width,
            self.height,
            dp(1),
            self.ids.toolbar.buttons,
        )

    def on_pre_enter(self, *_args: object) -> None:
        game = App.get_running_app().game
        if (
            game.table is not None
            and game.controller is not None
            and (game.controller.state is not game.state)
        ):
            game.show_game(deal_animation=False)
