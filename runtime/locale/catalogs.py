"""Keep the UI catalogues current: extract, update, compile.

    python -m runtime.locale.catalogs            # all three
    python -m runtime.locale.catalogs compile    # .po -> .mo only (what a build needs)

Extraction reads ``runtime/app`` (.py and .kv, see babel.cfg) into ``helpdeck.pot``; update
merges it into every ``<lang>/LC_MESSAGES/helpdeck.po`` (new messages untranslated, changed
ones fuzzy); compile writes the ``.mo`` files the app loads. Commit .po and .mo together.
After a Japanese string changes, re-subset the CJK font:
``python -m generator.help.subset_font --po runtime/locale/ja/LC_MESSAGES/helpdeck.po``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOMAIN = "helpdeck"
POT = HERE / f"{DOMAIN}.pot"
LANGUAGES = ("sv", "de", "fr", "es", "ru", "ja")


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            str(HERE / "babel.cfg"),
            "-k",
            "_",
            "-k",
            "N_",
            "--add-comments=Translators:",
            "--sort-by-file",
            "--omit-header",
            "-o",
            str(POT),
            ".",
        ],
        cwd=ROOT,
        check=True,
    )


def update() -> None:
    with POT.open("rb") as handle:
        template = read_po(handle)
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            catalog.update(template)
        else:
            with POT.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, omit_header=False, ignore_obsolete=True)


def compile_all() -> list[str]:
    """Write every .mo; returns problems (untranslated or fuzzy messages)."""
    problems = []
    for lang in LANGUAGES:
        path = po_path(lang)
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy or not message.string:
                problems.append(f"{path.relative_to(ROOT)}: not translated: {message.id!r}")
        with path.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", nargs="?", choices=("all", "extract", "update", "compile"))
    step = parser.parse_args(argv).step or "all"
    if step in ("all", "extract"):
        extract()
    if step in ("all", "update"):
        update()
    if step in ("all", "compile"):
        for problem in compile_all():
            print(problem)
    return 0


if __name__ == "__main__":
    sys.exit(main())
