"""Rule scenarios as data: read ``specs/<game>.test.yaml`` and run it against the engine.

Each scenario quotes sentences of the game's help and checks them on a position: moves that
must be legal or illegal, and what the position looks like after some moves (see
docs/spec/scenarios.md). Reading reports every problem as a `Diagnostic` with file and line;
running returns failure messages that name the file, line and scenario, never a traceback.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Literal

import yaml
from lxml import etree
from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from generator.check.positions import (
    PositionError,
    card_words,
    pile_name,
    position_from,
    rank_number,
    set_base,
    texts,
)
from generator.diagnostics import Diagnostic, SpecError
from runtime.engine import (
    IllegalMoveError,
    MoveKind,
    MoveSyntaxError,
    PileKind,
    State,
    from_deal_code,
    load_game,
)
from runtime.engine.assist import (
    autofinish_moves,
    foundation_move,
    goal_piles,
    hint,
    send_up_moves,
)
from runtime.engine.cards import FACE_DOWN, RANK, SUIT_LETTERS, deck_cards

KINDS = {
    "stock": PileKind.STOCK,
    "waste": PileKind.WASTE,
    "foundation": PileKind.FOUNDATION,
    "tableau": PileKind.TABLEAU,
    "reserve": PileKind.RESERVE,
}
_MAX_BYTES = 512 * 1024
_REPEAT = re.compile(r"^(?P<move>\S+)\s*\*\s*(?P<count>[0-9]+)$")

Path_ = tuple[str | int, ...]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Expect(_Strict):
    """What the position must look like after `play`; every key is optional."""

    piles: dict[str, str] | None = None
    tops: dict[str, str] | None = None
    piles_match: dict[str, str] | None = None
    sizes: dict[str, int | list[int]] | None = None
    face_up: dict[str, int | list[int]] | None = None
    faces: dict[str, str | list[str]] | None = None
    kinds: dict[str, int] | None = None
    layout_starts: list[str] | None = None
    score: int | None = None
    max_score: int | None = None
    won: bool | None = None
    lost: bool | None = None
    over: bool | None = None
    stock_status: Literal["deal", "redeal", "empty"] | None = None
    redeals_left: int | None = None
    base: int | str | None = None
    base_pile: str | None = None
    no_moves: bool | None = None
    moves: list[str] | None = None
    no_moves_to: list[str] | None = None
    no_moves_from: list[str] | None = None
    deck: Literal["full"] | None = None
    suit_copies: dict[str, int] | None = None
    foundation_move: dict[str, str | None] | None = None
    goal_piles: list[str] | None = None
    send_up: list[str] | None = None
    autofinish: list[str] | None = None
    hint: str | None = None
    undo_restores: bool | None = None
    rules: dict[str, Any] | None = None
    options: dict[str, bool] | None = None
    deal_code: str | None = None
    option_groups: dict[str, list[str]] | None = None
    option_sets: int | None = None


class Scenario(_Strict):
    name: str
    quote: list[str] = []
    options: dict[str, bool] = {}
    deal: int | list[int] | None = None
    deal_code: str | None = None
    position: dict[str, str] | None = None
    base: int | str | None = None
    redeals_left: int | None = None
    invalid: bool = False
    play: list[str] = []
    legal: list[str] = []
    illegal: list[str] = []
    expect: Expect | None = None

    @model_validator(mode="after")
    def _one_start(self) -> Scenario:
        starts = [k for k in ("deal", "deal_code", "position") if getattr(self, k) is not None]
        if len(starts) > 1:
            raise ValueError(f"give one of deal, deal_code or position, not {' and '.join(starts)}")
        if self.deal_code is not None and self.options:
            raise ValueError("a deal code already holds the options: drop `options`")
        if self.invalid and (self.play or self.legal or self.illegal or self.expect):
            raise ValueError("an `invalid` scenario checks only that its start is refused")
        return self


class RealPageDifference(_Strict):
    """A spec field the original Aisleriot page reads differently from the game's own page."""

    field: str
    ours: Any
    real: Any
    reason: str


class RealPageError(_Strict):
    """An error the original page gives with the game's sidecar (a substring of it)."""

    error: str
    reason: str


class RealPage(_Strict):
    """The original Aisleriot page read with this game's sidecar (tests/test_real_pages.py)."""

    page: str | None = None
    differences: list[RealPageDifference] = []
    errors: list[RealPageError] = []

    @model_validator(mode="after")
    def _differences_or_errors(self) -> RealPage:
        if self.differences and self.errors:
            raise ValueError("a refused page has no spec to differ: give differences or errors")
        return self


class ScenarioSchema(_Strict):
    scenarios: list[Scenario]
    real_page: RealPage | None = None


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """One game's scenarios, with the line of every key for messages."""

    file: str
    game_id: str
    scenarios: list[Scenario]
    marks: dict[Path_, int] = field(default_factory=dict)
    real_page: RealPage | None = None

    def line(self, *path: str | int) -> int:
        """The line of ``path`` (or of its nearest enclosing key)."""
        key: Path_ = tuple(path)
        while key and key not in self.marks:
            key = key[:-1]
        return self.marks.get(key, 1)

    def quotes(self) -> list[tuple[str, int]]:
        """Every quoted sentence, normalised, with its line."""
        return [
            (normal(text), self.line("scenarios", i, "quote", j))
            for i, scenario in enumerate(self.scenarios)
            for j, text in enumerate(scenario.quote)
        ]


# -- reading -------------------------------------------------------------------------------


class _NodeLoader(yaml.SafeLoader):
    """Composes nodes only; refuses aliases, so a scenario reads the same as it looks."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "YAML aliases are not allowed", event.start_mark
            )
        return super().compose_node(parent, index)


_TAGS = {
    yaml.SequenceNode: ("seq",),
    yaml.MappingNode: ("map",),
    yaml.ScalarNode: ("str", "int", "bool", "null", "float"),
}


def _plain(node: yaml.Node, file: str, marks: dict[Path_, int], path: Path_ = ()) -> Any:
    """Plain data from a node, recording the line of every key and item."""
    line = node.start_mark.line + 1
    marks.setdefault(path, line)
    if node.tag not in [f"tag:yaml.org,2002:{t}" for t in _TAGS[type(node)]]:
        raise SpecError(Diagnostic(file, line, f"YAML tag {node.tag!r} is not allowed"))
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, file, marks, (*path, i)) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
                raise SpecError(Diagnostic(file, line, "keys must be plain names"))
            key = str(key_node.value)
            if key in result:
                raise SpecError(Diagnostic(file, line, f"duplicate key {key!r}"))
            marks[(*path, key)] = line
            result[key] = _plain(value_node, file, marks, (*path, key))
        return result
    return yaml.constructor.SafeConstructor().construct_object(node)


def _schema_diagnostics(
    error: ValidationError, file: str, marks: dict[Path_, int]
) -> list[Diagnostic]:
    diagnostics = []
    for problem in error.errors():
        where: Path_ = tuple(p for p in problem["loc"] if isinstance(p, str | int))
        known = where
        while known and known not in marks:
            known = known[:-1]
        field_name = ".".join(str(p) for p in where) or None
        if problem["type"] == "extra_forbidden":
            message = "unknown key"
            hint = "see docs/spec/scenarios.md for the keys a scenario may use"
        else:
            message = str(problem["msg"]).removeprefix("Value error, ")
            hint = None
        diagnostics.append(
            Diagnostic(file, marks.get(known, 1), message, field=field_name, hint=hint)
        )
    return diagnostics


def parse_scenarios(text: str, file: str, game_id: str) -> ScenarioFile:
    """Read scenario YAML; raises `SpecError` with every problem located by line."""
    if len(text.encode("utf-8", "replace")) > _MAX_BYTES:
        raise SpecError(Diagnostic(file, None, "scenario file is larger than 512 KiB"))
    try:
        node = yaml.compose(text, Loader=_NodeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or error.context or "invalid YAML"
        line = mark.line + 1 if mark else None
        raise SpecError(Diagnostic(file, line, f"invalid YAML: {problem}")) from None
    except yaml.YAMLError as error:
        raise SpecError(Diagnostic(file, None, f"invalid YAML: {error}")) from None
    marks: dict[Path_, int] = {}
    data = _plain(node, file, marks) if node is not None else None
    if not isinstance(data, dict):
        raise SpecError(Diagnostic(file, 1, "expected a mapping with a `scenarios:` list"))
    try:
        schema = ScenarioSchema.model_validate(data)
    except ValidationError as error:
        raise SpecError(_schema_diagnostics(error, file, marks)) from None
    seen: dict[str, int] = {}
    problems = []
    for i, scenario in enumerate(schema.scenarios):
        line = marks.get(("scenarios", i, "name"), 1)
        if scenario.name in seen:
            problems.append(
                Diagnostic(
                    file,
                    line,
                    f"scenario name {scenario.name!r} is already used on line "
                    f"{seen[scenario.name]}",
                    hint="names are unique within a file",
                )
            )
        seen.setdefault(scenario.name, line)
    if problems:
        raise SpecError(problems)
    return ScenarioFile(file, game_id, schema.scenarios, marks, schema.real_page)


def scenario_path(specs_dir: Path, game_id: str) -> Path:
    return specs_dir / f"{game_id}.test.yaml"


def load_scenarios(path: Path, name: str | None = None) -> ScenarioFile:
    name = name or str(path)
    game_id = path.name.removesuffix(".test.yaml")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise SpecError(Diagnostic(name, None, f"not UTF-8 text: {error.reason}")) from None
    except OSError as error:
        raise SpecError(Diagnostic(name, None, f"cannot read: {error.strerror}")) from None
    return parse_scenarios(text, name, game_id)


# -- help sentences --------------------------------------------------------------------------

CHECKED_SECTIONS = ("Setup", "Rules")


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _sentences(block: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", normal(block)) if s]


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of the help; ``label`` is its Setup row's label (``Stock``), or empty."""

    label: str
    text: str

    def __str__(self) -> str:
        return f"{self.label}: {self.text}" if self.label else self.text

    def quoted_in(self, quoted: set[str]) -> bool:
        return self.text in quoted or str(self) in quoted


@dataclass(frozen=True, slots=True)
class HelpSentences:
    """The sentences scenarios must quote, and every sentence they may quote."""

    required: list[Sentence]  # the Setup and Rules sections
    quotable: set[str]  # every section; a Setup row's sentences also as "Label: sentence"


def _text(element: etree._Element) -> str:
    return "".join(str(t) for t in element.itertext())


def help_sentences(help_file: Path) -> HelpSentences:
    """The sentences of a DocBook help page's sections (``sect2`` with a title)."""
    tree = etree.parse(str(help_file), etree.XMLParser(resolve_entities=False, no_network=True))
    required: list[Sentence] = []
    quotable: set[str] = set()
    for section in tree.iter("sect2"):
        title = normal(section.findtext("title") or "")
        found: list[Sentence] = []
        for row in section.iter("row"):
            entries = row.findall("entry")
            label = normal(_text(entries[0])) if len(entries) > 1 else ""
            found.extend(Sentence(label, s) for s in _sentences(_text(entries[-1])))
        for para in section.iter("para"):
            found.extend(Sentence("", s) for s in _sentences(_text(para)))
        quotable.update(str(s) for s in found)
        quotable.update(s.text for s in found)
        if title in CHECKED_SECTIONS:
            required.extend(found)
    return HelpSentences(required, quotable)


def stale_quotes(scenarios: ScenarioFile, sentences: HelpSentences) -> list[str]:
    """Quotes that are not sentences of the help (reworded or removed since)."""
    return [
        f"{scenarios.file}:{line}: {text!r} is not a sentence of the help"
        for text, line in scenarios.quotes()
        if text not in sentences.quotable
    ]


def unquoted(sentences: HelpSentences, quoted: set[str]) -> list[str]:
    """Setup and Rules sentences that no scenario quotes."""
    return [str(s) for s in sentences.required if not s.quoted_in(quoted)]


# -- running -------------------------------------------------------------------------------


class _Failed(Exception):
    """Stops a scenario whose later checks would only repeat the first failure."""


@dataclass
class _Run:
    file: ScenarioFile
    index: int
    failures: list[str] = field(default_factory=list)
    prefix: str = ""

    def fail(self, *path: str | int, message: str) -> None:
        line = self.file.line("scenarios", self.index, *path)
        name = self.file.scenarios[self.index].name
        self.failures.append(f"{self.file.file}:{line}: {name!r}: {self.prefix}{message}")


def _plays(moves: list[str]) -> list[tuple[int, str]]:
    """(index in the list, move) with ``MOVE*N`` written out N times."""
    result = []
    for i, text in enumerate(moves):
        repeat = _REPEAT.match(text.strip())
        if repeat:
            result.extend([(i, repeat["move"])] * int(repeat["count"]))
        else:
            result.append((i, text.strip()))
    return result


def _start(game_id: str, scenario: Scenario, seed: int | None) -> State:
    if scenario.deal_code is not None:
        state = from_deal_code(scenario.deal_code)
        if state.game.id != game_id:
            raise ValueError(f"deal code {scenario.deal_code!r} is not a {game_id} deal")
    elif scenario.position is not None:
        state = position_from(game_id, scenario.options, scenario.position)
    else:
        state = State.new(load_game(game_id), scenario.options, seed if seed is not None else 1)
    if scenario.base is not None:
        set_base(state, scenario.base)
    if scenario.redeals_left is not None:
        state.redeals_left = scenario.redeals_left
    return state


def run_scenario(scenarios: ScenarioFile, index: int) -> list[str]:
    """Failure messages for one scenario (empty when it passes)."""
    scenario = scenarios.scenarios[index]
    run = _Run(scenarios, index)
    seeds: list[int | None] = [scenario.deal] if not isinstance(scenario.deal, list) else []
    seeds += scenario.deal if isinstance(scenario.deal, list) else []
    for seed in seeds:
        run.prefix = f"deal {seed}: " if len(seeds) > 1 else ""
        with contextlib.suppress(_Failed):
            _run_one(run, scenario, seed)
    return run.failures


def run_file(scenarios: ScenarioFile) -> list[str]:
    return [f for i in range(len(scenarios.scenarios)) for f in run_scenario(scenarios, i)]


def _run_one(run: _Run, scenario: Scenario, seed: int | None) -> None:
    game_id = run.file.game_id
    start_key = "deal_code" if scenario.deal_code else "position" if scenario.position else "deal"
    try:
        state = _start(game_id, scenario, seed)
    except ValueError as error:  # unknown option or pile, bad card, bad deal code
        if not scenario.invalid:
            run.fail(start_key, message=f"cannot set up: {error}")
        return
    if scenario.invalid:
        run.fail("invalid", message="the start should be refused but was accepted")
        return
    start = state.key()
    for i, text in _plays(scenario.play):
        try:
            state.play(text)
        except (IllegalMoveError, MoveSyntaxError) as error:
            legal = sorted(texts(state))
            run.fail("play", i, message=f"play {text}: {error} (legal: {' '.join(legal)})")
            raise _Failed from None
    legal = sorted(texts(state))
    listing = " ".join(sorted(legal)) or "none"
    for i, text in enumerate(scenario.legal):
        if text not in legal:
            run.fail("legal", i, message=f"{text} should be legal; legal: {listing}")
            continue
        try:
            state.clone().play(text)
        except (IllegalMoveError, MoveSyntaxError) as error:
            run.fail("legal", i, message=f"{text} is listed but play() refuses it: {error}")
    for i, text in enumerate(scenario.illegal):
        if text in legal:
            run.fail("illegal", i, message=f"{text} should be illegal; legal: {listing}")
            continue
        try:
            state.clone().play(text)
        except IllegalMoveError:
            continue
        except MoveSyntaxError as error:
            run.fail("illegal", i, message=f"{text} is not a move of this game: {error}")
            continue
        run.fail("illegal", i, message=f"{text} is not listed but play() accepts it")
    if scenario.expect is not None:
        _check_expect(run, state, scenario.expect, start)


# -- expect ----------------------------------------------------------------------------------


def _pile_indexes(state: State, key: str) -> list[int] | int:
    """A kind's piles (a list), or one pile's index."""
    layout = state.layout
    if key in KINDS:
        return [i for i, kind in enumerate(layout.kinds) if kind is KINDS[key]]
    return layout.index[pile_name(state, key)]


def _kind_count(state: State, kind: str) -> int:
    if kind == "stock":
        return 1 if state.layout.has_stock else 0
    return sum(1 for k in state.layout.kinds if k is KINDS[kind])


def _plain_value(value: Any) -> Any:
    """A `Rules` field as YAML would write it: enums by value, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain_value(v) for v in value]
    return value


def _texts(state: State, moves: list[Any] | None) -> list[str] | None:
    return None if moves is None else [state.move_text(m) for m in moves]


Check = Callable[[_Run, State, Any, Any], None]


def _check_expect(run: _Run, state: State, expect: Expect, start: Any) -> None:
    given = expect.model_fields_set
    for key in sorted(given, key=list(Expect.model_fields).index):
        value = getattr(expect, key)
        try:
            _CHECKS[key](run, state, value, start)
        except (PositionError, KeyError, ValueError) as error:
            message = error.args[0] if isinstance(error, KeyError) else error
            run.fail("expect", key, message=f"expect.{key}: {message}")


def _compare(run: _Run, key: str, sub: str | None, actual: Any, expected: Any) -> None:
    if actual != expected:
        where = f"expect.{key}" + (f".{sub}" if sub else "")
        path: list[str | int] = ["expect", key, *([sub] if sub else [])]
        run.fail(*path, message=f"{where}: expected {expected!r}, got {actual!r}")


def _check_piles(run: _Run, state: State, value: dict[str, str], _start: Any) -> None:
    for name, text in value.items():
        actual = card_words(state.piles[state.layout.index[pile_name(state, name)]])
        _compare(run, "piles", name, actual, normal(text))


def _check_tops(run: _Run, state: State, value: dict[str, str], _start: Any) -> None:
    for name, text in value.items():
        words = normal(text).split()
        actual = card_words(state.pile(pile_name(state, name))).split()
        _compare(
            run, "tops", name, " ".join(actual[-len(words) :] if words else []), " ".join(words)
        )


def _check_piles_match(run: _Run, state: State, value: dict[str, str], _start: Any) -> None:
    """Each pile's text (a kind: every pile of it) matches a regular expression, all of it."""
    for name, pattern in value.items():
        try:
            compiled = re.compile(pattern)
        except re.error as error:
            raise ValueError(f"{pattern!r} is not a regular expression: {error}") from None
        where = _pile_indexes(state, name)
        for pile in [where] if isinstance(where, int) else where:
            text = card_words(state.piles[pile])
            if compiled.fullmatch(text) is None:
                pile_id = state.layout.names[pile]
                run.fail(
                    "expect",
                    "piles_match",
                    name,
                    message=f"expect.piles_match.{name}: {pile_id} {text!r} does not match "
                    f"{pattern!r}",
                )


def _counts(key: str, count: Callable[[tuple[int, ...]], int]) -> Check:
    def check(run: _Run, state: State, value: dict[str, int | list[int]], _start: Any) -> None:
        for name, expected in value.items():
            where = _pile_indexes(state, name)
            if isinstance(where, list) and len(where) == 1 and isinstance(expected, int):
                where = where[0]  # the stock, the waste: one pile
            if isinstance(where, int):
                _compare(run, key, name, count(state.piles[where]), expected)
            elif isinstance(expected, list):
                _compare(run, key, name, [count(state.piles[p]) for p in where], expected)
            else:  # one number for a kind: every pile of that kind
                actual = [count(state.piles[p]) for p in where]
                _compare(run, key, name, actual, [expected] * len(where))

    return check


def _face_up(pile: tuple[int, ...]) -> int:
    return sum(1 for c in pile if c < FACE_DOWN)


def _faces(pile: tuple[int, ...]) -> str:
    return "".join("D" if c >= FACE_DOWN else "U" for c in pile)


def _check_faces(run: _Run, state: State, value: dict[str, str | list[str]], _start: Any) -> None:
    for name, expected in value.items():
        where = _pile_indexes(state, name)
        if isinstance(where, int):
            _compare(run, "faces", name, _faces(state.piles[where]), expected)
            continue
        actual = [_faces(state.piles[p]) for p in where]
        if isinstance(expected, str) and len(where) == 1:
            _compare(run, "faces", name, actual[0], expected)
        elif isinstance(expected, str):  # one pattern for every pile of the kind
            _compare(run, "faces", name, actual, [expected] * len(where))
        else:
            _compare(run, "faces", name, actual, expected)


def _check_kinds(run: _Run, state: State, value: dict[str, int], _start: Any) -> None:
    for kind, expected in value.items():
        if kind not in KINDS:
            raise ValueError(f"{kind!r} is not a kind ({', '.join(KINDS)})")
        _compare(run, "kinds", kind, _kind_count(state, kind), expected)


def _check_layout_starts(run: _Run, state: State, value: list[str], _start: Any) -> None:
    expected = [pile_name(state, n) for n in value]
    _compare(run, "layout_starts", None, list(state.layout.names[: len(expected)]), expected)


def _simple(name: str, read: Callable[[State], Any]) -> Check:
    def check(run: _Run, state: State, value: Any, _start: Any) -> None:
        _compare(run, name, None, read(state), value)

    return check


def _check_base(run: _Run, state: State, value: int | str, _start: Any) -> None:
    # 0: a base the player chooses is not chosen yet
    _compare(run, "base", None, state.base, 0 if value == 0 else rank_number(value))


def _check_base_pile(run: _Run, state: State, value: str, _start: Any) -> None:
    pile = state.pile(pile_name(state, value))
    if len(pile) != 1 or RANK[pile[0] & ~FACE_DOWN] != state.base:
        run.fail(
            "expect",
            "base_pile",
            message=f"expect.base_pile: {value} should hold one card of the base rank "
            f"{state.base}, holds {card_words(pile) or 'nothing'}",
        )


def _check_moves(run: _Run, state: State, value: list[str], _start: Any) -> None:
    _compare(run, "moves", None, sorted(texts(state)), sorted(value))


def _targets(state: State, names: list[str]) -> set[int]:
    found: set[int] = set()
    for name in names:
        where = _pile_indexes(state, name)
        found.update(where if isinstance(where, list) else [where])
    return found


def _no_moves_touching(
    run: _Run, state: State, names: list[str], end: Literal["src", "dst"], key: str
) -> None:
    """No legal transfer has a pile of `names` as its source (`end` "src") or target."""
    banned = _targets(state, names)
    bad = [
        state.move_text(m)
        for m in state.legal_moves()
        if m.kind is MoveKind.TRANSFER and getattr(m, end) in banned
    ]
    _compare(run, key, None, bad, [])


def _check_no_moves_to(run: _Run, state: State, value: list[str], _start: Any) -> None:
    _no_moves_touching(run, state, value, "dst", "no_moves_to")


def _check_no_moves_from(run: _Run, state: State, value: list[str], _start: Any) -> None:
    _no_moves_touching(run, state, value, "src", "no_moves_from")


def _check_deck(run: _Run, state: State, _value: str, _start: Any) -> None:
    cards = sorted(c & ~FACE_DOWN for pile in state.piles for c in pile)
    expected = sorted(deck_cards(state.rules.decks, state.rules.suits))
    if cards != expected:
        missing = [c for c in set(expected) if expected.count(c) > cards.count(c)]
        extra = [c for c in set(cards) if cards.count(c) > expected.count(c)]
        run.fail(
            "expect",
            "deck",
            message=f"expect.deck: not the full deck once (missing {card_words(tuple(missing))!r}, "
            f"extra {card_words(tuple(extra))!r})",
        )


def _check_suit_copies(run: _Run, state: State, value: dict[str, int], _start: Any) -> None:
    counts = Counter(c & ~FACE_DOWN for pile in state.piles for c in pile)
    for letter in SUIT_LETTERS:
        expected = value.get(letter, 0)
        cards = range(SUIT_LETTERS.index(letter) * 13, SUIT_LETTERS.index(letter) * 13 + 13)
        actual = sorted({counts[c] for c in cards})
        _compare(run, "suit_copies", letter, actual, [expected])
    if set(value) - set(SUIT_LETTERS):
        raise ValueError(f"suits are {', '.join(SUIT_LETTERS)}")


def _check_foundation_move(
    run: _Run, state: State, value: dict[str, str | None], _start: Any
) -> None:
    for name, expected in value.items():
        move = foundation_move(state, state.layout.index[pile_name(state, name)])
        _compare(
            run, "foundation_move", name, None if move is None else state.move_text(move), expected
        )


def _check_goal_piles(run: _Run, state: State, value: list[str], _start: Any) -> None:
    expected = [pile_name(state, n) for n in value]
    _compare(run, "goal_piles", None, [state.layout.names[p] for p in goal_piles(state)], expected)


def _check_undo(run: _Run, state: State, value: bool, start: Any) -> None:
    trial = state.clone()
    while trial.undo() is not None:
        pass
    _compare(run, "undo_restores", None, trial.key() == start, value)


def _check_rules(run: _Run, state: State, value: dict[str, Any], _start: Any) -> None:
    for name, expected in value.items():
        if not hasattr(state.rules, name):
            raise ValueError(f"Rules has no field {name!r}")
        _compare(run, "rules", name, _plain_value(getattr(state.rules, name)), expected)


def _check_options(run: _Run, state: State, value: dict[str, bool], _start: Any) -> None:
    options = state.options
    for name, expected in value.items():
        if name not in options:
            raise ValueError(f"{state.game.id} has no option {name!r}")
        _compare(run, "options", name, options[name], expected)


def _check_option_groups(run: _Run, state: State, value: dict[str, list[str]], _start: Any) -> None:
    groups: dict[str, list[str]] = {}
    for option in state.game.options:
        if option.group is not None:
            groups.setdefault(option.group, []).append(option.id)
    _compare(run, "option_groups", None, groups, value)


_CHECKS: dict[str, Check] = {
    "piles": _check_piles,
    "tops": _check_tops,
    "piles_match": _check_piles_match,
    "sizes": _counts("sizes", len),
    "face_up": _counts("face_up", _face_up),
    "faces": _check_faces,
    "kinds": _check_kinds,
    "layout_starts": _check_layout_starts,
    "score": _simple("score", lambda s: s.score),
    "max_score": _simple("max_score", lambda s: s.rules.max_score),
    "won": _simple("won", lambda s: s.is_won()),
    "lost": _simple("lost", lambda s: s.is_lost()),
    "over": _simple("over", lambda s: s.is_over()),
    "stock_status": _simple("stock_status", lambda s: s.stock_status),
    "redeals_left": _simple("redeals_left", lambda s: s.redeals_left),
    "base": _check_base,
    "base_pile": _check_base_pile,
    "no_moves": _simple("no_moves", lambda s: s.legal_moves() == []),
    "moves": _check_moves,
    "no_moves_to": _check_no_moves_to,
    "no_moves_from": _check_no_moves_from,
    "deck": _check_deck,
    "suit_copies": _check_suit_copies,
    "foundation_move": _check_foundation_move,
    "goal_piles": _check_goal_piles,
    "send_up": _simple("send_up", lambda s: _texts(s, send_up_moves(s))),
    "autofinish": _simple("autofinish", lambda s: _texts(s, autofinish_moves(s))),
    "hint": _simple("hint", lambda s: None if (m := hint(s)) is None else s.move_text(m)),
    "undo_restores": _check_undo,
    "rules": _check_rules,
    "options": _check_options,
    "deal_code": _simple("deal_code", lambda s: s.deal_code),
    "option_groups": _check_option_groups,
    "option_sets": _simple("option_sets", lambda s: len(s.game.rules_by_options)),
}
assert set(_CHECKS) == set(Expect.model_fields), "every expect key has a check"


def check_help(scenarios: ScenarioFile, help_file: Path) -> list[str]:
    """Stale quotes, and help sentences no scenario quotes."""
    sentences = help_sentences(help_file)
    quoted = {text for text, _line in scenarios.quotes()}
    problems = stale_quotes(scenarios, sentences)
    problems += [f"{scenarios.file}: no scenario quotes {s!r}" for s in unquoted(sentences, quoted)]
    return problems
