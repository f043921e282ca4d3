# mypy: disable-error-code="no-any-return, assignment, call-arg, return-value"
"""The compiled opponents of :class:`spades.vec.VecEnv`: ``basic`` (the same decisions
as :class:`spades.bots.basic.BasicBot` with its default settings) and ``random``
(:class:`spades.bots.RandomBot`'s rule: uniform among the legal ids, looking rather
than bidding blind nil).

Every function reads one row of the VecEnv's state arrays (see :mod:`._kernels`)
and returns the action id the bot chooses for the seat to act.  The port follows
``spades/bots/basic.py`` rule by rule (and ``spades/bots/certain.py``, whose certain
spots it consults first); where the Python bot builds lists of cards
and takes ``min`` / ``max`` with a key (the first of equal keys wins, lists
ascending by card id), the port walks the cards of a mask from the lowest id and
keeps a candidate only when its key is strictly better, which picks the same card.
The floats are computed in the same order as the Python expressions (and powers
read from tables Python filled), so thresholds fall the same way.  The
differential test (tests/test_vec_basic.py) replays games and compares every
decision with the Python bot's.

Multi-card choices (the blind-nil exchange, the two-player redraw) are one id per
step: the bot computes its whole choice from the state (which the pending cards do
not change) and gives the lowest card of it not chosen yet (then ``done``).
"""

from __future__ import annotations

import numpy as np

from . import _kernels as K
from ._kernels import (
    A_BID,
    A_BLIND,
    A_DONE,
    A_KEEP,
    A_LOOK,
    A_REJECT,
    BAGS,
    BID,
    BLIND_BID,
    DISCARDS,
    EX0,
    EX_POS,
    HAND,
    LEADER,
    NDONE,
    NO_BID,
    P_BAG_LIMIT,
    P_BAG_PENALTY,
    P_DECK,
    P_DRAW,
    P_EXCH,
    P_HAS_EXCHANGE,
    P_N,
    P_NIL,
    P_NIL_PARTNER,
    P_PARTNERS,
    P_SIDES,
    P_TARGET,
    P_TRICKS,
    PASSED,
    PENDING,
    PH_BID,
    PH_BLIND,
    PH_DRAW,
    PH_EXCHANGE,
    PH_PLAY,
    PH_REDRAW,
    PHASE,
    PLAYED,
    SCORE,
    STOCK_POS,
    SUIT_BITS,
    TO_ACT,
    TRICK0,
    TRICK_LEN,
    VOIDS,
    WON,
    inline,
    jit,
)

#: opponent kinds, per seat (0: a learner, played from outside)
LEARNER, RANDOM, BASIC = 0, 1, 2

SPADE_BITS = SUIT_BITS << 39
#: what makes a negative int64 word its unsigned value in plain Python (numba's
#: arithmetic on the bits needs nothing)
_UNSIGNED = 0 if K.HAVE_NUMBA else 1 << 64
ALL52 = (1 << 52) - 1


def _py_card_danger(card: int) -> float:
    r = card % 13
    base = (r / 12.0) ** 2
    return base + (0.5 + 0.5 * r / 12.0 if card // 13 == 3 else 0.0)


#: spades.bots.basic.card_danger of each card id (filled by the same expression)
DANGER = np.array([_py_card_danger(c) for c in range(52)], np.float64)
_VALUES = (0.05, 0.05, 0.05, 0.05, 0.05, 0.06, 0.07, 0.08, 0.1, 0.22, 0.42, 0.7, 1.0)
#: spades.bots.basic._card_value of each card id
VALUE = np.array([0.55 + 0.45 * (c % 13) / 12.0 if c // 13 == 3 else _VALUES[c % 13] for c in range(52)],
                 np.float64)
#: (2/3) ** k, as Python computes it (spades.bots.basic._estimate_two_player)
QPOW = np.array([(2.0 / 3.0) ** k for k in range(14)], np.float64)


# -- cards ------------------------------------------------------------------------------


#: set bits of a 64-bit word (the kernels' count)
_count = K._popcount


@inline
def _suit(s: int) -> int:
    return SUIT_BITS << (13 * s)


@inline
def _higher(c: int) -> int:
    """The cards of c's suit above it (knowledge.higher_in_suit)."""
    top = (c // 13 + 1) * 13
    return ((1 << top) - 1) & ~((1 << (c + 1)) - 1)


@inline
def _beats(c: int, best: int) -> bool:
    if c // 13 == best // 13:
        return c > best
    return c >= 39


@inline
def _lowest_card(mask: int) -> int:
    return K._lowbit_index(mask)


@inline
def _highest_card(mask: int) -> int:
    c = -1
    while mask != 0:
        c = K._lowbit_index(mask)
        mask &= mask - 1
    return c


@inline
def _is_nil(b: int) -> bool:
    return b == 0 or b == BLIND_BID


@inline
def _side(p: np.ndarray, seat: int) -> int:
    return seat % 2 if p[P_PARTNERS] else seat


# -- hand evaluation (bidding) ------------------------------------------------------------


@jit
def estimate_tricks(hand: int, n: int) -> float:
    """spades.bots.basic.estimate_tricks."""
    if n == 2:
        return _estimate_two(hand)
    sp = (hand >> 39) & SUIT_BITS
    n_sp = _count(sp)
    tricks = 0.0
    honours = 0.0
    idx = 0
    for r in range(13):
        if sp >> r & 1:
            held_above = n_sp - 1 - idx
            missing_above = (12 - r) - held_above
            if missing_above <= idx:
                honours += 1.0
            elif missing_above == idx + 1 and r >= 9:
                honours += 0.4
            idx += 1
    long_spades = n_sp - 4 if n_sp > 4 else 0
    tricks += honours + long_spades
    ruff_room = 0.0
    for suit in range(3):
        bits = (hand >> (13 * suit)) & SUIT_BITS
        cnt = _count(bits)
        ace = bits >> 12 & 1
        king = bits >> 11 & 1
        if ace:
            tricks += 1.0 if cnt <= 5 else 0.6
        if king:
            if cnt == 1:
                tricks += 0.15
            elif cnt <= 5:
                tricks += 0.85 if ace else 0.55
            else:
                tricks += 0.25
        if bits >> 10 & 1 and 2 <= cnt <= 4:
            tricks += 0.45 if (ace or king) else 0.25
        if cnt == 0:
            ruff_room += 2.0
        elif cnt == 1:
            ruff_room += 1.0
        elif cnt == 2:
            ruff_room += 0.4
    spare = n_sp - honours - long_spades - 1
    if spare < 0.0:
        spare = 0.0
    tricks += 0.8 * (ruff_room if ruff_room <= spare else spare)
    if n == 3:
        tricks *= 1.25
    return tricks


@inline
def _estimate_two(hand: int) -> float:
    tricks = 0.0
    for suit in range(4):
        bits = (hand >> (13 * suit)) & SUIT_BITS
        cnt = _count(bits)
        for r in range(13):
            if not bits >> r & 1:
                continue
            missing = (12 - r) - _count(bits >> (r + 1))
            q = QPOW[missing]
            if suit != 3:
                q *= 1.0 if cnt <= 4 else 0.8
                if q < 0.2:
                    q = 0.0
            tricks += q
    n_sp = _count((hand >> 39) & SUIT_BITS)
    tricks += (n_sp - 4 if n_sp > 4 else 0) * 0.5
    return tricks + 0.6


@jit
def nil_danger(hand: int) -> float:
    """spades.bots.basic.nil_danger."""
    sp = (hand >> 39) & SUIT_BITS
    if sp >> 12 & 1 or sp >> 11 & 1:
        return 9.0
    danger = 0.0
    for r in range(13):
        if sp >> r & 1 and r >= 7:
            danger += 0.25 * (r - 6)
    n_sp = _count(sp)
    if n_sp >= 4:
        danger += 0.6 * (n_sp - 3)
    for suit in range(3):
        bits = (hand >> (13 * suit)) & SUIT_BITS
        cnt = _count(bits)
        idx = 0
        for r in range(13):
            if bits >> r & 1:
                safe = 5 + 2 * idx
                if r > safe:
                    danger += 0.12 * (r - safe)
                idx += 1
        if bits != 0 and K._lowbit_index(bits) >= 6:
            danger += 0.4  # no low card at all in this suit
        if bits >> 12 & 1:
            danger += 0.6 if cnt <= 3 else 0.3
    return danger


# -- scores, bids -----------------------------------------------------------------------------


@inline
def _best_other(p: np.ndarray, sides: np.ndarray, i: int, side: int) -> int:
    best = -(1 << 60)
    for s in range(p[P_SIDES]):
        if s != side and sides[i, SCORE, s] > best:
            best = sides[i, SCORE, s]
    return best


@inline
def _partner_bid(p: np.ndarray, sa: np.ndarray, i: int, me: int) -> int:
    """The partner's bid, or NO_BID (no partner or no bid yet)."""
    if not p[P_PARTNERS]:
        return NO_BID
    return sa[i, BID, (me + 2) % 4]


@jit
def wants_blind_nil(p: np.ndarray, sa: np.ndarray, sides: np.ndarray, i: int, me: int) -> bool:
    """BasicBot.wants_blind_nil (blind_nil_deficit 200)."""
    side = _side(p, me)
    mine = sides[i, SCORE, side]
    best_other = _best_other(p, sides, i, side)
    deficit = best_other - mine
    if deficit < 200:
        return False
    if best_other < 0.6 * p[P_TARGET]:
        return False
    if not p[P_HAS_EXCHANGE] and (deficit < 300 or best_other < p[P_TARGET] - 50):
        return False
    pb = _partner_bid(p, sa, i, me)
    return not (pb != NO_BID and _is_nil(pb))


@jit
def choose_bid(p: np.ndarray, sa: np.ndarray, sides: np.ndarray, i: int, me: int) -> int:
    """BasicBot.choose_bid (nil_threshold 1.0), as an action id."""
    n = p[P_N]
    lo = 0 if p[P_NIL] else 1
    hi = K._bid_range_hi(p, sa, i, me)
    hand = sa[i, HAND, me]
    est = estimate_tricks(hand, n)
    side = _side(p, me)
    mine = sides[i, SCORE, side]
    best_other = _best_other(p, sides, i, side)
    desperate = best_other >= p[P_TARGET] - 120 and best_other - mine >= 100
    pb = _partner_bid(p, sa, i, me)
    if p[P_NIL] and lo == 0:
        danger = nil_danger(hand)
        threshold = 1.0
        if not p[P_PARTNERS]:
            threshold -= 0.8
        if n == 3:
            threshold -= 0.2
        if pb != NO_BID:
            if _is_nil(pb):
                threshold -= 1.0
            elif pb >= 4:
                threshold += 0.3
        if desperate:
            threshold += 0.4
        max_est = 4.5 if n == 2 else 2.5
        if danger <= threshold and est <= max_est:
            return A_BID
    bid = est
    if p[P_BAG_PENALTY] > 0 and sides[i, BAGS, side] >= p[P_BAG_LIMIT] - 3:
        bid += 0.5
    if desperate:
        bid += 0.7
    elif mine >= p[P_TARGET] - 60 and mine > best_other:
        bid -= 0.3
    tricks = int(bid + 0.45)
    if tricks < 1:
        tricks = 1
    if pb != NO_BID and not _is_nil(pb):
        room = p[P_TRICKS] - pb
        if room < 1:
            room = 1
        if room < tricks:
            tricks = room
    floor = lo if lo > 1 else 1
    if tricks < floor:
        tricks = floor
    if tricks > hi:
        tricks = hi
    return A_BID + tricks


# -- exchange, draw, redraw -------------------------------------------------------------------


@jit
def exchange_pass(hand: int, k: int, to_nil: bool) -> int:
    """spades.bots.basic.exchange_pass: the k cards (a mask), the first k of a stable sort."""
    out = 0
    for _ in range(k):
        best = -1
        best_r = 0
        best_sp = 0
        best_d = 0.0
        rest = hand & ~out
        while rest != 0:
            c = K._lowbit_index(rest)
            rest &= rest - 1
            if to_nil:
                r = c % 13
                sp = 1 if c >= 39 else 0
                if best < 0 or r < best_r or (r == best_r and sp < best_sp):
                    best, best_r, best_sp = c, r, sp
            elif best < 0 or DANGER[c] > best_d:
                best, best_d = c, DANGER[c]
        if best < 0:
            break
        out |= 1 << best
    return out


@inline
def _deck_mask(p: np.ndarray) -> int:
    return ALL52 & ~((1 << (52 - p[P_DECK])) - 1)


@inline
def _played(p: np.ndarray, sa: np.ndarray, i: int) -> int:
    out = 0
    for s in range(p[P_N]):
        out |= sa[i, PLAYED, s]
    return out


@inline
def _unseen(p: np.ndarray, sa: np.ndarray, i: int, me: int) -> int:
    out = sa[i, DISCARDS, me] if p[P_DRAW] else 0
    return _deck_mask(p) & ~sa[i, HAND, me] & ~_played(p, sa, i) & ~out


@inline
def _mean(table: np.ndarray, mask: int) -> float:
    total = 0.0
    cnt = 0
    while mask != 0:
        total += table[K._lowbit_index(mask)]
        mask &= mask - 1
        cnt += 1
    return total / (cnt if cnt > 1 else 1)


@jit
def keeps(p: np.ndarray, st: np.ndarray, sa: np.ndarray, deck: np.ndarray, i: int, me: int) -> bool:
    """BasicBot.keeps: the two-player draw."""
    card = deck[i, st[i, STOCK_POS]]
    pool = _unseen(p, sa, i, me) & ~(1 << card)
    if _is_nil(sa[i, BID, me]):
        return DANGER[card] <= _mean(DANGER, pool)
    return VALUE[card] >= _mean(VALUE, pool)


@jit
def discard_mask(p: np.ndarray, sa: np.ndarray, i: int, me: int) -> int:
    """BasicBot.choose_discard: the two-player redraw."""
    k = p[P_EXCH]
    hand = sa[i, HAND, me]
    expected = 0.5 * _mean(DANGER, sa[i, DISCARDS, me]) + 0.5 * _mean(DANGER, _unseen(p, sa, i, me))
    worst = exchange_pass(hand, k, False)
    out = 0
    while worst != 0:
        c = K._lowbit_index(worst)
        worst &= worst - 1
        if DANGER[c] > expected + 0.15:
            out |= 1 << c
    return out


@jit
def pass_mask(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, me: int) -> int:
    """BasicBot.choose_pass: the blind-nil exchange."""
    pos = st[i, EX_POS]
    giver = st[i, EX0 + 2 * pos]
    receiver = st[i, EX0 + 2 * pos + 1]
    rb = sa[i, BID, receiver]
    gb = sa[i, BID, giver]
    to_nil = rb != NO_BID and (rb == BLIND_BID or (rb == 0 and not (gb != NO_BID and _is_nil(gb))))
    return exchange_pass(sa[i, HAND, me], p[P_EXCH], to_nil)


# -- card play: what the seat knows ---------------------------------------------------------


@inline
def _side_contract(p: np.ndarray, sa: np.ndarray, i: int, side: int) -> tuple[int, int, int]:
    """(contract, counted, live nil seats as a mask) of a side (Knowledge.side_state)."""
    contract = 0
    counted = 0
    live = 0
    seats = 2 if p[P_PARTNERS] else 1
    for j in range(seats):
        s = side + 2 * j
        b = sa[i, BID, s]
        t = sa[i, WON, s]
        if b == NO_BID:
            counted += t
        elif _is_nil(b):
            if t == 0:
                live |= 1 << s
            if p[P_NIL_PARTNER]:
                counted += t
        else:
            contract += b
            counted += t
    return contract, counted, live


@inline
def _need(p: np.ndarray, sa: np.ndarray, i: int, side: int) -> int:
    contract, counted, _live = _side_contract(p, sa, i, side)
    return contract - counted if contract > counted else 0


@inline
def _is_master(unseen: int, c: int) -> bool:
    return (unseen & _higher(c)) == 0


@inline
def _top_equivalent_low(hand: int, separating: int, card: int) -> int:
    c = card
    for lower in range(card - 1, card // 13 * 13 - 1, -1):
        if hand >> lower & 1:
            c = lower
        elif separating >> lower & 1:
            break
    return c


@inline
def _lowest_key(cards: int) -> int:
    """BasicBot._lowest: min by (rank, spade)."""
    best = -1
    bk = 0
    while cards != 0:
        c = K._lowbit_index(cards)
        cards &= cards - 1
        key = (c % 13) * 2 + (1 if c >= 39 else 0)
        if best < 0 or key < bk:
            best, bk = c, key
    return best


@inline
def _highest_key(cards: int) -> int:
    """BasicBot._highest: max by (spade, rank)."""
    best = -1
    bk = 0
    while cards != 0:
        c = K._lowbit_index(cards)
        cards &= cards - 1
        key = (100 if c >= 39 else 0) + c % 13
        if best < 0 or key > bk:
            best, bk = c, key
    return best


@inline
def _max_danger(cards: int) -> int:
    """max by (card_danger, id)."""
    best = -1
    bd = 0.0
    while cards != 0:
        c = K._lowbit_index(cards)
        cards &= cards - 1
        if best < 0 or DANGER[c] >= bd:
            best, bd = c, DANGER[c]
    return best


@inline
def _beaters(cards: int, best: int) -> int:
    out = 0
    rest = cards
    while rest != 0:
        c = K._lowbit_index(rest)
        rest &= rest - 1
        if _beats(c, best):
            out |= 1 << c
    return out


@jit
def _discard(hand: int, unseen: int, legal: int, shed_high: bool) -> int:
    """BasicBot._discard."""
    side = legal & ~SPADE_BITS
    if side == 0:
        side = legal
    if shed_high:
        return _max_danger(side)
    best = -1
    bk = 0
    while side != 0:
        c = K._lowbit_index(side)
        side &= side - 1
        key = (1 if _is_master(unseen, c) else 0) * 10000 + _count(hand & _suit(c // 13)) * 100 + c % 13
        if best < 0 or key < bk:
            best, bk = c, key
    return best


@jit
def _later_can_beat(unseen: int, voids: np.ndarray, best: int, led: int, later: int, nlater: int) -> bool:
    """BasicBot._later_can_beat (``later``: a mask of seats, ``voids`` per seat)."""
    for s in range(4):
        if not later >> s & 1:
            continue
        void = voids[s]
        if not void >> led & 1 and unseen & _suit(led):
            if best // 13 == led and unseen & _higher(best):
                return True
            if best // 13 != led:
                continue
        could_be_void = (void >> led & 1) != 0 or _count(unseen & _suit(led)) < 2 * nlater
        if could_be_void and not void >> 3 & 1:
            spades = unseen & SPADE_BITS
            if best // 13 == 3:
                spades &= _higher(best)
            if spades:
                return True
    return False


@jit
def _lead_low(unseen: int, legal: int) -> int:
    """BasicBot._lead_low: min by (spade, -above + rank * 0.01)."""
    best = -1
    bs = 0
    bf = 0.0
    rest = legal
    while rest != 0:
        c = K._lowbit_index(rest)
        rest &= rest - 1
        sp = 1 if c >= 39 else 0
        above = _count(unseen & _higher(c))
        f = -above + (c % 13) * 0.01
        if best < 0 or sp < bs or (sp == bs and f < bf):
            best, bs, bf = c, sp, f
    return best


@jit
def _play_own_nil(unseen: int, legal: int, tl: int, led: int, best: int, nlater: int) -> int:
    if tl == 0:
        return _lead_low(unseen, legal)
    losers = legal & ~_beaters(legal, best)
    if losers:
        following = losers & _suit(led)
        if following:
            return _highest_card(following)
        return _max_danger(losers)
    if nlater == 0:
        return _highest_key(legal)
    return _lowest_key(legal)


@jit
def _play_cover(hand: int, unseen: int, separating: int, legal: int, tl: int, led: int, win_seat: int,
                best: int, partner_played: bool, partner: int) -> int:
    if tl == 0:
        side = legal & ~SPADE_BITS
        if side == 0:
            side = legal
        top = -1
        rest = side
        while rest != 0:  # max rank among masters, first on ties
            c = K._lowbit_index(rest)
            rest &= rest - 1
            if _is_master(unseen, c) and (top < 0 or c % 13 > top % 13):
                top = c
        if top >= 0:
            return _top_equivalent_low(hand, separating, top)
        bk = 0
        rest = side
        while rest != 0:  # max by (rank, -suit length)
            c = K._lowbit_index(rest)
            rest &= rest - 1
            key = (c % 13) * 100 - _count(hand & _suit(c // 13))
            if top < 0 or key > bk:
                top, bk = c, key
        return top
    if partner_played:
        if win_seat == partner:
            winners = _beaters(legal, best)
            if winners:
                pick = -1
                bk = 0
                while winners != 0:  # min by (spade, rank)
                    c = K._lowbit_index(winners)
                    winners &= winners - 1
                    key = (100 if c >= 39 else 0) + c % 13
                    if pick < 0 or key < bk:
                        pick, bk = c, key
                return pick
            return _lowest_key(legal)
        return -1
    following = legal & _suit(led)
    if following:
        top = _highest_card(following)
        if _beats(top, best):
            return _top_equivalent_low(hand, separating, top)
        return _lowest_card(following)
    spades = _beaters(legal & SPADE_BITS, best)
    if spades:
        return _lowest_card(spades)
    return _discard(hand, unseen, legal, False)


@jit
def _play_set_nil(hand: int, unseen: int, voids: np.ndarray, legal: int, tl: int, led: int, win_seat: int,
                  best: int, later: int, nils: int) -> int:
    if tl == 0:
        target = K._lowbit_index(nils)
        pick = -1
        b_sp = 0
        b_below = 0
        b_above = 0
        rest = legal
        while rest != 0:
            c = K._lowbit_index(rest)
            rest &= rest - 1
            if voids[target] >> (c // 13) & 1:
                continue
            sp = 1 if c >= 39 else 0
            below = _count(unseen & _suit(c // 13) & ((1 << c) - 1))
            above = _count(unseen & _higher(c))
            if (pick < 0 or sp < b_sp or (sp == b_sp and (below < b_below
                                                          or (below == b_below and -above < -b_above)))):
                pick, b_sp, b_below, b_above = c, sp, below, above
        return pick
    if nils >> win_seat & 1:
        losers = legal & ~_beaters(legal, best)
        if losers:
            following = losers & _suit(led)
            if following:
                return _highest_card(following)
            return _discard(hand, unseen, losers, True)
        return -1
    if later & nils:
        following = legal & _suit(led)
        if following:
            return _lowest_card(following)
    return -1


@jit
def _lead_to_win(p: np.ndarray, hand: int, unseen: int, voids: np.ndarray, legal: int, me: int,
                 opponents: int) -> int:
    n_opp = _count(opponents)
    side_cards = legal & ~SPADE_BITS
    # 1. cash side-suit winners the opponents cannot ruff yet
    cash = -1
    rest = side_cards
    while rest != 0:
        c = K._lowbit_index(rest)
        rest &= rest - 1
        suit = c // 13
        if not _is_master(unseen, c):
            continue
        left = _count(unseen & _suit(suit))
        risk = False
        for o in range(4):
            if opponents >> o & 1 and (voids[o] >> suit & 1 or left < n_opp + 1) and not voids[o] >> 3 & 1:
                risk = True
        if not risk and (cash < 0 or c % 13 > cash % 13):
            cash = c
    if cash >= 0:
        return cash
    spades = legal & SPADE_BITS
    # 2. draw trumps with the master spade
    if spades and _is_master(unseen, _highest_card(spades)) and unseen & SPADE_BITS:
        return _highest_card(spades)
    # 3. a suit the partner can ruff
    if p[P_PARTNERS]:
        partner = (me + 2) % 4
        for r in range(13):
            for suit in range(3):
                c = suit * 13 + r
                if not side_cards >> c & 1:
                    continue
                opp_void = False
                for o in range(4):
                    if opponents >> o & 1 and voids[o] >> suit & 1:
                        opp_void = True
                if voids[partner] >> suit & 1 and not voids[partner] >> 3 & 1 and not opp_void:
                    return c
    if side_cards == 0:
        return _lowest_card(spades) if spades else _lowest_card(legal)
    # 4. lead low from a suit where that gives nothing away
    pick = -1
    b_score = 0.0
    b_rank = 0
    rest = side_cards
    while rest != 0:
        c = K._lowbit_index(rest)
        rest &= rest - 1
        bits = (hand >> (13 * (c // 13))) & SUIT_BITS
        cnt = _count(bits)
        score = float(cnt)
        if bits >> 11 & 1 and not bits >> 12 & 1 and cnt <= 3:
            score -= 3
        if bits >> 10 & 1 and not bits >> 12 & 1 and not bits >> 11 & 1 and cnt <= 3:
            score -= 1.5
        if cnt == 1 and K._lowbit_index(bits) < 9:
            score += 1.5
        if pick < 0 or score > b_score or (score == b_score and -(c % 13) > -b_rank):
            pick, b_score, b_rank = c, score, c % 13
    return _lowest_card(side_cards & _suit(pick // 13))


@jit
def _play_to_win(p: np.ndarray, sa: np.ndarray, i: int, me: int, hand: int, unseen: int, separating: int,
                 voids: np.ndarray, legal: int, tl: int, led: int, win_seat: int, best: int, later: int,
                 nlater: int, opponents: int, tricks_left: int) -> int:
    if tl == 0:
        return _lead_to_win(p, hand, unseen, voids, legal, me, opponents)
    partner_winning = p[P_PARTNERS] != 0 and win_seat == (me + 2) % 4
    following = legal & _suit(led)
    if following:
        if partner_winning:
            sure = not _later_can_beat(unseen, voids, best, led, later, nlater)
            if sure or nlater == 0:
                return _lowest_card(following)
            top = _highest_card(following)
            if tl == 2 and _beats(top, best) and not _is_master(unseen, best):
                return _top_equivalent_low(hand, separating, top)
            return _lowest_card(following)
        winners = _beaters(following, best)
        if winners == 0:
            return _lowest_card(following)
        if nlater == 0:
            return _lowest_card(winners)
        if tl == 1:
            need = _need(p, sa, i, _side(p, me))
            masters = 0
            rest = winners
            while rest != 0:
                c = K._lowbit_index(rest)
                rest &= rest - 1
                if _is_master(unseen, c):
                    masters |= 1 << c
            if masters and (best % 13 >= 9 or need >= tricks_left):
                return _top_equivalent_low(hand, separating, _lowest_card(masters))
            if best % 13 >= 10:
                return _top_equivalent_low(hand, separating, _highest_card(winners))
            return _lowest_card(following)
        return _top_equivalent_low(hand, separating, _highest_card(winners))
    if partner_winning and (nlater == 0 or not _later_can_beat(unseen, voids, best, led, later, nlater)):
        return _discard(hand, unseen, legal, False)
    if partner_winning and best // 13 == led and _is_master(unseen, best):
        return _discard(hand, unseen, legal, False)  # only a ruff beats the partner's card
    ruffs = _beaters(legal & SPADE_BITS, best)
    if ruffs:
        return _lowest_card(ruffs)
    return _discard(hand, unseen, legal, False)


@jit
def _play_to_duck(hand: int, unseen: int, legal: int, tl: int, led: int, best: int, nlater: int) -> int:
    if tl == 0:
        return _lead_low(unseen, legal)
    following = legal & _suit(led)
    if following:
        losers = following & ~_beaters(following, best)
        if losers:
            return _highest_card(losers)
        return _highest_card(following) if nlater == 0 else _lowest_card(following)
    losers = legal & ~_beaters(legal, best)
    if losers:
        return _discard(hand, unseen, losers, True)
    return _lowest_card(legal)


@jit
def _want_tricks(p: np.ndarray, sa: np.ndarray, sides: np.ndarray, i: int, me: int, tricks_left: int) -> bool:
    if _is_nil(sa[i, BID, me]) and not p[P_NIL_PARTNER]:
        return False
    side = _side(p, me)
    contract, counted, _live = _side_contract(p, sa, i, side)
    if contract > counted:
        return True
    if p[P_BAG_PENALTY] == 0:
        return True
    over = counted - contract if counted > contract else 0
    bag_room = p[P_BAG_LIMIT] - (sides[i, BAGS, side] + over) % p[P_BAG_LIMIT]
    for o in range(p[P_SIDES]):
        if o == side:
            continue
        need = _need(p, sa, i, o)
        if need > 0 and need > tricks_left - 3 and bag_room > 2:
            return True
    return False


# -- card play: certain spots (spades.bots.certain) --------------------------------------------


@inline
def _live_nil(sa: np.ndarray, i: int, s: int) -> bool:
    return _is_nil(sa[i, BID, s]) and sa[i, WON, s] == 0


@jit
def _sure_winner(unseen: int, voids: np.ndarray, known: int, receiver: int, best: int, led: int,
                 later: int) -> bool:
    """certain.sure_winner (``known``: the cards known in ``receiver``'s hand, the only
    seat whose cards this seat can know)."""
    for s in range(4):
        if not later >> s & 1:
            continue
        theirs = unseen if s == receiver else unseen & ~known
        may_follow = not voids[s] >> led & 1 and theirs & _suit(led) != 0
        if best // 13 == led and may_follow and theirs & _higher(best):
            return False
        mine = known if s == receiver else 0
        if mine & unseen & _suit(led) or voids[s] >> 3 & 1:
            continue
        spades = theirs & SPADE_BITS
        if best // 13 == 3:
            spades &= _higher(best)
        if spades and led != 3:
            return False
        if spades and best // 13 == 3 and may_follow:
            return False
    return True


@inline
def _covers_for_sure(unseen: int, card: int, nil_size: int) -> bool:
    """certain._covers_for_sure (``nil_size``: the cards in the nil bidder's hand)."""
    if unseen & _higher(card):
        return False
    return card >= 39 or nil_size > _count(unseen & SPADE_BITS)


@jit
def _certain_cards(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, me: int, unseen: int,
                   voids: np.ndarray, legal: int, led: int, win_seat: int, best: int, later: int) -> int:
    """certain._spot: the cards its rule leaves (a mask), 0 where no rule applies."""
    under = legal & ~_beaters(legal, best)
    over = legal & ~under
    partner = (me + 2) % 4 if p[P_PARTNERS] else -1
    if _live_nil(sa, i, me):
        return under
    if partner >= 0 and win_seat == partner:
        if _live_nil(sa, i, partner):
            return 1 << _lowest_card(over) if later == 0 and over else over
        receiver = (me + 2) % p[P_N]
        known = sa[i, PASSED, me] & ~sa[i, HAND, me] & ~_played(p, sa, i)
        return under if _sure_winner(unseen, voids, known, receiver, best, led, later) else 0
    if partner >= 0 and later >> partner & 1 and _live_nil(sa, i, partner):
        nil_size = _count(sa[i, HAND, partner])
        sure = 0
        rest = over
        while rest != 0:
            c = K._lowbit_index(rest)
            rest &= rest - 1
            if _covers_for_sure(unseen, c, nil_size):
                sure |= 1 << c
        return sure
    if later:
        return 0
    if _live_nil(sa, i, win_seat) and _side(p, win_seat) != _side(p, me):
        return under
    if _is_nil(sa[i, BID, me]) and not p[P_NIL_PARTNER]:
        return 0
    need = _need(p, sa, i, _side(p, me))
    if 0 < need <= p[P_TRICKS] - st[i, NDONE]:
        if over:
            return 1 << _lowest_card(over)
        following = legal & _suit(led)
        if following:
            return 1 << _lowest_card(following)
    return 0


@inline
def _certain_card(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, me: int, unseen: int,
                  voids: np.ndarray, legal: int, led: int, win_seat: int, best: int, later: int) -> int:
    """certain.certain_play's card when its rule leaves exactly one legal card, else -1."""
    cards = _certain_cards(p, st, sa, i, me, unseen, voids, legal, led, win_seat, best, later)
    if cards == 0 or cards == legal or cards & (cards - 1) != 0:
        return -1
    return _lowest_card(cards)


@jit
def choose_card(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, i: int, legal: int) -> int:
    """BasicBot.choose_card: ``legal`` is the mask of legal cards (more than one)."""
    n = p[P_N]
    me = st[i, TO_ACT]
    hand = sa[i, HAND, me]
    unseen = _unseen(p, sa, i, me)
    tl = st[i, TRICK_LEN]
    leader = st[i, LEADER]
    voids = sa[i, VOIDS]
    trick = 0
    best = -1
    best_pos = 0
    power = -1
    led = st[i, TRICK0] // 13 if tl > 0 else 0
    partner = (me + 2) % 4 if p[P_PARTNERS] else -1
    partner_played = False
    for j in range(tl):
        c = st[i, TRICK0 + j]
        trick |= 1 << c
        pw = 100 + c if c >= 39 else (c if c // 13 == led else -1)
        if pw > power:
            power, best, best_pos = pw, c, j
        if K._wrap(leader + j, n) == partner:
            partner_played = True
    win_seat = K._wrap(leader + best_pos, n) if tl > 0 else -1
    separating = unseen | trick
    nlater = n - tl - 1
    later = 0
    for j in range(1, nlater + 1):
        later |= 1 << ((me + j) % n)
    if tl > 0:
        certain = _certain_card(p, st, sa, i, me, unseen, voids, legal, led, win_seat, best, later)
        if certain >= 0:
            return certain
    side = _side(p, me)
    tricks_left = p[P_TRICKS] - st[i, NDONE]
    my_bid = sa[i, BID, me]
    if _is_nil(my_bid) and sa[i, WON, me] == 0:
        return _play_own_nil(unseen, legal, tl, led, best, nlater)
    contract, counted, live = _side_contract(p, sa, i, side)
    if partner >= 0 and live >> partner & 1:
        covered = _play_cover(hand, unseen, separating, legal, tl, led, win_seat, best, partner_played,
                              partner)
        if covered >= 0:
            return covered
    opponents = 0
    opp_nils = 0
    for s in range(n):
        if _side(p, s) != side:
            opponents |= 1 << s
            if _is_nil(sa[i, BID, s]) and sa[i, WON, s] == 0:
                opp_nils |= 1 << s
    want = _want_tricks(p, sa, sides, i, me, tricks_left)
    need = contract - counted if contract > counted else 0
    if opp_nils and need < tricks_left:
        choice = _play_set_nil(hand, unseen, voids, legal, tl, led, win_seat, best, later, opp_nils)
        if choice >= 0:
            return choice
    if want:
        return _play_to_win(p, sa, i, me, hand, unseen, separating, voids, legal, tl, led, win_seat, best,
                            later, nlater, opponents, tricks_left)
    return _play_to_duck(hand, unseen, legal, tl, led, best, nlater)


# -- the decision ---------------------------------------------------------------------------


@jit
def basic_action(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                 lo: int, hi: int, i: int) -> int:
    """The id ``basic`` chooses for row ``i``'s seat to act (``lo``, ``hi``: the legal ids
    as bits, ids 0-63 and 64-74, as the kernels keep them)."""
    if lo != 0 and hi == 0 and (lo & (lo - 1)) == 0:
        return K._lowbit_index(lo)  # a single legal id (cards, or the one bid of a bid phase)
    if lo == 0 and hi != 0 and (hi & (hi - 1)) == 0:
        return 64 + K._lowbit_index(hi)
    phase = st[i, PHASE]
    me = st[i, TO_ACT]
    if phase == PH_PLAY:
        return choose_card(p, st, sa, sides, i, lo & ALL52)
    if phase == PH_BID:
        return choose_bid(p, sa, sides, i, me)
    if phase == PH_BLIND:
        return A_BLIND if wants_blind_nil(p, sa, sides, i, me) else A_LOOK
    if phase == PH_DRAW:
        return A_KEEP if keeps(p, st, sa, deck, i, me) else A_REJECT
    if phase == PH_EXCHANGE:
        left = pass_mask(p, st, sa, i, me) & ~st[i, PENDING]
        return K._lowbit_index(left) if left != 0 else K._lowbit_index(lo)
    if phase == PH_REDRAW:
        left = discard_mask(p, sa, i, me) & ~st[i, PENDING]
        return K._lowbit_index(left) if left != 0 else A_DONE
    return K._lowbit_index(lo) if lo != 0 else 64 + K._lowbit_index(hi)


@jit
def random_action(lo: int, hi: int, brng: np.ndarray, i: int) -> int:
    """The ``random`` bot's id for row ``i``: uniform among the legal ids, except that it
    looks rather than bid blind nil."""
    if hi >> (A_LOOK - 64) & 1:
        return A_LOOK
    if lo < 0:
        lo = int(lo) + _UNSIGNED  # plain Python: the word as the unsigned number it stands for
    count_lo = _count(lo)
    r = K._below(brng, i, count_lo + _count(hi))
    if r < count_lo:
        return K._nth_bit(lo, r)
    return 64 + K._nth_bit(hi, r - count_lo)


@jit
def bot_actions(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                legal: np.ndarray, brng: np.ndarray, kind: int, out: np.ndarray) -> None:
    """Every row's id by the bot ``kind`` (RANDOM or BASIC) for its seat to act."""
    for i in range(st.shape[0]):
        if kind == BASIC:
            out[i] = basic_action(p, st, sa, sides, deck, legal[i, 0], legal[i, 1], i)
        else:
            out[i] = random_action(legal[i, 0], legal[i, 1], brng, i)


# -- learner seats: the opponents move inside the step ------------------------------------------


@jit
def _legal_pair(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int) -> tuple[int, int]:
    """The legal ids of row ``i`` as two words of bits (what write_mask keeps)."""
    phase = st[i, PHASE]
    lo = 0
    hi = 0
    if phase == PH_PLAY:
        lo = K._legal_cards(p, st, sa, i)
    elif phase in (PH_EXCHANGE, PH_REDRAW):
        lo = sa[i, HAND, st[i, TO_ACT]] & ~st[i, PENDING]
        if phase == PH_REDRAW:
            hi = 1 << (A_DONE - 64)
    elif phase == PH_BID:
        last = K._bid_range_hi(p, sa, i, st[i, TO_ACT])
        for b in range(0 if p[P_NIL] else 1, last + 1):
            if A_BID + b < 64:
                lo |= 1 << (A_BID + b)
            else:
                hi |= 1 << (A_BID + b - 64)
    elif phase == PH_BLIND:
        hi = (1 << (A_BLIND - 64)) | (1 << (A_LOOK - 64))
    elif phase == PH_DRAW:
        hi = (1 << (A_KEEP - 64)) | (1 << (A_REJECT - 64))
    return lo, hi


@jit
def _apply_add(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
               rng: np.ndarray, i: int, a: int, rewards: np.ndarray, rw: np.ndarray, scr: np.ndarray) -> bool:
    """Apply id ``a`` in row ``i``, add its rewards to ``rewards[i]``; when the game ends,
    start the next one.  Returns whether the game ended."""
    over = K._apply(p, st, sa, sides, deck, rng, i, a, rw, scr)
    for s in range(rewards.shape[1]):
        rewards[i, s] += rw[i, s]
        rw[i, s] = 0.0
    if over:
        K.new_game(p, st, sa, sides, deck, rng, i)
    return over


@inline
def _play_card(p: np.ndarray, st: np.ndarray, sa: np.ndarray, i: int, a: int) -> bool:
    """Card ``a`` by the seat to act when it does not end the hand (the common move, written
    out as in step_all: the general ``_apply`` costs several times more); False (nothing
    done) otherwise."""
    n = p[P_N]
    tl = st[i, TRICK_LEN]
    if st[i, PHASE] != PH_PLAY or (tl + 1 == n and st[i, NDONE] + 1 == p[P_TRICKS]):
        return False
    seat = st[i, TO_ACT]
    if tl > 0:
        if a // 13 != st[i, TRICK0] // 13:
            sa[i, VOIDS, seat] |= 1 << (st[i, TRICK0] // 13)
    elif a >= 39 and st[i, K.BROKEN] == 0 and p[K.P_MUST_BREAK]:
        sa[i, VOIDS, seat] |= 7
    sa[i, HAND, seat] &= ~(1 << a)
    sa[i, PLAYED, seat] |= 1 << a
    st[i, TRICK0 + tl] = a
    if a >= 39:
        st[i, K.BROKEN] = 1
    if tl + 1 < n:
        st[i, TRICK_LEN] = tl + 1
        st[i, TO_ACT] = K._wrap(seat + 1, n)
        return True
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
    winner = K._wrap(st[i, LEADER] + best_pos, n)
    sa[i, WON, winner] += 1
    st[i, NDONE] += 1
    st[i, TRICK_LEN] = 0
    st[i, LEADER] = winner
    st[i, TO_ACT] = winner
    return True


@jit
def _advance(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
             rng: np.ndarray, i: int, kinds: np.ndarray, brng: np.ndarray, rewards: np.ndarray,
             rw: np.ndarray, scr: np.ndarray) -> bool:
    """The opponents of row ``i`` move until a learner is to act; returns whether a game
    ended on the way."""
    ended = False
    while True:
        seat = st[i, TO_ACT]
        kind = kinds[seat]
        if kind == LEARNER:
            return ended
        lo, hi = _legal_pair(p, st, sa, i)
        if kind == BASIC:
            a = basic_action(p, st, sa, sides, deck, lo, hi, i)
        else:
            a = random_action(lo, hi, brng, i)
        if _play_card(p, st, sa, i, a):
            continue
        if _apply_add(p, st, sa, sides, deck, rng, i, a, rewards, rw, scr):
            ended = True


@jit
def _present(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
             off: np.ndarray, i: int, obs: np.ndarray, mask: np.ndarray, legal: np.ndarray, bits: np.ndarray,
             player: np.ndarray, want_obs: bool) -> None:
    """Row ``i``'s learner to act: its seat, mask and (if wanted) observation."""
    player[i] = st[i, TO_ACT]
    K.write_mask(p, st, sa, i, mask, legal, bits)
    if want_obs:
        K.encode(p, st, sa, sides, deck, off, i, player[i], obs)


@jit
def reset_learners(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                   rng: np.ndarray, off: np.ndarray, obs: np.ndarray, mask: np.ndarray, legal: np.ndarray,
                   bits: np.ndarray, player: np.ndarray, rewards: np.ndarray, rw: np.ndarray, scr: np.ndarray,
                   want_obs: bool, kinds: np.ndarray, brng: np.ndarray) -> None:
    """New games in every row (K.reset_all done), advanced to a learner's turn."""
    for i in range(st.shape[0]):
        _advance(p, st, sa, sides, deck, rng, i, kinds, brng, rewards, rw, scr)
        _present(p, st, sa, sides, deck, off, i, obs, mask, legal, bits, player, want_obs)


@jit
def step_learners(p: np.ndarray, st: np.ndarray, sa: np.ndarray, sides: np.ndarray, deck: np.ndarray,
                  rng: np.ndarray, off: np.ndarray, actions: np.ndarray, obs: np.ndarray, mask: np.ndarray,
                  legal: np.ndarray, bits: np.ndarray, player: np.ndarray, rewards: np.ndarray,
                  done: np.ndarray, rw: np.ndarray, scr: np.ndarray, want_obs: bool, kinds: np.ndarray,
                  brng: np.ndarray) -> int:
    """The learners' ids, one per row (SKIP: the row waits), then the opponents' moves up
    to a learner's next turn; rewards summed over them.  Returns -1, or the first row
    whose id is illegal (then nothing changed)."""
    bad = K._first_illegal(actions, legal)
    if bad >= 0:
        return bad
    for i in range(st.shape[0]):
        for s in range(rewards.shape[1]):
            rewards[i, s] = 0.0
        st[i, K.NEW_HAND] = 0
        st[i, K.REDRAW_NOW] = 0
        st[i, K.TRUNC] = 0
        a = actions[i]
        if a == K.SKIP:
            done[i] = False
            continue
        ended = _apply_add(p, st, sa, sides, deck, rng, i, a, rewards, rw, scr)
        if _advance(p, st, sa, sides, deck, rng, i, kinds, brng, rewards, rw, scr):
            ended = True
        done[i] = ended
        _present(p, st, sa, sides, deck, off, i, obs, mask, legal, bits, player, want_obs)
    return -1
