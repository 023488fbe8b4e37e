"""Japanese line breaking (runtime/app/linebreak.py), without Kivy: a full-width character
is two units wide and an ASCII one one unit, as in a CJK font."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from runtime.app.linebreak import NO_LINE_START, needs_phrasing, phrases, wrap

pytest.importorskip("budoux")

ROOT = Path(__file__).resolve().parents[2]
COUNTERS = set("枚列回段点組つ")


def measure(text: str) -> int:
    return sum(1 if ord(ch) < 0x80 else 2 for ch in text)


STOCK = (
    "左上。場札を配り終えて残った24枚のカードを置きます。"
    "カードは1枚ずつ捨て札にめくります。山札の配り直しは2回までです。"
)


def test_breaks_between_phrases_never_inside_a_numeral_and_its_counter() -> None:
    lines = wrap(STOCK, 20, measure).split("\n")
    assert "".join(lines) == STOCK
    assert all(measure(line) <= 20 for line in lines)
    # The cases: "1" / "枚ずつ", "4" / "列" and "。" alone on a line.
    assert not any(line[0] in NO_LINE_START for line in lines)
    for counted in ("24枚の", "1枚ずつ", "2回までです。"):
        assert any(counted in line for line in lines), (counted, lines)
    assert lines == [
        "左上。場札を",
        "配り終えて残った",
        "24枚のカードを",
        "置きます。カードは",
        "1枚ずつ捨て札に",
        "めくります。山札の",
        "配り直しは",
        "2回までです。",
    ]


def test_a_phrase_wider_than_the_line_is_split_evenly_and_not_before_kinsoku() -> None:
    # The phone statistics header: "最…間" before; now two lines.
    assert wrap("最短時間", 6, measure) == "最短\n時間"
    assert wrap("コーヒーショップ", 4, measure) == "コー\nヒー\nショッ\nプ"  # "ョッ" may not start
    assert wrap("コーヒーショップ", 8, measure) == "コーヒー\nショップ"


def test_text_without_japanese_is_left_to_kivy() -> None:
    text = "Top left. Holds the 24 cards left over after the Tableau is dealt."
    assert not needs_phrasing(text)
    assert wrap(text, 10, measure) == text
    assert (
        wrap("Слева вверху. Содержит 24 карты.", 10, measure) == "Слева вверху. Содержит 24 карты."
    )


def test_newlines_kept_and_lines_trimmed() -> None:
    assert wrap("山札の隣。\n最初は空です。", 100, measure) == "山札の隣。\n最初は空です。"
    assert (
        wrap("3枚めくり: 山札から一度に3枚めくります。", 14, measure).split("\n")[0] == "3枚めくり:"
    )


def test_every_paragraph_of_the_japanese_help_wraps_cleanly() -> None:
    texts = []
    for path in sorted((ROOT / "generated/help/ja").glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        texts += [p for s in doc["sections"] for p in s["paragraphs"]]
        texts += [row["text"] for row in doc["setup"]]
    texts = [text for text in texts if needs_phrasing(text)]  # not an English fallback
    assert len(texts) > 200
    for text in texts:
        for width in (16, 24, 40):
            lines = wrap(text, width, measure).split("\n")
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert all(measure(line) <= width for line in lines), lines
            assert not any(line and line[0] in NO_LINE_START for line in lines), lines
            # No line break between a numeral and what it counts.
            pairs = itertools.pairwise(lines)
            assert not any(a[-1:].isdigit() and b[:1] in COUNTERS for a, b in pairs), lines
    assert phrases("右上に4列。") == ["右上に", "4列。"]
