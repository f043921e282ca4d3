"""Scenario tests: the classic plays of a club player, made by the ``basic`` bot."""

from __future__ import annotations

import dataclasses

import pytest

from botutil import game_with, make_hands
from spades import Bid, Card, CardSet, Game, Rules, bots
from spades.bots.basic import BasicBot, estimate_tricks, nil_danger

NO_BLIND = dataclasses.replace(Rules.preset("partnership"), blind_nil=False)


def act(game: Game, name: str = "basic") -> object:
    seat = game.to_act
    assert seat is not None
    return bots.get(name, seed=3).act(game.view(seat))


def test_covers_partner_nil_by_overtaking() -> None:
    # North bid nil and is winning the trick with 9H: South overtakes with KH
    hands = make_hands({0: "9H", 1: "2H", 2: "KH 3H"}, voids={2: "H"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 3", "9H", "2H"])
    assert act(game) == Card.parse("KH")


def test_covers_partner_nil_by_playing_high_first() -> None:
    # West bid nil; East plays before West and covers with the ace
    hands = make_hands({0: "4D", 1: "AD 5D"}, voids={1: "D"})
    game = game_with(hands, ["bid 3", "bid 4", "bid 3", "nil", "4D"])
    assert act(game) == Card.parse("AD")


def test_does_not_trump_partners_sure_winner() -> None:
    hands = make_hands({0: "AH", 1: "5H", 2: "2S 3S"}, voids={2: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "AH", "5H"])
    card = act(game)
    assert isinstance(card, Card) and card.suit != 3


def test_trumps_an_opponents_winner_when_tricks_are_needed() -> None:
    hands = make_hands({0: "AH", 1: "2S 9S"}, voids={1: "H"})
    game = game_with(hands, ["bid 4", "bid 4", "bid 3", "bid 3", "AH"])
    assert act(game) == Card.parse("2S")


def test_second_hand_low() -> None:
    hands = make_hands({0: "5C", 1: "KC 3C"}, voids={1: "C"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "5C"])
    assert act(game) == Card.parse("3C")


def test_third_hand_high() -> None:
    hands = make_hands({0: "3D", 1: "6D", 2: "AD 2D"}, voids={2: "D"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "3D", "6D"])
    assert act(game) == Card.parse("AD")


def test_wins_cheaply_in_fourth_seat() -> None:
    hands = make_hands({0: "3D", 1: "9D", 2: "4D", 3: "AD KD TD"}, voids={3: "D"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "3D", "9D", "4D"])
    assert act(game) == Card.parse("TD")


def test_wins_with_the_card_just_above_the_one_on_the_table() -> None:
    # the opponents' 9D on the table splits TD from 8D: not the same card this trick
    hands = make_hands({0: "3D", 1: "4D", 2: "9D", 3: "AD TD 8D"}, voids={3: "D"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "3D", "4D", "9D"])
    assert act(game) == Card.parse("TD")


def test_leads_low_into_an_opponents_nil() -> None:
    hands = make_hands({0: "2C AD KD AH KH", 1: "3C 4C"}, voids={0: "C"})
    game = game_with(hands, ["bid 4", "nil", "bid 3", "bid 3"])
    assert act(game) == Card.parse("2C")


def test_does_not_overtake_an_opponents_nil_bidder() -> None:
    # North bid nil and is winning with 7C: West ducks with 5C instead of taking the ace
    hands = make_hands({0: "7C", 1: "3C", 2: "4C", 3: "AC 5C"}, voids={3: "C"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 3", "7C", "3C", "4C"])
    assert act(game) == Card.parse("5C")


def test_nil_bidder_plays_highest_losing_card() -> None:
    hands = make_hands({0: "QH", 1: "JH 9H 2H"}, voids={1: "H"})
    game = game_with(hands, ["bid 4", "nil", "bid 4", "bid 3", "QH"])
    assert act(game) == Card.parse("JH")


def test_bids_nil_with_a_nil_hand() -> None:
    hand = "32.742.8532.9642"
    hands = make_hands({0: " ".join(str(c) for c in CardSet.parse(hand))}, voids={0: ""})
    game = game_with(hands, [])
    assert CardSet.parse(hand) == game.hand(0)
    assert act(game) == Bid.nil()
    assert nil_danger(CardSet.parse(hand).mask) < nil_danger(CardSet.parse("AK2.742.8532.964").mask)


def test_strong_hand_bids_high_and_not_nil() -> None:
    hand = "AKQ2.A2.K32.AK32"
    hands = make_hands({0: " ".join(str(c) for c in CardSet.parse(hand))})
    game = game_with(hands, [])
    bid = act(game)
    assert isinstance(bid, Bid) and bid.tricks >= 6
    assert estimate_tricks(CardSet.parse(hand).mask, 4) > estimate_tricks(
        CardSet.parse("32.742.8532.9642").mask, 4
    )


def test_ducks_when_contract_is_made() -> None:
    """Once the side's contract is made (and nobody's nil or the opponents' contract is at
    stake), the bot does not take a trick it can avoid: no needless bags."""
    from spades.bots.knowledge import Knowledge, beats, trick_winner

    rules = NO_BLIND
    checked = 0
    for seed in range(6):
        game = Game(rules, seed=seed, dealer=3)
        bot = BasicBot(seed=seed)
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            action = bot.act(view)
            if view.phase == "play" and view.trick and len(view.legal) > 1:
                know = Knowledge(view)
                side = know.side_state(rules.side_of(seat))
                opp = know.side_state(1 - rules.side_of(seat))
                quiet = not side.live_nils and not opp.live_nils and not side.failed_nils
                if quiet and side.contract > 0 and side.need == 0 and opp.need <= know.tricks_left - 3:
                    cards = [int(c) for _, c in view.trick]
                    best = cards[trick_winner(cards)]
                    if any(not beats(int(c), best) for c in view.legal):
                        assert not beats(int(action), best), (view, action)  # type: ignore[call-overload]
                        checked += 1
            game.apply(action)
    assert checked >= 5


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player"])
def test_bidding_is_sane_over_many_hands(preset: str) -> None:
    """Over many hands the basic bidder is set rarely and its contracts are close."""
    rules = Rules.preset(preset, hands=1)
    sets = contracts = 0
    for seed in range(25):
        game = Game(rules, seed=seed)
        players = [bots.get("basic", seed=seed * 7 + s) for s in range(rules.num_seats)]
        while not game.is_over:
            seat = game.to_act
            game.apply(players[seat].act(game.view(seat)))
        summary = game.history[0]
        for side in range(rules.num_sides):
            if summary.made[side] is not None:
                contracts += 1
                sets += not summary.made[side]
    assert contracts > 20
    assert sets / contracts < 0.45
