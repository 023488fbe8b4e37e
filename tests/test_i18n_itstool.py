"""generator.i18n against GNOME itstool (the oracle) and its markup-safety rules.

Tree comparison of merged XML: comments are removed (their surrounding text
joined), everything else (tags, attributes, text, whitespace) must be equal.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from lxml import etree

from generator.diagnostics import Diagnostic, Level, SpecError
from generator.i18n import (
    extract_messages,
    extract_pot,
    merge_translation,
    translator_credits,
    update_po,
)
from generator.i18n.extract import pot_text
from generator.i18n.merge import convert_locale, match_locale_list
from generator.i18n.rules import DEFAULT_RULES

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "i18n"
SAMPLE = DATA / "sample.xml"
HELP = (ROOT / ".." / "shared" / "corpus" / "aisleriot" / "help").resolve()
CORPUS_XML = sorted((HELP / "C").glob("*.xml"))

needs_corpus = pytest.mark.skipif(not CORPUS_XML, reason=f"Aisleriot corpus not found at {HELP}")
needs_itstool = pytest.mark.skipif(
    shutil.which("itstool") is None or shutil.which("msgfmt") is None,
    reason="itstool and msgfmt are needed as the oracle (apt install itstool gettext)",
)


def run(*args: str | Path, cwd: Path) -> None:
    subprocess.run([str(a) for a in args], cwd=cwd, check=True, capture_output=True)


def po_entries(path: Path) -> list[tuple[object, ...]]:
    pofile = polib.pofile(str(path), wrapwidth=0)
    return [(e.msgctxt, e.msgid, e.occurrences, e.comment, e.flags) for e in pofile]


def canonical(data: bytes | Path) -> bytes:
    """Serialised tree without comments (text around a comment is joined)."""
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True)
    if isinstance(data, Path):
        root = etree.parse(str(data), parser).getroot()
    else:
        root = etree.fromstring(data, parser)
    for comment in list(root.iter(etree.Comment)):
        parent, prev = comment.getparent(), comment.getprevious()
        assert parent is not None
        tail = comment.tail or ""
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
        parent.remove(comment)
    return etree.tostring(root, encoding="utf-8")


def write_po(path: Path, body: str) -> Path:
    header = (
        'msgid ""\nmsgstr ""\n"Language: sv\\n"\n"MIME-Version: 1.0\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    )
    path.write_text(header + body, encoding="utf-8")
    return path


# -- extraction ----------------------------------------------------------------


@needs_corpus
@needs_itstool
def test_pot_equals_itstool_for_whole_corpus(tmp_path: Path) -> None:
    oracle = tmp_path / "itstool.pot"
    names = [f"C/{p.name}" for p in CORPUS_XML]
    run("itstool", "-i", DEFAULT_RULES, "-o", oracle, *names, cwd=HELP)
    ours = tmp_path / "ours.pot"
    extract_pot(CORPUS_XML, ours, base=HELP)
    expected = po_entries(oracle)
    assert len(expected) > 800
    assert po_entries(ours) == expected
    # Byte-for-byte too, apart from the creation date.
    strip = [line for line in oracle.read_text().splitlines() if "POT-Creation-Date" not in line]
    mine = [line for line in ours.read_text().splitlines() if "POT-Creation-Date" not in line]
    assert mine == strip


@needs_itstool
def test_sample_pot_equals_itstool(tmp_path: Path) -> None:
    oracle = tmp_path / "itstool.pot"
    run("itstool", "-i", DEFAULT_RULES, "-o", oracle, SAMPLE.name, cwd=DATA)
    ours = tmp_path / "ours.pot"
    extract_pot([SAMPLE], ours, base=DATA)
    assert po_entries(ours) == po_entries(oracle)


def test_extracted_messages() -> None:
    catalog = extract_messages([SAMPLE], base=DATA)
    ids = [m.id for m in catalog if m.id]
    assert ids[0] == "translator-credits"
    assert "Move every card to the <emphasis>Foundation</emphasis>." in ids
    assert "Choose one: <_:itemizedlist-1/>" in ids
    assert "keep   this\n  spacing" in ids  # verbatim element keeps its whitespace
    assert not any("Editor note" in i for i in ids)  # remarks are dropped
    para = catalog.get("Choose one: <_:itemizedlist-1/>")
    assert para is not None
    assert para.locations == [("sample.xml", 11)]
    assert para.auto_comments == ["(itstool) path: sect2/para"]
    assert catalog.get("translator-credits", context="_") is not None


def test_extract_reports_bad_xml(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<sect1>\n<title>Oops</sect1>\n")
    with pytest.raises(SpecError) as err:
        extract_pot([bad], tmp_path / "out.pot")
    (diag,) = err.value.diagnostics
    assert diag.file == str(bad) and diag.line == 2 and "well-formed" in diag.message


def test_external_entities_are_not_loaded(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    doc = tmp_path / "xxe.xml"
    doc.write_text(
        f'<!DOCTYPE sect1 [<!ENTITY s SYSTEM "{secret.as_uri()}">]>\n'
        "<sect1><title>Leak &s;</title></sect1>\n"
    )
    with pytest.raises(SpecError) as err:
        pot_text([doc], base=tmp_path)
    assert "TOP SECRET" not in str(err.value)
    assert "Entity 's'" in err.value.diagnostics[0].message


# -- merging: equality with itstool -m ------------------------------------------


@needs_corpus
@needs_itstool
@pytest.mark.parametrize("lang", ["sv", "de"])
def test_merge_equals_itstool(lang: str, tmp_path: Path) -> None:
    po = HELP / lang / f"{lang}.po"
    mo = tmp_path / f"{lang}.mo"
    run("msgfmt", "-o", mo, po, cwd=tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    names = [f"C/{p.name}" for p in CORPUS_XML]
    run("itstool", "-i", DEFAULT_RULES, "-m", mo, "-o", out, *names, cwd=HELP)
    for source in CORPUS_XML:
        data, diagnostics = merge_translation(source, po)
        assert diagnostics == [], source.name
        assert canonical(data) == canonical(out / source.name), source.name


@needs_itstool
def test_sample_merge_equals_itstool(tmp_path: Path) -> None:
    po = write_po(
        tmp_path / "sv.po",
        'msgid "Choose one: <_:itemizedlist-1/>"\nmsgstr "Välj: <_:itemizedlist-1/>"\n\n'
        'msgid "Easy deal"\nmsgstr "Lätt giv"\n\n'
        'msgid "Press <keycap>F1</keycap> or read the <ulink url=\\"help:rules\\">rules</ulink>."\n'
        'msgstr "Läs <ulink url=\\"help:rules\\">reglerna</ulink> eller "\n'
        '"tryck <keycap>F1</keycap>."\n',
    )
    mo = tmp_path / "sv.mo"
    run("msgfmt", "-o", mo, po, cwd=tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    run("itstool", "-i", DEFAULT_RULES, "-m", mo, "-o", out, SAMPLE, cwd=tmp_path)
    data, diagnostics = merge_translation(SAMPLE, po)
    assert diagnostics == []
    assert canonical(data) == canonical(out / SAMPLE.name)
    assert b"Editor note" not in data and b'lang="sv"' in data


# -- merging: fallbacks and markup safety ----------------------------------------

XI = "http://www.w3.org/2001/XInclude"
GOAL = "Move every card to the <emphasis>Foundation</emphasis>."


def merged(
    tmp_path: Path, msgstr: str, strict: bool = False, extra: str = ""
) -> tuple[str, list[Diagnostic]]:
    body = f'{extra}msgid "{GOAL}"\nmsgstr "{msgstr}"\n'
    data, diagnostics = merge_translation(SAMPLE, write_po(tmp_path / "sv.po", body), strict)
    return data.decode("utf-8"), diagnostics


def test_good_translation_is_merged(tmp_path: Path) -> None:
    text, diagnostics = merged(tmp_path, "Till <emphasis>grundhögen</emphasis> med alla kort.")
    assert diagnostics == []
    assert "<para>Till <emphasis>grundhögen</emphasis> med alla kort.</para>" in text


def test_fuzzy_and_untranslated_fall_back(tmp_path: Path) -> None:
    text, diagnostics = merged(tmp_path, "Flytta <emphasis>allt</emphasis>.", extra="#, fuzzy\n")
    assert diagnostics == [] and GOAL in text and "Flytta" not in text
    text, diagnostics = merged(tmp_path, "")
    assert diagnostics == [] and GOAL in text


@pytest.mark.parametrize(
    ("msgstr", "reason"),
    [
        ("Flytta <emphasis>allt</emphasis> <emphasis>nu</emphasis>.", "adds <emphasis>"),
        (
            f"Flytta <emphasis>allt</emphasis><xi:include xmlns:xi='{XI}' href='/etc/pw'/>.",
            "XInclude",
        ),
        (
            "<ulink url='javascript:alert(1)'>Flytta</ulink> <emphasis>allt</emphasis>.",
            "unsafe link",
        ),
        ("Flytta <emphasis>allt</emphasis.", "not well-formed"),
        ("Flytta allt.", "drops <emphasis>"),
        ("Flytta <emphasis>allt</emphasis> <_:itemizedlist-1/>.", "adds <_:itemizedlist-1>"),
        ("Flytta <emphasis>allt</emphasis> &nbsp;.", "not well-formed"),
    ],
)
def test_unsafe_markup_is_rejected(tmp_path: Path, msgstr: str, reason: str) -> None:
    text, diagnostics = merged(tmp_path, msgstr.replace('"', '\\"'))
    assert GOAL in text and "Flytta" not in text and "/etc/pw" not in text
    assert diagnostics, msgstr
    diag = diagnostics[0]
    assert diag.level is Level.WARNING
    assert diag.file == str(tmp_path / "sv.po") and diag.line == 7
    assert reason in diag.message


def test_strict_makes_rejection_an_error(tmp_path: Path) -> None:
    text, diagnostics = merged(tmp_path, "Flytta allt.", strict=True)
    assert GOAL in text
    assert [d.level for d in diagnostics] == [Level.ERROR]


def test_bad_po_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    po = tmp_path / "sv.po"
    po.write_text('msgid "a"\nmsgstr "b"\nbogus line\n', encoding="utf-8")
    with pytest.raises(SpecError) as err:
        merge_translation(SAMPLE, po)
    assert err.value.diagnostics[0].file == str(po)


def test_locale_helpers() -> None:
    assert convert_locale("sr@latin") == "sr-Latn"
    assert convert_locale("pt_BR") == "pt-BR"
    assert match_locale_list("de, fr", "fr-CA")
    assert not match_locale_list("", "fr")


# -- update and credits ----------------------------------------------------------


def test_update_keeps_changed_messages_as_fuzzy(tmp_path: Path) -> None:
    po = write_po(
        tmp_path / "sv.po",
        'msgid "Move every card to the foundation."\nmsgstr "Flytta alla kort till grunden."\n\n'
        'msgid "Obsolete paragraph about scoring"\nmsgstr "Gammalt stycke"\n',
    )
    pot = tmp_path / "new.pot"
    pot.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#: C/x.xml:3\nmsgid "Move every card to the foundations."\nmsgstr ""\n\n'
        'msgid "Shuffle"\nmsgstr ""\n',
        encoding="utf-8",
    )
    update_po(pot, po)
    entries = {e.msgid: e for e in polib.pofile(str(po))}
    changed = entries["Move every card to the foundations."]
    assert changed.fuzzy and changed.msgstr == "Flytta alla kort till grunden."
    assert changed.previous_msgid == "Move every card to the foundation."
    assert changed.occurrences == [("C/x.xml", "3")]
    assert entries["Shuffle"].msgstr == ""
    assert entries["Obsolete paragraph about scoring"].obsolete
    assert '"Language: sv\\n"' in po.read_text()  # translator's header survives


def test_a_second_update_keeps_one_previous_msgid(tmp_path: Path) -> None:
    """babel reads "#|" back as a translator comment: a second update once turned it into a
    "# | msgid" comment, one more with every update, even after the message was reviewed."""
    po = write_po(tmp_path / "sv.po", 'msgid "Move every card home."\nmsgstr "Flytta hem."\n')
    pot = tmp_path / "new.pot"
    pot.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Move every card to its home."\nmsgstr ""\n',
        encoding="utf-8",
    )
    update_po(pot, po)
    update_po(pot, po)
    text = po.read_text()
    assert text.count('#| msgid "Move every card home."') == 1
    assert "# |" not in text
    reviewed = text.replace("#, fuzzy\n", "")
    po.write_text(reviewed, encoding="utf-8")
    update_po(pot, po)
    assert "#|" not in po.read_text() and "# |" not in po.read_text()


def test_update_creates_missing_po(tmp_path: Path) -> None:
    pot = tmp_path / "help.pot"
    extract_pot([SAMPLE], pot, base=DATA)
    po = tmp_path / "fr.po"
    update_po(pot, po)
    assert {e.msgid for e in polib.pofile(str(po))} == {e.msgid for e in polib.pofile(str(pot))}


def test_translator_credits(tmp_path: Path) -> None:
    po = write_po(
        tmp_path / "sv.po",
        'msgctxt "_"\nmsgid "translator-credits"\n'
        'msgstr ""\n"Anna Svensson <anna@example.org>, 2023, 2024\\n"\n'
        '"Bo Ek <bo@example.org>, 2025"\n',
    )
    assert translator_credits(po) == [
        "Anna Svensson <anna@example.org>, 2023, 2024",
        "Bo Ek <bo@example.org>, 2025",
    ]
    empty = write_po(tmp_path / "de.po", 'msgctxt "_"\nmsgid "translator-credits"\nmsgstr ""\n')
    assert translator_credits(empty) == []


@needs_corpus
def test_translator_credits_from_corpus() -> None:
    credits = translator_credits(HELP / "sv" / "sv.po")
    assert credits and all(isinstance(line, str) and line for line in credits)


@needs_corpus
@needs_itstool
def test_gnome_segmentation_equals_itstool_bundled_rules(tmp_path: Path) -> None:
    """`gnome=True` is itstool without `-i`: its bundled DocBook rules, which give a sect1
    page no rules at all (so GNOME's PO files have `<_:emphasis-1/>` placeholders)."""
    names = ["C/index.docbook", *(f"C/{p.name}" for p in CORPUS_XML)]
    oracle = tmp_path / "itstool.pot"
    run("itstool", "-o", oracle, *names, cwd=HELP)
    ours = tmp_path / "ours.pot"
    extract_pot([HELP / n for n in names], ours, base=HELP, gnome=True)
    assert po_entries(ours) == po_entries(oracle)
