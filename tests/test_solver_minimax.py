"""The fast solver against a plain exhaustive minimax (spades.solver.reference)
on small seeded-random positions: 2, 3 and 4 seats, partnerships and
individual seats, the nil objective, target search, and the spades-breaking
rule."""

from __future__ import annotations

import random

from solver_helpers import random_position
from spades import Card
from spades.solver import (
    Position,
    Solver,
    can_take,
    card_values,
    nil_safe,
    nil_values,
    solve,
    value,
)
from spades.solver.reference import minimax_value, minimax_values


def _ints(values: dict[Card, int]) -> dict[int, int]:
    return {int(c): v for c, v in values.items()}


def _max_cards(nseat: int) -> int:
    return {2: 5, 3: 4, 4: 3}[nseat]


def test_random_objectives_match_minimax() -> None:
    """Any counted seats and any maximizing seats, any number of seats."""
    rng = random.Random(11)
    solver = Solver()
    for _ in range(150):
        nseat = rng.choice((2, 3, 4))
        pos = random_position(rng, nseat, rng.randint(1, _max_cards(nseat)))
        count = rng.randrange(1, 1 << nseat)
        maxi = count if rng.random() < 0.5 else rng.randrange(0, 1 << nseat)
        got = _ints(card_values(pos, count, maxi, solver))
        assert got == minimax_values(pos, count, maxi), pos.describe()


def test_individual_seats_paranoid() -> None:
    """Two, three and four individual seats: solve() counts the seat to play alone
    against everyone else."""
    rng = random.Random(12)
    for nseat in (2, 3, 4):
        for _ in range(25):
            pos = random_position(rng, nseat, rng.randint(1, _max_cards(nseat)))
            me = 1 << pos.to_play
            got = solve(list(pos.hands), pos.leader, pos.trick, pos.spades_broken, partnership=False)
            assert _ints(got) == minimax_values(pos, me, me), pos.describe()


def test_partnership_solve_both_sides() -> None:
    rng = random.Random(13)
    for _ in range(60):
        pos = random_position(rng, 4, rng.randint(1, 3))
        side = 0b101 << (pos.to_play & 1)
        got = solve(list(pos.hands), pos.leader, pos.trick, pos.spades_broken)
        assert _ints(got) == minimax_values(pos, side, side), pos.describe()


def test_target_search_matches_minimax() -> None:
    rng = random.Random(14)
    for _ in range(60):
        nseat = rng.choice((2, 3, 4))
        pos = random_position(rng, nseat, rng.randint(1, _max_cards(nseat)))
        seats = rng.randrange(1, 1 << nseat)
        exact = minimax_value(pos, seats, seats)
        for k in range(pos.tricks_left + 2):
            assert can_take(pos, seats, k) == (exact >= k), (pos.describe(), k)


def test_nil_objective_matches_minimax() -> None:
    rng = random.Random(15)
    safe_seen = unsafe_seen = 0
    for _ in range(80):
        nseat = rng.choice((3, 4))
        pos = random_position(rng, nseat, rng.randint(1, _max_cards(nseat)))
        nil = rng.randrange(nseat)
        friends = (1 << nil) | ((1 << ((nil + 2) % 4)) if nseat == 4 else 0)
        opponents = ((1 << nseat) - 1) & ~friends
        expected = minimax_values(pos, 1 << nil, opponents)
        assert _ints(nil_values(pos, nil)) == expected, pos.describe()
        best = minimax_value(pos, 1 << nil, opponents)
        assert nil_safe(pos, nil) == (best == 0)
        safe_seen += best == 0
        unsafe_seen += best > 0
    assert safe_seen and unsafe_seen  # both outcomes were exercised


def test_nil_partner_covers() -> None:
    """North bid nil and holds KH; East led QH.  South's ace covers (nil safe);
    South's four would leave North winning with the king."""
    pos = Position.build(
        ["-.K.-.2", "-.-.-.3", "-.A4.-.-", "-.3.-.5"], leader=1, trick=["QH"], spades_broken=True
    )
    assert nil_values(pos, 0) == {Card.parse("AH"): 0, Card.parse("4H"): 1}
    assert nil_safe(pos, 0)
    assert _ints(nil_values(pos, 0)) == minimax_values(pos, 0b0001, 0b1010)


def test_spades_breaking_changes_values() -> None:
    """Random positions where the broken flag changes the value; both agree with minimax."""
    rng = random.Random(16)
    changed = 0
    for _ in range(200):
        nseat = rng.choice((2, 3, 4))
        pos = random_position(rng, nseat, rng.randint(2, _max_cards(nseat)), ntrick=0, broken=False)
        hand = pos.hands[pos.leader]
        if not hand & (0x1FFF << 39) or not hand & ((1 << 39) - 1):
            continue  # the flag only matters if the leader holds spades and something else
        broken = Position(pos.hands, pos.leader, pos.trick, True)
        seats = (0b101 << (pos.leader & 1)) if nseat == 4 else 1 << pos.leader
        a = value(pos, seats)
        b = value(broken, seats)
        assert a == minimax_value(pos, seats, seats)
        assert b == minimax_value(broken, seats, seats)
        assert set(card_values(pos, seats)) | {c for c in card_values(broken, seats) if c.suit == 3} == set(
            card_values(broken, seats)
        )
        changed += a != b
    assert changed >= 3


def test_spades_breaking_hand_made() -> None:
    """North holds AS and a losing heart: with spades broken North cashes the ace
    first and keeps the lead problem away; unbroken, North must lead the heart."""
    hands = ["A.2.-.-", "2.A.-.-", "3.K.-.-", "4.Q.-.-"]
    unbroken = solve(hands, leader=0, spades_broken=False)
    broken = solve(hands, leader=0, spades_broken=True)
    assert set(unbroken) == {Card.parse("2H")}
    assert Card.parse("AS") in broken
    assert broken[Card.parse("AS")] == 1
    assert unbroken[Card.parse("2H")] == 1  # East wins the heart, North's ace still takes a trick
    # a leader holding only spades may lead one even when unbroken
    only = solve(["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], leader=0)
    assert set(only) == {Card.parse("AS"), Card.parse("KS")}


def test_spade_pair_bounds_match_minimax() -> None:
    """The two-hand spade rule (the two top spades of one side in two hands, or its
    second and third below the opponents' top spade) holds on random trick starts."""
    from spades.solver import kernel

    rng = random.Random(17)
    fired = 0
    for _ in range(1200):
        pos = random_position(rng, 4, rng.randint(2, 3), ntrick=0)
        hands = (pos.hands[0], pos.hands[1], pos.hands[2], pos.hands[3])
        for side in (0b0101, 0b1010):
            sure, lost, _, _ = kernel._spade_pair(hands, 4, side)
            if sure or lost:
                fired += 1
                exact = minimax_value(pos, side, side)
                assert sure <= exact <= pos.tricks_left - lost, (pos.describe(), side, sure, lost)
    assert fired > 50


def test_ruff_lead_bound_matches_minimax() -> None:
    """The opponents out of spades: the leader's spades plus a ruff by partner are sure
    tricks for the leader's side, on random trick starts."""
    from spades.solver import kernel

    rng = random.Random(18)
    fired = 0
    for _ in range(3000):
        pos = random_position(rng, 4, rng.randint(2, 3), ntrick=0)
        hands = (pos.hands[0], pos.hands[1], pos.hands[2], pos.hands[3])
        sure = kernel._ruff_lead(hands, pos.leader)
        if sure:
            fired += 1
            side = 0b0101 << (pos.leader & 1)
            assert minimax_value(pos, side, side) >= sure, (pos.describe(), sure)
    assert fired > 50


def test_crossruff_bound_matches_minimax() -> None:
    """The crossruff count when the opponents hold no spade, on random trick starts
    dealt that way (the leader's side holding spades and voids)."""
    from spades.solver import kernel

    rng = random.Random(19)
    fired = 0
    for _ in range(150):
        leader = rng.randrange(4)
        side_cards = list(range(39))
        rng.shuffle(side_cards)
        spades = list(range(39, 52))
        rng.shuffle(spades)
        hands = [0, 0, 0, 0]
        for seat in ((leader + 1) % 4, (leader + 3) % 4):
            for _ in range(3):
                hands[seat] |= 1 << side_cards.pop()
        for seat in (leader, (leader + 2) % 4):
            suits = rng.sample(range(3), rng.randint(1, 2))
            for _ in range(3):
                pool = [c for c in side_cards if c // 13 in suits]
                c = spades.pop() if rng.random() < 0.45 or not pool else rng.choice(pool)
                if c < 39:
                    side_cards.remove(c)
                hands[seat] |= 1 << c
        pos = Position.build(hands, leader, [], rng.random() < 0.5)
        sure = kernel._ruff_lead((hands[0], hands[1], hands[2], hands[3]), leader)
        if sure:
            fired += 1
            side = 0b0101 << (leader & 1)
            assert minimax_value(pos, side, side) >= sure, (pos.describe(), sure)
    assert fired > 50


def _pattern_mate(rng: random.Random, hands: list[int], rel: int) -> list[int]:
    """Another deal with the same pattern as ``hands`` for the cards relied on ``rel``: in
    each suit the cards from the lowest relied-on card up keep their owners, the lower
    ones are dealt again among their owners (each hand keeping its suit lengths)."""
    mate = list(hands)
    for suit in range(4):
        cards = [c for c in range(13 * suit, 13 * suit + 13) if any(h >> c & 1 for h in hands)]
        pinned = [c for c in cards if rel >> c & 1]
        low = [c for c in cards if not pinned or c < min(pinned)]
        owners = [next(s for s in range(4) if hands[s] >> c & 1) for c in low]
        rng.shuffle(owners)
        for c, s in zip(low, owners, strict=True):
            for q in range(4):
                mate[q] &= ~(1 << c)
            mate[s] |= 1 << c
    return mate


def _check_bound(rng: random.Random, pos: Position, side: int, sure: int, rel: int) -> None:
    """``side`` takes at least ``sure`` tricks from the trick start ``pos``, and from a deal
    of the same pattern for the cards ``rel`` that the bound relied on."""
    assert minimax_value(pos, side, side) >= sure, (pos.describe(), sure)
    mate = Position.build(_pattern_mate(rng, list(pos.hands), rel), pos.leader, [], pos.spades_broken)
    assert minimax_value(mate, side, side) >= sure, (pos.describe(), mate.describe(), sure)


def test_cross_ruff_bound_matches_minimax() -> None:
    """The leader crosses to partner's top card of a suit and ruffs partner's lead of a
    suit it is void in, then cashes (a quick-trick path): the side takes at least that
    many tricks, on random three- and four-card trick starts and on deals of the same pattern for
    the cards the bound says it relied on (what the table stores it under)."""
    from spades.solver import kernel

    rng = random.Random(23)
    fired = 0
    cashed = 0
    for i in range(6000):
        ncards = 4 if i % 8 == 0 else 3
        pos = random_position(rng, 4, ncards, ntrick=0)
        hands = (pos.hands[0], pos.hands[1], pos.hands[2], pos.hands[3])
        side = 0b0101 << (pos.leader & 1)
        sure, rel = kernel._cross_ruff(hands, pos.leader, side, ncards)
        # only for two partnerships: the leader's partner with it, both opponents against
        assert kernel._cross_ruff(hands, pos.leader, side | 1 << (pos.leader + 1) % 4, ncards) == (0, 0)
        if not sure:
            continue
        fired += 1
        cashed += sure > 2
        assert sure >= 2
        _check_bound(rng, pos, side, sure, rel)
    assert fired > 120 and cashed > 25


def test_draw_last_spades_bound_matches_minimax() -> None:
    """The leader's side draws the opponents' last spades with its top spade, then cashes
    or crossruffs (a quick-trick path): at least that many tricks, on random trick
    starts and on deals of the same pattern for the cards it relied on."""
    from spades.solver import kernel

    rng = random.Random(24)
    fired = 0
    for i in range(1300):
        ncards = 4 if i % 6 == 0 else 3
        pos = random_position(rng, 4, ncards, ntrick=0)
        hands = (pos.hands[0], pos.hands[1], pos.hands[2], pos.hands[3])
        side = 0b0101 << (pos.leader & 1)
        sure, rel = kernel._draw_last(hands, pos.leader, pos.spades_broken, side, ncards)
        # only for two partnerships (a partnership search with other seats once drew
        # this bound for a "partner" that was an opponent)
        other = side ^ 1 << (pos.leader + 2) % 4
        assert kernel._draw_last(hands, pos.leader, pos.spades_broken, other, ncards) == (0, 0)
        if sure < 2:
            continue
        fired += 1
        _check_bound(rng, pos, side, sure, rel)
    assert fired > 50


def _can_win_trick(hands: list[int], leader: int, trick: list[int], side: int) -> bool:
    """Can the seats of ``side`` (a bit mask) make sure of the current trick?  (Plain search.)"""
    from spades.core import legal_mask, trick_winner

    if len(trick) == 4:
        return bool(side >> ((leader + trick_winner(trick)) % 4) & 1)
    seat = (leader + len(trick)) % 4
    pool = legal_mask(hands[seat], trick[0] // 13, True, True)
    results = []
    for c in (c for c in range(52) if pool >> c & 1):
        hands[seat] ^= 1 << c
        results.append(_can_win_trick(hands, leader, [*trick, c], side))
        hands[seat] ^= 1 << c
    return any(results) if side >> seat & 1 else all(results)


def test_second_hand_sure_trick_matches_a_plain_search() -> None:
    """The second hand's sure trick (a ruff the third hand cannot overruff, or the top card
    of the suit led): whichever side the rule names can make sure of the trick."""
    from spades.solver import kernel

    rng = random.Random(19)
    fired = {"second": 0, "leader": 0}
    for _ in range(1500):
        pos = random_position(rng, 4, rng.randint(2, 4), ntrick=1)
        hands = list(pos.hands)
        winner, rel = kernel._sure_trick((hands[0], hands[1], hands[2], hands[3]), pos.trick[0], pos.leader)
        if winner >= 0:
            assert winner in (pos.leader, (pos.leader + 1) % 4)
            fired["leader" if winner == pos.leader else "second"] += 1
            side = 0b0101 << (winner & 1)
            assert _can_win_trick(hands, pos.leader, list(pos.trick), side), (pos.describe(), winner)
            # the card relied on is the side's top card of the suit led, or none for a ruff
            assert rel.bit_count() <= 1
    assert fired["second"] > 100 and fired["leader"] > 100


def test_trick_side_matches_a_plain_search() -> None:
    """With two or three cards of a trick played, the side the rule names (the fourth hand
    beats the best card or its partner holds it; the third hand's strongest card or the
    leader's stands against the fourth hand) can make sure of the trick, and the other
    side cannot."""
    from spades.solver import kernel

    rng = random.Random(20)
    for _ in range(1500):
        k = rng.choice((2, 3))
        pos = random_position(rng, 4, rng.randint(1, 4), ntrick=k)
        hands = list(pos.hands)
        trick = (*pos.trick, 0, 0)[:4]
        seat, rel = kernel._trick_side((hands[0], hands[1], hands[2], hands[3]), trick, k, pos.leader)
        side = 0b0101 << (seat & 1)
        assert _can_win_trick(hands, pos.leader, list(pos.trick), side), (pos.describe(), seat)
        assert not _can_win_trick(hands, pos.leader, list(pos.trick), side ^ 0b1111), (pos.describe(), seat)
        assert rel.bit_count() <= 1
