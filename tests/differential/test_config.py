"""The sidecar's ``aisleriot:`` block is data, validated, and never part of the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.aisleriot.config import without_aisleriot
from generator.aisleriot.target import load_target, quantity
from generator.diagnostics import SpecError
from generator.pipeline import GameSources, load_spec, project_root
from generator.spec.sidecar import load_sidecar_text
from runtime.engine import State

BLOCK = """aisleriot:  # helpdeck diff
  scheme: some-game
  options: {three_card_deals: Three card deals}
  variables:
    - {module: api, name: FLIP-COUNTER, value: redeals_used}
    - {module: game, name: deal-one, value: "not option:three_card_deals"}

  slots: {f1: 4}
"""


def test_the_block_is_read_and_gives_no_facts() -> None:
    sidecar = load_sidecar_text("title: X\n" + BLOCK, "x.yaml")
    assert sidecar.aisleriot is not None
    assert sidecar.aisleriot.scheme_file("x") == "some-game"
    assert sidecar.aisleriot.slots == {"f1": 4}
    assert [f.path for f in sidecar.facts] == ["title"]


@pytest.mark.parametrize(
    "bad",
    [
        "aisleriot: {variables: [{module: game, name: x, value: '(system \"ls\")'}]}\n",
        "aisleriot: {variables: [{module: other, name: x, value: score}]}\n",
        "aisleriot: {scheme: ../../etc/passwd}\n",
        "aisleriot: {slots: {q9: 1}}\n",
        "aisleriot: {unknown: 1}\n",
    ],
)
def test_bad_blocks_are_errors_at_their_line(bad: str) -> None:
    with pytest.raises(SpecError) as caught:
        load_sidecar_text("title: X\n" + bad, "x.yaml")
    assert caught.value.diagnostics[0].line == 2


def test_the_block_leaves_the_rules_digest_alone(tmp_path: Path) -> None:
    specs = project_root() / "specs"
    text = (specs / "golf.yaml").read_bytes()
    assert without_aisleriot(text + b"aisleriot:\n  scheme: x\n\n") == without_aisleriot(text)
    (tmp_path / "golf.xml").write_bytes((specs / "golf.xml").read_bytes())
    digests = []
    for extra in (b"", BLOCK.encode()):
        (tmp_path / "golf.yaml").write_bytes(without_aisleriot(text) + extra)
        loaded, _ = load_spec(
            GameSources("golf", tmp_path / "golf.xml", tmp_path / "golf.yaml"), tmp_path
        )
        assert loaded is not None
        digests.append(loaded.digests)
    assert digests[0] == digests[1]


def test_quantities() -> None:
    target = load_target("klondike")
    state = State.new(target.game, {"three_card_deals": True})
    assert quantity(state, "option:three_card_deals") is True
    assert quantity(state, "not option:three_card_deals") is False
    assert quantity(state, "redeals_used") == 0
    assert quantity(state, "score") == state.score
    assert [name for _, name, _ in target.variables(state)] == ["FLIP-COUNTER"]
