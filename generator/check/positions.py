"""Build positions from text for rule scenarios.

``position("saratoga", t1="KS QH", f1="AC", stock="## ## 4C", waste="5D")``: piles not named
are empty (even where the deal puts cards, e.g. Beleaguered Castle's Aces); cards are written
bottom to top, ``AS``/``10H``/``QD``, a ``##`` prefix for a face-down card (``##4C``), or a
bare ``##`` for a face-down card that does not matter (it is taken from the cards no pile
names). A pile given as ``"*"`` gets every card no pile names, face up, in card order (so
``KS`` ends on top).
"""

from __future__ import annotations

from collections.abc import Mapping

from runtime.engine import Move, State, load_game
from runtime.engine.cards import FACE_DOWN, RANK, RANK_NAMES, card_text, deck_cards, parse_card

ALIASES = {"stock": "s", "waste": "w"}


class PositionError(ValueError):
    """A position that cannot be built: an unknown pile, a card the deck lacks."""


def pile_name(state: State, key: str) -> str:
    """``stock``/``waste`` or a pile name, as the layout's pile name."""
    name = ALIASES.get(key, key)
    if name not in state.layout.names:
        piles = ", ".join(state.layout.names)
        raise PositionError(f"{state.game.id} has no pile {key!r} (piles: {piles})")
    return name


def parse_pile(text: str) -> list[int | None]:
    """Cards bottom to top; None for an anonymous face-down card."""
    pile: list[int | None] = []
    for word in text.split():
        try:
            if word == "##":
                pile.append(None)
            elif word.startswith("##"):
                pile.append(parse_card(word[2:]) | FACE_DOWN)
            else:
                pile.append(parse_card(word))
        except ValueError:
            raise PositionError(
                f"{word!r} is not a card (write e.g. AS, 10H, ##4C or ##)"
            ) from None
    return pile


def rank_number(rank: int | str) -> int:
    """A rank as a number 1..13: ``5``, ``"5"``, ``"A"`` or ``"Q"``."""
    if isinstance(rank, int):
        number = rank
    elif rank.isdigit():
        number = int(rank)
    elif rank in RANK_NAMES:
        number = RANK_NAMES.index(rank) + 1
    else:
        raise PositionError(f"{rank!r} is not a rank (write 1..13 or A, J, Q, K)")
    if not 1 <= number <= 13:
        raise PositionError(f"{rank!r} is not a rank (write 1..13 or A, J, Q, K)")
    return number


def set_base(state: State, rank: int | str) -> None:
    number = rank_number(rank)
    state.set_base(number)


def position(
    game_id: str,
    options: Mapping[str, bool] | None = None,
    *,
    base: int | str | None = None,
    redeals_left: int | None = None,
    **piles: str,
) -> State:
    return position_from(game_id, options, piles, base=base, redeals_left=redeals_left)


def position_from(
    game_id: str,
    options: Mapping[str, bool] | None,
    piles: Mapping[str, str],
    *,
    base: int | str | None = None,
    redeals_left: int | None = None,
) -> State:
    """`position` with the piles as a mapping (pile name or ``stock``/``waste`` → text)."""
    state = State.new(load_game(game_id), options, seed=1)
    names = state.layout.names
    parsed: dict[str, list[int | None]] = {}
    rest_pile = None
    for key, text in piles.items():
        name = pile_name(state, key)
        if text.strip() == "*":
            rest_pile = name
            continue
        parsed[name] = parse_pile(text)
    named = [c & ~FACE_DOWN for pile in parsed.values() for c in pile if c is not None]
    unnamed = deck_cards(state.rules.decks, state.rules.suits)  # two decks: equal cards twice
    for card in named:
        if card not in unnamed:
            raise PositionError(f"more {card_text(card)} than the deck holds")
        unnamed.remove(card)
    anonymous = sum(1 for pile in parsed.values() for c in pile if c is None)
    if anonymous > len(unnamed):
        raise PositionError(f"{anonymous} face-down cards (##) but only {len(unnamed)} left")
    if rest_pile is not None:
        parsed[rest_pile] = list(unnamed[anonymous:])
    spare = iter(unnamed)
    state.piles = tuple(
        tuple(next(spare) | FACE_DOWN if c is None else c for c in parsed.get(name, []))
        for name in names
    )
    if base is not None:
        set_base(state, base)
    elif state.rules.base_chosen:  # a base still to choose is chosen by the foundation cards
        bottoms = [state.piles[f][0] for f in state.layout.foundations if state.piles[f]]
        state.set_base(RANK[bottoms[0] & ~FACE_DOWN] if bottoms else 0)
    if redeals_left is not None:
        state.redeals_left = redeals_left
    return state


def texts(state: State) -> set[str]:
    """The legal moves as text."""
    return {state.move_text(m) for m in state.legal_moves()}


def after(state: State, *moves: str) -> State:
    """A copy of ``state`` after playing ``moves`` (each checked by `State.play`)."""
    state = state.clone()
    for text in moves:
        state.play(text)
    return state


def card_words(cards: tuple[int, ...]) -> str:
    return " ".join("##" + card_text(c) if c >= FACE_DOWN else card_text(c) for c in cards)


def pile_text(state: State, name: str) -> str:
    """A pile in position notation: ``"##4C 8H"``; ``""`` when empty."""
    return card_words(state.pile(pile_name(state, name)))


def move(state: State, text: str) -> Move:
    return state.parse_move(text)


def run(suit: str, first: int, last: int) -> str:
    """``run("C", 1, 3)`` is ``"AC 2C 3C"``; counts down when ``first > last``."""
    step = 1 if last >= first else -1
    return " ".join(RANK_NAMES[r - 1] + suit for r in range(first, last + step, step))
