"""The solver's Python API: objectives, the transposition table's lifetime,
and conversions between friendly input and the kernel's integers.

Objectives
----------
Every search counts the tricks of a set of seats (``count``, a seat bit mask)
from the current trick on, the current trick included.  The seats in
``maximizers`` (another bit mask) try to make that count as large as possible
and all other seats try to make it as small as possible.  This covers:

* partnership play: count = maximizers = the partnership (the default);
* individual play (cutthroat, three or two seats): count = maximizers = the
  seat to play, everyone else against it.  Each seat maximizing its own tricks
  is not a zero-sum game, so "the seat's own tricks against a coalition of all
  the others" (the *paranoid* assumption) is what "perfect play" means here:
  a lower bound that the seat can guarantee whatever the others do;
* nil: count = the nil bidder, maximizers = the opponents (they try to push a
  trick on the nil bidder; the nil bidder and partner try to avoid it).  The
  nil bid survives exactly when the value is 0.

The transposition table is keyed by the objective, so one :class:`Solver` can
serve several objectives and many deals; its entries stay valid forever (a
position's value never changes) until :meth:`Solver.clear`, or until an
automatic table grows for a large nil search.

Decks
-----
Every search takes the pack (``deck``: a :class:`~spades.core.deck.Deck`, or on the
friendly API the ``deck`` option's value, RULES.md section 7).  The standard pack's
positions go to the kernel as they are; the packs with a trump suit of 14-16 cards go to
the wide kernel, their cards translated to its layout and back (:mod:`spades.solver.layout`).
Card ids are the same everywhere (52 the little joker, 53 the big joker).
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card, cards_of_mask
from ..core.deck import Deck
from . import kernel
from ._jit import BACKEND, COMPILED, ckernel
from .layout import Layout, layout_of
from .position import HandLike, Position, PositionError

__all__ = [
    "Solver",
    "can_take",
    "can_take_masks",
    "card_values",
    "card_values_masks",
    "default_solver",
    "nil_safe",
    "nil_values",
    "seat_mask",
    "solve",
    "value",
    "warm_up",
]


def seat_mask(seats: Iterable[int] | int) -> int:
    """A seat bit mask from seat numbers (an int is taken as a mask already)."""
    if isinstance(seats, bool):
        raise PositionError(f"{seats!r} is not a set of seats")
    if isinstance(seats, int):
        return seats
    mask = 0
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 4:
            raise PositionError(f"{s!r} is not a seat number (0-3)")
        mask |= 1 << s
    return mask


#: nil searches from this many cards a hand on get the larger table (see :class:`Solver`)
BIG_NIL_CARDS = 11
#: log2 of that table's entries
BIG_NIL_TT_BITS = 22

#: the functions that run the search: the C extension's, or kernel.py's (numba-compiled or plain)
_kernel: Any = ckernel if ckernel is not None else kernel
#: the table tag's bit for the wide kernel's entries (bits 8-10 hold the seat count)
_WIDE_TAG = 1 << 11


class _WideKernel:
    """The wide kernel's two entry points, from the C extension or from :mod:`._wide`."""

    def __init__(self, std: Any) -> None:
        if hasattr(std, "card_values_wide"):
            self.card_values = std.card_values_wide
            self.can_take = std.can_take_wide
        else:
            from . import _wide

            mod = _wide.load()
            self.card_values = mod.card_values
            self.can_take = mod.can_take


_wide_kernels: dict[int, _WideKernel] = {}


def _wide_kernel() -> _WideKernel:
    """The wide kernel that goes with the current standard one (tests swap ``_kernel``)."""
    found = _wide_kernels.get(id(_kernel))
    if found is None:
        found = _wide_kernels[id(_kernel)] = _WideKernel(_kernel)
    return found


def _new_array(size: int) -> list[int]:
    if BACKEND == "c":
        return array("q", [0]) * size  # type: ignore[return-value]
    if BACKEND == "numba":
        import numpy as np

        return np.zeros(size, dtype=np.int64)  # type: ignore[return-value]
    return [0] * size


class Solver:
    """A double-dummy solver with its own transposition table and buffers.

    Not thread-safe: use one per thread (:func:`default_solver` does that).
    ``tt_bits`` sets the table size: 2**tt_bits entries of 64 bytes.  Without
    it the size is automatic: 2**20 entries (64 MB), grown to 2**22 (256 MB)
    before the first nil search from :data:`BIG_NIL_CARDS` cards a hand on
    (those outgrow the smaller table: the costliest known ran 1.6x longer in it).
    """

    def __init__(self, tt_bits: int | None = None) -> None:
        self._auto = tt_bits is None
        if tt_bits is None:
            tt_bits = 20 if COMPILED else 14
        self._size_table(tt_bits)
        self._epoch = 0
        self._stats = _new_array(8)
        self._moves = _new_array(kernel.MAXPLY * kernel.MAXMOVES)
        self._played = _new_array(kernel.MAXPLY)
        self._out = _new_array(56)  # room for the wide layout's 55 card slots
        self._hands = _new_array(4)
        self._trick = _new_array(4)
        self._stack = _new_array(kernel.STACK_WORDS)
        #: nodes searched by the last call (every card played counts one)
        self.nodes = 0
        #: the last call's trick starts reached by play, the count DDS reports as its nodes
        self.trick_nodes = 0

    def _size_table(self, tt_bits: int) -> None:
        #: log2 of the table's entries
        self.tt_bits = tt_bits
        buckets = max(1, (1 << tt_bits) // kernel.TT_WAYS)
        self.tt_mask = buckets - 1
        self.tt = _new_array(buckets * kernel.TT_WORDS)

    def _fit_table(self, hands: Sequence[int], count: int, maximizers: int) -> None:
        """Grow an automatic table before a large nil search (its entries are lost)."""
        if (
            self._auto
            and COMPILED
            and self.tt_bits < BIG_NIL_TT_BITS
            and count > 0
            and count & (count - 1) == 0
            and count & maximizers == 0
            and max(int(h).bit_count() for h in hands) >= BIG_NIL_CARDS
        ):
            self._size_table(BIG_NIL_TT_BITS)

    def clear(self) -> None:
        """Forget everything in the transposition table (cheaply: entries are tagged)."""
        self._epoch += 1
        if self._epoch >= 1 << 40:  # pragma: no cover - would take centuries
            self._epoch = 0
            for i in range(len(self.tt)):
                self.tt[i] = 0

    def _gen(self, nseat: int, count: int, maximizers: int) -> int:
        return count | (maximizers << 4) | (nseat << 8) | (self._epoch << 12)

    def _load(self, hands: Sequence[int], trick: Sequence[int]) -> None:
        for i, h in enumerate(hands):
            self._hands[i] = h
        for i, c in enumerate(trick):
            self._trick[i] = int(c)

    def _load_wide(self, lay: Layout, hands: Sequence[int], trick: Sequence[int]) -> None:
        for i, h in enumerate(hands):
            self._hands[i] = lay.to_slots(int(h))
        for i, c in enumerate(trick):
            self._trick[i] = lay.slot[int(c)]

    def values_masks(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        broken: bool,
        count: int,
        maximizers: int,
        cap: int | None = None,
        deck: Deck | None = None,
    ) -> dict[int, int]:
        """``{card id: value}`` for every legal card, each value capped at ``cap``
        (default: none); no input checks (see :class:`Position`).  ``deck``: the pack
        (default: the standard one)."""
        nseat = len(hands)
        if cap is None:
            cap = 64
        if deck is not None and deck.name != "standard":
            lay = layout_of(deck)
            if lay.wide:
                return self._values_wide(lay, hands, leader, trick, broken, count, maximizers, cap)
        self._fit_table(hands, count, maximizers)
        self._load(hands, trick)
        for i in range(len(self._stats)):
            # node counts, and the eviction counter: a search's nodes then do not depend
            # on the searches made before it
            self._stats[i] = 0
        legal = _kernel.card_values(
            self._hands, nseat, leader, self._trick, len(trick), bool(broken), count, maximizers,
            self.tt, self.tt_mask, self._gen(nseat, count, maximizers), self._stats,
            self._moves, self._played, self._out, self._stack, int(cap),
        )
        self.nodes = int(self._stats[0])
        self.trick_nodes = int(self._stats[3])
        out = self._out
        return {c: int(out[c]) for c in cards_of_mask(int(legal))}

    def _values_wide(
        self, lay: Layout, hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool,
        count: int, maximizers: int, cap: int,
    ) -> dict[int, int]:
        """:meth:`values_masks` for a pack of the wide layout."""
        nseat = len(hands)
        self._fit_table(hands, count, maximizers)
        self._load_wide(lay, hands, trick)
        for i in range(len(self._stats)):
            self._stats[i] = 0
        legal = int(_wide_kernel().card_values(
            self._hands, nseat, leader, self._trick, len(trick), bool(broken), count, maximizers,
            self.tt, self.tt_mask, self._gen(nseat, count, maximizers) | _WIDE_TAG, self._stats,
            self._moves, self._played, self._out, self._stack, int(cap),
        ))
        self.nodes = int(self._stats[0])
        self.trick_nodes = int(self._stats[3])
        out = self._out
        values: dict[int, int] = {}
        while legal:
            slot = (legal & -legal).bit_length() - 1
            legal &= legal - 1
            values[Card(lay.card[slot])] = int(out[slot])
        return dict(sorted(values.items()))

    def can_take_masks(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        broken: bool,
        count: int,
        maximizers: int,
        target: int,
        deck: Deck | None = None,
    ) -> bool:
        """Can ``maximizers`` make the ``count`` seats take at least ``target`` tricks?"""
        nseat = len(hands)
        self._fit_table(hands, count, maximizers)
        lay = None if deck is None or deck.name == "standard" else layout_of(deck)
        run = _kernel.can_take
        gen = self._gen(nseat, count, maximizers)
        if lay is not None and lay.wide:
            self._load_wide(lay, hands, trick)
            run = _wide_kernel().can_take
            gen |= _WIDE_TAG
        else:
            self._load(hands, trick)
        for i in range(8):
            self._stats[i] = 0
        result = run(
            self._hands, nseat, leader, self._trick, len(trick), bool(broken), int(target), count,
            maximizers, self.tt, self.tt_mask, gen, self._stats,
            self._moves, self._played, self._stack,
        )
        self.nodes = int(self._stats[0])
        self.trick_nodes = int(self._stats[3])
        return bool(result)


_local = threading.local()


def warm_up() -> float:
    """Compile the search kernel now, or load it from numba's on-disk cache.

    Only the numba kernel needs it (the C kernel built at install time and
    plain Python have nothing to compile: it returns at once).  With numba
    the first search after installing (or after the kernel changed) compiles
    it, about 30-60 s; later processes load the cached machine code in about a
    second, and later calls in the same process cost nothing.  Programs call
    this before the first real search - in a background thread while a person
    bids, or in a parent process before its workers start - so that no
    decision waits for the compiler.  Returns the seconds spent.  Safe from any thread:
    numba compiles each function once, and a search on another thread that
    needs the kernel meanwhile waits for it.
    """
    start = time.perf_counter()
    if BACKEND == "numba":
        solver = Solver(tt_bits=6)
        # two cards a seat (AK of a suit each): every entry point the bots and
        # the command line use, with the argument types of a real search
        hands = [0x3 << (13 * s + 11) for s in range(4)]
        solver.values_masks(hands, 0, [], False, 0b101, 0b101)
        solver.can_take_masks(hands, 0, [], False, 0b101, 0b101, 1)
    return time.perf_counter() - start


def default_solver() -> Solver:
    """This thread's shared :class:`Solver` (created on first use)."""
    solver: Solver | None = getattr(_local, "solver", None)
    if solver is None:
        solver = Solver()
        _local.solver = solver
    return solver


# --------------------------------------------------------------------------- mask-level API


def card_values_masks(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int] = (),
    broken: bool = False,
    count: int | None = None,
    maximizers: int | None = None,
    solver: Solver | None = None,
    cap: int | None = None,
    deck: Deck | None = None,
) -> dict[int, int]:
    """Per-card values on raw integers (the fast path for computer players).

    ``hands``: one card-set integer per seat (2-4 seats); ``trick``: card ids
    already played to the current trick, the first by ``leader``; ``count``
    and ``maximizers``: seat bit masks (default: the partnership of the seat
    to play with four seats, the seat alone otherwise; maximizers default to
    ``count``).  Returns ``{card id: tricks of the count seats from this trick
    on}`` for each legal card, capped at ``cap`` when given (``cap=1`` with
    a nil bidder counted: 0 where the nil survives the card, 1 where it is
    set; far cheaper than the full count).  The position is assumed valid:
    check untrusted input with :meth:`Position.build`.  ``deck``: the pack
    (a :class:`~spades.core.deck.Deck`; default the standard one).
    """
    nseat = len(hands)
    if count is None:
        seat = (leader + len(trick)) % nseat
        count = (0b101 << (seat & 1)) if nseat == 4 else 1 << seat
    if maximizers is None:
        maximizers = count
    slv = solver or default_solver()
    return slv.values_masks(hands, leader, trick, broken, count, maximizers, cap, deck)


def can_take_masks(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    broken: bool,
    count: int,
    target: int,
    maximizers: int | None = None,
    solver: Solver | None = None,
    deck: Deck | None = None,
) -> bool:
    """Target search on raw integers: can the ``maximizers`` (default: the
    ``count`` seats) make the ``count`` seats take at least ``target`` tricks
    from this trick on?  ``deck``: the pack (default the standard one)."""
    if maximizers is None:
        maximizers = count
    slv = solver or default_solver()
    return slv.can_take_masks(hands, leader, trick, broken, count, maximizers, target, deck)


# --------------------------------------------------------------------------- friendly API


def card_values(
    position: Position,
    seats: Iterable[int] | int,
    maximizers: Iterable[int] | int | None = None,
    solver: Solver | None = None,
    cap: int | None = None,
) -> dict[Card, int]:
    """``{Card: tricks the seats take from this trick on}`` for every legal
    card of the seat to play, the ``maximizers`` (default: ``seats``) trying
    to raise that number and everyone else to lower it; with ``cap``, a value
    of at least ``cap`` is reported as ``cap`` (cheaper: fewer searches)."""
    count = seat_mask(seats)
    maxi = count if maximizers is None else seat_mask(maximizers)
    _check_seats(position, count | maxi)
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
        raise PositionError(f"the cap must be a number of tricks (0 or more), not {cap!r}")
    raw = (solver or default_solver()).values_masks(
        position.hands, position.leader, position.trick, position.spades_broken, count, maxi, cap,
        position.deck,
    )
    return {Card(c): v for c, v in raw.items()}


def value(
    position: Position,
    seats: Iterable[int] | int,
    maximizers: Iterable[int] | int | None = None,
    solver: Solver | None = None,
) -> int:
    """The value of the position for ``seats`` when the seat to play also plays
    its best card (max if it is a maximizer, else min)."""
    maxi = seat_mask(seats) if maximizers is None else seat_mask(maximizers)
    values = card_values(position, seats, maxi, solver).values()
    return max(values) if maxi >> position.to_play & 1 else min(values)


def can_take(
    position: Position,
    seats: Iterable[int] | int,
    target: int,
    maximizers: Iterable[int] | int | None = None,
    solver: Solver | None = None,
) -> bool:
    """Target search: can the ``maximizers`` (default: ``seats``) make the
    ``seats`` take at least ``target`` tricks from this trick on?"""
    count = seat_mask(seats)
    maxi = count if maximizers is None else seat_mask(maximizers)
    _check_seats(position, count | maxi)
    if isinstance(target, bool) or not isinstance(target, int):
        raise PositionError(f"the target must be a number of tricks, not {target!r}")
    return (solver or default_solver()).can_take_masks(
        position.hands, position.leader, position.trick, position.spades_broken, count, maxi, target,
        position.deck,
    )


def _nil_masks(position: Position, nil_seat: int) -> tuple[int, int]:
    n = position.nseat
    if isinstance(nil_seat, bool) or not isinstance(nil_seat, int) or not 0 <= nil_seat < n:
        raise PositionError(f"the nil bidder must be a seat from 0 to {n - 1}, not {nil_seat!r}")
    friends = (1 << nil_seat) | ((1 << ((nil_seat + 2) % 4)) if n == 4 else 0)
    return 1 << nil_seat, ((1 << n) - 1) & ~friends


def nil_values(
    position: Position, nil_seat: int, solver: Solver | None = None, cap: int | None = None
) -> dict[Card, int]:
    """For every legal card of the seat to play: how many tricks the opponents
    can force on the nil bidder (0 means the nil is safe after that card).
    With four seats the nil bidder's partner helps the nil bidder.  With
    ``cap`` a count of at least ``cap`` is reported as ``cap``: ``cap=1``
    answers only "does the nil survive this card?" (0 yes, 1 no), one search
    a card, which is what a player deciding a card needs."""
    count, maxi = _nil_masks(position, nil_seat)
    return card_values(position, count, maxi, solver, cap)


def nil_safe(position: Position, nil_seat: int, solver: Solver | None = None) -> bool:
    """Can the nil bidder (with partner's help) avoid taking any trick?"""
    count, maxi = _nil_masks(position, nil_seat)
    return not can_take(position, count, 1, maxi, solver)


def _check_seats(position: Position, mask: int) -> None:
    if mask >> position.nseat:
        n = position.nseat
        raise PositionError(f"seat numbers must be below {n} in a {n}-seat position")


def solve(
    hands: Sequence[HandLike],
    leader: int = 0,
    trick: Iterable[Card | str | int] | str = (),
    spades_broken: bool = False,
    *,
    partnership: bool | None = None,
    solver: Solver | None = None,
    deck: str | Deck = "standard",
) -> dict[Card, int]:
    """``{Card: tricks}`` for every legal card of the seat to play.

    The value is the number of tricks the seat to play's side takes from this
    point on (the current trick included) if it plays that card and everyone
    then plays perfectly, spades-breaking rule applied.  With four hands the
    side is the partnership (seats 0+2 or 1+3) unless ``partnership=False``
    (cutthroat); with two or three hands, and in cutthroat, it is the seat
    alone against all the others (paranoid; see the module docstring).  ``deck``: the
    ``deck`` option's value (RULES.md section 7) or a :class:`~spades.core.deck.Deck`.
    """
    pos = Position.build(hands, leader, trick, spades_broken, deck)
    n = pos.nseat
    if partnership is None:
        partnership = n == 4
    if partnership and n != 4:
        raise PositionError("partnerships need four hands")
    seat = pos.to_play
    slv = solver or default_solver()
    if partnership:
        # always search for side 0 so one table serves both sides (zero-sum)
        raw = slv.values_masks(
            pos.hands, pos.leader, pos.trick, pos.spades_broken, 0b0101, 0b0101, None, pos.deck
        )
        if seat & 1:
            total = pos.tricks_left
            raw = {c: total - v for c, v in raw.items()}
    else:
        raw = slv.values_masks(
            pos.hands, pos.leader, pos.trick, pos.spades_broken, 1 << seat, 1 << seat, None, pos.deck
        )
    return {Card(c): v for c, v in raw.items()}
