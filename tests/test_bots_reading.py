"""Reading the other seats' cards from their play (``spades.bots.reading``): which deals fit
the cards played, if each seat plays as the club player would, and how far each seat is read
to play that way."""

from __future__ import annotations

import dataclasses

import pytest

from botutil import game_with, make_hands
from spades import Card, Game, Rules, bots
from spades.bots.basic import BasicBot
from spades.bots.expert import ExpertBot
from spades.bots.knowledge import Knowledge
from spades.bots.reading import AGREE_PRIOR, PlayReading, agrees, play_events, play_fit
from spades.view import Phase

RULES = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=4)


def _mask(words: str) -> int:
    return sum(1 << int(Card.parse(w)) for w in words.split())


def test_last_to_play_a_winner_above_a_cheaper_one_does_not_fit_the_club_player() -> None:
    # North leads 5H, East 3H, South 9H; West, last, wins with KH. Had West held JH as well,
    # the club player would have won with the JH (QH, out of West's sight, lies between: KH
    # and QH would have been equal cards): a deal giving West the JH fits less.
    hands = make_hands({0: "5H", 1: "3H QH JH", 2: "9H", 3: "KH 4H"}, voids={3: "H"})
    game = game_with(hands, ["bid 3"] * 4 + ["5H", "3H", "9H", "KH"], rules=RULES)
    view = game.view(0)
    events = [e for e in play_events(view, {1, 3}) if e.seat == 3]
    assert [e.card for e in events] == [int(Card.parse("KH"))]
    true_west = game.hand(3).mask
    swapped = true_west & ~_mask("4H") | _mask("JH")
    model = BasicBot()
    assert agrees(events[0], true_west, model) == (True, 2)
    assert agrees(events[0], swapped, model) == (False, 2)
    deal = [game.hand(s).mask for s in range(4)]
    other = list(deal)
    other[3] = swapped
    other[1] = deal[1] & ~_mask("JH") | _mask("4H")
    shares = {3: 0.9}
    assert play_fit(events, deal, shares, model) == pytest.approx(0.9 + 0.1 / 2)
    assert play_fit(events, other, shares, model) == pytest.approx(0.1 / 2)
    # a seat read as playing anyhow (share 0) says nothing: every deal fits alike
    assert play_fit(events, other, {3: 0.0}, model) == play_fit(events, deal, {3: 0.0}, model) == 1.0


def _basic_game_positions(seed: int) -> list[tuple[Game, int]]:
    game = Game(RULES, seed=seed)
    players = [BasicBot(seed=s) for s in range(4)]
    out = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase is Phase.PLAY and len(view.tricks) in (4, 9) and not view.trick:
            out.append((game.copy(), seat))
        game.apply(players[seat].act(view))
    return out


def test_the_club_players_own_cards_fit_every_card_it_played() -> None:
    model = BasicBot()
    read = 0
    for game, seat in _basic_game_positions(5):
        view = game.view(seat)
        events = play_events(view, {s for s in range(4) if s != seat})
        assert {e.seat for e in events} == {s for s in range(4) if s != seat}
        for e in events:
            said = agrees(e, game.hand(e.seat).mask, model)
            if said is not None:
                read += 1
                assert said[0], (view.tricks, e.seat, Card(e.card))
    assert read >= 20


def _read_game(opponent: str, seed: int) -> PlayReading:
    """North's reading after a game with ``basic`` partners and ``opponent`` at East-West."""
    reading = PlayReading()
    game = Game(RULES, seed=seed)
    players = [bots.get("basic", seed=0), bots.get(opponent, seed=1), bots.get("basic", seed=2),
               bots.get(opponent, seed=3)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        reading.observe(game.view(0))
        game.apply(players[seat].act(view))
    return reading


def test_play_reading_finds_the_club_player_and_the_random_player() -> None:
    fresh = PlayReading()
    assert fresh.share(1) == AGREE_PRIOR
    club = _read_game("basic", 3)
    anyhow = _read_game("random", 3)
    for s in (1, 3):
        assert club.choices[s] >= 6
        assert club.agreed[s] == club.choices[s]
        assert club.share(s) > 0.8
        assert anyhow.share(s) < 0.45
        assert anyhow.agreed[s] < anyhow.choices[s]


def test_read_play_option_is_checked_and_off_reads_nothing() -> None:
    bot = ExpertBot(seed=1)  # (off by default)
    hands = make_hands({0: "5H", 1: "3H QH JH", 2: "9H", 3: "KH 4H"}, voids={3: "H"})
    game = game_with(hands, ["bid 3"] * 4 + ["5H", "3H", "9H", "KH"], rules=RULES)
    assert bot._play_events(Knowledge(game.view(0))) == []
    on = ExpertBot(seed=1, read_play=2)  # (the partner is read by its signals until it breaks them)
    assert {e.seat for e in on._play_events(Knowledge(game.view(0)))} == {1, 3}
    beside_basic = ExpertBot(seed=1, read_play=2, partner_signals=0)
    assert {e.seat for e in beside_basic._play_events(Knowledge(game.view(0)))} == {1, 2, 3}
    for bad in (-1, 21, "x"):
        try:
            ExpertBot(read_play=bad)  # type: ignore[arg-type]
        except ValueError as err:
            assert "read_play" in str(err)
        else:
            raise AssertionError(f"read_play={bad!r} was taken")


def test_an_expert_reading_the_play_finishes_a_hand_with_legal_cards() -> None:
    game = Game(dataclasses.replace(RULES, hands=1), seed=8)
    players = [ExpertBot(seed=s, samples=8, bid_samples=16, read_play=2) for s in range(4)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = players[seat].act(view)
        assert action in view.legal
        game.apply(action)
    assert game.hands_played == 1
