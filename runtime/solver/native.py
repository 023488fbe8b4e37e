"""An optional compiled build of `runtime.solver.cells`, the free-cell family's search.

`cells.py` is plain, fully typed Python; ``helpdeck compile-solver`` compiles that same
source with mypyc (part of mypy) into ``runtime/solver/_cells_native*.so``, which runs the
search about twice as fast. Nothing depends on it: without a build (no C compiler, an
Android package, a fresh clone) the pure module is used.

The build carries the SHA-256 of the source it was made from; a build whose digest does
not match today's `cells.py` (the source was edited since) is ignored, so a stale binary
never shadows the code. ``HELPDECK_PURE_SOLVER=1`` forces the pure module.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from types import ModuleType

from runtime.solver import cells

NATIVE_NAME = "_cells_native"
_PACKAGE_DIR = Path(__file__).resolve().parent
_ROOT = _PACKAGE_DIR.parent.parent


class BuildError(Exception):
    """The compiled solver could not be built; the message says why."""


def source_digest() -> str:
    return hashlib.sha256(Path(cells.__file__).read_bytes()).hexdigest()


@cache
def compiled_cells() -> ModuleType | None:
    """The compiled module when it is present and built from today's `cells.py`."""
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


def built_files(directory: Path = _PACKAGE_DIR) -> list[Path]:
    """The compiled module's extension files in ``directory``."""
    return sorted(
        path for suffix in (".so", ".pyd") for path in directory.glob(f"{NATIVE_NAME}*{suffix}")
    )


def build() -> list[Path]:
    """Compile `cells.py` with mypyc next to it; returns the files written.

    Works on a scratch copy of the packages (mypyc type-checks what the module imports
    and writes a build directory), then copies the extension modules back."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise BuildError("mypyc is not installed (pip install mypy)") from None
    source = Path(cells.__file__).read_text(encoding="utf-8")
    digest = source_digest()
    with tempfile.TemporaryDirectory(prefix="helpdeck-native-") as scratch:
        work = Path(scratch)
        for package in ("runtime", "generated"):
            shutil.copytree(
                _ROOT / package,
                work / package,
                ignore=shutil.ignore_patterns("__pycache__", "*.so", "app", "help"),
            )
        if (_ROOT / "pyproject.toml").is_file():  # a source checkout: the same mypy settings
            shutil.copy(_ROOT / "pyproject.toml", work / "pyproject.toml")
        target = work / "runtime" / "solver" / f"{NATIVE_NAME}.py"
        target.write_text(
            f"{source}\n\n# The source this build was compiled from (see native.py).\n"
            f'SOURCE_SHA256 = "{digest}"\n',
            encoding="utf-8",
        )
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", str(target.relative_to(work))],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
            raise BuildError("mypyc failed:\n" + "\n".join(tail))
        produced = built_files(work / "runtime" / "solver")
        if not produced:
            raise BuildError("mypyc wrote no extension module")
        for old in built_files():
            old.unlink()
        written = []
        for path in produced:
            written.append(Path(shutil.copy(path, _PACKAGE_DIR / path.name)))
    compiled_cells.cache_clear()
    return written
