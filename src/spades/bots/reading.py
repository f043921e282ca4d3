"""Reading the other seats' cards from their play: how well a sampled deal fits the cards
each seat has played this hand, if it plays as the club player would.

Every card a seat played this hand is an *event*: the seat chose it from the hand it held
then, in a position everyone saw.  For a sampled deal, that hand is the seat's sampled cards
now plus the cards it has played since; :class:`~spades.bots.basic.BasicBot` (the club
player) is asked what it would have played with that hand.  A seat that plays like the club
player a share ``a`` of the time and otherwise any legal card makes the card it played
``a + (1 - a) / legal`` times as likely when the club player agrees (up to an equal card:
one that no card still out of sight separates from it) and ``(1 - a) / legal`` times when it
does not; a deal's *play fit* is the product over the events (:func:`play_fit`).

How far each seat plays like the club player is read hand after hand
(:class:`PlayReading`): once a hand is played out every card is known, so each choice the
seat made (an event with more than one legal card) agrees with the club player or not.
The share ``a`` is that agreement, shrunk towards :data:`AGREE_PRIOR` by a few choices of
prior; a seat that plays at random is read as such within a hand or two and its play then
says almost nothing of its cards.  The standard pack only (the club player's card choice in
the other packs is :mod:`~spades.bots.decks`'s).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Final

from ..cards import Card, CardSet
from ..core.tricks import legal_mask
from ..view import Phase, View
from .basic import BasicBot
from .knowledge import Knowledge

__all__ = ["AGREE_PRIOR", "PlayEvent", "PlayReading", "agrees", "play_events", "play_fit"]

#: the share of its choices a seat is taken to make as the club player would, before any is read
AGREE_PRIOR: Final = 0.5
#: the weight of that prior, in choices
PRIOR_CHOICES: Final = 4.0
#: the largest share read (a seat is never taken to be the club player itself)
AGREE_MAX: Final = 0.95
#: what a finished game's reading still counts for in the next game
CARRY: Final = 0.5


@dataclasses.dataclass(frozen=True)
class PlayEvent:
    """One card played this hand by ``seat``: its view then (its hand left out), the card,
    the cards it has played from then on (this one included), and the cards gone before
    the trick (played in earlier tricks)."""

    seat: int
    view: View
    card: int
    later: int
    gone: int
    know: Knowledge


def play_events(view: View, seats: set[int]) -> list[PlayEvent]:
    """The cards played this hand by ``seats``, each with the public position it was played
    in (a :class:`View` of that seat with no hand; see :func:`agrees`)."""
    rules = view.rules
    n = rules.num_seats
    plays: list[tuple[int, int, int, tuple[tuple[int, Card], ...]]] = []  # (trick, seat, card, before)
    tricks = list(view.tricks)
    for k, t in enumerate(tricks):
        order = t.seats(n)
        for j, played in enumerate(t.cards):
            plays.append((k, order[j], int(played), tuple(zip(order[:j], t.cards[:j]))))
    k_now = len(tricks)
    for j, (seat, card) in enumerate(view.trick):
        plays.append((k_now, seat, int(card), view.trick[:j]))
    out: list[PlayEvent] = []
    played_after = [0] * n  # per seat, the cards it played from the event on
    sizes = list(view.hand_sizes)
    for k, s, c, before in reversed(plays):
        played_after[s] |= 1 << c
        if s not in seats:
            continue
        gone = 0
        won = [0] * n
        broken = False
        for t in tricks[:k]:
            for x in t.cards:
                gone |= 1 << int(x)
                broken = broken or Card(x).suit == 3
            won[t.winner] += 1
        broken = broken or any(x.suit == 3 for _, x in before)
        hand_sizes = tuple(
            sizes[x] + (played_after[x].bit_count() if x != s else 0) for x in range(n)
        )
        past = dataclasses.replace(
            view,
            seat=s,
            phase=Phase.PLAY,
            to_act=s,
            hand=None,
            hand_sizes=hand_sizes,
            tricks_won=tuple(won),
            trick=before,
            leader=tricks[k].leader if k < k_now else view.leader,
            tricks=tuple(tricks[:k]),
            spades_broken=broken,
            passed=CardSet(),
            received=CardSet(),
            legal=(),
            extra={},
        )
        out.append(PlayEvent(s, past, c, played_after[s], gone, Knowledge(past)))
    return out


def agrees(event: PlayEvent, hand_now: int, model: BasicBot) -> tuple[bool, int] | None:
    """Would the club player, holding ``hand_now`` plus the cards played since, have played
    the event's card (or one equal to it)?  With how many legal cards; None when there was
    only one (no choice, nothing read)."""
    view = event.view
    rules = view.rules
    hand = hand_now | event.later
    led = view.trick[0][1].suit if view.trick else None
    legal = legal_mask(hand, led, rules.spades_must_be_broken, view.spades_broken)
    count = legal.bit_count()
    if count <= 1 or not legal >> event.card & 1:
        return None
    cards = []
    m = legal
    while m:
        low = m & -m
        cards.append(Card(low.bit_length() - 1))
        m ^= low
    past = copy.copy(view)  # (the event's view with the hand: the fields are set on a copy)
    object.__setattr__(past, "hand", CardSet(hand))
    object.__setattr__(past, "legal", tuple(cards))
    know = copy.copy(event.know)
    know.view = past
    know.hand = hand
    know.unseen &= ~hand
    know.separating &= ~hand
    chosen = model.choose_card(past, know)
    return _equal(chosen, event.card, hand | event.gone), count


def _equal(a: int, b: int, known: int) -> bool:
    """Are cards ``a`` and ``b`` equal for their holder: the same suit, and every card
    between them in ``known`` (its own hand or gone before the trick)."""
    if a == b:
        return True
    if a // 13 != b // 13:
        return False
    lo, hi = min(a, b), max(a, b)
    between = ((1 << hi) - 1) & ~((2 << lo) - 1)
    return between & ~known == 0


def play_fit(events: list[PlayEvent], deal: list[int], shares: dict[int, float], model: BasicBot) -> float:
    """How likely the cards played are under the deal ``deal`` (each seat's hand now), each
    seat playing as the club player a share ``shares[seat]`` of the time (see the module
    docstring)."""
    fit = 1.0
    for e in events:
        a = shares.get(e.seat, 0.0)
        if a <= 0:
            continue
        said = agrees(e, deal[e.seat], model)
        if said is None:
            continue
        same, count = said
        fit *= (a if same else 0.0) + (1 - a) / count
    return fit


class PlayReading:
    """One seat's reading of how closely each other seat plays as the club player, over the
    hands seen (see the module docstring)."""

    def __init__(self) -> None:
        self._last: View | None = None
        self.agreed: dict[int, float] = {}
        self.choices: dict[int, float] = {}
        self.model = BasicBot()

    def observe(self, view: View) -> None:
        """Remember the seat's latest view of the play; read the finished hand's choices."""
        last = self._last
        if last is not None and last.hand_number != view.hand_number:
            self._last = None
            if view.hand_number < last.hand_number or view.hands_played < last.hands_played:
                for d in (self.agreed, self.choices):  # a new game
                    for s in d:
                        d[s] *= CARRY
            self._read(last)
        if view.phase is Phase.PLAY and view.hand is not None:
            self._last = view

    def _read(self, view: View) -> None:
        """Fold in the choices of every seat whose cards were all seen by ``view`` (the
        seat's last view of a hand: a seat still to play in the last trick is skipped)."""
        n = view.rules.num_seats
        if len(view.tricks) < view.rules.tricks_per_hand - 1:
            return  # (the hand did not reach its end in view)
        seats = {s for s in range(n) if s != view.seat and view.hand_sizes[s] == 0}
        for e in play_events(view, seats):
            said = agrees(e, 0, self.model)
            if said is None:
                continue
            self.choices[e.seat] = self.choices.get(e.seat, 0.0) + 1
            self.agreed[e.seat] = self.agreed.get(e.seat, 0.0) + said[0]

    def share(self, seat: int) -> float:
        """The share of its choices ``seat`` is taken to make as the club player would."""
        agreed = self.agreed.get(seat, 0.0) + AGREE_PRIOR * PRIOR_CHOICES
        share = agreed / (self.choices.get(seat, 0.0) + PRIOR_CHOICES)
        return min(AGREE_MAX, share)

