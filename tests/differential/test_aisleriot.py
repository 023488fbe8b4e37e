"""Helpdeck against Aisleriot's own compiled rules, on a small sample (bench/differential.py
runs thousands of positions). Needs guile and the .go files: see .ci/aisleriot.sh."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from runtime.engine import Move, MoveKind, State, new_game

from .compare import compare, position_of, set_position
from .games import GAMES
from .guile import Aisleriot, find_go_dir, unavailable_reason
from .known import autoplayed, classify
from .sampling import random_positions, run

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")

CASES = [(game, options) for game, spec in GAMES.items() for options in spec.options]
# Positions per game and option set: the whole sample (25 cases) stays near a minute; the
# bench runs thousands.
SAMPLE = 40


@pytest.fixture(scope="module")
def ar() -> Iterator[Aisleriot]:
    with Aisleriot() as process:
        yield process


def test_every_aisleriot_game_starts(ar: Aisleriot) -> None:
    """The Scheme (aisleriot interface) is complete enough for all games, not only ours."""
    go_dir = find_go_dir()
    assert go_dir is not None
    names = sorted(p.stem for p in go_dir.glob("*.go"))
    assert len(names) >= 90
    for name in names:
        slots = ar.load(name)
        assert sum(len(cards) for _, cards in slots) >= 48, name  # Gaps deals 48


@pytest.mark.parametrize("game", sorted(GAMES))
def test_slot_map_matches_a_fresh_deal(ar: Aisleriot, game: str) -> None:
    """Pile by pile, both deals have the same number of cards, face down and face up."""
    spec = GAMES[game]
    slots = dict(ar.load(spec.scheme))
    state = new_game(game)
    assert sorted(s for s in spec.slots if s is not None) == sorted(slots)
    for pile, slot in enumerate(spec.slots):
        ours = state.piles[pile]
        theirs = slots[slot] if slot is not None else ()
        assert [c >= 64 for c in ours] == [c >= 64 for c in theirs], state.layout.names[pile]


@pytest.mark.parametrize(("game", "options"), CASES, ids=lambda v: str(v))
def test_random_positions_agree(ar: Aisleriot, game: str, options: dict[str, bool]) -> None:
    spec = GAMES[game]
    tally = run(ar, spec, options, seeds=itertools.count(), steps=30, limit=SAMPLE)
    assert tally.positions == SAMPLE
    assert tally.counts["agree"] > tally.positions
    report = "\n".join(f.describe() for f in tally.bugs[:5])
    assert not tally.bugs, f"{len(tally.bugs)} unexplained disagreements:\n{report}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_playing_helpdeck_moves_in_aisleriot(ar: Aisleriot, game: str) -> None:
    """Moves played for real (not trials) land where Helpdeck puts them; undo takes them back."""
    spec = GAMES[game]
    ar.load(spec.scheme)
    played = 0
    for state in random_positions(game, {}, seeds=[7], steps=25):
        move = _agreeing_move(state)
        if move is None:
            continue
        set_position(ar, spec, state)
        before = position_of(state, spec)
        after = state.clone()
        after.apply(move)
        if move.kind is MoveKind.TRANSFER:
            args = (spec.slots[move.src], move.size, spec.slots[move.dst])
            accepted, changes = ar.act("drag", *(a for a in args if a is not None))
        else:
            accepted, changes = ar.act("click", spec.slots[state.layout.stock] or 0)
        assert accepted, state.move_text(move)
        theirs, ours = {**before, **changes}, position_of(after, spec)
        # FreeCell's Aisleriot may go on to play low cards up by itself (autoplay-after-move).
        assert theirs == ours or autoplayed(ours, theirs, spec), state.move_text(move)
        ar.act("undo")
        assert ar.act("redo")[1] == changes
        played += 1
    assert played > 10


def _agreeing_move(state: State) -> Move | None:
    """A move Aisleriot plays the same way: not one that finishes Escalator's pyramid."""
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if not after.is_won():
            return move
    return None


def test_escalator_last_pyramid_card(ar: Aisleriot) -> None:
    """Random play seldom clears the pyramid, so the end is set up by hand: Aisleriot wins
    with the stock left; Helpdeck deals the stock out to the waste (an intended difference)."""
    spec = GAMES["escalator"]
    state = new_game("escalator")
    layout = state.layout
    piles: list[tuple[int, ...]] = [()] * len(state.piles)
    rest = [c for c in range(52) if c not in (5, 6)]
    piles[layout.tableau[0]] = (5,)  # 6C, the last pyramid card
    piles[layout.waste] = (*rest[:20], 6)  # 7C on top
    piles[layout.stock] = tuple(c | 64 for c in rest[20:])
    state.piles = tuple(piles)
    ar.load(spec.scheme)
    reasons = {why for _, why in classify(compare(ar, spec, state), state, spec)}
    assert reasons == {"escalator-finish", "stock-double-click"}
    set_position(ar, spec, state)
    pyramid, waste = spec.slots[layout.tableau[0]], spec.slots[layout.waste]
    assert pyramid is not None and waste is not None
    accepted, _ = ar.act("drag", pyramid, 1, waste)
    assert accepted and ar.status()["won"]
