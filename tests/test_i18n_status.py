"""`helpdeck i18n status`: translated, fuzzy and missing messages per language and game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.i18n.status import Counts, game_of, i18n_status
from runtime.cli import main

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n\n'
    "#. Put one translator per line, in the form NAME <EMAIL>, YEAR1, YEAR2\n"
    'msgctxt "_"\nmsgid "translator-credits"\nmsgstr "{credits}"\n\n'
)

# Two games; "Setup" is shared by both, "Goal" only by beta (and written by generate).
POT_ENTRIES = [
    ("specs/alpha.xml:5", "Alpha"),
    ("specs/alpha.xml:14 generated/help/C/beta.xml:14", "Setup"),
    ("specs/alpha.xml:20", "Move every card onto the Foundations."),
    ("generated/help/C/beta.xml:5", "Beta"),
    ("generated/help/C/beta.xml:30", "Goal"),
]


def entry(ref: str, msgid: str, msgstr: str = "", fuzzy: bool = False) -> str:
    flag = "#, fuzzy\n" if fuzzy else ""
    return f'#: {ref}\n{flag}msgid "{msgid}"\nmsgstr "{msgstr}"\n\n'


@pytest.fixture
def podir(tmp_path: Path) -> Path:
    po = tmp_path / "po"
    po.mkdir()
    (po / "helpdeck-help.pot").write_text(
        HEADER.format(lang="", credits="") + "".join(entry(r, m) for r, m in POT_ENTRIES),
        encoding="utf-8",
    )
    # sv: one fuzzy, "Goal" not in the file at all (not updated from the newest POT),
    # an obsolete entry that must not count.
    (po / "sv.po").write_text(
        HEADER.format(lang="sv", credits="Ann <ann@example.org>, 2026")
        + entry("specs/alpha.xml:5", "Alpha", "Alpha")
        + entry("specs/alpha.xml:14 generated/help/C/beta.xml:14", "Setup", "Uppläggning")
        + entry(
            "specs/alpha.xml:20",
            "Move every card onto the Foundations.",
            "Flytta korten.",
            fuzzy=True,
        )
        + entry("generated/help/C/beta.xml:5", "Beta", "")
        + '#~ msgid "Gone"\n#~ msgstr "Borta"\n',
        encoding="utf-8",
    )
    (po / "de.po").write_text(
        HEADER.format(lang="de", credits="Bea <bea@example.org>, 2026")
        + "".join(entry(r, m, m.replace("Setup", "Aufbau")) for r, m in POT_ENTRIES),
        encoding="utf-8",
    )
    return po


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_counts_per_language_and_game(podir: Path) -> None:
    sv, de = i18n_status([podir / "sv.po", podir / "de.po"], podir / "helpdeck-help.pot")
    # credits and the obsolete entry are not messages to translate
    assert (sv.counts.translated, sv.counts.fuzzy, sv.counts.missing) == (2, 1, 2)
    assert sv.counts.total == 5 and sv.counts.percent == 40.0 and not sv.counts.complete
    assert sorted(sv.games) == ["alpha", "beta"]
    alpha, beta = sv.games["alpha"], sv.games["beta"]
    assert (alpha.translated, alpha.fuzzy, alpha.missing) == (2, 1, 0)  # shared Setup counts
    assert (beta.translated, beta.fuzzy, beta.missing) == (1, 0, 2)  # Goal: not in sv.po
    assert {(state, msgid) for state, msgid, _ in sv.unfinished} == {
        ("fuzzy", "Move every card onto the Foundations."),
        ("missing", "Beta"),
        ("missing", "Goal"),
    }
    assert de.counts.complete and de.counts.percent == 100.0
    assert all(counts.complete for counts in de.games.values())


def test_without_template_the_po_messages_count(podir: Path) -> None:
    (sv,) = i18n_status([podir / "sv.po"], podir / "missing.pot")
    assert (sv.counts.translated, sv.counts.fuzzy, sv.counts.missing) == (2, 1, 1)


def test_percent_never_rounds_up_to_complete() -> None:
    assert Counts(translated=199, missing=1).percent == 99.5
    assert Counts(translated=1999, fuzzy=1).percent == 99.9
    assert Counts().percent == 100.0


@pytest.mark.parametrize(
    ("location", "game"),
    [
        ("specs/klondike.xml", "klondike"),
        ("generated/help/C/agnes.xml", "agnes"),
        ("lady_jane.xml", "lady_jane"),
        ("C:\\help\\golf.xml", "golf"),
    ],
)
def test_game_of_reference(location: str, game: str) -> None:
    assert game_of(location) == game


def test_command_text(podir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pot = podir / "helpdeck-help.pot"
    code, out, err = run(
        capsys, "i18n", "status", "--pot", str(pot), str(podir / "sv.po"), str(podir / "de.po")
    )
    assert code == 0, err  # an unfinished translation is not an error
    lines = out.splitlines()
    sv = next(line for line in lines if line.startswith("sv "))
    assert "2 translated" in sv and "1 fuzzy" in sv and "2 missing" in sv and "40 %" in sv
    beta = [line for line in lines if line.strip().startswith("beta")]
    assert len(beta) == 2 and "2 missing" in beta[0] and "100 %" in beta[1]
    total = next(line for line in lines if line.startswith("total"))
    assert "7 translated" in total and "2 missing" in total and "2 languages" in total


def test_command_json(podir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "i18n",
        "status",
        "--json",
        "--pot",
        str(podir / "helpdeck-help.pot"),
        str(podir / "sv.po"),
        str(podir / "de.po"),
    )
    assert code == 0
    data = json.loads(out)
    sv, de = data["languages"]
    assert sv["language"] == "sv" and sv["percent"] == 40.0
    assert sv["games"]["beta"] == {
        "translated": 1,
        "fuzzy": 0,
        "missing": 2,
        "total": 3,
        "percent": 33.3,
    }
    assert de["percent"] == 100.0 and de["total"] == 5
    assert data["total"] == {
        "translated": 7,
        "fuzzy": 1,
        "missing": 2,
        "total": 10,
        "percent": 70.0,
    }


def test_default_is_every_po_in_specs(podir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    specs = podir.parent
    code, out, _ = run(capsys, "i18n", "status", "--json", "--specs", str(specs))
    assert code == 0
    assert [lang["language"] for lang in json.loads(out)["languages"]] == ["de", "sv"]


def test_bad_input_is_a_diagnostic(podir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = podir / "nl.po"
    broken.write_text('msgid "x"\nmsgstr "y"\nnot po at all\n', encoding="utf-8")
    code, _, err = run(capsys, "i18n", "status", "--pot", str(podir / "x.pot"), str(broken))
    assert code == 1 and "nl.po:" in err and "invalid PO file" in err and "Traceback" not in err
    code, _, err = run(capsys, "i18n", "status", str(podir / "not-a-language.po"))
    assert code == 1 and "not named after a language" in err
