"""Move text and deal codes: unreadable text is a MoveSyntaxError / DealCodeError with a short
message, never another exception (issue 12, point 8)."""

from __future__ import annotations

import pytest

from runtime.engine import DealCodeError, MoveSyntaxError, from_deal_code, new_game

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text",
    ["t1>f1x\u00b2", "t1>f1x\u0663", f"t1>f1x{HUGE}", "t1>f1x", "t1>f1x0", "t1>f1x-1", "t1>", ""],
)
def test_unreadable_move_text(text: str) -> None:
    state = new_game("seahaven", None, 3)
    with pytest.raises(MoveSyntaxError) as caught:
        state.parse_move(text)
    assert len(str(caught.value)) < 200


def test_move_text_round_trips() -> None:
    state = new_game("seahaven", None, 3)
    for move in state.legal_moves():
        assert state.parse_move(state.move_text(move)) == move
    assert state.parse_move("T1>F1X1") == state.parse_move("t1>f1")


@pytest.mark.parametrize("code", ["seahaven-\u00b2", f"seahaven-{HUGE}", "seahaven--1"])
def test_unreadable_deal_codes(code: str) -> None:
    with pytest.raises(DealCodeError) as caught:
        from_deal_code(code)
    assert len(str(caught.value)) < 200
