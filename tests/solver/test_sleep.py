"""Sleep sets in the depth-first search (`sleep.py`): which piles a step touches, which
rules make steps read more, and the search with them against the search without: the
same verdicts, no position outside the other's, fewer nodes where moves commute."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pytest

from runtime.engine import new_game
from runtime.engine.catalog import game_ids
from runtime.engine.rules import GroupLimit
from runtime.solver.depth_first import DepthFirst
from runtime.solver.keys import Piles
from runtime.solver.results import DeadSet, Verdict
from runtime.solver.sleep import EVERYTHING, deals_read_more, spaces_are_read, touched

PILES = ((), (5,), (1,), (), (9, 8), (7,), (3, 2))  # stock, waste, 2 foundations, 3 tableau


def test_a_step_touches_the_piles_whose_cards_changed() -> None:
    after = ((), (5,), (1,), (), (9,), (7, 8), (3, 2))
    assert touched(PILES, after, 2, 4, spaces_read=False) == (1 << 5) | (1 << 6)
    assert touched(PILES, PILES, 2, 4, spaces_read=False) == 0


def test_every_foundation_is_one_pile() -> None:
    first = ((), (5,), (1, 2), (), (9, 8), (7,), (3,))
    second = ((), (5,), (1,), (2,), (9, 8), (7,), (3,))
    assert touched(PILES, first, 2, 4, spaces_read=False) == 1 | (1 << 7)
    assert touched(PILES, second, 2, 4, spaces_read=False) == 1 | (1 << 7)


def test_emptying_a_pile_touches_everything_where_spaces_are_read() -> None:
    emptied = ((), (5,), (1,), (), (9, 8, 7), (), (3, 2))
    assert touched(PILES, emptied, 2, 4, spaces_read=False) == (1 << 5) | (1 << 6)
    assert touched(PILES, emptied, 2, 4, spaces_read=True) == EVERYTHING
    moved = ((), (5,), (1,), (), (9, 8), (7, 2), (3,))
    assert touched(PILES, moved, 2, 4, spaces_read=True) == (1 << 6) | (1 << 7)


@pytest.mark.parametrize(
    ("game", "spaces", "deals"),
    [
        ("lady_jane", False, False),  # groups of any size, a stock onto the reserves
        ("klondike", False, False),
        ("freecell", True, False),  # groups as long as free cells and spaces allow
        ("easthaven", True, True),  # no deal while a space can be filled
        ("terrace", True, True),  # the stock locks on a space
    ],
)
def test_rules_that_make_steps_read_more(game: str, spaces: bool, deals: bool) -> None:
    rules = new_game(game).rules
    assert spaces_are_read(rules) is spaces
    assert deals_read_more(rules) is deals


def test_group_limits_read_the_spaces_in_every_game() -> None:
    for game in game_ids():
        rules = new_game(game).rules
        if rules.group_limit is not GroupLimit.NONE:
            assert spaces_are_read(rules), game


class _Search:
    """One plain search, with the keys of the positions it saw and of those among them it
    found dead (so not expanded)."""

    def __init__(self, game: str, seed: int, max_nodes: int, sleep_sets: bool) -> None:
        search = DepthFirst(new_game(game, None, seed))
        search.sleep_sets = sleep_sets
        self.dead_keys: set[Hashable] = set()
        key = search.key

        def recorded(test: Callable[[Piles, int], bool] | None) -> Callable[..., bool] | None:
            if test is None:
                return None

            def dead(piles: Piles, redeals_left: int) -> bool:
                found = test(piles, redeals_left)
                if found:
                    self.dead_keys.add(key(piles, redeals_left))
                return found

            return dead

        search.dead_inside = recorded(search.dead_inside)
        search.dead_last_pass = recorded(search.dead_last_pass)
        dead = DeadSet()
        self.result = search.depth_first(search.moves, max_nodes, None, dead)
        self.keys = set(dead.keys)


@pytest.mark.parametrize("game", game_ids())
def test_the_same_search_with_sleep_sets(game: str) -> None:
    """Every game's plain search, seeds 0-3 at 4,000 nodes: with sleep sets it takes the
    same line to a win, and where it exhausts the deal it sees every position the other
    expands and no other; either way in as many nodes at most (it skips only steps to
    positions seen before, or reached only through dead ones)."""
    for seed in range(4):
        plain = _Search(game, seed, 4000, sleep_sets=False)
        asleep = _Search(game, seed, 4000, sleep_sets=True)
        assert asleep.result.nodes <= plain.result.nodes, (game, seed)
        if plain.result.verdict is Verdict.UNKNOWN:
            continue
        assert asleep.result.verdict is plain.result.verdict, (game, seed)
        assert asleep.result.moves == plain.result.moves, (game, seed)
        if plain.result.verdict is Verdict.UNWINNABLE:
            assert plain.keys - plain.dead_keys <= asleep.keys <= plain.keys, (game, seed)


def test_a_step_back_onto_the_path_does_not_sleep() -> None:
    """Jumbo seed 3: a step that leads back to a position still being searched put its
    later siblings' children off until the search came back up there, and the search with
    sleep sets lost the win the plain search finds at 5,592 nodes."""
    plain = _Search("jumbo", 3, 10_000, sleep_sets=False).result
    asleep = _Search("jumbo", 3, 10_000, sleep_sets=True).result
    assert plain.verdict is asleep.verdict is Verdict.WINNABLE
    assert asleep.moves == plain.moves and asleep.nodes <= plain.nodes


def test_sleep_sets_save_nodes_where_moves_commute() -> None:
    """Lady Jane's tableau and reserves play side by side: its proof of seed 782 takes
    about two thirds of the nodes."""
    plain = _Search("lady_jane", 782, 100_000, sleep_sets=False).result
    asleep = _Search("lady_jane", 782, 100_000, sleep_sets=True).result
    assert plain.verdict is asleep.verdict is Verdict.UNWINNABLE
    assert asleep.nodes < 0.75 * plain.nodes
