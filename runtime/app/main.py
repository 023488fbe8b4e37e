"""`HelpdeckApp`: screens, shared state for .kv to bind to, keyboard, lifecycle."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import LabelBase
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import ScreenManager, SlideTransition
from kivy.utils import platform

from runtime.app import cardart, i18n, safearea
from runtime.app.game import GamePresenter
from runtime.app.i18n import _
from runtime.app.launch import Launch
from runtime.app.session import Session
from runtime.app.storage import Store, data_dir
from runtime.app.unclipped import UnclippedScreenManager

HERE = Path(__file__).parent
SCREENS = {
    "chooser": "ChooserScreen",
    "table": "TableScreen",
    "help": "HelpScreen",
    "stats": "StatsScreen",
    "settings": "SettingsScreen",
}
KEY_ESCAPE, KEY_F1 = 27, 282
# Keyboard play on the table (keyplay.py): arrows move the cursor, Enter/Space pick up and
# put down, F sends a card up.
KEY_ARROWS = {276: "left", 275: "right", 273: "up", 274: "down"}
KEY_ENTER = (13, 271, 32)  # Return, keypad Enter, Space
FELT = (0.05, 0.36, 0.20, 1)  # the window's clear colour: the table's felt


class HelpdeckApp(App):
    title = "Helpdeck"
    icon = str(HERE / "data" / "icon.png")  # the window's icon (not Kivy's logo)
    # Shared state the .kv files bind to.
    game_title = StringProperty("")
    deal_code = StringProperty("")
    status_text = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    stock_label = StringProperty("")
    can_stock = BooleanProperty(False)
    has_options = BooleanProperty(False)
    help_game = StringProperty("")
    lang = StringProperty(i18n.SOURCE)  # the UI language; kv rules name it to re-translate
    game = ObjectProperty(None, allownone=True)  # the GamePresenter

    def __init__(self, launch: Launch | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.launch = launch or Launch()
        self.session: Session | None = None
        self._ticker: Any = None
        self._history: list[str] = []  # screens to go back to

    @property
    def user_data_dir(self) -> str:
        """``$HELPDECK_DATA_DIR`` if set (Kivy's directory is then never looked at), else
        Kivy's, made with its parents (Kivy's own fails when ``~/.config`` is missing)."""
        return str(data_dir(self._platform_data_dir))

    def _platform_data_dir(self) -> str:
        try:
            return str(App.user_data_dir.fget(self))
        except OSError:
            base = os.environ.get("XDG_CONFIG_HOME") or "~/.config"
            return str(Path(base).expanduser() / self.name)

    # -- building -----------------------------------------------------------------------

    def build(self) -> ScreenManager:
        Window.clearcolor = FELT  # the table's felt; other screens paint their own background
        LabelBase.register(i18n.CJK_FONT, str(i18n.FONT_DIR / "HelpdeckCJK.ttf"))
        store = Store(Path(self.user_data_dir))
        cardart.CACHE_DIR = store.directory / "cache"
        self.session = Session(store)
        self.lang = i18n.use(i18n.resolve(self.session.settings.language))
        cardart.use_design(self.session.settings.card_design)
        cardart.use_back(self.session.settings.card_back)
        Builder.load_file(str(HERE / "common.kv"))
        self.game = GamePresenter(self, self.session)
        # Clips only while a screen slides (unclipped.py): a stencil clip at every frame
        # cost software GL a quarter of a drag frame.
        root = UnclippedScreenManager(
            transition=SlideTransition(duration=0.2), size_hint=(None, None)
        )
        Window.bind(size=lambda *_a: Clock.schedule_once(self.fit_safe_area))
        Clock.schedule_once(self.fit_safe_area)
        self.fit_safe_area(root=root)
        return root

    def fit_safe_area(self, _dt: float = 0, root: Any = None) -> None:
        """Keep every screen out of the system bars (Android 15 draws edge to edge)."""
        from kivy.metrics import dp

        root = root or self.root
        if root is None or self.session is None:
            return
        insets = safearea.resolve(
            platform,
            float(dp(1)),
            os.environ.get("HELPDECK_SAFE_AREA"),
            self.session.settings.safe_area,
            safearea.android_insets if platform == "android" else None,
        )
        x, y, w, h = safearea.safe_rect(*Window.size, insets)
        root.pos, root.size = (x, y), (w, h)

    def on_start(self) -> None:
        session, launch = self.session, self.launch
        assert session is not None
        resumed = session.resume()
        wanted = launch.game or (launch.deal.split("-", 1)[0] if launch.deal else None)
        if launch.deal:
            session.start_code(launch.deal)
        elif wanted and (
            launch.seed is not None
            or launch.options
            or not resumed
            or session.game.game.id != wanted
        ):
            session.start(wanted, launch.seed, launch.options)
        if launch.screenshot:
            self.game.animate = False
        if session.state is None or (launch.chooser_first and not launch.screenshot):
            self.show("chooser")
        else:
            self.show("table")
        Window.bind(on_keyboard=self.on_keyboard)
        Window.bind(on_minimize=lambda *_a: self.game.set_away(True))
        Window.bind(on_restore=lambda *_a: self.game.set_away(False))
        self._ticker = Clock.schedule_interval(self._tick, 1.0)
        if session.messages:  # e.g. a data file that was kept aside: one dialog says all
            self.game.tell(_("Notice"), "\n\n".join(session.messages))
        session.messages.clear()
        if launch.screenshot:
            Clock.schedule_once(lambda _dt: self._screenshot(launch.screenshot))

    def _screenshot(self, path: str) -> None:
        """Shoot once a few frames are drawn: layouts settle over the first frames."""
        if Clock.frames_displayed < 3:
            Clock.schedule_once(lambda _dt: self._screenshot(path))
            return
        from runtime.app.screenshot import save_window_png

        save_window_png(path)
        self.stop()

    # -- screens ------------------------------------------------------------------------

    def show(self, name: str, direction: str = "left") -> Any:
        """Show screen ``name``, loading its .kv and class the first time it is needed."""
        manager = self.root
        if not manager.has_screen(name):
            Builder.load_file(str(HERE / "screens" / f"{name}.kv"))
            module = importlib.import_module(f"runtime.app.screens.{name}")
            manager.add_widget(getattr(module, SCREENS[name])(name=name))
        if manager.current and manager.current != name and direction == "left":
            self._history = [*[n for n in self._history if n != name], manager.current][-8:]
        manager.transition.direction = direction
        manager.current = name
        return manager.get_screen(name)

    def back(self) -> None:
        """To the screen this one was opened from."""
        while self._history:
            name = self._history.pop()
            if name != "table" or (self.session and self.session.state is not None):
                self.show(name, direction="right")
                return
        has_game = self.session is not None and self.session.state is not None
        self.show("table" if has_game else "chooser", direction="right")

    def font_for(self, text: str, lang: str) -> str:
        """For .kv: the font ``text`` needs in UI language ``lang`` (see `i18n.font_for`)."""
        return i18n.font_for(text, lang)

    def set_language(self, setting: str) -> None:
        """A language picked in Settings ("system" or a code): every string updates now."""
        session = self.session
        assert session is not None
        session.settings.language = setting
        session.save_settings()
        self.lang = i18n.use(i18n.resolve(setting))
        self.game.update()

    def open_help(self, game_id: str | None = None) -> None:
        self.help_game = game_id or self.game.game_id
        self.show("help")

    # -- keyboard and lifecycle -------------------------------------------------------

    def on_keyboard(
        self, _window: Any, key: int, _scancode: int, _text: str, mods: list[str]
    ) -> bool:
        on_table = self.root.current == "table"
        table = self.game.table if on_table and not self._dialog_open() else None
        if key == KEY_ESCAPE:  # Escape, and the Android back button
            if table is not None and table.key_cancel():
                return True
            return self.go_back()
        ctrl = "ctrl" in mods or "meta" in mods
        plain = not (set(mods) & {"ctrl", "meta", "alt"})
        if table is not None and plain and key in KEY_ARROWS:
            table.key_step(KEY_ARROWS[key])
            return True
        if table is not None and plain and key in KEY_ENTER:
            table.key_enter()
            return True
        if table is not None and not mods and key == ord("f"):
            table.key_send_up()
            return True
        if key == KEY_F1:
            self.open_help()
        elif ctrl and key == ord("z") and on_table:
            (self.game.redo if "shift" in mods else self.game.undo)()
        elif ctrl and key == ord("y") and on_table:
            self.game.redo()
        elif ctrl and key == ord("n") and on_table:
            self.game.ask_new()
        elif key == ord("h") and not mods and on_table:
            self.game.hint()
        elif ctrl and key == ord("q") and platform not in ("android", "ios"):
            self.quit()
        else:
            return False
        return True

    @staticmethod
    def _dialog_open() -> bool:
        return any(isinstance(widget, ModalView) for widget in Window.children)

    def go_back(self) -> bool:
        """Back: close a dialog, else leave a side screen; then on a desktop the table goes
        to the chooser and the chooser asks to quit; on Android the table undoes."""
        for widget in Window.children:
            if isinstance(widget, ModalView):
                widget.dismiss()
                return True
        current = self.root.current
        has_game = self.session is not None and self.session.state is not None
        desktop = platform not in ("android", "ios")
        if current not in ("table", "chooser"):
            self.back()
        elif current == "table" and desktop:  # the desktop: Escape, Escape quits
            self.show("chooser", "right")
        elif current == "chooser" and desktop:
            self.game.ask_quit()
        elif current == "chooser" and has_game:
            self.back()
        elif platform == "android" and self.root.current == "table":
            self.game.undo()
        return True

    def quit(self) -> None:
        """Save and close the app (the desktop's Quit, Ctrl+Q, Escape on the chooser)."""
        self.stop()

    def _tick(self, dt: float) -> None:
        if self.root and self.root.current == "table":
            self.game.tick(dt)

    def on_pause(self) -> bool:
        cardart.save_atlases()
        if self.session:
            self.session.save_all()
        return True

    def on_stop(self) -> None:
        cardart.save_atlases()
        if self.session:
            self.session.save_all()


def run(launch: Launch) -> int:
    """Run the app; an error that stops it prints one line naming Kivy's log (which has the
    traceback) and gives exit status 1."""
    try:
        HelpdeckApp(launch).run()
    except Exception as error:
        from kivy.logger import FileHandler, Logger

        Logger.exception("Helpdeck: the app stopped")
        log = FileHandler.filename if FileHandler.fd not in (None, False) else None
        where = f"; details in {log}" if log else ""
        # Kivy replaces sys.stderr by its logger when the console log is off: the real one.
        stream = sys.__stderr__ or sys.stderr
        print(f"helpdeck: the app stopped: {_one_line(error)}{where}", file=stream)
        return 1
    return 0


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."
