"""A whole game of Spades, hand after hand, to the target score.

The game is pure rules: no I/O, no clocks.  Randomness comes from the seed (and
the optional explicit decks), so a game is rebuilt exactly from its record.

>>> from spades import Game, Rules
>>> game = Game(Rules.preset("partnership"), seed=7, dealer=3)
>>> game.phase.value, game.to_act
('blind', 0)
>>> game.apply("look"); game.apply("bid 4")
(Looked(seat=0),)
(BidMade(seat=0, bid=Bid(4)),)
>>> game.phase.value, game.to_act
('blind', 1)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any, Final

from .actions import LOOK, Action, Choice, Discard, Pass, parse_action
from .bids import MAX_BID, Bid
from .cards import (
    ALL_CARDS,
    NUM_CARD_IDS,
    Card,
    CardLike,
    CardSet,
    cards_of_mask,
    to_card,
)
from .core import deck_mask, game_result, rules_deck
from .errors import ErrorCode, IllegalActionError, NotationError, RecordError
from .events import (
    PLAYED,
    PLAYED_BREAKING,
    BidMade,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    TrickWon,
)
from .hand import _BID, _BITS, _BLIND, _DRAW, _EXCHANGE, _OVER, _PLAY, _REDRAW, Hand
from .phases import HANDLERS as _HANDLERS
from .rules import Rules
from .scoring import HandScore, score_valid_hand
from .view import HandSummary, Phase, TrickRecord, View

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "Game", "Phase"]

RECORD_FORMAT: Final = "spades-game"
RECORD_VERSION: Final = 1


_MADE: Final = attrgetter("made")
_BAG_PENALTIES: Final = attrgetter("bag_penalties")
#: the bids of each number of tricks (Bid objects are shared values)
_BIDS: Final = tuple(Bid(i) for i in range(MAX_BID + 1))
#: (BidMade(seat, Bid(tricks)),) for every seat and number: a bid allocates no event
_BID_MADE: Final = tuple(tuple((BidMade(seat, bid),) for bid in _BIDS) for seat in range(4))


# what the card path reads, as this module's own constants (compiled: static, not
# looked up in another module's namespace)
_PLAYED: Final = PLAYED
_PLAYED_BREAKING: Final = PLAYED_BREAKING
#: every card id, the jokers (52, 53) included
_CARD: Final = tuple(Card(c) for c in range(NUM_CARD_IDS))
#: any card may be led (spades broken, or not required to be)
_ANY_CARD: Final = (1 << NUM_CARD_IDS) - 1
_new_event: Final[Any] = object.__new__
_set_winner: Final[Any] = TrickWon.__dict__["winner"].__set__
_set_cards: Final[Any] = TrickWon.__dict__["cards"].__set__
_set_leader: Final[Any] = TrickWon.__dict__["leader"].__set__
_set_number: Final[Any] = TrickWon.__dict__["number"].__set__

#: the attributes of a Game (its ``__slots__``; copy and undo go through them)
_GAME_SLOTS: Final = (
    "_bags",
    "_dealer",
    "_decks",
    "_events",
    "_first_dealer",
    "_hand",
    "_hands_played",
    "_history",
    "_is_over",
    "_log",
    "_must_break",
    "_n",
    "_next_seat",
    "_origin",
    "_rules",
    "_scores",
    "_seed",
    "_table",
    "_tricks_per_hand",
    "_winner",
)


def _trick_records(completed: list[tuple[int, list[Card], int]]) -> tuple[TrickRecord, ...]:
    return tuple(TrickRecord(lead, tuple(_CARD[c] for c in cards), win) for lead, cards, win in completed)


class Game:
    """A game of Spades under some :class:`~spades.rules.Rules`.

    ``Game(rules, seed=7)`` deals the first hand at once.  ``dealer`` fixes the
    first dealer (default: ``rules.first_dealer``, else chosen by the seed);
    ``decks`` gives the card order of successive hands (52 cards each, 51 for
    three players), after which the seeded shuffle continues.  In dealt
    variants card ``i`` goes to seat ``(dealer + 1 + i) % n``; in the two-player
    game the deck is the stock, index 0 on top.
    """

    # Parameters annotated ``int | Any`` (and the like) are checked by the method
    # itself, so that bad input gets its clear error: compiled by mypyc (spades._native)
    # a plain ``int`` would be checked first, with a bare TypeError.

    __slots__ = _GAME_SLOTS

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | Any | None = None,
        dealer: int | Any | None = None,
        decks: Iterable[Sequence[CardLike]] | None = None,
        *,
        _blank: bool = False,
    ) -> None:
        if _blank:
            return  # an empty game that copy() and from_position() fill in
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a spades.Rules")
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer or None")
        self._setup(rules, seed, dealer, decks or ())
        self._start_hand()

    def _setup(
        self, rules: Rules, seed: int, dealer: int | Any | None, decks: Iterable[Sequence[CardLike]]
    ) -> None:
        """Everything but the first deal (shared with :meth:`from_position`)."""
        table = _table(rules)
        n = table.n
        self._rules = rules
        self._table = table
        self._seed = seed
        self._n = n
        self._must_break = table.must_break
        self._tricks_per_hand = table.tricks_per_hand
        self._next_seat = table.next_seat
        self._decks = [self._check_deck(d) for d in decks] if decks else []
        if dealer is None:
            dealer = rules.first_dealer
        if dealer is None:
            dealer = random.Random(seed).randrange(n)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        self._first_dealer = dealer
        self._log: list[tuple[int, Action]] = []
        self._scores = [0] * table.num_sides
        self._bags = [0] * table.num_sides
        self._hands_played = 0
        self._history: list[HandSummary] = []
        self._is_over = False
        self._winner: int | None = None
        self._dealer = dealer
        self._events: list[Event] = []
        self._origin: dict[str, Any] | None = None

    def _check_deck(self, deck: Sequence[CardLike]) -> tuple[Card, ...]:
        rules = self._rules
        if isinstance(deck, (str, int)) or not isinstance(deck, Iterable):
            raise ValueError("decks must be a list of decks, each a list of cards (e.g. decks=[deck])")
        try:
            cards = tuple(to_card(c) for c in deck)
        except NotationError as exc:
            raise ValueError(f"bad deck: {exc}") from None
        mask = 0
        for c in cards:
            mask |= 1 << c
        if len(cards) != rules.deck_size or mask != deck_mask(rules):
            raise ValueError(f"a deck must hold {_pack_words(rules)}")
        return cards

    # -- hand set-up ----------------------------------------------------------

    def _start_hand(self, given: Sequence[int] | None = None) -> None:
        """Deal the next hand (``given``: its card order, for positions)."""
        index = self._hands_played
        if given is None and index < len(self._decks):
            given = self._decks[index]
        # one generator per hand, so a hand's cards depend only on (seed, hand number)
        self._hand = Hand(
            self._table, self._events, self._seed, index, self._dealer, self._scores, given
        )

    # -- building a position (spades.position) ---------------------------------

    @classmethod
    def from_position(
        cls,
        rules: Rules | None = None,
        *,
        hands: Sequence[CardSet | str | Sequence[CardLike]],
        dealer: int | Any = 0,
        bids: Sequence[Bid | str | None] | None = None,
        tricks: Sequence[str | Sequence[CardLike]] = (),
        trick: str | Sequence[CardLike] = (),
        scores: Sequence[int] | None = None,
        bags: Sequence[int] | None = None,
        hands_played: int | Any = 0,
        seed: int | Any = 0,
    ) -> Game:
        """A game at any position of a hand, built from its parts and checked by the rules.

        ``hands``: what each seat holds now (``'AKQ2.J.T98.765'``, ``'AS KH'``, a
        CardSet or a list of cards).  ``bids``: per seat, a bid (``Bid`` or
        ``'bid 4'``, ``'nil'``, ``'blind nil'``) or None for a seat yet to bid; the
        seats that have bid come first in bidding order (from the dealer's left).
        ``tricks``: the completed tricks of the hand, each its cards in play order
        (the seat after the dealer leads the first, then each trick's winner);
        ``trick``: the cards of the trick in progress.  ``scores`` and ``bags``:
        the running totals per side before this hand; ``hands_played``: hands
        finished before it (the game's history is not rebuilt).  In the two-player
        game the draw is over and the cards not in play are on the discard pile;
        after a blind nil with an exchange, ``hands`` are the hands after it.

        Bad parts raise :class:`~spades.errors.IllegalActionError` saying what is
        wrong.  The game's record holds the position, so records and undo work.
        """
        from .position import build_position

        return build_position(
            cls, rules, hands, dealer, bids, tricks, trick, scores, bags, hands_played, seed
        )

    def _position_bid(self, seat: int, bid: Bid) -> None:
        """Make ``seat``'s bid while building a position (seats bid in order)."""
        h = self._hand
        if h._to_act != seat:
            raise IllegalActionError(
                f"{self._rules.seat_name(seat)} does not bid now",
                code=ErrorCode.NOT_YOUR_BID,
                params={"seat": self._rules.seat_name(seat)},
            )
        if self._rules.uses_draw and bid.blind:
            # the two-player blind nil is chosen before the draw, which a position skips
            if not self._rules.blind_nil:
                raise IllegalActionError(
                    "Blind nil is not allowed at this table", code=ErrorCode.BLIND_NIL_OFF
                )
            if not h._blind_open[seat]:
                raise IllegalActionError(
                    f"Blind nil is only allowed when your side trails by at least "
                    f"{self._rules.blind_nil_min_deficit} points",
                    code=ErrorCode.BLIND_NIL_NOT_BEHIND,
                    params={"points": self._rules.blind_nil_min_deficit},
                )
            h._bids[seat] = bid
            h._bid_pos += 1
            h._next_bidder()
            return
        if h._phase is _BLIND and not bid.blind:
            self.apply(LOOK)
        self.apply(bid)

    # -- public state ---------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    # Read on every decision.  Interpreted, these become properties whose getter is a C
    # function (attrgetter, after the class); compiled (mypyc), these getters are native.
    @property
    def phase(self) -> Phase:
        """The phase of the hand (:class:`Phase`)."""
        return self._hand._phase

    @property
    def to_act(self) -> int | None:
        """The seat to act, None when the game is over."""
        return self._hand._to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._is_over

    @property
    def dealer(self) -> int:
        """The dealer (two-player: the one who draws first) of the current hand."""
        return self._dealer

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def bags(self) -> tuple[int, ...]:
        return tuple(self._bags)

    @property
    def winner(self) -> int | None:
        """The winning side, None while playing or after a drawn game."""
        return self._winner

    @property
    def hands_played(self) -> int:
        return self._hands_played

    @property
    def history(self) -> tuple[HandSummary, ...]:
        """Summaries of the finished hands."""
        return tuple(self._history)

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        return tuple(self._hand._bids)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._hand._tricks_won)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick in progress as (seat, card) pairs in play order."""
        leader = self._hand._leader or 0
        return tuple(((leader + i) % self._n, _CARD[c]) for i, c in enumerate(self._hand._trick))

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The completed tricks of the current hand."""
        return _trick_records(self._hand._completed)

    @property
    def leader(self) -> int | None:
        """The seat that led (or leads) the current trick."""
        return self._hand._leader

    @property
    def spades_broken(self) -> bool:
        return self._hand._broken

    @property
    def actions(self) -> tuple[tuple[int, Action], ...]:
        """Every action applied so far, as (seat, action)."""
        return tuple(self._log)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The card order of the current hand (omniscient: for tests, tools and servers)."""
        return tuple(_CARD[c] for c in self._hand._deck)

    def hand(self, seat: int | Any) -> CardSet:
        """What a seat holds now (omniscient: use :meth:`view` for players)."""
        self._check_seat(seat)
        return CardSet(self._hand._hands[seat])

    def dealt(self, seat: int | Any) -> CardSet:
        """What a seat held after the deal (or the draw), before any exchange."""
        self._check_seat(seat)
        return CardSet(self._hand._dealt[seat])

    def _check_seat(self, seat: int | Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._n:
            raise ValueError(f"seat must be from 0 to {self._n - 1}")

    # -- legal actions --------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty when the game is over)."""
        h = self._hand
        if h._phase is _PLAY:
            # the hot path: a fast copy of spades.core.legal_mask (tests/test_core.py),
            # the cards of each suit pattern read from precomputed tables
            hand = h._hands[h._to_act]  # type: ignore[index]
            t = self._table
            if h._trick:
                bits = hand & h._follow
                if bits:
                    led = h._led
                    if led != t.split_suit:
                        return [*t.suits[led][bits >> 13 * led]]
                    return [*cards_of_mask(bits)]  # spades led in the deuces decks (the 2D is one)
            else:
                hand = hand & h._lead or hand
            return [
                *t.s0[hand & 0x1FFF],
                *t.s1[hand >> 13 & 0x1FFF],
                *t.s2[hand >> 26 & 0x1FFF],
                *t.s3[hand >> 39],
            ]
        if h._phase is _BID:
            if not self._table.plain_bids:
                return list(h._legal_bids(h._to_act))  # type: ignore[arg-type]
            lo, hi = h._bid_range(h._to_act)  # type: ignore[arg-type]
            return list(_BIDS[lo : hi + 1])
        return _HANDLERS[h._phase].legal(h)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``apply(action)`` would succeed now."""
        try:
            self._validate(self._coerce(action))
        except IllegalActionError:
            return False
        return True

    # -- applying actions -----------------------------------------------------

    def apply(self, action: Action | str, seat: int | Any | None = None) -> tuple[Event, ...]:
        """Apply one action of the seat to act and return its events (oldest first).

        ``action`` is an action object (as :meth:`legal_actions` returns) or its
        notation (``'bid 4'``, ``'nil'``, ``'QH'``...).  With ``seat`` given, the
        action is refused unless that seat is to act.  Raises
        :class:`~spades.errors.IllegalActionError`, leaving the game unchanged,
        when the action is not legal now.  The events (:mod:`spades.events`) are
        the action itself and what it caused: a trick won, a hand scored, the
        next hand dealt, the game over.
        """
        h = self._hand
        if h._phase is _PLAY and type(action) is Card and seat is None:
            # The hot path (and the only code that plays a card): a fast copy of
            # spades.core.legal_mask (tested against it); the error messages
            # themselves come from _check_play.
            card: int = action  # (compiled: a native int; the Card itself is what is stored)
            actor: int = h._to_act  # type: ignore[assignment]
            hands = h._hands
            hand = hands[actor]
            trick = h._trick
            t = self._table
            if trick:
                if not (hand & h._follow or hand) >> card & 1:
                    h._check_play(action)
            else:
                if not (hand & h._lead or hand) >> card & 1:
                    h._check_play(action)
                if h._first_lead:  # the 2 of clubs led: the lead is free again
                    h._first_lead = 0
                    h._lead = t.lead
                led = h._led = t.suit_of[card]  # the play suit (a joker is a spade)
                h._follow = t.follows[led]
            self._log.append((actor, action))
            hands[actor] = hand ^ _BITS[card]
            trick.append(action)
            if h._unbroken >> card & 1:  # a spade of the deck (jokers, the deuces' 2D) breaks them
                h._unbroken = 0
                h._broken = True
                h._lead = _ANY_CARD
                played: tuple[Event, ...] = _PLAYED_BREAKING[actor][card]
            else:
                played = _PLAYED[actor][card]
            if len(trick) < self._n:
                h._to_act = self._next_seat[actor]
                return played
            # the trick is full: spades.core.trick_winner with its power table inlined
            # (tests/test_core.py checks the engine against it)
            leader: int = h._leader  # type: ignore[assignment]
            power = t.powers[h._led]
            if len(trick) == 4:
                c0: int = trick[0]
                c1: int = trick[1]
                c2: int = trick[2]
                a = power[c0]
                b = power[c1]
                c = power[c2]
                d = power[card]
                # the highest power wins; only off-suit cards tie (at -1), and never on top
                if a > b:
                    i = (0 if a > d else 3) if a > c else (2 if c > d else 3)
                else:
                    i = (1 if b > d else 3) if b > c else (2 if c > d else 3)
            else:
                i = trick.index(max(trick, key=power.__getitem__))
            winner = (leader + i) % self._n
            h._tricks_won[winner] += 1
            completed = h._completed
            completed.append((leader, trick, winner))
            # TrickWon(winner, tuple(trick), leader, number), its frozen slots filled
            # through their descriptors (as events.make_trick_won; a third faster)
            won: TrickWon = _new_event(TrickWon)
            _set_winner(won, winner)
            _set_cards(won, tuple(trick))
            _set_leader(won, leader)
            _set_number(won, len(completed))
            h._trick = []
            h._leader = h._to_act = winner
            if len(completed) < self._tricks_per_hand:
                return (*played, won)
            return played + self._finish_hand(won)
        if h._phase is _BID and type(action) is Bid and seat is None and self._table.plain_bids:
            bidder: int = h._to_act  # type: ignore[assignment]
            lo, hi = h._bid_range(bidder)
            if lo <= action.tricks <= hi and not action.blind:
                # a legal bid (what _Bid.validate accepts; other bids get its messages)
                self._log.append((bidder, action))
                h._bids[bidder] = action
                h._bid_pos += 1
                h._next_bidder()
                made = _BID_MADE[bidder][action.tricks]
                pending = self._events
                if not pending:
                    return made
                out = made + tuple(pending)
                pending.clear()
                return out
        if self._is_over:
            raise IllegalActionError("The game is over", code=ErrorCode.GAME_OVER)
        if seat is not None and (seat != self._hand._to_act or type(seat) is not int):
            if type(seat) is not int or not 0 <= seat < self._n:
                raise IllegalActionError(
                    f"There is no seat {seat!r} at this table",
                    code=ErrorCode.NO_SUCH_SEAT,
                    params={"value": repr(seat)},
                )
            raise IllegalActionError(
                f"Not your turn: {self._rules.seat_name(self._hand._to_act)} is to play",  # type: ignore[arg-type]
                code=ErrorCode.NOT_YOUR_TURN,
                params={"seat": self._rules.seat_name(self._hand._to_act)},  # type: ignore[arg-type]
            )
        act = self._coerce(action)
        if self._hand._phase is _PLAY and type(act) is Card:
            return self.apply(act)
        self._validate(act)
        self._log.append((self._hand._to_act, act))  # type: ignore[arg-type]
        self._execute(act)
        events = tuple(self._events)
        self._events.clear()
        return events

    def apply_redraw(self, action: Discard | str, replacements: Iterable[CardLike]) -> tuple[Event, ...]:
        """Apply a two-player redraw whose replacement cards the caller chose.

        For adapters that model the redraw's random draw as an explicit chance
        event (OpenSpiel): ``replacements`` must be as many distinct cards of the
        discard pile as the action gives up.  A game played this way does not
        replay from :meth:`to_record` (the record assumes the seeded draw).
        """
        act = self._coerce(action)
        if self._hand._phase is not _REDRAW or not isinstance(act, Discard):
            raise IllegalActionError(
                "apply_redraw is only for a redraw (discard) action", code=ErrorCode.REDRAW_ONLY
            )
        self._validate(act)
        take = 0
        for value in replacements:
            card = to_card(value)
            if take >> card & 1:
                raise IllegalActionError(
                    f"{card} is given twice as a replacement",
                    code=ErrorCode.REPLACEMENT_TWICE,
                    params={"card": str(card)},
                )
            take |= 1 << card
        if take & ~self._hand._pile:
            raise IllegalActionError(
                "a replacement card is not on the discard pile", code=ErrorCode.REPLACEMENT_NOT_IN_PILE
            )
        if take.bit_count() != len(act.cards):
            raise IllegalActionError(
                f"give exactly {len(act.cards)} replacement cards",
                code=ErrorCode.REPLACEMENT_COUNT,
                params={"n": len(act.cards)},
            )
        seat: int = self._hand._to_act  # type: ignore[assignment]
        self._log.append((seat, act))
        self._hand._do_redraw(seat, act.cards.mask, take)
        events = tuple(self._events)
        self._events.clear()
        return events

    def _coerce(self, action: Action | str) -> Action:
        if isinstance(action, str):
            try:
                return parse_action(action)
            except NotationError as exc:
                raise IllegalActionError(str(exc), code=exc.code, params=exc.params) from None
        if isinstance(action, (Card, Bid, Choice, Pass, Discard)):
            return action
        raise IllegalActionError(
            f"{action!r} is not an action: try 'bid 4', 'nil' or a card like 'QH'",
            code=ErrorCode.NOT_AN_ACTION,
            params={"value": repr(action)},
        )

    def _validate(self, act: Action) -> None:
        if self._is_over:
            raise IllegalActionError("The game is over", code=ErrorCode.GAME_OVER)
        _HANDLERS[self._hand._phase].validate(self._hand, self._hand._to_act, act)  # type: ignore[arg-type]

    def _execute(self, act: Action) -> None:
        _HANDLERS[self._hand._phase].execute(self._hand, self._hand._to_act, act)  # type: ignore[arg-type]

    def _finish_hand(self, won: TrickWon) -> tuple[Event, ...]:
        """The events of the hand's last trick and its end (scoring, next deal, game over)."""
        events = self._events
        events.append(won)
        self._end_hand()
        out = tuple(events)
        events.clear()  # a game holds no events between actions (copies stay plain)
        return out

    def _end_hand(self) -> None:
        h = self._hand
        rules = self._rules
        bids: list[Bid] = h._bids  # type: ignore[assignment]
        result: HandScore = score_valid_hand(rules, bids, h._tricks_won, self._bags)
        for side in range(self._table.num_sides):
            self._scores[side] += result.points[side]
            self._bags[side] = result.bags[side]
        boston = result.boston
        summary = HandSummary(  # positional (number, dealer, bids, ... boston): faster
            self._hands_played,
            self._dealer,
            tuple(bids),
            tuple(h._tricks_won),
            result.points,
            result.bags,
            tuple(self._scores),
            result.nil_made,
            tuple(map(_MADE, result.sides)),
            tuple(map(_BAG_PENALTIES, result.sides)),
            boston,
        )
        self._history.append(summary)
        self._events.append(HandScored(summary))
        self._hands_played += 1
        winner, over = game_result(rules, self._scores, self._hands_played, boston)
        if over:
            self._is_over = True
            self._winner = winner
            h._phase = _OVER
            h._to_act = None
            self._events.append(GameOver(winner, tuple(self._scores)))
            return
        self._dealer = (self._dealer + 1) % self._n
        self._events.append(HandDealt(self._hands_played, self._dealer))
        self._start_hand()

    # -- views ----------------------------------------------------------------

    def view(self, seat: int | Any) -> View:
        """What ``seat`` may know now (see :class:`~spades.view.View`)."""
        h = self._hand
        self._check_seat(seat)
        n = self._n
        rules = self._rules
        looked = h._looked[seat]
        to_act = h._to_act
        draw_card = None
        if h._phase is _DRAW and to_act == seat:
            draw_card = _CARD[h._deck[h._stock_pos]]
        exchange = None
        exchange_size = 0
        if h._phase is _EXCHANGE:
            exchange = h._exchange_steps[h._exchange_pos]
            exchange_size = h._exchange_size()
        leader = h._leader
        trick = (
            tuple(((leader + i) % n, _CARD[c]) for i, c in enumerate(h._trick))
            if leader is not None
            else ()
        )
        return View(
            seat=seat,
            rules=rules,
            phase=h._phase,
            to_act=to_act,
            dealer=self._dealer,
            hand_number=self._hands_played,
            hand=CardSet(h._hands[seat]) if looked else None,
            hand_sizes=tuple(h.bit_count() for h in h._hands),
            bids=tuple(h._bids),
            tricks_won=tuple(h._tricks_won),
            trick=trick,
            leader=leader,
            tricks=_trick_records(h._completed),
            spades_broken=h._broken,
            scores=tuple(self._scores),
            bags=tuple(self._bags),
            hands_played=self._hands_played,
            blind_nil_open=h._blind_open[seat] and not h._decided[seat],
            passed=CardSet(h._passed[seat]),
            received=CardSet(h._received[seat]),
            discards=CardSet(h._discards[seat]),
            redrawn=CardSet(h._redrawn[seat]),
            redraw_counts=tuple(h._redraw_counts) if rules.uses_draw else (),
            draw_card=draw_card,
            stock_left=len(h._deck) - h._stock_pos if rules.uses_draw else 0,
            exchange=exchange,
            exchange_size=exchange_size,
            legal=tuple(self.legal_actions()) if to_act == seat else (),
            history=tuple(self._history),
            is_over=self._is_over,
            winner=self._winner,
        )

    # -- copies, undo, records ------------------------------------------------

    def copy(self) -> Game:
        """An independent copy of the game in its current state."""
        new = Game(_blank=True)  # (a compiled class has no bare __new__)
        for key in _GAME_SLOTS:
            value = getattr(self, key)
            setattr(new, key, value.copy() if type(value) is list else value)  # every slot is set
        new._hand = self._hand.copy(new._events)
        return new

    def undo(self, count: int | Any = 1) -> None:
        """Take back the last ``count`` actions (by replaying the rest)."""
        if not isinstance(count, int) or count < 0 or count > len(self._log):
            raise ValueError(f"can take back between 0 and {len(self._log)} actions")
        if count == 0:
            return
        if self._origin is not None:
            from .position import game_at

            rebuilt = game_at(Game, self._rules, self._origin)
        else:
            rebuilt = Game(self._rules, seed=self._seed, dealer=self._first_dealer, decks=self._decks)
        for _, action in self._log[: len(self._log) - count]:
            rebuilt.apply(action)
        for key in _GAME_SLOTS:
            setattr(self, key, getattr(rebuilt, key))

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of the game (format in docs/records.md).

        A game built by :meth:`from_position` also has ``"position"``: the
        keyword arguments of ``from_position`` its actions start from."""
        record = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "dealer": self._first_dealer,
            "decks": [[str(_CARD[c]) for c in deck] for deck in self._decks],
            "actions": [[seat, str(action)] for seat, action in self._log],
            "result": {
                "hands_played": self._hands_played,
                "scores": list(self._scores),
                "bags": list(self._bags),
                "is_over": self._is_over,
                "winner": self._winner,
            },
        }
        if self._origin is not None:
            record["position"] = dict(self._origin)
        elif not self._decks:
            # every deal came from the seed: its commitments and secrets (docs/fairness.md)
            from .fairness import seeded_fairness

            dealt = self._hands_played + (0 if self._is_over else 1)
            record["fairness"] = seeded_fairness(self._rules, self._seed, self._first_dealer, dealt)
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any] | Any) -> Game:
        """Rebuild a game from :meth:`to_record` output (also after a JSON round trip)."""
        if not isinstance(record, dict):
            raise RecordError("a game record must be a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a spades game record (format should be {RECORD_FORMAT!r})")
        version = record.get("version")
        if version != RECORD_VERSION:
            raise RecordError(f"unsupported record version {version!r} (this program reads {RECORD_VERSION})")
        try:
            # explicit two-player redraw draws (``[action index, cards]``), as batched
            # environments write them; other records redraw from the seeded stock
            takes = {int(k): list(cards) for k, cards in record.get("redraws") or ()}
            rules = Rules.from_dict(record["rules"])
            if "position" in record:
                from .position import game_at, position_kwargs

                game = game_at(cls, rules, position_kwargs(record["position"]))
            else:
                decks = record.get("decks") or []
                game = cls(rules, seed=record["seed"], dealer=record["dealer"], decks=decks)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"bad record header: {exc}") from None
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("record actions must be a list")
        for i, entry in enumerate(actions):
            try:
                seat, text = entry
                if type(seat) is not int:
                    raise TypeError("the seat must be a number")
                if i in takes:
                    if game.to_act != seat:
                        raise ValueError(f"seat {seat} is not to act")
                    game.apply_redraw(text, takes[i])
                else:
                    game.apply(text, seat=seat)
            except (TypeError, ValueError) as exc:
                raise RecordError(f"action {i + 1} ({entry!r}) does not replay: {exc}") from None
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self._rules == other._rules
            and self._seed == other._seed
            and self._first_dealer == other._first_dealer
            and self._decks == other._decks
            and [(s, str(a)) for s, a in self._log] == [(s, str(a)) for s, a in other._log]
            and self._hand._hands == other._hand._hands
            and self._scores == other._scores
            and self._bags == other._bags
            and self._hand._phase == other._hand._phase
            and self._hand._to_act == other._hand._to_act
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game {self._rules.variant} hand {self._hands_played + 1} {self._hand._phase.value} "
            f"to_act={self._hand._to_act} scores={tuple(self._scores)}>"
        )




#: whether this module runs compiled (mypyc, see :mod:`spades._native`) or interpreted
_COMPILED: Final = not __file__.endswith(".py")

if not _COMPILED:
    # interpreted: ``phase``, ``to_act`` and ``is_over`` with a C getter (attrgetter),
    # several times faster than a Python getter and as read-only
    for _name, _path in (("phase", "_hand._phase"), ("to_act", "_hand._to_act"), ("is_over", "_is_over")):
        setattr(Game, _name, property(attrgetter(_path), doc=getattr(Game, _name).__doc__))
    del _name, _path


class _Table:
    """What the engine reads from a table's rules, worked out once per Rules."""

    __slots__ = (
        "bid_lo",
        "bid_orders",
        "blind_bids",
        "blind_nil",
        "blind_nil_needs_deficit",
        "blind_open",
        "deck",
        "first_lead_club",
        "follows",
        "lead",
        "max_bid",
        "must_break",
        "n",
        "next_seat",
        "no_blind_bids",
        "num_sides",
        "pack",
        "plain_bids",
        "powers",
        "printed_suits",
        "rules",
        "s0",
        "s1",
        "s2",
        "s3",
        "short_deck",
        "side_cap",
        "split_suit",
        "suit_of",
        "suits",
        "tricks_per_hand",
        "trumps",
        "uses_draw",
    )

    def __init__(self, rules: Rules) -> None:
        n = rules.num_seats
        self.rules = rules
        self.n = n
        self.must_break = rules.spades_must_be_broken
        self.tricks_per_hand = rules.tricks_per_hand
        self.next_seat = tuple((s + 1) % n for s in range(n))
        # the pack (RULES.md section 7): its cards, each card's play suit and power
        self.pack = pack = rules_deck(rules)
        self.deck = pack.cards
        # the shuffle orders the pack's cards; the standard 52 are their own ids
        self.short_deck = pack.cards != _STANDARD_IDS
        self.suit_of = pack.suit_of
        self.follows = pack.suit_masks
        self.trumps = pack.trumps
        self.powers = pack.lead_powers
        # every card plays as its printed suit (the suit tables of legal_actions hold)
        self.printed_suits = all(pack.suit_of[c] == c // 13 for c in pack.cards)
        # the play suit whose cards are not all of its printed suit (spades in the deuces
        # decks, holding the 2D), else -1: legal_actions lists it without the suit tables
        self.split_suit = 3 if pack.trumps & ~_PRINTED_SPADES else -1
        self.lead = pack.non_trumps if self.must_break else _ANY_CARD
        self.bid_orders = tuple(tuple((d + 1 + i) % n for i in range(n)) for d in range(n))
        self.blind_nil_needs_deficit = rules.blind_nil_offered and rules.blind_nil_min_deficit > 0
        self.blind_nil = rules.blind_nil_offered
        self.blind_open = (rules.blind_nil_offered,) * n
        # the house rules of RULES.md section 7
        self.blind_bids = rules.blind_bids
        self.no_blind_bids = (False,) * n
        self.plain_bids = rules.plain_bidding
        self.first_lead_club = rules.first_lead == "two-of-clubs"
        self.uses_draw = rules.uses_draw
        self.num_sides = rules.num_sides
        self.bid_lo = 0 if rules.nil else 1
        self.max_bid = rules.max_bid
        self.side_cap = rules.max_side_bid if rules.partnerships else None
        # the cards of each suit pattern (shared by every table), read by legal_actions
        self.suits = suits = tuple(_SUIT_TABLES[:4])
        self.s0 = suits[0]
        self.s1 = suits[1]
        self.s2 = suits[2]
        self.s3 = suits[3]
        if pack.mask >> 52:  # the jokers: spades patterns of 15 bits (ids 39-53)
            if len(_SUIT_TABLES) == 4:
                _build_joker_table()
            self.s3 = _SUIT_TABLES[4]
            self.suits = (suits[0], suits[1], suits[2], self.s3)

    # A _Table is a read-only cache of values derived from its Rules (holding the shared
    # suit tables): copies of a game share it, and a pickle rebuilds it from the rules.
    def __copy__(self) -> _Table:
        return self

    def __deepcopy__(self, memo: Any) -> _Table:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Rules]]:
        return (_table, (self.rules,))


_TABLES: dict[int, _Table] = {}
_STANDARD_IDS: Final = tuple(range(52))
#: the printed spades and the jokers (ids 39-53)
_PRINTED_SPADES: Final = ((1 << 15) - 1) << 39


def _pack_words(rules: Rules) -> str:
    """The cards a deck given for a hand must hold, in words."""
    if rules.deck_size == 51:
        return "51 cards without the 2 of clubs"
    if rules.deck == "standard":
        return "52 different cards"
    removed = sorted(set(range(52)) - set(rules_deck(rules).cards))
    gone = f" without the {' and the '.join(str(Card(c)) for c in removed)}" if removed else ""
    return f"the {rules.deck_size} different cards of the {rules.deck} deck{gone}"


def _table(rules: Rules) -> _Table:
    """The _Table of ``rules`` (cached by identity: Rules hash slowly)."""
    table = _TABLES.get(id(rules))
    if table is None or table.rules is not rules:
        if not _SUIT_TABLES:
            _build_suit_tables()
        if len(_TABLES) > 1000:
            _TABLES.clear()
        table = _TABLES[id(rules)] = _Table(rules)
    return table


#: _SUIT_TABLES[suit][bits]: the cards of ``suit`` whose ranks are the 13-bit
#: pattern ``bits``, lowest first (built with the first game: 4 x 8192 tuples)
_SUIT_TABLES: Final[list[tuple[tuple[Card, ...], ...]]] = []


def _build_suit_tables() -> None:
    for suit in range(4):
        table: list[tuple[Card, ...]] = [()] * 8192
        for bits in range(1, 8192):
            low = bits & -bits
            table[bits] = (ALL_CARDS[13 * suit + low.bit_length() - 1], *table[bits ^ low])
        _SUIT_TABLES.append(tuple(table))


def _build_joker_table() -> None:
    """_SUIT_TABLES[4]: the spades table of the joker decks, 15-bit patterns (ids 39-53)."""
    table: list[tuple[Card, ...]] = [()] * (1 << 15)
    for bits in range(1, 1 << 15):
        low = bits & -bits
        table[bits] = (_CARD[39 + low.bit_length() - 1], *table[bits ^ low])
    _SUIT_TABLES.append(tuple(table))
