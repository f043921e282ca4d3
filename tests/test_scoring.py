"""Scoring vectors: RULES.md section 6 and more, each derived by hand beside it.

Partnership: side 0 = seats 0 (N) + 2 (S), side 1 = seats 1 (E) + 3 (W).
``points`` is this hand's change per side (bag penalty and bonuses included),
``bags`` the running bag count per side after the hand.
"""

from __future__ import annotations

import dataclasses

import pytest

from spades import Bid, Rules, score_hand

P = Rules.preset("partnership")
TWO = Rules.preset("two-player")
CUT = Rules.preset("cutthroat")
THREE = Rules.preset("three-player")
NIL, BN = "nil", "blind nil"


def _r(base: Rules, **kw: object) -> Rules:
    return dataclasses.replace(base, **kw)


# (id, rules, bids per seat, tricks per seat, bags before, points, bags after)
VECTORS = [
    # ---- RULES.md section 6, partnership table --------------------------------------------
    # side0 bid 3+2=5 took 3+3=6: 50+1 = +51, 1 bag; side1 bid 3+2=5 took 4+3=7: 50+2 = +52, 2 bags
    ("rules_basic_overtricks", P, [3, 3, 2, 2], [3, 4, 3, 3], [0, 0], (51, 52), (1, 2)),
    # side0 bid 5 took 8: 50+3 = 53; bags 7+3 = 10 -> -100, 0 carry: -47; side1 bid 5 took 5: +50
    ("rules_bag_penalty_at_ten", P, [3, 4, 2, 1], [4, 3, 4, 2], [7, 0], (-47, 50), (0, 0)),
    # side0: N nil took 0: +100; S bid 4 took 4: +40 -> +140; side1 bid 5 took 9: 50+4 = +54, 4 bags
    ("rules_nil_made", P, [NIL, 2, 4, 3], [0, 3, 4, 6], [0, 0], (140, 54), (0, 4)),
    # side0: nil failed -100; S bid 4 took 4 (N's 2 do not count) +40 -> -60; N's 2 tricks are 2 bags
    # side1 bid 5 took 7: +52, 2 bags
    ("rules_nil_failed_partner_made", P, [NIL, 2, 4, 3], [2, 3, 4, 4], [0, 0], (-60, 52), (2, 2)),
    # side0: nil -100; S bid 4 took 3: -40 -> -140; N's 2 tricks are bags; side1 bid 5 took 8: +53
    ("rules_nil_failed_partner_set", P, [NIL, 2, 4, 3], [2, 2, 3, 6], [0, 0], (-140, 53), (2, 3)),
    # side0 both nil made: +100+100, contract 0; side1 bid 6 took 13: 60+7 = +67, 7 bags (a Boston)
    ("rules_double_nil_made_boston", P, [NIL, 3, NIL, 3], [0, 6, 0, 7], [0, 0], (200, 67), (0, 7)),
    # side0 both nil failed: -200, their 2 tricks are 2 bags; side1 bid 6 took 11: +65, 5 bags
    ("rules_double_nil_failed", P, [NIL, 3, NIL, 3], [1, 5, 1, 6], [0, 0], (-200, 65), (2, 5)),
    # side0: blind nil made +200, S bid 4 took 5: +41 -> +241, 1 bag; side1 bid 5 took 8: +53, 3 bags
    ("rules_blind_nil_made", P, [BN, 2, 4, 3], [0, 3, 5, 5], [0, 0], (241, 53), (1, 3)),
    # side0 bid 9 took 9: +90, bags stay 9; side1: W nil made +100, E bid 4 took 4 +40 -> +140
    ("rules_nil_on_other_side", P, [5, 4, 4, NIL], [6, 4, 3, 0], [9, 0], (90, 140), (9, 0)),
    # side0 bid 10 took 9: -100, bags stay 9; side1 bid 3 took 4: +31, 1 bag
    ("rules_set_keeps_old_bags", P, [6, 2, 4, 1], [5, 3, 4, 1], [9, 0], (-100, 31), (9, 1)),
    # ---- RULES.md section 6, two players -------------------------------------------------
    # seat0 bid 4 took 6: +42, 2 bags; seat1 bid 5 took 7: +52, 2 bags
    ("rules_two_player_basic", TWO, [4, 5], [6, 7], [0, 0], (42, 52), (2, 2)),
    # seat0 nil made +100; seat1 bid 6 took 13: +67, 7 bags
    ("rules_two_player_nil", TWO, [NIL, 6], [0, 13], [0, 0], (100, 67), (0, 7)),
    # seat0 blind nil failed -200, its trick is a bag: 9+1 = 10 -> -100, 0 bags: -300
    # seat1 bid 7 took 12: +75, 5 bags
    ("rules_two_player_blind_nil_bag", TWO, [BN, 7], [1, 12], [9, 0], (-300, 75), (0, 5)),
    # ---- our own: partnership nil / blind nil combinations -------------------------------
    # side0: nil made +100, S bid 4 took 5: +41 -> +141, 1 bag; side1 bid 5 took 8: +53, 3 bags
    ("nil_made_partner_overtrick", P, [NIL, 3, 4, 2], [0, 4, 5, 4], [0, 0], (141, 53), (1, 3)),
    # side0: nil -100 (1 bag), S bid 5 took 3: -50 -> -150; side1 bid 7 took 9: +72, 2 bags
    ("nil_failed_and_partner_set", P, [NIL, 3, 5, 4], [1, 5, 3, 4], [0, 0], (-150, 72), (1, 2)),
    # side0 both nil made: +200, no contract; side1 bid 12 took 13: 120+1 = +121, 1 bag
    ("both_partners_nil_made", P, [NIL, 6, NIL, 6], [0, 7, 0, 6], [0, 0], (200, 121), (0, 1)),
    # side0: N nil failed (3 tricks) -100, S nil made +100 -> 0; 3 bags; side1 bid 9 took 10: +91
    ("both_partners_nil_one_fails", P, [NIL, 4, NIL, 5], [3, 4, 0, 6], [0, 0], (0, 91), (3, 1)),
    # both nil, contract 0: -100 -100 = -200, the 3 tricks are bags and score nothing; side1 +100
    ("contract_zero_tricks_are_bags", P, [NIL, 5, NIL, 5], [1, 6, 2, 4], [0, 0], (-200, 100), (3, 0)),
    # side0: blind nil failed -200, S bid 4 took 5 +41 -> -159; bags 2 (N) + 1 (S) = 3; side1 6/6 +60
    ("blind_nil_failed_partner_made", P, [BN, 3, 4, 3], [2, 3, 5, 3], [0, 0], (-159, 60), (3, 0)),
    # side0: blind nil +200 and nil +100 = +300, no contract; side1 bid 9 took 13: +94, 4 bags
    ("blind_nil_and_nil_same_side", P, [BN, 4, NIL, 5], [0, 6, 0, 7], [0, 0], (300, 94), (0, 4)),
    # side0: blind nil failed -200, nil failed -100: -300, 2 bags; side1 bid 9 took 11: +92, 2 bags
    ("blind_nil_and_nil_both_fail", P, [BN, 4, NIL, 5], [1, 5, 1, 6], [0, 0], (-300, 92), (2, 2)),
    # side0: blind nil made +200, nil failed (2 tricks) -100: +100, 2 bags; side1 9 took 11: +92
    ("blind_nil_made_nil_failed", P, [BN, 4, NIL, 5], [0, 5, 2, 6], [0, 0], (100, 92), (2, 2)),
    # side0: two blind nils made +400; side1 bid 12 took 13: +121, 1 bag
    ("both_partners_blind_nil_made", P, [BN, 6, BN, 6], [0, 6, 0, 7], [0, 0], (400, 121), (0, 1)),
    # side0: two blind nils failed -400, 2 bags; side1 bid 12 took 11: -120
    ("both_partners_blind_nil_fail", P, [BN, 6, BN, 6], [1, 6, 1, 5], [0, 0], (-400, -120), (2, 0)),
    # ---- bags --------------------------------------------------------------------------
    # side0 bid 8 took 12: +84, bags 8+4 = 12 -> -100, 2 carry: -16; side1 bid 4 took 1: -40
    ("bag_penalty_with_carry_over", P, [4, 3, 4, 1], [6, 1, 6, 0], [8, 0], (-16, -40), (2, 0)),
    # side0: N bid 1 took 13: 10+12 = 22, S nil made +100 -> 122; bags 9+12 = 21 -> -200, 1 carries:
    # -78 (and a Boston); side1 bid 3 took 0: -30
    ("bags_cross_ten_twice", P, [1, 2, NIL, 1], [13, 0, 0, 0], [9, 0], (-78, -30), (1, 0)),
    # side0 bid 2+2 = 4 took 4+3 = 7: +43, bags 7+3 = 10 exactly -> -100, 0 carry: -57;
    # side1 bid 4 took 2+4 = 6: +42, 2 bags
    ("bags_reach_limit_exactly", P, [2, 2, 2, 2], [4, 2, 3, 4], [7, 0], (-57, 42), (0, 2)),
    # a set side keeps its bags: side0 bid 10 took 6: -100, bags 8; side1 bid 10 took 7: -100, bags 8
    ("both_sides_set_bags_unchanged", P, [5, 5, 5, 5], [3, 3, 3, 4], [8, 8], (-100, -100), (8, 8)),
    # bag_penalty=0 turns bags off: side0 bid 5 took 10: +55, bags 9+5 = 14, no penalty; side1 -50
    ("bag_penalty_zero", _r(P, bag_penalty=0), [3, 3, 2, 2], [5, 3, 5, 0], [9, 0], (55, -50), (14, 0)),
    # bag_limit 5 / penalty 50: side0 bid 6 took 9: +63, bags 3+3 = 6 -> -50, 1 carries: +13; side1 -60
    (
        "bag_limit_5_penalty_50",
        _r(P, bag_limit=5, bag_penalty=50),
        [3, 3, 3, 3],
        [6, 2, 3, 2],
        [3, 0],
        (13, -60),
        (1, 0),
    ),
    # exactly made, no bags: side0 bid 7 took 7: +70; side1 bid 6 took 6: +60
    ("contract_made_exactly", P, [4, 3, 3, 3], [4, 3, 3, 3], [0, 0], (70, 60), (0, 0)),
    # ---- Boston --------------------------------------------------------------------------
    # boston_bonus 200: side0 bid 9 took 13: +94 +200 = +294, 4 bags; side1 bid 3 took 0: -30
    ("boston_bonus", _r(P, boston_bonus=200), [5, 2, 4, 1], [7, 0, 6, 0], [0, 0], (294, -30), (4, 0)),
    # boston_bonus 100 with a made nil: +100 nil, S bid 6 took 13: +67, +100 Boston = +267, 7 bags
    (
        "boston_bonus_with_nil",
        _r(P, boston_bonus=100),
        [NIL, 2, 6, 2],
        [0, 0, 13, 0],
        [0, 0],
        (267, -40),
        (7, 0),
    ),
    # a failed nil still counts toward the Boston: -100 + (60+4) + 100 = +64; bags 4 + 3 = 7
    (
        "boston_with_failed_nil",
        _r(P, boston_bonus=100),
        [NIL, 2, 6, 2],
        [3, 0, 10, 0],
        [0, 0],
        (64, -40),
        (7, 0),
    ),
    # ---- nil_tricks_count_for_partner ----------------------------------------------------
    # nil failed -100; S's contract 4 counts N's 2: 6 tricks -> +42, 2 bags: -58; side1 6 took 7: +61
    (
        "nil_tricks_count_for_partner",
        _r(P, nil_tricks_count_for_partner=True),
        [NIL, 3, 4, 3],
        [2, 3, 4, 4],
        [0, 0],
        (-58, 61),
        (2, 1),
    ),
    # the nil bidder's 2 tricks rescue S's 5: 6 >= 5 -> +51, nil -100: -49, 1 bag (default: -150)
    (
        "nil_tricks_rescue_partner",
        _r(P, nil_tricks_count_for_partner=True),
        [NIL, 3, 5, 3],
        [2, 3, 4, 4],
        [0, 0],
        (-49, 61),
        (1, 1),
    ),
    # both nil, counting for partner (OpenSpiel): -200, the 3 tricks score +1 each: -197, 3 bags
    (
        "nil_tricks_count_contract_zero",
        _r(P, nil_tricks_count_for_partner=True),
        [NIL, 5, NIL, 5],
        [1, 6, 2, 4],
        [0, 0],
        (-197, 100),
        (3, 0),
    ),
    # ---- bonuses ---------------------------------------------------------------------------
    # nil_bonus 50, blind_nil_bonus 300: +50 +300 = +350; side1 bid 7 took 13: +76, 6 bags
    (
        "custom_nil_bonuses",
        _r(P, nil_bonus=50, blind_nil_bonus=300),
        [NIL, 3, BN, 4],
        [0, 6, 0, 7],
        [0, 0],
        (350, 76),
        (0, 6),
    ),
    # ---- two players ---------------------------------------------------------------------
    # seat0 bid 13 took 12: -130; seat1 nil failed (1 trick): -100, 1 bag
    ("two_player_bid_13_set", TWO, [13, NIL], [12, 1], [0, 0], (-130, -100), (0, 1)),
    # seat0 blind nil +200; seat1 bid 6 took 13: +67, bags 5+7 = 12 -> -100, 2 carry: -33
    ("two_player_blind_nil_opponent_bags", TWO, [BN, 6], [0, 13], [0, 5], (200, -33), (0, 2)),
    # both nil: -100 each; 5 and 8 bags
    ("two_player_both_nil_fail", TWO, [NIL, NIL], [5, 8], [0, 0], (-100, -100), (5, 8)),
    # seat0 bid 7 took 7: +70; seat1 bid 7 took 6: -70
    ("two_player_one_set", TWO, [7, 7], [7, 6], [0, 0], (70, -70), (0, 0)),
    # ---- cutthroat: each seat its own side, no partner -----------------------------------
    # +31 (1 bag), +40, nil +100, +50
    (
        "cutthroat_sides_are_seats",
        CUT,
        [3, 4, NIL, 5],
        [4, 4, 0, 5],
        [0, 0, 0, 0],
        (31, 40, 100, 50),
        (1, 0, 0, 0),
    ),
    # seat1 nil failed -100, its 2 tricks: bags 9+2 = 11 -> -100, 1 carries: -200; seat3 4 took 6 +42
    (
        "cutthroat_nil_bags_penalty",
        CUT,
        [2, NIL, 3, 4],
        [2, 2, 3, 6],
        [0, 9, 0, 0],
        (20, -200, 30, 42),
        (0, 1, 0, 2),
    ),
    # blind nil +200 with no partner; 4 took 5: +41; 4/4: +40 each
    ("cutthroat_blind_nil", CUT, [BN, 4, 4, 4], [0, 5, 4, 4], [0, 0, 0, 0], (200, 41, 40, 40), (0, 1, 0, 0)),
    # ---- three players: 17 tricks, bids up to 17 ----------------------------------------
    # 6 took 7: +61; 5/5: +50; 5/5: +50
    ("three_player_basic", THREE, [6, 5, 5], [7, 5, 5], [0, 0, 0], (61, 50, 50), (1, 0, 0)),
    # bid 17 took 17: +170 (a Boston); two nils made +100 each
    ("three_player_bid_17", THREE, [17, NIL, NIL], [17, 0, 0], [0, 0, 0], (170, 100, 100), (0, 0, 0)),
    # nil failed -100 (1 bag); 8/8: +80; 9 took 8: -90
    ("three_player_nil_fail_and_set", THREE, [NIL, 8, 9], [1, 8, 8], [0, 0, 0], (-100, 80, -90), (1, 0, 0)),
]


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "bags", "points", "bags_after"),
    [pytest.param(*v[1:], id=v[0]) for v in VECTORS],
)
def test_scoring_vector(
    rules: Rules,
    bids: list[object],
    tricks: list[int],
    bags: list[int],
    points: tuple[int, ...],
    bags_after: tuple[int, ...],
) -> None:
    parsed = [Bid.parse(b) if isinstance(b, str) else Bid(b) for b in bids]  # type: ignore[arg-type]
    result = score_hand(rules, bids=parsed, tricks=tricks, bags=bags)
    assert result.points == points
    assert result.bags == bags_after


def test_we_have_enough_vectors() -> None:
    own = [v for v in VECTORS if not v[0].startswith("rules_")]
    assert len(own) >= 25
    assert len({v[0] for v in VECTORS}) == len(VECTORS)


def test_boston_is_marked() -> None:
    # side0 took all 13 tricks (6 + 7): a Boston even though the seeds give it no score effect
    s = score_hand(P, bids=[NIL, 3, NIL, 3], tricks=[0, 6, 0, 7], bags=[0, 0])
    assert s.boston == (False, True)
    assert s.points == (200, 67)


def test_nil_made_flags_per_seat() -> None:
    s = score_hand(P, bids=[NIL, BN, 4, 3], tricks=[0, 2, 5, 6], bags=[0, 0])
    assert s.nil_made == (True, False, None, None)


def test_score_hand_accepts_ints_and_strings() -> None:
    a = score_hand(P, bids=[0, 2, 4, 3], tricks=[2, 3, 4, 4], bags=[0, 0])
    b = score_hand(P, bids=["nil", "bid 2", "4", "3"], tricks=[2, 3, 4, 4], bags=[0, 0])
    assert a.points == b.points == (-60, 52)


@pytest.mark.parametrize(
    ("bids", "tricks", "bags", "words"),
    [
        pytest.param([3, 3, 3], [4, 4, 5], [0, 0], "each of the 4 seats", id="too_few_bids"),
        pytest.param([3, 3, 3, 3], [4, 4, 4, 4], [0, 0], "add up to 13", id="tricks_not_13"),
        pytest.param([3, 3, 3, 3], [4, 4, 6, -1], [0, 0], "0 or more", id="negative_tricks"),
        pytest.param([3, 3, 3, 3], [4, 4, 4, 1], [0], "bags of each of the 2 sides", id="bags_length"),
        pytest.param([3, 3, 3, 3], [4, 4, 4, 1], [-1, 0], "0 or more", id="negative_bags"),
        pytest.param([14, 3, 3, 3], [4, 4, 4, 1], [0, 0], "more than 13", id="bid_over_13"),
    ],
)
def test_score_hand_rejects_impossible_numbers(
    bids: list[int], tricks: list[int], bags: list[int], words: str
) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        score_hand(P, bids=bids, tricks=tricks, bags=bags)


def test_contract_is_sum_of_non_nil_bids_seed_000_example() -> None:
    # Alex 4, Beth 3, Charlie 2, David 2: Alex+Charlie need 6, Beth+David need 5
    s = score_hand(P, bids=[4, 3, 2, 2], tricks=[4, 3, 2, 4], bags=[0, 0])
    assert [side.contract for side in s.sides] == [6, 5]
    # with a nil, only the partner's bid counts
    s = score_hand(P, bids=[NIL, 3, 2, 2], tricks=[0, 3, 6, 4], bags=[0, 0])
    assert [side.contract for side in s.sides] == [2, 5]


@pytest.mark.parametrize(
    ("took", "score_after", "bags_after"),
    [
        # 337 with 7 bags, bid 5 took 7: +52 -> 389, 9 bags
        pytest.param(7, 389, 9, id="took_7"),
        # took 8: +53, 7+3 = 10 bags -> -100, 0 bags: 290
        pytest.param(8, 290, 0, id="took_8"),
        # took 9: +54, 11 bags -> -100, 1 bag: 291
        pytest.param(9, 291, 1, id="took_9"),
    ],
)
def test_worked_bag_example_seed_002(took: int, score_after: int, bags_after: int) -> None:
    # the side bids 5 (3 + 2) and takes `took`; the other side bids 4 and takes the rest
    tricks = [3, 13 - took - 2, took - 3, 2]
    s = score_hand(P, bids=[3, 2, 2, 2], tricks=tricks, bags=[7, 0])
    assert 337 + s.points[0] == score_after
    assert s.bags[0] == bags_after


def test_worked_bag_example_seed_000() -> None:
    # bid 4 take 7 (+43), bid 3 take 6 (+33), bid 4 take 9 (+45): bags 3 + 3 + 5 = 11 -> -100 once
    # in the third hand and 1 bag carries.  Side 0 bids (bid-1) + 1; side 1 bids 1 + 1.
    total, bags = 0, 0
    for bid, took in ((4, 7), (3, 6), (4, 9)):
        other = 13 - took
        s = score_hand(P, bids=[bid - 1, 1, 1, 1], tricks=[took - 1, other - 1, 1, 1], bags=[bags, 0])
        total += s.points[0]
        bags = s.bags[0]
    assert bags == 1
    assert total == 43 + 33 + 45 - 100


def test_score_valid_hand_equals_score_hand() -> None:
    """The engine's unchecked entry point gives what score_hand gives."""
    import random

    from spades import Bid, Rules
    from spades.scoring import score_hand, score_valid_hand

    rng = random.Random(2)
    for preset in ("partnership", "cutthroat", "three-player", "openspiel", "two-player"):
        rules = Rules.preset(preset)
        n, per_hand = rules.num_seats, rules.tricks_per_hand
        for _ in range(200):
            cuts = sorted(rng.randint(0, per_hand) for _ in range(n - 1))
            tricks = [b - a for a, b in zip([0, *cuts], [*cuts, per_hand])]
            bids = [Bid(rng.randint(0, 5), blind=False) for _ in range(n)]
            if rng.random() < 0.2:
                bids[0] = Bid.blind_nil()
            bags = [rng.randint(0, 9) for _ in range(rules.num_sides)]
            assert score_valid_hand(rules, bids, tricks, bags) == score_hand(rules, bids, tricks, bags)
