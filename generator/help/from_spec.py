"""English DocBook help for a game that only has a sidecar, written from its VariantSpec.

The page has the structure of the hand-written ones (sect1; Setup informaltable; Goal,
Rules, Options, Scoring, Strategy) so it is extracted, translated and rendered like them.
Where a rule reads the same as in the seed games, the sentence is theirs word for word:
an existing translation then applies to the generated page as well.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from generator.diagnostics import Diagnostic, SpecError
from generator.prose.numbers import UNITS
from generator.spec.model import (
    Build,
    Direction,
    EmptyFill,
    FoundationBase,
    GoalKind,
    GroupLimit,
    GroupMove,
    Option,
    Place,
    Region,
    ScoringKind,
    StockEnd,
    StockTarget,
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
        etree.SubElement(root, "para").text = f"{spec.title} is played with one standard deck."
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


def _section(root: etree._Element, title: str, paras: list[str]) -> etree._Element:
    section = etree.SubElement(root, "sect2")
    etree.SubElement(section, "title").text = title
    for text in paras:
        etree.SubElement(section, "para").text = text
    return section


def stock_cards(spec: VariantSpec) -> int:
    dealt = sum(spec.tableau.face_down) + sum(spec.tableau.face_up) + sum(spec.reserves.deal)
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
        SuitRule.DIFFERENT_SUIT: "in a different suit",
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


def setup_rows(spec: VariantSpec) -> list[tuple[str, str]]:
    rows = [("Type of Deck", "Standard Deck")]
    left = stock_cards(spec)
    placement = spec.placement
    if left > 0:
        region = placement.stock.region
        text = "Top left. " if region is Region.TOP_LEFT else ""
        if region in _WHERE and region is not Region.TOP_LEFT:
            text = f"{_piles(1)}{_where(placement.stock, 1, 'Stock')}. "
        text += "Holds the cards left after the deal."
        if spec.stock.target is StockTarget.WASTE:
            text += f" Cards are turned onto the Waste {_at_a_time(spec.stock.draw)}."
        else:
            where = "Reserve" if spec.stock.target is StockTarget.RESERVES else "Tableau"
            text += f" Each deal from the Stock puts one card on each {where} pile."
        rows.append(("Stock", f"{text} {_redeals(spec.stock.redeals)}"))
    if spec.waste.present and left > 0:
        region = placement.waste.region
        where = "Beside the Stock. " if region is Region.BESIDE_STOCK else ""
        if region in _WHERE and region is not Region.BESIDE_STOCK:
            where = f"{_piles(1)}{_where(placement.waste, 1, 'Waste')}. "
        rows.append(("Waste", f"{where}Its top card is available for play."))
    foundations = spec.foundations
    if foundations.count:
        where = _where(placement.foundations, foundations.count, "Foundations")
        text = f"{_piles(foundations.count)}{where}"
        if foundations.base is FoundationBase.ACE:
            text += f", {build_phrase(foundations.build)} from Ace to King."
        elif foundations.base is FoundationBase.CHOSEN:
            text += f", {build_phrase(foundations.build)} from a base card of your choice."
        elif foundations.base is FoundationBase.ANY:
            text += f", {build_phrase(foundations.build)} from any card."
        else:
            text += ". After the deal, one more card is dealt to the first Foundation; its rank"
            text += " is the base card."
        rows.append(("Foundations", text))
    reserves = spec.reserves
    if reserves.count:
        kind = "free cell" if reserves.accepts else "pile"
        where = _where(placement.reserves, reserves.count, "Reserves")
        text = f"{_piles(reserves.count, kind)}{where}. {_reserve_deal(reserves.deal)}"
        if reserves.capacity == 1:
            text += " Each reserve holds one card."
        rows.append(("Reserves", text))
    rows.append(("Tableau", _tableau_setup(spec)))
    return rows


def _reserve_deal(deal: tuple[int, ...]) -> str:
    """Worded as the prose reader understands it, so the page reads back to the same deal."""
    count = len(deal)
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
    sizes = [d + u for d, u in zip(tableau.face_down, tableau.face_up, strict=True)]
    if tableau.layout is TableauLayout.PYRAMID:
        rows = 0
        while rows * (rows + 1) // 2 < tableau.count:
            rows += 1
        return (
            f"{number(tableau.count, True)} cards dealt face up in {number(rows)} overlapping rows"
            f" forming a pyramid: one card in the top row, two in the next, and so on to"
            f" {number(rows)} in the bottom row."
        )
    text = f"{_piles(tableau.count)}{_where(spec.placement.tableau, tableau.count)}."
    if sizes == list(range(1, len(sizes) + 1)) and len(sizes) > 2:
        text += (
            " The first pile gets one card, the second two, and so on up to"
            f" {number(len(sizes))} cards in the last pile."
        )
    elif sizes and all(n == sizes[0] for n in sizes):
        up = "face up " if not any(tableau.face_down) else ""
        text += f" {_cards(sizes[0]).capitalize()} are dealt {up}to each pile."
    else:
        text += " The piles are dealt " + ", ".join(str(n) for n in sizes) + " cards."
    if not any(tableau.face_down):
        text += " All cards are dealt face up."
    elif all(n == 1 for n in tableau.face_up):
        text += " Only the top card of each pile is face up."
    else:
        text += (
            " The rest are dealt face down, with "
            + ", ".join(str(n) for n in tableau.face_up)
            + " cards face up."
        )
    return text


def goal(spec: VariantSpec) -> str:
    if spec.goal.kind is GoalKind.ALL_TO_WASTE:
        text = "Move all cards to the Waste."
        if spec.goal.finish_stock_when_tableau_clear:
            text += " Once the Tableau is clear, the cards left in the Stock are turned onto"
            text += " the Waste automatically."
        return text
    if spec.goal.kind is GoalKind.TABLEAU_CLEARED:
        return "Clear the Tableau: move every card off it."
    if spec.goal.kind is GoalKind.SUITS_IN_TABLEAU:
        return (
            "Build every suit from King down to Ace in one pile, on the Tableau or on the"
            " Foundations."
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


def rules(spec: VariantSpec) -> list[str]:
    return [p for p in (_tableau_rule(spec), _waste_rule(spec), _stock_rule(spec)) if p] + [
        *_foundation_rules(spec),
        *_reserve_rules(spec),
    ]


def _tableau_rule(spec: VariantSpec) -> str:
    tableau = spec.tableau
    if tableau.build.direction is Direction.NONE:
        text = "Nothing can be built on the Tableau."
    else:
        text = f"The Tableau is {build_phrase(tableau.build)}"
        if tableau.build.wrap:
            # Building up, an Ace follows a King; building down, a King follows an Ace.
            up = tableau.build.direction is Direction.UP
            text += (
                ", and an Ace may be placed on a King"
                if up
                else ", and a King may be placed on an Ace"
            )
        text += "."
    if tableau.build.blocked_on_base:
        text += " No card may be placed on a card of the base rank."
    moves = {
        GroupMove.ONE: " Only the top card of a pile can be moved.",
        GroupMove.BUILD: " Any build of cards can be moved as a unit.",
        GroupMove.ANY_FACE_UP: " Any face-up card can be moved together with the cards on it.",
        GroupMove.SAME_SUIT_RUN: (
            " A run of cards that are all one suit and in order can be moved as a unit."
        ),
        GroupMove.TOP_OR_FACE_UP: (
            " Either the top card of a pile or all of its face-up cards together can be moved."
        ),
        GroupMove.WHOLE_PILE: (
            " Only a whole pile can be moved onto another Tableau pile; its top card alone can"
            " go elsewhere."
        ),
    }
    text += moves[tableau.group_move]
    if tableau.group_limit is GroupLimit.FREE_RESERVES:
        text += (
            " A build may be moved only if it has no more cards than the number of free"
            " reserves plus one; empty Tableau piles do not raise this limit."
        )
    elif tableau.group_limit is GroupLimit.FREE_RESERVES_AND_PILES:
        text += (
            " A build may be moved only if it has no more cards than the number of free"
            " reserves plus one, doubled for each empty Tableau pile."
        )
    return f"{text} {_EMPTY[tableau.empty]}"


def _waste_rule(spec: VariantSpec) -> str:
    build = spec.waste.build
    if not spec.waste.present or build.direction is Direction.NONE:
        return ""
    text = f"Free cards are played onto the Waste, {build_phrase(build)}."
    if build.wrap:
        text += " Ace and King are next to each other."
    if spec.waste.build_first:
        text += " Deal from the Stock onto the Waste only when no free card fits there."
    return text


def _stock_rule(spec: VariantSpec) -> str:
    stock = spec.stock
    if stock_cards(spec) <= 0:
        return "There is no Stock and no Waste." if not spec.waste.present else ""
    if stock.target is StockTarget.WASTE:
        text = (
            f"Cards are turned from the Stock onto the Waste {_at_a_time(stock.draw)}, and the"
            " top card of the Waste is in play."
        )
    else:
        where = "Reserve" if stock.target is StockTarget.RESERVES else "Tableau"
        text = f"Each deal from the Stock puts one card face up on every {where} pile."
    if stock.end is StockEnd.SPLIT_WASTE_AND_STOCK:
        text += (
            " When only two cards are left, they are dealt so that both can be played: one goes"
            " to the Waste and the other is turned face up on the Stock."
        )
    if stock.redeals == 0:
        return text + " There is no redeal."
    if stock.redeals < 0:
        return text + " When the Stock runs out, turn the Waste over to make a new Stock, as often"
        " as you like."
    passes = _TIMES.get(stock.redeals + 1, f"{number(stock.redeals + 1)} times")
    return (
        f"{text} When the Stock runs out, turn the Waste over to make a new Stock. You may go"
        f" through the deck {passes} in all."
    )


def _foundation_rules(spec: VariantSpec) -> list[str]:
    foundations = spec.foundations
    if not foundations.count:
        return ["There are no Foundations."]
    phrase = build_phrase(foundations.build).capitalize()
    if foundations.base is FoundationBase.ACE:
        text = f"Foundations are {phrase.lower()} from Ace to King."
    elif foundations.base is FoundationBase.ANY:
        text = f"Foundations are {phrase.lower()}. Any card may start an empty Foundation."
    else:
        text = f"Foundations are {phrase.lower()} from the base card"
        text += ", with an Ace following a King." if foundations.build.wrap else "."
        if foundations.base is FoundationBase.CHOSEN:
            text += " The first card you put on a Foundation may be any card; its rank is the"
            text += " base rank."
        text += " Each empty Foundation must be started with a card of the base rank."
    if foundations.play_back:
        text += (
            " The top card of a Foundation stays in play and can be played back onto the Tableau."
        )
    rules = [text]
    if spec.tableau.runs_to_foundation:
        rules.append(
            "To save clicks, a run of cards of one suit can be moved onto its Foundation in a"
            " single move."
        )
    return rules


def _reserve_rules(spec: VariantSpec) -> list[str]:
    if not spec.reserves.count:
        return []
    if spec.reserves.accepts:
        return [
            "The top card of any Tableau pile may be placed in an empty reserve. A card in a"
            " reserve can be played onto the Tableau or onto a Foundation."
        ]
    return [
        "The top card of each Reserve pile can be played onto the Tableau or onto a Foundation."
        " Nothing can be built on the Reserve."
    ]


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
        elif path == "stock.redeals":
            parts.append(_redeals(int(value)).rstrip(".").lower() + " are allowed")
        else:
            parts.append(f"{path.replace('.', ' ').replace('_', ' ')} is {value}")
    return " and ".join(parts)


def option_text(option: Option) -> str:
    text = f"{option.label}:"
    if option.on:
        text += f" when checked, {change_text(option.on)}"
    if option.off:
        text += ";" if option.on else ""
        text += f" when unchecked, {change_text(option.off)}"
    return f"{text}. {'On' if option.default else 'Off'} by default."


def scoring(spec: VariantSpec) -> list[str]:
    if spec.scoring.kind is ScoringKind.NONE:
        return ["There is no scoring."]
    if spec.scoring.kind is ScoringKind.TABLEAU_CARDS_REMOVED:
        first = "Each card removed from the Tableau scores one point."
    else:
        first = "Every card placed on a Foundation is worth one point."
    return [first, f"Maximum possible score: {spec.scoring.max}"]


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
