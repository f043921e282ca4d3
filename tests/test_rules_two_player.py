"""RULES.md section 3: two players (the draw, blind nil with discard-and-redraw)."""

from __future__ import annotations

import pytest

from spades import Bid, Card, CardSet, Choice, Discard, Game, IllegalActionError, Rules
from spades_helpers import bid_round, plan_two_player, play_cards

TWO = Rules.preset("two-player")
NO_BLIND = Rules.preset("two-player", blind_nil=False)
STOCK = [Card(i) for i in range(52)]  # index 0 (2C) on top


def test_two_player_dealer_draws_first_with_blind_choice() -> None:
    game = Game(TWO, seed=1, dealer=1, decks=[STOCK])
    assert game.phase.value == "blind" and game.to_act == 1
    assert game.legal_actions() == [Bid.blind_nil(), Choice.LOOK]
    assert game.view(1).draw_card is None  # not shown before choosing
    game.apply("look")
    assert game.phase.value == "draw" and game.to_act == 1


def test_two_player_draw_keep_then_discard_next() -> None:
    game = Game(NO_BLIND, seed=1, dealer=0, decks=[STOCK])
    assert game.phase.value == "draw" and game.legal_actions() == [Choice.KEEP, Choice.REJECT]
    assert game.view(0).draw_card == STOCK[0]
    game.apply("keep")
    assert game.hand(0) == CardSet([STOCK[0]])
    assert game.view(0).discards == CardSet([STOCK[1]])
    assert game.to_act == 1 and game.view(1).draw_card == STOCK[2]


def test_two_player_reject_then_must_keep_next() -> None:
    game = Game(NO_BLIND, seed=1, dealer=0, decks=[STOCK])
    game.apply("reject")
    assert game.hand(0) == CardSet([STOCK[1]])
    assert game.view(0).discards == CardSet([STOCK[0]])
    assert game.to_act == 1


def test_two_player_draw_alternates_until_stock_is_gone() -> None:
    game = Game(NO_BLIND, seed=1, dealer=1, decks=[STOCK])
    drawers = []
    while game.phase.value == "draw":
        drawers.append(game.to_act)
        assert game.view(game.to_act).stock_left == 52 - 2 * (len(drawers) - 1)  # type: ignore[arg-type]
        game.apply("keep" if len(drawers) % 3 else "reject")
    assert drawers == [1, 0] * 13
    assert len(game.hand(0)) == len(game.hand(1)) == 13
    pile = CardSet(STOCK) - game.hand(0) - game.hand(1)
    assert len(pile) == 26
    assert game.view(0).discards | game.view(1).discards == pile


def test_two_player_each_player_knows_only_own_discards() -> None:
    game = Game(NO_BLIND, seed=1, dealer=0, decks=[STOCK])
    game.apply("keep")  # North keeps 2C, discards 3C
    assert game.view(1).draw_card == STOCK[2] and game.view(0).draw_card is None
    game.apply("reject")  # South rejects 4C, keeps 5C
    v0, v1 = game.view(0), game.view(1)
    assert v0.discards == CardSet.parse("3C") and v1.discards == CardSet.parse("4C")
    assert v0.hand == CardSet.parse("2C") and v1.hand == CardSet.parse("5C")
    for field in ("passed", "received", "redrawn"):
        assert not getattr(v0, field) and not getattr(v1, field)


def test_two_player_non_dealer_bids_first_and_leads_first() -> None:
    stock, plan = plan_two_player(0, [6, 7])
    game = Game(NO_BLIND, seed=1, dealer=0, decks=[stock])
    while game.phase.value == "draw":
        game.apply("keep")
    assert game.phase.value == "bid" and game.to_act == 1
    game.apply("bid 7")
    assert game.to_act == 0
    game.apply("bid 6")
    assert game.phase.value == "play" and game.to_act == game.leader == 1
    play_cards(game, plan.plays)
    assert game.history[0].tricks == (6, 7)
    # seat 0 bid 6 took 6: +60; seat 1 bid 7 took 7: +70
    assert game.scores == (60, 70)


def test_two_player_tricks_have_two_cards() -> None:
    stock, plan = plan_two_player(1, [13, 0])
    game = Game(NO_BLIND, seed=1, dealer=1, decks=[stock])
    while game.phase.value == "draw":
        game.apply("keep")
    bid_round(game, ["bid 13", "nil"])
    play_cards(game, plan.plays[:2])
    assert len(game.tricks) == 1 and len(game.tricks[0].cards) == 2


def test_two_player_blind_nil_chosen_before_first_draw() -> None:
    game = Game(TWO, seed=1, dealer=0, decks=[STOCK])
    game.apply("blind nil")
    assert game.bids[0] == Bid.blind_nil()
    assert game.phase.value == "draw" and game.to_act == 0  # then draws normally
    game.apply("keep")
    assert game.phase.value == "blind" and game.to_act == 1  # South gets its own choice
    game.apply("look")
    game.apply("keep")
    assert game.phase.value == "draw" and game.to_act == 0  # no second choice for North
    with pytest.raises(IllegalActionError, match="Now you must keep or reject"):
        game.apply("blind nil")


def _draw_all(game: Game) -> None:
    while game.phase.value in ("draw", "blind"):
        game.apply("look" if game.phase.value == "blind" else "keep")


def test_two_player_blind_nil_redraw_from_discards() -> None:
    game = Game(TWO, seed=5, dealer=0, decks=[STOCK])
    game.apply("blind nil")
    _draw_all(game)
    assert game.phase.value == "redraw" and game.to_act == 0
    before = game.hand(0)
    pile = CardSet(STOCK) - game.hand(0) - game.hand(1)
    give = CardSet(list(before)[:3])
    game.apply(Discard(give))
    after = game.hand(0)
    got = after - before
    assert len(after) == 13 and len(got) == 3
    assert got <= pile  # replacements come from the 26 discarded during the draw
    assert not (after & give)
    v0 = game.view(0)
    assert v0.redrawn == got and give <= v0.discards
    assert v0.redraw_counts == (3, 0) and game.view(1).redraw_counts == (3, 0)
    assert game.view(1).redrawn == CardSet()
    # then the bidding: the non-dealer bids, North's blind nil stands
    assert game.phase.value == "bid" and game.to_act == 1 and game.bids[0] == Bid.blind_nil()


def test_two_player_redraw_at_most_exchange_cards() -> None:
    game = Game(TWO, seed=5, dealer=1, decks=[STOCK])
    game.apply("blind nil")
    _draw_all(game)
    hand = list(game.hand(1))
    with pytest.raises(IllegalActionError, match="Discard at most 3 cards, not 4"):
        game.apply(Discard(hand[:4]))
    with pytest.raises(IllegalActionError, match="You do not have"):
        game.apply(Discard(list(game.hand(0))[:1]))
    assert Discard(0) in game.legal_actions()
    game.apply("discard")  # keeping every card is allowed
    assert game.hand(1) == CardSet(hand)


def test_two_player_redraw_option_size() -> None:
    game = Game(Rules.preset("two-player", blind_nil_exchange=1), seed=5, dealer=1, decks=[STOCK])
    game.apply("blind nil")
    _draw_all(game)
    assert {len(a.cards) for a in game.legal_actions()} == {0, 1}  # type: ignore[union-attr]


def test_two_player_roles_swap_next_hand() -> None:
    s1, p1 = plan_two_player(0, [6, 7])
    s2, _ = plan_two_player(1, [6, 7])
    game = Game(NO_BLIND, seed=1, dealer=0, decks=[s1, s2])
    _draw_all(game)
    bid_round(game, ["bid 6", "bid 7"])
    play_cards(game, p1.plays)
    assert game.dealer == 1 and game.to_act == 1 and game.phase.value == "draw"
    assert game.hands_played == 1


def test_two_player_tie_at_target_plays_another_hand() -> None:
    # target 130: hand 1 seat0 6/6 = 60, seat1 7/7 = 70; hand 2 seat0 7/7 = 70, seat1 6/6 = 60:
    # 130-130, both at the target and tied -> hand 3: seat0 6/6 -> 190, seat1 7/7 -> 200 wins
    rules = Rules.preset("two-player", blind_nil=False, target_score=130)
    plans = [plan_two_player(0, [6, 7]), plan_two_player(1, [7, 6]), plan_two_player(0, [6, 7])]
    game = Game(rules, seed=1, dealer=0, decks=[p[0] for p in plans])
    for i, (_stock, plan) in enumerate(plans):
        _draw_all(game)
        bid_round(game, [f"bid {plan.winners.count(0)}", f"bid {plan.winners.count(1)}"])
        play_cards(game, plan.plays)
        if i == 1:
            assert game.scores == (130, 130) and not game.is_over and game.phase.value == "draw"
    assert game.scores == (190, 200) and game.is_over and game.winner == 1
