"""Every sentence of every Setup and Rules section of a game's help is quoted by a rule test.

The help is the rule: `tests/engine/test_rules_<game>.py` must quote each sentence (in a
docstring) next to the test that checks it, so a sentence added to the help without a test fails
here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

from runtime.engine import game_ids

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ("Setup", "Rules")


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def help_sentences(game_id: str) -> list[str]:
    """The sentences of the Setup and Rules sections; a Setup row reads ``Label: text``."""
    tree = etree.parse(str(ROOT / "specs" / f"{game_id}.xml"))
    sentences: list[str] = []
    for section in tree.iter("sect2"):
        title = _normal("".join(section.findtext("title") or ""))
        if title not in SECTIONS:
            continue
        blocks: list[str] = []
        for row in section.iter("row"):
            entries = row.findall("entry")
            blocks.append(_normal("".join(entries[-1].itertext())))
        for para in section.iter("para"):
            blocks.append(_normal("".join(para.itertext())))
        for block in blocks:
            sentences.extend(s for s in re.split(r"(?<=[.!?])\s+", block) if s)
    return sentences


@pytest.mark.parametrize("game_id", game_ids())
def test_every_help_sentence_has_a_rule_test(game_id: str) -> None:
    tests = ROOT / "tests" / "engine" / f"test_rules_{game_id}.py"
    assert tests.exists(), f"no rule scenarios for {game_id}: write {tests.name}"
    source = _normal(re.sub(r'"""|#', " ", tests.read_text()))
    missing = [s for s in help_sentences(game_id) if s not in source]
    assert not missing, f"help sentences no test quotes: {missing}"


def test_sentences_are_found() -> None:
    # The reader must see the sentences at all, or the check above would pass vacuously.
    assert "Two redeals." in help_sentences("saratoga")
    assert len(help_sentences("lady_jane")) >= 20
