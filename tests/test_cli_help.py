"""Every command's --help prints and exits 0 (argparse formats help text lazily)."""

from __future__ import annotations

import pytest

from runtime.cli import build_parser, main

COMMANDS = sorted(build_parser()[1])


def test_top_level_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert all(name in out for name in COMMANDS)
    assert "%%" not in out


@pytest.mark.parametrize("command", COMMANDS)
def test_command_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "usage: helpdeck" in out
    assert "%%" not in out  # an escaped percent sign printed as written
