"""Optional compiled builds of the solver's searches, made with mypyc (part of mypy).

``helpdeck compile-solver`` compiles the same plain, fully typed sources with mypyc:

- `cells.py`, the free-cell family's best-first search, into ``_cells_native*.so``;
- the generic depth-first search, `depth_first.py` and the modules its loop spends its
  time in (`DEPTH_FIRST_SOURCES`, the greedy playouts and nested rollouts among them),
  together into ``_native_<module>*.so`` (one mypyc group: their calls to each other are
  native).
  Each copy imports the other copies, never the pure modules; `model.py` and
  `results.py` stay pure, so both builds share their types.

Each runs its search about twice as fast. Nothing depends on them: without a build (no C
compiler, an Android package, a fresh clone) the pure modules are used.

A build carries the SHA-256 of the sources it was made from; a build whose digest does
not match today's sources (one was edited since) is ignored, so a stale binary never
shadows the code. Each digest also covers every project module the build's sources
import, directly or not (the engine, `model.py`, `results.py`): mypyc may inline their
constants (``FACE_DOWN``). A partial build (a module missing or from another
build) is ignored as a whole. ``HELPDECK_PURE_SOLVER=1`` forces the pure modules.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType

from runtime.solver import cells, depth_first, rollouts

NATIVE_NAME = "_cells_native"
DEPTH_FIRST_SOURCES = (
    "goal",
    "autoplay",
    "keys",
    "successors",
    "stock",
    "twins",
    "deadlock",
    "sleep",
    "playouts",
    "rollouts",
    "meta_moves",
    "depth_first",
)
DEPTH_FIRST_PREFIX = "_native_"  # runtime/solver/_native_<source>
_GROUP = f"runtime.solver.{DEPTH_FIRST_PREFIX}dfs"  # mypyc's shared library: _native_dfs__mypyc
_PACKAGE_DIR = Path(__file__).resolve().parent
# "from runtime.x import a, b" (a and b may be modules) or "import runtime.x", anywhere.
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(runtime[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)"
    r"|import[ \t]+(runtime[\w.]*))",
    re.MULTILINE,
)
_ROOT = _PACKAGE_DIR.parent.parent


class BuildError(Exception):
    """The compiled solver could not be built; the message says why."""


def source_digest() -> str:
    """SHA-256 of `cells.py` and of every project module it imports (see `_inputs`)."""
    return _digest(("cells",))


@cache
def compiled_cells() -> ModuleType | None:
    """The compiled module when it is present and built from today's `cells.py` (and
    the modules it imports)."""
    if os.environ.get("HELPDECK_PURE_SOLVER"):
        return None
    try:
        module = importlib.import_module(f"runtime.solver.{NATIVE_NAME}")
    except ImportError:
        return None
    if getattr(module, "SOURCE_SHA256", None) != source_digest():
        return None
    return module


def cells_module() -> ModuleType:
    """The module to search with: the compiled build if usable, else `cells` itself."""
    return compiled_cells() or cells


def depth_first_digest() -> str:
    """SHA-256 of the depth-first build's sources and of every project module they import."""
    return _digest(DEPTH_FIRST_SOURCES)


def _digest(sources: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for name, path in sorted(_inputs(sources).items()):
        digest.update(f"{name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _depth_first_inputs() -> dict[str, Path]:
    return _inputs(DEPTH_FIRST_SOURCES)


def _inputs(sources: tuple[str, ...]) -> dict[str, Path]:
    """The solver modules ``sources`` and the ``runtime`` modules they import, directly or
    not, by name: mypyc may have inlined their constants (``FACE_DOWN``) into a build."""
    root = _PACKAGE_DIR.parent.parent
    found: dict[str, Path] = {}
    todo = [f"runtime.solver.{name}" for name in sources]
    while todo:
        name = todo.pop()
        path = root.joinpath(*name.split(".")).with_suffix(".py")
        if name in found or not path.is_file():  # seen, or a package
            continue
        found[name] = path
        for module, names, imported in _IMPORT.findall(path.read_text(encoding="utf-8")):
            todo.append(module or imported)
            todo.extend(f"{module}.{word}" for word in re.findall(r"\w+", names))
    return found


@cache
def compiled_depth_first() -> ModuleType | None:
    """The compiled `depth_first` when every module of the build is present and built
    from today's sources."""
    if os.environ.get("HELPDECK_PURE_SOLVER"):
        return None
    try:
        modules = [
            importlib.import_module(f"runtime.solver.{DEPTH_FIRST_PREFIX}{name}")
            for name in DEPTH_FIRST_SOURCES
        ]
        digest = depth_first_digest()
    # No build, no sources to check it against, or a stale build that cannot even load
    # (an engine name it imports at load time is gone).
    except Exception:
        return None
    if any(getattr(module, "SOURCE_SHA256", None) != digest for module in modules):
        return None
    return modules[-1]


def depth_first_module() -> ModuleType:
    """The depth-first search to run: the compiled build if usable, else `depth_first`."""
    return compiled_depth_first() or depth_first


def rollouts_module() -> ModuleType:
    """The nested rollouts to run: the depth-first build's copy if usable, else
    `rollouts`. Greedy playouts and then rollouts take a share of a long budget
    (`search.py`)."""
    if compiled_depth_first() is None:
        return rollouts
    return importlib.import_module(f"runtime.solver.{DEPTH_FIRST_PREFIX}rollouts")


def depth_first_files(directory: Path = _PACKAGE_DIR) -> list[Path]:
    """The depth-first build's extension files in ``directory``."""
    return sorted(
        path
        for suffix in (".so", ".pyd")
        for path in directory.glob(f"{DEPTH_FIRST_PREFIX}*{suffix}")
    )


def built_files(directory: Path = _PACKAGE_DIR) -> list[Path]:
    """The compiled module's extension files in ``directory``."""
    return sorted(
        path for suffix in (".so", ".pyd") for path in directory.glob(f"{NATIVE_NAME}*{suffix}")
    )


def build() -> list[Path]:
    """Compile both searches with mypyc next to their sources; returns the files written."""
    return build_cells() + build_depth_first()


def build_cells() -> list[Path]:
    """Compile `cells.py` with mypyc next to it; returns the files written."""
    _require_mypyc()
    source = Path(cells.__file__).read_text(encoding="utf-8")
    digest = source_digest()
    with tempfile.TemporaryDirectory(prefix="helpdeck-native-") as scratch:
        work = _scratch_packages(Path(scratch))
        target = work / "runtime" / "solver" / f"{NATIVE_NAME}.py"
        target.write_text(_stamped(source, digest), encoding="utf-8")
        _run_mypyc([sys.executable, "-m", "mypyc", str(target.relative_to(work))], work)
        produced = built_files(work / "runtime" / "solver")
        if not produced:
            raise BuildError("mypyc wrote no extension module")
        written = _install(produced, built_files())
    compiled_cells.cache_clear()
    return written


def build_depth_first() -> list[Path]:
    """Compile the depth-first search's modules with mypyc, as one group, next to them;
    returns the files written."""
    _require_mypyc()
    digest = depth_first_digest()
    with tempfile.TemporaryDirectory(prefix="helpdeck-native-") as scratch:
        work = _scratch_packages(Path(scratch))
        targets = []
        for name in DEPTH_FIRST_SOURCES:
            source = _native_imports((_PACKAGE_DIR / f"{name}.py").read_text(encoding="utf-8"))
            target = work / "runtime" / "solver" / f"{DEPTH_FIRST_PREFIX}{name}.py"
            target.write_text(_stamped(source, digest), encoding="utf-8")
            targets.append(str(target.relative_to(work)))
        setup = work / "setup_native.py"
        setup.write_text(
            "from mypyc.build import mypycify\n"
            "from setuptools import setup\n\n"
            f"setup(name='helpdeck-native', ext_modules=mypycify({targets!r},"
            f" group_name={_GROUP!r}))\n",
            encoding="utf-8",
        )
        _run_mypyc([sys.executable, setup.name, "build_ext", "--inplace"], work)
        produced = depth_first_files(work / "runtime" / "solver")
        if len(produced) <= len(DEPTH_FIRST_SOURCES):  # a module each and the group's library
            raise BuildError("mypyc did not write every extension module")
        written = _install(produced, depth_first_files())
    compiled_depth_first.cache_clear()
    return written


def _native_imports(source: str) -> str:
    """``source`` importing the compiled copies of the depth-first modules, not the pure
    ones (a copy that imported a pure module would run it interpreted)."""
    names = "|".join(DEPTH_FIRST_SOURCES)
    rewritten = re.sub(
        rf"^from runtime\.solver\.({names}) import",
        rf"from runtime.solver.{DEPTH_FIRST_PREFIX}\1 import",
        source,
        flags=re.MULTILINE,
    )
    if re.search(rf"^\s*(from|import) runtime\.solver\.({names})\b", rewritten, re.MULTILINE):
        raise BuildError("a depth-first module imports another in a form the build misses")
    return rewritten


def _require_mypyc() -> None:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise BuildError("mypyc is not installed (pip install mypy)") from None


def _scratch_packages(work: Path) -> Path:
    """A scratch copy of the packages to compile in (mypyc type-checks what the modules
    import and writes a build directory); returns ``work``."""
    for package in ("runtime", "generated"):
        shutil.copytree(
            _ROOT / package,
            work / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "app", "help"),
        )
    if (_ROOT / "pyproject.toml").is_file():  # a source checkout: the same mypy settings
        shutil.copy(_ROOT / "pyproject.toml", work / "pyproject.toml")
    return work


def _stamped(source: str, digest: str) -> str:
    return (
        f"{source}\n\n# The sources this build was compiled from (see native.py).\n"
        f'SOURCE_SHA256 = "{digest}"\n'
    )


def _run_mypyc(command: list[str], work: Path) -> None:
    done = subprocess.run(command, cwd=work, capture_output=True, text=True)
    if done.returncode != 0:
        # The last lines name the error; one line, as every command's message is printed.
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise BuildError("mypyc failed: " + " | ".join(line.strip() for line in tail))


def _install(produced: list[Path], old: list[Path]) -> list[Path]:
    """Replace the old build's files with the new ones. Old files are unlinked, not
    overwritten: a running process keeps the library it mapped."""
    for path in old:
        path.unlink()
    return [Path(shutil.copy(path, _PACKAGE_DIR / path.name)) for path in produced]
