"""A slow, plain move generator written straight from the `Rules` fields.

It is the engine's original generator (with the pyramid cover fix), kept as an oracle: the
fast `State.legal_moves` must produce the same set of moves in every position.
"""

from __future__ import annotations

from runtime.engine.cards import DECK_SIZE, FACE_DOWN, RANK, SUIT
from runtime.engine.moves import DEAL, REDEAL, Move
from runtime.engine.rules import Accepts, GroupLimit, GroupMove, PileKind, StockTarget
from runtime.engine.state import State


def _group_size(state: State, pile: tuple[int, ...]) -> int:
    policy = state.rules.group_move
    if policy is GroupMove.ONE:
        return 1
    size = 1
    while size < len(pile):
        lower = pile[-size - 1]
        if lower >= FACE_DOWN:
            break
        if policy in (GroupMove.BUILD, GroupMove.SAME_SUIT_RUN, GroupMove.WHOLE_PILE):
            tab = state.tables.tableau
            assert tab is not None
            if not tab[lower * DECK_SIZE + pile[-size]]:
                break
            if policy is GroupMove.SAME_SUIT_RUN and SUIT[lower] != SUIT[pile[-size]]:
                break
        size += 1
    return size


def _space_accepts(state: State, pile: int) -> Accepts | None:
    """What may start empty tableau pile `pile`: its hole rule (Bear River) or the usual one."""
    rules = state.rules
    if pile - state.layout.tableau[0] in rules.tableau_holes:
        return rules.tableau_hole_accepts
    return rules.tableau_empty_accepts


def _group_limit(state: State, to_empty: bool) -> int:
    limit = state.rules.group_limit
    if limit is GroupLimit.NONE:
        return DECK_SIZE
    free = sum(1 for r in state.layout.reserves if not state.piles[r])
    if limit is GroupLimit.FREE_RESERVES:
        return free + 1
    empty = sum(1 for t in state.layout.tableau if not state.piles[t]) - (1 if to_empty else 0)
    return (free + 1) << max(empty, 0)


def _back_down_takes(target: tuple[int, ...], card: int) -> bool:
    """A foundation built up to its 13th card takes that card again, then each card of the
    ascent in reverse, to 26 cards (`Rules.foundation_up_then_down`)."""
    ascent = target[:13]
    descent = len(target) - 13  # cards already on top of the ascent
    wanted = (ascent[-1], *reversed(ascent[:-1]))
    return descent < len(wanted) and wanted[descent] == card


def _continues(state: State, target: tuple[int, ...], card: int) -> bool:
    """`card` keeps the direction of `target`'s top two cards when they form a build
    (`Rules.tableau_fixed_direction`)."""
    table = state.tables.tableau
    if not state.rules.tableau_fixed_direction or len(target) < 2 or table is None:
        return True
    lower, top = target[-2], target[-1]
    if lower >= FACE_DOWN or not table[lower * DECK_SIZE + top]:
        return True
    return (RANK[card] - RANK[top]) % 13 == (RANK[top] - RANK[lower]) % 13


def reference_moves(state: State) -> set[Move]:
    if state.is_won():
        return set()
    rules, layout, tables, piles = state.rules, state.layout, state.tables, state.piles
    if rules.base_first and not state.base:  # the first move chooses the base (Glenwood)
        return {
            Move.transfer(src, layout.foundations[0])
            for src, pile in enumerate(piles)
            if pile
            and pile[-1] < FACE_DOWN
            and layout.kinds[src] is not PileKind.FOUNDATION
            and (not rules.base_from or layout.kinds[src] in rules.base_from)
        } | ({DEAL} if rules.base_choices and state.redeals_left and piles[layout.stock] else set())
    # Glenwood: the waste fills a space only once every reserve is empty.
    waste_waits = rules.tableau_waste_fills_last and any(piles[r] for r in layout.reserves)
    kinds = layout.kinds
    moves: set[Move] = set()
    first = layout.tableau[0] if layout.tableau else 0
    for src, pile in enumerate(piles):
        if not pile or pile[-1] >= FACE_DOWN:
            continue
        top = pile[-1]
        kind = kinds[src]
        if kind is PileKind.FOUNDATION and (not rules.foundation_play_back or not tables.tableau):
            continue
        if kind is PileKind.FOUNDATION and rules.foundation_keeps_base and len(pile) == 1:
            continue
        if kind is PileKind.WASTE and tables.waste is not None:
            continue
        if (
            kind is PileKind.TABLEAU
            and rules.covered_by
            and any(piles[first + c] for c in rules.covered_by[src - first])
        ):
            continue
        if (
            kind is PileKind.RESERVE
            and rules.reserve_covered_by
            and any(
                piles[layout.reserves[c]]
                for c in rules.reserve_covered_by[src - layout.reserves[0]]
            )
        ):
            continue
        if tables.foundation is not None and kind is not PileKind.FOUNDATION:
            for dst in layout.foundations:
                target = piles[dst]
                if rules.foundation_up_then_down and len(target) >= 13:
                    ok = _back_down_takes(target, top)
                elif target:
                    ok = tables.foundation[target[-1] * DECK_SIZE + top]
                elif rules.foundation_up_then_down and any(
                    piles[f] and SUIT[piles[f][0]] == SUIT[top] for f in layout.foundations
                ):
                    ok = False  # each suit has one foundation
                else:
                    ok = tables.foundation_empty is not None and tables.foundation_empty[top]
                if not ok:
                    continue
                moves.add(Move.transfer(src, dst))
                if rules.runs_to_foundation and kind is PileKind.TABLEAU:
                    for n in range(2, len(pile) + 1):
                        card, previous = pile[-n], pile[-n + 1]
                        if card >= FACE_DOWN or not tables.foundation[previous * DECK_SIZE + card]:
                            break
                        moves.add(Move.transfer(src, dst, n))
        if rules.foundations_take_suits and kind is PileKind.TABLEAU and len(pile) >= 13:
            run = pile[-13:]
            king = run[0]
            if king < FACE_DOWN and king % 13 == 12 and run == tuple(range(king, king - 13, -1)):
                empty = [f for f in layout.foundations if not piles[f]]
                if empty:
                    moves.add(Move.transfer(src, empty[0], 13))
        if tables.waste is not None and kind is PileKind.TABLEAU:
            target = piles[layout.waste]
            if target and tables.waste[target[-1] * DECK_SIZE + top]:
                moves.add(Move.transfer(src, layout.waste))
        if tables.tableau is not None and not (
            rules.reserve_to_foundations_only and kind is PileKind.RESERVE
        ):
            group = _group_size(state, pile) if kind is PileKind.TABLEAU else 1
            # The top card or the whole face-up part (Westhaven), nothing in between.
            whole_only = rules.group_move is GroupMove.TOP_OR_FACE_UP
            for dst in layout.tableau:
                if dst == src:
                    continue
                target = piles[dst]
                # A pile may hold at most `tableau_capacity` cards (Eagle Wing).
                room = rules.tableau_capacity - len(target) if rules.tableau_capacity else group
                if target:
                    for n in range(1, min(group, room, _group_limit(state, False)) + 1):
                        if whole_only and 1 < n < group:
                            continue
                        if (
                            rules.group_move is GroupMove.WHOLE_PILE
                            and kind is PileKind.TABLEAU
                            and n < len(pile)
                        ):
                            continue  # only a whole pile goes onto another
                        if tables.tableau[target[-1] * DECK_SIZE + pile[-n]] and (
                            _continues(state, target, pile[-n])
                        ):
                            moves.add(Move.transfer(src, dst, n))
                elif (
                    (space := _space_accepts(state, dst)) is not None
                    and (not rules.tableau_empty_from or kind in rules.tableau_empty_from)
                    and not (waste_waits and kind is PileKind.WASTE)
                ):
                    most = min(group, room, _group_limit(state, True))
                    if kind is PileKind.TABLEAU:
                        most = min(most, len(pile) - 1)
                    for n in range(1, most + 1):
                        if whole_only and 1 < n < group:
                            continue
                        if space(pile[-n], state.base):
                            moves.add(Move.transfer(src, dst, n))
        if rules.reserves_accept and kind in (PileKind.TABLEAU, PileKind.WASTE):
            for dst in layout.reserves:
                if len(piles[dst]) < rules.reserve_capacity:
                    moves.add(Move.transfer(src, dst))
    stock = piles[layout.stock]
    # "Build on to the Waste ... whenever possible": no deal while a card fits the waste.
    builds_waste = rules.waste_build_first and any(m.dst == layout.waste for m in moves)
    if stock:
        if (
            stock[-1] >= FACE_DOWN
            and not builds_waste
            and not (
                rules.stock_fill_spaces_first
                and any(m.dst in layout.tableau and not piles[m.dst] for m in moves)
            )
            and not (rules.waste_capacity and len(piles[layout.waste]) >= rules.waste_capacity)
            and not (rules.stock_locks_on_space and state.redeals_left > 0)  # locked (Terrace)
            and (
                rules.stock_target is not StockTarget.TABLEAU
                or not rules.stock_needs_full_tableau
                or all(piles[t] for t in layout.tableau)
            )
        ):
            moves.add(DEAL)
    elif rules.redeal_from_reserves:
        if state.redeals_left != 0 and any(piles[r] for r in layout.reserves):
            moves.add(REDEAL)
    elif (
        layout.waste >= 0
        and piles[layout.waste]
        and state.redeals_left != 0
        and tables.waste is None
    ):
        moves.add(REDEAL)
    return moves
