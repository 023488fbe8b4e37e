"""The tableau deal: cards per pile, face down and face up, and the pyramid layout.

"Deal card face up in first pile. Place one card face down on all other piles ... until there
are seven cards in last pile", "five cards to each pile", "three cards face down and one card
face up on every pile", "seven overlapping rows ... pyramid", "seven cards in each of the first
four piles and six cards in the last four piles", a staircase of face-down cards "topped by
five face-up cards", "the first, fourth, seventh and tenth piles get six cards each", "in the
first four piles the bottom three cards are face down", "the first and third rows are face down".
"""

from __future__ import annotations

import re

from .numbers import NUM, ORD, number, ordinal
from .text import Hit, words

_I = re.IGNORECASE
_PYRAMID = re.compile(rf"\b({NUM})\s+overlapping\s+rows\b.*?\bpyramid\b", _I)
_NOT_PLAIN_PYRAMID = re.compile(r"\binverted\b|\btriangles?\b", _I)
_FLIP_BOTTOM = re.compile(r"\bflip\s+(?:the\s+)?bottom\s+row\b", _I)
_KLONDIKE = re.compile(
    r"\bface\s+up\s+in\s+(?:the\s+)?first\s+pile\b.*?\bface\s+down\s+on\s+all\s+(?:the\s+)?other"
    rf"\s+piles\b.*?\buntil\s+there\s+are\s+({NUM})\s+cards\s+in\s+(?:the\s+)?last\s+pile\b",
    _I,
)
_STAIRS = re.compile(
    r"\bfirst\s+pile\s+(?:gets|holds|has)\s+one\s+card,\s+the\s+second\s+two\b"
    r"|\bone\s+card\s+in\s+the\s+first\s+pile,\s+two\s+in\s+the\s+second\b"
    r"|\bnext\s+row\s+skip\s+the\s+first\s+pile\b|\bstart\s+the\s+second\s+row\s+on\s+the\s+second"
    r"|\bone\s+card\s+face\s+down\s+on\s+all\s+\w+\s+piles,\s+then\s+one\s+on\s+the\s+last\b",
    _I,
)
_SERIES = re.compile(
    rf"\b({NUM})\s+cards?\s+in\s+the\s+first\s+pile,\s+({NUM})\s+in\s+the\s+second\b", _I
)
_TOP_UP = re.compile(
    r"\bonly\s+the\s+top\s+card\s+(?:of|in|on)\s+(?:each|every)\s+pile\s+is\s+face\s+up\b"
    r"|\b(?:flip|turn)\s+up\s+the\s+top\s+card\s+(?:of|on|in)\s+(?:each|every)\s+pile\b"
    r"|\btop\s+card\s+in\s+every\s+pile\s+is\s+then\s+flipped\s+up\b"
    r"|\bflip\s+the\s+last\s+card\s+dealt\s+on\s+each\s+pile\b",
    _I,
)
# Jumbo: "Deal one card face down to all nine piles, then one card to first eight piles,
# followed by one card to first seven piles, etc. until there are nine cards in the first
# pile": nine cards in the first pile down to one in the last.
_SHRINKING = re.compile(
    rf"\bone\s+card\s+(?:face\s+down\s+)?to\s+all\s+({NUM})\s+piles,?\s+then\s+one\s+card\s+"
    rf"to\s+(?:the\s+)?first\s+({NUM})\s+piles\b.*?\buntil\s+there\s+are\s+({NUM})\s+cards\s+"
    r"in\s+the\s+first\s+pile\b",
    _I,
)
_ALL_UP = re.compile(
    r"\ball\s+(?:the\s+)?cards\s+are\s+(?:dealt\s+)?face\s+up\b|\bdeal\s+all\s+cards\s+face\s+up\b"
    r"|\ball\s+face\s+up\b",
    _I,
)
_DOWN_AND_UP = re.compile(
    rf"\b({NUM})\s+(?:cards?|rows?)\s+face\s+down\s+(?:and|followed\s+by)\s+({NUM})\s+"
    r"(?:cards?|rows?)\s+face\s+up\s+(?:on|in|for|to)\s+(?:every|each|all)\b"
    rf"|\bdeal\s+({NUM})\s+rows\s+face\s+down\s+and\s+({NUM})\s+rows?\s+face\s+up\b",
    _I,
)
_EACH = re.compile(
    rf"\b({NUM}|a)\s+cards?\s+(?:are\s+|is\s+)?(?:dealt\s+)?face\s+up\s+"
    r"(?:on\s+to|onto|on|in|to|per)\s+(?:each|every|all\s+\w+)\s*"
    rf"(?:of\s+the\s+(?:{NUM}\s+)?)?(?:\w+\s+)?(?:piles?|slots?)\b"
    rf"|\b(?:pile\s+is\s+dealt)\s+({NUM})\s+cards?\s+face\s+up\b"
    rf"|\b({NUM})\s+cards\s+(?:each\s+)?(?:to|in)\s+each\s+(?:of\s+the\s+)?(?:piles?|slots?)\b"
    rf"|\bwith\s+({NUM})\s+in\s+each\s+(?:pile|slot)\b"
    rf"|\bpiles\s+of\s+({NUM})\s+cards\s+each\b"
    rf"|\bdeal\s+({NUM})\s+rows\s+face\s+up\b",
    _I,
)
_LAST_ROW_UP = re.compile(
    rf"\bpiles\s+of\s+({NUM})\s+cards\s+each,\s+with\s+the\s+last\s+row\s+(?:of\s+cards\s+)?face\s+up",
    _I,
)
_SPLIT = re.compile(
    rf"\b({NUM})\s+cards\s+(?:each\s+)?in\s+(?:each\s+of\s+)?the\s+first\s+({NUM})\s+(?:piles|slots)"
    rf"\s+and\s+({NUM})\s+cards\s+(?:each\s+)?in\s+the\s+last\s+({NUM})\s+(?:piles|slots)\b",
    _I,
)
# "seven cards in each pile on the left flank and six cards in each pile on the right flank"
# (Aisleriot's Streets and Alleys): each flank is half the piles.
_FLANKS = re.compile(
    rf"\b({NUM})\s+cards\s+in\s+each\s+pile\s+on\s+the\s+left\s+flank\s+and\s+({NUM})\s+"
    r"cards\s+in\s+each\s+pile\s+on\s+the\s+right\s+flank\b",
    _I,
)
# Words that make a deal irregular: "one more on the top two piles", "the top pile of each
# side gets a sixth", "an extra card".
_IRREGULAR = re.compile(
    r"\bmore\b|\bexcept\b|\brest\s+of\s+the\s+cards\b|\bremove\b|\bextra\b"
    rf"|\b(?:gets?|receives?)\s+an?\s+{ORD}\b",
    _I,
)


# "Any King that lands on top of another card during the deal goes to the bottom of its pile"
_KINGS_BOTTOM = re.compile(
    r"\bkings?\s+(?:that\s+lands?\s+on\s+(?:top\s+of\s+)?another\s+card\s+)?(?:during\s+the\s+deal\s+)?"
    r"(?:goes|go|is\s+moved|are\s+moved)\s+to\s+the\s+bottom\s+of\s+(?:its|their)\s+"
    r"(?:respective\s+)?piles?\b",
    _I,
)


def kings_to_bottom(text: str) -> list[Hit]:
    match = _KINGS_BOTTOM.search(text)
    return [Hit("tableau.kings_to_bottom", True, words(match))] if match else []


def _n(text: str | None) -> int:
    value = 1 if (text or "").lower() in ("a", "an") else number(text or "")
    return -1 if value is None else value


def pyramid(text: str) -> list[Hit]:
    match = _PYRAMID.search(text)
    if not match or _NOT_PLAIN_PYRAMID.search(text):
        return []
    rows = _n(match.group(1))
    count = rows * (rows + 1) // 2
    down_up = _faces_of_pyramid(text, rows, count)
    if rows < 1 or down_up is None:
        return []
    phrase = words(match)
    return [
        Hit("tableau.count", count, phrase),
        Hit("tableau.layout", "pyramid", phrase),
        Hit("tableau.face_down", down_up[0], phrase),
        Hit("tableau.face_up", down_up[1], phrase),
    ]


def _faces_of_pyramid(text: str, rows: int, count: int) -> tuple[list[int], list[int]] | None:
    face_down = re.search(r"\bface\s+down\b", text, _I)
    if re.search(r"\bface\s+up\b", text, _I) and not face_down:
        return [0] * count, [1] * count
    if face_down and _FLIP_BOTTOM.search(text):
        hidden = count - rows
        return [1] * hidden + [0] * rows, [0] * hidden + [1] * rows
    return None


def piles(text: str, count: int) -> list[Hit]:
    """Face-down and face-up cards per pile for a fan tableau of `count` piles."""
    shapes = (
        _from_the_ends,
        _more_in_the_middle,
        _klondike,
        _stairs,
        _uniform,
        _split,
        _staircase,
        _named,
        _first_and_last,
        _rows,
        _first_rest,
    )
    for shape in shapes:
        found = shape(text, count)
        if found is not None:
            down, up, phrase, rows = found
            if (
                len(down) == len(up) == count
                and all(n >= 0 for n in down + up)
                and _holds(text, down, up)
            ):
                hits = [Hit("tableau.face_down", down, phrase), Hit("tableau.face_up", up, phrase)]
                return [*hits, Hit("tableau.face_rows", rows, phrase)] if rows else hits
            return []
    return []


# (face_down, face_up, phrase, face of each row from the bottom or [] when not stated)
Shape = tuple[list[int], list[int], str, list[str]] | None
_HOLDING = re.compile(rf"\bpiles\s+holding\s+({NUM})\s+cards\b", _I)


def _holds(text: str, down: list[int], up: list[int]) -> bool:
    """ "Ten piles holding 54 cards": a stated total must match the deal."""
    holding = _HOLDING.search(text)
    return holding is None or _n(holding.group(1)) == sum(down) + sum(up)


def _klondike(text: str, count: int) -> Shape:
    match = _KLONDIKE.search(text)
    if not match or _IRREGULAR.search(text) or _n(match.group(1)) != count:
        return None
    return list(range(count)), [1] * count, words(match), []


def _stairs(text: str, count: int) -> Shape:
    series = _SERIES.search(text)
    if series:
        first, second = _n(series.group(1)), _n(series.group(2))
        sizes = [first + i * (second - first) for i in range(count)]
        match: re.Match[str] = series
    elif shrinking := _SHRINKING.search(text):
        every, then, first = (_n(g) for g in shrinking.groups())
        if not every == count == first == then + 1:
            return None
        sizes, match = list(range(count, 0, -1)), shrinking
    else:
        stairs = _STAIRS.search(text)
        if not stairs:
            return None
        sizes, match = list(range(1, count + 1)), stairs
    if _IRREGULAR.search(text):
        return None
    if _TOP_UP.search(text):
        return [s - 1 for s in sizes], [1] * count, words(match), []
    all_up = _ALL_UP.search(text) or not re.search(r"\bface\s+down\b", text, _I)
    if all_up and re.search(r"\bface\s+up\b", text, _I):
        return [0] * count, sizes, words(match), []
    return None


def _uniform(text: str, count: int) -> Shape:
    if _IRREGULAR.search(text) or _SPLIT.search(text) or _FLANKS.search(text):
        return None
    both = _DOWN_AND_UP.search(text)
    if both:
        down, up = (_n(g) for g in (both.group(1) or both.group(3), both.group(2) or both.group(4)))
        return [down] * count, [up] * count, words(both), []
    last_row = _LAST_ROW_UP.search(text)
    if last_row:
        size = _n(last_row.group(1))
        return [size - 1] * count, [1] * count, words(last_row), []
    each = _EACH.search(text)
    if not each or re.search(r"\bface\s+down\b", text, _I):
        return None
    if not re.search(r"\bface\s+up\b", text, _I):
        return None
    size = _n(next(g for g in each.groups() if g))
    return [0] * count, [size] * count, words(each), []


def _split(text: str, count: int) -> Shape:
    if not re.search(r"\bface\s+up\b", text, _I):
        return None
    flanks = _FLANKS.search(text)
    if flanks and count % 2 == 0:
        a, b = (_n(g) for g in flanks.groups())
        return [0] * count, [a] * (count // 2) + [b] * (count // 2), words(flanks), []
    match = _SPLIT.search(text)
    if not match:
        return None
    a, p, b, q = (_n(g) for g in match.groups())
    if p + q != count:
        return None
    return [0] * count, [a] * p + [b] * q, words(match), []


# Yukon: "The first pile is a single face-up card. The other six piles start with a staircase of
# face-down cards, one in the second pile, two in the third and so on up to six in the seventh,
# and each of them is topped by five face-up cards."
_STAIRCASE = re.compile(
    r"\bfirst\s+pile\s+is\s+a\s+single\s+face[\s-]up\s+card\b.*?"
    rf"\bother\s+({NUM})\s+piles\s+start\s+with\s+a\s+staircase\s+of\s+face[\s-]down\s+cards,"
    r"\s+one\s+in\s+the\s+second\s+pile,\s+two\s+in\s+the\s+third\s+and\s+so\s+on\s+up\s+to\s+"
    rf"({NUM})\s+in\s+the\s+({ORD})\b.*?\btopped\s+by\s+({NUM})\s+face[\s-]up\s+cards\b",
    _I,
)


def _staircase(text: str, count: int) -> Shape:
    match = _STAIRCASE.search(text)
    if not match or _IRREGULAR.search(text):
        return None
    others, top, last, up = (
        _n(match.group(1)),
        _n(match.group(2)),
        match.group(3),
        _n(match.group(4)),
    )
    if others != count - 1 or top != count - 1 or ordinal(last) != count or up < 1:
        return None
    return list(range(count)), [1] + [up] * (count - 1), words(match), []


_ORDINAL_LIST = rf"{ORD}(?:\s*,\s*{ORD})*,?\s+and\s+{ORD}"
# Spider: "The first, fourth, seventh and tenth piles get six cards each and the other six piles
# get five each."
# Spider Three Decks (ours): "The first six piles get five cards each and the other six piles
# get four each."
# Terrace (ours): "The first four piles get one card each and the other five piles start
# empty."
_NAMED = re.compile(
    rf"\bthe\s+({_ORDINAL_LIST}|first\s+{NUM})\s+piles\s+(?:get|hold|have)\s+({NUM})\s+cards?\s+each\s+and\s+"
    rf"the\s+other\s+({NUM})\s+piles\s+(?:(?:get|hold|have)\s+({NUM})(?:\s+cards)?\s+each|start\s+empty)\b",
    _I,
)


def _ordinals(words: str) -> list[int]:
    return [ordinal(word) or 0 for word in re.findall(ORD, words, _I)]


def _named(text: str, count: int) -> Shape:
    match = _NAMED.search(text)
    if not match or _IRREGULAR.search(text):
        return None
    first = re.fullmatch(rf"first\s+({NUM})", match.group(1), _I)
    named = list(range(1, _n(first.group(1)) + 1)) if first else _ordinals(match.group(1))
    size, others = _n(match.group(2)), _n(match.group(3))
    rest = _n(match.group(4)) if match.group(4) else 0
    if len(set(named)) != len(named) or not all(1 <= i <= count for i in named):
        return None
    if len(named) + others != count:
        return None
    sizes = [size if i + 1 in named else rest for i in range(count)]
    if _TOP_UP.search(text):
        return [s - 1 for s in sizes], [1] * count, words(match), []
    if _ALL_UP.search(text) and not re.search(r"\bface\s+down\b", text, _I):
        return [0] * count, sizes, words(match), []
    return None


# Scorpion: "Seven piles of seven cards ... In the first four piles the bottom three cards are
# face down and the top four face up. The last three piles are dealt entirely face up."
_PILES_OF = re.compile(rf"\bpiles\s+of\s+({NUM})\s+cards\b", _I)
_FIRST_DOWN_UP = re.compile(
    rf"\bin\s+the\s+first\s+({NUM})\s+piles\s+the\s+bottom\s+({NUM})\s+cards\s+are\s+face\s+down\s+"
    rf"and\s+the\s+top\s+({NUM})(?:\s+cards)?\s+(?:are\s+)?face\s+up\b",
    _I,
)
_LAST_ALL_UP = re.compile(
    rf"\bthe\s+last\s+({NUM})\s+piles\s+are\s+(?:dealt\s+)?(?:entirely|all)\s+face\s+up\b", _I
)


def _first_and_last(text: str, count: int) -> Shape:
    first, last, size = (
        _FIRST_DOWN_UP.search(text),
        _LAST_ALL_UP.search(text),
        _PILES_OF.search(text),
    )
    if not (first and last and size) or _IRREGULAR.search(text):
        return None
    p, down, up = (_n(g) for g in first.groups())
    q, cards = _n(last.group(1)), _n(size.group(1))
    if p + q != count or down + up != cards or min(p, q, down, up) < 1:
        return None
    phrase = f"{words(first)}; {words(last)}"
    return [down] * p + [0] * q, [up] * p + [cards] * q, phrase, []


# Athena: "Seven piles of four cards, dealt in four rows across all the piles. The first and third
# rows are face down; the second and fourth rows are face up." Aisleriot: "Four rows, the first
# row is face down, the second row is face up, ... and the fourth and final row is face up."
_ROW_FACES = re.compile(
    rf"\bthe\s+({_ORDINAL_LIST}|{ORD})(?:\s+and\s+final)?\s+rows?\s+(?:are|is)\s+face\s+(down|up)\b",
    _I,
)
_ROW_COUNT = re.compile(rf"\b({NUM})\s+rows\b", _I)


def _rows(text: str, count: int) -> Shape:
    faces: dict[int, str] = {}
    matches = list(_ROW_FACES.finditer(text))
    for match in matches:
        for row in _ordinals(match.group(1)):
            if row in faces:
                return None
            faces[row] = match.group(2).lower()
    if not matches or _IRREGULAR.search(text):
        return None
    stated = {_n(m.group(1)) for m in _ROW_COUNT.finditer(text)}
    size = _PILES_OF.search(text)
    if size:
        stated.add(_n(size.group(1)))
    if len(stated) != 1 or sorted(faces) != list(range(1, len(faces) + 1)):
        return None
    if stated.pop() != len(faces):
        return None
    rows = [faces[i] for i in sorted(faces)]
    down = rows.count("down")
    phrase = "; ".join(words(m) for m in matches)
    return [down] * count, [len(rows) - down] * count, phrase, rows


# Aisleriot: "Four piles (piles 1, 4, 7, and 10) get dealt 5 cards down and one card up while
# rest of the piles get dealt 4 cards down and one card up" (Spider); "The first six piles get
# dealt ..." (Spider Three Decks); "The first four piles will each have five cards while the
# other piles will all have four cards" (Fourteen, all face up).
_FIRST_REST_FACES = re.compile(
    rf"\b(?:the\s+first\s+({NUM})\s+piles|({NUM})\s+piles\s+\(piles\s+(\d+(?:\s*,\s*\d+)*,?\s+and\s+\d+)\))"
    rf"\s+get\s+dealt\s+({NUM})\s+cards?\s+down\s+and\s+({NUM})\s+cards?\s+up\s+while\s+(?:the\s+)?"
    rf"rest\s+of\s+the\s+piles\s+get\s+dealt\s+({NUM})\s+cards?\s+down\s+and\s+({NUM})\s+cards?\s+up\b",
    _I,
)
_FIRST_REST_SIZES = re.compile(
    rf"\bthe\s+first\s+({NUM})\s+piles\s+will\s+each\s+have\s+({NUM})\s+cards\s+while\s+the\s+other\s+"
    rf"piles\s+will\s+all\s+have\s+({NUM})\s+cards\b",
    _I,
)


def _first_rest(text: str, count: int) -> Shape:
    faces = _FIRST_REST_FACES.search(text)
    if faces and not _IRREGULAR.search(text):
        if faces.group(1):
            first = list(range(1, _n(faces.group(1)) + 1))
        else:
            first = [int(d) for d in re.findall(r"\d+", faces.group(3))]
            if len(first) != _n(faces.group(2)):
                return None
        if len(set(first)) != len(first) or not all(1 <= i <= count for i in first):
            return None
        if len(first) >= count:
            return None
        d1, u1, d2, u2 = (_n(faces.group(i)) for i in range(4, 8))
        down = [d1 if i + 1 in first else d2 for i in range(count)]
        up = [u1 if i + 1 in first else u2 for i in range(count)]
        return down, up, words(faces), []
    sizes = _FIRST_REST_SIZES.search(text)
    if not sizes or _IRREGULAR.search(text) or re.search(r"\bface\s+down\b", text, _I):
        return None
    if not re.search(r"\bface\s+up\b", text, _I):
        return None
    p, a, b = (_n(g) for g in sizes.groups())
    if not 0 < p < count:
        return None
    return [0] * count, [a] * p + [b] * (count - p), words(sizes), []


# Ten Across: rows across every pile whose face-up cards grow in from both ends. Ours: "Fifty
# cards are dealt in five rows ... In the first row only the first and last cards are face up,
# and each later row has one more face-up card at each end"; Aisleriot: "place 10 cards across
# ... with the first and last cards face up ... Continue this pattern (reversed and one more
# card each pass) until 50 cards have been placed".
_ENDS_UP = re.compile(
    r"\bfirst\s+and\s+last\s+cards?\s+(?:are\s+|placed\s+)?face\s+up\b.*?\bone\s+more\b", _I | re.S
)
_ENDS_ROWS = re.compile(
    rf"\b({NUM})\s+rows\b|\buntil\s+({NUM})\s+cards\s+have\s+been\s+placed\b", _I
)


def _from_the_ends(text: str, count: int) -> Shape:
    """Row r (from 1) turns up the first r and last r cards: a pile's face-down cards are the
    rows before it is reached from its nearer end, all at the bottom."""
    ends = _ENDS_UP.search(text)
    sizes = {
        _n(m.group(1)) if m.group(1) else _n(m.group(2)) // count if count else -1
        for m in _ENDS_ROWS.finditer(text)
    }
    if not ends or len(sizes) != 1 or count < 2:
        return None
    rows = sizes.pop()
    if rows < 1:
        return None
    down = [min(i, count - 1 - i, rows) for i in range(count)]
    return down, [rows - d for d in down], words(ends), []


# Odessa: rows across every pile, then more rows on the middle piles only. Ours: "Three rows
# go face down across all seven piles, then three rows face up on top of them. Two more
# face-up rows go on the five middle piles only"; Aisleriot: "Deal three rows face down
# followed by three rows face up. Then deal two more rows face up in the middle five piles."
_MORE_IN_MIDDLE = re.compile(
    rf"\b({NUM})\s+rows\s+(?:go\s+)?face\s+down\b.*?\b({NUM})\s+rows\s+face\s+up\b.*?"
    rf"\b({NUM})\s+more\s+(?:face[- ]up\s+)?rows\s+(?:go\s+|face\s+up\s+)?(?:on|in)\s+the\s+"
    rf"(?:({NUM})\s+middle|middle\s+({NUM}))\s+piles\b",
    _I | re.S,
)


def _more_in_the_middle(text: str, count: int) -> Shape:
    match = _MORE_IN_MIDDLE.search(text)
    if not match:
        return None
    down, up, more = (_n(match.group(i)) for i in (1, 2, 3))
    middle = _n(match.group(4) or match.group(5))
    side, odd = divmod(count - middle, 2)
    if min(down, up, more, middle, side) < 0 or odd:
        return None
    extra = [0] * side + [more] * middle + [0] * side
    return [down] * count, [up + e for e in extra], words(match), []
