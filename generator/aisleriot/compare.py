"""Ask Helpdeck and Aisleriot the same questions about one position and tally the answers.

A position is set in Aisleriot slot by slot; then every move Helpdeck lists and every action
Aisleriot accepts (drags of n cards, clicks) is matched by the position it leads to, the
double-click is matched against Helpdeck's assist, and won / over / score / dealable are
compared. Each answer is one `Finding`; ``kind == "agree"`` is agreement.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.aisleriot.guile import Aisleriot
from generator.aisleriot.target import Target
from runtime.engine import DEAL, REDEAL, Move, MoveKind, PileKind, State
from runtime.engine.assist import foundation_move, send_up_moves
from runtime.engine.cards import FACE_DOWN, card_text
from runtime.engine.serialize import state_text

Position = dict[int, tuple[int, ...]]
PositionKey = tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class Finding:
    game: str
    kind: str  # "agree", or what disagreed: helpdeck-only, aisleriot-only, result, ...
    subject: str  # the move, action or status asked about
    helpdeck: str
    aisleriot: str
    replay: str  # a `helpdeck show ... --legal` line that rebuilds the Helpdeck position
    move: Move | None = None  # the Helpdeck move asked about, if any
    action: tuple[Any, ...] | None = None  # the Aisleriot action asked about, if any
    ours: Position | None = None  # the position after the move, each side's
    theirs: Position | None = None

    @property
    def agrees(self) -> bool:
        return self.kind == "agree"

    def describe(self, state: State | None = None) -> str:
        text = (
            f"{self.game}: {self.kind} on {self.subject}\n  position: {self.replay}\n"
            f"  helpdeck: {self.helpdeck}\n  aisleriot: {self.aisleriot}"
        )
        return text + ("\n" + state_text(state) if state is not None else "")


def replay_line(state: State) -> str:
    """The shell command that shows the position and Helpdeck's legal moves."""
    parts = ["helpdeck", "show", state.game.id, "--seed", str(state.seed)]
    defaults = state.game.option_values(None)
    for option, value, default in zip(
        state.game.options, state.option_values, defaults, strict=True
    ):
        if value != default:
            parts += ["--option", f"{option.id}={'on' if value else 'off'}"]
    moves = [state.move_text(m) for m in state.move_log]
    if moves:
        parts += ["--moves", *(shlex.quote(m) for m in moves)]
    return " ".join([*parts, "--legal"])


def position_of(state: State, game: Target) -> Position:
    return game.position(state.piles)


def _key(position: Position) -> PositionKey:
    return tuple(sorted(position.items()))


def set_position(ar: Aisleriot, game: Target, state: State) -> None:
    stray = [i for i, slot in enumerate(game.slots) if slot is None and state.piles[i]]
    if stray:
        raise ValueError(f"{game.id}: piles {stray} have no Aisleriot slot but hold cards")
    ar.set_slots(position_of(state, game))
    # Aisleriot keeps a running score; start it from Helpdeck's so moves can be compared.
    ar.set_var("api", "SCORE", state.score)
    for where, name, value in game.variables(state):
        ar.set_var(where, name, value)


def _helpdeck_results(state: State, game: Target) -> dict[Move, tuple[Position, int]]:
    results = {}
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        results[move] = (position_of(after, game), after.score)
    return results


def _slot_name(slot: int, game: Target, state: State) -> str:
    pile = game.pile_of(slot)
    return f"slot {slot}" if pile is None else f"{state.layout.names[pile]} (slot {slot})"


def _action_text(action: tuple[Any, ...], game: Target, state: State) -> str:
    kind, *args = action
    if kind == "drag":
        src, dst = _slot_name(args[0], game, state), _slot_name(args[2], game, state)
        return f"drag {args[1]} from {src} to {dst}"
    return f"{kind} {_slot_name(args[0], game, state)}"


def _diff(before: Position, after: Position, game: Target, state: State) -> str:
    """The piles that changed, each with its cards after, bottom first (## face down)."""

    def cards(pile: tuple[int, ...]) -> str:
        return " ".join("##" if c >= FACE_DOWN else card_text(c) for c in pile) or "empty"

    return "; ".join(
        f"{_slot_name(s, game, state)}: {cards(c)}"
        for s, c in sorted(after.items())
        if before.get(s) != c
    )


def compare(ar: Aisleriot, game: Target, state: State) -> list[Finding]:
    """Every comparison for one position; `state` is left unchanged."""
    set_position(ar, game, state)
    probe = ar.probe()
    before = position_of(state, game)
    replay = replay_line(state)
    findings: list[Finding] = []

    def note(kind: str, subject: str, helpdeck: str, aisleriot: str, **details: Any) -> None:
        findings.append(Finding(game.id, kind, subject, helpdeck, aisleriot, replay, **details))

    # Aisleriot's accepted actions and the positions they lead to.
    accepted: dict[tuple[Any, ...], tuple[Position, int]] = {}
    for src, n, dst, _droppable, ok, changes, score in probe["drops"]:
        if ok is True:
            accepted[("drag", src, n, dst)] = ({**before, **_cards(changes)}, score)
    double: dict[int, Position] = {}
    for kind, slot, ok, changes, score in probe["clicks"]:
        after = {**before, **_cards(changes)}
        if ok is True and after != before:
            if kind == "button-clicked":
                accepted[("click", slot)] = (after, score)
            else:
                double[slot] = after
    by_result: dict[PositionKey, list[tuple[Any, ...]]] = {}
    for action, (after, _score) in accepted.items():
        by_result.setdefault(_key(after), []).append(action)
    pressed = {(src, n) for src, n in probe["pressed"]}

    matched: set[tuple[Any, ...]] = set()
    helpdeck = _helpdeck_results(state, game)
    for move, (after, score) in helpdeck.items():
        text = state.move_text(move)
        action = _action_for(move, state, game)
        if action in accepted:
            matched.add(action)
            theirs, their_score = accepted[action]
            details = {"move": move, "action": action, "ours": after, "theirs": theirs}
            if _key(theirs) != _key(after):
                ours_text = _diff(before, after, game, state)
                note("result", text, ours_text, _diff(before, theirs, game, state), **details)
            elif score != their_score:
                note("score", text, f"score {score}", f"score {their_score}", **details)
            else:
                note("agree", text, "legal", "legal")
            continue
        others = by_result.get(_key(after), [])
        if others:
            matched.update(others)
            note("agree", text, "legal", "legal as " + _action_text(others[0], game, state))
            continue
        refused = "button-released refused"
        if action[0] == "drag" and (action[1], action[2]) not in pressed:
            refused = "button-pressed refused"
        elif action[0] == "click":
            refused = "button-clicked refused or changed nothing"
        note(
            "helpdeck-only",
            text,
            f"legal: {_diff(before, after, game, state)}",
            refused,
            move=move,
            action=action,
            ours=after,
        )
    results = {_key(after) for after, _score in helpdeck.values()}
    for action, (after, _score) in accepted.items():
        if action not in matched and _key(after) not in results:
            note(
                "aisleriot-only",
                _action_text(action, game, state),
                "not a legal move",
                _diff(before, after, game, state),
                action=action,
                theirs=after,
            )

    _compare_double_clicks(state, game, before, double, note)
    _compare_status(state, probe, note)
    return findings


def _cards(changes: list[list[Any]]) -> Position:
    return {slot: tuple(cards) for slot, cards in changes}


def _action_for(move: Move, state: State, game: Target) -> tuple[Any, ...]:
    if move.kind is MoveKind.TRANSFER:
        src, dst = move.src, move.dst
        return (
            "drag",
            game.top_slot(src, len(state.piles[src])),
            move.size,
            game.top_slot(dst, len(state.piles[dst]), adding=True),
        )
    return ("click", game.slot_of(state.layout.stock))


def _compare_double_clicks(
    state: State, game: Target, before: Position, double: dict[int, Position], note: Any
) -> None:
    for pile in range(len(game.slots)):
        slot = game.top_slot(pile, len(state.piles[pile]))
        if slot is None:
            continue
        move = foundation_move(state, pile)
        expected = None
        if move is not None:
            after = state.clone()
            after.apply(move)
            expected = position_of(after, game)
        elif (
            state.layout.kinds[pile] is PileKind.FOUNDATION
            and state.rules.foundation_double_click_sends_up
        ):
            # The help's "Double-click a Foundation to send up every card that can go".
            sent = send_up_moves(state)
            if sent:
                after = state.clone()
                for step in sent:
                    after.apply(step)
                expected = position_of(after, game)
        got = double.get(slot)
        if expected is None and got is None:
            continue
        subject = f"double-click {state.layout.names[pile]}"
        if expected is not None and got is not None and _key(expected) == _key(got):
            note("agree", subject, "same", "same")
        else:
            note(
                "double-click",
                subject,
                _diff(before, expected, game, state) if expected else "nothing",
                _diff(before, got, game, state) if got else "nothing",
                move=move,
                action=("double-click", slot),
                ours=expected,
                theirs=got,
            )


def _compare_status(state: State, probe: dict[str, Any], note: Any) -> None:
    legal = state.legal_moves()
    pairs: Iterable[tuple[str, object, object]] = (
        ("won", state.is_won(), probe["won"]),
        ("over", state.is_won() or not legal, not probe["continuable"]),
    )
    for subject, ours, theirs in pairs:
        note("agree" if ours == theirs else subject, subject, str(ours), str(theirs))
    if probe["dealable"] is not None:
        ours = DEAL in legal or REDEAL in legal
        note(
            "agree" if ours == probe["dealable"] else "dealable",
            "dealable",
            str(ours),
            str(probe["dealable"]),
        )
