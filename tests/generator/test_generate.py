"""From an inline spec to a playable game; determinism, staleness, injection safety."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from generator.pipeline import render_outputs, stale_files, write_outputs
from runtime.engine.state import State
from tests.generator.conftest import MINIMAL_SIDECAR, write


def load_module(source: bytes, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def test_a_sidecar_only_game_generates_and_plays(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert not [d for d in diagnostics if d.level == "error"], diagnostics
    module = load_module(outputs["generated/rules/tiny.py"], "tiny")
    state = State.new(module.GAME, seed=3)
    assert [len(p) for p in state.piles[state.layout.tableau[0] :]] == [1, 2]
    assert state.legal_moves()  # at least the stock deal


def test_generation_is_byte_for_byte_deterministic(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    first, _ = render_outputs(specs, tmp_path)
    second, _ = render_outputs(specs, tmp_path)
    assert first == second


def test_check_reports_stale_and_orphaned_files(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    outputs, _ = render_outputs(specs, tmp_path)
    assert set(stale_files(outputs, tmp_path)) == set(outputs)
    write_outputs(outputs, tmp_path)
    assert stale_files(outputs, tmp_path) == []
    orphan = tmp_path / "generated/rules/gone.py"
    orphan.write_text("# left over\n")
    assert stale_files(outputs, tmp_path) == ["generated/rules/gone.py"]
    write_outputs(outputs, tmp_path)
    assert not orphan.exists()


HOSTILE = [
    'Tiny"""\n__import__("os").system("echo pwned")\n"""',
    "Tiny'); import os; os.system('x'); ('",
    "Tiny\\\n# comment\r\nx = 1",
    "{{ 7*7 }} {% raw %} \u2028 \x00",
]


@pytest.mark.parametrize("title", HOSTILE)
def test_hostile_strings_stay_data(specs: Path, tmp_path: Path, title: str) -> None:
    label = title[::-1][:80]
    sidecar = MINIMAL_SIDECAR.replace("title: Tiny", f"title: {title!r}".replace("'", '"', 0))
    import json

    sidecar = MINIMAL_SIDECAR.replace("title: Tiny\n", f"title: {json.dumps(title[:80])}\n")
    sidecar += (
        f"options:\n  - id: odd\n    label: {json.dumps(label)}\n    default: false\n"
        "    on: {stock.draw: 3}\n"
    )
    write(specs / "tiny.yaml", sidecar)
    outputs, diagnostics = render_outputs(specs, tmp_path)
    if not outputs:  # refusing a string is fine; running it is not
        assert diagnostics
        return
    source = outputs["generated/rules/tiny.py"]
    module = load_module(source, "tiny")
    assert module.GAME.title == title[:80]
    assert module.GAME.options[0].label == label
    assert b"pwned" not in source or source.count(b"__import__") == 1
    assert not hasattr(module, "os")


def test_bad_game_id_is_refused(specs: Path, tmp_path: Path) -> None:
    write(specs / "Bad-Name.yaml", MINIMAL_SIDECAR)
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert "not a valid game id" in diagnostics[0].message
    assert outputs == {}


def test_broken_spec_generates_nothing(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    write(specs / "broken.yaml", "title: Broken\ntableau: {count: 3}\n")
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert outputs == {}
    assert any("broken.yaml" in d.file for d in diagnostics)


def test_missing_required_field_says_where_to_add_it(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", "title: Tiny\n")
    _, diagnostics = render_outputs(specs, tmp_path)
    (problem,) = [d for d in diagnostics if d.field == "tableau.count"]
    assert "no source" in problem.message and problem.code == "no-source"
    assert problem.hint and "tableau: {count: 7}" in problem.hint
    assert "Tableau row" in problem.hint  # where the help would say it


def test_option_setting_an_unknown_field_is_an_error(specs: Path, tmp_path: Path) -> None:
    write(
        specs / "tiny.yaml",
        MINIMAL_SIDECAR + "options:\n  - {id: x, label: X, default: false, on: {stock.drawn: 3}}\n",
    )
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert outputs == {}
    assert any("unknown field 'stock.drawn'" in d.message for d in diagnostics)


def test_option_making_the_spec_invalid_is_an_error(specs: Path, tmp_path: Path) -> None:
    write(
        specs / "tiny.yaml",
        MINIMAL_SIDECAR + "options:\n  - {id: x, label: X, default: false, on: {stock.draw: 0}}\n",
    )
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert outputs == {}
    assert any(d.field == "options" for d in diagnostics)


def test_a_variant_inherits_its_base(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR.replace("redeals: 0", "redeals: 2"))
    write(specs / "tinier.yaml", "base: tiny\ntitle: Tinier\nstock:\n  redeals: 0\n")
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert not [d for d in diagnostics if d.level == "error"], diagnostics
    variant = load_module(outputs["generated/rules/tinier.py"], "tinier").GAME
    assert variant.title == "Tinier"
    assert variant.rules().redeals == 0
    assert variant.rules().tableau_deal == ((0, 1), (1, 1))
    import json

    spec = json.loads(outputs["generated/specs/tinier.json"])
    assert spec["provenance"]["tableau.count"]["source"] == "base"
    assert spec["provenance"]["tableau.count"]["base"] == "tiny"


def test_base_cycles_and_missing_bases_are_errors(specs: Path, tmp_path: Path) -> None:
    write(specs / "a.yaml", "base: b\n" + MINIMAL_SIDECAR)
    write(specs / "b.yaml", "base: a\n" + MINIMAL_SIDECAR)
    write(specs / "c.yaml", "base: nowhere\n" + MINIMAL_SIDECAR)
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert outputs == {}
    messages = " ".join(d.message for d in diagnostics)
    assert "base cycle: a -> b -> a" in messages
    assert "base game 'nowhere' not found" in messages
