"""`helpdeck lint` reads every help file it is given, whatever its format, and refuses what
is not one: a missing path, a directory, a file that is neither help nor sidecar."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pipeline import project_root
from runtime.cli import main

LEGACY = project_root().parent / "shared" / "corpus" / "aisleriot" / "legacy"
LEGACY_FILES = sorted(LEGACY.iterdir()) if LEGACY.is_dir() else []


def lint(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["lint", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.skipif(not LEGACY_FILES, reason=f"the Aisleriot legacy corpus is absent ({LEGACY})")
@pytest.mark.parametrize("path", LEGACY_FILES, ids=[p.name for p in LEGACY_FILES])
def test_lint_reads_every_legacy_file(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = lint(capsys, str(path))
    assert code == 0, err
    assert out.startswith("title "), out
    assert str(path) in out  # the facts cite the file itself, not a renamed one
    if not path.name.startswith("_master"):  # the masters are books of entity references
        assert len(out.splitlines()) > 10, out


@pytest.mark.parametrize(
    "target", ["does/not/exist.xml", "does/not/exist.sgml", "does/not/exist.yaml", "docs"]
)
def test_lint_missing_path_is_an_error(capsys: pytest.CaptureFixture[str], target: str) -> None:
    code, out, err = lint(capsys, str(project_root() / target))
    assert code == 1
    assert out == "" and "error" in err and "Traceback" not in err


def test_lint_other_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = lint(capsys, str(project_root() / "README.md"))
    assert code == 1
    assert "not a help file or sidecar" in err


def test_lint_sgml_help_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "page.sgml"
    page.write_text(
        "<chapter id='x'><docinfo></docinfo><title>Page</title>\n"
        "<bridgehead>Goal</bridgehead><para>Move all cards to the Foundation piles.</para>\n"
        "</chapter>\n"
    )
    code, out, err = lint(capsys, str(page))
    assert code == 0, err
    assert "goal.kind" in out and f"{page}:" in out


def test_lint_xml_that_is_not_help_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    other = tmp_path / "other.xml"
    other.write_text("<root><item>hello</item></root>\n")
    code, out, err = lint(capsys, str(other))
    assert code == 1
    assert out == "" and "not a DocBook help page" in err
