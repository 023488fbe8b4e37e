"""Dead ends the search can see without searching: a set of cards none of which can ever move.

A card above a lower card of its own foundation chain cannot go home while it sits there;
if it also cannot go anywhere else (every card it builds on is buried under such a stuck
card, it may not start an empty pile, nothing else takes it), it never moves of its own
accord, so neither the card below it nor it ever goes home, unless a group move headed by
a card beneath it carries it off. So the test looks for the greatest set S of cards, the
bottom part of each pile, in which every card that could head a move is stuck: the cards
above each pile's part may come and go, S stays, and the position is lost. Stuck cards
bury hosts, and buried hosts make more cards stuck, so S is found as a greatest fixpoint:
all cards of the tableau and reserves, less (with everything above it) the lowest card of
each pile that could head a move and is not stuck, until nothing drops.

Soundness. Let S hold, in each tableau or reserve pile, the cards below some height, such
that every card c of S is held, or stuck, where c is held if c is face down under another
card of S (it is never turned up while S stays) or if between c and S's top card of its
pile lies a link, both cards in S, that no group move lifts (one card above the other when
groups are one card, not built on it under build groups (in its suit where only runs of
one suit move), face down beneath it, or in a pile only the top card leaves: a reserve, a
foundation, the waste on the last pass); and c is stuck if no empty pile takes it, a lower
card of its foundation chain is in S (not needed when a card of S lies on c: see below),
and every tableau host of c lies in S under another card of S. Take any line from the
position and its first move that moves a card of S; before it every card of S is where it
was. The moved group's lowest card g is in S (S
is the bottom of its pile, and the group its top), face up, and the group holds every card
of S above g, so g is not held: g is stuck, and moved alone or heading its group it has
nowhere to go: not home (if a card of S lies on g, the group has two cards or more, and
only one card at a time goes home; if not, g's foundation host is its chain predecessor,
and that chain holds a card of S that is not home), not onto a host (each lies under a
card of S, so none is a top, or off the tableau with no way onto it: below), not to an
empty pile or a reserve (ruled out). No such move
exists, so no card of S ever moves and, if S holds a card, the deal is lost. A face-down
card at the top of S may be turned up once the cards above it leave, so it is not held by
being face down: it must be stuck (Lady Jane seed 2: a face-down King of Diamonds above
the Ten of Diamonds, with no host and only Eights taking an empty pile, is lost at the
deal; before session 43 the test looked at face-up cards only, and the whole schedule took
4,437,576 nodes to prove it). A card under a card of S needs no lower card of its chain in
S (session 44; not where runs go home): a Yukon Nine of spades next to go home, under the
Ten of spades that cannot leave, never goes home either; before, a card next to go home
was never stuck.

S may also hold a host where no card is ever played onto it: on a reserve (it is no target,
on top or not); and in a stock dealt once through onto the reserves, where each reserve
pile goes on, as S sees it, with the stock cards later deals will put on it, in order
(`deal_order`; Lady Jane seed 1612). Such a card cannot move before it is dealt, and it
lands on the cards of S below it (they have not moved, and the pile's other cards are
dealt later), so every card of S stays in the stock or at its place; a link up to a card
not yet dealt holds nothing (the card below may leave before it comes), so those cards
must be stuck themselves.

The waste once no redeal is left (session 45) is such a pile too: the stock deals onto
it alone, in order (the stock's top card first, whatever a deal's size), only its top card
leaves and nothing is played onto it, so S may hold its bottom part and the stock cards
that later deals will put on it, as on a reserve; a host there under a card of S never
reaches the tableau. Before, every card of a stock or waste counted as a host at hand, so
the test hardly ever fired where the stock feeds a waste (Royal East, Gold Mine, and
Saratoga or Klondike on their last pass).

A host in the stock or the waste is a target only once it reaches the tableau, by a move
onto a host of its own or into an empty pile (unless a deal or a refill puts it there): a
card with no host that no empty pile takes (in Lady Jane the Kings, base Three) is none.
Since session 57 its own host must be a target too (`HostPaths`, a least fixpoint), and so
for a card above S on a reserve or a foundation: before the first move of a card of S, a
card off the tableau gets onto it only onto a card already there, and the cards that can
ever be on top of a tableau pile while S stays are those above S or S's top cards, and
those that can get onto them, and so on. Saratoga deal 37: both red Eights lie in the
stock, their hosts are the Nine of clubs, held, and the Nine of spades, in the stock, whose
hosts, the red Tens, are in the stock too and build only on the black Jacks, both held; so
the Sevens of spades and clubs that need a red Eight never move, and the deal is lost at
the deal (the search proved it at 445,502 nodes before).

Foundations (session 44). A card on a foundation leaves only from the top, one at a
time, and only by playing back onto a tableau host or into an empty pile; without
play-back never. So S may hold the bottom part of a foundation too, a card there being
stuck when no empty pile takes it and each of its hosts lies in S under a card of S; a
host of S on a foundation is no target (it never reaches the tableau while S stays), and a
lower card of S on a foundation does not keep a card from going home (it is home). S made
of foundation cards alone proves nothing. Without play-back every foundation card is in S.
Agnes: a Five whose only hosts are the Sixes at the bottom of two foundations, under cards
that stay there, has no host.

Tableau piles that never empty. If every tableau pile keeps its bottom card in S, and
none is empty now, no empty pile ever opens while S stays, so "no empty pile takes it"
holds for every card. The test first seeks S so (cards that may start a pile can be
stuck too); if the S found keeps every pile's bottom card, the position is lost by the
argument above with no empty pile at the first move of a card of S. Once a tableau pile
drops out of S that way, the usual test goes on from the S found so far (it only holds
fewer cards, so the greatest S of the usual test lies inside). Easthaven, where any card
fills a space, gains most: alone, no card there is ever stuck.

Whole suits in the tableau (session 45). Where every suit is to be built King to Ace on a
tableau pile and there are no foundations (Scorpion), no card ever goes home, so a card
may be stuck without a lower card of its chain in S; and S staying put loses only when it
holds a card no built suit has where it lies (`misplaced`): a bottom card other than a
King, or a card on anything but the next higher card of its suit, which would stay there.

Refills (session 45). Where an emptied tableau pile takes a reserve's top card (Kansas),
that card leaves host or no host, so a reserve card is stuck only while no tableau pile
can empty (the supposition above). Spaces only some piles fill (Kansas: the waste) are
read as if any pile filled them, which only frees more cards.

Cells (session 46). Where the reserves are cells, each taking one card (Ten Across's
temporary spots, the free-cell family), a card of S could leave for an empty one. So the
test asks that every cell hold a card and that S keep each of them: then no cell empties
while S stays, no card goes to one, and the argument above holds with the cells as
reserves. An empty cell, or a cell card that is not stuck, and the position is not called
dead (the top card of S in any pile could go there). Ten Across deal 5 is lost at the
deal: its cells hold the Three of hearts and the Nine of clubs, whose hosts lie buried
under cards that stay; before, its proof took 149 nodes.

Only for rules where these are the only ways a card leaves a pile: the fast generator's
rules (no covering piles), one deck, foundations built as chains, reserves that take
nothing or are cells, refills from a reserve only, and a waste nobody builds on; the
stock may deal onto reserves or the tableau (that only buries more: no card of S moves,
and a stuck card's hosts and lower cards stay where they were).

Compiled with the depth-first search by mypyc when built (`native.py`): keep it fully typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from runtime.engine.cards import CARD_MASK, DECK_SIZE, FACE_DOWN, RANK, SUIT
from runtime.engine.dealing import last_deal_splits, stock_deal_targets
from runtime.engine.rules import Goal, GroupMove, Refill, StockTarget
from runtime.solver.model import Model, hosts_in
from runtime.solver.successors import moves_between_piles_modelled

Piles = tuple[tuple[int, ...], ...]
KING = 13
# A position's piles and its redeals left (-1: unlimited); True when it is lost.
Deadlock = Callable[[Piles, int], bool]


def chains(model: Model) -> tuple[list[int], list[int]] | None:
    """Per card: which foundation chain it belongs to (its start card) and its place on
    it (0 at the start), when every card has at most one foundation host and every chain
    reaches a card that starts a foundation; None otherwise."""
    hosts, starts = model.foundation_hosts, model.foundation_start
    if model.tables.foundation is None or any(len(h) > 1 for h in hosts):
        return None
    chain = [-1] * DECK_SIZE
    place = [0] * DECK_SIZE
    for card in range(DECK_SIZE):
        c, depth = card, 0
        while not starts[c]:
            if not hosts[c] or depth > DECK_SIZE:
                return None
            c = hosts[c][0]
            depth += 1
        chain[card] = c
        place[card] = depth
    return chain, place


def deadlock_function(model: Model) -> Deadlock | None:
    """A test for positions that are lost by the argument above, or where the tableau only
    plays onto the waste by `waste_deadlock_function`'s, or where foundations build by rank
    whatever the suit by `rank_deadlock_function`'s; None where none is sound."""
    rules = model.rules
    if rules.goal in (Goal.TABLEAU_CLEARED, Goal.ALL_TO_WASTE):
        return waste_deadlock_function(model)
    # Whole suits built in the tableau with no foundations (Scorpion): nothing goes home.
    suits_in_tableau = rules.goal is Goal.SUITS_IN_TABLEAU and model.f0 == model.f1
    found = None if suits_in_tableau else chains(model)
    if found is None and not suits_in_tableau:
        return rank_deadlock_function(model)
    if (
        not moves_between_piles_modelled(model)
        or (rules.goal is not Goal.ALL_TO_FOUNDATIONS and not suits_in_tableau)
        or rules.decks != 1
        # Cells (reserves that take one card each, from anywhere): see `cells` below.
        or (
            rules.reserves_accept
            and (
                rules.reserve_capacity != 1
                or rules.tableau_refill is Refill.RESERVE
                or rules.stock_target is StockTarget.RESERVES
            )
        )
        or model.tables.waste is not None
        or rules.group_move
        not in (GroupMove.ONE, GroupMove.BUILD, GroupMove.SAME_SUIT_RUN, GroupMove.ANY_FACE_UP)
        # Refills from the waste or the stock, and kept bases: sound but measured and
        # dropped (session 30: nothing decided, each node dearer).
        or rules.tableau_refill is Refill.WASTE_THEN_STOCK
        or rules.foundation_keeps_base
    ):
        return None
    # Per card, the lower cards of its foundation chain (none where nothing goes home).
    lower: tuple[tuple[int, ...], ...] = ((),) * DECK_SIZE
    if found is not None:
        chain, place = found
        lower = tuple(
            tuple(c for c in range(DECK_SIZE) if chain[c] == chain[card] and place[c] < place[card])
            for card in range(DECK_SIZE)
        )
    hosts = model.hosts
    starts = model.tableau_start or (False,) * DECK_SIZE
    tab = model.tables.tableau
    group = rules.group_move

    def lifts(below: int, card: int) -> bool:
        """Whether a group move may carry ``card`` off ``below``."""
        if below >= DECK_SIZE or group is GroupMove.ONE:
            return False
        if group is GroupMove.BUILD:
            return tab is not None and tab[below * DECK_SIZE + card]
        if group is GroupMove.SAME_SUIT_RUN:  # Whitehead: only runs of one suit move
            return tab is not None and tab[below * DECK_SIZE + card] and SUIT[below] == SUIT[card]
        return True

    carried = tuple(lifts(b, c) for b in range(2 * FACE_DOWN) for c in range(DECK_SIZE))
    # Cards that may stay put at all: no empty pile takes them, a lower card of their
    # chain exists (where nothing goes home, no such card is needed).
    may_anchor = tuple(
        not starts[c] and (suits_in_tableau or bool(lower[c])) for c in range(DECK_SIZE)
    )
    # The same while no tableau pile can empty: then no empty pile takes anything.
    anchor_if_no_space = tuple(suits_in_tableau or bool(lower[c]) for c in range(DECK_SIZE))
    spaces_matter = any(starts)
    # A card under another card of S moves only with it, as a group, so never home: the
    # lower card of its chain is not needed (unless runs go home).
    covered_stays = not rules.runs_to_foundation
    covered_anchor = tuple(not starts[c] for c in range(DECK_SIZE)) if covered_stays else may_anchor
    covered_anchor_if_no_space = (True,) * DECK_SIZE if covered_stays else anchor_if_no_space
    # A card in the stock or the waste is a target only once it reaches the tableau: by a
    # move onto a host or into an empty pile, unless a deal puts it there.
    dealt_there = (
        rules.stock_target is StockTarget.TABLEAU
        or rules.stock_fills_after_base
        or rules.tableau_waste_fills_last
        or bool(rules.base_choices)
    )
    # Per card, whether it may reach the tableau with no host: dealt there, or into an
    # empty pile (not while no tableau pile can empty).
    enters = tuple(dealt_there or starts[c] for c in range(DECK_SIZE))
    enters_if_no_space = (dealt_there,) * DECK_SIZE
    # A card on a foundation leaves only from the top, and only by playing back onto a
    # tableau host or an empty pile; without play-back it never leaves.
    play_back = rules.foundation_play_back
    home_anchor = tuple(not play_back or not starts[c] for c in range(DECK_SIZE))
    home_anchor_if_no_space = (True,) * DECK_SIZE
    # Per card, whether it may stay put (anchor), may stay put under a card of S and may
    # stay put at home: as a rule, and while no tableau pile can empty.
    tables = (may_anchor, covered_anchor, home_anchor)
    tables_if_no_space = (anchor_if_no_space, covered_anchor_if_no_space, home_anchor_if_no_space)
    tableau = list(range(model.t0, model.t1))
    foundations = list(range(model.f0, model.f1))
    # The piles S is sought in; without play-back the foundations are wholly in S from the
    # start and never peeled.
    piles_of = tableau + list(range(model.r0, model.r1)) + (foundations if play_back else [])
    placed = piles_of + ([] if play_back else foundations)
    count = len(model.layout.kinds)
    home = [model.f0 <= i < model.f1 for i in range(count)]
    in_tableau = [model.t0 <= i < model.t1 for i in range(count)]
    # A host in S on a reserve or a foundation is no target even on top: they take nothing
    # from the tableau's point of view.
    fixed = [model.r0 <= i < model.r1 or home[i] for i in range(count)]
    # Where a stock dealt onto the reserves, once through, will put each of its cards.
    onto_reserves = (
        rules.stock_target is StockTarget.RESERVES and rules.redeals == 0 and not rules.base_choices
    )
    stock_pile = model.layout.stock
    places: dict[int, list[tuple[int, list[int]]]] = {}
    # Once the stock will not be turned again, the waste is a pile of S's too, going on
    # with the stock cards in the order they will be dealt onto it (see the docstring).
    waste = model.layout.waste
    final_waste = waste_is_final_pile(model)
    piles_of_last_pass = [*piles_of, waste]
    placed_last_pass = [*placed, waste]
    # Piles only the top card leaves: every link in them holds.
    rigid = [
        home[i] or model.r0 <= i < model.r1 or (final_waste and i == waste) for i in range(count)
    ]
    fixed_last_pass = [fixed[i] or (final_waste and i == waste) for i in range(count)]
    # A refill takes a reserve's top card onto an emptied tableau pile, host or no host, so
    # a reserve card is stuck only while no tableau pile can empty.
    refilled = [
        rules.tableau_refill is Refill.RESERVE and model.r0 <= i < model.r1 for i in range(count)
    ]
    # Cells: while each holds a card of S, none ever empties, so no card goes to one.
    cells = list(range(model.r0, model.r1)) if rules.reserves_accept else []
    is_cell = [i in cells for i in range(count)]

    def misplaced(seen: Piles, cut: list[int], searched: list[int]) -> bool:
        """Whether S, which never moves, holds a card no built suit has there: a bottom
        card other than a King, a card on anything but the next higher card of its suit,
        or any card off the tableau."""
        for i in searched:
            top = cut[i]
            if not top:
                continue
            pile = seen[i]
            if not in_tableau[i] or RANK[pile[0] & CARD_MASK] != KING:
                return True
            for k in range(1, top):
                below, card = pile[k - 1] & CARD_MASK, pile[k] & CARD_MASK
                if SUIT[card] != SUIT[below] or RANK[card] != RANK[below] - 1:
                    return True
        return False

    def dead(piles: Piles, redeals_left: int) -> bool:
        for i in cells:
            if not piles[i]:
                return False  # an empty cell takes any top card: nothing is stuck
        # Where each card of those piles lies (pile, height); lists, not a dict: this runs
        # at every new position, and the compiled build indexes lists far faster.
        pile_at = [-1] * DECK_SIZE
        height_at = [0] * DECK_SIZE
        cut = [0] * count  # per pile, how many of its cards (from the bottom) are in S
        # Each pile as S sees it: a reserve goes on with the stock cards later deals will
        # put on it, in order (see the docstring); links up to them hold nothing.
        seen = piles
        last_pass = final_waste and redeals_left == 0
        searched, located, fixed_at = (
            (piles_of_last_pass, placed_last_pass, fixed_last_pass)
            if last_pass
            else (piles_of, placed, fixed)
        )
        if last_pass and piles[stock_pile]:
            extended = list(piles)
            extended[waste] = piles[waste] + tuple(
                c & CARD_MASK for c in reversed(piles[stock_pile])
            )
            seen = tuple(extended)
        elif onto_reserves and piles[stock_pile]:
            stock = piles[stock_pile]
            dealt = places.get(len(stock))
            if dealt is None:
                dealt = places[len(stock)] = deal_order(model, len(stock))
            extended = list(piles)
            for r, indices in dealt:
                extended[r] = extended[r] + tuple(stock[j] & CARD_MASK for j in indices)
            seen = tuple(extended)
        for i in located:
            pile = seen[i]
            cut[i] = len(pile)
            for j in range(len(pile)):
                card = pile[j] & CARD_MASK
                pile_at[card] = i
                height_at[card] = j
        # First suppose no tableau pile ever empties (each keeps its bottom card in S); if
        # the S found so keeps every bottom card, the supposition holds (see the
        # docstring). Otherwise S only shrinks from there under the usual test.
        no_space = spaces_matter and all(piles[i] for i in tableau)
        anchor, covered_anchor_now, home_stuck = tables_if_no_space if no_space else tables
        paths = HostPaths(hosts, refilled, pile_at, height_at, cut, fixed_at)
        paths.suppose(no_space, enters_if_no_space if no_space else enters)
        changed = True
        while changed:
            changed = False
            paths.new_pass()
            for i in searched:
                pile = seen[i]
                real = len(piles[i])  # the cards dealt so far
                on_home = home[i]
                links_hold = rigid[i]
                top = cut[i]
                while top:
                    lowest = top  # the lowest card of S here that could head a move
                    for k in range(top - 1, -1, -1):
                        c = pile[k]
                        # A link within S that no group move lifts (a face-down card lifts
                        # nothing) holds every card from here down.
                        if (
                            k < top - 1
                            and k + 1 < real
                            and (
                                links_hold or not carried[c * DECK_SIZE + (pile[k + 1] & CARD_MASK)]
                            )
                        ):
                            break
                        # Stuck: no empty pile takes it, every tableau host lies in S under
                        # a card of S, and, for S's top card of a tableau or reserve pile, a
                        # lower card of its chain is in S (a covered card never goes home;
                        # a card at home only plays back).
                        card = c & CARD_MASK
                        covered = covered_stays and k < top - 1 and k + 1 < real
                        if refilled[i] and not no_space:
                            stuck = False
                        elif on_home:
                            stuck = home_stuck[card]
                        elif covered:
                            stuck = covered_anchor_now[card]
                        else:
                            stuck = anchor[card]
                        # The cheap condition first: a card that can go home needs no hosts.
                        if stuck and not on_home and not covered and not suits_in_tableau:
                            stuck = False
                            for low in lower[card]:
                                at = pile_at[low]
                                if at >= 0 and not home[at] and height_at[low] < cut[at]:
                                    stuck = True
                                    break
                        if stuck and (play_back or not on_home):
                            for h in hosts[card]:
                                at = pile_at[h]
                                if at >= 0 and (not fixed_at[at] or height_at[h] < cut[at]):
                                    if fixed_at[at] or height_at[h] < cut[at] - 1:
                                        continue  # in S, and no top while S stays
                                    stuck = False  # on the tableau, above S or its top card
                                    break
                                if paths.gets_there(h):  # off the tableau: once it gets there
                                    stuck = False
                                    break
                        if not stuck:
                            lowest = k
                    if lowest == top:
                        break
                    if is_cell[i]:
                        return False  # this cell may empty: see `cells`
                    top = cut[i] = lowest
                    changed = True
                    if no_space and not lowest and in_tableau[i]:
                        # This pile may empty after all: the usual test, from the S so far.
                        no_space = False
                        anchor, covered_anchor_now, home_stuck = tables
                        paths.suppose(no_space, enters)
            if not changed and no_space:
                # Every tableau pile keeps its bottom card in S.
                return misplaced(seen, cut, searched) if suits_in_tableau else True
        if suits_in_tableau:
            return misplaced(seen, cut, searched)
        return any(cut[i] for i in searched if not home[i])

    return dead


# What `HostPaths` knows of a card off the tableau: not asked yet, asked in the present
# question (and not found yet), gets there, does not.
UNASKED: Final = 0
ASKING: Final = 1
REACHES: Final = 2
NEVER: Final = 3


class HostPaths:
    """Which cards may lie on top of a tableau pile while S stays (the cut's cards of each
    pile), so that a card that builds on one can go there: a tableau card above S or S's
    top card of its pile; a card off the tableau (the stock, the waste: ``pile_at`` -1; a
    reserve or a foundation above S) once it can get there, with no host as ``enters``
    says, by a refill from its reserve while a pile can empty, or onto a card that gets
    there itself. That least fixpoint is a path up the chain of hosts to a card that gets
    there at once: a King in the stock whose hosts lie buried in S never gets there, nor a
    Queen in the stock that builds only on it. One per dead-end test: it shares the test's
    arrays, which the test updates as S shrinks."""

    def __init__(
        self,
        hosts: tuple[tuple[int, ...], ...],
        refilled: list[bool],
        pile_at: list[int],
        height_at: list[int],
        cut: list[int],
        fixed_at: list[bool],
    ) -> None:
        self.hosts = hosts
        self.refilled = refilled
        self.pile_at = pile_at
        self.height_at = height_at
        self.cut = cut
        self.fixed_at = fixed_at
        self.no_space = False
        self.enters: tuple[bool, ...] = ()
        # Per card what a question found: the cards on a path it found, or, finding none,
        # every card it asked about (none of them has a path either). ``asked`` lists the
        # cards marked in the pass, other than those that get there, for the next to forget.
        self.reached = [UNASKED] * DECK_SIZE
        self.asked: list[int] = []

    def suppose(self, no_space: bool, enters: tuple[bool, ...]) -> None:
        """Whether the test supposes no tableau pile ever empties, and so which cards
        get onto the tableau with no host."""
        self.no_space = no_space
        self.enters = enters

    def new_pass(self) -> None:
        """Forget what the last pass did not find: S only shrinks, which only adds targets,
        so what a pass found stays found, and the last pass, which drops nothing, tests S
        against its own targets."""
        if not self.asked:
            return
        reached = self.reached
        for card in range(DECK_SIZE):
            if reached[card] != REACHES:
                reached[card] = UNASKED
        self.asked.clear()

    def gets_there(self, card: int) -> bool:
        """Whether ``card`` may lie on top of a tableau pile while S stays."""
        asked = self.asked
        first = len(asked)
        found = self.climb(card)
        reached = self.reached
        # Cards asked about and not on the path: without a path if none was found; otherwise
        # perhaps only for want of a card on the path, which was still being asked about.
        for k in range(first, len(asked)):
            other = asked[k]
            if reached[other] == ASKING:
                reached[other] = UNASKED if found else NEVER
        return found

    def climb(self, card: int) -> bool:
        """`gets_there`'s depth-first search: whether a path up from ``card`` reaches a
        card that gets there at once, each card asked about once in a question."""
        at = self.pile_at[card]
        if at >= 0 and not self.fixed_at[at]:
            return self.height_at[card] >= self.cut[at] - 1
        reached = self.reached
        known = reached[card]
        if known != UNASKED:
            return known == REACHES  # ASKING: asked already in this question
        if at >= 0 and self.height_at[card] < self.cut[at]:
            reached[card] = NEVER  # in S, in a pile only the top card leaves: it stays
            self.asked.append(card)
            return False
        if self.enters[card] or (at >= 0 and self.refilled[at] and not self.no_space):
            reached[card] = REACHES
            return True
        reached[card] = ASKING
        self.asked.append(card)
        for host in self.hosts[card]:
            if self.climb(host):
                reached[card] = REACHES
                return True
        return False


def waste_is_final_pile(model: Model) -> bool:
    """Whether, once no redeal is left, the waste is a pile like a reserve for
    `deadlock_function`: the stock deals onto it alone, in order, only its top card leaves
    and nothing is played onto it."""
    rules = model.rules
    return (
        model.layout.waste >= 0
        and model.tables.waste is None
        and rules.stock_target is StockTarget.WASTE
        and not rules.base_choices  # redeals_left counts the turns until the base is chosen
        and not rules.stock_locks_on_space  # redeals_left holds the lock
        and not rules.redeal_from_reserves
        and not rules.tableau_waste_fills_last
        and not rules.finish_stock_when_tableau_clear
    )


def deal_order(model: Model, size: int) -> list[tuple[int, list[int]]]:
    """Per reserve pile, the indices into a stock of ``size`` cards (the top card last)
    that the deals onto the reserves will put on it, in order, as `State` deals them; the
    cards a last short deal sends elsewhere are left out."""
    targets = stock_deal_targets(model.rules, model.layout)
    order: list[list[int]] = [[] for _ in targets]
    left = size
    while left:
        if last_deal_splits(model.rules, left, len(targets)):
            break
        for n in range(len(targets)):
            if not left:
                break
            left -= 1
            order[n].append(left)
    return [(t, cards) for t, cards in zip(targets, order, strict=True) if cards]


def waste_deadlock_function(model: Model) -> Deadlock | None:
    """Where every tableau card must go onto the waste and nowhere else (Golf): a set of
    tableau cards none of whose hosts can ever be the waste's top card while the card is
    its pile's top never moves, so the tableau is never cleared.

    Soundness. Cards never leave the waste (no redeals, nothing plays from it), and a card
    joins it from the stock or from the top of a tableau pile, so the waste's top card at
    any later time is its top card now, a stock card, or a tableau card. A tableau card X
    moves only onto the waste, once it is its pile's top, onto a top card that takes it.
    Let S be a set of tableau cards and X the first card of S to move, onto host h. If X
    is not its pile's top, the cards above it go onto the waste first, so h joins the
    waste later: a stock card, or a tableau card that is neither X nor below X (those are
    still in the pile); and not a card higher up in X's pile than the one just above X,
    for the cards between would join the waste after it and cover it; and not a card of
    S or one below a card of S, which have not moved. So if every host of every card of S
    lies buried in the waste, below the card, higher up than the card just above it, in S
    or below a card of S, or is the waste's top card while the card is not its pile's top,
    no card of S ever moves. The test finds the greatest such set: all tableau cards, less
    every card with a host elsewhere, until none drops; a card may be held by a host held
    in turn by it (a Six whose last free Five lies under a Four whose last Three lies
    under the Six). One deck (a card is its own identity), no foundations, reserves or
    covering piles, nothing built on the tableau, a stock dealt onto the waste without
    redeals.
    """
    rules = model.rules
    table = model.tables.waste
    if (
        table is None
        or rules.decks != 1
        or model.tables.tableau is not None
        or model.tables.tableau_empty is not None
        or model.f0 != model.f1
        or model.r0 != model.r1
        or rules.covered_by
        or rules.redeals != 0
        or rules.stock_target is not StockTarget.WASTE
        or rules.tableau_refill is not Refill.NONE
    ):
        return None
    hosts = hosts_in(table)
    hosted = tuple(
        tuple(c for c in range(DECK_SIZE) if table[host * DECK_SIZE + c])
        for host in range(DECK_SIZE)
    )
    waste, t0, t1 = model.layout.waste, model.t0, model.t1
    count = len(model.layout.kinds)

    def dead(piles: Piles, redeals_left: int) -> bool:
        # The complement of the greatest stuck set: the least set of free cards, grown from
        # the cards a stock card or the waste's top card takes. A free card whose pile's
        # cards above it are all free may yet join the waste: it frees the cards it takes.
        waste_pile = piles[waste]
        if not waste_pile:
            return False  # what an empty waste takes is not this test's business
        top = waste_pile[-1] & CARD_MASK
        buried = [False] * DECK_SIZE
        for c in waste_pile:
            buried[c & CARD_MASK] = True
        pile_at = [-1] * DECK_SIZE
        height_at = [0] * DECK_SIZE
        free = [False] * DECK_SIZE
        reach = [0] * count  # per pile, the lowest height from which every card is free
        cards = 0
        for i in range(t0, t1):
            pile = piles[i]
            reach[i] = len(pile)
            cards += len(pile)
            for j in range(len(pile)):
                card = pile[j] & CARD_MASK
                pile_at[card] = i
                height_at[card] = j
        work: list[int] = []
        for i in range(t0, t1):
            pile = piles[i]
            last = len(pile) - 1
            for j in range(len(pile)):
                card = pile[j] & CARD_MASK
                for h in hosts[card]:
                    if (h == top and j == last) or (pile_at[h] < 0 and not buried[h]):
                        free[card] = True  # a stock card, or the top card, takes it
                        work.append(card)
                        break
        freed = len(work)
        while work:
            i = pile_at[work.pop()]
            pile = piles[i]
            k = reach[i]
            while k > 0 and free[pile[k - 1] & CARD_MASK]:
                k -= 1
                h = pile[k] & CARD_MASK  # may join the waste now: frees what it takes
                for c in hosted[h]:
                    p = pile_at[c]
                    if p >= 0 and not free[c] and (p != i or k == height_at[c] + 1):
                        free[c] = True
                        freed += 1
                        work.append(c)
            reach[i] = k
        return freed < cards

    return dead


def rank_order(model: Model) -> list[tuple[int, ...]] | None:
    """Where the foundations build up by rank whatever the suit, one foundation per card
    of the start rank, every other card on the four cards of the rank below it: per rank,
    the ranks below it down to the start rank, nearest first; None otherwise."""
    hosts, starts = model.foundation_hosts, model.foundation_start
    if model.tables.foundation is None or model.rules.decks != 1:
        return None
    start_ranks = {RANK[c] for c in range(DECK_SIZE) if starts[c]}
    if len(start_ranks) != 1 or sum(starts) != model.f1 - model.f0:
        return None
    for card in range(DECK_SIZE):
        below = RANK[card] - 1 or KING
        if not starts[card] and sorted(hosts[card]) != [
            c for c in range(DECK_SIZE) if RANK[c] == below
        ]:
            return None
    start_rank = start_ranks.pop()
    return [()] + [
        tuple((r - 1 - k - 1) % KING + 1 for k in range((r - start_rank) % KING))
        for r in range(1, KING + 1)
    ]


def rank_deadlock_function(model: Model) -> Deadlock | None:
    """Where the foundations build up by rank whatever the suit and the reserves' cards go
    nowhere but home (Sir Tommy, Auld Lang Syne): a set of reserve cards none of which can
    go home first never moves.

    Soundness. With one deck, foundations that each start with a card of one rank (the
    start rank) and build up one rank at a time, n(r), the number of cards of rank r
    home, is the number of foundations at rank r or above, so it never grows from one
    rank to the next; a card of rank r goes home only onto a foundation at the rank below,
    so only while n(r - 1) > n(r). Let S be the bottom part of each reserve pile, and X,
    of rank r, the first card of S to go home (it must be its pile's top by then, so S's
    top card there). Until then no card of S is home, so for every rank k from the start
    rank up to the one below r, n(r - 1) <= n(k) <= the number of cards of rank k not in
    S; and n(r) is at least the number of cards of rank r home now (nothing comes back
    without play-back). So if for S's top card X of every pile one of those ranks has no
    more cards outside S than X's rank has home now, no card of S ever goes home, and with
    reserves whose cards go nowhere else, the deal is lost: all four Twos under Fives
    hold the Fives too, Threes and Fours in the stock or not. The test finds the greatest
    such S: all reserve cards, less each pile's top card of S that fails the count, until
    none does. Cards of the start rank always find an empty foundation, so they never
    stay. Stock cards and the waste count as outside S: they may go home at any time,
    which only frees more. Foundations of one suit are `deadlock_function`'s.
    """
    rules = model.rules
    foundations = range(model.f0, model.f1)
    reserves = range(model.r0, model.r1)
    if (
        rules.goal is not Goal.ALL_TO_FOUNDATIONS
        or rules.foundation_play_back
        or not reserves
        # Reserve cards that go nowhere but home: no tableau, or a rule that says so.
        or (model.t0 != model.t1 and not rules.reserve_to_foundations_only)
        or rules.reserve_covered_by
        or rules.redeal_from_reserves
    ):
        return None
    ranks_below = rank_order(model)
    if ranks_below is None:
        return None

    def dead(piles: Piles, redeals_left: int) -> bool:
        home_now = [0] * (KING + 1)  # per rank, its cards home
        for f in foundations:
            for c in piles[f]:
                home_now[RANK[c]] += 1
        outside = [4] * (KING + 1)  # per rank, its cards not in S
        cut = [0] * len(piles)
        for r in reserves:
            cut[r] = len(piles[r])
            for c in piles[r]:
                outside[RANK[c]] -= 1
        changed = True
        while changed:
            changed = False
            for r in reserves:
                pile = piles[r]
                while cut[r]:
                    rank = RANK[pile[cut[r] - 1]]
                    most = home_now[rank]
                    stuck = False
                    for k in ranks_below[rank]:
                        if outside[k] <= most:
                            stuck = True
                            break
                    if stuck:
                        break  # S keeps it, and so the cards below it
                    cut[r] -= 1
                    outside[rank] += 1
                    changed = True
        return any(cut[r] for r in reserves)

    return dead
