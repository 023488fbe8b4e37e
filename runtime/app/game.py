"""The presenter between the `Session` (engine + saving) and the table on screen: it plays
moves, keeps the App's status properties current, runs auto-finish, opens dialogs."""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock

from runtime.app import cardart
from runtime.app.controller import Controller
from runtime.app.dealcodes import read_deal_code
from runtime.app.dialogs import ask, choose_options, deal_code_dialog, tell
from runtime.app.helpdoc import game_title, option_labels
from runtime.app.hints import Advice, DeepHints, advise, position
from runtime.app.i18n import _, current, help_language
from runtime.app.session import NEW_SEED_LIMIT, Session, known_game, winnable_available
from runtime.app.sounds import Sounds
from runtime.app.stats import format_time
from runtime.app.winnable_words import options_text
from runtime.engine import Move, MoveKind, State
from runtime.engine.assist import autofinish_moves
from runtime.engine.cards import RANK_NAMES
from runtime.engine.rules import Scoring
from runtime.solver import winnability

AWAY_TICK = 5.0  # seconds: a clock tick later than this means the app was not running


class GamePresenter:
    def __init__(self, app: Any, session: Session) -> None:
        self.app = app
        self.session = session
        self.table: Any = None
        self.controller: Controller | None = None
        self.animate = session.settings.animations
        self.sounds = Sounds(session.settings.sounds)
        self._finishing: list[Move] = []
        self._finish_event: Any = None
        self._told_over = False
        self.away = False  # minimised or paused: the clock does not run
        self.deep_hints = DeepHints()

    @property
    def state(self) -> State:
        return self.session.game

    @property
    def game_id(self) -> str:
        return self.state.game.id if self.session.state else known_game(None)

    # -- wiring -------------------------------------------------------------------------

    def attach(self, table: Any) -> None:
        """The table screen's widget: (re)show the current game on it."""
        self.table = table
        table.on_play = self.play
        table.on_play_sequence = self.play_sequence
        self.show_game(deal_animation=False)

    def show_game(self, deal_animation: bool = True) -> None:
        self._stop_finishing()
        self.controller = Controller(self.state)
        self._told_over = self.state.is_over()
        if self.table is not None:
            self.table.duration = 0.18 if self.animate else 0
            self.table.left_handed = self.session.settings.left_handed
            self.table.card_size = self.session.settings.card_size
            self.table.show(self.controller, deal_animation=deal_animation)
        self.update()

    def start(self, game_id: str, seed: int | None = None) -> bool:
        """Deal ``game_id`` (``seed``, or a new one). With "Winnable deals only" the deal is
        always one the solver proved: when none is ready yet, a dialog waits while one is
        proven in the background, and the deal comes then (False: not dealt yet)."""
        session = self.session
        if seed is None and session.settings.winnable and winnable_available():
            options = session.settings.options.get(game_id)
            seed = session.take_winnable(game_id, options)
            if seed is None:
                self._wait_for_winnable(game_id, options)
                return False
        session.start(game_id, seed)
        self.show_game()
        for message in session.messages:
            self.tell(_("Notice"), message)
        session.messages.clear()
        return True

    def _wait_for_winnable(self, game_id: str, options: dict[str, bool] | None) -> None:
        """A dialog while the solver proves a deal: how many it has tried (some games'
        deals are rarely proven, four-suit Spider's almost never), and a random deal on
        request."""
        first = self.session.winnable_tried(game_id, options)

        def check(_dt: float) -> bool:
            seed = self.session.take_winnable(game_id, options)
            if seed is None:
                tried = self.session.winnable_tried(game_id, options) - first
                dialog.message = waiting + "\n" + _("Deals tried: {n}").format(n=tried)
                return True
            dialog.unbind(on_dismiss=stop)
            dialog.dismiss(animation=False)  # at once, even while fading in
            self.start(game_id, seed)
            self.app.show("table")
            return False

        def stop(*_args: object) -> None:
            event.cancel()

        def random_deal() -> None:
            self.start(game_id, random.randrange(NEW_SEED_LIMIT))
            self.app.show("table")

        waiting = _("Finding a deal the solver can win…")
        dialog = tell(
            _("Winnable deals only"),
            waiting,
            [(_("Random deal"), random_deal), (_("Cancel"), None)],
        )
        event = Clock.schedule_interval(check, 0.1)
        dialog.bind(on_dismiss=stop)

    @property
    def title(self) -> str:
        """The game's name in the UI language."""
        state = self.state
        return game_title(state.game.id, help_language(current()), state.game.title)

    def update(self) -> None:
        """Copy the state into the App properties the .kv files bind to."""
        app, state = self.app, self.state
        app.game_title = self.title
        app.deal_code = state.deal_code
        app.can_undo = state.can_undo()
        app.can_redo = state.can_redo()
        status = state.stock_status
        app.stock_label = _("Redeal") if status == "redeal" else _("Deal")
        app.can_stock = self.controller is not None and self.controller.stock_move() is not None
        app.has_options = bool(state.game.options)
        app.status_text = self.status_line()

    def status_line(self) -> str:
        state = self.state
        parts = [f"{self.title} · {state.deal_code}"]
        if state.rules.scoring is not Scoring.NONE:  # "There is no scoring"
            parts.append(
                _("Score {score}/{max}").format(score=state.score, max=state.rules.max_score)
            )
        stock = state.piles[state.layout.stock]
        if stock or state.layout.waste >= 0:
            parts.append(_("Stock {n}").format(n=len(stock)))
        if state.rules.redeals:
            # Translators: "unlimited" redeals, shown as "Redeals ∞"; keep it short.
            left = _("∞") if state.redeals_left < 0 else str(state.redeals_left)
            parts.append(_("Redeals {n}").format(n=left))
        if state.base and (state.rules.base_from_deal or state.rules.base_chosen):
            parts.append(_("Base {rank}").format(rank=RANK_NAMES[state.base - 1]))
        parts.append(_("Time {t}").format(t=format_time(self.session.elapsed)))
        parts.append(_("Moves {n}").format(n=len(state.move_log)))
        return "   ".join(parts)

    def tick(self, seconds: float) -> None:
        """One tick of the clock (about a second). The clock stops while the player is away:
        the window minimised, or a tick that comes late because the app was paused or the
        machine slept (Android resumes with one tick as long as the pause)."""
        if self.session.state is None:
            return
        if not self.away and seconds <= AWAY_TICK:
            self.session.tick(seconds)
        self.app.status_text = self.status_line()

    def set_away(self, away: bool) -> None:
        self.away = away

    # -- moves --------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        self.play_sequence([move])

    def play_sequence(self, moves: list[Move]) -> None:
        """Play ``moves`` one after another, animated; then auto-finish if it is on.

        A move the player makes while an auto-finish is running takes over from it: the
        rest of that queue was planned for a position that is gone (playing it on raised
        IllegalMoveError), and a second interval must not run beside the first."""
        self._stop_finishing()
        self.session.play(moves[0])
        self._sound_for(moves[0])
        self._after_change()
        queued = list(moves[1:])
        if not queued and not self._finishing and self.session.settings.autofinish:
            finish = autofinish_moves(self.state)
            if finish and len(finish) > 1:
                queued = finish
        if queued:
            self._finishing = queued
            delay = (self.table.duration if self.table else 0) + 0.03
            self._finish_event = Clock.schedule_interval(self._finish_step, delay)
            return
        self._check_over()

    def _finish_step(self, _dt: float) -> bool:
        if not self._finishing:
            self._stop_finishing()
            self._check_over()
            return False
        move = self._finishing.pop(0)
        self.session.play(move)
        self._sound_for(move)
        self._after_change()
        return True

    def _sound_for(self, move: Move) -> None:
        self.sounds.play("place" if move.kind is MoveKind.TRANSFER else "deal")

    def _stop_finishing(self) -> None:
        self._finishing = []
        if self._finish_event is not None:
            self._finish_event.cancel()
            self._finish_event = None

    def _after_change(self) -> None:
        if self.table is not None:
            self.table.refresh(animate=True)
        self.update()

    def _settle(self) -> None:
        """Before undo and friends: finish animations and stop an auto-finish in progress."""
        self._stop_finishing()
        if self.table is not None:
            self.table.finish_animations()
        if self.controller is not None:
            self.controller.selection = None

    def _check_over(self) -> None:
        state = self.state
        if state.is_won():
            self._told_over = True
            if self.animate and self.table is not None:
                self.table.celebrate()
            self.sounds.play("win")
            seconds = format_time(self.session.elapsed)
            tell(
                _("You won!"),
                _("{title} is won. Moves: {moves}. Time: {time}.").format(
                    title=self.title, moves=len(state.move_log), time=seconds
                ),
                [(_("New game"), self.new_game), (_("Close"), None)],
            )
        elif state.is_lost() and not self._told_over:
            self._told_over = True
            tell(
                _("No more moves"),
                _("There are no moves left. You can still undo."),
                [(_("Undo"), self.undo), (_("New game"), self.new_game), (_("Close"), None)],
            )

    def undo(self) -> None:
        self._settle()
        if self.session.undo() is not None:
            self._told_over = False
            self._after_change()

    def redo(self) -> None:
        self._settle()
        if self.session.redo() is not None:
            self._after_change()
            self._check_over()

    def stock(self) -> None:
        self._settle()
        move = self.controller.stock_move() if self.controller else None
        if move is not None:
            self.play(move)

    def hint(self) -> None:
        """The quick hint; where it could not decide, a dialog waits for the deep one
        (`DeepHints`), and offers the basic hint meanwhile."""
        self._settle()
        advice = advise(self.state)
        if advice.undecided:
            self._think(advice)
        else:
            self._show_advice(advice)

    def _think(self, quick: Advice) -> None:
        asked = position(self.state)
        future = self.deep_hints.ask(self.state)

        def answer(_dt: float) -> bool:
            if not future.done():
                return True
            dialog.unbind(on_dismiss=stop)
            # At once: a dialog still fading in would fade in again over a fade-out.
            dialog.dismiss(animation=False)
            if position(self.state) != asked:  # the player moved on: nothing to show
                return False
            failed = future.cancelled() or future.exception() is not None
            self._show_advice(quick if failed else future.result())
            return False

        def simple_hint() -> None:
            self._show_advice(quick)

        def stop(*_args: object) -> None:
            event.cancel()
            self.deep_hints.drop(future)  # nobody waits: the search stops

        dialog = tell(
            _("Hint"),
            _("Looking for a way to win…"),
            [(_("Quick hint"), simple_hint), (_("Cancel"), None)],
        )
        event = Clock.schedule_interval(answer, 0.1)
        dialog.bind(on_dismiss=stop)

    def _show_advice(self, advice: Advice) -> None:
        if advice.lost:
            undo_to = advice.undo_to
            buttons: list[tuple[str, Any]] = []
            if undo_to is not None and undo_to < len(self.state.move_log):
                steps = len(self.state.move_log) - undo_to
                message = _(
                    "This game can no longer be won. Moves to undo to make it winnable again: {n}."
                ).format(n=steps)
                buttons.append((_("Undo to there"), lambda: self.undo_to(undo_to)))
            else:
                message = _("This game can no longer be won.")
            if advice.move is not None and self.table is not None:
                self.table.show_hint(advice.move)
            tell(_("Hint"), message, [*buttons, (_("New game"), self.new_game), (_("Close"), None)])
        elif advice.back and advice.undo_to is not None:
            keep = advice.undo_to
            steps = len(self.state.move_log) - keep
            message = _(
                "The way to win passes a position you had before. Moves to undo to get there: {n}."
            ).format(n=steps)
            buttons = [(_("Undo to there"), lambda: self.undo_to(keep)), (_("Close"), None)]
            tell(_("Hint"), message, buttons)
        elif advice.move is None and self.state.legal_moves():
            message = _("Every move leads back to a position you had before.")
            tell(_("Hint"), message, [(_("Close"), None)])
        elif advice.move is None:
            tell(_("Hint"), _("There are no moves left."), [(_("Close"), None)])
        elif self.table is not None:
            self.table.show_hint(advice.move)

    def undo_to(self, keep: int) -> None:
        """Undo until ``keep`` moves are left."""
        self._settle()
        while len(self.state.move_log) > keep and self.session.undo() is not None:
            pass
        self._told_over = False
        self._after_change()

    # -- whole games --------------------------------------------------------------------

    def under_way(self) -> bool:
        state = self.session.state
        return state is not None and bool(state.move_log) and not state.is_won()

    def ask_new(self) -> None:
        self._settle()
        if self.under_way():
            ask(_("New game"), _("Abandon this game and deal a new one?"), self.new_game)
        else:
            self.new_game()

    def new_game(self) -> None:
        self._settle()
        self.start(self.game_id)

    def ask_restart(self) -> None:
        self._settle()
        if self.under_way():
            ask(_("Restart"), _("Start this deal again from the beginning?"), self.restart)
        else:
            self.restart()

    def restart(self) -> None:
        self._settle()
        self.session.restart()
        self.show_game()

    def choose(self, game_id: str) -> None:
        """A game picked in the chooser: continue it if it is the one in play."""
        if self.session.state is not None and self.state.game.id == game_id:
            self.app.show("table")
            return

        def switch() -> None:
            if self.start(game_id):
                self.app.show("table")

        if self.under_way():
            ask(_("New game"), _("Abandon the game in progress?"), switch)
        else:
            switch()

    def options(self) -> None:
        self._settle()
        state = self.state

        def apply(values: dict[str, bool]) -> None:
            # "Winnable deals only": the same seed under other options is not proven, so a
            # deal not yet played is replaced by a proven one of the new options.
            winnable = self.session.settings.winnable and winnable_available()
            if self.session.set_options(values, redeal=not winnable):
                self.show_game()
            elif winnable and not self.state.move_log:
                self.start(self.game_id)
            else:
                tell(
                    _("Options"),
                    _("The new options apply from the next deal."),
                    [(_("Close"), None)],
                )

        labels = option_labels(state.game.id, help_language(current()))
        figures = winnability.load()

        def describe(values: dict[str, bool]) -> str:
            return options_text(state.game.id, values, figures)

        choose_options(state.game.options, state.options, apply, labels, describe)

    def deal_code_dialog(self) -> Any:
        """The deal's code to copy; another code to type or paste, and play."""
        self._settle()
        example = self.state.deal_code

        def play(text: str) -> str | None:
            found = read_deal_code(text, example)
            if isinstance(found, str):
                return found
            code = found.deal_code
            if self.under_way() and code != example:
                ask(_("New game"), _("Abandon the game in progress?"), lambda: self.play_code(code))
            else:
                self.play_code(code)
            return None

        return deal_code_dialog(self.title, example, play)

    def play_code(self, code: str) -> None:
        """Deal ``code`` (a valid deal code) on the table."""
        self._settle()
        self.session.start_code(code)
        self.show_game()
        self.app.show("table")

    def ask_quit(self) -> None:
        ask(_("Quit"), _("Quit Helpdeck? The game is saved."), self.app.quit)

    def tell(self, title: str, message: str) -> None:
        tell(title, message, [(_("Close"), None)])

    def set_card_design(self, name: str) -> None:
        """Draw every card in face design ``name`` (see `cardart.DESIGNS`) from now on."""
        if cardart.use_design(name) and self.table is not None:
            self.table.finish_animations()
            self.table.refresh(animate=False)

    def set_card_back(self, name: str) -> None:
        """Draw every face-down card with back ``name`` (see `cardart.BACKS`) from now on."""
        if cardart.use_back(name) and self.table is not None:
            self.table.finish_animations()
            self.table.refresh(animate=False)

    def set_card_size(self, name: str) -> None:
        """Cards the largest that fit, or smaller (`cardsize.SIZES`), at once."""
        if self.table is not None and self.table.card_size != name:
            self.table.card_size = name
            self.table.finish_animations()
            self.table.relayout(animate=False)

    def set_left_handed(self, on: bool) -> None:
        """Mirror the table (stock and waste to the right) or not, at once."""
        if self.table is not None and self.table.left_handed != on:
            self.table.left_handed = on
            self.table.finish_animations()
            self.table.relayout(animate=False)

    def set_animations(self, on: bool) -> None:
        self.animate = on
        if self.table is not None:
            self.table.duration = 0.18 if on else 0
