"""Scoring a hand: a pure function of the rules, bids, tricks and bags.

>>> from spades import Rules, Bid
>>> s = score_hand(Rules(), bids=[Bid.nil(), Bid(2), Bid(4), Bid(3)], tricks=[2, 3, 4, 4], bags=[0, 0])
>>> s.points, s.bags
((-60, 52), (2, 2))

Per side (RULES.md section 2):

* contract = the sum of the side's non-nil bids;
* made: +10 per trick bid and +1 per overtrick (a bag); failed: -10 per trick bid;
* each nil +-``nil_bonus``, each blind nil +-``blind_nil_bonus``;
* a nil bidder's tricks are bags that score nothing and do not help the partner,
  unless ``nil_tricks_count_for_partner`` (then every trick of the side counts
  toward its contract, and overtricks of a contract of 0 score +1 each, as in
  OpenSpiel);
* bags accumulate; each time ``bag_limit`` is reached, ``bag_penalty`` points are
  lost and ``bag_limit`` bags removed (``bag_penalty == 0``: bags never cost);
* a side taking every trick makes a Boston, worth ``boston_bonus``;
* house rules (RULES.md section 7): with ``ten_for_two_hundred`` a contract of 10 or
  more, made, scores 200 instead of 10 per trick bid; a blind bid (``Bid(7, blind=True)``,
  the partner's bid None: it made none) is the side's contract and scores double
  (made: +20 per trick bid, or twice 200 with ten for two hundred; set: -20 per trick bid).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .bids import Bid
from .rules import Rules

__all__ = ["HandScore", "SideScore", "score_hand", "score_valid_hand"]


class SideScore(NamedTuple):
    """How one side's points for a hand came about."""

    contract: int
    #: tricks that counted toward the contract
    counted_tricks: int
    #: True/False when the side had a contract, None when all its seats bid nil
    made: bool | None
    contract_points: int
    nil_points: int
    #: bags added this hand (overtricks and nil bidders' tricks)
    new_bags: int
    #: bag penalties applied this hand (each costs ``bag_penalty``)
    bag_penalties: int
    boston: bool
    boston_points: int
    points: int
    bags_after: int


class HandScore(NamedTuple):
    """The result of scoring one hand; tuples are indexed by side."""

    points: tuple[int, ...]
    bags: tuple[int, ...]
    sides: tuple[SideScore, ...]
    #: per seat: None if the seat did not bid nil, else whether its nil succeeded
    nil_made: tuple[bool | None, ...]

    @property
    def boston(self) -> tuple[bool, ...]:
        return tuple(s.boston for s in self.sides)


def _as_bid(value: Bid | int | str | None) -> Bid | None:
    if value is None:
        return None
    if isinstance(value, Bid):
        return value
    if isinstance(value, str):
        return Bid.parse(value)
    return Bid(value)


def score_hand(
    rules: Rules,
    bids: Sequence[Bid | int | str | None],
    tricks: Sequence[int],
    bags: Sequence[int],
) -> HandScore:
    """Score one hand.

    ``bids`` and ``tricks`` are per seat, ``bags`` is each side's running bag
    count before the hand.  Returns each side's change of score (bag penalty and
    bonuses included) and running bags after the hand.  Raises ``ValueError``
    when the numbers cannot come from one hand under these rules.
    """
    # rule values read once (Rules' derived values are properties)
    n = rules.num_seats
    num_sides = rules.num_sides
    per_hand = rules.tricks_per_hand
    if len(bids) != n or len(tricks) != n:
        raise ValueError(f"give one bid and one trick count for each of the {n} seats")
    if len(bags) != num_sides:
        raise ValueError(f"give the bags of each of the {num_sides} sides")
    bid_list = [b if type(b) is Bid else _as_bid(b) for b in bids]
    for t in tricks:
        if not isinstance(t, int) or t < 0:
            raise ValueError("trick counts must be whole numbers, 0 or more")
    if sum(tricks) != per_hand:
        raise ValueError(f"the tricks must add up to {per_hand}, not {sum(tricks)}")
    for seat, b in enumerate(bid_list):
        if b is None:
            partner = bid_list[(seat + 2) % 4] if rules.partnerships else None
            if partner is None or not partner.is_blind_bid:
                raise ValueError("only the partner of a blind bid makes no bid (None)")
            continue
        if b.tricks > per_hand:  # the most a seat may bid (rules.max_bid)
            raise ValueError(f"a bid cannot be more than {per_hand}")
    for b_ in bags:
        if not isinstance(b_, int) or b_ < 0:
            raise ValueError("bag counts must be whole numbers, 0 or more")

    return score_valid_hand(rules, bid_list, tricks, bags)


def score_valid_hand(
    rules: Rules, bids: Sequence[Bid | None], tricks: Sequence[int], bags: Sequence[int]
) -> HandScore:
    """:func:`score_hand` without its checks of the input, for callers whose
    bids and tricks come from a played hand (the engine)."""
    n = rules.num_seats
    num_sides = rules.num_sides
    per_hand = rules.tricks_per_hand
    bid_list = bids
    partnerships = rules.partnerships
    nil_bonus = rules.nil_bonus
    blind_nil_bonus = rules.blind_nil_bonus
    count_for_partner = rules.nil_tricks_count_for_partner
    bag_penalty = rules.bag_penalty
    bag_limit = rules.bag_limit
    boston_bonus = rules.boston_bonus
    ten_for_200 = rules.ten_for_two_hundred
    sides = []
    nil_made: list[bool | None] = [None] * n
    for side in range(num_sides):
        seats = (side, side + 2) if partnerships else (side,)  # rules.seats_of(side)
        contract = 0
        counted = 0
        free_bags = 0
        nil_points = 0
        side_tricks = 0
        double = False
        for s in seats:
            b = bid_list[s]
            side_tricks += tricks[s]
            if b is None:  # the partner of a blind bid: its tricks count for the side
                counted += tricks[s]
            elif b.tricks == 0:  # nil or blind nil
                bonus = blind_nil_bonus if b.blind else nil_bonus
                ok = tricks[s] == 0
                nil_made[s] = ok
                nil_points += bonus if ok else -bonus
                if count_for_partner:
                    counted += tricks[s]
                else:
                    free_bags += tricks[s]
            else:
                contract += b.tricks
                counted += tricks[s]
                double = double or b.blind  # a blind bid for the side
        made: bool | None
        if contract > 0:
            made = counted >= contract
            factor = 2 if double else 1
            if made:
                over = counted - contract
                base = 200 if ten_for_200 and contract >= 10 else 10 * contract
                contract_points = factor * base + over
            else:
                over = 0
                contract_points = -10 * factor * contract
        else:
            made = None
            over = counted
            # Only reachable with nil_tricks_count_for_partner (else counted == 0):
            # OpenSpiel scores these overtricks like any other.
            contract_points = counted
        new_bags = over + free_bags
        total_bags = bags[side] + new_bags
        penalties = 0
        if bag_penalty > 0:
            penalties, total_bags = divmod(total_bags, bag_limit)
        boston = side_tricks == per_hand
        boston_points = boston_bonus if boston else 0
        points = contract_points + nil_points - penalties * bag_penalty + boston_points
        sides.append(
            SideScore(
                contract,
                counted,
                made,
                contract_points,
                nil_points,
                new_bags,
                penalties,
                boston,
                boston_points,
                points,
                total_bags,
            )
        )
    return HandScore(
        points=tuple(s.points for s in sides),
        bags=tuple(s.bags_after for s in sides),
        sides=tuple(sides),
        nil_made=tuple(nil_made),
    )
