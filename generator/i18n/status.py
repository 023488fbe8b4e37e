"""How far each translation has got: translated, fuzzy and missing messages per game.

The messages to translate are the template's (`helpdeck-help.pot`), so a PO file that
has not yet been updated from a newer template counts the new messages as missing.
Without a template, a PO file's own messages are used.  Each message belongs to every
game whose help page its `#:` references name (`specs/klondike.xml:24` -> `klondike`,
`generated/help/C/agnes.xml:5` -> `agnes`); a sentence shared by several games counts
once for each of them, and once in the language's total.  The translator-credits
message, the header and obsolete (`#~`) entries are not counted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from babel.messages.catalog import Catalog, Message

from generator.i18n.messages import CREDITS_CONTEXT, CREDITS_ID
from generator.i18n.po import load_po

NO_GAME = "-"  # a message without a `#:` reference


@dataclass(slots=True)
class Counts:
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.missing

    @property
    def percent(self) -> float:
        """Translated share, rounded *down* to 0.1: 100.0 only when nothing is left."""
        if self.total == 0:
            return 100.0
        return math.floor(1000 * self.translated / self.total) / 10

    @property
    def complete(self) -> bool:
        return self.translated == self.total

    def add(self, state: str) -> None:
        setattr(self, state, getattr(self, state) + 1)

    def merge(self, other: Counts) -> None:
        self.translated += other.translated
        self.fuzzy += other.fuzzy
        self.missing += other.missing

    def as_dict(self) -> dict[str, int | float]:
        return {
            "translated": self.translated,
            "fuzzy": self.fuzzy,
            "missing": self.missing,
            "total": self.total,
            "percent": self.percent,
        }


@dataclass(slots=True)
class LanguageStatus:
    language: str
    path: Path
    counts: Counts = field(default_factory=Counts)
    games: dict[str, Counts] = field(default_factory=dict)
    # msgids per state, for callers that want to name them (tests, --verbose)
    unfinished: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "language": self.language,
            "file": str(self.path),
            **self.counts.as_dict(),
            "games": {game: counts.as_dict() for game, counts in sorted(self.games.items())},
        }


def game_of(location: str) -> str:
    """`specs/klondike.xml` -> `klondike`: the help page a `#:` reference names."""
    return PurePosixPath(location.replace("\\", "/")).stem or NO_GAME


def _countable(message: Message) -> bool:
    if not message.id or not isinstance(message.id, str):
        return False  # the header (and plural messages, which help pages never have)
    return not (message.context == CREDITS_CONTEXT and message.id == CREDITS_ID)


def _state(message: Message | None) -> str:
    if message is None:
        return "missing"
    if message.fuzzy:
        return "fuzzy"
    string = message.string
    return "translated" if isinstance(string, str) and string else "missing"


def language_status(po: Path, template: Catalog | None = None) -> LanguageStatus:
    """Counts for one PO file (raises SpecError if it cannot be read)."""
    catalog = load_po(po)
    status = LanguageStatus(po.stem, po)
    reference = template if template is not None else catalog
    for message in reference:
        if not _countable(message):
            continue
        found = catalog.get(message.id, message.context) if template is not None else message
        state = _state(found)
        status.counts.add(state)
        games = sorted({game_of(name) for name, _ in message.locations}) or [NO_GAME]
        for game in games:
            status.games.setdefault(game, Counts()).add(state)
        if state != "translated":
            status.unfinished.append((state, str(message.id), tuple(games)))
    return status


def i18n_status(pos: list[Path], pot: Path | None = None) -> list[LanguageStatus]:
    """Status of every PO file, against the template `pot` if it exists."""
    template = load_po(pot) if pot is not None and pot.exists() else None
    return [language_status(po, template) for po in pos]


def total(statuses: list[LanguageStatus]) -> Counts:
    out = Counts()
    for status in statuses:
        out.merge(status.counts)
    return out


def _line(name: str, counts: Counts, width: int) -> str:
    pct = f"{counts.percent:.1f}".removesuffix(".0")
    return (
        f"{name:<{width}}  {counts.translated:>5} translated  {counts.fuzzy:>4} fuzzy"
        f"  {counts.missing:>4} missing  {pct:>5} %"
    )


def format_text(statuses: list[LanguageStatus], template: Path | None) -> str:
    lines: list[str] = []
    games = sorted({game for status in statuses for game in status.games})
    width = max([len(game) + 2 for game in games] + [len("total"), 8])
    source = f"against {template}" if template is not None else "against each PO's own messages"
    lines.append(f"Translation status ({source})")
    for status in statuses:
        lines.append("")
        lines.append(_line(f"{status.language}", status.counts, width) + f"  {status.path}")
        for game in sorted(status.games):
            lines.append(_line(f"  {game}", status.games[game], width))
    if len(statuses) > 1:
        lines.append("")
        lines.append(_line("total", total(statuses), width) + f"  {len(statuses)} languages")
    return "\n".join(lines) + "\n"


def as_json(statuses: list[LanguageStatus], template: Path | None) -> dict[str, object]:
    return {
        "template": str(template) if template is not None else None,
        "languages": [status.as_dict() for status in statuses],
        "total": total(statuses).as_dict(),
    }
