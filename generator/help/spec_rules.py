"""The Rules and Scoring sections of a help page written from a spec: a sentence for every rule
the spec holds, each in words the prose reader (`generator/prose/`) reads back to the same
value (`tests/generator/test_help_round_trip.py`)."""

from __future__ import annotations

from generator.help.spec_words import TIMES, at_a_time, build_phrase, cards, number, stock_cards
from generator.spec.model import (
    Direction,
    EmptyFill,
    FoundationBase,
    GroupLimit,
    GroupMove,
    RedealFrom,
    Refill,
    ScoringKind,
    Source,
    StockTarget,
    SuitRule,
    VariantSpec,
)

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
        text += f" A Tableau pile can hold at most {cards(tableau.capacity)}."
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
            f"Cards are turned from the Stock onto the Waste {at_a_time(stock.draw)}, and the"
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
    passes = TIMES.get(stock.redeals + 1, f"{number(stock.redeals + 1)} times")
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
                    else f" pile can hold at most {cards(reserves.capacity)}."
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
