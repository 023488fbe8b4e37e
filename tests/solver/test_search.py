"""Verdicts on constructed positions for every game, checked against brute force; lines replay."""

from __future__ import annotations

import gc
import random

import pytest

from runtime.engine import State, game_ids, new_game
from runtime.engine.cards import FACE_DOWN, parse_card
from runtime.engine.moves import DEAL
from runtime.solver import Verdict, solve
from runtime.solver.cells import BLOCKED, BREAK, CellsSearch, cells_search, cells_supported
from runtime.solver.goal import won_function
from runtime.solver.keys import key_function
from runtime.solver.model import model_for
from runtime.solver.successors import fast_generator, fast_supported
from tests.solver.positions import assert_line_wins, brute_force, small_position

# (game, size, seed) of small positions whose brute-force verdict is quick to compute.
SMALL = [
    ("seahaven", 10, 0),
    ("seahaven", 10, 1),
    ("saratoga", 10, 1),
    ("saratoga", 10, 4),
    ("saratoga", 18, 20),  # unwinnable
    ("lady_jane", 10, 0),
    ("lady_jane", 10, 2),
    ("lady_jane", 10, 6),  # unwinnable
    ("lady_jane", 14, 24),  # unwinnable
    ("escalator", 6, 0),  # unwinnable
    ("escalator", 6, 1),
    ("escalator", 6, 3),  # unwinnable
    ("escalator", 6, 11),
]


@pytest.mark.parametrize(("game", "size", "seed"), SMALL)
def test_small_positions_agree_with_brute_force(game: str, size: int, seed: int) -> None:
    state = small_position(game, seed, size)
    expected = brute_force(state, 50_000)
    assert expected is not None
    result = solve(state)
    assert result.verdict is (Verdict.WINNABLE if expected else Verdict.UNWINNABLE)
    if expected:
        assert_line_wins(state, result.moves)


def test_every_game_has_both_verdicts_in_the_sample() -> None:
    verdicts: dict[str, set[bool]] = {}
    for game, size, seed in SMALL:
        verdicts.setdefault(game, set()).add(bool(brute_force(small_position(game, seed, size))))
    assert set(verdicts) == {"seahaven", "saratoga", "lady_jane", "escalator"}
    assert verdicts["seahaven"] == {True}  # Seahaven's lost positions are below
    assert all(v == {True, False} for g, v in verdicts.items() if g != "seahaven")


def place(game: str, piles: dict[str, str], redeals: int | None = None) -> State:
    """A position from pile texts; every card not named goes to its foundation in order."""
    state = new_game(game, None, 0)
    named = {name: [parse_card(c) for c in text.split()] for name, text in piles.items()}
    used = {c for cards in named.values() for c in cards}
    result: list[tuple[int, ...]] = [() for _ in state.layout.kinds]
    for name, cards in named.items():
        result[state.layout.index[name]] = tuple(cards)
    for f, suit in zip(state.layout.foundations, "CDHS", strict=True):
        home = []
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
            card = parse_card(rank + suit)
            if card in used:
                break
            home.append(card)
        result[f] = tuple(home)
    state.piles = tuple(result)
    if redeals is not None:
        state.redeals_left = redeals
    return state


def test_seahaven_locked_position_is_unwinnable() -> None:
    # Free cells full of Kings, no empty column, every pile climbing in suit: no move at all.
    piles = {"r1": "KC", "r2": "KD", "r3": "KH", "r4": "KS"}
    columns = ["2C 3C 4C", "5C 6C 7C 8C", "9C 10C JC QC", "2D 3D 4D", "5D 6D 7D 8D"]
    columns += ["9D 10D JD QD", "2H 3H 4H 5H 6H", "7H 8H 9H 10H JH QH", "2S 3S 4S 5S 6S"]
    columns += ["7S 8S 9S 10S JS QS"]
    piles |= {f"t{i + 1}": text for i, text in enumerate(columns)}
    state = place("seahaven", piles)
    assert state.is_lost()
    assert solve(state).verdict is Verdict.UNWINNABLE


def test_seahaven_needs_a_free_cell_and_an_empty_column() -> None:
    # The Ace of clubs lies under King and Queen: Queen to a cell, King to an empty column.
    state = place("seahaven", {"t1": "AC KC QC", "t2": "JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"})
    result = solve(state)
    assert result.verdict is Verdict.WINNABLE
    assert_line_wins(state, result.moves)


def test_saratoga_waste_lock_and_its_fix() -> None:
    clubs = {"t1": "KC 9C 3C", "t2": "QC 8C 4C", "t3": "JC 7C 5C", "t4": "10C 6C"}
    won = place("saratoga", {**clubs, "w": "2C AC"}, redeals=0)
    result = solve(won)
    assert result.verdict is Verdict.WINNABLE
    assert_line_wins(won, result.moves)
    # Ace under the Two in a spent waste, every column full, no red card to build on.
    lost = place(
        "saratoga",
        {"t1": "3C 4C", "t2": "5C 6C", "t3": "7C", "t4": "8C 9C", "t5": "10C", "t6": "JC QC"}
        | {"t7": "KC", "w": "AC 2C"},
        redeals=0,
    )
    assert lost.is_lost()
    assert solve(lost).verdict is Verdict.UNWINNABLE


@pytest.mark.parametrize(
    ("game", "seed"),
    [
        *[("seahaven", 1), ("seahaven", 14), ("saratoga", 2), ("lady_jane", 5), ("escalator", 19)],
        *[("freecell", 1), ("eight_off", 2), ("bakers_dozen", 2), ("beleaguered_castle", 1)],
    ],
)
def test_deal_lines_replay_to_a_win(game: str, seed: int) -> None:
    state = new_game(game, None, seed)
    result = solve(state, max_nodes=100_000)
    assert result.verdict is Verdict.WINNABLE
    assert_line_wins(state, result.moves)
    assert state.move_log == []  # the caller's state is untouched


def test_limits_give_unknown() -> None:
    result = solve(new_game("seahaven", None, 3), max_nodes=300)
    assert result.verdict is Verdict.UNKNOWN
    assert result.moves == ()


def test_face_down_cards_are_known_to_the_solver() -> None:
    state = new_game("lady_jane", None, 6)
    assert any(c >= FACE_DOWN for t in state.layout.tableau for c in state.piles[t])
    assert solve(state, max_nodes=100_000).verdict is Verdict.WINNABLE


@pytest.mark.parametrize("game", game_ids())
def test_fast_moves_match_the_engine_up_to_symmetry(game: str) -> None:
    """Every generated move is legal, and every legal move has a generated equivalent."""
    rng = random.Random(game)
    for seed in range(3):
        state = new_game(game, None, seed)
        model = model_for(state.rules, state.base)
        if not fast_supported(model):
            pytest.skip(f"{game} uses the engine's own move generation")
        generate, key = fast_generator(model), key_function(model)
        base = state.base
        for _ in range(60):
            legal = state.legal_moves()
            if not legal:
                break
            if state.base != base:  # a base the player chose: the solver's model follows it
                base = state.base
                model = model_for(state.rules, base)
                generate, key = fast_generator(model), key_function(model)
            fast = generate(state.piles, state.redeals_left)
            assert set(fast) <= set(legal)
            children = set()
            for move in fast:
                state.apply(move)
                children.add(key(state.piles, state.redeals_left))
                state.undo()
            for move in legal:
                if move.size > 1 and state.layout.kinds[move.dst] == "foundation":
                    continue  # runs to a foundation: the same as single moves
                state.apply(move)
                assert key(state.piles, state.redeals_left) in children, state.move_text(move)
                state.undo()
            state.apply(rng.choice(legal))


def test_fast_moves_reach_every_pile_topped_by_an_equal_card() -> None:
    """Two decks: two tableau piles may show the same card, and a card that builds on it
    may go onto either (the piles beneath differ)."""
    state = new_game("forty_thieves", None, 0)
    seven, six = parse_card("7H"), parse_card("6H")
    piles = [list(p) for p in state.piles]
    t1, t2, t3 = state.layout.tableau[:3]
    piles[t1], piles[t2], piles[t3] = [parse_card("9C"), seven], [seven], [six]
    piles[state.layout.waste] = [six]
    state.piles = tuple(tuple(p) for p in piles)
    model = model_for(state.rules, state.base)
    assert fast_supported(model)
    fast = fast_generator(model)(state.piles, state.redeals_left)
    onto_sevens = {(m.src, m.dst) for m in fast if m.dst in (t1, t2)}
    waste = state.layout.waste
    assert onto_sevens == {(t3, t1), (t3, t2), (waste, t1), (waste, t2)}
    assert set(fast) <= set(state.legal_moves())


def test_fast_moves_deal_onto_a_tableau_with_a_space() -> None:
    """Where the stock deals onto the tableau and the rules do not ask every pile to hold a
    card first (Gypsy, Giant, Agnes), a space does not stop the deal."""
    for game in ("gypsy", "giant", "agnes"):
        state = new_game(game, None, 0)
        piles = list(state.piles)
        piles[state.layout.tableau[0]] = ()
        state.piles = tuple(piles)
        model = model_for(state.rules, state.base)
        assert fast_supported(model) and not state.rules.stock_needs_full_tableau
        fast = fast_generator(model)(state.piles, state.redeals_left)
        assert DEAL in fast and DEAL in state.legal_moves(), game


def test_fast_moves_deal_only_once_no_card_can_fill_a_space_where_the_rules_say_so() -> None:
    """Easthaven: "any space must be filled, if possible, before the stock deals"."""
    state = new_game("easthaven", None, 0)
    model = model_for(state.rules, state.base)
    assert fast_supported(model) and state.rules.stock_fill_spaces_first
    generate = fast_generator(model)
    piles = list(state.piles)
    first, second = state.layout.tableau[:2]
    piles[first] = ()  # a space, and no King on top anywhere: the stock deals
    state.piles = tuple(piles)
    assert DEAL in generate(state.piles, state.redeals_left)
    assert DEAL in state.legal_moves()
    piles[second] = (*piles[second][:-1], parse_card("KS"))  # a King could fill it
    state.piles = tuple(piles)
    assert DEAL not in generate(state.piles, state.redeals_left)
    assert DEAL not in state.legal_moves()


def test_fast_moves_fill_a_space_only_from_the_piles_the_rules_name() -> None:
    """Kansas: once the reserve is empty, only the waste fills a space."""
    state = new_game("kansas", None, 0)
    piles = list(state.piles)
    for r in state.layout.reserves:
        piles[r] = ()
    space, other = state.layout.tableau[:2]
    piles[space] = ()
    piles[other] = (parse_card("9H") | FACE_DOWN, parse_card("7C"))  # its 7C may not fill it
    piles[state.layout.waste] = (parse_card("5D"),)
    state.piles = tuple(piles)
    model = model_for(state.rules, state.base)
    assert fast_supported(model)
    fast = fast_generator(model)(state.piles, state.redeals_left)
    engine = state.legal_moves()
    assert {m.src for m in fast if m.dst == space} == {state.layout.waste}
    assert {m.src for m in engine if m.dst == space} == {state.layout.waste}
    assert set(fast) <= set(engine)


def whole_suit(suit: str) -> tuple[int, ...]:
    """King down to Ace of one suit, as a pile holds it (King at the bottom)."""
    ranks = ["K", "Q", "J", "10", *"98765432", "A"]
    return tuple(parse_card(f"{rank}{suit}") for rank in ranks)


def test_fast_moves_send_a_whole_suit_home_where_foundations_take_only_those() -> None:
    """Spiderette: King to Ace of one suit on top of a pile goes home as one move."""
    state = new_game("spiderette", None, 0)
    piles = list(state.piles)
    first = state.layout.tableau[0]
    piles[first] = (parse_card("5H") | FACE_DOWN, *whole_suit("S"))
    state.piles = tuple(piles)
    model = model_for(state.rules, state.base)
    assert fast_supported(model)
    fast = fast_generator(model)(state.piles, state.redeals_left)
    home = [m for m in fast if m.size == 13]
    assert len(home) == 1 and home[0].src == first
    assert state.layout.kinds[home[0].dst] == "foundation"
    assert home[0] in state.legal_moves()


def test_the_search_knows_a_game_won_with_whole_suits_in_the_tableau() -> None:
    """Scorpion's goal: every card in a whole suit, King to Ace, alone in a pile."""
    state = new_game("scorpion", None, 0)
    model = model_for(state.rules, state.base)
    won = won_function(model, state)
    piles = [()] * len(state.piles)
    for t, suit in zip(state.layout.tableau, "SHDC", strict=False):
        piles[t] = whole_suit(suit)
    state.piles = tuple(piles)
    assert state.is_won() and won(state.piles)
    swapped = list(piles)
    swapped[state.layout.tableau[0]] = (*piles[state.layout.tableau[0]][:12], parse_card("AH"))
    swapped[state.layout.tableau[1]] = (*piles[state.layout.tableau[1]][:12], parse_card("AS"))
    state.piles = tuple(swapped)
    assert not state.is_won() and not won(state.piles)


@pytest.mark.parametrize("game", game_ids())
def test_cells_moves_match_the_engine_up_to_symmetry(game: str) -> None:
    """The free-cell family's own generator: legal moves, and every engine move covered."""
    state = new_game(game, None, 0)
    model = model_for(state.rules, state.base)
    if not cells_supported(model):
        pytest.skip(f"{game} is not an open free-cell-family game")
    search = cells_search(model)
    rng = random.Random(game)
    for seed in range(3):
        state = new_game(game, None, seed)
        for _ in range(80):
            legal = state.legal_moves()
            if not legal:
                break
            piles = state.piles
            fast = search.generate(piles, search.wanted(piles))
            assert set(fast) <= set(legal)
            children = {search.key(search.child(piles, move)) for move in fast}
            for move in legal:
                if move.size > 1 and state.layout.kinds[move.dst] == "foundation":
                    continue
                if (
                    state.layout.kinds[move.src] == "foundation"
                    and search.bounces[piles[move.src][-1]]
                ):
                    continue  # played back, it would go straight home again (safe move)
                state.apply(move)
                assert search.key(state.piles) in children, state.move_text(move)
                state.undo()
            state.apply(rng.choice(legal))


def test_cells_solver_agrees_with_the_generic_search() -> None:
    for seed in (5, 19, 25):  # unwinnable Seahaven deals: both exhaust the same positions
        state = new_game("seahaven", None, seed)
        assert solve(state).verdict is Verdict.UNWINNABLE
        assert solve(state, best_first=False).verdict is Verdict.UNWINNABLE
    for seed in (1, 14):
        state = new_game("seahaven", None, seed)
        assert solve(state, best_first=False).verdict is Verdict.WINNABLE


@pytest.mark.parametrize("breaks", [BREAK, 6])
@pytest.mark.parametrize(
    "game", ["seahaven", "freecell", "eight_off", "bakers_dozen", "beleaguered_castle"]
)
def test_cells_incremental_estimate_matches_the_full_estimate(game: str, breaks: int) -> None:
    """Children are scored from the two piles a move touches: the same as from scratch,
    also with the portfolio's other weight of a card off its build."""
    state = new_game(game, None, 0)
    search = CellsSearch(model_for(state.rules, state.base))
    search.verify_estimates = True
    search.breaks = breaks
    for seed in range(3):
        state = new_game(game, None, seed)
        search.best_first(state.piles, 1500, None, set(), False)


def test_cells_disorder_counts_breaks_and_blocked_cards() -> None:
    state = new_game("seahaven", None, 0)
    search = cells_search(model_for(state.rules, state.base))
    built = tuple(map(parse_card, ("9S", "8S", "7S")))
    assert search.disorder(built) == 0
    assert search.disorder(tuple(map(parse_card, ("2S", "7H")))) == BREAK
    # 9S above 2S: 9S must leave the pile before 2S can go home.
    pile = tuple(map(parse_card, ("2S", "7H", "9S")))
    assert search.disorder(pile) == 2 * BREAK + BLOCKED


def test_cells_key_ignores_pile_order_and_is_exact() -> None:
    state = new_game("seahaven", None, 3)
    model = model_for(state.rules, state.base)
    search = cells_search(model)
    piles = list(state.piles)
    key = search.key(state.piles)
    # Tableau piles in another order, cells in another order: the same position.
    tableau = piles[model.t0 : model.t1]
    cells = piles[model.r0 : model.r1]
    shuffled = piles[: model.t0] + tableau[::-1] + piles[model.t1 : model.r0] + cells[::-1]
    assert search.key(tuple(shuffled)) == key
    # One card moved (a top card to an empty cell): a different key, and the same key as
    # the search derives from the parent's key and the move.
    free = next(r for r in range(model.r0, model.r1) if not piles[r])
    src = next(t for t in range(model.t0, model.t1) if piles[t])
    moved = list(piles)
    moved[free] = piles[src][-1:]
    moved[src] = piles[src][:-1]
    assert search.key(tuple(moved)) != key
    # Swapping two cards between piles changes the key too.
    a, b = model.t0, model.t0 + 1
    swapped = list(piles)
    swapped[a] = piles[a][:-1] + piles[b][-1:]
    swapped[b] = piles[b][:-1] + piles[a][-1:]
    assert search.key(tuple(swapped)) != key
    # Every card home: key 0.
    home = [()] * len(piles)
    for f, card in zip(range(model.f0, model.f1), range(0, 52, 13), strict=True):
        home[f] = tuple(range(card, card + 13))
    assert search.key(tuple(home)) == 0


@pytest.mark.parametrize("game", ["seahaven", "freecell", "eight_off"])  # games with cells
def test_relevant_moves_are_a_subset_of_all_moves(game: str) -> None:
    state = new_game(game, None, 1)
    search = cells_search(model_for(state.rules, state.base))
    rng = random.Random(game)
    smaller = 0
    for _ in range(150):
        legal = state.legal_moves()
        if not legal:
            break
        wanted = search.wanted(state.piles)
        every = search.generate(state.piles, wanted)
        relevant = search.generate(state.piles, wanted, relevant_only=True)
        assert set(relevant) <= set(every)
        smaller += len(relevant) < len(every)
        state.apply(rng.choice(legal))
    assert smaller > 0  # the filter does leave moves out


def test_relevant_phase_alone_proves_nothing_and_the_complete_phase_decides() -> None:
    state = new_game("seahaven", None, 5)  # unwinnable
    search = cells_search(model_for(state.rules, state.base))
    first = search.best_first(state.piles, 5000, None, set(), True, relevant_only=True)
    assert first.won is not True and first.dead == frozenset()
    both = search.solve(state.piles, 200_000, None, set(), True)
    assert both.won is False and both.dead
    won = new_game("seahaven", None, 1)
    result = search.solve(won.piles, 200_000, None, set(), False)
    assert result.won
    assert_line_wins(won, result.moves)


@pytest.mark.parametrize(("game", "seed"), [("lady_jane", 29), ("saratoga", 12), ("klondike", 7)])
def test_a_search_leaves_almost_no_cyclic_garbage(game: str, seed: int) -> None:
    # The cyclic collector is paused during a search, so a reference cycle made per node
    # (compiled, a function with nested functions is one) piles up until it resumes: over
    # five objects a node before session 32. Pure Python makes none.
    state = new_game(game, None, seed)
    solve(state, max_nodes=1_000)  # models and tables built once, outside the count
    gc.collect()
    gc.disable()
    try:
        result = solve(state, max_nodes=20_000)
        garbage = gc.collect()
    finally:
        gc.enable()
    assert result.nodes > 10_000
    assert garbage < result.nodes // 4


# Left out: Eliminator, whose foundations start from any card and build up or down, and
# Union Square, whose foundations go up and then down again (no chain of 13 to deal); and
# Eight Off, whose sixteen places for a loose card are too many for a brute force without
# symmetry (its search is the free-cell one, checked here on Seahaven and FreeCell).
BRUTE_FORCE_GAMES = [g for g in game_ids() if g not in ("eliminator", "union_square", "eight_off")]


@pytest.mark.parametrize("game", BRUTE_FORCE_GAMES)
def test_every_game_agrees_with_brute_force_on_small_positions(game: str) -> None:
    # The whole schedule on positions of 12 loose cards (`small_position`) against an exact
    # search over the engine's own moves. Found two wrong "lost" verdicts in session 42: a
    # reserve card lying on a host taken for a free run (Lady Jane) and a card of a rank
    # sent home while another of its rank needed the place (Auld Lang Syne, Sir Tommy).
    checked = 0
    for seed in range(8):
        for size in (12, 8, 4, 2):  # free cells: 12 loose cards are too many for brute force
            state = small_position(game, seed, size)
            expected = brute_force(state, 30_000)
            if expected is not None:
                break
        if expected is None:
            continue
        result = solve(state, max_nodes=100_000)
        if result.verdict is Verdict.UNKNOWN:
            continue
        assert result.verdict is (Verdict.WINNABLE if expected else Verdict.UNWINNABLE), seed
        if expected:
            assert_line_wins(state, result.moves)
        checked += 1
    assert checked, "no small position settled: make them smaller"
