"""Reading the table: how closely the other side's bids follow the cards they turn out to hold.

By the end of a hand every card has been played, so a seat knows what each opponent held
when it bid.  :class:`TableReading` compares each opponent's number bid with the club
player's count of that hand (:func:`~spades.bots.basic.estimate_tricks`) and keeps how far
the differences scatter (their standard deviation, so that a habit of bidding
a trick more or less than that count does not count), shrunk towards a careful bidder's
scatter by a few bids of prior; the games before the current one count at ``CARRY`` of their
weight.  Bids that follow the cards (the club player, the expert,
most people) scatter little; opponents whose bids wander far from their cards
are taken not to defend as the play-outs' open-card defenders do, and
:meth:`TableReading.nil_trust` says what share of the nil play-outs' failures such a table
lets through (0 at a careful table).

It reads only what the seat saw: the cards played in the last hand it played (its last
:class:`~spades.view.View` of the play), the bids of that hand.  Four-handed
partnerships only; hands with a blind-nil exchange are skipped (the cards played are not
the cards bid on).

:class:`PartnerReading` reads the partner the same way, hand after hand: whether its cards
keep to the expert's signals (of equal cards, the highest led and the lowest followed with,
see :func:`~spades.bots.knowledge.signal_denied`).  Once a hand is played out, each card
the partner played beside an equal card it played later is a choice it made: by the
signals, or against them (:func:`signal_choices`).  A partner that breaks them (the club
player, most people) is not read by them: its plays say nothing of the cards it lacks.
"""

from __future__ import annotations

import math
from typing import Final

from ..view import Phase, View
from .basic import estimate_tricks
from .knowledge import Knowledge, next_unplayed
from .simulate import played_by

__all__ = [
    "PRIOR_SD",
    "SIGNAL_PRIOR",
    "SIGNAL_SLIPS",
    "UNREAD_SD",
    "PartnerReading",
    "TableReading",
    "signal_choices",
]

#: the prior: how far a careful bidder's bids scatter about its own habit (the standard
#: deviation of its bids minus the club player's count), worth this many bids
PRIOR_SD: Final = 0.8
PRIOR_BIDS: Final = 3
#: the scatter the expert assumes of opponents it has not read yet: halfway into the trust
#: band, so that a table of unknown opponents counts as half loose until their bids are read
UNREAD_SD: Final = 1.15
#: the scatter at which trust starts, and where it is full
TRUST_FROM: Final = 1.0
TRUST_FULL: Final = 1.3
#: the weight a new game keeps of the last game's reading (a new game at the same table is
#: most often against the same opponents: a match, a rematch)
CARRY: Final = 0.5
#: the partner's signals are read while its choices against them are at most this share of
#: its choices (with the prior's), so that a signalling person's rare slip is forgiven
SIGNAL_SLIPS: Final = 0.1
#: the prior: choices by the signals assumed of a partner not read yet
SIGNAL_PRIOR: Final = 2.0


class TableReading:
    """One seat's reading of the opponents' bidding over a game (see the module docstring).

    ``max_trust``: the share of the nil play-outs' failures let through at a table whose
    bids wander furthest (0 turns the reading off); ``prior_sd``: the scatter assumed before
    any bid is read (``PRIOR_SD``, a careful table)."""

    def __init__(self, max_trust: float = 0.0, prior_sd: float = PRIOR_SD) -> None:
        self.max_trust = max_trust
        self.prior_sd = prior_sd
        self._last: View | None = None
        self._sum = 0.0
        self._squares = 0.0
        self._bids = 0.0

    @property
    def bids_read(self) -> float:
        """The opponents' number bids read so far (a game before this one counts ``CARRY``
        of its weight, the one before that ``CARRY`` squared, and so on)."""
        return self._bids

    def scatter(self) -> float:
        """How far the opponents' bids scatter about their habit: the standard deviation of
        their bids minus the club player's count (a side that always bids a trick more than
        the count, or less, bids by its cards too), shrunk towards ``prior_sd``."""
        return self._scatter(self.prior_sd)

    def habit(self) -> tuple[float, float] | None:
        """How the opponents' bids have followed their cards so far, for dealing them hands
        that fit their bids: the mean of their bids minus the club player's count (shrunk
        towards 0 by ``PRIOR_BIDS``) and the scatter about it (shrunk towards a careful
        bidder's ``PRIOR_SD``, whatever ``prior_sd`` says: this is what the bids showed, not
        a guess about unread opponents).  None before any bid is read."""
        if self._bids <= 0:
            return None
        return self._sum / (self._bids + PRIOR_BIDS), self._scatter(PRIOR_SD)

    def _scatter(self, prior_sd: float) -> float:
        n = self._bids
        about_mean = self._squares - (self._sum * self._sum / n if n else 0.0)
        return math.sqrt((about_mean + PRIOR_BIDS * prior_sd**2) / (max(0.0, n - 1) + PRIOR_BIDS))

    def observe(self, view: View) -> None:
        """Remember the seat's latest view of the play; fold in finished hands."""
        self._fold(view)
        if view.phase is Phase.PLAY:
            self._last = view

    def looseness(self, view: View, prior_sd: float | None = None) -> float:
        """How loose the table reads, from 0 (scatter ``TRUST_FROM`` or less: careful) to 1
        (``TRUST_FULL`` or more); always 0 with the reading off.  ``prior_sd``: the scatter
        assumed before any bid is read, when not the reading's own ``prior_sd``."""
        self._fold(view)
        if self.max_trust <= 0:
            return 0.0
        scatter = self._scatter(self.prior_sd if prior_sd is None else prior_sd)
        share = (scatter - TRUST_FROM) / (TRUST_FULL - TRUST_FROM)
        return min(1.0, max(0.0, share))

    def nil_trust(self, view: View) -> float:
        """The share of the nil play-outs' failures this table lets through (0 to ``max_trust``)."""
        return self.max_trust * self.looseness(view)

    def _fold(self, view: View) -> None:
        last = self._last
        if last is None or last.hand_number == view.hand_number:
            return
        self._last = None
        for r in residuals(last):
            self._sum += r
            self._squares += r * r
            self._bids += 1
        if view.hand_number < last.hand_number or view.hands_played < last.hands_played:  # a new game
            self._sum, self._squares, self._bids = (CARRY * x for x in (self._sum, self._squares, self._bids))


def residuals(view: View) -> list[float]:
    """Each opponent's number bid minus the club player's count of the hand it bid on, as
    far as ``view`` (late in the hand's play) shows that hand; none where it is not clear."""
    rules = view.rules
    n = rules.num_seats
    if n != 4 or not rules.partnerships or view.hand is None:
        return []
    if any(b is not None and b.blind for b in view.bids):
        return []
    know = Knowledge(view)
    held = played_by(know)
    short = [s for s in range(n) if s != view.seat and held[s].bit_count() == 12]
    if len(short) == 1 and know.unseen.bit_count() == 1:
        held[short[0]] |= know.unseen
    out = []
    for s in range(n):
        bid = view.bids[s]
        if rules.side_of(s) == view.side or bid is None or bid.is_nil:
            continue
        if held[s].bit_count() < 12:
            continue
        out.append(bid.tricks - estimate_tricks(held[s], n, True))
    return out


def signal_choices(view: View, seat: int) -> tuple[int, int]:
    """The choices among equal cards ``seat`` is seen to have made this hand: ``(kept,
    broken)``, those that kept to the signals (it led the highest of its equal cards, followed
    with the lowest) and those that broke them.  A card played is a choice when the seat
    played, later in the hand, the next card of the suit not yet gone (nor on the table
    before it) above or below it: the two were equal in its hand.  Only what ``view`` shows."""
    n = view.rules.num_seats
    tricks = [(t.leader, [int(c) for c in t.cards]) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [int(c) for _, c in view.trick]))
    mine = [
        next((c for i, c in enumerate(cards) if (leader + i) % n == seat), -1) for leader, cards in tricks
    ]
    kept = broken = 0
    gone = 0
    for t, (leader, cards) in enumerate(tricks):
        later = sum(1 << c for c in mine[t + 1 :] if c >= 0)
        table = 0
        for i, c in enumerate(cards):
            if (leader + i) % n == seat:
                lead = i == 0
                shown = next_unplayed(c, gone, table, up=lead)  # the card the signal says it lacks
                other = next_unplayed(c, gone, table, up=not lead)
                broken += shown >= 0 and bool(later >> shown & 1)
                kept += not (shown >= 0 and later >> shown & 1) and other >= 0 and bool(later >> other & 1)
            table |= 1 << c
        gone |= table
    return kept, broken


class PartnerReading:
    """One seat's reading of its partner's signals over the hands played together (see the
    module docstring).  ``prior``: before any choice of the partner's is read, its signals are
    read (True) or not (False)."""

    def __init__(self, prior: bool = True) -> None:
        self.prior = prior
        self._last: View | None = None
        self.kept = 0.0
        self.broken = 0.0

    def observe(self, view: View) -> None:
        """Remember the seat's latest view of the play; fold in the partner's choices of
        finished hands."""
        last = self._last
        if last is not None and last.hand_number != view.hand_number:
            self._last = None
            if last.partner is not None:
                kept, broken = signal_choices(last, last.partner)
                if view.hand_number < last.hand_number or view.hands_played < last.hands_played:
                    self.kept, self.broken = CARRY * self.kept, CARRY * self.broken  # a new game
                self.kept += kept
                self.broken += broken
        if view.phase is Phase.PLAY:
            self._last = view

    def reads_signals(self) -> bool:
        """Are the partner's cards read by the signals?  With the prior before any choice is
        read; then while its choices against them stay at most :data:`SIGNAL_SLIPS` of all
        (the prior's :data:`SIGNAL_PRIOR` counted as kept)."""
        if self.kept + self.broken == 0:
            return self.prior
        return self.broken <= SIGNAL_SLIPS * (self.kept + self.broken + SIGNAL_PRIOR)
