"""Hostile or broken specs end in one clear error at file:line, never a traceback, and a failed
write leaves generated/ as it was."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.diagnostics import Diagnostic, Level
from generator.pipeline import render_outputs, write_outputs
from tests.generator.conftest import MINIMAL_SIDECAR, write


def errors(specs: Path, tmp_path: Path) -> list[Diagnostic]:
    outputs, diagnostics = render_outputs(specs, tmp_path)
    found = [d for d in diagnostics if d.level is Level.ERROR]
    assert found and outputs == {}
    return found


def test_a_sidecar_cannot_take_another_games_id(specs: Path, tmp_path: Path) -> None:
    write(specs / "saratoga.yaml", MINIMAL_SIDECAR)
    write(specs / "zzz.yaml", MINIMAL_SIDECAR.replace("title: Tiny", "id: saratoga\ntitle: Evil"))
    (problem,) = errors(specs, tmp_path)
    assert problem.file.endswith("zzz.yaml") and problem.line == 1 and problem.field == "id"
    assert "file name" in problem.message


@pytest.mark.parametrize("name", ["index", "catalog"])
def test_reserved_game_names_are_refused(specs: Path, tmp_path: Path, name: str) -> None:
    write(specs / f"{name}.yaml", MINIMAL_SIDECAR)
    (problem,) = errors(specs, tmp_path)
    assert "generated files use" in problem.message


def test_too_many_options_fail_fast(specs: Path, tmp_path: Path) -> None:
    options = "".join(
        f"  - {{id: o{i}, label: O{i}, default: false, on: {{stock.draw: 3}}}}\n" for i in range(30)
    )
    write(specs / "tiny.yaml", MINIMAL_SIDECAR + "options:\n" + options)
    started = time.perf_counter()
    found = errors(specs, tmp_path)
    assert time.perf_counter() - started < 5  # 2**30 sets are never built
    assert any("option sets; at most 256" in d.message for d in found)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("options:\n  - {id: x, label: X, default: false, on: {stOck.draw: 3}}\n", "unknown field"),
        ("options:\n  - {id: x, label: X, default: false, on: {tableau.count.x: 1}}\n", "unknown"),
        ("options:\n  - {id: x, label: X, default: false, on: {stock.draw: 0}}\n", "stock.draw"),
    ],
)
def test_bad_option_effects_are_one_line_errors(
    specs: Path, tmp_path: Path, extra: str, expected: str
) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR + extra)
    found = errors(specs, tmp_path)
    assert any(expected in d.message for d in found), [d.format() for d in found]
    for diagnostic in found:
        assert "\n" not in diagnostic.message and "http" not in diagnostic.message


@pytest.mark.parametrize(
    ("sidecar", "expected", "line"),
    [
        (MINIMAL_SIDECAR.replace("decks: 1", "decks: true"), "expected a number", 2),
        (MINIMAL_SIDECAR.replace("draw: 1", "draw: " + "9" * 4301), "number too large", 13),
        ("title: " + "[" * 1000 + "]" * 1000 + "\n", "nested too deeply", 1),
        (MINIMAL_SIDECAR + "x: a\x01b\n", "character U+0001 is not allowed", 16),
        (MINIMAL_SIDECAR.replace("face_down: [0, 1]", "face_down: [0, 1, 2]"), "face_down", 4),
    ],
)
def test_broken_values_name_the_line(
    specs: Path, tmp_path: Path, sidecar: str, expected: str, line: int | None
) -> None:
    write(specs / "tiny.yaml", sidecar)
    found = errors(specs, tmp_path)
    assert any(expected in d.message for d in found), [d.format() for d in found]
    if line is not None:
        assert any(d.line == line for d in found), [d.format() for d in found]


def test_a_sidecar_that_is_not_utf8_names_the_line(specs: Path, tmp_path: Path) -> None:
    (specs / "tiny.yaml").write_bytes(MINIMAL_SIDECAR.encode() + b"# caf\xe9\n")
    (problem,) = errors(specs, tmp_path)
    assert "not UTF-8" in problem.message and problem.line == MINIMAL_SIDECAR.count("\n") + 1


def test_a_zero_pile_tableau_row_is_no_traceback(specs: Path, tmp_path: Path) -> None:
    write(
        specs / "tiny.xml",
        """<?xml version="1.0"?><sect1><title>Tiny</title><sect2><title>Setup</title>
        <informaltable><tgroup cols="2"><tbody><row><entry>Tableau</entry>
        <entry>0 Seven piles.</entry></row></tbody></tgroup></informaltable></sect2></sect1>""",
    )
    write(specs / "tiny.yaml", "# nothing\n")
    errors(specs, tmp_path)  # errors, not an exception


def test_a_failed_write_leaves_generated_as_it_was(
    specs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    outputs, _ = render_outputs(specs, tmp_path)
    write_outputs(outputs, tmp_path)
    before = {p: p.read_bytes() for p in (tmp_path / "generated").rglob("*") if p.is_file()}
    changed = {path: data + b"# changed\n" for path, data in outputs.items()}
    calls = 0
    real = Path.write_bytes

    def failing(self: Path, data: bytes) -> int:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise OSError(28, "No space left on device", str(self))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", failing)
    with pytest.raises(OSError):
        write_outputs(changed, tmp_path)
    after = {p: p.read_bytes() for p in (tmp_path / "generated").rglob("*") if p.is_file()}
    assert after == before  # nothing swapped in, no staged file left behind


def test_a_fact_nobody_states_is_placed_in_the_help(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz/help_xml.py: "no source" errors had no line."""
    write(
        specs / "tiny.xml",
        """<?xml version="1.0"?>
        <sect1><title>Tiny</title>
        <sect2><title>Setup</title>
        <informaltable><tgroup cols="2"><tbody><row><entry>Tableau</entry>
        <entry>0 Seven piles.</entry></row></tbody></tgroup></informaltable></sect2>
        <sect2><title>Scoring</title><para>Nothing.</para></sect2></sect1>""",
    )
    write(specs / "tiny.yaml", "# nothing\n")
    unsourced = [d for d in errors(specs, tmp_path) if d.code == "no-source"]
    assert unsourced and all(d.line is not None for d in unsourced)
    by_field = {d.field: d.line for d in unsourced}
    assert by_field["decks"] == 3 and by_field["scoring.kind"] == 6  # Setup, Scoring headings


def test_a_sidecar_only_game_missing_a_fact_names_a_line(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR.replace("decks: 1\n", ""))
    (problem,) = errors(specs, tmp_path)
    assert problem.field == "decks" and problem.line == 1


def test_a_help_page_with_a_broken_utf16_body_names_the_line(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz/help_xml.py: a UTF-16 page cut at an odd byte was a traceback."""
    page = '<?xml version="1.0" encoding="utf-16"?>\n<sect1><title>Tiny</title>\n</sect1>\n'
    (specs / "tiny.xml").write_bytes(page.encode("utf-16")[:-1])
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    (problem,) = errors(specs, tmp_path)
    assert "UTF-16" in problem.message and problem.line == 3  # the cut newline ends it


def test_a_sidecar_nested_too_deep_for_yaml_names_a_line(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz/sidecar_yaml.py: "nested too deeply" had no line."""
    write(specs / "tiny.yaml", "title:\n" + "".join(" " * i + "t:\n" for i in range(1, 600)))
    (problem,) = errors(specs, tmp_path)
    assert "nested too deeply" in problem.message
    assert problem.line is not None and 100 < problem.line <= 600  # where PyYAML gave up


def test_a_game_file_name_ending_in_a_line_break_is_refused(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz: `re.match` with `$` took "tiny\n" as a game id, written as
    generated/rules/"tiny\n".py."""
    write(specs / "tiny\n.yaml", MINIMAL_SIDECAR)
    (problem,) = errors(specs, tmp_path)
    assert "not a valid game id" in problem.message
    assert problem.format().startswith(f"{specs}/tiny\\n.yaml: error: ")


def test_files_over_the_size_limits_name_the_line_that_passes_it(
    specs: Path, tmp_path: Path
) -> None:
    """Found by tests/fuzz: the size errors had no line."""
    sidecar = MINIMAL_SIDECAR + "# padding\n" * 30_000
    write(specs / "tiny.yaml", sidecar)
    (problem,) = errors(specs, tmp_path)
    assert "larger than 256 KiB" in problem.message
    assert problem.line == sidecar[: 256 * 1024].count("\n") + 1 > 20_000
    page = b"<sect1><title>Tiny</title>" + b"<para>x</para>\n" * 40_000
    (specs / "tiny.xml").write_bytes(page)
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    line = page[: 512 * 1024].count(b"\n") + 1
    found = errors(specs, tmp_path)
    assert found and all("larger than" in d.message and d.line == line for d in found)


@pytest.mark.parametrize(
    ("old", "new"),
    [("face_down: [0, 1]", 'face_down: "01"'), ("decks: 1", "decks: two")],
)
def test_a_word_where_the_deal_needs_numbers_is_no_traceback(
    specs: Path, tmp_path: Path, old: str, new: str
) -> None:
    """Found by tests/fuzz/sidecar_yaml.py: the card count summed the string (TypeError)."""
    write(specs / "tiny.yaml", MINIMAL_SIDECAR.replace(old, new))
    found = errors(specs, tmp_path)
    assert found and all(d.line is not None for d in found)


@pytest.mark.parametrize("escape", ["\\x01", "\\0", "\\ud800", "\\uffff"])
def test_a_title_with_a_character_xml_cannot_hold_names_its_line(
    specs: Path, tmp_path: Path, escape: str
) -> None:
    """Found by tests/fuzz/sidecar_yaml.py: the sidecar-only game's help blamed the game id
    ('tiny'), with no line."""
    write(specs / "tiny.yaml", MINIMAL_SIDECAR.replace("title: Tiny", f'title: "Ti{escape}ny"'))
    (problem,) = errors(specs, tmp_path)
    assert problem.file.endswith("tiny.yaml") and (problem.line, problem.column) == (1, 8)
    assert "cannot be part of a game's text" in problem.message


def test_an_option_group_of_one_names_the_options_line(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz/sidecar_yaml.py (a sidecar cut short): a whole-spec check had no
    line."""
    option = "  - {id: three, label: Three, default: true, group: deal, on: {stock.draw: 3}}\n"
    write(specs / "tiny.yaml", MINIMAL_SIDECAR + "options:\n" + option)
    (problem,) = errors(specs, tmp_path)
    assert "option group 'deal' needs two or more options" in problem.message
    assert problem.file.endswith("tiny.yaml") and problem.line == 17


@pytest.mark.parametrize(
    ("sidecar", "expected", "line"),
    [
        # the problem is at suits.0: the nearest stated field is suits
        (MINIMAL_SIDECAR + "suits: [28]\n", "Input should be 'clubs'", 16),
        # every option off: the spec comes from the off: values
        (
            MINIMAL_SIDECAR
            + "options:\n  - {id: x, label: X, default: false, off: {stock.draw: 99}}\n",
            "with options on: none, the spec is invalid",
            17,
        ),
    ],
)
def test_errors_from_validation_name_a_line(
    specs: Path, tmp_path: Path, sidecar: str, expected: str, line: int
) -> None:
    """Found by tests/fuzz/sidecar_yaml.py at 10,000 cases: these had no line."""
    write(specs / "tiny.yaml", sidecar)
    found = errors(specs, tmp_path)
    assert [(d.line, expected in d.message) for d in found] == [(line, True)], found


def test_a_list_where_the_stock_target_goes_is_no_traceback(specs: Path, tmp_path: Path) -> None:
    """Found by tests/fuzz/sidecar_yaml.py: `[] in {...}` raised TypeError (unhashable)."""
    write(specs / "tiny.yaml", MINIMAL_SIDECAR.replace("target: waste", "target: []"))
    found = errors(specs, tmp_path)
    assert found and all(d.line is not None for d in found)
