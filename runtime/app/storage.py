"""Files in the data directory: atomic JSON writes, and reading that never raises.

The directory is ``$HELPDECK_DATA_DIR`` if set (tests), else the App's ``user_data_dir``.

Reading is defensive: a file must be small, shallow (nesting is checked before the JSON
parser recurses), hold only finite numbers and carry our format tag; the caller then checks
each field's type and range. A file that fails is *kept aside* under a new name
(``stats.json.bad-20260101T120000-1``) that never replaces an earlier one, so nothing a
player had is ever lost, and the app starts afresh for that file only.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from runtime.atomic_write import write_atomically

SAVE_FILE = "current.json"
STATS_FILE = "stats.json"
SETTINGS_FILE = "settings.json"
DATA_FILES = (SAVE_FILE, STATS_FILE, SETTINGS_FILE)

MAX_FILE_BYTES = 4 * 1024 * 1024  # a save of a very long game is ~100 kB
MAX_NESTING = 16  # our files nest 4 deep
STALE_TEMP_SECONDS = 60.0  # a temp file older than this is a crashed write's leftover
# A JSON string (an unterminated one runs to the end: so every match succeeds and the scan
# stays linear), or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def data_dir(default: str | os.PathLike[str] | Callable[[], str | os.PathLike[str]]) -> Path:
    """``$HELPDECK_DATA_DIR`` if set, else ``default`` (a path, or a function giving one —
    only called when needed, so Kivy's ``user_data_dir`` is not read when the variable is
    set); created with its parents."""
    chosen = os.environ.get("HELPDECK_DATA_DIR")
    if not chosen:
        chosen = os.fspath(default() if callable(default) else default)
    path = Path(chosen).expanduser()
    path.mkdir(parents=True, exist_ok=True)
    return path


class UnreadableFile(Exception):
    """A data file exists but is corrupt or not ours; the message is shown to the player."""


def nesting_depth(text: str) -> int:
    """How deep JSON ``text``'s arrays and objects nest (brackets inside strings ignored)."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        char = token[0]
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {text[:20]}")
    return value


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str) -> Any:
    """Strict JSON: bounded nesting, finite numbers only (no NaN, Infinity or 1e400).
    Raises ValueError naming the problem."""
    if nesting_depth(text) > MAX_NESTING:
        raise ValueError(f"nested more than {MAX_NESTING} deep")
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constants)
    except RecursionError:  # not reached after the depth check; kept as a backstop
        raise ValueError("nested too deep") from None


def whole(value: Any, field: str, low: int = 0, high: int = 10**12) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``; else ValueError naming ``field``."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{field}: expected a whole number {low}..{high}, got {_show(value)}")
    return value


def duration(value: Any, field: str, high: float = 1e9) -> float:
    """A finite, non-negative number of seconds (int or float) up to ``high``."""
    if type(value) not in (int, float) or not 0 <= value <= high:
        raise ValueError(f"{field}: expected seconds 0..{high:g}, got {_show(value)}")
    return float(value)


def flag(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{field}: expected true or false, got {_show(value)}")
    return value


def text(value: Any, field: str, limit: int = 200) -> str:
    if type(value) is not str or len(value) > limit:
        raise ValueError(f"{field}: expected text of at most {limit} characters")
    return value


def mapping(value: Any, field: str, limit: int = 10_000) -> dict[str, Any]:
    if type(value) is not dict or len(value) > limit:
        raise ValueError(f"{field}: expected an object of at most {limit} entries")
    return value


def sequence(value: Any, field: str, limit: int = 100_000) -> list[Any]:
    if type(value) is not list or len(value) > limit:
        raise ValueError(f"{field}: expected a list of at most {limit} items")
    return value


def _show(value: Any) -> str:
    shown = json.dumps(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


class Store:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, name: str) -> Path:
        return self.directory / name

    def write(self, name: str, data: dict[str, Any]) -> None:
        """Write temp + fsync + os.replace, so a crash leaves the old or the new file.
        Non-finite numbers are refused (ValueError): they would not read back."""
        text = json.dumps(data, indent=1, sort_keys=True, allow_nan=False)
        write_atomically(self.path(name), text)

    def read(self, name: str, expected_format: str) -> dict[str, Any] | None:
        """The file's JSON object, None if absent; raises `UnreadableFile` if unusable.

        An unusable file is kept aside (see `quarantine`) so it stops failing on every start
        but stays available for a bug report; the message says where.
        """
        path = self.path(name)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(f"larger than {MAX_FILE_BYTES // 1024 // 1024} MB")
            raw = path.read_bytes()
            data = parse_json(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != expected_format:
                raise ValueError(f"not a {expected_format} file")
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
            self.reject(name, error)
        return data

    def reject(self, name: str, error: object) -> NoReturn:
        """Keep ``name`` aside and raise `UnreadableFile` saying why and where it went."""
        kept = self.quarantine(name)
        reason = str(error).strip("'\"") or type(error).__name__
        where = f"; kept as {kept.name}" if kept else ""
        raise UnreadableFile(f"{name}: {reason}{where}")

    def quarantine(self, name: str) -> Path | None:
        """Move ``name`` to ``<name>.bad-<time>-<n>``, a name no earlier file has; the new
        path, or None if there was no file (or it could not be moved)."""
        path = self.path(name)
        if not path.exists():
            return None
        stamp = time.strftime("%Y%m%dT%H%M%S")
        for number in range(1, 10_000):
            kept = self.path(f"{name}.bad-{stamp}-{number}")
            try:
                os.link(path, kept)  # fails if ``kept`` exists: never overwrites
            except FileExistsError:
                continue
            except OSError:  # no hard links here (some Android storage): check, then rename
                if kept.exists():
                    continue
                try:
                    os.replace(path, kept)
                except OSError:
                    return None
                return kept
            path.unlink(missing_ok=True)
            return kept
        return None

    def clean_temp_files(self, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
        """Remove our own temp files (``.current.json.<random>.tmp`` …) that a killed write
        left behind; recent ones may belong to a write in progress and stay."""
        removed = []
        now = time.time()
        for name in DATA_FILES:
            for leftover in self.directory.glob(f".{name}.*.tmp"):
                try:
                    if not leftover.is_file() or now - leftover.stat().st_mtime < older_than:
                        continue
                    leftover.unlink()
                except OSError:
                    continue
                removed.append(leftover)
        return removed
