"""The stock: how many cards a turn moves, where they go, redeals, the last deal.

"Cards are turned over one at a time to Waste", "three at a time", "Two redeals",
"There is no redeal", "Unlimited redeals", "You can go through the deck three times",
"Each deal places one card on each pile of the Reserve".
"""

from __future__ import annotations

import re

from .numbers import NUM, TIMES, number
from .text import Hit, Sentence, words

_I = re.IGNORECASE
_MENTIONS_STOCK = re.compile(r"\bstock\b|\bdeals?\s+from\b|\bclick", _I)
_TO_WASTE = re.compile(r"\bwaste\b", _I)
_DRAW_ONE = re.compile(r"\b(?:one\s+(?:card\s+)?at\s+a\s+time|singly|individually|by\s+one)\b", _I)
_DRAW_N = re.compile(
    rf"\b(?:({NUM})\s+(?:cards\s+)?at\s+a\s+time|by\s+({NUM})|in\s+(threes|twos))\b", _I
)
_REDEALS = re.compile(
    rf"\b(?:there\s+(?:is|are)\s+)?(no|unlimited|{NUM})\s+redeals?\b"
    r"|\bredeals\s+are\s+unlimited\b"
    r"|\bstock\s+cannot\s+be\s+turned\b",
    _I,
)
_PASSES = re.compile(
    r"\bgo\s+through\s+the\s+(?:deck|stock)\s+(once|twice|three\s+times|four\s+times)\b", _I
)
_EACH_PILE = re.compile(
    r"\b(?:one(?:\s+card)?|a\s+card)\s+(?:face\s+up\s+)?(?:from\s+the\s+stock\s+)?"
    r"(?:on|to|onto|on\s+to|into)\s+"
    r"(?:each|every)\s+(?:of\s+the\s+)?(?:\w+\s+)?(?:(tableau|reserve)\s+)?piles?"
    r"(?:\s+of\s+the\s+(tableau|reserve))?"
    r"|\bturned\s+on\s*to\s+the\s+(reserve)\s+one\s+on\s+each\s+pile\b"
    r"|\bone\s+on\s+every\s+(tableau)(?:\s+pile)?\b|\ba\s+row\s+at\s+a\s+time\s+onto\s+the\s+(tableau)\b",
    _I,
)
_SPLIT_END = re.compile(
    r"\bonly\s+two\s+cards\s+(?:are\s+)?left\b.*?\bboth\s+(?:cards\s+)?(?:are|can\s+be)\s+"
    r"(?:available\s+for\s+)?play(?:ed)?",
    _I,
)
# "Every pile must hold at least one card before you deal" (Spider).
_FULL_TABLEAU = re.compile(
    r"\bevery\s+pile\s+must\s+hold\s+at\s+least\s+one\s+card\s+before\s+you\s+deal\b", _I
)
# "Each Tableau pile must be filled before any deal" (Spiderette).
_FULL_BEFORE_DEAL = re.compile(
    r"\beach\s+tableau\s+pile\s+must\s+be\s+filled\s+before\s+(?:any|each|a)\s+deal\b", _I
)
# "You may deal whenever you like, even with empty piles on the table" (Gypsy).
_DEAL_WITH_SPACES = re.compile(
    r"\bdeal\s+whenever\s+you\s+like,?\s+even\s+with\s+empty\s+piles(?:\s+on\s+the\s+table)?\b",
    _I,
)
# "when fewer than three are left, the last turn takes only those" (Canfield).
_PARTIAL_END = re.compile(
    rf"\bwhen\s+fewer\s+than\s+{NUM}\s+(?:cards\s+)?are\s+left,\s+the\s+last\s+"
    r"(?:turn|deal)\s+takes\s+only\s+those\b",
    _I,
)
# "There is no limit on how often you may do this" after a redeal sentence (Canfield).
_NO_LIMIT = re.compile(
    r"\bthere\s+is\s+no\s+limit\s+on\s+how\s+often\s+you\s+may\s+do\s+this\b", _I
)
# "one onto each of the first three Tableau piles" (Scorpion).
_FIRST_PILES = re.compile(
    rf"\bone\s+(?:card\s+)?(?:onto|on\s+to|on)\s+each\s+of\s+the\s+first\s+({NUM})\s+(tableau|reserve)\s+piles\b",
    _I,
)
# "Any empty Tableau slots must be filled if possible before dealing more cards" (Easthaven).
_FILL_FIRST = re.compile(
    r"\b(?:any\s+)?empty\s+(?:tableau\s+)?(?:slots|piles|spaces)\s+must\s+be\s+filled,?\s+"
    r"(?:if|when|whenever)\s+possible,?\s+before\s+(?:dealing|the\s+next\s+deal|you\s+deal)\b",
    _I,
)
# Scuffle: "a redeal gathers every card left on the Reserve piles, shuffles them and makes
# them the new Stock" (ours); "Take all cards left over on the Reserve and reshuffle"
# (Aisleriot).
_REDEAL_RESERVES = re.compile(
    r"\bredeal\s+gathers\s+(?:up\s+)?(?:every\s+card|all\s+(?:the\s+)?cards)\s+left\s+on\s+"
    r"the\s+reserve(?:\s+piles)?\b"
    r"|\btake\s+all\s+(?:the\s+)?cards\s+left\s+over\s+on\s+the\s+reserve\s+and\s+reshuffle\b",
    _I,
)
_REDEAL_SHUFFLE = re.compile(
    r"\bredeal\s+gathers\b.*?\bshuffles\s+them\b"
    r"|\bleft\s+over\s+on\s+the\s+reserve\s+and\s+reshuffle\b",
    _I,
)
# Rules read wherever the sentence is (the redeal one only in a sentence about the stock).
# Terrace (ours): "Once the base card is chosen, every empty Tableau pile gets one card from
# the Stock"; the Stock deals onto the spaces when the player has chosen the base.
_FILL_AFTER_BASE = re.compile(
    r"\bonce\s+the\s+base\s+card\s+(?:is|has\s+been)\s+(?:chosen|selected),\s+(?:every|each)\s+"
    r"empty\s+tableau\s+pile\s+(?:gets|takes)\s+one\s+card\s+from\s+the\s+stock\b",
    _I,
)
# A deal that leaves a space locks the Stock (Terrace, ours: "While a Tableau pile is empty,
# the Stock turns one card only; it turns again once every empty pile is filled or the card of
# the Waste has been played"; Aisleriot's: "If there is a space in the tableau then only one
# card may be flipped from the stock to the waste until the tableau is filled or the top card
# of the waste is moved to the foundation or tableau").
_LOCKS_ON_SPACE = re.compile(
    r"\bwhile\s+a\s+tableau\s+pile\s+is\s+empty,\s+the\s+stock\s+turns\s+one\s+card\s+only;\s+"
    r"it\s+turns\s+again\s+once\s+every\s+empty\s+pile\s+is\s+filled\s+or\s+the\s+"
    r"(?:card\s+of\s+the\s+waste|waste's\s+card)\s+has\s+been\s+played\b"
    r"|\bif\s+there\s+is\s+a\s+space\s+in\s+the\s+tableau\s+then\s+only\s+one\s+card\s+may\s+be\s+"
    r"flipped\s+from\s+the\s+stock\s+to\s+the\s+waste\s+until\s+the\s+tableau\s+is\s+filled\s+or\s+"
    r"the\s+top\s+card\s+of\s+the\s+waste\s+is\s+moved\b[^.]*",
    _I,
)
# An emptied Waste takes the next Stock card at once (Terrace, ours: "Whenever the Waste is
# empty, the next Stock card is turned onto it at once"; Aisleriot's: "If the Waste is empty
# a card from the Stock is automatically dealt").
_REFILL_WASTE = re.compile(
    r"\bwhenever\s+the\s+waste\s+is\s+empty,\s+the\s+next\s+stock\s+card\s+is\s+turned\s+"
    r"onto\s+it\s+at\s+once\b"
    r"|\bif\s+the\s+waste\s+is\s+empty\s+a\s+card\s+from\s+the\s+stock\s+is\s+automatically\s+"
    r"dealt\b",
    _I,
)
_WHOLE_SENTENCE_RULES: tuple[tuple[re.Pattern[str], str, object], ...] = (
    (_FILL_AFTER_BASE, "stock.fill_after_base", True),
    (_LOCKS_ON_SPACE, "stock.locks_on_space", True),
    (_REFILL_WASTE, "waste.refill_from_stock", True),
    (_FULL_TABLEAU, "stock.needs_full_tableau", True),
    (_FULL_BEFORE_DEAL, "stock.needs_full_tableau", True),
    (_DEAL_WITH_SPACES, "stock.needs_full_tableau", False),
    (_REDEAL_RESERVES, "stock.redeal_from", "reserves"),
    (_REDEAL_SHUFFLE, "stock.redeal_shuffle", True),
    (_FILL_FIRST, "stock.fill_spaces_first", True),
    (_PARTIAL_END, "stock.end", "partial"),
    (_NO_LIMIT, "stock.redeals", -1),
)
_HYPOTHETICAL = re.compile(r"\b(?:chooser|option|if\s+checked)\b", _I)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    if _HYPOTHETICAL.search(text):
        return []
    hits = _redeals(text)
    for pattern, path, value in _WHOLE_SENTENCE_RULES:
        match = pattern.search(text)
        if match and (path != "stock.redeals" or sentence.pile == "stock"):
            hits.append(Hit(path, value, words(match)))
    if sentence.row != "stock" and not _MENTIONS_STOCK.search(text):
        return hits
    first = _FIRST_PILES.search(text)
    if first:
        pile = "reserves" if first.group(2).lower() == "reserve" else "tableau"
        phrase = words(first)
        return [
            *hits,
            Hit("stock.target", pile, phrase),
            Hit("stock.piles", number(first.group(1)) or 0, phrase),
        ]
    if _TO_WASTE.search(text):
        hits.extend(_draw(text))
    hits.extend(_target(text))
    split = _SPLIT_END.search(text)
    if split:
        hits.append(Hit("stock.end", "split_waste_and_stock", words(split)))
    return hits


def _draw(text: str) -> list[Hit]:
    one = _DRAW_ONE.search(text)
    many = next((m for m in _DRAW_N.finditer(text) if not _is_one(m)), None)
    if one and not many:
        return [Hit("stock.draw", 1, words(one)), Hit("stock.target", "waste", words(one))]
    if many and not one:
        word = (
            many.group(1)
            or many.group(2)
            or {"threes": "three", "twos": "two"}[many.group(3).lower()]
        )
        count = number(word)
        if count:
            return [
                Hit("stock.draw", count, words(many)),
                Hit("stock.target", "waste", words(many)),
            ]
    return []


def _is_one(match: re.Match[str]) -> bool:
    return number(match.group(1) or match.group(2) or "") == 1


def _target(text: str) -> list[Hit]:
    match = _EACH_PILE.search(text)
    if not match or re.search(r"\bfilled\b", text, _I):
        return []
    named = next((g for g in match.groups() if g), None)
    pile = (named or ("reserve" if re.search(r"\breserve", text, _I) else "tableau")).lower()
    return [Hit("stock.target", "reserves" if pile == "reserve" else "tableau", words(match))]


def _redeals(text: str) -> list[Hit]:
    match = _REDEALS.search(text)
    if match:
        phrase = words(match)
        if "cannot" in phrase.lower():
            return [Hit("stock.redeals", 0, phrase)]
        word = (match.group(1) or "unlimited").lower()
        value = {"no": 0, "unlimited": -1}.get(word, number(word))
        return [] if value is None else [Hit("stock.redeals", value, phrase)]
    passes = _PASSES.search(text)
    if passes:
        times = TIMES[" ".join(passes.group(1).lower().split())]
        return [Hit("stock.redeals", times - 1, words(passes))]
    return []
