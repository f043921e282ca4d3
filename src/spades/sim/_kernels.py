"""The play loop of the vectorised random simulator, in numpy and in numba.

Both kernels consume the same uniform numbers in the same way, so they give
identical results: at play step ``k`` of hand ``h`` the seat to act plays the
``floor(u[h, k] * L)``-th of its ``L`` legal cards in card-id order.

The rules used here are only those of the play: follow suit if able, spades
may not be led before they are broken unless the leader holds only spades
(when ``must_break``), a spade on the trick wins (highest spade), else the
highest card of the suit led, and the winner leads.  The differential test
(tests/test_sim.py) replays every simulated hand through :class:`spades.Game`,
checking each card's legality, the number of legal cards at each step, the
tricks and the points.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["HAVE_NUMBA", "play_numba", "play_numpy"]

_SUIT_MASKS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], np.int64)
_NON_SPADES = np.int64((1 << 39) - 1)
_BYTE_SHIFTS = np.arange(0, 56, 8, dtype=np.int64)  # 7 bytes hold the 52 card bits
#: set bits per byte value, and the position of the r-th set bit of a byte value
_POP8 = np.array([bin(v).count("1") for v in range(256)], np.int64)
_SEL8 = np.zeros((256, 8), np.int64)
for _v in range(256):
    for _r, _bit in enumerate(b for b in range(8) if _v >> b & 1):
        _SEL8[_v, _r] = _bit


def to_masks(hands: np.ndarray) -> np.ndarray:
    """Bool hands (B, n, 52) as 52-bit integer masks (B, n)."""
    weights = np.int64(1) << np.arange(52, dtype=np.int64)
    masks: np.ndarray = (hands.astype(np.int64) * weights).sum(axis=2)
    return masks


def play_numpy(hands: np.ndarray, leader: np.ndarray, u: np.ndarray, must_break: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play out ``hands`` (bool, shape (B, n, 52)) from ``leader`` (B,).

    Returns ``plays`` (B, T*n) card ids in play order, ``nlegal`` (B, T*n)
    the number of legal cards at each play, and ``tricks`` (B, n).  Vectorised
    over hands on 52-bit masks; the k-th legal card is found through per-byte
    bit counts.
    """
    b, n, _ = hands.shape
    masks = to_masks(hands)
    steps = u.shape[1]
    t_count = steps // n
    rows = np.arange(b)
    plays = np.zeros((b, steps), np.int8)
    nlegal = np.zeros((b, steps), np.int8)
    tricks = np.zeros((b, n), np.int8)
    broken = np.zeros(b, bool)
    lead = leader.astype(np.int64).copy()
    one = np.int64(1)
    step = 0
    for _t in range(t_count):
        seat = lead.copy()
        led_suit = np.zeros(b, np.int64)
        best = np.zeros(b, np.int64)
        best_pos = np.zeros(b, np.int64)
        for pos in range(n):
            hand = masks[rows, seat]
            if pos == 0:
                legal = hand
                if must_break:
                    others = hand & _NON_SPADES
                    legal = np.where((others != 0) & ~broken, others, hand)
            else:
                follow = hand & _SUIT_MASKS[led_suit]
                legal = np.where(follow != 0, follow, hand)
            octets = (legal[:, None] >> _BYTE_SHIFTS[None, :]) & 0xFF
            pop = _POP8[octets]
            cum = pop.cumsum(axis=1)
            count = cum[:, -1]
            k = np.minimum((u[:, step] * count).astype(np.int64), count - 1)
            at = np.argmax(cum > k[:, None], axis=1)
            within = k - (cum[rows, at] - pop[rows, at])
            card = at * 8 + _SEL8[octets[rows, at], within]
            masks[rows, seat] = hand & ~(one << card)
            plays[:, step] = card
            nlegal[:, step] = count
            broken |= card >= 39
            if pos == 0:
                led_suit = card // 13
                best = card
            else:
                same = (card // 13) == (best // 13)
                wins = np.where(same, card > best, card >= 39)
                best = np.where(wins, card, best)
                best_pos = np.where(wins, pos, best_pos)
            seat = (seat + 1) % n
            step += 1
        winner = (lead + best_pos) % n
        tricks[rows, winner] += 1
        lead = winner
    return plays, nlegal, tricks


numba: Any
try:  # pragma: no cover - depends on the environment
    import numba

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover
    numba = None
    HAVE_NUMBA = False


def _play_loop(masks: np.ndarray, leader: np.ndarray, u: np.ndarray, must_break: bool,
               plays: np.ndarray, nlegal: np.ndarray, tricks: np.ndarray) -> None:
    b, n = masks.shape
    steps = u.shape[1]
    t_count = steps // n
    suit_mask = (1 << 13) - 1
    others = (np.int64(1) << 39) - 1
    for h in range(b):
        lead = leader[h]
        broken = False
        step = 0
        for _t in range(t_count):
            seat = lead
            led = 0
            best = 0
            best_pos = 0
            for pos in range(n):
                hand = masks[h, seat]
                if pos == 0:
                    legal = hand
                    if must_break and not broken and (hand & others) != 0:
                        legal = hand & others
                else:
                    follow = hand & (np.int64(suit_mask) << (13 * led))
                    legal = follow if follow != 0 else hand
                count = 0
                x = legal
                while x != 0:
                    x &= x - 1
                    count += 1
                k = int(u[h, step] * count)
                if k >= count:
                    k = count - 1
                x = legal
                card = 0
                for _i in range(k):
                    x &= x - 1
                low = x & -x
                while (np.int64(1) << card) != low:
                    card += 1
                masks[h, seat] = hand & ~low
                plays[h, step] = card
                nlegal[h, step] = count
                if card >= 39:
                    broken = True
                if pos == 0:
                    led = card // 13
                    best = card
                else:
                    if card // 13 == best // 13:
                        if card > best:
                            best = card
                            best_pos = pos
                    elif card >= 39:
                        best = card
                        best_pos = pos
                seat = (seat + 1) % n
                step += 1
            winner = (lead + best_pos) % n
            tricks[h, winner] += 1
            lead = winner


_jit_loop: Any = None


def play_numba(hands: np.ndarray, leader: np.ndarray, u: np.ndarray, must_break: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`play_numpy` compiled with numba (same inputs, same results)."""
    global _jit_loop
    if not HAVE_NUMBA:
        raise ImportError("numba is not installed: use backend='numpy' (or install the 'fast' extra)")
    if _jit_loop is None:
        _jit_loop = numba.njit(cache=True)(_play_loop)
    b, n, _ = hands.shape
    masks = to_masks(hands)
    steps = u.shape[1]
    plays = np.zeros((b, steps), np.int8)
    nlegal = np.zeros((b, steps), np.int8)
    tricks = np.zeros((b, n), np.int8)
    _jit_loop(masks, leader.astype(np.int64), u, must_break, plays, nlegal, tricks)
    return plays, nlegal, tricks
