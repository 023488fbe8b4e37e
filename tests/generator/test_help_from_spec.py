"""Help written from a spec: every catalog game's spec gives a readable page that the prose
reader reads back to the same core rules."""

from __future__ import annotations

import pytest

from generator.docbook import read_help_text
from generator.help.from_spec import help_from_spec
from generator.pipeline import project_root
from generator.prose.extract import extract_facts
from generator.spec.model import VariantSpec
from runtime.engine.catalog import game_ids

SPECS = project_root() / "generated" / "specs"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_catalog_spec_writes_readable_help(game_id: str) -> None:
    spec = VariantSpec.model_validate_json((SPECS / f"{game_id}.json").read_text())
    document = read_help_text(help_from_spec(spec).decode(), f"{game_id}.xml")
    kinds = [section.kind for section in document.sections]
    assert {"setup", "goal", "rules", "scoring", "strategy"} <= set(kinds)
    facts = extract_facts(document).by_path()
    assert facts["title"].value == spec.title
    assert facts["scoring.max"].value == spec.scoring.max
    if "tableau.count" in facts:
        assert facts["tableau.count"].value == spec.tableau.count
