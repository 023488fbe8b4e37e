"""Reading the YAML sidecar safely, with a line and column for every value.

The sidecar is composed into YAML nodes (never constructed into Python objects by PyYAML), so
custom tags cannot run code, aliases and duplicate keys are refused, and scalars follow the
YAML 1.2 core schema: only ``true``/``false`` are booleans, so ``no`` stays the string "no".
The result is validated by a pydantic schema (`SidecarSchema`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    StringConstraints,
    ValidationError,
)

from generator.aisleriot.config import AisleriotConfig
from generator.diagnostics import Diagnostic, SpecError
from generator.spec.accounting import Acknowledgement
from generator.spec.facts import Fact
from generator.spec.model import GAME_ID_PATTERN, Option, Provenance, leaf_paths

_INT = re.compile(r"^[-+]?[0-9]+$")
_NULL = {"null", "~", ""}
# What XML 1.0 text cannot hold (C0 controls but tab and line breaks, U+FFFE/FFFF) and lone
# surrogates, which UTF-8 cannot hold.
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_MAX_SIDECAR_BYTES = 256 * 1024


@dataclass(frozen=True, slots=True)
class Located:
    value: Any
    line: int
    column: int


class _NodeLoader(yaml.SafeLoader):
    """Composes nodes only; refuses aliases (and so anchors' reuse)."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "YAML aliases are not allowed in a sidecar", event.start_mark
            )
        return super().compose_node(parent, index)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _scalar(node: yaml.ScalarNode, file: str) -> Any:
    text = node.value
    if node.tag not in (
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:timestamp",
        "tag:yaml.org,2002:value",
    ):
        line, column = _mark(node)
        raise SpecError(
            Diagnostic(
                file,
                line,
                f"YAML tag {node.tag!r} is not allowed",
                column=column,
                hint="remove the tag",
            )
        )
    bad = _NOT_TEXT.search(text)
    if bad is not None:  # an escape in a quoted string ("\x01", "\ud800")
        line, column = _mark(node)
        raise SpecError(
            Diagnostic(
                file,
                line,
                f"character U+{ord(bad.group()):04X} cannot be part of a game's text "
                "(its help and code are XML and UTF-8)",
                column=column,
                hint="remove the escape",
            )
        )
    if node.style is not None:  # quoted: always a string
        return text
    if text in ("true", "false"):
        return text == "true"
    if _INT.match(text):
        if len(text.lstrip("+-")) > 18:  # no rule needs more; int() refuses 4,300+ digits
            line, column = _mark(node)
            raise SpecError(
                Diagnostic(file, line, f"number too large: {text[:20]}...", column=column)
            )
        return int(text)
    if text in _NULL:
        return None
    return text


def _plain(
    node: yaml.Node,
    file: str,
    marks: dict[tuple[str | int, ...], tuple[int, int]],
    path: tuple[str | int, ...] = (),
) -> Any:
    marks[path] = _mark(node)
    if isinstance(node, yaml.ScalarNode):
        return _scalar(node, file)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            line, column = _mark(node)
            raise SpecError(
                Diagnostic(file, line, f"YAML tag {node.tag!r} is not allowed", column=column)
            )
        return [_plain(item, file, marks, (*path, i)) for i, item in enumerate(node.value)]
    assert isinstance(node, yaml.MappingNode)
    if node.tag != "tag:yaml.org,2002:map":
        line, column = _mark(node)
        raise SpecError(
            Diagnostic(file, line, f"YAML tag {node.tag!r} is not allowed", column=column)
        )
    result: dict[str, Any] = {}
    for key_node, value_node in node.value:
        line, column = _mark(key_node)
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
            raise SpecError(
                Diagnostic(file, line, "keys must be plain names (no merge keys)", column=column)
            )
        key = str(key_node.value)
        if key in result:
            raise SpecError(
                Diagnostic(
                    file,
                    line,
                    f"duplicate key {key!r}",
                    column=column,
                    field=".".join(str(p) for p in (*path, key)),
                    hint="each key may appear once per mapping",
                )
            )
        result[key] = _plain(value_node, file, marks, (*path, key))
        marks[(*path, key)] = (line, column)  # errors point at the key, not its value
    return result


class AcknowledgementEntry(BaseModel):
    """A help sentence that states no rule the spec must hold, and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    quote: StrictStr = Field(min_length=3, max_length=2000)
    reason: StrictStr = Field(min_length=3, max_length=500)


class OverrideValue(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    value: Any
    override: str = Field(min_length=3)


# A leaf is a plain value, or {value: ..., override: <reason>} to overrule the prose.
Leaf = (
    OverrideValue
    | StrictBool
    | StrictInt
    | StrictStr
    | list[StrictInt]
    | list[StrictStr]
    | list[list[StrictInt]]  # reserves.covered_by: the piles lying across each one
    | None
)


def _sidecar_section_model() -> type[BaseModel]:
    """A schema whose leaves are the spec's leaf paths, each optionally an override mapping."""
    from pydantic import create_model

    tree: dict[str, Any] = {}
    for path in leaf_paths():
        node = tree
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = None

    def build(name: str, node: dict[str, Any]) -> type[BaseModel]:
        fields: dict[str, Any] = {}
        for key, child in node.items():
            if child is None:
                fields[key] = (Leaf, None)
            else:
                fields[key] = (build(f"{name}_{key}", child) | None, None)
        return create_model(name, __config__=ConfigDict(frozen=True, extra="forbid"), **fields)

    root = build("Sidecar", tree)
    return create_model(
        "SidecarSchema",
        __base__=root,
        options=(list[Option] | None, None),
        base=(Annotated[str, StringConstraints(pattern=GAME_ID_PATTERN)] | None, None),
        aisleriot=(AisleriotConfig | None, None),  # for `helpdeck diff` only, not a rule
        acknowledge=(list[AcknowledgementEntry] | None, None),
    )


SidecarSchema = _sidecar_section_model()


@dataclass(frozen=True, slots=True)
class Sidecar:
    path: str
    facts: list[Fact]
    options: list[Option]
    option_lines: list[int]
    base: str | None  # the game this one is a variant of
    base_line: int | None
    aisleriot: AisleriotConfig | None = None  # `helpdeck diff` data (docs/spec/aisleriot.md)
    acknowledged: tuple[Acknowledgement, ...] = ()  # sentences that state no rule


def _flatten(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    flat: dict[tuple[str, ...], Any] = {}
    for key, value in data.items():
        path = (*prefix, key)
        if isinstance(value, dict) and not ({"value", "override"} >= value.keys() and value):
            flat.update(_flatten(value, path))
        else:
            flat[path] = value
    return flat


def load_sidecar_text(text: str, file: str) -> Sidecar:
    try:
        return _load(text, file)
    except RecursionError:  # PyYAML and the node walk both recurse per level
        raise SpecError(
            Diagnostic(file, None, "invalid YAML: nested too deeply", hint="a sidecar is flat")
        ) from None


def _compose(text: str, file: str) -> yaml.Node | None:
    """The YAML node tree; nesting too deep for PyYAML is an error where it got too deep."""
    loader = _NodeLoader(text)
    try:
        return loader.get_single_node()
    except RecursionError:
        raise SpecError(
            Diagnostic(
                file,
                loader.line + 1,
                "invalid YAML: nested too deeply",
                column=loader.column + 1,
                hint="a sidecar is flat",
            )
        ) from None
    finally:
        loader.dispose()


def _load(text: str, file: str) -> Sidecar:
    encoded = text.encode("utf-8", "replace")
    if len(encoded) > _MAX_SIDECAR_BYTES:
        passed = encoded[:_MAX_SIDECAR_BYTES].count(b"\n") + 1
        raise SpecError(
            Diagnostic(file, passed, "sidecar is larger than 256 KiB: the limit is passed here")
        )
    try:
        node = _compose(text, file)
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        character = error.character
        character = chr(character) if isinstance(character, int) else str(character)[:1] or "?"
        start = text.rfind("\n", 0, error.position) + 1
        raise SpecError(
            Diagnostic(
                file,
                text.count("\n", 0, error.position) + 1,
                f"invalid YAML: character U+{ord(character):04X} is not allowed",
                column=error.position - start + 1,
                hint="remove it, or write it as an escape in a double-quoted string",
            )
        ) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        problem = error.problem or error.context or "invalid YAML"
        raise SpecError(
            Diagnostic(
                file,
                line,
                f"invalid YAML: {problem}",
                column=column,
                hint="check indentation and quoting",
            )
        ) from None
    except yaml.YAMLError as error:
        raise SpecError(Diagnostic(file, None, f"invalid YAML: {error}")) from None

    if node is None:
        return Sidecar(file, [], [], [], None, None)
    marks: dict[tuple[str | int, ...], tuple[int, int]] = {}
    data = _plain(node, file, marks)
    if not isinstance(data, dict):
        line, column = _mark(node)
        raise SpecError(
            Diagnostic(file, line, "a sidecar must be a mapping of spec fields", column=column)
        )
    try:
        SidecarSchema.model_validate(data)
    except ValidationError as error:
        raise SpecError(_schema_diagnostics(error, file, marks)) from None
    options_data = data.pop("options", None) or []
    base = data.pop("base", None)
    aisleriot = data.pop("aisleriot", None)
    acknowledged = tuple(
        Acknowledgement(entry["quote"], entry["reason"], marks.get(("acknowledge", i), (0, 0))[0])
        for i, entry in enumerate(data.pop("acknowledge", None) or [])
    )
    options = [Option.model_validate(o) for o in options_data]
    option_lines = [marks.get(("options", i), (0, 0))[0] for i in range(len(options))]
    facts: list[Fact] = []
    for path, value in _flatten(data).items():
        line, _column = marks.get(path, (0, 0))
        override = None
        if isinstance(value, dict):
            override = value["override"]
            value = value["value"]
        facts.append(
            Fact(
                ".".join(path),
                value,
                Provenance(source="sidecar", file=file, line=line, override=override),
            )
        )
    return Sidecar(
        file,
        facts,
        options,
        option_lines,
        base,
        marks.get(("base",), (None, 0))[0],
        None if aisleriot is None else AisleriotConfig.model_validate(aisleriot),
        acknowledged,
    )


def load_sidecar(path: Path, name: str | None = None) -> Sidecar:
    name = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        line = error.object[: error.start].count(b"\n") + 1
        raise SpecError(
            Diagnostic(
                name,
                line,
                f"not UTF-8 text: {error.reason} (byte {error.object[error.start]:#04x})",
                hint="save the file as UTF-8",
            )
        ) from None
    except OSError as error:
        raise SpecError(Diagnostic(name, None, f"cannot read: {error.strerror}")) from None
    return load_sidecar_text(text, name)


def _inside_override(location: tuple[Any, ...], field: tuple[str | int, ...]) -> bool:
    """True for an error within a {value, override} mapping, i.e. the input was one."""
    rest = location[len(field) :]
    return len(rest) > 1 and rest[0] == "OverrideValue"


def _schema_diagnostics(
    error: ValidationError, file: str, marks: dict[tuple[str | int, ...], tuple[int, int]]
) -> list[Diagnostic]:
    """One diagnostic per faulty field; union alternatives are folded into one message."""
    by_field: dict[tuple[str | int, ...], list[Any]] = {}
    for problem in error.errors():
        known = tuple(problem["loc"])
        while known and known not in marks:
            known = known[:-1]
        by_field.setdefault(known, []).append(problem)
    diagnostics = []
    for known, problems in by_field.items():
        line, column = marks.get(known, (None, None))
        field = ".".join(str(p) for p in known) or None
        first = problems[0]
        hint = None
        if first["type"] == "extra_forbidden":
            message = "unknown field"
            hint = "see docs/spec-language.md for the fields a sidecar may set"
        elif inside_override := [p for p in problems if _inside_override(p["loc"], known)]:
            override = inside_override[0]
            message = f"override: {override['msg']}"
            hint = "write {value: ..., override: <why the help is overruled>}"
        elif len(problems) > 1:
            message = (
                "expected a number, true/false, a word or a list of numbers or words, "
                f"got {first['input']!r}"
            )
        else:
            message = first["msg"]
        diagnostics.append(Diagnostic(file, line, message, column=column, field=field, hint=hint))
    return diagnostics
