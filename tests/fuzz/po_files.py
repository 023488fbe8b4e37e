"""Fuzz kind "po": a shipped translation (specs/po/<lang>.po) mutated and generated with the
game(s) its mutated entry belongs to, or one of the hand-written hostile PO files of issue 12
(`CORPUS`); now and then under a name that is not a language.

Mutations: a msgstr replaced by injected markup (comments, CDATA, processing instructions,
undefined entities, XInclude, unbalanced or foreign tags, the msgid's own tags dropped,
renamed or doubled) or random text; entries made fuzzy, obsolete (``#~``, ``#~|``),
duplicated or removed; the header's charset, plural forms or language changed, or the header
removed; the file recoded to Latin-1; bytes flipped, cut, repeated or deleted. Some cases run
with ``--strict`` (a rejected translation is an error). Promises: see
`tests/fuzz/_generate.py`.
"""

from __future__ import annotations

import functools
import re

from hypothesis import strategies as st

from tests.fuzz import Kind
from tests.fuzz._generate import (
    GAMES,
    LANGUAGES,
    SpecCase,
    full_share,
    mutate,
    one_in,
    run,
    shipped,
)

POS = {lang: shipped(f"po/{lang}.po") for lang in LANGUAGES}
XI = 'xmlns:xi="http://www.w3.org/2001/XInclude"'
MARKUP = [
    "Saratoga<!-- note -->",
    "<!-- -->",
    "<![CDATA[<para>x</para>]]>",
    "<?pi x?>",
    "<?xml-stylesheet href='x.xsl'?>",
    "&undefined;",
    "&nbsp;",
    "&amp;",
    "&",
    "&#0;",
    "&#x110000;",
    "<",
    ">",
    "]]>",
    "<b>bold</b>",
    "<script>alert(1)</script>",
    "</para><para>",
    "</sect1>",
    "<para>",
    "<emphasis>unclosed",
    "<emphasis>" * 300 + "x" + "</emphasis>" * 300,
    f'<xi:include {XI} href="file:///etc/passwd" parse="text"/>',
    '<ulink url="javascript:alert(1)">x</ulink>',
    '<ulink url="file:///etc/passwd">x</ulink>',
    '<imagedata fileref="../../../etc/passwd"/>',
    '<emphasis xml:lang="x" onclick="alert(1)">x</emphasis>',
    '<emphasis xmlns="http://www.w3.org/1999/xhtml">x</emphasis>',
    "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>&e;",
    "\x00",
    "\x1b[31mred",
    "\u202e\u200b\ufeff\U0001f0a1",
    "\ud800",
    "9" * 5000,
    "x" * 100_000,
    "%s %d {0} $x",
    "",
    " ",
    "\n",
]
HEADER_CHANGES = [
    (rb"charset=[\w-]+", b"charset=utf-9"),
    (rb"charset=[\w-]+", b"charset=latin-1"),
    (rb"charset=[\w-]+", b"charset=ascii"),
    (rb"charset=[\w-]+", b"charset=utf-16"),
    (rb"charset=[\w-]+", b"charset="),
    (rb"charset=[\w-]+", b"charset=CHARSET"),
    (rb"charset=[\w-]+", b"charset=x\\\\y"),
    (rb"Plural-Forms: [^\\]*", b"Plural-Forms: nplurals=x; plural=import os"),
    (rb"Plural-Forms: [^\\]*", b"Plural-Forms: nplurals=99999999999999999999; plural=n"),
    (rb"Language: [^\\]*", b"Language: ../../etc"),
    (rb"Language: [^\\]*", b"Language: javascript:alert(1)"),
    (rb"Content-Type: [^\\]*", b""),
    (rb'msgid ""\nmsgstr ""\n', b""),  # no header at all
]
NAMES = [
    "javascript:alert(1).po",
    "...po",
    "..po",
    ".po",
    "index.html.po",
    "C.po",
    "en.po",
    "pt_BR.po",
    "sr@latin.po",
    "SV.po",
    "sv .po",
    "x.po.po",
    "-rf.po",
    "a" * 200 + ".po",
    "\u00e9t\u00e9.po",
    "sv\n.po",
]
_REF_GAME = re.compile(rb"specs/([a-z_]+)\.xml")
_MSGSTR = re.compile(rb"^msgstr(\[\d+\])? .*(\n\".*)*", re.MULTILINE)
_TAG = re.compile(r"<(/?)([A-Za-z]+)")


def _entries(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of every entry: blocks between blank lines."""
    spans = []
    start = 0
    for match in re.finditer(rb"\n\n+", data):
        spans.append((start, match.start() + 1))
        start = match.end()
    spans.append((start, len(data)))
    return spans


def _po_string(text: str) -> bytes:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'.encode("utf-8", "surrogatepass")


def _msgid(entry: bytes) -> str:
    found = re.search(rb'^msgid (".*"(?:\n".*")*)', entry, re.MULTILINE)
    if found is None:
        return ""
    parts = re.findall(rb'"((?:[^"\\]|\\.)*)"', found[1])
    return b"".join(parts).decode("utf-8", "replace").replace('\\"', '"')


@st.composite
def _msgstr(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """One entry's translation replaced by injected markup, text, or its msgid's markup
    rearranged."""
    spans = [s for s in _entries(data) if b"msgid" in data[s[0] : s[1]]]
    if not spans:
        return data, "no entry"
    start, end = draw(st.sampled_from(spans))
    entry = data[start:end]
    msgid = _msgid(entry)
    how = draw(st.sampled_from(["markup", "text", "tags", "append"]))
    if how == "markup":
        new = draw(st.sampled_from(MARKUP))
    elif how == "text":
        new = draw(st.text(max_size=30))
    elif how == "tags":  # the msgid's own tags dropped, renamed or doubled
        change = draw(st.sampled_from(["drop", "rename", "double", "close"]))
        if change == "drop":
            new = _TAG.sub("", msgid, count=1)
        elif change == "rename":
            new = _TAG.sub(r"<\1bogus", msgid, count=1)
        elif change == "double":
            new = _TAG.sub(r"<\1\2><\1\2", msgid, count=1)
        else:
            new = msgid + "</para>"
    else:
        new = msgid + draw(st.sampled_from(MARKUP))
    replaced = _MSGSTR.sub(lambda m: b"msgstr " + _po_string(new), entry, count=1)
    return data[:start] + replaced + data[end:], f"msgstr of {msgid[:30]!r} = {new[:40]!r}"


@st.composite
def _entry(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    spans = _entries(data)
    index = draw(st.integers(0, len(spans) - 1))
    start, end = spans[index]
    entry = data[start:end]
    how = draw(st.sampled_from(["fuzzy", "obsolete", "previous", "duplicate", "delete", "ctx"]))
    if how == "fuzzy":
        entry = b"#, fuzzy\n" + entry
    elif how == "obsolete":
        entry = re.sub(rb"^(msg|\")", rb"#~ \1", entry, flags=re.MULTILINE)
    elif how == "previous":
        entry = b'#~| msgid "old"\n' + entry
    elif how == "duplicate":
        entry = entry + b"\n" + entry
    elif how == "delete":
        entry = b""
    else:
        entry = re.sub(rb"^msgid ", b'msgctxt "x"\nmsgid ', entry, count=1, flags=re.MULTILINE)
    return data[:start] + entry + data[end:], f"entry {index}: {how}"


@st.composite
def _header(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    pattern, new = draw(st.sampled_from(HEADER_CHANGES))
    return re.sub(pattern, new, data, count=1), f"header: {new[:40]!r}"


@st.composite
def _recode(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    codec = draw(st.sampled_from(["latin-1", "utf-16", "cp1252"]))
    return data.decode("utf-8", "replace").encode(codec, "replace"), f"recoded to {codec}"


OWN = [_msgstr, _msgstr, _msgstr, _entry, _header, _recode]
SNIPPETS = [
    b'"',
    b"\\",
    b'msgid "x"\n',
    b'msgstr "x"\n',
    b'msgstr[0] "x"\n',
    b'msgid_plural "x"\n',
    b"#, fuzzy\n",
    b"#~| ",
    b"#~ ",
    b"\xe9",
    b"\x00",
    b"\n\n",
    b'"\\x"',
    b'"\\777"',
]


@functools.cache
def _for_game(lang: str, game: str) -> bytes:
    """The shipped PO file cut down to its header, the translator credits and one game's
    messages: a real translation, parsed in a fraction of the time."""
    data = POS[lang]
    kept = []
    for number, (start, end) in enumerate(_entries(data)):
        entry = data[start:end]
        if number == 0 or b"translator-credits" in entry or f"specs/{game}.xml:".encode() in entry:
            kept.append(entry.rstrip(b"\n") + b"\n")
    return b"\n".join(kept)


def _changed_entry_games(original: bytes, data: bytes) -> list[str]:
    """The shipped games named by the entry where `data` first differs from `original`."""
    at = next(
        (i for i, (a, b) in enumerate(zip(original, data, strict=False)) if a != b),
        min(len(original), len(data)),
    )
    for start, end in _entries(data):
        if start <= at <= end:
            names = {g.decode() for g in _REF_GAME.findall(data[start:end])}
            return sorted(names & set(GAMES))
    return []


SV = POS.get("sv", next(iter(POS.values()), b""))
CORPUS: dict[str, bytes] = {
    "msgstr with a comment": SV.replace(
        b'msgid "Saratoga"\nmsgstr ""', b'msgid "Saratoga"\nmsgstr "Saratoga<!-- note -->"'
    ),
    "charset=utf-9": re.sub(rb"charset=[\w-]+", b"charset=utf-9", SV, count=1),
    "Latin-1 bytes": SV.replace(b"Uppl\xc3\xa4ggning", b"Uppl\xe4ggning", 1),
    "no header": re.sub(rb'^msgid ""\nmsgstr ""\n(".*"\n)*', b"", SV, count=1),
    "empty": b"",
    "binary": bytes(range(256)),
    "unterminated string": b'msgid "x\nmsgstr "y"\n',
    "a line babel cannot read (found: reported a line early)": SV + b"bogus line\n",
    "a header date babel cannot read (found: no line)": SV.replace(
        b"POT-Creation-Date: ", b'POT-Creation-Date: 2026-12-01 18\\n"\n"X-Was: ', 1
    ),
    "xi:include in a msgstr": SV.replace(
        b'msgstr "Uppl\xc3\xa4ggning"',
        b'msgstr "<xi:include '
        + XI.replace('"', '\\"').encode()
        + b' href=\\"file:///etc/passwd\\"/>"',
        1,
    ),
}
CORPUS_NAMES = ["javascript:alert(1).po", "...po", "index.html.po", "sv\n.po"]  # last: found


@st.composite
def _case(draw: st.DrawFn) -> SpecCase:
    full = draw(full_share())
    strict = draw(one_in(4))
    if draw(one_in(10)):
        if draw(st.booleans()):
            name = draw(st.sampled_from(sorted(CORPUS)))
            po, data = "sv.po", CORPUS[name]
        else:
            name = po = draw(st.sampled_from(CORPUS_NAMES))
            data = SV
        game = draw(st.sampled_from(["saratoga", "seahaven", "index"]))
        files = {f"{game}.xml": shipped("saratoga.xml"), f"{game}.yaml": shipped("saratoga.yaml")}
        files[f"po/{po}"] = data
        return SpecCase((f"corpus: {name}", f"game {game}"), files, full, strict)
    lang = draw(st.sampled_from(LANGUAGES))
    if draw(one_in(20)):  # the whole shipped file, with the game of the entry mutated
        data, how = mutate(draw, POS[lang], OWN, SNIPPETS, most=2)
        game = draw(st.sampled_from(_changed_entry_games(POS[lang], data) or GAMES))
    else:  # the game's own messages: every mutation lands on a message generate uses
        game = draw(st.sampled_from(GAMES))
        data, how = mutate(draw, _for_game(lang, game), OWN, SNIPPETS, most=2)
    files = {f"{game}.xml": shipped(f"{game}.xml"), f"{game}.yaml": shipped(f"{game}.yaml")}
    name = f"{lang}.po"
    if draw(one_in(10)):
        name = draw(st.sampled_from(NAMES))
        how.append(f"named {name!r}")
    files[f"po/{name}"] = data
    return SpecCase((lang, *how, f"game {game}"), files, full, strict)


def check(case: SpecCase) -> str:
    return run(case)


KIND = Kind("po", _case(), check, ci_examples=40)
