"""Every bot takes every kind of decision of every preset, and only legal actions.

A "driver" bot chooses blind nil half of the time for some seats, so the bot
under test meets blind-nil exchanges (as giver and as the blind-nil bidder),
two-player draws after a blind nil and redraws; the bot under test takes every
other decision.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades import Bid, Game, Rules, bots

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]
VARIANTS = {
    "partnership": [{}, {"spades_must_be_broken": False, "blind_nil_exchange": 2}, {"max_side_bid": 13}],
    "two-player": [{}, {"blind_nil_exchange": 1}],
    "cutthroat": [{}],
    "three-player": [{}, {"nil": False, "blind_nil": False}],
    "openspiel": [{}],
}


def play_games(
    name: str, preset: str, games: int, options: dict[str, object], **bot_options: object
) -> set[str]:
    rules = dataclasses.replace(Rules.preset(preset), hands=2, **options)  # type: ignore[arg-type]
    phases: set[str] = set()
    for g in range(games):
        game = Game(rules, seed=1000 + g)
        players = [bots.get(name, seed=g * 10 + s, **bot_options) for s in range(rules.num_seats)]
        chaos = random.Random(g)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.phase == "blind" and chaos.random() < 0.5:
                game.apply(Bid.blind_nil())
                continue
            action = players[seat].act(view)
            assert action in view.legal, (preset, view.phase, action)
            assert game.is_legal(action)
            phases.add(view.phase)
            game.apply(action)
    return phases


EXPECTED = {
    "partnership": {"blind", "bid", "exchange", "play"},
    "two-player": {"blind", "draw", "redraw", "bid", "play"},
    "cutthroat": {"blind", "bid", "play"},
    "three-player": {"blind", "bid", "play"},
    "openspiel": {"bid", "play"},
}


@pytest.mark.parametrize("name", ["random", "basic"])
@pytest.mark.parametrize("preset", PRESETS)
def test_fast_bots_only_play_legal_actions(name: str, preset: str) -> None:
    seen: set[str] = set()
    for options in VARIANTS[preset]:
        seen |= play_games(name, preset, 6, options)
    if preset == "three-player":
        assert {"bid", "play"} <= seen
    assert EXPECTED[preset] <= seen, seen


@pytest.mark.parametrize("preset", PRESETS)
def test_expert_only_plays_legal_actions(preset: str) -> None:
    seen = play_games("expert", preset, 1, {}, samples=3)
    assert EXPECTED[preset] <= seen | {"blind", "exchange", "redraw"}, seen
    assert {"bid", "play"} <= seen


def test_bots_are_reproducible() -> None:
    rules = Rules.preset("partnership", hands=1)
    for name in ("random", "basic"):
        logs = []
        for _ in range(2):
            game = Game(rules, seed=4)
            players = [bots.get(name, seed=s) for s in range(4)]
            while not game.is_over:
                seat = game.to_act
                assert seat is not None
                game.apply(players[seat].act(game.view(seat)))
            logs.append([str(a) for _, a in game.actions])
        assert logs[0] == logs[1]


def test_unknown_bot_and_bad_options_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        bots.get("grandmaster")
    with pytest.raises(ValueError, match="options"):
        bots.get("basic", colour="red")
    assert {"random", "basic", "expert"} <= set(bots.names())


#: the house rules of RULES.md section 7 (but the deck), alone and together
HOUSE = [
    ("partnership", {"bidding": "mirror"}),
    ("partnership", {"bidding": "whiz", "nil_exchange": 2}),
    ("partnership", {"bidding": "suicide", "nil_exchange": 3, "first_lead": "two-of-clubs"}),
    ("partnership", {"min_side_bid": 4, "ten_for_two_hundred": True, "max_side_bid": 13}),
    ("partnership", {"blind_bid_deficit": 0, "blind_bid_min": 5, "nil_exchange": 1}),
    ("partnership", {"blind_bid_deficit": 0, "blind_nil": False, "first_lead": "two-of-clubs"}),
    ("two-player", {"bidding": "whiz", "first_lead": "two-of-clubs"}),
    ("cutthroat", {"bidding": "mirror", "ten_for_two_hundred": True}),
    ("three-player", {"bidding": "whiz", "first_lead": "two-of-clubs"}),
]


@pytest.mark.parametrize("name", ["random", "basic"])
@pytest.mark.parametrize(("preset", "options"), HOUSE, ids=[str(o) for _, o in HOUSE])
def test_fast_bots_play_the_house_rules_legally(name: str, preset: str, options: dict[str, object]) -> None:
    """A driver makes a random blind choice (blind nil or a blind bid) half of the time, so the
    bot under test meets blind bids, nil exchanges and forced bids and leads."""
    rules = dataclasses.replace(Rules.preset(preset), hands=2, **options)  # type: ignore[arg-type]
    phases: set[str] = set()
    for g in range(4):
        game = Game(rules, seed=2000 + g)
        players = [bots.get(name, seed=g * 10 + s) for s in range(rules.num_seats)]
        chaos = random.Random(g)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.phase == "blind" and chaos.random() < 0.5:
                game.apply(chaos.choice(view.legal))
                continue
            action = players[seat].act(view)
            assert action in view.legal, (options, view.phase, action)
            phases.add(view.phase)
            game.apply(action)
    assert {"bid", "play"} <= phases


@pytest.mark.parametrize(("preset", "options"), HOUSE, ids=[str(o) for _, o in HOUSE])
def test_expert_plays_the_house_rules_legally(preset: str, options: dict[str, object]) -> None:
    """The sampling player (few samples) under each house-rule combination: its bids under
    Mirror, Whiz and Suicide, blind bids and the least side bid, its exchanges and leads,
    all legal; the driver's random blind choices put it beside blind bids and blind nils."""
    rules = dataclasses.replace(Rules.preset(preset), hands=1, **options)  # type: ignore[arg-type]
    phases: set[str] = set()
    for g in range(2):
        game = Game(rules, seed=3000 + g)
        players = [
            bots.get("expert", seed=g * 10 + s, samples=3, bid_samples=8) for s in range(rules.num_seats)
        ]
        chaos = random.Random(g)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.phase == "blind" and chaos.random() < 0.5:
                game.apply(chaos.choice(view.legal))
                continue
            action = players[seat].act(view)
            assert action in view.legal, (options, view.phase, action)
            phases.add(view.phase)
            game.apply(action)
    assert {"bid", "play"} <= phases or options.get("bidding") == "mirror"
