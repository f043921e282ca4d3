"""RULES.md section 2, play: following suit, trumps, breaking spades, who leads."""

from __future__ import annotations

import dataclasses

import pytest

from spades import Card, CardSet, Game, IllegalActionError, Rules
from spades_helpers import bid_round, deck_from_hands, play_cards

# Dealer West (3): North bids first and leads the first trick.
BASE = [
    "AKQ.AKQ.AKQ.AKQJ",  # North
    "JT9.JT9.JT9.T987",  # East
    "876.876.876.6543",  # South
    "5432.5432.5432.2",  # West: one club only
]
VOIDS = [
    "-.-.-.AKQJT98765432",  # North: all the clubs
    "765432.AKQ.AKQJ.-",  # East
    "AKQJT98.-.T98765.-",  # South
    "-.JT98765432.432.-",  # West
]
ONLY_SPADES = [
    "AKQJT98765432.-.-.-",
    "-.AKQJT98765432.-.-",
    "-.-.AKQJT98765432.-",
    "-.-.-.AKQJT98765432",
]


def ready(hands: list[str], rules: Rules | None = None, dealer: int = 3) -> Game:
    game = Game(rules or Rules(), seed=4, dealer=dealer, decks=[deck_from_hands(hands, dealer)])
    bid_round(game, ["bid 3"] * 4)
    assert game.phase.value == "play"
    return game


def cs(text: str) -> list[Card]:
    return list(CardSet.parse(text))


@pytest.mark.parametrize("dealer", range(4))
def test_first_lead_left_of_dealer(dealer: int) -> None:
    game = ready(BASE, dealer=dealer)
    assert game.to_act == game.leader == (dealer + 1) % 4


def test_play_goes_clockwise() -> None:
    game = ready(BASE)
    seen = []
    for card in ("AC", "7C", "3C", "2C"):
        seen.append(game.to_act)
        game.apply(card)
    assert seen == [0, 1, 2, 3]


def test_must_follow_suit_if_able() -> None:
    game = ready(BASE)
    game.apply("AC")
    assert game.legal_actions() == cs("TC 9C 8C 7C")
    with pytest.raises(IllegalActionError, match="You must follow suit: clubs"):
        game.apply("JH")
    game.apply("7C")
    assert set(game.legal_actions()) == set(cs("6C 5C 4C 3C"))


def test_player_who_cannot_follow_may_play_any_card_not_obliged_to_trump() -> None:
    game = ready(BASE)
    play_cards(game, ["AC", "7C", "3C", "2C"])  # West's only club goes
    play_cards(game, ["KC", "8C", "4C"])
    assert set(game.legal_actions()) == set(game.hand(3))  # void: anything, spades included
    game.apply("2H")  # a discard, not a trump
    assert game.tricks[-1].winner == 0


def test_trick_won_by_highest_spade() -> None:
    game = ready(VOIDS)
    play_cards(game, ["AC", "2S", "8S", "2H"])  # East and South both trump; West discards
    assert game.tricks[0].winner == 2
    assert game.tricks_won == (0, 0, 1, 0)


def test_lowest_spade_beats_ace_of_suit_led() -> None:
    game = ready(BASE)
    play_cards(game, ["AC", "7C", "3C", "2C", "KC", "8C", "4C", "2S"])
    assert game.tricks[-1].winner == 3


def test_trick_without_spade_won_by_highest_card_of_suit_led() -> None:
    game = ready(VOIDS)
    play_cards(game, ["2C", "AH", "TD", "JH"])  # only North followed: its 2 wins
    assert game.tricks[0].winner == 0
    assert [str(c) for c in game.tricks[0].cards] == ["2C", "AH", "TD", "JH"]


def test_trick_winner_leads_next_trick() -> None:
    game = ready(VOIDS)
    play_cards(game, ["AC", "2S", "8S", "2H"])
    assert game.to_act == game.leader == 2
    assert game.trick == ()


def test_spades_cannot_be_led_until_broken() -> None:
    game = ready(BASE)
    assert not game.spades_broken
    assert not any(c.suit == 3 for c in game.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="Spades have not been broken"):
        game.apply("AS")
    assert not game.is_legal("AS") and game.is_legal("AC")


def test_spade_played_on_other_suit_breaks_spades() -> None:
    game = ready(BASE)
    play_cards(game, ["AC", "7C", "3C", "2C", "KC", "8C", "4C"])
    assert not game.spades_broken
    game.apply("2S")  # West trumps a club
    assert game.spades_broken and game.to_act == 3
    game.apply("3S")  # and may now lead spades though it holds other suits
    assert game.trick == ((3, Card.parse("3S")),)
    assert game.view(0).spades_broken


def test_leader_with_only_spades_may_lead_spade_and_breaks_them() -> None:
    game = ready(ONLY_SPADES)
    assert game.legal_actions() == list(game.hand(0))
    game.apply("2S")
    assert game.spades_broken


def test_spade_can_never_be_led_to_first_trick_unless_only_spades() -> None:
    for seed in range(30):
        game = Game(Rules(blind_nil=False), seed=seed)
        for _ in range(4):
            game.apply("bid 3")
        hand = game.hand(game.to_act)  # type: ignore[arg-type]
        spades_led = [c for c in game.legal_actions() if c.suit == 3]  # type: ignore[union-attr]
        if len(hand.suit(3)) < 13:
            assert not spades_led
        else:
            assert spades_led


def test_spades_must_be_broken_off() -> None:
    game = ready(BASE, Rules(spades_must_be_broken=False))
    assert set(game.legal_actions()) == set(game.hand(0))
    game.apply("AS")
    assert game.trick == ((0, Card.parse("AS")),)


def test_cards_played_leave_the_hand_and_count_tricks() -> None:
    game = ready(BASE)
    before = game.hand(0)
    game.apply("AC")
    assert game.hand(0) == before - CardSet.parse("AC")
    with pytest.raises(IllegalActionError, match="You do not have the AC"):
        game.apply("AC")


def test_wrong_kind_of_action_in_play() -> None:
    game = ready(BASE)
    with pytest.raises(IllegalActionError, match="Now you must play a card"):
        game.apply("bid 3")


def test_every_hand_has_thirteen_tricks() -> None:
    game = Game(dataclasses.replace(Rules(), blind_nil=False, hands=1), seed=9)
    for _ in range(4):
        game.apply("bid 3")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert sum(game.history[0].tricks) == 13
