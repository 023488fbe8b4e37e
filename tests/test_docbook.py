"""Tests for the DocBook help reader (generator.docbook)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.diagnostics import SpecError
from generator.docbook import HelpDocument, Paragraph, Section, SetupRow, read_help, read_help_text
from generator.docbook.entities import Entities
from generator.docbook.labels import section_kind, setup_kind
from generator.docbook.reader import detect_format

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "aisleriot"
HELP_C = CORPUS / "help" / "C"
LEGACY = CORPUS / "legacy"
DATA = Path(__file__).parent / "data" / "docbook"

needs_corpus = pytest.mark.skipif(not HELP_C.is_dir(), reason="Aisleriot corpus not available")


def _files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file()) if directory.is_dir() else []


def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


def _all_text(doc: HelpDocument) -> str:
    parts = [doc.title]
    parts += [p.text for s in doc.sections for p in s.paragraphs]
    parts += [f"{r.label} {r.text}" for r in doc.setup_rows]
    return "\n".join(parts)


def _error_of(call: object) -> SpecError:
    with pytest.raises(SpecError) as info:
        call()  # type: ignore[operator]
    return info.value


# --------------------------------------------------------------------------- corpus


@needs_corpus
@pytest.mark.parametrize("path", _files(HELP_C), ids=_ids(_files(HELP_C)))
def test_every_help_c_file_reads_or_is_rejected_cleanly(path: Path) -> None:
    if path.suffix == ".png":  # the two figures are not help documents
        error = _error_of(lambda: read_help(path))
        assert "binary" in error.diagnostics[0].message
        return
    doc = read_help(path)
    assert doc.source_format == "xml"
    assert doc.sections


@needs_corpus
def test_help_c_has_96_files_and_91_games() -> None:
    files = _files(HELP_C)
    assert len(files) == 96
    games = [p for p in files if p.suffix == ".xml" and p.stem not in ("legal", "definitions")]
    assert len(games) == 91
    for path in games:
        doc = read_help(path)
        assert doc.title, path
        assert doc.section("setup") is not None, path
        assert doc.setup_rows, path
        assert doc.setup_rows[0].kind == "deck", path


@needs_corpus
@pytest.mark.parametrize("path", _files(LEGACY), ids=_ids(_files(LEGACY)))
def test_every_legacy_file_reads(path: Path) -> None:
    doc = read_help(path)
    assert doc.source_format == ("sgml" if path.suffix == ".sgml" else "xml")
    assert doc.title


SEEDS = {
    # game: (title, setup row kinds in any order, max score)
    "lady_jane": ("Lady Jane", {"deck", "stock", "tableau", "reserve", "foundation"}, 52),
    "seahaven": ("Seahaven", {"deck", "foundation", "reserve", "tableau"}, 52),
    "escalator": ("Escalator", {"deck", "stock", "waste", "tableau"}, 28),  # corpus says 28
    "saratoga": ("Saratoga", {"deck", "stock", "waste", "foundation", "tableau"}, 52),
}
SEED_FILES = [
    (game, path)
    for game in SEEDS
    for path in [*sorted(LEGACY.glob(f"{game}.*")), HELP_C / f"{game}.xml"]
    if path.is_file()
]


@needs_corpus
@pytest.mark.parametrize(("game", "path"), SEED_FILES, ids=[p.name for _, p in SEED_FILES])
def test_seed_games_in_every_format(game: str, path: Path) -> None:
    title, row_kinds, max_score = SEEDS[game]
    doc = read_help(path)
    assert doc.title == title
    kinds = [s.kind for s in doc.sections]
    expected = ["other", "setup", "goal", "rules", "scoring", "strategy"]
    # "Options: None" sections existed until Dec 2005 (bridgehead formats only).
    if "bridgehead" in path.name:
        expected.insert(4, "options")
    assert kinds == expected
    assert {r.kind for r in doc.setup_rows} == row_kinds
    assert len(doc.setup_rows) == len(row_kinds)
    assert doc.max_score == max_score
    assert doc.max_score_line is not None
    source_line = path.read_text(encoding="utf-8").splitlines()[doc.max_score_line - 1]
    assert "Maximum possible score" in source_line
    goal = doc.section("goal")
    assert goal is not None and goal.paragraphs
    assert goal.paragraphs[0].text.startswith("Move all cards")


@needs_corpus
@pytest.mark.parametrize("game", ["lady_jane", "seahaven", "escalator"])
def test_sgml_and_xml_of_the_same_text_agree(game: str) -> None:
    # The 2002 SGML and XML files differ only in <docinfo> vs <chapterinfo>.
    sgml = read_help(LEGACY / f"{game}.sgml-db31-chapter-bridgehead.sgml")
    xml = read_help(LEGACY / f"{game}.xml-db412-chapter-bridgehead.xml")
    assert sgml.sections == xml.sections
    assert sgml.setup_rows == xml.setup_rows
    assert (sgml.title, sgml.title_line) == (xml.title, xml.title_line)


@needs_corpus
def test_line_numbers_point_at_the_source() -> None:
    doc = read_help(HELP_C / "seahaven.xml")
    lines = (HELP_C / "seahaven.xml").read_text(encoding="utf-8").splitlines()
    assert "<title>Seahaven</title>" in lines[doc.title_line - 1]
    for section in doc.sections[1:]:
        assert f"<title>{section.title}</title>" in lines[section.line - 1]
        for paragraph in section.paragraphs:
            assert "<para>" in lines[paragraph.line - 1]
    for row in doc.setup_rows:
        assert "<row>" in lines[row.line - 1]
    sgml_path = LEGACY / "lady_jane.sgml-db31-chapter-bridgehead.sgml"
    sgml = read_help(sgml_path)
    sgml_lines = sgml_path.read_text(encoding="utf-8").splitlines()
    assert sgml.title_line == 5
    assert sgml_lines[sgml.max_score_line - 1].startswith("Maximum possible score")  # type: ignore[operator]
    for row in sgml.setup_rows:
        assert f"<entry>{row.label}</entry>" in sgml_lines[row.line - 1]


@needs_corpus
def test_master_books_and_index_read_without_following_includes() -> None:
    sgml = read_help(LEGACY / "_master_aisleriot.sgml-db31-book-entities.sgml")
    assert sgml.source_format == "sgml"
    assert sgml.title == "AisleRiot Help"
    xml = read_help(LEGACY / "_master_aisleriot.xml-db412-book-entities.xml")
    assert xml.title == "AisleRiot Manual"  # "&app; Manual", internal entity expanded
    index = read_help(HELP_C / "index.docbook")
    assert index.title == "AisleRiot Manual"
    for doc in (sgml, xml, index):
        assert not doc.setup_rows  # game chapters are SYSTEM entities / xi:include: not read
        assert "Maximum possible score" not in _all_text(doc)


@needs_corpus
def test_options_terms_and_scoring_tables_become_paragraphs() -> None:
    klondike = read_help(HELP_C / "klondike.xml")
    options = klondike.section("options")
    assert options is not None
    texts = [p.text for p in options.paragraphs]
    assert "Three card deals" in texts
    poker = read_help(HELP_C / "poker.xml")
    scoring = poker.section("scoring")
    assert scoring is not None
    assert any(p.text.startswith("Straight flush | ") for p in scoring.paragraphs)
    assert all(r.label not in ("Hand", "Straight flush") for r in poker.setup_rows)


@needs_corpus
def test_reading_the_whole_corpus_is_fast() -> None:
    paths = [p for p in _files(HELP_C) + _files(LEGACY) if p.suffix != ".png"]
    start = time.perf_counter()
    for path in paths:
        read_help(path)
    assert time.perf_counter() - start < 2.0


# ------------------------------------------------------------------------ SGML


def test_sgml_with_omitted_end_tags() -> None:
    doc = read_help(DATA / "omitted_tags.sgml")
    assert doc.source_format == "sgml"
    assert (doc.title, doc.title_line) == ("Test Patience", 7)
    assert [s.kind for s in doc.sections] == ["other", "setup", "goal", "rules", "scoring"]
    assert doc.sections[0].paragraphs[0].text.endswith("tests — not a real one.")
    assert doc.setup_rows == (
        SetupRow("Type of Deck", "deck", "Standard Deck", 11),
        SetupRow("Talon", "stock", "Top left pile.", 12),
        SetupRow("Free Cells", "cell", "Two cells holding one card each.", 13),
    )
    rules = doc.section("rules")
    assert rules is not None
    assert [p.text for p in rules.paragraphs] == [
        "First rule & more.",
        "Second rule:",
        "point one",
        "point two",
        "<not a tag>",  # CDATA marked section; the IGNORE one is dropped
    ]
    assert [p.line for p in rules.paragraphs] == [19, 20, 22, 23, 26]
    assert (doc.max_score, doc.max_score_line) == (13, 30)
    assert "never-read" not in _all_text(doc)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("<chapter><title>X</title>\n<para>a <emphasis>b</para>\n</chapter>", 2, "closes"),
        ("<chapter><title>X</title>\n\n</sect1>\n", 3, "no matching start tag"),
        ("<chapter><title>X</title>\n<!-- never closed\n<para>a", 2, "unterminated comment"),
        ("<chapter><title>X</title>\n<para a='1'\n", 2, "unterminated start tag"),
        ("<chapter><title>X</title><emphasis>open\n", 1, "never closed"),
        ("<chapter><title>X</title></chapter>\ntrailing words", 2, "after the document"),
        ("<chapter><title>X</title></chapter>\n<chapter>", 2, "after the end"),
        ("<chapter><title>X</title>\n<para>&</ para", 2, "malformed end tag"),
    ],
)
def test_malformed_sgml_is_a_located_spec_error(text: str, line: int, fragment: str) -> None:
    error = _error_of(lambda: read_help_text(text, "bad.sgml"))
    diagnostic = error.diagnostics[0]
    assert diagnostic.file == "bad.sgml"
    assert diagnostic.line == line
    assert fragment in diagnostic.message


def test_sgml_deep_nesting_is_rejected_without_recursion_error() -> None:
    text = "<chapter><title>X</title>" + "<emphasis>" * 5000 + "deep"
    error = _error_of(lambda: read_help_text(text, "deep.sgml"))
    assert "nested" in error.diagnostics[0].message


# ------------------------------------------------------------------- XML safety

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE sect1 [\n<!ENTITY lol "lol">\n'
    + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
        for i in range(1, 10)
    )
    + "]>\n<sect1><title>&lol9;</title></sect1>\n"
)


@pytest.mark.timeout(10)
def test_billion_laughs_is_rejected_quickly() -> None:
    start = time.perf_counter()
    error = _error_of(lambda: read_help_text(BILLION_LAUGHS, "bomb.xml"))
    assert time.perf_counter() - start < 2.0
    assert error.diagnostics[0].file == "bomb.xml"
    assert "entit" in str(error).lower()


@pytest.mark.timeout(10)
def test_quadratic_blowup_is_rejected_by_our_own_budget() -> None:
    # One big entity referenced many times: libxml2 flags it while parsing;
    # SGML has only our own expansion budget.
    big = "x" * 20_000
    text = (
        f'<?xml version="1.0"?>\n<!DOCTYPE sect1 [<!ENTITY a "{big}">]>\n'
        f"<sect1><title>T</title><para>{'&a;' * 200}</para></sect1>"
    )
    error = _error_of(lambda: read_help_text(text, "quad.xml"))
    assert "entity expansion" in error.diagnostics[0].message  # libxml2's check, reworded
    sgml = f'<!DOCTYPE chapter PUBLIC "-//OASIS//DTD DocBook V3.1//EN" [<!ENTITY a "{big}">]>\n'
    sgml += f"<chapter><title>T</title><para>{'&a;' * 200}</chapter>"
    error = _error_of(lambda: read_help_text(sgml, "quad.sgml"))
    assert "entity expansion" in error.diagnostics[0].message


def test_entity_budget_bounds_fan_out_of_empty_entities() -> None:
    entities = Entities("fan.xml")
    entities.declare("e", "")
    for level in range(1, 8):
        entities.declare(f"e{level}", f"&e{level - 1 if level > 1 else ''};" * 10)
    start = time.perf_counter()
    error = _error_of(lambda: entities.expand("e7", 3))
    assert time.perf_counter() - start < 2.0
    assert error.diagnostics[0].line == 3
    deep = Entities("deep.xml")
    deep.declare("loop", "&loop;")
    assert "nests" in _error_of(lambda: deep.expand("loop", 1)).diagnostics[0].message


def test_external_entities_are_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-MARKER", encoding="utf-8")
    for system in ("file:///etc/passwd", secret.as_uri(), str(secret)):
        xml = (
            f'<?xml version="1.0"?>\n<!DOCTYPE sect1 [<!ENTITY x SYSTEM "{system}">]>\n'
            "<sect1><title>T &x;</title><para>before &x; after</para></sect1>"
        )
        doc = read_help_text(xml, "ext.xml")
        assert "TOP-SECRET-MARKER" not in _all_text(doc)
        assert "root:" not in _all_text(doc)
        assert doc.sections[0].paragraphs[0].text == "before after"
        sgml = (
            f'<!DOCTYPE chapter PUBLIC "-//OASIS//DTD DocBook V3.1//EN" '
            f'[<!ENTITY x SYSTEM "{system}">]>\n<chapter><title>T</title><para>&x;</chapter>'
        )
        assert "TOP-SECRET-MARKER" not in _all_text(read_help_text(sgml, "ext.sgml"))


def test_remote_dtd_is_never_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the reader tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket.socket, "connect_ex", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    text = (
        '<?xml version="1.0" encoding="utf-8" ?>\n'
        '<!DOCTYPE refentry PUBLIC "-//OASIS//DTD DocBook XML V4.3//EN"\n'
        '  "http://www.oasis-open.org/docbook/xml/4.3/docbookx.dtd" [\n]>\n'
        "<sect1><title>Remote</title><para>&nbsp;Text&mdash;here</para></sect1>\n"
    )
    start = time.perf_counter()
    doc = read_help_text(text, "remote.xml")
    assert time.perf_counter() - start < 1.0
    assert doc.title == "Remote"
    # The DTD's character entities come from our table, not from the DTD.
    assert doc.sections[0].paragraphs[0].text == "Text—here"
    if HELP_C.is_dir():
        assert read_help(HELP_C / "lady_jane.xml").title == "Lady Jane"


def test_xinclude_is_not_processed(tmp_path: Path) -> None:
    (tmp_path / "included.xml").write_text(
        "<sect1><title>INCLUDED-MARKER</title><para>INCLUDED-MARKER</para></sect1>",
        encoding="utf-8",
    )
    main = tmp_path / "main.xml"
    main.write_text(
        '<?xml version="1.0"?>\n<sect1 xmlns:xi="http://www.w3.org/2001/XInclude">\n'
        "<title>Main</title>\n<para>own text</para>\n"
        '<xi:include href="included.xml"/>\n'
        '<xi:include href="included.xml" parse="text"/>\n</sect1>\n',
        encoding="utf-8",
    )
    doc = read_help(main)
    assert doc.title == "Main"
    assert "INCLUDED-MARKER" not in _all_text(doc)
    assert doc.sections[0].paragraphs == (Paragraph("own text", 4),)


def test_malformed_xml_names_file_line_and_column() -> None:
    text = '<?xml version="1.0"?>\n<sect1><title>T</title>\n<para>unclosed\n</sect1>\n'
    diagnostic = _error_of(lambda: read_help_text(text, "bad.xml")).diagnostics[0]
    assert diagnostic.file == "bad.xml"
    assert diagnostic.line == 4
    assert diagnostic.column is not None
    assert "malformed XML" in diagnostic.message
    assert diagnostic.hint
    assert diagnostic.format().startswith("bad.xml:4:")


@pytest.mark.parametrize(
    "text",
    [
        '<?xml version="1.0"?>\n<sect1><title>&undefined;</title></sect1>',  # no DTD at all
        '<?xml version="1.0"?>\n<sect1 a="1" a="2"/>',
        '<?xml version="1.0"?>\n',
        "<sect1><title>x</title>",
        "<?xml version='1.0'?><a>\x01</a>",
    ],
)
def test_other_bad_xml_is_a_spec_error(text: str) -> None:
    error = _error_of(lambda: read_help_text(text, "bad.xml"))
    assert error.diagnostics[0].file == "bad.xml"


def test_deep_xml_nesting_is_rejected() -> None:
    text = '<?xml version="1.0"?>' + "<a>" * 100_000 + "</a>" * 100_000
    _error_of(lambda: read_help_text(text, "deep.xml"))


@pytest.mark.parametrize("data", [b"", b"   \n\t\n", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"])
def test_empty_and_binary_files(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "x.xml"
    path.write_bytes(data)
    diagnostic = _error_of(lambda: read_help(path)).diagnostics[0]
    assert diagnostic.file == str(path)
    assert diagnostic.line == 1


def test_missing_file_is_a_spec_error(tmp_path: Path) -> None:
    _error_of(lambda: read_help(tmp_path / "nope.xml"))


def test_encodings(tmp_path: Path) -> None:
    latin1 = tmp_path / "latin1.xml"
    latin1.write_bytes(
        b'<?xml version="1.0" encoding="iso-8859-1"?>\n<sect1><title>Caf\xe9</title></sect1>'
    )
    assert read_help(latin1).title == "Café"
    text = '<?xml version="1.0" encoding="iso-8859-1"?>\n<sect1><title>Café</title></sect1>'
    assert read_help_text(text, "str.xml").title == "Café"
    utf16 = tmp_path / "utf16.xml"
    utf16.write_bytes(
        '<?xml version="1.0" encoding="utf-16"?><sect1><title>Ü</title></sect1>'.encode("utf-16")
    )
    assert read_help(utf16).title == "Ü"


# ---------------------------------------------------------------- model helpers


def test_detect_format() -> None:
    assert detect_format('<?xml version="1.0"?><sect1/>', "a.sgml") == "xml"
    assert detect_format('<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook V3.1//EN">', "a") == "sgml"
    xml_doctype = '<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.1.2//EN" "x.dtd">'
    assert detect_format(xml_doctype, "a.sgml") == "xml"
    assert detect_format("<chapter><docinfo></docinfo></chapter>", "a.xml") == "sgml"
    assert detect_format("<sect1><title>T</title></sect1>", "a.xml") == "xml"
    assert detect_format("<sect1><title>T</title></sect1>", "a.sgml") == "sgml"


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("Type of Deck", "deck"),
        ("Stock", "stock"),
        ("Talon", "stock"),
        ("Waste", "waste"),
        ("Discard pile", "waste"),
        ("Foundation", "foundation"),
        ("Foundations", "foundation"),
        ("Reserve", "reserve"),
        ("Reserves", "reserve"),
        ("Reserves (Antechamber)", "reserve"),
        ("Tableau", "tableau"),
        ("Tableaux", "tableau"),
        ("Free cells", "cell"),
        ("Cells", "cell"),
        ('"Thrones"', "other"),
        ("Chooser", "other"),
        ("Temporary Spots", "other"),
    ],
)
def test_setup_labels(label: str, kind: str) -> None:
    assert setup_kind(label) == kind


def test_deck_label_depends_on_description() -> None:
    assert setup_kind("Deck", "Standard Deck") == "deck"
    assert setup_kind("Deck", "Top left pile. Cards are dealt from here.") == "stock"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Setup", "setup"),
        ("Goal", "goal"),
        ("Rules", "rules"),
        ("Options", "options"),
        ("Scoring", "scoring"),
        ("Strategy", "strategy"),
        ("Strategy:", "strategy"),
        ("  set up ", "setup"),
        ("Dedication", "other"),
    ],
)
def test_section_titles(title: str, kind: str) -> None:
    assert section_kind(title) == kind


def test_section_lookup_and_immutability() -> None:
    doc = read_help_text(
        "<sect1><title>T</title><sect2><title>Goal</title><para>win</para></sect2></sect1>",
        "t.xml",
    )
    goal = doc.section("goal")
    assert goal == Section("goal", "Goal", 1, (Paragraph("win", 1),))
    assert doc.section("scoring") is None
    with pytest.raises(AttributeError):
        doc.title = "changed"  # type: ignore[misc]


# -------------------------------------------------------------------- fuzzing

_TAGS = ["sect1", "sect2", "title", "para", "bridgehead", "informaltable", "row", "entry", "tbody"]
_MARKUP = st.one_of(
    st.sampled_from([f"<{t}>" for t in _TAGS] + [f"</{t}>" for t in _TAGS]),
    st.sampled_from(["&amp;", "&nbsp;", "&#65;", "&x;", "&", "<", "]]>", "<!--", "-->", "</>"]),
    st.sampled_from(["<![ CDATA [", "<![IGNORE[", "<!DOCTYPE x [", "]>", "<?pi?>", "\n"]),
    st.sampled_from(["Setup", "Maximum possible score: 52", "Stock", "Goal"]),
    st.text(max_size=8),
)
_PROLOGS = st.sampled_from(
    ["", '<?xml version="1.0"?>\n', '<!DOCTYPE chapter PUBLIC "-//OASIS//DTD DocBook V3.1//EN">\n']
)


def _read_never_crashes(text: str, path: str) -> None:
    try:
        doc = read_help_text(text, path)
    except SpecError as error:
        assert error.diagnostics
        return
    assert isinstance(doc, HelpDocument)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300), st.sampled_from(["f.xml", "f.sgml"]))
def test_random_text_gives_document_or_spec_error(text: str, path: str) -> None:
    _read_never_crashes(text, path)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PROLOGS, st.lists(_MARKUP, max_size=60), st.sampled_from(["f.xml", "f.sgml"]))
def test_random_markup_gives_document_or_spec_error(
    prolog: str, parts: list[str], path: str
) -> None:
    _read_never_crashes(prolog + "".join(parts), path)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=300))
def test_random_bytes_give_document_or_spec_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "random.xml"
    path.write_bytes(data)
    try:
        doc = read_help(path)
    except SpecError as error:
        assert error.diagnostics
        return
    assert isinstance(doc, HelpDocument)
