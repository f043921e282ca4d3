"""``basic``: a fast rule-based player that plays like a sound club player.

Every decision is a few rules over what the seat knows (:class:`Knowledge`):

Bidding
    Sure-trick counting: spade honours that are guarded by enough small
    spades, length beyond four spades, aces and guarded kings and queens in
    the side suits, ruffs from short suits with spare spades.  Two-player
    hands are valued by how likely each card is to beat the single opponent.
    Nil when the hand is a good nil (no high spades, few spades, no
    unguarded aces and kings, low cards in every suit) and takes few tricks;
    blind nil only when the side is far behind and the game is slipping away.
    The bid is nudged by the bag count (bid up when bags are high), the score
    (bid aggressively when far behind and the opponents are close to the
    target) and the partner's bid (the side never bids more than the tricks).

Card play, in order of what matters most
    * a spot whose answer is certain from the seat's view (:mod:`~spades.bots.certain`:
      last to play, the cheapest card that wins a trick the side needs; a partner's
      nil covered as cheaply as possible) is played so;
    * own nil: play the highest card that still loses, discard high cards,
      lead low into suits others can overtake;
    * partner's nil: play high before the nil bidder, overtake the nil
      bidder's winning card, lead winners;
    * an opponent's nil: duck under the nil bidder, lead low;
    * the contract: when the side still needs tricks, cash sure winners,
      second hand low, third hand high, win as cheaply as possible, ruff
      opponents' winners but never the partner's sure winner, nor a partner's
      card that only a ruff can beat (no low ruff into an overruff); when the
      contract is safe and bags would cost, duck and shed high cards, unless
      the opponents can still be set.

House rules (RULES.md section 7, see :mod:`~spades.bots.house`)
    Whiz: nil on a nil hand, a fair nil hand too when its forced number (its
    spades) is well above its count, else the spade count.  Suicide: the
    first partner to bid takes the nil when its hand is a better nil than the
    median hand, else bids the number; the partner's bid is then forced, and
    the card play is the nil's and the cover's as always.  Mirror: the one
    bid there is.  A least side bid: a first nil is riskier (the partner must
    bid the whole board alone), the partner's number is raised to reach it.
    Ten for two hundred: the side's second bid goes up to ten when that is
    worth more.  Blind bids: only at a deficit the game cannot be won back
    from otherwise.

Blind-nil exchange (and the nil exchange): the partner passes low cards, the
nil bidder passes back the most dangerous ones.  Two-player draw: keep a shown card
when it is worth more than an average unseen card (for a blind-nil player:
when it is safer); redraw: discard the cards more dangerous than an average
replacement from the pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import KEEP, LOOK, REJECT, Action, Discard, Pass
from ..bids import Bid
from ..cards import ALL_CARDS, SUIT_MASKS, Card
from ..core.deck import Deck
from ..view import View
from .base import Bot
from .certain import certain_play
from .decks import deck_act, deck_for
from .house import blind_bid_worth, push_to_ten, suicide_wants_nil
from .knowledge import SPADE, SPADES, Knowledge, beats, bit_cards, higher_in_suit, trick_winner

__all__ = [
    "BasicBot",
    "card_danger",
    "deck_card_danger",
    "estimate_tricks",
    "exchange_pass",
    "hand_ranks",
    "nil_danger",
]


# -- hand evaluation ------------------------------------------------------------


def _suit_ranks(hand: int, suit: int) -> list[int]:
    """Ranks (0 = 2 ... 12 = A) held in a suit, lowest first."""
    bits = (hand >> (13 * suit)) & 0x1FFF
    return [r for r in range(13) if bits >> r & 1]


def hand_ranks(hand: int, deck: Deck | None = None) -> list[list[int]]:
    """The ranks held in each play suit, lowest first, on the standard scale (0 = 2 ...
    12 = A).  In another pack (``deck``) a side-suit card keeps its power and a trump
    is ranked by the trumps above it (the top trump 12, a big joker; the next 11, and so
    on, below 0 in a trump suit longer than 13), so counting rules written for the
    standard pack read the trumps above the ace as its higher honours."""
    if deck is None:
        return [_suit_ranks(hand, s) for s in range(4)]
    out: list[list[int]] = [[], [], [], []]
    for suit in range(3):
        out[suit] = sorted(deck.power[c] for c in deck.ranked[suit] if hand >> c & 1)
    out[SPADE] = [12 - i for i, c in reversed(list(enumerate(deck.ranked[SPADE]))) if hand >> c & 1]
    return out


def estimate_tricks(hand: int, num_seats: int, partnerships: bool = True, deck: Deck | None = None) -> float:
    """Expected tricks of a hand (card-set integer) for bidding; ``deck``: the pack when it
    is not the standard one (:func:`hand_ranks`).

    Four- and three-handed: sure-trick counting (see the module docstring).
    Two-handed: one opponent holds a third of the unseen cards, so each card
    is valued by the chance that no higher card of its suit is against it.
    """
    ranks = hand_ranks(hand, deck)
    spades = ranks[SPADE]
    n_sp = len(spades)
    if num_seats == 2:
        return _estimate_two_player(ranks)
    tricks = 0.0
    honours = 0.0
    for i, r in enumerate(spades):
        held_above = n_sp - 1 - i
        missing_above = (12 - r) - held_above
        if missing_above <= i:
            honours += 1.0
        elif missing_above == i + 1 and r >= 9:
            honours += 0.4
    # a trump suit longer than 13 cards (jokers, the 2 of diamonds) leaves the others more
    # trumps to ruff with and to stop long ones: length counts from a card later per extra trump
    extra = len(deck.ranked[SPADE]) - 13 if deck is not None else 0
    long_spades = max(0, n_sp - 4 - extra)
    tricks += honours + long_spades
    ruff_room = 0.0
    for suit in range(3):
        held = ranks[suit]
        n = len(held)
        hold = set(held)
        if 12 in hold:
            tricks += 1.0 if n <= 5 else 0.6
        if 11 in hold:
            if n == 1:
                tricks += 0.15
            elif n <= 5:
                tricks += 0.85 if 12 in hold else 0.55
            else:
                tricks += 0.25
        if 10 in hold and 2 <= n <= 4:
            tricks += 0.45 if (12 in hold or 11 in hold) else 0.25
        if n == 0:
            ruff_room += 2.0
        elif n == 1:
            ruff_room += 1.0
        elif n == 2:
            ruff_room += 0.4
    spare = max(0.0, n_sp - honours - long_spades - 1 - extra / 2)
    tricks += 0.8 * min(ruff_room, spare)
    if num_seats == 3:
        # seventeen tricks among three: longer suits and more winners each
        tricks *= 1.25
    return tricks


def _estimate_two_player(suit_ranks: list[list[int]]) -> float:
    tricks = 0.0
    spades = suit_ranks[SPADE]
    q = 2.0 / 3.0  # chance a given unseen card is not in the opponent's hand
    for suit in range(4):
        ranks = suit_ranks[suit]
        hold = set(ranks)
        n = len(ranks)
        for r in ranks:
            higher_missing = sum(1 for x in range(r + 1, 13) if x not in hold)
            p = q**higher_missing
            if suit != SPADE:
                # long side suits run out of protection: the opponent ruffs
                p *= 1.0 if n <= 4 else 0.8
                if p < 0.2:
                    p = 0.0
            tricks += p
    tricks += max(0, len(spades) - 4) * 0.5
    # calibrated on self-play: the opponent's weak cards give away extra tricks
    return tricks + 0.6


def nil_danger(hand: int, deck: Deck | None = None) -> float:
    """How likely a nil with this hand is to fail, on an open scale (0 = safe, >1.5 = hopeless);
    ``deck``: the pack when it is not the standard one (:func:`hand_ranks`)."""
    suit_ranks = hand_ranks(hand, deck)
    spades = suit_ranks[SPADE]
    if 12 in spades or 11 in spades:
        return 9.0
    danger = 0.0
    for r in spades:
        if r >= 7:
            danger += 0.25 * (r - 6)
    if len(spades) >= 4:
        danger += 0.6 * (len(spades) - 3)
    for suit in range(3):
        ranks = suit_ranks[suit]
        n = len(ranks)
        for i, r in enumerate(ranks):
            # the i-th lowest card should have enough lower cards to duck with
            safe = 5 + 2 * i
            if r > safe:
                danger += 0.12 * (r - safe)
        if ranks and ranks[0] >= 6:
            danger += 0.4  # no low card at all in this suit
        if 12 in ranks:
            danger += 0.6 if n <= 3 else 0.3
    return danger


def card_danger(card: int) -> float:
    """How likely a single card is to win a trick a nil bidder wants to lose."""
    r = card % 13
    base = (r / 12.0) ** 2
    return base + (0.5 + 0.5 * r / 12.0 if card // 13 == SPADE else 0.0)


def deck_card_danger(deck: Deck, card: int) -> float:
    """:func:`card_danger` of a card of another pack, ranked as :func:`hand_ranks` ranks it."""
    suit = deck.suit_of[card]
    if suit != SPADE:
        return card_danger(13 * suit + deck.power[card])
    r = 12 - deck.ranked[SPADE].index(card)
    return (max(r, 0) / 12.0) ** 2 + 0.5 + 0.5 * r / 12.0


def exchange_pass(hand: int, k: int, to_blind_nil: bool, deck: Deck | None = None) -> int:
    """The ``k`` cards (a mask) the club player passes in a blind-nil exchange from ``hand``:
    to its blind-nil partner (``to_blind_nil``) the lowest ranks, non-spades first; back
    from the blind-nil bidder the most dangerous cards (:func:`card_danger`).  The
    sampling player uses it to replay the exchanges it cannot see.

    >>> from spades.cards import CardSet
    >>> hand = CardSet.parse("A2.K3.Q4.J5").mask
    >>> str(CardSet(exchange_pass(hand, 3, True)))
    '2.3.4.'
    >>> str(CardSet(exchange_pass(hand, 3, False)))
    'A.K.Q.'
    """
    cards = bit_cards(hand)
    if deck is not None:
        if to_blind_nil:
            order = sorted(cards, key=lambda c: (deck.suit_of[c] == SPADE, deck.power[c]))
        else:
            order = sorted(cards, key=lambda c: -deck_card_danger(deck, c))
    elif to_blind_nil:
        order = sorted(cards, key=lambda c: (c % 13, c // 13 == SPADE))
    else:
        order = sorted(cards, key=lambda c: -card_danger(c))
    mask = 0
    for c in order[:k]:
        mask |= 1 << c
    return mask


def _card_value(card: int) -> float:
    """What a card is worth for taking tricks (two-player draw)."""
    r = card % 13
    if card // 13 == SPADE:
        return 0.55 + 0.45 * r / 12.0
    return (0.05, 0.05, 0.05, 0.05, 0.05, 0.06, 0.07, 0.08, 0.1, 0.22, 0.42, 0.7, 1.0)[r]


class BasicBot(Bot):
    """The rule-based player (see the module docstring).

    ``blind_nil_deficit``: how far the side must trail before it thinks about
    blind nil; ``nil_threshold``: the largest :func:`nil_danger` it will bid
    nil with.  Ties are broken with the seeded generator, so a seed fixes the
    play.
    """

    name = "basic"

    def __init__(
        self,
        seed: int | None = None,
        blind_nil_deficit: int = 200,
        nil_threshold: float = 1.0,
    ) -> None:
        super().__init__(seed)
        self.blind_nil_deficit = blind_nil_deficit
        self.nil_threshold = nil_threshold

    # -- dispatch -------------------------------------------------------------

    def act(self, view: View) -> Action:
        legal = self.legal_of(view)
        if len(legal) == 1:
            return legal[0]
        deck = deck_for(view.rules)
        if deck is not None and view.phase not in ("bid", "blind", "exchange"):
            # jokers or deuces: cards are played by the plain player that reads the deck
            # (bids and passes read it through hand_ranks)
            return deck_act(deck, view, legal)
        action = self._decide(view, legal)
        if action not in legal:  # a rule produced something odd: stay legal
            return legal[0]
        return action

    def _decide(self, view: View, legal: Sequence[Action]) -> Action:
        phase = view.phase
        if phase == "play":
            know = Knowledge(view)
            return ALL_CARDS[self.choose_card(view, know)]
        if phase == "bid":
            return self.choose_bid(view, Knowledge(view))
        if phase == "blind":
            return self.choose_blind(view, legal)
        if phase == "exchange":
            return Pass(self.choose_pass(view))
        if phase == "draw":
            return KEEP if self.keeps(view) else REJECT
        if phase == "redraw":
            return Discard(self.choose_discard(view))
        return legal[0]

    # -- blind nil and blind bids -------------------------------------------------

    def choose_blind(self, view: View, legal: Sequence[Action]) -> Action:
        """Before looking: a blind bid for the side when the score calls for one
        (:func:`~spades.bots.house.blind_bid_worth`), else blind nil when
        :meth:`wants_blind_nil`, else look."""
        options = [a.tricks for a in legal if isinstance(a, Bid) and a.is_blind_bid]
        n = blind_bid_worth(view.rules, list(view.scores), view.side, options)
        if n is not None:
            return Bid(n, blind=True)
        choice = Bid.blind_nil() if self.wants_blind_nil(view) else LOOK
        return choice if choice in legal else LOOK

    def wants_blind_nil(self, view: View) -> bool:
        """Blind nil only when far behind and the opponents are closing in."""
        rules = view.rules
        side = view.side
        mine = view.scores[side]
        best_other = max(s for i, s in enumerate(view.scores) if i != side)
        deficit = best_other - mine
        if deficit < self.blind_nil_deficit:
            return False
        if best_other < 0.6 * rules.target_score:
            return False
        if not rules.has_exchange and (
            deficit < self.blind_nil_deficit + 100 or best_other < rules.target_score - 50
        ):
            return False  # without a partner's exchange only as a last resort
        partner = view.partner
        partner_bid = view.bids[partner] if partner is not None else None
        return not (partner_bid is not None and partner_bid.is_nil)

    # -- bidding --------------------------------------------------------------

    def choose_bid(self, view: View, know: Knowledge) -> Bid:
        rules = view.rules
        legal_bids = [a for a in view.legal if isinstance(a, Bid)]
        if len(legal_bids) == 1:
            return legal_bids[0]  # Mirror, or a bid the partner's forces
        hand = know.hand
        est = estimate_tricks(hand, rules.num_seats, rules.partnerships, deck_for(rules))
        partner = view.partner
        partner_bid = view.bids[partner] if partner is not None else None
        nil_open = rules.nil and any(b.is_nil for b in legal_bids)
        if nil_open and rules.bidding == "suicide" and partner_bid is None:
            # the first of the two chooses who bids nil: the weaker nil hand bids the number
            if suicide_wants_nil(nil_danger(hand, deck_for(rules)), est):
                return Bid.nil()
        elif nil_open and self._wants_nil(view, hand, est, partner_bid, legal_bids):
            return Bid.nil()
        return self._number_bid(view, est, partner_bid, legal_bids)

    def _wants_nil(
        self, view: View, hand: int, est: float, partner_bid: Bid | None, legal_bids: list[Bid]
    ) -> bool:
        """Nil when the hand is a good nil (see the module docstring); under Whiz also a
        fair nil hand whose forced number (its spades) is well above its count."""
        rules = view.rules
        danger = nil_danger(hand, deck_for(rules))
        threshold = self.nil_threshold
        if not rules.partnerships:
            threshold -= 0.8  # nobody covers, and everyone else sets
        if rules.num_seats == 3:
            threshold -= 0.2  # seventeen cards to get rid of
        if partner_bid is not None:
            if partner_bid.is_nil:
                threshold -= 1.0
            elif partner_bid.tricks >= 4:
                threshold += 0.3
        elif rules.min_side_bid:
            threshold -= 0.3  # the partner will have to bid the whole board alone
        if self._desperate(view):
            threshold += 0.4
        if rules.bidding == "whiz":
            numbers = [b.tricks for b in legal_bids if not b.is_nil]
            if numbers and numbers[0] - est >= 1.5:
                threshold += 0.8  # the number would be set more often than the nil
            return danger <= threshold
        max_est = 4.5 if rules.num_seats == 2 else 2.5
        return danger <= threshold and est <= max_est

    @staticmethod
    def _desperate(view: View) -> bool:
        rules = view.rules
        mine = view.scores[view.side]
        best_other = max(s for i, s in enumerate(view.scores) if i != view.side)
        return best_other >= rules.target_score - 120 and best_other - mine >= 100

    def _number_bid(self, view: View, est: float, partner_bid: Bid | None, legal_bids: list[Bid]) -> Bid:
        rules = view.rules
        side = view.side
        mine = view.scores[side]
        best_other = max(s for i, s in enumerate(view.scores) if i != side)
        numbers = [b for b in legal_bids if not b.is_nil] or legal_bids
        lo = min(b.tricks for b in numbers)
        hi = max(b.tricks for b in numbers)
        bid = est
        bags = view.bags[side]
        if rules.bag_penalty > 0 and bags >= rules.bag_limit - 3:
            bid += 0.5  # bags are close to costing: bid up to the tricks we take
        if self._desperate(view):
            bid += 0.7
        elif mine >= rules.target_score - 60 and mine > best_other:
            bid -= 0.3  # close to winning: make sure of the contract
        tricks = max(1, int(bid + 0.45))
        if partner_bid is not None and not partner_bid.is_nil:
            room = rules.tricks_per_hand - partner_bid.tricks
            tricks = min(tricks, max(1, room))
            tricks = push_to_ten(rules, partner_bid.tricks, est, tricks)
        tricks = min(max(tricks, max(lo, 1)), hi)
        if Bid(tricks) in numbers:
            return Bid(tricks)
        # house rules (Whiz, a least side bid) leave gaps: the nearest number bid
        return min(numbers, key=lambda b: (abs(b.tricks - tricks), b.tricks))

    # -- exchange, draw, redraw --------------------------------------------------

    def choose_pass(self, view: View) -> int:
        hand = view.hand.mask if view.hand is not None else 0
        giver, receiver = view.exchange if view.exchange is not None else (view.seat, view.seat)
        receiver_bid = view.bids[receiver]
        giver_bid = view.bids[giver]
        # to the blind-nil (or, in a nil exchange, nil) bidder: low cards; back: the dangerous ones
        to_nil = receiver_bid is not None and (
            receiver_bid.blind or (receiver_bid.is_nil and not (giver_bid is not None and giver_bid.is_nil))
        )
        k = view.exchange_size or view.rules.blind_nil_exchange
        return exchange_pass(hand, k, to_nil, deck_for(view.rules))

    def keeps(self, view: View) -> bool:
        card = view.draw_card
        if card is None:
            return True
        know = Knowledge(view)
        pool = bit_cards(know.unseen & ~(1 << int(card)))
        bid = view.bids[view.seat]
        if bid is not None and bid.is_nil:
            mean_danger = sum(card_danger(c) for c in pool) / max(1, len(pool))
            return card_danger(int(card)) <= mean_danger
        mean_value = sum(_card_value(c) for c in pool) / max(1, len(pool))
        return _card_value(int(card)) >= mean_value

    def choose_discard(self, view: View) -> int:
        k = view.rules.blind_nil_exchange
        know = Knowledge(view)
        own_pile = bit_cards(view.discards.mask)
        unseen = bit_cards(know.unseen)
        avg_own = sum(card_danger(c) for c in own_pile) / max(1, len(own_pile))
        avg_unseen = sum(card_danger(c) for c in unseen) / max(1, len(unseen))
        expected = 0.5 * avg_own + 0.5 * avg_unseen
        worst = sorted(bit_cards(know.hand), key=lambda c: -card_danger(c))
        mask = 0
        for c in worst[:k]:
            if card_danger(c) > expected + 0.15:
                mask |= 1 << c
        return mask

    # -- card play -------------------------------------------------------------

    def choose_card(self, view: View, know: Knowledge) -> int:
        legal = [int(c) for c in view.legal if isinstance(c, Card)]
        if len(legal) == 1:
            return legal[0]
        spot = certain_play(view, know)
        if spot is not None and spot.card is not None:
            return spot.card  # a certain spot (the cheapest win last to play, a nil's cover...)
        rules = view.rules
        me = view.seat
        n = know.n
        trick = [(s, int(c)) for s, c in view.trick]
        pos = len(trick)
        later = [(me + i) % n for i in range(1, n - pos)]
        my_side = know.side_state(rules.side_of(me))
        my_bid = view.bids[me]
        partner = view.partner
        if my_bid is not None and my_bid.is_nil and view.tricks_won[me] == 0:
            return self._play_own_nil(know, legal, trick, later)
        if partner is not None and partner in my_side.live_nils:
            covered = self._play_cover(know, legal, trick, later, partner)
            if covered is not None:
                return covered
        opp_nils = [
            s
            for s in know.opponents()
            if (b := view.bids[s]) is not None and b.is_nil and view.tricks_won[s] == 0
        ]
        want = self._want_tricks(view, know)
        if opp_nils and my_side.need < know.tricks_left:
            choice = self._play_set_nil(know, legal, trick, later, opp_nils)
            if choice is not None:
                return choice
        if want:
            return self._play_to_win(view, know, legal, trick, later)
        return self._play_to_duck(know, legal, trick, later)

    def _want_tricks(self, view: View, know: Knowledge) -> bool:
        rules = view.rules
        me = view.seat
        side_state = know.side_state(rules.side_of(me))
        my_bid = view.bids[me]
        if my_bid is not None and my_bid.is_nil and not rules.nil_tricks_count_for_partner:
            return False  # a failed nil: our tricks are bags only
        if side_state.need > 0:
            return True
        if rules.bag_penalty == 0:
            return True  # overtricks are free points
        side = rules.side_of(me)
        overtricks = max(0, side_state.counted - side_state.contract)
        bag_room = rules.bag_limit - (view.bags[side] + overtricks) % rules.bag_limit
        for opp_side in range(rules.num_sides):
            if opp_side == side:
                continue
            opp = know.side_state(opp_side)
            if opp.need > 0 and opp.need > know.tricks_left - 3 and bag_room > 2:
                return True  # the opponents can still be set
        return False

    # -- helpers ----------------------------------------------------------------

    @staticmethod
    def _current(trick: list[tuple[int, int]]) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        i = trick_winner([c for _, c in trick])
        return trick[i]

    def _later_can_beat(self, know: Knowledge, best: int, led: int, later: list[int]) -> bool:
        """Might a seat still to play beat ``best``?"""
        unseen = know.unseen
        for s in later:
            void = know.voids[s]
            if not void >> led & 1 and unseen & SUIT_MASKS[led]:
                if best // 13 == led and unseen & higher_in_suit(best):
                    return True
                if best // 13 != led:
                    continue  # following suit cannot beat a ruff
            # may be (or be known) void in the led suit: a ruff
            could_be_void = void >> led & 1 or bin(unseen & SUIT_MASKS[led]).count("1") < 2 * len(later)
            if could_be_void and not void >> SPADE & 1:
                spades = unseen & SPADES
                if best // 13 == SPADE:
                    spades &= higher_in_suit(best)
                if spades:
                    return True
        return False

    @staticmethod
    def _lowest(cards: list[int]) -> int:
        return min(cards, key=lambda c: (c % 13, c // 13 == SPADE))

    @staticmethod
    def _highest(cards: list[int]) -> int:
        return max(cards, key=lambda c: (c // 13 == SPADE, c % 13))

    def _discard(self, know: Knowledge, legal: list[int], shed_high: bool) -> int:
        """A card to throw when not following suit and not trumping."""
        side = [c for c in legal if c // 13 != SPADE] or legal
        if shed_high:
            return max(side, key=lambda c: (card_danger(c), c))

        # keep winners and length: throw the lowest card of the shortest suit
        def key(c: int) -> tuple[int, int, int]:
            suit_len = bin(know.hand & SUIT_MASKS[c // 13]).count("1")
            return (int(know.is_master(c)), suit_len, c % 13)

        return min(side, key=key)

    # -- nil play ----------------------------------------------------------------

    def _play_own_nil(
        self, know: Knowledge, legal: list[int], trick: list[tuple[int, int]], later: list[int]
    ) -> int:
        if not trick:
            return self._lead_low(know, legal, prefer_safe=True)
        _, best = self._current(trick)
        losers = [c for c in legal if not beats(c, best)]
        if losers:
            led = trick[0][1] // 13
            following = [c for c in losers if c // 13 == led]
            if following:
                return max(following)  # highest card that still loses
            return max(losers, key=lambda c: (card_danger(c), c))  # shed the most dangerous
        # every card wins: if nobody is left to overtake, win with the highest
        if not later:
            return self._highest(legal)
        return self._lowest(legal)

    def _lead_low(self, know: Knowledge, legal: list[int], prefer_safe: bool) -> int:
        """Lead the card least likely to win the trick."""

        def risk(c: int) -> tuple[int, float]:
            above = bin(know.unseen & higher_in_suit(c)).count("1")
            return (c // 13 == SPADE, -above + (c % 13) * 0.01)

        return min(legal, key=risk)

    # -- covering partner's nil -----------------------------------------------------

    def _play_cover(
        self,
        know: Knowledge,
        legal: list[int],
        trick: list[tuple[int, int]],
        later: list[int],
        partner: int,
    ) -> int | None:
        if not trick:
            # lead winners and high cards so the nil bidder can play under
            side = [c for c in legal if c // 13 != SPADE] or legal
            masters = [c for c in side if know.is_master(c)]
            if masters:
                return know.top_equivalent_low(max(masters, key=lambda c: c % 13))
            return max(side, key=lambda c: (c % 13, -bin(know.hand & SUIT_MASKS[c // 13]).count("1")))
        led = trick[0][1] // 13
        win_seat, best = self._current(trick)
        partner_played = any(s == partner for s, _ in trick)
        if partner_played:
            if win_seat == partner:
                winners = [c for c in legal if beats(c, best)]
                if winners:
                    return min(winners, key=lambda c: (c // 13 == SPADE, c % 13))  # overtake cheaply
                return self._lowest(legal)
            return None  # the nil bidder is safe in this trick: play for the contract
        # the nil bidder plays after us: play high so their card is safe
        following = [c for c in legal if c // 13 == led]
        if following:
            top = max(following)
            if beats(top, best):
                return know.top_equivalent_low(top)
            return min(following)
        spades = [c for c in legal if c // 13 == SPADE and beats(c, best)]
        if spades:
            return min(spades)
        return self._discard(know, legal, shed_high=False)

    # -- setting an opponent's nil ------------------------------------------------------

    def _play_set_nil(
        self,
        know: Knowledge,
        legal: list[int],
        trick: list[tuple[int, int]],
        later: list[int],
        nils: list[int],
    ) -> int | None:
        if not trick:
            target = nils[0]
            cands = [c for c in legal if not know.voids[target] >> (c // 13) & 1]
            if not cands:
                return None

            def under(c: int) -> tuple[int, int, int]:
                below = bin(know.unseen & SUIT_MASKS[c // 13] & ((1 << c) - 1)).count("1")
                above = bin(know.unseen & higher_in_suit(c)).count("1")
                return (c // 13 == SPADE, below, -above)

            return min(cands, key=under)
        led = trick[0][1] // 13
        win_seat, best = self._current(trick)
        if win_seat in nils:
            # the nil bidder is winning: do not overtake
            losers = [c for c in legal if not beats(c, best)]
            if losers:
                following = [c for c in losers if c // 13 == led]
                return max(following) if following else self._discard(know, losers, shed_high=True)
            return None
        if any(s in nils for s in later):
            following = [c for c in legal if c // 13 == led]
            if following:
                return min(following)  # duck under: let the nil bidder take it
            return None
        return None

    # -- contract play --------------------------------------------------------------------

    def _play_to_win(
        self,
        view: View,
        know: Knowledge,
        legal: list[int],
        trick: list[tuple[int, int]],
        later: list[int],
    ) -> int:
        partner = view.partner
        if not trick:
            return self._lead_to_win(view, know, legal)
        led = trick[0][1] // 13
        win_seat, best = self._current(trick)
        pos = len(trick)
        partner_winning = partner is not None and win_seat == partner
        following = [c for c in legal if c // 13 == led]
        if following:
            if partner_winning:
                sure = not self._later_can_beat(know, best, led, later)
                if sure or not later:
                    return min(following)
                top = max(following)
                if pos == 2 and beats(top, best) and not know.is_master(best):
                    return know.top_equivalent_low(top)  # third hand high
                return min(following)
            winners = [c for c in following if beats(c, best)]
            if not winners:
                return min(following)
            if not later:
                return min(winners)  # last to play: win as cheaply as possible
            if pos == 1:
                # second hand low, unless covering an honour or tricks are urgent
                need = know.side_state(view.side).need
                masters = [c for c in winners if know.is_master(c)]
                if masters and (best % 13 >= 9 or need >= know.tricks_left):
                    return know.top_equivalent_low(min(masters))
                if best % 13 >= 10 and winners:
                    return know.top_equivalent_low(max(winners))  # cover an honour
                return min(following)
            # third hand (partner led and was beaten) or later: play high, cheaply
            top = max(winners)
            return know.top_equivalent_low(top)
        # void in the led suit
        if partner_winning and (not later or not self._later_can_beat(know, best, led, later)):
            return self._discard(know, legal, shed_high=False)  # never trump partner's winner
        if partner_winning and best // 13 == led and know.is_master(best):
            # only a ruff can take the partner's trick: a ruff of ours would be overruffed or
            # spend a trump the trick does not need
            return self._discard(know, legal, shed_high=False)
        ruffs = [c for c in legal if c // 13 == SPADE and beats(c, best)]
        if ruffs:
            return min(ruffs)
        return self._discard(know, legal, shed_high=False)

    def _lead_to_win(self, view: View, know: Knowledge, legal: list[int]) -> int:
        opponents = know.opponents()
        partner = view.partner
        side_cards = [c for c in legal if c // 13 != SPADE]
        # 1. cash side-suit winners the opponents cannot ruff yet
        cash = []
        for c in side_cards:
            suit = c // 13
            if not know.is_master(c):
                continue
            left = bin(know.unseen & SUIT_MASKS[suit]).count("1")
            ruff_risk = any(
                (know.voids[o] >> suit & 1 or left < len(opponents) + 1) and not know.voids[o] >> SPADE & 1
                for o in opponents
            )
            if not ruff_risk:
                cash.append(c)
        if cash:
            return max(cash, key=lambda c: c % 13)
        spades = [c for c in legal if c // 13 == SPADE]
        # 2. draw trumps with the master spade
        if spades and know.is_master(max(spades)) and know.unseen & SPADES:
            return max(spades)
        # 3. a suit the partner can ruff
        if partner is not None:
            for c in sorted(side_cards, key=lambda c: c % 13):
                suit = c // 13
                if (
                    know.voids[partner] >> suit & 1
                    and not know.voids[partner] >> SPADE & 1
                    and not any(know.voids[o] >> suit & 1 for o in opponents)
                ):
                    return c
        if not side_cards:
            return min(spades) if spades else min(legal)

        # 4. lead low from a suit where that gives nothing away
        def suit_score(c: int) -> tuple[float, int]:
            suit = c // 13
            ranks = _suit_ranks(know.hand, suit)
            n = len(ranks)
            score = float(n)
            if 11 in ranks and 12 not in ranks and n <= 3:
                score -= 3  # don't lead away from a king
            if 10 in ranks and 12 not in ranks and 11 not in ranks and n <= 3:
                score -= 1.5
            if n == 1 and ranks[0] < 9:
                score += 1.5  # a singleton lead: ruff later
            return (score, -(c % 13))

        best_suit = max(side_cards, key=suit_score) // 13
        return min(c for c in side_cards if c // 13 == best_suit)

    def _play_to_duck(
        self, know: Knowledge, legal: list[int], trick: list[tuple[int, int]], later: list[int]
    ) -> int:
        if not trick:
            return self._lead_low(know, legal, prefer_safe=True)
        led = trick[0][1] // 13
        _, best = self._current(trick)
        following = [c for c in legal if c // 13 == led]
        if following:
            losers = [c for c in following if not beats(c, best)]
            if losers:
                return max(losers)
            return max(following) if not later else min(following)
        losers = [c for c in legal if not beats(c, best)]
        if losers:
            return self._discard(know, losers, shed_high=True)
        return min(legal)
