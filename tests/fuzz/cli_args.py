"""Fuzz kind "cli": ``helpdeck`` argument lists mixing valid and hostile values, run in
process (``play`` opens no window: `start_app` is replaced; ``survey`` and ``solve`` get
small limits).

Promises checked: no exception escapes ``main``; a failure exits non-zero with one error line
that names the command (``helpdeck CMD: ...``) and no traceback; nothing is written outside
the case's own directory (the current directory while it runs).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from runtime.app import commands as play_commands
from runtime.app.launch import Launch
from runtime.cli import main
from runtime.engine import State, game_ids, load_game
from tests.fuzz import Kind

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(game_ids())  # every game, the newest too


def _game_tokens() -> list[str]:
    """Per game: its deal codes (default options and every option on), its options set on
    and off, and the first moves of a deal (a base choice, a whole pile, ...): arguments
    that are valid for one game and wrong for the others."""
    found = []
    for game_id in GAMES:
        game = load_game(game_id)
        state = State.new(game, None, 3)
        found.append(state.deal_code)
        for option in game.options:
            found += [f"{option.id}=on", f"{option.id}=off"]
            with contextlib.suppress(ValueError):  # an exclusive group needs one on
                found.append(State.new(game, {option.id: True}, 3).deal_code)
        for _ in range(3):
            moves = state.legal_moves()
            if not moves:
                break
            found.append(state.move_text(moves[0]))  # transfers come first
            state.apply(moves[0])
    return found


GAME_TOKENS = _game_tokens()
HOSTILE = [
    "",
    " ",
    "/",
    ".",
    "..",
    "-",
    "--",
    "-5",
    "0",
    "1",
    "3",
    "18446744073709551615",
    "18446744073709551616",
    "9" * 5000,
    "\u00b2",
    "\u0663",
    "1e400",
    "nan",
    "inf",
    "-inf",
    "0x10",
    "1_000",
    "x",
    "\u00e9t\u00e9",
    "\U0001f0a1",
    "a" * 300,
    "t1>f1",
    "t1>f1x\u00b2",
    "t1>t2x" + "9" * 5000,
    "deal",
    "seahaven-3",
    "seahaven-",
    "seahaven-\u00b2",
    "saratoga-1-0101",
    "king_only=on",
    "king_only=maybe",
    "=on",
    "1080x2340",
    "0x0",
    "99999x99999",
    "\u00b2x3",
    "shot.png",
    "shot",
    "dir.png",
    "file.txt/x.png",
    "results.jsonl",
    "file.txt",
    "missing.xml",
    "specs/saratoga.xml",
    "specs/seahaven.yaml",
    "specs",
    "generated",
    *GAMES,
    "no_such_game",
]
OPTIONS: dict[str, list[str]] = {
    "deal": ["--seed", "--deal", "--option", "--json"],
    "show": ["--seed", "--deal", "--option", "--moves", "--legal"],
    "games": [],
    "solve": ["--seed", "--deal", "--option", "--json", "--max-nodes", "--time-limit"],
    "survey": ["--deals", "--start", "--out", "--workers", "--option", "--json", "--max-nodes"],
    "play": ["--seed", "--deal", "--option", "--screenshot", "--size", "--density"],
    "lint": [],
    "spec": ["--json"],
}
FLAGS = {"--json", "--legal"}
BREAKS = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
COUNT = re.compile(r"\d+ error\(s\), \d+ warning\(s\)$")
MAX_NODES = "300"  # solve and survey always get a small --max-nodes (given first)


PATHS = [
    "",
    "/",
    ".",
    "..",
    "/proc/x.png",
    "/proc/x.jsonl",
    "shot.png",
    "shot",
    "SHOT.PNG",
    "dir.png",
    "file.txt",
    "file.txt/x.png",
    "file.txt/x.jsonl",
    "out/new/results.jsonl",
    "out/new/shot.png",
    "results.jsonl",
    "9" * 5000 + ".png",
    "a\0.png",
]


def _token() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.sampled_from(GAME_TOKENS),
        st.text(max_size=12),
        st.integers(-(2**70), 2**70).map(str),
        st.floats().map(repr),
    )


@st.composite
def _argv(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = [command]
    if command in ("solve", "survey"):
        argv += ["--max-nodes", MAX_NODES]
    if command == "survey":
        argv += ["--deals", draw(st.sampled_from(["1", "2", "0", "-1", "x", "9" * 5000]))]
        argv += ["--workers", draw(st.sampled_from(["1", "0", "-3", "x"]))]
    positional = draw(st.sampled_from([*GAMES, *GAMES, "", None]) | _token())
    if positional is not None and command != "games":
        argv.append(positional)
    for _ in range(draw(st.integers(0, 4))):
        choices = OPTIONS[command]
        if not choices:
            argv.append(draw(_token()))
            continue
        option = draw(st.sampled_from(choices))
        if option in ("--deals", "--workers", "--max-nodes"):
            continue  # fixed above: a survey of thousands of deals would not be fuzzing
        if option in FLAGS:
            argv.append(option)
        elif option in ("--out", "--screenshot"):  # only names inside the case's directory
            argv += [option, draw(st.sampled_from(PATHS))]
        elif draw(st.booleans()):
            argv.append(f"{option}={draw(_token())}")
        else:
            argv += [option, draw(_token())]
    return argv


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 1
    return status, err.getvalue()


def _fake_start_app(launch: Launch) -> int:
    """`helpdeck play` without a window: a screenshot is written as the app would."""
    if launch.screenshot:
        Path(launch.screenshot).parent.mkdir(parents=True, exist_ok=True)
        Path(launch.screenshot).write_bytes(b"\x89PNG")
    return 0


def check(argv: list[str]) -> str:
    real_start = play_commands.start_app
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "file.txt").write_text("not a help file")
        (work / "dir.png").mkdir()
        (work / "specs").symlink_to(ROOT / "specs")
        (work / "generated").symlink_to(ROOT / "generated")
        play_commands.start_app = _fake_start_app
        os.chdir(work)
        try:
            status, err = _run(argv)
        finally:
            os.chdir(here)
            play_commands.start_app = real_start
        written = {p.name for p in work.iterdir()} - {"file.txt", "dir.png", "specs", "generated"}
        allowed = {p.split("/")[0] for p in PATHS}
        unexpected = {n for n in written if n not in allowed and not n.startswith("survey-")}
        assert not unexpected, f"unexpected files: {unexpected}"
    assert "Traceback" not in err, err
    if status == 0 or (argv[0] == "solve" and status == 3):  # 3: a limit hit, verdict unknown
        return "ok"
    lines = err.strip().split("\n")  # not splitlines: arguments may hold \x1c, \x85 ...
    assert lines, f"exit {status} with nothing on stderr"
    last = lines[-1]
    if argv[0] in ("lint", "spec") and status == 1 and any(BREAKS.search(a) for a in argv):
        return "refused"  # the generator's diagnostics quote a file name with a line break
    if argv[0] in ("lint", "spec") and status == 1:
        # generator diagnostics: "FILE:LINE: level: message" lines, then a count
        assert all(": " in line or COUNT.match(line) for line in lines), err
        return "refused"
    # argparse reports arguments no command takes as "helpdeck: error: unrecognized ..."
    assert last.startswith((f"helpdeck {argv[0]}: ", "helpdeck: error: ")), f"unclear: {last!r}"
    assert len(last) <= 600, f"error line of {len(last)} characters"  # the game list is long
    return "usage-error" if status == 2 else "refused"


KIND = Kind("cli", _argv(), check, ci_examples=60)
