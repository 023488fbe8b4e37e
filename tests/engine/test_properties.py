"""Property tests (hypothesis) over every game and option set: random deals, random play."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime.engine import IllegalMoveError, Move, MoveKind, State, new_game, replay
from runtime.engine.cards import FACE_DOWN, RANK, deck_cards
from runtime.engine.rules import Scoring

from .conftest import LONG, option_sets

EXAMPLES = 400 if LONG else 40
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@dataclass
class Game:
    state: State
    before: list[State]  # a clone before each move, oldest first


@st.composite
def games(draw: st.DrawFn) -> Game:
    game_id, options = draw(st.sampled_from(option_sets()))
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1))
    choices = draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60))
    state = new_game(game_id, options, seed)
    before: list[State] = []
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        before.append(state.clone())
        state.apply(moves[choice % len(moves)])
    return Game(state, before)


def cards(state: State) -> list[int]:
    return sorted(c & ~FACE_DOWN for pile in state.piles for c in pile)


@SETTINGS
@given(games())
def test_cards_conserved(game: Game) -> None:
    rules = game.state.rules
    assert cards(game.state) == sorted(deck_cards(rules.decks, rules.suits))


@SETTINGS
@given(games())
def test_undo_restores_exactly_and_redo_reapplies(game: Game) -> None:
    state = game.state
    after = state.clone()
    log = state.move_log
    for previous in reversed(game.before):
        undone = state.undo()
        assert undone is not None
        assert state.key() == previous.key() and state == previous
        assert state.legal_moves() == previous.legal_moves()
    assert state.undo() is None
    for move in log:
        assert state.redo() == move
    assert state.redo() is None
    assert state.key() == after.key() and state.move_log == log


@SETTINGS
@given(games(), st.data())
def test_legal_moves_play_and_others_are_refused(game: Game, data: st.DataObject) -> None:
    state = game.state
    legal = state.legal_moves()
    assert len(legal) == len(set(legal))
    for move in legal:
        trial = state.clone()
        assert trial.play(move) == move
        assert trial.move_log[-1] == move
    piles = len(state.piles)
    for _ in range(20):
        move = Move(
            MoveKind.TRANSFER,
            data.draw(st.integers(0, piles - 1)),
            data.draw(st.integers(0, piles - 1)),
            data.draw(st.integers(1, 14)),
        )
        if move in legal:
            continue
        trial = state.clone()
        try:
            trial.play(move)
        except IllegalMoveError:
            assert trial.key() == state.key()  # a refused move changes nothing
        else:
            raise AssertionError(f"{state.move_text(move)} was played but is not legal")


@SETTINGS
@given(games(), games())
def test_equal_keys_mean_equal_states(one: Game, other: Game) -> None:
    a, b = one.state, other.state
    same_game = a.game.id == b.game.id and a.option_values == b.option_values
    if same_game and a.key() == b.key():
        assert a == b and hash(a) == hash(b)
        assert a.legal_moves() == b.legal_moves()
    if a.key() != b.key():
        assert a != b
    assert a == a.clone()


@SETTINGS
@given(games())
def test_replay_reproduces_the_state(game: Game) -> None:
    state = game.state
    texts = [state.move_text(m) for m in state.move_log]
    again = replay(state.deal_code, texts)
    assert again.key() == state.key()
    assert again.move_log == state.move_log
    assert eval(repr(state), {"replay": replay}).key() == state.key()  # repr pastes back


@SETTINGS
@given(games())
def test_clone_is_independent(game: Game) -> None:
    state = game.state
    copy = state.clone()
    key = state.key()
    moves = copy.legal_moves()
    if moves:
        copy.apply(moves[-1])
        assert state.key() == key
        assert len(copy.move_log) == len(state.move_log) + 1
    copy.restart()
    assert state.key() == key
    state.undo()
    assert copy.move_log == []


@SETTINGS
@given(games())
def test_move_text_round_trips(game: Game) -> None:
    state = game.state
    for move in state.legal_moves() + state.move_log:
        text = state.move_text(move)
        assert state.parse_move(text) == move
        assert state.parse_move(text.upper()) == move


@SETTINGS
@given(games())
def test_score_within_bounds_and_no_moves_once_won(game: Game) -> None:
    state = game.state
    assert 0 <= state.score <= state.rules.max_score
    for previous in game.before:
        assert not previous.is_won()  # nobody plays on after a win
    if state.is_won():
        assert state.legal_moves() == []
        # A running score depends on the way the game was won, not only on the end position.
        assert state.score == state.rules.max_score or state.rules.scoring is Scoring.SEQUENCES
        assert state.is_over() and not state.is_lost()
    assert state.is_over() == (state.is_won() or not state.legal_moves())


@SETTINGS
@given(games())
def test_restart_goes_back_to_the_deal(game: Game) -> None:
    state = game.state
    fresh = new_game(state.game.id, state.options, state.seed)
    state.restart()
    assert state.key() == fresh.key()
    assert not state.can_undo() and not state.can_redo()


@SETTINGS
@given(games())
def test_no_uncovered_card_stays_face_down(game: Game) -> None:
    """A tableau card that nothing covers is face up: the top of a fan pile, or a pyramid card
    whose covering piles are all empty (Elevator's face-down pyramid)."""
    state = game.state
    tableau = state.layout.tableau
    covered_by = state.rules.covered_by
    for i, t in enumerate(tableau):
        pile = state.piles[t]
        covers = covered_by[i] if covered_by else ()
        if pile and not any(state.piles[tableau[c]] for c in covers):
            assert pile[-1] < FACE_DOWN, f"{state.layout.names[t]} is uncovered but face down"


@SETTINGS
@given(games())
def test_a_chosen_base_is_the_first_foundation_cards_rank(game: Game) -> None:
    """A base the player chooses is open (0) until a card goes on a foundation; from then on
    every foundation that holds cards starts with a card of its rank."""
    state = game.state
    if not state.rules.base_chosen:
        return
    foundations = [state.piles[f] for f in state.layout.foundations]
    if not state.base:
        assert not any(foundations)
        assert not any(any(b.piles[f] for f in b.layout.foundations) for b in game.before)
    else:
        assert all(RANK[pile[0] & ~FACE_DOWN] == state.base for pile in foundations if pile)


@SETTINGS
@given(games())
def test_moves_respect_pile_capacity_and_each_space_rule(game: Game) -> None:
    """No move leaves more than `tableau_capacity` cards on a tableau pile (Eagle Wing), and
    a move onto an empty tableau pile follows that pile's own rule: a hole's (Bear River) or
    the usual one."""
    state = game.state
    rules = state.rules
    tableau = state.layout.tableau
    for move in state.legal_moves():
        if move.kind is not MoveKind.TRANSFER or move.dst not in tableau:
            continue
        target = state.piles[move.dst]
        if rules.tableau_capacity:
            assert len(target) + move.size <= rules.tableau_capacity, state.move_text(move)
        if not target:
            hole = tableau.index(move.dst) in rules.tableau_holes
            accepts = rules.tableau_hole_accepts if hole else rules.tableau_empty_accepts
            card = state.piles[move.src][-move.size]
            assert accepts is not None and accepts(card, state.base), state.move_text(move)


@SETTINGS
@given(games())
def test_a_reserve_that_reveals_last_shows_only_its_last_card(game: Game) -> None:
    """With `reserve_reveal_last` (Eagle Wing) a reserve's cards stay face down while it
    holds two or more, and its one card left is face up."""
    state = game.state
    if not state.rules.reserve_reveal_last:
        return
    for r in state.layout.reserves:
        pile = state.piles[r]
        if len(pile) == 1:
            assert pile[0] < FACE_DOWN
        else:
            assert all(c >= FACE_DOWN for c in pile)


@SETTINGS
@given(games())
def test_reserve_only_to_foundations_refilled_waste_and_locked_stock(game: Game) -> None:
    """Terrace's rules: a reserve that feeds only the foundations gives no other move; an
    empty waste means an empty stock once any base to choose is chosen; a locked stock (a deal
    left a space) has a space and offers no deal."""
    state = game.state
    rules, layout, piles = state.rules, state.layout, state.piles
    moves = state.legal_moves()
    if rules.reserve_to_foundations_only:
        for move in moves:
            if move.kind is MoveKind.TRANSFER and move.src in layout.reserves:
                assert move.dst in layout.foundations, state.move_text(move)
    if rules.waste_refill_from_stock and (state.base or not rules.base_chosen) and game.before:
        assert piles[layout.waste] or not piles[layout.stock]
    if rules.stock_locks_on_space and state.redeals_left > 0:
        assert any(not piles[t] for t in layout.tableau)
        assert all(move.kind is not MoveKind.DEAL for move in moves)


@SETTINGS
@given(games())
def test_spaces_are_filled_only_from_where_the_rules_allow(game: Game) -> None:
    """No legal move comes from a covered pile, and a space takes a card only from a kind of
    pile `tableau_empty_from` names (every kind when it names none)."""
    for state in [*game.before, game.state]:
        plan, layout, allowed = state._plan(), state.layout, state.rules.tableau_empty_from
        for move in state.legal_moves():
            if move.kind is not MoveKind.TRANSFER:
                continue
            assert not any(state.piles[c] for c in plan.covered[move.src]), move
            if allowed and move.dst in layout.tableau and not state.piles[move.dst]:
                assert layout.kinds[move.src] in allowed, move


@SETTINGS
@given(games())
def test_an_emptied_pile_is_refilled_while_its_feeder_has_cards(game: Game) -> None:
    """With `tableau_refill`, the tableau pile a move empties is empty afterwards only when
    every pile that refills it was empty too."""
    for before, move in zip(game.before, game.state.move_log, strict=False):
        refill = before.rules.tableau_refill
        layout = before.layout
        if refill.value == "none" or move.kind is not MoveKind.TRANSFER:
            continue
        if move.src not in layout.tableau or len(before.piles[move.src]) != move.size:
            continue
        feeders = layout.reserves if refill.value == "reserve" else (layout.stock, layout.waste)
        after = before.clone()
        after.apply(move)
        if any(before.piles[f] for f in feeders if f >= 0):
            assert after.piles[move.src], move
