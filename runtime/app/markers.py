"""What an empty pile shows, read from the engine's tables: the rank it accepts, or a ring
on a stock that can be turned over again."""

from __future__ import annotations

from runtime.engine import PileKind, State
from runtime.engine.cards import RANK, RANK_NAMES


def accepted_rank(table: tuple[bool, ...] | None) -> str:
    """ "K" if only Kings may start the pile; "" if any card (or none) may."""
    if table is None:
        return ""
    ranks = {RANK[card] for card, ok in enumerate(table) if ok}
    return RANK_NAMES[ranks.pop() - 1] if len(ranks) == 1 else ""


def pile_marker(state: State, pile: int) -> tuple[str, bool]:
    kind = state.layout.kinds[pile]
    if kind is PileKind.STOCK:
        return "", state.stock_status == "redeal"
    if kind is PileKind.FOUNDATION:
        return accepted_rank(state.tables.foundation_empty), False
    if kind is PileKind.TABLEAU:
        return accepted_rank(state.tables.tableau_empty), False
    return "", False
