"""Localized help: extract/update, translated output per language, markup safety, HTML
escaping, the shipped PO files and CJK font, and help written from a sidecar-only spec."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from generator.diagnostics import Level
from generator.help.from_spec import help_from_spec
from generator.i18n.pofix import repair_previous
from generator.pipeline import GameSources, load_spec, project_root, render_outputs, stale_files
from generator.spec.model import VariantSpec
from runtime.cli import main
from tests.generator.conftest import MINIMAL_SIDECAR

ROOT = project_root()
SEEDS = ("escalator", "lady_jane", "saratoga", "seahaven")
LANGUAGES = ("de", "es", "fr", "ja", "ru", "sv")
HEADER = (
    'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def po_entry(msgid: str, msgstr: str, flags: str = "") -> str:
    flag = f"#, {flags}\n" if flags else ""
    return f"{flag}msgid {json.dumps(msgid, ensure_ascii=False)}\n" + (
        f"msgstr {json.dumps(msgstr, ensure_ascii=False)}\n\n"
    )


def write_po_file(path: Path, lang: str, entries: list[tuple[str, str, str]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(po_entry(*entry) for entry in entries)
    credits = 'msgctxt "_"\nmsgid "translator-credits"\nmsgstr "Test Translator"\n\n'
    path.write_text(HEADER.format(lang=lang) + credits + body, encoding="utf-8")
    return path


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A specs dir holding Saratoga with an extra paragraph that has inline markup."""
    specs = tmp_path / "specs"
    specs.mkdir()
    text = (ROOT / "specs/saratoga.xml").read_text("utf-8")
    extra = (
        "<para>Press <keycap>F1</keycap> to read the "
        '<ulink url="https://example.org/rules">rules</ulink>.</para>\n  </sect2>\n</sect1>'
    )
    text = text[: text.rindex("</sect2>")] + extra + "\n"
    (specs / "saratoga.xml").write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "specs/saratoga.yaml", specs / "saratoga.yaml")
    return specs


MARKUP = (
    'Press <keycap>F1</keycap> to read the <ulink url="https://example.org/rules">rules</ulink>.'
)


def po_line(po: Path, msgid: str) -> int:
    lines = po.read_text("utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line == f"msgid {json.dumps(msgid)}")


# --- extract / update -------------------------------------------------------------


def test_extract_update_round_trip_keeps_changed_messages_fuzzy(
    capsys: pytest.CaptureFixture[str], game: Path, tmp_path: Path
) -> None:
    args = ("--specs", str(game), "--root", str(tmp_path))
    code, _, err = run(capsys, "i18n", "extract", *args)
    assert code == 0, err
    pot = game / "po/helpdeck-help.pot"
    assert "#: specs/saratoga.xml:" in pot.read_text("utf-8")

    po = game / "po/sv.po"
    code, _, err = run(capsys, "i18n", "update", *args)  # no PO yet: nothing to update
    assert code == 0, err
    code, _, err = run(capsys, "i18n", "update", *args, str(po))  # created from the POT
    assert code == 0 and po.exists(), err
    catalog = read_po(po.open("rb"))
    catalog["Move every card onto the Foundations."].string = "Flytta alla kort till grundhögarna."
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76)
    po.write_bytes(buffer.getvalue())

    xml = game / "saratoga.xml"
    xml.write_text(
        xml.read_text("utf-8").replace(
            "Move every card onto the Foundations.", "Move every card onto the Foundation piles."
        ),
        encoding="utf-8",
    )
    assert run(capsys, "i18n", "extract", *args)[0] == 0
    assert run(capsys, "i18n", "update", *args, str(po))[0] == 0
    updated = read_po(po.open("rb"))
    message = updated["Move every card onto the Foundation piles."]
    assert message.fuzzy and message.string == "Flytta alla kort till grundhögarna."
    assert '#| msgid "Move every card onto the Foundations."' in po.read_text("utf-8")
    if shutil.which("msgfmt"):
        check = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], check=False)
        assert check.returncode == 0


def test_extract_to_a_named_pot(
    capsys: pytest.CaptureFixture[str], game: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.pot"
    code, _, err = run(
        capsys,
        "i18n",
        "extract",
        str(game / "saratoga.xml"),
        "-o",
        str(out),
        "--root",
        str(tmp_path),
    )
    assert code == 0, err
    assert "<keycap>F1</keycap>" in out.read_text("utf-8")


def test_repair_previous_msgid_comments() -> None:
    broken = (
        '#, fuzzy\n#| msgid "" "Top left. Holds the cards left over after the Tableau is dealt.\n'
        '#| Cards are" " turned onto the Waste one at a time."\nmsgid "x"\nmsgstr "y"\n'
    )
    fixed = repair_previous(broken)
    assert fixed.startswith('#, fuzzy\n#| msgid ""\n#| "Top left.')
    previous = "".join(line[4:-1] for line in fixed.splitlines() if line.startswith('#| "'))
    assert previous == (
        "Top left. Holds the cards left over after the Tableau is dealt. Cards are turned onto"
        " the Waste one at a time."
    )
    assert read_po(io.StringIO(fixed))["x"].string == "y"
    assert repair_previous(fixed) == fixed


# --- generate ---------------------------------------------------------------------


def test_generate_has_every_language_for_every_game() -> None:
    outputs, diagnostics = render_outputs(ROOT / "specs", ROOT)
    assert not [d for d in diagnostics if d.level is Level.ERROR]
    assert not [d for d in diagnostics if "rejected" in d.message]
    for lang in ("C", *LANGUAGES):
        for name in SEEDS:
            for suffix in ("xml", "json", "html"):
                assert f"generated/help/{lang}/{name}.{suffix}" in outputs
        assert f"generated/help/{lang}/index.html" in outputs
    assert "generated/help/index.html" in outputs
    page = json.loads(outputs["generated/help/ja/saratoga.json"])
    assert page["title"] == "サラトガ" and page["language"] == "ja"
    kinds = [s["kind"] for s in page["sections"]]
    assert kinds == ["intro", "setup", "goal", "rules", "options", "scoring", "strategy"]
    assert [r["kind"] for r in page["setup"]] == ["deck", "stock", "waste", "foundation", "tableau"]
    assert page["setup"][1]["label"] == "山札"
    assert page["credits"] == ["Helpdeck translators"]
    assert b'lang="de"' in outputs["generated/help/de/seahaven.xml"]
    english = json.loads(outputs["generated/help/C/saratoga.json"])
    assert english["credits"] == [] and english["sections"][1]["title"] == "Setup"


def test_untranslated_and_fuzzy_fall_back_to_english(game: Path, tmp_path: Path) -> None:
    write_po_file(
        game / "po/de.po",
        "de",
        [
            ("Goal", "Ziel", ""),
            ("Rules", "Regeln (veraltet)", "fuzzy"),
        ],
    )
    outputs, diagnostics = render_outputs(game, tmp_path)
    assert not [d for d in diagnostics if d.level is Level.ERROR], diagnostics
    page = json.loads(outputs["generated/help/de/saratoga.json"])
    titles = {s["kind"]: s["title"] for s in page["sections"]}
    assert titles["goal"] == "Ziel"
    assert titles["rules"] == "Rules"  # fuzzy: English
    assert titles["setup"] == "Setup"  # untranslated: English
    assert page["setup"][0]["kind"] == "deck"  # kinds still known from the English page
    html = outputs["generated/help/de/saratoga.html"].decode()
    assert "<h2>Ziel</h2>" in html and "<h2>Rules</h2>" in html


BAD = {
    "added element": MARKUP.replace("Press", "Press <emphasis>now</emphasis>"),
    "xinclude": MARKUP.replace(
        "Press", 'Press <xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd"/>'
    ),
    "javascript link": MARKUP.replace("https://example.org/rules", "javascript:alert(1)"),
    "broken tag": MARKUP.replace("</keycap>", "</keycap"),
    "comment": MARKUP.replace("Press", "Press <!-- note -->"),  # was a traceback (issue 12)
    "processing instruction": MARKUP.replace("Press", "Press <?php echo 1; ?>"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_unsafe_translation_is_rejected_with_po_location(
    capsys: pytest.CaptureFixture[str], game: Path, tmp_path: Path, case: str
) -> None:
    po = write_po_file(game / "po/fr.po", "fr", [(MARKUP, BAD[case], ""), ("Goal", "But", "")])
    outputs, diagnostics = render_outputs(game, tmp_path)
    rejected = [d for d in diagnostics if "rejected" in d.message]
    assert rejected and all(d.level is Level.WARNING for d in rejected)
    assert all(d.file == str(po) and d.line == po_line(po, MARKUP) for d in rejected)
    assert f"{po}:{po_line(po, MARKUP)}: warning" in rejected[0].format()
    html = outputs["generated/help/fr/saratoga.html"].decode()
    assert "<kbd>F1</kbd>" in html and '<a href="https://example.org/rules">rules</a>' in html
    assert "javascript:" not in html and "passwd" not in html and "<h2>But</h2>" in html

    code, _, err = run(
        capsys, "generate", "--strict", "--specs", str(game), "--root", str(tmp_path)
    )
    assert code == 1
    assert f"{po}:{po_line(po, MARKUP)}: error" in err and "nothing generated" in err
    assert not (tmp_path / "generated").exists()
    assert render_outputs(game, tmp_path, strict=True)[0] == {}


def test_translated_markup_is_kept(game: Path, tmp_path: Path) -> None:
    moved = (
        "Drücken Sie <keycap>F1</keycap>, um die "
        '<ulink url="https://example.org/rules">Regeln</ulink> zu lesen.'
    )
    write_po_file(game / "po/de.po", "de", [(MARKUP, moved, "")])
    outputs, diagnostics = render_outputs(game, tmp_path, strict=True)
    assert outputs, diagnostics
    html = outputs["generated/help/de/saratoga.html"].decode()
    assert (
        'Drücken Sie <kbd>F1</kbd>, um die <a href="https://example.org/rules">Regeln</a>' in html
    )


def test_credits_appear_in_html_and_json() -> None:
    outputs, _ = render_outputs(ROOT / "specs", ROOT)
    html = outputs["generated/help/sv/lady_jane.html"].decode()
    assert "<p>Översatt av:</p>" in html and "<li>Helpdeck translators</li>" in html
    assert "Translated by" not in outputs["generated/help/C/lady_jane.html"].decode()


HOSTILE = '<script>alert("x")</script> & <b>Tiny</b>'


def test_hostile_text_never_becomes_markup(game: Path, tmp_path: Path) -> None:
    (game / "tiny.yaml").write_text(
        MINIMAL_SIDECAR.replace("title: Tiny", f"title: {json.dumps(HOSTILE)}"), encoding="utf-8"
    )
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;Tiny&lt;/b&gt;"
    # In a PO file the same text must be escaped XML, since a message is XML content.
    write_po_file(game / "po/sv.po", "sv", [("Goal", escaped.replace("&#34;", '"'), "")])
    outputs, diagnostics = render_outputs(game, tmp_path)
    assert outputs, diagnostics
    for path, data in outputs.items():
        if path.endswith(".html"):
            text = data.decode()
            assert "<script" not in text and "<b>" not in text, path
    assert "&lt;script&gt;" in outputs["generated/help/C/tiny.html"].decode()
    assert "&lt;script&gt;" in outputs["generated/help/sv/saratoga.html"].decode()
    assert json.loads(outputs["generated/help/C/tiny.json"])["title"] == HOSTILE


def test_help_output_is_deterministic_and_orphans_are_stale(game: Path, tmp_path: Path) -> None:
    write_po_file(game / "po/sv.po", "sv", [("Goal", "Mål", "")])
    first, _ = render_outputs(game, tmp_path)
    second, _ = render_outputs(game, tmp_path)
    assert first == second
    orphan = tmp_path / "generated/help/xx/gone.html"
    orphan.parent.mkdir(parents=True)
    orphan.write_text("old")
    assert "generated/help/xx/gone.html" in stale_files(first, tmp_path)


# --- sidecar-only games -----------------------------------------------------------


def test_sidecar_only_game_gets_help_in_the_usual_structure(specs: Path, tmp_path: Path) -> None:
    (specs / "tiny.yaml").write_text(MINIMAL_SIDECAR, encoding="utf-8")
    write_po_file(specs / "po/sv.po", "sv", [("Setup", "Uppläggning", "")])
    outputs, diagnostics = render_outputs(specs, tmp_path)
    assert not [d for d in diagnostics if d.level is Level.ERROR], diagnostics
    xml = outputs["generated/help/C/tiny.xml"].decode()
    assert xml.count("<sect1") == 1 and "<informaltable>" in xml
    page = json.loads(outputs["generated/help/C/tiny.json"])
    assert [s["kind"] for s in page["sections"]] == [
        "intro", "setup", "goal", "rules", "scoring", "strategy",
    ]  # fmt: skip
    assert [r["kind"] for r in page["setup"]] == ["deck", "stock", "waste", "foundation", "tableau"]
    translated = json.loads(outputs["generated/help/sv/tiny.json"])
    assert translated["sections"][1] == {"kind": "setup", "title": "Uppläggning", "paragraphs": []}


def test_extract_includes_help_written_for_sidecar_only_games(
    capsys: pytest.CaptureFixture[str], specs: Path, tmp_path: Path
) -> None:
    (specs / "tiny.yaml").write_text(MINIMAL_SIDECAR, encoding="utf-8")
    args = ("--specs", str(specs), "--root", str(tmp_path))
    assert run(capsys, "generate", *args)[0] == 0
    assert run(capsys, "i18n", "extract", *args)[0] == 0
    pot = (specs / "po/helpdeck-help.pot").read_text("utf-8")
    assert "#: generated/help/C/tiny.xml:" in pot and 'msgid "Tiny"' in pot


@pytest.mark.parametrize("name", SEEDS)
def test_help_written_from_a_spec_reads_back_to_the_same_rules(name: str, tmp_path: Path) -> None:
    """The spec -> English help -> prose reader round trip loses nothing."""
    spec = VariantSpec.model_validate_json((ROOT / f"generated/specs/{name}.json").read_bytes())
    (tmp_path / f"{name}.xml").write_bytes(help_from_spec(spec))
    shutil.copy(ROOT / f"specs/{name}.yaml", tmp_path / f"{name}.yaml")
    sources = GameSources(name, tmp_path / f"{name}.xml", tmp_path / f"{name}.yaml")
    loaded, diagnostics = load_spec(sources, tmp_path)
    assert loaded is not None, diagnostics
    exclude = {"provenance"}
    assert loaded.spec.model_dump(exclude=exclude) == spec.model_dump(exclude=exclude)


# --- the shipped translations and font --------------------------------------------

PO_FILES = [ROOT / f"specs/po/{lang}.po" for lang in LANGUAGES]


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="msgfmt (gettext) not installed")
@pytest.mark.parametrize("po", PO_FILES, ids=LANGUAGES)
def test_msgfmt_check(po: Path) -> None:
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(not shutil.which("pofilter"), reason="pofilter (translate-toolkit) missing")
def test_pofilter_xmltags_clean(tmp_path: Path) -> None:
    out = tmp_path / "report"
    subprocess.run(
        ["pofilter", "--progress=none", "-t", "xmltags", str(ROOT / "specs/po"), str(out)],
        check=True,
        capture_output=True,
    )
    failures = [p for p in out.rglob("*.po") if "msgid" in p.read_text("utf-8")]
    assert not failures, [p.read_text("utf-8") for p in failures]


@pytest.mark.parametrize("po", PO_FILES, ids=LANGUAGES)
def test_seed_games_fully_translated_with_proper_headers(po: Path) -> None:
    catalog = read_po(po.open("rb"))
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == po.stem
    assert "charset=utf-8" in headers["Content-Type"].lower()
    assert headers["Plural-Forms"].startswith("nplurals=")
    seeds = {f"specs/{name}.xml" for name in SEEDS}
    for message in catalog:
        if message.id and any(file in seeds for file, _ in message.locations):
            assert message.string and not message.fuzzy, message.id
    credits = catalog.get("translator-credits", context="_")
    assert credits is not None and credits.string == "Helpdeck translators"


def test_font_covers_every_character_of_the_japanese_help() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = ROOT / "runtime/fonts/HelpdeckCJK.ttf"
    assert font.stat().st_size < 400_000
    cmap = ttlib.TTFont(font).getBestCmap()
    # What the app shows with this font: the ja help JSON (HTML adds other languages' names).
    text = "".join(
        path.read_text("utf-8") for path in sorted((ROOT / "generated/help/ja").glob("*.json"))
    )
    # ... and the help's and the app's own catalogues.
    for po in ("specs/po/ja.po", "runtime/locale/ja/LC_MESSAGES/helpdeck.po"):
        catalog = read_po((ROOT / po).open("rb"))
        text += "".join(m.string for m in catalog if m.id and isinstance(m.string, str))
    missing = sorted({ch for ch in text if not ch.isspace() and ord(ch) not in cmap})
    assert not missing, missing
    assert (ROOT / "runtime/fonts/OFL.txt").read_text("utf-8").count("SIL OPEN FONT LICENSE") == 1
