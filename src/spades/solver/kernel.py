"""The search kernel: a boolean target search ("can the maximizing seats take
at least ``target`` more tricks?") over Spades card play.

Everything here is written in the subset of Python that numba compiles (see
:mod:`spades.solver._jit`): card sets are 52-bit integers, state lives in flat
integer arrays, no objects.  Without numba the same functions run as plain
Python on lists.

State
-----
``hands``      one card-set integer per seat (``nseat`` entries used).
``played``     cards played from the root on, indexed by ply; the cards of the
               current trick are ``played[ply - k .. ply - 1]`` where ``k`` is
               how many cards the trick holds so far.
``moves``      a move buffer, ``MAXMOVES`` slots per ply.
``tt``         the transposition table, flat: ``TT_WORDS`` integers a bucket
               (a header, ``TT_WAYS`` compact key words, then ``TT_WAYS``
               entries of ``TT_ENTRY`` words: shape, tag = generation/leader/
               broken, the pattern as two mask/value pairs, bounds and best
               card).
``stk``        the explicit search stack (``SW`` words a ply), scratch words
               and the killer moves.
``stats``      counters: nodes, table probes, table hits, trick starts reached by
               play, (unused), evictions, nil lookups of entries for higher
               nil-bidder cards (:func:`_dominated_safe`) and how many found one.
``cmask``      seats whose tricks are counted (bit per seat).
``xmask``      seats that maximize the count; the others minimize it.  The
               game is thus always two-sided and zero-sum, so plain alpha-beta
               (here: null-window boolean searches) is exact.

The techniques of the search (after the published descriptions of DDS), the speed and
node-count measurements and what was tried and dropped are in ``bench/solver-notes.md``.
"""

from __future__ import annotations

from typing import Any

from ._jit import njit, njit_inline

__all__ = [
    "MAXMOVES",
    "TT_WORDS",
    "can_take",
    "card_values",
    "legal_mask",
]

MAXMOVES = 20  # a three-player hand holds 17 cards
MAXPLY = 56
#: the table is set-associative: a bucket is a header word (generation and how many
#: entries it holds: the entries of one generation fill it from the front), then
#: TT_WAYS key words (a 16-bit fingerprint of the shape and tag, then which of the
#: top, second and third cards of each suit the entry pins down (24 bits) and their
#: owners (24 bits): a scan reads only these compact words and looks at an entry
#: itself only when its key matches), then TT_WAYS
#: entries of TT_ENTRY words (suit-length shape, generation/leader/broken tag, the
#: pattern as mask and value on two code words, bounds).  64 ways thrashed: a
#: third of the stores on a 13-card deal evicted a live entry.
TT_WAYS = 256
TT_ENTRY = 7
TT_KEYS = 1
TT_ENTRIES = 1 + TT_WAYS
TT_WORDS = 1 + TT_WAYS + TT_WAYS * TT_ENTRY

#: the card layout: 0 is the standard one (a card is ``13 * suit + rank``, 13 bits a suit);
#: 1 is the wide one, for packs whose trump suit has more than 13 cards (14-16: the jokers
#: and deuces decks): the side suits as before (13 bits each, at 0, 13 and 26), the trump
#: suit in 16 bits from bit 39 (cards 39-54), a card's rank its order in its suit.  This
#: module is the standard kernel; :mod:`spades.solver._wide` (and ``_cgen`` for C) build a
#: second one from this very source with ``WIDE = 1``.  Every use of it below is decided
#: when the kernel is compiled (the standard kernel's code is what it was without it).
WIDE = 0
SUIT0 = 0x1FFF
#: the trump suit's bits at the bottom of its field, and the whole suit
TRUMP0 = 0xFFFF if WIDE else 0x1FFF
SPADES = TRUMP0 << 39
NONSPADES = (1 << 39) - 1
#: the highest card index, and how many there are
TOPCARD = 54 if WIDE else 51
NSLOTS = TOPCARD + 1
#: ranks a suit may hold (the trump suit's, the longest)
NRANK = 16 if WIDE else 13
#: the width of a suit's field in the packed suit lengths (and rank thresholds), and its mask
LW = 5 if WIDE else 4
LMASK = (1 << LW) - 1
#: a suit's owner code (2 bits a card) on its code word: the side suits' 26 bits, the trump suit's
CODE0 = 0x3FFFFFF
CODE3 = 0xFFFFFFFF if WIDE else 0x3FFFFFF

Array = Any  # a list of ints, or a numpy int64 array under numba
#: the four hands as a tuple (unused seats 0): the per-node helpers take this
#: instead of the ``hands`` array, because every numba function that receives
#: an array increments and decrements its reference count with atomic
#: instructions, which cost more than most of these helpers
Hands = tuple[int, int, int, int]


@njit_inline
def _suit(c: int) -> int:
    """``c // 13``, the suit of card ``c`` (-1 for no card), by a multiply and a shift
    (exact for -200 <= c < 200); in the wide layout cards 52-54 are trumps too."""
    s = (c * 79) >> 10
    if WIDE and s > 3:
        return 3
    return s


@njit_inline
def _smask(suit: int) -> int:
    """The card set of every card of ``suit``."""
    if WIDE and suit == 3:
        return SPADES
    return SUIT0 << (13 * suit)


@njit_inline
def _stop(suit: int) -> int:
    """The highest card index of ``suit``."""
    if WIDE and suit == 3:
        return TOPCARD
    return 13 * suit + 12


@njit_inline
def _cmask(suit: int) -> int:
    """The mask of ``suit``'s owner code, shifted down to bit 0 of its code word."""
    if WIDE and suit == 3:
        return CODE3
    return CODE0


@njit_inline
def _wrap(x: int, nseat: int) -> int:
    """``x % nseat`` for 0 <= x < 2 * nseat (seat arithmetic), without a division."""
    if x >= nseat:
        return x - nseat
    return x


@njit
def popcount(x: int) -> int:
    """Number of set bits of a non-negative integer below 2**63."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    # the byte sums gathered by one multiplication: LLVM turns this form (and not
    # the shift-and-add one) into a single popcnt instruction
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@njit
def _highbit_index(x: int) -> int:
    """Index of the highest set bit of a card set ``x`` (``x`` > 0)."""
    c = TOPCARD
    while not ((x >> c) & 1):
        c -= 1
    return c


@njit
def lowbit_index(x: int) -> int:
    """Index of the lowest set bit of ``x`` (``x`` > 0)."""
    return popcount((x & -x) - 1)


@njit
def legal_mask(hand: int, k: int, led_suit: int, broken: bool) -> int:
    """The cards of ``hand`` that may be played as card ``k`` of a trick."""
    if k == 0:
        if broken or (hand & NONSPADES) == 0:
            return hand
        return hand & NONSPADES
    follow = hand & _smask(led_suit)
    if follow:
        return follow
    return hand


@njit
def _winner_of(tr: Hands, n: int) -> int:
    """Position (0..n-1) of the winning card among the first ``n`` of ``tr``."""
    best = tr[0]
    bi = 0
    for i in range(1, n):
        c = tr[i]
        if _suit(c) == _suit(best):
            if c > best:
                best = c
                bi = i
        elif _suit(c) == 3:
            best = c
            bi = i
    return bi


@njit_inline
def _beats(c: int, best: int) -> bool:
    """Does card ``c`` beat ``best``, the best card of a trick so far (a higher
    card of its suit, or a spade on another suit)?"""
    if _suit(c) == _suit(best):
        return c > best
    return _suit(c) == 3


@njit
def _top_cards(cards: int, t: int) -> int:
    """The ``t`` highest cards of a card set."""
    n = popcount(cards)
    while n > t:
        cards &= cards - 1
        n -= 1
    return cards


@njit_inline
def _shape_codes(hands: Array, nseat: int, stk: Array) -> int:
    """Suit lengths of every hand as one integer (4 bits each); also writes
    each suit's owner code (2 bits per remaining card, highest card in the
    highest bits) to ``stk[SCR + suit]`` and its length to ``stk[SCR + 4 + suit]``,
    and the codes of suits 0 and 1 (2 and 3) side by side, 26 bits each, to
    ``stk[SCR + 8]`` (``stk[SCR + 9]``): with the lengths fixed by the shape, a
    stored pattern is then a mask and a value on these two words.  The owner
    codes of the top card of each suit go to ``stk[SCR + 10]`` (2 bits a suit)."""
    shape = 0
    shw = 4
    if WIDE and nseat < 4:
        shw = 5  # a hand of two or three seats may hold 16 trumps
    for s in range(nseat):
        h = hands[s]
        for suit in range(4):
            shape = (shape << shw) | popcount(h & _smask(suit))
    o0 = hands[1]
    o1 = 0
    if nseat > 2:
        o1 = hands[2]
    if nseat > 3:
        o0 |= hands[3]
        o1 |= hands[3]
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    for suit in range(4):
        x = allc & _smask(suit)
        code = 0
        length = 0
        while x:
            # from the lowest card up: the highest card ends in the highest bits
            low = x & -x
            x ^= low
            own = 0
            if o0 & low:
                own = 1
            if o1 & low:
                own |= 2
            code |= own << (2 * length)
            length += 1
        stk[SCR + suit] = code
        stk[SCR + 4 + suit] = length
    stk[SCR + 8] = stk[SCR] | (stk[SCR + 1] << 26)
    stk[SCR + 9] = stk[SCR + 2] | (stk[SCR + 3] << 26)
    top = 0
    for suit in range(4):
        length = stk[SCR + 4 + suit]
        if length:
            top |= (stk[SCR + suit] >> (2 * (length - 1))) << (2 * suit)
    stk[SCR + 10] = top
    return shape


@njit_inline
def _codes_after_trick(hands: Array, nseat: int, stk: Array, pf: int, played: Array, ply: int) -> int:
    """What :func:`_shape_codes` returns and writes, worked out from the codes saved
    in the frame ``pf`` of the trick start one trick up: the cards of the trick
    just played (``played[ply - nseat:ply]``) taken out of its owner codes."""
    c1 = stk[pf + F_CODE1]
    c2 = stk[pf + F_CODE2]
    lens = stk[pf + F_LENS]
    shape: int = stk[pf + F_SHAPE]
    leader = stk[pf + F_LEADER]
    shw = 4
    if WIDE and nseat < 4:
        shw = 5
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    for i in range(nseat):
        allc |= 1 << played[ply - nseat + i]
    for i in range(nseat):
        c = played[ply - nseat + i]
        suit = _suit(c)
        # the card's 2-bit field: one per card of its suit below it
        j = 2 * popcount(allc & _smask(suit) & ((1 << c) - 1))
        keep = (1 << j) - 1
        off = 26 * (suit & 1)
        cw = c1
        if suit >= 2:
            cw = c2
        cm = _cmask(suit)
        sub = (cw >> off) & cm
        sub = (sub & keep) | ((sub >> 2) & ~keep)
        cw = (cw & ~(cm << off)) | (sub << off)
        if suit >= 2:
            c2 = cw
        else:
            c1 = cw
        allc ^= 1 << c
        lens -= 1 << (LW * suit)
        # the shape has a 4-bit length for each seat and suit, seat 0's suit 0 highest
        seat = _wrap(leader + i, nseat)
        shape -= 1 << (shw * (4 * (nseat - 1 - seat) + 3 - suit))
    top = 0
    for suit in range(4):
        length = (lens >> (LW * suit)) & LMASK
        stk[SCR + 4 + suit] = length
        if length:
            cw = c1
            if suit >= 2:
                cw = c2
            top |= ((cw >> (26 * (suit & 1) + 2 * (length - 1))) & 3) << (2 * suit)
    stk[SCR + 8] = c1
    stk[SCR + 9] = c2
    stk[SCR + 10] = top
    return shape


@njit_inline
def _pattern_cards(m1: int, m2: int, hands: Hands, nseat: int) -> int:
    """The cards a stored pattern (its two masks) pins down in the current position."""
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    rel = 0
    for suit in range(4):
        m = m1
        if suit >= 2:
            m = m2
        t = popcount((m >> (26 * (suit & 1))) & _cmask(suit)) >> 1
        if t:
            rel |= _top_cards(allc & _smask(suit), t)
    return rel


@njit
def _representative(card: int, legal: int, hand: int, allc: int) -> int:
    """The move that stands for ``card`` (the top of its run of equivalent
    cards in ``hand``), or -1 when ``card`` is not a legal card."""
    if card < 0 or not (legal >> card) & 1:
        return -1
    top = _stop(_suit(card))
    x = card + 1
    while x <= top:
        if (allc >> x) & 1:
            if (hand >> x) & 1:
                card = x
            else:
                break
        x += 1
    return card


@njit_inline
def _holds(hands: Hands, nseat: int, player: int, k: int, leader: int, xmask: int, c: int, led: int) -> bool:
    """Does ``c`` (a card of the led suit that beats the trick so far) stay
    above every opponent still to play in this trick (none of them can beat it
    by rank or by ruffing)?"""
    side = (xmask >> player) & 1
    smask = _smask(led)
    above = ~((2 << c) - 1)
    for i in range(k + 1, nseat):
        s = _wrap(leader + i, nseat)
        if ((xmask >> s) & 1) == side:
            continue
        h = hands[s]
        if h & smask:
            if h & smask & above:
                return False
        elif led != 3 and (h & SPADES) != 0:
            return False
    return True


@njit_inline
def _gen_moves(
    hands: Hands,
    tr: Hands,
    ply: int,
    k: int,
    nseat: int,
    leader: int,
    broken: bool,
    xmask: int,
    moves: Array,
    hint: int,
    killer: int,
    nil: int,
    need: int,
    pref: int,
    bi: int,
    drop: int,
) -> int:
    """Write the ordered, equivalence-reduced moves of the seat to play into
    ``moves[ply * MAXMOVES:]``; return how many.  ``tr`` holds the ``k`` cards
    of the trick so far.  ``hint`` (a card, or -1) is tried first (after the
    killer lead, the lead that last decided a trick start at this ply): the move
    that decided this position in an earlier search.  ``nil`` is the nil
    bidder's seat when the search counts that seat's tricks alone with the
    other side maximizing (-1 otherwise): the moves are then ordered for that
    objective (:func:`_nil_score`).  ``need`` is how many tricks (the current
    one included) the side to play needs for the search's question to go its
    way: a leader's top cards come first only when it can spare at most one.
    ``pref`` holds the history bonuses: 4 bits for each lead kind (suit * 2 + top
    card) at a trick start, 8 bits for each follower's kind (:func:`_follow_kind`).
    ``bi``: where the trick's best card lies among its ``k`` cards.  ``drop``: cards
    left out (:func:`_side_drops`)."""
    player = _wrap(leader + k, nseat)
    hand = hands[player]
    led = 0
    if k > 0:
        led = _suit(tr[0])
    legal = legal_mask(hand, k, led, broken)
    remaining = popcount(hand)
    # cashing top cards first suits a side that needs every trick left, or all but one; one
    # that can give up more does better with the other leads first (most of all when it
    # needs more than half)
    cash_penalty = 0
    if need < remaining - 1:
        cash_penalty = 20
        if 2 * need > remaining:
            cash_penalty = 40
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    best = -1
    best_seat = -1
    for i in range(k):
        allc |= 1 << tr[i]
    if k > 0:
        best = tr[bi]
        best_seat = _wrap(leader + bi, nseat)
    hint = _representative(hint, legal, hand, allc)
    killer = _representative(killer, legal, hand, allc)
    my_side = (xmask >> player) & 1
    partner_winning = k > 0 and ((xmask >> best_seat) & 1) == my_side
    last = k == nseat - 1
    base = ply * MAXMOVES
    # the nil bidder asked to take no trick (need: every trick left), following: of its
    # cards that cannot win this trick, only the highest of each suit (_nil_dominated)
    nil_low = player == nil and k > 0 and need == remaining
    # a lead: the opponents' answers to each suit the leader may lead (16 bits a suit:
    # room for a void opponent's VOID_CHOICES squared)
    occ = 0
    if k == 0 and (nil < 0 or my_side == 0):
        for s4 in range(4):
            sm = _smask(s4)
            if legal & sm:
                occ |= _opp_choices(hands, nseat, xmask, my_side, sm, allc) << (16 * s4)
    n = 0
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        c = lowbit_index(low)
        suit = _suit(c)
        smask = _smask(suit)
        above = allc & smask & ~((low << 1) - 1)
        if above:
            nxt = above & -above
            if nxt & hand:
                continue  # equivalent to the next higher card of this hand
        if nil_low and _nil_dominated(hand, c, best, led):
            continue
        if (drop >> c) & 1:
            continue
        rank = c - 13 * suit
        # ---- ordering score (higher first)
        if nil >= 0:
            score = _nil_score(hands, tr, k, nseat, leader, player, nil, c, best, best_seat)
            if k == 0 and my_side == 0:
                score -= NIL_BRANCH_W * (((occ >> (16 * suit)) & 0xFFFF) - 1)
        elif k == 0:
            if above == 0:
                # the top card of its suit: a sure winner unless trumped; a top
                # spade (drawing trumps) after the side suits' winners
                score = 60 + rank
                if suit == 3:
                    score -= 25
                elif not _holds(hands, nseat, player, 0, leader, xmask, c, suit):
                    score = 25 + rank
                score -= cash_penalty
            else:
                # lead low from a suit; prefer suits where we hold a high card
                score = 20 - rank
                mine = popcount(hand & smask)
                score += mine
                if nseat == 4 and ((xmask >> ((player + 2) % 4)) & 1) == my_side:
                    tc = _highbit_index(above)
                    if (hands[(player + 2) % 4] >> tc) & 1 and _holds(
                        hands, nseat, player, 0, leader, xmask, tc, suit
                    ):
                        # partner holds the top card and nobody can ruff it (less
                        # urgent for a side that needs at most half the tricks left)
                        score += 30
                        if cash_penalty == 20:
                            score -= 10
                if suit != 3:
                    for q in range(nseat):
                        hq = hands[q]
                        if ((xmask >> q) & 1) != my_side and (hq & smask) == 0 and (hq & SPADES) != 0:
                            # an opponent can ruff this suit
                            score -= RUFF_PENALTY
            score -= BRANCH_W * (((occ >> (16 * suit)) & 0xFFFF) - 1)
        else:
            beats = _beats(c, best)
            if partner_winning:
                if beats:
                    score = 5 - rank
                    if (
                        not last
                        and suit == led
                        and _suit(best) == led
                        and _holds(hands, nseat, player, k, leader, xmask, c, led)
                        and not _holds(hands, nseat, player, k, leader, xmask, best, led)
                    ):
                        # partner's card would be beaten, this one would not
                        score = 60 - rank
                else:
                    score = 50 - rank
                    if suit != led:
                        score -= 3 * (suit == 3)
            else:
                if beats:
                    score = 70 - rank
                    if last or (suit == 3 and led != 3):
                        score += 5
                    elif not _holds(hands, nseat, player, k, leader, xmask, c, led):
                        # an opponent still to play can take this card: duck instead
                        score = 55 - rank
                else:
                    score = 30 - rank
                    if suit == 3:
                        score -= 10
        if k == 0:
            # the suit and kind (top card or not) of the leads that decided this leader's
            # trick starts most often in this search (a history heuristic)
            score += (pref >> (4 * (suit * 2 + (above == 0)))) & 0xF
        elif nil < 0:
            # a follower: the kind of play (duck, beat, ruff, discard) that decided this
            # seat's nodes at this place in the trick more often after another play had
            # failed first (a history of corrections)
            score += (pref >> (8 * _follow_kind(c, best, led))) & 0xFF
        if c == killer and k == 0 and (nil < 0 or my_side == 1):
            # (nil searches: the opponents' leads only; the nil side's leads were better
            # without it, bench/solver-notes.md)
            score = 1000
        elif c == hint:
            score = 900
        # insertion in descending score order, lower cards first among equals
        # (the score rides above 6 bits that hold 63 - card)
        key = score * 64 + 63 - c
        j = n
        while j > 0 and moves[base + j - 1] < key:
            moves[base + j] = moves[base + j - 1]
            j -= 1
        moves[base + j] = key
        n += 1
    for j in range(n):
        moves[base + j] = 63 - (moves[base + j] & 63)
    return n


@njit_inline
def _first_lead(hands: Hands, leader: int, broken: bool, xmask: int, hint: int, killer: int, nil: int) -> int:
    """The lead :func:`_gen_moves` puts first without scoring: the killer lead (not
    for the nil side in a nil search), else the table's hint, as the top of its run
    of equivalent cards; -1 when neither is a legal card."""
    hand = hands[leader]
    legal = legal_mask(hand, 0, 0, broken)
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    if nil < 0 or (xmask >> leader) & 1:
        c = _representative(killer, legal, hand, allc)
        if c >= 0:
            return c
    return _representative(hint, legal, hand, allc)


@njit_inline
def _opp_choices(hands: Hands, nseat: int, xmask: int, my_side: int, smask: int, allc: int) -> int:
    """How many different answers the leader's opponents have to a lead of
    the suit ``smask``: the product, over the opponents, of their runs of
    equivalent cards in the suit (a void one counts VOID_CHOICES)."""
    br = 1
    for q in range(nseat):
        if ((xmask >> q) & 1) != my_side:
            hq = hands[q] & smask
            if hq:
                cnt = 0
                x = hq
                while x:
                    lo = x & -x
                    x ^= lo
                    ab = allc & smask & ~((lo << 1) - 1)
                    if (ab & -ab & hq) == 0:
                        cnt += 1
                br *= cnt
            else:
                br *= VOID_CHOICES
    return br


@njit_inline
def _nil_dominated(hand: int, c: int, best: int, led: int) -> bool:
    """Is the nil bidder's card ``c`` (following to a trick whose winning card so
    far is ``best``, suit ``led`` led) one it need not try when it must take no trick
    at all: a card that cannot win the trick (a card of the suit led below ``best``
    or when ``best`` is a ruff, a side-suit discard, a spade below a ruffing
    ``best``) with a higher card of the same suit in its hand that cannot win
    either?  Playing the higher one instead is never worse: the trick goes the
    same way, and a hand holding a lower card of a suit instead of a higher one
    can copy every line of play of the other, its card losing every trick the
    other's lost (so if the nil survives after the lower card, it survives after
    the higher one too, and a set after the higher card is a set after the lower
    one).  Only for "no trick at all": with a larger target a trick the higher
    card would have won, and the lower one does not, changes the lead.  Under a ruff or below
    ``best`` of its suit the rule compares with ``best``, which the caller adds
    to the cards relied on (:func:`_nil_pin`)."""
    suit = _suit(c)
    bsuit = _suit(best)
    if suit == led:
        if bsuit == led:
            if c > best:
                return False
        elif bsuit != 3:
            return False
    elif suit == 3 and (bsuit != 3 or c > best):
        return False
    higher = hand & _smask(suit) & ~((2 << c) - 1)
    if suit == bsuit:
        higher &= (1 << best) - 1
    return higher != 0


@njit_inline
def _nil_pin(hand: int, best: int, led: int) -> int:
    """The card :func:`_nil_dominated` relied on at a nil bidder's turn: ``best``
    (as a card set) when the rule compared the nil bidder's cards with it (two or
    more of them below it in its suit, which is the suit led, or spades when
    ``best`` ruffs and the nil bidder is void in the suit led), else 0."""
    bsuit = _suit(best)
    if bsuit != led and (bsuit != 3 or (hand & _smask(led)) != 0):
        return 0
    if popcount(hand & _smask(bsuit) & ((1 << best) - 1)) >= 2:
        return 1 << best
    return 0


@njit_inline
def _side_drops(
    hands: Hands, tr: Hands, k: int, nseat: int, leader: int, player: int, nil: int, legal: int, best: int
) -> tuple[int, int]:
    """The cards the nil bidder's partner or an opponent (``player``, following to a
    trick of ``k`` cards whose best card so far is ``best``) need not try in a search
    asking only whether the nil bidder takes a trick, and the cards that relied on.

    The rule rests on a lemma: moving the nil bidder's cards down among the others'
    (a card of its swapped for a lower one of the same suit that is out of play)
    never turns a safe nil into a set one, since the lower card can copy every
    play of the higher and loses every trick the higher one lost, to the same
    winner.  Take two cards of ``player``'s in one suit with only the nil bidder's
    cards between them among the cards in hand.  When the trick goes the same way
    whichever of the two is played (a side-suit discard; both below ``best``; or the
    nil bidder has played to this trick and no card on the table lies between
    them), the positions after the trick differ only in which one ``player`` keeps,
    and keeping the higher one moves the nil bidder's cards between them down.  So
    an opponent need only try the higher card (keeping the lower one), and the
    partner only the lower one (keeping the higher)."""
    nh = hands[nil]
    hand = hands[player]
    rest = 0
    for suit in range(4):
        smask = _smask(suit)
        if (nh & smask) != 0 and popcount(hand & smask) >= 2:
            rest |= legal & smask
    if rest == 0:
        return 0, 0
    others = 0
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
        if s != nil and s != player:
            others |= hands[s]
    table = 0
    for i in range(k):
        table |= 1 << tr[i]
    allc |= table
    opp = nseat != 4 or player != _wrap(nil + 2, nseat)
    led = _suit(tr[0])
    nil_played = _wrap(nil - leader + nseat, nseat) < k
    drops = 0
    pins = 0
    while rest:
        low = rest & -rest
        rest ^= low
        c = lowbit_index(low)
        suit = _suit(c)
        smask = _smask(suit)
        above = allc & smask & ~((low << 1) - 1)
        if above & -above & hand:
            continue  # not the top of its run of equivalent cards
        if opp:
            mine = hand & smask & ~((low << 1) - 1)
            if mine == 0:
                continue
            lo = c
            hi = lowbit_index(mine)
        else:
            mine = hand & smask & (low - 1)
            if mine == 0:
                continue
            lo = _highbit_index(mine)
            hi = c
        between = smask & ((1 << hi) - 1) & ~((2 << lo) - 1)
        if (between & others) != 0 or (between & nh) == 0:
            continue
        if (suit == led or suit == 3) and _beats(hi, best) and (not nil_played or (table & between) != 0):
            continue  # the trick may go another way
        drops |= low
        pins |= between | (1 << lo) | (1 << hi)
    return drops, pins


@njit_inline
def _follow_kind(c: int, best: int, led: int) -> int:
    """The kind of a follower's card ``c`` (``best``: the card winning the trick so
    far, ``led``: the suit led): 0 a card of the suit led that does not beat ``best``,
    1 one that does, 2 a spade on another suit (a ruff), 3 a discard."""
    suit = _suit(c)
    if suit == led:
        if _suit(best) == led and c > best:
            return 1
        return 0
    if suit == 3:
        return 2
    return 3


@njit
def _nil_score(
    hands: Hands, tr: Hands, k: int, nseat: int, leader: int, player: int, nil: int, c: int, best: int,
    best_seat: int,
) -> int:
    """Ordering score (higher first) of card ``c`` for the nil objective: the
    nil bidder ducks as high as it can and sheds its highest cards; its
    partner wins the tricks the nil bidder has yet to play to, overtakes the
    nil bidder's winning card, and takes with its lowest winning card a trick
    the nil bidder can no longer win (the lead is worth more to the nil side
    than the card: ``NIL_TAKE``); the opponents lead low in the suits the nil
    bidder still holds, first those where its highest card is highest, and when
    the nil bidder's partner has beaten it in the trick, or the nil bidder is
    void in the suit led and can discard a side card, they play high (to win the
    lead back and keep their low cards for leads under the nil bidder); else
    they duck with their highest card that does not beat the trick (keeping the
    low ones) and discard first from the suits the nil bidder is void in, high
    cards first."""
    suit = _suit(c)
    rank = c - 13 * suit
    beats = k > 0 and _beats(c, best)
    nil_played = _wrap(nil - leader + nseat, nseat) < k
    if player == nil:
        if k == 0:
            return 40 - rank
        if not beats:
            if suit == 3 or suit == _suit(tr[0]):
                return 50 + rank
            return 60 + rank
        return 20 - rank
    if nseat == 4 and (player + 2) % 4 == nil:
        if k == 0:
            return 30 + rank
        if nil_played:
            if best_seat == nil:
                if beats:
                    return 60 - rank
                return 20 - rank
            if beats:
                return NIL_TAKE - rank
            return 40 - rank
        if beats:
            return 50 + rank
        return 30 - rank
    if k == 0:
        score = 30 - rank
        nm = hands[nil] & _smask(suit)
        if nm:
            score += 10 + (_highbit_index(nm) - 13 * suit) // 2
        return score
    led_suit = _suit(tr[0])
    if nil_played and best_seat != nil:
        if nseat == 4 and best_seat == (nil + 2) % 4:
            return 40 + rank
        return 40 - rank
    if not nil_played and (hands[nil] & _smask(led_suit)) == 0 and (hands[nil] & NONSPADES) != 0:
        # the nil bidder will discard on this trick: win the lead, keep the low cards
        return 40 + rank
    if beats:
        return 20 - rank
    if suit == led_suit:
        # a duck (that does not change this trick, or that leaves the nil bidder's card
        # winning): keep the low cards to lead under the nil bidder
        return 50 + rank
    if suit != 3:
        # a discard: first from the suits the nil bidder is void in, high cards first
        if (hands[nil] & _smask(suit)) == 0:
            return 50 + rank
        return 35 + rank
    return 50 - rank


@njit
def _nil_safe(hands: Hands, nseat: int, nil: int) -> tuple[bool, int]:
    """At a trick start that the nil bidder does not lead: can the nil
    bidder be sure of taking no more tricks whatever the others do?  Yes when
    it holds no spade and, in each suit, its i-th lowest card is below the
    i-th lowest card of the other hands together: it never leads (it never
    wins a trick), it follows each lead of a suit with its lowest card there,
    which is below the card led (the i-th lead of a suit uses up at least i-1
    of the other hands' cards of it), and when void it discards its highest
    cards.  Returns the cards relied on (every card of the suits it holds).

    With four seats a suit may instead be *covered*: the partner holds at least
    as many cards of it as the nil bidder, its i-th highest above the nil
    bidder's i-th highest for every i.  In each round of a covered suit the
    partner plays its highest card of it and the nil bidder its highest (below
    the partner's); the partner never plays a card of a covered suit otherwise
    (it follows, ruffs or discards from the other suits) unless it holds
    nothing else, and then the cards of the covered suits are more than the
    nil bidder's there (when the nil bidder follows to the trick) or the nil
    bidder, void too, discards its highest card of a covered suit and the
    partner its lowest of the same suit: either way the partner still holds
    the cover of every round left.  Discards of the nil bidder's highest cards
    keep both conditions.  A covered suit relies only on the cards from its top
    down to the partner's cover of the nil bidder's lowest card (the partner's
    card of that rank in the order of its cards): the nil bidder's cards below
    it are below every cover they need.  So the covers are tried first.

    Or the partner covers the nil bidder's top j cards of a suit (as above) and
    the nil bidder's other cards there are below the others' cards less those j
    covers (as in the first rule).  While a cover is left, every round of the
    suit is a covered one (the partner plays its highest card, a cover, and the
    nil bidder its highest); a forced discard of the partner's takes a card
    that is not a cover when the nil bidder follows (its covers are fewer than
    the nil bidder's cards of the covered suits, which are fewer than its
    cards), else as above.  A round with a cover in it but none of the nil
    bidder's covered cards left (discarded) is above all its other cards there
    (every cover is), so it plays its highest and the first rule still holds;
    once the covers are spent it holds for what is left (the others' cards only
    went down).  Relies on every card of such a suit."""
    mine = hands[nil]
    if mine & SPADES:
        return False, 0
    others = 0
    for s in range(nseat):
        if s != nil:
            others |= hands[s]
    rel = 0
    for suit in range(3):
        smask = _smask(suit)
        m = mine & smask
        if m == 0:
            continue
        if nseat == 4:
            # the partner's covers (tried first: they rely on fewer cards): as many cards
            # of the suit as the nil bidder, its i-th highest above the nil bidder's i-th
            # highest
            p = hands[(nil + 2) % 4] & smask
            if popcount(p) >= popcount(m):
                low = 52
                while m:
                    hm = _highbit_index(m)
                    hp = _highbit_index(p)
                    if hm > hp:
                        break
                    m ^= 1 << hm
                    p ^= 1 << hp
                    low = hp
                if m == 0:
                    rel |= (mine | others) & smask & ~((1 << low) - 1)
                    continue
                m = mine & smask
        if not _below(m, others & smask):
            if nseat != 4:
                return False, 0
            # the partner covers the nil bidder's top j cards, its lower cards are below the
            # others' cards less those covers (0 < j < its length)
            p = hands[(nil + 2) % 4] & smask
            mixed = False
            top = m
            pc = p
            for _j in range(1, popcount(m)):
                if pc == 0:
                    break
                hm = _highbit_index(top)
                hp = _highbit_index(pc)
                if hm > hp:
                    break
                top ^= 1 << hm
                pc ^= 1 << hp
                if _below(top, others & smask & ~(p ^ pc)):
                    mixed = True
                    break
            if not mixed:
                return False, 0
        rel |= (mine | others) & smask
    return True, rel


@njit_inline
def _below(m: int, o: int) -> bool:
    """Is the i-th lowest card of ``m`` below the i-th lowest of ``o`` for every i?"""
    while m and o:
        if (m & -m) > (o & -o):
            return False
        m &= m - 1
        o &= o - 1
    return True


@njit_inline
def _spade_bounds(hands: Hands, nseat: int, cmask: int) -> tuple[int, int, int]:
    """Tricks that are certain for the counted seats, and certain for the others.

    A hand whose spades include the highest remaining spades in an unbroken
    run (no other hand holds a spade between them) wins a trick with each of
    them: every card is played in its own trick and nothing can beat it.  The
    longest such run among counted seats is a lower bound on their tricks, the
    longest among the other seats bounds them from above.  Also returns the
    run's cards: the bounds hold in every position where the same hand holds
    the same top spades.
    """
    allsp = 0
    for s in range(nseat):
        allsp |= hands[s] & SPADES
    sure = 0
    lost = 0
    if allsp == 0:
        return sure, lost, 0
    top = TOPCARD
    while not ((allsp >> top) & 1):
        top -= 1
    owner = 0
    for s in range(nseat):
        if (hands[s] >> top) & 1:
            owner = s
    mine = hands[owner]
    run = 0
    rel = 0
    c = top
    while c >= 39:
        b = 1 << c
        if allsp & b:
            if mine & b:
                run += 1
                rel |= b
            else:
                break
        c -= 1
    if (cmask >> owner) & 1:
        sure = run
    else:
        lost = run
    return sure, lost, rel


@njit
def _spade_matching(
    hands: Hands, nseat: int, cmask: int, need_sure: int, need_lost: int
) -> tuple[int, int, int, int]:
    """Spade tricks that are certain for the counted seats and for the others,
    by a matching argument stronger than :func:`_spade_bounds`.

    Every trick in which a hand plays a spade is won by a spade, so it goes to
    the hand's side unless an opponent plays a higher spade to that same trick;
    an opponent's spade is in one trick only, so it can take away at most one
    of the hand's spades.  The tricks the side is sure of are then the hand's
    spades minus a largest matching of them to higher opposing spades (found
    greedily from the top).  Partner's spades do not matter.  Returns the best
    count for the counted seats and for the others, each with the cards it
    relied on.  A hand's scan stops once its count reaches what its side
    needs (``need_sure`` for the counted seats, ``need_lost`` for the
    others): the count over the spades down to some card is at most the
    full count (lower spades only add unmatched ones), so the result relies
    only on the owners of the spades down to that card (and the suit
    lengths, which the table stores anyway).
    """
    allsp = 0
    for s in range(nseat):
        allsp |= hands[s] & SPADES
    sure = 0
    lost = 0
    srel = 0
    lrel = 0
    for h in range(nseat):
        mine = hands[h] & SPADES
        if mine == 0:
            continue
        side = (cmask >> h) & 1
        opp = 0
        for s in range(nseat):
            if ((cmask >> s) & 1) != side:
                opp |= hands[s]
        opp &= SPADES
        need = need_lost
        if side == 1:
            need = need_sure
        pool = 0
        unmatched = 0
        low = TOPCARD
        c = TOPCARD
        while c >= 39:
            b = 1 << c
            if opp & b:
                pool += 1
            elif mine & b:
                if pool > 0:
                    pool -= 1
                else:
                    unmatched += 1
                low = c
                if unmatched >= need:
                    break
            c -= 1
        if unmatched == 0:
            continue
        rel = allsp & ~((1 << low) - 1)
        if side == 1:
            if unmatched > sure:
                sure = unmatched
                srel = rel
        elif unmatched > lost:
            lost = unmatched
            lrel = rel
    return sure, lost, srel, lrel


@njit
def _spade_over(hands: Hands, nseat: int, cmask: int, leader: int) -> tuple[int, int, int, int]:
    """A spade trick that position makes certain: whether the counted seats,
    and the others, are sure of at least one more trick (0 or 1 each), with
    the cards relied on.

    A hand whose top spade ``t`` is beaten only by spades of the seat that
    plays just before it (an opponent), and that holds at least as many
    other spades as that seat holds spades above ``t``, takes a trick for its
    side: suppose its side took none, so the opponents lead every trick (but
    perhaps this one).  The seat before it then always plays first of the
    two, so the hand plays ``t`` in the first trick in which that seat has
    not played a higher spade (nobody else holds one: ``t`` wins), and in
    each of the at most that many tricks in which it has, it plays a smaller
    spade when it must play a spade at all.  When the hand itself leads now
    it needs a side card to lead (or one smaller spade more).  The bound
    depends on the owners of the spades from the top down to ``t`` (and the
    suit lengths).
    """
    allsp = 0
    for s in range(nseat):
        allsp |= hands[s] & SPADES
    sure = 0
    lost = 0
    srel = 0
    lrel = 0
    for h in range(nseat):
        mine = hands[h] & SPADES
        if mine == 0:
            continue
        prev = _wrap(h + nseat - 1, nseat)
        side = (cmask >> h) & 1
        if ((cmask >> prev) & 1) == side:
            continue
        if side == 1:
            if sure:
                continue
        elif lost:
            continue
        t = _highbit_index(mine)
        above = allsp & ~((2 << t) - 1)
        if above & ~hands[prev]:
            continue
        nh = popcount(above)
        low = popcount(mine) - 1
        if low < nh:
            continue
        if h == leader and low == nh and (hands[h] & NONSPADES) == 0:
            continue
        rel = allsp & ~((1 << t) - 1)
        if side == 1:
            sure = 1
            srel = rel
        else:
            lost = 1
            lrel = rel
    return sure, lost, srel, lrel


@njit
def _spade_pair(hands: Hands, nseat: int, cmask: int) -> tuple[int, int, int, int]:
    """Spade tricks a side is sure of through two of its hands (after DDS's later-tricks
    rules), for partnership objectives (each side plays for itself): how many more
    tricks the counted seats, and the others, are sure of (0, 1 or 2), with the spades
    relied on.

    The two top spades held by one side in two hands, one of which holds another
    spade, win two tricks: only a trick holding both loses one of them, and the hand
    holding two spades plays its smaller one in such a trick (it holds one until its
    first spade play, which settles it).  The second and third spades held by one side
    in two hands, one of which holds another spade, below an opposing top spade, win a
    trick: the top spade takes only one of them unless both fall in its trick, which
    the hand holding two spades avoids the same way.  (One hand holding both is
    :func:`_spade_matching`'s case.)  Depends on the owners of the top two or three
    spades and the suit lengths."""
    allsp = 0
    for s in range(nseat):
        allsp |= hands[s] & SPADES
    if popcount(allsp) < 3:
        return 0, 0, 0, 0
    t1 = _highbit_index(allsp)
    r2 = allsp ^ (1 << t1)
    t2 = _highbit_index(r2)
    t3 = _highbit_index(r2 ^ (1 << t2))
    o1 = 0
    o2 = 0
    o3 = 0
    for s in range(nseat):
        h = hands[s]
        if (h >> t1) & 1:
            o1 = s
        if (h >> t2) & 1:
            o2 = s
        if (h >> t3) & 1:
            o3 = s
    sure = 0
    lost = 0
    srel = 0
    lrel = 0
    side1 = (cmask >> o1) & 1
    side2 = (cmask >> o2) & 1
    side3 = (cmask >> o3) & 1
    if side1 == side2 and o1 != o2:
        if popcount(hands[o1] & SPADES) > 1 or popcount(hands[o2] & SPADES) > 1:
            rel = (1 << t1) | (1 << t2)
            if side1 == 1:
                sure = 2
                srel = rel
            else:
                lost = 2
                lrel = rel
    elif (
        side2 == side3
        and side1 != side2
        and o2 != o3
        and (popcount(hands[o2] & SPADES) > 1 or popcount(hands[o3] & SPADES) > 1)
    ):
        rel = (1 << t1) | (1 << t2) | (1 << t3)
        if side2 == 1:
            sure = 1
            srel = rel
        else:
            lost = 1
            lrel = rel
    return sure, lost, srel, lrel


@njit
def _ruff_lead(hands: Hands, leader: int) -> int:
    """Tricks the leader's partnership (four seats) is sure of when the opponents hold no
    spade (after DDS's quick tricks with the trumps in one side's hands): every trick
    holding a spade is the side's.  The leader leads its cards of the suits nobody else
    holds (each wins; partner discards a side card, or holds only spades and takes every
    trick) and then each of its spades takes a trick of its own; or, partner holding
    spades, a crossruff: partner ruffs the leader's leads of partner's voids, the leader
    partner's leads of its own voids, alternating, and after ``k`` such tricks the hand
    holding more spades takes as many more.  0 when the opponents hold a spade.  It
    depends on the suit lengths alone."""
    pa = hands[(leader + 2) % 4]
    opp = hands[(leader + 1) % 4] | hands[(leader + 3) % 4]
    if (opp & SPADES) != 0:
        return 0
    lh = hands[leader]
    nl = popcount(lh & SPADES)
    npa = popcount(pa & SPADES)
    # a: the leader's cards in suits partner is void in; b: partner's in the leader's voids;
    # f: the leader's cards in suits nobody else holds (each wins, the leader keeps the lead)
    a = 0
    b = 0
    f = 0
    for suit in range(3):
        sm = _smask(suit)
        if (pa & sm) == 0:
            a += popcount(lh & sm)
            if (opp & sm) == 0:
                f += popcount(lh & sm)
        elif (lh & sm) == 0:
            b += popcount(pa & sm)
    best = nl + f
    if npa > best:
        best = npa
    if a == 0 or npa == 0:
        return best
    # ruffs by partner at most x, by the leader at most y; they alternate, partner first
    x = a
    if npa < x:
        x = npa
    y = b
    if nl < y:
        y = nl
    # 2j tricks (j ruffs each), then the longer hand's spades left
    j = x
    if y < j:
        j = y
    m = nl
    if npa > m:
        m = npa
    if j + m > best:
        best = j + m
    # 2j + 1 tricks (partner ruffs once more)
    j = x - 1
    if y < j:
        j = y
    m = nl
    if npa - 1 > m:
        m = npa - 1
    if j + 1 + m > best:
        best = j + 1 + m
    return best


@njit
def _top_run(mine: int, allc: int, suit: int) -> int:
    """How many of the top cards of ``allc`` (one suit) are ``mine`` without a break."""
    run = 0
    c = _stop(suit)
    while c >= 13 * suit:
        b = 1 << c
        if allc & b:
            if mine & b:
                run += 1
            else:
                break
        c -= 1
    return run


@njit
def _ruff_cap(hands: Hands, nseat: int, side: int, xmask: int, smask: int, cap: int, drawn: int) -> int:
    """``cap`` lowered to the shortest length in a suit among opponents holding
    more than ``drawn`` spades (the others have none left once the cashing
    hand has led ``drawn`` top spades)."""
    for s in range(nseat):
        if ((xmask >> s) & 1) != side and popcount(hands[s] & SPADES) > drawn:
            length = popcount(hands[s] & smask)
            if length < cap:
                cap = length
    return cap


@njit
def _long_run(hands: Hands, nseat: int, who: int, side: int, xmask: int, smask: int, run: int) -> int:
    """How many cards of one suit ``who`` cashes, given its ``run`` top cards:
    all of its cards in the suit when no opponent holds more cards of it than
    the run (they are then out of it after the run, and so is every partner
    holding no more than the run: nobody overtakes the small ones), else the
    run.  Depends on the owners of the run's cards and the suit lengths."""
    n = popcount(hands[who] & smask)
    if n == run:
        return run
    for s in range(nseat):
        if s != who and popcount(hands[s] & smask) > run:
            return run
    return n


@njit
def _cash(
    hands: Hands, nseat: int, who: int, broken: bool, xmask: int, skip: int, need: int
) -> tuple[int, int]:
    """Tricks ``who`` can cash from the top, on lead, in every suit but ``skip``
    (see :func:`_quick_tricks`), and the cards counted.  Top spades are cashed
    first: they draw the spades of every opponent who holds no more of them.
    The count stops at ``need`` (at least 1): cashing fewer top cards relies on
    fewer of them, so a bound that proves no more than it must pins fewer cards."""
    side = (xmask >> who) & 1
    h = hands[who]
    allh = 0
    for s in range(nseat):
        allh |= hands[s]
    total = 0
    rel = 0
    drawn = 0
    if skip != 3 and (h & SPADES) != 0 and (broken or (h & NONSPADES) == 0):
        allc = allh & SPADES
        run = _top_run(h & SPADES, allc, 3)
        drawn = _long_run(hands, nseat, who, side, xmask, SPADES, run)
        if drawn >= need:
            if run > need:
                run = need
            return need, _top_cards(allc, run)
        total = drawn
        rel = _top_cards(allc, run)
    for suit in range(3):
        if suit == skip:
            continue
        smask = _smask(suit)
        mine = h & smask
        if mine == 0:
            continue
        allc = allh & smask
        run = _top_run(mine, allc, suit)
        if run == 0:
            continue
        full = _long_run(hands, nseat, who, side, xmask, smask, run)
        cap = _ruff_cap(hands, nseat, side, xmask, smask, full, drawn)
        if total + cap >= need:
            cap = need - total
            if cap > run:
                cap = run
            return need, rel | _top_cards(allc, cap)
        total += cap
        if cap > run:
            cap = run
        rel |= _top_cards(allc, cap)
    return total, rel


@njit
def _quick_tricks(
    hands: Hands, nseat: int, leader: int, broken: bool, xmask: int, need: int
) -> tuple[int, int]:
    """Tricks the leader's side can cash at once (:func:`_cash_paths`), or after
    drawing the opponents' last spades (:func:`_draw_last`), and the cards counted."""
    total, rel = _cash_paths(hands, nseat, leader, broken, xmask, need)
    if nseat == 4 and total < need and need >= 2:
        alt, arel = _draw_last(hands, leader, broken, xmask, need)
        if alt > total:
            total = alt
            rel = arel
    return total, rel


@njit_inline
def _seated(h0: int, h1: int, h2: int, h3: int, leader: int) -> tuple[int, int, int, int]:
    """Four hands given from ``leader`` round the table (leader, left-hand
    opponent, partner, right-hand opponent), by seat."""
    if leader == 0:
        return (h0, h1, h2, h3)
    if leader == 1:
        return (h3, h0, h1, h2)
    if leader == 2:
        return (h2, h3, h0, h1)
    return (h1, h2, h3, h0)


@njit
def _draw_last(hands: Hands, leader: int, broken: bool, xmask: int, need: int) -> tuple[int, int]:
    """Tricks the leader's side (four seats) is sure of by drawing the opponents'
    last spades first: each opponent holds at most one spade, one of them holds one,
    and the top spade is the side's.  The leader leads it (partner, holding a spade,
    following with its lowest), or leads its lowest spade to partner's top one; that
    trick is the side's and the opponents hold no spade after it, so the side then
    takes what :func:`_cash_paths` or :func:`_ruff_lead` count from the hand that won
    it (counted with the opponents' other cards all still in their hands: one of
    them may have discarded, which only leaves them fewer cards, and fewer cards
    never count fewer tricks there).  Returns 0 when the leader holds no spade or may
    not lead one.  Relies on the owner of the top spade and on what the count after
    it relied on."""
    if xmask != 5 and xmask != 10:
        return 0, 0  # not two partnerships
    p = (leader + 2) % 4
    lho = (leader + 1) % 4
    rho = (leader + 3) % 4
    lead = hands[leader]
    pa = hands[p]
    ls = lead & SPADES
    if ls == 0 or not (broken or (lead & NONSPADES) == 0):
        return 0, 0
    no = popcount(hands[lho] & SPADES)
    nr = popcount(hands[rho] & SPADES)
    if no > 1 or nr > 1 or no + nr == 0:
        return 0, 0
    ps = pa & SPADES
    allsp = ls | ps | ((hands[lho] | hands[rho]) & SPADES)
    top = _highbit_index(allsp)
    if (ls >> top) & 1:
        winner = leader
        lead2 = lead ^ (1 << top)
        pa2 = pa
        if ps:
            pa2 = pa ^ (ps & -ps)
    elif (ps >> top) & 1:
        winner = p
        lead2 = lead ^ (ls & -ls)
        pa2 = pa ^ (1 << top)
    else:
        return 0, 0
    h2 = _seated(lead2, hands[lho] & ~SPADES, pa2, hands[rho] & ~SPADES, leader)
    ruffs = _ruff_lead(h2, winner)
    if ps == 0 or ruffs + 1 >= need:
        # partner discarded a card not known here: only the count on suit lengths, which
        # a discard of partner's can only raise (it can only make partner void in a suit
        # the leader holds, and it holds no spade for a crossruff)
        return 1 + ruffs, 1 << top
    rest, rrel = _cash_paths(h2, 4, winner, True, xmask, need - 1)
    if ruffs >= rest:
        return 1 + ruffs, 1 << top
    return 1 + rest, (1 << top) | rrel


@njit
def _cash_paths(
    hands: Hands, nseat: int, leader: int, broken: bool, xmask: int, need: int
) -> tuple[int, int]:
    """Tricks the leader's side can cash at once, a lower bound on its tricks.

    In each suit the leader's cards that are the top cards of the suit in an
    unbroken run (above every other hand's cards, partner's included, so the
    leader keeps the lead) win when led, as long as no opponent who still has
    spades is void in the suit: a side suit is cashed at most as many times as
    the shortest spade-holding opponent can follow.  Opponents keep following
    while the leader cashes, so their lengths in the other suits do not change
    and the suits add up.  Top spades count only if a spade may be led.  A
    partner holding nothing but spades would have to ruff and take the lead,
    so then the leader's own cashing is not counted.

    With a partner, the leader may instead lead a side suit in which partner
    holds the top cards and then let partner cash everything (same rules);
    the leader must then hold a side-suit card for every trick counted, so it
    is never forced to ruff partner's winner.  Or the leader may lead a side
    suit in which partner is void (holding a spade) and each opponent must
    follow (or holds no spade): partner's lowest spade wins, and partner cashes from there (the
    leader again holding a side-suit card for every trick counted).

    Also returns the cards counted: the bound holds wherever the same hands
    hold the same top cards (and every hand the same suit lengths).
    """
    side = (xmask >> leader) & 1
    blocked = False
    for s in range(nseat):
        if s != leader and ((xmask >> s) & 1) == side:
            h = hands[s]
            if h != 0 and (h & NONSPADES) == 0:
                blocked = True
    total = 0
    rel = 0
    if not blocked:
        total, rel = _cash(hands, nseat, leader, broken, xmask, -1, need)
    if nseat == 4:
        p = (leader + 2) % 4
        if ((xmask >> p) & 1) == side and hands[p] != 0 and total < need:
            lead = hands[leader]
            nons = popcount(lead & NONSPADES)
            allh = 0
            for s in range(nseat):
                allh |= hands[s]
            for suit in range(3):
                smask = _smask(suit)
                if (lead & smask) == 0:
                    continue
                pm = hands[p] & smask
                if pm == 0:
                    psp = hands[p] & SPADES
                    lho = hands[(leader + 1) % 4]
                    rho = hands[(leader + 3) % 4]
                    if (
                        psp != 0
                        and ((lho & smask) != 0 or (lho & SPADES) == 0)
                        and ((rho & smask) != 0 or (rho & SPADES) == 0)
                    ):
                        # a ruff by partner: each opponent must follow (or has no
                        # spade), so its lowest spade wins; then partner cashes
                        low = psp & -psp
                        if p == 0:
                            h2 = (hands[0] ^ low, hands[1], hands[2], hands[3])
                        elif p == 1:
                            h2 = (hands[0], hands[1] ^ low, hands[2], hands[3])
                        elif p == 2:
                            h2 = (hands[0], hands[1], hands[2] ^ low, hands[3])
                        else:
                            h2 = (hands[0], hands[1], hands[2], hands[3] ^ low)
                        rest = 0
                        rrel = 0
                        if need > 1:
                            rest, rrel = _cash(h2, nseat, p, True, xmask, -1, need - 1)
                        alt = 1 + rest
                        if alt > total and nons >= alt:
                            total = alt
                            rel = rrel
                    continue
                allc = allh & smask
                run = _top_run(pm, allc, suit)
                if run == 0:
                    continue
                cap = _ruff_cap(hands, nseat, side, xmask, smask, run, 0)
                if cap == 0:
                    continue
                if cap > need:
                    cap = need
                rest = 0
                rrel = 0
                if need > cap:
                    rest, rrel = _cash(hands, nseat, p, broken, xmask, suit, need - cap)
                alt = cap + rest
                if alt > total and nons >= alt:
                    total = alt
                    rel = _top_cards(allc, cap) | rrel
            ls = lead & SPADES
            pm = hands[p] & SPADES
            if ls != 0 and pm != 0 and (broken or (lead & NONSPADES) == 0):
                # a spade to partner's top spades: the leader follows each of
                # them with a spade, and holds a side card for every later trick
                allc = allh & SPADES
                run = _top_run(pm, allc, 3)
                if run > need:
                    run = need
                if run > 0 and popcount(ls) >= run:
                    rest = 0
                    rrel = 0
                    if need > run:
                        rest, rrel = _cash(hands, nseat, p, True, xmask, 3, need - run)
                    alt = run + rest
                    if alt > total and nons >= rest:
                        total = alt
                        rel = _top_cards(allc, run) | rrel
            if total < need and need >= 2:
                alt, arel = _cross_ruff(hands, leader, xmask, need)
                if alt > total:
                    total = alt
                    rel = arel
    return total, rel


@njit
def _cross_ruff(hands: Hands, leader: int, xmask: int, need: int) -> tuple[int, int]:
    """Tricks the leader's side (four seats) is sure of by crossing to partner
    and ruffing partner's lead: the leader leads its lowest card of a side suit X
    to partner's highest card there, which is above every opponent's card of X
    and above the leader's lowest (each opponent holding a spade must follow to
    it); partner then leads a side suit Y that the leader is void in, holding a
    spade, while each opponent must follow to Y or holds no spade, so the
    leader's lowest spade takes the trick; then the leader cashes from the top
    in the suits other than X (:func:`_cash`, counted on the hands after the two
    tricks but with the opponents' cards all still in them, which counts no
    more than they allow: they only followed), partner holding a side card to
    discard on each of those.  Returns 2 plus that cash (up to ``need``), or 0,
    with the cards relied on: in X, the cards from the top down to partner's
    card, and what the cash relied on.  DDS's quick tricks cross to partner and
    back in the same way."""
    if xmask != 5 and xmask != 10:
        return 0, 0  # not two partnerships
    p = (leader + 2) % 4
    lho = hands[(leader + 1) % 4]
    rho = hands[(leader + 3) % 4]
    lead = hands[leader]
    pa = hands[p]
    ls = lead & SPADES
    if ls == 0:
        return 0, 0
    opp = lho | rho
    best = 0
    brel = 0
    for x in range(3):
        xm = _smask(x)
        lx = lead & xm
        px = pa & xm
        if lx == 0 or px == 0:
            continue
        top = _highbit_index(px)
        if (opp & xm) >> top != 0 or lowbit_index(lx) > top:
            continue
        if ((lho & SPADES) != 0 and (lho & xm) == 0) or ((rho & SPADES) != 0 and (rho & xm) == 0):
            continue
        for y in range(3):
            if y == x:
                continue
            ym = _smask(y)
            if (lead & ym) != 0 or (pa & ym) == 0:
                continue
            if ((lho & SPADES) != 0 and (lho & ym) == 0) or ((rho & SPADES) != 0 and (rho & ym) == 0):
                continue
            lead2 = lead ^ (lx & -lx) ^ (ls & -ls)
            py = pa & ym
            pa2 = pa ^ (1 << top) ^ (py & -py)
            alt = 2
            rrel = 0
            # partner discards a side card on each trick the leader cashes
            discards = popcount(pa2 & NONSPADES)
            if need > 2 and discards > 0:
                h2 = _seated(lead2, lho, pa2, rho, leader)
                rest, rrel = _cash(h2, 4, leader, True, xmask, x, need - 2)
                if rest > discards:
                    rest = discards
                alt = 2 + rest
            if alt > best:
                allx = (lead | pa | opp) & xm
                best = alt
                brel = (allx & ~((1 << top) - 1)) | rrel
            if best >= need:
                return best, brel
    return best, brel


@njit
def _must_lose(hands: Hands, nseat: int, leader: int, broken: bool, xmask: int) -> tuple[bool, int]:
    """Does the leader's side surely lose the trick it leads now?  Yes when,
    in every suit the leader may lead, an opponent holds the top card (it
    can always follow with it) and no partner of the leader can ruff it
    (void in the suit and holding a spade).  (DDS's quick-tricks rule for a
    leader without a winner, extended to spades.)  Also returns the top
    cards relied on."""
    side = (xmask >> leader) & 1
    legal = legal_mask(hands[leader], 0, 0, broken)
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    rel = 0
    for suit in range(4):
        smask = _smask(suit)
        if (legal & smask) == 0:
            continue
        top = 1 << _highbit_index(allc & smask)
        for s in range(nseat):
            if ((xmask >> s) & 1) != side:
                continue
            if hands[s] & top:
                return False, 0
            if suit != 3 and (hands[s] & smask) == 0 and (hands[s] & SPADES) != 0:
                return False, 0
        rel |= top
    return True, rel


@njit
def _no_trump_short(hands: Hands, nseat: int, xmask: int, side: int, remaining: int) -> bool:
    """With no spades left and ``side`` on lead, can ``side`` be sure not to
    take every trick left?  (DDS's later-tricks rule for no trumps.)

    If it took them all it would lead every trick, each in a suit whose top
    card it holds at that moment (else the opponent holding the top card
    plays it: it can always follow with it).  Every such trick uses a card
    of each of its hands holding the suit, so a suit it controls gives it at
    most the longest of its holdings there, and the opponents need never
    give up a top card: the side takes every trick only if those lengths add
    up to the tricks left."""
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    if allc & SPADES:
        return False
    total = 0
    for suit in range(3):
        smask = _smask(suit)
        x = allc & smask
        if x == 0:
            continue
        top = 1 << _highbit_index(x)
        longest = 0
        mine = False
        for s in range(nseat):
            if ((xmask >> s) & 1) == side:
                if hands[s] & top:
                    mine = True
                n = popcount(hands[s] & smask)
                if n > longest:
                    longest = n
        if mine:
            total += longest
    return total < remaining


@njit
def _no_trump_rel(hands: Hands, nseat: int, xmask: int, side: int) -> int:
    """The cards :func:`_no_trump_short` relied on: the top card of each suit
    the opponents of ``side`` control (with the suit lengths fixed, a position
    where ``side`` held one of them instead could only count more)."""
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    rel = 0
    for suit in range(3):
        x = allc & _smask(suit)
        if x == 0:
            continue
        top = 1 << _highbit_index(x)
        for s in range(nseat):
            if ((xmask >> s) & 1) != side and (hands[s] & top):
                rel |= top
    return rel


@njit
def _quick_bounds(
    hands: Hands, nseat: int, leader: int, broken: bool, xmask: int, target: int, remaining: int
) -> tuple[int, int]:
    """The bounds from the leader's quick tricks and the leader's side's
    later tricks (partnership objectives): 1 when they prove the target, 2
    when they refute it, 0 when neither; with the cards relied on."""
    lside = (xmask >> leader) & 1
    need = target
    if not lside:
        need = remaining - target + 1
    quick, qrel = _quick_tricks(hands, nseat, leader, broken, xmask, need)
    if lside:
        if quick >= target:
            return 1, qrel
    elif remaining - quick < target:
        return 2, qrel
    needs_all = (target == remaining and lside == 1) or (target == 1 and lside == 0)
    if needs_all:
        if quick == 0:
            lose, lrel = _must_lose(hands, nseat, leader, broken, xmask)
            if lose:
                return 1 + lside, lrel
        if _no_trump_short(hands, nseat, xmask, lside, remaining):
            return 1 + lside, _no_trump_rel(hands, nseat, xmask, lside)
    return 0, 0


# fields of one ply's frame in the explicit search stack
F_LEADER = 0
F_K = 1
F_BROKEN = 2
F_TARGET = 3
F_N = 4
F_I = 5
F_SLOT = 6
F_REL = 7
F_MAX = 8
F_SKIP = 9
# a searched trick start's key, kept for _store (the scratch area is overwritten by deeper nodes)
F_SHAPE = 10
F_CODE1 = 11
F_CODE2 = 12
F_TOP = 13
F_LENS = 14
F_SLOT2 = 15
# where the trick's best card so far lies among its cards played (kept as cards are played)
F_WIN = 16
# whether the table probe met an entry matching the position (else _store need not look
# for the entry it would update: there is none)
F_SEEN = 17
# a trick start whose first move (the killer or the table's hint) was tried before the
# others were generated (1), and what their generation needs: the history bonuses, the
# hint and the tricks needed
F_LAZY = 18
F_PREF = 19
F_HINT = 20
F_NEED = 21
SW = 22
#: scratch words after the frames (owner codes and suit lengths)
SCR = MAXPLY * SW
#: killer moves: the card that last decided a node at each ply (after the scratch words)
KILL = SCR + 11
#: history: how often each seat's leads of each suit (top card or not) decided a trick start
HIST = KILL + MAXPLY
#: follower history: per place in the trick (2nd-4th), seat and kind of play
#: (:func:`_follow_kind`), how often that kind decided a node after another card failed
HIST2 = HIST + 32
HIST_WORDS = 32 + 48
STACK_WORDS = HIST + HIST_WORDS
#: the ordering bonus of the follower's kind of play that its history favours
FOLLOW_BONUS = 15

#: ordering penalty of a lead for each extra answer the opponents have (:func:`_opp_choices`)
BRANCH_W = 1
VOID_CHOICES = 16
#: the same penalty on the nil side's leads in a nil search
NIL_BRANCH_W = 3
#: the nil bidder's partner taking a trick the nil bidder cannot win any more (its duck scores 40)
NIL_TAKE = 60
#: ordering penalty of a low lead for each opponent that can ruff it
RUFF_PENALTY = 32

#: from this many tricks left on, the table is looked up before the quick-trick bounds
EARLY = 5

_ENTER = 0
_ADVANCE = 1
_RETURN = 2


@njit
def _top_beater(hand: int, best: int, led: int) -> int:
    """The strongest card ``hand`` may play to a trick led in suit ``led`` if it
    beats the trick's best card ``best``, else -1."""
    lm = hand & _smask(led)
    if lm != 0:
        c = _highbit_index(lm)
    else:
        sp = hand & SPADES
        if sp == 0:
            return -1
        c = _highbit_index(sp)
    if _suit(c) == _suit(best):
        if c > best:
            return c
        return -1
    if _suit(c) == 3:
        return c
    return -1


@njit
def _strongest(hand: int, led: int) -> int:
    """The strongest card ``hand`` may play to a trick led in suit ``led``: its
    highest card of the suit, else its highest spade, else its lowest card."""
    lm = hand & _smask(led)
    if lm != 0:
        return _highbit_index(lm)
    if hand & SPADES:
        return _highbit_index(hand & SPADES)
    return lowbit_index(hand)


@njit
def _rank_pin(tr: Hands, k: int, wi: int) -> int:
    """The trick's best card if it is best by rank (another of the first ``k``
    cards is of its suit), else 0: what a result relying on it being best pins."""
    c = tr[wi]
    for j in range(k):
        if j != wi and _suit(tr[j]) == _suit(c):
            return 1 << c
    return 0


@njit
def _trick_side(hands: Hands, tr: Hands, k: int, leader: int) -> tuple[int, int]:
    """With ``k`` (2 or 3) cards of a four-seat trick played: a seat whose side
    can make sure of the trick, and the cards whose ranks decide it.

    The fourth hand wins the trick if it can beat the best card (or its partner
    holds it), else the best card's owner does.  The third hand's side wins if
    the strongest card it may play, or the leader's best card, is one the fourth
    hand cannot beat; otherwise the second hand's side does (beating that card
    beats every weaker one).  A card is relied on only where it was compared by
    rank with a card of its suit (a ruff depends on the suit lengths alone)."""
    led = _suit(tr[0])
    wi = _winner_of(tr, k)
    cb = tr[wi]
    o = (leader + wi) % 4
    p = (leader + k) % 4
    if k == 3:
        if (o + 2) % 4 == p:
            return p, _rank_pin(tr, 3, wi)
        x = _top_beater(hands[p], cb, led)
        if x >= 0:
            if _suit(x) == _suit(cb):
                return p, 1 << x
            return p, 0
        pin = _rank_pin(tr, 3, wi)
        if _suit(_strongest(hands[p], led)) == _suit(cb):
            pin = 1 << cb
        return o, pin
    x = _top_beater(hands[p], cb, led)
    if x < 0 and o != leader:
        pin = _rank_pin(tr, 2, wi)
        if _suit(_strongest(hands[p], led)) == _suit(cb):
            pin = 1 << cb
        return o, pin
    b = cb
    pin = 0
    if x >= 0:
        b = x
        if _suit(x) == _suit(cb):
            pin = 1 << x
    else:
        pin = _rank_pin(tr, 2, wi)
    p4 = (leader + 3) % 4
    y = _top_beater(hands[p4], b, led)
    if y >= 0:
        if _suit(y) == _suit(b):
            return p4, 1 << y
        return p4, 0
    if _suit(_strongest(hands[p4], led)) == _suit(b):
        pin |= 1 << b
    return leader, pin


@njit
def _sure_trick(hands: Hands, lead: int, leader: int) -> tuple[int, int]:
    """At the second hand of a four-seat trick led with ``lead``: a seat whose
    side can make sure of the trick (the second hand or the leader), or -1
    when that is not known this cheaply; with the card relied on.  (DDS's quick trick for the
    second hand, with its mirror for the leader's side.)

    A hand *ruffs* when it is void in the suit led (not spades) and holds a
    spade; a hand holding a card of the suit led must follow and so cannot
    ruff.  If the second hand or its partner (fourth) can ruff and the third
    hand cannot, the second hand's side wins the trick by ruffing.  If none of
    the second and fourth hands can ruff, the third hand's ruff wins it, and
    otherwise the highest card of the suit does: the side holding a card above
    every card of the suit the other side holds (the card led included) wins
    by playing it."""
    ss = _suit(lead)
    smask = _smask(ss)
    second = (leader + 1) % 4
    h2 = hands[second]
    h3 = hands[(leader + 2) % 4]
    h4 = hands[(leader + 3) % 4]
    r2 = ss != 3 and (h2 & smask) == 0 and (h2 & SPADES) != 0
    r3 = ss != 3 and (h3 & smask) == 0 and (h3 & SPADES) != 0
    r4 = ss != 3 and (h4 & smask) == 0 and (h4 & SPADES) != 0
    if r2 or r4:
        if r3:
            return -1, 0
        return second, 0
    if r3:
        return leader, 0
    ours = (h3 & smask) | (1 << lead)
    theirs = (h2 | h4) & smask
    if theirs == 0:
        return leader, 0
    top = 1 << _highbit_index(theirs)
    mine = 1 << _highbit_index(ours)
    if mine > top:
        return leader, mine
    return second, top


@njit
def _bucket(shape: int, leader: int, broken: bool, tt_mask: int) -> int:
    h = shape * 0x1E3779B97F4A7C15 + (leader + 4 * broken + 1) * 0x42B2AE3D27D4EB4F
    h = h ^ (h >> 29) ^ (h >> 41)
    return (h & tt_mask) * TT_WORDS


@njit
def _bucket2(shape: int, top: int, leader: int, broken: bool, tt_mask: int) -> int:
    """The bucket of the entries that pin the owner of the top card of every
    suit left (``top``): spread over many buckets by those owners."""
    h = shape * 0x2545F4914F6CDD1D + (top + 256 * (leader + 4 * broken) + 1) * 0x9E3779B97F4A7C15
    h = h ^ (h >> 31) ^ (h >> 43)
    return (h & tt_mask) * TT_WORDS


@njit
def _fingerprint(shape: int, tag: int) -> int:
    """A 16-bit hash of an entry's shape and tag, the top of its key word."""
    h = (shape ^ (shape >> 31)) * 0x2545F4914F6CDD1D + tag * 0x9E3779B97F4A7C1
    h = h ^ (h >> 27) ^ (h >> 45)
    return h & 0xFFFF


@njit
def _next_key(tt: Array, keys: int, e: int, live: int, probe: int) -> int:
    """The index of the first of the key words ``tt[keys + e:keys + live]`` that
    matches the probe's word (its fingerprint, and the owners of the top, second
    and third cards of each suit that the key pins), or ``live`` if none does."""
    while e < live:
        key = tt[keys + e]
        d = key ^ probe
        if ((d & (key >> 24) & 0xFFFFFF) | (d >> 48)) == 0:
            return e
        e += 1
    return live


@njit_inline
def _live(tt: Array, bb: int, gen: int) -> int:
    """How many entries of the bucket at ``bb`` belong to this table generation."""
    head: int = tt[bb]
    if (head >> 9) == gen:
        return head & 0x1FF
    return 0


@njit_inline
def _below_pattern(q: int, e: int, m: int, length: int, nil: int) -> int:
    """Can the owner code ``q`` of one suit (``length`` cards) be had from a code that
    matches the pattern ``e`` under the mask ``m`` by moving the nil bidder's cards
    down (the others' owners in the same order, the nil bidder's cards in every top
    run no more than there)?  The pattern is one of a code with the same owners as
    ``q`` (the table checks the suit lengths first).  Returns how many top cards of
    ``q`` that relied on, or -1 when it cannot."""
    t = popcount(m) >> 1
    nq = 0
    ne = 0
    qi = length - 1
    for i in range(t):
        pos = length - 1 - i
        if ((q >> (2 * pos)) & 3) == nil:
            nq += 1
        o = (e >> (2 * pos)) & 3
        if o == nil:
            ne += 1
        else:
            while qi >= 0 and ((q >> (2 * qi)) & 3) == nil:
                qi -= 1
            if qi < 0 or ((q >> (2 * qi)) & 3) != o:
                return -1
            qi -= 1
        if nq > ne:
            return -1
    if length - 1 - qi > t:
        return length - 1 - qi
    return t


@njit_inline
def _dominated_safe(
    hands: Hands, nseat: int, tt: Array, shape: int, tag: int, code1: int, code2: int, lens: int,
    probe: int, b: int, b2: int, gen: int, target: int, nil: int,
) -> tuple[bool, int]:
    """Is there an entry in the position's buckets saying the nil is safe (a target
    of 1) in a position whose nil-bidder cards lie higher than here, the others'
    cards in the same order (:func:`_below_pattern`, suit by suit)?  Then it is safe
    here too: a swap of a nil bidder's card with the card of another hand just below
    it keeps every trick's winner in any line where the nil bidder takes no trick
    (the lemma of :func:`_side_drops`).  Only the position's own two buckets are
    looked in (``b`` and ``b2``, with the table probe's key word ``probe``).  Returns
    (found, the cards relied on: the top cards of each suit that the comparison read)."""
    nilpat = nil * 0x555555
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    for p in range(2):
        bb = b
        if p == 1:
            if b2 == b:
                break
            bb = b2
        for e in range(_live(tt, bb, gen)):
            key = tt[bb + TT_KEYS + e]
            d = key ^ probe
            # the shape's fingerprint, and the same owners here where the entry pins owners
            # other than the nil bidder from the top of a suit down (its top, second and
            # third cards: the key's three bytes)
            x = key ^ nilpat
            n = ((x | (x >> 1)) & 0x555555) * 3
            lead = n & 0xFF
            lead |= (lead & (n >> 8)) << 8
            lead |= ((lead >> 8) & (n >> 16) & 0xFF) << 16
            if (d >> 48) != 0 or (d & (key >> 24) & lead) != 0:
                continue
            o = bb + TT_ENTRIES + e * TT_ENTRY
            if tt[o] != shape or tt[o + 1] != tag or ((tt[o + 6] >> 8) & 0xFF) >= target:
                continue
            rel = 0
            ok = True
            for suit in range(4):
                length = (lens >> (LW * suit)) & LMASK
                if length == 0:
                    continue
                off = 26 * (suit & 1)
                w = 2
                cw = code1
                if suit >= 2:
                    w = 4
                    cw = code2
                cm = _cmask(suit)
                q = (cw >> off) & cm
                pe = (tt[o + w + 1] >> off) & cm
                d = _below_pattern(q, pe, (tt[o + w] >> off) & cm, length, nil)
                if d < 0:
                    ok = False
                    break
                if d > 0:
                    rel |= _top_cards(allc & _smask(suit), d)
            if ok:
                return True, rel
    return False, 0


@njit_inline
def _lower_owners(c1: int, c2: int, lens: int) -> int:
    """The owner codes of the second-highest card of each suit holding two or
    more (2 bits a suit, bits 0-7), then of the third-highest of each suit
    holding three or more (bits 8-15), from the two owner-code words and the
    suit lengths."""
    low = 0
    for suit in range(4):
        length = (lens >> (LW * suit)) & LMASK
        if length >= 2:
            c = c1
            if suit >= 2:
                c = c2
            code = (c >> (26 * (suit & 1))) & _cmask(suit)
            low |= ((code >> (2 * (length - 2))) & 3) << (2 * suit)
            if length >= 3:
                low |= ((code >> (2 * (length - 3))) & 3) << (8 + 2 * suit)
    return low


@njit
def search(
    hands: Array,
    played: Array,
    nseat: int,
    leader0: int,
    k0: int,
    broken0: bool,
    target0: int,
    cmask: int,
    xmask: int,
    ply0: int,
    moves: Array,
    tt: Array,
    tt_mask: int,
    gen: int,
    stats: Array,
    stk: Array,
) -> bool:
    """Can the maximizing seats make the counted seats take at least
    ``target0`` tricks from here on (the current trick included)?

    A depth-first boolean search with an explicit stack (numba cannot cache
    recursive functions): one frame of ``SW`` integers per ply in ``stk``.

    Partition search: every result comes with the set of cards whose owners
    it depends on (``rel``): trick winners that beat a card of their suit by
    rank, with the cards equivalent to them, plus what bounds and table hits
    relied on.  A trick-start result is stored for the *pattern* "these hands
    have these suit lengths and, in each suit, the cards from the top down to
    the lowest relevant card belong to these hands", so it serves every
    position with that pattern, whatever the smaller cards.
    """
    ply = ply0
    f = ply * SW
    stk[f + F_LEADER] = leader0
    stk[f + F_K] = k0
    stk[f + F_BROKEN] = 1 if broken0 else 0
    stk[f + F_TARGET] = target0
    stk[f + F_WIN] = 0
    if k0 > 0:
        stk[f + F_WIN] = _winner_of(
            (played[ply0 - k0], played[ply0 - k0 + 1], played[ply0 - k0 + 2], played[ply0 - k0 + 3]), k0
        )
    mode = _ENTER
    r = False
    rel = 0
    nil = -1
    if (cmask & xmask) == 0 and popcount(cmask) == 1:
        nil = lowbit_index(cmask)
    while True:
        f = ply * SW
        if mode == _ENTER:
            stats[0] += 1
            leader = stk[f + F_LEADER]
            k = stk[f + F_K]
            broken = stk[f + F_BROKEN] == 1
            target = stk[f + F_TARGET]
            stk[f + F_SLOT] = -1
            stk[f + F_SKIP] = 0
            stk[f + F_REL] = 0
            rel = 0
            if target <= 0:
                r = True
                mode = _RETURN
                continue
            player = _wrap(leader + k, nseat)
            remaining = popcount(hands[player])
            if target > remaining:
                r = False
                mode = _RETURN
                continue
            if k == 0:
                if remaining == 1:
                    # last trick: every card is forced
                    for i in range(nseat):
                        played[ply + i] = lowbit_index(hands[_wrap(leader + i, nseat)])
                    wi = _winner_of((played[ply], played[ply + 1], played[ply + 2], played[ply + 3]), nseat)
                    w = _wrap(leader + wi, nseat)
                    r = ((cmask >> w) & 1) == 1
                    wc = played[ply + wi]
                    for i in range(nseat):
                        if i != wi and _suit(played[ply + i]) == _suit(wc):
                            rel = 1 << wc
                    mode = _RETURN
                    continue
                hs = (hands[0], hands[1], hands[2], hands[3])
                sure, lost, srel = _spade_bounds(hs, nseat, cmask)
                if sure >= target or remaining - lost < target:
                    r = sure >= target
                    rel = srel
                    mode = _RETURN
                    continue
                if nseat == 4 and cmask == xmask and (cmask == 5 or cmask == 10):
                    # the opponents out of spades: the leader's free suits and spades, a crossruff
                    sure = _ruff_lead(hs, leader)
                    if sure:
                        if (cmask >> leader) & 1:
                            if sure >= target:
                                r = True
                                mode = _RETURN
                                continue
                        elif remaining - sure < target:
                            r = False
                            mode = _RETURN
                            continue
                if nil >= 0 and leader != nil:
                    safe, srel = _nil_safe(hs, nseat, nil)
                    if safe:
                        r = False
                        rel = srel
                        mode = _RETURN
                        continue
                if cmask == xmask and remaining < EARLY:
                    qr, rel = _quick_bounds(hs, nseat, leader, broken, xmask, target, remaining)
                    if qr:
                        r = qr == 1
                        mode = _RETURN
                        continue
                if ply - nseat >= ply0:
                    # the trick start one trick up is a frame of this search: take the trick's
                    # cards out of its codes
                    shape = _codes_after_trick(hands, nseat, stk, (ply - nseat) * SW, played, ply)
                else:
                    shape = _shape_codes(hands, nseat, stk)
                tag = gen * 8 + leader + 4 * broken
                code1 = stk[SCR + 8]
                code2 = stk[SCR + 9]
                top = stk[SCR + 10]
                b = _bucket(shape, leader, broken, tt_mask)
                b2 = b
                if nil >= 0:
                    # nil searches pin nearly every suit's top owner (91% of the stores on a
                    # 13-card deal) and crowd one bucket a shape without this; partnership
                    # searches lose more to the second probe than they gain (bench/solver-notes.md)
                    b2 = _bucket2(shape, top, leader, broken, tt_mask)
                stats[1] += 1
                hit = False
                seen = 0
                hint = -1
                fp = _fingerprint(shape, tag)
                lens = stk[SCR + 4] | (stk[SCR + 5] << LW)
                lens |= (stk[SCR + 6] << (2 * LW)) | (stk[SCR + 7] << (3 * LW))
                # the probe's key: the fingerprint, then the owners of the top, second and
                # third cards (8 bits each) where an entry's key has their pins
                probe = (fp << 48) | top | (_lower_owners(code1, code2, lens) << 8)
                for p in range(2):
                    # the shape's bucket first, then (nil) the bucket of the entries pinning every top owner
                    bb = b
                    if p == 1:
                        if b2 == b:
                            break
                        bb = b2
                    live = _live(tt, bb, gen)
                    e = _next_key(tt, bb + TT_KEYS, 0, live, probe)
                    while e < live:
                        key = tt[bb + TT_KEYS + e]
                        o = bb + TT_ENTRIES + e * TT_ENTRY
                        if (
                            tt[o] == shape
                            and tt[o + 1] == tag
                            and (code1 & tt[o + 2]) == tt[o + 3]
                            and (code2 & tt[o + 4]) == tt[o + 5]
                        ):
                            seen = 1
                            bounds = tt[o + 6]
                            if (bounds & 0xFF) >= target:
                                r = True
                                hit = True
                            elif ((bounds >> 8) & 0xFF) < target:
                                r = False
                                hit = True
                            if hit:
                                rel = _pattern_cards(tt[o + 2], tt[o + 4], hs, nseat)
                                if e > 0:
                                    # move halfway to the front: often-hit entries are found sooner
                                    q = e // 2
                                    x = tt[bb + TT_KEYS + q]
                                    tt[bb + TT_KEYS + q] = key
                                    tt[bb + TT_KEYS + e] = x
                                    q = bb + TT_ENTRIES + q * TT_ENTRY
                                    for w in range(TT_ENTRY):
                                        x = tt[q + w]
                                        tt[q + w] = tt[o + w]
                                        tt[o + w] = x
                                break
                            hint = ((bounds >> 16) & 0xFF) - 1
                        e = _next_key(tt, bb + TT_KEYS, e + 1, live, probe)
                    if hit:
                        break
                if not hit and nil >= 0 and target == 1:
                    # a nil found safe with the nil bidder's cards higher is safe here too
                    stats[6] += 1
                    safe, srel = _dominated_safe(
                        hs, nseat, tt, shape, tag, code1, code2, lens, probe, b, b2, gen, target, nil
                    )
                    if safe:
                        stats[7] += 1
                        hit = True
                        r = False
                        rel = srel
                if hit:
                    stats[2] += 1
                    mode = _RETURN
                    continue
                if cmask == xmask and remaining >= EARLY:
                    qr, rel = _quick_bounds(hs, nseat, leader, broken, xmask, target, remaining)
                    if qr:
                        r = qr == 1
                        mode = _RETURN
                        continue
                msure = 0
                mlost = 0
                for s in range(nseat):
                    ns = popcount(hands[s] & SPADES)
                    if (cmask >> s) & 1:
                        if ns > msure:
                            msure = ns
                    elif ns > mlost:
                        mlost = ns
                if msure < target and remaining - mlost >= target:
                    sure2 = 0
                    lost2 = 0
                    srel2 = 0
                    lrel2 = 0
                else:
                    sure2, lost2, srel2, lrel2 = _spade_matching(
                        hs, nseat, cmask, target, remaining - target + 1
                    )
                if sure2 >= target:
                    r = True
                    rel = srel2
                    mode = _RETURN
                    continue
                if remaining - lost2 < target:
                    r = False
                    rel = lrel2
                    mode = _RETURN
                    continue
                if cmask == xmask and (target <= 2 or target >= remaining - 1):
                    # two top spades of one side in two hands (it counts at most 2 tricks)
                    sure4, lost4, srel4, lrel4 = _spade_pair(hs, nseat, cmask)
                    if sure4 >= target:
                        r = True
                        rel = srel4
                        mode = _RETURN
                        continue
                    if remaining - lost4 < target:
                        r = False
                        rel = lrel4
                        mode = _RETURN
                        continue
                if cmask == xmask and (target == 1 or target == remaining):
                    # (a hand's sure trick here needs the hand to want it: not so in a nil search)
                    sure3, lost3, srel3, lrel3 = _spade_over(hs, nseat, cmask, leader)
                    if sure3 >= target:
                        r = True
                        rel = srel3
                        mode = _RETURN
                        continue
                    if remaining - lost3 < target:
                        r = False
                        rel = lrel3
                        mode = _RETURN
                        continue
                stk[f + F_SLOT] = b
                stk[f + F_SLOT2] = b2
                stk[f + F_SEEN] = seen
                stk[f + F_SHAPE] = shape
                stk[f + F_CODE1] = code1
                stk[f + F_CODE2] = code2
                stk[f + F_TOP] = top
                stk[f + F_LENS] = lens
            else:
                hint = -1
                extreme = target == 1 or target == remaining
                if nseat == 4 and cmask == xmask and (cmask == 5 or cmask == 10) and extreme:
                    # the side that can make sure of this trick, if it is known cheaply
                    hs = (hands[0], hands[1], hands[2], hands[3])
                    if k == 1:
                        w, srel = _sure_trick(hs, played[ply - 1], leader)
                    else:
                        tr = (played[ply - k], played[ply - k + 1], played[ply - k + 2], played[ply - k + 3])
                        w, srel = _trick_side(hs, tr, k, leader)
                    if w >= 0:
                        if (cmask >> w) & 1:
                            if target == 1:
                                r = True
                                rel = srel
                                mode = _RETURN
                                continue
                        elif target == remaining:
                            r = False
                            rel = srel
                            mode = _RETURN
                            continue
            stk[f + F_MAX] = (xmask >> player) & 1
            hs = (hands[0], hands[1], hands[2], hands[3])
            tr = (played[ply - k], played[ply - k + 1], played[ply - k + 2], played[ply - k + 3])
            need = target
            if ((xmask >> player) & 1) == 0:
                need = remaining - target + 1
            # history bonuses for _gen_moves: 4 bits a lead kind, 8 bits a follower's kind
            pref = 0
            if k > 0 and nil < 0:
                # following suit: duck or beat; void: ruff or discard (the more frequent one)
                hb = HIST2 + (k - 1) * 16 + player * 4
                if stk[hb] > stk[hb + 1]:
                    pref = FOLLOW_BONUS
                elif stk[hb + 1] > stk[hb]:
                    pref = FOLLOW_BONUS << 8
                if stk[hb + 2] > stk[hb + 3]:
                    pref |= FOLLOW_BONUS << 16
                elif stk[hb + 3] > stk[hb + 2]:
                    pref |= FOLLOW_BONUS << 24
            if k == 0 and nil < 0:
                bestc = 0
                bq = -1
                for q in range(8):
                    hv = stk[HIST + leader * 8 + q]
                    if hv > bestc:
                        bestc = hv
                        bq = q
                if bq >= 0:
                    pref = 5 << (4 * bq)
            first = -1
            if k == 0:
                first = _first_lead(hs, leader, broken, xmask, hint, stk[KILL + ply], nil)
            if first >= 0:
                # the move tried first, alone: the others are generated only if it fails
                moves[ply * MAXMOVES] = first
                stk[f + F_N] = 1
                stk[f + F_LAZY] = 1
                stk[f + F_PREF] = pref
                stk[f + F_HINT] = hint
                stk[f + F_NEED] = need
            else:
                drop = 0
                if nil >= 0 and k > 0 and target == 1 and player != nil:
                    # the others' cards dominated by where the nil bidder's cards lie
                    legal = legal_mask(hs[player], k, _suit(tr[0]), broken)
                    drop, pins = _side_drops(hs, tr, k, nseat, leader, player, nil, legal, tr[stk[f + F_WIN]])
                    stk[f + F_REL] = pins
                stk[f + F_LAZY] = 0
                stk[f + F_N] = _gen_moves(
                    hs, tr, ply, k, nseat, leader, broken, xmask, moves, hint, stk[KILL + ply], nil, need,
                    pref, stk[f + F_WIN], drop,
                )
            if player == nil and k > 0 and target == 1:
                # the nil bidder's dominated cards were left out by comparing with the trick's best
                stk[f + F_REL] = _nil_pin(hands[player], tr[stk[f + F_WIN]], _suit(tr[0]))
            stk[f + F_I] = 0
            mode = _ADVANCE
            continue
        if mode == _ADVANCE:
            i = stk[f + F_I]
            if i >= stk[f + F_N] and stk[f + F_LAZY] == 1:
                # the first move failed: now all of them, in the same order (it stays first)
                stk[f + F_LAZY] = 0
                stk[f + F_N] = _gen_moves(
                    (hands[0], hands[1], hands[2], hands[3]), (0, 0, 0, 0), ply, 0, nseat,
                    stk[f + F_LEADER], stk[f + F_BROKEN] == 1, xmask, moves, stk[f + F_HINT], stk[KILL + ply],
                    nil, stk[f + F_NEED], stk[f + F_PREF], 0, 0,
                )
            if i >= stk[f + F_N]:
                r = stk[f + F_MAX] == 0
                rel = stk[f + F_REL]
                if stk[f + F_SLOT] >= 0:
                    _store(hands, nseat, stk, f, tt, gen, r, rel, stats, -1)
                mode = _RETURN
                continue
            c = moves[ply * MAXMOVES + i]
            suit = _suit(c)
            if c - 13 * suit < ((stk[f + F_SKIP] >> (LW * suit)) & LMASK):
                # as good as a card of this suit that already failed (see _RETURN)
                stk[f + F_I] = i + 1
                continue
            leader = stk[f + F_LEADER]
            k = stk[f + F_K]
            player = _wrap(leader + k, nseat)
            hands[player] ^= 1 << c
            played[ply] = c
            g = f + SW
            # where the best card lies once this one is down
            wk = 0
            if k > 0:
                wk = stk[f + F_WIN]
                if _beats(c, played[ply - k + wk]):
                    wk = k
            if k == nseat - 1:
                # a trick start reached by play (what DDS counts as its nodes)
                stats[3] += 1
                start = ply - k
                w = _wrap(leader + wk, nseat)
                nb = stk[f + F_BROKEN]
                if nb == 0:
                    for j in range(nseat):
                        if played[start + j] >= 39:
                            nb = 1
                stk[g + F_LEADER] = w
                stk[g + F_K] = 0
                stk[g + F_BROKEN] = nb
                stk[g + F_TARGET] = stk[f + F_TARGET] - ((cmask >> w) & 1)
            else:
                stk[g + F_LEADER] = leader
                stk[g + F_K] = k + 1
                stk[g + F_BROKEN] = stk[f + F_BROKEN]
                stk[g + F_TARGET] = stk[f + F_TARGET]
                stk[g + F_WIN] = wk
            ply += 1
            mode = _ENTER
            continue
        # mode == _RETURN: (r, rel) is the result of the frame at ply
        if ply == ply0:
            return r
        ply -= 1
        f = ply * SW
        i = stk[f + F_I]
        leader = stk[f + F_LEADER]
        k = stk[f + F_K]
        player = _wrap(leader + k, nseat)
        hands[player] ^= 1 << moves[ply * MAXMOVES + i]
        if k == nseat - 1:
            start = ply - k
            hs = (hands[0], hands[1], hands[2], hands[3])
            tr = (played[start], played[start + 1], played[start + 2], played[start + 3])
            wk = stk[f + F_WIN]
            if _beats(tr[k], tr[wk]):
                wk = k
            rel |= _trick_rel(hs, tr, nseat, leader, wk)
        if r == (stk[f + F_MAX] == 1):
            stk[KILL + ply] = moves[ply * MAXMOVES + i]
            if k > 0 and nil < 0 and i > 0:
                # a follower's card decided after an earlier one failed: count its kind
                # (counting every cut, first cards included, was worse: bench/solver-notes.md)
                tr = (played[ply - k], played[ply - k + 1], played[ply - k + 2], played[ply - k + 3])
                fk = _follow_kind(moves[ply * MAXMOVES + i], tr[stk[f + F_WIN]], _suit(tr[0]))
                stk[HIST2 + (k - 1) * 16 + player * 4 + fk] += 1
            if k == 0 and nil < 0:
                c = moves[ply * MAXMOVES + i]
                suit = _suit(c)
                allh = hands[0] | hands[1] | hands[2] | hands[3]
                istop = 0
                if (allh & _smask(suit) & ~((2 << c) - 1)) == 0:
                    istop = 1
                stk[HIST + leader * 8 + suit * 2 + istop] += 1
            if stk[f + F_SLOT] >= 0:
                _store(hands, nseat, stk, f, tt, gen, r, rel, stats, moves[ply * MAXMOVES + i])
        else:
            stk[f + F_REL] |= rel
            stk[f + F_I] = i + 1
            # later moves of the same suit below every card whose rank mattered
            # to this result are the same move for this position's pattern
            # (DDS's "lowest winning rank" skip): remember that threshold
            c = moves[ply * MAXMOVES + i]
            suit = _suit(c)
            rs = rel & _smask(suit)
            low = NRANK
            if rs:
                low = lowbit_index(rs) - 13 * suit
            if c - 13 * suit < low:
                skip = stk[f + F_SKIP]
                if low > ((skip >> (LW * suit)) & LMASK):
                    stk[f + F_SKIP] = (skip & ~(LMASK << (LW * suit))) | (low << (LW * suit))
            mode = _ADVANCE


@njit_inline
def _trick_rel(hands: Hands, tr: Hands, nseat: int, leader: int, wi: int) -> int:
    """Cards whose ranks decided a finished trick (``tr``, its last card back
    in ``hands``): the winner if it beat a card of its own suit, with the cards
    of the winner's hand equivalent to it just below (they were not searched
    separately, and would have won the same way); ``wi`` is the winner's place in the trick."""
    wc: int = tr[wi]
    suit = _suit(wc)
    beat = False
    for j in range(nseat):
        if j != wi and _suit(tr[j]) == suit:
            beat = True
    if not beat:
        return 0
    owner = _wrap(leader + wi, nseat)
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    mine = hands[owner]
    rel = 1 << wc
    x = wc - 1
    while x >= 13 * suit:
        if (allc >> x) & 1:
            if (mine >> x) & 1:
                rel |= 1 << x
            else:
                break
        x -= 1
    return rel


@njit_inline
def _store(
    hands: Array,
    nseat: int,
    stk: Array,
    f: int,
    tt: Array,
    gen: int,
    result: bool,
    rel: int,
    stats: Array,
    best: int,
) -> None:
    """Record a searched trick-start frame's new bound under its pattern
    (and ``best``, the card that decided it, or -1)."""
    b = stk[f + F_SLOT]
    leader = stk[f + F_LEADER]
    broken = stk[f + F_BROKEN]
    target = stk[f + F_TARGET]
    shape = stk[f + F_SHAPE]
    lens = stk[f + F_LENS]
    tag = gen * 8 + leader + 4 * broken
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    m1 = 0
    m2 = 0
    pin2 = 0
    for suit in range(4):
        smask = _smask(suit)
        rs = rel & allc & smask
        t = 0
        if rs:
            low = rs & -rs
            t = popcount(allc & smask & ~(low - 1))
            if t >= 2:
                pin2 |= 3 << (2 * suit)
            if t >= 3:
                pin2 |= 3 << (8 + 2 * suit)
        length = (lens >> (LW * suit)) & LMASK
        field = ((1 << (2 * t)) - 1) << (2 * (length - t))
        if suit == 0:
            m1 = field
        elif suit == 1:
            m1 |= field << 26
        elif suit == 2:
            m2 = field
        else:
            m2 |= field << 26
    v1 = stk[f + F_CODE1] & m1
    v2 = stk[f + F_CODE2] & m2
    pin = 0
    top = stk[f + F_TOP]
    for suit in range(4):
        m = m1
        if suit >= 2:
            m = m2
        if (m >> (26 * (suit & 1))) & _cmask(suit):
            pin |= 3 << (2 * suit)
    low = _lower_owners(stk[f + F_CODE1], stk[f + F_CODE2], lens)
    pins = pin | (pin2 << 8)
    key = (_fingerprint(shape, tag) << 48) | (pins << 24) | ((top | (low << 8)) & pins)
    full = 0
    for suit in range(4):
        if (lens >> (LW * suit)) & LMASK:
            full |= 3 << (2 * suit)
    if (pin & full) == full:
        # pins the owner of every suit's top card: stored in the bucket of those owners
        b = stk[f + F_SLOT2]
    remaining = popcount(hands[leader])
    lb = 0
    ub = remaining
    live = _live(tt, b, gen)
    victim = -1
    if stk[f + F_SEEN] == 0:
        # no entry matched the position when it was looked up, so none has this pattern
        live_seen = 0
    else:
        live_seen = live
    for e in range(live_seen):
        if tt[b + TT_KEYS + e] != key:
            continue
        o = b + TT_ENTRIES + e * TT_ENTRY
        if (
            tt[o + 2] == m1
            and tt[o + 3] == v1
            and tt[o + 4] == m2
            and tt[o + 5] == v2
            and tt[o] == shape
            and tt[o + 1] == tag
        ):
            victim = e
            lb = tt[o + 6] & 0xFF
            ub = (tt[o + 6] >> 8) & 0xFF
            if best < 0:
                best = ((tt[o + 6] >> 16) & 0xFF) - 1
            break
    if victim < 0:
        if live < TT_WAYS:
            victim = live
            tt[b] = gen * 512 + live + 1
        else:
            # evict from the back half: entries that were hit have moved forward
            victim = TT_WAYS // 2 + stats[5] % (TT_WAYS // 2)
            stats[5] += 1
    if result:
        if target > lb:
            lb = target
    elif target - 1 < ub:
        ub = target - 1
    tt[b + TT_KEYS + victim] = key
    o = b + TT_ENTRIES + victim * TT_ENTRY
    tt[o] = shape
    tt[o + 1] = tag
    tt[o + 2] = m1
    tt[o + 3] = v1
    tt[o + 4] = m2
    tt[o + 5] = v2
    tt[o + 6] = lb | (ub << 8) | ((best + 1) << 16)


@njit
def can_take(
    hands: Array,
    nseat: int,
    leader: int,
    trick: Array,
    ntrick: int,
    broken: bool,
    target: int,
    cmask: int,
    xmask: int,
    tt: Array,
    tt_mask: int,
    gen: int,
    stats: Array,
    moves: Array,
    played: Array,
    stk: Array,
) -> bool:
    """Target search from a root position (``trick`` holds the ``ntrick`` cards
    already played to the current trick, led by ``leader``)."""
    for i in range(ntrick):
        played[i] = trick[i]
    for i in range(MAXPLY):
        stk[KILL + i] = -1
    for i in range(HIST_WORDS):
        stk[HIST + i] = 0
    return search(
        hands, played, nseat, leader, ntrick, broken, target, cmask, xmask,
        ntrick, moves, tt, tt_mask, gen, stats, stk,
    )


@njit
def _test_move(
    hands: Array,
    played: Array,
    nseat: int,
    leader: int,
    k: int,
    broken: bool,
    c: int,
    target: int,
    cmask: int,
    xmask: int,
    moves: Array,
    tt: Array,
    tt_mask: int,
    gen: int,
    stats: Array,
    stk: Array,
) -> bool:
    """Target search after the seat to play plays ``c`` at the root."""
    player = _wrap(leader + k, nseat)
    ply = k
    bit = 1 << c
    hands[player] ^= bit
    played[ply] = c
    if k == nseat - 1:
        w = _wrap(leader + _winner_of((played[0], played[1], played[2], played[3]), nseat), nseat)
        nb = broken
        for j in range(nseat):
            if played[j] >= 39:
                nb = True
        r = search(
            hands, played, nseat, w, 0, nb, target - ((cmask >> w) & 1), cmask, xmask,
            ply + 1, moves, tt, tt_mask, gen, stats, stk,
        )
    else:
        r = search(
            hands, played, nseat, leader, k + 1, broken, target, cmask, xmask,
            ply + 1, moves, tt, tt_mask, gen, stats, stk,
        )
    hands[player] ^= bit
    return r


@njit
def _estimate(hands: Array, nseat: int, cmask: int, remaining: int) -> int:
    """A guess at the counted seats' tricks, the first target of the stepping
    search in :func:`card_values` (only the number of searches depends on it):
    their share of the high-card points (A 4, K 3, Q 2, J 1, and 1 more for each
    spade) times the tricks left.  A far guess costs a failing search per step."""
    mine = 0
    total = 0
    for s in range(nseat):
        h = hands[s]
        pts = 0
        for c in range(NSLOTS):
            if (h >> c) & 1:
                r = c % 13
                if WIDE and c >= 39:
                    r = c - 39
                if r > 8:
                    pts += r - 8
                if c >= 39:
                    pts += 1
        total += pts
        if (cmask >> s) & 1:
            mine += pts
    if total == 0:
        return (remaining + 1) // 2
    g = (2 * remaining * mine + total) // (2 * total)
    if g < 1:
        g = 1
    return g


@njit
def card_values(
    hands: Array,
    nseat: int,
    leader: int,
    trick: Array,
    ntrick: int,
    broken: bool,
    cmask: int,
    xmask: int,
    tt: Array,
    tt_mask: int,
    gen: int,
    stats: Array,
    moves: Array,
    played: Array,
    out: Array,
    stk: Array,
    cap: int,
) -> int:
    """Exact value (counted tricks from the current trick on) of every legal
    card of the seat to play, or ``cap`` where it is at least ``cap`` (a cap
    of 1 asks only "can the counted seats be held to no trick?", one target
    search a card: what a nil bidder's side needs); writes ``out[card]``
    (other entries -1) and returns the legal card-set integer."""
    for i in range(NSLOTS):
        out[i] = -1
    for i in range(ntrick):
        played[i] = trick[i]
    for i in range(MAXPLY):
        stk[KILL + i] = -1
    for i in range(HIST_WORDS):
        stk[HIST + i] = 0
    k = ntrick
    player = _wrap(leader + k, nseat)
    hand = hands[player]
    led = 0
    if k > 0:
        led = _suit(trick[0])
    legal = legal_mask(hand, k, led, broken)
    remaining = popcount(hand)
    allc = 0
    for s in range(nseat):
        allc |= hands[s]
    for i in range(k):
        allc |= 1 << trick[i]
    guess = -1
    # representatives: one card of each run of equivalent cards, searched highest first
    # when the counted seats maximize, lowest first when they minimize (nil)
    low_first = (cmask & xmask) == 0
    rest = legal
    while rest:
        # c, and the live card of its suit next to it on the side already searched
        if low_first:
            c = lowbit_index(rest)
            near = allc & _smask(_suit(c)) & ((1 << c) - 1)
            if near:
                near = 1 << _highbit_index(near)
        else:
            c = _highbit_index(rest)
            near = allc & _smask(_suit(c)) & ~((2 << c) - 1)
            near &= -near
        rest ^= 1 << c
        if near & hand:
            out[c] = out[lowbit_index(near)]  # equivalent to that card
            continue
        lo = 0
        hi = remaining
        if hi > cap:
            hi = cap
        if guess < 0:
            if cmask & xmask:
                guess = _estimate(hands, nseat, cmask, remaining)
            else:
                # the counted seats minimize (nil): their values are mostly 0 or 1, and a
                # refutation ("they cannot be forced to take t") costs about as much for
                # any t, so the steps go up from 1
                guess = 1
        while lo < hi:
            g = guess
            if g <= lo:
                g = lo + 1
            if g > hi:
                g = hi
            if _test_move(
                hands, played, nseat, leader, k, broken, c, g, cmask, xmask,
                moves, tt, tt_mask, gen, stats, stk,
            ):
                lo = g
                guess = g + 1
            else:
                hi = g - 1
                guess = g - 1
        out[c] = lo
        guess = lo
    return legal
