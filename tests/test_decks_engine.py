"""The ``deck`` option through the engine (RULES.md section 7, "Decks"): the deal of each pack,
following the play suit, the trick winner, spades broken by a joker or the deuces' 2D, Mirror
and Whiz counting them, the two of clubs lead, three players with 54 cards, records, narration,
named rule sets and rule strings; and the standard deck dealing and scoring exactly as before."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Game, Rules
from spades.bids import Bid
from spades.cards import Card, CardSet
from spades.core import rules_deck
from spades.errors import IllegalActionError, RulesError
from spades.events import CardPlayed, SpadesBroken, TrickWon
from spades.i18n import use_language
from spades.narrate import Narrator
from spades.rules import DECKS, PRESETS
from spades.rulesets import RULE_SETS, parse_rules, rule_string

VARIANTS = ("partnership", "two-player", "cutthroat", "three-player")


def card(text: str) -> Card:
    return Card.parse(text)


def deal_with(rules: Rules, fixed: dict[int, str], voids: dict[int, int] | None = None) -> list[CardSet]:
    """Four (or n) hands of the rules' pack: seat s holds ``fixed[s]`` and the rest of the pack
    is dealt so that seat v holds no card of play suit ``voids[v]``."""
    deck = rules_deck(rules)
    n, size = rules.num_seats, rules.cards_per_hand
    hands = {s: [card(t) for t in fixed.get(s, "").split()] for s in range(n)}
    used = {int(c) for cs in hands.values() for c in cs}
    void_suits = set((voids or {}).values())
    for c in sorted(deck.cards, key=lambda c: deck.suit_of[c] not in void_suits):  # those first
        if c in used:
            continue
        seat = next(
            s for s in range(n) if len(hands[s]) < size and (voids or {}).get(s) != deck.suit_of[c]
        )
        hands[seat].append(Card(c))
    return [CardSet(hands[s]) for s in range(n)]


def at_first_trick(rules: Rules, fixed: dict[int, str], voids: dict[int, int] | None = None) -> Game:
    hands = deal_with(rules, fixed, voids)
    return Game.from_position(rules, hands=hands, dealer=3, bids=["bid 3"] * 4)


def trick_winner_of(game: Game, plays: str) -> int:
    won = None
    for text in plays.split():
        for ev in game.apply(text):
            if isinstance(ev, TrickWon):
                won = ev.winner
    assert won is not None
    return won


PLAIN = Rules(blind_nil=False)


# -- the section 7 trick vectors, through Game.apply ---------------------------------------------


def test_jokers_deuces_hearts_led_little_joker_wins() -> None:
    # 5H led; LJ, 2D (trumps in jokers-deuces) and AS from seats void in hearts: LJ is the highest
    rules = dataclasses.replace(PLAIN, deck="jokers-deuces")
    game = at_first_trick(rules, {0: "5H", 1: "LJ", 2: "2D", 3: "AS"}, {1: 2, 2: 2, 3: 2})
    assert trick_winner_of(game, "5H LJ 2D AS") == 1


def test_jokers_big_joker_beats_the_ace_of_spades_led() -> None:
    rules = dataclasses.replace(PLAIN, deck="jokers", spades_must_be_broken=False)
    game = at_first_trick(rules, {0: "AS", 1: "3S", 2: "BJ", 3: "KS"})
    assert trick_winner_of(game, "AS 3S BJ KS") == 2


def test_deuces_two_of_diamonds_trumps_a_diamond_lead() -> None:
    # seat 2 holds no diamond from 3 to A: its 2D is a spade and wins the trick
    rules = dataclasses.replace(PLAIN, deck="deuces")
    game = at_first_trick(rules, {0: "3D", 1: "KD", 2: "2D", 3: "4D"}, {2: 1})
    events = []
    for text in ["3D", "KD", "2D"]:
        events += game.apply(text)
    assert any(isinstance(ev, SpadesBroken) for ev in events)  # the 2D is a spade: it breaks them
    assert trick_winner_of(game, "4D") == 2


def test_deuces_follow_the_play_suit_two_of_diamonds_is_no_diamond() -> None:
    # a seat holding 2D and 7D must play 7D on a diamond lead
    rules = dataclasses.replace(PLAIN, deck="deuces")
    game = at_first_trick(rules, {0: "3D", 1: "2D 7D"}, {1: 1})
    game.apply("3D")
    assert game.legal_actions() == [card("7D")]
    with pytest.raises(IllegalActionError, match="You must follow suit: diamonds"):
        game.apply("2D")


def test_deuces_two_of_diamonds_follows_a_spade_lead() -> None:
    rules = dataclasses.replace(PLAIN, deck="jokers-deuces", spades_must_be_broken=False)
    game = at_first_trick(rules, {0: "5S", 1: "2D 7D"}, {1: 3})
    game.apply("5S")
    assert game.legal_actions() == [card("2D")]  # its only spade
    assert game.view(1).led_suit == 3


def test_joker_and_deuce_may_not_lead_before_spades_are_broken() -> None:
    rules = dataclasses.replace(PLAIN, deck="jokers-deuces")
    game = at_first_trick(rules, {0: "BJ 2D 3H"})
    legal = game.legal_actions()
    assert card("BJ") not in legal and card("2D") not in legal and card("3H") in legal
    with pytest.raises(IllegalActionError, match="Spades have not been broken"):
        game.apply("BJ")


def test_a_joker_not_held_is_named_in_words() -> None:
    rules = dataclasses.replace(PLAIN, deck="jokers")
    game = at_first_trick(rules, {1: "BJ"})
    with pytest.raises(IllegalActionError, match="You do not have the big joker") as info:
        game.apply("BJ")
    assert info.value.params == {"card": "BJ"}


# -- the deal --------------------------------------------------------------------------------------


def test_each_deck_deals_its_pack_to_every_variant() -> None:
    expected = {
        ("jokers", False): {"removed": {"2C", "2D"}, "size": 52},
        ("jokers-deuces", False): {"removed": {"2C", "2H"}, "size": 52},
        ("deuces", False): {"removed": set(), "size": 52},
        ("jokers", True): {"removed": set(), "size": 54},
        ("jokers-deuces", True): {"removed": set(), "size": 54},
        ("deuces", True): {"removed": {"2C"}, "size": 51},
    }
    for (deck, three), want in expected.items():
        rules = Rules(variant="three-player" if three else "partnership", deck=deck)
        game = Game(rules, seed=3)
        dealt = {str(c) for c in game.deck}
        standard = {str(Card(c)) for c in range(52)}
        jokers = {"BJ", "LJ"} if "jokers" in deck else set()
        assert dealt == (standard - want["removed"]) | jokers
        assert len(game.deck) == want["size"] == rules.deck_size


def test_the_standard_deck_deals_and_scores_exactly_as_before() -> None:
    # differential: the digest of the deals, random plays, scores and fairness commitments of
    # 60 seeded games over every preset, computed with the engine before the deck option
    # (commit 0887de5); the standard pack must stay bit-for-bit the same
    h = hashlib.sha256()
    for preset in ("partnership", "two-player", "cutthroat", "three-player", "openspiel"):
        rules = dataclasses.replace(Rules.preset(preset), hands=2)
        for seed in range(12):
            game = Game(rules, seed=seed)
            rng = random.Random(seed)
            h.update(" ".join(map(str, game.deck)).encode())
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            h.update(repr((game.scores, game.bags, [str(a) for _, a in game.actions])).encode())
            h.update(repr(game.to_record().get("fairness")).encode())
    assert h.hexdigest() == "1181c1a1f26a9366dbe4e332266127d27eea3ae9e58ae00aac03891df01a6bcd"


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    deck=st.sampled_from(DECKS),
    seed=st.integers(0, 2**32),
    first_lead=st.sampled_from(("left-of-dealer", "two-of-clubs")),
)
def test_property_any_deck_deals_its_pack_one_winner_per_trick_and_replays(
    variant: str, deck: str, seed: int, first_lead: str
) -> None:
    rules = dataclasses.replace(Rules.preset(variant), deck=deck, hands=1, first_lead=first_lead)
    pack = rules_deck(rules)
    game = Game(rules, seed=seed)
    assert sorted(game.deck) == list(pack.cards)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal
        for ev in game.apply(rng.choice(legal)):
            if isinstance(ev, TrickWon):
                # one winner: the card of the highest power for the suit led
                powers = pack.lead_powers[pack.suit_of[ev.cards[0]]]
                best = max(range(len(ev.cards)), key=lambda i: powers[ev.cards[i]])
                assert (ev.leader + best) % rules.num_seats == ev.winner
                assert [powers[c] for c in ev.cards].count(powers[ev.cards[best]]) == 1
    summary = game.history[-1]
    assert sum(summary.tricks) == rules.tricks_per_hand
    record = json.loads(json.dumps(game.to_record()))
    again = Game.from_record(record)
    assert again.scores == game.scores and again.history == game.history


# -- bids, the first lead, three players -----------------------------------------------------------


@pytest.mark.parametrize("bidding", ["mirror", "whiz"])
def test_mirror_and_whiz_count_the_jokers_and_the_two_of_diamonds(bidding: str) -> None:
    rules = Rules(deck="jokers-deuces", bidding=bidding, blind_nil=False)
    trumps = rules_deck(rules).trumps
    differs = 0
    for seed in range(12):
        game = Game(rules, seed=seed)
        seat = game.to_act
        assert seat is not None
        held = game.hand(seat).mask
        k = (held & trumps).bit_count()
        differs += k != CardSet(held).count(3)
        want = [Bid(0)] if k == 0 else [Bid(k)] if bidding == "mirror" else [Bid(0), Bid(k)]
        assert game.legal_actions() == want
    assert differs  # some hands held a joker or the 2D: counted as spades


def test_two_of_clubs_lead_is_the_three_when_the_two_is_removed() -> None:
    rules = Rules(deck="jokers", first_lead="two-of-clubs", blind_nil=False)
    game = Game(rules, seed=5)
    for _ in range(4):
        game.apply(game.legal_actions()[2])
    holder = next(s for s in range(4) if card("3C") in game.hand(s))
    assert game.to_act == holder and game.legal_actions() == [card("3C")]


def test_three_players_with_jokers_play_54_cards_18_tricks_to_the_end() -> None:
    rules = Rules(variant="three-player", deck="jokers-deuces", target_score=150, losing_score=-150)
    assert (rules.cards_per_hand, rules.tricks_per_hand, rules.deck_size) == (18, 18, 54)
    game = Game(rules, seed=11)
    rng = random.Random(11)
    offered = set()
    while not game.is_over:
        legal = game.legal_actions()
        offered |= {a.tricks for a in legal if isinstance(a, Bid)}
        game.apply(rng.choice(legal))
    assert 18 in offered and game.hands_played >= 1
    assert all(sum(h.tricks) == 18 for h in game.history)
    assert Game.from_record(game.to_record()).scores == game.scores


def test_two_player_draw_with_jokers() -> None:
    rules = Rules(variant="two-player", deck="jokers", hands=1)
    game = Game(rules, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert sorted(game.deck) == list(rules_deck(rules).cards)
    assert Game.from_record(game.to_record()).scores == game.scores


def test_nil_exchange_can_pass_a_joker() -> None:
    rules = Rules(deck="jokers", nil_exchange=1, blind_nil=False)
    hands = deal_with(rules, {1: "BJ"})
    game = Game.from_position(rules, hands=hands, dealer=3)
    for bid in ("bid 3", "bid 3", "bid 3", "nil"):
        game.apply(bid)
    assert game.phase.value == "exchange" and game.to_act == 1
    game.apply("pass BJ")
    assert card("BJ") in game.hand(3)


# -- rules, records, words --------------------------------------------------------------------------


def test_deck_option_is_checked_with_a_clear_message() -> None:
    with pytest.raises(RulesError, match="deck must be one of standard, jokers, jokers-deuces, deuces"):
        Rules(deck="pinochle")


def test_old_records_without_a_deck_load_as_standard() -> None:
    game = Game(Rules(hands=1), seed=4)
    record = game.to_record()
    del record["rules"]["deck"]
    assert Game.from_record(record).rules.deck == "standard"


def test_a_deck_given_for_a_hand_must_be_the_packs() -> None:
    rules = Rules(deck="jokers")
    with pytest.raises(ValueError, match="52 different cards of the jokers deck without the 2C and the 2D"):
        Game(rules, seed=1, decks=[list(range(52))])


def test_narration_names_the_jokers_in_words() -> None:
    narrator = Narrator(Rules(deck="jokers"), you=0)
    assert narrator.event(CardPlayed(3, card("BJ"))) == ["West plays the big joker"]
    assert narrator.event(CardPlayed(0, card("LJ"))) == ["You play the little joker"]
    with use_language("ru"):
        assert "большой джокер" in narrator.event(CardPlayed(3, card("BJ")))[0]


# -- named rule sets and rule strings ---------------------------------------------------------------


def test_named_rule_sets_as_players_know_them() -> None:
    jjdd = RULE_SETS["jjdd"].rules
    assert (jjdd.deck, jjdd.min_side_bid, jjdd.ten_for_two_hundred, jjdd.target_score) == (
        "jokers-deuces", 4, True, 500,
    )
    assert RULE_SETS["classic"].rules == Rules()
    assert parse_rules("suicide").bidding == "suicide" and parse_rules("whiz").bidding == "whiz"
    assert parse_rules("mirror").bidding == "mirror" and parse_rules("deuces").deck == "deuces"


def test_rule_string_options_aliases_and_refusals() -> None:
    rules = parse_rules("classic,deck=jokers,board=4,ten-for-two-hundred,target=300")
    assert (rules.deck, rules.min_side_bid, rules.ten_for_two_hundred, rules.target_score) == (
        "jokers", 4, True, 300,
    )
    assert parse_rules("three-player,deck=jokers").cards_per_hand == 18
    assert parse_rules("jjdd,ten_for_two_hundred=off").ten_for_two_hundred is False
    for bad, why in (
        ("canasta", "not a rule set or a preset"),
        ("jjdd,deck=tarot", "deck is one of"),
        ("classic,zap=1", "'zap' is not a rule option"),
        ("classic,target=lots", "takes a whole number"),
    ):
        with pytest.raises(RulesError, match=why):
            parse_rules(bad)


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from([*VARIANTS, "openspiel"]),
    deck=st.sampled_from(DECKS),
    target=st.integers(50, 1000),
    bags=st.integers(1, 20),
    ten=st.booleans(),
    lead=st.sampled_from(("left-of-dealer", "two-of-clubs")),
)
def test_property_rules_round_trip_through_the_rule_string(
    variant: str, deck: str, target: int, bags: int, ten: bool, lead: str
) -> None:
    rules = dataclasses.replace(
        PRESETS[variant], deck=deck, target_score=target, bag_limit=bags, ten_for_two_hundred=ten,
        first_lead=lead,
    )
    text = rule_string(rules)
    assert parse_rules(text) == rules
    assert "," not in text or text.split(",")[0] in {*RULE_SETS, *PRESETS}


def test_cli_rules_flag_reads_a_rule_set_and_the_flags_change_it() -> None:
    import argparse

    from spades.cli import match as match_cli

    parser = argparse.ArgumentParser()
    match_cli.add_arguments(parser)
    rules = match_cli._rules(parser.parse_args(["--rules", "jjdd", "--target-score", "300"]))
    assert (rules.deck, rules.min_side_bid, rules.target_score) == ("jokers-deuces", 4, 300)
    with pytest.raises(ValueError, match="either --rules or --preset"):
        match_cli._rules(parser.parse_args(["--rules", "jjdd", "--preset", "cutthroat"]))
