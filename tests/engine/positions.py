"""Build positions from text for rule scenarios.

``position("saratoga", t1="KS QH", f1="AC", stock="## ## 4C", waste="5D")``: piles not named
are empty (even where the deal puts cards, e.g. Beleaguered Castle's Aces); cards are written
bottom to top, ``AS``/``10H``/``QD``, a ``##`` prefix for a face-down
card (``##4C``), or a bare ``##`` for a face-down card that does not matter (it is taken from
the cards no pile names). A pile given as ``"*"`` gets every card no pile names, face up, in
card order (so ``KS`` ends on top). Setting ``state.piles`` directly is fine for tests.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from runtime.engine import IllegalMoveError, Move, State, load_game
from runtime.engine.cards import FACE_DOWN, RANK_NAMES, card_text, deck_cards, parse_card
from runtime.engine.layout import tables_for

ALIASES = {"stock": "s", "waste": "w"}


def parse_pile(text: str) -> list[int | None]:
    """Cards bottom to top; None for an anonymous face-down card."""
    pile: list[int | None] = []
    for word in text.split():
        if word == "##":
            pile.append(None)
        elif word.startswith("##"):
            pile.append(parse_card(word[2:]) | FACE_DOWN)
        else:
            pile.append(parse_card(word))
    return pile


def position(
    game_id: str,
    options: Mapping[str, bool] | None = None,
    *,
    base: int | str | None = None,
    redeals_left: int | None = None,
    **piles: str,
) -> State:
    state = State.new(load_game(game_id), options, seed=1)
    names = state.layout.names
    parsed: dict[str, list[int | None]] = {}
    rest_pile = None
    for key, text in piles.items():
        name = ALIASES.get(key, key)
        if name not in names:
            raise KeyError(f"{game_id} has no pile {key!r} (piles: {', '.join(names)})")
        if text.strip() == "*":
            rest_pile = name
            continue
        parsed[name] = parse_pile(text)
    named = [c & ~FACE_DOWN for pile in parsed.values() for c in pile if c is not None]
    unnamed = deck_cards(state.rules.decks, state.rules.suits)  # two decks: equal cards twice
    for card in named:
        if card not in unnamed:
            raise ValueError(f"more {card_text(card)} than the deck holds")
        unnamed.remove(card)
    anonymous = sum(1 for pile in parsed.values() for c in pile if c is None)
    if rest_pile is not None:
        parsed[rest_pile] = list(unnamed[anonymous:])
    spare = iter(unnamed)
    state.piles = tuple(
        tuple(next(spare) | FACE_DOWN if c is None else c for c in parsed.get(name, []))
        for name in names
    )
    if base is not None:
        rank = RANK_NAMES.index(base) + 1 if isinstance(base, str) else base
        state.base = rank
        state.tables = tables_for(state.rules, rank)
    if redeals_left is not None:
        state.redeals_left = redeals_left
    return state


def texts(state: State) -> set[str]:
    """The legal moves as text."""
    return {state.move_text(m) for m in state.legal_moves()}


def allows(state: State, *moves: str) -> None:
    legal = texts(state)
    for text in moves:
        assert text in legal, f"{text} should be legal; legal: {sorted(legal)}"
        state.clone().play(text)  # and `play` agrees


def refuses(state: State, *moves: str) -> None:
    legal = texts(state)
    for text in moves:
        assert text not in legal, f"{text} should be illegal; legal: {sorted(legal)}"
        with pytest.raises(IllegalMoveError):
            state.clone().play(text)


def after(state: State, *moves: str) -> State:
    """A copy of ``state`` after playing ``moves`` (each checked)."""
    state = state.clone()
    for text in moves:
        state.play(text)
    return state


def pile_text(state: State, name: str) -> str:
    name = ALIASES.get(name, name)
    return " ".join(
        "##" + card_text(c) if c >= FACE_DOWN else card_text(c) for c in state.pile(name)
    )


def move(state: State, text: str) -> Move:
    return state.parse_move(text)


def run(suit: str, first: int, last: int) -> str:
    """``run("C", 1, 3)`` is ``"AC 2C 3C"``; counts down when ``first > last``."""
    step = 1 if last >= first else -1
    return " ".join(RANK_NAMES[r - 1] + suit for r in range(first, last + step, step))
