"""RULES.md sections 2, 4 and 5: hands in a game, dealer rotation, the end of the game,
cutthroat and three players, and the scoring options as the game applies them."""

from __future__ import annotations

import pytest

from spades import Bid, Card, Game, Rules
from spades_helpers import bid_round, play_cards, scripted_game_deck

NOBLIND = Rules(blind_nil=False)

#: the planned hands of each game made by planned_game (Game has __slots__)
_PLANS: dict[int, list[tuple[list[str], object]]] = {}


def planned_game(rules: Rules, dealer: int, hands: list[tuple[list[str], list[int]]]) -> Game:
    """A game whose first hands are planned: (bids per seat, tricks per seat) for each."""
    n = rules.num_seats
    plans = []
    d = dealer
    for _bids, tricks in hands:
        plans.append(scripted_game_deck(n, d, tricks))
        d = (d + 1) % n
    game = Game(rules, seed=1, dealer=dealer, decks=[p[0] for p in plans])
    _PLANS[id(game)] = [(bids, plan) for (bids, _), (_, plan) in zip(hands, plans)]
    return game


def play_next(game: Game) -> None:
    bids, plan = _PLANS[id(game)][game.hands_played]
    bid_round(game, bids)
    play_cards(game, plan.plays)


def test_dealer_rotates_left() -> None:
    hands = [(["bid 3"] * 4, [4, 3, 3, 3])] * 5
    game = planned_game(NOBLIND, 2, hands)
    dealers = []
    for _ in range(5):
        dealers.append(game.dealer)
        play_next(game)
    assert dealers == [2, 3, 0, 1, 2]
    assert [h.dealer for h in game.history] == dealers


def test_hand_scores_accumulate_into_game_scores() -> None:
    # hand 1: N-S bid 3+3 = 6 take 4+3 = 7: +61 (1 bag); E-W bid 6 take 6: +60
    # hand 2: N-S bid 6 take 8: +62 -> 123 (3 bags); E-W bid 6 take 5: -60 -> 0
    game = planned_game(NOBLIND, 3, [(["bid 3"] * 4, [4, 3, 3, 3]), (["bid 3"] * 4, [5, 2, 3, 3])])
    play_next(game)
    assert game.scores == (61, 60) and game.bags == (1, 0)
    play_next(game)
    assert game.scores == (123, 0) and game.bags == (3, 0) and game.hands_played == 2


def test_bag_penalty_with_carry_over_across_hands() -> None:
    # hand 1: N-S bid 1+1 = 2 take 8: +26, 6 bags; E-W bid 5 take 5: +50
    # hand 2: N-S bid 2 take 9: +27, bags 6+7 = 13 -> -100, 3 carry: 26 + 27 - 100 = -47
    game = planned_game(
        NOBLIND,
        3,
        [
            (["bid 1", "bid 3", "bid 1", "bid 2"], [4, 3, 4, 2]),
            (["bid 1", "bid 2", "bid 1", "bid 2"], [5, 2, 4, 2]),
        ],
    )
    play_next(game)
    assert game.scores == (26, 50) and game.bags == (6, 0)
    play_next(game)
    assert game.scores == (-47, 90) and game.bags == (3, 0)
    assert game.history[-1].bag_penalties == (1, 0)


def test_nil_bidder_tricks_are_bags_not_partner_tricks() -> None:
    # N nil takes 2: -100; S bid 4 takes 3 (N's 2 do not help): -40 -> -140; N's 2 tricks: 2 bags
    # E-W bid 3+3 take 4+4: +62, 2 bags
    game = planned_game(NOBLIND, 3, [(["nil", "bid 3", "bid 4", "bid 3"], [2, 4, 3, 4])])
    play_next(game)
    assert game.scores == (-140, 62) and game.bags == (2, 2)
    assert game.history[0].made == (False, True) and game.history[0].nil_made[0] is False


def test_boston_is_marked_in_history() -> None:
    # N-S take all 13: N bid 6 took 7, S bid 6 took 6: +121 (1 bag) and a Boston
    game = planned_game(NOBLIND, 3, [(["bid 6", "bid 1", "bid 6", "bid 1"], [7, 0, 6, 0])])
    play_next(game)
    assert game.history[0].boston == (True, False)
    assert game.scores == (121, -20)


def test_boston_bonus_option() -> None:
    # as above with boston_bonus 250: 121 + 250 = 371
    game = planned_game(
        Rules(blind_nil=False, boston_bonus=250), 3, [(["bid 6", "bid 1", "bid 6", "bid 1"], [7, 0, 6, 0])]
    )
    play_next(game)
    assert game.scores == (371, -20)


def test_boston_wins_option() -> None:
    # a Boston wins outright: 121 points are far from 500
    game = planned_game(
        Rules(blind_nil=False, boston_wins=True), 3, [(["bid 6", "bid 1", "bid 6", "bid 1"], [7, 0, 6, 0])]
    )
    play_next(game)
    assert game.is_over and game.winner == 0 and game.phase.value == "over" and game.to_act is None


def test_first_side_to_target_score_wins() -> None:
    # target 60: N-S bid 3+3 take 4+3: +61 >= 60; E-W bid 6 take 6: +60 >= 60, lower -> N-S win
    game = planned_game(Rules(blind_nil=False, target_score=60), 3, [(["bid 3"] * 4, [4, 3, 3, 3])])
    play_next(game)
    assert game.scores == (61, 60)
    assert game.is_over and game.winner == 0 and game.legal_actions() == []


def test_bag_penalty_zero_turns_bags_off_in_game() -> None:
    # bag_penalty 0: N-S bid 1+1 take 4+4: +26 then again +26, bags 6 then 12, never a penalty
    rules = Rules(blind_nil=False, bag_penalty=0)
    hand = (["bid 1", "bid 3", "bid 1", "bid 2"], [4, 3, 4, 2])
    game = planned_game(rules, 3, [hand, hand])
    play_next(game)
    play_next(game)
    assert game.scores == (52, 100) and game.bags == (12, 0)


def test_bag_limit_option_in_game() -> None:
    # bag_limit 5: N-S bid 2 take 8: +26, 6 bags -> -100, 1 carries: -74
    rules = Rules(blind_nil=False, bag_limit=5)
    game = planned_game(rules, 3, [(["bid 1", "bid 3", "bid 1", "bid 2"], [4, 3, 4, 2])])
    play_next(game)
    assert game.scores == (-74, 50) and game.bags == (1, 0)


def test_target_score_not_reached_game_goes_on() -> None:
    game = planned_game(Rules(blind_nil=False, target_score=62), 3, [(["bid 3"] * 4, [4, 3, 3, 3])])
    play_next(game)
    assert not game.is_over and game.winner is None and game.phase.value == "bid"


def test_tie_at_target_plays_another_hand() -> None:
    # target 130. hand 1: N-S 6/6 +60, E-W 7/7 +70; hand 2: N-S 7/7 +70, E-W 6/6 +60 -> 130-130
    # tied at the target: another hand. hand 3: N-S 6/6 -> 190, E-W 7/7 -> 200: E-W win
    a = (["bid 3", "bid 4", "bid 3", "bid 3"], [3, 4, 3, 3])
    b = (["bid 4", "bid 3", "bid 3", "bid 3"], [4, 3, 3, 3])
    game = planned_game(Rules(blind_nil=False, target_score=130), 3, [a, b, a])
    play_next(game)
    play_next(game)
    assert game.scores == (130, 130) and not game.is_over and game.phase.value == "bid"
    play_next(game)
    assert game.scores == (190, 200) and game.is_over and game.winner == 1


def test_losing_score_ends_game() -> None:
    # losing -200: N-S bid 10+10 take 6: -200 <= -200; E-W bid 1+1 take 7: +25 -> E-W win
    rules = Rules(blind_nil=False, losing_score=-200)
    game = planned_game(rules, 3, [(["bid 10", "bid 1", "bid 10", "bid 1"], [3, 4, 3, 3])])
    play_next(game)
    assert game.scores == (-200, 25)
    assert game.is_over and game.winner == 1


def test_losing_score_not_reached_game_goes_on() -> None:
    rules = Rules(blind_nil=False, losing_score=-201)
    game = planned_game(rules, 3, [(["bid 10", "bid 1", "bid 10", "bid 1"], [3, 4, 3, 3])])
    play_next(game)
    assert not game.is_over


def test_hands_option() -> None:
    # one hand: N-S 7/7 = 70, E-W 6/6 = 60 -> N-S win though far from 500
    rules = Rules(blind_nil=False, hands=1)
    game = planned_game(rules, 3, [(["bid 4", "bid 3", "bid 3", "bid 3"], [4, 3, 3, 3])])
    play_next(game)
    assert game.is_over and game.winner == 0 and game.hands_played == 1


def test_hands_option_tie_is_a_draw() -> None:
    # two hands: 60+70 = 130 each -> a draw, winner None
    a = (["bid 3", "bid 4", "bid 3", "bid 3"], [3, 4, 3, 3])
    b = (["bid 4", "bid 3", "bid 3", "bid 3"], [4, 3, 3, 3])
    game = planned_game(Rules(blind_nil=False, hands=2), 3, [a, b])
    play_next(game)
    assert not game.is_over
    play_next(game)
    assert game.is_over and game.winner is None and game.scores == (130, 130)


def test_nil_tricks_count_for_partner_option_in_game() -> None:
    # N nil takes 2 (-100), S bid 4 takes 4: counted 6 >= 4 -> +42; total -58, 2 bags
    rules = Rules(blind_nil=False, nil_tricks_count_for_partner=True)
    game = planned_game(rules, 3, [(["nil", "bid 3", "bid 4", "bid 3"], [2, 3, 4, 4])])
    play_next(game)
    assert game.scores == (-58, 61) and game.bags == (2, 1)


def test_nil_and_blind_nil_bonus_options_in_game() -> None:
    # N blind nil 0 tricks (+300), S nil 0 tricks (+50): +350; E-W bid 3+4 = 7 take 13: +76, 6 bags
    rules = Rules(nil_bonus=50, blind_nil_bonus=300, blind_nil_exchange=0)
    game = planned_game(rules, 3, [(["blind nil", "bid 3", "nil", "bid 4"], [0, 6, 0, 7])])
    play_next(game)
    assert game.scores == (350, 76)


# ---- cutthroat --------------------------------------------------------------------------


def test_cutthroat_each_player_is_a_side() -> None:
    # 3 took 4: +31; 4/4 +40; nil +100; 5/5 +50
    rules = Rules.preset("cutthroat", blind_nil=False)
    game = planned_game(rules, 3, [(["bid 3", "bid 4", "nil", "bid 5"], [4, 4, 0, 5])])
    play_next(game)
    assert game.scores == (31, 40, 100, 50) and game.bags == (1, 0, 0, 0)


def test_cutthroat_no_exchange_after_blind_nil() -> None:
    game = Game(Rules.preset("cutthroat"), seed=3, dealer=3)
    bid_round(game, ["blind nil", "bid 3", "bid 3", "bid 3"])
    assert game.phase.value == "play" and game.bids[0] == Bid.blind_nil()
    assert all(game.hand(s) == game.dealt(s) for s in range(4))


def test_cutthroat_has_no_side_cap() -> None:
    game = Game(Rules.preset("cutthroat", blind_nil=False), seed=3, dealer=3)
    game.apply("bid 13")
    game.apply("bid 13")
    assert Bid(13) in game.legal_actions()


# ---- three players ----------------------------------------------------------------------


def test_three_player_removes_two_of_clubs() -> None:
    for seed in range(5):
        game = Game(Rules.preset("three-player"), seed=seed)
        held = [game.hand(s) for s in range(3)]
        assert [len(h) for h in held] == [17, 17, 17]
        assert all(Card.parse("2C") not in h for h in held)
        assert len(held[0] | held[1] | held[2]) == 51


def test_three_player_deck_must_leave_out_two_of_clubs() -> None:
    with pytest.raises(ValueError, match="51 cards without the 2 of clubs"):
        Game(Rules.preset("three-player"), seed=1, decks=[[Card(i) for i in range(51)]])


def test_three_player_bids_up_to_17_and_17_tricks() -> None:
    # seat0 bid 6 took 7: +61; seat1 5/5: +50; seat2 5/5: +50
    rules = Rules.preset("three-player", blind_nil=False)
    game = planned_game(rules, 2, [(["bid 6", "bid 5", "bid 5"], [7, 5, 5])])
    assert game.legal_actions() == [Bid(i) for i in range(18)]
    bids, plan = _PLANS[id(game)][0]
    bid_round(game, bids)
    assert game.to_act == 0  # left of dealer 2
    play_cards(game, plan.plays)
    assert len(game.history[0].tricks) == 3 and sum(game.history[0].tricks) == 17
    assert game.scores == (61, 50, 50)


@pytest.mark.parametrize("dealer", range(3))
def test_three_player_first_lead_left_of_dealer(dealer: int) -> None:
    game = Game(Rules.preset("three-player", blind_nil=False), seed=2, dealer=dealer)
    for _ in range(3):
        game.apply("bid 5")
    assert game.to_act == (dealer + 1) % 3
