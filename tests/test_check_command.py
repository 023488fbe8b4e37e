"""``helpdeck check GAME``: one summary line per stage, exit status 1 when a stage fails."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from runtime.cli import main

SPECS = Path(__file__).resolve().parents[1] / "specs"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as done:
        status = int(done.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_passing_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "golf", "--moves", "300")
    assert status == 0, out + err
    stages = [line.split()[:2] for line in out.splitlines()[1:]]
    assert stages == [
        ["lint", "ok"],
        ["generated", "ok"],
        ["scenarios", "ok"],
        ["conformance", "ok"],
        ["golden", "ok"],
    ]


def test_a_failing_scenario_fails_the_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("golf.xml", "golf.yaml", "golf.test.yaml"):
        shutil.copy(SPECS / name, tmp_path / name)
    scenarios = tmp_path / "golf.test.yaml"
    text = scenarios.read_text().replace('legal: ["t1>w", "t2>w"]', 'legal: ["t3>w", "t2>w"]', 1)
    scenarios.write_text(text)
    status, out, err = run(capsys, "check", "golf", "--moves", "100", "--specs", str(tmp_path))
    assert status == 1
    assert "scenarios    FAILED (1)" in out
    assert "golf.test.yaml:" in out and "t3>w should be legal" in out
    assert "stage(s) failed" in err  # generated/ is not rendered from these specs either


def test_unknown_game_and_bad_move_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "check", "nosuch")
    assert status == 1 and err.count("\n") == 1 and "no such game: nosuch" in err
    status, _out, err = run(capsys, "check", "golf", "--moves", "-3")
    assert status == 2 and "--moves" in err.strip().splitlines()[-1]
