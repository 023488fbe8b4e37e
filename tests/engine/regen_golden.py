"""Rewrite tests/engine/golden/ from the current engine: ``python -m tests.engine.regen_golden``.

Run it after a deliberate rule or notation change, then read the diff: every changed line is a
behaviour change.
"""

from __future__ import annotations

from tests.engine.golden_data import GOLDEN, golden_files


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    files = golden_files()
    for stale in GOLDEN.iterdir():
        if stale.name not in files:
            stale.unlink()
    for name, text in sorted(files.items()):
        (GOLDEN / name).write_text(text)
        print("wrote", GOLDEN / name)


if __name__ == "__main__":
    main()
