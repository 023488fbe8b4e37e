"""Moves: small immutable values that round-trip through text.

Text notation (pile names come from the game's layout: ``s`` stock, ``w`` waste, ``f1``..
foundations, ``t1``.. tableau, ``r1``.. reserves):

- ``t3>f1`` moves the top card of tableau 3 to foundation 1;
- ``t3>t5x3`` moves the top three cards of tableau 3 onto tableau 5;
- ``deal`` deals from the stock, ``redeal`` turns the waste back into the stock.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

MAX_COUNT_DIGITS = 4


class MoveKind(IntEnum):
    TRANSFER = 0
    DEAL = 1
    REDEAL = 2


class Move(NamedTuple):
    kind: MoveKind
    src: int = -1
    dst: int = -1
    size: int = 0

    @classmethod
    def transfer(cls, src: int, dst: int, size: int = 1) -> Move:
        return cls(MoveKind.TRANSFER, src, dst, size)


DEAL = Move(MoveKind.DEAL)
REDEAL = Move(MoveKind.REDEAL)


class IllegalMoveError(ValueError):
    """Raised by `State.play` for a move the rules do not allow."""


class MoveSyntaxError(ValueError):
    """Raised when move text cannot be read."""


def move_text(move: Move, pile_names: tuple[str, ...]) -> str:
    if move.kind is MoveKind.DEAL:
        return "deal"
    if move.kind is MoveKind.REDEAL:
        return "redeal"
    text = f"{pile_names[move.src]}>{pile_names[move.dst]}"
    return text if move.size == 1 else f"{text}x{move.size}"


def parse_move(text: str, pile_index: dict[str, int]) -> Move:
    word = text.strip().lower()
    if word == "deal":
        return DEAL
    if word == "redeal":
        return REDEAL
    body, times, count_text = word.partition("x")
    src_name, sep, dst_name = body.partition(">")
    if not sep or src_name not in pile_index or dst_name not in pile_index:
        names = ", ".join(pile_index)
        raise MoveSyntaxError(
            f"cannot read move {_short(text)}: expected 'deal', 'redeal' or SRC>DST[xN] "
            f"with piles among {names}"
        )
    count = 1
    if times:
        # ASCII digits only ('²' is a digit to str.isdigit but not to int), and short: no
        # pile holds more than a few decks' cards.
        if not (
            count_text.isascii() and count_text.isdigit() and len(count_text) <= MAX_COUNT_DIGITS
        ):
            raise MoveSyntaxError(f"cannot read move {_short(text)}: bad card count")
        count = int(count_text)
        if count < 1:
            raise MoveSyntaxError(f"cannot read move {_short(text)}: bad card count {count}")
    return Move.transfer(pile_index[src_name], pile_index[dst_name], count)


def _short(text: str) -> str:
    """``text`` quoted, cut to a readable length."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")
