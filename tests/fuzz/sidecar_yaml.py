"""Fuzz kind "sidecar": a shipped sidecar (specs/<game>.yaml) mutated and generated with its
own help page, or one of the hand-written hostile sidecars of issue 12 (`CORPUS`).

Mutations: a value (anywhere, or a new key at a real spec path) replaced by a wrong type, a
huge or odd number, a deep structure, unicode, or raw YAML text (tags, aliases, anchors, merge
keys, flow collections, 4,301 digits, ``.nan``); option effects on mis-spelt or too-deep
paths; lines duplicated (duplicate keys), re-indented, or given tabs; bytes flipped, cut,
repeated or deleted; Latin-1 bytes and a byte-order mark; the file saved under another
game's or a reserved name. Typed values (`tests/fuzz/_model.py`, read from the model, so a new
field or enum value is reached without editing anything): every enum value and bound of every
field, a consistent deal shape (decks, piles, reserves), the fields those make required, and
options whose effects set typed values; they reach the checks behind the schema and contradictory
combinations (`CONTRADICTIONS`). Promises: see `tests/fuzz/_generate.py`.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from hypothesis import strategies as st

from generator.spec.checks import reachable_score
from generator.spec.model import leaf_paths
from generator.spec.required import value_reader
from tests.fuzz import Kind
from tests.fuzz._generate import GAMES, SpecCase, full_share, mutate, one_in, run, shipped
from tests.fuzz._model import RULE_PATHS, required_defaults, shape, stated, typed_value
from tests.generator.conftest import MINIMAL_SIDECAR

PATHS = leaf_paths()
MARK = "MARK_7f3a"  # a plain YAML word, replaced by a raw literal after dumping
DEEP_FLOW = "{title: " * 1000 + "x" + "}" * 1000
DEEP_BLOCK = "".join(" " * i + "title:\n" for i in range(1000)) + " " * 1000 + "x"
# Raw YAML text put in place of one value.
LITERALS = [
    "9" * 4301,
    "-" + "9" * 30,
    "1e400",
    ".nan",
    ".inf",
    "-.inf",
    "0x10",
    "0o17",
    "1_000",
    "+3",
    "007",
    "3.0",
    "true",
    "True",
    "yes",
    "no",
    "on",
    "off",
    "~",
    "null",
    "''",
    '""',
    '"\\ud800"',
    '"\\x00"',
    "!!python/object/apply:os.system ['echo pwned']",
    "!!binary aGVsbG8=",
    "!!str 3",
    "!!int '3'",
    "!custom x",
    "&anchor 3",
    "*anchor",
    "2026-12-01",
    "12:30:00",
    "[" * 1000 + "]" * 1000,
    DEEP_FLOW,
    "{a: 1, a: 2}",
    "{<<: {a: 1}}",
    "[1, 2, 3]",
    "{}",
    "[]",
    "'\u202e\U0001f0a1\ufeff'",
    "|\n  a block\n  scalar",
    '"' + "x" * 100_000 + '"',
    "? complex\n: key",
    # markup and links a sidecar-only game's generated help must escape
    "'<b>bold</b> & <!-- c --> ]]> &nbsp; <?pi x?>'",
    "'<xi:include href=\"file:///etc/passwd\"/>'",
    "'javascript:alert(1)'",
    "'\"><script>alert(1)</script>'",
    "'{{ 7 * 7 }} {% raw %}'",
]
TEXT_LINES = [
    "title:\n" + "".join(" " * (i + 1) + "title:\n" for i in range(600)),  # < 256 KiB
    "stock: {draw: " + "9" * 4301 + "}\n",
    "options:\n  - {id: x, label: X, default: false, on: {stOck.draw: 3}}\n",
    "options:\n  - {id: x, label: X, default: false, on: {tableau.count.x: 1}}\n",
    "decks: true\n",
    "stock: {draw: true}\n",
    "id: saratoga\n",
    "base: seahaven\n",
    "base: klondike\n",
    "base: ../../etc/passwd\n",
    "%YAML 1.1\n---\n",
    "--- !!map\n",
    "---\n...\n---\n",
    "a: &x [1]\nb: *x\n",
    "<<: {decks: 2}\n",
    "\t\n",
    "\ufeff",
]
OPTION_PATHS = [
    *PATHS,
    "stOck.draw",
    "tableau.count.x",
    "tableau",
    "stock",
    "",
    ".",
    "stock..draw",
    "title",
    "id",
    "options",
    "__class__",
    "stock.draw.__class__",
]
VALUES = st.one_of(
    st.just(MARK),
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.text(max_size=20),
    st.lists(st.integers(-5, 60), max_size=12),
    st.dictionaries(st.text(max_size=8), st.integers(-5, 60), max_size=3),
    st.dictionaries(st.sampled_from(OPTION_PATHS), st.integers(-5, 60) | st.text(max_size=5)),
)


class _Loader(yaml.SafeLoader):
    """YAML 1.2 booleans, as the sidecar reader has them: `on:` stays a key, not True."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile("^(?:true|false)$"), list("tf"))


def _parsed(data: bytes) -> Any:
    """The sidecar as Python values, or None when it is no longer YAML PyYAML can load."""
    try:
        return yaml.load(data.decode("utf-8"), Loader=_Loader)
    except (ValueError, RecursionError, yaml.YAMLError):  # PyYAML's own limits, too
        return None


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (keys and list indexes), itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the value at ``path`` (which may end in a new key) set to ``new``."""
    if not path:
        return new
    if isinstance(value, dict):
        copy: Any = dict(value)
        copy[path[0]] = _replaced(value.get(path[0]), path[1:], new)
        return copy
    if isinstance(value, list) and isinstance(path[0], int) and path[0] < len(value):
        items = list(value)
        items[path[0]] = _replaced(value[path[0]], path[1:], new)
        return items
    if isinstance(path[0], str):
        return {path[0]: _replaced(None, path[1:], new)}
    return new


@st.composite
def _value(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """A value replaced (or a key added) through the parsed sidecar, dumped back as YAML."""
    tree = _parsed(data)
    if not isinstance(tree, dict):
        tree = {}
    if draw(st.booleans()):
        path = draw(st.sampled_from(_paths(tree)))
    else:  # a real spec path, given in the sidecar
        path = tuple(draw(st.sampled_from(PATHS)).split("."))
    new = draw(VALUES)
    literal = draw(st.sampled_from(LITERALS))
    tree = _replaced(tree, path, new)
    try:
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=1000)
    except (ValueError, RecursionError, yaml.YAMLError):
        return data, "not dumpable"
    text = text.replace(MARK, literal)
    shown = literal if new == MARK else new
    return text.encode("utf-8", "surrogatepass"), f"{'.'.join(map(str, path))} = {shown!r:.60}"


HOSTILE_TEXT = [
    "<b>bold</b> & <!-- c --> ]]> &nbsp; <?pi x?>",
    '<xi:include href="file:///etc/passwd" parse="text"/>',
    "javascript:alert(1)",
    '"><script>alert(1)</script>',
    "{{ 7 * 7 }} {% raw %} ${x}",
    '"""; import os #',
    "\u202e\u200b\ufeff\U0001f0a1",
    "line\nbreak",
    " ",
    "x" * 2000,
]


@st.composite
def _string(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """A string value (a title, an option label, a quote) replaced by another string:
    markup, template syntax, control characters; still a valid sidecar most of the time."""
    tree = _parsed(data)
    paths = [p for p in _paths(tree) if isinstance(_at(tree, p), str)] if tree else []
    if not paths:
        return data, "no string"
    free = [p for p in paths if p and p[-1] in ("title", "label", "quote", "reason")]
    path = draw(st.sampled_from(free if free and draw(st.integers(0, 3)) else paths))
    new = draw(st.sampled_from(HOSTILE_TEXT) | st.text(min_size=1, max_size=30))
    text = yaml.safe_dump(_replaced(tree, path, new), allow_unicode=True, sort_keys=False)
    return text.encode("utf-8", "surrogatepass"), f"{'.'.join(map(str, path))} = {new!r:.50}"


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@st.composite
def _option_effect(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    key = draw(st.sampled_from(OPTION_PATHS))
    value = draw(st.sampled_from(["3", "-1", "true", "x", "[1]", "{a: 1}", "9" * 4301, "~"]))
    count = draw(st.sampled_from([1, 2, 23]))
    options = "".join(
        f"  - {{id: fz{i}, label: Fz {i}, default: false, on: {{{key}: {value}}}}}\n"
        for i in range(count)
    )
    text = data.decode("utf-8", "replace")
    if "\noptions:\n" in "\n" + text:
        text = ("\n" + text).replace("\noptions:\n", "\noptions:\n" + options, 1)[1:]
    else:
        text += "\noptions:\n" + options
    return text.encode(), f"{count} option(s) on {{{key}: {value[:20]}}}"


@st.composite
def _lines(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    lines = data.split(b"\n")
    at = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["duplicate", "indent", "dedent", "tab", "insert"]))
    line = lines[at]
    if how == "duplicate":
        lines.insert(at, line)
    elif how == "indent":
        lines[at] = b"  " + line
    elif how == "dedent":
        lines[at] = line.lstrip()
    elif how == "tab":
        lines[at] = b"\t" + line
    else:
        lines.insert(at, draw(st.sampled_from(TEXT_LINES)).encode())
    return b"\n".join(lines), f"line {at + 1}: {how}"


@st.composite
def _typed(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """Spec fields set to values of their own type, read from the model (`tests/fuzz/_model`):
    every enum value and bound, now and then a wrong one, sometimes a whole consistent deal
    shape first; as plain values or as overrides of what the help says."""
    tree = _parsed(data)
    if not isinstance(tree, dict):
        tree = {}
    values: dict[str, Any] = draw(shape()) if draw(one_in(3)) else {}
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(RULE_PATHS))
        values[path] = draw(typed_value(path))
    override = draw(st.booleans())
    if draw(st.integers(0, 3)):  # what the new values make required, at its default
        values.update(required_defaults({**stated(tree), **values}))
        reachable = reachable_score(value_reader({**stated(tree), **values}))
        if "scoring.max" not in values and reachable is not None:
            values["scoring.max"] = reachable  # the score the new deal reaches
    for path, value in values.items():
        new = {"value": value, "override": "fuzzing"} if override else value
        tree = _replaced(tree, tuple(path.split(".")), new)
    try:
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=1000)
    except (ValueError, RecursionError, yaml.YAMLError):
        return data, "not dumpable"
    said = ", ".join(f"{p}={v!r:.30}" for p, v in values.items())
    return text.encode("utf-8", "surrogatepass"), f"typed{' override' if override else ''}: {said}"


@st.composite
def _typed_option(draw: st.DrawFn, data: bytes) -> tuple[bytes, str]:
    """An option (or an exclusive group of two) whose on: and off: set spec fields to values
    of their own type: every option set must be valid, or the option's line is blamed."""
    effects = []
    for _ in range(draw(st.integers(1, 2))):
        paths = draw(st.lists(st.sampled_from(RULE_PATHS), min_size=1, max_size=3, unique=True))
        effects.append({p: draw(typed_value(p)) for p in paths})
    grouped = len(effects) == 2 and draw(st.booleans())
    options = []
    for i, on in enumerate(effects):
        option: dict[str, Any] = {"id": f"fz{i}", "label": f"Fz {i}", "default": i == 0}
        if grouped:
            option["group"] = "fzg"
        option["on"] = on
        if draw(one_in(3)):
            path = draw(st.sampled_from(RULE_PATHS))
            option["off"] = {path: draw(typed_value(path))}
        options.append(option)
    tree = _parsed(data)
    if not isinstance(tree, dict):
        tree = {}
    tree = dict(tree)
    tree["options"] = [*(tree.get("options") or [])[:3], *options]
    try:
        text = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=1000)
    except (ValueError, RecursionError, yaml.YAMLError):
        return data, "not dumpable"
    return text.encode("utf-8", "surrogatepass"), f"typed options: {effects!r:.120}"


OWN = [_value, _value, _string, _string, _option_effect, _lines, _typed, _typed, _typed_option]
SNIPPETS = [
    b"\xe9",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\t",
    b": ",
    b"- ",
    b"&a ",
    b"*a",
    b"!!python/name:os.system ",
    b"{",
    b"[",
    b"'",
    b'"',
    b"#",
    b"\r",
    b"\x85",
    "\u2028".encode(),
    b"9" * 4301,
    "\U0001f0a1".encode(),
]
# A game with no help page: its help is written from the sidecar (every field given).
TINY = (
    MINIMAL_SIDECAR
    + "options:\n  - {id: three, label: Three card deals, default: false, on: {stock.draw: 3}}\n"
).encode()
# Values set in `TINY` that contradict its spec, by the field an error must blame.
CONTRADICTIONS: dict[str, dict[str, Any]] = {
    "tableau.group_move": {"tableau.group_move": "whole_pile"},  # (generated: help sentence)
    "tableau.capacity": {"tableau.capacity": 1},  # pile 2 is dealt 2 cards
    "foundations.base": {
        "foundations.count": 0,
        "foundations.base": "dealt",  # the dealt base card had no pile: an IndexError
        "goal.kind": "tableau_cleared",
        "scoring.kind": "tableau_cards_removed",
        "scoring.max": 3,
    },
    "foundations.base_first": {"foundations.base_first": True},  # base: ace
    "foundations.base_from": {"foundations.base_from": ["reserve"]},
    "stock.base_choices": {"stock.base_choices": 3},
    "tableau.refill": {"tableau.refill": "reserve"},  # no reserves
    "stock.piles": {"stock.target": "tableau", "stock.piles": 9},  # two piles
    "foundations.up_then_down": {"foundations.up_then_down": True},  # one deck
    "waste.capacity": {"waste.capacity": 2, "stock.draw": 3},
    "reserves.capacity": {
        "reserves.count": 2,
        "reserves.deal": [2, 0],
        "reserves.accepts": True,
        "reserves.capacity": 1,
    },
    "stock.fill_after_base": {"stock.fill_after_base": True},  # base: ace (was the title's line)
}


def tiny_with(values: dict[str, Any]) -> bytes:
    """`TINY` with values set at dotted paths."""
    tree = _parsed(TINY)
    for path, value in values.items():
        tree = _replaced(tree, tuple(path.split(".")), value)
    return yaml.safe_dump(tree, sort_keys=False, width=1000).encode()


CORPUS: dict[str, bytes] = {
    "title nested 600 deep": TEXT_LINES[0].encode(),
    "title nested 1,000 deep (block, 500 KB)": (
        "title:\n" + "".join(" " * (i + 1) + "title:\n" for i in range(1000))
    ).encode(),
    "title nested 1,000 deep (flow)": ("title: " + DEEP_FLOW + "\n").encode(),
    "stock.draw of 4301 digits": shipped("seahaven.yaml") + TEXT_LINES[1].encode(),
    "on: {stOck.draw: 3}": shipped("seahaven.yaml") + TEXT_LINES[2].encode(),
    "on: {tableau.count.x: 1}": shipped("seahaven.yaml") + TEXT_LINES[3].encode(),
    "decks: true": shipped("seahaven.yaml") + b"decks: true\n",
    "stock.draw: true": shipped("seahaven.yaml") + b"stock: {draw: true}\n",
    "an alias": b"title: &t Seahaven\nother: *t\n",
    "a python tag": b"title: !!python/object/apply:os.system ['echo pwned']\n",
    "a merge key": b"base_values: &b {decks: 1}\n<<: *b\n",
    "duplicate key": b"title: A\ntitle: B\n",
    "Latin-1": shipped("seahaven.yaml") + b"# caf\xe9\n",
    "empty": b"",
    "a list": b"- 1\n- 2\n",
    "a scalar": b"seahaven\n",
    "two documents": b"title: A\n---\ntitle: B\n",
    "30 options": shipped("seahaven.yaml")
    + b"options:\n"
    + b"".join(
        f"  - {{id: o{i}, label: O{i}, default: false, on: {{stock.draw: 3}}}}\n".encode()
        for i in range(30)
    ),
    "base cycle": b"base: seahaven\n",
    "id of another game": b"id: saratoga\ntitle: Evil\n",
    # found by this kind
    "face_down a word": TINY.replace(b"face_down: [0, 1]", b'face_down: "01"'),
    "decks a word": TINY.replace(b"decks: 1", b"decks: two"),
    "title with an escaped control": TINY.replace(b"title: Tiny", b'title: "Ti\\x01ny"'),
    "title with an escaped surrogate": TINY.replace(b"title: Tiny", b'title: "Ti\\ud800ny"'),
    "an option group of one": TINY.replace(b"default: false,", b"default: true, group: deal,"),
    "a suit that is a number": TINY + b"suits: [28]\n",
    "an invalid off: value": TINY.replace(b"on: {stock.draw: 3}", b"off: {stock.draw: 99}"),
    "a list as the stock target": TINY.replace(b"target: waste", b"target: []"),
    # found by the typed values of `_typed` (each an error at the field's line, see
    # tests/test_fuzz_regressions.py; before, a traceback or a game the engine could not deal)
    **{f"tiny: {name}": tiny_with(values) for name, values in CONTRADICTIONS.items()},
    "tiny: no title": TINY.replace(b"title: Tiny\n", b""),  # was an error with no line
}
NAMES = ["zzz", "index", "catalog", "Bad-Name", "a" * 41, "_x", "9lives", "zzz\n", "z\u00e9"]


@st.composite
def _case(draw: st.DrawFn) -> SpecCase:
    full = draw(full_share())
    if draw(one_in(10)):
        name = draw(st.sampled_from(sorted(CORPUS)))
        files = {"seahaven.xml": shipped("seahaven.xml"), "seahaven.yaml": CORPUS[name]}
        if name.startswith("tiny: "):  # a game with no help page
            files = {"tiny.yaml": CORPUS[name]}
        return SpecCase((f"corpus: {name}",), files, full)
    if draw(one_in(4)):
        data, how = mutate(draw, TINY, [_string, _typed, _typed, *OWN], SNIPPETS, most=2)
        return SpecCase(("tiny (no help page)", *how), {"tiny.yaml": data}, full)
    game = draw(st.sampled_from(GAMES))
    data, how = mutate(draw, shipped(f"{game}.yaml"), OWN, SNIPPETS)
    files = {f"{game}.xml": shipped(f"{game}.xml"), f"{game}.yaml": data}
    if draw(one_in(15)):  # saved under another name, beside a real game
        other = draw(st.sampled_from(NAMES))
        files = {f"{game}.xml": shipped(f"{game}.xml"), f"{game}.yaml": shipped(f"{game}.yaml")}
        files[f"{other}.yaml"] = data
        how.append(f"saved as {other}.yaml")
    return SpecCase((game, *how), files, full)


def check(case: SpecCase) -> str:
    return run(case)


KIND = Kind("sidecar", _case(), check, ci_examples=60)
