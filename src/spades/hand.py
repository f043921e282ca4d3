"""One hand of Spades as its own object: the deal, the bidding, a blind-nil
exchange or the two-player draw, and the state of the play.

A :class:`~spades.game.Game` holds the game (scores, bags, the dealer's turn, the
end of the game, the record and undo) and one :class:`Hand` at a time, which it
replaces when a hand is scored.  The rules of each phase of a hand are the
handlers of :mod:`spades.phases`, which operate on the Hand; the engine plays
cards and bids on its fast paths in :meth:`Game.apply <spades.game.Game.apply>`,
reading and writing the Hand's state directly.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .bids import Bid
from .cards import ALL_CARDS, NUM_CARD_IDS, Card, CardSet, cards_of_mask
from .core import deck_mask, play_error
from .errors import ErrorCode, IllegalActionError, play_refusal
from .events import Drawn, Event, PlayStarted, Redrawn
from .view import Phase

if TYPE_CHECKING:
    from .game import _Table

__all__ = ["Hand"]

# the phases as module constants (an Enum member read through its class costs a lookup)
_PLAY: Final = Phase.PLAY
_BID: Final = Phase.BID
_BLIND: Final = Phase.BLIND
_DRAW: Final = Phase.DRAW
_EXCHANGE: Final = Phase.EXCHANGE
_REDRAW: Final = Phase.REDRAW
_OVER: Final = Phase.OVER
#: PlayStarted(leader) for every seat (events are immutable values)
_PLAY_STARTED: Final = tuple(PlayStarted(seat) for seat in range(4))
_BITS: Final = tuple(1 << c for c in range(NUM_CARD_IDS))
#: every card id, the jokers (52, 53) included
_CARD: Final = tuple(Card(c) for c in range(NUM_CARD_IDS))
_NIL: Final = Bid.nil()
_BLIND_NIL: Final = Bid.blind_nil()

#: the attributes of a Hand (its ``__slots__``; copy goes through them)
_HAND_SLOTS: Final = (
    "_bid_order",
    "_bid_pos",
    "_bids",
    "_blind_bid_open",
    "_blind_open",
    "_broken",
    "_completed",
    "_dealer",
    "_dealt",
    "_decided",
    "_deck",
    "_discards",
    "_events",
    "_exchange_pos",
    "_exchange_steps",
    "_first_lead",
    "_follow",
    "_hands",
    "_lead",
    "_leader",
    "_led",
    "_looked",
    "_must_break",
    "_n",
    "_number",
    "_passed",
    "_phase",
    "_pile",
    "_received",
    "_redraw_counts",
    "_redraw_queue",
    "_redrawn",
    "_rules",
    "_seed",
    "_stock_pos",
    "_table",
    "_to_act",
    "_trick",
    "_tricks_won",
    "_unbroken",
)


class Hand:
    """The state of one hand and the rules that move it from phase to phase."""

    __slots__ = _HAND_SLOTS

    def __init__(
        self,
        table: _Table | None = None,
        events: list[Event] | None = None,
        seed: int = 0,
        number: int = 0,
        dealer: int = 0,
        scores: Sequence[int] = (),
        deck: Sequence[int] | None = None,
    ) -> None:
        """Deal hand ``number`` (0 for the first) of a game with this ``seed``:
        ``deck`` is its card order, else the seeded shuffle.  ``events`` is the
        game's list that the hand's actions append to; ``scores`` (before the
        hand) say who may bid blind nil.  ``Hand()``: an empty hand for copy() and
        unpickling (a class compiled by mypyc has no bare ``__new__``)."""
        if table is None or events is None:
            return
        rules = table.rules
        self._table = table
        self._rules = rules
        self._n = table.n
        self._must_break = table.must_break
        self._events = events
        self._seed = seed
        self._number = number
        self._dealer = dealer
        n = table.n
        deck_: list[int]
        if deck is not None:
            deck_ = list(deck)
        else:
            # Sorting by 64-bit random keys is a uniform shuffle (a tie has probability
            # below 2**-52) and, all in C, several times faster than random.shuffle.
            base = table.deck
            keys = memoryview(self._random_bytes(0, 8 * len(base))).cast("Q").tolist()
            deck_ = sorted(range(len(base)), key=keys.__getitem__)
            if table.short_deck:
                deck_ = [base[i] for i in deck_]
        self._deck = deck_
        self._bids: list[Bid | None] = [None] * n
        self._tricks_won = [0] * n
        self._trick: list[Card] = []
        # (leader, cards, winner); TrickRecord objects are made on demand
        self._completed: list[tuple[int, list[Card], int]] = []
        self._broken = False
        # the deck's spades while spades are unbroken, then 0: playing one of them breaks them
        self._unbroken = table.trumps
        # what a leader may lead (if it holds any) and what a follower must follow with
        self._lead = table.lead
        # first_lead "two-of-clubs": the mask of the card that must lead the first trick
        self._first_lead = 0
        self._follow = 0
        self._led = 0
        # per-seat cards of the exchange and the draw (new lists when those phases start)
        self._passed = [0] * n
        self._received = [0] * n
        self._discards = [0] * n
        self._redrawn = [0] * n
        self._redraw_counts = [0] * n
        self._pile = 0
        # replaced (never changed in place) when an exchange or a redraw starts
        self._exchange_steps: list[tuple[int, int]] = []
        self._exchange_pos = 0
        self._redraw_queue: list[int] = []
        self._stock_pos = 0
        self._leader: int | None = None
        self._bid_order = table.bid_orders[dealer]
        self._bid_pos = 0
        self._blind_open: Sequence[bool]
        if table.blind_nil_needs_deficit:
            self._blind_open = [self._blind_nil_allowed(s, scores) for s in range(n)]
        else:
            self._blind_open = table.blind_open
        # blind bids (RULES.md section 7): the first partner of a side far enough behind
        self._blind_bid_open: Sequence[bool] = table.no_blind_bids
        if table.blind_bids:
            self._blind_bid_open = [self._blind_bid_allowed(s, scores) for s in range(n)]
        if table.uses_draw:
            # two players see each card as they draw it; blind nil is chosen
            # before the first draw instead
            self._hands = [0] * n
            self._looked = [True] * n
            self._decided = [not self._blind_open[s] for s in range(n)]
            self._stock_pos = 0
            self._to_act: int | None = dealer
            self._phase = _DRAW if self._decided[dealer] else _BLIND
            self._dealt = [0] * n
        else:
            # the cards dealt to one seat are every n-th card; their bits are distinct,
            # so summing them is OR-ing them
            bits = _BITS.__getitem__
            dealt = [sum(map(bits, deck_[i::n])) for i in range(n)]
            if dealer != n - 1:
                # card 0 goes to the dealer's left
                k = n - 1 - dealer
                dealt = dealt[k:] + dealt[:k]
            self._hands = dealt
            self._dealt = list(dealt)
            if table.blind_nil or table.blind_bids:
                self._looked = [
                    not (self._blind_open[s] or self._blind_bid_open[s]) for s in range(n)
                ]
            else:
                self._looked = [True] * n
            self._decided = list(self._looked)
            self._next_bidder()

    def copy(self, events: list[Event]) -> Hand:
        """An independent copy of the hand that appends to ``events``."""
        new = Hand()
        for key in _HAND_SLOTS:
            value = getattr(self, key)
            setattr(new, key, value.copy() if type(value) is list else value)  # every slot is set
        new._events = events
        return new

    def _skip_draw(self, hands: list[int]) -> None:
        """Two-player position: the draw is over with these hands."""
        self._hands = list(hands)
        self._dealt = list(hands)
        self._pile = deck_mask(self._rules) & ~(hands[0] | hands[1])
        self._stock_pos = len(self._deck)
        self._looked = [True] * self._n
        self._decided = [True] * self._n
        self._redraw_queue = []
        self._bid_pos = 0
        self._next_bidder()

    def _skip_exchange(self) -> None:
        """A position after a blind nil: its hands are those after the exchange."""
        self._exchange_steps = []
        self._exchange_pos = 0
        self._start_play()

    def _random_bytes(self, stream: int, size: int) -> bytes:
        """Random bytes that depend only on (seed, hand number, stream): the deal is
        stream 0, a two-player redraw by seat s is stream s + 1.  SHAKE-128 is a
        cryptographic extendable-output hash, so streams are independent."""
        key = f"spades/{self._seed}/{self._number}/{stream}".encode()
        return hashlib.shake_128(key).digest(size)

    def _hand_rng(self, stream: int) -> random.Random:
        """A seeded generator for the rare draws that need one (the two-player redraw)."""
        return random.Random(self._random_bytes(stream, 32))

    def _blind_nil_allowed(self, seat: int, scores: Sequence[int]) -> bool:
        rules = self._rules
        if not rules.blind_nil_offered:
            return False
        need = rules.blind_nil_min_deficit
        if need <= 0:
            return True
        side = rules.side_of(seat)
        others = [s for i, s in enumerate(scores) if i != side]
        return max(others) - scores[side] >= need

    def _blind_bid_allowed(self, seat: int, scores: Sequence[int]) -> bool:
        """A blind bid for the side: the first partner to bid, the side behind by enough."""
        rules = self._rules
        need = rules.blind_bid_deficit
        if need is None or not rules.partnerships:
            return False
        if self._bid_order.index(seat) > self._bid_order.index((seat + 2) % 4):
            return False
        side = rules.side_of(seat)
        return scores[1 - side] - scores[side] >= need

    def _no_bid(self, seat: int) -> bool:
        """The seat makes no bid: its partner bid blind for the side."""
        if not self._table.blind_bids:
            return False
        other = self._bids[(seat + 2) % 4]
        return other is not None and other.is_blind_bid

    def _next_bidder(self) -> None:
        bids = self._bids
        order = self._bid_order
        while self._bid_pos < len(order) and (
            bids[order[self._bid_pos]] is not None or self._no_bid(order[self._bid_pos])
        ):
            # (a seat that makes no bid sees its cards as usual, with no blind choice left)
            self._looked[order[self._bid_pos]] = True
            self._decided[order[self._bid_pos]] = True
            self._bid_pos += 1
        if self._bid_pos == len(order):
            self._after_bidding()
            return
        seat = order[self._bid_pos]
        self._to_act = seat
        if not self._looked[seat] and not self._table.plain_bids and not self._bid_options(seat, True):
            # no blind choice is left to this seat (its partner's bid rules them out): it looks
            self._looked[seat] = True
            self._decided[seat] = True
        self._phase = _BID if self._looked[seat] else _BLIND

    # -- bids under the house rules (RULES.md section 7) ----------------------

    def _bid_options(self, seat: int, blind: bool) -> list[Bid]:
        """The bids ``seat`` may make now: before looking (``blind``: blind nil, blind
        bids) or after.  Every bidding rule in one place: the bidding variant, the
        partners' least and most, and a bid that leaves the partner no legal bid."""
        rules = self._rules
        table = self._table
        cands: list[Bid]
        if blind:
            cands = [_BLIND_NIL] if self._blind_open[seat] and rules.blind_nil_offered else []
            if self._blind_bid_open[seat]:
                top = table.max_bid if table.side_cap is None else min(table.max_bid, table.side_cap)
                cands += [Bid(t, True) for t in range(rules.blind_bid_min, top + 1)]
        elif rules.bidding == "mirror" or rules.bidding == "whiz":
            k = (self._hands[seat] & table.trumps).bit_count()  # the deck's spades (jokers, 2D)
            if k == 0:
                cands = [_NIL]
            elif rules.bidding == "mirror":
                cands = [Bid(k)]
            else:
                cands = [_NIL, Bid(k)]
        else:
            cands = [Bid(t) for t in range(table.bid_lo, table.max_bid + 1)]
        if not rules.partnerships:
            return cands
        partner_bid = self._bids[(seat + 2) % 4]
        if partner_bid is not None:
            return [b for b in cands if self._pair_ok(b, partner_bid)]
        # the partner bids later: leave it a legal bid (its choices then do not depend on
        # its cards: Mirror and Whiz have no rule across partners)
        later = [Bid(t) for t in range(table.bid_lo, table.max_bid + 1)]
        return [b for b in cands if b.is_blind_bid or any(self._pair_ok(b, p) for p in later)]

    def _pair_ok(self, bid: Bid, other: Bid) -> bool:
        """May partners bid ``bid`` and ``other``?"""
        if bid.is_blind_bid or other.is_blind_bid:
            return True
        rules = self._rules
        total = bid.tricks + other.tricks
        cap = self._table.side_cap
        if cap is not None and total > cap:
            return False
        if total < rules.min_side_bid:
            return False
        return not (rules.bidding == "suicide" and bid.is_nil == other.is_nil)

    def _legal_bids(self, seat: int) -> list[Bid]:
        """The bids of a seat that has looked (the bid phase)."""
        if self._table.plain_bids:
            lo, hi = self._bid_range(seat)
            return [Bid(t) for t in range(lo, hi + 1)]
        return self._bid_options(seat, False)

    def _house_bid_refusal(self, seat: int, bid: Bid) -> IllegalActionError:
        """Why a bid is refused under the house rules, in a player's words."""
        rules = self._rules
        legal = ", ".join(b.label() for b in self._bid_options(seat, False))
        code = ErrorCode.NOT_LEGAL_NOW
        params: dict[str, object] = {"action": str(bid)}
        k = (self._hands[seat] & self._table.trumps).bit_count()
        if rules.bidding == "mirror":
            return IllegalActionError(
                f"With Mirror bidding you bid the number of your spades: {legal}", code=code, params=params
            )
        if rules.bidding == "whiz":
            return IllegalActionError(
                f"With Whiz bidding you bid nil or the number of your spades ({k}): {legal}",
                code=code,
                params=params,
            )
        partner_bid = self._bids[(seat + 2) % 4] if rules.partnerships else None
        if rules.bidding == "suicide":
            if partner_bid is not None and partner_bid.is_nil and bid.is_nil:
                return IllegalActionError(
                    "Your partner bid nil: with Suicide bidding you must bid a number",
                    code=code,
                    params=params,
                )
            if partner_bid is not None and not partner_bid.is_nil and not bid.is_nil:
                return IllegalActionError(
                    f"Your partner bid {partner_bid.tricks}: with Suicide bidding you must bid nil",
                    code=code,
                    params=params,
                )
        least = rules.min_side_bid
        if least and partner_bid is not None:
            return IllegalActionError(
                f"Your side must bid at least {least} tricks in all: your partner bid "
                f"{partner_bid.label()}, so bid {legal}",
                code=code,
                params=params,
            )
        return IllegalActionError(f"{bid} is not legal now: bid {legal}", code=code, params=params)

    def _after_bidding(self) -> None:
        rules = self._rules
        if rules.has_exchange or rules.has_nil_exchange:
            steps = []
            blind_k = rules.blind_nil_exchange if rules.has_exchange else 0
            for seat in self._bid_order:
                bid = self._bids[seat]
                if bid is None or not bid.is_nil:
                    continue
                partner = (seat + 2) % 4
                other = self._bids[partner]
                if bid.blind:
                    exchange = blind_k > 0 and not (other is not None and other.blind)
                else:  # nil exchange: none when both partners bid nil
                    exchange = rules.nil_exchange > 0 and not (other is not None and other.is_nil)
                if exchange:
                    steps += [(partner, seat), (seat, partner)]
            if steps:
                self._passed, self._received = [0] * self._n, [0] * self._n
                self._exchange_steps = steps
                self._exchange_pos = 0
                self._phase = _EXCHANGE
                self._to_act = steps[0][0]
                return
        self._start_play()

    def _exchange_size(self) -> int:
        """Cards each way in the exchange under way: the blind-nil exchange or the nil
        exchange, as the nil bidder of the two bid."""
        if not self._exchange_steps:
            return 0
        giver, receiver = self._exchange_steps[self._exchange_pos]
        nil_bid = self._bids[receiver] if self._exchange_pos % 2 == 0 else self._bids[giver]
        if nil_bid is not None and nil_bid.blind:
            return self._rules.blind_nil_exchange
        return self._rules.nil_exchange

    def _start_play(self) -> None:
        self._looked = [True] * self._n
        self._leader = (self._dealer + 1) % self._n
        if self._table.first_lead_club:
            # first_lead "two-of-clubs": the holder of the lowest club in play leads it
            clubs = 0
            for held in self._hands:
                clubs |= held & self._table.follows[0]
            low = clubs & -clubs
            if low:
                self._leader = next(s for s in range(self._n) if self._hands[s] & low)
                self._first_lead = low
                self._lead = low
        self._to_act = self._leader
        self._phase = _PLAY
        self._events.append(_PLAY_STARTED[self._leader])

    def _bid_range(self, seat: int) -> tuple[int, int]:
        table = self._table
        lo = table.bid_lo
        cap = table.side_cap
        if cap is None:
            return lo, table.max_bid
        partner_bid = self._bids[(seat + 2) % 4]
        if partner_bid is None:
            # the partner bids later: leave them nil (or 1 when nil is off)
            hi = min(table.max_bid, cap if lo == 0 else cap - 1)
        else:
            hi = min(table.max_bid, cap - partner_bid.tricks)
        return lo, max(hi, lo)

    def _check_holds(self, seat: int, mask: int) -> None:
        missing = mask & ~self._hands[seat]
        if missing:
            names = ", ".join(str(c) for c in cards_of_mask(missing))
            raise IllegalActionError(
                f"You do not have {names}", code=ErrorCode.CARDS_NOT_HELD, params={"cards": names}
            )

    def _check_bid(self, seat: int, bid: Bid) -> None:
        rules = self._rules
        if bid.is_blind_bid:
            if not rules.blind_bids:
                raise IllegalActionError("only nil can be bid blind", code=ErrorCode.BLIND_ONLY_NIL)
            raise IllegalActionError(
                "A blind bid must be made before you look at your cards",
                code=ErrorCode.NOT_LEGAL_NOW,
                params={"action": str(bid)},
            )
        if bid.blind:
            if not rules.blind_nil:
                raise IllegalActionError(
                    "Blind nil is not allowed at this table", code=ErrorCode.BLIND_NIL_OFF
                )
            if not self._blind_open[seat]:
                raise IllegalActionError(
                    f"Blind nil is only allowed when your side trails by at least "
                    f"{rules.blind_nil_min_deficit} points",
                    code=ErrorCode.BLIND_NIL_NOT_BEHIND,
                    params={"points": rules.blind_nil_min_deficit},
                )
            raise IllegalActionError(
                "Blind nil must be bid before you look at your cards", code=ErrorCode.BLIND_NIL_AFTER_LOOK
            )
        if bid.is_nil and not rules.nil:
            raise IllegalActionError(
                "Nil bids are not allowed at this table: bid at least 1", code=ErrorCode.NIL_OFF
            )
        _lo, hi = self._bid_range(seat)
        if bid.tricks > rules.max_bid:
            raise IllegalActionError(
                f"You can bid at most {rules.max_bid} tricks",
                code=ErrorCode.BID_ABOVE_MAX,
                params={"max": rules.max_bid},
            )
        if not self._table.plain_bids:
            if bid not in self._bid_options(seat, False):
                if rules.max_side_bid is not None and bid.tricks > hi:
                    self._check_side_cap(seat, bid, hi)
                raise self._house_bid_refusal(seat, bid)
            return
        self._check_side_cap(seat, bid, hi)

    def _check_side_cap(self, seat: int, bid: Bid, hi: int) -> None:
        rules = self._rules
        if bid.tricks > hi:
            partner_bid = self._bids[(seat + 2) % 4]
            if partner_bid is not None:
                raise IllegalActionError(
                    f"Your side may bid at most {rules.max_side_bid} tricks in all: your partner "
                    f"bid {partner_bid.tricks}, so bid at most {hi}",
                    code=ErrorCode.SIDE_CAP_PARTNER_BID,
                    params={"side_max": rules.max_side_bid, "partner": partner_bid.tricks, "max": hi},
                )
            if rules.nil:
                raise IllegalActionError(
                    f"Your side may bid at most {rules.max_side_bid} tricks in all: bid at most {hi}",
                    code=ErrorCode.SIDE_CAP,
                    params={"side_max": rules.max_side_bid, "max": hi},
                )
            raise IllegalActionError(
                f"Bid at most {hi}: your partner must be left a bid of at least 1 "
                f"(the side may bid at most {rules.max_side_bid})",
                code=ErrorCode.SIDE_CAP_LEAVE_ONE,
                params={"max": hi, "side_max": rules.max_side_bid},
            )

    def _check_play(self, card: Card) -> None:
        hand = self._hands[self._to_act]  # type: ignore[index]
        if self._first_lead and not self._trick and hand >> card & 1 and not self._first_lead >> card & 1:
            first = ALL_CARDS[self._first_lead.bit_length() - 1]
            raise IllegalActionError(
                f"The {first} leads the first trick",
                code=ErrorCode.NOT_LEGAL_NOW,
                params={"action": str(card)},
            )
        table = self._table
        led = table.suit_of[self._trick[0]] if self._trick else None
        error = play_error(hand, card, led, self._must_break, self._broken, table.pack)
        if error is not None:
            raise IllegalActionError(error, **play_refusal(hand, card, led))

    def _do_draw(self, seat: int, keep: bool) -> None:
        pos = self._stock_pos
        top, nxt = self._deck[pos], self._deck[pos + 1]
        kept, dropped = (top, nxt) if keep else (nxt, top)
        self._hands[seat] |= 1 << kept
        self._discards[seat] |= 1 << dropped
        self._pile |= 1 << dropped
        self._stock_pos = pos + 2
        self._events.append(Drawn(seat, keep, _CARD[kept], _CARD[dropped]))
        if self._stock_pos >= len(self._deck):
            self._dealt = list(self._hands)
            self._looked = [True] * self._n
            k = self._rules.blind_nil_exchange
            self._redraw_queue = [s for s in self._bid_order if k > 0 and self._bids[s] is not None]
            self._next_redraw()
            return
        other = 1 - seat
        self._to_act = other
        self._phase = _DRAW if self._decided[other] else _BLIND

    def _next_redraw(self) -> None:
        if self._redraw_queue:
            self._to_act = self._redraw_queue.pop(0)
            self._phase = _REDRAW
        else:
            self._looked = [True] * self._n
            self._next_bidder()

    def _do_redraw(self, seat: int, mask: int, take: int | None = None) -> None:
        k = mask.bit_count()
        if take is None:
            take = 0
            if k:
                pile = cards_of_mask(self._pile)
                for c in self._hand_rng(seat + 1).sample(pile, k):
                    take |= 1 << c
        self._hands[seat] = (self._hands[seat] & ~mask) | take
        self._pile = (self._pile & ~take) | mask
        self._discards[seat] |= mask
        self._redrawn[seat] |= take
        self._redraw_counts[seat] = k
        self._events.append(Redrawn(seat, k, CardSet(mask), CardSet(take)))
        self._next_redraw()
