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
    # Helpdeck option id -> the label of the same option in Aisleriot's options menu; the
    # harness chooses them there (apply-options, then a new deal), as a player would.
    option_labels: dict[str, str] = field(default_factory=dict)
    # The help says "Double-click a Foundation to send up every card that can go": that
    # double-click is compared with `assist.send_up_moves`.
    send_up: bool = False

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


def _eight_off_variables(state: State) -> list[Variable]:
    return [("game", "free-reserves", sum(1 for r in state.layout.reserves if not state.piles[r]))]


def _lady_jane_variables(state: State) -> list[Variable]:
    return [("game", "BASE-VAL", state.base)]


KLONDIKE_DEALS = ("single_card_deals", "three_card_deals", "no_redeals", "unlimited_redeals")


def _flip_counter(state: State) -> list[Variable]:
    """Klondike's code (Athena's too) counts passes through the stock in FLIP-COUNTER."""
    used = state.rules.redeals - state.redeals_left if state.rules.redeals >= 0 else 0
    return [("api", "FLIP-COUNTER", used)]


def _canfield_variables(state: State) -> list[Variable]:
    return [("game", "BASE-VAL", state.base)]


KLONDIKE_OPTIONS: tuple[dict[str, bool], ...] = tuple(
    {name: name == on for name in KLONDIKE_DEALS} for on in KLONDIKE_DEALS
)

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
        GameMap(
            "klondike",
            "klondike",
            tuple(range(13)),  # stock, waste, 4 foundations, 7 tableau piles
            _flip_counter,
            KLONDIKE_OPTIONS,
            {
                "three_card_deals": "Three card deals",
                "single_card_deals": "Single card deals",
                "no_redeals": "No redeals",
                "unlimited_redeals": "Unlimited redeals",
            },
            send_up=True,
        ),
        GameMap(
            "freecell",
            "freecell",
            # No stock; free cells 0-3 and home cells 4-7 on the top row, fields 8-15.
            (None, 4, 5, 6, 7, *range(8, 16), 0, 1, 2, 3),
        ),
        GameMap("golf", "golf", tuple(range(9))),  # stock, waste, 7 tableau piles
        GameMap("yukon", "yukon", (None, 0, 8, 9, 10, *range(1, 8))),
        GameMap(
            "canfield",
            "canfield",
            (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 6),  # the reserve is slot 6, under the stock
            _canfield_variables,
        ),
        GameMap(
            "spider",
            "spider",
            tuple(range(19)),  # stock, 8 foundations, 10 tableau piles
            options=(
                {},
                {"two_suits": True, "four_suits": False},
                {"one_suit": True, "four_suits": False},
            ),
            option_labels={
                "four_suits": "Four Suits",
                "two_suits": "Two Suits",
                "one_suit": "One Suit",
            },
        ),
        GameMap("bakers_dozen", "bakers-dozen", (None, *range(17))),
        GameMap(
            "beleaguered_castle",
            "beleaguered-castle",
            # Four rows of (tableau, foundation, tableau): foundations 1, 4, 7, 10.
            (None, 1, 4, 7, 10, 0, 2, 3, 5, 6, 8, 9, 11),
        ),
        GameMap("scorpion", "scorpion", tuple(range(8))),  # stock, 7 tableau piles
        GameMap("gypsy", "gypsy", tuple(range(17))),  # stock, 8 foundations, 8 tableau piles
        GameMap(
            "eight_off",
            "eight-off",
            (None, 0, 1, 2, 3, *range(12, 20), *range(4, 12)),
            _eight_off_variables,
            send_up=True,
        ),
        GameMap("athena", "athena", tuple(range(13)), _flip_counter),
    )
}
