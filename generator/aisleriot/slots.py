"""Matching Helpdeck's piles to Aisleriot's slots from a fresh deal of both sides.

1. A pile that holds cards at the deal matches the slot with the same count and the same
   face-down pattern; piles and slots alike are taken in order (pile index, slot id).
2. The empty ones (foundations, free cells, the waste) are told apart by what they take:
   Helpdeck's deal is set into Aisleriot with the slots matched so far, and each empty slot
   gets the empty pile whose legal drags (source pile, card count) are most like the drags
   Aisleriot accepts onto that slot; ties go in order.
3. The sidecar's ``aisleriot.slots`` fixes any pile by name first, and ``aisleriot.stacks``
   a pile Aisleriot keeps as a column of one-card slots (its first slot stands for it).

A Helpdeck pile with no slot must stay empty (FreeCell's stock); a slot with cards and no
pile is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from generator.aisleriot.guile import Aisleriot
from generator.aisleriot.target import Target, TargetError
from runtime.engine import MoveKind, State

Signature = tuple[bool, ...]


def _signature(cards: tuple[int, ...]) -> Signature:
    return tuple(card >= 64 for card in cards)


def match_slots(ar: Aisleriot, target: Target, options: Mapping[str, bool] | None = None) -> Target:
    """``target`` with its slot map for ``options`` (the defaults when None: an option that
    changes the number of piles changes the map); Aisleriot is left loaded with a fresh deal."""
    theirs = dict(ar.load(target.scheme))
    state = State.new(target.game, options)
    labels = target.config.options
    if options is not None and labels:
        ar.set_options({labels[name]: on for name, on in state.options.items() if name in labels})
        theirs = dict(ar.new_game())
    names = state.layout.names
    pinned, columns = target.config.slots, target.config.stacks
    for field, named in (("slots", pinned), ("stacks", columns)):
        unknown = sorted(set(named) - set(names))
        if unknown:
            raise TargetError(f"aisleriot.{field} names no pile of this game: {', '.join(unknown)}")
    slots: dict[int, int | None] = {}
    stacks: list[tuple[int, ...]] = [() for _ in names]
    for pile, name in enumerate(names):
        if name in pinned:
            if pinned[name] not in theirs:
                raise TargetError(f"aisleriot.slots.{name}: Aisleriot has no slot {pinned[name]}")
            slots[pile] = pinned[name]
        if name in columns:
            missing = [s for s in columns[name] if s not in theirs]
            if missing:
                raise TargetError(f"aisleriot.stacks.{name}: Aisleriot has no slots {missing}")
            stacks[pile] = columns[name]
            slots[pile] = columns[name][0]
    taken = set(slots.values()) | {s for stack in stacks for s in stack}
    free = [slot for slot in sorted(theirs) if slot not in taken]
    piles = [
        p
        for p in range(len(names))
        if p not in slots and (p != state.layout.stock or state.layout.has_stock)
    ]
    for pile in [p for p in piles if state.piles[p]]:
        wanted = _signature(state.piles[pile])
        slot = next((s for s in free if _signature(theirs[s]) == wanted), None)
        if slot is None:
            raise TargetError(
                f"no Aisleriot slot of {target.scheme} matches {names[pile]} "
                f"({len(wanted)} cards, {sum(wanted)} face down) in a fresh deal; "
                "give it in the sidecar as aisleriot.slots"
            )
        slots[pile] = slot
        free.remove(slot)
    stray = [s for s in free if theirs[s]]
    if stray:
        raise TargetError(
            f"Aisleriot's slots {stray} hold cards at the deal but match no Helpdeck pile"
        )
    empty = [p for p in piles if p not in slots]
    if empty:
        _match_empty(ar, replace(target, stacks=tuple(stacks)), state, slots, empty, free)
    full = tuple(slots.get(p) for p in range(len(names)))
    return replace(target, slots=full, stacks=tuple(stacks) if columns else ())


def _match_empty(
    ar: Aisleriot,
    target: Target,
    state: State,
    slots: dict[int, int | None],
    empty: list[int],
    free: list[int],
) -> None:
    if len(free) < len(empty):
        names = ", ".join(state.layout.names[p] for p in empty)
        raise TargetError(f"Aisleriot has {len(free)} empty slots for the empty piles {names}")
    known = replace(target, slots=tuple(slots.get(p) for p in range(len(state.piles))))
    ar.set_slots(known.position(state.piles))
    for module, name, value in replace(target, slots=()).variables(state):
        ar.set_var(module, name, value)
    accepted: dict[int, set[tuple[int | None, int]]] = {slot: set() for slot in free}
    for src, n, dst, _droppable, ok, _changes, _score in ar.probe()["drops"]:
        if ok is True and dst in accepted:
            accepted[dst].add((known.pile_of(src), n))
    legal: dict[int, set[tuple[int | None, int]]] = {p: set() for p in empty}
    for move in state.legal_moves():
        if move.kind is MoveKind.TRANSFER and move.dst in legal:
            legal[move.dst].add((move.src, move.size))
    # Piles of kinds that take cards first (free cells before foundations before the waste),
    # so a slot taking any card goes to a reserve, not to an empty waste.
    order = sorted(empty, key=lambda p: (-len(legal[p]), p))
    for pile in order:
        best = max(
            free,
            key=lambda s: (
                -len(accepted[s] ^ legal[pile]),
                len(accepted[s] & legal[pile]),
                -free.index(s),
            ),
        )
        slots[pile] = best
        free.remove(best)
