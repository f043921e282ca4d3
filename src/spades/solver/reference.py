"""A plain exhaustive minimax, written for clarity rather than speed.

It tries every legal card at every turn (no pruning, no transposition table,
no equivalent cards) and is the specification the fast kernel is tested
against on small positions.  Do not use it beyond about five cards a hand.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS
from .position import Position

__all__ = ["minimax_value", "minimax_values"]

_SPADES = SUIT_MASKS[3]


def _legal(hand: int, trick: list[int], broken: bool) -> list[int]:
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13]
        pool = follow or hand
    elif broken or not hand & ~_SPADES:
        pool = hand
    else:
        pool = hand & ~_SPADES
    return [c for c in range(52) if pool >> c & 1]


def _winner(trick: list[int]) -> int:
    """Index in the trick of the winning card."""
    best = 0
    for i, c in enumerate(trick):
        b = trick[best]
        if (c // 13 == 3 and b // 13 != 3) or (c // 13 == b // 13 and c > b):
            best = i
    return best


def _value(hands: list[int], leader: int, trick: list[int], broken: bool, count: int, maxi: int) -> int:
    n = len(hands)
    if not trick and hands[leader] == 0:
        return 0
    seat = (leader + len(trick)) % n
    results = []
    for c in _legal(hands[seat], trick, broken):
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == n:
            w = (leader + _winner(trick)) % n
            nb = broken or any(x // 13 == 3 for x in trick)
            v = (count >> w & 1) + _value(hands, w, [], nb, count, maxi)
        else:
            v = _value(hands, leader, trick, broken, count, maxi)
        trick.pop()
        hands[seat] ^= 1 << c
        results.append(v)
    return max(results) if maxi >> seat & 1 else min(results)


def minimax_values(position: Position, count: int, maximizers: int) -> dict[int, int]:
    """``{card id: counted tricks}`` for every legal card of the seat to play.

    ``count`` and ``maximizers`` are seat bit masks, as in
    :func:`spades.solver.card_values_masks`.
    """
    hands = list(position.hands)
    trick = list(position.trick)
    n = position.nseat
    seat = position.to_play
    out = {}
    for c in _legal(hands[seat], trick, position.spades_broken):
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == n:
            w = (position.leader + _winner(trick)) % n
            nb = position.spades_broken or any(x // 13 == 3 for x in trick)
            v = (count >> w & 1) + _value(hands, w, [], nb, count, maximizers)
        else:
            v = _value(hands, position.leader, trick, position.spades_broken, count, maximizers)
        trick.pop()
        hands[seat] ^= 1 << c
        out[c] = v
    return out


def minimax_value(position: Position, count: int, maximizers: int) -> int:
    """The value of the position with best play by the seat to play."""
    values = minimax_values(position, count, maximizers).values()
    return max(values) if maximizers >> position.to_play & 1 else min(values)
