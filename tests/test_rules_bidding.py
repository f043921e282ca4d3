"""RULES.md section 2 (deal and bidding, blind nil, the exchange) and the bidding options."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from spades import Bid, Card, CardSet, Choice, Game, IllegalActionError, Pass, Rules
from spades_helpers import bid_round, deck_from_hands, play_cards, scripted_game_deck

# A deal where nobody is void (dealer West = 3, so North leads and bids first).
BASE = [
    "AKQ.AKQ.AKQ.AKQJ",  # North
    "JT9.JT9.JT9.T987",  # East
    "876.876.876.6543",  # South
    "5432.5432.5432.2",  # West
]


def base_game(rules: Rules | None = None, dealer: int = 3) -> Game:
    return Game(rules or Rules(), seed=11, dealer=dealer, decks=[deck_from_hands(BASE, dealer)])


# ---- the deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_deal_one_card_at_a_time_starting_left_of_dealer(dealer: int) -> None:
    deck = [Card(i) for i in range(52)]
    game = Game(Rules(), seed=1, dealer=dealer, decks=[deck])
    for seat in range(4):
        expected = {deck[i] for i in range(52) if (dealer + 1 + i) % 4 == seat}
        assert set(game.hand(seat)) == expected
        assert len(game.hand(seat)) == 13
    assert game.dealer == dealer


def test_first_dealer_is_random_but_fixed_by_seed() -> None:
    dealers = {Game(Rules(), seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert all(Game(Rules(), seed=s).dealer == Game(Rules(), seed=s).dealer for s in range(10))


def test_first_dealer_option() -> None:
    for seed in range(8):
        assert Game(Rules(first_dealer=2), seed=seed).dealer == 2


def test_seeded_deal_is_reproducible_and_varies() -> None:
    a, b, c = Game(Rules(), seed=5), Game(Rules(), seed=5), Game(Rules(), seed=6)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert [a.hand(s) for s in range(4)] != [c.hand(s) for s in range(4)]


def test_bad_decks_are_refused() -> None:
    with pytest.raises(ValueError, match="52 different cards"):
        Game(Rules(), seed=1, decks=[[Card(0)] * 52])
    with pytest.raises(ValueError, match="bad deck"):
        Game(Rules(), seed=1, decks=[["1X"] * 52])


# ---- bidding -----------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_bidding_starts_left_of_dealer_clockwise(dealer: int) -> None:
    game = Game(Rules(blind_nil=False), seed=3, dealer=dealer)
    order = []
    while game.phase.value == "bid":
        order.append(game.to_act)
        game.apply("bid 3")
    assert order == [(dealer + 1 + i) % 4 for i in range(4)]


def test_every_player_must_bid_there_is_no_pass() -> None:
    game = Game(Rules(blind_nil=False), seed=3, dealer=3)
    assert game.legal_actions() == [Bid(i) for i in range(14)]
    with pytest.raises(IllegalActionError, match="Now you must bid"):
        game.apply("pass")
    with pytest.raises(IllegalActionError):
        game.apply("bid 14")


def test_zero_bid_is_nil() -> None:
    game = Game(Rules(blind_nil=False), seed=3, dealer=3)
    game.apply("bid 0")
    assert game.bids[0] == Bid.nil() and game.bids[0].is_nil


def test_bids_need_not_increase() -> None:
    game = Game(Rules(blind_nil=False), seed=3, dealer=3)
    for b in ("bid 9", "bid 1", "bid 2", "bid 1"):
        game.apply(b)
    assert game.bids == (Bid(9), Bid(1), Bid(2), Bid(1))
    assert game.phase.value == "play"


def test_nil_bidder_partner_still_bids_and_both_may_bid_nil() -> None:
    game = Game(Rules(blind_nil=False), seed=3, dealer=3)
    game.apply("nil")
    game.apply("bid 3")
    assert game.to_act == 2 and Bid.nil() in game.legal_actions()
    game.apply("nil")
    game.apply("bid 3")
    assert game.bids == (Bid.nil(), Bid(3), Bid.nil(), Bid(3))


def test_nil_option_off() -> None:
    game = Game(Rules(nil=False, blind_nil=False), seed=3, dealer=3)
    assert game.legal_actions() == [Bid(i) for i in range(1, 14)]
    with pytest.raises(IllegalActionError, match="Nil bids are not allowed at this table: bid at least 1"):
        game.apply("nil")


# ---- blind nil ---------------------------------------------------------------------------


def test_blind_nil_only_before_looking() -> None:
    game = base_game()
    assert game.phase.value == "blind" and game.to_act == 0
    assert game.legal_actions() == [Bid.blind_nil(), Choice.LOOK]
    assert game.view(0).hand is None and game.view(0).blind_nil_open
    with pytest.raises(IllegalActionError, match="You have not looked at your cards yet"):
        game.apply("bid 4")
    game.apply("look")
    assert game.phase.value == "bid" and game.view(0).hand == game.hand(0)
    assert not game.view(0).blind_nil_open
    with pytest.raises(IllegalActionError, match="Blind nil must be bid before you look at your cards"):
        game.apply("blind nil")
    assert Bid.blind_nil() not in game.legal_actions()


def test_look_then_bid_normally() -> None:
    game = base_game()
    game.apply("look")
    assert game.legal_actions() == [Bid(i) for i in range(14)]
    game.apply("bid 5")
    assert game.bids[0] == Bid(5) and game.to_act == 1 and game.phase.value == "blind"


def test_seats_not_yet_asked_have_not_looked() -> None:
    game = base_game()
    game.apply("look")
    game.apply("bid 5")
    assert game.view(0).hand == game.hand(0)
    for seat in (1, 2, 3):
        assert game.view(seat).hand is None


def test_no_look_step_when_blind_nil_is_off() -> None:
    game = base_game(Rules(blind_nil=False))
    assert game.phase.value == "bid"
    assert all(game.view(s).hand == game.hand(s) for s in range(4))
    with pytest.raises(IllegalActionError, match="Blind nil is not allowed at this table"):
        game.apply("blind nil")


def test_blind_nil_min_deficit() -> None:
    # hand 1 (dealer W, N leads): N-S bid 3+3 = 6 take 7+0 = 7... use the plan: N 7, E 3, S 0, W 3
    # N-S bid 4+3 = 7 take 7: +70; E-W bid 3+3 = 6 take 6: +60  -> E-W trail by 10
    rules = Rules(blind_nil_min_deficit=100)
    d1, p1 = scripted_game_deck(4, 3, [7, 3, 0, 3])
    # hand 2 (dealer N, E leads): N-S bid 6+6 = 12 take 13: +121 (1 bag) -> 191; E-W bid 2+2 set: -40
    # -> 20: E-W trail by 171
    d2, p2 = scripted_game_deck(4, 0, [7, 0, 6, 0])
    game = Game(rules, seed=1, dealer=3, decks=[d1, d2])
    assert game.phase.value == "bid"  # 0-0: nobody trails by 100, no blind choice
    assert all(game.view(s).hand == game.hand(s) for s in range(4))  # so all see their cards
    bid_round(game, ["bid 4", "bid 3", "bid 3", "bid 3"])
    play_cards(game, p1.plays)
    assert game.scores == (70, 60)
    assert game.phase.value == "bid" and game.to_act == 1  # E-W trail by only 10
    assert not game.view(1).blind_nil_open
    with pytest.raises(IllegalActionError, match="only allowed when your side trails by at least 100"):
        game.apply("blind nil")
    bid_round(game, ["bid 6", "bid 2", "bid 6", "bid 2"])
    play_cards(game, p2.plays)
    assert game.scores == (191, 20)
    # hand 3, dealer E: S bids first (side 0 leads by 171: no choice), then W (trails: may go blind)
    assert game.dealer == 1 and game.to_act == 2 and game.phase.value == "bid"
    game.apply("bid 3")
    assert game.to_act == 3 and game.phase.value == "blind"
    assert game.view(3).blind_nil_open and game.view(3).hand is None
    game.apply("blind nil")
    assert game.bids[3] == Bid.blind_nil()


# ---- the blind-nil exchange --------------------------------------------------------------


def _bid_with_blind(game: Game, blind_seats: set[int], bid: str = "bid 3") -> None:
    bid_round(game, ["blind nil" if s in blind_seats else bid for s in range(4)])


def test_blind_nil_exchange_partner_passes_first_then_bidder() -> None:
    game = base_game()
    _bid_with_blind(game, {0})
    assert game.phase.value == "exchange"
    assert game.to_act == 2  # South, the partner, passes first
    assert game.view(0).exchange == (2, 0)
    assert len(game.legal_actions()) == len(list(combinations(range(13), 3)))
    with pytest.raises(IllegalActionError, match="Not your turn: South is to play"):
        game.apply("pass AS KS QS", seat=0)
    south_before, north_before = game.hand(2), game.hand(0)
    game.apply("pass 8S 7S 6S")
    assert game.to_act == 0 and game.view(0).exchange == (0, 2)
    received = CardSet.parse("8S 7S 6S")
    assert game.hand(0) == north_before | received and len(game.hand(0)) == 16
    assert game.view(0).received == received and game.view(2).passed == received
    game.apply("pass 8S AC QC")  # 8S was just received
    assert game.phase.value == "play" and game.to_act == 0
    back = CardSet.parse("8S AC QC")
    assert game.hand(2) == (south_before - received) | back
    assert len(game.hand(0)) == len(game.hand(2)) == 13
    assert game.view(0).passed == back and game.view(2).received == back
    assert game.dealt(0) == north_before


def test_blind_nil_bidder_may_pass_back_cards_just_received() -> None:
    game = base_game()
    _bid_with_blind(game, {0})
    game.apply("pass 8S 7S 6S")
    assert Pass("8S 7S 6S") in game.legal_actions()
    game.apply("pass 8S 7S 6S")
    assert game.hand(0) == game.dealt(0) and game.hand(2) == game.dealt(2)
    assert game.view(0).received == game.view(0).passed == CardSet.parse("8S 7S 6S")


def test_exchange_passes_exactly_the_option_number_of_cards() -> None:
    game = base_game()
    _bid_with_blind(game, {0})
    with pytest.raises(IllegalActionError, match="Pass exactly 3 cards, not 2"):
        game.apply("pass 8S 7S")
    with pytest.raises(IllegalActionError, match="You do not have AS"):
        game.apply("pass AS 7S 6S")
    with pytest.raises(IllegalActionError, match="Now you must pass 3 cards to North"):
        game.apply("8S")


def test_blind_nil_exchange_option() -> None:
    game = base_game(Rules(blind_nil_exchange=2))
    _bid_with_blind(game, {0})
    assert all(len(a.cards) == 2 for a in game.legal_actions())  # type: ignore[union-attr]
    game.apply("pass 8S 7S")
    game.apply("pass AC KC")
    assert game.phase.value == "play"
    none = base_game(Rules(blind_nil_exchange=0))
    _bid_with_blind(none, {0})
    assert none.phase.value == "play"


def test_no_exchange_when_both_partners_bid_blind_nil() -> None:
    game = base_game()
    _bid_with_blind(game, {0, 2})
    assert game.bids[0] == game.bids[2] == Bid.blind_nil()
    assert game.phase.value == "play" and game.to_act == 0
    assert all(game.hand(s) == game.dealt(s) for s in range(4))


def test_several_exchanges_are_done_in_bidding_order() -> None:
    game = base_game(dealer=0)  # bidding order: East, South, West, North
    _bid_with_blind(game, {2, 1})
    order = []
    while game.phase.value == "exchange":
        order.append(game.to_act)
        game.apply(game.legal_actions()[0])
    # East bid blind nil first: West passes to East, East back; then North to South, South back
    assert order == [3, 1, 0, 2]
    assert game.phase.value == "play"


# ---- max side bid ------------------------------------------------------------------------


def test_max_side_bid() -> None:
    rules = Rules(max_side_bid=10, blind_nil=False)
    game = Game(rules, seed=2, dealer=3)
    # North bids first: may bid up to 10 (South could still bid nil)
    assert game.legal_actions()[-1] == Bid(10)
    with pytest.raises(IllegalActionError, match="Your side may bid at most 10 tricks in all"):
        game.apply("bid 11")
    game.apply("bid 4")
    game.apply("bid 9")  # East: E-W's cap is separate
    assert game.legal_actions() == [Bid(i) for i in range(7)]  # South: at most 10 - 4
    with pytest.raises(
        IllegalActionError,
        match="Your side may bid at most 10 tricks in all: your partner bid 4, so bid at most 6",
    ):
        game.apply("bid 7")
    game.apply("bid 6")
    assert game.legal_actions() == [Bid(0), Bid(1)]  # West: 10 - 9


def test_max_side_bid_without_nil_leaves_partner_one() -> None:
    rules = Rules(max_side_bid=5, nil=False, blind_nil=False)
    game = Game(rules, seed=2, dealer=3)
    assert game.legal_actions() == [Bid(i) for i in range(1, 5)]
    game.apply("bid 4")
    game.apply("bid 1")
    assert game.legal_actions() == [Bid(1)]


def test_max_side_bid_needs_two_without_nil() -> None:
    with pytest.raises(ValueError, match="at least 2 when nil is off"):
        Rules(max_side_bid=1, nil=False, blind_nil=False)


def test_blind_nil_bid_is_recorded_in_bids() -> None:
    game = base_game()
    game.apply("blind nil")
    assert game.bids[0] == Bid.blind_nil() and game.to_act == 1


def test_rules_is_replaceable_with_dataclasses() -> None:
    r = dataclasses.replace(Rules(), blind_nil_exchange=4)
    assert r.blind_nil_exchange == 4
