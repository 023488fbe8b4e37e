"""specs/ → generated/: read, validate, merge, render, and write (or check) every game.

Each stage returns diagnostics instead of raising; nothing is written when any game has an
error, so a broken spec never leaves half-generated output behind.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from pathlib import Path

from generator.aisleriot.config import without_aisleriot
from generator.codegen.render import RenderError, render_catalog, render_rules
from generator.codegen.view import module_view
from generator.diagnostics import Diagnostic, Level, SpecError, has_errors
from generator.help.build import GameHelp, render_help
from generator.spec.accounting import ACCOUNTING_CODES
from generator.spec.combinations import POINTLESS
from generator.spec.facts import Fact, ProseFacts
from generator.spec.merge import inherited_facts, merge_facts
from generator.spec.model import VariantSpec
from generator.spec.sidecar import load_sidecar

GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
# generated/help/<lang>/index.html is the language's contents page; catalog.py the registry.
RESERVED_IDS = frozenset({"index", "catalog"})


@dataclass(frozen=True, slots=True)
class GameSources:
    game_id: str
    help_file: Path | None
    sidecar: Path


@dataclass(frozen=True, slots=True)
class LoadedSpec:
    sources: GameSources
    spec: VariantSpec
    digests: tuple[tuple[str, str], ...]


def project_root() -> Path:
    return Path(__file__).resolve().parent.parent


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def discover(specs_dir: Path) -> tuple[list[GameSources], list[Diagnostic]]:
    """Pair ``<game>.yaml`` sidecars with their ``<game>.xml`` help files."""
    diagnostics: list[Diagnostic] = []
    games = []
    if not specs_dir.is_dir():
        return [], [Diagnostic(str(specs_dir), None, "no specs directory")]
    for sidecar in sorted(specs_dir.glob("*.yaml")):
        if sidecar.name.endswith(".test.yaml"):
            continue  # rule scenarios (generator/check), not a sidecar
        game_id = sidecar.stem
        if game_id in RESERVED_IDS:
            diagnostics.append(
                Diagnostic(
                    str(sidecar),
                    None,
                    f"{game_id!r} is a name the generated files use for themselves",
                    hint="rename the game's files",
                )
            )
            continue
        if not GAME_ID.fullmatch(game_id):  # not match: "$" also matches before a final "\n"
            diagnostics.append(
                Diagnostic(
                    str(sidecar),
                    None,
                    f"{game_id!r} is not a valid game id",
                    hint="use lower-case letters, digits and underscores, starting with a letter",
                )
            )
            continue
        help_file = sidecar.with_suffix(".xml")
        games.append(GameSources(game_id, help_file if help_file.exists() else None, sidecar))
    for help_file in sorted(specs_dir.glob("*.xml")):
        if not help_file.with_suffix(".yaml").exists():
            diagnostics.append(
                Diagnostic(
                    str(help_file),
                    None,
                    "help file has no sidecar",
                    level=Level.WARNING,
                    hint=f"add {help_file.with_suffix('.yaml').name} to make it a game",
                )
            )
    return games, diagnostics


def read_prose(help_file: Path | None, name: str | None = None) -> ProseFacts:
    if help_file is None:
        return ProseFacts()
    from generator.docbook import read_help
    from generator.prose.extract import extract_facts

    name = name or str(help_file)
    document = read_help(help_file, name)
    try:  # only to place sentences at their line and column; read_help did the checking
        source = help_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        source = None
    prose = extract_facts(document, source)
    prose.help_file = name
    return prose


def _digested(path: Path, sidecar: Path) -> bytes:
    data = path.read_bytes()
    return without_aisleriot(data) if path == sidecar else data


def load_spec(
    sources: GameSources, root: Path | None = None, _variants: tuple[str, ...] = ()
) -> tuple[LoadedSpec | None, list[Diagnostic]]:
    """Read, check and merge one game; a ``base:`` game is loaded first, recursively."""
    root = root or project_root()
    help_name = _display(sources.help_file, root) if sources.help_file else None
    sidecar_name = _display(sources.sidecar, root)
    try:
        prose = read_prose(sources.help_file, help_name)
        sidecar = load_sidecar(sources.sidecar, sidecar_name)
    except SpecError as error:
        return None, error.diagnostics
    inherited: list[Fact] = []
    base_digests: tuple[tuple[str, str], ...] = ()
    if sidecar.base is not None:
        chain = (*_variants, sources.game_id)
        if sidecar.base in chain:
            cycle = " -> ".join((*chain, sidecar.base))
            return None, [
                Diagnostic(sidecar_name, sidecar.base_line, f"base cycle: {cycle}", field="base")
            ]
        base_sources = sources.sidecar.parent / f"{sidecar.base}.yaml"
        if not base_sources.exists():
            return None, [
                Diagnostic(
                    sidecar_name,
                    sidecar.base_line,
                    f"base game {sidecar.base!r} not found in "
                    f"{_display(base_sources.parent, root)}",
                    field="base",
                )
            ]
        help_file = base_sources.with_suffix(".xml")
        base, found = load_spec(
            GameSources(sidecar.base, help_file if help_file.exists() else None, base_sources),
            root,
            chain,
        )
        if base is None:
            return None, found
        inherited = inherited_facts(base.spec)
        base_digests = base.digests
    spec, diagnostics = merge_facts(prose, sidecar, sources.game_id, help_name, inherited)
    if spec is None:
        return None, diagnostics
    if sources.help_file is None and "title" not in spec.provenance:
        diagnostics.append(Diagnostic(sidecar_name, None, "no title", field="title"))
        return None, diagnostics
    files = [p for p in (sources.help_file, sources.sidecar) if p is not None]
    # The sidecar's `aisleriot:` block is `helpdeck diff` data, not rules: not digested.
    digests = tuple(
        (_display(p, root), hashlib.sha256(_digested(p, sources.sidecar)).hexdigest())
        for p in files
    )
    return LoadedSpec(sources, spec, digests + base_digests), diagnostics


def strictly(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """`--strict`: a sentence the reader did not account for, or a field that changes
    nothing (`combinations.POINTLESS`), is an error."""
    codes = ACCOUNTING_CODES | {POINTLESS}
    return [replace(d, level=Level.ERROR) if d.code in codes else d for d in diagnostics]


def render_outputs(
    specs_dir: Path, root: Path | None = None, strict: bool = False
) -> tuple[dict[str, bytes], list[Diagnostic]]:
    """Every generated file (path relative to the project root → bytes), or diagnostics.

    `strict` makes an unread or partly read help sentence and a rejected help translation
    errors instead of warnings.
    """
    root = root or project_root()
    games, diagnostics = discover(specs_dir)
    loaded: list[LoadedSpec] = []
    for sources in games:
        result, found = load_spec(sources, root)
        diagnostics.extend(strictly(found) if strict else found)
        if result is not None:
            loaded.append(result)
    if has_errors(diagnostics):
        return {}, diagnostics
    outputs: dict[str, bytes] = {}
    try:
        for item in loaded:
            view = module_view(item.spec, item.digests)
            outputs[f"generated/rules/{item.spec.id}.py"] = render_rules(view).encode()
            outputs[f"generated/specs/{item.spec.id}.json"] = (
                item.spec.model_dump_json(indent=2) + "\n"
            ).encode()
        catalog = sorted((item.spec.id, item.spec.title) for item in loaded)
        outputs["generated/catalog.py"] = render_catalog(catalog).encode()
    except RenderError as error:
        diagnostics.append(Diagnostic(str(specs_dir), None, f"cannot render: {error}"))
        return {}, diagnostics
    helps = [GameHelp(i.sources.game_id, i.sources.help_file, i.spec) for i in loaded]
    help_outputs, found = render_help(helps, specs_dir, strict)
    diagnostics.extend(found)
    if has_errors(diagnostics):
        return {}, diagnostics
    outputs.update(help_outputs)
    return outputs, diagnostics


MANAGED_DIRS = ("generated/rules", "generated/specs")
MANAGED_TREES = ("generated/help",)  # one level of language directories below
_KEEP = {"__init__.py"}


def stale_files(outputs: dict[str, bytes], root: Path) -> list[str]:
    """Generated files that differ from ``outputs``, are missing, or should not exist."""
    stale = [
        path
        for path, data in outputs.items()
        if not (root / path).exists() or (root / path).read_bytes() != data
    ]
    for directory in MANAGED_DIRS:
        for path in sorted((root / directory).glob("*")):
            relative = f"{directory}/{path.name}"
            if path.is_file() and path.name not in _KEEP and relative not in outputs:
                stale.append(relative)
    for directory in MANAGED_TREES:
        for path in sorted((root / directory).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.is_file() and relative not in outputs:
                stale.append(relative)
    return stale


def write_outputs(outputs: dict[str, bytes], root: Path) -> list[str]:
    """Write changed files and remove generated files whose spec is gone, all or nothing:
    every new file is staged beside its target first, and only when all are staged are they
    swapped in. A failure while staging removes the staged files and leaves generated/ as it
    was."""
    changed = stale_files(outputs, root)
    staged: list[tuple[Path, Path]] = []
    try:
        for relative in changed:
            if relative not in outputs:
                continue
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_name(f".{path.name}.staged")
            temporary.write_bytes(outputs[relative])
            staged.append((temporary, path))
    except OSError:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
        raise
    for temporary, path in staged:
        temporary.replace(path)
    for relative in changed:
        if relative not in outputs:
            (root / relative).unlink()
    return changed
