"""Foundations: where they start (Ace, a dealt or chosen base card, any card) and whether
cards come back.

"One card is dealt on to the first Foundation pile", "This card is now the base card",
"from Ace to King", "Topmost card ... can be played back on to the Tableau",
"Cards in Foundations are no longer in play".
"""

from __future__ import annotations

import re

from .numbers import NUM, number
from .text import Hit, Sentence, first_pile, matched, words

_I = re.IGNORECASE
_DEALT = re.compile(
    r"\b(?:deal|dealt)\s+(?:one\s+card\s+)?(?:face\s+up\s+)?(?:on\s*to|to|in|on)\s+(?:the\s+)?"
    r"first\s+foundation\b"
    r"|\bone\s+(?:more\s+)?card\s+is\s+dealt\s+(?:face\s+up\s+)?(?:on\s*to|to|in|on)\s+(?:the\s+)?"
    r"first\s+foundation\b"
    r"|\bthis\s+(?:card\s+)?is\s+(?:now\s+)?the\s+base\s+card\b"
    r"|\bhas\s+already\s+been\s+dealt\s+to\s+a\s+foundation\b",
    _I,
)
# The first card put on a foundation chooses the base rank for every foundation (Chessboard:
# "from base card of your choice"; Glenwood: "select an available card for the first
# Foundation").
_CHOSEN = re.compile(
    r"\bbase\s+card\s+of\s+(?:your|the\s+player's)\s+choice\b"
    r"|\bselect\s+an?\s+available\s+card\s+for\s+the\s+first\s+foundation\b"
    r"|\bfirst\s+foundation\s+pile\s+is\s+started\s+by\s+(?:the\s+)?player\s+selecting\s+a\s+card\b"
    r"|\bfirst\s+card\s+(?:you\s+)?(?:put|place|play)s?\s+on\s+(?:a|any)\s+foundation\s+"
    r"(?:may|can)\s+be\s+any\s+card\b",
    _I,
)
# Every foundation starts with any card, none sets a base (Eliminator: "Any card can be placed
# as the first card in the Foundation").
_ANY_START = re.compile(
    r"\bany\s+card\s+(?:can|may)\s+(?:be\s+placed\s+as\s+the\s+first\s+card\s+(?:in|on)|start)"
    r"\s+(?:the|an?|each|any)\s+(?:empty\s+)?foundation\b",
    _I,
)
# "Once selected, all other Foundations must also start with this value" (Glenwood).
_CHOSEN_TOO = re.compile(
    r"\bonce\s+selected,?\s+all\s+other\s+foundations\s+must\s+also\s+start\s+with\s+this\s+"
    r"value\b",
    _I,
)
# Choosing the base is the first move, onto the first foundation (Glenwood: "The first item
# of play is to select an available card for the first Foundation"), and where that card comes
# from ("started by player selecting a card from the Reserves").
_BASE_FIRST = re.compile(
    r"\bfirst\s+item\s+of\s+play\s+is\s+to\s+select\b[^.;]*\bfirst\s+foundation\b"
    r"|\bfirst\s+foundation\s+pile\s+is\s+started\s+by\s+(?:the\s+)?player\s+selecting\b"
    r"|\byour\s+first\s+move\s+chooses\s+the\s+base\s+card\b"
    r"|\bnothing\s+else\s+can\s+be\s+played\s+(?:before|until)\s+the\s+base\s+card\s+is\s+"
    r"chosen\b",
    _I,
)
_BASE_FROM_RESERVES = re.compile(
    r"\bselecting\s+a\s+card\s+from\s+the\s+reserves?\b"
    r"|\btop\s+card\s+of\s+(?:any|a)\s+reserve\s+pile\s+on\s+the\s+first\s+foundation\b",
    _I,
)
# Terrace (ours): "put one of the four Tableau cards on the first Foundation".
_BASE_FROM_TABLEAU = re.compile(
    rf"\bput\s+one\s+of\s+the\s+(?:{NUM}\s+)?tableau\s+cards\s+on\s+the\s+first\s+foundation\b", _I
)
_BASE_FROM_WASTE = re.compile(r"\bput\s+the\s+waste's\s+card\s+on\s+the\s+first\s+foundation\b", _I)
# While the base is open, the Stock turns cards to choose from, N at most (Hamilton: "The
# first three cards may be turned over one at a time to Chooser").
_BASE_CHOICES = re.compile(
    rf"\bthe\s+first\s+({NUM})\s+cards\s+may\s+be\s+turned\s+over\s+one\s+at\s+a\s+time\s+to\s+"
    r"(?:the\s+)?(?:chooser|waste)\b"
    r"|\bturns\s+its\s+top\s+card\s+face\s+up\s+onto\s+the\s+waste\s+and\s+puts\s+the\s+waste's\s+"
    rf"card\s+back\s+face\s+down\s+under\s+the\s+stock,\s+({NUM})\s+times\s+at\s+most\b",
    _I,
)
# "Double clicking on a pile in the Tableau will move all possible cards from that pile to the
# Foundation" (Hamilton): the longest run a foundation takes, in one move.
_SENDS_RUN = re.compile(
    r"\bdouble[\s-]?click(?:ing)?\s+(?:on\s+)?a\s+(?:tableau\s+pile|pile\s+in\s+the\s+tableau)\s+"
    r"(?:will\s+move\s+all\s+possible\s+cards\s+from\s+that\s+pile\s+to\s+the\s+foundation"
    r"|to\s+send\s+the\s+longest\s+run\s+(?:a|its)\s+foundation\s+takes\s+there)\b",
    _I,
)
_ACE = re.compile(r"(?<!wrapping\s)\bfrom\s+aces?\s+(?:up\s+)?to\s+kings?\b", _I)
_PLAY_BACK = re.compile(
    r"\bplayed\s+back\s+on\s*to\s+the\s+tableau\b|\b(?:are|is|stays?|remains?)\s+still\s+in\s+play\b"
    r"|\bstill\s+in\s+play\b|\bstays?\s+in\s+play\b",
    _I,
)
_NO_PLAY_BACK = re.compile(
    r"\b(?:no\s+longer|not)\s+in\s+play\b|\bout\s+of\s+play\b|\bmay\s+not\s+be\s+moved\s+back\b"
    r"|\bonce\s+placed\s+on\s+a\s+foundation\b.*\bcannot\s+be\s+moved\b",
    _I,
)


# "The four Aces are taken out of the deck before it is shuffled and start on the Foundations"
_ACES_START = re.compile(
    r"\baces\s+are\s+taken\s+out\s+of\s+the\s+deck\b.*?\bstart\s+on\s+the\s+foundations\b"
    # Aisleriot's Beleaguered Castle, in the Foundation row
    r"|\baces\s+are\s+placed\s+here,?\s+one\s+in\s+each\s+pile,?\s+before\s+the\s+shuffle\b",
    _I,
)
# "The four Twos are taken out of the deck before it is shuffled and start on the
# Foundations" (Straight Up): a fixed base rank other than the Ace, dealt out first.
_TWOS_START = re.compile(
    r"\btwos\s+are\s+taken\s+out\s+of\s+the\s+deck\b.*?\bstart\s+on\s+the\s+foundations\b",
    _I,
)
# "from Two to Ace" (ours), "from twos to aces" (Aisleriot's Straight Up): Aces high.
_TWO = re.compile(r"\bfrom\s+twos?\s+(?:up\s+)?to\s+aces?\b", _I)
# "but the Aces never leave the Foundations", "except the base-rank cards that start each
# Foundation": the card a foundation starts with stays.
_KEEP_BASE = re.compile(
    r"\b(?:the\s+)?aces\s+never\s+leave\s+the\s+foundations\b"
    r"|\bexcept\s+the\s+base[\s-]rank\s+cards\s+that\s+start\s+each\s+foundation\b",
    _I,
)


# "Each one only takes a finished run of thirteen cards of one suit, King down to Ace" (Spider).
_WHOLE_SUITS = re.compile(
    r"\bonly\s+takes?\s+an?\s+(?:finished|complete)\s+run\s+of\s+thirteen\s+cards\s+of\s+one\s+suit\b"
    # Aisleriot's Spiderette and Will o' the Wisp
    r"|^a\s+build\s+of\s+all\s+thirteen\s+cards\s+in\s+a\s+suit\s+may\s+be\s+moved\s+on\s*to\s+a\s+"
    r"foundation\b",
    _I,
)


# "Double-click a Foundation to send up every card that can go", "Double clicking on a
# foundation card will move all the cards that can be moved to the foundation".
# Union Square: "it takes another King of that suit and then goes back down to the Ace"
# (ours); "followed by another King, then back down to Ace", "then King back to Ace" (Aisleriot).
_UP_THEN_DOWN = re.compile(
    r"\b(?:takes|followed\s+by)\s+another\s+King\b.*?\bback\s+down\s+to\s+(?:the\s+)?Ace\b"
    r"|\bthen\s+King\s+back\s+to\s+Ace\b",
    _I,
)
_SEND_UP = re.compile(
    r"\bdouble[\s-]?click(?:s|ing)?\s+(?:on\s+)?(?:a|the|any)\s+foundation(?:\s+(?:card|pile))?"
    r"\s+(?:to\s+send\s+up|sends\s+up|will\s+(?:send\s+up|move\s+all|autoplay\s+cards))\b[^.;]*",
    _I,
)
# "Double clicking on a card ... will move it to the appropriate Foundation pile if such a move
# is possible, or to the tableau if possible" (Forty Thieves); "or else onto the first Tableau
# pile that takes it".
_TO_TABLEAU = re.compile(
    r"\bdouble[\s-]?click.*?\bor\s+(?:else\s+)?(?:to|onto|on\s+to)\s+the\s+(?:first\s+)?"
    r"tableau(?:\s+pile)?(?:\s+that\s+takes\s+it|\s+if\s+possible)\b",
    _I,
)


def find(sentence: Sentence) -> list[Hit]:
    text = sentence.text
    # Each of these names the foundation itself, whatever pile the sentence is about: the
    # first that matches is the sentence's one fact.
    whole_sentence = matched(
        text,
        (
            ("foundations.start_with_aces", True, _ACES_START),
            ("foundations.start_with_base", True, _TWOS_START),
            ("tableau.double_click_sends_run", True, _SENDS_RUN),
            ("foundations.double_click_sends_up", True, _SEND_UP),
            ("tableau.double_click_to_tableau", True, _TO_TABLEAU),
            ("foundations.base", "dealt", _DEALT),
        ),
    )
    if whole_sentence:
        return whole_sentence[:1]
    first = _BASE_FIRST.search(text)
    if first:  # also names the foundation, whichever pile the sentence starts with
        choice = matched(
            text,
            (
                ("foundations.base", "chosen", _CHOSEN),
                ("foundations.base_from", ["reserve"], _BASE_FROM_RESERVES),
                ("foundations.base_from", ["waste"], _BASE_FROM_WASTE),
                ("foundations.base_from", ["tableau"], _BASE_FROM_TABLEAU),
            ),
        )
        return [Hit("foundations.base_first", True, words(first)), *choice]
    turns = _BASE_CHOICES.search(text)
    if turns:  # the Stock row: how many cards it may turn while the base is open
        count = number(turns.group(1) or turns.group(2))
        if count is not None:
            return [Hit("stock.base_choices", count, words(turns))]
    if (first_pile(text) or sentence.pile) != "foundation":
        return []
    hits = matched(
        text,
        (
            ("foundations.whole_suits", True, _WHOLE_SUITS),
            ("foundations.base", "ace", _ACE),
            ("foundations.base", "two", _TWO),
        ),
    )
    chosen = _CHOSEN.search(text) or _CHOSEN_TOO.search(text)
    if chosen:
        hits.append(Hit("foundations.base", "chosen", words(chosen)))
    hits += matched(
        text,
        (
            ("foundations.base", "any", _ANY_START),
            ("foundations.up_then_down", True, _UP_THEN_DOWN),
            ("foundations.keep_base", True, _KEEP_BASE),
        ),
    )
    back = _PLAY_BACK.search(text)
    no_back = _NO_PLAY_BACK.search(text)
    if back and not no_back:
        hits.append(Hit("foundations.play_back", True, words(back)))
    elif no_back and not back:
        hits.append(Hit("foundations.play_back", False, words(no_back)))
    return hits
