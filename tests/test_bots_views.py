"""Bots decide from a View alone: they cannot see other seats' hidden cards."""

from __future__ import annotations

import random

import pytest

from spades import Game, Rules, bots
from spades.cards import cards_of_mask


def shuffled_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game with the cards of every other seat dealt among them afresh
    (same hand sizes), so only information the seat cannot see has changed."""
    other = game.copy()
    seats = [s for s in range(game.rules.num_seats) if s != seat]
    pool = []
    for s in seats:
        pool += cards_of_mask(other._hand._hands[s])
    if game.rules.uses_draw:
        # two players: the opponent's cards may as well be any of the cards out of play
        # that this seat did not discard itself
        played = game.view(seat).played.mask
        held = sum(other._hand._hands)
        pool += cards_of_mask(((1 << 52) - 1) & ~held & ~played & ~other._hand._discards[seat])
    rng.shuffle(pool)
    for s in seats:
        size = other._hand._hands[s].bit_count()
        mask = 0
        for c in pool[:size]:
            mask |= 1 << c
        pool = pool[size:]
        other._hand._hands[s] = mask
    return other


@pytest.mark.parametrize("name", ["basic", "expert"])
@pytest.mark.parametrize("preset", ["partnership", "two-player"])
def test_same_view_same_action_whatever_the_hidden_cards(name: str, preset: str) -> None:
    rules = Rules.preset(preset, hands=1, blind_nil=False)
    rng = random.Random(3)
    game = Game(rules, seed=11)
    driver = [bots.get("basic", seed=s) for s in range(rules.num_seats)]
    checked = 0
    options = {"samples": 3} if name == "expert" else {}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase == "play" and len(view.legal) > 1 and checked < 6:
            other = shuffled_hidden(game, seat, rng)
            assert [other.hand(s) for s in range(rules.num_seats)] != [
                game.hand(s) for s in range(rules.num_seats)
            ]
            assert other.view(seat) == view
            a = bots.get(name, seed=5, **options).act(view)
            b = bots.get(name, seed=5, **options).act(other.view(seat))
            assert a == b
            checked += 1
        game.apply(driver[seat].act(view))
    assert checked == 6


@pytest.mark.parametrize("name", ["random", "basic", "expert"])
def test_bots_accept_only_views(name: str) -> None:
    game = Game(Rules.preset("partnership"), seed=1)
    bot = bots.get(name, seed=1)
    with pytest.raises(TypeError):
        bot.act(game)  # type: ignore[arg-type]
