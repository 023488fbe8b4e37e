"""A help page the help path cannot use is an error at file:line from `lint` and `generate`
(never a warning with exit 0 and no help); translations and PO file names that used to
crash or escape `generated/help/` are clear errors (issue 12, points 4 and 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.diagnostics import SpecError
from generator.help.page import read_page
from generator.help.source import help_source, help_source_bytes
from generator.pipeline import project_root
from runtime.cli import main

ROOT = project_root()
LEGACY = (ROOT / ".." / "shared" / "corpus" / "aisleriot" / "legacy").resolve()
PO_HEADER = (
    'msgid ""\nmsgstr ""\n"Language: sv\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
)

SARATOGA = (ROOT / "specs/saratoga.xml").read_bytes()
_ROOT_TAG = b'<sect1 id="Saratoga">'
_DOCTYPE_END = b'docbookx.dtd">'
_FIRST_PARA = b"<para>\n    Saratoga plays"


def _variant(old: bytes, new: bytes) -> bytes:
    assert old in SARATOGA
    return SARATOGA.replace(old, new, 1)


def _line_of(data: bytes, marker: bytes) -> int:
    return data[: data.index(marker)].count(b"\n") + 1


# name -> (page bytes, marker on the reported line, words of the message)
BROKEN: dict[str, tuple[bytes, bytes, str]] = {
    "undefined entity": (
        _variant(_FIRST_PARA, b"<para>&nbsp;\n    Saratoga plays"),
        b"&nbsp;",
        "undefined entity '&nbsp;'",
    ),
    "external entity": (
        _variant(
            _DOCTYPE_END, _DOCTYPE_END[:-1] + b' [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>'
        ),
        b"<!ENTITY x",
        "external entity 'x'",
    ),
    "latin-1 bytes": (
        _variant(_FIRST_PARA, b"<para>Caf\xe9\n    Saratoga plays"),
        b"Caf\xe9",
        "Invalid bytes",
    ),
    "malformed": (_variant(_FIRST_PARA, b"<para><emphasis>\n    Saratoga plays"), b"", ""),
    "xinclude": (
        _variant(
            _ROOT_TAG + b"\n  <title>Saratoga</title>\n",
            b'<sect1 id="Saratoga" xmlns:xi="http://www.w3.org/2001/XInclude">\n'
            b"  <title>Saratoga</title>\n"
            b'<xi:include href="file:///etc/passwd" parse="text"/>\n',
        ),
        b"<xi:include",
        "xi:include",
    ),
    "external parameter entity": (
        _variant(
            _DOCTYPE_END, _DOCTYPE_END[:-1] + b' [\n<!ENTITY % p SYSTEM "file:///etc/passwd">\n]>'
        ),
        b"<!ENTITY % p",
        "external entity 'p'",
    ),
    "xml-stylesheet": (
        _variant(b"<!DOCTYPE", b'<?xml-stylesheet href="file:///etc/passwd"?>\n<!DOCTYPE'),
        b"<?xml-stylesheet",
        "xml-stylesheet",
    ),
    "local DTD": (
        _variant(
            b'"http://www.oasis-open.org/docbook/xml/4.3/docbookx.dtd"', b'"file:///etc/passwd"'
        ),
        b"<!DOCTYPE",
        "local DTD",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_page_is_an_error_with_line_and_hint(case: str) -> None:
    data, marker, words = BROKEN[case]
    with pytest.raises(SpecError) as caught:
        help_source_bytes(data, "specs/saratoga.xml")
    first = caught.value.diagnostics[0]
    assert first.file == "specs/saratoga.xml" and first.line is not None and first.hint
    if marker:
        assert first.line == _line_of(data, marker)
        assert words in first.message


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    folder = tmp_path / "specs"
    folder.mkdir()
    shutil.copy(ROOT / "specs/saratoga.yaml", folder / "saratoga.yaml")
    (folder / "saratoga.xml").write_bytes(SARATOGA)
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    _, err = capsys.readouterr()
    return code, err


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_lint_and_generate_both_fail(
    capsys: pytest.CaptureFixture[str], specs: Path, case: str
) -> None:
    data, marker, _ = BROKEN[case]
    page = specs / "saratoga.xml"
    page.write_bytes(data)
    root = specs.parent
    code, err = _run(capsys, "lint", str(page))
    assert code == 1 and "error" in err and "Traceback" not in err
    if marker:
        assert f"{page}:{_line_of(data, marker)}" in err
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(root))
    assert code == 1 and "nothing generated" in err and "Traceback" not in err
    assert not (root / "generated").exists()


def test_clean_page_still_generates(capsys: pytest.CaptureFixture[str], specs: Path) -> None:
    root = specs.parent
    assert _run(capsys, "lint", str(specs / "saratoga.xml"))[0] == 0
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(root))
    assert code == 0, err
    assert (root / "generated/help/C/saratoga.xml").read_bytes() == SARATOGA


def test_comments_anywhere_are_fine() -> None:
    data = _variant(_ROOT_TAG, _ROOT_TAG + b"<!--<sect1info><author/></sect1info>--><?pi x?>")
    page = read_page(help_source_bytes(data, "x.xml"))
    assert page.title == "Saratoga" and page.sections[0].blocks


LEGACY_PAGES = (
    sorted(p for p in LEGACY.iterdir() if not p.name.startswith("_master"))
    if LEGACY.is_dir()
    else []
)


@pytest.mark.skipif(not LEGACY_PAGES, reason=f"the Aisleriot legacy corpus is absent ({LEGACY})")
@pytest.mark.parametrize("path", LEGACY_PAGES, ids=[p.name for p in LEGACY_PAGES])
def test_legacy_layouts_become_sectioned_help(path: Path) -> None:
    """SGML (converted to XML), bridgehead headings, empty <sect2>Setup</sect2> markers,
    chapter and sect2 roots: all give the usual sections and the Setup rows."""
    data = help_source(path)
    page = read_page(data)
    assert page.title in ("Escalator", "Lady Jane", "Saratoga", "Seahaven")
    kinds = [s.kind for s in page.sections]
    assert kinds[:4] == ["intro", "setup", "goal", "rules"] and "strategy" in kinds
    assert len(page.setup) >= 4 and page.setup[0].kind == "deck"
    text = " ".join(i.plain() for s in page.sections for b in s.blocks for i in b.inlines)
    assert "Maximum possible score" in text


# --- translations (issue 12, point 4) ----------------------------------------------


def _po(specs: Path, name: str, body: str) -> Path:
    po = specs / "po" / name
    po.parent.mkdir(exist_ok=True)
    po.write_text(body, encoding="utf-8")
    return po


def test_comment_in_msgstr_is_a_rejected_translation(
    capsys: pytest.CaptureFixture[str], specs: Path
) -> None:
    po = _po(specs, "sv.po", PO_HEADER + 'msgid "Saratoga"\nmsgstr "Saratoga<!-- note -->"\n')
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    assert code == 0 and "Traceback" not in err
    assert f"{po}:6: warning" in err and "comment" in err
    code, err = _run(
        capsys, "generate", "--strict", "--specs", str(specs), "--root", str(specs.parent)
    )
    assert code == 1 and f"{po}:6: error" in err


def test_unknown_charset_is_an_error_at_its_line(
    capsys: pytest.CaptureFixture[str], specs: Path
) -> None:
    po = _po(specs, "sv.po", PO_HEADER.replace("UTF-8", "utf-9"))
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    assert code == 1 and "LookupError" not in err and "Traceback" not in err
    assert f"{po}:4: error: unknown charset 'utf-9'" in err


def test_a_po_syntax_error_names_its_own_line(
    capsys: pytest.CaptureFixture[str], specs: Path
) -> None:
    """Found by tests/fuzz/po_files.py: babel counts lines from 0, so errors were a line early
    (the first line was line 0)."""
    po = _po(specs, "sv.po", PO_HEADER + 'msgid "Saratoga"\nmsgstr "Saratoga"\nbogus line\n')
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    assert code == 1 and f"{po}:8: error: invalid PO file: Unknown or misformatted keyword\n" in err
    po.write_text("bogus\n")
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    assert code == 1 and f"{po}:1: error: invalid PO file" in err


def test_a_header_date_babel_cannot_read_names_its_line(
    capsys: pytest.CaptureFixture[str], specs: Path
) -> None:
    """Found by tests/fuzz/po_files.py (a PO file cut inside its header): no line."""
    header = PO_HEADER.replace('"Language', '"POT-Creation-Date: 2026-12-01 18\\n"\n"Language')
    po = _po(specs, "sv.po", header)
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    assert code == 1 and f"{po}:3: error: invalid PO file: time data '2026-12-01 18'" in err


def test_a_file_name_with_a_line_break_stays_on_its_error_line(
    capsys: pytest.CaptureFixture[str], specs: Path
) -> None:
    """Found by tests/fuzz/po_files.py: the name was printed raw, splitting the error."""
    po = _po(specs, "sv\n.po", PO_HEADER)
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(specs.parent))
    (line,) = [line for line in err.splitlines() if ": error: " in line]
    assert code == 1 and line.startswith(f"{po.parent}/sv\\n.po: error: 'sv\\n.po' is not named")


@pytest.mark.parametrize(
    "name",
    ["javascript:alert(1).po", "...po", "SV.po", "sv-x.po", "a b.po", "zh_HANS.po", "zh_Ha.po"],
)
def test_po_name_must_be_a_language_code(
    capsys: pytest.CaptureFixture[str], specs: Path, name: str
) -> None:
    _po(specs, name, PO_HEADER)
    root = specs.parent
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(root))
    assert code == 1 and "not named after a language" in err
    assert not (root / "generated").exists()


@pytest.mark.parametrize(
    "name", ["sv.po", "pt_BR.po", "sr@latin.po", "ast.po", "zh_Hans.po", "zh_Hant_TW.po"]
)
def test_language_codes_that_pass(
    capsys: pytest.CaptureFixture[str], specs: Path, name: str
) -> None:
    _po(specs, name, PO_HEADER)
    root = specs.parent
    code, err = _run(capsys, "generate", "--specs", str(specs), "--root", str(root))
    assert code == 0, err
    assert (root / "generated/help" / name[:-3] / "saratoga.html").exists()


SGML_PAGE = (
    '<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook V3.1//EN">\n'
    "<sect1 id=x><title>Old &amp; Gold</title>\n<para>Written long ago\n"
    "<sect2><title>Goal</title><para>Move every card to the Foundations.\n</sect1>\n"
)


def test_sgml_page_is_extracted_from_its_xml_conversion(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    specs = tmp_path / "specs"
    specs.mkdir()
    (specs / "old.xml").write_text(SGML_PAGE, encoding="latin-1")
    data = help_source(specs / "old.xml")
    page = read_page(data)
    assert page.title == "Old & Gold" and page.sections[1].kind == "goal"
    written = tmp_path / "generated/help/C/old.xml"
    written.parent.mkdir(parents=True)
    written.write_bytes(data)  # what `helpdeck generate` writes for it
    where = ("--specs", str(specs), "--root", str(tmp_path))
    code, err = _run(capsys, "i18n", "extract", *where)
    assert code == 0, err
    pot = (specs / "po/helpdeck-help.pot").read_text("utf-8")
    assert 'msgid "Move every card to the Foundations."' in pot
    assert "#: generated/help/C/old.xml:" in pot


def test_an_sgml_page_cannot_smuggle_a_namespace_into_generated_help() -> None:
    """Found by tests/fuzz/help_xml.py: <include xmlns="...XInclude"> in an SGML page became
    an XInclude element of the converted XML."""
    page = (
        b'<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook V3.1//EN">\n<sect1><title>Tiny</title>'
        b'<para>x<include xmlns="http://www.w3.org/2001/XInclude" href="/etc/passwd"/></para>'
        b"</sect1>\n"
    )
    converted = help_source_bytes(page, "tiny.sgml")
    assert b"XInclude" not in converted and b"<title>Tiny</title>" in converted
