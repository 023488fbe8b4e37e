"""Replace a file whole or not at all: what the app saves, caches and the survey tools
write goes through here, so a crash or a kill leaves the old file or the new one, never
half of either."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to a temporary file beside ``path``, flush it to the
    disk, then rename it over ``path``. The temporary file is named ``.NAME.*.tmp`` and is
    removed if anything fails; the directory must exist."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())  # else a power cut can leave an empty file renamed
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
