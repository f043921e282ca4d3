"""A plain exhaustive minimax, written for clarity rather than speed.

It tries every legal card at every turn (no pruning, no transposition table,
no equivalent cards) and is the specification the fast kernel is tested
against on small positions.  Do not use it beyond about five cards a hand.

It reads the pack's order from the position's :class:`~spades.core.deck.Deck` (play suit
and power of each card id), never from the kernel's card layout, so it checks the
translation of every deck of RULES.md section 7 as well as the search.
"""

from __future__ import annotations

from ..core.deck import Deck
from .layout import deck_legal
from .position import Position

__all__ = ["minimax_value", "minimax_values"]


def _legal(deck: Deck, hand: int, trick: list[int], broken: bool) -> list[int]:
    """The legal cards, with the spades-breaking rule applied (as the solver always does)."""
    pool = deck_legal(deck, hand, deck.suit_of[trick[0]] if trick else None, broken)
    return [c for c in range(54) if pool >> c & 1]


def _after(deck: Deck, trick: list[int], leader: int, broken: bool) -> tuple[int, bool]:
    """The winner of a full trick and whether spades are broken after it."""
    n = len(trick)
    return (leader + deck.trick_winner(trick)) % n, broken or any(deck.suit_of[x] == 3 for x in trick)


def _value(
    deck: Deck, hands: list[int], leader: int, trick: list[int], broken: bool, count: int, maxi: int
) -> int:
    n = len(hands)
    if not trick and hands[leader] == 0:
        return 0
    seat = (leader + len(trick)) % n
    results = []
    for c in _legal(deck, hands[seat], trick, broken):
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == n:
            w, nb = _after(deck, trick, leader, broken)
            v = (count >> w & 1) + _value(deck, hands, w, [], nb, count, maxi)
        else:
            v = _value(deck, hands, leader, trick, broken, count, maxi)
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
    deck = position.deck
    out = {}
    for c in _legal(deck, hands[seat], trick, position.spades_broken):
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == n:
            w, nb = _after(deck, trick, position.leader, position.spades_broken)
            v = (count >> w & 1) + _value(deck, hands, w, [], nb, count, maximizers)
        else:
            v = _value(deck, hands, position.leader, trick, position.spades_broken, count, maximizers)
        trick.pop()
        hands[seat] ^= 1 << c
        out[c] = v
    return out


def minimax_value(position: Position, count: int, maximizers: int) -> int:
    """The value of the position with best play by the seat to play."""
    values = minimax_values(position, count, maximizers).values()
    return max(values) if maximizers >> position.to_play & 1 else min(values)
