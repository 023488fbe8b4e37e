"""Placement words -> `placement.*` facts: corpus wording, words that are not placement, the
project's own pages, and every Aisleriot page of the corpus."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.docbook import read_help
from generator.prose import extract_facts, placement
from generator.prose.text import Sentence

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "aisleriot" / "help" / "C"


def read(text: str, row: str | None = None, section: str = "setup") -> dict[str, Any]:
    sentence = Sentence(text, 1, section, row, row)
    return {hit.path: hit.value for hit in placement.find(sentence)}


# (Setup row kind, sentence, expected facts): wording as Aisleriot's pages and ours write it.
ROWS = [
    ("stock", "Top left pile.", {"placement.stock.region": "top_left"}),
    ("stock", "Top left.", {"placement.stock.region": "top_left"}),
    ("stock", "Single pile, top-left.", {"placement.stock.region": "top_left"}),
    ("foundation", "Four piles top right.", {"placement.foundations.region": "top_right"}),
    ("foundation", "Four piles on top right.", {"placement.foundations.region": "top_right"}),
    (
        "foundation",
        "Four piles at top right, built up in suit.",
        {"placement.foundations.region": "top_right"},
    ),
    (
        "foundation",
        "Rightmost piles in the top row; the aces are placed here.",
        {"placement.foundations.region": "top_right"},
    ),
    ("reserve", "Four left piles on top row.", {"placement.reserves.region": "top_left"}),
    (
        "foundation",
        "Four piles -- two top left, two top right.",
        {"placement.foundations.region": "top", "placement.foundations.split": 2},
    ),
    (
        "foundation",
        "Four piles, two at top left and two at top right, built up in suit from Ace to King.",
        {"placement.foundations.region": "top", "placement.foundations.split": 2},
    ),
    ("reserve", "Four piles at top in the center.", {"placement.reserves.region": "top_center"}),
    ("reserve", "Four free cells at top center.", {"placement.reserves.region": "top_center"}),
    ("reserve", "Seven piles on the right.", {"placement.reserves.region": "right"}),
    ("reserve", "To the right of the Tableau.", {"placement.reserves.region": "right"}),
    (
        "reserve",
        "One pile below the Stock, dealt thirteen cards.",
        {"placement.reserves.region": "left"},
    ),
    ("reserve", "On left under stock.", {"placement.reserves.region": "left"}),
    (
        "reserve",
        "Four piles of three cards each on the left hand side.",
        {"placement.reserves.region": "left"},
    ),
    ("foundation", "Four piles down the left side.", {"placement.foundations.region": "left"}),
    ("foundation", "Four piles on the left.", {"placement.foundations.region": "left"}),
    (
        "foundation",
        "Four piles in a column in the middle.",
        {"placement.foundations.region": "middle"},
    ),
    ("foundation", "Four piles along the top.", {"placement.foundations.region": "top"}),
    ("foundation", "Four piles on top row.", {"placement.foundations.region": "top"}),
    ("foundation", "Top eight piles.", {"placement.foundations.region": "top"}),
    (
        "foundation",
        "Four piles on top, to the right of Stock.",
        {"placement.foundations.region": "beside_stock"},
    ),
    ("waste", "Beside the Stock.", {"placement.waste.region": "beside_stock"}),
    ("waste", "Directly to the right of Stock.", {"placement.waste.region": "beside_stock"}),
    ("waste", "Just right of the Stock.", {"placement.waste.region": "beside_stock"}),
    ("waste", "Next to Stock.", {"placement.waste.region": "beside_stock"}),
    (
        "tableau",
        "Seven piles of seven cards, to the right of the Stock.",
        {"placement.tableau.region": "beside_stock"},
    ),
    (
        "tableau",
        "Ten piles below the Foundations and Reserves.",
        {"placement.tableau.region": "bottom"},
    ),
    ("tableau", "Seven piles below Stock and Foundation.", {"placement.tableau.region": "bottom"}),
    ("tableau", "Eight piles underneath the Reserves.", {"placement.tableau.region": "bottom"}),
    ("tableau", "Seven piles on the bottom.", {"placement.tableau.region": "bottom"}),
    ("tableau", "Four piles on the right.", {"placement.tableau.region": "right"}),
    (
        "tableau",
        "Eight piles, four on each side of the Foundations, spread sideways.",
        {"placement.tableau.split": 4},
    ),
    (
        "tableau",
        "Eight slots (four to the left and four to the right of Foundations.)",
        {"placement.tableau.split": 4},
    ),
    (
        "tableau",
        "Eighteen piles in three rows of six, spread so every card shows.",
        {"placement.tableau.rows": 3},
    ),
    (
        "tableau",
        "There are 18 Tableau piles arranged in three rows of six piles each.",
        {"placement.tableau.rows": 3},
    ),
]

# Words about cards or about other piles, never the row's own place.
NOT_PLACEMENT = [
    ("tableau", "Only the top card of each pile is face up."),
    (
        "tableau",
        "Deal five cards face up on to each of these piles and one more on the top two piles.",
    ),
    ("tableau", "Queens can only be placed in the middle two spaces of first and last rows."),
    ("tableau", "An ace may be moved to the right of a queen or in the top left space."),
    ("tableau", "Place the last two cards in the temporary spots at the top."),
    (
        "tableau",
        "Twenty-eight cards dealt face up in seven overlapping rows forming a pyramid: "
        "one card in the top row.",
    ),
    ("tableau", "In the first four piles the bottom three cards are face down."),
    ("tableau", "Fifty cards are dealt in five rows of ten, the first row from left to right."),
    ("tableau", "Fifty-four spaces in five rows of nine and a last row of seven."),
    ("foundation", "One pile, the center pile on the bottom row of the Reserve slots."),
    ("foundation", "They can be moved to an empty Foundation slot, with the Jack on top."),
    ("reserve", "The last two cards of the deal go face up into the two middle reserves."),
    ("reserve", "Four piles placed underneath Foundations."),  # no region of ours says this
    ("stock", "Each deal from the Stock puts one card on each Reserve pile."),
    ("stock", "When the waste is to the right of the stock, turn it."),
    ("deck", "Standard Deck, top left."),
]

RULES = [
    ("The Stock is at the top left.", {"placement.stock.region": "top_left"}),
    ("The Foundations are placed on the right.", {"placement.foundations.region": "right"}),
]
NOT_RULES = [
    "An empty Tableau pile can be filled with a King or a group with a King on the bottom.",
    "Move the top card of the Stock to the top left Foundation.",
    "Cards in Foundations are still in play.",
]


@pytest.mark.parametrize(("row", "text", "expected"), ROWS)
def test_setup_rows(row: str, text: str, expected: dict[str, Any]) -> None:
    assert read(text, row) == expected


@pytest.mark.parametrize(("row", "text"), NOT_PLACEMENT)
def test_not_placement(row: str, text: str) -> None:
    assert read(text, row) == {}


@pytest.mark.parametrize(("text", "expected"), RULES)
def test_rule_sentences(text: str, expected: dict[str, Any]) -> None:
    assert read(text, None, "rules") == expected


@pytest.mark.parametrize("text", NOT_RULES)
def test_rule_sentences_without_placement(text: str) -> None:
    assert read(text, None, "rules") == {}


def placement_of(path: Path) -> dict[str, Any]:
    facts = extract_facts(read_help(path)).facts
    return {f.path: f.value for f in facts if f.path.startswith("placement.")}


# The project's pages: every placement they state, read as meant.
PROJECT: dict[str, dict[str, Any]] = {
    "seahaven": {
        "placement.foundations.region": "top",
        "placement.foundations.split": 2,
        "placement.reserves.region": "top_center",
        "placement.tableau.region": "bottom",
    },
    "lady_jane": {
        "placement.stock.region": "top_left",
        "placement.waste.region": "beside_stock",
        "placement.foundations.region": "top_right",
        "placement.reserves.region": "right",
    },
    "escalator": {"placement.stock.region": "top_left", "placement.waste.region": "beside_stock"},
    "beleaguered_castle": {
        "placement.foundations.region": "middle",
        "placement.tableau.split": 4,
    },
    "canfield": {
        "placement.stock.region": "top_left",
        "placement.waste.region": "beside_stock",
        "placement.foundations.region": "top_right",
        "placement.reserves.region": "left",
        "placement.tableau.region": "bottom",
    },
}


@pytest.mark.parametrize("game", sorted(PROJECT))
def test_project_pages(game: str) -> None:
    read_facts = placement_of(ROOT / "specs" / f"{game}.xml")
    for path, value in PROJECT[game].items():
        assert read_facts.get(path) == value, path


# The corpus: (page, facts) checked by hand against each page's words.
CORPUS_EXPECTED: dict[str, dict[str, Any]] = {
    "seahaven.xml": PROJECT["seahaven"],
    "lady_jane.xml": {
        "placement.stock.region": "top_left",
        "placement.foundations.region": "top_right",
        "placement.reserves.region": "right",
        "placement.tableau.region": "bottom",
    },
    "escalator.xml": {"placement.stock.region": "top_left"},
    "freecell.xml": {
        "placement.reserves.region": "top_left",
        "placement.foundations.region": "top_right",
    },
    "streets_and_alleys.xml": {
        "placement.foundations.region": "middle",
        "placement.tableau.split": 4,
    },
    "camelot.xml": {},
    "maze.xml": {"placement.tableau.rows": 6},  # "Fifty-four spaces in six rows of nine each"
    "kings_audience.xml": {"placement.waste.region": "beside_stock"},
}
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="the Aisleriot corpus is absent")


@needs_corpus
@pytest.mark.parametrize("page", sorted(CORPUS_EXPECTED))
def test_corpus_pages(page: str) -> None:
    assert placement_of(CORPUS / page) == CORPUS_EXPECTED[page]


@needs_corpus
def test_corpus_coverage() -> None:
    """Most Aisleriot pages say where their piles are (79 of 93 when written), and no page
    says two things."""
    pages = sorted(CORPUS.glob("*.xml"))
    placed = 0
    for page in pages:
        prose = extract_facts(read_help(page))
        facts = {f.path: f.value for f in prose.facts if f.path.startswith("placement.")}
        placed += bool(facts)
        assert not [d for d in prose.diagnostics if (d.field or "").startswith("placement.")], page
        for path, value in facts.items():
            if path.endswith(".split"):
                assert isinstance(value, int) and value > 0
    assert len(pages) >= 90
    assert placed >= 75, f"{placed} of {len(pages)} pages give placement words"


LEGACY = ROOT.parent / "shared" / "corpus" / "aisleriot" / "legacy"


@pytest.mark.skipif(not LEGACY.is_dir(), reason="the legacy Aisleriot pages are absent")
@pytest.mark.parametrize("game", ["escalator", "lady_jane", "saratoga", "seahaven"])
def test_legacy_seed_pages_agree_with_ours(game: str) -> None:
    """Every placement an old (1999-2012) version of the seed page states, our page states
    the same way; ours may say more (where the waste goes)."""
    ours = placement_of(ROOT / "specs" / f"{game}.xml")
    pages = sorted(LEGACY.glob(f"{game}.*"))
    assert pages
    for page in pages:
        for path, value in placement_of(page).items():
            assert ours.get(path) == value, (page.name, path)
