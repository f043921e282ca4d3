"""Sampling hidden cards and playing hands out: the engine of the ``expert`` bot.

:func:`sample_deals` deals the cards a seat cannot see to the other seats (and,
two-handed, to the discard pile) consistently with everything the seat
knows (:class:`~spades.bots.knowledge.Knowledge`): hand sizes, voids shown in
play, cards it passed in a blind-nil exchange, its own discards.  Deals are
then re-weighted by how well each seat's sampled hand fits its bid (a hand
that bid 5 rarely holds no honours), so the samples follow the bidding.
Blind-nil exchanges are part of the model (:class:`_Exchanges`): the hands
after an exchange are dealt as the club player's passes leave them, and a
partner's bid is read against the hand it held when it bid, before the
exchange.  Without that, a blind-nil hand looked as dangerous as any other
and its partner as weak as its bid: the expert took 1.4 tricks fewer than
its bid-time play-outs said in hands where its opponents bid blind nil, and
was set in a third of them.

:func:`rollout` plays a position to the end of the hand with every hand open,
using a fast perfect-information version of the club player's rules (win
cheaply when the side needs tricks, duck when it does not, protect or attack
a live nil).  It works on 52-bit card masks and plain lists, without building
views, so thousands of play-outs fit in a second.

:func:`hand_utility` turns the trick counts at the end of a hand into what
the hand is worth to one side in points, given the bids, the bags, the bag
limit and the game score (a game won or lost at this hand is worth
:data:`GAME_VALUE` more; bags carried on are a debt of a tenth of the
penalty each, with the default rules).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final

from ..bids import Bid
from ..cards import FULL_DECK, SUIT_MASKS
from ..core import game_result
from ..core.deck import Deck
from ..rules import Rules
from ..scoring import score_hand
from ..view import Phase
from .basic import card_danger, estimate_tricks, exchange_pass, nil_danger
from .decks import deck_for
from .knowledge import SPADES, Knowledge, bit_cards

__all__ = [
    "GAME_VALUE",
    "Position",
    "exchange_pairs",
    "exchange_size",
    "hand_utility",
    "play_exchanges",
    "played_by",
    "rollout",
    "rollout_bids",
    "sample_deals",
    "scoring_bids",
    "slot_beats",
    "slot_rank",
    "slot_suit",
    "win_probability",
    "winner_index",
]

#: points a game won (or lost) by this hand's result is worth beyond the hand's points
GAME_VALUE: Final = 150.0
#: the default deviation, in tricks, of a bid from the club player's count of its hand
BID_FIT_SD: Final = 1.6
#: the default number of deals drawn for each one kept when sampled deals are resampled by bid fit
OVERSAMPLE: Final = 3
NON_SPADES: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
#: the play-outs' card layout (:func:`~spades.bots.decks.slot_layout`): the standard card ids,
#: with the trump suit widened to bits 39-54 for the packs whose trumps rise above the ace
#: (a higher bit is a higher card of the same suit); on the standard pack these agree with
#: ``id // 13``, ``id % 13`` and :data:`~spades.cards.SUIT_MASKS`
SLOT_SPADES: Final = ((1 << 55) - 1) & ~((1 << 39) - 1)
_SUIT: Final = (SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2], SLOT_SPADES)
_SUIT_OF: Final = tuple(min(c // 13, 3) for c in range(55))
_RANK_OF: Final = tuple(c % 13 if c < 39 else c - 39 for c in range(55))


def _popcount(x: int) -> int:
    return x.bit_count()


def slot_suit(card: int) -> int:
    """The play suit of a card of the play-outs' layout (:data:`SLOT_SPADES`)."""
    return _SUIT_OF[card]


def slot_rank(card: int) -> int:
    """A card's order within its suit in the play-outs' layout (0 lowest)."""
    return _RANK_OF[card]


def slot_beats(card: int, best: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far (the play-outs' layout)?"""
    suit = _SUIT_OF[card]
    if suit == _SUIT_OF[best]:
        return card > best
    return suit == 3


_beats = slot_beats


def winner_index(cards: Sequence[int]) -> int:
    """The index, in play order, of the card winning a (possibly partial) trick of the
    play-outs' layout."""
    best = 0
    for i in range(1, len(cards)):
        if slot_beats(cards[i], cards[best]):
            best = i
    return best


def legal_mask(hand: int, led: int | None, must_break: bool, broken: bool) -> int:
    """The cards of ``hand`` (the play-outs' layout) that may be played now."""
    if led is not None:
        return hand & _SUIT[led] or hand
    if must_break and not broken and hand & NON_SPADES:
        return hand & NON_SPADES
    return hand


# -- sampling -------------------------------------------------------------------------


def sample_deals(
    know: Knowledge,
    rng: random.Random,
    count: int,
    sample_own: bool = False,
    bid_weighting: bool = True,
    fit_sd: float = BID_FIT_SD,
    oversample: int = OVERSAMPLE,
    denied: Sequence[int] = (),
    habits: Mapping[int, tuple[float, float]] | None = None,
) -> list[list[int]]:
    """``count`` deals of the cards this seat cannot see: a list of hands (masks) per seat,
    this seat's own hand included.  ``sample_own``: the seat has not looked yet, deal it
    too; ``denied``: per seat, cards it is taken not to hold (its signals, see
    :func:`~spades.bots.knowledge.signal_denied`), kept like a shown void where the deal
    allows.  Deals are drawn ``oversample * count`` at a time and resampled by bid fit
    (``fit_sd``: the deviation, in tricks, of a bid from the club player's count of the
    hand that made it; see :func:`_bid_fit`); ``habits``: per seat, the mean and deviation of
    its bids minus that count where they are known to differ from ``(0, fit_sd)`` (the
    expert's reading of the opponents, :meth:`~spades.bots.table.TableReading.habit`).

    Once the play has started, the blind-nil exchanges are over, and the sampled hands are
    those after them (see :class:`_Exchanges`)."""
    view = know.view
    n = know.n
    me = know.seat
    sizes = list(view.hand_sizes)
    pool_mask = know.unseen
    fixed = [0] * n
    for s in range(n):
        fixed[s] = know.known[s] & pool_mask
        pool_mask &= ~fixed[s]
    if not sample_own:
        fixed[me] = know.hand
    pool = bit_cards(pool_mask)
    seats = [s for s in range(n) if s != me or sample_own]
    need = {s: sizes[s] - _popcount(fixed[s]) for s in seats}
    if know.rules.uses_draw and sizes[me] == 0 and sample_own:
        need = {s: 13 for s in range(n)}
    pile = len(pool) - sum(need.values())
    deck = deck_for(know.rules)
    full, suits = (FULL_DECK, SUIT_MASKS) if deck is None else (deck.mask, deck.suit_masks)
    allowed = [full & ~sum(suits[x] for x in range(4) if v >> x & 1) for v in know.voids]
    for s, cards in enumerate(denied):
        allowed[s] &= ~cards
    played = played_by(know)
    exchanges = None
    # (the other packs' exchanges are not modelled: their samples deal the hands as they are)
    if deck is None and view.phase is Phase.PLAY and exchange_pairs(know.rules, view.bids):
        exchanges = _Exchanges(know, played, allowed)
    if oversample < 1:
        raise ValueError("oversample must be at least 1")
    m = count * oversample if bid_weighting else count
    deals: list[list[int]] = []
    befores: list[dict[int, int]] = []
    for _ in range(m):
        before: dict[int, int] = {}
        deal = None
        if exchanges is not None:
            deal = exchanges.deal(pool, seats, need, pile, fixed, before, rng)
        if deal is None:
            deal = _one_deal(pool, seats, need, pile, allowed, fixed, rng)
        if exchanges is not None:
            exchanges.known_before(deal, before)
        deals.append(deal)
        befores.append(before)
    if not bid_weighting or m == count:
        return deals
    weights = [_bid_fit(know, d, played, b, fit_sd, habits) for d, b in zip(deals, befores)]
    if sum(weights) <= 0:
        return deals[:count]
    return rng.choices(deals, weights=weights, k=count)


def played_by(know: Knowledge) -> list[int]:
    """The cards each seat has played this hand, a mask per seat."""
    n = know.n
    out = [0] * n
    for t in know.view.tricks:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % n] |= 1 << c
    for s, c in know.view.trick:
        out[s] |= 1 << c
    return out


def _one_deal(
    pool: list[int],
    seats: list[int],
    need: dict[int, int],
    pile: int,
    allowed: list[int],
    fixed: list[int],
    rng: random.Random,
) -> list[int]:
    """Deal ``pool`` to ``seats`` (``need[s]`` cards each, the rest to a pile) on top of
    ``fixed``, each card to a seat ``allowed`` to hold it (a card mask per seat: voids
    shown, what an exchange leaves) where that can be done."""
    # the most constrained cards first (a stable sort of the shuffled cards by this count)
    holders = dict.fromkeys(pool, 0)
    for s in seats:
        mask = allowed[s]
        for c in pool:
            holders[c] += mask >> c & 1
    for attempt in range(30):
        hands = list(fixed)
        left = dict(need)
        pile_left = pile
        cards = pool.copy()
        rng.shuffle(cards)
        ignore = attempt >= 25
        cards.sort(key=holders.__getitem__)
        ok = True
        for c in cards:
            total = pile_left
            for s in seats:
                if left[s] > 0 and (ignore or allowed[s] >> c & 1):
                    total += left[s]
            if total <= 0:
                ok = False
                break
            r = rng.randrange(total)
            for s in seats:  # the seats able to take the card, each as likely as its free places
                if left[s] > 0 and (ignore or allowed[s] >> c & 1):
                    if r < left[s]:
                        hands[s] |= 1 << c
                        left[s] -= 1
                        break
                    r -= left[s]
            else:
                pile_left -= 1
        if ok and all(v == 0 for v in left.values()):
            return hands
    # could not honour every constraint: deal plainly
    hands = list(fixed)
    cards = pool.copy()
    rng.shuffle(cards)
    i = 0
    for s in seats:
        for c in cards[i : i + need[s]]:
            hands[s] |= 1 << c
        i += need[s]
    return hands


def _bid_fit(
    know: Knowledge,
    deal: list[int],
    played_by: list[int],
    before: dict[int, int],
    sd: float = BID_FIT_SD,
    habits: Mapping[int, tuple[float, float]] | None = None,
) -> float:
    """How well a sampled deal fits the bids, a relative weight: each bid is read against
    the hand the seat held when it bid (``before``: the hands of blind-nil bidders'
    partners before the exchange, where known), a number bid as the count plus a normal
    error of mean 0 and deviation ``sd``, or the seat's own in ``habits``."""
    view = know.view
    rules = know.rules
    # Mirror and Whiz bids are spade counts: a number (and a Mirror nil) says how many
    # spades the seat held, give or take nothing (a soft weight keeps the sampler robust)
    counted = rules.bidding in ("mirror", "whiz")
    deck = deck_for(rules)
    trumps = SPADES if deck is None else deck.trumps
    w = 1.0
    for s in range(know.n):
        if s == know.seat:
            continue
        bid = view.bids[s]
        if bid is None or bid.blind:
            continue
        original = before.get(s, deal[s] | played_by[s])
        if counted and (not bid.is_nil or rules.bidding == "mirror"):
            miss = _popcount(original & trumps) - bid.tricks
            w *= math.exp(-2.0 * miss * miss)
        elif bid.is_nil:
            d = nil_danger(original, deck)
            w *= math.exp(-1.5 * max(0.0, d - 0.8))
        else:
            est = estimate_tricks(original, rules.num_seats, rules.partnerships, deck)
            shift, dev = habits[s] if habits and s in habits else (0.0, sd)
            w *= math.exp(-((bid.tricks - est - shift) ** 2) / (2 * dev * dev))
    return w


#: the share of sampled deals that ignore the exchange model (people do not always pass the
#: way the club player does, and a sampler that only follows the model could never deal
#: what they hold)
_EXCHANGE_MISFIT: Final = 0.1
#: tries at dealing the hands before an exchange nobody here saw, before dealing plainly
_EXCHANGE_TRIES: Final = 12


def _danger_rank(c: int) -> tuple[float, int]:
    """The order in which a blind-nil bidder passes cards back (most dangerous first)."""
    return (-card_danger(c), c)


class _Exchanges:
    """The blind-nil exchanges of the hand, modelled as passed by the club player's rules
    (:func:`~spades.bots.basic.exchange_pass`: the partner gives its lowest cards, the
    bidder gives back its most dangerous ones).

    * This seat bid blind nil: it knows what it received and passed, so the partner's hand
      when it bid (before the exchange) is known from the hand sampled after it.
    * This seat is the partner: the bidder kept nothing more dangerous than the cards it
      gave back, so only safer cards are dealt to it.
    * An exchange between two other seats: the hands are dealt as they were before it, the
      exchange is played, and the deal is kept if it fits what the two seats have played
      and the suits they have shown out of (else dealt again); the partner's bid is then
      read against its hand before the exchange.

    A share :data:`_EXCHANGE_MISFIT` of the deals ignores the model.
    """

    def __init__(self, know: Knowledge, played_by: list[int], allowed: list[int]) -> None:
        view = know.view
        rules = know.rules
        me = know.seat
        #: cards passed each way, per nil bidder
        self.k = {s: exchange_size(rules, b) for s, b in enumerate(view.bids) if b is not None and b.is_nil}
        self.played_by = played_by
        self.allowed = allowed
        self.modelled = list(allowed)
        self.hidden: list[tuple[int, int]] = []
        self.partner_before: tuple[int, int, int] | None = None  # (partner, back, give)
        for nil_seat, partner in exchange_pairs(rules, view.bids):
            if me == nil_seat:
                self.partner_before = (partner, view.passed.mask, view.received.mask)
            elif me == partner:
                back = bit_cards(view.received.mask)
                if back:
                    safest = max(_danger_rank(c) for c in back)
                    safer = sum(1 << c for c in range(52) if _danger_rank(c) > safest)
                    self.modelled[nil_seat] &= safer | know.known[nil_seat]
            else:
                self.hidden.append((nil_seat, partner))
        # a hidden pair's hands before the exchange are dealt without their voids
        self.open = list(self.modelled)
        for pair in self.hidden:
            for s in pair:
                self.open[s] = FULL_DECK

    def deal(
        self,
        pool: list[int],
        seats: list[int],
        need: dict[int, int],
        pile: int,
        fixed: list[int],
        before: dict[int, int],
        rng: random.Random,
    ) -> list[int] | None:
        """A deal after the exchanges (``before`` receives the hidden partners' hands when
        they bid), or None to deal plainly."""
        if rng.random() < _EXCHANGE_MISFIT:
            return None
        if not self.hidden:
            return _one_deal(pool, seats, need, pile, self.modelled, fixed, rng)
        played = self.played_by
        with_played = list(fixed)
        for pair in self.hidden:
            for s in pair:
                with_played[s] |= played[s]
        for _ in range(_EXCHANGE_TRIES):
            hands = _one_deal(pool, seats, need, pile, self.open, with_played, rng)
            ok = True
            for nil_seat, partner in self.hidden:
                held = hands[partner]
                after = play_exchanges_pair(hands, nil_seat, partner, self.k[nil_seat])
                for s in (nil_seat, partner):
                    now = after[s] & ~played[s]
                    if played[s] & ~after[s] or now & ~self.allowed[s]:
                        ok = False
                    hands[s] = now
                before[partner] = held
            if ok:
                return hands
            before.clear()
        return None

    def known_before(self, hands: list[int], before: dict[int, int]) -> None:
        """Where this seat bid blind nil: its partner's hand when it bid, into ``before``."""
        if self.partner_before is not None:
            partner, back, give = self.partner_before
            before[partner] = ((hands[partner] | self.played_by[partner]) & ~back) | give


def exchange_pairs(rules: Rules, bids: Sequence[Bid | None]) -> list[tuple[int, int]]:
    """``(nil bidder, partner)`` for every exchange these bids call for: the blind-nil
    exchange after a blind nil (none when both partners bid blind nil) and, with
    ``nil_exchange``, the nil exchange after a nil (none when both partners bid nil), as the
    engine makes them; :func:`exchange_size` gives the cards each way."""
    if not (rules.has_exchange or rules.has_nil_exchange):
        return []
    blind_k = rules.blind_nil_exchange if rules.has_exchange else 0
    out = []
    for s, bid in enumerate(bids):
        if bid is None or not bid.is_nil:
            continue
        other = bids[(s + 2) % 4]
        if bid.blind:
            ok = blind_k > 0 and not (other is not None and other.blind)
        else:
            ok = rules.nil_exchange > 0 and not (other is not None and other.is_nil)
        if ok:
            out.append((s, (s + 2) % 4))
    return out


def exchange_size(rules: Rules, bid: Bid) -> int:
    """The cards passed each way after the nil bid ``bid`` (blind nil or nil)."""
    return rules.blind_nil_exchange if bid.blind else rules.nil_exchange


def play_exchanges(rules: Rules, hands: Sequence[int], bids: Sequence[Bid | None]) -> list[int]:
    """The hands after every exchange the bids call for (:func:`exchange_pairs`), passed by
    the club player's rules (:func:`~spades.bots.basic.exchange_pass`), from the hands before."""
    out = list(hands)
    deck = deck_for(rules)
    for nil_seat, partner in exchange_pairs(rules, bids):
        bid = bids[nil_seat]
        assert bid is not None
        out = play_exchanges_pair(out, nil_seat, partner, exchange_size(rules, bid), deck)
    return out


def play_exchanges_pair(
    hands: Sequence[int], nil_seat: int, partner: int, k: int, deck: Deck | None = None
) -> list[int]:
    """The hands (full hands, played cards included) after one blind-nil exchange of ``k``
    cards each way, passed by the club player's rules (``deck``: another pack's)."""
    out = list(hands)
    give = exchange_pass(out[partner], k, True, deck)
    received = out[nil_seat] | give
    back = exchange_pass(received, k, False, deck)
    out[nil_seat] = received & ~back
    out[partner] = (out[partner] & ~give) | back
    return out


# -- play-outs --------------------------------------------------------------------------


class Position:
    """A position in the play of a hand, with every hand known (a sampled deal)."""

    __slots__ = ("bids", "broken", "hands", "leader", "n", "rules", "trick", "won")

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        leader: int,
        trick: list[int],
        broken: bool,
        won: list[int],
        bids: Sequence[Bid],
    ) -> None:
        self.rules = rules
        self.n = rules.num_seats
        self.hands = hands
        self.leader = leader
        self.trick = trick
        self.broken = broken
        self.won = won
        self.bids = bids


def _best_reply(hand: int, led: int, best: int) -> bool:
    """Can a hand beat ``best`` on a trick led in suit ``led``?"""
    follow = hand & _SUIT[led]
    if follow:
        if _SUIT_OF[best] == led:
            return follow.bit_length() - 1 > best
        return False
    spades = hand & SLOT_SPADES
    if not spades:
        return False
    if best >= 39:
        return spades.bit_length() - 1 > best
    return True


def _lowest(mask: int) -> int:
    """The lowest-ranked card of a mask (non-spades before spades on ties, then the lower
    suit): each suit's lowest card compared."""
    best = -1
    best_key = 99
    for s in range(4):
        m = mask & _SUIT[s]
        if m:
            c = (m & -m).bit_length() - 1
            key = _RANK_OF[c] * 2 + (s == 3)
            if key < best_key:
                best, best_key = c, key
    return best


def _highest(mask: int, spades_last: bool = True) -> int:
    """The highest-ranked card of a mask; on ties a non-spade (``spades_last``) or a spade,
    then the lower suit: each suit's highest card compared."""
    best = -1
    best_key = -1
    for s in range(4):
        m = mask & _SUIT[s]
        if m:
            c = m.bit_length() - 1
            key = _RANK_OF[c] * 2 + ((s != 3) if spades_last else (s == 3))
            if key > best_key:
                best, best_key = c, key
    return best


def _choose(pos: Position, seat: int) -> int:
    """The rollout policy: one card for ``seat``."""
    rules = pos.rules
    n = pos.n
    hands = pos.hands
    hand = hands[seat]
    trick = pos.trick
    legal = legal_mask(hand, _SUIT_OF[trick[0]] if trick else None, rules.spades_must_be_broken, pos.broken)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    bids = pos.bids
    won = pos.won
    partner = (seat + 2) % 4 if rules.partnerships else -1
    my_bid = bids[seat]
    k = len(trick)
    later = [(seat + i) % n for i in range(1, n - k)]

    if my_bid.tricks == 0 and won[seat] == 0:
        return _play_nil(pos, seat, legal, later)
    if partner >= 0 and bids[partner].tricks == 0 and won[partner] == 0:
        card = _play_cover(pos, seat, legal, later, partner)
        if card >= 0:
            return card
    opp_nils = [s for s in range(n) if s != seat and s != partner and bids[s].tricks == 0 and won[s] == 0]
    if opp_nils:
        card = _play_set(pos, seat, legal, later, opp_nils)
        if card >= 0:
            return card
    if _wants(pos, seat, partner):
        return _play_win(pos, seat, legal, later, partner)
    return _play_duck(pos, seat, legal, later)


def _wants(pos: Position, seat: int, partner: int) -> bool:
    rules = pos.rules
    bids = pos.bids
    won = pos.won
    if bids[seat].tricks == 0 and not rules.nil_tricks_count_for_partner:
        return False
    seats = (seat, partner) if partner >= 0 else (seat,)
    contract = sum(bids[s].tricks for s in seats)
    counted = sum(won[s] for s in seats if bids[s].tricks or rules.nil_tricks_count_for_partner)
    if counted < contract:
        return True
    if rules.bag_penalty == 0:
        return True
    left = rules.tricks_per_hand - sum(won)
    if rules.partnerships:
        opp_sides: list[tuple[int, ...]] = [((seat + 1) % 4, (seat + 3) % 4)]
    else:
        opp_sides = [(s,) for s in range(pos.n) if s != seat]
    for opp in opp_sides:
        oc = sum(bids[x].tricks for x in opp)
        ow = sum(won[x] for x in opp if bids[x].tricks or rules.nil_tricks_count_for_partner)
        if oc and oc - ow > left - 3:
            return True
    return False


def _later_beats(pos: Position, later: list[int], exclude: int, led: int, best: int) -> bool:
    return any(s != exclude and _best_reply(pos.hands[s], led, best) for s in later)


def _safest_lead(pos: Position, seat: int, legal: int, prefer_low: bool) -> int:
    """The lead most other cards can beat (a spade only when nothing else will do);
    with ``prefer_low``, lower ranks break near-ties (a nil bidder's lead)."""
    others = 0
    for s in range(pos.n):
        if s != seat:
            others |= pos.hands[s]
    best, best_key = -1, -999
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        above = (others & _SUIT[_SUIT_OF[c]] & ~((1 << (c + 1)) - 1)).bit_count()
        key = above * 4 - (20 if c >= 39 else 0) - (_RANK_OF[c] // 4 if prefer_low else 0)
        if key > best_key:
            best, best_key = c, key
    return best


def _beaters(legal: int, best: int) -> int:
    """The cards of ``legal`` that beat ``best``, the card winning the trick (:func:`slot_beats`):
    higher cards of its suit, and any trump when it is not one."""
    suit = _SUIT_OF[best]
    out = legal & _SUIT[suit] & ~((2 << best) - 1)
    if suit != 3:
        out |= legal & SLOT_SPADES
    return out


def _losers(legal: int, best: int) -> int:
    """The cards of ``legal`` that do not beat ``best``, the card winning the trick."""
    return legal & ~_beaters(legal, best)


def _play_nil(pos: Position, seat: int, legal: int, later: list[int]) -> int:
    trick = pos.trick
    if not trick:
        return _safest_lead(pos, seat, legal, prefer_low=True)
    losers = _losers(legal, trick[winner_index(trick)])
    if losers:
        return _highest(losers)
    low = _lowest(legal)
    if later and _later_beats(pos, later, seat, _SUIT_OF[trick[0]], low):
        return low
    return _highest(legal)


def _play_cover(pos: Position, seat: int, legal: int, later: list[int], partner: int) -> int:
    trick = pos.trick
    if not trick:
        return _highest(legal & NON_SPADES or legal)
    wi = winner_index(trick)
    best = trick[wi]
    n = pos.n
    win_seat = (pos.leader + wi) % n
    if partner not in later:
        if win_seat == partner:
            winners = _beaters(legal, best)
            return _lowest(winners) if winners else _lowest(legal)
        return -1
    top = _highest(legal, spades_last=False)
    if _beats(top, best):
        return top
    return _lowest(legal)


def _play_set(pos: Position, seat: int, legal: int, later: list[int], nils: list[int]) -> int:
    trick = pos.trick
    if not trick:
        target = nils[0]
        th = pos.hands[target]
        best, best_key = -1, 999
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            suit_cards = th & _SUIT[_SUIT_OF[c]]
            if not suit_cards:
                continue
            below = (suit_cards & ((1 << c) - 1)).bit_count()
            key = below * 4 + (c >= 39) * 20
            if key < best_key:
                best, best_key = c, key
        return best
    wi = winner_index(trick)
    best = trick[wi]
    win_seat = (pos.leader + wi) % pos.n
    if win_seat in nils:
        losers = _losers(legal, best)
        return _highest(losers) if losers else -1
    if any(s in nils for s in later) and legal & _SUIT[_SUIT_OF[trick[0]]]:
        return _lowest(legal)
    return -1


def _play_win(pos: Position, seat: int, legal: int, later: list[int], partner: int) -> int:
    trick = pos.trick
    hands = pos.hands
    n = pos.n
    if not trick:
        # a lead nobody can beat, cheapest first; else low from the longest side suit
        others = [s for s in range(n) if s != seat and s != partner]
        sure = -1
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            cheaper = sure < 0 or _RANK_OF[c] < _RANK_OF[sure]
            if cheaper and not any(_best_reply(hands[s], _SUIT_OF[c], c) for s in others):
                sure = c
        if sure >= 0:
            return sure
        side = legal & NON_SPADES or legal
        longest = max(range(4), key=lambda s: ((side & _SUIT[s]).bit_count(), -s))
        return _lowest(side & _SUIT[longest])
    led = _SUIT_OF[trick[0]]
    wi = winner_index(trick)
    best = trick[wi]
    win_seat = (pos.leader + wi) % n
    opp_later = [s for s in later if s != partner]
    if win_seat == partner and not _later_beats(pos, opp_later, -1, led, best):
        return _lowest(legal)
    safe = 0
    winners = _beaters(legal, best)
    m = winners
    while m:
        low = m & -m
        m ^= low
        if not _later_beats(pos, opp_later, -1, led, low.bit_length() - 1):
            safe |= low
    if safe:
        return _lowest(safe)
    if winners and not later:
        return _lowest(winners)
    return _lowest(legal)


def _play_duck(pos: Position, seat: int, legal: int, later: list[int]) -> int:
    trick = pos.trick
    if not trick:
        return _safest_lead(pos, seat, legal, prefer_low=False)
    losers = _losers(legal, trick[winner_index(trick)])
    if losers:
        return _highest(losers)
    return _highest(legal) if not later else _lowest(legal)


def rollout(pos: Position, stop: int = 0) -> list[int]:
    """Play the position to the end of the hand (or, with ``stop``, until a trick is to be
    led with at most ``stop`` cards a hand); returns each seat's tricks so far.
    ``pos`` is consumed (its hands, trick, leader and tricks change)."""
    rules = pos.rules
    n = pos.n
    hands = pos.hands
    trick = pos.trick
    won = pos.won
    seat = (pos.leader + len(trick)) % n
    while True:
        if not trick and (not hands[seat] or (stop and hands[seat].bit_count() <= stop)):
            break
        card = _choose(pos, seat)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if card >= 39:
            pos.broken = True
        if len(trick) == n:
            w = (pos.leader + winner_index(trick)) % n
            won[w] += 1
            trick.clear()
            pos.leader = w
            seat = w
            if not hands[w]:
                break
        else:
            seat = (seat + 1) % n
    del rules
    return list(won)


# -- what a hand is worth ------------------------------------------------------------------


def scoring_bids(bids: Sequence[Bid | None]) -> list[Bid | None]:
    """The bids as scored: the partner of a blind bid for the side (``blind N``) made no
    bid.  Play-outs give that partner a stand-in bid of a number (so that it plays for
    the side's contract); scoring must not count it."""
    out = list(bids)
    if len(out) == 4:
        for s in range(4):
            p = out[(s + 2) % 4]
            if p is not None and p.is_blind_bid:
                out[s] = None
    return out


def rollout_bids(bids: Sequence[Bid | None]) -> list[Bid]:
    """The bids a play-out reads: the partner of a blind bid (no bid of its own) stands in
    with a bid of one trick, so that it plays for the side's contract."""
    return [b if b is not None else Bid(1) for b in bids]


def hand_utility(
    rules: Rules,
    side: int,
    bids: Sequence[Bid | None],
    tricks: Sequence[int],
    bags: Sequence[int],
    scores: Sequence[int],
    hands_played: int,
    bag_weight: float = 1.0,
    set_penalty: float = 0.0,
    win_weight: float = 0.0,
) -> float:
    """The value of a finished hand to ``side``: its points minus the opponents' (the mean of
    the other sides' points when there are more than two), plus :data:`GAME_VALUE` when the
    hand wins the game and minus it when the hand loses it.

    Bags carried out of a hand that does not end the game are debts: every ``bag_limit``
    of them will cost ``bag_penalty``, so each side's carried bags are charged at
    ``bag_weight * bag_penalty / bag_limit`` apiece, counted as the change from the bags
    it carried in.  With the penalty paid this hand this values every new bag alike (a
    bag taken at 0 bags is no cheaper than one at 9), which is what bags cost over a game;
    ``bag_weight=0`` gives the hand's points alone.  ``set_penalty`` points more are lost
    when ``side`` fails its contract.

    ``win_weight`` (two sides and a target score only): the hand is also worth
    ``win_weight`` points for every unit by which it moves the side's chance of winning the
    game (:func:`win_probability` before and after it; 1 or 0 when the hand ends the game),
    in place of the fixed :data:`GAME_VALUE`: near the target a lead weighs more, so a side
    ahead avoids risk and a side behind takes it."""
    if rules.blind_bids:
        bids = scoring_bids(bids)
    result = score_hand(rules, bids, tricks, bags)
    pts: Sequence[float] = result.points
    k = rules.num_sides
    new = [scores[i] + result.points[i] for i in range(k)]
    winner, over = game_result(rules, new, hands_played + 1, result.boston)
    if bag_weight and rules.bag_penalty > 0 and not over:
        per_bag = bag_weight * rules.bag_penalty / rules.bag_limit
        pts = [pts[i] - per_bag * (result.bags[i] - bags[i]) for i in range(k)]
    if k == 2:
        value = float(pts[side] - pts[1 - side])
    else:
        value = pts[side] - sum(pts[i] for i in range(k) if i != side) / (k - 1)
    if set_penalty and result.sides[side].made is False:
        value -= set_penalty
    if win_weight and k == 2 and rules.hands is None:
        before = win_probability(rules, scores, side)
        if over:
            after = 0.5 if winner is None else float(winner == side)
        else:
            after = win_probability(rules, new, side)
        return value + win_weight * (after - before)
    if over and winner is not None:
        value += GAME_VALUE if winner == side else -GAME_VALUE
    return value


#: the win-probability model of :func:`win_probability`, fitted by ``bench/winprob.py`` on
#: whole games of the club player against itself (partnership preset, blind nil off)
WIN_BETA: Final = 0.01176
WIN_GAMMA: Final = 100.0


def win_probability(rules: Rules, scores: Sequence[int], side: int) -> float:
    """The chance that ``side`` wins a game of two sides standing at ``scores``: a logistic
    law of its lead, which weighs more the closer the leader is to the target
    (``beta * lead / sqrt(1 + rest / gamma)``, ``rest`` the leader's distance to the
    target score; constants :data:`WIN_BETA`, :data:`WIN_GAMMA`)."""
    lead = scores[side] - scores[1 - side]
    rest = max(0, rules.target_score - max(scores))
    x = WIN_BETA * lead / math.sqrt(1.0 + rest / WIN_GAMMA)
    if x > 40:
        return 1.0
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
