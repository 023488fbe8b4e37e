"""How each Helpdeck game sits on its Aisleriot game: files, slot ids and variables.

Slot ids were read from each game's slots after its new-game (``Aisleriot.load``); a test
checks the mapping against a fresh deal of both sides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from runtime.engine import State

# (module, name, value): a Scheme variable to set so Aisleriot's game state matches.
Variable = tuple[str, str, int | bool]


@dataclass(frozen=True, slots=True)
class GameMap:
    game: str  # Helpdeck game id
    scheme: str  # Aisleriot's file name, loaded by bare name as the app does
    # Helpdeck pile index -> Aisleriot slot id (None: a pile Aisleriot lacks, always empty)
    slots: tuple[int | None, ...]
    variables: Callable[[State], list[Variable]] = field(default=lambda state: [])
    # Option sets to sample: the Aisleriot defaults first.
    options: tuple[dict[str, bool], ...] = ({},)

    def slot_of(self, pile: int) -> int | None:
        return self.slots[pile]

    def pile_of(self, slot: int) -> int | None:
        return self.slots.index(slot) if slot in self.slots else None


def _saratoga_variables(state: State) -> list[Variable]:
    options = state.options
    return [
        # Klondike's code counts passes through the stock in api's FLIP-COUNTER.
        ("api", "FLIP-COUNTER", state.rules.redeals - state.redeals_left),
        ("game", "deal-three", options["three_card_deals"]),
        ("game", "deal-one", not options["three_card_deals"]),
        ("game", "kings-only", options["king_only"]),
    ]


def _seahaven_variables(state: State) -> list[Variable]:
    # Seahaven's code counts free cells as they fill and empty rather than looking.
    return [("game", "free-reserves", sum(1 for r in state.layout.reserves if not state.piles[r]))]


def _lady_jane_variables(state: State) -> list[Variable]:
    return [("game", "BASE-VAL", state.base)]


GAMES: dict[str, GameMap] = {
    m.game: m
    for m in (
        GameMap(
            "saratoga",
            "saratoga",
            tuple(range(13)),  # stock, waste, 4 foundations, 7 tableau piles
            _saratoga_variables,
            (
                {},
                {"three_card_deals": True},
                {"king_only": False},
                {"three_card_deals": True, "king_only": False},
            ),
        ),
        GameMap(
            "seahaven",
            "seahaven",
            # No stock; foundations two at each end of the top row, reserves between.
            (None, 0, 1, 6, 7, *range(8, 18), 2, 3, 4, 5),
            _seahaven_variables,
        ),
        GameMap("escalator", "escalator", tuple(range(30))),  # stock, waste, pyramid rows
        GameMap("lady_jane", "lady-jane", tuple(range(20)), _lady_jane_variables),
    )
}
