"""English DocBook help for a game that only has a sidecar, written from its VariantSpec.

The page has the structure of the hand-written ones (sect1; Setup informaltable; Goal,
Rules, Options, Scoring, Strategy) so it is extracted, translated and rendered like them.
Where a rule reads the same as in the seed games, the sentence is theirs word for word:
an existing translation then applies to the generated page as well.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lxml import etree

from generator.diagnostics import Diagnostic, SpecError
from generator.prose.numbers import UNITS
from generator.spec.model import (
    Build,
    Direction,
    EmptyFill,
    Face,
    FoundationBase,
    GoalKind,
    GroupLimit,
    GroupMove,
    Option,
    Place,
    RedealFrom,
    Refill,
    Region,
    Reveal,
    ScoringKind,
    Source,
    StockEnd,
    StockTarget,
    SuitName,
    SuitRule,
    TableauLayout,
    VariantSpec,
)

_TIMES = {1: "once", 2: "twice"}


def number(n: int, capital: bool = False) -> str:
    # Help text spells out numbers up to twelve, as Aisleriot's pages do.
    word = UNITS[n] if 0 <= n <= 12 else str(n)
    return word.capitalize() if capital else word


def help_from_spec(spec: VariantSpec) -> bytes:
    """The help page as DocBook XML bytes; SpecError if the title cannot be XML text."""
    root = etree.Element("sect1", id=spec.id.replace("_", "-"))
    try:
        etree.SubElement(root, "title").text = spec.title
        decks = "one standard deck" if spec.decks == 1 else f"{number(spec.decks)} standard decks"
        intro = f"{spec.title} is played with {decks}."
        if set(spec.suits) != set(SuitName):
            only = _suits_only(spec.suits)
            intro += f" {only[0].upper()}{only[1:]}."
        etree.SubElement(root, "para").text = intro
    except ValueError:  # lxml refuses control characters that XML 1.0 cannot hold
        source = spec.provenance.get("title")
        raise SpecError(
            Diagnostic(
                (source.file if source else None) or spec.id,
                source.line if source else None,
                "the title has characters a help page cannot hold",
                field="title",
            )
        ) from None
    setup = _section(root, "Setup", [])
    group = etree.SubElement(etree.SubElement(setup, "informaltable"), "tgroup", cols="2")
    body = etree.SubElement(group, "tbody")
    for label, text in setup_rows(spec):
        row = etree.SubElement(body, "row")
        etree.SubElement(row, "entry").text = label
        etree.SubElement(row, "entry").text = text
    _section(root, "Goal", [goal(spec)])
    _section(root, "Rules", rules(spec))
    if spec.options:
        _section(root, "Options", [option_text(o) for o in spec.options])
    _section(root, "Scoring", scoring(spec))
    _section(root, "Strategy", [strategy(spec)])
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _suits_only(suits: Iterable[SuitName | str]) -> str:
    """'the deck holds only Hearts and Spades, each card repeated to keep its size' (the
    Intro is not read for rules: a sidecar-only game gives `suits` in its sidecar)."""
    names = [str(getattr(s, "value", s)).capitalize() for s in suits]
    listed = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f"the deck holds only {listed}, each card repeated to keep its size"


def _section(root: etree._Element, title: str, paras: list[str]) -> etree._Element:
    section = etree.SubElement(root, "sect2")
    etree.SubElement(section, "title").text = title
    for text in paras:
        etree.SubElement(section, "para").text = text
    return section


def stock_cards(spec: VariantSpec) -> int:
    dealt = sum(spec.tableau.face_down) + sum(spec.tableau.face_up) + sum(spec.reserves.deal)
    if spec.foundations.start_with_aces or spec.foundations.start_with_base:
        dealt += 4 * spec.decks
    return 52 * spec.decks - dealt - (1 if spec.foundations.base is FoundationBase.DEALT else 0)


def _at_a_time(n: int) -> str:
    return "one at a time" if n == 1 else f"{number(n)} at a time"


def _redeals(n: int) -> str:
    if n < 0:
        return "Unlimited redeals."
    return "No redeals." if n == 0 else f"{number(n, True)} redeal{'s' if n > 1 else ''}."


def build_phrase(build: Build) -> str:
    """'built down in alternating colors', as the help pages say it."""
    direction = {Direction.UP: "up", Direction.DOWN: "down", Direction.UP_OR_DOWN: "up or down"}
    suit = {
        SuitRule.ANY: "regardless of suit",
        SuitRule.SAME_SUIT: "in suit",
        SuitRule.ALTERNATE_COLOUR: "in alternating colors",
        SuitRule.SAME_COLOUR: "in the same color",
        SuitRule.DIFFERENT_SUIT: "in any suit but own",
    }
    return f"built {direction.get(build.direction, 'up')} {suit[build.suit]}"


# Where a kind of pile goes, in words the prose reader reads back (generator/prose/placement).
_WHERE = {
    Region.TOP_LEFT: "at top left",
    Region.TOP_CENTER: "at top center",
    Region.TOP_RIGHT: "at top right",
    Region.TOP: "along the top",
    Region.BESIDE_STOCK: "beside the Stock",
    Region.LEFT: "on the left",
    Region.RIGHT: "on the right",
    Region.MIDDLE: "in the middle",
    Region.BOTTOM: "along the bottom",
}


def _where(place: Place, count: int, kind: str = "Tableau") -> str:
    """ ", two at top left and two at top right" / " on the left" / "" (the app's usual place)."""
    if place.split and place.region is Region.TOP:
        rest = count - place.split
        return f", {number(place.split)} at top left and {number(rest)} at top right"
    if place.split and kind == "Tableau":
        return f", {number(place.split)} on each side of the Foundations"
    return f" {_WHERE[place.region]}" if place.region in _WHERE else ""


def _piles(count: int, kind: str = "pile") -> str:
    return f"{number(count, True)} {kind}{'s' if count != 1 else ''}"


_DECKS = {1: "Standard Deck", 2: "Double Deck", 3: "Triple Deck"}


def setup_rows(spec: VariantSpec) -> list[tuple[str, str]]:
    rows = [("Type of Deck", _DECKS[spec.decks])]
    left = stock_cards(spec)
    placement = spec.placement
    if left > 0:
        rows.append(("Stock", _stock_setup(spec)))
    if spec.waste.present and left > 0:
        region = placement.waste.region
        where = "Beside the Stock. " if region is Region.BESIDE_STOCK else ""
        if region in _WHERE and region is not Region.BESIDE_STOCK:
            where = f"{_piles(1)}{_where(placement.waste, 1, 'Waste')}. "
        text = f"{where}Its top card is available for play."
        if spec.waste.capacity:
            text += f" Can only hold {_cards(spec.waste.capacity)}."
        rows.append(("Waste", text))
    if spec.foundations.count:
        rows.append(("Foundations", _foundation_setup(spec)))
    reserves = spec.reserves
    if reserves.count:
        kind = "free cell" if reserves.accepts and reserves.count > 1 else "pile"
        where = _where(placement.reserves, reserves.count, "Reserves")
        text = f"{_piles(reserves.count, kind)}{where}"
        text += ", a free cell. " if reserves.accepts and reserves.count == 1 else ". "
        text += _reserve_deal(spec)
        if reserves.accepts and reserves.capacity == 1:
            one = "It holds only one card" if reserves.count == 1 else "Each reserve holds one card"
            text += f" {one}."
        rows.append(("Reserves", text))
    rows.append(("Tableau", _tableau_setup(spec) if spec.tableau.count else "Zero piles."))
    return rows


def _stock_setup(spec: VariantSpec) -> str:
    stock, placement = spec.stock, spec.placement
    region = placement.stock.region
    text = "Top left. " if region is Region.TOP_LEFT else ""
    if region in _WHERE and region is not Region.TOP_LEFT:
        text = f"{_piles(1)}{_where(placement.stock, 1, 'Stock')}. "
    text += "Holds the cards left after the deal."
    if stock.base_choices:
        text += (
            " Before the base card is chosen, a click on the Stock turns its top card face up"
            " onto the Waste and puts the Waste's card back face down under the Stock,"
            f" {number(stock.base_choices)} times at most."
        )
    if stock.target is StockTarget.WASTE:
        text += f" Cards are turned onto the Waste {_at_a_time(stock.draw)}."
    elif not stock.piles:  # a deal to the first piles only is said in the Rules
        where = "Reserve" if stock.target is StockTarget.RESERVES else "Tableau"
        text += f" Each deal from the Stock puts one card on each {where} pile."
    if stock.end is StockEnd.SPLIT_WASTE_AND_STOCK:
        text += " When only two cards are left, they are dealt so that both can be played."
    return f"{text} {_redeals(stock.redeals)}"


def _foundation_setup(spec: VariantSpec) -> str:
    foundations = spec.foundations
    where = _where(spec.placement.foundations, foundations.count, "Foundations")
    text = f"{_piles(foundations.count)}{where}"
    build = build_phrase(foundations.build)
    if foundations.whole_suits:
        return (
            f"{text}. Each one only takes a finished run of thirteen cards of one suit, King"
            " down to Ace."
        )
    if foundations.up_then_down:
        text += ", one for each suit,"
    if foundations.base is FoundationBase.ACE and foundations.build.suit is SuitRule.ANY:
        text += ". The Foundations are built up regardless of suit, from Ace to King."
    elif foundations.base is FoundationBase.ACE:
        text += f", {build} from Ace to King."
    elif foundations.base is FoundationBase.TWO:
        text += f", {build} from Two to Ace."
    elif foundations.base is FoundationBase.CHOSEN:
        text += f", {build} from a base card of your choice."
    elif foundations.base is FoundationBase.ANY:
        text += f", {build} from any card."
    else:
        text += ". After the deal, one more card is dealt to the first Foundation; its rank"
        text += " is the base card."
    starters = number(4 * spec.decks)
    if foundations.start_with_aces:
        text += (
            f" The {starters} Aces are taken out of the deck before it is shuffled and start on"
            " the Foundations, one on each."
        )
    if foundations.start_with_base:
        text += (
            f" The {starters} Twos are taken out of the deck before it is shuffled and start on"
            " the Foundations, one Two on each."
        )
    return text


def _reserve_deal(spec: VariantSpec) -> str:
    """Worded as the prose reader understands it, so the page reads back to the same deal."""
    reserves = spec.reserves
    deal, count = reserves.deal, reserves.count
    down = reserves.face_down or (0,) * count
    if reserves.covered_by and list(deal) == [deal[0], deal[0], 1]:
        return (
            f"Two of them are stacks of {_cards(deal[0])}, and the third is a single card"
            " lying across the tops of both: a stack's top card is free only once that single"
            " card is gone."
        )
    if count == 1:
        if not deal[0]:
            return "It starts empty."
        if reserves.reveal is Reveal.LAST and down[0] == deal[0]:
            return (
                f"Dealt {_cards(deal[0])} face down. Its cards stay face down until only one is"
                " left, which is then turned face up and can be played."
            )
        if down[0] == deal[0] - 1 and down[0]:
            return f"Dealt {_cards(deal[0])}. Only its top card is face up."
        return f"Dealt {_cards(deal[0])} face up."
    if all(n == deal[0] for n in deal):
        return "They start empty." if deal[0] == 0 else f"Each dealt {_cards(deal[0])} face up."
    half = [0] * (count // 2 - 1)
    if count % 2 == 0 and list(deal) == [*half, 1, 1, *half]:
        return "The two middle reserves are dealt a card face up; the others start empty."
    filled = sum(1 for n in deal if n)
    first = [1] * filled + [0] * (count - filled)
    if list(deal) == first:
        return f"The first {number(filled)} reserve piles are each dealt one card face up."
    return "They are dealt " + ", ".join(str(n) for n in deal) + " cards face up."


def _cards(n: int) -> str:
    return f"{number(n)} card{'s' if n != 1 else ''}"


def _tableau_setup(spec: VariantSpec) -> str:
    tableau = spec.tableau
    if tableau.layout is TableauLayout.PYRAMID:
        rows = 0
        while rows * (rows + 1) // 2 < tableau.count:
            rows += 1
        face = "down" if any(tableau.face_down) else "up"
        text = (
            f"{number(tableau.count, True)} cards dealt face {face} in {number(rows)} overlapping"
            f" rows forming a pyramid: one card in the top row, two in the next, and so on to"
            f" {number(rows)} in the bottom row."
        )
        return text + (" Flip the bottom row face up." if face == "down" else "")
    text = f"{_piles(tableau.count)}{_where(spec.placement.tableau, tableau.count)}"
    rows = spec.placement.tableau.rows
    if rows and tableau.count % rows == 0:
        text += f" in {number(rows)} rows of {number(tableau.count // rows)}"
    text += "."
    text += _deal(tableau.face_down, tableau.face_up, tableau.face_rows)
    return text + _tableau_extras(spec)


def _tableau_extras(spec: VariantSpec) -> str:
    tableau, text = spec.tableau, ""
    if tableau.kings_to_bottom:
        text += (
            " Any King that lands on top of another card during the deal goes to the bottom of"
            " its pile."
        )
    if spec.stock.fill_after_base:
        text += (
            " Once the base card is chosen, every empty Tableau pile gets one card from the"
            " Stock, face up."
        )
    return text


def _deal(down: tuple[int, ...], up: tuple[int, ...], faces: tuple[Face, ...]) -> str:
    """The cards dealt to each Tableau pile, in the words of a shape the reader knows
    (`generator/prose/deal.py`); any other deal is listed pile by pile."""
    sizes = [d + u for d, u in zip(down, up, strict=True)]
    count = len(sizes)
    top_up = all(n == 1 for n in up) and any(down)
    all_up = not any(down)
    faces_said = " Only the top card of each pile is face up." if top_up else ""
    if faces_said or all_up:
        faces_said = faces_said or " All cards are dealt face up."
    if 0 < len(faces) <= len(_ORDINAL_WORDS):
        return f" The cards are dealt in {number(len(faces))} rows across all the piles. " + (
            _face_rows(faces)
        )
    if count > 2 and sizes == list(range(1, count + 1)) and faces_said:
        return (
            " The first pile gets one card, the second two, and so on up to"
            f" {number(count)} cards in the last pile.{faces_said}"
        )
    if count > 2 and sizes == list(range(count, 0, -1)) and top_up:
        return (
            f" Deal one card face down to all {number(count)} piles, then one card to the first"
            f" {number(count - 1)} piles, and so on until there are {number(count)} cards in the"
            f" first pile.{faces_said}"
        )
    if (
        2 < count <= len(_ORDINAL_WORDS)
        and list(down) == list(range(count))
        and up[0] == 1
        and len(set(up[1:])) == 1
    ):
        return (
            f" The first pile is a single face-up card. The other {number(count - 1)} piles start"
            " with a staircase of face-down cards, one in the second pile, two in the third and"
            f" so on up to {number(count - 1)} in the {_ORDINAL_WORDS[count - 1]}, and each of"
            f" them is topped by {number(up[1])} face-up card{'s' if up[1] != 1 else ''}."
        )
    if sizes and all(n == sizes[0] for n in sizes):
        if all_up:
            return f" {_cards(sizes[0]).capitalize()} are dealt face up to each pile."
        if len(set(down)) == 1:
            return (
                f" {_cards(down[0]).capitalize()} face down and {_cards(up[0])} face up on"
                " every pile."
            )
    values = sorted(set(sizes), reverse=True)
    if len(values) == 2 and faces_said and count <= len(_ORDINAL_WORDS):
        big, small = values
        first = [i + 1 for i, n in enumerate(sizes) if n == big]
        others = count - len(first)
        if first == list(range(1, len(first) + 1)):
            named = f"first {number(len(first))}"
            if all_up and small:
                return (
                    f" The whole deck is dealt face up, {_cards(big)} each in the {named} piles"
                    f" and {_cards(small)} each in the last {number(others)} piles."
                )
        else:
            names = [_ORDINAL_WORDS[i - 1] for i in first]
            named = ", ".join(names[:-1]) + " and " + names[-1]
        rest = f"get {number(small)} each" if small else "start empty"
        return (
            f" The {named} piles get {_cards(big)} each and the other {number(others)} piles"
            f" {rest}.{faces_said}"
        )
    if len(set(sizes)) == 1 and sorted(set(down)) in ([0, down[0]], [down[-1], 0]):
        downs = [i for i, d in enumerate(down) if d]
        if downs == list(range(len(downs))) and len(set(up[: len(downs)])) == 1:
            return (
                f" Piles of {_cards(sizes[0])}. In the first {number(len(downs))} piles the"
                f" bottom {number(down[0])} cards are face down and the top {number(up[0])} face"
                f" up. The last {number(count - len(downs))} piles are dealt entirely face up."
            )
    rows = sizes[0] if sizes else 0
    if (
        count > 1
        and list(down) == [min(i, count - 1 - i, rows) for i in range(count)]
        and all(n == rows for n in sizes)
    ):
        return (
            f" {number(rows * count, True)} cards are dealt in {number(rows)} rows of"
            f" {number(count)}. In the first row only the first and last cards are face up, and"
            " each later row has one more face-up card at each end."
        )
    middle = _more_in_the_middle(down, up)
    if middle:
        return middle
    return (
        " The piles are dealt "
        + ", ".join(str(n) for n in sizes)
        + " cards, of which "
        + ", ".join(str(n) for n in up)
        + " are face up."
    )


def _more_in_the_middle(down: tuple[int, ...], up: tuple[int, ...]) -> str:
    """Odessa's shape: rows face down and face up across every pile, then more face-up rows
    on the middle piles only."""
    count = len(down)
    if count < 3 or len(set(down)) != 1 or not down[0]:
        return ""
    more = [i for i, n in enumerate(up) if n != up[0]]
    if not more or len({up[i] for i in more}) != 1 or up[more[0]] < up[0]:
        return ""
    side = more[0]
    if more != list(range(side, count - side)):
        return ""
    return (
        f" {number(down[0], True)} rows go face down across all {number(count)} piles, then"
        f" {number(up[0])} rows face up on top of them. {number(up[side] - up[0], True)} more"
        f" face-up rows go on the {number(len(more))} middle piles only."
    )


_ORDINAL_WORDS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)


def _face_rows(faces: tuple[Face, ...]) -> str:
    """'The first and third rows are face down; the second and fourth rows are face up.'"""
    parts = []
    for face in (Face.DOWN, Face.UP):
        rows = [_ORDINAL_WORDS[i] for i, f in enumerate(faces) if f is face]
        names = " and ".join([", ".join(rows[:-1]), rows[-1]] if len(rows) > 1 else rows)
        parts.append(f"{names} row{'s are' if len(rows) > 1 else ' is'} face {face.value}")
    return "The " + "; the ".join(parts) + "."


def goal(spec: VariantSpec) -> str:
    text = _goal(spec)
    if spec.goal.finish_stock_when_tableau_clear:
        text += " Once the Tableau is clear, the cards left in the Stock are turned onto"
        text += " the Waste automatically."
    return text


def _goal(spec: VariantSpec) -> str:
    if spec.goal.kind is GoalKind.ALL_TO_WASTE:
        return "Move all cards to the Waste."
    if spec.goal.kind is GoalKind.TABLEAU_CLEARED:
        return "Clear the Tableau: move every card off it."
    if spec.goal.kind is GoalKind.SUITS_IN_TABLEAU:
        runs = number(4 * spec.decks)
        if not spec.foundations.count:
            return (
                f"Arrange the whole deck in the Tableau as {runs} piles of thirteen cards, each"
                " pile a single suit from King down to Ace."
            )
        return (
            "Leave the finished runs in the Tableau or move them to the Foundations: having all"
            f" {runs} runs of one suit, each from King down to Ace, counts as a win."
        )
    return "Move every card onto the Foundations."


_EMPTY = {
    EmptyFill.KING: "An empty Tableau pile can be filled only by a King or by a build that"
    " starts with a King.",
    EmptyFill.ANY: "An empty Tableau pile can be filled by any card or build.",
    EmptyFill.NONE: "A space left empty in the Tableau stays empty.",
    EmptyFill.BELOW_BASE: "An empty Tableau pile can be filled only by a card one rank below the"
    " base card, or by a group of cards starting with such a card.",
}
_HOLE_EMPTY = {
    EmptyFill.KING: "An empty hole can be filled only by a King.",
    EmptyFill.ANY: "An empty hole can be filled with any card.",
    EmptyFill.NONE: "An empty hole stays empty.",
    EmptyFill.BELOW_BASE: "An empty hole can be filled only by a card one rank below the base"
    " card.",
}
_RANKS = (
    *("", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"),
    *("Jack", "Queen", "King"),
)


def rules(spec: VariantSpec) -> list[str]:
    found = [
        *_base_choice_rules(spec),
        _tableau_rule(spec),
        _space_rule(spec),
        _waste_rule(spec),
        _stock_rule(spec),
        *_foundation_rules(spec),
        *_reserve_rules(spec),
        _assist_rule(spec),
    ]
    return [text for text in found if text]


def _base_choice_rules(spec: VariantSpec) -> list[str]:
    foundations = spec.foundations
    if not foundations.base_first:
        return []
    kinds = set(foundations.base_from)
    card = "any available card"
    if kinds == {Source.RESERVE}:
        card = "the top card of any Reserve pile"
    elif kinds == {Source.WASTE}:
        card = "the Waste's card"
    elif kinds == {Source.TABLEAU}:
        tableau = spec.tableau
        dealt = sum(1 for d, u in zip(tableau.face_down, tableau.face_up, strict=True) if d + u)
        card = f"one of the {number(dealt)} Tableau cards"
    return [
        f"Your first move chooses the base card: put {card} on the first Foundation. Nothing"
        " else can be played before the base card is chosen."
    ]


def _tableau_rule(spec: VariantSpec) -> str:
    tableau = spec.tableau
    if not tableau.count:
        return ""
    build = tableau.build
    if build.direction is Direction.NONE:
        text = "Nothing can be built on the Tableau."
    else:
        text = f"The Tableau is {build_phrase(build)}"
        if build.wrap and build.direction is Direction.UP_OR_DOWN:
            text += "; Aces and Kings are next to each other"
        elif build.wrap:
            # Building up, an Ace follows a King; building down, a King follows an Ace.
            up = build.direction is Direction.UP
            text += (
                ", and an Ace may be placed on a King"
                if up
                else ", and a King may be placed on an Ace"
            )
        text += "."
    if tableau.fixed_direction:
        text += " Each pile keeps the direction of its first build."
    if build.blocked_on_base:
        text += " No card may be placed on a card of the base rank."
    if build.blocked_on_rank:
        rank = _RANKS[build.blocked_on_rank]
        text += f" Once a {rank} is on top of a Tableau pile, no card can go on it."
    text += _group_moves(spec)
    if tableau.capacity:
        text += f" A Tableau pile can hold at most {_cards(tableau.capacity)}."
    return text


_MOVES = {
    GroupMove.ONE: " Only one card can be moved at a time.",
    GroupMove.BUILD: " Builds of cards can be moved as a unit.",
    GroupMove.ANY_FACE_UP: " Any number of cards can be moved at once.",
    GroupMove.SAME_SUIT_RUN: " Sequences of cards in the same suit can be moved as a unit.",
    GroupMove.TOP_OR_FACE_UP: (
        " Either the top card of a pile or all of its face-up cards together can be moved."
    ),
    GroupMove.WHOLE_PILE: " Only a whole pile can be moved onto another Tableau pile.",
}


def _group_moves(spec: VariantSpec) -> str:
    limit = spec.tableau.group_limit
    if limit is GroupLimit.NONE:
        return _MOVES[spec.tableau.group_move]
    if limit is GroupLimit.FREE_RESERVES:
        return (
            " The top card of a pile, or a build of cards at its top, can be moved. A build may"
            " be moved only if it has no more cards than the number of free reserves plus one;"
            " empty Tableau piles do not raise this limit."
        )
    return (
        " Builds of cards can be moved as a unit. A build may hold at most the number of free"
        " reserves plus one cards, and empty Tableau piles double that limit once for each"
        " empty pile."
    )


def _space_rule(spec: VariantSpec) -> str:
    """What fills an empty Tableau pile: holes, a refill, the kinds of pile it comes from."""
    tableau = spec.tableau
    text = ""
    if not tableau.count:
        return ""
    if tableau.holes:
        piles = [str(n) for n in tableau.holes]
        named = ", ".join(piles[:-1]) + " and " + piles[-1] if len(piles) > 1 else piles[0]
        text += f"Piles {named} are holes. " if len(piles) > 1 else f"Pile {named} is a hole. "
        text += _HOLE_EMPTY[tableau.hole_empty] + " "
        if tableau.empty is EmptyFill.NONE:
            return text + "Any other empty Tableau pile cannot be filled."
    kinds = set(tableau.empty_from)
    if tableau.refill is not Refill.NONE:
        if tableau.refill is Refill.RESERVE:
            text += (
                "A Tableau pile that is emptied is refilled automatically with the top card of"
                " the Reserve"
            )
        else:
            text += (
                "A Tableau pile that is emptied is refilled at once with the top card of the"
                " Waste, or with that of the Stock when the Waste is empty"
            )
        once = "the Reserve is used up" if tableau.refill is Refill.RESERVE else "both are empty"
        if kinds == {Source.WASTE}:
            return text + f"; once {once}, a space can be filled only from the Waste."
        if tableau.empty is EmptyFill.NONE:
            return text + f"; once {once}, a space stays empty."
        if tableau.empty is EmptyFill.ANY:
            return text + f"; once {once}, a space can take any card or build."
        return f"{text}. {_EMPTY[tableau.empty]}"
    if kinds == set(Source):
        return text + _EMPTY[tableau.empty]
    if tableau.waste_fills_last and kinds == {Source.WASTE, Source.RESERVE}:
        return text + (
            "An empty Tableau pile can be filled with the top card of any Reserve pile or, once"
            " every Reserve pile is empty, with the top card of the Waste."
        )
    if kinds == {Source.WASTE}:
        return text + "An empty Tableau pile can be filled only with the top card of the Waste."
    if kinds == set(Source) - {Source.RESERVE}:
        return text + (
            "A space in the Tableau can be filled with any card except one from the Reserve."
        )
    names = ", ".join(f"the {k.value.capitalize()}" for k in tableau.empty_from)
    return text + f"{_EMPTY[tableau.empty]} The card must come from {names}."


def _waste_rule(spec: VariantSpec) -> str:
    waste = spec.waste
    if not waste.present:
        return ""
    text = ""
    build = waste.build
    if build.direction is not Direction.NONE:
        text = f"Free cards are played onto the Waste, {build_phrase(build)}."
        if build.wrap:
            text += " Ace and King are next to each other."
        if build.blocked_on_rank:
            rank = _RANKS[build.blocked_on_rank]
            text += f" Once a {rank} is on top of the Waste, no Tableau card can follow it."
        if waste.build_first:
            text += " Deal from the Stock onto the Waste only when no free card fits there."
    if waste.refill_from_stock:
        text += " Whenever the Waste is empty, the next Stock card is turned onto it at once."
    return text.strip()


def _stock_rule(spec: VariantSpec) -> str:
    stock = spec.stock
    if stock_cards(spec) <= 0:
        return "There is no Stock and no Waste." if not spec.waste.present else ""
    if stock.target is StockTarget.WASTE:
        text = (
            f"Cards are turned from the Stock onto the Waste {_at_a_time(stock.draw)}, and the"
            " top card of the Waste is in play."
        )
    elif stock.piles:
        text = (
            "Click the Stock to deal its cards face up, one onto each of the first"
            f" {number(stock.piles)} Tableau piles."
        )
    else:
        where = "Reserve" if stock.target is StockTarget.RESERVES else "Tableau"
        text = f"Each deal from the Stock puts one card face up on every {where} pile."
    if stock.needs_full_tableau:
        text += " Every pile must hold at least one card before you deal."
    if stock.fill_spaces_first:
        text += " Empty Tableau piles must be filled, whenever possible, before the next deal."
    if stock.locks_on_space:
        text += (
            " While a Tableau pile is empty, the Stock turns one card only; it turns again once"
            " every empty pile is filled or the card of the Waste has been played."
        )
    if stock.redeals == 0:
        return text + " There is no redeal."
    if stock.redeal_from is RedealFrom.RESERVES:
        shuffle = ", shuffles them" if stock.redeal_shuffle else ""
        return text + (
            f" Once the Stock is empty, a redeal gathers every card left on the Reserve"
            f" piles{shuffle} and makes them the new Stock."
        )
    redeal = " When the Stock runs out, turn the Waste over to make a new Stock"
    if stock.redeal_shuffle:
        redeal = (
            " When the Stock runs out, a redeal gathers the cards of the Waste, shuffles them"
            " and makes them the new Stock"
        )
    if stock.redeals < 0:
        return f"{text}{redeal}, as often as you like."
    passes = _TIMES.get(stock.redeals + 1, f"{number(stock.redeals + 1)} times")
    return f"{text}{redeal}. You may go through the deck {passes} in all."


def _foundation_rules(spec: VariantSpec) -> list[str]:
    foundations = spec.foundations
    if not foundations.count:
        return ["There are no Foundations."]
    if foundations.whole_suits:
        return []
    phrase = build_phrase(foundations.build)
    if foundations.up_then_down:
        text = (
            f"Foundations are {phrase} from Ace to King. Once a Foundation reaches its King, it"
            " takes another King of that suit and then goes back down to the Ace in suit."
        )
    elif foundations.base is FoundationBase.ACE:
        text = f"Foundations are {phrase} from Ace to King."
    elif foundations.base is FoundationBase.TWO:
        text = f"Foundations are {phrase} from Two to Ace"
        text += ", with an Ace following a King." if foundations.build.wrap else "."
    elif foundations.base is FoundationBase.ANY:
        text = f"Foundations are {phrase}"
        text += (
            ", turning the corner: a King and an Ace are next to each other."
            if (foundations.build.wrap)
            else "."
        )
        text += " Any card may start an empty Foundation."
    else:
        text = f"Foundations are {phrase} from the base card"
        text += ", with an Ace following a King." if foundations.build.wrap else "."
        if foundations.base is FoundationBase.CHOSEN and not foundations.base_first:
            text += " The first card you put on a Foundation may be any card; its rank is the"
            text += " base rank."
        text += " Each empty Foundation must be started with a card of the base rank."
    if foundations.play_back and foundations.keep_base:
        text += (
            " Cards on the Foundations stay in play and can be moved back to the Tableau, except"
            " the base-rank cards that start each Foundation."
        )
    elif foundations.play_back:
        text += (
            " The top card of a Foundation stays in play and can be played back onto the Tableau."
        )
    else:
        text += " Cards on the Foundations are out of play."
    rules = [text]
    if spec.tableau.runs_to_foundation:
        rules.append(
            "To save clicks, a run of cards of one suit can be moved onto its Foundation in a"
            " single move."
        )
    return rules


def _reserve_rules(spec: VariantSpec) -> list[str]:
    reserves = spec.reserves
    if not reserves.count:
        return []
    where = "onto the Tableau or onto a Foundation"
    if reserves.to_foundations_only:
        where = "only onto the Foundations"
    if reserves.accepts:
        text = (
            "The top card of any Tableau pile may be placed in an empty reserve. A card in a"
            f" reserve can be played {where}."
        )
        if reserves.capacity > 1:
            text = (
                "A card from the Tableau or the Waste can be placed on any of the Reserve piles,"
                " whatever its rank. Each Reserve"
                + (
                    " pile can hold any number of cards."
                    if reserves.capacity >= 52 * spec.decks
                    else f" pile can hold at most {_cards(reserves.capacity)}."
                )
                + f" The top card of each Reserve pile can be played {where}."
            )
        return [text]
    return [
        f"The top card of each Reserve pile can be played {where}."
        " Nothing can be built on the Reserve."
    ]


def _assist_rule(spec: VariantSpec) -> str:
    text = ""
    if spec.tableau.double_click_sends_run:
        text += " Double-click a Tableau pile to send the longest run its Foundation takes there."
    if spec.tableau.double_click_to_tableau:
        text += (
            " Double-click a card on the Tableau or the Waste to send it to its Foundation when"
            " it fits there, or else onto the first Tableau pile that takes it."
        )
    if spec.foundations.double_click_sends_up:
        text += " Double-click a Foundation to send up every card that can go."
    return text.strip()


def change_text(changes: dict[str, Any]) -> str:
    """What a set of dotted-path overrides does, in words."""
    parts = []
    for path, value in sorted(changes.items()):
        if path == "stock.draw":
            parts.append(f"the Stock turns over {_cards(int(value))} each time")
        elif path == "tableau.empty":
            fill = {
                "king": "an empty Tableau pile takes only a King or a build starting with a King",
                "any": "an empty Tableau pile takes any card or build",
                "none": "an empty Tableau pile stays empty",
            }
            parts.append(fill.get(str(value), f"an empty Tableau pile takes {value}"))
        elif path == "suits" and isinstance(value, list | tuple):
            parts.append(_suits_only(value))
        elif path == "stock.redeals":
            parts.append(_redeals(int(value)).rstrip(".").lower() + " are allowed")
        else:
            parts.append(f"{path.replace('.', ' ').replace('_', ' ')} is {value}")
    return " and ".join(parts)


def option_text(option: Option) -> str:
    if not option.on and not option.off:
        return f"{option.label}: the standard game. {'On' if option.default else 'Off'} by default."
    text = f"{option.label}:"
    if option.on:
        text += f" when checked, {change_text(option.on)}"
    if option.off:
        text += ";" if option.on else ""
        text += f" when unchecked, {change_text(option.off)}"
    return f"{text}. {'On' if option.default else 'Off'} by default."


def scoring(spec: VariantSpec) -> list[str]:
    kind = spec.scoring.kind
    if kind is ScoringKind.NONE:
        return ["There is no scoring."]
    if kind is ScoringKind.POINTS:
        first = " ".join(_point_rules(spec))
    elif kind is ScoringKind.SEQUENCES:
        first = (
            "When the cards are dealt, every run of cards going down in suit scores one point per"
            " card. Every move within the Tableau scores a point for every card in the newly"
            " created sequence. A point is also scored for every card placed onto a Foundation."
        )
    elif kind is ScoringKind.TABLEAU_CARDS_REMOVED:
        first = "Each card removed from the Tableau scores one point."
    elif kind is ScoringKind.FOUNDATION_CARDS_ON_CARDS:
        first = "Every card placed on top of another card on a Foundation is worth one point."
    elif kind is ScoringKind.FOUNDATION_CARDS_PLACED:
        foundations = spec.foundations
        starters = "cards"
        if foundations.start_with_aces or foundations.start_with_base:
            rank = "Aces" if foundations.start_with_aces else "Twos"
            starters = f"{number(4 * spec.decks)} {rank}"
        first = (
            "You score one point for each card you put on a Foundation; the"
            f" {starters} that start there score nothing."
        )
    else:
        first = "Every card placed on a Foundation is worth one point."
    return [first, f"Maximum possible score: {spec.scoring.max}"]


_PAIR_RELATION = {
    SuitRule.SAME_SUIT: "of the same suit",
    SuitRule.ALTERNATE_COLOUR: "of the other color",
    SuitRule.SAME_COLOUR: "of the same color",
    SuitRule.DIFFERENT_SUIT: "of another suit",
    SuitRule.ANY: "of any suit",
}


def _points(n: int) -> str:
    return f"{number(n)} point{'s' if n != 1 else ''}"


def _point_rules(spec: VariantSpec) -> list[str]:
    """Each `points` weight in the words `generator/prose/outcome.py` reads."""
    points = spec.scoring
    found = []
    if points.foundation_card:
        found.append(f"Each card on a Foundation scores {_points(points.foundation_card)}.")
    if points.foundation_complete:
        found.append(
            "Each Foundation completed from Ace to King scores"
            f" {number(points.foundation_complete)} more."
        )
    if points.pair:
        relation = _PAIR_RELATION[points.pair_suit]
        if points.pair_suit is SuitRule.SAME_SUIT:
            found.append(
                f"You score {_points(points.pair)} for each card in the Tableau that lies on the"
                " next higher card of the same suit."
            )
        else:
            found.append(
                f"In the Tableau, every face-up card resting on a card {relation} one rank"
                f" higher adds {_points(points.pair)}."
            )
    if points.tableau_suit:
        found.append(
            f"You score {_points(points.tableau_suit)} for each pile that is a complete suit"
            " from King to Ace."
        )
    if points.turned_card:
        found.append(
            f"You also earn {_points(points.turned_card)} for each face-down card you turn over."
        )
    return found


def strategy(spec: VariantSpec) -> str:
    tips = ["Plan ahead: before each move, look for the play that frees the most cards."]
    if any(spec.tableau.face_down):
        tips.append("Turn over face-down cards early; the cards you need are often under them.")
    if spec.reserves.accepts:
        tips.append("Free reserves are precious: keep one empty whenever you can.")
    if spec.tableau.empty is EmptyFill.KING:
        tips.append("Do not empty a Tableau pile unless a King is ready to fill it.")
    if stock_cards(spec) > 0 and spec.stock.redeals == 0:
        tips.append("You go through the Stock only once, so use each card before turning the next.")
    return " ".join(tips)
