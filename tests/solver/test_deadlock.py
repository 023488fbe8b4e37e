"""Dead ends seen without searching (`deadlock.py`): only lost positions are called dead."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from runtime.engine import State, new_game
from runtime.engine.cards import DECK_SIZE, FACE_DOWN, RANK, parse_card
from runtime.engine.moves import MoveKind
from runtime.solver import Verdict, deadlock, solve
from runtime.solver.deadlock import Deadlock, Piles, deadlock_function, deal_order, rank_order
from runtime.solver.model import model_for
from tests.solver.positions import brute_force, small_position

SURVEYS = Path(__file__).resolve().parents[2] / "bench" / "surveys"

# Small positions the test calls dead whose brute-force verdict is quick (game, size, seed).
DEAD_SMALL = [
    ("lady_jane", 6, 236),
    ("lady_jane", 8, 156),
    ("bakers_dozen", 6, 19),
    ("bakers_dozen", 8, 28),
    ("bakers_dozen", 8, 210),
]


def lost_at_the_deal(state: State) -> Deadlock:
    """The game's test, after checking it calls the deal dead and the search says lost
    before its first node."""
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    result = solve(state)
    assert result.verdict is Verdict.UNWINNABLE and result.nodes == 1
    return dead


def play_until_dead(state: State, dead: Deadlock, rng: random.Random, moves: int) -> bool:
    """Random moves on ``state``, up to ``moves`` of them, stopped at the first position
    ``dead`` calls dead: whether one was."""
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal or dead(state.piles, state.redeals_left):
            break
        state.apply(rng.choice(legal))
    return dead(state.piles, state.redeals_left)


def small_after_random_play(game: str, seed: int, sizes: list[int]) -> tuple[State, Deadlock, bool]:
    """A small position of ``game`` (its size drawn from ``sizes``) after up to 20 random
    moves, stopped at the first one the game's test calls dead: the position, the test,
    and whether it was."""
    rng = random.Random(seed)
    state = small_position(game, seed, rng.choice(sizes))
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None
    return state, dead, play_until_dead(state, dead, rng, rng.randint(0, 20))


def dead_after_random_play(game: str, seed: int, moves: tuple[int, int]) -> State | None:
    """Deal ``seed`` after random moves (how many: drawn from ``moves``, seeded by the deal),
    stopped at the first position the game's test calls dead; None if none is."""
    state = new_game(game, None, seed)
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None
    rng = random.Random(seed)
    return state if play_until_dead(state, dead, rng, rng.randint(*moves)) else None


def swapped(piles: Piles, a: tuple[int, int], b: tuple[int, int]) -> Piles:
    """``piles`` with the cards at (pile, height) ``a`` and ``b`` exchanged, each taking the
    other's side up."""
    rows = [list(p) for p in piles]
    (p, i), (q, j) = a, b
    x, y = rows[p][i], rows[q][j]
    rows[p][i] = (y & ~FACE_DOWN) | (x & FACE_DOWN)
    rows[q][j] = (x & ~FACE_DOWN) | (y & FACE_DOWN)
    return tuple(tuple(r) for r in rows)


@pytest.mark.parametrize(("game", "size", "seed"), DEAD_SMALL)
def test_dead_small_positions_are_lost(game: str, size: int, seed: int) -> None:
    state = small_position(game, seed, size)
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 30_000) is False


def test_a_card_over_its_own_suit_with_both_hosts_beneath_is_lost() -> None:
    # Lady Jane deal 1 (base 10): the 8 of spades lies on the 3 of spades, which must go
    # home first, with both red nines under them; only nines start an empty pile.
    state = new_game("lady_jane", None, 1)
    pile = state.piles[9]
    assert [c & ~FACE_DOWN for c in pile] == [parse_card(c) for c in ("9D", "9H", "3S", "8S")]
    dead = lost_at_the_deal(state)
    # The deal is also lost by its face-down King of spades above the Jack of spades (see
    # the face-down test below); with that King swapped for a reserve's card, the Eight
    # still holds it, and with the 9 of hearts swapped too (so a top), the 8 may leave.
    piles = swapped(state.piles, (10, 3), (14, 0))
    assert dead(piles, state.redeals_left)
    assert not dead(swapped(piles, (9, 1), (13, 0)), state.redeals_left)


def test_dead_stays_dead_whatever_is_played() -> None:
    # No card of the lock ever moves, so every position reached is dead too and none is won.
    # Lady Jane deals dead from the start; 2, 15, 37 and 47 by a face-down card that will be
    # stuck once turned.
    for seed in (1, 4, 9, 16, 23, 2, 15, 37, 47):
        state = new_game("lady_jane", None, seed)
        dead = deadlock_function(model_for(state.rules, state.base))
        assert dead is not None and dead(state.piles, state.redeals_left)
        rng = random.Random(seed)
        for _ in range(20):
            trial = state.clone()
            for _ in range(60):
                moves = trial.legal_moves()
                if not moves:
                    break
                trial.apply(rng.choice(moves))
                assert dead(trial.piles, trial.redeals_left)
                assert not trial.is_won()


def test_a_face_down_card_that_cannot_move_once_turned_is_stuck() -> None:
    # Lady Jane deal 2 (base 9): the face-down King of diamonds lies on the Ten of diamonds,
    # which must go home first; a King builds on nothing and only Eights start an empty
    # pile, so once the Ace and Three above it leave, it never moves. Before session 43 the
    # test looked at face-up cards only, and the whole schedule took 4,437,576 nodes.
    state = new_game("lady_jane", None, 2)
    pile = state.piles[12]
    assert [c & ~FACE_DOWN for c in pile] == [
        parse_card(c) for c in ("8H", "10D", "KC", "8S", "KD", "AD", "3D")
    ]
    assert pile[4] & FACE_DOWN
    dead = lost_at_the_deal(state)
    # With the Ten of diamonds swapped for a reserve's card, the King may go home in time.
    assert not dead(swapped(state.piles, (12, 1), (13, 0)), state.redeals_left)


@pytest.mark.parametrize("seed", [0, 1612])
def test_the_deals_onto_the_reserves_go_where_the_test_expects(seed: int) -> None:
    # `deal_order` says which reserve each stock card will land on; the engine's deals agree.
    state = new_game("lady_jane", None, seed)
    model = model_for(state.rules, state.base)
    stock = state.piles[state.layout.stock]
    expected = {
        r: [stock[j] & ~FACE_DOWN for j in indices] for r, indices in deal_order(model, len(stock))
    }
    assert sorted(expected) == list(state.layout.reserves)
    before = {r: state.piles[r] for r in expected}
    while deal := next((m for m in state.legal_moves() if m.kind is MoveKind.DEAL), None):
        state.apply(deal)
    assert {r: list(state.piles[r][len(before[r]) :]) for r in expected} == expected
    # The last two cards went to the waste and the stock, not to a reserve.
    assert len(state.piles[state.layout.waste]) + len(state.piles[state.layout.stock]) == 2


def test_cards_the_stock_will_deal_onto_a_reserve_hold_a_host_there() -> None:
    # Lady Jane deal 1612 (base 5): the face-down Queen of hearts (pile 12) builds only on
    # the black Kings; the King of clubs lies on reserve 16 and the second deal puts the
    # King of spades on it, both on a reserve, where nothing is ever played onto, and both
    # held there by lower cards of their own suits. So the Queen never moves but home,
    # where the Jack of hearts, face down under the Jack of diamonds, must go first.
    state = new_game("lady_jane", None, 1612)
    assert state.piles[16] == (parse_card("KC"),)
    dead = lost_at_the_deal(state)
    # Without the King of spades in the stock (swapped for a tableau card), not dead.
    stock = state.layout.stock
    king = state.piles[stock].index(parse_card("KS") | FACE_DOWN)
    assert not dead(swapped(state.piles, (stock, king), (6, 0)), state.redeals_left)


@pytest.mark.parametrize(("game", "size"), [("agnes", 12), ("odessa", 14)])
def test_positions_with_face_down_cards_called_dead_are_lost(game: str, size: int) -> None:
    # Small positions with every tableau card but the top face down, then random moves:
    # every one the test calls dead is lost by brute force, and it calls some dead.
    lost = 0
    for seed in range(60):
        state = small_position(game, seed, size)
        tableau = state.layout.tableau
        state.piles = tuple(
            tuple(c | FACE_DOWN if i in tableau and j < len(p) - 1 else c for j, c in enumerate(p))
            for i, p in enumerate(state.piles)
        )
        dead = deadlock_function(model_for(state.rules, state.base))
        assert dead is not None
        rng = random.Random(seed)
        if (
            play_until_dead(state, dead, rng, 25)
            and (verdict := brute_force(state, 5_000)) is not None
        ):
            assert verdict is False, f"{game} seed {seed}"
            lost += 1
    assert lost >= 3


@pytest.mark.parametrize("game", ["seahaven", "freecell", "eight_off", "ten_across"])
def test_an_empty_cell_leaves_nothing_stuck(game: str) -> None:
    # Every deal of these games with a cell emptied: the cell takes any top card.
    state = new_game(game, None, 5)
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None
    rows = [list(p) for p in state.piles]
    for cell in state.layout.reserves:
        if rows[cell]:
            rows[state.layout.tableau[0]].append(rows[cell].pop())
            break
    assert not dead(tuple(tuple(p) for p in rows), state.redeals_left)


def test_cells_that_keep_stuck_cards_lose_the_deal() -> None:
    # Ten Across deal 5: its cells hold the Three of hearts and the Nine of clubs, and
    # neither ever leaves (their hosts lie under cards that stay), so no cell empties and
    # the test reads the cells as reserves. Before session 46 cells had no test: the deal
    # took 149 nodes.
    state = new_game("ten_across", None, 5)
    cells = [state.piles[r] for r in state.layout.reserves]
    assert cells == [(parse_card("3H"),), (parse_card("9C"),)]
    dead = lost_at_the_deal(state)
    # Back on the tableau, the Nine leaves its cell free for the cards the test kept.
    rows = [list(p) for p in state.piles]
    rows[state.layout.tableau[0]].append(rows[state.layout.reserves[1]].pop())
    assert not dead(tuple(tuple(p) for p in rows), state.redeals_left)


def test_golf_positions_called_dead_are_lost() -> None:
    # Random Golf positions (15-30 random moves from a deal): every one the waste test calls
    # dead is lost by brute force, and it calls some dead.
    lost = 0
    for seed in range(200):
        state = new_game("golf", None, seed)
        dead = deadlock_function(model_for(state.rules, state.base))
        assert dead is not None
        rng = random.Random(seed)
        for _ in range(rng.randint(15, 30)):
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(rng.choice(moves))
            if dead(state.piles, state.redeals_left):
                break
        if (
            dead(state.piles, state.redeals_left)
            and (verdict := brute_force(state, 30_000)) is not None
        ):
            assert verdict is False, f"seed {seed}"
            lost += 1
    assert lost >= 20


def test_a_golf_card_whose_hosts_are_buried_or_beside_it_is_stuck() -> None:
    # Golf deal 0 with the Fives, Sevens, other Sixes, the King and the Two of Clubs taken
    # out: the Six of Spades tops pile t1, and the test is asked where its hosts may be.
    state = new_game("golf", None, 0)
    model = model_for(state.rules, state.base)
    dead = deadlock_function(model)
    assert dead is not None
    t1, waste = model.t0, model.layout.waste
    six, seven_h, king, two = (parse_card(c) for c in ("6S", "7H", "KC", "2C"))
    hosts = [parse_card(f"{rank}{suit}") for rank in "57" for suit in "CDHS"]
    sixes = [parse_card(f"6{suit}") for suit in "CDH"]
    out = {*hosts, *sixes, king, two}
    base = [[c for c in p if c & ~FACE_DOWN not in out] for p in state.piles]
    assert base[t1][-1] == six

    def position(waste_cards: list[int], above_six: list[int]) -> tuple[tuple[int, ...], ...]:
        piles = [list(p) for p in base]
        piles[waste] = sixes + waste_cards
        piles[t1] += above_six
        return tuple(tuple(p) for p in piles)

    others = [h for h in hosts if h != seven_h]
    # Every host buried in the waste under the King: stuck.
    assert dead(position([*hosts, king], []), 0)
    # The Seven of Hearts on top of the waste takes it now.
    assert not dead(position([*others, seven_h], []), 0)
    # The Seven of Hearts just above it goes first, then the Six follows it.
    assert not dead(position([*others, king], [seven_h]), 0)
    # One card higher up, the Two between them covers it on the waste: stuck.
    assert dead(position([*others, king], [two, seven_h]), 0)


def test_golf_cards_holding_each_other_are_stuck() -> None:
    # The Six of Spades' last Five lies under the Four of Clubs, whose last Three lies under
    # the Six: neither card alone has every host out of reach, the two together never move.
    state = new_game("golf", None, 0)
    model = model_for(state.rules, state.base)
    dead = deadlock_function(model)
    assert dead is not None
    first, second = model.t0, model.t0 + 1
    six, four, five_d, three_h, king = (parse_card(c) for c in ("6S", "4C", "5D", "3H", "KC"))
    stock = [parse_card(c) for c in ("QH", "JD", "2S")]

    def position(first_pile: list[int], second_pile: list[int]) -> State:
        trial = state.clone()
        loose = {*first_pile, *second_pile, *stock, king}
        piles: list[list[int]] = [[] for _ in state.piles]
        piles[first], piles[second] = first_pile, second_pile
        piles[model.layout.stock] = [c | FACE_DOWN for c in stock]
        piles[model.layout.waste] = [c for c in range(DECK_SIZE) if c not in loose] + [king]
        trial.piles = tuple(tuple(p) for p in piles)
        return trial

    held = position([three_h, six], [five_d, four])
    assert dead(held.piles, held.redeals_left)
    assert brute_force(held, 10_000) is False
    # The Three on top instead: it goes onto the Two from the Stock, the Four after it.
    free = position([six, three_h], [five_d, four])
    assert not dead(free.piles, free.redeals_left)


def test_golf_deal_6_is_proven_lost() -> None:
    # Unknown at 300,000 nodes without the waste test, lost at 40,641 with a test of one
    # card at a time, at 19,481 with the greatest set of stuck cards, at 17,517 with the
    # waste keyed by its top card's rank (`keys.py`).
    result = solve(new_game("golf", None, 6), max_nodes=60_000)
    assert result.verdict is Verdict.UNWINNABLE and result.nodes == 17_517


@pytest.mark.parametrize("game", ["agnes", "easthaven"])
def test_a_stock_dealt_onto_the_tableau_only_buries_more(game: str) -> None:
    # Random play from deals of games whose stock deals onto the tableau: every position
    # the test calls dead is lost by brute force, also with stock cards still to come.
    lost_with_stock = 0
    for seed in range(60):
        state = dead_after_random_play(game, seed, (10, 60))
        if state is not None and (verdict := brute_force(state, 20_000)) is not None:
            assert verdict is False, f"{game} seed {seed}"
            lost_with_stock += bool(state.piles[state.layout.stock])
    assert lost_with_stock >= 10


@pytest.mark.parametrize(("game", "seed", "nodes"), [("agnes", 0, 896), ("easthaven", 33, 3_067)])
def test_deals_of_a_stock_onto_the_tableau_proven_lost(game: str, seed: int, nodes: int) -> None:
    # Both unknown at 300,000 nodes before the test applied where the stock deals onto the
    # tableau (with the engine's moves: Agnes 1,217 nodes and Easthaven 5,548; with the fast
    # generator's, session 33, 1,115 and 4,964; without a move's reverse, session 39, 1,008
    # and 4,811; Easthaven 4,369 since face-down cards may be stuck, session 43; Agnes 1,000
    # and Easthaven 3,369 with hosts at home and tableau piles that never empty, session 44;
    # Agnes 896 and Easthaven 3,067 with sleep sets, session 49).
    result = solve(new_game(game, None, seed), max_nodes=60_000)
    assert result.verdict is Verdict.UNWINNABLE and result.nodes == nodes


def test_a_host_at_the_bottom_of_a_foundation_is_no_host() -> None:
    # Agnes plays foundation cards back, but a Six at the bottom of its foundation leaves
    # only after the seven cards above it, and those have nowhere to go: the Five of
    # diamonds on the Four has no host, only the stock fills a space, so diamonds never
    # finish. Before session 44 a host anywhere on a foundation counted as free.
    state = small_position("agnes", 0, 10)
    assert state.rules.foundation_play_back
    four, five = state.piles[9]
    assert (four & ~FACE_DOWN, five) == (parse_card("4D"), parse_card("5D"))
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 20_000) is False


@pytest.mark.parametrize(("game", "seed", "size"), [("easthaven", 0, 12), ("yukon", 53, 16)])
def test_without_play_back_a_host_at_home_is_no_host(game: str, seed: int, size: int) -> None:
    state = small_position(game, seed, size)
    assert not state.rules.foundation_play_back
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 20_000) is False


def test_tableau_piles_that_never_empty_leave_no_space() -> None:
    # Easthaven's spaces take any card, so alone no card is ever stuck; but every one of
    # the seven piles keeps its bottom card (each stuck, or held by a face-down card),
    # so no space ever opens and the cards a space would have freed are stuck too.
    state = small_position("easthaven", 309, 14)
    assert all(state.piles[t] for t in state.layout.tableau)
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 20_000) is False
    # With a space open the same cards may start a pile: not dead.
    emptied = list(state.piles)
    seven, nine = state.layout.tableau[2], state.layout.tableau[4]
    emptied[nine] = emptied[nine] + emptied[seven]
    emptied[seven] = ()
    assert not dead(tuple(emptied), state.redeals_left)


@pytest.mark.parametrize("game", ["agnes", "easthaven"])
def test_positions_called_dead_with_no_space_are_lost(game: str) -> None:
    # Small positions and random moves from them: every one the test calls dead while no
    # tableau pile is empty is lost by brute force, and it calls some dead.
    lost = 0
    for seed in range(80):
        rng = random.Random(seed)
        state = small_position(game, seed, rng.choice([12, 14, 16]))
        dead = deadlock_function(model_for(state.rules, state.base))
        assert dead is not None
        for _ in range(rng.randint(0, 12)):
            moves = state.legal_moves()
            if not moves or dead(state.piles, state.redeals_left):
                break
            state.apply(rng.choice(moves))
        full = all(state.piles[t] for t in state.layout.tableau)
        if (
            full
            and dead(state.piles, state.redeals_left)
            and (verdict := brute_force(state, 20_000)) is not None
        ):
            assert verdict is False, f"{game} seed {seed}"
            lost += 1
    assert lost >= 3


def test_a_card_under_a_stuck_card_never_goes_home() -> None:
    # Yukon: the Nine of spades is next to go home, but the Ten of spades lies on it and
    # has nowhere to go (both red Jacks are home, only Kings fill a space); a card moves
    # only with the cards above it, so the Nine never goes home. Before session 44 a card
    # with no lower card of its chain left out was never stuck.
    state = small_position("yukon", 6, 10)
    nine, ten = parse_card("9S"), parse_card("10S")
    [pile] = [i for i, p in enumerate(state.piles) if p[:2] == (nine, ten)]
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 20_000) is False
    # With the Ten elsewhere (on an empty pile, as a King would go) the Nine goes home.
    space = next(t for t in state.layout.tableau if not state.piles[t])
    rows = list(state.piles)
    rows[space], rows[pile] = (ten,), (nine, *rows[pile][2:])
    assert not dead(tuple(rows), state.redeals_left)


def test_a_card_that_never_reaches_the_tableau_is_no_host() -> None:
    # Lady Jane, base Three: the Queen of hearts on top of the Eight of hearts needs a black
    # King; the King of clubs is home and the King of spades lies in the waste, where a
    # King stays (nothing takes a King and only Twos fill a space), so the Eight never goes
    # home. Before session 44 a host in the stock or the waste always counted as free.
    state = small_position("lady_jane", 848, 16)
    assert parse_card("KS") in state.piles[state.layout.waste]
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, state.redeals_left)
    assert brute_force(state, 20_000) is False


RANKS = ("A", *map(str, range(2, 11)), "J", "Q", "K")


def saratoga_position(waste: str, stock: str, redeals_left: int) -> State:
    """A Saratoga position with the spades and clubs home to their Nines, the hearts to
    their Seven, the diamonds all home, ``waste`` and ``stock`` (bottom first) and the
    court cards on the tableau, where only Kings fill a space."""
    state = new_game("saratoga", None, 0)
    layout = state.layout
    rows: list[list[int]] = [[] for _ in state.piles]
    tops = {"S": 9, "C": 9, "H": 7, "D": 13}
    for f, (suit, top) in zip(layout.foundations, tops.items(), strict=False):
        rows[f] = [parse_card(f"{rank}{suit}") for rank in RANKS[:top]]
    tableau = ["KS QH JS 10H", "KC", "KH QC JH", "QS", "JC", "", ""]
    for t, cards in zip(layout.tableau, tableau, strict=True):
        rows[t] = [parse_card(c) for c in cards.split()]
    rows[layout.waste] = [parse_card(c) for c in waste.split()]
    rows[layout.stock] = [parse_card(c) | FACE_DOWN for c in stock.split()]
    state.piles = tuple(tuple(r) for r in rows)
    state.redeals_left = redeals_left
    assert sorted(c & ~FACE_DOWN for p in state.piles for c in p) == list(range(DECK_SIZE))
    return state


def test_a_host_off_the_tableau_is_a_target_only_once_it_can_get_there() -> None:
    # Saratoga deal 37: the Sevens of spades and clubs top what stays of two piles above
    # lower cards of their suits and need a red Eight. Both lie in the stock; the Eight of
    # diamonds builds only on the Nine of clubs, held in a pile, or the Nine of spades, in
    # the stock; that Nine only on a red Ten, both in the stock; and those only on a black
    # Jack, both held. So no red Eight ever reaches the tableau and the deal is lost from
    # the start (session 57); before, a card in the stock with any host counted as a
    # target, and the search proved the deal lost at 445,502 nodes.
    state = new_game("saratoga", None, 37)
    stock = {c & ~FACE_DOWN for c in state.piles[state.layout.stock]}
    assert {parse_card(c) for c in ("8D", "8H", "9S", "10D", "10H")} <= stock
    dead = lost_at_the_deal(state)
    # With the Jack of spades swapped for the lone Two of spades, it tops a pile of its
    # own, and the chain of hosts reaches the tableau.
    jack_pile = next(i for i, p in enumerate(state.piles) if parse_card("JS") in p)
    assert state.piles[jack_pile][2] == parse_card("JS")
    assert state.piles[state.layout.tableau[0]] == (parse_card("2S"),)
    piles = swapped(state.piles, (jack_pile, 2), (state.layout.tableau[0], 0))
    assert not dead(piles, state.redeals_left)


def generous_gets_there(*_: object) -> bool:
    """`HostPaths.gets_there` before session 57: every card off the tableau, or above S in a pile
    only the top card leaves, counted as a target, whatever its own hosts."""
    return True


@pytest.mark.parametrize("game", ["saratoga", "klondike", "lady_jane", "athena", "aunt_mary"])
def test_positions_dead_only_by_hosts_that_never_get_there_are_lost(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Small positions after random moves, stopped at the first called dead: every one that
    # the targets of before called alive is lost by brute force, and there are some.
    def dead_before(dead: Deadlock, state: State) -> bool:
        with monkeypatch.context() as patch:
            patch.setattr(deadlock.HostPaths, "gets_there", generous_gets_there)
            return dead(state.piles, state.redeals_left)

    lost = 0
    for seed in range(600):
        state, dead, called_dead = small_after_random_play(game, seed, [10, 12, 14, 16, 20])
        if called_dead and not dead_before(dead, state):
            verdict = brute_force(state, 20_000)
            assert verdict is not True, f"{game} seed {seed}"
            lost += verdict is False
    assert lost >= 1


# Survey files whose won deals the test must never call dead at the deal (the first
# records of each: all of them were checked once, in session 57).
WON_RECORDS = [
    "saratoga-300k-s42.jsonl",
    "saratoga-3k-300k-s49.jsonl",
    "klondike-300k-s40.jsonl",
    "lady_jane-500k-s43.jsonl",
    "athena-500k-s50.jsonl",
    "aunt_mary-300k-s45.jsonl",
    "agnes-1m-s44.jsonl",
]


@pytest.mark.parametrize("name", WON_RECORDS)
def test_no_deal_a_survey_won_is_dead_at_the_deal(name: str) -> None:
    records = [json.loads(line) for line in (SURVEYS / name).read_text().splitlines()[:1500]]
    tests: dict[int, Deadlock | None] = {}
    won = called_dead = 0
    for record in records:
        state = new_game(record["game"], record["options"] or None, record["seed"])
        if state.base not in tests:
            tests[state.base] = deadlock_function(model_for(state.rules, state.base))
        dead = tests[state.base]
        assert dead is not None
        if dead(state.piles, state.redeals_left):
            called_dead += 1
            assert record["verdict"] != "winnable", f"{name} seed {record['seed']}"
        won += record["verdict"] == "winnable"
    assert won and called_dead


def test_the_waste_on_the_last_pass_is_a_pile() -> None:
    # The Nine of hearts tops the waste over the Eight of hearts and both black Tens: with
    # no redeal left nothing ever takes it. With one left, the turned-over waste deals the
    # Tens first and all goes home. Before session 45 a host in the waste always counted.
    model = model_for(new_game("saratoga", None, 0).rules, 0)
    dead = deadlock_function(model)
    assert dead is not None
    last = saratoga_position("10S 10C 8H 9H", "", 0)
    assert dead(last.piles, 0)
    assert brute_force(last, 20_000) is False
    again = saratoga_position("10S 10C 8H 9H", "", 1)
    assert not dead(again.piles, 1)
    assert brute_force(again, 20_000) is True
    # The Nine still in the stock: the Eight goes home before it is dealt.
    before = saratoga_position("10S 10C 8H", "9H", 0)
    assert not dead(before.piles, 0)
    assert brute_force(before, 20_000) is True
    # The Nine dealt first, then the Eight on it, and a Ten last: the stock's cards land
    # in order, the Eight goes home, and the Ten takes the Nine.
    order = saratoga_position("10S", "10C 8H 9H", 0)
    assert not dead(order.piles, 0)
    assert brute_force(order, 20_000) is True


@pytest.mark.parametrize("game", ["royal_east", "aunt_mary", "saratoga"])
def test_positions_called_dead_on_the_last_pass_are_lost(game: str) -> None:
    # Small positions with part of the waste put back in the stock, no redeal left, then
    # random moves: every one the test calls dead only because the waste is a pile now
    # (not dead while redeals are unlimited) is lost by brute force, and there are some.
    lost = 0
    for seed in range(600):
        rng = random.Random(seed)
        state = small_position(game, seed, rng.choice([10, 12, 14, 16]))
        dead = deadlock_function(model_for(state.rules, state.base))
        assert dead is not None
        waste, stock = state.layout.waste, state.layout.stock
        rows = [list(p) for p in state.piles]
        back = rng.randint(0, len(rows[waste]))
        moved = rows[waste][len(rows[waste]) - back :]
        del rows[waste][len(rows[waste]) - back :]
        rng.shuffle(moved)
        rows[stock] += [c | FACE_DOWN for c in moved]
        state.piles = tuple(tuple(r) for r in rows)
        state.redeals_left = 0
        for _ in range(rng.randint(0, 12)):
            if dead(state.piles, 0):
                break
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(rng.choice(moves))
        if dead(state.piles, 0) and not dead(state.piles, -1):
            verdict = brute_force(state, 20_000)
            assert verdict is not True, f"{game} seed {seed}"
            lost += verdict is False
    assert lost >= 2


def test_a_refill_may_take_a_reserve_card_that_has_no_host() -> None:
    # Kansas deal 3, read as if no card could fill a space: a tableau pile may still empty,
    # and the refill then takes the reserve's top card, host or no host, so it is not
    # stuck. (In Kansas itself any card fills a space from the waste.)
    state = new_game("kansas", None, 3)
    model = model_for(state.rules, state.base)
    no_starts = dataclasses.replace(model, tableau_start=(False,) * len(model.tableau_start or ()))
    dead = deadlock_function(no_starts)
    assert dead is not None and not dead(state.piles, state.redeals_left)


def test_a_scorpion_eight_over_its_own_nine_loses_the_deal() -> None:
    # Scorpion deal 3: the Eight of diamonds lies over the face-down Two of spades and the
    # Nine of diamonds, its only host; only Kings fill a space, so it never moves, the
    # diamonds are never built, and the Ace of spades, whose Two lies under it, never
    # leaves the Six of clubs at the bottom of the first pile. Before session 45 whole
    # suits built in the tableau had no test: 2,000,000 nodes left the deal unknown.
    state = new_game("scorpion", None, 3)
    pile = state.piles[state.layout.tableau[1]]
    eight, nine, two = (parse_card(c) for c in ("8D", "9D", "2S"))
    assert [c & ~FACE_DOWN for c in pile[1:4]] == [nine, two, eight]
    lost_at_the_deal(state)


def test_whole_suits_in_place_are_not_dead() -> None:
    # Scorpion with every suit built on a pile of its own: won, so not dead; with the Ace of
    # spades alone on a pile, it goes onto its Two: not dead either.
    state = new_game("scorpion", None, 0)
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None
    rows: list[tuple[int, ...]] = [() for _ in state.piles]
    suits = [[parse_card(f"{rank}{suit}") for rank in reversed(RANKS)] for suit in "SHCD"]
    for t, suit in zip(state.layout.tableau, suits, strict=False):
        rows[t] = tuple(suit)
    state.piles = tuple(rows)
    assert state.is_won() and not dead(state.piles, 0)
    first, spare = state.layout.tableau[0], state.layout.tableau[5]
    rows[first], rows[spare] = rows[first][:-1], rows[first][-1:]
    assert not dead(tuple(rows), 0)


# Deals the test proves lost since it reached their rules in session 45 (before, nodes:
# Whitehead 9 and 182 10,633 and 290,190; Kansas 42 and 27 10,539 and 43,495) and 46
# (Auld Lang Syne 20, 26,201); with sleep sets since session 49 (before: Whitehead 109 and
# 16, Kansas 2,283 and 10,917); with hosts off the tableau that never get there since
# session 57 (before: Kansas 1,642 and 9,774).
@pytest.mark.parametrize(
    ("game", "seed", "nodes"),
    [
        ("whitehead", 9, 60),
        ("whitehead", 182, 12),
        ("kansas", 42, 1_021),
        ("kansas", 27, 304),
        ("auld_lang_syne", 20, 3_960),
    ],
)
def test_deals_proven_lost_in_fewer_nodes(game: str, seed: int, nodes: int) -> None:
    state = new_game(game, None, seed)
    assert deadlock_function(model_for(state.rules, state.base)) is not None
    result = solve(state, max_nodes=300_000)
    assert (result.verdict, result.nodes) == (Verdict.UNWINNABLE, nodes)


# Games the test reached in session 45: only runs of one suit move (Whitehead), refills
# from a reserve and spaces only the waste fills (Kansas, Straight Up), whole suits built
# in the tableau (Scorpion); in session 46, cells (Ten Across, the free-cell family).
@pytest.mark.parametrize(
    "game", ["whitehead", "kansas", "straight_up", "scorpion", "ten_across", "seahaven"]
)
def test_random_play_called_dead_is_lost(game: str) -> None:
    # Random play from deals, stopped at the first position called dead: every one brute
    # force decides is lost, and there are some.
    lost = 0
    for seed in range(60):
        state = dead_after_random_play(game, seed, (5, 150))
        if state is not None:
            verdict = brute_force(state, 20_000)
            assert verdict is not True, f"{game} seed {seed}"
            lost += verdict is False
    assert lost >= 10


def sir_tommy_position(reserves: list[str], home: str) -> State:
    """Sir Tommy with the given reserve piles (bottom card first) and the cards ``home``
    (by rank, one foundation per card of the start rank), every other card in the stock."""
    state = new_game("sir_tommy", None, 0)
    layout = state.layout
    rows: list[list[int]] = [[] for _ in state.piles]
    for r, text in zip(layout.reserves, reserves, strict=True):
        rows[r] = [parse_card(c) for c in text.split()]
    for f, text in zip(layout.foundations, home.split("/"), strict=True):
        rows[f] = [parse_card(c) for c in text.split()]
    placed = {c for row in rows for c in row}
    rows[layout.stock] = [c | FACE_DOWN for c in range(DECK_SIZE) if c not in placed]
    state.piles = tuple(tuple(row) for row in rows)
    return state


def test_all_four_twos_under_higher_cards_hold_them_too() -> None:
    # Every Two lies under a Five or higher and the Aces are home: a Five goes home only
    # onto a Four, and no Four goes home before a Three nor a Three before a Two, so
    # nothing in the reserves ever moves, though the Threes and Fours are in the stock.
    # Before session 46 foundations by rank had no test.
    reserves = ["2C 5C", "2D 5D", "2H 6H", "2S 7S"]
    state = sir_tommy_position(reserves, "AC/AD/AH/AS")
    dead = deadlock_function(model_for(state.rules, state.base))
    assert dead is not None and dead(state.piles, 0)
    # With one Two on top, it goes home; after it a Three, a Four, and the Five it was
    # under: not dead.
    state = sir_tommy_position(["5C 2C", *reserves[1:]], "AC/AD/AH/AS")
    assert not dead(state.piles, 0)
    # Three Fives home already: the fourth Five needs four Fours home, so a Five held by
    # one Two in the reserves (the other three Twos home) stays; without the three Fives
    # home, a second Four could go home: not dead.
    piles = ["2S 5S", "", "", ""]
    state = sir_tommy_position(piles, "AC 2C 3C 4C 5C/AD 2D 3D 4D 5D/AH 2H 3H 4H 5H/AS")
    assert dead(state.piles, 0)
    state = sir_tommy_position(piles, "AC 2C 3C 4C/AD 2D 3D 4D/AH 2H 3H 4H/AS")
    assert not dead(state.piles, 0)


def test_rank_order_follows_the_start_rank_round_the_corner() -> None:
    # Sir Tommy's foundations as if they started from the Fives, an Ace following a King:
    # below a Four lie the Threes, Twos, Aces, Kings ... down to the Fives.
    state = new_game("sir_tommy", None, 0)
    model = model_for(state.rules, state.base)
    assert rank_order(model) == [(), *[tuple(range(r - 1, 0, -1)) for r in range(1, 14)]]
    cards = range(DECK_SIZE)
    fives = dataclasses.replace(
        model,
        foundation_start=tuple(RANK[c] == 5 for c in cards),
        foundation_hosts=tuple(
            tuple(h for h in cards if RANK[h] == (RANK[c] - 2) % 13 + 1) if RANK[c] != 5 else ()
            for c in cards
        ),
    )
    order = rank_order(fives)
    assert order is not None and order[5] == () and order[6] == (5,)
    assert order[4] == (3, 2, 1, 13, 12, 11, 10, 9, 8, 7, 6, 5)
    # Two start ranks, or a card with a host of another rank: no order.
    two_starts = dataclasses.replace(
        fives, foundation_start=tuple(RANK[c] in (1, 5) for c in cards)
    )
    assert rank_order(two_starts) is None
    assert rank_order(model_for(new_game("bakers_dozen", None, 0).rules, 0)) is None


@pytest.mark.parametrize("game", ["sir_tommy", "auld_lang_syne"])
def test_positions_called_dead_where_foundations_build_by_rank_are_lost(game: str) -> None:
    # Small positions after random moves, stopped at the first one called dead: every one
    # brute force decides is lost, and there are some.
    lost = 0
    for seed in range(80):
        state, _, called_dead = small_after_random_play(game, seed, [8, 10, 12, 14, 16])
        if called_dead:
            verdict = brute_force(state, 100_000)
            assert verdict is not True, f"{game} seed {seed}"
            lost += verdict is False
    assert lost >= 10
