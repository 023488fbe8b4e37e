"""Merging prose facts and sidecar facts into one `VariantSpec`, field by field.

A field both sources give must agree; the sidecar may differ only when it marks the value
``override`` with a reason. Every field records where its value came from.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from generator.diagnostics import Diagnostic, Level, has_errors
from generator.spec.accounting import accounting_diagnostics, acknowledge
from generator.spec.checks import consistency_diagnostics, option_set_diagnostics
from generator.spec.facts import Fact, ProseFacts
from generator.spec.model import Option, Provenance, VariantSpec, leaf_paths, option_combinations
from generator.spec.required import missing_sources
from generator.spec.sidecar import Sidecar

_LEAF_PATHS = frozenset(leaf_paths())


def _normal(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_normal(v) for v in value)
    return value


def _nest(flat: dict[str, Any]) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for path, value in flat.items():
        node = tree
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return tree


def inherited_facts(base: VariantSpec) -> list[Fact]:
    """The base game's rule values, as the lowest layer under a variant's prose and sidecar."""
    facts = []
    for path, value in rule_values(base).items():
        if path in ("id", "title"):
            continue
        origin = base.provenance.get(path)
        provenance = Provenance(
            source="base",
            file=origin.file if origin else None,
            line=origin.line if origin else None,
            phrase=origin.phrase if origin else None,
            base=base.id,
        )
        facts.append(Fact(path, value, provenance))
    return facts


def rule_values(spec: VariantSpec) -> dict[str, Any]:
    """Every leaf path of the spec with its value (JSON form), in the model's order."""
    flat = _flatten(spec.model_dump(mode="json"))
    return {path: value for path, value in flat.items() if path in _LEAF_PATHS}


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict) and f"{prefix}{key}" not in _LEAF_PATHS:
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def merge_facts(
    prose: ProseFacts,
    sidecar: Sidecar,
    game_id: str,
    help_file: str | None,
    inherited: list[Fact] | None = None,
) -> tuple[VariantSpec | None, list[Diagnostic]]:
    """Base values, then the prose over them, then the sidecar checked against the prose."""
    diagnostics: list[Diagnostic] = list(prose.diagnostics)
    stated = prose.by_path()
    chosen: dict[str, Fact] = {fact.path: fact for fact in inherited or []}
    chosen.update(stated)
    for fact in sidecar.facts:
        if fact.path not in _LEAF_PATHS:
            diagnostics.append(
                Diagnostic(sidecar.path, fact.provenance.line, "unknown field", field=fact.path)
            )
            continue
        if fact.path == "id":
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    fact.provenance.line,
                    "a game's id is its file name; a sidecar cannot set it",
                    field="id",
                    hint=f"remove id:, or rename the files to {fact.value}.yaml and .xml",
                )
            )
            continue
        if _bool_for_number(fact):
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    fact.provenance.line,
                    f"expected a number, got {str(fact.value).lower()}",
                    field=fact.path,
                )
            )
            continue
        said = stated.get(fact.path)
        if said is None:
            if fact.provenance.override:
                diagnostics.append(_needless_override(sidecar, fact))
            chosen[fact.path] = fact
        elif _normal(said.value) == _normal(fact.value):
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    fact.provenance.line,
                    f"repeats what the help already says at line {said.provenance.line}",
                    level=Level.WARNING,
                    field=fact.path,
                    hint="remove it from the sidecar; the help is the rule",
                )
            )
        elif fact.provenance.override:
            chosen[fact.path] = fact
        else:
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    fact.provenance.line,
                    f"sidecar says {fact.value!r} but the help says {said.value!r} "
                    f"({said.provenance.file}:{said.provenance.line}: "
                    f"{said.provenance.phrase!r})",
                    field=fact.path,
                    hint="fix one of them, or write {value: ..., override: <reason>} in the "
                    "sidecar",
                )
            )
    chosen.setdefault(
        "id", Fact("id", game_id, Provenance(source="sidecar", file=sidecar.path, line=None))
    )
    diagnostics.extend(_check_options(prose, sidecar))
    accounts, found = acknowledge(prose.sentences, list(sidecar.acknowledged), sidecar.path)
    prose.sentences = accounts
    diagnostics.extend(found)
    diagnostics.extend(accounting_diagnostics(accounts, sidecar.path))
    flat = {path: fact.value for path, fact in chosen.items()}
    unsourced = missing_sources(flat, help_file, sidecar.path, prose.places)
    contradictions = consistency_diagnostics(chosen, help_file or sidecar.path)
    diagnostics.extend(unsourced + contradictions)
    if unsourced or has_errors(contradictions):
        # The model's own validators would repeat these, blaming the wrong file.
        return None, diagnostics
    if has_errors(diagnostics):  # options on unknown fields, ids, ...: nothing to validate
        return None, diagnostics
    combinations = combination_count(tuple(sidecar.options))
    if combinations > MAX_OPTION_SETS:
        diagnostics.append(
            Diagnostic(
                sidecar.path,
                sidecar.option_lines[0] if sidecar.option_lines else None,
                f"the options make {combinations} option sets; at most {MAX_OPTION_SETS} are "
                "allowed (each is a rule set the generator checks and writes)",
                field="options",
                hint="put options that exclude each other into one group:",
            )
        )
        return None, diagnostics
    data = _nest(flat)
    data["options"] = [option.model_dump() for option in sidecar.options]
    data["provenance"] = {path: fact.provenance for path, fact in sorted(chosen.items())}
    spec = _validate(data, chosen, sidecar, help_file, diagnostics)
    if spec is None:
        return None, diagnostics
    for values in option_combinations(spec.options):
        try:
            effective(spec, values)
        except (ValidationError, ValueError) as error:
            on = [o for o, v in zip(spec.options, values, strict=True) if v]
            lines = dict(zip((o.id for o in sidecar.options), sidecar.option_lines, strict=True))
            names = ", ".join(o.id for o in on) or "none"
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    lines.get(on[-1].id) if on else _off_line(spec.options, lines),
                    f"with options on: {names}, the spec is invalid: {_first_problem(error)}",
                    field="options",
                    hint="check the values the options set under on: and off:",
                )
            )
            return None, diagnostics
        lines = dict(zip((o.id for o in sidecar.options), sidecar.option_lines, strict=True))
        diagnostics.extend(
            option_set_diagnostics(chosen, spec.options, values, sidecar.path, lines)
        )
    if any(d.level is Level.ERROR for d in diagnostics):
        return None, diagnostics
    return spec, diagnostics


MAX_OPTION_SETS = 256


def combination_count(options: tuple[Any, ...]) -> int:
    """How many option sets `option_combinations` would give, without listing them."""
    groups: dict[str, int] = {}
    count = 1
    for option in options:
        if option.group is None:
            count *= 2
        else:
            groups[option.group] = groups.get(option.group, 0) + 1
    for size in groups.values():
        count *= size
    return count


def _first_problem(error: Exception) -> str:
    """One line for a pydantic error (no input dump, no documentation URL)."""
    if isinstance(error, ValidationError):
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"])
        message = str(problem["msg"]).removeprefix("Value error, ")
        return f"{where}: {message}" if where else message
    return str(error).splitlines()[0]


def _bool_for_number(fact: Fact) -> bool:
    """True/false given for a numeric field (pydantic would quietly read it as 1/0)."""
    if not isinstance(fact.value, bool):
        return False
    model: Any = VariantSpec
    for part in fact.path.split("."):
        info = model.model_fields.get(part)
        if info is None:
            return False
        model = info.annotation
    return model is int


def _needless_override(sidecar: Sidecar, fact: Fact) -> Diagnostic:
    return Diagnostic(
        sidecar.path,
        fact.provenance.line,
        "marked override but the help does not give this field",
        level=Level.WARNING,
        field=fact.path,
        hint="write the plain value",
    )


def _check_options(prose: ProseFacts, sidecar: Sidecar) -> list[Diagnostic]:
    diagnostics = []
    declared = {
        o.label.casefold(): (o, line)
        for o, line in zip(sidecar.options, sidecar.option_lines, strict=True)
    }
    mentioned = {m.label.casefold(): m for m in prose.options}
    for label, mention in mentioned.items():
        if label not in declared:
            diagnostics.append(
                Diagnostic(
                    prose.help_file or sidecar.path,
                    mention.line,
                    f"the help describes option {mention.label!r} but the sidecar does not "
                    "declare it",
                    field="options",
                    hint="add it under options: with id, label, default and its on/off effect",
                )
            )
        elif mention.default is not None and mention.default != declared[label][0].default:
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    declared[label][1],
                    f"option {mention.label!r}: the help says default "
                    f"{mention.default}, the sidecar {declared[label][0].default}",
                    field="options",
                )
            )
    for label, (option, line) in declared.items():
        if prose.help_file is not None and label not in mentioned:
            diagnostics.append(
                Diagnostic(
                    sidecar.path,
                    line,
                    f"option {option.label!r} is not described in the help's Options section",
                    field="options",
                    hint="describe it in the help, using the same label",
                )
            )
        for path in (*option.on, *option.off):
            if path not in _LEAF_PATHS:
                diagnostics.append(
                    Diagnostic(
                        sidecar.path,
                        line,
                        f"option {option.id!r} sets unknown field {path!r}",
                        field="options",
                    )
                )
    return diagnostics


def _validate(
    data: dict[str, Any],
    chosen: dict[str, Fact],
    sidecar: Sidecar,
    help_file: str | None,
    diagnostics: list[Diagnostic],
) -> VariantSpec | None:
    try:
        return VariantSpec.model_validate(data)
    except ValidationError as error:
        for problem in error.errors():
            path = ".".join(str(p) for p in problem["loc"])
            message = str(problem["msg"]).removeprefix("Value error, ")
            if not path:  # a check of the whole spec: the field its message is about
                line = _option_group_line(message, sidecar)
                if line is not None:
                    diagnostics.append(Diagnostic(sidecar.path, line, message, field="options"))
                    continue
                first = message.split(" ", 1)[0].rstrip(":")  # a message naming its field
                path = first if first in _LEAF_PATHS else _whole_spec_path(message)
            fact = _nearest(chosen, path)
            file = fact.provenance.file if fact and fact.provenance.file else sidecar.path
            # No fact at all (a sidecar-only game without its title): the file as a whole.
            line = fact.provenance.line if fact else 1
            hint = None
            if problem["type"] == "missing":
                message = "not found in the help and not given in the sidecar"
                hint = f"describe it in {help_file or 'the help'} or add {path} to the sidecar"
            diagnostics.append(
                Diagnostic(file or sidecar.path, line, message, field=path, hint=hint)
            )
        return None


# VariantSpec's checks of the whole spec, by words of their message -> the field to blame
# (else the title's line: the page or sidecar as a whole).
# A message that starts with a field's path (`VariantSpec._fields_agree`) blames that field.
_WHOLE_SPEC = (
    ("goes up then down", "foundations.up_then_down"),
    ("start_with_aces", "foundations.start_with_aces"),
    ("start_with_base", "foundations.start_with_base"),
    ("the deal uses", "tableau"),
    ("suits must", "suits"),
)


def _whole_spec_path(message: str) -> str:
    return next((p for words, p in _WHOLE_SPEC if words in message), "title")


def _nearest(chosen: dict[str, Fact], path: str) -> Fact | None:
    """The fact a problem at `path` is about: its own, else one under it, else the nearest
    enclosing one (`suits` for `suits.0`), else the title (the page or sidecar as a whole)."""
    parts = path.split(".") if path else []
    while parts:
        prefix = ".".join(parts)
        fact = chosen.get(prefix) or _first_under(chosen, prefix)
        if fact is not None:
            return fact
        parts.pop()
    return chosen.get("title")


def _off_line(options: tuple[Option, ...] | list[Option], lines: dict[str, int]) -> int | None:
    """With every option off, the spec comes from their `off` values: the first such option."""
    for option in options:
        if option.off:
            return lines.get(option.id)
    return next(iter(lines.values()), None)


def _option_group_line(message: str, sidecar: Sidecar) -> int | None:
    """For an error about an option group: the line of the group's first option."""
    for option, line in zip(sidecar.options, sidecar.option_lines, strict=False):
        if option.group is not None and f"option group {option.group!r}" in message:
            return line
    return None


def _first_under(chosen: dict[str, Fact], prefix: str) -> Fact | None:
    """For an error about a whole section (`tableau`): the fact that set its count, else its
    first stated field, so the message points at a line."""
    if not prefix:
        return None
    under = [f for p, f in sorted(chosen.items()) if p.startswith(prefix + ".")]
    counts = [f for f in under if f.path.endswith(".count")]
    found = counts or under
    return found[0] if found else None


def effective(spec: VariantSpec, option_values: tuple[bool, ...]) -> VariantSpec:
    """The spec with each option's on/off overrides applied."""
    flat: dict[str, Any] = {}
    for option, value in zip(spec.options, option_values, strict=True):
        flat.update(option.on if value else option.off)
    if not flat:
        return spec
    data = spec.model_dump(mode="json")
    for path, value in flat.items():
        node = data
        parts = path.split(".")
        for part in parts[:-1]:
            node = node[part]
        node[parts[-1]] = value
    return VariantSpec.model_validate(data)
