"""Small constructed positions for every game, and an exact brute-force referee.

A position keeps most cards on the foundations (or the waste, for Escalator) and scatters
the rest over the other piles at random, so a plain search over `State.legal_moves` with
exact keys can settle it and check the solver's verdict.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from runtime.engine import State, new_game
from runtime.engine.cards import DECK_SIZE, FACE_DOWN, RANK
from runtime.engine.moves import Move
from runtime.engine.rules import Goal


def random_walk(state: State, rng: random.Random, steps: int) -> Iterator[State]:
    """``state`` before each of up to ``steps`` random legal moves, each played on it after
    the caller has looked; ends early where no move is left."""
    for _ in range(steps):
        yield state
        moves = state.legal_moves()
        if not moves:
            return
        state.play(rng.choice(moves))


def assert_line_wins(state: State, moves: tuple[Move, ...]) -> None:
    """A solver's winning line replays legally from ``state`` (unchanged) to a win."""
    trial = state.clone()
    for move in moves:
        trial.play(move)
    assert trial.is_won()


def foundation_chain(state: State, start: int, used: Counter[int] | None = None) -> list[int]:
    """The cards of ``start``'s foundation in building order, from ``start`` on. Where
    foundations do not build in suit, each card is the first one of which ``used`` (which
    counts the chains' cards) holds fewer than the game's decks."""
    table = state.tables.foundation
    assert table is not None
    taken = used if used is not None else Counter()
    decks = state.rules.decks
    chain = [start]
    taken[start] += 1
    while len(chain) < 13:
        lower = chain[-1]
        card = next(
            u for u in range(DECK_SIZE) if table[lower * DECK_SIZE + u] and taken[u] < decks
        )
        chain.append(card)
        taken[card] += 1
    return chain


def small_position(game_id: str, seed: int, loose: int = 8) -> State:
    """A deal of ``game_id`` rearranged so only about ``loose`` cards are still in play."""
    rng = random.Random(seed)
    state = new_game(game_id, None, seed)
    layout = state.layout
    piles: list[list[int]] = [[] for _ in layout.kinds]
    rules = state.rules
    if rules.base_chosen and not state.base:
        state.set_base(rng.randint(1, 13))  # as if the first foundation card had chosen it
    if rules.goal is Goal.SUITS_IN_TABLEAU or rules.foundations_take_suits:
        # Three suits lie built King to Ace on tableau piles, or home where foundations take
        # whole suits; about ``loose`` cards of the fourth are scattered, the rest of it
        # built from its King on a pile of its own.
        suits = [suit for suit in range(4) for _ in range(rules.decks)]
        rng.shuffle(suits)
        runs = list(layout.tableau)
        rng.shuffle(runs)
        complete = len(suits) - 1
        if rules.foundations_take_suits:
            homes, rest_piles = list(layout.foundations), runs
        else:
            homes, rest_piles = runs[:complete], runs[complete:]
        for suit, t in zip(suits[:complete], homes, strict=False):
            piles[t] = [suit * 13 + rank for rank in range(12, -1, -1)]
        last = suits[-1]
        built = rng.randint(max(0, 13 - loose), 13 - min(loose, 13) // 2)
        piles[rest_piles[0]] = [last * 13 + rank for rank in range(12, 12 - built, -1)]
        targets = rest_piles + list(layout.reserves)
        for rank in range(12 - built, -1, -1):
            piles[rng.choice(targets)].append(last * 13 + rank)
    elif rules.goal in (Goal.ALL_TO_WASTE, Goal.TABLEAU_CLEARED):
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        in_play = deck[:loose]
        piles[layout.waste] = deck[loose:]
        # Bottom-row pyramid piles are never covered; the rest of the loose cards is stock.
        covered = rules.covered_by
        free = [t for i, t in enumerate(layout.tableau) if i >= len(covered) or not covered[i]]
        for card in in_play[: loose // 2]:
            piles[rng.choice(free)].append(card)
        piles[layout.stock] = [c | FACE_DOWN for c in in_play[loose // 2 :]]
    else:
        starts = [c for c in range(DECK_SIZE) if state.tables.foundation_empty[c]]  # type: ignore[index]
        rest: list[int] = []
        used: Counter[int] = Counter()  # a chain may take other suits' cards
        for f in layout.foundations:
            start = next(c for c in starts if used[c] < rules.decks)
            chain = foundation_chain(state, start, used)
            # With more decks, more foundations: as few loose cards in all.
            home = rng.randint(max(0, 13 - loose // (2 * rules.decks) - 1), 13)
            piles[f] = chain[:home]
            rest += chain[home:]
        rng.shuffle(rest)
        targets = list(layout.tableau) + list(layout.reserves)
        if layout.waste >= 0 and state.rules.waste_builds is None:
            targets.append(layout.waste)
        for card in rest:
            target = rng.choice(targets)
            if (
                target in layout.reserves
                and state.rules.reserves_accept
                and len(piles[target]) >= state.rules.reserve_capacity
            ):
                target = layout.tableau[0]
            piles[target].append(card)
        # A few cards may sit face down under others, or in the stock.
        for t in layout.tableau:
            pile = piles[t]
            if len(pile) > 1 and rng.random() < 0.3:
                pile[0] |= FACE_DOWN
        if layout.waste >= 0 and rest and rng.random() < 0.5:
            moved = [p for p in (piles[t] for t in layout.tableau) if p and p[-1] < FACE_DOWN]
            if moved:
                piles[layout.stock].append(moved[0].pop() | FACE_DOWN)
                if moved[0]:
                    moved[0][-1] &= ~FACE_DOWN
    state.piles = tuple(tuple(p) for p in piles)
    assert sorted(c & ~FACE_DOWN for p in state.piles for c in p) == sorted(
        list(range(DECK_SIZE)) * rules.decks
    )
    assert all(RANK[c] for p in state.piles for c in p)
    return state


def brute_force(state: State, limit: int = 200_000) -> bool | None:
    """Exact winnability by exhaustive search over `legal_moves` (None: too big)."""
    trial = state.clone()
    seen = {trial.key()}
    stack = [trial.key()]
    positions = {trial.key(): (trial.piles, trial.redeals_left)}
    while stack:
        piles, redeals = positions[stack.pop()]
        trial.piles, trial.redeals_left = piles, redeals
        if trial.is_won():
            return True
        for move in trial.legal_moves():
            trial.piles, trial.redeals_left = piles, redeals
            trial.apply(move)
            key = trial.key()
            if key not in seen:
                seen.add(key)
                if len(seen) > limit:
                    return None
                positions[key] = (trial.piles, trial.redeals_left)
                stack.append(key)
            trial.undo()
    return False
