"""What the golden files hold, computed from the engine; `regen_golden` writes them and
`test_golden` compares."""

from __future__ import annotations

import json
import random
from pathlib import Path

from runtime.engine import State, game_ids, load_game, new_game
from runtime.engine.serialize import state_json, state_text

GOLDEN = Path(__file__).resolve().parent / "golden"
PERFT_DEPTH = 3
PLAYTHROUGH_MOVES = 120


def deal_codes() -> list[str]:
    """Seed 1 of every game under every option set."""
    codes = []
    for game_id in game_ids():
        game = load_game(game_id)
        for values in game.option_combinations():
            options = {o.id: v for o, v in zip(game.options, values, strict=True)}
            codes.append(new_game(game_id, options, seed=1).deal_code)
    return codes


def deal_json_text(code: str) -> str:
    from runtime.engine import from_deal_code

    return json.dumps(state_json(from_deal_code(code)), indent=2) + "\n"


def perft(state: State, depth: int) -> tuple[int, int]:
    """(move sequences of length ``depth``, distinct positions they reach)."""
    leaves = 0
    seen: set[object] = set()

    def walk(d: int) -> None:
        nonlocal leaves
        if d == 0:
            leaves += 1
            seen.add(state.key())
            return
        for move in state.legal_moves():
            state.apply(move)
            walk(d - 1)
            state.undo()

    walk(depth)
    return leaves, len(seen)


def perft_table() -> dict[str, list[list[int]]]:
    table = {}
    for game_id in game_ids():
        state = new_game(game_id, seed=1)
        table[game_id] = [list(perft(state, d)) for d in range(1, PERFT_DEPTH + 1)]
    return table


def perft_text() -> str:
    """One line per game: [sequences, distinct positions] at depth 1, 2, 3."""
    rows = [
        f"  {json.dumps(g)}: {json.dumps(counts)}" for g, counts in sorted(perft_table().items())
    ]
    return "{\n" + ",\n".join(rows) + "\n}\n"


def playthrough_text(game_id: str) -> str:
    """A seeded random game: one line per move (text, score), then the final picture."""
    state = new_game(game_id, seed=1)
    rng = random.Random(f"{game_id}-playthrough")
    lines = [state.deal_code]
    for _ in range(PLAYTHROUGH_MOVES):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        state.play(move)
        lines.append(f"{state.move_text(move):<10} score {state.score}")
    return "\n".join(lines) + "\n" + state_text(state)


def golden_files() -> dict[str, str]:
    files = {f"deal-{code}.json": deal_json_text(code) for code in deal_codes()}
    files["perft.json"] = perft_text()
    for game_id in game_ids():
        files[f"playthrough-{game_id}.txt"] = playthrough_text(game_id)
    return files
