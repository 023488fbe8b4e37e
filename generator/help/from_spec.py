"""English DocBook help for a game that only has a sidecar, written from its VariantSpec.

The page has the structure of the hand-written ones (sect1; Setup informaltable; Goal,
Rules, Options, Scoring, Strategy) so it is extracted, translated and rendered like them.
Where a rule reads the same as in the seed games, the sentence is theirs word for word:
an existing translation then applies to the generated page as well. The Rules and Scoring
sentences are in `spec_rules`, the Tableau's deal in `spec_deal`, shared words in `spec_words`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lxml import etree

from generator.diagnostics import Diagnostic, SpecError
from generator.help.spec_deal import tableau_deal
from generator.help.spec_rules import rules, scoring
from generator.help.spec_words import at_a_time, build_phrase, cards, number, stock_cards
from generator.spec.model import (
    EmptyFill,
    FoundationBase,
    GoalKind,
    Option,
    Place,
    Region,
    Reveal,
    StockEnd,
    StockTarget,
    SuitName,
    SuitRule,
    TableauLayout,
    VariantSpec,
)


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


def _redeals(n: int) -> str:
    if n < 0:
        return "Unlimited redeals."
    return "No redeals." if n == 0 else f"{number(n, True)} redeal{'s' if n > 1 else ''}."


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
            text += f" Can only hold {cards(spec.waste.capacity)}."
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
        text += f" Cards are turned onto the Waste {at_a_time(stock.draw)}."
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
            f"Two of them are stacks of {cards(deal[0])}, and the third is a single card"
            " lying across the tops of both: a stack's top card is free only once that single"
            " card is gone."
        )
    if count == 1:
        if not deal[0]:
            return "It starts empty."
        if reserves.reveal is Reveal.LAST and down[0] == deal[0]:
            return (
                f"Dealt {cards(deal[0])} face down. Its cards stay face down until only one is"
                " left, which is then turned face up and can be played."
            )
        if down[0] == deal[0] - 1 and down[0]:
            return f"Dealt {cards(deal[0])}. Only its top card is face up."
        return f"Dealt {cards(deal[0])} face up."
    if all(n == deal[0] for n in deal):
        return "They start empty." if deal[0] == 0 else f"Each dealt {cards(deal[0])} face up."
    half = [0] * (count // 2 - 1)
    if count % 2 == 0 and list(deal) == [*half, 1, 1, *half]:
        return "The two middle reserves are dealt a card face up; the others start empty."
    filled = sum(1 for n in deal if n)
    first = [1] * filled + [0] * (count - filled)
    if list(deal) == first:
        return f"The first {number(filled)} reserve piles are each dealt one card face up."
    return "They are dealt " + ", ".join(str(n) for n in deal) + " cards face up."


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
    text += tableau_deal(tableau.face_down, tableau.face_up, tableau.face_rows)
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


def change_text(changes: dict[str, Any]) -> str:
    """What a set of dotted-path overrides does, in words."""
    parts = []
    for path, value in sorted(changes.items()):
        if path == "stock.draw":
            parts.append(f"the Stock turns over {cards(int(value))} each time")
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
