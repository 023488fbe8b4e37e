"""The four seed games read, from every Aisleriot version of their help, to the same rule facts
as the project's pages, apart from the differences listed with the seed's words in
tests/data/seed_fidelity.yaml (docs/seed-fidelity.md is the statement-by-statement table)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.pipeline import project_root, read_prose

ROOT = project_root()
CORPUS = ROOT.parent / "shared" / "corpus" / "aisleriot"
DATA = yaml.safe_load((ROOT / "tests" / "data" / "seed_fidelity.yaml").read_text())
GAMES = ("saratoga", "seahaven", "escalator", "lady_jane")


def _versions(game: str) -> list[tuple[str, Path]]:
    current = CORPUS / "help" / "C" / f"{game}.xml"
    legacy = sorted((CORPUS / "legacy").glob(f"{game}.*"))
    found = [("current", current)] if current.exists() else []
    return found + [(p.name[len(game) + 1 :].rsplit(".", 1)[0], p) for p in legacy]


def _facts(path: Path) -> dict[str, Any]:
    prose = read_prose(path)
    facts: dict[str, Any] = {f.path: f.value for f in prose.facts}
    facts["options"] = [o.label for o in prose.options]
    return facts


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


CASES = [(game, tag, path) for game in GAMES for tag, path in _versions(game)]


def test_every_seed_game_has_versions() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the Aisleriot corpus is absent ({CORPUS})")
    assert {game for game, _, _ in CASES} == set(GAMES)
    assert set(DATA["games"]) == set(GAMES)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Aisleriot corpus is absent ({CORPUS})")
@pytest.mark.parametrize(("game", "tag", "path"), CASES, ids=[f"{g}:{t}" for g, t, _ in CASES])
def test_seed_page_reads_to_the_project_facts(game: str, tag: str, path: Path) -> None:
    ours = _facts(ROOT / "specs" / f"{game}.xml")
    theirs = _facts(path)
    found = {
        key: (_plain(ours.get(key)), _plain(theirs.get(key)))
        for key in sorted(set(ours) | set(theirs))
        if _plain(ours.get(key)) != _plain(theirs.get(key))
    }
    listed = {
        entry["path"]: (entry["ours"], entry["seed"])
        for entry in DATA["games"][game]
        if tag in entry.get("only_in", [tag])
    }
    unlisted = {k: v for k, v in found.items() if listed.get(k) != v}
    stale = {k: v for k, v in listed.items() if found.get(k) != v}
    assert not unlisted, f"{path.name}: facts that differ, not in seed_fidelity.yaml: {unlisted}"
    assert not stale, f"{path.name}: listed in seed_fidelity.yaml, but read the same: {stale}"


def test_every_listed_difference_quotes_the_seed() -> None:
    for game, entries in DATA["games"].items():
        for entry in entries:
            assert entry.get("words") and entry.get("why"), (game, entry["path"])
