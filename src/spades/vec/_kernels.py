# mypy: disable-error-code="no-any-return, assignment, call-arg, return-value"
"""The compiled core of :class:`spades.vec.VecEnv`: every rule of a hand, on arrays.

State lives in a few integer arrays (one row per game) so that one call steps
every game.  The functions mirror :class:`spades.game.Game` rule for rule
(deal, two-player draw, blind nil, bids with a side cap, the blind-nil
exchange, the two-player redraw, play, scoring, the end of the game); the
differential test (tests/test_vec.py) replays random games action by action
through the engine and compares legal masks, observations, scores and rewards.

Numba compiles them when it is installed (``cache=True``: once per machine);
without numba they run as plain Python (correct, slow).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

F = TypeVar("F", bound=Callable[..., Any])

try:  # pragma: no cover - depends on the environment
    import numba

    if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        raise ImportError("numba's JIT is disabled (NUMBA_DISABLE_JIT)")
    HAVE_NUMBA = True

    def jit(fn: F) -> F:
        out: F = numba.njit(cache=True, error_model="numpy")(fn)
        return out

    def inline(fn: F) -> F:
        out: F = numba.njit(cache=True, inline="always", error_model="numpy")(fn)
        return out

    def pjit(fn: F) -> F:
        """Compiled with numba's parallel loops (``prange`` runs on numba's threads)."""
        out: F = numba.njit(cache=True, parallel=True, error_model="numpy")(fn)
        return out

    prange = numba.prange

    from numba.cpython.unsafe.numbers import trailing_zeros as _tz

    @jit
    def _lowbit_index(x: int) -> int:
        """Index of the lowest set bit of x (x != 0)."""
        return int(_tz(x))

    from llvmlite import ir as _ir  # type: ignore[import-untyped]
    from numba.core import cgutils as _cg
    from numba.core import types as _types
    from numba.extending import intrinsic as _intrinsic

    @_intrinsic
    def _prefetch(typingctx: Any, arr: Any, idx: Any) -> Any:
        """Ask the processor to bring the cache line of ``arr[idx]`` (1-D) in for writing
        (LLVM's ``prefetch``; a hint, no effect on the results)."""
        sig = _types.void(arr, idx)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            aryty = signature.args[0]
            ary = context.make_array(aryty)(context, builder, args[0])
            ptr = _cg.get_item_pointer(  # type: ignore[no-untyped-call]
                context, builder, aryty, ary, [args[1]], wraparound=False
            )
            byte_ptr = _ir.IntType(8).as_pointer()
            i32 = _ir.IntType(32)
            signature_ir = _ir.FunctionType(_ir.VoidType(), [byte_ptr, i32, i32, i32])
            fn = _cg.get_or_insert_function(  # type: ignore[no-untyped-call]
                builder.module, signature_ir, "llvm.prefetch.p0i8"
            )
            builder.call(fn, [builder.bitcast(ptr, byte_ptr), i32(1), i32(3), i32(1)])
            return context.get_dummy_value()

        return sig, codegen

except ImportError:  # pragma: no cover
    HAVE_NUMBA = False

    def jit(fn: F) -> F:
        return fn

    inline = jit
    pjit = jit
    prange = range  # type: ignore[misc]

    def _prefetch(arr: Any, idx: int) -> None:  # type: ignore[misc]
        """A hint for compiled code; nothing to do in Python."""

    def _lowbit_index(x: int) -> int:
        """Index of the lowest set bit of x (x != 0)."""
        return (int(x) & -int(x)).bit_length() - 1


# -- layout of the state arrays --------------------------------------------------

# st: int64 [n, NST], per-game scalars
PHASE, TO_ACT, DEALER, FIRST_DEALER, BID_POS, LEADER, TRICK_LEN, NDONE, BROKEN = range(9)
STOCK_POS, PILE, PENDING, NPEND, EX_LEN, EX_POS, RQ_LEN, RQ_POS, HANDS_PLAYED = range(9, 18)
TRICK0 = 18  # 4 cards of the trick in play order
EX0 = 22  # 4 exchange steps: giver, receiver
RQ0 = 30  # 2 seats of the redraw queue
LAST_TAKE = 32  # replacement cards of the last redraw (for records)
NEW_HAND = 33  # 1 when the last step started a hand (for records)
REDRAW_NOW = 34  # 1 when the last step completed a two-player redraw (for records)
TRUNC = 35  # 1 when the last step ended the game at the max_hands cap
#: the seat that acted and the phase it acted in, for a step other than a card within a
#: hand (what :func:`_seats_after` reads)
LAST_SEAT, LAST_PHASE = 36, 37
NST = 38

# sa: int64 [n, NSA, 4], per-seat values
HAND, BID, LOOKED, DECIDED, BLIND_OPEN, WON, PLAYED, PASSED, RECEIVED, DISCARDS, REDRAWN, RCOUNT = range(12)
#: per seat, the 4-bit mask of suits it has shown it lacks this hand (for the compiled bots:
#: spades.bots.knowledge.Knowledge.voids)
VOIDS = 12
NSA = 13

# sides: int64 [n, 2, 4]: running score and bags per side
SCORE, BAGS = 0, 1

# rule parameters, int64 [NP]
(P_N, P_VARIANT, P_TRICKS, P_DECK, P_NIL, P_NIL_BONUS, P_BLIND, P_BN_BONUS, P_EXCH, P_MIN_DEFICIT,
 P_BAG_LIMIT, P_BAG_PENALTY, P_BOSTON_BONUS, P_BOSTON_WINS, P_MUST_BREAK, P_MAX_SIDE_BID, P_NIL_PARTNER,
 P_HANDS, P_FIRST_DEALER, P_TARGET, P_LOSING, P_HAS_LOSING, P_PARTNERS, P_DRAW, P_HAS_EXCHANGE,
 P_SIDES, P_REWARD_WIN, P_MAX_HANDS) = range(28)
NP = 28

# phases: the indices of spades.observation.PHASES
PH_DRAW, PH_BLIND, PH_BID, PH_EXCHANGE, PH_REDRAW, PH_PLAY, PH_OVER = 1, 2, 3, 4, 5, 6, 7

# bids as stored: 0..17 tricks (0 = nil), 18 blind nil, 19 none yet
BLIND_BID = 18
NO_BID = 19

# action ids (spades.action_space)
A_BID = 52
A_BLIND = 70
A_LOOK = 71
A_KEEP = 72
A_REJECT = 73
A_DONE = 74
NUM_ACTIONS = 75
#: an action of -1 leaves its game as it is for this step (VecEnv.step: the game waits)
SKIP = -1

NON_SPADES = (1 << 39) - 1
#: byte value -> 8 bytes of 0/1, one per bit (little endian), as a uint64
BYTE_SPREAD = np.array([sum(((v >> j) & 1) << (8 * j) for j in range(8)) for v in range(256)], np.uint64)
SUIT_BITS = (1 << 13) - 1

# observation offsets, filled in by spades.vec from spades.observation.OFFSETS
# (passed to the kernels as an array so that one layout serves both)
(O_VARIANT, O_PHASE, O_TO_ACT, O_DEALER, O_HAND_KNOWN, O_BN_OPEN, O_HAND, O_PENDING, O_DRAW_CARD, O_PASSED,
 O_RECEIVED, O_DISCARDS, O_REDRAWN, O_BIDS, O_WON, O_PLAYED, O_TRICK, O_LEADER, O_SIZES, O_BROKEN,
 O_STOCK, O_RCOUNTS, O_EX_GIVER, O_EX_RECEIVER, O_SCORES, O_BAGS, O_HANDS_PLAYED) = range(27)
NO = 27


# -- random numbers: splitmix64 per game ---------------------------------------------


@inline
def _next_u64_jit(rng: np.ndarray, i: int) -> np.uint64:
    x = rng[i] + np.uint64(0x9E3779B97F4A7C15)
    rng[i] = x
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


_M64 = (1 << 64) - 1


def _next_u64_py(rng: np.ndarray, i: int) -> int:
    """splitmix64 on Python integers (no numba: numpy scalars would warn on overflow)."""
    x = (int(rng[i]) + 0x9E3779B97F4A7C15) & _M64
    rng[i] = x
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


_next_u64 = _next_u64_jit if HAVE_NUMBA else _next_u64_py


@inline
def _below(rng: np.ndarray, i: int, k: int) -> int:
    """A uniform integer in [0, k)."""
    if k <= 0:
        return 0
    if not HAVE_NUMBA:
        return (_next_u64_py(rng, i) >> 11) * k >> 53
    return np.int64(((_next_u64(rng, i) >> np.uint64(11)) * np.uint64(k)) >> np.uint64(53))


# -- bits ---------------------------------------------------------------------------------


@inline
def _popcount_jit(x: int) -> int:
    """Set bits of a 64-bit word (SWAR, shifts and adds only: a multiplication that
    overflows is undefined for numba's integers, and LLVM once miscompiled a comparison
    of such a count: ``n >= 4`` was true for n = 2)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def _popcount_py(x: int) -> int:
    return int(x).bit_count()


_popcount = _popcount_jit if HAVE_NUMBA else _popcount_py


@inline
def _nth_bit(x: int, k: int) -> int:
    """Index of the k-th (from 0) set bit of x."""
    for _ in range(k):
        x &= x - 1
    return _lowbit_index(x)


# -- a hand ---------------------------------------------------------------------------------


@inline
def _rel(x: int, me: int, n: int) -> int:
    """(x - me) % n for seats x, me in [0, n), without a division."""
    d = x - me
    return d + n if d < 0 else d


@inline
def _wrap(x: int, n: int) -> int:
    """x % n for x in [0, 2n), without a division."""
    return x - n if x >= n else x


@inline
def _side_of(p: np.ndarray, seat: int) -> int:
    return seat % 2 if p[P_PARTNERS] else seat


@inline
def _blind_allowed(p: np.ndarray, sides: np.ndarray, i: int, seat: int) -> bool:
    if p[P_BLIND] == 0:
        return False
    need = p[P_MIN_DEFICIT]
    if need <= 0:
        return True
    side = _side_of(p, seat)
    best = -(1 << 40)
    for s in range(p[P_SIDES]):
        if s != side and sides[i, SCORE, s] > best:
            best = sides[i, SCORE, s]
    return best - sides[i, SCORE, side] >= need


@inline
def _next_bidder(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> None:
    n = p[P_N]
    while st[i, BID_POS] < n and sa[i, BID, (st[i, DEALER] + 1 + st[i, BID_POS]) % n] != NO_BID:
        st[i, BID_POS] += 1
    if st[i, BID_POS] == n:
        _after_bidding(p, st, sa, i)
        return
    seat = (st[i, DEALER] + 1 + st[i, BID_POS]) % n
    st[i, TO_ACT] = seat
    st[i, PHASE] = PH_BID if sa[i, LOOKED, seat] else PH_BLIND


@inline
def _after_bidding(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> None:
    if p[P_HAS_EXCHANGE]:
        k = 0
        for j in range(4):
            seat = (st[i, DEALER] + 1 + j) % 4
            partner = (seat + 2) % 4
            if sa[i, BID, seat] == BLIND_BID and sa[i, BID, partner] != BLIND_BID:
                st[i, EX0 + 2 * k] = partner
                st[i, EX0 + 2 * k + 1] = seat
                st[i, EX0 + 2 * k + 2] = seat
                st[i, EX0 + 2 * k + 3] = partner
                k += 2
        if k > 0:
            st[i, EX_LEN] = k
            st[i, EX_POS] = 0
            st[i, PHASE] = PH_EXCHANGE
            st[i, TO_ACT] = st[i, EX0]
            return
    _start_play(p, st, sa, i)


@inline
def _start_play(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> None:
    for s in range(p[P_N]):
        sa[i, LOOKED, s] = 1
    st[i, LEADER] = (st[i, DEALER] + 1) % p[P_N]
    st[i, TO_ACT] = st[i, LEADER]
    st[i, PHASE] = PH_PLAY


@inline
def _start_hand(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                rng: np.ndarray, i: int) -> None:
    n = p[P_N]
    size = p[P_DECK]
    first = 52 - size
    for j in range(size):
        deck[i, j] = first + j
    for j in range(size - 1, 0, -1):  # Fisher-Yates
        r = _below(rng, i, j + 1)
        tmp = deck[i, j]
        deck[i, j] = deck[i, r]
        deck[i, r] = tmp
    for f in range(NSA):
        for s in range(4):
            sa[i, f, s] = 0
    for s in range(n):
        sa[i, BID, s] = NO_BID
        sa[i, BLIND_OPEN, s] = 1 if _blind_allowed(p, sides, i, s) else 0
    st[i, BID_POS] = 0
    st[i, LEADER] = -1
    st[i, TRICK_LEN] = 0
    st[i, NDONE] = 0
    st[i, BROKEN] = 0
    st[i, STOCK_POS] = 0
    st[i, PILE] = 0
    st[i, PENDING] = 0
    st[i, NPEND] = 0
    st[i, EX_LEN] = 0
    st[i, EX_POS] = 0
    st[i, RQ_LEN] = 0
    st[i, RQ_POS] = 0
    st[i, NEW_HAND] = 1
    dealer = st[i, DEALER]
    if p[P_DRAW]:
        for s in range(n):
            sa[i, LOOKED, s] = 1
            sa[i, DECIDED, s] = 1 - sa[i, BLIND_OPEN, s]
        st[i, TO_ACT] = dealer
        st[i, PHASE] = PH_DRAW if sa[i, DECIDED, dealer] else PH_BLIND
    else:
        seat = _wrap(dealer + 1, n)
        for j in range(size):
            sa[i, HAND, seat] |= 1 << deck[i, j]
            seat = _wrap(seat + 1, n)
        for s in range(n):
            sa[i, LOOKED, s] = 1 - sa[i, BLIND_OPEN, s]
            sa[i, DECIDED, s] = sa[i, LOOKED, s]
        _next_bidder(p, st, sa, i)


@jit
def new_game(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
             rng: np.ndarray, i: int) -> None:
    """Start a new game in row ``i``: scores 0, a first dealer, the first hand dealt."""
    for s in range(4):
        sides[i, SCORE, s] = 0
        sides[i, BAGS, s] = 0
    st[i, HANDS_PLAYED] = 0
    dealer = p[P_FIRST_DEALER]
    if dealer < 0:
        dealer = _below(rng, i, p[P_N])
    st[i, DEALER] = dealer
    st[i, FIRST_DEALER] = dealer
    _start_hand(p, st, sa, sides, deck, rng, i)


@inline
def _bid_range_hi(p: np.ndarray, sa: np.ndarray, i: int, seat: int) -> int:
    lo = 0 if p[P_NIL] else 1
    hi = p[P_TRICKS]
    cap = p[P_MAX_SIDE_BID]
    if cap >= 0 and p[P_PARTNERS]:
        pb = sa[i, BID, (seat + 2) % 4]
        if pb == NO_BID:
            limit = cap if p[P_NIL] else cap - 1
        else:
            limit = cap - (0 if pb == BLIND_BID else pb)
        if limit < hi:
            hi = limit
    return hi if hi > lo else lo


@inline
def _legal_cards(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> int:
    seat = st[i, TO_ACT]
    hand = sa[i, HAND, seat]
    if st[i, TRICK_LEN] > 0:
        led = st[i, TRICK0] // 13
        follow = hand & (SUIT_BITS << (13 * led))
        if follow != 0:
            return follow
        return hand
    if p[P_MUST_BREAK] and st[i, BROKEN] == 0 and (hand & NON_SPADES) != 0:
        return hand & NON_SPADES
    return hand


@inline
def write_mask(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, out: np.ndarray, legal: np.ndarray,
               bits: np.ndarray) -> None:
    """The legal action ids of row ``i``'s seat to act, three times: as 0/1 bytes in
    row ``i`` of ``out`` (10 uint64 words, 80 bytes: ids 0-74, then padding), and as
    two 64-bit words of bits (ids 0-63, ids 64-74 from bit 0) in rows ``i`` of
    ``legal`` (the kernels' own copy, which the next step checks actions against)
    and of ``bits`` (the users').  (Rows are indexed, not sliced: a slice is a new
    array object with reference counting.)"""
    phase = st[i, PHASE]
    cards = 0
    if phase == PH_PLAY:
        cards = _legal_cards(p, st, sa, i)
    elif phase in (PH_EXCHANGE, PH_REDRAW):
        cards = sa[i, HAND, st[i, TO_ACT]] & ~st[i, PENDING]
    # ids 52-74 as bits 52-74 of a 128-bit pair (lo: 0-63, hi: 64-79)
    lo = cards
    hi = 0
    if phase == PH_BID:
        first = 0 if p[P_NIL] else 1
        last = _bid_range_hi(p, sa, i, st[i, TO_ACT])
        for b in range(first, last + 1):
            bit = A_BID + b
            if bit < 64:
                lo |= 1 << bit
            else:
                hi |= 1 << (bit - 64)
    elif phase == PH_BLIND:
        hi |= (1 << (A_BLIND - 64)) | (1 << (A_LOOK - 64))
    elif phase == PH_DRAW:
        hi |= (1 << (A_KEEP - 64)) | (1 << (A_REJECT - 64))
    elif phase == PH_REDRAW:
        hi |= 1 << (A_DONE - 64)
    if not HAVE_NUMBA and lo >> 63:
        lo -= 1 << 64  # plain Python: the int64 that numba's arithmetic wraps to
    legal[i, 0] = lo
    legal[i, 1] = hi
    bits[i, 0] = lo
    bits[i, 1] = hi
    for w in range(8):
        out[i, w] = BYTE_SPREAD[(lo >> (8 * w)) & 0xFF]
    out[i, 8] = BYTE_SPREAD[hi & 0xFF]
    out[i, 9] = BYTE_SPREAD[(hi >> 8) & 0xFF]


@inline
def _score_hand(p: np.ndarray, sa: np.ndarray, sides: np.ndarray, i: int, scr: np.ndarray) -> None:
    """Add the hand's points and bags to the running totals (spades.scoring.score_hand);
    ``scr[i, side]`` receives the change, ``scr[i, 4 + side]`` whether the side took
    every trick (row ``i`` of a scratch array: no allocation per hand, and rows
    stepped on different threads do not share it)."""
    tricks = p[P_TRICKS]
    for side in range(p[P_SIDES]):
        contract = 0
        counted = 0
        free_bags = 0
        nil_points = 0
        side_tricks = 0
        seats = 2 if p[P_PARTNERS] else 1
        for j in range(seats):
            s = side + 2 * j
            b = sa[i, BID, s]
            won = sa[i, WON, s]
            side_tricks += won
            if b == 0 or b == BLIND_BID:
                bonus = p[P_BN_BONUS] if b == BLIND_BID else p[P_NIL_BONUS]
                nil_points += bonus if won == 0 else -bonus
                if p[P_NIL_PARTNER]:
                    counted += won
                else:
                    free_bags += won
            else:
                contract += b
                counted += won
        if contract > 0:
            if counted >= contract:
                over = counted - contract
                cpts = 10 * contract + over
            else:
                over = 0
                cpts = -10 * contract
        else:
            over = counted
            cpts = counted
        total = sides[i, BAGS, side] + over + free_bags
        pens = 0
        if p[P_BAG_PENALTY] > 0:
            pens = total // p[P_BAG_LIMIT]
            total = total % p[P_BAG_LIMIT]
        boston = side_tricks == tricks
        scr[i, 4 + side] = boston
        bpts = p[P_BOSTON_BONUS] if boston else 0
        pts = cpts + nil_points - pens * p[P_BAG_PENALTY] + bpts
        scr[i, side] = pts
        sides[i, SCORE, side] += pts
        sides[i, BAGS, side] = total


@inline
def _end_hand(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
              rng: np.ndarray, i: int, rewards: np.ndarray, scr: np.ndarray) -> bool:
    """Score the hand, write rewards; returns True when the game is over."""
    _score_hand(p, sa, sides, i, scr)
    n = p[P_N]
    ns = p[P_SIDES]
    st[i, HANDS_PLAYED] += 1
    # the game's result (Game._game_result)
    over = False
    winner = -1
    if p[P_BOSTON_WINS]:
        for s in range(ns):
            if scr[i, 4 + s]:
                over = True
                winner = s
                break
    if not over:
        top = sides[i, SCORE, 0]
        low = top
        for s in range(1, ns):
            v = sides[i, SCORE, s]
            if v > top:
                top = v
            if v < low:
                low = v
        count = 0
        arg = -1
        for s in range(ns):
            if sides[i, SCORE, s] == top:
                count += 1
                if arg < 0:
                    arg = s
        unique = count == 1
        if p[P_HANDS] > 0 and st[i, HANDS_PLAYED] >= p[P_HANDS]:
            over = True
            winner = arg if unique else -1
        else:
            reached = top >= p[P_TARGET] or (p[P_HAS_LOSING] == 1 and low <= p[P_LOSING])
            if reached and unique:
                over = True
                winner = arg
            elif p[P_MAX_HANDS] > 0 and st[i, HANDS_PLAYED] >= p[P_MAX_HANDS]:
                over = True  # cut short: no winner
                st[i, TRUNC] = 1
    if p[P_REWARD_WIN]:
        if over:
            for s in range(n):
                if winner < 0:
                    rewards[i, s] = 0.0
                else:
                    rewards[i, s] = 1.0 if _side_of(p, s) == winner else -1.0
    else:
        for s in range(n):
            rewards[i, s] = scr[i, _side_of(p, s)]
    if over:
        st[i, PHASE] = PH_OVER
        st[i, TO_ACT] = -1
        return True
    st[i, DEALER] = (st[i, DEALER] + 1) % n
    _start_hand(p, st, sa, sides, deck, rng, i)
    return False


@inline
def _finish_trick(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> None:
    n = p[P_N]
    best = st[i, TRICK0]
    best_pos = 0
    for j in range(1, n):
        c = st[i, TRICK0 + j]
        if c // 13 == best // 13:
            if c > best:
                best = c
                best_pos = j
        elif c >= 39:
            best = c
            best_pos = j
    winner = _wrap(st[i, LEADER] + best_pos, n)
    sa[i, WON, winner] += 1
    st[i, NDONE] += 1
    st[i, TRICK_LEN] = 0
    st[i, LEADER] = winner
    st[i, TO_ACT] = winner


@inline
def _next_redraw(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> None:
    if st[i, RQ_POS] < st[i, RQ_LEN]:
        st[i, TO_ACT] = st[i, RQ0 + st[i, RQ_POS]]
        st[i, RQ_POS] += 1
        st[i, PHASE] = PH_REDRAW
    else:
        for s in range(p[P_N]):
            sa[i, LOOKED, s] = 1
        _next_bidder(p, st, sa, i)


@inline
def _note_void(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, seat: int, a: int, tl: int) -> None:
    """Record what card ``a``, played by ``seat`` at position ``tl`` of the trick, shows
    about its hand (Knowledge._scan_trick): not following the suit led, a void in it;
    a spade led before spades were broken (the rule on), nothing but spades."""
    if tl > 0:
        if a // 13 != st[i, TRICK0] // 13:
            sa[i, VOIDS, seat] |= 1 << (st[i, TRICK0] // 13)
    elif a >= 39 and st[i, BROKEN] == 0 and p[P_MUST_BREAK]:
        sa[i, VOIDS, seat] |= 7


@inline
def _apply(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
           rng: np.ndarray, i: int, a: int, rewards: np.ndarray, scr: np.ndarray) -> bool:
    """Apply legal action ``a`` in row ``i``; returns True when the game ended."""
    phase = st[i, PHASE]
    seat = st[i, TO_ACT]
    n = p[P_N]
    if phase == PH_PLAY:
        _note_void(p, st, sa, i, seat, a, st[i, TRICK_LEN])
        sa[i, HAND, seat] &= ~(1 << a)
        sa[i, PLAYED, seat] |= 1 << a
        st[i, TRICK0 + st[i, TRICK_LEN]] = a
        st[i, TRICK_LEN] += 1
        if a >= 39:
            st[i, BROKEN] = 1
        if st[i, TRICK_LEN] < n:
            st[i, TO_ACT] = _wrap(seat + 1, n)
            return False
        _finish_trick(p, st, sa, i)
        if st[i, NDONE] == p[P_TRICKS]:
            return _end_hand(p, st, sa, sides, deck, rng, i, rewards, scr)
        return False
    if phase == PH_BID:
        sa[i, BID, seat] = a - A_BID
        st[i, BID_POS] += 1
        _next_bidder(p, st, sa, i)
    elif phase == PH_BLIND:
        sa[i, DECIDED, seat] = 1
        sa[i, LOOKED, seat] = 1
        if a == A_BLIND:
            sa[i, BID, seat] = BLIND_BID
        if p[P_DRAW]:
            st[i, PHASE] = PH_DRAW
        elif a == A_BLIND:
            st[i, BID_POS] += 1
            _next_bidder(p, st, sa, i)
        else:
            st[i, PHASE] = PH_BID
    elif phase == PH_DRAW:
        pos = st[i, STOCK_POS]
        top = deck[i, pos]
        nxt = deck[i, pos + 1]
        kept = top if a == A_KEEP else nxt
        dropped = nxt if a == A_KEEP else top
        sa[i, HAND, seat] |= 1 << kept
        sa[i, DISCARDS, seat] |= 1 << dropped
        st[i, PILE] |= 1 << dropped
        st[i, STOCK_POS] = pos + 2
        if pos + 2 >= p[P_DECK]:
            for s in range(n):
                sa[i, LOOKED, s] = 1
            k = 0
            if p[P_EXCH] > 0:
                for j in range(n):
                    s = (st[i, DEALER] + 1 + j) % n
                    if sa[i, BID, s] != NO_BID:
                        st[i, RQ0 + k] = s
                        k += 1
            st[i, RQ_LEN] = k
            st[i, RQ_POS] = 0
            _next_redraw(p, st, sa, i)
        else:
            other = 1 - seat
            st[i, TO_ACT] = other
            st[i, PHASE] = PH_DRAW if sa[i, DECIDED, other] else PH_BLIND
    elif phase == PH_EXCHANGE:
        st[i, PENDING] |= 1 << a
        st[i, NPEND] += 1
        if st[i, NPEND] == p[P_EXCH]:
            pos = st[i, EX_POS]
            giver = st[i, EX0 + 2 * pos]
            receiver = st[i, EX0 + 2 * pos + 1]
            mask = st[i, PENDING]
            sa[i, HAND, giver] &= ~mask
            sa[i, HAND, receiver] |= mask
            sa[i, PASSED, giver] |= mask
            sa[i, RECEIVED, receiver] |= mask
            st[i, PENDING] = 0
            st[i, NPEND] = 0
            st[i, EX_POS] = pos + 1
            if pos + 1 == st[i, EX_LEN]:
                _start_play(p, st, sa, i)
            else:
                st[i, TO_ACT] = st[i, EX0 + 2 * (pos + 1)]
    elif phase == PH_REDRAW:
        if a != A_DONE:
            st[i, PENDING] |= 1 << a
            st[i, NPEND] += 1
        if a == A_DONE or st[i, NPEND] == p[P_EXCH]:
            mask = st[i, PENDING]
            k = st[i, NPEND]
            take = 0
            pile = st[i, PILE]
            for _ in range(k):
                c = _nth_bit(pile, _below(rng, i, _popcount(pile)))
                take |= 1 << c
                pile &= ~(1 << c)
            sa[i, HAND, seat] = (sa[i, HAND, seat] & ~mask) | take
            st[i, PILE] = (st[i, PILE] & ~take) | mask
            sa[i, DISCARDS, seat] |= mask
            sa[i, REDRAWN, seat] |= take
            sa[i, RCOUNT, seat] = k
            st[i, LAST_TAKE] = take
            st[i, REDRAW_NOW] = 1
            st[i, PENDING] = 0
            st[i, NPEND] = 0
            _next_redraw(p, st, sa, i)
    return False


@jit
def encode(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
           off: np.ndarray, i: int, me: int, obs: np.ndarray) -> None:
    """Row ``i`` seen by seat ``me``, written to ``obs[i]`` in the layout of
    :func:`spades.observation.encode` (with the seat's own pending exchange /
    redraw choice when it is to act)."""
    encode_row(p, st, sa, sides, deck, off, i, me, obs, i)


@jit
def encode_row(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
               off: np.ndarray, g: int, me: int, obs: np.ndarray, i: int) -> None:
    """Game ``g`` seen by seat ``me``, written to ``obs[i]`` (:func:`encode`)."""
    row = obs[i]
    if p[P_DRAW] or p[P_HAS_EXCHANGE]:
        row[:] = 0.0
    else:  # the span from "pending" to "redrawn" stays 0 without draws and exchanges: not touched
        row[:off[O_PENDING]] = 0.0
        row[off[O_BIDS]:] = 0.0
    n = p[P_N]
    partners = p[P_PARTNERS]
    row[off[O_VARIANT] + p[P_VARIANT]] = 1.0
    row[off[O_DEALER] + _rel(st[g, DEALER], me, n)] = 1.0
    target, limit = p[P_TARGET], p[P_BAG_LIMIT]
    scores, bags = off[O_SCORES], off[O_BAGS]
    seat = me
    for r in range(n):
        side = (seat & 1) if partners else seat
        row[scores + r] = sides[g, SCORE, side] / target
        row[bags + r] = sides[g, BAGS, side] / limit
        seat = _wrap(seat + 1, n)
    hp = st[g, HANDS_PLAYED]
    row[off[O_HANDS_PLAYED]] = (hp if hp < 100 else 100) / 100.0
    phase = st[g, PHASE]
    row[off[O_PHASE] + phase] = 1.0
    to_act = st[g, TO_ACT]
    if to_act >= 0:
        row[off[O_TO_ACT] + _rel(to_act, me, n)] = 1.0
    own = 0
    if sa[g, LOOKED, me]:
        row[off[O_HAND_KNOWN]] = 1.0
        own = sa[g, HAND, me]
    if sa[g, BLIND_OPEN, me] and not sa[g, DECIDED, me]:
        row[off[O_BN_OPEN]] = 1.0
    pending = 0
    if to_act == me:
        pending = st[g, PENDING]
        if phase == PH_DRAW:
            row[off[O_DRAW_CARD] + deck[g, st[g, STOCK_POS]]] = 1.0
    # the card sets, written out here: a helper taking the row (an array) costs numba
    # reference counting at every call, more than the writes (bench/vec-notes.md)
    for start, mask in ((off[O_HAND], own), (off[O_PENDING], pending), (off[O_PASSED], sa[g, PASSED, me]),
                        (off[O_RECEIVED], sa[g, RECEIVED, me]), (off[O_DISCARDS], sa[g, DISCARDS, me]),
                        (off[O_REDRAWN], sa[g, REDRAWN, me])):
        while mask != 0:
            low = mask & -mask
            row[start + _lowbit_index(low)] = 1.0
            mask ^= low
    bids, won, sizes, played = off[O_BIDS], off[O_WON], off[O_SIZES], off[O_PLAYED]
    r = _rel(0, me, n)
    for s in range(n):
        row[bids + r * 20 + sa[g, BID, s]] = 1.0
        row[won + r * 18 + sa[g, WON, s]] = 1.0
        row[sizes + r] = _popcount(sa[g, HAND, s]) / 17.0
        mask = sa[g, PLAYED, s]
        while mask != 0:
            low = mask & -mask
            row[played + r * 52 + _lowbit_index(low)] = 1.0
            mask ^= low
        r = _wrap(r + 1, n)
    tl = st[g, TRICK_LEN]
    trick = off[O_TRICK]
    for j in range(tl):
        row[trick + j * 52 + st[g, TRICK0 + j]] = 1.0
    if tl > 0:
        row[off[O_LEADER] + _rel(st[g, LEADER], me, n)] = 1.0
    if st[g, BROKEN]:
        row[off[O_BROKEN]] = 1.0
    if p[P_DRAW]:
        row[off[O_STOCK]] = (p[P_DECK] - st[g, STOCK_POS]) / 52.0
        for s in range(n):
            row[off[O_RCOUNTS] + _rel(s, me, n)] = sa[g, RCOUNT, s] / 4.0
    if phase == PH_EXCHANGE:
        pos = st[g, EX_POS]
        row[off[O_EX_GIVER] + _rel(st[g, EX0 + 2 * pos], me, n)] = 1.0
        row[off[O_EX_RECEIVER] + _rel(st[g, EX0 + 2 * pos + 1], me, n)] = 1.0


@inline
def _cards(obs: np.ndarray, i: int, start: int, mask: int) -> None:
    while mask != 0:
        low = mask & -mask
        obs[i, start + _lowbit_index(low)] = 1.0
        mask ^= low


@jit
def reset_all(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
              rng: np.ndarray, off: np.ndarray, obs: np.ndarray, mask: np.ndarray, legal: np.ndarray,
              bits: np.ndarray, player: np.ndarray, want_obs: bool) -> None:
    """Start a new game in every row and write the first observations and masks
    (:func:`write_mask`: ``mask`` as bytes, ``legal`` the kernels' own bits,
    ``bits`` the users')."""
    for i in range(st.shape[0]):
        new_game(p, st, sa, sides, deck, rng, i)
        player[i] = st[i, TO_ACT]
        write_mask(p, st, sa, i, mask, legal, bits)
        if want_obs:
            encode(p, st, sa, sides, deck, off, i, player[i], obs)


@inline
def _first_illegal(actions: np.ndarray, legal: np.ndarray) -> int:
    for i in range(actions.shape[0]):
        a = actions[i]
        if a == SKIP:
            continue
        if a < 0 or a >= NUM_ACTIONS:
            return i
        word = legal[i, 0] if a < 64 else legal[i, 1]
        if (word >> (a & 63)) & 1 == 0:
            return i
    return -1


@jit
def step_all(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
             rng: np.ndarray, off: np.ndarray, actions: np.ndarray, obs: np.ndarray, mask: np.ndarray,
             legal: np.ndarray, bits: np.ndarray, player: np.ndarray, rewards: np.ndarray, done: np.ndarray,
             scr: np.ndarray, want_obs: bool, seats: np.ndarray) -> int:
    """One action in every row.  Returns -1, or the first row whose action is
    illegal (then nothing was changed in any row).  ``want_obs``: write the seat to
    act's observation to ``obs``; ``seats`` (rows ``i * n + seat``, or no rows): keep
    every seat's observation current, writing only what the step changed
    (:func:`reset_seats`; tests/test_vec_seats.py compares them with :func:`encode`).

    The row's step is written out in the loop, not called as a helper: numba's
    inlining of a helper this size made the step about five times slower
    (bench/vec-notes.md).  :func:`step_all_parallel` has the same loop body
    (tests/test_vec.py checks that both play the same games)."""
    bad = _first_illegal(actions, legal)
    if bad >= 0:
        return bad
    n = p[P_N]
    games = st.shape[0]
    want_seats = seats.shape[0] > 0
    width = seats.shape[1]
    flat = seats.reshape(seats.shape[0] * width)
    to_act_at, hand_at, played_at, sizes_at = off[O_TO_ACT], off[O_HAND], off[O_PLAYED], off[O_SIZES]
    trick_at, leader_at, won_at, broken_at = off[O_TRICK], off[O_LEADER], off[O_WON], off[O_BROKEN]
    for i in range(games):
        if want_seats:
            ahead = i + PREFETCH_GAMES
            if ahead < games and actions[ahead] >= 0 and st[ahead, PHASE] == PH_PLAY:
                # the cache lines a later game's card will write, asked for now: the
                # rows of thousands of games do not stay cached from one step to the next
                r = st[ahead, TO_ACT]
                card = actions[ahead]
                base = ahead * n * width
                _prefetch(flat, base + r * width + hand_at + card)
                for _me in range(n):
                    _prefetch(flat, base + to_act_at)
                    _prefetch(flat, base + played_at + r * 52 + card)
                    _prefetch(flat, base + trick_at + st[ahead, TRICK_LEN] * 52 + card)
                    _prefetch(flat, base + sizes_at)
                    base += width
                    r = r - 1 if r > 0 else n - 1
        for s in range(rewards.shape[1]):
            rewards[i, s] = 0.0
        st[i, NEW_HAND] = 0
        st[i, REDRAW_NOW] = 0
        st[i, TRUNC] = 0
        a = actions[i]
        if a == SKIP:  # this game waits: unchanged, its buffers still hold its state
            done[i] = False
            continue
        tl = st[i, TRICK_LEN]
        if st[i, PHASE] == PH_PLAY and (tl + 1 < n or st[i, NDONE] + 1 < p[P_TRICKS]):
            # the common step, written out here (measured several times faster than
            # the general path below): a card that does not end the hand
            seat = st[i, TO_ACT]
            bit = 1 << a
            if tl > 0:
                if a // 13 != st[i, TRICK0] // 13:
                    sa[i, VOIDS, seat] |= 1 << (st[i, TRICK0] // 13)
            elif a >= 39 and st[i, BROKEN] == 0 and p[P_MUST_BREAK]:
                sa[i, VOIDS, seat] |= 7
            sa[i, HAND, seat] &= ~bit
            sa[i, PLAYED, seat] |= bit
            st[i, TRICK0 + tl] = a
            if a >= 39:
                st[i, BROKEN] = 1
            if tl + 1 < n:
                st[i, TRICK_LEN] = tl + 1
                nxt = _wrap(seat + 1, n)
                hand = sa[i, HAND, nxt]
                follow = hand & (SUIT_BITS << (13 * (st[i, TRICK0] // 13)))
                lo = follow if follow != 0 else hand
            else:
                best = st[i, TRICK0]
                best_pos = 0
                for j in range(1, n):
                    c = st[i, TRICK0 + j]
                    if c // 13 == best // 13:
                        if c > best:
                            best = c
                            best_pos = j
                    elif c >= 39:
                        best = c
                        best_pos = j
                nxt = _wrap(st[i, LEADER] + best_pos, n)
                sa[i, WON, nxt] += 1
                st[i, NDONE] += 1
                st[i, TRICK_LEN] = 0
                st[i, LEADER] = nxt
                hand = sa[i, HAND, nxt]
                lo = hand
                if p[P_MUST_BREAK] and st[i, BROKEN] == 0 and (hand & NON_SPADES) != 0:
                    lo = hand & NON_SPADES
            st[i, TO_ACT] = nxt
            player[i] = nxt
            done[i] = False
            legal[i, 0] = lo
            legal[i, 1] = 0
            bits[i, 0] = lo
            bits[i, 1] = 0
            for w in range(8):
                mask[i, w] = BYTE_SPREAD[(lo >> (8 * w)) & 0xFF]
            mask[i, 8] = 0
            mask[i, 9] = 0
            if want_obs:
                encode(p, st, sa, sides, deck, off, i, nxt, obs)
            if want_seats:  # written out here too: a helper taking arrays costs more than the writes
                ended = tl + 1 == n  # the card completed the trick, won by nxt
                base = i * n * width
                flat[base + seat * width + hand_at + a] = 0.0
                size = _popcount(sa[i, HAND, seat]) / 17.0
                won = won_at + sa[i, WON, nxt]
                r, rn = seat, nxt  # seat and nxt relative to seat 0, then to each next seat
                for _me in range(n):
                    flat[base + to_act_at + r] = 0.0
                    flat[base + to_act_at + rn] = 1.0
                    flat[base + played_at + r * 52 + a] = 1.0
                    flat[base + sizes_at + r] = size
                    if a >= 39:
                        flat[base + broken_at] = 1.0
                    if not ended:
                        flat[base + trick_at + tl * 52 + a] = 1.0
                        if tl == 0:
                            flat[base + leader_at + r] = 1.0
                    else:
                        for j in range(tl):
                            flat[base + trick_at + j * 52 + st[i, TRICK0 + j]] = 0.0
                        flat[base + leader_at + _wrap(r + 1, n)] = 0.0  # the leader sat after the last seat
                        w = base + won + rn * 18
                        flat[w - 1] = 0.0
                        flat[w] = 1.0
                    r = r - 1 if r > 0 else n - 1
                    rn = rn - 1 if rn > 0 else n - 1
                    base += width
            continue
        st[i, LAST_SEAT] = st[i, TO_ACT]
        st[i, LAST_PHASE] = st[i, PHASE]
        over = _apply(p, st, sa, sides, deck, rng, i, actions[i], rewards, scr)
        done[i] = over
        if over:
            new_game(p, st, sa, sides, deck, rng, i)
        player[i] = st[i, TO_ACT]
        write_mask(p, st, sa, i, mask, legal, bits)
        if want_obs:
            encode(p, st, sa, sides, deck, off, i, player[i], obs)
        if want_seats:
            _seats_after(p, st, sa, sides, deck, off, seats, i)
    return -1


@pjit
def step_all_parallel(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                      rng: np.ndarray, off: np.ndarray, actions: np.ndarray, obs: np.ndarray,
                      mask: np.ndarray, legal: np.ndarray, bits: np.ndarray, player: np.ndarray,
                      rewards: np.ndarray, done: np.ndarray, scr: np.ndarray, want_obs: bool) -> int:
    """:func:`step_all` with the rows shared out among numba's threads (``prange``).
    Every row has its own state and random generator, so the games are the same,
    bit for bit, whatever the number of threads."""
    bad = _first_illegal(actions, legal)
    if bad >= 0:
        return bad
    n = p[P_N]
    for i in prange(st.shape[0]):
        for s in range(rewards.shape[1]):
            rewards[i, s] = 0.0
        st[i, NEW_HAND] = 0
        st[i, REDRAW_NOW] = 0
        st[i, TRUNC] = 0
        a = actions[i]
        if a == SKIP:  # this game waits: unchanged, its buffers still hold its state
            done[i] = False
            continue
        tl = st[i, TRICK_LEN]
        if st[i, PHASE] == PH_PLAY and (tl + 1 < n or st[i, NDONE] + 1 < p[P_TRICKS]):
            # the common step, written out here (measured several times faster than
            # the general path below): a card that does not end the hand
            seat = st[i, TO_ACT]
            bit = 1 << a
            if tl > 0:
                if a // 13 != st[i, TRICK0] // 13:
                    sa[i, VOIDS, seat] |= 1 << (st[i, TRICK0] // 13)
            elif a >= 39 and st[i, BROKEN] == 0 and p[P_MUST_BREAK]:
                sa[i, VOIDS, seat] |= 7
            sa[i, HAND, seat] &= ~bit
            sa[i, PLAYED, seat] |= bit
            st[i, TRICK0 + tl] = a
            if a >= 39:
                st[i, BROKEN] = 1
            if tl + 1 < n:
                st[i, TRICK_LEN] = tl + 1
                nxt = _wrap(seat + 1, n)
                hand = sa[i, HAND, nxt]
                follow = hand & (SUIT_BITS << (13 * (st[i, TRICK0] // 13)))
                lo = follow if follow != 0 else hand
            else:
                best = st[i, TRICK0]
                best_pos = 0
                for j in range(1, n):
                    c = st[i, TRICK0 + j]
                    if c // 13 == best // 13:
                        if c > best:
                            best = c
                            best_pos = j
                    elif c >= 39:
                        best = c
                        best_pos = j
                nxt = _wrap(st[i, LEADER] + best_pos, n)
                sa[i, WON, nxt] += 1
                st[i, NDONE] += 1
                st[i, TRICK_LEN] = 0
                st[i, LEADER] = nxt
                hand = sa[i, HAND, nxt]
                lo = hand
                if p[P_MUST_BREAK] and st[i, BROKEN] == 0 and (hand & NON_SPADES) != 0:
                    lo = hand & NON_SPADES
            st[i, TO_ACT] = nxt
            player[i] = nxt
            done[i] = False
            legal[i, 0] = lo
            legal[i, 1] = 0
            bits[i, 0] = lo
            bits[i, 1] = 0
            for w in range(8):
                mask[i, w] = BYTE_SPREAD[(lo >> (8 * w)) & 0xFF]
            mask[i, 8] = 0
            mask[i, 9] = 0
            if want_obs:
                encode(p, st, sa, sides, deck, off, i, nxt, obs)
            continue
        over = _apply(p, st, sa, sides, deck, rng, i, actions[i], rewards, scr)
        done[i] = over
        if over:
            new_game(p, st, sa, sides, deck, rng, i)
        player[i] = st[i, TO_ACT]
        write_mask(p, st, sa, i, mask, legal, bits)
        if want_obs:
            encode(p, st, sa, sides, deck, off, i, player[i], obs)
    return -1


# -- every seat's observation, kept current (VecEnv(observation="seats")) ----------------

#: how many games ahead :func:`step_all` asks for the cache lines of the seats' rows it will write
PREFETCH_GAMES = 8


@jit
def reset_seats(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                off: np.ndarray, obs: np.ndarray) -> None:
    """Write every seat's observation of every game: ``obs[i * S + s]`` is game ``i``
    seen by seat ``s`` (``S`` = ``obs.shape[0] // st.shape[0]``)."""
    seats = obs.shape[0] // st.shape[0]
    for i in range(st.shape[0]):
        for me in range(seats):
            encode_row(p, st, sa, sides, deck, off, i, me, obs, i * seats + me)


@jit
def _seats_after(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                 off: np.ndarray, seats: np.ndarray, i: int) -> None:
    """The seats' rows of game ``i`` after a step other than a card within a hand: a bid
    or a look changes a few entries per seat (:func:`_seats_bid`); the hand's last card
    and the next deal, the draw, the exchanges and the redraw rewrite the rows whole."""
    n = p[P_N]
    before = st[i, LAST_PHASE]
    now = st[i, PHASE]
    if st[i, NEW_HAND] == 0 and before in (PH_BID, PH_BLIND) and now in (PH_BID, PH_BLIND, PH_PLAY):
        _seats_bid(st, sa, off, seats.reshape(seats.shape[0] * seats.shape[1]), i, before, n, seats.shape[1])
    else:
        for me in range(n):
            encode_row(p, st, sa, sides, deck, off, i, me, seats, i * n + me)


@inline
def _seats_bid(st: np.ndarray, sa: np.ndarray, off: np.ndarray, flat: np.ndarray, i: int, before: int, n: int,
               width: int) -> None:
    """Seat ``LAST_SEAT`` bid (or looked at its cards, or bid blind nil); the bidding
    goes on or the play begins (where every hand is known)."""
    seat = st[i, LAST_SEAT]
    now = st[i, PHASE]
    to_act = st[i, TO_ACT]
    bid = sa[i, BID, seat]
    base = i * n * width
    for me in range(n):
        flat[base + off[O_PHASE] + before] = 0.0
        flat[base + off[O_PHASE] + now] = 1.0
        flat[base + off[O_TO_ACT] + _rel(seat, me, n)] = 0.0
        flat[base + off[O_TO_ACT] + _rel(to_act, me, n)] = 1.0
        b = base + off[O_BIDS] + _rel(seat, me, n) * 20
        flat[b + NO_BID] = 0.0
        flat[b + bid] = 1.0
        if sa[i, LOOKED, me] and flat[base + off[O_HAND_KNOWN]] == 0.0:
            flat[base + off[O_HAND_KNOWN]] = 1.0
            hand = sa[i, HAND, me]
            while hand != 0:
                low = hand & -hand
                flat[base + off[O_HAND] + _lowbit_index(low)] = 1.0
                hand ^= low
        flat[base + off[O_BN_OPEN]] = 1.0 if sa[i, BLIND_OPEN, me] and not sa[i, DECIDED, me] else 0.0
        base += width
