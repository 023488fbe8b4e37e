"""Every catalog game against Aisleriot's own compiled rules, on a small sample (``helpdeck
diff GAME`` and bench/differential.py run more). Needs guile and the .go files: ``sudo bash
.ci/aisleriot.sh``. No game is named here: the games come from the catalog, their Scheme
files, counters and option labels from the sidecars' ``aisleriot:`` blocks."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

import pytest

from generator.aisleriot.behaviours import autoplayed, classify
from generator.aisleriot.compare import compare, position_of, set_position
from generator.aisleriot.guile import Aisleriot, find_go_dir, unavailable_reason
from generator.aisleriot.sampling import random_positions, run
from generator.aisleriot.slots import match_slots
from generator.aisleriot.target import Target, load_target
from runtime.engine import Move, MoveKind, State
from runtime.engine.catalog import game_ids

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")


GAMES = sorted(game_ids())
# Positions per game and option set: the whole sample (25 cases) stays near a minute; the
# bench and `helpdeck diff` run thousands.
SAMPLE = 40


@pytest.fixture(scope="module")
def ar() -> Iterator[Aisleriot]:
    with Aisleriot() as process:
        yield process


@cache
def _target(game: str, options: tuple[tuple[str, bool], ...] | None = None) -> Target:
    """The game's slot map for an option set (None: the defaults); an option that changes
    the number of piles changes the map, as in `helpdeck diff`."""
    target = load_target(game)
    go_dir = find_go_dir()
    if go_dir is None or not (go_dir / f"{target.scheme}.go").is_file():
        pytest.skip(f"Aisleriot has no {target.scheme}.go (a game of Helpdeck's own)")
    with Aisleriot() as process:
        return match_slots(process, target, None if options is None else dict(options))


def _cases() -> list[tuple[str, dict[str, bool]]]:
    return [(game, options) for game in GAMES for options in load_target(game).option_sets()]


def test_the_catalog_is_compared() -> None:
    """Every catalog game is compared (the registry did not shrink); the sixteen games from
    Aisleriot each have their Aisleriot file."""
    go_dir = find_go_dir()
    assert go_dir is not None
    present = [g for g in GAMES if (go_dir / f"{load_target(g).scheme}.go").is_file()]
    assert len(present) >= 16


def test_every_aisleriot_game_starts(ar: Aisleriot) -> None:
    """The Scheme (aisleriot interface) is complete enough for all games, not only ours."""
    go_dir = find_go_dir()
    assert go_dir is not None
    names = sorted(p.stem for p in go_dir.glob("*.go"))
    assert len(names) >= 90
    for name in names:
        slots = ar.load(name)
        assert sum(len(cards) for _, cards in slots) >= 48, name  # Gaps deals 48


@pytest.mark.parametrize("game", GAMES)
def test_slots_are_matched_from_a_fresh_deal(ar: Aisleriot, game: str) -> None:
    """Every pile that holds cards has a slot, no two piles share one, and Helpdeck's deal
    set into Aisleriot reads back unchanged."""
    target = _target(game)
    state = State.new(target.game)
    used = [s for s in target.slots if s is not None]
    assert len(used) == len(set(used))
    assert all(target.slot_of(p) is not None for p, cards in enumerate(state.piles) if cards)
    ar.load(target.scheme)
    set_position(ar, target, state)
    expected = position_of(state, target)  # a stack's cards lie one per slot of its column
    assert {s: c for s, c in _slots(ar) if s in expected} == expected


def _slots(ar: Aisleriot) -> list[tuple[int, tuple[int, ...]]]:
    return [(slot, tuple(cards)) for slot, _, cards in ar.command("slots")]


@pytest.mark.parametrize(("game", "options"), _cases(), ids=lambda v: str(v))
def test_random_positions_agree(ar: Aisleriot, game: str, options: dict[str, bool]) -> None:
    target = _target(game)
    if State.new(target.game, options).layout.names != State.new(target.game).layout.names:
        target = _target(game, tuple(sorted(options.items())))
    tally = run(ar, target, options, seeds=itertools.count(), steps=30, limit=SAMPLE)
    assert tally.positions == SAMPLE
    assert tally.counts["agree"] > tally.positions
    report = "\n".join(f.describe() for f in tally.bugs[:5])
    assert not tally.bugs, f"{len(tally.bugs)} unexplained disagreements:\n{report}"


@pytest.mark.parametrize("game", GAMES)
def test_playing_helpdeck_moves_in_aisleriot(ar: Aisleriot, game: str) -> None:
    """Moves played for real (not trials) land where Helpdeck puts them; undo takes them back."""
    target = _target(game)
    ar.load(target.scheme)
    played = 0
    # 25 positions from deal 7 on: a game that ends early (Fortress deals dead ends) goes on
    # with the next deals.
    positions = random_positions(target.game, {}, seeds=itertools.count(7), steps=25)
    for state in itertools.islice(positions, 25):
        move = _agreeing_move(state)
        if move is None:
            continue
        set_position(ar, target, state)
        before = position_of(state, target)
        after = state.clone()
        after.apply(move)
        if move.kind is MoveKind.TRANSFER:
            args = (target.slot_of(move.src), move.size, target.slot_of(move.dst))
            accepted, changes = ar.act("drag", *(a for a in args if a is not None))
        else:
            accepted, changes = ar.act("click", target.slot_of(state.layout.stock) or 0)
        assert accepted, state.move_text(move)
        theirs, ours = {**before, **changes}, position_of(after, target)
        # Aisleriot may go on to play low cards up by itself (autoplay-after-move).
        assert theirs == ours or autoplayed(ours, theirs, target, state), state.move_text(move)
        ar.act("undo")
        assert ar.act("redo")[1] == changes
        played += 1
    assert played > 10


def _agreeing_move(state: State) -> Move | None:
    """A move Aisleriot plays the same way: not one that wins (win-leaves-stock)."""
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if not after.is_won():
            return move
    return None


@pytest.mark.parametrize(
    "game", [g for g in GAMES if load_target(g).game.rules().finish_stock_when_tableau_clear]
)
def test_last_tableau_card(ar: Aisleriot, game: str) -> None:
    """Random play seldom clears the tableau, so the end is set up: one tableau card left
    that can go to the waste. Aisleriot wins with the stock left; Helpdeck deals the stock
    out to the waste (win-leaves-stock, an intended difference)."""
    target = _target(game)
    state = _one_card_left(State.new(target.game))
    ar.load(target.scheme)
    reasons = {why for _, why in classify(compare(ar, target, state), state, target)}
    assert None not in reasons
    assert "win-leaves-stock" in reasons
    set_position(ar, target, state)
    move = next(m for m in state.legal_moves() if m.kind is MoveKind.TRANSFER)
    src, dst = target.slot_of(move.src), target.slot_of(move.dst)
    assert src is not None and dst is not None
    accepted, _ = ar.act("drag", src, 1, dst)
    assert accepted and ar.status()["won"]


def _one_card_left(state: State) -> State:
    """``state`` with one card on the first tableau pile that goes onto the waste's top card,
    twenty cards in the waste and the rest in the stock."""
    layout = state.layout
    for card, top in itertools.permutations(range(52), 2):
        rest = [c for c in range(52) if c not in (card, top)]
        piles: list[tuple[int, ...]] = [()] * len(state.piles)
        piles[layout.tableau[0]] = (card,)
        piles[layout.waste] = (*rest[:20], top)
        piles[layout.stock] = tuple(c | 64 for c in rest[20:])
        trial = state.clone()
        trial.piles = tuple(piles)
        if any(
            m.kind is MoveKind.TRANSFER and m.src == layout.tableau[0] for m in trial.legal_moves()
        ):
            return trial
    raise AssertionError("no tableau card can go")
