"""Scenario tests of the expert's play and bids: each builds one position and checks the
expert does what a strong partner would (set a nil, never overtake a partner's sure
winner, bid to the game score)."""

from __future__ import annotations

from botutil import game_with, make_hands
from spades import Bid, Card, bots
from spades.bots.expert import ExpertBot

FAST = {"samples": 8}


def test_expert_lets_an_opponents_nil_win_the_trick() -> None:
    # East bid nil and led 5H; North (us) plays last and holds 4H and KH: 4H sets the nil
    hands = make_hands({1: "5H", 2: "2H", 3: "3H", 0: "4H KH"}, voids={2: "H", 3: "H"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 4", "5H", "2H", "3H"], dealer=0)
    assert game.to_act == 0
    for seed in range(3):
        assert bots.get("expert", seed=seed, **FAST).act(game.view(0)) == Card.parse("4H")


def test_expert_leads_under_an_opponents_nil() -> None:
    # West bid nil and holds only 9H in hearts, the rest of them went to East; North leads
    # with 2H (under West's nine), AH and a spread of other suits: the low heart
    hands = make_hands({0: "2H AH", 3: "9H"}, voids={3: "H"})
    game = game_with(hands, ["bid 4", "bid 3", "bid 4", "nil"], dealer=3)
    assert game.to_act == 0
    chosen = [bots.get("expert", seed=s, **FAST).act(game.view(0)) for s in range(3)]
    assert Card.parse("AH") not in chosen


def test_expert_never_trumps_its_partners_sure_winner() -> None:
    # East led 5H, South (the partner) won it with AH, West followed; North, last to play and
    # out of hearts, discards instead of trumping the partner's trick
    hands = make_hands({1: "5H", 2: "AH", 3: "6H", 0: "2S 3S KS 4D 7C"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "5H", "AH", "6H"], dealer=0)
    assert game.to_act == 0
    for seed in range(3):
        card = bots.get("expert", seed=seed, **FAST).act(game.view(0))
        assert isinstance(card, Card) and card.suit != 3


def test_evaluate_weighs_every_candidate_and_puts_the_choice_first() -> None:
    hands = make_hands({1: "5H", 2: "2H", 3: "3H", 0: "4H KH"}, voids={2: "H", 3: "H"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 4", "5H", "2H", "3H"], dealer=0)
    bot = ExpertBot(seed=1, **FAST)
    rows = bot.evaluate(game.view(0))
    assert [str(a) for a, _, _ in rows][0] == "4H"
    assert {"4H", "KH"} <= {str(a) for a, _, _ in rows}
    values = {str(a): v for a, v, _ in rows}
    assert values["4H"] > values["KH"] + 50  # a set nil is worth 100 to us
    assert all(isinstance(r, str) and r for _, _, r in rows)
    # and the same decision as act() from the same seed
    assert ExpertBot(seed=1, **FAST).act(game.view(0)) == rows[0][0]


def test_evaluate_gives_every_bid_level_with_its_chance_of_being_made() -> None:
    hands = make_hands({0: "AS KS QS AH KH AD"})
    game = game_with(hands, ["bid 3", "bid 3"], dealer=1)  # South, then West, then North
    view = game.view(0)
    rows = ExpertBot(seed=1, samples=8, bid_samples=16).evaluate(view)
    bids = [a for a, _, _ in rows]
    assert all(isinstance(b, Bid) for b in bids)
    assert len(bids) >= 10  # the last bid of a side weighs every level
    assert rows[0][0] == ExpertBot(seed=1, samples=8, bid_samples=16).act(view)
    made = {a: r for a, _, r in rows}
    assert "makes its contract in" in made[Bid(1)]
