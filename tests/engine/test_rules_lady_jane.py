"""Lady Jane: every sentence of the Setup and Rules sections of specs/lady_jane.xml, as
positions."""

from __future__ import annotations

from runtime.engine import new_game
from runtime.engine.assist import autofinish_moves, foundation_move, hint
from runtime.engine.cards import FACE_DOWN, RANK, card_text
from runtime.engine.rules import PileKind
from runtime.engine.shuffle import shuffled_deck

from .positions import after, allows, pile_text, position, refuses, run, texts

GAME = "lady_jane"
NINE = " ".join(f"##{r}C" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9"))


# -- Setup ----------------------------------------------------------------------------------


def test_standard_deck() -> None:
    """Type of Deck: "Standard Deck" """
    state = new_game(GAME, seed=1)
    assert sorted(c & ~FACE_DOWN for pile in state.piles for c in pile) == list(range(52))


def test_places() -> None:
    """Stock: "Top left." Waste: "Beside the Stock." Foundations: "Four piles at top right."
    Reserve: "Seven piles on the right, each dealt one card face up." """
    state = new_game(GAME, seed=1)
    assert state.layout.kinds[:2] == (PileKind.STOCK, PileKind.WASTE)
    assert len(state.layout.foundations) == 4
    assert len(state.layout.reserves) == 7
    assert all(
        len(state.piles[r]) == 1 and state.piles[r][0] < FACE_DOWN for r in state.layout.reserves
    )


def test_stock_holds_the_rest() -> None:
    """Stock: "Holds the cards left after the deal." """
    stock = new_game(GAME, seed=1).pile("s")
    assert len(stock) == 52 - 28 - 7 - 1
    assert all(c >= FACE_DOWN for c in stock)


def test_each_deal_one_card_on_each_reserve() -> None:
    """Stock: "Each deal from the Stock puts one card on each Reserve pile." Rules: "Each deal
    from the Stock puts one card face up on every Reserve pile." """
    state = position(GAME, base="A", stock=NINE, r1="KH", r4="QH", waste="")
    dealt = after(state, "deal")
    tops = [card_text(dealt.piles[r][-1]) for r in dealt.layout.reserves]
    assert tops == ["9C", "8C", "7C", "6C", "5C", "4C", "3C"]
    assert pile_text(dealt, "r1") == "KH 9C" and pile_text(dealt, "r4") == "QH 6C"
    assert all(dealt.piles[r][-1] < FACE_DOWN for r in dealt.layout.reserves)
    assert pile_text(dealt, "stock") == "##AC ##2C"
    assert pile_text(dealt, "waste") == ""


def test_last_two_cards_both_playable() -> None:
    """Stock: "When only two cards are left, they are dealt so that both can be played: one goes
    to the Waste and the other is turned face up on the Stock." """
    state = position(GAME, base="K", stock="##5C ##9D", t1="10S", t2="6H")
    dealt = after(state, "deal")
    assert pile_text(dealt, "waste") == "9D"
    assert pile_text(dealt, "stock") == "5C"  # face up
    allows(dealt, "w>t1", "s>t2")
    refuses(dealt, "deal", "redeal")
    emptied = after(dealt, "s>t2", "w>t1")
    assert emptied.pile("s") == () and emptied.pile("w") == ()
    assert emptied.stock_status == "empty"


def test_no_redeals() -> None:
    """Stock: "No redeals." Rules: "There is no redeal." """
    state = new_game(GAME, seed=1)
    assert state.redeals_left == 0
    for _ in range(3):
        state.play("deal")
    assert "deal" not in texts(state) and "redeal" not in texts(state)
    refuses(position(GAME, base="A", waste="9D"), "redeal", "deal")


def test_waste_only_gets_one_of_last_two() -> None:
    """Waste: "It only receives one of the last two Stock cards." """
    state = new_game(GAME, seed=4)
    state.play("deal")
    state.play("deal")
    assert state.pile("w") == ()
    assert [len(state.piles[r]) for r in state.layout.reserves] == [3] * 7
    state.play("deal")
    assert len(state.pile("w")) == 1 and len(state.pile("s")) == 1
    # Nothing is ever played onto the waste.
    state = position(GAME, base="A", waste="9D", t1="8C", r1="8S", f1="AD 2D 3D 4D 5D 6D 7D 8D")
    refuses(state, "t1>w", "r1>w", "f1>w")


def test_base_card_dealt_after_tableau_and_reserve() -> None:
    """Foundations: "After the Tableau and Reserve are dealt, one more card is dealt to the first
    Foundation; its rank is the base card." """
    for seed in (1, 2, 99):
        state = new_game(GAME, seed=seed)
        deck = shuffled_deck(seed)
        expected = deck[-(28 + 7 + 1)]  # the tableau, then the reserve, then this card
        assert state.pile("f1") == (expected,)
        assert state.base == RANK[expected]
        assert all(state.piles[f] == () for f in state.layout.foundations[1:])


def test_tableau_shape() -> None:
    """Tableau: "Seven piles." "The first pile gets one card, the second two, and so on up to
    seven cards in the last pile." "Only the top card of each pile is face up." """
    state = new_game(GAME, seed=1)
    assert len(state.layout.tableau) == 7
    for k, t in enumerate(state.layout.tableau, start=1):
        pile = state.piles[t]
        assert len(pile) == k
        assert [c >= FACE_DOWN for c in pile] == [True] * (k - 1) + [False]


# -- Rules ----------------------------------------------------------------------------------


def test_built_down_alternating_colours() -> None:
    """ "The Tableau is built down in alternating colors." """
    state = position(GAME, base="A", t1="9H", t2="8S", t3="8D", t4="7C", t5="10C")
    allows(state, "t2>t1", "t1>t5")
    refuses(state, "t3>t1", "t4>t1", "t5>t1")


def test_no_tableau_rule_the_help_does_not_state() -> None:
    """ "The Tableau is built down in alternating colors." — and nothing more: a card of the
    base rank takes the next card down like any other, and a King does not go on an Ace (the
    seed states neither rule; Aisleriot's code has both, see docs/differences.md)."""
    state = position(GAME, base="5", t1="5H", t2="4S", t3="6S", r1="5C", r2="4C")
    allows(state, "t2>t1", "r2>t1", "t1>t3")
    refuses(state, "r1>t3")  # 5C on 6S: same colour
    aces = position(GAME, base="5", t1="AH", t2="KS", t3="KD", t4="KC", t5="AD")
    refuses(aces, "t2>t1", "t4>t1", "t3>t1", "t1>t2", "t5>t2")
    # The seed's own deal: base rank 5, 4C on 5D is a build, KH on an Ace is not.
    seed26 = new_game(GAME, seed=26)
    assert seed26.base == 5
    allows(seed26, "t2>t4")
    refuses(seed26, "r6>t1", "r6>t5")


def test_groups_move() -> None:
    """ "Groups of cards can be moved." """
    state = position(GAME, base="A", t1="##2D 9C 8H 7S", t2="10D", t3="9S")
    allows(state, "t1>t2x3", "t1>t3x2")
    refuses(state, "t1>t2x2", "t1>t2x4", "t1>t3x3")
    moved = after(state, "t1>t2x3")
    assert pile_text(moved, "t1") == "2D"  # the card under is turned face up
    assert pile_text(moved, "t2") == "10D 9C 8H 7S"


def test_empty_pile_takes_rank_below_base() -> None:
    """ "An empty Tableau pile can be filled only by a card one rank below the base card, or by a
    group of cards starting with such a card." """
    state = position(GAME, base="5", r1="4C", r2="KD", t1="JD 4S 3H", t2="6C")
    allows(state, "r1>t3", "t1>t3x2")
    refuses(state, "r2>t3", "t1>t3", "t2>t3")
    ace_base = position(GAME, base="A", r1="KD", r2="QC")
    allows(ace_base, "r1>t1")  # one below an Ace is a King
    refuses(ace_base, "r2>t1")


def test_reserve_top_to_tableau_or_foundation() -> None:
    """ "The top card of each Reserve pile can be played onto the Tableau or onto a
    Foundation." """
    state = position(GAME, base="2", r1="9C 3D", r2="3S 2C", f2="2D", t1="4S")
    allows(state, "r1>t1", "r1>f2", "r2>f1")
    refuses(state, "r1>t1x2", "r2>t1")  # 9C and 3S are underneath


def test_nothing_built_on_reserve() -> None:
    """ "Nothing can be built on the Reserve." """
    state = position(GAME, base="A", r1="9C", r2="", t1="8H", waste="8D", f1="AH 2H 3H 4H 5H 6H 7H")
    refuses(state, "t1>r1", "w>r1", "t1>r2", "f1>r1", "r1>r2")
    assert all(
        state.layout.kinds[m.dst] is not PileKind.RESERVE for m in state.legal_moves() if m.dst >= 0
    )


def test_foundations_up_in_suit_from_base_wrapping() -> None:
    """ "Foundations are built up in suit from the base card, with an Ace following a King." """
    state = position(GAME, base="Q", f1="QH KH", t1="AH", t2="2H", t3="AS")
    allows(state, "t1>f1")
    refuses(state, "t2>f1", "t3>f1")
    assert pile_text(after(state, "t1>f1", "t2>f1"), "f1") == "QH KH AH 2H"
    full = position(GAME, base="Q", f1="QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", t1="JH", t2="QC")
    allows(full, "t1>f1")
    refuses(full, "t2>f1")


def test_empty_foundation_takes_base_rank() -> None:
    """ "Each empty Foundation must be started with a card of the base rank." """
    state = position(GAME, base="7", f1="7D", t1="7C", t2="AC", r1="8C")
    allows(state, "t1>f2", "t1>f3", "t1>f4")
    refuses(state, "t2>f2", "r1>f2")


def test_foundation_cards_still_in_play() -> None:
    """ "Cards on the Foundations are still in play: the top card of a Foundation can be moved
    back onto the Tableau." """
    state = position(GAME, base="10", f1="10C JC QC", f2="10H", t1="KD", t2="JS", t3="KC")
    allows(state, "f1>t1", "f2>t2")
    refuses(state, "f1>t3", "f1>t1x2", "f1>f3", "f2>f3", "f1>r1")
    back = after(state, "f1>t1")
    assert pile_text(back, "f1") == "10C JC" and pile_text(back, "t1") == "KD QC"
    assert back.score == state.score - 1
    # The seed's first deal: the base card itself comes back onto J♦.
    allows(new_game(GAME, seed=1), "f1>t2")


def test_double_click() -> None:
    """ "Double-click a card to send it to its Foundation when that move is allowed." """
    state = position(GAME, base="7", f1="7D", t1="8D", r1="7S", r2="9D", waste="QS")
    move = foundation_move(state, state.layout.index["t1"])
    assert move is not None and state.move_text(move) == "t1>f1"
    move = foundation_move(state, state.layout.index["r1"])
    assert move is not None and state.move_text(move) == "r1>f2"
    assert foundation_move(state, state.layout.index["r2"]) is None
    assert foundation_move(state, state.layout.index["w"]) is None


# -- Scoring and assistance --------------------------------------------------------------------


def test_score_counts_base_card() -> None:
    """Scoring: "Every card placed on a Foundation is worth one point, the base card
    included." Maximum 52."""
    state = new_game(GAME, seed=1)
    assert state.score == 1 and state.rules.max_score == 52


def test_autofinish_and_win() -> None:
    state = position(
        GAME,
        base="3",
        f1=run("C", 3, 13) + " AC",
        f2=run("D", 3, 13) + " AD 2D",
        f3=run("H", 3, 13) + " AH 2H",
        f4=run("S", 3, 13) + " AS",
        t1="2S",
        stock="##2C",
    )
    moves = autofinish_moves(state)
    assert moves is not None
    assert [state.move_text(m) for m in moves] == ["t1>f4", "deal", "w>f1"]
    won = after(state, *[state.move_text(m) for m in moves])
    assert won.is_won() and won.score == 52 and won.legal_moves() == []
    assert autofinish_moves(position(GAME, base="3", f1="3C", t1="5C 4C")) is None


def test_hint() -> None:
    state = position(GAME, base="3", f1="3C", r1="4C", t1="9D", t2="8S", stock="##2H")
    move = hint(state)
    assert move is not None and state.move_text(move) == "r1>f1"
    idle = position(GAME, base="3", f1="3C", t1="9D", t2="KS", stock="##2H")
    move = hint(idle)
    assert move is not None and idle.move_text(move) == "deal"
