"""The kernel's trick-start bounds on their own: each fires where its proof says
and the positions it settles have the minimax's values."""

from __future__ import annotations

import random

from solver_helpers import random_position
from spades.solver import Position, can_take
from spades.solver.kernel import _cash_then_spades, _kept_run, _must_lose
from spades.solver.reference import minimax_value

NS = 0b0101


def _card(suit: int, rank: int) -> int:
    """Card id: suit 0-2 side suits, 3 spades; rank 0 = two ... 12 = ace."""
    return 13 * suit + rank


def _hand(*cards: int) -> int:
    return sum(1 << c for c in cards)


def _lost_trick_ending() -> list[int]:
    # North leads without a spade; East holds the top heart and the top spade,
    # West the top diamond; South (no spade) cannot ruff.
    return [
        _hand(_card(2, 0), _card(2, 1), _card(1, 0)),
        _hand(_card(2, 12), _card(3, 12), _card(0, 0)),
        _hand(_card(2, 2), _card(2, 3), _card(0, 1)),
        _hand(_card(1, 11), _card(1, 1), _card(0, 2)),
    ]


def _lost_after(hands: list[int], leader: int, broken: bool, side: int) -> int:
    """Tricks the rule gives the leader's opponents: the lost trick plus the kept run."""
    run, _ = _kept_run(tuple(hands), 4, leader, broken, side)
    if run == 0 or not _must_lose(tuple(hands), 4, leader, broken, side)[0]:
        return 0
    return 1 + run


def test_kept_run_fires_when_every_lead_loses_and_opponents_hold_top_spade() -> None:
    hands = _lost_trick_ending()
    run, rel = _kept_run(tuple(hands), 4, 0, True, NS)
    assert run == 1
    assert rel == 1 << _card(3, 12)
    assert _lost_after(hands, 0, True, NS) == 2
    pos = Position.build(hands, 0, [], True)
    assert minimax_value(pos, NS, NS) <= 1
    assert not can_take(pos, NS, 2)


def test_kept_run_needs_no_spade_lead_and_the_top_spade_outside() -> None:
    hands = _lost_trick_ending()
    # North holds a spade it may lead: the rule does not apply
    with_spade = [hands[0] ^ (1 << _card(1, 0)) | (1 << _card(3, 0)), *hands[1:]]
    assert _kept_run(tuple(with_spade), 4, 0, True, NS)[0] == 0
    # South holds the top spade (and still cannot ruff): every lead still loses
    south_top = [
        hands[0],
        _hand(_card(2, 12), _card(0, 0), _card(0, 1)),
        _hand(_card(2, 2), _card(1, 2), _card(3, 12)),
        hands[3],
    ]
    assert _kept_run(tuple(south_top), 4, 0, True, NS)[0] == 0


def test_kept_run_positions_match_minimax() -> None:
    """Random trick starts where the rule applies: the leader's side takes at most
    ``tricks left - 1 - run``, and the solver's target searches there agree with the
    minimax."""
    rng = random.Random(31)
    fired = 0
    for _ in range(3000):
        pos = random_position(rng, 4, rng.randint(2, 3), ntrick=0)
        side = 0b0101 << (pos.leader & 1)
        lost = _lost_after(list(pos.hands), pos.leader, pos.spades_broken, side)
        if lost == 0:
            continue
        fired += 1
        exact = minimax_value(pos, side, side)
        assert exact <= pos.tricks_left - lost, pos.describe()
        for k in range(pos.tricks_left + 1):
            assert can_take(pos, side, k) == (exact >= k), (pos.describe(), k)
    assert fired >= 20, fired


def test_cash_then_spades_adds_side_cashes_and_sure_spades() -> None:
    # North cashes the heart ace (both opponents follow); South's third spade
    # is sure under East-West's ace and king: two tricks, neither bound alone.
    hands = [
        _hand(_card(2, 12), _card(1, 0), _card(0, 0), _card(1, 2)),
        _hand(_card(3, 12), _card(2, 1), _card(1, 1), _card(0, 2)),
        _hand(_card(3, 10), _card(3, 9), _card(3, 1), _card(2, 0)),
        _hand(_card(3, 11), _card(2, 2), _card(0, 1), _card(1, 3)),
    ]
    got, rel = _cash_then_spades(tuple(hands), 4, 0, True, NS, 2)
    assert got == 2
    assert rel & (1 << _card(2, 12))
    pos = Position.build(hands, 0, [], True)
    assert minimax_value(pos, NS, NS) >= 2
    assert can_take(pos, NS, 2)
    # South without a side card would have to ruff a cashed heart: no bound
    south_short = [hands[0], hands[1], hands[2] ^ (1 << _card(2, 0)) | (1 << _card(3, 0)), hands[3]]
    assert _cash_then_spades(tuple(south_short), 4, 0, True, NS, 2)[0] == 0


def test_cash_then_spades_positions_match_minimax() -> None:
    """Random trick starts where the bound counts what the leader's side needs: the
    minimax agrees it takes that many, and the solver's target searches agree."""
    rng = random.Random(32)
    fired = 0
    for _ in range(3000):
        pos = random_position(rng, 4, rng.randint(2, 3), ntrick=0)
        side = 0b0101 << (pos.leader & 1)
        got = _cash_then_spades(tuple(pos.hands), 4, pos.leader, pos.spades_broken, side, pos.tricks_left)[0]
        if got < 2:
            continue
        fired += 1
        exact = minimax_value(pos, side, side)
        assert exact >= got, pos.describe()
        for k in range(pos.tricks_left + 1):
            assert can_take(pos, side, k) == (exact >= k), (pos.describe(), k)
    assert fired >= 20, fired


def test_cash_then_spades_through_partner() -> None:
    # North has no winner; it leads a diamond to South's ace (both opponents
    # follow), and South's third spade is sure under East-West's ace and king.
    hands = [
        _hand(_card(1, 0), _card(0, 0), _card(0, 1), _card(2, 0)),
        _hand(_card(3, 12), _card(1, 1), _card(0, 2), _card(2, 1)),
        _hand(_card(1, 12), _card(3, 10), _card(3, 9), _card(3, 1)),
        _hand(_card(3, 11), _card(1, 2), _card(0, 3), _card(2, 2)),
    ]
    got, rel = _cash_then_spades(tuple(hands), 4, 0, True, NS, 2)
    assert got == 2
    assert rel & (1 << _card(1, 12))
    pos = Position.build(hands, 0, [], True)
    assert minimax_value(pos, NS, NS) >= 2
    assert can_take(pos, NS, 2)
    # North with a small spade instead of its diamond cannot reach South's ace: no bound
    no_diamond = [hands[0] ^ (1 << _card(1, 0)) | (1 << _card(3, 0)), hands[1], hands[2], hands[3]]
    assert _cash_then_spades(tuple(no_diamond), 4, 0, True, NS, 2)[0] == 0
