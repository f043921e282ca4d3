"""The ``deck`` option's packs and card order (RULES.md section 7, "Decks"), the joker
notation, and the trick vectors of section 7 worked on :class:`spades.core.deck.Deck`."""

from __future__ import annotations

import pytest

from spades.cards import BIG_JOKER, LITTLE_JOKER, Card, CardSet
from spades.core.deck import DECKS, deck_of


def cards(text: str) -> list[int]:
    return [int(Card.parse(t)) for t in text.split()]


def names(ids: tuple[int, ...]) -> str:
    return " ".join(str(Card(c)) for c in ids)


def test_joker_notation_ids_and_aliases() -> None:
    # RULES.md: card ids 52 = little joker, 53 = big joker; input also accepts "big joker",
    # "little joker", JB and JL
    assert int(Card.parse("LJ")) == LITTLE_JOKER == 52
    assert int(Card.parse("BJ")) == BIG_JOKER == 53
    for text in ("big joker", "JB", "bj", " Big Joker "):
        assert Card.parse(text) is Card(53)
    for text in ("little joker", "JL", "lj"):
        assert Card.parse(text) is Card(52)
    assert str(Card(53)) == "BJ" and Card(52).unicode() == "LJ"
    assert Card(53).is_joker and not Card.parse("AS").is_joker


def test_joker_has_no_rank_and_is_a_printed_spade() -> None:
    assert Card(52).suit.letter == "S"
    with pytest.raises(ValueError, match="joker"):
        _ = Card(53).rank


def test_hand_string_writes_jokers_at_the_head_of_spades() -> None:
    hand = CardSet.parse("BLA2.K.2.3")
    assert str(hand) == "BLA2.K.2.3" and len(hand) == 7
    assert [str(c) for c in hand.sorted()][:3] == ["BJ", "LJ", "AS"]
    assert hand.count(3) == 2  # the 13 printed spades; a deck's play suits count the jokers
    assert (hand.mask & deck_of("jokers").trumps).bit_count() == 4


def test_standard_deck_is_id_div_13_and_mod_13() -> None:
    d = deck_of("standard")
    assert d.cards == tuple(range(52)) and d.standard
    assert all(d.suit_of[c] == c // 13 and d.power[c] == c % 13 for c in range(52))
    assert d.suit_of[52] == d.suit_of[53] == -1


@pytest.mark.parametrize(
    ("deck", "removed", "trumps"),
    [
        ("standard", "", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        ("jokers", "2C 2D", "BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        ("jokers-deuces", "2C 2H", "BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
        ("deuces", "", "2D 2S AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
    ],
)
def test_deck_table_of_rules_section_7(deck: str, removed: str, trumps: str) -> None:
    # the table of section 7: cards removed, cards added, the trump suit highest first;
    # the pack stays 52 cards for four and two players
    d = deck_of(deck)
    assert len(d.cards) == 52
    assert set(range(52)) - set(d.cards) == set(cards(removed))
    assert names(d.ranked[3]) == trumps


def test_deuces_diamonds_run_three_to_ace() -> None:
    # in jokers-deuces and deuces the 2 of diamonds is a spade: diamonds run 3-A, 12 cards
    for deck in ("jokers-deuces", "deuces"):
        assert names(deck_of(deck).ranked[1]) == "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"


@pytest.mark.parametrize(("deck", "size", "lowest_club"), [
    ("standard", 51, "3C"), ("jokers", 54, "2C"), ("jokers-deuces", 54, "2C"), ("deuces", 51, "3C"),
])
def test_three_player_packs(deck: str, size: int, lowest_club: str) -> None:
    # three players with jokers or jokers-deuces play all 54 cards (18 each); with deuces
    # the 2 of clubs is removed as usual (51 cards, 17 each)
    d = deck_of(deck, three_players=True)
    assert len(d.cards) == size and str(Card(d.lowest_club)) == lowest_club


@pytest.mark.parametrize(("deck", "trick", "winner"), [
    ("jokers-deuces", "5H LJ 2D AS", "LJ"),  # hearts led
    ("jokers", "AS 3S BJ KS", "BJ"),  # spades broken, A♠ led
    ("deuces", "3D KD 2D 4D", "2D"),  # 2♦ played by a seat with no diamond 3-A
    ("standard", "3D KD 2S 4D", "2S"),
    ("deuces", "2S AS 2D KS", "2D"),
])
def test_trick_vectors_of_section_7(deck: str, trick: str, winner: str) -> None:
    played = cards(trick)
    assert str(Card(played[deck_of(deck).trick_winner(played)])) == winner


def test_lowest_club_leads_when_the_two_is_removed() -> None:
    # first_lead two-of-clubs: the lowest club in the pack when the 2♣ is removed
    assert str(Card(deck_of("jokers").lowest_club)) == "3C"
    assert str(Card(deck_of("deuces").lowest_club)) == "2C"


def test_every_deck_orders_every_card_once() -> None:
    for deck in DECKS:
        for three in (False, True):
            d = deck_of(deck, three)
            assert sorted(c for suit in d.ranked for c in suit) == list(d.cards)
            assert sum(m.bit_count() for m in d.suit_masks) == len(d.cards)
            for suit in d.ranked:
                powers = [d.power[c] for c in suit]
                assert powers == sorted(set(powers), reverse=True)


def test_unknown_deck_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="not a deck"):
        deck_of("pinochle")
