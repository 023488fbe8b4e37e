"""The deal JSON format and the text picture of a state.

Deal JSON (``helpdeck deal GAME --seed N --json``)::

    {"format": "helpdeck-deal/1", "game": "saratoga", "seed": 7, "code": "saratoga-7-01",
     "options": {"three_card_deals": false, "king_only": true}, "base_rank": "A",
     "piles": [{"name": "s", "kind": "stock", "cards": ["4C", ...], "face_down": 24}, ...]}

Each pile lists its cards bottom to top; its bottom ``face_down`` cards are face down. Where
the face-down cards are not all at the bottom (Athena's deal: down, up, down, up), the pile
also lists their positions, bottom first, as ``face_down_at``. A game with two decks lists
equal cards twice.
``redeals_left`` (-1: unlimited) makes the JSON of a position part way through a game complete:
`state_from_json` reads it back.
"""

from __future__ import annotations

from typing import Any

from runtime.engine.cards import FACE_DOWN, RANK_NAMES, card_text, parse_card
from runtime.engine.catalog import load_game
from runtime.engine.layout import tables_for
from runtime.engine.state import State

DEAL_FORMAT = "helpdeck-deal/1"


def face_down_count(pile: tuple[int, ...]) -> int:
    return sum(1 for card in pile if card >= FACE_DOWN)


def _pile_json(name: str, kind: str, pile: tuple[int, ...]) -> dict[str, Any]:
    down = face_down_count(pile)
    data: dict[str, Any] = {
        "name": name,
        "kind": kind,
        "cards": [card_text(c) for c in pile],
        "face_down": down,
    }
    if any(c >= FACE_DOWN for c in pile[down:]):
        data["face_down_at"] = [i for i, c in enumerate(pile) if c >= FACE_DOWN]
    return data


def state_json(state: State) -> dict[str, Any]:
    layout = state.layout
    return {
        "format": DEAL_FORMAT,
        "game": state.game.id,
        "seed": state.seed,
        "code": state.deal_code,
        "options": state.options,
        "base_rank": RANK_NAMES[state.base - 1] if state.base else None,  # None: not chosen
        "redeals_left": state.redeals_left,
        "piles": [
            _pile_json(name, str(kind), pile)
            for name, kind, pile in zip(layout.names, layout.kinds, state.piles, strict=True)
        ],
    }


class DealFormatError(ValueError):
    """Raised by `state_from_json` for JSON that is not a readable Helpdeck deal."""


def state_from_json(data: dict[str, Any]) -> State:
    """The position a `state_json` value describes (without its undo history)."""
    if data.get("format") != DEAL_FORMAT:
        raise DealFormatError(f"not a {DEAL_FORMAT} value: format {data.get('format')!r}")
    try:
        state = State.new(load_game(data["game"]), data.get("options"), int(data["seed"]))
        names = state.layout.names
        by_name = {pile["name"]: pile for pile in data["piles"]}
        if set(by_name) != set(names):
            raise DealFormatError(f"piles must be {', '.join(names)}")
        piles = []
        for name in names:
            pile = by_name[name]
            cards = [parse_card(text) for text in pile["cards"]]
            down = int(pile["face_down"])
            if not 0 <= down <= len(cards):
                raise DealFormatError(f"pile {name}: face_down out of range")
            hidden = set(pile.get("face_down_at", range(down)))
            if len(hidden) != down or not all(0 <= i < len(cards) for i in hidden):
                raise DealFormatError(f"pile {name}: face_down_at does not match face_down")
            piles.append(tuple(c | FACE_DOWN if i in hidden else c for i, c in enumerate(cards)))
        rank = data.get("base_rank", "A")
        state.base = 0 if rank is None and state.rules.base_chosen else RANK_NAMES.index(rank) + 1
        state.tables = tables_for(state.rules, state.base)
        state.piles = tuple(piles)
        state.redeals_left = int(data.get("redeals_left", state.rules.redeals))
    except (KeyError, TypeError) as error:
        raise DealFormatError(f"deal JSON is missing or mistypes {error}") from None
    return state


def state_text(state: State) -> str:
    """A readable picture: one line per pile, ``##`` for a face-down card."""
    layout = state.layout
    lines = [f"{state.game.title}  {state.deal_code}  score {state.score}/{state.rules.max_score}"]
    if state.rules.base_from_deal or state.rules.base_chosen:
        rank = RANK_NAMES[state.base - 1] if state.base else "not chosen yet"
        lines.append(f"base card rank: {rank}")
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
