"""Quality of every shipped help translation (`specs/po/*.po`).

- `msgfmt --check` accepts every PO file;
- translate-toolkit's `pofilter`, with the checks below, finds nothing in a language that
  is 100 % translated;
- every language listed in COMPLETE_LANGUAGES is 100 % translated, not fuzzy, for every
  game it ships (every game ships in every language), against the current template.

msgfmt and pofilter are skipped, saying why, where they are not installed (`.ci/run`
installs both).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.i18n.po import load_po
from generator.i18n.status import i18n_status, language_status
from generator.pipeline import project_root

# Languages whose help must be complete: a translator adds the language here when the
# last message is translated, and from then on CI keeps it at 100 %.
COMPLETE_LANGUAGES = [
    "sv",
    "de",
    "ru",
    "ja",
    "fr",
    "es",
]

# pofilter checks that hold for any good translation of the help, in any language.
# Left out on purpose: doublewords ("die die", "Sie sie" are good German), startpunc and
# doublequoting (Russian and French open with «), sentencecount (Japanese), unchanged
# (game names stay as they are), startcaps (the translator-credits line), untranslated
# and isfuzzy (the completeness test below says which messages, per game).
POFILTER_TESTS = (
    "xmltags",
    "variables",
    "printf",
    "pythonbraceformat",
    "escapes",
    "newlines",
    "tabs",
    "doublespacing",
    "startwhitespace",
    "endwhitespace",
    "endpunc",
    "puncspacing",
    "purepunc",
    "numbers",
)

ROOT = project_root()
PO_DIR = ROOT / "specs" / "po"
POT = PO_DIR / "helpdeck-help.pot"
PO_FILES = sorted(PO_DIR.glob("*.po"))
LANGS = [po.stem for po in PO_FILES]


def po_path(lang: str) -> Path:
    return PO_DIR / f"{lang}.po"


def test_there_are_translations() -> None:
    assert PO_FILES, f"no PO files in {PO_DIR}"
    missing = [lang for lang in COMPLETE_LANGUAGES if not po_path(lang).exists()]
    assert not missing, f"COMPLETE_LANGUAGES names languages without a PO file: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_check(lang: str, tmp_path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed")
    result = subprocess.run(
        [msgfmt, "--check", "-o", str(tmp_path / f"{lang}.mo"), str(po_path(lang))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


_FAILURE = re.compile(r"^# \(pofilter\) (\w+): (.*)$")


def pofilter_failures(po: Path, lang: str) -> list[str]:
    """`test: message` for each failure, with the msgid it was found in."""
    pofilter = shutil.which("pofilter")
    assert pofilter is not None
    args = [pofilter, "--progress=none", f"--language={lang}"]
    for test in POFILTER_TESTS:
        args += ["-t", test]
    result = subprocess.run(
        [*args, str(po)], capture_output=True, text=True, check=False, timeout=300
    )
    assert result.returncode == 0, result.stderr
    failures: list[str] = []
    current: list[str] = []
    for line in result.stdout.splitlines():
        match = _FAILURE.match(line)
        if match:
            current.append(f"{match.group(1)}: {match.group(2)}")
        elif line.startswith("msgid ") and current:
            failures.extend(f"{failure} (in {line[6:60]}…)" for failure in current)
            current = []
    failures.extend(current)
    return failures


@pytest.mark.parametrize("lang", LANGS)
def test_pofilter_clean_when_complete(lang: str) -> None:
    if shutil.which("pofilter") is None:
        pytest.skip("pofilter (translate-toolkit) is not installed")
    status = language_status(po_path(lang), load_po(POT) if POT.exists() else None)
    if not status.counts.complete and lang not in COMPLETE_LANGUAGES:
        pytest.skip(f"{lang} is {status.counts.percent} % translated; checked once complete")
    failures = pofilter_failures(po_path(lang), lang)
    assert not failures, f"pofilter on specs/po/{lang}.po:\n" + "\n".join(failures)


@pytest.mark.parametrize("lang", COMPLETE_LANGUAGES)
def test_language_complete_for_every_game(lang: str) -> None:
    (status,) = i18n_status([po_path(lang)], POT)
    unfinished_games = {
        game: f"{counts.translated}/{counts.total} ({counts.fuzzy} fuzzy, {counts.missing} missing)"
        for game, counts in sorted(status.games.items())
        if not counts.complete
    }
    examples = [f"{state}: {msgid[:70]}" for state, msgid, _ in status.unfinished[:5]]
    assert not unfinished_games, (
        f"specs/po/{lang}.po is not complete against {POT.name} "
        f"(run `helpdeck i18n update specs/po/{lang}.po` after a new template): "
        f"{unfinished_games}; e.g. {examples}"
    )
    assert status.counts.complete
