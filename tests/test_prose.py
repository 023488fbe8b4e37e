"""Prose -> facts: each phrase family on corpus wording, negatives, the seed specs, the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.diagnostics import Level
from generator.docbook import HelpDocument, Paragraph, Section, SetupRow, read_help
from generator.prose import (
    builds,
    capacity,
    empty,
    extract_facts,
    foundations,
    groups,
    holes,
    main_report,
    outcome,
    presence,
    reserves,
    stock,
)
from generator.prose.counts import find_count
from generator.prose.deal import piles, pyramid
from generator.prose.numbers import number, ordinal
from generator.prose.options import find_options
from generator.prose.report import coverage_report
from generator.prose.text import Sentence

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "aisleriot" / "help" / "C"
FAMILIES = (
    builds,
    capacity,
    empty,
    foundations,
    groups,
    holes,
    outcome,
    presence,
    reserves,
    stock,
)


def facts_of(
    text: str, pile: str | None = None, section: str = "rules", row: str | None = None
) -> dict[str, Any]:
    sentence = Sentence(text, 1, section, pile, row)
    return {hit.path: hit.value for family in FAMILIES for hit in family.find(sentence)}


# (sentence, pile context, expected facts): wording as the corpus writes it.
RULE_EXAMPLES = [
    # builds
    (
        "Cards in the Tableau are built down by alternating color.",
        None,
        {"tableau.build.direction": "down", "tableau.build.suit": "alternate_colour"},
    ),
    (
        "Tableau can be built down in any suit but own.",
        "tableau",
        {"tableau.build.direction": "down", "tableau.build.suit": "different_suit"},
    ),
    (
        "The Tableau is built down by suit.",
        None,
        {"tableau.build.direction": "down", "tableau.build.suit": "same_suit"},
    ),
    (
        "Cards in the Tableau are built down regardless of suit.",
        None,
        {"tableau.build.direction": "down", "tableau.build.suit": "any"},
    ),
    (
        "Cards in the Tableau are built down by same color.",
        None,
        {"tableau.build.direction": "down", "tableau.build.suit": "same_colour"},
    ),
    (
        "Cards in Tableau piles can be built up or down in suit.",
        None,
        {"tableau.build.direction": "up_or_down", "tableau.build.suit": "same_suit"},
    ),
    (
        "To be built up in suit from Ace to King.",
        "foundation",
        {
            "foundations.build.direction": "up",
            "foundations.build.suit": "same_suit",
            "foundations.base": "ace",
        },
    ),
    (
        "Built from Ace to King in suit.",
        "foundation",
        {
            "foundations.build.direction": "up",
            "foundations.build.suit": "same_suit",
            "foundations.base": "ace",
        },
    ),
    (
        "Build on to the Waste from these available cards whenever possible by playing a card with "
        "a rank immediately above or immediately below the rank of the top card in the Waste.",
        None,
        {"waste.build.direction": "up_or_down", "waste.build_first": True},
    ),
    (
        "The Waste can be built up or down from the available cards on the Tableau.",
        None,
        {"waste.build.direction": "up_or_down"},
    ),
    ("Aces are both above Kings and below Deuces.", "waste", {"waste.build.wrap": True}),
    (
        "Built up by suit, wrapping from King to Ace when necessary.",
        "foundation",
        {
            "foundations.build.direction": "up",
            "foundations.build.suit": "same_suit",
            "foundations.build.wrap": True,
        },
    ),
    ("Aces are placed on Kings, and twos on Aces.", "foundation", {"foundations.build.wrap": True}),
    (
        "No card may be placed on a card of the base rank.",
        "tableau",
        {"tableau.build.blocked_on_base": True},
    ),
    ("There is no building on the Tableau.", None, {"tableau.build.direction": "none"}),
    # empty piles
    (
        "Empty piles can only be filled by Kings or group of cards starting with a King.",
        "tableau",
        {"tableau.empty": "king"},
    ),
    (
        "An empty pile in the Tableau can be filled with any card or group of cards.",
        None,
        {"tableau.empty": "any"},
    ),
    ("An empty pile in the Tableau can not be filled.", None, {"tableau.empty": "none"}),
    (  # Agnes: only the Stock's deal to every pile fills a space
        "Empty piles can only be filled by the next deal from the Stock.",
        "tableau",
        {"tableau.empty": "none"},
    ),
    (
        "Empty piles can only be filled by the card whose rank is one lower than the base card.",
        "tableau",
        {"tableau.empty": "below_base"},
    ),
    # groups
    ("Builds of cards can be moved.", "tableau", {"tableau.group_move": "build"}),
    (
        "Groups of cards can be moved regardless of sequence.",
        "tableau",
        {"tableau.group_move": "any_face_up"},
    ),
    ("Only one card can be moved at a time.", "tableau", {"tableau.group_move": "one"}),
    (
        "A build of cards can only be moved if the number of cards in the build is equal or less "
        "than one more than the number of Reserve slots free.",
        None,
        {"tableau.group_limit": "free_reserves"},
    ),
    (
        "Double clicking on a card in the Tableau or waste will move it to the appropriate "
        "Foundation pile if such a move is possible, or to the tableau if possible.",
        None,
        {"tableau.double_click_to_tableau": True},
    ),
    (  # Aisleriot's Gypsy: a stock dealt to the tableau
        "Each deal flips one card from the Stock to each pile of the Tableau.",
        None,
        {"stock.target": "tableau"},
    ),
    (
        "Cards are dealt in batches of eight, one on every Tableau.",
        "stock",
        {"stock.target": "tableau"},
    ),
    (  # Aisleriot's Spiderette and Will o' the Wisp
        "A build of all thirteen cards in a suit may be moved on to a Foundation pile.",
        None,
        {"foundations.whole_suits": True},
    ),
    (  # Aisleriot's Baker's Dozen
        "The top card on each Tableau can be moved to another Tableau pile if it has a value of "
        "one lower than the top card on the second pile.",
        None,
        {"tableau.build.direction": "down"},
    ),
    ("Suit is not relevant.", "tableau", {"tableau.build.suit": "any"}),
    ("Suit is not relevant.", "foundation", {}),
    (  # Aisleriot's Beleaguered Castle, in the Foundation row
        "Four aces are placed here, one in each pile, before the shuffle.",
        "foundation",
        {"foundations.start_with_aces": True},
    ),
    (  # no free cells: FreeCell's formula with none free, 2^empty piles
        "A build may hold one card, doubled once for each empty Tableau pile, not counting the "
        "pile the build moves into.",
        None,
        {"tableau.group_limit": "free_reserves_and_piles"},
    ),
    (
        "As a convenience, sequences of the same suit can be moved onto the matching "
        "Foundation pile "
        "rather than being moved individually.",
        None,
        {"tableau.runs_to_foundation": True},
    ),
    # stock
    (
        "Cards are turned over one at a time to Waste.",
        "stock",
        {"stock.draw": 1, "stock.target": "waste"},
    ),
    (
        "Cards are turned over three at a time to Waste.",
        "stock",
        {"stock.draw": 3, "stock.target": "waste"},
    ),
    ("Two redeals.", "stock", {"stock.redeals": 2}),
    ("There is no redeal.", None, {"stock.redeals": 0}),
    ("Unlimited redeals.", "stock", {"stock.redeals": -1}),
    ("You can go through the deck three times.", None, {"stock.redeals": 2}),
    (
        "Each deal places one card on each pile of the Reserve.",
        "stock",
        {"stock.target": "reserves"},
    ),
    ("Clicking deals one card face up to every pile.", "stock", {"stock.target": "tableau"}),
    (
        "When there are only two cards left in Stock, they are dealt such that both cards are "
        "available for play.",
        "stock",
        {"stock.end": "split_waste_and_stock"},
    ),
    # foundations
    (
        "Deal one card face up on first Foundation pile.",
        "foundation",
        {"foundations.base": "dealt"},
    ),
    (
        "Topmost card in each Foundation can be played back on to the Tableau.",
        "foundation",
        {"foundations.play_back": True},
    ),
    ("Cards in Foundations are no longer in play.", None, {"foundations.play_back": False}),
    # reserves
    ("Each reserve can only hold one card.", "reserve", {"reserves.capacity": 1}),
    (
        "Any top card in the Tableau can be placed in an empty Reserve slot.",
        None,
        {"reserves.accepts": True},
    ),
    ("There is no building on the Reserve piles.", None, {"reserves.accepts": False}),
    ("Each Reserve pile can hold any number of cards.", None, {"reserves.capacity": 52}),
    # a one-card waste (Sir Tommy)
    ("Can only hold one card.", "waste", {"waste.capacity": 1}),
    (
        "However, as the Waste pile can only hold one card, this card must immediately be played "
        "on to a Foundation pile or on to any of the four Reserve piles.",
        None,
        {"waste.capacity": 1},
    ),
    ("No cards can be put in empty Reserve piles.", "reserve", {"reserves.accepts": False}),
    # presence
    ("There is no Stock and no Waste.", None, {"waste.present": False}),
]


# Aisleriot's same-suit group moves (Whitehead, Spiderette, Will o' the Wisp): whatever the
# build rule, only a run of one suit moves whole.
RULE_EXAMPLES += [
    (
        "Builds of cards in sequence and in the same suit can by moved as a unit.",
        "tableau",
        {"tableau.group_move": "same_suit_run"},
    ),
    (
        "Sequences of cards in the same suit can be moved as a unit.",
        "tableau",
        {"tableau.group_move": "same_suit_run"},
    ),
    (
        "Builds of cards that are the same suit and in sequence can be moved as a unit.",
        "tableau",
        {"tableau.group_move": "same_suit_run"},
    ),
    (
        "Builds of cards in sequence and alternating color can be moved as a unit.",
        "tableau",
        {"tableau.group_move": "build"},
    ),
]


# Westhaven: the top card or the whole face-up part of a pile, nothing in between.
RULE_EXAMPLES += [
    (
        "The top card or the complete face up portion of each pile is available for play.",
        "tableau",
        {"tableau.group_move": "top_or_face_up"},
    ),
    (
        "Either the top card of a pile or all of its face-up cards together can be moved.",
        "tableau",
        {"tableau.group_move": "top_or_face_up"},
    ),
    # Easthaven: a space a move can fill stops the deal.
    (
        "Any empty Tableau slots must be filled if possible before dealing more cards.",
        None,
        {"stock.fill_spaces_first": True},
    ),
    (
        "Empty Tableau piles must be filled, whenever possible, before the next deal.",
        None,
        {"stock.fill_spaces_first": True},
    ),
    # Eagle Wing, Bear River: piles that hold at most N cards.
    (
        "Each Tableau slot can hold a maximum of three cards.",
        "tableau",
        {"tableau.capacity": 3},
    ),
    (
        "None of the Tableau piles can have more than three cards.",
        None,
        {"tableau.capacity": 3},
    ),
    (
        "A Tableau pile can hold at most three cards.",
        None,
        {"tableau.capacity": 3},
    ),
    # Bear River's holes: spaces with a rule of their own.
    (
        "Piles 6, 12 and 18, the last of each row, are holes.",
        None,
        {"tableau.holes": [6, 12, 18]},
    ),
    (
        "An empty hole can be filled with any card.",
        None,
        {"tableau.hole_empty": "any"},
    ),
    (
        "An empty Hole pile CAN have a new card placed on it.",
        None,
        {"tableau.hole_empty": "any"},
    ),
    (
        "An empty standard pile CANNOT have a new card placed on it.",
        None,
        {"tableau.empty": "none"},
    ),
    # Eagle Wing's Reserve: face down until its last card.
    (
        "However, when there is only one card left in the Reserve, it will become visible.",
        "reserve",
        {"reserves.reveal": "last"},
    ),
]


# Union Square: a pile keeps the direction of its first build; foundations go up, then down.
RULE_EXAMPLES += [
    (
        "Each pile keeps the direction of its first build.",
        "tableau",
        {"tableau.fixed_direction": True},
    ),
    (
        "However, each pile must follow only one of these rules.",
        "tableau",
        {"tableau.fixed_direction": True},
    ),
    (
        "Once a Foundation reaches its King, it takes another King of that suit and then goes "
        "back down to the Ace in suit.",
        "foundation",
        {"foundations.up_then_down": True},
    ),
]


# Scuffle: a redeal that gathers the reserves and shuffles them.
RULE_EXAMPLES += [
    (
        "Once the Stock is empty, a redeal gathers every card left on the Reserve piles, "
        "shuffles them and makes them the new Stock.",
        None,
        {"stock.redeal_from": "reserves", "stock.redeal_shuffle": True},
    ),
    (
        "Take all cards left over on the Reserve and reshuffle.",
        None,
        {"stock.redeal_from": "reserves", "stock.redeal_shuffle": True},
    ),
]


# A base the player chooses, or none (Chessboard, Glenwood, Hamilton, Eliminator).
RULE_EXAMPLES += [
    (
        "To be built up in suit from base card of your choice, wrapping from King to Ace if "
        "necessary.",
        "foundation",
        {
            "foundations.build.direction": "up",
            "foundations.build.suit": "same_suit",
            "foundations.build.wrap": True,
            "foundations.base": "chosen",
        },
    ),
    (
        "The first card you put on a Foundation may be any card.",
        "foundation",
        {"foundations.base": "chosen"},
    ),
    (
        "Any card can be placed as the first card in the Foundation.",
        "foundation",
        {"foundations.base": "any"},
    ),
    (
        "The first item of play is to select an available card for the first Foundation.",
        None,
        {"foundations.base_first": True, "foundations.base": "chosen"},
    ),
    (
        "First Foundation pile is started by player selecting a card from the Reserves.",
        "foundation",
        {
            "foundations.base_first": True,
            "foundations.base": "chosen",
            "foundations.base_from": ["reserve"],
        },
    ),
    (
        "Whole piles can be played on to another Tableau.",
        "tableau",
        {"tableau.group_move": "whole_pile"},
    ),
    (
        "Empty slots in the Tableau can be filled by any available card in the Reserves or, if "
        "all the Reserves are empty, from the Waste.",
        "tableau",
        {
            "tableau.empty": "any",
            "tableau.empty_from": ["waste", "reserve"],
            "tableau.waste_fills_last": True,
        },
    ),
    (
        "Double clicking on a pile in the Tableau will move all possible cards from that pile to "
        "the Foundation.",
        "tableau",
        {"tableau.double_click_sends_run": True},
    ),
]


@pytest.mark.parametrize(("text", "pile", "expected"), RULE_EXAMPLES)
def test_rule_phrases(text: str, pile: str | None, expected: dict[str, Any]) -> None:
    row = pile if pile in ("stock", "reserve", "foundation") else None
    assert facts_of(text, pile, row=row) == expected


# Wording that must yield nothing (or nothing for the named path).
NEGATIVE_EXAMPLES = [
    (
        "Cards can only be moved singly, but as a shortcut cards in sequence can be moved.",
        "tableau",
    ),
    ("Cards are moved singly or in groups.", "tableau"),
    ("Empty spaces are immediately filled from the Stock.", "tableau"),
    ("If the Reserve is empty, an empty slot can be filled by any card.", "tableau"),
    ("Empty Reserve piles cannot be filled except with the next deal from Stock.", None),
    ("At the beginning you can choose whether to build up or down.", "foundation"),
    ("Center pile of the grid is to be built down, corners to be built up.", "foundation"),
    ("Move one card at the time to the tableau.", None),
    ("The first three cards may be turned over one at a time to Chooser.", "stock"),
    (
        "A sequence of cards going down from King down to Ace can be moved to a foundation pile.",
        "tableau",
    ),
    ("Aces are low, Kings are high and sequence does not wrap.", "tableau"),
    ("Diamonds cannot be moved except to be place on to the Foundation.", None),
]


@pytest.mark.parametrize(("text", "pile"), NEGATIVE_EXAMPLES)
def test_negative_phrases(text: str, pile: str | None) -> None:
    found = facts_of(text, pile)
    assert "tableau.group_move" not in found
    assert "tableau.empty" not in found
    assert "foundations.build.direction" not in found
    assert "stock.draw" not in found
    assert "tableau.runs_to_foundation" not in found
    assert "tableau.build.wrap" not in found
    assert "foundations.play_back" not in found


def test_numbers() -> None:
    assert number("seven") == 7
    assert number("Twenty-eight") == 28
    assert number("18") == 18
    assert number("many") is None
    assert number("sixty") == 60
    assert ordinal("Fourth") == 4 and ordinal("thirteenth") == 13 and ordinal("last") is None


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("tableau", "Seven piles. Deal card face up in first pile.", 7),
        ("tableau", "There are 18 Tableau piles arranged in three rows of six piles each.", 18),
        ("reserve", "Four free cells at top center.", 4),
        ("foundation", "Four piles -- two top left, two top right.", 4),
        ("tableau", "Up to thirteen piles, dealt four cards at a time.", None),
        ("foundation", "Four to six empty slots that you build in either direction.", None),
        ("tableau", "Five piles one each side of the Foundation.", None),
        ("stock", "Single pile, top-left.", None),
    ],
)
def test_counts(kind: str, text: str, expected: int | None) -> None:
    hit = find_count(kind, text)
    assert (hit.value if hit else None) == expected


@pytest.mark.parametrize(
    ("text", "count", "down", "up"),
    [
        (
            "Seven piles. Deal card face up in first pile. Place one card face down on all other "
            "piles. Place one card face up on next pile followed by one card face down on all "
            "covered "
            "piles. Repeat until there are seven cards in last pile.",
            7,
            list(range(7)),
            [1] * 7,
        ),
        (
            "Deal all cards face up such that there is one card in the first pile, two in the "
            "second "
            "pile, ending with seven in the seventh pile.",
            7,
            [0] * 7,
            list(range(1, 8)),
        ),
        (
            "Nine piles of cards, with nine cards in the first pile, eight in the second, "
            "and so on. "
            "These cards are dealt face down. The top card in every pile is then flipped up.",
            9,
            list(range(8, -1, -1)),
            [1] * 9,
        ),
        (
            "Nine piles. Deal one card face down to all nine piles, then one card to first eight "
            "piles, followed by one card to first seven piles, etc. until there are nine cards in "
            "the first pile. Flip the last card dealt on each pile.",  # Jumbo
            9,
            [8, 7, 6, 5, 4, 3, 2, 1, 0],
            [1] * 9,
        ),
        (
            "Deal one card face up on each of the five Tableau piles.",  # Royal East
            5,
            [0] * 5,
            [1] * 5,
        ),
        (
            "Thirteen piles. Deal three cards face down and one card face up on every pile.",
            13,
            [3] * 13,
            [1] * 13,
        ),
        (
            "Ten piles underneath the Foundation and Reserves. The other fifty cards are dealt "
            "face "
            "up here with five in each slot.",
            10,
            [0] * 10,
            [5] * 10,
        ),
        (
            "Eight piles. Deal all cards face up on to these eight piles, ending up with seven "
            "cards "
            "in each of the first four piles and six cards in the last four piles.",
            8,
            [0] * 8,
            [7, 7, 7, 7, 6, 6, 6, 6],
        ),
        (
            "Ten piles of three cards each, with the last row of cards face up.",
            10,
            [2] * 10,
            [1] * 10,
        ),
        (  # Aisleriot's Streets and Alleys: each flank is half the piles
            "Deal all cards face up and extended on to these eight piles so that there are seven "
            "cards in each pile on the left flank and six cards in each pile on the right flank "
            "and all cards are showing.",
            8,
            [0] * 8,
            [7, 7, 7, 7, 6, 6, 6, 6],
        ),
        (  # Ten Across: each row turns up one more card at each end
            "Fifty cards are dealt in five rows of ten. In the first row only the first and last "
            "cards are face up, and each later row has one more face-up card at each end.",
            10,
            [0, 1, 2, 3, 4, 4, 3, 2, 1, 0],
            [5, 4, 3, 2, 1, 1, 2, 3, 4, 5],
        ),
        (  # Aisleriot's Odessa: two more rows on the middle five piles
            "Seven piles. Deal three rows face down followed by three rows face up. Then deal two "
            "more rows face up in the middle five piles.",
            7,
            [3] * 7,
            [3, 5, 5, 5, 5, 5, 3],
        ),
        (  # Aisleriot's Ten Across: the rows follow from the cards placed
            "To deal place 10 cards across going from left to right with the first and last "
            "cards face up. Continuing you place ten cards across the piles from right to left "
            "(reversed) with the first two and last two cards placed face up. Continue this "
            "pattern (reversed and one more card each pass) until 50 cards have been placed.",
            10,
            [0, 1, 2, 3, 4, 4, 3, 2, 1, 0],
            [5, 4, 3, 2, 1, 1, 2, 3, 4, 5],
        ),
    ],
)
def test_deal_shapes(text: str, count: int, down: list[int], up: list[int]) -> None:
    found = {hit.path: hit.value for hit in piles(text, count)}
    assert found == {"tableau.face_down": down, "tableau.face_up": up}


@pytest.mark.parametrize(
    "text",
    [
        "Four cards are dealt to each pile when the game starts.",  # faces not said
        "Deal five cards face up on to each of these piles and one more on the top two piles.",
        "Deal the rest of the cards face up on the second to seventh piles.",
        "Every pile is dealt five cards face up, and the top pile of each side gets a sixth.",
        "Five cards are dealt face up on each pile, and an extra card on the first pile.",
    ],
)
def test_deal_shapes_not_guessed(text: str) -> None:
    assert piles(text, 7) == []


def test_pyramid() -> None:
    up = {
        h.path: h.value
        for h in pyramid(
            "Deal face up seven overlapping rows starting with one "
            "card, staggering the piles to achieve a pyramid."
        )
    }
    assert up["tableau.count"] == 28 and up["tableau.layout"] == "pyramid"
    assert up["tableau.face_up"] == [1] * 28 and up["tableau.face_down"] == [0] * 28
    down = {
        h.path: h.value
        for h in pyramid("Deal face down seven overlapping rows as a pyramid. Flip bottom row.")
    }
    assert down["tableau.face_down"] == [1] * 21 + [0] * 7
    assert pyramid("Deal cards face up in seven overlapping rows as an inverted pyramid.") == []


def test_reserve_deal() -> None:
    def deal(text: str, count: int) -> Any:
        return [h.value for h in reserves.deal(text, count)]

    assert deal("The first four Reserve piles are each dealt one card.", 8) == [[1] * 4 + [0] * 4]
    assert deal("The last two cards go face up into the two middle reserves.", 4) == [[0, 1, 1, 0]]
    assert deal("Seven piles on the right, each dealt one card face up.", 7) == [[1] * 7]
    assert deal("Two of the reserves are each dealt one card to start.", 4) == []
    assert deal("Deal three cards face down and one card face up in each Reserve pile.", 4) == []
    # A single reserve (Giant's free cell): "It starts empty", only when the row has one pile.
    assert deal("One pile to the right of the Tableau, a free cell. It starts empty.", 1) == [[0]]
    assert deal("The free cell starts empty.", 1) == [[0]]
    assert deal("Two piles at top. It starts empty.", 2) == []


@pytest.mark.parametrize(
    ("text", "section", "expected"),
    [
        ("Move all cards to the Foundation piles.", "goal", {"goal.kind": "all_to_foundations"}),
        ("Move all cards to Waste.", "goal", {"goal.kind": "all_to_waste"}),
        (  # Aisleriot's Spiderette and Will o' the Wisp
            "Create four piles of thirteen cards each built down in suit and sequence.",
            "goal",
            {"goal.kind": "suits_in_tableau"},
        ),
        ("Move all cards to the foundation piles or thrones.", "goal", {}),
        ("Remove all cards.", "goal", {}),
        (
            "Each card in the Foundation piles scores one point.",
            "scoring",
            {"scoring.kind": "foundation_cards"},
        ),
        (
            "Each card removed from the Tableau scores one point.",
            "scoring",
            {"scoring.kind": "tableau_cards_removed"},
        ),
        (
            "Each card in the Foundation scores 5 points.",
            "scoring",
            {"scoring.kind": "points", "scoring.foundation_card": 5},
        ),
        ("Each card in the Foundation piles other than the Aces scores 5 points.", "scoring", {}),
        (  # Aisleriot's Beleaguered Castle: the Aces dealt there score nothing
            "Each card in the Foundation piles other than the original Aces scores one point.",
            "scoring",
            {"scoring.kind": "foundation_cards_placed"},
        ),
        (  # Odessa's running score, Aisleriot's words
            "When game is dealt, any sequence of cards going down in suit is awarded one point "
            "per card.",
            "scoring",
            {"scoring.kind": "sequences"},
        ),
        (
            "Every move within the Tableau will award a point for every card in the newly "
            "created sequence.",
            "scoring",
            {"scoring.kind": "sequences"},
        ),
        (
            "A point is also rewarded for every card placed on to the Foundation.",
            "scoring",
            {"scoring.kind": "sequences"},
        ),
        (  # Ten Across: no score is kept
            "You win or lose. There is no scoring.",
            "scoring",
            {"scoring.kind": "none", "scoring.max": 0},
        ),
        (  # Aisleriot's Ten Across
            "Form four piles in the tableau all of the same suit running from King to Ace.",
            "goal",
            {"goal.kind": "suits_in_tableau"},
        ),
    ],
)
def test_goal_and_scoring(text: str, section: str, expected: dict[str, Any]) -> None:
    assert facts_of(text, section=section) == expected


def _doc(paragraphs: list[str], rows: tuple[SetupRow, ...] = ()) -> HelpDocument:
    section = Section(
        "rules", "Rules", 10, tuple(Paragraph(t, 11 + i) for i, t in enumerate(paragraphs))
    )
    return HelpDocument("x.xml", "xml", "X", 1, (section,), rows, None, None)


def test_conflict_keeps_first_and_warns() -> None:
    prose = extract_facts(_doc(["There are two redeals.", "There is no redeal."]))
    assert prose.by_path()["stock.redeals"].value == 2
    assert prose.by_path()["stock.redeals"].provenance.line == 11
    (warning,) = prose.diagnostics
    assert warning.level is Level.WARNING and warning.field == "stock.redeals"
    assert warning.line == 12


def test_paragraph_carries_its_pile() -> None:
    prose = extract_facts(
        _doc(
            ["Build on the Waste with a card one rank above or below. Kings and Aces are adjacent."]
        )
    )
    assert prose.by_path()["waste.build.wrap"].value is True


def test_options() -> None:
    section = Section(
        "options",
        "Options",
        1,
        (
            Paragraph(
                "Three card deals: when checked, three cards turn at once. Off by default.", 2
            ),
            Paragraph("King only: when checked, only Kings fill a space. On by default.", 3),
            Paragraph("Single card deals", 4),
            Paragraph("Cards are dealt one at a time.", 5),
            Paragraph("None", 6),
        ),
    )
    found = [(m.label, m.line, m.default) for m in find_options(section)]
    assert found == [
        ("Three card deals", 2, False),
        ("King only", 3, True),
        ("Single card deals", 4, None),
    ]


SEEDS: dict[str, dict[str, tuple[Any, int]]] = {
    "saratoga": {
        "title": ("Saratoga", 5),
        "decks": (1, 17),
        "waste.present": (True, 29),
        "foundations.count": (4, 35),
        "tableau.count": (7, 41),
        "tableau.face_down": ([0] * 7, 41),
        "tableau.face_up": ([1, 2, 3, 4, 5, 6, 7], 41),
        "stock.draw": (1, 21),
        "stock.target": ("waste", 21),
        "stock.redeals": (2, 21),
        "foundations.build.direction": ("up", 35),
        "foundations.build.suit": ("same_suit", 35),
        "foundations.base": ("ace", 35),
        "goal.kind": ("all_to_foundations", 56),
        "tableau.build.direction": ("down", 63),
        "tableau.build.suit": ("alternate_colour", 63),
        "tableau.group_move": ("build", 63),
        "tableau.empty": ("king", 63),
        "foundations.play_back": (True, 74),
        "scoring.kind": ("foundation_cards", 97),
        "scoring.max": (52, 101),
        "reserves.count": (0, 17),
    },
    "seahaven": {
        "title": ("Seahaven", 5),
        "decks": (1, 17),
        "foundations.count": (4, 21),
        "reserves.count": (4, 28),
        "reserves.deal": ([0, 1, 1, 0], 28),
        "tableau.count": (10, 36),
        "tableau.face_down": ([0] * 10, 36),
        "tableau.face_up": ([5] * 10, 36),
        "foundations.build.direction": ("up", 21),
        "foundations.build.suit": ("same_suit", 21),
        "foundations.base": ("ace", 21),
        "reserves.capacity": (1, 28),
        "goal.kind": ("all_to_foundations", 50),
        "tableau.build.direction": ("down", 57),
        "tableau.build.suit": ("same_suit", 57),
        "tableau.group_move": ("build", 57),
        "tableau.group_limit": ("free_reserves", 57),
        "tableau.empty": ("king", 57),
        "foundations.play_back": (True, 64),
        "reserves.accepts": (True, 69),
        "waste.present": (False, 74),
        "tableau.runs_to_foundation": (True, 77),
        "scoring.kind": ("foundation_cards", 85),
        "scoring.max": (52, 89),
    },
    "escalator": {
        "title": ("Escalator", 5),
        "decks": (1, 17),
        "waste.present": (True, 28),
        "tableau.count": (28, 34),
        "tableau.layout": ("pyramid", 34),
        "tableau.face_down": ([0] * 28, 34),
        "tableau.face_up": ([1] * 28, 34),
        "stock.draw": (1, 21),
        "stock.target": ("waste", 21),
        "stock.redeals": (0, 21),
        "goal.kind": ("all_to_waste", 49),
        "goal.finish_stock_when_tableau_clear": (True, 49),
        "waste.build.direction": ("up_or_down", 57),
        "waste.build.suit": ("any", 57),
        "waste.build_first": (True, 57),
        "waste.build.wrap": (True, 57),
        "tableau.build.direction": ("none", 65),
        "tableau.empty": ("none", 65),
        "foundations.count": (0, 65),
        "scoring.kind": ("tableau_cards_removed", 77),
        "scoring.max": (28, 81),
        "reserves.count": (0, 17),
    },
    "lady_jane": {
        "title": ("Lady Jane", 5),
        "decks": (1, 17),
        "waste.present": (True, 31),
        "foundations.count": (4, 38),
        "reserves.count": (7, 46),
        "reserves.deal": ([1] * 7, 46),
        "tableau.count": (7, 52),
        "tableau.face_down": ([0, 1, 2, 3, 4, 5, 6], 52),
        "tableau.face_up": ([1] * 7, 52),
        "stock.target": ("reserves", 21),
        "stock.end": ("split_waste_and_stock", 21),
        "stock.redeals": (0, 21),
        "foundations.base": ("dealt", 38),
        "goal.kind": ("all_to_foundations", 67),
        "tableau.build.direction": ("down", 74),
        "tableau.build.suit": ("alternate_colour", 74),
        "tableau.group_move": ("build", 74),
        "tableau.empty": ("below_base", 74),
        "reserves.accepts": (False, 84),
        "foundations.build.direction": ("up", 88),
        "foundations.build.suit": ("same_suit", 88),
        "foundations.build.wrap": (True, 88),
        "foundations.play_back": (True, 88),
        "scoring.kind": ("foundation_cards", 99),
        "scoring.max": (52, 104),
    },
}


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_seed_specs_yield_exactly_the_expected_facts(game: str) -> None:
    path = ROOT / "specs" / f"{game}.xml"
    prose = extract_facts(read_help(path))
    # Placement facts are checked in tests/test_prose_placement.py.
    found = {
        f.path: (f.value, f.provenance.line)
        for f in prose.facts
        if not f.path.startswith("placement.")
    }
    assert found == SEEDS[game]
    assert prose.diagnostics == []
    for fact in prose.facts:
        assert fact.provenance.source == "prose" and fact.provenance.file == str(path)
        assert fact.provenance.phrase


def test_saratoga_options() -> None:
    prose = extract_facts(read_help(ROOT / "specs" / "saratoga.xml"))
    assert [(m.label, m.default) for m in prose.options] == [
        ("Three card deals", False),
        ("King only", True),
    ]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="shared corpus not available")
def test_report_over_the_corpus() -> None:
    paths = sorted(CORPUS.glob("*.xml"))
    report = coverage_report(paths)
    assert len(report.games) == 91
    assert {name for name, _ in report.skipped} == {"definitions.xml", "legal.xml"}
    assert report.count("title") == 91
    assert report.count("tableau.build.direction") >= 45
    text = main_report(paths)
    assert "91 games read" in text and "tableau.empty" in text


# Deal shapes that name piles or rows: (Setup row text, pile count, face_down, face_up, rows).
NAMED_DEALS = [
    (  # Yukon: a staircase of face-down cards, each topped by five face-up cards
        "Seven piles holding the whole deck. The first pile is a single face-up card. The other "
        "six piles start with a staircase of face-down cards, one in the second pile, two in the "
        "third and so on up to six in the seventh, and each of them is topped by five face-up "
        "cards.",
        7,
        [0, 1, 2, 3, 4, 5, 6],
        [1, 5, 5, 5, 5, 5, 5],
        None,
    ),
    (  # Spider: piles named by their ordinals
        "Ten piles holding 54 cards. The first, fourth, seventh and tenth piles get six cards "
        "each and the other six piles get five each. Only the top card of each pile is face up.",
        10,
        [5, 4, 4, 5, 4, 4, 5, 4, 4, 5],
        [1] * 10,
        None,
    ),
    (  # Spider Three Decks: the first N piles
        "Twelve piles holding 54 cards. The first six piles get five cards each and the other "
        "six piles get four each. Only the top card of each pile is face up.",
        12,
        [4] * 6 + [3] * 6,
        [1] * 12,
        None,
    ),
    (
        "Six piles. The second and fifth piles get four cards each and the other four piles get "
        "three each. All cards are dealt face up.",
        6,
        [0] * 6,
        [3, 4, 3, 3, 4, 3],
        None,
    ),
    (  # Scorpion: the first piles partly face down, the last ones all face up
        "Seven piles of seven cards, to the right of the Stock. In the first four piles the "
        "bottom three cards are face down and the top four face up. The last three piles are "
        "dealt entirely face up.",
        7,
        [3, 3, 3, 3, 0, 0, 0],
        [4, 4, 4, 4, 7, 7, 7],
        None,
    ),
    (  # Aisleriot's Spider, Spider Three Decks and Fourteen
        "Ten piles. Four piles (piles 1, 4, 7, and 10) get dealt 5 cards down and one card up "
        "while rest of the piles get dealt 4 cards down and one card up.",
        10,
        [5, 4, 4, 5, 4, 4, 5, 4, 4, 5],
        [1] * 10,
        None,
    ),
    (
        "Twelve piles. The first six piles get dealt 4 cards down and one card up while rest of "
        "the piles get dealt 3 cards down and one card up.",
        12,
        [4] * 6 + [3] * 6,
        [1] * 12,
        None,
    ),
    (
        "Deal all cards face up evenly on to twelve piles. The first four piles will each have "
        "five cards while the other piles will all have four cards.",
        12,
        [0] * 12,
        [5] * 4 + [4] * 8,
        None,
    ),
    (  # Athena, our wording and Aisleriot's
        "Seven piles of four cards, dealt in four rows across all the piles. The first and third "
        "rows are face down; the second and fourth rows are face up.",
        7,
        [2] * 7,
        [2] * 7,
        ["down", "up", "down", "up"],
    ),
    (
        "Seven piles. Four rows, the first row is face down, the second row is face up, the "
        "third row is face down, and the fourth and final row is face up.",
        7,
        [2] * 7,
        [2] * 7,
        ["down", "up", "down", "up"],
    ),
]


@pytest.mark.parametrize(("text", "count", "down", "up", "rows"), NAMED_DEALS)
def test_named_deal_shapes(
    text: str, count: int, down: list[int], up: list[int], rows: list[str] | None
) -> None:
    found = {hit.path: hit.value for hit in piles(text, count)}
    expected: dict[str, Any] = {"tableau.face_down": down, "tableau.face_up": up}
    if rows:
        expected["tableau.face_rows"] = rows
    assert found == expected


@pytest.mark.parametrize(
    ("text", "count"),
    [
        # the staircase does not fit the pile count
        (
            "The first pile is a single face-up card. The other six piles start with a staircase "
            "of face-down cards, one in the second pile, two in the third and so on up to six in "
            "the seventh, and each of them is topped by five face-up cards.",
            8,
        ),
        # named piles plus the others are not the pile count
        (
            "The first, fourth and seventh piles get six cards each and the other six piles get "
            "five each. Only the top card of each pile is face up.",
            10,
        ),
        # a stated total that the named deal does not make
        (
            "Ten piles holding 50 cards. The first, fourth, seventh and tenth piles get six "
            "cards each and the other six piles get five each. Only the top card of each pile is "
            "face up.",
            10,
        ),
        # the piles in brackets are not as many as the text says
        (
            "Three piles (piles 1, 4, 7, and 10) get dealt 5 cards down and one card up while "
            "rest of the piles get dealt 4 cards down and one card up.",
            10,
        ),
        # faces not said
        (
            "The first four piles will each have five cards while the other piles will all have "
            "four cards.",
            12,
        ),
        # faces not said
        ("The first and third piles get six cards each and the other two piles get five each.", 4),
        # face down and face up do not add up to the pile size
        (
            "Seven piles of seven cards. In the first four piles the bottom three cards are face "
            "down and the top three face up. The last three piles are dealt entirely face up.",
            7,
        ),
        # first and last piles overlap
        (
            "Seven piles of seven cards. In the first four piles the bottom three cards are face "
            "down and the top four face up. The last four piles are dealt entirely face up.",
            7,
        ),
        # a row left out, a row named twice, a row count that disagrees
        (
            "Seven piles of four cards. The first and third rows are face down; the second row is "
            "face up.",
            7,
        ),
        (
            "Seven piles of four cards. The first and third rows are face down; the third and "
            "fourth rows are face up.",
            7,
        ),
        (
            "Seven piles of five cards. The first and third rows are face down; the second and "
            "fourth rows are face up.",
            7,
        ),
    ],
)
def test_named_deal_shapes_not_guessed(text: str, count: int) -> None:
    assert piles(text, count) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Spider
            "You score one point for each card in the Tableau that lies on the next higher card "
            "of the same suit, so a run of one suit is worth one point less than its length.",
            {"scoring.kind": "points", "scoring.pair": 1, "scoring.pair_suit": "same_suit"},
        ),
        (
            "Finished runs keep their twelve points when they go to a Foundation.",
            {"scoring.kind": "points", "scoring.foundation_complete": 12},
        ),
        (  # Scorpion
            "You earn one point for each card that lies on the next higher card of its own suit, "
            "and four more for each pile that is a complete suit from King to Ace.",
            {
                "scoring.kind": "points",
                "scoring.pair": 1,
                "scoring.pair_suit": "same_suit",
                "scoring.tableau_suit": 4,
            },
        ),
        (
            "You also earn three points for each of the twelve face-down cards you turn over.",
            {"scoring.kind": "points", "scoring.turned_card": 3},
        ),
        (  # Gypsy
            "Each card on a Foundation scores five points, and each Foundation completed from Ace "
            "to King scores sixty more.",
            {
                "scoring.kind": "points",
                "scoring.foundation_card": 5,
                "scoring.foundation_complete": 60,
            },
        ),
        (
            "In the Tableau, every face-up card resting on a card of the other color one rank "
            "higher adds two points.",
            {"scoring.kind": "points", "scoring.pair": 2, "scoring.pair_suit": "alternate_colour"},
        ),
        (  # Aisleriot's Forty Thieves and Gypsy
            "When a Foundation pile is complete (from Ace to King), 60 more points are scored.",
            {"scoring.kind": "points", "scoring.foundation_complete": 60},
        ),
        # not point rules: one point per card is `foundation_cards`; no number; other wording
        (
            "Every card placed on a Foundation is worth one point.",
            {"scoring.kind": "foundation_cards"},
        ),
        (  # Aisleriot's Spiderette and Will o' the Wisp
            "Every pair of cards in suit and sequence scores one point.",
            {"scoring.kind": "points", "scoring.pair": 1, "scoring.pair_suit": "same_suit"},
        ),
        ("Finished runs keep their points when they go to a Foundation.", {}),
        ("Each card pair on the Tableau in alternating order scores 2 points.", {}),
        ("For every sequence in suit, points given is (length of sequence - 1).", {}),
        ("Reaching a card that was face down gives three points.", {}),
        ("5 points are deducted when you flip a card from Stock to Waste.", {}),
    ],
)
def test_point_rules(text: str, expected: dict[str, Any]) -> None:
    found = facts_of(text, section="scoring")
    assert {path: v for path, v in found.items() if path.startswith("scoring.")} == expected


def test_point_rules_only_in_scoring() -> None:
    text = "Each card on a Foundation scores five points."
    assert facts_of(text, section="rules") == {}


NEW_GAMES: dict[str, dict[str, Any]] = {
    "yukon": {"tableau.face_down": [0, 1, 2, 3, 4, 5, 6], "tableau.face_up": [1, 5, 5, 5, 5, 5, 5]},
    "spider": {
        "tableau.face_down": [5, 4, 4, 5, 4, 4, 5, 4, 4, 5],
        "tableau.face_up": [1] * 10,
        "scoring.kind": "points",
        "scoring.pair": 1,
        "scoring.pair_suit": "same_suit",
        "scoring.foundation_complete": 12,
    },
    "scorpion": {
        "tableau.face_down": [3, 3, 3, 3, 0, 0, 0],
        "tableau.face_up": [4, 4, 4, 4, 7, 7, 7],
        "scoring.kind": "points",
        "scoring.pair": 1,
        "scoring.pair_suit": "same_suit",
        "scoring.tableau_suit": 4,
        "scoring.turned_card": 3,
    },
    "athena": {
        "tableau.face_down": [2] * 7,
        "tableau.face_up": [2] * 7,
        "tableau.face_rows": ["down", "up", "down", "up"],
    },
    "gypsy": {
        "scoring.kind": "points",
        "scoring.foundation_card": 5,
        "scoring.foundation_complete": 60,
        "scoring.pair": 2,
        "scoring.pair_suit": "alternate_colour",
    },
}


@pytest.mark.parametrize("game", sorted(NEW_GAMES))
def test_new_games_read_their_deal_and_score(game: str) -> None:
    prose = extract_facts(read_help(ROOT / "specs" / f"{game}.xml"))
    found = {f.path: f.value for f in prose.facts}
    for path, value in NEW_GAMES[game].items():
        assert found.get(path) == value, path
    assert prose.diagnostics == []


def test_empty_pile_after_the_refill_runs_dry() -> None:
    text = (
        "Whenever a Tableau pile is emptied, it is refilled automatically with the top card of "
        "the Reserve; once the Reserve is used up, a space can take any card or build."
    )
    assert facts_of(text) == {"tableau.refill": "reserve", "tableau.empty": "any"}
    # On its own the condition may mean "fill spaces from the Reserve first": read nothing.
    assert facts_of("Once the Reserve is used up, a space can take any card or build.") == {}
    assert facts_of("If the Reserve is empty, an empty slot can be filled by any card.") == {}


@pytest.mark.parametrize(
    "text",
    [
        "Any King that lands on top of another card during the deal goes to the bottom of its "
        "pile.",
        "Kings are moved to the bottom of their respective piles.",  # Aisleriot's Baker's Dozen
    ],
)
def test_kings_to_bottom(text: str) -> None:
    from generator.prose.deal import kings_to_bottom

    assert [(h.path, h.value) for h in kings_to_bottom(text)] == [("tableau.kings_to_bottom", True)]


_NOT_RESERVE = ["tableau", "waste", "foundation", "stock"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Empty spaces are automatically filled from the waste if possible or the stock.",
            {"tableau.refill": "waste_then_stock"},
        ),
        (
            "Empty spaces are immediately filled from the Waste, or if the Waste is empty, "
            "from the Stock.",
            {"tableau.refill": "waste_then_stock"},
        ),
        (
            "Whenever a Tableau pile is emptied, it is refilled at once with the top card of "
            "the Waste, or with that of the Stock when the Waste is empty.",
            {"tableau.refill": "waste_then_stock"},
        ),
        (
            "Whenever a Tableau pile is emptied, it is refilled at once with the top card of "
            "the Waste, or with that of the Stock when the Waste is empty; once both are empty, "
            "the space stays empty.",
            {"tableau.refill": "waste_then_stock", "tableau.empty": "none"},
        ),
        (
            "An empty slot in the Tableau is filled automatically from the Reserve.",
            {"tableau.refill": "reserve"},
        ),
        (
            "If the Reserve is empty, an empty slot can be filled by the top card of the Waste "
            "at your leisure.",
            {"tableau.empty": "any", "tableau.empty_from": ["waste"]},
        ),
        (
            "Whenever a Tableau pile is emptied, it is refilled automatically with the top card "
            "of the Reserve; once the Reserve is used up, a space can be filled only from the "
            "Waste.",
            {"tableau.refill": "reserve", "tableau.empty": "any", "tableau.empty_from": ["waste"]},
        ),
        (
            "Empty slots can be filled with any card except from the reserve.",
            {"tableau.empty": "any", "tableau.empty_from": _NOT_RESERVE},
        ),
    ],
)
def test_where_a_space_is_filled_from(text: str, expected: dict[str, Any]) -> None:
    assert facts_of(text, "tableau") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The four Twos are taken out of the deck before it is shuffled and start on the "
            "Foundations, one Two on each.",
            {"foundations.start_with_base": True},
        ),
        (
            "Foundations are built up in suit from Two to Ace, with an Ace following a King.",
            {
                "foundations.base": "two",
                "foundations.build.direction": "up",
                "foundations.build.suit": "same_suit",
                "foundations.build.wrap": True,
            },
        ),
        (
            "Once a Two is on top of a Tableau pile, no card can go on it.",
            {"tableau.build.blocked_on_rank": 2},
        ),
    ],
)
def test_twos_start_and_aces_are_high(text: str, expected: dict[str, Any]) -> None:
    assert facts_of(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Two of them are stacks of nine cards, and the third is a single card lying across "
            "the tops of both: a stack's top card is free only once that single card is gone.",
            {"reserves.deal": [9, 9, 1], "reserves.covered_by": [[3], [3], []]},
        ),
        (
            "Two stacks of 9 cards each, with a single above both stacks.",
            {
                "reserves.count": 3,
                "reserves.deal": [9, 9, 1],
                "reserves.covered_by": [[3], [3], []],
            },
        ),
    ],
)
def test_two_stacks_under_one_card(text: str, expected: dict[str, Any]) -> None:
    assert facts_of(text, "reserve", "setup", "reserve") == expected


# Terrace: a reserve that feeds only the foundations, the spaces dealt once the base is chosen,
# an empty waste refilled from the stock, and a stock that waits while a space is open.
@pytest.mark.parametrize(
    ("text", "pile", "row", "expected"),
    [
        (
            "The top card of the Reserve can be played only onto the Foundations.",
            None,
            None,
            {"reserves.to_foundations_only": True},
        ),
        (
            "Top card of the Reserve is in play and can only be moved to Foundations.",
            None,
            None,
            {"reserves.to_foundations_only": True},
        ),
        (
            "Once the base card is chosen, every empty Tableau pile gets one card from the "
            "Stock, face up.",
            "tableau",
            "tableau",
            {"stock.fill_after_base": True},
        ),
        (
            "Whenever the Waste is empty, the next Stock card is turned onto it at once.",
            None,
            None,
            {"waste.refill_from_stock": True},
        ),
        (
            "If the Waste is empty a card from the Stock is automatically dealt.",
            None,
            None,
            {"waste.refill_from_stock": True},
        ),
        (
            "While a Tableau pile is empty, the Stock turns one card only; it turns again once "
            "every empty pile is filled or the card of the Waste has been played.",
            None,
            None,
            {"stock.locks_on_space": True},
        ),
        (
            "If there is a space in the tableau then only one card may be flipped from the stock "
            "to the waste until the tableau is filled or the top card of the waste is moved to "
            "the foundation or tableau.",
            None,
            None,
            {"stock.locks_on_space": True},
        ),
        (
            "Your first move chooses the base card: put one of the four Tableau cards on the "
            "first Foundation.",
            None,
            None,
            {"foundations.base_first": True, "foundations.base_from": ["tableau"]},
        ),
        (
            "An empty Tableau pile can be filled only with the top card of the Waste.",
            "tableau",
            None,
            {"tableau.empty": "any", "tableau.empty_from": ["waste"]},
        ),
    ],
)
def test_terrace_phrases(
    text: str, pile: str | None, row: str | None, expected: dict[str, Any]
) -> None:
    section = "setup" if row else "rules"
    assert facts_of(text, pile, section, row) == expected


def test_first_piles_dealt_and_the_others_empty() -> None:
    text = (
        "Nine piles. At the start the first four piles get one card each and the other five "
        "piles start empty. All cards are dealt face up."
    )
    found = {hit.path: hit.value for hit in piles(text, 9)}
    assert found == {"tableau.face_down": [0] * 9, "tableau.face_up": [1] * 4 + [0] * 5}
