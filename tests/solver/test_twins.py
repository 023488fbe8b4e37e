"""Runs on twin hosts (`twins.py`): one canonical position per class, every member legal,
and verdicts that still agree with brute force."""

from __future__ import annotations

import random

import pytest

from runtime.engine import State, new_game
from runtime.engine.cards import parse_card
from runtime.engine.moves import Move, MoveKind
from runtime.solver import Verdict, solve
from runtime.solver import twins as twins_module
from runtime.solver.depth_first import DepthFirst
from runtime.solver.model import Model, model_for
from runtime.solver.stock import stock_move_generator
from runtime.solver.successors import fast_generator
from runtime.solver.twins import Twins, class_generator, twins_supported
from tests.solver.positions import brute_force, small_position

GAMES = ["saratoga", "klondike", "lady_jane"]


def played_out(game: str, seed: int, moves: int) -> State:
    """A position after ``moves`` random tableau-to-tableau moves (runs get built)."""
    rng = random.Random(seed)
    state = new_game(game, None, seed)
    for _ in range(moves):
        legal = [m for m in state.legal_moves() if m.src in state.layout.tableau]
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_members_are_legal_and_normalize_to_one_position(game: str) -> None:
    with_links = 0
    for seed in range(40):
        state = played_out(game, seed, 30)
        twins = Twins(model_for(state.rules, state.base))
        canonical = state.clone()
        for move in twins.normalize(canonical.piles):
            canonical.play(move)  # raises on an illegal move
        assert twins.normalize(canonical.piles) == []
        members = twins.members(canonical.piles) or []
        with_links += bool(members)
        for flips, piles in members:
            assert len({move.src for move in flips}) == 1  # runs that leave one pile
            member = canonical.clone()
            for move in flips:
                member.play(move)
            assert member.piles == piles
            back = member.clone()
            for move in twins.normalize(back.piles):
                back.play(move)
            assert back.piles == canonical.piles
    assert with_links >= 5  # the sample has classes to check


def canonical_positions_on_won_lines(game: str) -> list[tuple[State, Model, Twins]]:
    """The positions along the lines a short search wins on seeds 0-11, normalized, with
    their model and twins (they have classes with several free links, which random play
    seldom builds)."""
    found = []
    for seed in range(12):
        search = DepthFirst(new_game(game, None, seed))
        result = search.depth_first(search.moves, 3_000, None, None)
        state = new_game(game, None, seed)
        for move in result.moves:
            state.apply(move)
            position = state.clone()
            model = model_for(position.rules, position.base)
            twins = Twins(model)
            for run_move in twins.normalize(position.piles):
                position.apply(run_move)
            found.append((position, model, twins))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_class_leaves_out_moves_to_the_class_of_another(game: str) -> None:
    # A member's move that does not use the host a run move uncovered, or moves the host
    # onto the tableau (the longer group with the run moves there from the canonical
    # position), and a move onto the higher of two twin hosts both on top, lead to the
    # class of another action: none is generated; the brute-force tests check the rest.
    members_kept = twins_left = 0
    for state, model, twins in canonical_positions_on_won_lines(game):
        piles = state.piles
        tableau = range(model.t0, model.t1)
        tops = {piles[t][-1] for t in tableau if piles[t]}
        for action in class_generator(twins, fast_generator(model))(piles, state.redeals_left):
            if isinstance(action, Move):
                if action.dst in tableau and piles[action.dst]:
                    host = piles[action.dst][-1]
                    twin = twins.other[piles[action.src][-action.size]].get(host, host)
                    moving_top = piles[action.src][-1]
                    assert not (twin < host and twin in tops and twin != moving_top), action
                    twins_left += twin != host
                continue
            *flips, last = action
            for flip in flips:
                assert flip.src == last.dst or (flip.src == last.src and last.dst not in tableau), (
                    action
                )
            members_kept += 1
    assert members_kept and twins_left  # the sample has both kinds to check


@pytest.mark.parametrize("game", ["saratoga", "klondike"])
def test_no_stock_move_puts_its_card_onto_the_higher_of_two_twins_on_top(game: str) -> None:
    # The dealt card fits both twin hosts: the move onto the lower one reaches the class.
    kept = 0
    for state, model, twins in canonical_positions_on_won_lines(game):
        piles = state.piles
        tableau = range(model.t0, model.t1)
        tops = {piles[t][-1] for t in tableau if piles[t]}
        host_twin = twins.host_twin
        generate = class_generator(twins, stock_move_generator(model, fast_generator(model)))
        for action in generate(piles, state.redeals_left):
            if isinstance(action, Move) or action[0].kind is MoveKind.TRANSFER:
                continue  # a plain move, or a member's (run moves first)
            last = action[-1]
            if last.dst in tableau and piles[last.dst]:
                host = piles[last.dst][-1]
                assert not (host_twin[host] < host and host_twin[host] in tops), action
                kept += 1
    assert kept  # the sample has stock moves onto the tableau


def test_only_two_host_blocks_are_supported() -> None:
    assert all(twins_supported(model_for(new_game(g).rules, new_game(g).base)) for g in GAMES)
    state = new_game("seahaven")  # building in suit: one host per card, nothing to swap
    assert not twins_supported(model_for(state.rules, state.base))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("max_links", [0, twins_module.MAX_FREE_LINKS])
def test_small_positions_still_agree_with_brute_force(
    game: str, max_links: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With no class small enough to expand, every position is searched as it is.
    monkeypatch.setattr(twins_module, "MAX_FREE_LINKS", max_links)
    checked = 0
    for seed in range(30):
        state = small_position(game, seed, 10)
        expected = brute_force(state, 20_000)
        if expected is None:
            continue
        checked += 1
        result = solve(state)
        assert result.verdict is (Verdict.WINNABLE if expected else Verdict.UNWINNABLE)
        if expected:
            trial = state.clone()
            for move in result.moves:
                trial.play(move)
            assert trial.is_won()
    assert checked >= 10


def test_a_card_dealt_onto_its_host_in_a_reserve_still_moves_to_the_twin() -> None:
    # Lady Jane's stock deals onto the reserves, so a reserve may hold the Ace of diamonds
    # on the 2 of clubs, as if built. Nothing takes it back there: moving it onto the 2 of
    # spades leaves the class. A class generator that took it for a free run's move lost
    # this small position, which brute force wins.
    state = small_position("lady_jane", 14, 12)
    expected = brute_force(state, 20_000)
    assert expected is True
    model = model_for(state.rules, state.base)
    twins = Twins(model)
    for move in (Move.transfer(10, 4), Move.transfer(14, 10), Move.transfer(16, 6)):
        state.play(move)
    for move in twins.normalize(state.piles):
        state.apply(move)
    piles = state.piles
    two_of_spades = parse_card("2S")
    reserve = 16
    host = next(t for t in range(model.t0, model.t1) if piles[t][-1:] == (two_of_spades,))
    assert piles[reserve][-2:] == (parse_card("2C"), parse_card("AD"))
    actions = class_generator(twins, fast_generator(model))(piles, state.redeals_left)
    assert Move.transfer(reserve, host) in actions
    assert solve(small_position("lady_jane", 14, 12)).verdict is Verdict.WINNABLE


@pytest.mark.parametrize("game", ["saratoga", "klondike"])
def test_the_waste_card_keeps_its_moves_over_stock_moves(game: str) -> None:
    # The same over stock moves: the waste's top card may lie on one of its hosts in the
    # waste; its moves onto the tableau are all offered (only those onto the higher of two
    # twins on top are left out, the lower one reaching the same class).
    kept = 0
    for state, model, twins in canonical_positions_on_won_lines(game):
        piles = state.piles
        generate = stock_move_generator(model, fast_generator(model))
        plain = generate(piles, state.redeals_left)
        actions = class_generator(twins, generate)(piles, state.redeals_left)
        tops = {piles[t][-1] for t in range(model.t0, model.t1) if piles[t]}
        for action in plain:
            if isinstance(action, Move) and action.src == model.layout.waste:
                host = piles[action.dst][-1] if piles[action.dst] else -1
                twin = twins.host_twin.get(host, host)
                if not (twin < host and twin in tops):
                    assert action in actions, action
                    kept += 1
    assert kept
