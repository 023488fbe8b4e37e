"""Hint, best undo point, auto-finish, and the winnable-deals cache."""

from __future__ import annotations

import json
import time
from pathlib import Path

from runtime.engine import State, new_game
from runtime.engine.cards import FACE_DOWN, parse_card
from runtime.solver import HintResult, Verdict, WinnableDeals, forced_finish, solver_hint
from runtime.solver import hint as hint_module
from tests.solver.test_search import place


def test_hint_follows_a_winning_line() -> None:
    state = new_game("seahaven", None, 1)
    for _ in range(5):
        result = solver_hint(state, time_limit=5.0)  # a verdict even on a busy machine
        assert result.verdict is Verdict.WINNABLE and result.move is not None
        state.play(result.move)
    # Following the hints stays on a cached line: instant.
    started = time.perf_counter()
    assert solver_hint(state).verdict is Verdict.WINNABLE
    assert time.perf_counter() - started < 0.05


def escalator(pyramid: dict[str, str], stock: str, waste_top: str) -> State:
    """An Escalator position: named pyramid cards and stock, every other card in the waste."""
    state = new_game("escalator", None, 0)
    index = state.layout.index
    piles: list[tuple[int, ...]] = [() for _ in state.layout.kinds]
    named = set()
    for name, card in pyramid.items():
        piles[index[name]] = (parse_card(card),)
        named.add(parse_card(card))
    piles[0] = tuple(parse_card(c) | FACE_DOWN for c in stock.split())
    named |= {parse_card(c) for c in stock.split()}
    top = parse_card(waste_top)
    piles[1] = (*(c for c in range(52) if c not in named and c != top), top)
    state.piles = tuple(piles)
    return state


def test_hint_on_a_lost_game_offers_the_latest_winnable_undo_point() -> None:
    # 5H must go first (nothing else fits 4S); then 6C, the stock's 3C and 4D clear the
    # pyramid, while 4D before 6C strands the 6C. The stock waits while a card fits.
    state = escalator({"t22": "6C", "t23": "4D", "t24": "5H"}, stock="3C", waste_top="4S")
    assert solver_hint(state, time_limit=5.0).move == state.parse_move("t24>w")
    state.play("t24>w")
    assert solver_hint(state, time_limit=5.0).move == state.parse_move("t22>w")
    state.play("t23>w")
    state.play("deal")
    result = solver_hint(state, time_limit=5.0)
    assert result == HintResult(None, Verdict.UNWINNABLE, 1)
    state.undo()
    state.undo()
    assert solver_hint(state, time_limit=5.0).move == state.parse_move("t22>w")


def test_hint_on_a_lost_deal() -> None:
    state = new_game("seahaven", None, 5)  # unwinnable from the deal (fc-solve agrees)
    assert solver_hint(state, time_limit=5.0) == HintResult(None, Verdict.UNWINNABLE, None)


def test_hint_falls_back_to_the_basic_hint_when_out_of_time() -> None:
    state = new_game("seahaven", None, 3)
    # No time at all: the compiled search now wins a typical Seahaven deal within 1 ms.
    result = solver_hint(state, time_limit=0.0)
    assert result.verdict is Verdict.UNKNOWN
    assert result.move in state.legal_moves()


def test_a_hint_with_a_node_budget_does_not_look_at_the_clock() -> None:
    hint_module._next_moves.clear()  # no line cached from another test
    state = new_game("seahaven", None, 3)
    # No time at all, yet a verdict: the nodes bound the search, not the time.
    result = solver_hint(state, time_limit=0.0, max_nodes=200_000)
    assert result.verdict is Verdict.WINNABLE and result.move in state.legal_moves()
    hint_module._next_moves.clear()
    starved = solver_hint(state, time_limit=10.0, max_nodes=1)
    assert starved.verdict is Verdict.UNKNOWN and starved.move in state.legal_moves()


def test_forced_finish() -> None:
    state = place("seahaven", {"t1": "KC QC JC", "r1": "KD", "t2": "QD"})
    moves = forced_finish(state)
    assert moves is not None
    for move in moves:
        state.play(move)
    assert state.is_won()
    # A real choice left: no auto-finish.
    assert forced_finish(new_game("seahaven", None, 1)) is None


def test_winnable_deals_cache(tmp_path: Path) -> None:
    deals = WinnableDeals(tmp_path, max_nodes=20_000)
    assert deals.next_seed("escalator", None, 0) is None  # nothing proven yet, no waiting
    deals.prefill("escalator", None, start_seed=10, count=2).join(timeout=120)
    first = deals.next_seed("escalator", None, 0)
    assert first == 10  # Escalator 10 is winnable
    assert deals.next_seed("escalator", None, 11) is not None
    data = json.loads((tmp_path / "escalator-default.json").read_text())
    assert data["format"] == "helpdeck-winnable/1" and 10 in data["winnable"]
    assert data["unwinnable"]  # seeds in between were proven unwinnable
    tried = len(data["winnable"]) + len(data["unwinnable"]) + len(data["unknown"])
    assert deals.decided("escalator", None) == tried >= 2
    # A new instance (the next app start) reads the cache.
    assert WinnableDeals(tmp_path).next_seed("escalator", {}, 0) == 10
    # Option sets are cached apart.
    deals.prefill("saratoga", {"king_only": False}, start_seed=2, count=1).join(timeout=120)
    assert (tmp_path / "saratoga-00.json").exists()
