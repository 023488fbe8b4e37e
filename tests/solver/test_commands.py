"""``helpdeck solve`` and ``helpdeck survey`` through `runtime.cli.main`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.cli import main
from runtime.engine import new_game


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "seahaven", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("seahaven-1: winnable\n")
    line = out.splitlines()[1].split(": ", 1)[1].split()
    state = new_game("seahaven", None, 1)
    state.replay_moves(line)
    assert state.is_won()
    assert "nodes" in out


def test_solve_json_and_unwinnable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "seahaven", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unwinnable" and data["moves"] == [] and data["nodes"] > 0


def test_solve_with_options_and_deal_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "saratoga", "--seed", "2", "--option", "king_only=off", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"]["king_only"] is False
    assert main(["solve", "--deal", "escalator-19", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "winnable"


def test_solve_unknown_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "seahaven", "--seed", "5", "--max-nodes", "100"]) == 3  # unwinnable
    assert "unknown" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "no_such_game"],
        ["solve", "seahaven", "--option", "nonsense=on"],
        ["solve", "--deal", "seahaven-x"],
        ["survey", "no_such_game", "--deals", "3"],
        ["survey", "saratoga", "--deals", "3", "--option", "nope=off"],
    ],
)
def test_bad_input_is_a_message_and_exit_1(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"helpdeck {argv[0]}: ") and "Traceback" not in err


def test_bad_numbers_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["solve", "seahaven", "--max-nodes", "-1"])
    assert exit_info.value.code == 2
    assert "positive whole number" in capsys.readouterr().err


def test_survey_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    argv = ["survey", "seahaven", "--deals", "2", "--start", "11", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "2 deals: 2 winnable" in captured.out and "Wilson" in captured.out
    assert "2/2" in captured.err  # the progress bar
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 2
    assert len(out.read_text().splitlines()) == 2  # resumed: nothing solved twice
    assert main(["survey", "seahaven", "--deals", "1", "--out", str(tmp_path)]) == 1
