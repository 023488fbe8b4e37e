"""The real page reads the same: each game's ORIGINAL Aisleriot help page, read with the
game's own sidecar, gives the same variant spec as the game's own page, or the difference is
data in the game's `specs/<game>.test.yaml` under `real_page:` (docs/spec/scenarios.md).

For every game in specs/ with a page of the same name in ../shared/corpus/aisleriot/help/C
(or the name `real_page.page` gives), the page is copied unchanged into a temporary specs
directory beside the game's sidecar and read by the pipeline (`load_spec`, not strict: an
unread sentence is not an error here, a missing source or a contradiction is). Then:

- a page that is refused must be listed as `errors:` (each a substring of an error's
  `field: message`), and every error must be listed;
- otherwise every rule field (flattened leaf paths) that differs from the shipped game's
  spec must be listed as `differences:` with both values, and nothing else.

Compared: every field of the spec but `provenance` (where a value came from, which differs
by construction), `title` (the page's heading, not a rule) and `id`/`spec_version`. Placement
is compared too: it is read from the same Setup rows, so a difference says which page names a
place the other does not.

Reads ../shared/corpus (never copied into the project); skips, saying why, when it is absent.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.check.scenarios import RealPage, load_scenarios, parse_scenarios, scenario_path
from generator.diagnostics import Diagnostic, Level
from generator.pipeline import GameSources, LoadedSpec, load_spec, project_root

ROOT = project_root()
SPECS = ROOT / "specs"
CORPUS = (ROOT / ".." / "shared" / "corpus" / "aisleriot" / "help" / "C").resolve()
IGNORED = frozenset({"provenance", "title", "id", "spec_version"})
GAMES = sorted(p.stem for p in SPECS.glob("*.xml") if p.with_suffix(".yaml").exists())


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """Leaf paths of a spec dumped to JSON; lists are leaves (a deal pattern is one value)."""
    if isinstance(value, dict):
        leaves: dict[str, Any] = {}
        for key, item in value.items():
            if not path and key in IGNORED:
                continue
            leaves.update(flatten(item, f"{path}.{key}" if path else key))
        return leaves
    return {path: value}


def spec_leaves(loaded: LoadedSpec) -> dict[str, Any]:
    return flatten(json.loads(loaded.spec.model_dump_json()))


def error_text(diagnostic: Diagnostic) -> str:
    return f"{diagnostic.field}: {diagnostic.message}" if diagnostic.field else diagnostic.message


def compare(
    ours: dict[str, Any],
    real: dict[str, Any] | None,
    errors: list[str],
    expected: RealPage | None,
) -> list[str]:
    """Every problem: an unlisted difference or error, a stale or wrong entry."""
    expected = expected or RealPage()
    problems: list[str] = []
    if real is None:
        for text in errors:
            if not any(e.error in text for e in expected.errors):
                problems.append(f"unlisted error: {text!r}")
        for entry in expected.errors:
            if not any(entry.error in text for text in errors):
                problems.append(f"stale error entry: {entry.error!r} matches no error")
        for difference in expected.differences:
            problems.append(f"stale difference {difference.field}: the real page is refused")
        return problems
    for entry in expected.errors:
        problems.append(f"stale error entry: {entry.error!r}: the real page is read")
    listed = {d.field: d for d in expected.differences}
    for path in sorted(set(ours) | set(real)):
        if ours.get(path) == real.get(path):
            if path in listed:
                problems.append(f"stale difference {path}: both pages read {ours.get(path)!r}")
            continue
        found = listed.get(path)
        if found is None:
            problems.append(
                f"unlisted difference: {{field: {path}, ours: {json.dumps(ours.get(path))}, "
                f"real: {json.dumps(real.get(path))}}}"
            )
        elif found.ours != ours.get(path) or found.real != real.get(path):
            problems.append(
                f"difference {path} listed as ours={found.ours!r} real={found.real!r}, "
                f"but ours={ours.get(path)!r} real={real.get(path)!r}"
            )
    problems.extend(
        f"stale difference {field}: no such field" for field in listed if field not in ours
    )
    return problems


def _load(specs: Path, game: str) -> tuple[LoadedSpec | None, list[Diagnostic]]:
    sources = GameSources(game, specs / f"{game}.xml", specs / f"{game}.yaml")
    return load_spec(sources, ROOT)


needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the Aisleriot help corpus is absent at {CORPUS}"
)


@needs_corpus
@pytest.mark.parametrize("game", GAMES)
def test_real_page_reads_the_same(game: str, tmp_path: Path) -> None:
    path = scenario_path(SPECS, game)
    expected = load_scenarios(path, f"specs/{path.name}").real_page if path.exists() else None
    page = CORPUS / f"{(expected.page if expected else None) or game}.xml"
    if not page.exists():
        assert expected is None, f"specs/{path.name}: real_page: no page {page.name} in {CORPUS}"
        pytest.skip(f"Aisleriot has no page {page.name}")
    ours, found = _load(SPECS, game)
    assert ours is not None, [d.format() for d in found]
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(page, specs / f"{game}.xml")  # the original page, unchanged
    shutil.copy(SPECS / f"{game}.yaml", specs / f"{game}.yaml")  # the game's own sidecar
    base = ours.spec.provenance  # a variant's base game comes along with its own files
    for source in {p.base for p in base.values() if p.base}:
        for suffix in (".xml", ".yaml"):
            if (SPECS / f"{source}{suffix}").exists():
                shutil.copy(SPECS / f"{source}{suffix}", specs / f"{source}{suffix}")
    real, diagnostics = _load(specs, game)
    errors = [error_text(d) for d in diagnostics if d.level is Level.ERROR]
    problems = compare(spec_leaves(ours), spec_leaves(real) if real else None, errors, expected)
    assert not problems, f"specs/{path.name}: real_page ({page.name}):\n  " + "\n  ".join(problems)


# -- the comparison itself, on made-up data ------------------------------------------------


def _expected(text: str) -> RealPage | None:
    return parse_scenarios(f"scenarios: []\n{text}", "t.test.yaml", "klondike").real_page


def test_an_unlisted_difference_fails_and_a_listed_one_passes() -> None:
    ours, real = {"tableau.empty": "king", "decks": 1}, {"tableau.empty": "any", "decks": 1}
    assert compare(ours, real, [], None) == [
        'unlisted difference: {field: tableau.empty, ours: "king", real: "any"}'
    ]
    listed = _expected(
        "real_page:\n  differences:\n"
        "    - {field: tableau.empty, ours: king, real: any, reason: the page says so}\n"
    )
    assert compare(ours, real, [], listed) == []


def test_stale_and_wrong_entries_fail() -> None:
    same = {"tableau.empty": "any"}
    listed = _expected(
        "real_page:\n  differences:\n"
        "    - {field: tableau.empty, ours: king, real: any, reason: r}\n"
        "    - {field: nosuch, ours: 1, real: 2, reason: r}\n"
    )
    problems = compare(same, same, [], listed)
    assert any("stale difference tableau.empty" in p for p in problems)
    assert any("stale difference nosuch" in p for p in problems)
    wrong = compare({"tableau.empty": "king"}, {"tableau.empty": "none"}, [], listed)
    assert any("listed as ours='king' real='any'" in p for p in wrong)


def test_a_refused_page_lists_its_errors() -> None:
    errors = ["reserves.deal: no source: the help does not say this"]
    assert compare({}, None, errors, None) == [f"unlisted error: {errors[0]!r}"]
    listed = _expected(
        "real_page:\n  errors:\n    - {error: 'reserves.deal: no source', reason: r}\n"
    )
    assert compare({}, None, errors, listed) == []
    assert compare({}, {}, [], listed) == [
        "stale error entry: 'reserves.deal: no source': the real page is read"
    ]
    stale = _expected("real_page:\n  errors:\n    - {error: 'goal.kind', reason: r}\n")
    assert "stale error entry: 'goal.kind' matches no error" in compare({}, None, errors, stale)
