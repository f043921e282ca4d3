"""Card, hand, bid and action notation: round trips and clear errors."""

from __future__ import annotations

import pytest

from spades import Bid, Card, CardSet, Choice, Discard, NotationError, Pass, parse_action
from spades.actions import action_from_id, action_id
from spades.cards import parse_cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QH", "QH"),
        ("qh", "QH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("TD", "TD"),
        ("td", "TD"),
        ("Q♥", "QH"),
        ("a♠", "AS"),
        ("2♣", "2C"),
        ("K♦", "KD"),
        (" 7s ", "7S"),
        ("10♦", "TD"),
    ],
)
def test_card_notation_accepts_case_ten_and_symbols(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_every_card_round_trips() -> None:
    for i in range(52):
        card = Card(i)
        assert Card.parse(str(card)) is card
        assert Card.parse(card.unicode()) is card
        assert Card.parse(str(card).lower()) is card


@pytest.mark.parametrize("text", ["1X", "1C", "11H", "ZZ", "", "AH2", "A", "S", "QX", "0S", "A S"])
def test_bad_card_has_clear_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert str(err.value) == f"{text!r} is not a card: ranks are 2-9, T/10, J, Q, K, A; suits C, D, H, S"


def test_bad_card_message_example_from_issue() -> None:
    with pytest.raises(
        NotationError, match=r"'1X' is not a card: ranks are 2-9, T/10, J, Q, K, A; suits C, D, H, S"
    ):
        Card.parse("1X")


def test_card_parse_rejects_non_text() -> None:
    with pytest.raises(NotationError, match="as text"):
        Card.parse(12)  # type: ignore[arg-type]


def test_notation_errors_are_value_errors() -> None:
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize("text", ["AKQ2.J.T98.765", "...", "AKQJT98765432...", "-.-.-.A", "T.T.T.T"])
def test_hand_string_round_trip(text: str) -> None:
    hand = CardSet.parse(text)
    assert CardSet.parse(str(hand)) == hand


def test_hand_string_accepts_10_and_dash() -> None:
    assert CardSet.parse("A10.-.10.2") == CardSet.parse("AS TS TD 2C")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AK.Q.J", "four suits separated by dots"),
        ("AK.Q.J.2.3", "four suits separated by dots"),
        ("AX.Q.J.2", "'X' in 'AX.Q.J.2' is not a rank"),
        ("AA.Q.J.2", "AS is given twice"),
        ("AS AS", "AS is given twice"),
        ("AS 1X", "'1X' is not a card"),
    ],
)
def test_bad_hand_has_clear_error(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        CardSet.parse(text)


def test_parse_cards_commas_and_spaces() -> None:
    assert [str(c) for c in parse_cards("AS, kh 10d")] == ["AS", "KH", "TD"]


@pytest.mark.parametrize(
    ("bid", "text"),
    [(Bid(4), "bid 4"), (Bid(13), "bid 13"), (Bid.nil(), "nil"), (Bid.blind_nil(), "blind nil")],
)
def test_bid_notation_round_trip(bid: Bid, text: str) -> None:
    assert str(bid) == text
    assert Bid.parse(text) == bid
    assert parse_action(text) == bid


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("4", Bid(4)),
        ("BID 4", Bid(4)),
        ("bid nil", Bid(0)),
        ("0", Bid(0)),
        ("Blind Nil", Bid.blind_nil()),
        ("bn", Bid.blind_nil()),
        ("double nil", Bid.blind_nil()),
        ("bid 17", Bid(17)),
    ],
)
def test_bid_notation_variants(text: str, bid: Bid) -> None:
    assert Bid.parse(text) == bid


def test_bid_zero_is_nil_and_a_blind_number_is_a_blind_bid() -> None:
    assert Bid(0) == Bid.nil() and Bid(0).is_nil and not Bid(0).blind
    assert Bid(0, blind=True) == Bid.blind_nil()
    # a blind bid for the side (RULES.md section 7; the rules decide where it is legal)
    blind = Bid(7, blind=True)
    assert blind.is_blind_bid and not blind.is_nil and not Bid.blind_nil().is_blind_bid
    assert (str(blind), blind.label(), repr(blind)) == ("blind 7", "blind 7", "Bid(7, blind=True)")
    assert Bid.parse("blind 7") is blind and Bid.parse("bid blind 7") is blind


@pytest.mark.parametrize(
    ("value", "words"),
    [(19, "between 0 \\(nil\\) and 18"), (-1, "between 0"), (2.5, "whole number"), (True, "whole number")],
)
def test_bad_bid_values(value: object, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        Bid(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["bid four", "bid", "nill", "blind four", "bid -1", ""])
def test_bad_bid_text(text: str) -> None:
    with pytest.raises(NotationError, match="is not a bid"):
        Bid.parse(text)


@pytest.mark.parametrize(
    "action",
    [
        Card.parse("QH"),
        Bid(4),
        Bid.nil(),
        Bid.blind_nil(),
        Choice.LOOK,
        Choice.KEEP,
        Choice.REJECT,
        Pass("2C 3D 4H"),
        Discard("2C 3D"),
        Discard(0),
    ],
    ids=str,
)
def test_action_str_round_trip(action: object) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play QH", Card.parse("QH")),
        ("Play 10h", Card.parse("TH")),
        ("q♥", Card.parse("QH")),
        ("LOOK", Choice.LOOK),
        ("keep", Choice.KEEP),
        ("Reject", Choice.REJECT),
        ("pass 2c, 3d 4h", Pass("2C 3D 4H")),
        ("discard", Discard(0)),
        ("discard as", Discard("AS")),
    ],
)
def test_action_notation_forms(text: str, expected: object) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "say what to do"),
        ("   ", "say what to do"),
        ("hello", "is not something you can do"),
        ("play", "say which card to play"),
        ("play QH KH", "say which card to play"),
        ("play 1X", "'1X' is not a card"),
        ("pass 2C 2C", "2C is given twice"),
        ("pass 2C ZZ", "'ZZ' is not a card"),
        ("look now", "is not something you can do"),
        ("bid seven", "is not a bid"),
    ],
)
def test_bad_action_text(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_action(text)


def test_parse_action_rejects_non_text() -> None:
    with pytest.raises(NotationError, match="must be text"):
        parse_action(None)  # type: ignore[arg-type]


def test_action_ids_round_trip() -> None:
    actions = [Card(i) for i in range(52)] + [Bid(i) for i in range(18)]
    actions += [Bid.blind_nil(), Choice.LOOK, Choice.KEEP, Choice.REJECT]
    ids = [action_id(a) for a in actions]
    assert ids == list(range(len(actions)))
    assert [action_from_id(i) for i in ids] == actions
    assert action_id(Bid(4)) == 56  # OpenSpiel: bids are 52 + tricks
    with pytest.raises(ValueError, match="no single integer id"):
        action_id(Pass("2C 3C 4C"))
    with pytest.raises(ValueError, match="not an action id"):
        action_from_id(999)


def test_pass_and_discard_are_immutable_and_hashable() -> None:
    p = Pass("2C 3D 4H")
    with pytest.raises(AttributeError):
        p.cards = CardSet()  # type: ignore[misc]
    assert {p: 1}[Pass("4H 3D 2C")] == 1
    assert Pass("2C") != Discard("2C")
