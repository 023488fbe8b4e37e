"""The differences the help documents intend, recognised by what happens.

Each `Behaviour` is a predicate over one disagreement (the position, the move or action, and
which side allows what) with its reason from docs/differences.md. None looks at the game's
name or Aisleriot's file name; a disagreement that no behaviour explains is unexplained (a
Helpdeck bug, or a misread help page) and `helpdeck diff` prints it with a replay line.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.aisleriot.compare import Finding, Position, _helpdeck_results, _key, position_of
from generator.aisleriot.target import Target
from runtime.engine import DEAL, REDEAL, Move, PileKind, State
from runtime.engine.cards import FACE_DOWN, RANK
from runtime.engine.moves import MoveKind
from runtime.engine.rules import GroupLimit, GroupMove, Scoring
from runtime.engine.sequences import run_through


@dataclass(frozen=True, slots=True)
class Case:
    """One disagreement with what the behaviours need to judge it."""

    finding: Finding
    state: State
    target: Target
    before: Position

    def kind_of(self, slot: int) -> PileKind | None:
        pile = self.target.pile_of(slot)
        return None if pile is None else self.state.layout.kinds[pile]

    def helpdeck_results(self) -> list[Position]:
        return [after for after, _score in _helpdeck_results(self.state, self.target).values()]


@dataclass(frozen=True, slots=True)
class Behaviour:
    id: str
    reason: str  # from docs/differences.md
    applies: Callable[[Case], bool]


def _canonical(position: Position, case: Case) -> tuple[object, ...]:
    """The position with piles of one kind taken as a multiset: moves that only swap two
    piles of the same kind look like no move at all."""
    kinds = case.state.layout.kinds
    groups: dict[PileKind, list[tuple[int, ...]]] = {}
    stacks = case.target.stacks
    for pile, slot in enumerate(case.target.slots):
        if stacks and stacks[pile]:  # a pile kept as a column of one-card slots
            cards = tuple(c for s in stacks[pile] for c in position[s])
            groups.setdefault(kinds[pile], []).append(cards)
        elif slot is not None:
            groups.setdefault(kinds[pile], []).append(position[slot])
    return tuple(sorted((kind.value, tuple(sorted(piles))) for kind, piles in groups.items()))


def _dragged(before: Position, action: tuple[Any, ...]) -> Position:
    """The position after the drag alone: n cards from one slot onto another."""
    _, src, n, dst = action
    return {**before, src: before[src][:-n], dst: before[dst] + before[src][-n:]}


def autoplayed(ref: Position, theirs: Position, target: Target, state: State) -> bool:
    """``theirs`` is ``ref`` after some cards went from other piles up to the foundations."""
    if ref == theirs:
        return False
    foundations = {target.slot_of(p) for p in state.layout.foundations}
    for slot, cards in ref.items():
        up, down = (cards, theirs[slot]) if slot in foundations else (theirs[slot], cards)
        if down[: len(up)] != up:
            return False
    return True


def _aisleriot_drag(case: Case) -> tuple[Any, ...] | None:
    """Aisleriot's extra drag as the drag alone (before any autoplay it set off)."""
    action = case.finding.action
    if case.finding.kind != "aisleriot-only" or action is None or action[0] != "drag":
        return None
    return action


def _plain_result(case: Case) -> Position | None:
    """Aisleriot's result with any cards it then sent up by itself taken back."""
    theirs = case.finding.theirs
    action = _aisleriot_drag(case)
    if theirs is None or action is None:
        return theirs
    plain = _dragged(case.before, action)
    return plain if autoplayed(plain, theirs, case.target, case.state) else theirs


def _autoplay_after_move(case: Case) -> bool:
    ours, theirs = case.finding.ours, case.finding.theirs
    if ours is not None and theirs is not None:
        return autoplayed(ours, theirs, case.target, case.state)
    plain = _plain_result(case)
    return (
        plain is not None
        and plain != theirs
        and _key(plain) in {_key(after) for after in case.helpdeck_results()}
    )


def _no_change(case: Case) -> bool:
    """Also a double-click that Helpdeck ignores and Aisleriot answers by moving a lone card
    into an empty pile of the same kind."""
    plain = _plain_result(case)
    finding = case.finding
    return (
        (
            finding.kind == "aisleriot-only"
            or (finding.kind == "double-click" and finding.ours is None)
        )
        and plain is not None
        and _canonical(plain, case) == _canonical(case.before, case)
    )


def _other_empty_pile(case: Case) -> bool:
    plain = _plain_result(case)
    if case.finding.kind != "aisleriot-only" or plain is None:
        return False
    canonical = _canonical(plain, case)
    return canonical != _canonical(case.before, case) and any(
        canonical == _canonical(after, case) for after in case.helpdeck_results()
    )


def _drag_from(kind: PileKind, sizes: str, to: PileKind | None = None) -> Callable[[Case], bool]:
    def applies(case: Case) -> bool:
        action = _aisleriot_drag(case)
        if action is None or case.kind_of(action[1]) is not kind:
            return False
        if sizes == "several" and action[2] < 2:
            return False
        return to is None or case.kind_of(action[3]) is to

    return applies


def _foundation_play_back(case: Case) -> bool:
    return (
        _drag_from(PileKind.FOUNDATION, "any")(case) and not case.state.rules.foundation_play_back
    )


def _out_of_redeals(state: State) -> bool:
    return state.rules.redeals > 0 and state.redeals_left == 0 and not state.pile("s")


def _more_redeals(case: Case) -> bool:
    finding, state = case.finding, case.state
    if not _out_of_redeals(state):
        return False
    stock = case.target.slot_of(state.layout.stock)
    return finding.kind == "dealable" or (
        finding.kind == "aisleriot-only" and finding.action == ("click", stock)
    )


def _double_click(case: Case, kind: PileKind | None = None) -> bool:
    action = case.finding.action
    return (
        case.finding.kind == "double-click"
        and action is not None
        and (kind is None or case.kind_of(action[1]) is kind)
    )


def _to_free_cell(case: Case) -> bool:
    """Aisleriot's double-click put the card into an empty reserve (autoplay may follow), or,
    with every reserve full, did nothing."""
    if not _double_click(case):
        return False
    state, theirs, action = case.state, case.finding.theirs, case.finding.action
    assert action is not None
    reserves = state.layout.reserves
    if theirs is None:
        return bool(reserves) and all(state.piles[r] for r in reserves)
    slot = action[1]
    for pile in reserves:
        cell = case.target.slot_of(pile)
        if cell is None or cell == slot or case.before[cell] or not case.before[slot]:
            continue
        plain = _dragged(case.before, ("drag", slot, 1, cell))
        if plain == theirs or autoplayed(plain, theirs, case.target, state):
            return True
    return False


def _before_base_choice(case: Case) -> bool:
    """Aisleriot allowed a move while the help's first move, choosing the base, is still to
    be made."""
    state = case.state
    return case.finding.kind == "aisleriot-only" and state.rules.base_first and not state.base


def _choice_turn_not_dealable(case: Case) -> bool:
    """While the base is open the Stock turns cards to choose from: Aisleriot's deal button
    stays off, Helpdeck lists the turn as its deal."""
    state = case.state
    return case.finding.kind == "dealable" and bool(state.rules.base_choices) and not state.base


def _double_click_before_base(case: Case) -> bool:
    """Helpdeck's double-click put a card on a foundation and chose the base; Aisleriot's
    did nothing while the base was not chosen."""
    finding, state = case.finding, case.state
    return (
        _double_click(case)
        and state.rules.base_chosen
        and not state.base
        and finding.theirs is None
        and finding.ours is not None
    )


def _double_click_starts_foundation(case: Case) -> bool:
    """Helpdeck's double-click put the card on an empty foundation that takes any card;
    Aisleriot's did nothing."""
    finding, state = case.finding, case.state
    if not _double_click(case) or finding.theirs is not None or finding.ours is None:
        return False
    starts = state.tables.foundation_empty
    if starts is None or not all(starts):
        return False
    for pile in state.layout.foundations:
        slot = case.target.slot_of(pile)
        if slot is not None and not case.before[slot] and finding.ours[slot]:
            return True
    return False


def _stock_double_click(case: Case) -> bool:
    state = case.state
    if not _double_click(case, PileKind.STOCK) or case.finding.ours is not None:
        return False
    if DEAL not in state.legal_moves():
        return False
    after = state.clone()
    after.apply(DEAL)
    return case.finding.theirs == position_of(after, case.target)


def _deal_held_back(state: State) -> bool:
    """The stock has cards, but Helpdeck does not deal now."""
    return bool(state.pile("s")) and DEAL not in state.legal_moves()


def _aisleriot_deals(case: Case) -> bool:
    """Aisleriot would deal: its stock is dealable, or a click or double-click on it dealt."""
    stock = case.target.slot_of(case.state.layout.stock)
    return case.finding.kind == "dealable" or case.finding.action in (
        ("click", stock),
        ("double-click", stock),
    )


def _deal_while_waste_builds(case: Case) -> bool:
    """Aisleriot deals while a card fits the waste; the help builds the waste "whenever
    possible" (`waste_build_first`), so Helpdeck deals only when no card fits."""
    state = case.state
    if not state.rules.waste_build_first or not _deal_held_back(state):
        return False
    waste = state.layout.waste
    return any(m.dst == waste for m in state.legal_moves()) and _aisleriot_deals(case)


def _deal_past_spaces(case: Case) -> bool:
    """Aisleriot deals while a move could fill an empty tableau pile (Easthaven's code: once
    its stock and score add up to more than 45); the help fills spaces "if possible before
    dealing" (`stock.fill_spaces_first`), so Helpdeck deals only when no move fills one."""
    state = case.state
    if not state.rules.stock_fill_spaces_first or not _deal_held_back(state):
        return False
    tableau = state.layout.tableau
    fills_space = any(m.dst in tableau and not state.piles[m.dst] for m in state.legal_moves())
    return fills_space and _aisleriot_deals(case)


def _king_on_ace(case: Case) -> bool:
    """Aisleriot builds a King on an Ace in the tableau; the help's tableau build stops at
    the Ace (no wrap). The King may land on an Ace, or lie on one inside the group dragged:
    every step of the drag is one Helpdeck's build allows or a King on an Ace, and one is."""
    action = _aisleriot_drag(case)
    if action is None or case.kind_of(action[3]) is not PileKind.TABLEAU:
        return False
    _, src, n, dst = action
    moved = case.before[src]
    builds = case.state.rules.tableau_builds
    if len(moved) < n or builds is None:
        return False
    chain = [c & ~FACE_DOWN for c in (*case.before[dst][-1:], *moved[-n:])]
    steps = list(itertools.pairwise(chain))
    base = case.state.base
    wraps = [RANK[lo] == 1 and RANK[up] == 13 and not builds(lo, up, base) for lo, up in steps]
    fits = [w or builds(lo, up, base) for w, (lo, up) in zip(wraps, steps, strict=True)]
    return any(wraps) and all(fits)


def _helpdeck_only_transfer(case: Case) -> Move | None:
    """The pile-to-pile move of a finding Helpdeck allows and Aisleriot refuses, if it is one."""
    move = case.finding.move
    if case.finding.kind != "helpdeck-only" or move is None or move.src < 0 or move.dst < 0:
        return None
    return move


def _on_base_rank(case: Case) -> bool:
    """Helpdeck builds on a tableau card of the base rank, which Aisleriot refuses; the help
    states no such block. The card may be the one landed on, or one inside the group moved."""
    state, move = case.state, _helpdeck_only_transfer(case)
    if move is None:
        return False
    if state.layout.kinds[move.dst] is not PileKind.TABLEAU:
        return False
    chain = [*state.piles[move.dst][-1:], *state.piles[move.src][-move.size :]]
    return any(RANK[card & ~FACE_DOWN] == state.base for card in chain[:-1])


def _past_thirteen(case: Case) -> bool:
    """Helpdeck puts a card of the base rank on a foundation that already holds cards (its
    thirteenth card is the rank below the base, and the wrapping build goes on), which
    Aisleriot refuses; the help does not end a foundation there."""
    state, move = case.state, _helpdeck_only_transfer(case)
    if move is None:
        return False
    if state.layout.kinds[move.dst] is not PileKind.FOUNDATION or not state.piles[move.dst]:
        return False
    card = state.piles[move.src][-move.size] & ~FACE_DOWN
    return bool(state.base) and RANK[card] == state.base


def _foundation_double_click(case: Case) -> bool:
    """Aisleriot plays cards by itself on a foundation double-click where the help describes
    no such double-click (Helpdeck does nothing), or both send cards up and end apart."""
    ours, theirs = case.finding.ours, case.finding.theirs
    if not _double_click(case, PileKind.FOUNDATION):
        return False
    if not case.state.rules.foundation_double_click_sends_up:
        return ours is None
    target, state = case.target, case.state
    return (ours is None or autoplayed(case.before, ours, target, state)) and (
        theirs is None or autoplayed(case.before, theirs, target, state)
    )


def _help_play_back(case: Case) -> bool:
    """Helpdeck plays a foundation's top card back onto the tableau, which Aisleriot refuses;
    the help says the foundation cards stay in play (Seahaven's and Baker's Game's "still in
    play")."""
    state, move = case.state, _helpdeck_only_transfer(case)
    if move is None:
        return False
    kinds = state.layout.kinds
    return (
        state.rules.foundation_play_back
        and kinds[move.src] is PileKind.FOUNDATION
        and kinds[move.dst] is PileKind.TABLEAU
    )


def _help_restricts_spaces(case: Case) -> bool:
    """Aisleriot puts onto an empty tableau pile a card the help's rule for spaces refuses
    ("only ... a King or a build starting with a King")."""
    action = _aisleriot_drag(case)
    if action is None or case.kind_of(action[3]) is not PileKind.TABLEAU:
        return False
    _, src, n, dst = action
    if case.before[dst]:
        return False
    accepts = case.state.rules.tableau_empty_accepts
    moved = case.before[src][-n] & ~FACE_DOWN
    return accepts is not None and not accepts(moved, case.state.base)


def _help_moves_singly(case: Case) -> bool:
    """Aisleriot drags several tableau cards onto a tableau pile where the help moves cards
    one at a time ("Cards can only be moved singly": `group_move` one, read from the help)."""
    action = _aisleriot_drag(case)
    return (
        action is not None
        and action[2] >= 2
        and case.state.rules.group_move is GroupMove.ONE
        and case.kind_of(action[1]) is PileKind.TABLEAU
        and case.kind_of(action[3]) is PileKind.TABLEAU
    )


def _help_limits_groups(case: Case) -> bool:
    """Aisleriot moves a tableau build that its code lets empty tableau piles carry, where the
    help counts free reserves only ("one more than the number of Reserve slots free"): the
    build follows the rules and fits where it lands, and only the limit refuses it."""
    action = _aisleriot_drag(case)
    state = case.state
    rules = state.rules
    if (
        action is None
        or rules.group_limit is not GroupLimit.FREE_RESERVES
        or case.kind_of(action[1]) is not PileKind.TABLEAU
        or case.kind_of(action[3]) is not PileKind.TABLEAU
    ):
        return False
    _, src, n, dst = action
    source, target = case.target.pile_of(src), case.target.pile_of(dst)
    assert source is not None and target is not None
    piles, layout = state.piles, state.layout
    free = sum(1 for r in layout.reserves if not piles[r])
    empty = sum(1 for t in layout.tableau if not piles[t] and t != target)
    if not free + 1 < n <= (free + 1) << empty or state._group_size(piles[source]) < n:
        return False
    moved = piles[source][-n]
    if piles[target]:
        builds = rules.tableau_builds
        return builds is not None and builds(piles[target][-1], moved, state.base)
    accepts = rules.tableau_empty_accepts
    return accepts is not None and accepts(moved, state.base)


def _runs_to_foundation(case: Case) -> bool:
    """Aisleriot drops several tableau cards on a foundation at once where the help builds
    the foundations one card at a time (no "run ... moved onto its Foundation" rule)."""
    action = _aisleriot_drag(case)
    return (
        action is not None
        and action[2] >= 2
        and case.kind_of(action[1]) is PileKind.TABLEAU
        and case.kind_of(action[3]) is PileKind.FOUNDATION
        and not case.state.rules.runs_to_foundation
    )


def _redeal_shuffled(case: Case) -> bool:
    """A redeal that shuffles: both sides gather the same cards into the stock and empty the
    same piles; only the order of the new stock differs (each side shuffles with its own
    generator; Helpdeck's is seeded by the deal, so a game replays the same)."""
    finding, state = case.finding, case.state
    ours, theirs = finding.ours, finding.theirs
    if finding.kind != "result" or ours is None or theirs is None:
        return False
    if finding.move != REDEAL or not state.rules.redeal_shuffles:
        return False
    stock = case.target.slot_of(state.layout.stock)
    return (
        stock is not None
        and ours.keys() == theirs.keys()
        and all(ours[s] == theirs[s] for s in ours if s != stock)
        and sorted(ours[stock]) == sorted(theirs[stock])
    )


def _never_over(case: Case) -> bool:
    state = case.state
    return (
        case.finding.kind == "over"
        and case.finding.helpdeck == "True"
        and not state.is_won()
        and not state.legal_moves()
    )


def _win_leaves_stock(case: Case) -> bool:
    """Aisleriot's position after the last tableau card went: Helpdeck's, with the stock
    still to be dealt (Helpdeck deals it out at once)."""
    theirs, state, target = case.finding.theirs, case.state, case.target
    if theirs is None or not state.rules.finish_stock_when_tableau_clear:
        return False
    stock, waste = target.slot_of(state.layout.stock), target.slot_of(state.layout.waste)
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        if any(after.piles[t] for t in state.layout.tableau):
            continue
        ours = position_of(after, target)
        same_rest = all(theirs[s] == ours[s] for s in ours if s not in (stock, waste))
        if same_rest and waste is not None and ours[waste][: len(theirs[waste])] == theirs[waste]:
            return True
    return False


def _reserve_last_card_up(case: Case) -> bool:
    """The help turns a reserve's last card up once the others are gone (Eagle Wing: "When
    only one card is left in the Reserve, it will flip up"); Aisleriot deals that card face
    up under the others instead and never turns one, so in a position set from Helpdeck's
    (every reserve card face down) its last card stays down. The results differ only there."""
    ours, theirs = case.finding.ours, case.finding.theirs
    if ours is None or theirs is None or not case.state.rules.reserve_reveal_last:
        return False
    changed = [slot for slot in ours if ours[slot] != theirs.get(slot)]
    return bool(changed) and all(
        case.kind_of(slot) is PileKind.RESERVE
        and len(ours[slot]) == 1
        and theirs.get(slot) == (ours[slot][0] | FACE_DOWN,)
        for slot in changed
    )


def _sequence_counts_hidden(case: Case) -> bool:
    """A running score for runs (`Scoring.SEQUENCES`): the help scores "every card in the
    newly created sequence"; Aisleriot's code also counts face-down cards that continue the
    run below the card moved onto. The scores differ by exactly those cards."""
    finding, state = case.finding, case.state
    pair = state.rules.score_pair
    move = finding.move
    if (
        finding.kind != "score"
        or state.rules.scoring is not Scoring.SEQUENCES
        or pair is None
        or move is None
        or move[0] is not MoveKind.TRANSFER
    ):
        return False
    dst = move[2]
    landing = state.piles[dst]
    if state.layout.kinds[dst] is not PileKind.TABLEAU or not landing:
        return False
    after = state.clone()
    after.apply(move)
    pile, at = after.piles[dst], len(landing) - 1
    hidden = run_through(pile, at, pair, hidden=True) - run_through(pile, at, pair)
    ours, theirs = finding.helpdeck.split(), finding.aisleriot.split()
    return (
        hidden > 0
        and ours[-1].lstrip("-").isdigit()
        and theirs[-1].lstrip("-").isdigit()
        and int(theirs[-1]) - int(ours[-1]) == hidden
    )


BEHAVIOURS: tuple[Behaviour, ...] = (
    Behaviour(
        "autoplay-after-move",
        "after a move Aisleriot plays the low cards it judges safe up to the foundations by "
        "itself; the help describes no automatic move",
        _autoplay_after_move,
    ),
    Behaviour(
        "no-change",
        "Aisleriot accepts moves that leave the position as it was up to swapping two piles "
        "of one kind; Helpdeck does not list them: they change nothing",
        _no_change,
    ),
    Behaviour(
        "other-empty-pile",
        "Aisleriot accepts the move onto any empty pile of a kind; Helpdeck lists the first "
        "one only: the positions differ only by which empty pile is filled",
        _other_empty_pile,
    ),
    Behaviour(
        "foundation-play-back",
        "Aisleriot lets cards come back off a foundation; the help builds foundations up only",
        _foundation_play_back,
    ),
    Behaviour(
        "foundation-groups",
        "Aisleriot drags several cards off a foundation at once; the help plays the top card "
        "back, one at a time",
        _drag_from(PileKind.FOUNDATION, "several"),
    ),
    Behaviour(
        "foundation-to-reserve",
        "Aisleriot plays a foundation's top card into an empty free cell; the help plays it "
        "back onto the Tableau only",
        _drag_from(PileKind.FOUNDATION, "any", PileKind.RESERVE),
    ),
    Behaviour(
        "reserve-groups",
        "Aisleriot drags several cards off a reserve pile; the help lets only its top card play",
        _drag_from(PileKind.RESERVE, "several"),
    ),
    Behaviour(
        "unlimited-redeals",
        "Aisleriot turns the waste over again after the last redeal the help allows",
        _more_redeals,
    ),
    Behaviour(
        "base-first",
        "the help makes choosing the base card the first move; Aisleriot's code lets other "
        "moves (a Reserve card onto the Tableau) come first",
        _before_base_choice,
    ),
    Behaviour(
        "choice-turn-not-dealable",
        "while the base card is open, a click on the Stock turns the next card to choose from; "
        "Aisleriot's deal button stays off, Helpdeck lists the turn as its deal move",
        _choice_turn_not_dealable,
    ),
    Behaviour(
        "double-click-before-base",
        "Aisleriot's double-click does nothing until the base card is chosen; Helpdeck's sends "
        "the card to the first Foundation, which chooses the base",
        _double_click_before_base,
    ),
    Behaviour(
        "double-click-to-free-cell",
        "Aisleriot's double-click puts the card in an empty free cell (nothing when the cells "
        "are full); Helpdeck's double-click sends a card to its foundation",
        _to_free_cell,
    ),
    Behaviour(
        "double-click-starts-foundation",
        "Aisleriot's double-click sends a card only onto a foundation that already holds cards; "
        "where any card may start a foundation, Helpdeck's also starts the first empty one",
        _double_click_starts_foundation,
    ),
    Behaviour(
        "stock-double-click",
        "a double-click on the stock deals in Aisleriot; Helpdeck's double-click only sends a "
        "card to a foundation or the waste, and the stock is dealt by a click",
        _stock_double_click,
    ),
    Behaviour(
        "autoplay-double-click",
        "a double-click on a foundation makes Aisleriot play cards up by itself; the help "
        "describes none (Helpdeck does nothing), or sends up every card that can go, lowest "
        "first, where Aisleriot's autoplay picks the cards by its own judgement",
        _foundation_double_click,
    ),
    Behaviour(
        "build-first",
        "Aisleriot deals from the stock while a card fits the waste; the help builds on the "
        "waste whenever possible, so the stock is turned only when no card fits",
        _deal_while_waste_builds,
    ),
    Behaviour(
        "deal-past-spaces",
        "Aisleriot deals while a move could fill an empty Tableau pile (late in the game); "
        "the help fills spaces whenever possible before the next deal",
        _deal_past_spaces,
    ),
    Behaviour(
        "king-on-ace",
        "Aisleriot builds a King on an Ace in the tableau; the help's tableau is built down "
        "and never wraps",
        _king_on_ace,
    ),
    Behaviour(
        "foundation-past-thirteen",
        "Aisleriot puts no card of the base rank on a foundation that holds cards; the help "
        "builds the foundations up from the base card and does not end them there",
        _past_thirteen,
    ),
    Behaviour(
        "base-rank-block",
        "Aisleriot builds nothing on a tableau card of the base rank; the help states no such "
        "rule, so Helpdeck builds on it as on any card",
        _on_base_rank,
    ),
    Behaviour(
        "waste-groups",
        "Aisleriot drags several cards off the waste; the help lets only its top card play",
        _drag_from(PileKind.WASTE, "several"),
    ),
    Behaviour(
        "runs-to-foundation",
        "Aisleriot drops a run of tableau cards on a foundation in one drag; the help builds "
        "the foundations one card at a time and describes no such move",
        _runs_to_foundation,
    ),
    Behaviour(
        "help-play-back",
        "the help says cards on the Foundations are still in play; Aisleriot's code does not "
        "play them back",
        _help_play_back,
    ),
    Behaviour(
        "help-restricts-spaces",
        'the help says what may fill an empty Tableau pile ("only ... a King"); Aisleriot\'s '
        "code takes any card there",
        _help_restricts_spaces,
    ),
    Behaviour(
        "help-moves-singly",
        "the help moves Tableau cards one at a time; Aisleriot's code drags several at once",
        _help_moves_singly,
    ),
    Behaviour(
        "help-limits-groups",
        "the help lets a build move only when it has at most one card more than the free "
        "reserves; Aisleriot's code lets empty tableau piles carry longer builds",
        _help_limits_groups,
    ),
    Behaviour(
        "redeal-shuffled",
        "a redeal that shuffles the gathered cards: both sides make the same stock in a "
        "different order (Aisleriot's random shuffle; Helpdeck's is seeded by the deal, so a "
        "deal always replays the same)",
        _redeal_shuffled,
    ),
    Behaviour(
        "never-over",
        "Aisleriot's game-over callback does not end a game with no move left; Helpdeck says "
        "a position with no legal move is over",
        _never_over,
    ),
    Behaviour(
        "win-leaves-stock",
        "Aisleriot declares the win once the tableau is clear, leaving the stock; Helpdeck "
        "deals the rest of the stock out at once",
        _win_leaves_stock,
    ),
    Behaviour(
        "reserve-last-card-up",
        "the help turns the Reserve's last card face up once the others are gone; Aisleriot "
        "deals it face up under the others, so in a position set from Helpdeck's it stays "
        "face down",
        _reserve_last_card_up,
    ),
    Behaviour(
        "sequence-counts-hidden",
        "a move onto a tableau card scores the run it completes: the help counts 'every card "
        "in the newly created sequence'; Aisleriot's code also counts face-down cards that "
        "continue the run below",
        _sequence_counts_hidden,
    ),
)

OVER_FOLLOWS = Behaviour(
    "over-follows",
    "game over differs only through the moves above: Aisleriot's game-over asks its hint, "
    "which counts the extra moves Aisleriot allows",
    lambda case: False,
)

OVER_WHILE_MOVES = Behaviour(
    "over-while-moves",
    "Aisleriot's game-over asks its hint, which looks for useful moves only: it ends a game "
    "while moves that both sides allow remain; Helpdeck's game is over when no move is left",
    lambda case: False,
)

REASONS: dict[str, str] = {b.id: b.reason for b in (*BEHAVIOURS, OVER_FOLLOWS, OVER_WHILE_MOVES)}


def explain(case: Case) -> str | None:
    """The id of the first behaviour that explains the disagreement, or None."""
    for behaviour in BEHAVIOURS:
        if behaviour.applies(case):
            return behaviour.id
    return None


def classify(
    findings: list[Finding], state: State, target: Target
) -> list[tuple[Finding, str | None]]:
    """Each disagreement of one position with its behaviour's id, None when unexplained."""
    before = position_of(state, target)
    out = [(f, explain(Case(f, state, target, before))) for f in findings if not f.agrees]
    others = [reason for f, reason in out if f.kind != "over"]
    extra_moves = any(f.kind == "aisleriot-only" for f, _ in out)
    # Aisleriot says over, yet allows every move Helpdeck lists (and Helpdeck lists some).
    shared_moves = bool(state.legal_moves()) and not any(f.kind == "helpdeck-only" for f, _ in out)
    return [
        (f, OVER_FOLLOWS.id)
        if f.kind == "over" and reason is None and extra_moves and None not in others
        else (f, OVER_WHILE_MOVES.id)
        if f.kind == "over" and reason is None and f.aisleriot == "True" and shared_moves
        else (f, reason)
        for f, reason in out
    ]
