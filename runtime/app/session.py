"""One player's game in progress: the engine state plus autosave, statistics and time.

Pure Python (no Kivy) so the lifecycle is testable headless; the App wraps one Session.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from runtime.app.i18n import _
from runtime.app.settings import SETTINGS_FORMAT, Settings
from runtime.app.stats import MAX_SECONDS, STATS_FORMAT, Statistics, variant_key
from runtime.app.storage import (
    SAVE_FILE,
    SETTINGS_FILE,
    STATS_FILE,
    Store,
    UnreadableFile,
    duration,
    flag,
    sequence,
    text,
)
from runtime.engine import Move, State, game_ids, new_game, replay

SAVE_FORMAT = "helpdeck-save/1"
NEW_SEED_LIMIT = 1_000_000_000  # deal numbers a player can read and share


class Session:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.messages: list[str] = []  # problems to show the player once the UI is up
        store.clean_temp_files()  # left by a write that was killed midway
        self.settings = self._load(SETTINGS_FILE, SETTINGS_FORMAT, Settings.from_json, Settings)
        self.stats = self._load(STATS_FILE, STATS_FORMAT, Statistics.from_json, Statistics)
        self.state: State | None = None
        self.elapsed = 0.0
        self.counted = False  # the deal's first move has been counted as a game played
        self.won = False  # the deal's win has been counted
        self._deals: Any = None  # the solver's WinnableDeals, made when first needed
        self._filling: dict[object, Any] = {}  # (game, options) -> its prefill thread

    def _load(self, name: str, fmt: str, parse: Any, default: Any) -> Any:
        """The file parsed, or ``default()`` with the bad file kept aside and a message."""
        try:
            data = self.store.read(name, fmt)
            if data is None:
                return default()
            try:
                return parse(data)
            except (ValueError, LookupError, TypeError) as error:
                self.store.reject(name, error)
        except UnreadableFile as error:
            told = _("Could not read {name}; starting afresh.").format(name=name)
            self.messages.append(f"{told}\n{error}")
            return default()

    # -- lifecycle ----------------------------------------------------------------------

    @property
    def game(self) -> State:
        assert self.state is not None, "no game started"
        return self.state

    def resume(self) -> bool:
        """Load the autosave; False (and a message if it was unusable) when there is none."""
        try:
            data = self.store.read(SAVE_FILE, SAVE_FORMAT)
            if data is None:
                return False
            try:
                code = text(data.get("code"), "code")
                moves = [text(m, "moves", 40) for m in sequence(data.get("moves"), "moves")]
                elapsed = duration(data.get("elapsed", 0.0), "elapsed", MAX_SECONDS)
                counted = flag(data.get("counted", False), "counted")
                won = flag(data.get("won", False), "won")
                state = replay(code, moves)
            except (ValueError, LookupError, TypeError) as error:
                # ValueError also covers DealCodeError, IllegalMoveError, MoveSyntaxError.
                self.store.reject(SAVE_FILE, error)
        except UnreadableFile as error:
            self.messages.append(
                _("The saved game could not be restored ({error}); here is a new deal.").format(
                    error=error
                )
            )
            return False
        self.state, self.elapsed, self.counted, self.won = state, elapsed, counted, won
        self.stats.opened(state.game.id)
        return True

    def start(
        self, game_id: str, seed: int | None = None, options: Mapping[str, bool] | None = None
    ) -> None:
        """Deal a new game (abandoning the current one) and save it."""
        self.abandon()
        chosen = dict(options) if options is not None else self.settings.options.get(game_id)
        if seed is None and self.settings.winnable:
            seed = self._winnable_seed(game_id, chosen)
        if seed is None:
            seed = random.randrange(NEW_SEED_LIMIT)
        try:
            state = new_game(game_id, chosen, seed)
        except ValueError:  # options saved for an older version of the game
            state = new_game(game_id, None, seed)
        self._begin(state)

    def _winnable_seed(self, game_id: str, options: Mapping[str, bool] | None) -> int | None:
        """The next seed the solver proved winnable (None: none proven yet). Proving more
        goes on in a background thread, so the next few new deals are ready."""
        seed = self.take_winnable(game_id, options)
        if seed is None:
            self.messages.append(_("No winnable deal is ready yet; this one is random."))
        return seed

    def take_winnable(self, game_id: str, options: Mapping[str, bool] | None) -> int | None:
        """A proven winnable seed for a new deal, or None when none is proven yet (proving
        goes on in the background: ask again). Each install starts at its own random seed,
        so players do not all get the same deals in the same order."""
        deals = self._winnable_deals()
        if deals is None:
            return None
        start = self.settings.next_winnable.get(game_id)
        if start is None:
            start = self.settings.next_winnable[game_id] = random.randrange(NEW_SEED_LIMIT)
            self.save_settings()
        try:
            seed = deals.next_seed(game_id, options, start)
            self.prepare_winnable(game_id, options, start if seed is None else seed + 1)
        except (OSError, ValueError):
            return None
        if seed is not None:
            self.settings.next_winnable[game_id] = seed + 1
            self.save_settings()
        return seed

    def winnable_tried(self, game_id: str, options: Mapping[str, bool] | None) -> int:
        """How many deals of ``game_id`` the solver has tried to prove on this install."""
        deals = self._winnable_deals()
        if deals is None:
            return 0
        try:
            return int(deals.decided(game_id, options))
        except (OSError, ValueError):
            return 0

    def prepare_winnable(
        self, game_id: str, options: Mapping[str, bool] | None, start: int | None = None
    ) -> None:
        """Prove a few winnable seeds for ``game_id`` in the background (one thread per game
        and options at a time)."""
        deals = self._winnable_deals()
        if deals is None:
            return
        if start is None:
            start = self.settings.next_winnable.get(game_id)
            if start is None:
                start = self.settings.next_winnable[game_id] = random.randrange(NEW_SEED_LIMIT)
        key = (game_id, tuple(sorted((options or {}).items())))
        thread = self._filling.get(key)
        if thread is None or not thread.is_alive():
            self._filling[key] = deals.prefill(game_id, options, start_seed=start, count=3)

    def _winnable_deals(self) -> Any:
        if self._deals is None and winnable_available():
            from runtime.solver import WinnableDeals

            self._deals = WinnableDeals(self.store.path("winnable"))
        return self._deals

    def start_code(self, code: str) -> None:
        from runtime.engine import from_deal_code

        state = from_deal_code(code)
        self.abandon()
        self._begin(state)

    def _begin(self, state: State) -> None:
        self.state, self.elapsed, self.counted, self.won = state, 0.0, False, False
        self.stats.opened(state.game.id)
        self.save()

    def abandon(self) -> None:
        """Leaving a played deal unwon ends the win streak."""
        if self.state is not None and self.counted and not self.won:
            self.stats.lost(self.state.game.id, variant_key(self.state.options))
            self.save_stats()

    def restart(self) -> None:
        self.game.restart()
        self.elapsed = 0.0  # the clock starts again with the deal
        self.save()

    def set_options(self, options: Mapping[str, bool], redeal: bool = True) -> bool:
        """Remember ``options`` for new deals; re-deal now (the same seed) if no move was made
        and ``redeal``. True if re-dealt."""
        state = self.game
        try:
            state.game.option_values(options)
        except ValueError:
            return False  # e.g. two options of one exclusive group: keep what we have
        self.settings.options[state.game.id] = dict(options)
        self.save_settings()
        if state.move_log or not redeal:
            return False
        self._begin(new_game(state.game.id, options, state.seed))
        return True

    # -- moves --------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        state = self.game
        state.play(move)
        if not self.counted:
            self.counted = True
            self.stats.started(state.game.id, variant_key(state.options))
            self.save_stats()
        if state.is_won() and not self.won:
            self.won = True
            self.stats.won(state.game.id, self.elapsed, variant_key(state.options))
            self.save_stats()
        self.save()

    def undo(self) -> Move | None:
        move = self.game.undo()
        self.save()
        return move

    def redo(self) -> Move | None:
        move = self.game.redo()
        self.save()
        return move

    def tick(self, seconds: float) -> None:
        """Count playing time: only once the deal has started and until it is over."""
        if not math.isfinite(seconds) or seconds < 0:
            return  # a clock that jumped: ignore the tick
        if self.state is not None and self.state.move_log and not self.state.is_won():
            self.elapsed = min(self.elapsed + seconds, MAX_SECONDS)

    # -- persistence --------------------------------------------------------------------

    def save(self) -> None:
        if self.state is None:
            return
        state = self.state
        self.store.write(
            SAVE_FILE,
            {
                "format": SAVE_FORMAT,
                "game": state.game.id,
                "code": state.deal_code,
                "moves": [state.move_text(m) for m in state.move_log],
                "elapsed": round(self.elapsed, 1),
                "counted": self.counted,
                "won": self.won,
            },
        )

    def save_stats(self) -> None:
        self.store.write(STATS_FILE, self.stats.to_json())

    def save_settings(self) -> None:
        self.store.write(SETTINGS_FILE, self.settings.to_json())

    def save_all(self) -> None:
        self.save()
        self.save_stats()
        self.save_settings()


def winnable_available() -> bool:
    """Whether the solver's cache of winnable deals is installed."""
    from importlib.util import find_spec

    return find_spec("runtime.solver") is not None and find_spec("runtime.solver.deals") is not None


def known_game(game_id: str | None) -> str:
    """``game_id`` if the catalog has it, else the first game."""
    ids = game_ids()
    return game_id if game_id in ids else ids[0]
