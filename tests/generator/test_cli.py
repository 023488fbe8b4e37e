"""The authoring commands end with clear messages and exit codes, never tracebacks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.pipeline import project_root
from runtime.cli import main
from tests.generator.conftest import write

ROOT = project_root()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generated_is_up_to_date(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "--check")
    assert code == 0, err
    assert "up to date" in out


def test_spec_json_has_provenance_for_prose_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "spec", "saratoga", "--json")
    assert code == 0
    spec = json.loads(out)
    assert spec["stock"]["redeals"] == 2
    source = spec["provenance"]["stock.redeals"]
    assert source["source"] == "prose" and source["file"] == "specs/saratoga.xml"
    assert source["line"] > 0 and source["phrase"]


def test_lint_a_help_file_without_sidecar(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    help_file = shutil.copy(ROOT / "specs/seahaven.xml", tmp_path / "loose.xml")
    code, out, _ = run(capsys, "lint", str(help_file))
    assert code == 0
    assert "tableau.count" in out and "prose" in out


def test_lint_malformed_xml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.xml", "<sect1><title>Bad</title>\n<para>open\n</sect1>\n")
    code, _, err = run(capsys, "lint", str(bad))
    assert code == 1
    assert f"{bad}:3" in err and "Traceback" not in err


def test_contradiction_between_prose_and_sidecar(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shutil.copy(ROOT / "specs/saratoga.xml", tmp_path / "saratoga.xml")
    sidecar = (ROOT / "specs/saratoga.yaml").read_text() + "stock:\n  redeals: 5\n"
    write(tmp_path / "saratoga.yaml", sidecar)
    code, _, err = run(capsys, "lint", str(tmp_path / "saratoga.yaml"))
    assert code == 1
    assert "stock.redeals: sidecar says 5 but the help says 2" in err
    assert "saratoga.xml:" in err and "override" in err


def test_override_with_reason_wins(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    shutil.copy(ROOT / "specs/saratoga.xml", tmp_path / "saratoga.xml")
    sidecar = (ROOT / "specs/saratoga.yaml").read_text()
    sidecar += "stock:\n  redeals: {value: -1, override: Aisleriot's code allows unlimited}\n"
    write(tmp_path / "saratoga.yaml", sidecar)
    code, out, _ = run(capsys, "lint", str(tmp_path / "saratoga.yaml"))
    assert code == 0
    assert "stock.redeals" in out and "override: Aisleriot's code allows unlimited" in out


def test_generate_with_a_broken_spec_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs/seahaven.xml", specs / "seahaven.xml")
    shutil.copy(ROOT / "specs/seahaven.yaml", specs / "seahaven.yaml")
    write(
        specs / "evil.xml",
        '<?xml version="1.0"?>\n<!DOCTYPE sect1 [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
        "<sect1><title>Evil</title><para>&x;</para></sect1>\n",
    )
    write(specs / "evil.yaml", "tableau: {count: 99}\n")
    code, _, err = run(capsys, "generate", "--specs", str(specs), "--root", str(tmp_path))
    assert code == 1
    assert "nothing generated" in err and "Traceback" not in err
    assert "root:" not in err  # /etc/passwd never read
    assert not (tmp_path / "generated").exists()


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "spec", "nosuchgame")
    assert code == 1 and "no such game" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "nosuchgame"],
        ["deal", "saratoga", "--option", "nosuch=on"],
        ["deal", "saratoga", "--deal", "saratoga-x"],
        ["show", "saratoga", "--moves", "t9>f9"],
        ["show", "saratoga", "--moves", "t1>t2x40"],
    ],
)
def test_play_commands_reject_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 1 and err.startswith(f"helpdeck {argv[0]}: ")
