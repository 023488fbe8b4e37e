"""Disagreements the help documents intend: each has a reason, listed in docs/differences.md.

A disagreement that no rule here explains is reported as a Helpdeck bug.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from runtime.engine import DEAL, PileKind, State, new_game

from .compare import Finding, Position, _helpdeck_results, _key, position_of
from .games import GAMES, GameMap

REASONS: dict[str, str] = {
    "no-change": "a move that changes nothing (a lone card onto an empty pile of its own kind, "
    "a whole tableau pile onto an empty one); Helpdeck does not list such moves",
    "foundation-play-back": "Aisleriot takes cards back off the foundations; this game's help "
    "only builds them up",
    "other-empty-pile": "Aisleriot accepts a whole suit onto any empty foundation; Helpdeck "
    "lists the move to the first empty one only (the positions differ by which is filled)",
    "autoplay-after-move": "Aisleriot's FreeCell plays low cards up to the foundations by "
    "itself after each move; the help describes no automatic moves",
    "foundation-groups": "Aisleriot drags several cards off a foundation at once (they land "
    "in foundation order, up, on the tableau); the help plays the top card back, one at a time",
    "foundation-to-reserve": "Aisleriot plays a foundation card back into a free cell; the help "
    "plays foundation cards back onto the Tableau only",
    "double-click-to-free-cell": "Aisleriot's FreeCell double-click puts the card in a free "
    "cell (never straight up; nothing when the cells are full); Helpdeck's sends a card to "
    "its foundation",
    "never-over": "Aisleriot's FreeCell game-over is only 'not won': it never ends a game "
    "with no move left; Helpdeck reports such a position as over",
    "reserve-groups": "Aisleriot's Lady Jane drags several cards, in any order, off a reserve "
    "pile; the help lets only each reserve's top card play",
    "autoplay-double-click": "double-clicking a foundation makes Aisleriot play every card it "
    "can to the foundations; Helpdeck's double-click moves the clicked pile's top card only",
    "stock-double-click": "a double-click on the stock deals in Aisleriot; Helpdeck's "
    "double-click only sends a card to a foundation",
    "unlimited-redeals": "Saratoga's help allows two redeals; Aisleriot's code allows unlimited",
    "escalator-finish": "Escalator: Aisleriot declares the win once the pyramid is empty; "
    "Helpdeck moves the rest of the stock to the waste at once",
    "over-follows": "game over differs only through the moves above: Aisleriot's game-over "
    "asks its hint, which counts the extra moves Aisleriot allows",
}


def _canonical(position: Position, state: State, game: GameMap) -> tuple[object, ...]:
    """The position with piles of one kind taken as a multiset: moves that only swap two
    piles of the same kind look like no move at all."""
    kinds = state.layout.kinds
    groups: dict[PileKind, list[tuple[int, ...]]] = {}
    for pile, slot in enumerate(game.slots):
        if slot is not None:
            groups.setdefault(kinds[pile], []).append(position[slot])
    return tuple(sorted((kind.value, tuple(sorted(piles))) for kind, piles in groups.items()))


def _reason(finding: Finding, state: State, game: GameMap) -> str | None:
    kinds = state.layout.kinds
    action = finding.action
    before = position_of(state, game)
    theirs = finding.theirs
    if theirs is not None and finding.ours is not None and autoplayed(finding.ours, theirs, game):
        return "autoplay-after-move"  # the same move, then cards went up by themselves
    if finding.kind == "aisleriot-only" and action is not None and theirs is not None:
        if action[0] == "drag":
            plain = _dragged(before, action)
            if plain != theirs and autoplayed(plain, theirs, game):
                # Judge the move itself; what followed it is Aisleriot's autoplay.
                if _key(plain) in {
                    _key(after) for after, _score in _helpdeck_results(state, game).values()
                }:
                    return "autoplay-after-move"
                return _reason(replace(finding, theirs=plain), state, game)
        canonical = _canonical(theirs, state, game)
        if canonical != _canonical(before, state, game) and any(
            canonical == _canonical(after, state, game)
            for after, _score in _helpdeck_results(state, game).values()
        ):
            return "other-empty-pile"
    if finding.kind == "aisleriot-only" and action is not None and finding.theirs is not None:
        if _canonical(finding.theirs, state, game) == _canonical(before, state, game):
            return "no-change"
        if action[0] == "drag":
            src = kinds[game.pile_of(action[1]) or 0]
            if src is PileKind.FOUNDATION and not state.rules.foundation_play_back:
                return "foundation-play-back"
            if src is PileKind.FOUNDATION and action[2] > 1:
                return "foundation-groups"
            dst = game.pile_of(action[3])
            if src is PileKind.FOUNDATION and dst is not None and kinds[dst] is PileKind.RESERVE:
                return "foundation-to-reserve"
            if src is PileKind.RESERVE and action[2] > 1:
                return "reserve-groups"
        if action == ("click", game.slot_of(state.layout.stock)) and _out_of_redeals(state):
            return "unlimited-redeals"
    cells_full = all(state.piles[r] for r in state.layout.reserves)
    if (
        finding.kind == "double-click"
        and action is not None
        and game.scheme == "freecell"
        and ((theirs is None and cells_full) or _to_free_cell(theirs, action[1], state, game))
    ):
        return "double-click-to-free-cell"
    if finding.kind == "over" and game.scheme == "freecell" and not state.legal_moves():
        return "never-over"
    if finding.kind == "double-click" and action is not None:
        pile_kind = kinds[game.pile_of(action[1]) or 0]
        if pile_kind is PileKind.FOUNDATION and finding.ours is None and not game.send_up:
            return "autoplay-double-click"
        if finding.ours is None and _to_free_cell(finding.theirs, action[1], state, game):
            return "double-click-to-free-cell"
        if pile_kind is PileKind.STOCK and finding.ours is None and DEAL in state.legal_moves():
            after = state.clone()
            after.apply(DEAL)
            if finding.theirs == position_of(after, game):
                return "stock-double-click"
    if finding.kind == "dealable" and _out_of_redeals(state):
        return "unlimited-redeals"
    if _finishes_pyramid(finding.theirs, state, game):
        return "escalator-finish"
    return None


def _to_free_cell(theirs: Position | None, slot: int, state: State, game: GameMap) -> bool:
    """Aisleriot's double-click moved the clicked pile's top card into an empty reserve
    (and perhaps autoplay went on from there)."""
    if theirs is None:
        return False
    before = position_of(state, game)
    for pile in state.layout.reserves:
        cell = game.slot_of(pile)
        if cell is None or cell == slot or before[cell] or not before[slot]:
            continue
        plain = _dragged(before, ("drag", slot, 1, cell))
        if plain == theirs or autoplayed(plain, theirs, game):
            return True
    return False


def _dragged(before: Position, action: tuple[Any, ...]) -> Position:
    """The position after the drag alone: n cards from one slot onto another."""
    _, src, n, dst = action
    return {**before, src: before[src][:-n], dst: before[dst] + before[src][-n:]}


def autoplayed(ref: Position, theirs: Position, game: GameMap) -> bool:
    """``theirs`` is ``ref`` after some cards went from other piles up to the foundations."""
    if ref == theirs:
        return False
    state_kinds = _foundation_slots(game.game)
    for slot, cards in ref.items():
        up, down = (cards, theirs[slot]) if state_kinds[slot] else (theirs[slot], cards)
        if down[: len(up)] != up:
            return False
    return True


@cache
def _foundation_slots(game_id: str) -> dict[int, bool]:
    """Slot id -> whether it is a foundation."""
    game = GAMES[game_id]
    kinds = new_game(game_id).layout.kinds
    return {
        slot: kinds[p] is PileKind.FOUNDATION
        for p, slot in enumerate(game.slots)
        if slot is not None
    }


def _out_of_redeals(state: State) -> bool:
    return state.rules.redeals > 0 and state.redeals_left == 0 and not state.pile("s")


def _finishes_pyramid(theirs: Position | None, state: State, game: GameMap) -> bool:
    """Aisleriot's position after the last pyramid card went to the waste: Helpdeck's,
    but with the stock still to be dealt."""
    if theirs is None or not state.rules.finish_stock_when_tableau_clear:
        return False
    stock, waste = game.slot_of(state.layout.stock), game.slot_of(state.layout.waste)
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if any(after.piles[t] for t in state.layout.tableau):
            continue
        ours = position_of(after, game)
        same_rest = all(theirs[s] == ours[s] for s in ours if s not in (stock, waste))
        if same_rest and waste is not None and ours[waste][: len(theirs[waste])] == theirs[waste]:
            return True
    return False


def classify(
    findings: list[Finding], state: State, game: GameMap
) -> list[tuple[Finding, str | None]]:
    """Each disagreement of one position with its reason, None for a Helpdeck bug."""
    out = [(f, _reason(f, state, game)) for f in findings if not f.agrees]
    others = [reason for f, reason in out if f.kind != "over"]
    extra_moves = any(f.kind == "aisleriot-only" for f, _ in out)
    return [
        (f, "over-follows")
        if f.kind == "over" and reason is None and extra_moves and None not in others
        else (f, reason)
        for f, reason in out
    ]
