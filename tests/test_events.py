"""Game.apply returns the events of each action (spades.events), consistent with the game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades import Bid, Card, CardSet, Game, Rules
from spades.events import (
    BidMade,
    CardPlayed,
    Drawn,
    Event,
    ExchangePassed,
    GameOver,
    HandDealt,
    HandScored,
    Looked,
    PlayStarted,
    Redrawn,
    SpadesBroken,
    TrickWon,
    for_seat,
)
from spades.game import Phase


def _play_out(rules: Rules, seed: int) -> tuple[Game, list[tuple[int, object, tuple[Event, ...], Game]]]:
    """A whole random game, keeping each action's events and the game just before it."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    steps = []
    while not game.is_over:
        before = game.copy()
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        steps.append((seat, action, events, before))
    return game, steps


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player", "openspiel"])
def test_events_agree_with_the_game_state_in_every_preset(preset: str) -> None:
    rules = dataclasses.replace(Rules.preset(preset), hands=3)
    game, steps = _play_out(rules, seed=5)
    tricks_won: list[TrickWon] = []
    scored: list[HandScored] = []
    for seat, action, events, before in steps:
        assert isinstance(events, tuple) and events, "every action has at least its own event"
        first = events[0]
        if isinstance(action, Card):
            assert first == CardPlayed(seat, action)
            spade_first = action.suit == 3 and not before.spades_broken
            assert (len(events) > 1 and events[1] == SpadesBroken(seat, action)) is spade_first
        elif isinstance(action, Bid):
            assert first == BidMade(seat, action)
        elif str(action) == "look":
            assert first == Looked(seat)
        elif before.phase is Phase.DRAW:
            assert isinstance(first, Drawn) and first.seat == seat and first.kept is (str(action) == "keep")
        elif before.phase is Phase.EXCHANGE:
            assert isinstance(first, ExchangePassed) and first.giver == seat
            assert first.cards == action.cards  # type: ignore[attr-defined]
        elif before.phase is Phase.REDRAW:
            assert isinstance(first, Redrawn) and first.discarded == action.cards  # type: ignore[attr-defined]
        for ev in events:
            if isinstance(ev, TrickWon):
                tricks_won.append(ev)
                trick = before.trick
                assert ev.cards == (*tuple(c for _, c in trick), action)
                assert ev.leader == before.leader
            elif isinstance(ev, HandScored):
                scored.append(ev)
            elif isinstance(ev, PlayStarted):
                assert ev.leader == (before.dealer + 1) % rules.num_seats
        kinds = [type(e) for e in events]
        if HandScored in kinds:
            i = kinds.index(HandScored)
            assert kinds[i - 1] is TrickWon
            assert kinds[i + 1] in (HandDealt, GameOver) and i + 2 == len(kinds)
    assert [e.summary for e in scored] == list(game.history)
    assert len(tricks_won) == rules.tricks_per_hand * game.hands_played
    # the trick winners count up to each hand's tricks
    per_hand = rules.tricks_per_hand
    for h, summary in enumerate(game.history):
        counts = [0] * rules.num_seats
        for ev in tricks_won[h * per_hand : (h + 1) * per_hand]:
            counts[ev.winner] += 1
        assert tuple(counts) == summary.tricks
        numbers = [ev.number for ev in tricks_won[h * per_hand : (h + 1) * per_hand]]
        assert numbers == list(range(1, per_hand + 1))
    last = steps[-1][2]
    assert last[-1] == GameOver(game.winner, game.scores)


def test_hand_dealt_names_the_next_hand_and_dealer() -> None:
    rules = dataclasses.replace(Rules.preset("partnership"), hands=2)
    game, steps = _play_out(rules, seed=3)
    dealt = [e for _, _, events, _ in steps for e in events if isinstance(e, HandDealt)]
    assert dealt == [HandDealt(1, (game.first_dealer + 1) % 4)]


def test_a_trick_in_progress_returns_only_the_card_played() -> None:
    game = Game(Rules.preset("openspiel"), seed=2)
    for _ in range(4):
        game.apply(game.legal_actions()[1])
    seat = game.to_act
    card = next(c for c in game.legal_actions() if isinstance(c, Card) and c.suit != 3)
    assert game.apply(card) == (CardPlayed(seat, card),)  # type: ignore[arg-type]


def test_events_are_frozen() -> None:
    ev = BidMade(0, Bid(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.seat = 1  # type: ignore[misc]


def test_for_seat_hides_exchanged_cards_from_the_other_seats() -> None:
    ev = ExchangePassed(0, 2, 2, CardSet.parse("AS KS"))
    assert for_seat(ev, 0) == ev and for_seat(ev, 2) == ev
    hidden = for_seat(ev, 1)
    assert isinstance(hidden, ExchangePassed) and hidden.cards is None and hidden.count == 2


def test_for_seat_hides_drawn_and_redrawn_cards_from_the_opponent() -> None:
    drawn = Drawn(0, True, Card.parse("AS"), Card.parse("2C"))
    assert for_seat(drawn, 0) == drawn
    assert for_seat(drawn, 1) == Drawn(0, True, None, None)
    redrawn = Redrawn(1, 1, CardSet.parse("2C"), CardSet.parse("3D"))
    assert for_seat(redrawn, 1) == redrawn
    assert for_seat(redrawn, 0) == Redrawn(1, 1, None, None)
    public = TrickWon(0, (Card.parse("AS"),), 0, 1)
    assert for_seat(public, 3) is public


def test_apply_redraw_returns_the_redraw_event() -> None:
    game = Game(Rules.preset("two-player"), seed=11, dealer=0)
    game.apply("blind nil")
    while game.phase is not Phase.REDRAW:
        game.apply("look" if game.phase is Phase.BLIND else "keep")
    events = game.apply_redraw("discard", [])
    assert events[0] == Redrawn(0, 0, CardSet(), CardSet())


def test_an_illegal_action_returns_no_events_and_changes_nothing() -> None:
    game = Game(Rules.preset("openspiel"), seed=2)
    before = game.copy()
    with pytest.raises(ValueError):
        game.apply("bid 14")
    assert game == before


def test_view_carries_the_phase_enum_which_equals_its_name() -> None:
    game = Game(Rules.preset("partnership"), seed=7, dealer=3)
    view = game.view(0)
    assert view.phase is Phase.BLIND and view.phase == "blind" and str(view.phase) == "blind"
    assert view.phase is game.phase


def test_make_trick_won_equals_the_dataclass_constructor() -> None:
    from spades import Card
    from spades.events import TrickWon, make_trick_won

    cards = (Card(3), Card(40), Card(5), Card(12))
    fast, slow = make_trick_won(1, cards, 0, 7), TrickWon(1, cards, 0, 7)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert type(fast) is TrickWon
    with pytest.raises(AttributeError):
        fast.winner = 2  # type: ignore[misc]
