"""Fields that contradict each other, or mean nothing beside another field's value.

Each check returns diagnostics made by `checks.consistency_diagnostics`' blame, which puts them
at the line that said the first field named. A contradiction (the game cannot be what the
fields say) is an error; a field that changes nothing where it stands (`fixed_direction` on a
build that goes one way) is a warning with code `pointless`, an error under `--strict`: it
is harmless, but the author meant something the game will not do.

A field counts as said when its value differs from the model's default: a default is what
every game has, and a base game's fields reach a variant with their values.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.diagnostics import Diagnostic, Level
from generator.spec.required import Values, cards, deck_count, stock_cards, value_reader

Blame = Callable[..., Diagnostic | None]
Check = Callable[[Values, Blame], list[Diagnostic | None]]

POINTLESS = "pointless"  # the code of a field that changes nothing; `--strict` fails on it
DEFAULT = value_reader({})


def _said(value: Values, path: str) -> bool:
    return _plain(value(path)) != _plain(DEFAULT(path))


def _plain(value: object) -> object:
    """Lists as tuples: a base game's values come as JSON lists, the defaults as tuples."""
    return tuple(_plain(v) for v in value) if isinstance(value, list | tuple) else value


def _int(value: Values, path: str) -> int:
    found = value(path)
    return found if isinstance(found, int) and not isinstance(found, bool) else 0


def _warn(
    blame: Blame, paths: tuple[str, ...], message: str, hint: str, needs: tuple[str, ...] = ()
) -> Diagnostic | None:
    """A pointless field: `paths[0]`, beside the fields in `needs` (when one of those has no
    source, its own error says so and proves nothing here)."""
    needs = (paths[0], *needs)
    return blame(paths, message, hint, needs=needs, level=Level.WARNING, code=POINTLESS)


def _present(value: Values) -> dict[str, bool]:
    """Which kinds of pile (`Source` values) the game has."""
    return {
        "tableau": bool(value("tableau.count")),
        "waste": bool(value("waste.present")),
        "reserve": bool(value("reserves.count")),
        "foundation": bool(value("foundations.count")),
        "stock": stock_cards(value) > 0,
    }


# The field that says whether the game has a kind of pile (`Source` values).
_SAYS_PRESENT = {
    "tableau": "tableau.count",
    "waste": "waste.present",
    "reserve": "reserves.count",
    "foundation": "foundations.count",
    "stock": "tableau.face_up",  # the deal leaves cards for it, or not
}


def _kinds(value: Values, path: str) -> list[str]:
    found = value(path)
    return [k for k in found if isinstance(k, str)] if isinstance(found, list | tuple) else []


def _foundations_fit_deck(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """With a base rank, a foundation starts only on a card of that rank (4 a deck) and holds
    13 cards (26 going up then down, one foundation per suit)."""
    count = _int(value, "foundations.count")
    if not count or value("foundations.base") == "any":
        return []
    if value("foundations.build.direction") == "up_or_down":  # no end to a pile
        return []
    decks = deck_count(value)
    twice = bool(value("foundations.up_then_down"))
    if twice and decks < 2:
        return [
            blame(
                ("foundations.up_then_down", "decks"),
                "a Foundation goes up to its King, then takes the other King of its suit and "
                "goes back down, but one deck has only one King of each suit",
                "play with two decks (decks: 2), or remove up_then_down",
            )
        ]
    starts = 4 * decks // (2 if twice else 1)
    holds = 26 if twice else 13
    if value("foundations.build.direction") == "none":
        holds = 1  # nothing goes on the card that starts a foundation
    if count > starts:
        return [
            blame(
                ("foundations.count", "decks"),
                f"there are {count} Foundations, but {_decks(decks)} can start only {starts}: "
                f"{count - starts} would never take a card",
                f"give {starts} Foundations (one per card of the base rank"
                f"{', one per suit' if twice else ''}), or play with more decks",
                needs=("foundations.count", "decks"),
            )
        ]
    if value("goal.kind") == "all_to_foundations" and count * holds < 52 * decks:
        return [
            blame(
                ("foundations.count", "decks", "goal.kind"),
                f"the goal is to move all {52 * decks} cards to the Foundations, but "
                f"{count} Foundations hold only {count * holds}",
                "build the Foundations (foundations.build.direction), or state the goal the game "
                "has"
                if holds == 1
                else f"give {52 * decks // holds} Foundations, or state the goal the game has",
                needs=("foundations.count", "decks", "goal.kind"),
            )
        ]
    return []


def _decks(decks: int) -> str:
    return "one deck" if decks == 1 else f"{decks} decks"


def _starting_cards(value: Values, blame: Blame) -> list[Diagnostic | None]:
    base = value("foundations.base")
    if value("foundations.start_with_aces") is True and base != "ace":
        return [
            blame(
                ("foundations.start_with_aces", "foundations.base"),
                f"the Aces start on the Foundations, but the foundation base is {base!r}",
                "build the Foundations from Ace (base: ace), or drop start_with_aces",
            )
        ]
    if value("foundations.start_with_base") is True and base != "two":
        return [
            blame(
                ("foundations.start_with_base", "foundations.base"),
                f"the cards of the base rank start on the Foundations, but the base is {base!r}, "
                "not a fixed rank other than the Ace",
                "with base: ace say start_with_aces; with a chosen or any base, drop "
                "start_with_base",
            )
        ]
    return []


# Fields that describe how the player chooses the base: -> what they say, in words.
_CHOOSING = {
    "foundations.base_first": "choosing the base is the first move",
    "foundations.base_from": "where the base card may come from",
    "stock.base_choices": "Stock cards turned while the base is open",
    "stock.fill_after_base": "spaces filled from the Stock once the base is chosen",
}


def _base_choice(value: Values, blame: Blame) -> list[Diagnostic | None]:
    base = value("foundations.base")
    if base == "chosen":
        return []
    return [
        blame(
            (path, "foundations.base"),
            f"{path} ({words}) needs a base the player chooses, but the base is {base!r}",
            f"say the first foundation card is the player's choice (foundations: {{base: "
            f"chosen}}), or remove {path.split('.')[-1]}",
        )
        for path, words in _CHOOSING.items()
        if _said(value, path)
    ]


def _holes(value: Values, blame: Blame) -> list[Diagnostic | None]:
    holes = value("tableau.holes")
    if not isinstance(holes, list | tuple) or not holes:
        if _said(value, "tableau.hole_empty"):
            return [
                _warn(
                    blame,
                    ("tableau.hole_empty",),
                    "says what fills an empty hole, but no Tableau pile is a hole",
                    "list the hole piles in tableau.holes, or remove hole_empty",
                )
            ]
        return []
    count = _int(value, "tableau.count")
    wrong = [h for h in holes if not isinstance(h, int) or not 1 <= h <= count]
    if wrong or len(set(holes)) != len(holes):  # `wrong` first: a list in it is unhashable
        what = f"pile {wrong[0]} is not one of the {count} Tableau piles" if wrong else ""
        return [
            blame(
                ("tableau.holes", "tableau.count"),
                f"the holes are piles {list(holes)}, but {what or 'a pile is named twice'}",
                f"number the holes 1 to {count}, each once",
            )
        ]
    if value("tableau.hole_empty") == value("tableau.empty"):
        return [
            _warn(
                blame,
                ("tableau.holes", "tableau.hole_empty"),
                f"an empty hole takes what any empty pile takes ({value('tableau.empty')!r}), so "
                "the holes are like the other piles",
                "say what fills an empty hole (tableau.hole_empty), or remove the holes",
                needs=("tableau.empty", "tableau.hole_empty"),
            )
        ]
    return []


def _covered_by(value: Values, blame: Blame) -> list[Diagnostic | None]:
    covers = value("reserves.covered_by")
    if not isinstance(covers, list | tuple) or not covers:
        return []
    count = _int(value, "reserves.count")
    if len(covers) != count:
        problem = f"lists {len(covers)} piles, but there are {count} Reserves"
    else:
        bad = [
            (number, c)
            for number, over in enumerate(covers, 1)
            for c in (over if isinstance(over, list | tuple) else [over])
            if not isinstance(c, int) or not 1 <= c <= count or c == number
        ]
        if not bad:
            return []
        number, pile = bad[0]
        what = "itself" if pile == number else f"Reserve {pile}, which does not exist"
        problem = f"says Reserve {number} is covered by {what}"
    return [
        blame(
            ("reserves.covered_by", "reserves.count"),
            f"covered_by {problem}",
            f"give one list per Reserve pile ({count}), each naming other Reserves 1 to {count}",
        )
    ]


def _empty_from(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if not _said(value, "tableau.empty_from"):
        return []
    kinds = _kinds(value, "tableau.empty_from")
    if value("tableau.empty") == "none" and not value("tableau.holes"):
        return [
            _warn(
                blame,
                ("tableau.empty_from", "tableau.empty"),
                "says where a space may be filled from, but a space stays empty",
                "remove empty_from, or say what fills a space (tableau.empty)",
                needs=("tableau.empty",),
            )
        ]
    present = _present(value)
    absent = [k for k in kinds if not present.get(k, True)]
    if absent and len(absent) == len(kinds):
        return [
            blame(
                ("tableau.empty_from", "tableau.empty"),
                f"a space may be filled only from {_names(absent)}, but the game has none: "
                "nothing can ever fill it",
                "name a kind of pile the game has, or say a space stays empty (empty: none)",
                needs=("tableau.empty_from", *(_SAYS_PRESENT[k] for k in absent)),
            )
        ]
    if absent:
        return [
            _warn(
                blame,
                ("tableau.empty_from",),
                f"names {_names(absent)}, which the game does not have",
                f"remove {', '.join(absent)} from empty_from",
                needs=tuple(_SAYS_PRESENT[k] for k in absent),
            )
        ]
    return []


def _names(kinds: list[str]) -> str:
    return " or ".join(f"the {k.capitalize()}" for k in kinds)


def _waste_fills_last(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if value("tableau.waste_fills_last") is not True:
        return []
    if "waste" not in _kinds(value, "tableau.empty_from") or not value("waste.present"):
        why, rests_on = "no space is filled from the Waste", "waste.present"
    elif not value("reserves.count"):
        why, rests_on = "there are no Reserves to empty first", "reserves.count"
    else:
        return []
    return [
        _warn(
            blame,
            ("tableau.waste_fills_last",),
            f"the Waste fills a space only once the Reserves are empty, but {why}",
            "remove waste_fills_last, or give the Reserves and a Waste that fills spaces",
            needs=(rests_on,),
        )
    ]


def _fixed_direction(value: Values, blame: Blame) -> list[Diagnostic | None]:
    direction = value("tableau.build.direction")
    if value("tableau.fixed_direction") is not True or direction == "up_or_down":
        return []
    return [
        _warn(
            blame,
            ("tableau.fixed_direction", "tableau.build.direction"),
            f"each pile keeps the direction of its first build, but the Tableau is built "
            f"{direction!r}, one way only",
            "build up or down (tableau.build.direction: up_or_down), or remove fixed_direction",
            needs=("tableau.build.direction",),
        )
    ]


def _redeal_details(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if value("stock.redeals") != 0:
        return []
    return [
        _warn(
            blame,
            (path, "stock.redeals"),
            f"says {words}, but there are no redeals",
            f"give the redeals (stock.redeals), or remove {path.split('.')[-1]}",
            needs=("stock.redeals",),
        )
        for path, words in (
            ("stock.redeal_shuffle", "a redeal shuffles the cards"),
            ("stock.redeal_from", "what a redeal gathers"),
        )
        if _said(value, path)
    ]


def _stock_details(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """Fields of a deal that the Stock's target makes meaningless."""
    target = value("stock.target")
    found: list[Diagnostic | None] = []
    if stock_cards(value) <= 0:
        return []
    if target != "waste" and _said(value, "stock.draw"):
        found.append(
            _warn(
                blame,
                ("stock.draw", "stock.target"),
                f"the Stock turns {value('stock.draw')} cards at a time onto the Waste, but it "
                f"deals to the {str(target).capitalize()}, one card a pile",
                "remove draw, or deal to the Waste (stock.target: waste)",
                needs=("stock.target",),
            )
        )
    if target == "waste" and _said(value, "stock.piles"):
        found.append(
            _warn(
                blame,
                ("stock.piles", "stock.target"),
                f"a deal covers the first {value('stock.piles')} piles, but the Stock deals "
                "to the Waste",
                "remove piles, or deal to the Tableau or Reserves (stock.target)",
                needs=("stock.target",),
            )
        )
    if target != "tableau" and value("stock.needs_full_tableau") is True:
        found.append(
            _warn(
                blame,
                ("stock.needs_full_tableau", "stock.target"),
                "no deal while a Tableau pile is empty, but the Stock deals to the "
                f"{str(target).capitalize()}",
                "remove needs_full_tableau, or deal to the Tableau (stock.target: tableau)",
                needs=("stock.target",),
            )
        )
    return found


def _group_limit(value: Values, blame: Blame) -> list[Diagnostic | None]:
    limit = value("tableau.group_limit")
    if limit == "none":
        return []
    if value("tableau.group_move") == "one":
        return [
            _warn(
                blame,
                ("tableau.group_limit", "tableau.group_move"),
                f"limits how many cards move together ({limit!r}), but cards move one at a time",
                "say which cards move together (tableau.group_move), or remove group_limit",
                needs=("tableau.group_move",),
            )
        ]
    if limit == "free_reserves" and not (value("reserves.count") and value("reserves.accepts")):
        return [
            blame(
                ("tableau.group_limit", "reserves.count"),
                "a group may hold one card more than the free reserves, but no Reserve takes a "
                "card: only one card can ever move",
                "say cards move one at a time (tableau.group_move: one), or give the free cells",
                needs=(
                    "tableau.group_limit",
                    "reserves.count",
                    *(("reserves.accepts",) if value("reserves.count") else ()),
                ),
            )
        ]
    return []


# Fields that only matter for a Reserve the player fills, or any Reserve at all.
_RESERVE_FIELDS = {
    "reserves.accepts": "the player may put cards on the Reserves",
    "reserves.capacity": "how many cards a Reserve holds",
    "reserves.reveal": "when a Reserve's face-down card turns up",
    "reserves.to_foundations_only": "Reserve cards play only to the Foundations",
}


def _reserve_details(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if not value("reserves.count"):
        return [
            _warn(
                blame,
                (path,),
                f"says {words}, but there are no Reserves",
                f"give the Reserves (reserves.count), or remove {path.split('.')[-1]}",
                needs=("reserves.count",),
            )
            for path, words in _RESERVE_FIELDS.items()
            if _said(value, path)
        ]
    found: list[Diagnostic | None] = []
    if _said(value, "reserves.capacity") and value("reserves.accepts") is not True:
        found.append(
            _warn(
                blame,
                ("reserves.capacity", "reserves.accepts"),
                f"a Reserve holds {value('reserves.capacity')} cards, but the player never puts "
                "a card on one",
                "remove capacity, or say the player may fill the Reserves (accepts: true)",
                needs=("reserves.accepts",),
            )
        )
    face_down = value("reserves.face_down")
    if value("reserves.reveal") == "last" and not (
        isinstance(face_down, list | tuple) and any(face_down)
    ):
        found.append(
            _warn(
                blame,
                ("reserves.reveal",),
                "a Reserve's last card turns up on its own, but no Reserve card is dealt face down",
                "give the face-down cards (reserves.face_down), or remove reveal",
            )
        )
    if value("reserves.to_foundations_only") is True and not value("foundations.count"):
        found.append(
            blame(
                ("reserves.to_foundations_only", "foundations.count"),
                "Reserve cards play only onto the Foundations, but there are none: they can "
                "never move",
                "give the Foundations, or let Reserve cards play onto the Tableau",
            )
        )
    return found


_FOUNDATION_FIELDS = {
    "foundations.build.direction": "how the Foundations are built",
    "foundations.play_back": "Foundation cards play back",
    "foundations.keep_base": "a Foundation's first card never leaves it",
    "foundations.double_click_sends_up": "a double-click on a Foundation sends cards up",
    "tableau.runs_to_foundation": "a run goes to its Foundation in one move",
    "tableau.double_click_sends_run": "a double-click sends a run to its Foundation",
}


def _foundation_details(value: Values, blame: Blame) -> list[Diagnostic | None]:
    if not value("foundations.count"):
        return [
            _warn(
                blame,
                (path, "foundations.count"),
                f"says {words}, but there are no Foundations",
                f"give the Foundations, or remove {path.split('.')[-1]}",
                needs=("foundations.count",),
            )
            for path, words in _FOUNDATION_FIELDS.items()
            if value(path) is True or (path.endswith("direction") and _said(value, path))
        ]
    found: list[Diagnostic | None] = []
    if value("foundations.keep_base") is True and value("foundations.play_back") is not True:
        found.append(
            _warn(
                blame,
                ("foundations.keep_base", "foundations.play_back"),
                "a Foundation's first card never leaves it, but no Foundation card ever leaves",
                "remove keep_base, or say Foundation cards play back (play_back: true)",
            )
        )
    if (
        value("tableau.double_click_sends_run") is True
        and value("tableau.runs_to_foundation") is not True
    ):
        found.append(
            _warn(
                blame,
                ("tableau.double_click_sends_run", "tableau.runs_to_foundation"),
                "a double-click sends a run to its Foundation, but runs never go there in one move",
                "say a run goes up in one move (tableau.runs_to_foundation: true), or remove "
                "double_click_sends_run",
            )
        )
    return found


def _waste_details(value: Values, blame: Blame) -> list[Diagnostic | None]:
    builds = value("waste.build.direction") not in (None, "none")
    if not value("waste.present"):
        paths = [p for p in ("waste.build.direction", "waste.build_first") if _said(value, p)]
        return [
            blame(
                (path, "waste.present"),
                "cards are built on the Waste, but there is no Waste",
                "give the Waste in the Setup table, or remove the Waste's build",
            )
            for path in paths[:1]
        ]
    if value("waste.build_first") is True and not builds:
        return [
            _warn(
                blame,
                ("waste.build_first", "waste.build.direction"),
                "building on the Waste comes first, but nothing is built on the Waste",
                "say how the Waste is built (waste.build), or remove build_first",
            )
        ]
    return []


_POINT_FIELDS = (
    "scoring.foundation_card",
    "scoring.foundation_complete",
    "scoring.pair",
    "scoring.tableau_suit",
    "scoring.turned_card",
)


def _points(value: Values, blame: Blame) -> list[Diagnostic | None]:
    kind = value("scoring.kind")
    said = [p for p in _POINT_FIELDS if _said(value, p)]
    if kind != "points":
        if kind != "sequences" and _said(value, "scoring.pair_suit"):
            said.append("scoring.pair_suit")
        return [
            _warn(
                blame,
                (path, "scoring.kind"),
                f"gives points for {path.split('.')[-1].replace('_', ' ')}, but the scoring "
                f"is {kind!r}",
                f"score by points (scoring.kind: points), or remove {path.split('.')[-1]}",
                needs=("scoring.kind",),
            )
            for path in said
        ]
    if not said:
        return [
            blame(
                ("scoring.kind",),
                "the score is a sum of points, but no rule gives any: it is always 0",
                "give the points (scoring.foundation_card, ...), or say 'There is no scoring'",
            )
        ]
    if "scoring.turned_card" in said and not cards(value, "tableau.face_down"):
        return [
            _warn(
                blame,
                ("scoring.turned_card", "tableau.face_down"),
                "gives points for each face-down card turned up, but none is dealt face down",
                "remove turned_card, or deal face-down cards",
            )
        ]
    return []


_BUILT_ON = {
    "tableau": "Tableau is built, but nothing is built on it",
    "foundations": "Foundations are built, but nothing is built on them",
    "waste": "Waste is built, but nothing is built on it",
}


def _idle_builds(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """Suit, wrap and blocked ranks of a build block whose direction is `none`."""
    found: list[Diagnostic | None] = []
    for pile in ("tableau", "foundations", "waste"):
        if value(f"{pile}.build.direction") != "none":
            continue
        for part in ("suit", "wrap", "blocked_on_base", "blocked_on_rank"):
            path = f"{pile}.build.{part}"
            if _said(value, path) and not (pile == "foundations" and _whole_suits(value)):
                found.append(
                    _warn(
                        blame,
                        (path, f"{pile}.build.direction"),
                        f"says how the {_BUILT_ON[pile]}",
                        f"give the build's direction ({pile}.build.direction), or remove {part}",
                        needs=(f"{pile}.build.direction",),
                    )
                )
    return found


def _one_card_piles(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """A Tableau pile that holds one card takes no card on it: its build never happens."""
    if _int(value, "tableau.capacity") != 1 or value("tableau.build.direction") == "none":
        return []
    return [
        _warn(
            blame,
            ("tableau.capacity", "tableau.build.direction"),
            "a Tableau pile holds at most one card, so nothing is ever built on one, but the "
            f"Tableau is built {value('tableau.build.direction')!r}",
            "raise the capacity, or say nothing is built on the Tableau (build.direction: none)",
            needs=("tableau.build.direction",),
        )
    ]


def _wrap_from_ace(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """A foundation built up from Ace to King never reaches a King with cards to come."""
    if value("foundations.build.wrap") is not True or value("foundations.base") != "ace":
        return []
    if value("foundations.build.direction") != "up" or value("foundations.up_then_down"):
        return []
    return [
        _warn(
            blame,
            ("foundations.build.wrap", "foundations.base"),
            "an Ace follows a King on the Foundations, but they are built up from Ace to King: "
            "the King is always the last card",
            "remove wrap, or give the base the Foundations start from (foundations.base)",
            needs=("foundations.base",),
        )
    ]


def _whole_suits(value: Values) -> bool:
    return value("foundations.whole_suits") is True


# Each kind of pile: whether the game has it, and the field that says so.
_COUNT_OF_KIND = {
    "stock": "tableau.face_up",
    "waste": "waste.present",
    "foundations": "foundations.count",
    "reserves": "reserves.count",
    "tableau": "tableau.count",
}
_PILES_OF_KIND: dict[str, Callable[[Values], bool]] = {
    "stock": lambda value: stock_cards(value) > 0,
    "waste": lambda value: bool(value("waste.present")),
    "foundations": lambda value: bool(value("foundations.count")),
    "reserves": lambda value: bool(value("reserves.count")),
    "tableau": lambda value: bool(value("tableau.count")),
}


def _placement(value: Values, blame: Blame) -> list[Diagnostic | None]:
    """A place for a kind of pile the game does not have; rows for a kind laid in one."""
    found: list[Diagnostic | None] = []
    for kind, present in _PILES_OF_KIND.items():
        said = [p for p in ("region", "split", "rows") if _said(value, f"placement.{kind}.{p}")]
        if said and not present(value):
            path = f"placement.{kind}.{said[0]}"
            found.append(
                _warn(
                    blame,
                    (path,),
                    f"places the {kind.capitalize()}, but the game has none",
                    f"remove placement.{kind}, or give the {kind.capitalize()}",
                    needs=(_COUNT_OF_KIND[kind],),
                )
            )
        elif "rows" in said and kind != "tableau":
            found.append(
                _warn(
                    blame,
                    (f"placement.{kind}.rows",),
                    f"lays the {kind.capitalize()} in rows, but only the Tableau is laid in rows",
                    f"remove placement.{kind}.rows",
                )
            )
    return found


COMBINATION_CHECKS: tuple[Check, ...] = (
    _foundations_fit_deck,
    _starting_cards,
    _base_choice,
    _holes,
    _covered_by,
    _empty_from,
    _waste_fills_last,
    _fixed_direction,
    _redeal_details,
    _stock_details,
    _group_limit,
    _reserve_details,
    _foundation_details,
    _waste_details,
    _points,
    _idle_builds,
    _wrap_from_ace,
    _one_card_piles,
    _placement,
)
