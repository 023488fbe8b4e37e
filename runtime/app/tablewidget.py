"""The table: places card widgets from the engine state, animates changes, turns touches
into calls on the `Controller`. It holds no rules: legality always comes from the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from runtime.app import cardsize, keyplay
from runtime.app.cardart import draw_arrow, draw_outline, marker_texture
from runtime.app.cardwidget import CardWidget
from runtime.app.controller import Controller
from runtime.app.geometry import Fan, TableGeometry, shows_stock, table_geometry
from runtime.app.markers import pile_marker
from runtime.app.mirror import mirrored
from runtime.engine import Move, MoveKind, PileKind, State
from runtime.engine.cards import CARD_MASK, FACE_DOWN

DRAG_START = 8  # dp a touch must travel before it becomes a drag
HINT_SOURCE = (1.0, 0.62, 0.1, 1)  # the hinted cards: orange
HINT_TARGET = (0.3, 0.95, 0.45, 1)  # where they go, and the arrow: green
KEY_CURSOR = (0.35, 0.85, 1.0, 1)  # the keyboard's cursor: light blue
HIDDEN_X = -10000  # where cards not drawn are kept (out of the widget tree as well)

Positions = dict[int, list[tuple[float, float]]]


class TableWidget(Widget):
    __events__ = ("on_shown",)  # a game was put on the table (new, resumed, restarted)
    duration = NumericProperty(0.18)  # seconds per card animation; 0 turns animation off
    busy = BooleanProperty(False)  # True while cards are animating
    left_handed = BooleanProperty(False)  # the table mirrored (mirror.py)
    card_size = StringProperty("largest")  # one of cardsize.SIZES

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.controller: Controller | None = None
        self.on_play: Callable[[Move], None] = lambda move: None
        self.on_play_sequence: Callable[[list[Move]], None] = lambda moves: None
        self.geometry: TableGeometry | None = None
        self.positions: Positions = {}
        # Widgets are made as cards appear: per card value, one per copy (a two-deck game
        # holds each value twice, Spider's one-suit deck eight times).
        self.cards: list[CardWidget] = []
        self._copies: dict[int, list[CardWidget]] = {}
        self._by_pile: dict[int, list[CardWidget]] = {}
        self._order: list[CardWidget] = []
        self._animating: set[CardWidget] = set()
        self._stacked: list[CardWidget] = []  # drawing order at rest: pile by pile
        self._restack_soon = Clock.create_trigger(self._restack_now, -1)
        # The drag under way; `refresh` (any change of the table: a move, an undo, a new
        # deal, a relayout) ends it, and its touch then moves and drops nothing.
        self._drag: dict[str, object] | None = None
        self._lifted: CardWidget | None = None  # the card a drag uncovers, drawn whole
        self._tap_moved = False  # the last touch was a tap that made a move
        # The hint on show: (move, source rect, target rect); None when none is.
        self.hint_shown: tuple[Move, object, object] | None = None
        self._hint_clear: object = None
        self._show_stock = True
        self._marker_key: object = None
        # No felt rectangle: the window's clear colour is the felt (a full-window fill costs
        # as much as all the cards under software GL). Markers are one texture each.
        with self.canvas.before:
            self._markers = InstructionGroup()
        with self.canvas.after:
            self._highlights = InstructionGroup()
            self._cursor_art = InstructionGroup()
            self._celebration = InstructionGroup()
        self.cursor: int | None = None  # the keyboard's pile; None until a key is used
        self._party: Any = None  # the win celebration running, if any
        # Size changes come in bursts (start-up, rotation, window drags): lay out once per
        # frame, and not at all before the first real size, so no card art is rendered for a
        # size never shown.
        self._sized = False
        self._relayout_soon = Clock.create_trigger(self._relayout_now, -1)  # before the draw
        self.bind(size=self._resized, pos=self._resized)

    # -- state to widgets -------------------------------------------------------------

    @property
    def state(self) -> State | None:
        return self.controller.state if self.controller else None

    def show(self, controller: Controller, deal_animation: bool = True) -> None:
        """A new game (or a resumed one): lay it out, dealing cards from the stock."""
        self.finish_animations()
        self.stop_celebration()
        self.clear_hint()  # the last game's
        self.controller = controller
        self._show_stock = shows_stock(controller.state.layout, controller.state.piles)
        self._assign(controller.state, keep=False)
        self.dispatch("on_shown")
        if not self._sized:  # laid out (and dealt without animation) once it has a size
            self._relayout_soon()
            return
        self.relayout(animate=False)
        if deal_animation and self.duration and self.geometry:
            stock = self.geometry.slots.get(controller.state.layout.stock)
            origin = (stock.x, stock.y) if stock else (self.x, self.y)
            for widget in self.cards:
                widget.pos = (self.x + origin[0], self.y + origin[1])
            self.refresh(animate=True, stagger=0.012)

    def on_shown(self) -> None:
        pass

    @property
    def show_stock(self) -> bool:
        """Whether the stock is drawn (`geometry.shows_stock`)."""
        return self._show_stock

    def _resized(self, *_args: object) -> None:
        self._sized = True
        if self.controller is not None:
            self._relayout_soon()

    def _relayout_now(self, _dt: float = 0) -> None:
        if self.controller is not None:
            self.finish_animations()
            self.relayout(animate=False)

    def relayout(self, animate: bool = False) -> None:
        state = self.state
        if state is None or self.width < 10 or self.height < 10:
            return
        scale = cardsize.scale_of(self.card_size)
        self.geometry = table_geometry(
            state.rules,
            state.layout,
            self._show_stock,
            self.width * scale,
            self.height * scale,
            dp(4),
            dp(48),
        )
        if scale != 1.0:
            self.geometry = cardsize.placed(self.geometry, self.width, self.height)
        if self.left_handed:
            self.geometry = mirrored(self.geometry)
        self.refresh(animate=animate)

    def refresh(self, animate: bool = True, stagger: float = 0.0) -> None:
        """Move every card widget to where the state says it is.

        Each card keeps its widget while it stays put (two-deck games too: see `_assign`), a
        card that moves slides from where it was drawn (a card buried in a stack from the
        stack's place), and once nothing moves the cards are stacked pile by pile again."""
        state, geo = self.state, self.geometry
        if state is None or geo is None:
            return
        self._drag = None
        self._lifted = None
        self.positions = positions = geo.positions(state.piles)
        self._assign(state)
        self._draw_markers(state, geo)
        selection = self.controller.selection if self.controller else None
        covered = covered_piles(state)
        order: list[CardWidget] = []
        placed: set[CardWidget] = set()
        delay = 0.0
        for pile, spots in sorted(positions.items()):
            cards = state.piles[pile]
            chosen = selection is not None and selection.pile == pile
            widgets = self._by_pile[pile]
            for index, (card, (x, y)) in enumerate(zip(cards, spots, strict=True)):
                widget = widgets[index]
                placed.add(widget)
                target = (self.x + x, self.y + y)
                if index + 2 < len(spots) and spots[index] == spots[index + 1] == spots[index + 2]:
                    # Buried under two cards in the same place (a stock, a foundation): not
                    # drawn at all (software GL pays for every covered pixel), but kept at
                    # its place, so it slides out from there when it comes to the top.
                    self._stop(widget)
                    widget.pos = target
                    continue
                selected = chosen and index >= len(cards) - selection.size  # type: ignore[union-attr]
                widget.set_look(
                    card < FACE_DOWN, selected, geo.card_w, geo.card_h, pile not in covered
                )
                if widget in self._animating and not _far(widget._target, target):
                    pass  # already on its way there
                elif (
                    _far(widget.pos, target)
                    and animate
                    and self.duration
                    and widget.x > HIDDEN_X / 2
                ):
                    self._animate(widget, target, delay)
                    delay += stagger
                else:
                    self._stop(widget)
                    widget.pos = target
                order.append(widget)
        for widget in self.cards:
            if widget not in placed:  # in a pile the table does not show (an unused stock)
                self._stop(widget)
                widget.pos = (HIDDEN_X, HIDDEN_X)
        self._stacked = order
        self._restack_now()
        self.clear_hint()  # and any other highlight: drawn where the cards were
        if selection is not None:
            self.highlight_targets(self.controller.targets(selection.pile, selection.size))
        self._draw_cursor()

    # -- keyboard play (see keyplay.py) ------------------------------------------------

    def _pile_rects(self) -> dict[int, tuple[float, float, float, float]]:
        geo = self.geometry
        if geo is None:
            return {}
        return {pile: geo.pile_rect(pile, self.positions) for pile in geo.slots}

    def _draw_cursor(self) -> None:
        self._cursor_art.clear()
        geo = self.geometry
        if self.cursor is None or geo is None or self.cursor not in geo.slots:
            return
        x, y, w, h = geo.pile_rect(self.cursor, self.positions)
        pad = max(2.0, geo.card_w * 0.05)
        rect = (self.x + x - pad, self.y + y - pad, w + 2 * pad, h + 2 * pad)
        draw_outline(self._cursor_art, rect, geo.card_w, KEY_CURSOR)

    def key_step(self, direction: str) -> None:
        """An arrow key: the cursor to the next pile that way."""
        self.cursor = keyplay.step(self.cursor, direction, self._pile_rects())
        self._draw_cursor()

    def key_enter(self) -> None:
        """Enter: on the stock deal; with cards picked up put them on the cursor's pile;
        else pick up the longest run there that can move (one obvious move is made)."""
        if self.controller is None or self.state is None:
            return
        if self.cursor is None:
            self.key_step(keyplay.RIGHT)
            return
        self.finish_animations()
        pile, state = self.cursor, self.state
        if self.controller.selection is not None or pile == state.layout.stock:
            self._tap((pile, None))
            return
        cards = state.piles[pile]
        for index in range(len(cards)):  # the longest run first
            size = self.controller.pickup_size(pile, index)
            if size is not None and self.controller.moves_from(pile, size):
                self._tap((pile, index))
                return
        self._tap((pile, len(cards) - 1) if cards else None)

    def key_send_up(self) -> None:
        """F: the cursor pile's top card to its foundation (as a double-click)."""
        if self.controller is None or self.cursor is None:
            return
        self.finish_animations()
        moves = self.controller.double_tap(self.cursor)
        if moves:
            self.on_play_sequence(moves)
        else:
            self.refresh(animate=False)

    def key_cancel(self) -> bool:
        """Escape: drop what is picked up; False if nothing was."""
        if self.controller is None or self.controller.selection is None:
            return False
        self.controller.selection = None
        self.refresh(animate=False)
        return True

    # -- the win celebration ----------------------------------------------------------

    def celebrate(self) -> None:
        """Suits burst from the foundations and fall off the table, drawn above the cards;
        touches go through (nothing here handles them) and it stops by itself."""
        from runtime.app.celebration import Celebration

        self.stop_celebration()
        geo, state = self.geometry, self.state
        if geo is None or state is None:
            return
        rects = self._pile_rects()
        origins = [
            (self.x + x + w / 2, self.y + y + h / 2)
            for pile, (x, y, w, h) in rects.items()
            if state.layout.kinds[pile] is PileKind.FOUNDATION
        ] or [(self.center_x, self.center_y)]
        self._party = Celebration(self._celebration, origins, geo.card_w, self.y)
        self._party.start(on_end=self.stop_celebration)

    def stop_celebration(self, *_args: object) -> None:
        if self._party is not None:
            self._party.stop()
            self._party = None

    def _clip_fans(self) -> None:
        """Each card with a card at rest on it in a fan is drawn as its top strip only (down
        to that card's top, plus a corner's radius so no felt shows by the rounded corners);
        every other card whole, and so is the card a drag uncovers."""
        geo, lifted = self.geometry, self._lifted
        if geo is None:
            return
        margin = max(2.0, geo.card_w * 0.08) + 1  # cardart._radius, and a pixel
        moving = self._animating
        for pile, widgets in self._by_pile.items():
            slot = geo.slots.get(pile)
            fanned = slot is not None and slot.fan is Fan.DOWN
            if not widgets:
                continue
            for widget, above in zip(widgets, [*widgets[1:], None], strict=True):
                clip = (
                    fanned
                    and above is not None
                    and widget is not lifted
                    and widget not in moving
                    and above not in moving
                    and above.x > HIDDEN_X / 2
                )
                widget.show_top(widget.top - above.top + margin if clip and above else None)

    def _restack_now(self, _dt: float = 0) -> None:
        """Pile by pile, bottom card first; cards still sliding on top of all, each with the
        cards above it in its pile (a fan that closes up may slide a card while the card on
        it already rests: the sliding card must not cover it)."""
        self._clip_fans()
        moving = self._animating
        if not moving:
            self._restack(self._stacked)
            return
        lifted: set[CardWidget] = set()
        for widgets in self._by_pile.values():
            first = next((i for i, w in enumerate(widgets) if w in moving), None)
            if first is not None:
                lifted.update(widgets[first:])
        order = self._stacked
        self._restack([w for w in order if w not in lifted] + [w for w in order if w in lifted])

    def _restack(self, order: list[CardWidget]) -> None:
        if order == self._order:
            return
        self.clear_widgets()
        for widget in order:
            self.add_widget(widget)
        self._order = order

    def _draw_markers(self, state: State, geo: TableGeometry, lifted: int = -1) -> None:
        """Markers of the empty piles (and of ``lifted``, whose cards are all being dragged):
        one under a card would never be seen, yet software GL would still fill it."""
        looks = [
            (pile, *pile_marker(state, pile))
            for pile in geo.slots
            if not state.piles[pile] or pile == lifted
        ]
        key = (tuple(looks), geo, self.x, self.y)
        if key == self._marker_key:
            return
        self._marker_key = key
        self._markers.clear()
        self._markers.add(Color(1, 1, 1, 1))
        w, h = geo.card_w, geo.card_h
        for pile, text, ring in looks:
            slot = geo.slots[pile]
            self._markers.add(
                Rectangle(
                    texture=marker_texture(text, ring, w, h),
                    pos=(self.x + slot.x, self.y + slot.y),
                    size=(w, h),
                )
            )

    # -- animation ----------------------------------------------------------------------

    def _animate(self, widget: CardWidget, target: tuple[float, float], delay: float) -> None:
        self._stop(widget)
        self._animating.add(widget)
        self.busy = True
        widget._target = target
        anim = Animation(x=target[0], y=target[1], d=self.duration, t="out_quad")
        anim.bind(on_complete=lambda *_: self._landed(widget))
        if delay:

            def start(_dt: float) -> None:
                widget._delayed = None
                anim.start(widget)

            widget._delayed = Clock.schedule_once(start, delay)
        else:
            anim.start(widget)

    def _stop(self, widget: CardWidget) -> None:
        """No animation, running or waiting to start, moves ``widget`` any more."""
        Animation.cancel_all(widget)
        if widget._delayed is not None:
            widget._delayed.cancel()
            widget._delayed = None
        if widget in self._animating:
            self._animating.discard(widget)
            if not self._animating:
                self.busy = False
                self._restack_soon()

    def _landed(self, widget: CardWidget) -> None:
        widget._delayed = None
        if widget in self._animating:
            self._animating.discard(widget)
            widget.pos = widget._target
            self._restack_soon()  # a landed card goes back under the cards above it
        if not self._animating:
            self.busy = False

    def finish_animations(self) -> None:
        """Jump every moving card to where it was going, so the next change starts clean."""
        for widget in list(self._animating):
            self._stop(widget)
            widget.pos = widget._target
        self._animating.clear()
        self.busy = False
        self._restack_now()

    # -- highlights ---------------------------------------------------------------------

    def highlight_targets(self, piles: list[int], colour: tuple[float, ...] | None = None) -> None:
        geo = self.geometry
        if geo is None:
            return
        self._highlights.clear()
        for pile in piles:
            if pile in geo.slots:
                x, y, w, h = geo.pile_rect(pile, self.positions)
                args = (self._highlights, (self.x + x, self.y + y, w, h), geo.card_w)
                draw_outline(*args) if colour is None else draw_outline(*args, colour)

    def show_hint(self, move: Move) -> None:
        """The hinted move, with its direction: the cards to move outlined in the source
        colour, where they go in the target colour, and an arrow from one to the other."""
        geo, state = self.geometry, self.state
        if geo is None or state is None:
            return
        self._highlights.clear()
        if move.kind is not MoveKind.TRANSFER:
            self.highlight_targets([state.layout.stock], HINT_SOURCE)
            self.hint_shown = (move, None, None)
        else:
            spots = self.positions.get(move.src, [])[-move.size :] or [(0.0, 0.0)]
            bottom = min(y for _x, y in spots)
            src = (
                self.x + spots[0][0],
                self.y + bottom,
                geo.card_w,
                max(y for _x, y in spots) - bottom + geo.card_h,
            )
            x, y, w, h = geo.pile_rect(move.dst, self.positions)
            dst = (self.x + x, self.y + y, w, h)
            draw_outline(self._highlights, src, geo.card_w, HINT_SOURCE)
            draw_outline(self._highlights, dst, geo.card_w, HINT_TARGET)
            draw_arrow(self._highlights, src, dst, geo.card_w, HINT_TARGET)
            self.hint_shown = (move, src, dst)
        if self._hint_clear is not None:
            self._hint_clear.cancel()
        self._hint_clear = Clock.schedule_once(self.clear_hint, 2.5)

    def clear_hint(self, _dt: float = 0) -> None:
        """No hint drawn (2.5 s after it shows, or once the cards it points at move)."""
        if self._hint_clear is not None:
            self._hint_clear.cancel()
        self._highlights.clear()
        self.hint_shown = None
        self._hint_clear = None

    # -- touches ------------------------------------------------------------------------

    def on_touch_down(self, touch: object) -> bool:
        if not self.collide_point(*touch.pos) or self.controller is None:  # type: ignore[attr-defined]
            return False
        if getattr(touch, "is_mouse_scrolling", False):
            return False
        self.finish_animations()
        hit = self._hit(touch)
        tap_moved, self._tap_moved = self._tap_moved, False
        if hit is None:
            self._tap(None)
            return True
        pile, index = hit
        stock = pile == self.controller.state.layout.stock
        if touch.is_double_tap and index is not None and not stock:  # type: ignore[attr-defined]
            # One gesture, one move: when the double-click's first click already moved a
            # card (its one obvious move), the second click sends nothing else up.
            moves = [] if tap_moved else self.controller.double_tap(pile)
            if moves:
                self.on_play_sequence(moves)
            return True
        size = None if index is None else self.controller.pickup_size(pile, index)
        touch.grab(self)  # type: ignore[attr-defined]
        touch.ud["table"] = {"pile": pile, "index": index, "size": size, "dragging": False}  # type: ignore[attr-defined]
        return True

    def on_touch_move(self, touch: object) -> bool:
        info = touch.ud.get("table") if touch.grab_current is self else None  # type: ignore[attr-defined]
        if not info or info["size"] is None:
            return touch.grab_current is self  # type: ignore[attr-defined]
        if info["dragging"] and info is not self._drag:
            return True  # the table changed under the drag: it has ended
        widgets = self._pile_widgets(info["pile"])[info["index"] :]
        if not info["dragging"]:
            dx, dy = touch.x - touch.ox, touch.y - touch.oy  # type: ignore[attr-defined]
            if abs(dx) + abs(dy) < dp(DRAG_START):
                return True
            info["dragging"] = True
            info["starts"] = [tuple(w.pos) for w in widgets]
            self._drag = info
            if info["index"] == 0:  # the whole pile lifted: show what lies beneath
                self._draw_markers(self.state, self.geometry, info["pile"])  # type: ignore[arg-type]
            self.controller.selection = None  # type: ignore[union-attr]
            self._restack([w for w in self._order if w not in widgets] + widgets)
            if info["index"]:  # the card the drag uncovers is drawn whole
                self._lifted = self._pile_widgets(info["pile"])[info["index"] - 1]  # type: ignore[index]
                self._clip_fans()
            self.highlight_targets(self.controller.targets(info["pile"], info["size"]))  # type: ignore[union-attr]
        dx, dy = touch.x - touch.ox, touch.y - touch.oy  # type: ignore[attr-defined]
        for widget, (sx, sy) in zip(widgets, info["starts"], strict=True):
            widget.pos = (sx + dx, sy + dy)
        return True

    def on_touch_up(self, touch: object) -> bool:
        if touch.grab_current is not self:  # type: ignore[attr-defined]
            return False
        touch.ungrab(self)  # type: ignore[attr-defined]
        info = touch.ud.get("table")  # type: ignore[attr-defined]
        if not info or self.controller is None:
            return True
        if info["dragging"]:
            if info is self._drag:  # else the table changed under it: nothing to drop
                self._drop(info)
        else:
            self._tap((info["pile"], info["index"]))
        return True

    def _drop(self, info: dict[str, object]) -> None:
        assert self.controller is not None and self.geometry is not None
        pile, size, index = info["pile"], info["size"], info["index"]
        widget = self._pile_widgets(pile)[index]  # type: ignore[index]
        geo = self.geometry
        rect = (widget.x - self.x, widget.y - self.y, geo.card_w, geo.card_h)
        targets = self.controller.targets(pile, size)  # type: ignore[arg-type]
        dst = geo.drop_target(rect, targets, self.positions)
        self._highlights.clear()
        move = None if dst is None else self.controller.drop(pile, size, dst)  # type: ignore[arg-type]
        if move is None:
            self.refresh(animate=True)  # slide back
        else:
            self.on_play(move)

    def _tap(self, hit: tuple[int, int | None] | None) -> None:
        assert self.controller is not None
        if hit is None:
            self.controller.selection = None
            self.refresh(animate=False)
            return
        move = self.controller.tap(*hit)
        if move is not None:
            self._tap_moved = True
            self.on_play(move)
        else:
            self.refresh(animate=False)

    def _hit(self, touch: object) -> tuple[int, int | None] | None:
        if self.geometry is None:
            return None
        return self.geometry.hit(touch.x - self.x, touch.y - self.y, self.positions)  # type: ignore[attr-defined]

    def pile_widgets(self, pile: int) -> list[CardWidget]:
        """The widgets showing ``pile``'s cards, bottom first."""
        return self._by_pile.get(pile, [])

    _pile_widgets = pile_widgets

    def _assign(self, state: State, keep: bool = True) -> None:
        """Which widget shows which card. A card keeps its widget while it stays where it
        was (same pile, same place, same value); the cards that moved then take the widgets
        of their value left over. In a two-deck game the two copies of a card share a value,
        so handing widgets out by value alone would swap copies across the table on a
        deal or an undo. ``keep=False``: a new deal, in order."""
        old = self._by_pile if keep else {}
        used: set[int] = set()
        by_pile: dict[int, list[CardWidget | None]] = {}
        moved: list[tuple[int, int, int]] = []
        for pile, cards in enumerate(state.piles):
            before = old.get(pile, [])
            row: list[CardWidget | None] = []
            for index, card in enumerate(cards):
                value = card & CARD_MASK
                widget = before[index] if index < len(before) else None
                if widget is not None and widget.card == value and id(widget) not in used:
                    used.add(id(widget))
                    row.append(widget)
                else:
                    row.append(None)
                    moved.append((pile, index, value))
            by_pile[pile] = row
        for pile, index, value in moved:
            copies = self._copies.setdefault(value, [])
            widget = next((w for w in copies if id(w) not in used), None)
            if widget is None:
                widget = self._widget(value, len(copies))
            used.add(id(widget))
            by_pile[pile][index] = widget
        self._by_pile = {pile: [w for w in row if w is not None] for pile, row in by_pile.items()}

    def _widget(self, value: int, copy: int) -> CardWidget:
        copies = self._copies.setdefault(value, [])
        while len(copies) <= copy:
            widget = CardWidget(value)
            widget.pos = (HIDDEN_X, HIDDEN_X)
            copies.append(widget)
            self.cards.append(widget)
        return copies[copy]


def covered_piles(state: State) -> set[int]:
    """Pyramid piles with a card still lying on them: drawn without the centre suit, which
    would otherwise peep out in slivers between the two cards covering it."""
    tableau, piles = state.layout.tableau, state.piles
    return {
        tableau[i]
        for i, over in enumerate(state.rules.covered_by)
        if any(piles[tableau[c]] for c in over)
    }


def _far(a: tuple[float, float] | list[float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) > 0.5 or abs(a[1] - b[1]) > 0.5
