"""The computer players under the house rules of RULES.md section 7: named positions, each
with the derivation of the right answer beside it.

Seats 0 and 2 are side 0, seats 1 and 3 side 1; with the dealer at seat 3, seat 0 bids
first and leads the first trick.
"""

from __future__ import annotations

import dataclasses

import pytest

from botutil import game_with, make_hands
from spades import Bid, Card, CardSet, Game, Rules, bots
from spades.bots.house import contract_value, push_to_ten, suicide_wants_nil
from spades.view import View

BASE = dataclasses.replace(Rules.preset("partnership"), blind_nil=False)
BOTS = ("basic", "expert")

#: a hand nobody can make take a trick: two low spades, nothing above a 5 in the side suits
NIL_HAND = "2S 3S 2H 3H 4H 2D 3D 4D 5D 2C 3C 4C 5C"
#: four top spades and six side-suit honours: some eight tricks
STRONG_HAND = "AS KS QS JS AH KH QH AD KD AC KC 2D 2C"


def _bot(name: str, seed: int = 1) -> object:
    return bots.get(name, seed=seed, samples=32) if name == "expert" else bots.get(name, seed=seed)


def _act(name: str, view: View) -> object:
    return _bot(name).act(view)  # type: ignore[attr-defined]


def _first_bid_view(rules: Rules, hand0: str) -> View:
    hands = make_hands({0: hand0})
    game = Game.from_position(rules, hands=hands, dealer=3)
    assert game.to_act == 0 and game.phase.value == "bid"
    return game.view(0)


# -- Whiz: nil or the number of one's spades --------------------------------------------


@pytest.mark.parametrize("name", BOTS)
def test_whiz_nil_on_a_clear_nil_hand(name: str) -> None:
    """Whiz offers nil or 2 (the two spades).  The hand has no card above a 5: every trick
    it could be made to take needs all three other seats to play under a 5, so nil is
    nearly sure (+100), while 2 tricks from it are not (it takes none): nil."""
    view = _first_bid_view(dataclasses.replace(BASE, bidding="whiz"), NIL_HAND)
    assert set(view.legal) == {Bid.nil(), Bid(2)}
    assert _act(name, view) == Bid.nil()


@pytest.mark.parametrize("name", BOTS)
def test_whiz_number_on_a_clear_strong_hand(name: str) -> None:
    """Whiz offers nil or 4 (the four spades).  A K Q J of spades are four sure tricks
    alone, so nil cannot be kept and 4 is made: the spade count."""
    view = _first_bid_view(dataclasses.replace(BASE, bidding="whiz"), STRONG_HAND)
    assert set(view.legal) == {Bid.nil(), Bid(4)}
    assert _act(name, view) == Bid(4)


# -- Suicide: one nil per partnership, the first of the two chooses ----------------------


@pytest.mark.parametrize("name", BOTS)
def test_suicide_first_bidder_takes_the_nil_with_the_weaker_hand(name: str) -> None:
    """The partner must take whatever seat 0 leaves.  NIL_HAND is a better nil than almost
    any hand the partner can hold (nil danger 0, the median hand's is 3.6), and the
    partner's hand, being better, is the one to bid the number: nil."""
    rules = dataclasses.replace(BASE, bidding="suicide")
    assert _act(name, _first_bid_view(rules, NIL_HAND)) == Bid.nil()
    assert suicide_wants_nil(0.0, 0.0)


@pytest.mark.parametrize("name", BOTS)
def test_suicide_first_bidder_bids_the_number_with_the_stronger_hand(name: str) -> None:
    """With the A K of spades seat 0 cannot be nil (the A of spades wins whenever it is
    played), so it bids the number and leaves the nil to its partner."""
    rules = dataclasses.replace(BASE, bidding="suicide")
    bid = _act(name, _first_bid_view(rules, STRONG_HAND))
    assert isinstance(bid, Bid) and not bid.is_nil and bid.tricks >= 6


@pytest.mark.parametrize("name", BOTS)
def test_suicide_partner_covers_the_nil(name: str) -> None:
    """Dealer 0: seat 1 bid 3, seat 2 bid 5 (so seat 0 had to bid nil), seat 3 nil (seat 1
    bid a number).  Seat 1 leads the 5 of hearts; seat 2 holds the A and 2 of hearts and
    its nil partner, seat 0, plays last with the K of hearts alone.  Second hand low (the 2)
    would let the K win the trick whenever seat 3 plays under it, setting the nil for 100
    points; the A takes the trick (one of the five seat 2 needs) and the K then falls
    safely under it.  Seat 2 covers with the A."""
    rules = dataclasses.replace(BASE, bidding="suicide")
    hands = make_hands(
        {0: "KH 2C 3C 4C 2D 3D 4D 2S 3S", 1: "5H", 2: "AH 2H AS KS QS AC KC AD KD", 3: "3H 4H 6H"},
        voids={0: "H"},
    )
    hands[1] = " ".join(c for c in hands[1].split() if c != "5H")
    game = Game.from_position(rules, hands=hands, dealer=0, bids=["nil", "bid 3", "bid 5", "nil"], trick="5H")
    view = game.view(2)
    assert game.to_act == 2
    assert _act(name, view) == Card.parse("AH")


# -- blind bids: only when the score calls for one ---------------------------------------


def _blind_view(scores: list[int], deficit: int) -> View:
    rules = dataclasses.replace(BASE, blind_bid_deficit=deficit)
    game = Game(rules, seed=0)
    hands = [game.hand(s) for s in range(4)]
    game = Game.from_position(rules, hands=hands, dealer=game.dealer, scores=scores)
    assert game.phase.value == "blind"
    view = game.view(game.to_act)
    assert view.side == 0
    return view


@pytest.mark.parametrize("name", BOTS)
def test_blind_bid_taken_at_a_big_deficit(name: str) -> None:
    """Side 0 trails 200 to 420: the leaders can reach 500 in a hand, and an ordinary hand
    (+60 or so) does not catch up 220 points.  Blind 6 (+120 or -120, made about 60% of
    the time) is the least blind bid and the likeliest to be made: the bots take it."""
    view = _blind_view([200, 420], deficit=100)
    assert _act(name, view) == Bid(6, blind=True)


@pytest.mark.parametrize("name", BOTS)
def test_blind_bid_refused_at_a_small_deficit(name: str) -> None:
    """Side 0 trails 300 to 360 and blind bids are open at any deficit.  A blind bid is
    worth some +25 points on average against some +60 for looking; 60 points are caught up
    in a hand or two without gambling: the bots look."""
    view = _blind_view([300, 360], deficit=0)
    assert Bid(6, blind=True) in view.legal
    assert str(_act(name, view)) == "look"


# -- ten for two hundred ------------------------------------------------------------------


def test_push_to_ten_pays_only_near_ten() -> None:
    """Partner bid 6.  With a count of 3.7 (the side's 9.7) ten is made with a chance of
    57% (+200, else -100: +70) and nine with 84% (+90, else -90: +61): push to 4.  At 3.3
    (9.3) ten is made 43% of the time (+30) and nine 75% (+45): stay at 3.  Without the
    rule ten is only worth +100: stay."""
    ten = dataclasses.replace(BASE, ten_for_two_hundred=True)
    assert round(contract_value(ten, 10, 9.7)) == 70
    assert round(contract_value(ten, 9, 9.7)) == 61
    assert push_to_ten(ten, 6, 3.7, 3) == 4
    assert push_to_ten(ten, 6, 3.3, 3) == 3
    assert push_to_ten(BASE, 6, 3.7, 3) == 3


def test_expert_pushes_to_ten_for_two_hundred() -> None:
    """Seat 0 bid 6, seat 1 bid 3, and seat 2 (A9875 of spades, A K of hearts, K J of clubs)
    bids the side's contract.  At standard scoring the expert bids 2 or 3 (a contract of 8 or
    9, near its play-outs' count, the two within a few points of each other: a tenth trick
    bid is worth 10 points and risks a set of 90); with ten for two hundred the tenth trick
    bid is worth 200 - 90 = 110 more and the play-outs reach ten often enough: it bids 4, the
    side's ten."""
    hands = ["J432.QT52.AQ8.Q7", "6.743.KT32.T9532", "A9875.AK.954.KJ4", "KQT.J986.J76.A86"]
    choice = []
    for rules in (BASE, dataclasses.replace(BASE, ten_for_two_hundred=True)):
        game = Game.from_position(rules, hands=hands, dealer=3, bids=["bid 6", "bid 3", None, None])
        choice.append(bots.get("expert", seed=1, samples=64).act(game.view(2)))
    assert choice[0] in (Bid(2), Bid(3)) and choice[1] == Bid(4), choice


# -- the nil exchange ------------------------------------------------------------------------


@pytest.mark.parametrize("name", BOTS)
def test_nil_exchange_passes(name: str) -> None:
    """nil_exchange 3: seat 0 bid nil and seat 2 bid 4.  The partner passes first: its
    three lowest cards, side suits first (the 6s of clubs and diamonds and a 7, of clubs
    on a tie; its lowest spade, the 9, would be a trump the nil bidder could be forced to
    win with).  The nil
    bidder then passes back its three most dangerous cards (the K of spades, a card that
    wins tricks; the A of diamonds and the K of clubs): what can win a trick goes to the
    partner, who wants tricks."""
    rules = dataclasses.replace(BASE, nil_exchange=3)
    hands = make_hands(
        {
            0: "KS 2H 3H 4H 5H 2D 3D 4D AD 2C 3C 4C KC",
            2: "AS QS JS 9S AH KH QH 6D 7D 8D 6C 7C 8C",
        }
    )
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 3"], rules)
    assert game.phase.value == "exchange" and game.to_act == 2
    give = _act(name, game.view(2))
    assert str(give) == str(_pass_of("6C 6D 7C"))
    game.apply(give)
    assert game.to_act == 0
    back = _act(name, game.view(0))
    assert str(back) == str(_pass_of("KS AD KC"))


def _pass_of(cards: str) -> object:
    from spades.actions import Pass

    return Pass(CardSet(cards).mask)
