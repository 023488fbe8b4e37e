"""The engine's layout carries each game's placement: every pile in one kind's group, and the
placement the help states (read from the generated rules) unchanged."""

from __future__ import annotations

import pytest

from runtime.engine import load_game
from runtime.engine.catalog import game_ids
from runtime.engine.layout import layout_for
from runtime.engine.rules import PileKind, Place, Placement, Region


@pytest.mark.parametrize("game", game_ids())
def test_layout_carries_the_placement(game: str) -> None:
    definition = load_game(game)
    for rules in definition.rules_by_options.values():
        layout = layout_for(rules)
        assert layout.placement == rules.placement
        piles = sorted(p for group in layout.groups.values() for p in group)
        assert piles == list(range(len(layout.kinds)))
        for kind, group in layout.groups.items():
            assert all(layout.kinds[p] is kind for p in group)
        for place in vars_of(rules.placement):
            assert place.split <= max(len(group) for group in layout.groups.values())


def vars_of(placement: Placement) -> list[Place]:
    return [
        placement.stock,
        placement.waste,
        placement.foundations,
        placement.tableau,
        placement.reserves,
    ]


# The four seed games and the pages that name a region the usual layout does not have.
STATED = {
    "seahaven": {"foundations": Place(Region.TOP, 2), "reserves": Place(Region.TOP_CENTER)},
    "lady_jane": {"stock": Place(Region.TOP_LEFT), "reserves": Place(Region.RIGHT)},
    "escalator": {"stock": Place(Region.TOP_LEFT), "waste": Place(Region.BESIDE_STOCK)},
    "saratoga": {"stock": Place(Region.TOP_LEFT), "foundations": Place(Region.TOP_RIGHT)},
    "beleaguered_castle": {"foundations": Place(Region.MIDDLE), "tableau": Place(split=4)},
    "yukon": {"foundations": Place(Region.LEFT)},
}


@pytest.mark.parametrize("game", sorted(STATED))
def test_stated_placement(game: str) -> None:
    placement = load_game(game).rules().placement
    for kind, place in STATED[game].items():
        assert getattr(placement, kind) == place, kind


def test_groups_follow_pile_order() -> None:
    layout = layout_for(load_game("lady_jane").rules())
    assert layout.groups[PileKind.STOCK] == (0,)
    assert layout.groups[PileKind.WASTE] == (1,)
    assert [layout.names[p] for p in layout.groups[PileKind.RESERVE]][:2] == ["r1", "r2"]
