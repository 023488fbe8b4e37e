"""Fuzz kind "saves": the app's data directory (current.json, stats.json, settings.json)
broken in every way we can think of, then a session started over it.

Saves are of every game in the catalog (`_played`: random options, up to 60 legal moves, so a
chosen base, fixed pile directions, a running score come up), intact or broken.

Promises checked: no exception; a file the session could not use is kept aside byte for byte
under a new name (earlier kept files untouched) and the player's message names both; a file
not kept aside was really usable (its statistics survive); everything written reads back
(finite numbers); our stale temp files are gone, every other file is untouched.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from runtime.app.session import Session
from runtime.app.storage import DATA_FILES, Store, parse_json
from runtime.engine import game_ids, load_game, new_game
from tests.fuzz import Kind

_state = new_game("seahaven", None, 3)
_moves = []
for _ in range(6):
    _move = _state.legal_moves()[0]
    _moves.append(_state.move_text(_move))
    _state.apply(_move)

TEMPLATES: dict[str, dict[str, Any]] = {
    "current.json": {
        "format": "helpdeck-save/1",
        "game": "seahaven",
        "code": "seahaven-3",
        "moves": _moves,
        "elapsed": 12.5,
        "counted": True,
        "won": False,
    },
    "stats.json": {
        "format": "helpdeck-stats/1",
        "games": {
            "saratoga": {"played": 3, "won": 1, "streak": 1, "best_streak": 2, "best_time": 80.0},
            "seahaven": {"played": 1, "won": 0, "streak": 0, "best_streak": 0, "best_time": None},
        },
        "recent": ["saratoga", "seahaven"],
    },
    "settings.json": {
        "format": "helpdeck-settings/1",
        "language": "sv",
        "animations": False,
        "autofinish": True,
        "winnable": False,
        "options": {"saratoga": {"king_only": True}},
        "next_winnable": {"saratoga": 4},
    },
}
# Raw JSON text put in place of one value: numbers JSON cannot hold, huge and deep values.
LITERALS = [
    "1e400",
    "-1e400",
    "NaN",
    "Infinity",
    "-Infinity",
    "9" * 5000,
    "1e308",
    "-1",
    "0.5",
    "true",
    "false",
    "null",
    '""',
    '"x"',
    '"\\ud800"',
    "[]",
    "{}",
    "[" * 100_000 + "]" * 100_000,
    '{"a":' * 50 + "1" + "}" * 50,
    str(2**64),
    "1" * 30,
    '"' + "x" * 10_000 + '"',
    '"' + '\\"' * 20_000,  # an unterminated string of escaped quotes
    '["t1>f1x\u00b2"]',
    '"seahaven-\u00b2"',
    '"no_such_game-1"',
]
GAMES = game_ids()


@st.composite
def _played(draw: st.DrawFn) -> dict[str, Any]:
    """A save of any game in the catalog (a chosen base, piles that keep their direction, a
    running score, ...): a deal with random options, then up to 60 of its legal moves, each
    drawn from the moves of its position (so base choices, redeals and undone-looking lines
    all come up)."""
    game_id = draw(st.sampled_from(GAMES))
    game = load_game(game_id)
    values = draw(st.sampled_from(game.option_combinations()))
    options = {o.id: v for o, v in zip(game.options, values, strict=True)}
    state = new_game(game_id, options, draw(st.integers(0, 2**20)))
    moves = []
    for _ in range(draw(st.integers(0, 60))):
        legal = state.legal_moves()
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        moves.append(state.move_text(move))
        state.apply(move)
    return {
        "format": "helpdeck-save/1",
        "game": game_id,
        "code": state.deal_code,
        "moves": moves,
        "elapsed": 12.5,
        "counted": draw(st.booleans()),
        "won": state.is_won(),
    }


MARK = "\u0000MARK\u0000"
DIRECTORY = b"<a directory>"  # the data file's name is taken by a directory


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (keys and list indexes), itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the value at ``path`` (which may be a new key) set to ``new``; a path
    through something that is no longer a container replaces that thing."""
    if not path:
        return new
    if isinstance(value, dict):
        copy: Any = dict(value)
        copy[path[0]] = _replaced(value.get(path[0]), path[1:], new)
        return copy
    if isinstance(value, list) and isinstance(path[0], int) and path[0] < len(value):
        copy = list(value)
        copy[path[0]] = _replaced(value[path[0]], path[1:], new)
        return copy
    return new


@st.composite
def _mutated(draw: st.DrawFn, name: str) -> bytes:
    if name == "current.json" and draw(st.booleans()):
        template = draw(_played())  # a save of another game, broken
    else:
        template = TEMPLATES[name]
    paths = _paths(template)
    data = template
    objects = [path for path in paths if isinstance(_at(template, path), dict)]
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):  # replace a value
            path = draw(st.sampled_from(paths))
        else:  # add a key to an object (or replace the one of that name)
            key = draw(st.sampled_from(["x", "format", "games", "moves", "played", "saratoga"]))
            path = (*draw(st.sampled_from(objects)), key)
        value = draw(
            st.one_of(
                st.just(MARK),
                st.none(),
                st.booleans(),
                st.integers(),
                st.floats(allow_nan=False, allow_infinity=False),
                st.text(max_size=20),
                st.lists(st.integers(), max_size=3),
                st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
            )
        )
        data = _replaced(data, path, value)
    text = json.dumps(data)
    literal = draw(st.sampled_from(LITERALS))
    return text.replace(json.dumps(MARK), literal).encode("utf-8", "surrogatepass")


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _valid(name: str, draw_any_game: bool = False) -> st.SearchStrategy[bytes]:
    """Files that keep to the format but take its ranges to their edges: all must load."""
    games = st.sampled_from(["saratoga", "seahaven", "klondike", "gone_game"]) | st.text(max_size=8)
    seconds = st.floats(0, 1e9) | st.integers(0, 10**9)
    count = st.integers(0, 10**12)
    if name == "current.json" and draw_any_game:
        data = _played()
    elif name == "current.json":
        data = st.fixed_dictionaries(
            {
                "format": st.just("helpdeck-save/1"),
                "code": st.just("seahaven-3"),
                "moves": st.integers(0, len(_moves)).map(lambda n: _moves[:n]),
                "elapsed": seconds,
                "counted": st.booleans(),
                "won": st.booleans(),
            }
        )
    elif name == "stats.json":
        entry = st.fixed_dictionaries(
            {},
            optional={
                "played": count,
                "won": count,
                "streak": count,
                "best_streak": count,
                "best_time": st.none() | seconds,
            },
        )
        data = st.fixed_dictionaries(
            {"format": st.just("helpdeck-stats/1")},
            optional={
                "games": st.dictionaries(games, entry, max_size=5),
                "recent": st.lists(games, max_size=8),
            },
        )
    else:
        data = st.fixed_dictionaries(
            {"format": st.just("helpdeck-settings/1")},
            optional={
                "language": st.sampled_from(["system", "C", "", "sv", "ja", "xx"])
                | st.text(max_size=40),
                "animations": st.booleans(),
                "autofinish": st.booleans(),
                "winnable": st.just(False),  # True starts the solver's background prover
                "options": st.dictionaries(
                    games, st.dictionaries(st.text(max_size=12), st.booleans(), max_size=3)
                )
                | st.sampled_from(GAMES).map(_real_options),
                "next_winnable": st.dictionaries(games, st.integers(0, 2**64 - 1), max_size=3),
            },
        )
    return data.map(lambda value: json.dumps(value).encode())


def _real_options(game_id: str) -> dict[str, dict[str, bool]]:
    """A game's own options, every one on: an exclusive group with two on is refused."""
    return {game_id: {o.id: True for o in load_game(game_id).options}}


def _whole_file(name: str) -> st.SearchStrategy[bytes]:
    good = json.dumps(TEMPLATES[name]).encode()
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
    return st.one_of(
        st.just(good),
        st.integers(0, len(good)).map(lambda cut: good[:cut]),  # torn write
        st.binary(max_size=64),
        st.just(b"\xef\xbb\xbf" + good),  # a byte-order mark
        st.just(good.replace(b"{", b"{\xff", 1)),  # not UTF-8
        json_values.map(lambda v: json.dumps(v).encode()),
        json_values.map(lambda v: json.dumps({**TEMPLATES[name], "games": v}).encode()),
        st.just(DIRECTORY),
        _mutated(name),
    )


@st.composite
def _case(draw: st.DrawFn) -> dict[str, Any]:
    files, valid = {}, []
    for name in DATA_FILES:
        how = draw(st.sampled_from(["none", "valid", "played", "whole", "mutated"]))
        if how == "none":
            files[name] = None
        elif how in ("valid", "played"):
            files[name] = draw(_valid(name, how == "played"))
            valid.append(name)
        else:
            files[name] = draw(_whole_file(name) if how == "whole" else _mutated(name))
    return {
        "files": files,
        "valid": valid,  # files that keep to the format: each must load
        "start": draw(st.sampled_from(GAMES)),  # the game dealt when none is resumed
        "earlier_bad": draw(st.booleans()),  # kept files from earlier starts this second
        "leftover_temp": draw(st.booleans()),  # temp files of a write killed long ago
    }


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in directory.rglob("*")
        if p.is_file() and "cache" not in p.parts
    }


def check(case: dict[str, Any]) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        originals: dict[str, bytes] = {}
        for name, content in case["files"].items():
            if content is None:
                continue
            originals[name] = content
            if content == DIRECTORY:
                (directory / name).mkdir()
                (directory / name / "inside").write_text("x")
            else:
                (directory / name).write_bytes(content)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        if case["earlier_bad"]:
            for name in DATA_FILES:
                for number in (1, 2):
                    (directory / f"{name}.bad-{stamp}-{number}").write_text(f"earlier {number}")
        old_temps = []
        if case["leftover_temp"]:
            long_ago = time.time() - 3600
            for name in DATA_FILES:
                leftover = directory / f".{name}.k1ll3d.tmp"
                leftover.write_text("{")
                os.utime(leftover, (long_ago, long_ago))
                old_temps.append(leftover.name)
        (directory / "notes.txt").write_text("not ours")
        before = _snapshot(directory)

        session = Session(Store(directory))
        resumed = session.resume()
        if session.state is None:
            session.start(case["start"], 3)
        state = session.game
        _ = state.score, state.is_won(), state.is_lost(), state.stock_status, state.key()
        moves = state.legal_moves()
        if moves:
            session.play(moves[-1])
            session.undo()
            session.redo()
        session.tick(1.0)
        session.save_all()
        after = _snapshot(directory)

        outcome = "accepted"
        for name, content in originals.items():
            new_names = [p for p in after if p.startswith(f"{name}.bad-") and p not in before]
            if content == DIRECTORY:
                kept_dirs = [p for p in directory.glob(f"{name}.bad-*") if p.is_dir()]
                assert kept_dirs, f"{name}: the directory in its place was not moved aside"
                kept = [p.name for p in kept_dirs]
            else:
                kept = [p for p in new_names if after[p] == content]
            if kept:
                assert name not in case.get("valid", ()), (
                    f"{name}: a valid file was kept aside: {session.messages}"
                )
                outcome = "kept-aside"
                assert any(name in m and kept[0] in m for m in session.messages), (
                    f"{name} kept as {kept[0]} but the player was not told: {session.messages}"
                )
                continue
            assert content != DIRECTORY
            # Not kept aside: it must have been usable, and what it held survives.
            data = parse_json(content.decode("utf-8"))
            if name == "current.json":
                assert resumed, "a usable save was not resumed"
            if name == "stats.json":
                now = parse_json(after[name].decode())["games"]
                for game, entry in data.get("games", {}).items():
                    assert now[game]["played"] >= entry.get("played", 0), f"stats lost: {game}"
        for path, content in before.items():
            if path in old_temps:
                assert path not in after, f"stale temp file {path} left"
            elif path.split("/")[0] not in originals:
                assert after.get(path) == content, f"{path} changed or lost"
        for name in DATA_FILES:
            parse_json((directory / name).read_text(encoding="utf-8"))  # reads back
        assert not [p for p in after if p.endswith(".tmp") and p not in before]
        return outcome


KIND = Kind("saves", _case(), check, ci_examples=50)
