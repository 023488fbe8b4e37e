"""Hostile CLI arguments give one clear line naming the argument and a non-zero exit, never a
traceback or a silent success (issue 12, point 8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.app import commands as play_commands
from runtime.app.launch import Launch
from runtime.cli import main

HUGE = "9" * 5000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Exit status and standard error of ``helpdeck argv``."""
    try:
        status = main(list(argv))
    except SystemExit as done:  # argparse's usage errors
        status = int(done.code or 0)
    return status, capsys.readouterr().err


def one_line(err: str) -> str:
    """The error line (argparse puts its usage before it)."""
    lines = err.strip().splitlines()
    assert lines and "Traceback" not in err
    return lines[-1]


@pytest.mark.parametrize("move", ["t1>f1x\u00b2", f"t1>f1x{HUGE}", "t1>f1x", "t1>f1x0"])
def test_show_with_unreadable_moves(capsys: pytest.CaptureFixture[str], move: str) -> None:
    status, err = run(capsys, "show", "seahaven", "--moves", move)
    assert status == 1 and "cannot read move 't1>f1x" in one_line(err)
    assert len(one_line(err)) < 200


@pytest.mark.parametrize("start", ["-5", "18446744073709551616", HUGE, "\u00b2"])
def test_survey_start_out_of_range(capsys: pytest.CaptureFixture[str], start: str) -> None:
    status, err = run(capsys, "survey", "seahaven", "--deals", "1", f"--start={start}")
    assert status == 2 and "--start" in one_line(err) and len(one_line(err)) < 200


def test_survey_past_the_last_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(
        capsys, "survey", "seahaven", "--deals", "2", "--start", "18446744073709551615"
    )
    assert status == 1 and "--start" in one_line(err)


@pytest.mark.parametrize(
    "argv", [["deal", "seahaven", "--seed", "-5"], ["deal", "x", "--seed", HUGE]]
)
def test_seed_out_of_range(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, err = run(capsys, *argv)
    assert status != 0 and "--seed" in one_line(err) and len(one_line(err)) < 200


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["lint", ""], "FILES"),
        (["spec", ""], "GAME"),
        (["show", "seahaven", "--deal", ""], "--deal"),
        (["play", "--deal", ""], "--deal"),
        (["show", "seahaven", "--moves", ""], "--moves"),
    ],
)
def test_empty_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], name: str) -> None:
    status, err = run(capsys, *argv)
    assert status == 2 and one_line(err) == f"helpdeck {argv[0]}: {name} is empty"


@pytest.mark.parametrize("option", ["--deal", "--option"])
def test_a_double_dash_value(capsys: pytest.CaptureFixture[str], option: str) -> None:
    status, err = run(capsys, "deal", "seahaven", f"{option}=--")
    assert status == 2 and one_line(err) == f"helpdeck deal: {option} needs a value"


@pytest.mark.parametrize("argv", [["lint", "a\0b"], ["show", "seahaven", "--moves", "\0"]])
def test_nul_in_arguments(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, err = run(capsys, *argv)
    assert status == 2 and "contains a NUL character" in one_line(err)


@pytest.mark.parametrize("command", ["lint", "spec"])
def test_a_file_name_too_long(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, err = run(capsys, command, "9" * 5000)
    assert status == 1 and len(one_line(err)) < 200


def test_long_unknown_arguments_are_cut_short(capsys: pytest.CaptureFixture[str]) -> None:
    status, err = run(capsys, "games", HUGE)
    assert status == 2 and "unrecognized arguments: 9999" in one_line(err)
    assert len(one_line(err)) < 200


@pytest.mark.parametrize("command", ["lint", "spec"])
def test_a_directory_is_not_a_help_file(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, err = run(capsys, command, "/")
    assert status == 1 and "/" in err and "Traceback" not in err


@pytest.mark.parametrize("record", [{}, {"seconds": "x"}, {"seconds": float("inf")}])
def test_survey_resumes_over_incomplete_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, object]
) -> None:
    out = tmp_path / "results.jsonl"
    base = {"game": "seahaven", "options": {}, "seed": 0, "verdict": "winnable"}
    out.write_text(json.dumps({**base, **record}) + "\n")
    status, err = run(
        capsys, "survey", "seahaven", "--deals", "1", "--out", str(out), "--max-nodes", "200"
    )
    assert status == 0 and "Traceback" not in err
    assert json.loads(out.read_text().splitlines()[-1])["seed"] == 0  # solved again


@pytest.fixture
def no_window(monkeypatch: pytest.MonkeyPatch) -> list[Launch]:
    """`helpdeck play` without opening a window: the launches it would have run."""
    launches: list[Launch] = []

    def start_app(launch: Launch) -> int:
        launches.append(launch)
        if launch.screenshot:  # as the app does: the directory is made if missing
            Path(launch.screenshot).parent.mkdir(parents=True, exist_ok=True)
            Path(launch.screenshot).write_bytes(b"\x89PNG")
        return 0

    monkeypatch.setattr(play_commands, "start_app", start_app)
    return launches


@pytest.mark.parametrize("density", ["nan", "inf", "0", "-3", "1e400", "x", "11"])
def test_play_density(
    capsys: pytest.CaptureFixture[str], no_window: list[Launch], density: str
) -> None:
    status, err = run(capsys, "play", "seahaven", "--density", density)
    assert status == 2 and "--density" in one_line(err) and not no_window


def test_play_screenshot_paths(
    capsys: pytest.CaptureFixture[str], no_window: list[Launch], tmp_path: Path
) -> None:
    (tmp_path / "file.txt").write_text("")
    for path, problem in [
        (tmp_path, "must be a .png"),
        (tmp_path / "shot", "must be a .png"),
        (tmp_path / "dir.png", "is a directory"),
        (tmp_path / "file.txt" / "x.png", "cannot write"),
    ]:
        if path.name == "dir.png":
            path.mkdir()
        status, err = run(capsys, "play", "seahaven", "--screenshot", str(path))
        assert status == 1 and one_line(err).startswith("helpdeck play: --screenshot: ")
        assert problem in one_line(err)
    assert not no_window
    status, err = run(capsys, "play", "seahaven", "--screenshot", str(tmp_path / "new" / "a.PNG"))
    assert status == 0 and len(no_window) == 1


def test_play_screenshot_not_written_is_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(play_commands, "start_app", lambda launch: 0)
    status, err = run(capsys, "play", "seahaven", "--screenshot", str(tmp_path / "a.png"))
    assert status == 1 and "was not written" in one_line(err)


def test_kivy_failing_to_start_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_kivy(launch: Launch) -> None:
        raise ImportError("libSDL2-2.0.so.0: cannot open shared object file")

    monkeypatch.setattr(play_commands, "configure_kivy", no_kivy)
    status, err = run(capsys, "play", "seahaven")
    assert status == 1
    assert one_line(err) == (
        "helpdeck play: cannot start the app: libSDL2-2.0.so.0: cannot open shared object file"
    )


def test_run_as_a_module_a_command_error_is_one_line() -> None:
    # `python -m runtime.cli` loads this module twice (as __main__ and as runtime.cli).
    import subprocess
    import sys

    command = [sys.executable, "-m", "runtime.cli", "survey", "no_such_game", "--deals", "1"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("helpdeck survey: unknown game 'no_such_game'")
