"""A plain player for the packs other than the standard one (RULES.md section 7: jokers,
jokers-deuces, deuces): ``basic``'s card play there (its bids and passes read the pack
through :func:`~spades.bots.basic.hand_ranks`), and the club player's card that the
``expert`` starts with a lead on those packs; and the play-outs' card layout of a pack
(:func:`slot_layout`).

It reads each card by its play suit and its power in the deck (a joker is the highest
spade, the 2 of diamonds a spade in the deuces packs), never by ``id // 13``:

* bids: a trump is a trick when fewer higher trumps are missing than the trumps held below
  it (a big joker always; a little joker with one trump beside it), trumps beyond four
  are tricks, an ace of a side suit is a trick, a guarded king most of one; nil on a hand
  with no trump among the top six and nothing high in the side suits; the nearest legal
  bid (so Mirror, Whiz, Suicide and the least side bid hold);
* play: a live nil plays its highest card that still loses; beside a partner's live nil
  the seat leads high, takes a trick the partner is winning and plays high before it; a
  side that needs tricks wins
  them as cheaply as it can (last to play, or with a card no unseen one beats) and else
  plays low; a side that has its tricks ducks with its highest losing card;
* exchanges: low cards to a nil bidder, the most powerful cards back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Pass
from ..bids import Bid
from ..cards import Card
from ..core.deck import Deck, deck_of
from ..rules import Rules
from ..solver.layout import Layout, layout_of
from ..view import View
from .knowledge import bit_cards

__all__ = ["SlotLayout", "deck_act", "deck_for", "deck_tricks", "slot_layout"]


def deck_for(rules: Rules) -> Deck | None:
    """The rules' deck when it is not the standard pack, else None (the bots' own path)."""
    name = getattr(rules, "deck", "standard")
    if name == "standard":
        return None
    return deck_of(name, rules.variant == "three-player")


#: where the expert's play-outs put each card of a pack: the double-dummy solver's layout
#: (:class:`spades.solver.layout.Layout`: a side-suit card at ``13 * suit + power``, the trump
#: suit on bits 39-54 from its lowest card up; the identity for the standard pack)
SlotLayout = Layout


def slot_layout(deck: Deck | None) -> SlotLayout:
    """The play-outs' layout of ``deck`` (None: the standard pack)."""
    return layout_of(deck if deck is not None else deck_of("standard", False))


def deck_tricks(deck: Deck, hand: int) -> float:
    """The tricks a hand (card mask) is counted to take in this deck."""
    tricks = 0.0
    trumps = [c for c in deck.ranked[3] if hand >> c & 1]
    for i, c in enumerate(reversed(trumps)):  # lowest first: i trumps held below c
        above = deck.ranked[3].index(c)
        held_above = len(trumps) - 1 - i
        if above - held_above <= i:
            tricks += 1.0
    tricks += max(0, len(trumps) - 4)
    for suit in range(3):
        held = [c for c in deck.ranked[suit] if hand >> c & 1]
        top = deck.ranked[suit]
        if held and held[0] == top[0]:
            tricks += 1.0
        if len(top) > 1 and top[1] in held and len(held) >= 2:
            tricks += 0.6
    return tricks


def _nil_hand(deck: Deck, hand: int) -> bool:
    trumps = [c for c in deck.ranked[3] if hand >> c & 1]
    if len(trumps) > 3 or any(c in deck.ranked[3][:6] for c in trumps):
        return False
    for suit in range(3):
        held = [c for c in deck.ranked[suit] if hand >> c & 1]
        if held and deck.power[held[0]] >= 10 and len(held) <= 3:
            return False  # a queen or better without cover
    return True


def _bid(deck: Deck, view: View, legal: Sequence[Action]) -> Action:
    bids = [a for a in legal if isinstance(a, Bid) and not a.blind]
    if not bids:
        return legal[-1]  # a blind choice: look
    hand = view.hand.mask if view.hand is not None else 0
    if Bid(0) in bids and _nil_hand(deck, hand):
        return Bid(0)
    want = max(1, int(deck_tricks(deck, hand) + 0.45))
    numbers = [b for b in bids if not b.is_nil] or bids
    return min(numbers, key=lambda b: (abs(b.tricks - want), b.tricks))


def _winner(deck: Deck, cards: list[int]) -> int:
    return cards[deck.trick_winner(cards)]


def _master(deck: Deck, card: int, unseen: int) -> bool:
    """No unseen card of the card's play suit is more powerful."""
    s = deck.suit_of[card]
    return not any(unseen >> c & 1 for c in deck.ranked[s] if deck.power[c] > deck.power[card])


def _play(deck: Deck, view: View, legal: list[int]) -> int:
    me = view.seat
    rules = view.rules
    trick = [int(c) for _, c in view.trick]
    hand = view.hand.mask if view.hand is not None else 0
    unseen = deck.mask & ~hand & ~view.played.mask
    power = deck.power
    low = min(legal, key=lambda c: (deck.suit_of[c] == 3, power[c]))
    bid = view.bids[me]
    side = rules.side_of(me)
    mates = [s for s in range(rules.num_seats) if rules.side_of(s) == side]
    contract = sum(b.tricks for s in mates if (b := view.bids[s]) is not None)
    taken = sum(view.tricks_won[s] for s in mates if (b := view.bids[s]) is None or not b.is_nil)
    nil = bid is not None and bid.is_nil and view.tricks_won[me] == 0
    partner = view.partner
    partner_bid = view.bids[partner] if partner is not None else None
    if not nil and partner is not None and partner_bid is not None and partner_bid.is_nil \
            and view.tricks_won[partner] == 0:
        return _cover(deck, view, legal, partner, low)
    if not trick:
        if nil or taken >= contract:
            return low
        masters = [c for c in legal if deck.suit_of[c] != 3 and _master(deck, c, unseen)]
        return max(masters, key=power.__getitem__) if masters else low
    best = _winner(deck, trick)
    losers = [c for c in legal if not deck.beats(c, best)]
    winners = [c for c in legal if deck.beats(c, best)]
    if nil or taken >= contract:
        if losers:
            return max(losers, key=lambda c: (power[c], deck.suit_of[c] != 3))
        return min(legal, key=power.__getitem__)
    last = len(trick) == rules.num_seats - 1
    sure = [c for c in winners if last or _master(deck, c, unseen)]
    if sure:
        return min(sure, key=lambda c: (deck.suit_of[c] == 3, power[c]))
    return low


def _cover(deck: Deck, view: View, legal: list[int], partner: int, low: int) -> int:
    """A card beside the partner's live nil: lead high side cards; over a partner winning
    the trick, the cheapest card that takes it; before the partner plays, the highest card
    (so that the partner can play under it)."""
    power = deck.power
    trick = [int(c) for _, c in view.trick]
    if not trick:
        sides = [c for c in legal if deck.suit_of[c] != 3] or legal
        return max(sides, key=power.__getitem__)
    n = view.rules.num_seats
    leader = view.trick[0][0]
    win_seat = (leader + deck.trick_winner(trick)) % n
    best = _winner(deck, trick)
    winners = [c for c in legal if deck.beats(c, best)]
    if win_seat == partner:
        return min(winners, key=lambda c: (deck.suit_of[c] == 3, power[c])) if winners else low
    if winners and partner not in {seat for seat, _ in view.trick}:
        # the partner plays after this seat: take the trick as high as possible
        return max(winners, key=lambda c: (deck.suit_of[c] == 3, power[c]))
    return low


def _pass(deck: Deck, view: View) -> Pass:
    hand = view.hand.mask if view.hand is not None else 0
    _, receiver = view.exchange if view.exchange is not None else (view.seat, view.seat)
    receiver_bid = view.bids[receiver]
    to_nil = receiver_bid is not None and receiver_bid.is_nil and receiver != view.seat
    k = view.exchange_size or view.rules.blind_nil_exchange
    order = sorted(bit_cards(hand), key=lambda c: (deck.suit_of[c] == 3, deck.power[c]))
    chosen = order[:k] if to_nil else order[::-1][:k]
    mask = 0
    for c in chosen:
        mask |= 1 << c
    return Pass(mask)


def deck_act(deck: Deck, view: View, legal: Sequence[Action]) -> Action:
    """The plain player's action (see the module docstring); always one of ``legal``."""
    phase = view.phase
    if phase == "play":
        cards = {int(c): c for c in legal if isinstance(c, Card)}
        if cards:
            return cards[_play(deck, view, list(cards))]
    elif phase in ("bid", "blind"):
        action = _bid(deck, view, legal)
        if action in legal:
            return action
    elif phase == "exchange":
        action = _pass(deck, view)
        if action in legal or not legal:
            return action
    return legal[-1] if phase == "blind" else legal[0]
