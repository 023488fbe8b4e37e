"""Say what you did not understand: sentence accounting, sources for every play-relevant field,
and checks that blame the line that said the contradicting thing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import Diagnostic, Level
from generator.pipeline import project_root, render_outputs
from generator.spec.accounting import Status
from runtime.cli import main
from tests.generator.conftest import MINIMAL_SIDECAR, write

ROOT = project_root()
CORPUS = ROOT.parent / "shared" / "corpus" / "aisleriot" / "help" / "C"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason="../shared/corpus/aisleriot is not beside the project"
)

ROWS = {
    "Type of Deck": "Standard Deck",
    "Stock": "Top left. Cards are turned onto the Waste one at a time. No redeals.",
    "Waste": "Beside the Stock.",
    "Foundations": "Four piles at top right, built up in suit from Ace to King.",
    "Tableau": "Seven piles. The first pile gets one card, the second two, and so on up to "
    "seven cards in the last pile. Only the top card of each pile is face up.",
}
RULES = (
    "The Tableau is built down in alternating colors. Builds of cards can be moved. "
    "An empty Tableau pile can be filled by any card."
)


def page(rules: str = RULES, rows: dict[str, str] | None = None, extra: str = "") -> str:
    """A small help page in Aisleriot's structure."""
    table = "".join(
        f"<row><entry>{label}</entry><entry>{text}</entry></row>\n"
        for label, text in (rows or ROWS).items()
    )
    return f"""<?xml version="1.0" encoding="utf-8"?>
<sect1 id="tiny"><title>Tiny</title>
<sect2><title>Setup</title><informaltable><tgroup cols="2"><tbody>
{table}</tbody></tgroup></informaltable></sect2>
<sect2><title>Goal</title><para>Move every card onto the Foundations.</para></sect2>
<sect2><title>Rules</title><para>{rules}</para>{extra}</sect2>
<sect2><title>Scoring</title><para>Every card placed on a Foundation is worth one point.</para>
<para>Maximum possible score: 52</para></sect2>
<sect2><title>Strategy</title><para>Every pyramid needs a strong foundation.</para></sect2>
</sect1>
"""


def game(
    specs: Path,
    rules: str = RULES,
    sidecar: str = "# nothing\n",
    rows: dict[str, str] | None = None,
) -> Path:
    write(specs / "tiny.xml", page(rules, rows))
    return write(specs / "tiny.yaml", sidecar)


def lint_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["lint", "--json", *argv])
    out, _ = capsys.readouterr()
    return code, json.loads(out)


def errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.level is Level.ERROR]


def test_a_clean_page_reads_every_sentence(specs: Path, tmp_path: Path) -> None:
    game(specs)
    outputs, diagnostics = render_outputs(specs, tmp_path, strict=True)
    assert not errors(diagnostics), [d.format() for d in diagnostics]
    assert "generated/rules/tiny.py" in outputs


def test_lint_json_accounts_for_every_rule_sentence(
    specs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game(specs, RULES + " Kings may not be moved while it rains.")
    code, document = lint_json(capsys, str(specs / "tiny.xml"))
    assert code == 0  # warnings only without --strict
    sentences = {s["text"]: s for s in document["sentences"]}
    built = sentences["The Tableau is built down in alternating colors."]
    assert built["status"] == "read" and "tableau.build.suit" in built["facts"]
    assert built["section"] == "rules" and built["line"] > 0 and built["column"] > 0
    assert sentences["Kings may not be moved while it rains."]["status"] == "unread"
    assert set(sentences["Beside the Stock."]) >= {"file", "line", "column", "section", "facts"}
    # Intro and Strategy never count: the strategy tip names a pile loosely.
    assert not any("pyramid" in text for text in sentences)
    facts = {f["path"]: f for f in document["facts"]}
    assert facts["tableau.build.direction"]["value"] == "down"
    assert facts["reserves.count"]["inferred"] is True  # no Reserve row: from silence
    assert facts["tableau.count"]["inferred"] is False


def test_a_qualifier_left_over_makes_a_sentence_partly_read(specs: Path, tmp_path: Path) -> None:
    rules = RULES.replace(
        "Builds of cards can be moved.", "Builds of cards can be moved, except on Sundays."
    )
    game(specs, rules)
    _, diagnostics = render_outputs(specs, tmp_path)
    (partly,) = [d for d in diagnostics if d.code == "partly-read"]
    assert partly.level is Level.WARNING and partly.file == "specs/tiny.xml"
    assert partly.line and "except" in partly.message
    _, strict = render_outputs(specs, tmp_path, strict=True)
    assert [d.code for d in errors(strict)] == ["partly-read"]


def test_strict_generate_names_the_unread_sentence(
    specs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game(specs, RULES + " Kings may not be moved while it rains.")
    code = main(["generate", "--strict", "--specs", str(specs), "--root", str(specs.parent)])
    _, err = capsys.readouterr()
    assert code == 1
    assert "tiny.xml:" in err and "sentence not read: 'Kings may not be moved" in err
    assert "acknowledge" in err  # the hint says how to proceed


def test_an_acknowledged_sentence_is_clean_and_a_stale_one_warns(
    specs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sidecar = (
        "acknowledge:\n"
        "  - quote: Kings may not be moved while it rains.\n"
        "    reason: weather is not simulated\n"
        "  - quote: A sentence the help does not have.\n"
        "    reason: stale\n"
    )
    game(specs, RULES + " Kings may not be moved while it rains.", sidecar)
    _, diagnostics = render_outputs(specs, tmp_path, strict=True)
    assert not errors(diagnostics), [d.format() for d in diagnostics]
    (stale,) = [d for d in diagnostics if d.field == "acknowledge"]
    assert stale.line == 4 and stale.file.endswith("tiny.yaml")
    _, document = lint_json(capsys, str(specs / "tiny.xml"))
    (rain,) = [s for s in document["sentences"] if "rains" in s["text"]]
    assert rain["status"] == Status.ACKNOWLEDGED.value
    assert rain["reason"] == "weather is not simulated"


def test_an_unsourced_field_is_an_error_naming_section_and_sidecar_line(
    specs: Path, tmp_path: Path
) -> None:
    game(specs, "The Tableau is built down in alternating colors.")  # no group move, no empty
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert outputs == {}
    unsourced = {d.field: d for d in diagnostics if d.code == "no-source"}
    assert set(unsourced) == {"tableau.group_move", "tableau.empty"}
    hint = unsourced["tableau.group_move"].hint or ""
    assert "Rules" in hint and "tableau: {group_move: build}" in hint
    write(specs / "tiny.yaml", "tableau: {group_move: one, empty: any}\n")
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert not errors(diagnostics), [d.format() for d in diagnostics]


def test_a_base_game_is_a_source(specs: Path, tmp_path: Path) -> None:
    write(specs / "tiny.yaml", MINIMAL_SIDECAR)
    write(specs / "variant.yaml", "base: tiny\ntitle: Variant\ntableau: {empty: king}\n")
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert not errors(diagnostics), [d.format() for d in diagnostics]
    spec = json.loads(outputs["generated/specs/variant.json"])
    assert spec["provenance"]["tableau.group_move"]["source"] == "base"


def test_the_deal_count_blames_the_help_line_that_gave_it(specs: Path, tmp_path: Path) -> None:
    rows = dict(ROWS)
    rows["Tableau"] = "Eight piles. Seven cards in each pile, all face up."
    rows["Stock"] = "There is no Stock."
    game(specs, rows=rows)
    _, diagnostics = render_outputs(specs, tmp_path)
    (count,) = [d for d in diagnostics if d.code == "inconsistent"]
    assert count.file == "specs/tiny.xml" and count.line
    assert "the deal uses 56 cards" in count.message and "deck has 52" in count.message


@pytest.mark.parametrize(
    ("maximum", "sidecar", "expected", "blamed"),
    [
        ("48", "# nothing\n", "the maximum score is 48", "tiny.xml"),
        ("52", "waste: {present: false}\n", "there is no Waste", "tiny.xml"),
        ("52", "foundations: {count: 0}\n", "there are none", "tiny.xml"),
        ("52", "stock: {redeals: 2}\n", None, None),  # two redeals of a real Stock: fine
    ],
)
def test_contradictions_are_errors(
    specs: Path,
    tmp_path: Path,
    maximum: str,
    sidecar: str,
    expected: str | None,
    blamed: str | None,
) -> None:
    rows = dict(ROWS)
    rows["Stock"] = "Top left. Cards are turned onto the Waste one at a time."
    for label in ("Waste", "Foundations"):  # a pile the sidecar removes has no row
        if label.casefold()[:5] in sidecar:
            del rows[label]
    write(specs / "tiny.xml", page(rows=rows).replace("score: 52", f"score: {maximum}"))
    write(specs / "tiny.yaml", sidecar)
    _, diagnostics = render_outputs(specs, tmp_path)
    found = [d for d in diagnostics if d.code == "inconsistent"]
    if expected is None:
        assert not errors(diagnostics), [d.format() for d in diagnostics]
        return
    assert len(found) == 1 and expected in found[0].message, [d.format() for d in diagnostics]
    assert blamed and found[0].file.endswith(blamed) and found[0].line


def test_redeals_with_no_stock_left_are_an_error(specs: Path, tmp_path: Path) -> None:
    rows = dict(ROWS)
    rows["Tableau"] = "Four piles. Thirteen cards in each pile, all face up."  # the whole deck
    rows["Stock"] = "Top left. Cards are turned onto the Waste one at a time. Two redeals."
    game(specs, rows=rows)
    _, diagnostics = render_outputs(specs, tmp_path)
    messages = [d.message for d in diagnostics if d.code == "inconsistent"]
    assert any("no cards in the Stock to redeal" in m for m in messages), messages


def test_every_shipped_game_is_strict_clean(tmp_path: Path) -> None:
    _, diagnostics = render_outputs(ROOT / "specs", tmp_path, strict=True)
    assert not errors(diagnostics), "\n".join(d.format() for d in errors(diagnostics))


# Ten real pages outside the catalogue, each dropped in with a comment-only sidecar: each is
# either refused with lines that say what was not read or has no source, or read in full.
# Whitehead, Streets and Alleys and Westhaven are read in full (and read the same as the
# catalogue's own pages, up to placement: tests/test_real_pages.py); `helpdeck diff` then
# checks them against Aisleriot.
REFUSED = (
    "forty_thieves",
    "cruel",
    "fortress",
    "thirteen",
    "bakers_game",
    "spiderette",
    "easthaven",
)
READ_IN_FULL = ("whitehead", "streets_and_alleys", "westhaven")


@needs_corpus
@pytest.mark.parametrize("name", REFUSED + READ_IN_FULL)
def test_a_dropped_in_real_page_is_never_silently_wrong(
    name: str, specs: Path, tmp_path: Path
) -> None:
    shutil.copy(CORPUS / f"{name}.xml", specs / f"{name}.xml")
    write(specs / f"{name}.yaml", f"# {name}: dropped in unchanged\n")
    outputs, diagnostics = render_outputs(specs, tmp_path, strict=True)
    found = errors(diagnostics)
    if name in READ_IN_FULL:
        assert not found, [d.format() for d in found]
        assert f"generated/rules/{name}.py" in outputs
        return
    assert outputs == {} and found
    for diagnostic in found:
        assert diagnostic.file.endswith((f"{name}.xml", f"{name}.yaml"))
        assert diagnostic.code in ("unread", "partly-read", "no-source", "inconsistent") or (
            diagnostic.line is not None
        ), diagnostic.format()
