"""A plain exhaustive minimax, written for clarity rather than speed.

It tries every legal card at every turn (no pruning, no transposition table,
no equivalent cards) and is the specification the fast kernel is tested
against on small positions.  Do not use it beyond about five cards a hand.
"""

from __future__ import annotations

from ..core import legal_mask
from ..core import trick_winner as _winner
from .position import Position

__all__ = ["minimax_value", "minimax_values"]


def _legal(hand: int, trick: list[int], broken: bool) -> list[int]:
    """The legal cards, with the spades-breaking rule applied (as the solver always does)."""
    pool = legal_mask(hand, trick[0] // 13 if trick else None, True, broken)
    return [c for c in range(52) if pool >> c & 1]


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
