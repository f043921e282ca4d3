"""What a seat can infer from its :class:`~spades.view.View`: the shared base of
the rule-based and the sampling computer players.

Everything here is computed from the view alone, so a bot built on it cannot
see hidden cards.  Card sets are 52-bit integers (bit ``id`` set, ids as in
:mod:`spades.cards`: ``suit * 13 + rank``, spades are suit 3, ids 39-51).

Inferences made:

* the *unseen* cards: not in this seat's hand, not played, not known to lie
  out of play (two-player: this seat's own discards; three-player: the 2 of
  clubs is not in the deck);
* *voids*: a seat that did not follow the suit led holds none of it (suits are play
  suits: in the jokers and deuces packs a joker or the 2 of diamonds is a spade); a seat
  that led a spade before spades were broken (with the breaking rule on)
  holds nothing but spades;
* *known cards*: in the blind-nil exchange, the cards this seat passed are in
  the receiver's hand unless they came back or were played;
* *signals* (:func:`signal_denied`, read only for a partner known to play by
  them): a seat that leads the top of equal cards and follows with the lowest
  shows, with each card, that it lacks the next card of the suit above a lead
  or below a follow.

:class:`SideState` sums up a side's contract: tricks needed, nil bidders
still clean, and so on; bots reason with it about what a trick is worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..bids import Bid
from ..cards import SUIT_MASKS
from ..core import beats, deck_mask, trick_winner
from ..core.deck import rules_deck
from ..view import View

__all__ = [
    "SPADE",
    "Knowledge",
    "SideState",
    "beats",
    "bit_cards",
    "higher_in_suit",
    "next_unplayed",
    "signal_denied",
    "trick_winner",
]

SPADE: Final = 3
SPADES: Final = SUIT_MASKS[3]


def bit_cards(mask: int) -> list[int]:
    """Card ids of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def higher_in_suit(card: int) -> int:
    """The mask of the cards of ``card``'s suit that rank above it."""
    suit_top = (card // 13 + 1) * 13
    return ((1 << suit_top) - 1) & ~((1 << (card + 1)) - 1)


def lower_in_suit(card: int) -> int:
    """The mask of the cards of ``card``'s suit that rank below it."""
    return ((1 << card) - 1) & ~((1 << (card // 13 * 13)) - 1)


def signal_denied(view: View, seat: int) -> int | None:
    """The cards ``seat`` has shown it lacks this hand, if it signals as the expert does
    (of cards equal in its hand, no card in another hand between them, it leads the
    highest and follows with the lowest): above each lead, the next card of the suit
    not yet played; below each card it followed with, the next one not yet played,
    unless that one lies in the same trick (then the two were not equal).  None when
    the seat has since played a card it showed it lacked: it does not signal so."""
    n = view.rules.num_seats
    gone = 0  # cards played in the tricks before the one read
    denied = 0
    for leader, cards in [(t.leader, [int(c) for c in t.cards]) for t in view.tricks] + [
        (view.trick[0][0], [int(c) for _, c in view.trick]) if view.trick else (0, [])
    ]:
        table = 0
        for i, c in enumerate(cards):
            if (leader + i) % n == seat:
                if denied >> c & 1:
                    return None
                x = next_unplayed(c, gone, table, up=i == 0)
                if x >= 0:
                    denied |= 1 << x
            table |= 1 << c
        gone |= table
    return denied


def next_unplayed(card: int, gone: int, table: int, up: bool) -> int:
    """The next card of ``card``'s suit above (``up``) or below it that was not played in
    an earlier trick; -1 when there is none or it lies on the table (``table``)."""
    base = card // 13 * 13
    x = card + 1 if up else card - 1
    while base <= x < base + 13:
        if table >> x & 1:
            return -1
        if not gone >> x & 1:
            return x
        x += 1 if up else -1
    return -1


@dataclass(frozen=True)
class SideState:
    """A side's contract position in the hand being played."""

    side: int
    seats: tuple[int, ...]
    #: sum of the non-nil bids (0 when every seat bid nil or bids are not in)
    contract: int
    #: tricks counted toward the contract so far
    counted: int
    #: seats of this side that bid nil and have taken no trick yet
    live_nils: tuple[int, ...]
    #: seats of this side whose nil has already failed
    failed_nils: tuple[int, ...]
    #: all tricks this side has won
    won: int

    @property
    def need(self) -> int:
        """Tricks still needed to make the contract (0 when made or none)."""
        return max(0, self.contract - self.counted)


class Knowledge:
    """Facts one seat can derive from its view (see the module docstring)."""

    def __init__(self, view: View) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        self.n = rules.num_seats
        self.seat = view.seat
        self.hand = view.hand.mask if view.hand is not None else 0
        self.played = played = view.played.mask
        deck = deck_mask(rules)
        out = view.discards.mask if rules.uses_draw else 0
        # cards still in play somewhere else: not ours, not played, not known out
        self.unseen = deck & ~self.hand & ~played & ~out
        self.out = out
        #: cards that still tell two of this seat's cards apart: those in other hands and
        #: those on the table in the current trick (a card above them wins it, one below
        #: does not)
        self.separating = self.unseen | sum(1 << int(c) for _, c in view.trick)
        voids = [0] * self.n
        broken = False
        must_break = rules.spades_must_be_broken
        suit_of = rules_deck(rules).suit_of
        for t in view.tricks:
            broken = self._scan_trick(t.leader, [int(c) for c in t.cards], voids, broken, must_break, suit_of)
        if view.trick:
            cards = [int(c) for _, c in view.trick]
            self._scan_trick(view.trick[0][0], cards, voids, broken, must_break, suit_of)
        #: per seat, a 4-bit mask of suits the seat is known to lack
        self.voids = voids
        known = [0] * self.n
        if view.passed:
            receiver = view.partner if view.partner is not None else (self.seat + 2) % self.n
            known[receiver] |= view.passed.mask & ~self.hand & ~played
        #: per seat, cards known to be in that seat's hand now
        self.known = known
        self.tricks_left = rules.tricks_per_hand - len(view.tricks)

    @staticmethod
    def _scan_trick(
        leader: int,
        cards: list[int],
        voids: list[int],
        broken: bool,
        must_break: bool,
        suit_of: tuple[int, ...],
    ) -> bool:
        """Voids shown in one trick (by play suit: a joker follows spades), and whether
        spades are broken after it."""
        n = len(voids)
        led = suit_of[cards[0]]
        if led == SPADE and not broken and must_break:
            voids[leader] |= 0b0111  # led a spade unbroken: held only spades
        for i in range(1, len(cards)):
            seat = (leader + i) % n
            if suit_of[cards[i]] != led:
                voids[seat] |= 1 << led
        if any(suit_of[c] == SPADE for c in cards):
            broken = True
        return broken

    # -- cards ----------------------------------------------------------------

    def may_hold(self, seat: int, suit: int) -> bool:
        """Could ``seat`` still hold a card of ``suit``?"""
        return not self.voids[seat] >> suit & 1 and bool(self.unseen & SUIT_MASKS[suit])

    def is_master(self, card: int) -> bool:
        """No card still in other hands ranks above ``card`` in its suit."""
        return not self.unseen & higher_in_suit(card)

    def top_equivalent_low(self, card: int) -> int:
        """The lowest card of ours equivalent to ``card`` (no unseen card, and no card of
        the current trick, between them)."""
        c = card
        for lower in range(card - 1, card // 13 * 13 - 1, -1):
            if self.hand >> lower & 1:
                c = lower
            elif self.separating >> lower & 1:
                break
        return c

    # -- sides and contracts ----------------------------------------------------

    def side_state(self, side: int) -> SideState:
        view = self.view
        rules = self.rules
        seats = rules.seats_of(side)
        contract = counted = won = 0
        live: list[int] = []
        failed: list[int] = []
        for s in seats:
            bid = view.bids[s]
            t = view.tricks_won[s]
            won += t
            if bid is None:
                counted += t  # no bid: the partner of a blind bid plays for the side's contract
                continue
            if bid.is_nil:
                (failed if t else live).append(s)
                if rules.nil_tricks_count_for_partner:
                    counted += t
            else:
                contract += bid.tricks
                counted += t
        return SideState(side, seats, contract, counted, tuple(live), tuple(failed), won)

    def opponents(self) -> list[int]:
        side = self.rules.side_of(self.seat)
        return [s for s in range(self.n) if self.rules.side_of(s) != side]

    def bid_of(self, seat: int) -> Bid | None:
        return self.view.bids[seat]
