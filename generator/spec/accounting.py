"""Sentence accounting: which words of the rule sections became facts, and which did not.

Every sentence of the Setup rows, Goal, Rules, Options and Scoring is `read` (its rule content
became facts), `partly read` (facts came from it, but words that usually carry a rule — an
exception, a condition, another count — were left over), or `unread` (no fact at all). The
sidecar may acknowledge a sentence that carries no rule; it is then `acknowledged`.

The test for "partly" is deliberately suspicious: a false alarm costs the author one
acknowledgement, a missed qualifier costs the player a wrong game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from generator.diagnostics import Diagnostic, Level


class Status(StrEnum):
    READ = "read"
    PARTLY_READ = "partly read"
    UNREAD = "unread"
    ACKNOWLEDGED = "acknowledged"


# Diagnostic codes `generate --strict` turns into errors.
ACCOUNTING_CODES = frozenset({"unread", "partly-read"})

# Words left over after the facts' phrases that usually qualify or add a rule.
_QUALIFIER = re.compile(
    r"\b(?:except|unless|but|only|however|instead|whenever|until|provided|cannot|can't|"
    r"must|may\s+not|not|never|nor|short\s*cut|shortcut|if|although|otherwise|either|"
    r"neither|whether|rather)\b",
    re.IGNORECASE,
)
_NUMBER = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|twenty|thirty|forty|fifty)"
)
# "six cards", "two piles", "13 points": another count the facts did not take in.
_COUNT = re.compile(rf"\b{_NUMBER}\s+(?:\w+\s+)?(?:cards?|piles?|points?|rows?|columns?)\b", re.I)
_WORD = re.compile(r"[\w']+")
# Words that carry no rule on their own; more than a few other words left over means part of
# the sentence said something no fact took in.
_FILLER = frozenset(
    re.findall(
        r"[\w']+",
        "a an the and or of to on onto in into at by for from with its it is are be can "
        "may this that these those each every any all you your card cards pile piles "
        "tableau foundation foundations waste stock reserve reserves cell cells free "
        "there their them then so as one which when has have been was were will than also ",
    )
)
_MOST_LEFT = 4


@dataclass(frozen=True, slots=True)
class SentenceAccount:
    """One rule sentence and what the reader made of it."""

    file: str
    line: int
    column: int | None
    section: str
    text: str
    status: Status
    facts: tuple[str, ...] = ()  # spec paths (or ``convention:<id>``/``option:<label>``)
    left: str = ""  # for `partly read`: the words that look like an unread rule
    reason: str | None = None  # for `acknowledged`: the sidecar's reason

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "section": self.section,
            "text": self.text,
            "status": self.status.value,
            "facts": list(self.facts),
        }
        if self.left:
            data["left"] = self.left
        if self.reason:
            data["reason"] = self.reason
        return data


def normal(text: str) -> str:
    """Case- and whitespace-insensitive form used to match phrases and quotes."""
    return " ".join(text.split()).casefold()


def _strip_phrase(text: str, phrase: str) -> str:
    """`text` with `phrase` cut out (matched without regard to case or spacing)."""
    words = phrase.split()
    if not words:
        return text
    pattern = r"\s+".join(re.escape(w) for w in words)
    return re.sub(pattern, " ", text, count=1, flags=re.IGNORECASE)


def contains_phrase(text: str, phrase: str) -> bool:
    return normal(phrase) in normal(text)


def judge(text: str, phrases: list[str]) -> tuple[Status, str]:
    """Status of a sentence from the phrases that gave facts (empty: unread)."""
    if not phrases:
        return Status.UNREAD, ""
    left = text
    for phrase in sorted(phrases, key=len, reverse=True):
        left = _strip_phrase(left, phrase)
    suspicious = [m.group(0) for m in (*_QUALIFIER.finditer(left), *_COUNT.finditer(left))]
    if suspicious:
        return Status.PARTLY_READ, ", ".join(dict.fromkeys(suspicious))
    content = [w for w in _WORD.findall(left) if w.casefold() not in _FILLER]
    if len(content) > _MOST_LEFT:
        return Status.PARTLY_READ, " ".join(left.split()).strip(" .,;:")
    return Status.READ, ""


def locate(lines: list[str], start_line: int, text: str) -> tuple[int, int | None]:
    """Line and column of a sentence's first words in the source, searching from the
    paragraph's line; the paragraph's line (no column) when markup splits the words."""
    words = _WORD.findall(text)[:4]
    if not words or start_line < 1:
        return start_line, None
    pattern = re.compile(r"[^\w']+".join(re.escape(w) for w in words))
    window = "\n".join(lines[start_line - 1 : start_line + 40])
    match = pattern.search(window)
    if match is None:
        return start_line, None
    before = window[: match.start()]
    line = start_line + before.count("\n")
    column = match.start() - (before.rfind("\n") + 1) + 1
    return line, column


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    quote: str
    reason: str
    line: int | None


def acknowledge(
    accounts: list[SentenceAccount],
    acknowledgements: list[Acknowledgement],
    sidecar: str,
) -> tuple[list[SentenceAccount], list[Diagnostic]]:
    """Mark the sentences a sidecar acknowledges; an acknowledgement that matches no sentence
    of the help is stale and says so."""
    diagnostics: list[Diagnostic] = []
    result = list(accounts)
    for ack in acknowledgements:
        quote = normal(ack.quote)
        hits = [i for i, a in enumerate(result) if quote and quote in normal(a.text)]
        if not hits:
            diagnostics.append(
                Diagnostic(
                    sidecar,
                    ack.line,
                    f"acknowledges {ack.quote!r}, which is not a sentence of the help's rule "
                    "sections",
                    level=Level.WARNING,
                    field="acknowledge",
                    hint="quote the sentence's words exactly, or remove the acknowledgement",
                )
            )
            continue
        for i in hits:
            if result[i].status is not Status.READ:
                result[i] = replace(result[i], status=Status.ACKNOWLEDGED, reason=ack.reason)
    return result, diagnostics


def accounting_diagnostics(accounts: list[SentenceAccount], sidecar: str) -> list[Diagnostic]:
    """One warning per unread or partly read sentence (``generate --strict``: errors)."""
    diagnostics = []
    for account in accounts:
        short = account.text if len(account.text) <= 90 else account.text[:87] + "..."
        if account.status is Status.UNREAD:
            diagnostics.append(
                Diagnostic(
                    account.file,
                    account.line,
                    f"sentence not read: {short!r}",
                    level=Level.WARNING,
                    column=account.column,
                    field=account.section,
                    hint="reword it the way other help pages say the rule (see "
                    "docs/prose-facts.md), give the rule in the sidecar, or, if it states no "
                    f"rule, acknowledge it in {sidecar}: "
                    "acknowledge: [{quote: '...', reason: '...'}]",
                    code="unread",
                )
            )
        elif account.status is Status.PARTLY_READ:
            diagnostics.append(
                Diagnostic(
                    account.file,
                    account.line,
                    f"sentence partly read: {short!r} gave {', '.join(account.facts)}; "
                    f"not read: {account.left!r}",
                    level=Level.WARNING,
                    column=account.column,
                    field=account.section,
                    hint="check the game does what the unread words say; if so, acknowledge "
                    f"the sentence in {sidecar} with the reason",
                    code="partly-read",
                )
            )
    return diagnostics


def totals(accounts: list[SentenceAccount]) -> dict[str, int]:
    counts = {status.value: 0 for status in Status}
    for account in accounts:
        counts[account.status.value] += 1
    return counts
