"""Golden records of every game, computed from the engine and kept as text files.

Per game: the deal JSON of seed 1 under every option set (``deal-<code>.json``), a seeded random
playthrough (``playthrough-<game>.txt``) and its row of ``perft.json`` (move sequences and
distinct positions at depth 1, 2 and 3 from seed 1). A rule change shows exactly where: read the
diff after ``helpdeck check GAME --update-golden``.
"""

from __future__ import annotations

import difflib
import json
import random
from collections.abc import Sequence
from pathlib import Path

from generator.pipeline import project_root
from runtime.engine import State, from_deal_code, game_ids, load_game, new_game
from runtime.engine.serialize import state_json, state_text

PERFT = "perft.json"
PERFT_DEPTH = 3
PLAYTHROUGH_MOVES = 120


def golden_dir() -> Path:
    return project_root() / "tests" / "engine" / "golden"


def deal_codes(game_id: str | None = None) -> list[str]:
    """Seed 1 of the game (or of every game) under every option set."""
    codes = []
    for game in [game_id] if game_id else game_ids():
        definition = load_game(game)
        for values in definition.option_combinations():
            options = {o.id: v for o, v in zip(definition.options, values, strict=True)}
            codes.append(new_game(game, options, seed=1).deal_code)
    return codes


def deal_json_text(code: str) -> str:
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


def perft_counts(game_id: str) -> list[list[int]]:
    state = new_game(game_id, seed=1)
    return [list(perft(state, d)) for d in range(1, PERFT_DEPTH + 1)]


def perft_table() -> dict[str, list[list[int]]]:
    return {game_id: perft_counts(game_id) for game_id in game_ids()}


def perft_text(table: dict[str, list[list[int]]]) -> str:
    """One line per game: [sequences, distinct positions] at depth 1, 2, 3."""
    rows = [f"  {json.dumps(g)}: {json.dumps(counts)}" for g, counts in sorted(table.items())]
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


def game_files(game_id: str) -> dict[str, str]:
    """One game's golden files (its perft row is kept in the shared ``perft.json``)."""
    files = {f"deal-{code}.json": deal_json_text(code) for code in deal_codes(game_id)}
    files[f"playthrough-{game_id}.txt"] = playthrough_text(game_id)
    return files


def golden_files() -> dict[str, str]:
    files = {name: text for game_id in game_ids() for name, text in game_files(game_id).items()}
    files[PERFT] = perft_text(perft_table())
    return files


def _stored_perft(directory: Path) -> dict[str, list[list[int]]]:
    path = directory / PERFT
    if not path.exists():
        return {}
    table: dict[str, list[list[int]]] = json.loads(path.read_text())
    return table


def _owner(name: str, games: Sequence[str]) -> str | None:
    """The game a golden file belongs to (``deal-lady_jane-1.json`` → ``lady_jane``)."""
    stem = name.removeprefix("deal-").removeprefix("playthrough-").rsplit(".", 1)[0]
    matches = [g for g in games if stem == g or stem.startswith(g + "-")]
    return max(matches, key=len) if matches else None


def golden_failures(game_id: str, directory: Path | None = None) -> list[str]:
    """How the stored golden files of ``game_id`` differ from the engine's output."""
    directory = directory or golden_dir()
    failures = []
    expected = game_files(game_id)
    stored = {
        p.name
        for p in directory.glob("*")
        if p.name != PERFT and _owner(p.name, game_ids()) == game_id
    }
    for name in sorted(stored - set(expected)):
        failures.append(f"{name}: no longer produced (stale)")
    for name, text in sorted(expected.items()):
        path = directory / name
        if not path.exists():
            failures.append(f"{name}: missing")
            continue
        old = path.read_text()
        if old != text:
            diff = difflib.unified_diff(
                old.splitlines(), text.splitlines(), name, "engine", lineterm="", n=1
            )
            failures.append(f"{name} changed:\n" + "\n".join(list(diff)[:40]))
    stored_counts = _stored_perft(directory).get(game_id)
    counts = perft_counts(game_id)
    if stored_counts != counts:
        failures.append(f"{PERFT}: {game_id} was {stored_counts}, is now {counts}")
    return failures


def update_golden(game_id: str | None = None, directory: Path | None = None) -> list[str]:
    """Rewrite the golden files of one game (or all); returns the names that changed."""
    directory = directory or golden_dir()
    directory.mkdir(parents=True, exist_ok=True)
    games = [game_id] if game_id else game_ids()
    expected: dict[str, str] = {}
    for game in games:
        expected.update(game_files(game))
    table = _stored_perft(directory) if game_id else {}
    table.update({game: perft_counts(game) for game in games})
    expected[PERFT] = perft_text(table)
    changed = []
    for path in sorted(directory.glob("*")):
        owner = _owner(path.name, game_ids())
        if path.name not in expected and (game_id is None or owner == game_id):
            path.unlink()
            changed.append(path.name)
    for name, text in sorted(expected.items()):
        path = directory / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            changed.append(name)
    return changed
