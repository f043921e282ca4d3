"""The bots on the jokers and deuces packs (RULES.md section 7, issue 49): the expert's
knowledge, samples, play-outs and card choice read each card by its play suit and its power
in the pack (jokers are Card(52) and Card(53), the 2 of diamonds a spade in the deuces
packs), and basic counts, bids and covers with the pack's trumps."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from botutil import game_with
from spades import Bid, Card, Game, Rules
from spades.bots.basic import BasicBot, estimate_tricks, nil_danger
from spades.bots.decks import slot_layout
from spades.bots.expert import ExpertBot
from spades.bots.knowledge import Knowledge, bit_cards
from spades.bots.simulate import sample_deals, slot_beats, winner_index
from spades.core.deck import Deck, deck_of

DECKS = ("jokers", "jokers-deuces", "deuces")


def _expert(seed: int) -> ExpertBot:
    """A quick expert: few samples."""
    return ExpertBot(seed=seed, samples=8, bid_samples=16)


def _rules(deck: str, preset: str = "partnership") -> Rules:
    return Rules.preset(preset, deck=deck, blind_nil=False)


def deck_hands(deck: Deck, required: dict[int, str], voids: dict[int, str] | None = None) -> list[str]:
    """Four 13-card hands of ``deck``: seat ``s`` holds ``required[s]`` and is filled up with
    the pack's other cards, never of a play suit listed in ``voids[s]`` ('CDHS')."""
    voids = voids or {}
    hands: list[list[Card]] = [[Card.parse(w) for w in required.get(s, "").split()] for s in range(4)]
    used = {c for h in hands for c in h}
    def takers(c: Card) -> list[int]:
        return [s for s in range(4) if "CDHS"[deck.suit_of[c]] not in voids.get(s, "")]

    rest = sorted((Card(x) for x in deck.cards if Card(x) not in used), key=lambda c: len(takers(c)))
    for c in rest:  # the cards fewest seats may hold first, each to the emptiest of them
        seat = min((s for s in takers(c) if len(hands[s]) < 13), key=lambda s: (len(hands[s]), s))
        hands[seat].append(c)
    assert all(len(h) == 13 for h in hands)
    return [" ".join(str(c) for c in h) for h in hands]


def test_the_slot_layout_orders_each_play_suit_by_power() -> None:
    """The play-outs see the pack with the trumps on bits 39-54, lowest first: a higher bit
    is a higher card of the same play suit, whatever the card's id."""
    for name in DECKS:
        deck = deck_of(name)
        lay = slot_layout(deck)
        for a in deck.cards:
            for b in deck.cards:
                if a != b:
                    assert slot_beats(lay.slot[a], lay.slot[b]) == deck.beats(a, b), (name, a, b)
        assert lay.to_cards(lay.to_slots(deck.mask)) == deck.mask


def test_the_play_outs_winner_of_a_trick_is_the_packs() -> None:
    rng = random.Random(5)
    for name in DECKS:
        deck = deck_of(name)
        lay = slot_layout(deck)
        for _ in range(200):
            cards = rng.sample(deck.cards, 4)
            assert winner_index([lay.slot[c] for c in cards]) == deck.trick_winner(cards)


def test_a_deuce_of_diamonds_played_to_a_diamond_lead_shows_a_diamond_void_in_deuces() -> None:
    """In deuces the 2 of diamonds is a spade: East, out of real diamonds, plays it to North's
    5 of diamonds and is then known to hold no diamond, and not to lack spades."""
    deck = deck_of("deuces")
    hands = deck_hands(deck, {0: "5D", 1: "2D"}, voids={1: "D"})
    game = game_with(hands, ["bid 3"] * 4 + ["5D", "2D"], rules=_rules("deuces"), dealer=3)
    know = Knowledge(game.view(2))
    assert know.voids[1] >> 1 & 1
    assert not know.voids[1] >> 3 & 1
    assert not know.voids[0] >> 1 & 1


def test_a_joker_follows_a_spade_lead_and_shows_no_void() -> None:
    deck = deck_of("jokers")
    hands = deck_hands(deck, {0: "5S", 1: "LJ"}, voids={0: "CDH", 1: "S"})
    game = game_with(hands, ["bid 3"] * 4 + ["5S", "LJ"], rules=_rules("jokers"), dealer=3)
    know = Knowledge(game.view(2))
    assert not know.voids[1] >> 3 & 1


def test_sampled_deals_on_a_joker_deck_hold_exactly_the_unseen_cards() -> None:
    """Each sampled deal gives the other seats exactly the unseen cards of the pack, jokers
    among them, as many as each seat holds, and never a suit a seat has shown out of."""
    for name in DECKS:
        game = Game(_rules(name), seed=11)
        for _ in range(4):
            game.apply("bid 3")
        for _ in range(9):  # into the third trick
            game.apply(BasicBot(seed=1).act(game.view(game.to_act)))
        view = game.view(game.to_act)
        know = Knowledge(view)
        assert know.unseen & ~deck_of(name).mask == 0
        for deal in sample_deals(know, random.Random(3), 20):
            others = [deal[s] for s in range(4) if s != view.seat]
            assert sum(others) == know.unseen  # disjoint and complete
            assert deal[view.seat] == know.hand
            for s in range(4):
                assert deal[s].bit_count() == view.hand_sizes[s]
                shown = [x for x in range(4) if know.voids[s] >> x & 1]
                assert not any(deck_of(name).suit_of[c] in shown for c in bit_cards(deal[s]))


def test_a_joker_is_a_sure_trick_for_basic_and_worth_bidding() -> None:
    jokers = deck_of("jokers")
    words = ["3C", "4C", "5C", "6C", "3D", "4D", "5D", "6D", "3H", "4H", "5H"]
    plain = sum(Card.parse(w).mask for w in words)
    with_jokers = plain | Card(52).mask | Card(53).mask
    with_low_cards = plain | Card.parse("7C").mask | Card.parse("7D").mask
    assert estimate_tricks(with_jokers, 4, True, jokers) >= 2.0
    gain = estimate_tricks(with_jokers, 4, True, jokers) - estimate_tricks(with_low_cards, 4, True, jokers)
    assert gain >= 2.0
    assert nil_danger(plain | Card(53).mask, jokers) >= 9.0  # never nil with the big joker


def test_basic_counts_trump_length_later_in_a_longer_trump_suit() -> None:
    """Five low trumps are one long trump in the standard pack; in jokers-deuces (16 trumps)
    the others hold three more trumps to stop them, so they count for less."""
    words = ["3S", "4S", "5S", "6S", "7S", "3C", "4C", "5C", "6C", "3H", "4H", "5H", "6H"]
    hand = sum(Card.parse(w).mask for w in words)
    standard = estimate_tricks(hand, 4, True)
    assert estimate_tricks(hand, 4, True, deck_of("jokers-deuces")) < standard
    assert estimate_tricks(hand, 4, True, deck_of("jokers")) < standard


def test_basic_bids_its_jokers() -> None:
    deck = deck_of("jokers")
    hands = deck_hands(deck, {0: "BJ LJ AS"}, voids={0: "S"})
    game = game_with(hands, [], rules=_rules("jokers"), dealer=3)
    bid = BasicBot(seed=1).act(game.view(0))
    assert isinstance(bid, Bid) and bid.tricks >= 3


def test_basic_takes_a_trick_its_nil_partner_is_winning_on_a_joker_deck() -> None:
    """South bid nil and is winning East's lead of 5H with 9H; North, last, overtakes."""
    deck = deck_of("jokers")
    hands = deck_hands(deck, {1: "5H", 2: "9H", 3: "3H", 0: "KH 4H"}, voids={2: "H", 3: "H", 0: "H"})
    actions = ["bid 3", "nil", "bid 4", "bid 4", "5H", "9H", "3H"]
    game = game_with(hands, actions, rules=_rules("jokers"), dealer=0)
    assert game.to_act == 0
    assert BasicBot(seed=1).act(game.view(0)) == Card.parse("KH")


def test_the_expert_keeps_its_big_joker_when_its_partner_has_the_trick() -> None:
    """East led 5H, South (the partner) took it with the ace, West followed; North, last and
    out of hearts, discards a side card: the big joker, a sure trick of its own later,
    would be spent on a trick the side already has."""
    deck = deck_of("jokers")
    hands = deck_hands(deck, {1: "5H", 2: "AH", 3: "6H", 0: "BJ 2S 3C 4D"}, voids={0: "H"})
    actions = ["bid 3", "bid 3", "bid 3", "bid 3", "5H", "AH", "6H"]
    game = game_with(hands, actions, rules=_rules("jokers"), dealer=0)
    assert game.to_act == 0
    for seed in range(3):
        card = _expert(seed).act(game.view(0))
        assert isinstance(card, Card) and deck.suit_of[card] != 3


def test_the_expert_weighs_every_card_of_a_joker_deck() -> None:
    """The expert's own weighing (not the plain player's) decides on the packs: evaluate
    gives every candidate a value from the samples."""
    deck = deck_of("jokers-deuces")
    hands = deck_hands(deck, {0: "BJ 2D AH 3H KC"})
    game = game_with(hands, ["bid 3"] * 4, rules=_rules("jokers-deuces"), dealer=3)
    rows = _expert(1).evaluate(game.view(0))
    assert len(rows) > 2
    assert all("sampled deals" in reason for _, _, reason in rows)


@settings(max_examples=6, deadline=None)
@given(
    st.sampled_from(DECKS),
    st.sampled_from(["partnership", "cutthroat", "three-player", "two-player"]),
    st.integers(0, 10_000),
)
def test_every_deck_and_preset_plays_whole_hands_legally(deck: str, preset: str, seed: int) -> None:
    rules = dataclasses.replace(_rules(deck, preset), target_score=50)
    game = Game(rules, seed=seed)
    players = [_expert(seed) if s % 2 == 0 else BasicBot(seed=seed) for s in range(rules.num_seats)]
    hands = 0
    while not game.is_over and hands < 1:
        seat = game.to_act
        assert seat is not None
        before = game.hands_played
        game.apply(players[seat].act(game.view(seat)))  # the engine refuses an illegal action
        hands += game.hands_played - before


def test_the_expert_solves_late_positions_of_a_joker_deck_double_dummy() -> None:
    """Eight cards a hand or fewer: the expert weighs its cards with the double-dummy solver,
    given the pack (its values are points of whole tricks, the same on every deal)."""
    game = Game(_rules("jokers-deuces"), seed=4)
    for _ in range(4):
        game.apply("bid 3")
    while len(game.tricks) < 6 or game.trick:
        seat = game.to_act
        assert seat is not None
        game.apply(BasicBot(seed=2).act(game.view(seat)))
    view = game.view(game.to_act)
    rows = ExpertBot(seed=1, samples=6).evaluate(view)
    assert len(rows) > 1
    assert all("double-dummy" in reason for _, _, reason in rows)
