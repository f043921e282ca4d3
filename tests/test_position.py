"""Game.from_position: any position of a hand, built from its parts and checked by the rules."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from spades import Bid, Card, CardSet, Game, IllegalActionError, Rules
from spades.game import Phase

HANDS = ["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"]
BIDS = ["bid 13", "bid 1", "nil", "bid 1"]
NO_AH = ["AKQJ.KQ.AKQ.AKQ", *HANDS[1:]]


def test_position_with_bids_is_in_play_with_the_seat_after_the_dealer_to_lead() -> None:
    game = Game.from_position(Rules(), hands=HANDS, dealer=3, bids=BIDS, scores=[100, 420], bags=[3, 7])
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert game.scores == (100, 420) and game.bags == (3, 7)
    assert game.bids == (Bid(13), Bid(1), Bid.nil(), Bid(1))
    assert [str(game.hand(s)) for s in range(4)] == [str(CardSet.parse(h)) for h in HANDS]


def test_position_without_bids_starts_the_bidding_and_knows_the_scores() -> None:
    rules = Rules.preset("partnership", blind_nil_min_deficit=100)
    behind = Game.from_position(rules, hands=HANDS, dealer=3, scores=[100, 420])
    level = Game.from_position(rules, hands=HANDS, dealer=3, scores=[300, 320])
    assert behind.to_act == 0 and behind.phase is Phase.BLIND  # North-South trail by 320: blind nil open
    assert level.phase is Phase.BID


def test_position_replays_tricks_and_the_current_trick_through_the_rules() -> None:
    tricks = ["AH JH 8H 5H", "AD JD 8D 5D"]
    game = Game.from_position(Rules(), hands=_minus(HANDS, [*tricks, "KH 9H"]), dealer=3, bids=BIDS,
                              tricks=tricks, trick="KH 9H")
    assert game.tricks_won == (2, 0, 0, 0) and not game.spades_broken
    assert game.trick == ((0, Card.parse("KH")), (1, Card.parse("9H")))
    assert game.to_act == 2 and len(game.tricks) == 2


def test_position_refuses_a_card_that_does_not_follow_suit() -> None:
    hands = _minus(HANDS, ["AH 8C"])
    with pytest.raises(IllegalActionError, match="East cannot play the 8C: You must follow suit: hearts"):
        Game.from_position(Rules(), hands=hands, dealer=3, bids=BIDS, trick="AH 8C")


def test_position_refuses_a_spade_lead_before_spades_are_broken() -> None:
    with pytest.raises(IllegalActionError, match="Spades have not been broken"):
        Game.from_position(Rules(), hands=_minus(HANDS, ["AS"]), dealer=3, bids=BIDS, trick="AS")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": HANDS[:3]}, "hands must list 4 hands"),
        ({"hands": [HANDS[0]] * 4}, "more than one seat"),
        ({"hands": ["AKQJ.AKQ.AKQ.AK", *HANDS[1:]]}, "North holds 12 cards"),
        ({"hands": HANDS, "scores": [1]}, "scores must be a list of 2"),
        ({"hands": HANDS, "bags": [0, -1]}, "bags cannot be below 0"),
        ({"hands": HANDS, "dealer": 4}, "dealer must be a seat"),
        ({"hands": HANDS, "bids": [None, "bid 1", None, None], "dealer": 3}, "North bids before"),
        ({"hands": HANDS, "bids": ["bid 13", "bid 1", "bid 1", "hello"], "dealer": 3}, "not a bid"),
        ({"hands": HANDS, "bids": ["bid 13", "bid 14", "nil", "bid 1"], "dealer": 3}, "at most 13"),
        ({"hands": NO_AH, "trick": "AH", "dealer": 3}, "every seat's bid"),
        ({"hands": HANDS, "hands_played": -1}, "hands_played"),
    ],
)
def test_bad_position_parts_are_refused_in_words(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        Game.from_position(Rules(), **kwargs)  # type: ignore[arg-type]


def test_position_game_record_round_trips_and_undo_returns_to_the_position() -> None:
    game = Game.from_position(Rules(), hands=HANDS, dealer=3, bids=BIDS, scores=[100, 420])
    start = game.copy()
    rng = random.Random(1)
    for _ in range(10):
        game.apply(rng.choice(game.legal_actions()))
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again == game and again.scores == game.scores
    game.undo(10)
    assert game == start


def test_two_player_position_skips_the_draw() -> None:
    rules = Rules.preset("two-player")
    north = "AKQJT98765432..."
    south = ".AKQJT98765432.."
    game = Game.from_position(rules, hands=[north, south], dealer=0, bids=[None, "bid 13"])
    assert game.phase is Phase.BID and game.to_act == 0
    view = game.view(1)
    assert view.hand == CardSet.parse(south) and view.stock_left == 0


def test_two_player_blind_nil_position_respects_the_deficit_rule() -> None:
    rules = Rules.preset("two-player", blind_nil_min_deficit=100)
    hands = ["AKQJT98765432...", ".AKQJT98765432.."]
    with pytest.raises(IllegalActionError, match="trails by at least 100"):
        Game.from_position(rules, hands=hands, dealer=1, bids=["bid 3", "blind nil"])
    game = Game.from_position(rules, hands=hands, dealer=1, bids=["bid 3", "blind nil"], scores=[200, 0])
    assert game.bids == (Bid(3), Bid.blind_nil()) and game.phase is Phase.PLAY


def test_blind_nil_position_with_exchange_starts_play_after_the_exchange() -> None:
    rules = Rules()
    game = Game.from_position(rules, hands=HANDS, dealer=3, bids=["blind nil", "bid 1", "bid 5", "bid 1"])
    assert game.phase is Phase.PLAY and game.to_act == 0


def test_three_player_position_needs_the_deck_without_the_two_of_clubs() -> None:
    rules = dataclasses.replace(Rules.preset("three-player"))
    deck = [c for c in range(1, 52)]
    hands = [CardSet(sum(1 << c for c in deck[s::3])) for s in range(3)]
    game = Game.from_position(rules, hands=hands, dealer=2)
    assert game.to_act == 0
    bad = [CardSet(hands[0].mask | 1), hands[1], hands[2]]
    with pytest.raises(IllegalActionError, match="2 of clubs"):
        Game.from_position(rules, hands=bad, dealer=2)


def _minus(hands: list[str], played: list[str]) -> list[CardSet]:
    gone = 0
    for t in played:
        for w in t.split():
            gone |= 1 << Card.parse(w)
    return [CardSet(CardSet.parse(h).mask & ~gone) for h in hands]
