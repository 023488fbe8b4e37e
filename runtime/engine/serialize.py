"""The deal JSON format and the text picture of a state.

Deal JSON (``helpdeck deal GAME --seed N --json``)::

    {"format": "helpdeck-deal/1", "game": "saratoga", "seed": 7, "code": "saratoga-7-01",
     "options": {"three_card_deals": false, "king_only": true}, "base_rank": "A",
     "piles": [{"name": "s", "kind": "stock", "cards": ["4C", ...], "face_down": 24}, ...]}

Each pile lists its cards bottom to top; its bottom ``face_down`` cards are face down.
"""

from __future__ import annotations

from typing import Any

from runtime.engine.cards import FACE_DOWN, RANK_NAMES, card_text
from runtime.engine.state import State

DEAL_FORMAT = "helpdeck-deal/1"


def face_down_count(pile: tuple[int, ...]) -> int:
    return sum(1 for card in pile if card >= FACE_DOWN)


def state_json(state: State) -> dict[str, Any]:
    layout = state.layout
    return {
        "format": DEAL_FORMAT,
        "game": state.game.id,
        "seed": state.seed,
        "code": state.deal_code,
        "options": state.options,
        "base_rank": RANK_NAMES[state.base - 1],
        "piles": [
            {
                "name": name,
                "kind": str(kind),
                "cards": [card_text(c) for c in pile],
                "face_down": face_down_count(pile),
            }
            for name, kind, pile in zip(layout.names, layout.kinds, state.piles, strict=True)
        ],
    }


def state_text(state: State) -> str:
    """A readable picture: one line per pile, ``##`` for a face-down card."""
    layout = state.layout
    lines = [f"{state.game.title}  {state.deal_code}  score {state.score}/{state.rules.max_score}"]
    if state.rules.base_from_deal:
        lines.append(f"base card rank: {RANK_NAMES[state.base - 1]}")
    if state.rules.redeals:
        left = "unlimited" if state.redeals_left < 0 else str(state.redeals_left)
        lines.append(f"redeals left: {left}")
    for i, (name, kind) in enumerate(zip(layout.names, layout.kinds, strict=True)):
        lines.append(f"{name:>3} {kind.value:<10} {state.describe_pile(i) or '.'}")
    if state.is_won():
        lines.append("won")
    elif not state.legal_moves():
        lines.append("no more moves")
    return "\n".join(lines) + "\n"
