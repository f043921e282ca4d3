"""The house rules of RULES.md section 7 as the computer players reason about them.

Shared by the club player (:mod:`~spades.bots.basic`) and the sampling player
(:mod:`~spades.bots.expert`), which also uses them to guess the bids of the seats still to
bid in its sampled deals:

* :func:`suicide_wants_nil`: with Suicide bidding the first partner to bid chooses who of
  the two bids nil; it takes the nil when its hand is a better nil than an average hand,
  which is what its partner's unseen hand is (:data:`SUICIDE_NIL_SCORE`);
* :func:`later_bid`: the bid a seat still to bid makes under the bidding variant (Mirror
  and Whiz fix it by the spades held, Suicide by the partner's bid, a least side bid
  raises it), from the club player's count of its hand;
* :func:`push_to_ten`: with ten for two hundred, how far a side's second bid goes up to
  reach ten tricks when the side's count is close to it;
* :func:`blind_bid_worth`: whether a side trailing by enough may bid ``blind N`` and which
  N: only when the game is slipping away (see its docstring for the arithmetic).
"""

from __future__ import annotations

import math
from typing import Final

from ..bids import Bid
from ..core.deck import rules_deck
from ..rules import Rules
from .knowledge import SPADES

__all__ = [
    "SUICIDE_NIL_SCORE",
    "blind_bid_worth",
    "contract_value",
    "later_bid",
    "nil_score",
    "push_to_ten",
    "spade_count",
    "suicide_wants_nil",
]

#: the :func:`nil_score` below which the first partner to bid under Suicide bids nil: the
#: median score of a random hand (measured on 20,000 deals: quartiles 2.5, 5.5, 10.6), as
#: the partner who would otherwise bid nil holds a random hand
SUICIDE_NIL_SCORE: Final = 5.0


def spade_count(hand: int, trumps: int = SPADES) -> int:
    """The spades in a hand (a card mask); ``trumps``: the pack's spades as a mask (jokers
    and, in the deuces packs, the 2 of diamonds are spades too)."""
    return (hand & trumps).bit_count()


def nil_score(danger: float, est: float) -> float:
    """How badly a hand suits nil, for the choice between partners: its nil danger
    (:func:`~spades.bots.basic.nil_danger`, capped at 9) and half its trick count (a strong
    hand is worth more as the side's number)."""
    return min(danger, 9.0) + 0.5 * est


def suicide_wants_nil(danger: float, est: float) -> bool:
    """Under Suicide bidding, should the first partner to bid take the nil?  Yes when its
    hand is a better nil than the median hand its partner would otherwise be left with."""
    return nil_score(danger, est) <= SUICIDE_NIL_SCORE


def later_bid(rules: Rules, hand: int, partner_bid: Bid | None, est: float, nil_hand: bool) -> Bid:
    """The bid of a seat still to bid, as the club player would make it: ``est`` is its
    trick count, ``nil_hand`` whether it would bid nil in the standard game,
    ``partner_bid`` its partner's bid if made (a provisional one may be given)."""
    bidding = rules.bidding
    if bidding in ("mirror", "whiz"):
        k = spade_count(hand, rules_deck(rules).trumps)
        if k == 0 or (bidding == "whiz" and nil_hand):
            return Bid(0)
        return Bid(k)
    number = max(1, int(est + 0.45))
    if bidding == "suicide" and partner_bid is not None:
        if not partner_bid.is_nil:
            return Bid(0)
        nil_hand = False
    elif nil_hand and rules.nil and (
        not rules.min_side_bid or (partner_bid is not None and partner_bid.tricks >= rules.min_side_bid)
    ):
        return Bid(0)
    if rules.min_side_bid and partner_bid is not None and not partner_bid.is_blind_bid:
        number = max(number, rules.min_side_bid - partner_bid.tricks)
    return Bid(min(rules.max_bid, number))


def contract_value(rules: Rules, contract: int, count: float, sd: float = 1.2) -> float:
    """The expected points of a side's contract given its trick count, taken as a normal
    law of deviation ``sd`` about ``count`` (overtricks and bags left out): made with the
    chance of ``count`` reaching ``contract - 0.5``, scored as the rules say (ten for two
    hundred included), else ``-10 * contract``."""
    p = 0.5 * (1.0 + math.erf((count - contract + 0.5) / (sd * math.sqrt(2.0))))
    made = 200 if rules.ten_for_two_hundred and contract >= 10 else 10 * contract
    return p * made - (1.0 - p) * 10 * contract


def push_to_ten(rules: Rules, partner_tricks: int, est: float, tricks: int) -> int:
    """With ten for two hundred, the second partner's bid ``tricks`` raised so that the
    side bids ten when that is worth more (:func:`contract_value`) than the side's bid as
    it stands, the side's count being ``partner_tricks + est``.

    E.g. a count of 9.7 against a bid of 9: ten is made with a chance of 57% (+200, else
    -100: +71 points), nine with 84% (+90, else -90: +61): push.  At 9.3 ten is made 43% of
    the time (+30) and nine 75% (+45): stay."""
    total = partner_tricks + tricks
    if not rules.ten_for_two_hundred or total >= 10 or partner_tricks >= 10:
        return tricks
    count = partner_tricks + est
    if contract_value(rules, 10, count) > contract_value(rules, total, count):
        return 10 - partner_tricks
    return tricks


def blind_bid_worth(rules: Rules, scores: list[int], side: int, options: list[int]) -> int | None:
    """The blind bid (tricks) a side at ``scores`` should make, or None to look first.

    A blind bid is a gamble: two partners take 6.5 tricks on average with a deviation of
    about 1.8, so ``blind 6`` (+120 / -120) is made about 60% of the time and is worth some
    +25 points, against some +60 for a side that looks and bids.  Its only worth is its
    swing: it pays when the side trails by so much that an ordinary hand cannot catch up
    before the opponents reach the target.  So: only when the side trails by 150 points or
    more *and* the leaders are within 150 of the target (they may win in a hand or two),
    and then the least bid offered (the likeliest to be made), one more when even a made
    blind bid of that size leaves the side more than 250 behind."""
    if not options:
        return None
    best_other = max(s for i, s in enumerate(scores) if i != side)
    deficit = best_other - scores[side]
    if deficit < 150 or best_other < rules.target_score - 150:
        return None
    low = min(options)
    if deficit - 20 * low > 250 and low + 1 in options:
        return low + 1
    return low
