"""Files in the data directory: atomic JSON writes, and reading that never raises.

The directory is ``$HELPDECK_DATA_DIR`` if set (tests), else the App's ``user_data_dir``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

SAVE_FILE = "current.json"
STATS_FILE = "stats.json"
SETTINGS_FILE = "settings.json"


def data_dir(default: str | os.PathLike[str]) -> Path:
    path = Path(os.environ.get("HELPDECK_DATA_DIR") or default)
    path.mkdir(parents=True, exist_ok=True)
    return path


class UnreadableFile(Exception):
    """A data file exists but is corrupt or not ours; the message is shown to the player."""


class Store:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, name: str) -> Path:
        return self.directory / name

    def write(self, name: str, data: dict[str, Any]) -> None:
        """Write temp + fsync + os.replace, so a crash leaves the old or the new file."""
        text = json.dumps(data, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path(name))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def read(self, name: str, expected_format: str) -> dict[str, Any] | None:
        """The file's JSON object, None if absent; raises `UnreadableFile` if unusable.

        An unusable file is renamed to ``<name>.bad`` so it stops failing on every start but
        stays available for a bug report.
        """
        path = self.path(name)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as error:
            raise UnreadableFile(str(error)) from None
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("format") != expected_format:
                raise ValueError(f"not a {expected_format} file")
        except ValueError as error:
            self.quarantine(name)
            raise UnreadableFile(f"{name}: {error}") from None
        return data

    def quarantine(self, name: str) -> None:
        path = self.path(name)
        if path.exists():
            os.replace(path, self.path(name + ".bad"))
