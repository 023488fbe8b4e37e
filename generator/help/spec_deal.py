"""The cards dealt to each Tableau pile, in the words of a shape the deal reader knows
(`generator/prose/deal.py`), so a page written from a spec reads back to the same deal."""

from __future__ import annotations

from generator.help.spec_words import cards, number
from generator.prose.numbers import ORDINAL_WORDS
from generator.spec.model import Face


def tableau_deal(down: tuple[int, ...], up: tuple[int, ...], faces: tuple[Face, ...]) -> str:
    """The cards dealt to each Tableau pile, in the words of a shape the reader knows
    (`generator/prose/deal.py`); any other deal is listed pile by pile."""
    sizes = [d + u for d, u in zip(down, up, strict=True)]
    count = len(sizes)
    top_up = all(n == 1 for n in up) and any(down)
    all_up = not any(down)
    faces_said = " Only the top card of each pile is face up." if top_up else ""
    if faces_said or all_up:
        faces_said = faces_said or " All cards are dealt face up."
    if 0 < len(faces) <= len(ORDINAL_WORDS):
        return f" The cards are dealt in {number(len(faces))} rows across all the piles. " + (
            _face_rows(faces)
        )
    if count > 2 and sizes == list(range(1, count + 1)) and faces_said:
        return (
            " The first pile gets one card, the second two, and so on up to"
            f" {number(count)} cards in the last pile.{faces_said}"
        )
    if count > 2 and sizes == list(range(count, 0, -1)) and top_up:
        return (
            f" Deal one card face down to all {number(count)} piles, then one card to the first"
            f" {number(count - 1)} piles, and so on until there are {number(count)} cards in the"
            f" first pile.{faces_said}"
        )
    if (
        2 < count <= len(ORDINAL_WORDS)
        and list(down) == list(range(count))
        and up[0] == 1
        and len(set(up[1:])) == 1
    ):
        return (
            f" The first pile is a single face-up card. The other {number(count - 1)} piles start"
            " with a staircase of face-down cards, one in the second pile, two in the third and"
            f" so on up to {number(count - 1)} in the {ORDINAL_WORDS[count - 1]}, and each of"
            f" them is topped by {number(up[1])} face-up card{'s' if up[1] != 1 else ''}."
        )
    if sizes and all(n == sizes[0] for n in sizes):
        if all_up:
            return f" {cards(sizes[0]).capitalize()} are dealt face up to each pile."
        if len(set(down)) == 1:
            return (
                f" {cards(down[0]).capitalize()} face down and {cards(up[0])} face up on"
                " every pile."
            )
    values = sorted(set(sizes), reverse=True)
    if len(values) == 2 and faces_said and count <= len(ORDINAL_WORDS):
        big, small = values
        first = [i + 1 for i, n in enumerate(sizes) if n == big]
        others = count - len(first)
        if first == list(range(1, len(first) + 1)):
            named = f"first {number(len(first))}"
            if all_up and small:
                return (
                    f" The whole deck is dealt face up, {cards(big)} each in the {named} piles"
                    f" and {cards(small)} each in the last {number(others)} piles."
                )
        else:
            names = [ORDINAL_WORDS[i - 1] for i in first]
            named = ", ".join(names[:-1]) + " and " + names[-1]
        rest = f"get {number(small)} each" if small else "start empty"
        return (
            f" The {named} piles get {cards(big)} each and the other {number(others)} piles"
            f" {rest}.{faces_said}"
        )
    if len(set(sizes)) == 1 and sorted(set(down)) in ([0, down[0]], [down[-1], 0]):
        downs = [i for i, d in enumerate(down) if d]
        if downs == list(range(len(downs))) and len(set(up[: len(downs)])) == 1:
            return (
                f" Piles of {cards(sizes[0])}. In the first {number(len(downs))} piles the"
                f" bottom {number(down[0])} cards are face down and the top {number(up[0])} face"
                f" up. The last {number(count - len(downs))} piles are dealt entirely face up."
            )
    rows = sizes[0] if sizes else 0
    if (
        count > 1
        and list(down) == [min(i, count - 1 - i, rows) for i in range(count)]
        and all(n == rows for n in sizes)
    ):
        return (
            f" {number(rows * count, True)} cards are dealt in {number(rows)} rows of"
            f" {number(count)}. In the first row only the first and last cards are face up, and"
            " each later row has one more face-up card at each end."
        )
    middle = _more_in_the_middle(down, up)
    if middle:
        return middle
    return (
        " The piles are dealt "
        + ", ".join(str(n) for n in sizes)
        + " cards, of which "
        + ", ".join(str(n) for n in up)
        + " are face up."
    )


def _more_in_the_middle(down: tuple[int, ...], up: tuple[int, ...]) -> str:
    """Odessa's shape: rows face down and face up across every pile, then more face-up rows
    on the middle piles only."""
    count = len(down)
    if count < 3 or len(set(down)) != 1 or not down[0]:
        return ""
    more = [i for i, n in enumerate(up) if n != up[0]]
    if not more or len({up[i] for i in more}) != 1 or up[more[0]] < up[0]:
        return ""
    side = more[0]
    if more != list(range(side, count - side)):
        return ""
    return (
        f" {number(down[0], True)} rows go face down across all {number(count)} piles, then"
        f" {number(up[0])} rows face up on top of them. {number(up[side] - up[0], True)} more"
        f" face-up rows go on the {number(len(more))} middle piles only."
    )


def _face_rows(faces: tuple[Face, ...]) -> str:
    """'The first and third rows are face down; the second and fourth rows are face up.'"""
    parts = []
    for face in (Face.DOWN, Face.UP):
        rows = [ORDINAL_WORDS[i] for i, f in enumerate(faces) if f is face]
        names = " and ".join([", ".join(rows[:-1]), rows[-1]] if len(rows) > 1 else rows)
        parts.append(f"{names} row{'s are' if len(rows) > 1 else ' is'} face {face.value}")
    return "The " + "; the ".join(parts) + "."
