"""The solver's move ordering helpers against plain re-statements of what they count.

Ordering never changes a value (the minimax and DDS tests check the values); these
tests check that the counts the ordering relies on are what their docstrings say."""

from __future__ import annotations

import random

from solver_helpers import random_position
from spades.solver import kernel


def _runs(hands: list[int], seat: int, suit: int) -> int:
    """How many runs of equivalent cards ``seat`` holds in ``suit``: the suit's cards left
    (in every hand), highest first, grouped where one owner holds neighbours."""
    cards = range(13 * suit + 12, 13 * suit - 1, -1)
    owners = [s for c in cards for s in range(len(hands)) if hands[s] >> c & 1]
    runs = 0
    previous = -1
    for owner in owners:
        if owner == seat and previous != seat:
            runs += 1
        previous = owner
    return runs


def test_opponents_answers_are_their_runs_of_equivalent_cards() -> None:
    """`_opp_choices`: for a lead of each suit, the product over the leader's opponents of
    their runs of equivalent cards in that suit, a void opponent counting VOID_CHOICES;
    the leader's partner does not count."""
    rng = random.Random(31)
    voids = 0
    for _ in range(600):
        nseat = rng.choice((3, 4))
        pos = random_position(rng, nseat, rng.randint(1, 13 if nseat == 4 else 9), ntrick=0)
        hands = list(pos.hands) + [0] * (4 - nseat)
        xmask = rng.choice((0b0101, 0b1010)) if nseat == 4 else 1 << rng.randrange(nseat)
        leader = pos.leader
        my_side = (xmask >> leader) & 1
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        for suit in range(4):
            expected = 1
            for q in range(nseat):
                if (xmask >> q) & 1 != my_side:
                    runs = _runs(hands[:nseat], q, suit)
                    if runs == 0:
                        runs = kernel.VOID_CHOICES
                        voids += 1
                    expected *= runs
            smask = kernel.SUIT0 << (13 * suit)
            four = (hands[0], hands[1], hands[2], hands[3])
            got = kernel._opp_choices(four, nseat, xmask, my_side, smask, allc)
            assert got == expected, (pos.describe(), suit, xmask)
    assert voids > 100


def test_opponents_answers_hand_made() -> None:
    """South leads; West holds the king and the nine of hearts with the queen and the jack in
    North's hand between them (two answers), East the eight and the seven (one answer)."""
    hearts = 26
    k, q, j, nine, eight, seven = (hearts + r for r in (11, 10, 9, 7, 6, 5))
    north = (1 << q) | (1 << j)
    east = (1 << eight) | (1 << seven)
    south = 1 << (hearts + 12)
    west = (1 << k) | (1 << nine)
    hands = (north, east, south, west)
    allc = north | east | south | west
    smask = kernel.SUIT0 << hearts
    assert kernel._opp_choices(hands, 4, 0b0101, 1, smask, allc) == 2
    # for a lead of a suit both opponents are void in
    assert kernel._opp_choices(hands, 4, 0b0101, 1, kernel.SUIT0, allc) == kernel.VOID_CHOICES**2


def test_codes_after_a_trick_match_the_codes_worked_out_afresh() -> None:
    """`_codes_after_trick` (the owner codes, lengths, top owners and shape of a trick
    start, from the codes saved one trick up with the trick's cards taken out) against
    `_shape_codes` on the position itself, for 2, 3 and 4 seats."""
    rng = random.Random(57)
    stk = [0] * kernel.STACK_WORDS
    fresh = [0] * kernel.STACK_WORDS
    for _ in range(400):
        nseat = rng.choice((2, 3, 4))
        pos = random_position(rng, nseat, rng.randint(2, 13 if nseat != 3 else 9), ntrick=0)
        hands = list(pos.hands) + [0] * (4 - nseat)
        pf = 0
        leader = rng.randrange(nseat)
        stk[pf + kernel.F_SHAPE] = kernel._shape_codes(hands, nseat, stk)
        stk[pf + kernel.F_LEADER] = leader
        stk[pf + kernel.F_CODE1] = stk[kernel.SCR + 8]
        stk[pf + kernel.F_CODE2] = stk[kernel.SCR + 9]
        stk[pf + kernel.F_LENS] = sum(stk[kernel.SCR + 4 + suit] << (4 * suit) for suit in range(4))
        # one trick from the leader round: each seat plays a random card (any card: the codes
        # do not follow the rules)
        played = [0] * kernel.MAXPLY
        after = list(hands)
        for i in range(nseat):
            seat = (leader + i) % nseat
            cards = [c for c in range(52) if after[seat] >> c & 1]
            c = rng.choice(cards)
            played[i] = c
            after[seat] &= ~(1 << c)
        shape = kernel._codes_after_trick(after, nseat, stk, pf, played, nseat)
        assert shape == kernel._shape_codes(after, nseat, fresh)
        for w in (4, 5, 6, 7, 8, 9, 10):
            assert stk[kernel.SCR + w] == fresh[kernel.SCR + w], w


def test_nil_partner_takes_a_trick_the_nil_bidder_can_no_longer_win() -> None:
    """Nil search ordering: North (nil) has ducked with the 5 of hearts under East's 9; South,
    its partner, tries its cheapest winner first (the lead is worth more to the nil side than
    the card), then the king, and ducks last."""
    h5, h9, h2, hq, hk = 26 + 3, 26 + 7, 26, 26 + 10, 26 + 11
    hands = (0, 0, (1 << h2) | (1 << hq) | (1 << hk), 0)
    tr = (h5, h9, 0, 0)

    def score(card: int) -> int:
        return int(kernel._nil_score(hands, tr, 2, 4, 0, 2, 0, card, h9, 1))

    assert score(hq) > score(hk) > score(h2)
