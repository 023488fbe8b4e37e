"""Fuzz kind "help": a shipped help page (specs/<game>.xml) mutated, generated with its own
sidecar, or one of the hand-written hostile pages of issue 12 (`CORPUS`).

Mutations: bytes flipped, cut, repeated or deleted; markup inserted into element content
(undefined, external and parameter entities, XInclude, stylesheet PIs, CDATA, NUL, Latin-1
bytes, deep nesting, huge numbers, unicode); an element or attribute duplicated; the
DOCTYPE replaced (internal entities, external ones, a local DTD, entity expansion); the XML
declaration's encoding changed; the page turned into SGML-era DocBook; a Setup row's text
replaced; a sentence, Setup row or whole section of another game's page moved in (the words
of every concept the prose reader knows, new ones included, in combinations no game has).
Promises: see `tests/fuzz/_generate.py`.
"""

from __future__ import annotations

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
    text_positions,
)

XI = b'xmlns:xi="http://www.w3.org/2001/XInclude"'
SNIPPETS = [
    b"&nbsp;",
    b"&undefined;",
    b"&amp;",
    b"&#0;",
    b"&#x110000;",
    b"&#65;",
    b"&",
    b"<",
    b"]]>",
    b"<![CDATA[<para>x</para>]]>",
    b"<!-- a comment -->",
    b"<!-- -- -->",
    b"<?xml-stylesheet href='http://evil/x.xsl'?>",
    b"<?pi data?>",
    b"<xi:include " + XI + b' href="file:///etc/passwd" parse="text"/>',
    b'<include xmlns="http://www.w3.org/2001/XInclude" href="x.xml"/>',
    b'<figure><graphic fileref="../../secret.png"/></figure>',
    b'<mediaobject><imageobject><imagedata fileref="file:///etc/passwd"/>'
    b"</imageobject></mediaobject>",
    b'<ulink url="javascript:alert(1)">link</ulink>',
    b"<script>alert(1)</script>",
    b"\x00",
    b"\x0c",
    b"\xe9t\xe9",  # Latin-1 bytes in a UTF-8 page
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    "\u202e\u200b\ufeff\U0001f0a1".encode(),
    b"\xed\xa0\x80",  # an encoded surrogate
    b"9" * 4301,
    b"<para>" * 300 + b"x" + b"</para>" * 300,
    b"<emphasis>" * 10_000 + b"x" + b"</emphasis>" * 10_000,
    b"<para>unclosed",
    b"</sect2>",
    b"<sect2><title>Setup</title></sect2>",
    b"<title>Another title</title>",
    b"<row><entry>Tableau</entry><entry>0 Seven piles.</entry></row>",
    b'<para id="x" id="x">dup</para>',
    b"<para a='1' " + b"b='2' " * 1 + b">attrs</para>",
]
DOCTYPES = [
    b"",
    b"<!DOCTYPE sect1>",
    b'<!DOCTYPE sect1 [<!ENTITY appname "Helpdeck">]>',
    b'<!DOCTYPE sect1 [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    b'<!DOCTYPE sect1 [<!ENTITY e PUBLIC "-//X//EN" "http://example.com/e.xml">]>',
    b'<!DOCTYPE sect1 [<!ENTITY % p SYSTEM "http://example.com/p.dtd"> %p;]>',
    b'<!DOCTYPE sect1 SYSTEM "docbookx.dtd">',
    b'<!DOCTYPE sect1 SYSTEM "file:///etc/passwd">',
    b'<!DOCTYPE sect1 SYSTEM "../../docbookx.dtd">',
    b'<!DOCTYPE sect1 [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
    b'<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>',
    b'<!DOCTYPE sect1 [<!ENTITY e "<para>in an entity</para>">]>',
    b'<!DOCTYPE sect1 [<!ENTITY e "&e;">]>',
    b"<!DOCTYPE sect1 [<!ELEMENT sect1 ANY><!ATTLIST sect1 id ID #IMPLIED>]>",
]
ENCODINGS = [b"utf-8", b"UTF-8", b"latin-1", b"iso-8859-1", b"utf-16", b"utf-9", b"ascii", b""]
SETUP_TEXT = [
    b"0 Seven piles.",
    b"Seven piles.",
    b"99999999999999999999 piles.",
    b"9" * 4301 + b" piles.",
    b"-3 piles.",
    b"Seven hundred thousand piles, each of \xef\xbc\x97 cards.",
    b"No piles.",
    b"",
    b"Four piles. Four piles. Four piles.",
    b"Fifty-two piles, face down, built down in suit from King to Ace.",
    "\u0663 piles.".encode(),
]
_LEAF = re.compile(rb"<([A-Za-z]+)(\s[^<>]*)?>[^<]*</\1>")
_START_TAG = re.compile(rb"<([A-Za-z]+)(\s[^<>]*?)?(/?)>")
_ENTRY = re.compile(rb"(<entry>)([^<]*)(</entry>)")
_DOCTYPE = re.compile(rb"<!DOCTYPE[^>\[]*(\[[^\]]*\])?[^>]*>")
_DECL = re.compile(rb"<\?xml[^>]*\?>")


@st.composite
def _duplicate_element(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    leaves = list(_LEAF.finditer(data))
    if not leaves:
        return data, "no element to duplicate"
    leaf = draw(st.sampled_from(leaves))
    times = draw(st.sampled_from([1, 2, 100]))
    return data[: leaf.end()] + leaf.group() * times + data[leaf.end() :], (
        f"<{leaf[1].decode()}> at {leaf.start()} repeated {times}x"
    )


@st.composite
def _duplicate_attribute(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    tags = [m for m in _START_TAG.finditer(data) if m[2] and b"=" in m[2]]
    if not tags:
        return data, "no attribute to duplicate"
    tag = draw(st.sampled_from(tags))
    attrs = tag[2]
    extra = draw(st.sampled_from([attrs, b' lang="x"', b" xml:lang='sv'", b' id=""', attrs * 50]))
    at = tag.start(3)
    return data[:at] + extra + data[at:], f"attributes of <{tag[1].decode()}> + {extra[:30]!r}"


@st.composite
def _doctype(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    new = draw(st.sampled_from(DOCTYPES))
    use = draw(st.sampled_from([b"", b"&e;", b"&a;", b"&appname;", b"&d;"]))
    match = _DOCTYPE.search(data)
    if match:
        data = data[: match.start()] + new + data[match.end() :]
    else:
        decl = _DECL.search(data)
        at = decl.end() if decl else 0
        data = data[:at] + new + data[at:]
    if use:
        at = draw(st.sampled_from(text_positions(data) or [0]))
        data = data[:at] + use + data[at:]
    return data, f"DOCTYPE {new[:50]!r}, using {use!r}"


@st.composite
def _encoding(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    name = draw(st.sampled_from(ENCODINGS))
    recode = draw(st.booleans())
    if recode and name in (b"latin-1", b"utf-16"):
        data = data.decode("utf-8", "replace").encode(name.decode(), "replace")
    new = _DECL.sub(b'<?xml version="1.0" encoding="' + name + b'"?>', data, count=1)
    return new, f"encoding {name!r}{' (recoded)' if recode else ''}"


@st.composite
def _sgml(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    data = _DECL.sub(b"", data, count=1)
    doctype = b'<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook V3.1//EN">'
    data = _DOCTYPE.sub(doctype, data, count=1).lstrip()
    if draw(st.booleans()):  # SGML may omit end tags
        data = data.replace(b"</para>", b"").replace(b"</entry>", b"")
    return data, "as SGML DocBook"


@st.composite
def _setup_text(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    entries = list(_ENTRY.finditer(data))
    if not entries:
        return data, "no Setup entry"
    entry = draw(st.sampled_from(entries))
    text = draw(st.sampled_from(SETUP_TEXT))
    return data[: entry.start(2)] + text + data[entry.end(2) :], f"entry text {text[:30]!r}"


@st.composite
def _nested(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    depth = draw(st.sampled_from([10, 200, 255, 256, 300, 5000]))
    tag = draw(st.sampled_from([b"para", b"emphasis", b"sect2", b"itemizedlist"]))
    at = draw(st.sampled_from(text_positions(data) or [0]))
    piece = b"<" + tag + b">" * 1
    nest = piece * depth + b"x" + (b"</" + tag + b">") * depth
    return data[:at] + nest + data[at:], f"<{tag.decode()}> nested {depth} deep"


_PARA = re.compile(rb"<para>([^<]*)</para>")
_ROW = re.compile(rb"<row>\s*<entry>([^<]*)</entry>\s*<entry>([^<]*)</entry>\s*</row>")
_SECT2 = re.compile(rb"<sect2>.*?</sect2>", re.DOTALL)
_SENTENCE = re.compile(rb"[^.!?]+[.!?]")


def _pieces() -> tuple[list[bytes], list[tuple[bytes, bytes]], list[bytes]]:
    """Every rule sentence, Setup row (name, text) and section of the shipped pages: the
    words of every concept the prose reader knows, new ones included, to move between games."""
    sentences, rows, sections = [], [], []
    for game in GAMES:
        page = shipped(f"{game}.xml")
        for para in _PARA.finditer(page):
            sentences += [m.group().strip() for m in _SENTENCE.finditer(para[1])]
        rows += [(m[1].strip(), m[2]) for m in _ROW.finditer(page)]
        sections += [m.group() for m in _SECT2.finditer(page)]
    return sentences, rows, sections


SENTENCES, ROWS, SECTIONS = _pieces()


@st.composite
def _transplant(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """A sentence, a Setup row or a whole section of another game's page put into this one
    (a chosen base where there are no Foundations, a Waste capacity with no Waste, three
    decks' worth of piles, ...): the merged rules contradict each other in new ways."""
    what = draw(st.sampled_from(["sentence", "sentence", "row", "section"]))
    if what == "sentence" and SENTENCES:
        paras = list(_PARA.finditer(data))
        if not paras:
            return data, "no para"
        para = draw(st.sampled_from(paras))
        new = draw(st.sampled_from(SENTENCES))
        at = para.end(1) if draw(st.booleans()) else para.start(1)
        return data[:at] + b" " + new + b" " + data[at:], f"sentence {new[:60]!r}"
    if what == "row" and ROWS:
        name, text = draw(st.sampled_from(ROWS))
        rows = list(_ROW.finditer(data))
        same = [r for r in rows if r[1].strip() == name]
        if same and draw(st.integers(0, 3)):  # the row of that name, its text replaced
            row = draw(st.sampled_from(same))
            return data[: row.start(2)] + text + data[row.end(2) :], f"{name!r} row {text[:50]!r}"
        if rows:  # another row added
            row = draw(st.sampled_from(rows))
            new = b"<row><entry>" + name + b"</entry><entry>" + text + b"</entry></row>"
            return data[: row.end()] + new + data[row.end() :], f"row added {name!r} {text[:40]!r}"
    if SECTIONS:
        new = draw(st.sampled_from(SECTIONS))
        sections = list(_SECT2.finditer(data))
        if sections and draw(st.booleans()):
            old = draw(st.sampled_from(sections))
            return data[: old.start()] + new + data[old.end() :], f"section {new[:60]!r}"
        at = data.rfind(b"</sect1>")
        if at >= 0:
            return data[:at] + new + data[at:], f"section added {new[:60]!r}"
    return data, f"no {what}"


OWN = [
    _duplicate_element,
    _duplicate_attribute,
    _doctype,
    _encoding,
    _sgml,
    _setup_text,
    _nested,
    _transplant,
    _transplant,
    _transplant,
]


def _page(body: bytes, doctype: bytes = b"", decl: bytes = b'<?xml version="1.0"?>\n') -> bytes:
    return (
        decl
        + doctype
        + b'\n<sect1 id="Seahaven">\n<title>Seahaven</title>\n'
        + body
        + b"\n</sect1>\n"
    )


SEAHAVEN = shipped("seahaven.xml")
CORPUS: dict[str, bytes] = {
    "undefined entity": SEAHAVEN.replace(b"Seahaven Towers", b"Seahaven&nbsp;Towers", 1),
    "external DTD entity": SEAHAVEN.replace(
        b'docbookx.dtd">',
        b'docbookx.dtd" [<!ENTITY legal SYSTEM "file:///etc/passwd">]>',
        1,
    ).replace(b"Seahaven Towers", b"&legal; Seahaven Towers", 1),
    "Latin-1 bytes": SEAHAVEN.replace(b"open game", b"open g\xe9me", 1),
    "xi:include file://": SEAHAVEN.replace(
        b"<sect2>",
        b"<xi:include " + XI + b' href="file:///etc/passwd" parse="text"/>\n<sect2>',
        1,
    ),
    "0 Seven piles": SEAHAVEN.replace(b"Ten piles below", b"0 Seven piles. Ten piles below", 1),
    "10,000 deep": _page(b"<para>" * 10_000 + b"x" + b"</para>" * 10_000),
    "entity expansion": _page(b"<para>&e;</para>", DOCTYPES[9]),
    "recursive entity": _page(b"<para>&e;</para>", DOCTYPES[11]),
    "no title": b'<?xml version="1.0"?>\n<sect1 id="x"><para>x</para></sect1>\n',
    "empty": b"",
    "NUL": b"\x00" * 10,
    "not XML": b"hello\n",
    "utf-16 declared, utf-8 bytes": SEAHAVEN.replace(b"utf-8", b"utf-16", 1),
    "utf-9": SEAHAVEN.replace(b"utf-8", b"utf-9", 1),
    "UTF-16 cut mid-character": SEAHAVEN.replace(b"utf-8", b"utf-16", 1)
    .decode()
    .encode("utf-16")[:-1],
    "local DTD": SEAHAVEN.replace(
        b'PUBLIC "-//OASIS//DTD DocBook XML V4.3//EN"\n  "http://www.oasis-open.org/docbook/xml/4.3/docbookx.dtd"',
        b'SYSTEM "/etc/passwd"',
    ),
    "stylesheet": SEAHAVEN.replace(b"<sect1", b'<?xml-stylesheet href="x.xsl"?>\n<sect1', 1),
    "figure outside": SEAHAVEN.replace(
        b"<sect2>", b'<figure><graphic fileref="../../../etc/passwd"/></figure>\n<sect2>', 1
    ),
    "SGML": _DOCTYPE.sub(
        b'<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook V3.1//EN">',
        _DECL.sub(b"", SEAHAVEN),
    ).lstrip(),
    "SGML with an XInclude namespace (found)": b'<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook'
    b' V3.1//EN">\n<sect1><title>Seahaven</title><para>x<include'
    b' xmlns="http://www.w3.org/2001/XInclude" href="/etc/passwd"/></para></sect1>\n',
    # found: the entity's line was searched for in the UTF-8 reading of a UTF-16 page
    "UTF-16 with an external entity": _DOCTYPE.sub(DOCTYPES[5], SEAHAVEN, count=1)
    .decode()
    .replace('encoding="utf-8"', 'encoding="utf-16"', 1)
    .encode("utf-16"),
    "SGML with bad bytes": b'<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook V3.1//EN">\n'
    b"<sect1 id=x><title>Seahaven\xff</title><para>x\x00y&undefined;<sect2><title>Setup</title>"
    b"<informaltable><tgroup cols=2><tbody><row><entry>Tableau<entry>0 Seven piles.",
}


@st.composite
def _case(draw: st.DrawFn) -> SpecCase:
    full = draw(full_share())
    if draw(one_in(10)):
        name = draw(st.sampled_from(sorted(CORPUS)))
        files = {"seahaven.xml": CORPUS[name], "seahaven.yaml": shipped("seahaven.yaml")}
        return SpecCase((f"corpus: {name}",), files, full)
    game = draw(st.sampled_from(GAMES))
    if draw(one_in(3)):  # well-formed pages whose rules contradict each other
        data, how = shipped(f"{game}.xml"), []
        for _ in range(draw(st.integers(1, 3))):
            data, said = draw(_transplant(data))
            how.append(said)
    else:
        data, how = mutate(draw, shipped(f"{game}.xml"), OWN, SNIPPETS)
    files = {f"{game}.xml": data, f"{game}.yaml": shipped(f"{game}.yaml")}
    if LANGUAGES and draw(one_in(5)):  # translated: the merge reads the page too
        lang = draw(st.sampled_from(LANGUAGES))
        files[f"po/{lang}.po"] = shipped(f"po/{lang}.po")
        how.append(f"with {lang}.po")
    return SpecCase((game, *how), files, full)


def check(case: SpecCase) -> str:
    return run(case)


KIND = Kind("help", _case(), check, ci_examples=40)
