"""What `helpdeck lint` shows: the facts with their sources, then the account of every rule
sentence (read, partly read, unread, acknowledged), as text or as one JSON document."""

from __future__ import annotations

import json
from typing import Any

from generator.diagnostics import Diagnostic, SpecError
from generator.pipeline import GameSources, load_spec, read_prose, strictly
from generator.spec.accounting import SentenceAccount, Status, acknowledge, totals
from generator.spec.facts import Fact, ProseFacts
from generator.spec.merge import rule_values
from generator.spec.sidecar import load_sidecar

_MARK = {
    Status.READ: "read",
    Status.PARTLY_READ: "PARTLY",
    Status.UNREAD: "UNREAD",
    Status.ACKNOWLEDGED: "ack",
}


def lint(sources: GameSources, as_json: bool, strict: bool) -> list[Diagnostic]:
    """Print the facts and the sentence accounting of one game (or lone help file); return
    the diagnostics, accounting warnings made errors by `strict`."""
    try:
        prose = read_prose(sources.help_file)
    except SpecError as error:
        return error.diagnostics
    if not sources.sidecar.exists():
        facts = [_prose_fact(fact) for fact in prose.facts]
        _print(facts, prose.sentences, as_json)
        return prose.diagnostics
    loaded, diagnostics = load_spec(sources)
    accounts = _acknowledged(prose, sources)
    facts = []
    if loaded is not None:
        provenance = loaded.spec.provenance
        for path, value in rule_values(loaded.spec).items():
            origin = provenance.get(path)
            facts.append(
                {
                    "path": path,
                    "value": value,
                    "source": "default" if origin is None else origin.source,
                    "file": None if origin is None else origin.file,
                    "line": None if origin is None else origin.line,
                    "phrase": None if origin is None else origin.phrase,
                    "inferred": bool(origin and origin.inferred),
                    "override": None if origin is None else origin.override,
                    "base": None if origin is None else origin.base,
                }
            )
        for option in loaded.spec.options:
            facts.append(
                {
                    "path": "options",
                    "value": {"id": option.id, "label": option.label, "default": option.default},
                    "source": "sidecar",
                    "file": str(sources.sidecar),
                    "line": None,
                    "phrase": None,
                    "inferred": False,
                    "override": None,
                    "base": None,
                    "on": option.on,
                    "off": option.off,
                }
            )
    _print(facts, accounts, as_json)
    return strictly(diagnostics) if strict else diagnostics


def _acknowledged(prose: ProseFacts, sources: GameSources) -> list[SentenceAccount]:
    try:
        sidecar = load_sidecar(sources.sidecar)
    except SpecError:
        return prose.sentences
    accounts, _ = acknowledge(prose.sentences, list(sidecar.acknowledged), sidecar.path)
    return accounts


def _prose_fact(fact: Fact) -> dict[str, Any]:
    p = fact.provenance
    return {
        "path": fact.path,
        "value": list(fact.value) if isinstance(fact.value, tuple) else fact.value,
        "source": p.source,
        "file": p.file,
        "line": p.line,
        "phrase": p.phrase,
        "inferred": p.inferred,
        "override": p.override,
        "base": p.base,
    }


def _where(fact: dict[str, Any]) -> str:
    source = str(fact["source"])
    if fact["inferred"]:
        source = "inferred"
    if fact["file"]:
        source += f" {fact['file']}:{fact['line']}"
    if fact["phrase"]:
        source += f" {fact['phrase']!r}"
    if fact.get("override"):
        source += f" (override: {fact['override']})"
    if fact.get("base"):
        source += f" (from {fact['base']})"
    return source


def _print(facts: list[dict[str, Any]], accounts: list[SentenceAccount], as_json: bool) -> None:
    if as_json:
        document = {"facts": facts, "sentences": [a.as_json() for a in accounts]}
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return
    for fact in facts:
        if fact["path"] == "options":
            option = fact["value"]
            print(
                f"option {option['id']} ({option['label']!r}, default {option['default']}): "
                f"on {fact['on']} off {fact['off']}"
            )
            continue
        print(f"{fact['path']:<40} {json.dumps(fact['value']):<24} {_where(fact)}")
    if not accounts:
        return
    print()
    print("sentences:")
    for account in accounts:
        where = f"{account.line}" + (f":{account.column}" if account.column else "")
        text = account.text if len(account.text) <= 70 else account.text[:67] + "..."
        line = f"  {_MARK[account.status]:<7} {where:<7} {account.section:<8} {text!r}"
        if account.facts:
            line += f" -> {', '.join(account.facts)}"
        if account.left:
            line += f" (not read: {account.left!r})"
        if account.reason:
            line += f" (acknowledged: {account.reason})"
        print(line)
    counts = totals(accounts)
    print("  " + ", ".join(f"{n} {status}" for status, n in counts.items()))
