"""Double-dummy solver for Spades: exact card-play values with every hand in view.

Quick use (four seats in partnerships)::

    >>> from spades.solver import solve
    >>> values = solve(["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], leader=0)
    >>> sorted((str(c), v) for c, v in values.items())
    [('AS', 2), ('KS', 2)]

``solve(hands, leader=0, trick=[], spades_broken=False, *, partnership=None)``
returns ``{Card: tricks}`` for every legal card of the seat to play: the most
tricks that seat's side takes from this point on, the current trick included,
if it plays that card and everyone then plays perfectly, with the
spades-breaking rule.  ``hands`` has 2, 3 or 4 entries (seat order), each a
hand string ``'spades.hearts.diamonds.clubs'`` (``'AKQ2.J.T98.765'``, ``-`` for
a void), a card list, a :class:`~spades.cards.CardSet` or a card-set integer;
``trick`` lists the cards already played to the current trick, the first by
``leader`` (they are no longer in ``hands``).  With four hands the side is the
partnership; with ``partnership=False`` or fewer hands it is the seat alone
against all others (the *paranoid* reading of individual play: the seat's own
tricks when everyone else combines against it, which it can guarantee).

Lower level, for computer players (see :mod:`spades.solver.api`):

* :class:`Position` (``Position.build(hands, leader, trick, spades_broken)``)
  validates a position and raises :class:`PositionError` with a clear message;
* ``card_values(position, seats, maximizers=None)`` -> ``{Card: tricks of
  seats}``: any set of seats counted, any set of seats maximizing (default the
  counted ones), the others minimizing;
* ``value(position, seats, maximizers=None)`` -> the best value for the seat
  to play;
* ``can_take(position, seats, k, maximizers=None)`` -> bool: target search,
  "can the maximizers make those seats take at least k tricks";
* ``nil_values(position, nil_seat)`` / ``nil_safe(position, nil_seat)``: the
  tricks the opponents can force on a nil bidder (partner helping the nil);
* ``card_values_masks(hands, leader, trick, broken, count, maximizers)`` and
  ``can_take_masks(hands, leader, trick, broken, count, target, maximizers)``:
  the same on raw integers (hands as card-set ints, trick as card ids, seats as
  bit masks: seat s is bit ``1 << s``) without validation, the fast path;
* :class:`Solver`: one transposition table plus buffers; the module functions
  use a per-thread default (:func:`default_solver`).  Tables persist between
  calls (entries are valid for ever), which speeds up solving successive
  positions of one deal; ``Solver.clear()`` empties it.

The search kernel (:mod:`spades.solver.kernel`) runs as C compiled when the
package is installed (``spades.solver._ckernel``, generated from ``kernel.py``
by :mod:`spades.solver._cgen`; nothing to compile on first use), else compiled
by numba (the ``fast`` extra), else as plain Python (``SPADES_NO_JIT=1``
forces that; ``SPADES_KERNEL`` picks one, see :mod:`spades.solver._jit`).
With numba the first search after installing pays the compile (about 30-60 s;
then it is cached on disk): :func:`warm_up` pays it up front, and the
computer players' :meth:`~spades.bots.Bot.prepare` calls it.
:mod:`spades.solver.reference` holds the plain exhaustive minimax the kernel is
tested against.
"""

from __future__ import annotations

from .api import (
    Solver,
    can_take,
    can_take_masks,
    card_values,
    card_values_masks,
    default_solver,
    nil_safe,
    nil_values,
    seat_mask,
    solve,
    value,
    warm_up,
)
from .position import HandLike, Position, PositionError

__all__ = [
    "HandLike",
    "Position",
    "PositionError",
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
