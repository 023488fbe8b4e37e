"""What the solver derives once per (rules, base rank): lookup tables and symmetries.

Everything here is read from `Rules` and the engine's compiled `Tables`, so a new generated
game gets a solver model without code changes; anything the model cannot prove safe or
symmetric is simply treated as neither.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from runtime.engine.cards import DECK_SIZE, RANK
from runtime.engine.layout import Layout, Tables, layout_for, plan_for, tables_for
from runtime.engine.rules import Goal, GroupLimit, GroupMove, Refill, Rules, StockTarget

Cards = tuple[int, ...]


# One Model per (rules, base), made by `model_for`: identity is equality, and look-ups
# keyed by a model must not hash its tables (about 0.1 ms a time).
@dataclass(frozen=True, slots=True, eq=False)
class Model:
    rules: Rules
    layout: Layout
    tables: Tables
    # Pile index ranges (layout order is stock, waste, foundations, tableau, reserves).
    f0: int
    f1: int
    t0: int
    t1: int
    r0: int
    r1: int
    # Per card: the cards it may be placed on in the tableau / on a foundation.
    hosts: tuple[Cards, ...]
    foundation_hosts: tuple[Cards, ...]
    foundation_start: tuple[bool, ...]
    tableau_start: tuple[bool, ...] | None
    # Per card: cards that must already be on the foundations before the card may be sent
    # there automatically (None: never automatic).
    safe_needs: tuple[Cards | None, ...]
    waste_autoplay: bool
    # Symmetries: which pile groups may be sorted in a canonical key.
    tableau_symmetric: bool
    tableau_symmetric_dealt: bool  # ... once the stock is dealt out for good
    reserves_symmetric: bool
    foundations_by_top: bool  # a foundation's content follows from its top card
    waste_top_only: bool  # the waste is a target only: only its top card matters
    group_limit: GroupLimit
    group_move: GroupMove
    # Per (lower, upper) pair: whether ``upper`` moves together with ``lower`` beneath it
    # (the tableau's build, of one suit where only such runs move; None: any face-up cards).
    group_table: tuple[bool, ...] | None


def hosts_in(table: tuple[bool, ...] | None) -> tuple[Cards, ...]:
    """Per card, the cards a build table lets it go onto."""
    if table is None:
        return ((),) * DECK_SIZE
    return tuple(
        tuple(lower for lower in range(DECK_SIZE) if table[lower * DECK_SIZE + upper])
        for upper in range(DECK_SIZE)
    )


def _safe_needs(rules: Rules, tables: Tables, base: int) -> tuple[Cards | None, ...]:
    """A card may go to its foundation automatically when no line could still want it.

    Without play-back, a card's only use outside the foundations is as a host for the cards
    that build on it; once those are all home it is dead weight. With play-back, home cards
    can come back down, so a card needs home the smallest set X holding it that is closed
    under "a card that builds on a card of X in the tableau" and "a card below a card of X
    on its foundation chain" (ranks must not wrap). That is sound: take any line from the
    position before the move and drop every move of a card of X from it. No other card is
    ever placed on a card of X (it would build on it, so be in X), so cards of X only lie on
    top of other cards, alone in a pile or in cells; without them every other move stays
    legal (same tops, at least as many free cells and empty piles, a shorter run), and each
    foundation holds the same cards up to X's, which lie below the others (X is closed
    downwards). So if the line wins, the line without X's moves wins with X home.
    Building in suit (Seahaven) X is the card's own chain, which is home anyway: every
    foundation move is safe. Alternating colours (Saratoga) it is nearly every lower rank.
    A building waste would be a second use for the card, so then nothing is automatic.
    """
    if (
        tables.foundation is None
        or rules.waste_builds is not None
        or rules.goal is not Goal.ALL_TO_FOUNDATIONS
        or rules.decks != 1  # equal cards: "the card above is home" could mean its twin
        or rules.foundations_take_suits
        or rules.foundation_up_then_down  # "home" is no longer a chain of ranks
        or rules.tableau_refill is not Refill.NONE  # emptying a pile has a side effect
        or rules.stock_fill_spaces_first  # a pile emptied by going home can stop the deal
        or rules.stock_locks_on_space  # a pile emptied by going home can lock the stock
        or rules.waste_refill_from_stock  # the waste's card going home deals the next one
        or rules.redeal_shuffles  # the cards left out of the gathering seed the new stock
    ):
        return (None,) * DECK_SIZE
    if rules.foundation_play_back and (rules.base_from_deal or base != 1):
        return (None,) * DECK_SIZE
    if rules.base_chosen and not base:
        return (None,) * DECK_SIZE  # a first foundation card chooses the base: never automatic
    tab = tables.tableau
    builders = tuple(
        tuple(u for u in range(DECK_SIZE) if tab is not None and tab[card * DECK_SIZE + u])
        for card in range(DECK_SIZE)
    )
    f_table = tables.foundation
    chain_below = tuple(
        tuple(lower for lower in range(DECK_SIZE) if f_table[lower * DECK_SIZE + card])
        for card in range(DECK_SIZE)
    )
    # Foundations built up or down, or started by any card (Eliminator): where a card goes
    # decides what its foundation takes next, so no foundation move is safe.
    starts = tables.foundation_empty
    if (starts is not None and all(starts)) or any(
        len({RANK[lower] for lower in below}) > 1 for below in chain_below
    ):
        return (None,) * DECK_SIZE
    needs: list[Cards | None] = []
    for card in range(DECK_SIZE):
        need: set[int] = set(builders[card])
        if rules.foundation_play_back:
            need = {card}
            todo = [card]
            while todo:
                c = todo.pop()
                for u in builders[c] + chain_below[c]:
                    if u not in need:
                        need.add(u)
                        todo.append(u)
        need.discard(card)
        needs.append(tuple(sorted(need)))
    return tuple(needs)


@cache
def model_for(rules: Rules, base: int) -> Model:
    layout = layout_for(rules)
    tables = tables_for(rules, base)
    first_f = layout.foundations[0] if layout.foundations else len(layout.kinds)
    first_t = layout.tableau[0] if layout.tableau else first_f + len(layout.foundations)
    first_r = layout.reserves[0] if layout.reserves else first_t + len(layout.tableau)
    foundation_hosts = hosts_in(tables.foundation)
    empty_accepts = tables.foundation_empty or (False,) * DECK_SIZE
    return Model(
        rules=rules,
        layout=layout,
        tables=tables,
        f0=first_f,
        f1=first_f + len(layout.foundations),
        t0=first_t,
        t1=first_t + len(layout.tableau),
        r0=first_r,
        r1=first_r + len(layout.reserves),
        hosts=hosts_in(tables.tableau),
        foundation_hosts=foundation_hosts,
        foundation_start=tuple(empty_accepts),
        tableau_start=tables.tableau_empty,
        safe_needs=_safe_needs(rules, tables, base),
        # Taking the waste's top card early shifts later three-card deals: only safe when
        # dealing one at a time or when the waste will never be turned over again.
        waste_autoplay=rules.stock_draw == 1 or rules.redeals == 0,
        tableau_symmetric=not rules.covered_by
        and rules.stock_target is not StockTarget.TABLEAU
        and not rules.tableau_holes,  # a hole takes what other spaces do not
        tableau_symmetric_dealt=not rules.covered_by and not rules.tableau_holes,
        reserves_symmetric=rules.reserves_accept and rules.stock_target is not StockTarget.RESERVES,
        # Going back down, a foundation's King may be its 13th card or its 14th.
        foundations_by_top=all(len(h) <= 1 for h in foundation_hosts)
        and not rules.foundation_up_then_down,
        waste_top_only=rules.waste_builds is not None,
        group_limit=rules.group_limit,
        group_move=rules.group_move,
        group_table=plan_for(rules, base).group_table,
    )


def open_free_cell_family(model: Model) -> bool:
    """Whether ``model``'s game is an open free-cell-family game by its rules: one deck dealt
    face up with no stock, single cards or built runs moving between tableau piles that
    nothing limits, reserves that hold at most one card each, everything to go home. The
    searches that need more say so (`cells.cells_supported`, `meta_moves.py`)."""
    rules = model.rules
    layout = model.layout
    return (
        not layout.has_stock
        and layout.waste < 0
        and not rules.covered_by
        and rules.decks == 1
        and rules.goal is Goal.ALL_TO_FOUNDATIONS
        and rules.tableau_refill is Refill.NONE
        and not rules.tableau_capacity
        and not rules.tableau_holes
        and not rules.foundations_take_suits
        and all(down == 0 for down, _ in rules.tableau_deal)
        and not any(rules.tableau_face_rows)
        and not any(rules.reserve_face_down)
        and model.tables.foundation is not None
        and model.tables.tableau is not None
        and rules.group_move in (GroupMove.ONE, GroupMove.BUILD)
        and (not rules.reserves_accept or rules.reserve_capacity == 1)
    )
