"""Every game's rule scenarios (specs/<game>.test.yaml), the help sentences they must quote,
and the scenario runner itself."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from generator.check.scenarios import (
    ScenarioFile,
    check_help,
    help_sentences,
    load_scenarios,
    parse_scenarios,
    run_file,
    run_scenario,
    scenario_path,
)
from generator.diagnostics import SpecError
from runtime.engine import game_ids

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "specs"


@cache
def _load(game_id: str) -> ScenarioFile | SpecError | None:
    path = scenario_path(SPECS, game_id)
    if not path.exists():
        return None
    try:
        return load_scenarios(path, f"specs/{path.name}")
    except SpecError as error:
        return error


def _cases() -> list[object]:
    cases: list[object] = []
    for game_id in game_ids():
        loaded = _load(game_id)
        if isinstance(loaded, SpecError):
            cases.append(pytest.param(game_id, -1, id=f"{game_id}:<unreadable>"))
        elif loaded is not None:
            cases.extend(
                pytest.param(game_id, i, id=f"{game_id}:{s.name}")
                for i, s in enumerate(loaded.scenarios)
            )
    return cases


@pytest.mark.parametrize(("game_id", "index"), _cases())
def test_scenario(game_id: str, index: int) -> None:
    loaded = _load(game_id)
    if isinstance(loaded, SpecError):
        pytest.fail(str(loaded), pytrace=False)
    assert loaded is not None
    failures = run_scenario(loaded, index)
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_help_sentence_is_quoted(game_id: str) -> None:
    """The help is the rule: each Setup and Rules sentence is quoted by a scenario, and each
    quote is a sentence of the help (a reworded sentence leaves a stale quote)."""
    loaded = _load(game_id)
    if isinstance(loaded, SpecError):
        pytest.fail(str(loaded), pytrace=False)
    if loaded is None:
        pytest.fail(f"no rule scenarios for {game_id}: write specs/{game_id}.test.yaml")
    problems = check_help(loaded, SPECS / f"{game_id}.xml")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_sentences_are_found() -> None:
    # The reader must see the sentences at all, or the check above would pass vacuously.
    saratoga = help_sentences(SPECS / "saratoga.xml")
    assert "Stock: Two redeals." in [str(s) for s in saratoga.required]
    assert "Two redeals." in saratoga.quotable
    assert len(help_sentences(SPECS / "lady_jane.xml").required) >= 20


# -- the runner ------------------------------------------------------------------------------


def scenarios(text: str, game_id: str = "klondike") -> ScenarioFile:
    return parse_scenarios(text, "t.test.yaml", game_id)


GOOD = """\
scenarios:
  - name: alternating colours
    quote: ["The Tableau is built down in alternating colors."]
    position: {t1: "8S", t2: "7H", t3: "7C"}
    legal: ["t2>t1"]
    illegal: ["t3>t1"]
    expect:
      piles: {t1: "8S"}
"""


def test_a_good_scenario_passes() -> None:
    assert run_file(scenarios(GOOD)) == []


def test_a_wrong_legal_move_fails_naming_file_line_and_scenario() -> None:
    failures = run_file(scenarios(GOOD.replace('legal: ["t2>t1"]', 'legal: ["t3>t1"]')))
    assert len(failures) == 1
    assert failures[0].startswith("t.test.yaml:5: 'alternating colours': t3>t1 should be legal")


def test_a_wrong_illegal_move_fails() -> None:
    failures = run_file(scenarios(GOOD.replace('illegal: ["t3>t1"]', 'illegal: ["t2>t1"]')))
    assert [f.split(": ", 2)[0] for f in failures] == ["t.test.yaml:6"]
    assert "t2>t1 should be illegal" in failures[0]


def test_wrong_pile_text_fails() -> None:
    failures = run_file(scenarios(GOOD.replace('piles: {t1: "8S"}', 'piles: {t1: "8S 7H"}')))
    assert failures == [
        "t.test.yaml:8: 'alternating colours': expect.piles.t1: expected '8S 7H', got '8S'"
    ]


def test_an_illegal_play_stops_the_scenario() -> None:
    text = GOOD.replace("    legal:", '    play: ["t3>t1"]\n    legal:')
    failures = run_file(scenarios(text))
    assert len(failures) == 1 and failures[0].startswith("t.test.yaml:5:")
    assert "play t3>t1" in failures[0]


def test_an_unknown_key_is_a_clear_error() -> None:
    with pytest.raises(SpecError) as caught:
        scenarios(GOOD.replace("    legal:", "    legals: []\n    legal:"))
    [diagnostic] = caught.value.diagnostics
    assert (diagnostic.file, diagnostic.line) == ("t.test.yaml", 5)
    assert diagnostic.field == "scenarios.0.legals" and "unknown key" in diagnostic.message
    with pytest.raises(SpecError) as caught:
        scenarios(GOOD.replace("      piles:", "      pile:"))
    assert caught.value.diagnostics[0].line == 8


def test_bad_yaml_and_duplicates_are_located() -> None:
    with pytest.raises(SpecError) as caught:
        scenarios(GOOD + "  - name: alternating colours\n")
    assert caught.value.diagnostics[0].line == 9
    assert "already used on line 2" in caught.value.diagnostics[0].message
    with pytest.raises(SpecError) as caught:
        scenarios(GOOD.replace("    legal:", "    legal: [\n"))
    assert caught.value.diagnostics[0].line is not None
    with pytest.raises(SpecError, match="tag"):
        scenarios("scenarios:\n  - name: !!python/object:os.system x\n")
    with pytest.raises(SpecError, match="tag"):
        scenarios("scenarios: !!set {a: null}\n")
    with pytest.raises(SpecError, match="aliases"):
        scenarios("scenarios:\n  - &a {name: x}\n  - *a\n")
    with pytest.raises(SpecError, match="one of deal"):
        scenarios("scenarios:\n  - {name: x, deal: 1, position: {t1: AS}}\n")


def test_a_bad_position_is_a_failure_not_a_crash() -> None:
    failures = run_file(scenarios("scenarios:\n  - name: x\n    position: {t9: AS}\n"))
    assert failures == [
        "t.test.yaml:3: 'x': cannot set up: klondike has no pile 't9' "
        "(piles: s, w, f1, f2, f3, f4, t1, t2, t3, t4, t5, t6, t7)"
    ]


def test_expect_vocabulary() -> None:
    text = """\
scenarios:
  - name: deal
    deal: [1, 2]
    play: ["deal*3"]
    expect:
      sizes: {tableau: [1, 2, 3, 4, 5, 6, 7], waste: 3, stock: [21]}
      face_up: {tableau: [1, 1, 1, 1, 1, 1, 1], stock: 0}
      kinds: {stock: 1, waste: 1, foundation: 4, tableau: 7, reserve: 0}
      layout_starts: [stock, waste]
      deck: full
      score: 0
      max_score: 52
      won: false
      stock_status: deal
      redeals_left: 2
      undo_restores: true
      rules: {stock_draw: 1, redeals: 2, group_move: build}
      options: {single_card_deals: true}
      option_sets: 4
      autofinish: null
  - name: a three-card deal code
    deal_code: klondike-3-1000
    expect:
      options: {three_card_deals: true}
      deal_code: klondike-3-1000
      option_groups: {deal: [three_card_deals, single_card_deals, no_redeals, unlimited_redeals]}
  - name: two options at once
    options: {three_card_deals: true, single_card_deals: true}
    invalid: true
"""
    assert run_file(scenarios(text)) == []
    wrong = scenarios(
        text.replace("waste: 3,", "waste: 4,").replace("autofinish: null", "autofinish: []")
    )
    failures = run_file(wrong)
    assert len(failures) == 4, failures  # two checks, for each of two deals
    assert failures[0].startswith("t.test.yaml:6: 'deal': deal 1: expect.sizes.waste: expected 4")


def test_start_problems_are_failures() -> None:
    accepted = "scenarios:\n  - name: x\n    options: {three_card_deals: true}\n    invalid: true\n"
    assert run_file(scenarios(accepted)) == [
        "t.test.yaml:4: 'x': the start should be refused but was accepted"
    ]
    other_game = "scenarios:\n  - name: x\n    deal_code: golf-1\n"
    [failure] = run_file(scenarios(other_game))
    assert failure.startswith("t.test.yaml:3: 'x': cannot set up:") and "not a klondike" in failure
    with pytest.raises(SpecError, match="only that its start is refused"):
        scenarios("scenarios:\n  - {name: x, invalid: true, legal: [deal]}\n")


def test_a_move_of_no_pile_is_not_silently_illegal() -> None:
    text = "scenarios:\n  - name: x\n    position: {t1: AS}\n    illegal: [t1>r1]\n"
    [failure] = run_file(scenarios(text))
    assert failure.startswith("t.test.yaml:4: 'x': t1>r1 is not a move of this game")


def test_stale_and_missing_quotes(tmp_path: Path) -> None:
    golf = load_scenarios(SPECS / "golf.test.yaml", "golf.test.yaml")
    assert check_help(golf, SPECS / "golf.xml") == []
    help_file = tmp_path / "golf.xml"
    text = (SPECS / "golf.xml").read_text()
    help_file.write_text(text.replace("There is no redeal.", "There is never a redeal."))
    problems = check_help(golf, help_file)
    assert any("'There is no redeal.' is not a sentence of the help" in p for p in problems)
    assert any("no scenario quotes 'There is never a redeal.'" in p for p in problems)
