"""Disagreements the help documents intend: each has a reason, listed in docs/differences.md.

A disagreement that no rule here explains is reported as a Helpdeck bug.
"""

from __future__ import annotations

from runtime.engine import DEAL, PileKind, State

from .compare import Finding, Position, position_of
from .games import GameMap

REASONS: dict[str, str] = {
    "no-change": "a move that changes nothing (a lone card onto an empty pile of its own kind, "
    "a whole tableau pile onto an empty one); Helpdeck does not list such moves",
    "foundation-play-back": "Aisleriot takes cards back off the foundations; this game's help "
    "only builds them up",
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
    if finding.kind == "aisleriot-only" and action is not None and finding.theirs is not None:
        before = position_of(state, game)
        if _canonical(finding.theirs, state, game) == _canonical(before, state, game):
            return "no-change"
        if action[0] == "drag":
            src = kinds[game.pile_of(action[1]) or 0]
            if src is PileKind.FOUNDATION and not state.rules.foundation_play_back:
                return "foundation-play-back"
            if src is PileKind.RESERVE and action[2] > 1:
                return "reserve-groups"
        if action == ("click", game.slot_of(state.layout.stock)) and _out_of_redeals(state):
            return "unlimited-redeals"
    if finding.kind == "double-click" and action is not None:
        pile_kind = kinds[game.pile_of(action[1]) or 0]
        if pile_kind is PileKind.FOUNDATION and finding.ours is None:
            return "autoplay-double-click"
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
