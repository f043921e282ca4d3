"""Cards, suits, ranks and card sets (RULES.md section 1)."""

from __future__ import annotations

import copy
import pickle

import pytest

from spades import Card, CardSet, Rank, Suit
from spades.cards import FULL_DECK, SUIT_MASKS, cards_of_mask, mask_of


def test_card_id_is_suit_times_13_plus_rank() -> None:
    for suit in Suit:
        for rank in Rank:
            card = Card.of(rank, suit)
            assert int(card) == int(suit) * 13 + int(rank)
            assert card.suit is suit and card.rank is rank


def test_card_ids_match_openspiel_examples() -> None:
    # clubs 0, diamonds 1, hearts 2, spades 3; ranks 2..A = 0..12
    assert int(Card.parse("2C")) == 0
    assert int(Card.parse("AC")) == 12
    assert int(Card.parse("2D")) == 13
    assert int(Card.parse("QH")) == 2 * 13 + 10
    assert int(Card.parse("AS")) == 51


def test_ace_high_two_low() -> None:
    assert Rank.ACE > Rank.KING > Rank.TEN > Rank.TWO
    assert Rank.parse("A") == 12 and Rank.parse("2") == 0


def test_cards_are_shared_instances() -> None:
    assert Card(37) is Card.parse("KH") is Card.of(Rank.KING, Suit.HEARTS)
    assert pickle.loads(pickle.dumps(Card(7))) is Card(7)
    assert copy.deepcopy(Card(9)) is Card(9)


def test_card_out_of_range() -> None:
    with pytest.raises(ValueError, match="out of range 0-53"):
        Card(54)
    with pytest.raises(TypeError):
        Card("QH")  # type: ignore[arg-type]


def test_suit_letters_symbols_names() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert Suit.parse("hearts") is Suit.HEARTS
    assert Suit.parse("♠") is Suit.SPADES
    assert Suit.HEARTS.plural == "hearts"


def test_card_unicode_and_str() -> None:
    card = Card.parse("TD")
    assert str(card) == "TD"
    assert card.unicode() == "T♦"
    assert f"{card:>4}" == "  TD"


def test_cardset_is_52_bit_int() -> None:
    hand = CardSet.parse("AS KH 2C")
    assert hand.mask == (1 << 51) | (1 << 37) | (1 << 0)
    assert len(hand) == 3
    assert CardSet(FULL_DECK).mask == (1 << 52) - 1
    assert len(CardSet(FULL_DECK)) == 52


def test_cardset_hand_string_round_trip() -> None:
    text = "AKQ2.J.T98.765"
    hand = CardSet.parse(text)
    assert str(hand) == text
    assert eval(repr(hand)) == hand  # repr can be pasted back
    assert str(CardSet.parse("AK.-..2")) == "AK...2"


def test_cardset_set_operations() -> None:
    a = CardSet.parse("AS KS QH")
    b = CardSet.parse("KS 2C")
    assert a | b == CardSet.parse("AS KS QH 2C")
    assert a & b == CardSet.parse("KS")
    assert a - b == CardSet.parse("AS QH")
    assert a ^ b == CardSet.parse("AS QH 2C")
    assert CardSet.parse("KS") <= a and a >= CardSet.parse("AS")
    assert a.suit(Suit.SPADES) == CardSet.parse("AS KS")
    assert a.count(Suit.HEARTS) == 1
    assert "QH" in a and Card.parse("QH") in a and "junk" not in a and 99 not in a


def test_cardset_iterates_in_id_order_and_sorts_for_display() -> None:
    hand = CardSet.parse("2C AS 3D QH")
    assert [str(c) for c in hand] == ["2C", "3D", "QH", "AS"]
    assert [str(c) for c in hand.sorted()] == ["AS", "QH", "3D", "2C"]


def test_cardset_is_immutable_and_hashable() -> None:
    hand = CardSet.parse("AS")
    with pytest.raises(AttributeError):
        hand.mask = 3  # type: ignore[misc]
    assert {hand: 1}[CardSet.parse("AS")] == 1


def test_suit_masks_partition_the_deck() -> None:
    total = 0
    for m in SUIT_MASKS:
        assert m.bit_count() == 13
        assert total & m == 0
        total |= m
    assert total == FULL_DECK


def test_mask_helpers_round_trip() -> None:
    cards = [Card(3), Card(17), Card(50)]
    assert cards_of_mask(mask_of(cards)) == cards
    with pytest.raises(ValueError, match="given twice"):
        mask_of(["AS", "as"])
