"""Events in words: one place that says what happened, for every front end.

The terminal game, the web server and ``spades replay`` all turn the events of
:meth:`spades.game.Game.apply` into text through a :class:`Narrator`.  A
narrator speaks to one seat (``you``: "You bid 4", "West passes you AS KS QS")
or, with ``you=None``, to an onlooker who may see everything (a replay).

>>> from spades import Rules
>>> from spades.events import BidMade, TrickWon
>>> from spades.bids import Bid
>>> from spades.cards import Card
>>> n = Narrator(Rules(), you=2)
>>> n.event(BidMade(2, Bid(4))), n.event(BidMade(1, Bid.nil()))
(['You bid 4'], ['East bids nil'])
>>> n.event(TrickWon(2, (Card.parse("AS"),) * 4, 0, 1))
['You win the trick']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card, CardSet
from .events import (
    BidMade,
    CardPlayed,
    Drawn,
    Event,
    ExchangePassed,
    GameOver,
    HandScored,
    Redrawn,
    SpadesBroken,
    TrickWon,
)
from .rules import Rules
from .view import HandSummary

__all__ = ["HAND_LEGEND", "Narrator"]

#: how hands are written (str(CardSet)): the suits in this order, '-' for a void
HAND_LEGEND = "Hands are written spades.hearts.diamonds.clubs; T is the ten and - a void suit."


class Narrator:
    """Words for events, spoken to seat ``you`` (None: an onlooker who sees all).

    ``label(seat)`` names a seat ("You", "West"), ``side_label(side)`` a side and
    ``card(c)`` a card; the defaults use the rules' seat names and card notation.
    """

    def __init__(
        self,
        rules: Rules,
        you: int | None = None,
        label: Callable[[int], str] | None = None,
        side_label: Callable[[int], str] | None = None,
        card: Callable[[Card], str] = str,
    ) -> None:
        self.rules = rules
        self.you = you
        self.label = label or self._default_label
        self.side_label = side_label or rules.side_name
        self.card = card

    def _default_label(self, seat: int) -> str:
        return "You" if seat == self.you else self.rules.seat_name(seat)

    def _says(self, seat: int, verb: str, verbs: str) -> str:
        return f"{self.label(seat)} {verb if seat == self.you else verbs}"

    def _cards(self, cards: CardSet | Sequence[Card]) -> str:
        ordered = cards.sorted() if isinstance(cards, CardSet) else list(cards)
        return " ".join(self.card(c) for c in ordered)

    # -- one event -----------------------------------------------------------------------

    def event(self, ev: Event) -> list[str]:
        """The lines that tell ``ev`` (none for events that need no words)."""
        if isinstance(ev, CardPlayed):
            return [f"{self._says(ev.seat, 'play', 'plays')} {self.card(ev.card)}"]
        if isinstance(ev, SpadesBroken):
            return ["Spades are broken"]
        if isinstance(ev, TrickWon):
            return [f"{self._says(ev.winner, 'win', 'wins')} the trick"]
        if isinstance(ev, BidMade):
            what = "blind nil" if ev.bid.blind else ev.bid.label()
            return [f"{self._says(ev.seat, 'bid', 'bids')} {what}"]
        if isinstance(ev, ExchangePassed):
            return [self._exchange(ev)]
        if isinstance(ev, Drawn):
            return [self._drawn(ev)]
        if isinstance(ev, Redrawn):
            return [self._redrawn(ev)]
        if isinstance(ev, HandScored):
            return [self.hand_over(ev.summary)]
        if isinstance(ev, GameOver):
            return [self.game_over(ev.winner, ev.scores)]
        return []

    def _exchange(self, ev: ExchangePassed) -> str:
        giver, receiver = self.label(ev.giver), self.label(ev.receiver)
        if ev.cards is not None and ev.giver == self.you:
            return f"You pass {self._cards(ev.cards)} to {receiver}"
        if ev.cards is not None and ev.receiver == self.you:
            return f"{giver} passes you {self._cards(ev.cards)}"
        plural = "s" if ev.count != 1 else ""
        if ev.cards is not None and self.you is None:
            return f"{giver} passes {ev.count} card{plural} to {receiver}: {self._cards(ev.cards)}"
        return f"{giver} passes {ev.count} card{plural} to {receiver}"

    def _drawn(self, ev: Drawn) -> str:
        if ev.seat != self.you or ev.card is None or ev.discarded is None:
            return f"{self.label(ev.seat)} draws"
        return f"You keep {self.card(ev.card)} and discard {self.card(ev.discarded)}"

    def _redrawn(self, ev: Redrawn) -> str:
        k = ev.count
        if ev.seat == self.you and ev.discarded is not None and ev.taken is not None:
            if not k:
                return "You keep your cards"
            return f"You discard {self._cards(ev.discarded)} and draw {self._cards(ev.taken)}"
        text = f"{self._says(ev.seat, 'discard', 'discards')} {k} card{'s' if k != 1 else ''} and redraws"
        if self.you is None and k and ev.discarded is not None:
            text += f" ({self._cards(ev.discarded)})"
        return text

    # -- hands and games -------------------------------------------------------------------

    def hand_over(self, summary: HandSummary) -> str:
        """One line: ``'Hand 3 over: North-South +72 (310), East-West -40 (205)'``."""
        parts = [
            f"{self.side_label(s)} {summary.points[s]:+d} ({summary.scores[s]})"
            for s in range(self.rules.num_sides)
        ]
        return f"Hand {summary.number + 1} over: " + ", ".join(parts)

    def hand_result(self, summary: HandSummary) -> list[str]:
        """The hand in full: each seat's bid, tricks and nil; each side's points, notes and totals."""
        rules = self.rules
        name = rules.seat_name
        out = ["Result:"]
        for seat in range(rules.num_seats):
            bid = summary.bids[seat]
            nil = ""
            made = summary.nil_made[seat]
            if made is not None:
                kind = "blind nil" if bid.blind else "nil"
                nil = f"  ({kind} {'made' if made else 'failed'})"
            out.append(f"  {name(seat):<6} bid {bid.label():<9} took {summary.tricks[seat]:>2}{nil}")
        for side in range(rules.num_sides):
            extra = []
            if summary.made[side] is False:
                extra.append("set")
            if summary.bag_penalties[side]:
                extra.append(f"bag penalty x{summary.bag_penalties[side]}")
            if summary.boston[side]:
                extra.append("Boston")
            note = f" [{', '.join(extra)}]" if extra else ""
            out.append(
                f"  {self.side_label(side)}: {summary.points[side]:+d}{note}, "
                f"total {summary.scores[side]}, bags {summary.bags[side]}"
            )
        return out

    def game_over(self, winner: int | None, scores: Sequence[int]) -> str:
        """``'Game over: North-South win 512 to 380.'`` (or a draw)."""
        if winner is None:
            return f"Game over: a draw at {' to '.join(map(str, scores))}."
        rest = " to ".join(str(s) for i, s in enumerate(scores) if i != winner)
        mine = self.you is not None and self.rules.side_of(self.you) == winner
        verb = "win" if mine or self.rules.partnerships else "wins"
        return f"Game over: {self.side_label(winner)} {verb} {scores[winner]} to {rest}."
