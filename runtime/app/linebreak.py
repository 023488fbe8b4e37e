"""Line breaking for Japanese text. No Kivy here.

Kivy's text layout breaks a line only at a space; a word wider than the line is cut between
any two characters. Japanese has no spaces between words, so a Kivy label cuts it anywhere:
before "。" (leaving it alone on a line), inside a word, between a numeral and its counter.

`wrap` puts the line breaks in itself, at the phrase boundaries found by BudouX (Google's
phrase segmenter for Japanese, the model behind Chrome's ``word-break: auto-phrase``): a
line never ends in the middle of a phrase such as "1枚ずつ" or "置きます。". Only a phrase
wider than a whole line is split inside, into even pieces, and never before a character
that may not start a line (kinsoku: "。", "、", small kana, "ー", closing brackets).

The caller measures: ``measure(text)`` is the drawn width of ``text`` in the label's font.
Text without Japanese characters is returned unchanged, for Kivy to wrap at its spaces.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import cache

# Hiragana, katakana, CJK ideographs and punctuation, full-width forms.
_JAPANESE = re.compile("[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")

# Characters a line may not start with (JIS X 4051 "gyoto kinsoku", the usual subset).
NO_LINE_START = frozenset(
    "、。，．,.:;?!・：；？！ー～…‥)]}）］｝〕〉》」』】〙〗〟’”"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻゛゜ゝゞヽヾ"
)


def needs_phrasing(text: str) -> bool:
    """Whether ``text`` has Japanese in it (and so needs `wrap` to break well)."""
    return _JAPANESE.search(text) is not None


@cache
def _parser() -> object:
    import budoux  # loaded on the first Japanese text only: nothing for other languages

    return budoux.load_default_japanese_parser()


def phrases(text: str) -> list[str]:
    """``text`` cut into the phrases a line may break between: BudouX's phrases, cut
    again after each space, and joined back wherever a phrase would start with a
    character that may not start a line."""
    pieces: list[str] = []
    for phrase in _parser().parse(text):  # type: ignore[attr-defined]
        for piece in re.split(r"(?<= )(?=\S)", phrase):
            if pieces and not _can_break(pieces[-1][-1], piece[0]):
                pieces[-1] += piece
            else:
                pieces.append(piece)
    return pieces


def _can_break(before: str, after: str) -> bool:
    """Whether a line may end between these two characters: not before a character that
    may not start a line, nor after a digit or Latin letter that the next one continues
    ("24枚", "Ace")."""
    if after in NO_LINE_START:
        return False
    return not (before.isascii() and before.isalnum() and after.isalnum())


def _greedy(phrase: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """As many characters on each line as fit, the break moved back to the nearest place
    `_can_break` allows (or, if there is none on the line, forward past its end)."""
    lines: list[str] = []
    line = ""
    for ch in phrase:
        if not line or measure(line + ch) <= width:
            line += ch
            continue
        text = line + ch
        keep = len(line)
        while keep > 0 and not _can_break(text[keep - 1], text[keep]):
            keep -= 1
        if keep == 0:  # no break allowed on this line: the characters hang past its end
            line = text
        else:
            lines.append(line[:keep])
            line = text[keep:]
    return [*lines, line]


def _split_long(phrase: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """A phrase wider than the line: in as few pieces as the greedy split needs, but of
    even length where they fit ("最短" / "時間" rather than "最短時" / "間")."""
    greedy = _greedy(phrase, width, measure)
    count = len(greedy)
    cuts = [round(len(phrase) * i / count) for i in range(count + 1)]
    for i in range(1, count):
        while cuts[i] > cuts[i - 1] + 1 and not _can_break(phrase[cuts[i] - 1], phrase[cuts[i]]):
            cuts[i] -= 1
    pieces = [phrase[a:b] for a, b in itertools.pairwise(cuts)]
    fits = all(pieces) and all(measure(p) <= width for p in pieces)
    if fits and all(_can_break(a[-1], b[0]) for a, b in itertools.pairwise(pieces)):
        return pieces
    return greedy


def wrap(text: str, width: float, measure: Callable[[str], float]) -> str:
    """``text`` with a newline wherever a line of at most ``width`` must end, at phrase
    boundaries; existing newlines are kept. Text without Japanese comes back unchanged."""
    if width <= 0 or not needs_phrasing(text):
        return text
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for phrase in phrases(paragraph) if paragraph else []:
            if measure(line + phrase) <= width:
                line += phrase
                continue
            if line.strip():
                out.append(line.rstrip())
            line = phrase.lstrip()
            if measure(line) > width:
                *full, line = _split_long(line, width, measure)
                out.extend(full)
        out.append(line.rstrip())
    return "\n".join(out)
