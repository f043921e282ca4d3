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
from .i18n import N_, Term, _, ngettext, term
from .rules import OPTIONS, PRESETS, Rules
from .view import HandSummary

__all__ = ["HAND_LEGEND", "Narrator", "rule_words"]

#: how hands are written (str(CardSet)): the suits in this order, '-' for a void
HAND_LEGEND = N_("Hands are written spades.hearts.diamonds.clubs; T is the ten and - a void suit.")


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
        self.side_label = side_label or (lambda side: term(rules.side_name(side)))
        self.card = card

    def _default_label(self, seat: int) -> str:
        return _("You") if seat == self.you else term(self.rules.seat_name(seat))

    def _says(self, seat: int, mine: str, theirs: str, **params: object) -> str:
        """``mine`` (said to the person of their own act: "You bid 4", no seat name in it)
        or ``theirs`` (filled in with ``{who}``, the seat's label), already translated, with
        ``params``.  The person's own label is never put into a sentence: no language
        conjugates «Вы», «Þú» like a seat name."""
        if seat == self.you:
            return mine.format(**params)
        return theirs.format(who=self._named(seat), **params)

    def _named(self, seat: int) -> Term:
        """The seat's label as a :class:`~spades.i18n.Term`, which a translation may decline
        (``{who:gen}``); a label that is not a seat's name (a person's) stays as it is."""
        name = self.label(seat)
        return name if isinstance(name, Term) else Term(name)

    def _card_words(self, card: Card) -> str:
        """One card as a sentence names it: a joker in words ("the big joker"), else ``card``."""
        if card.is_joker:
            return _(_JOKER_WORDS[card - 52])
        return self.card(card)

    def _cards(self, cards: CardSet | Sequence[Card]) -> str:
        ordered = cards.sorted() if isinstance(cards, CardSet) else list(cards)
        return " ".join(self.card(c) for c in ordered)

    # -- one event -----------------------------------------------------------------------

    def event(self, ev: Event) -> list[str]:
        """The lines that tell ``ev`` (none for events that need no words)."""
        if isinstance(ev, CardPlayed):
            card = self._card_words(ev.card)
            return [self._says(ev.seat, _("You play {card}"), _("{who} plays {card}"), card=card)]
        if isinstance(ev, SpadesBroken):
            return [_("Spades are broken")]
        if isinstance(ev, TrickWon):
            return [self._says(ev.winner, _("You win the trick"), _("{who} wins the trick"))]
        if isinstance(ev, BidMade):
            if ev.bid.is_blind_bid:  # "blind 7": a blind bid for the side (RULES.md section 7)
                what = _("blind {n}").format(n=ev.bid.tricks)
            else:
                what = term("blind nil" if ev.bid.blind else ev.bid.label())
            return [self._says(ev.seat, _("You bid {bid}"), _("{who} bids {bid}"), bid=what)]
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
        giver, receiver = self._named(ev.giver), self._named(ev.receiver)
        if ev.cards is not None and ev.giver == self.you:
            return _("You pass {cards} to {receiver}").format(cards=self._cards(ev.cards), receiver=receiver)
        if ev.cards is not None and ev.receiver == self.you:
            return _("{giver} passes you {cards}").format(giver=giver, cards=self._cards(ev.cards))
        if ev.cards is not None and self.you is None:
            return ngettext(
                "{giver} passes {n} card to {receiver}: {cards}",
                "{giver} passes {n} cards to {receiver}: {cards}",
                ev.count,
            ).format(giver=giver, n=ev.count, receiver=receiver, cards=self._cards(ev.cards))
        if ev.giver == self.you:
            return ngettext(
                "You pass {n} card to {receiver}", "You pass {n} cards to {receiver}", ev.count
            ).format(n=ev.count, receiver=receiver)
        if ev.receiver == self.you:
            return ngettext("{giver} passes you {n} card", "{giver} passes you {n} cards", ev.count).format(
                giver=giver, n=ev.count
            )
        return ngettext(
            "{giver} passes {n} card to {receiver}", "{giver} passes {n} cards to {receiver}", ev.count
        ).format(giver=giver, n=ev.count, receiver=receiver)

    def _drawn(self, ev: Drawn) -> str:
        if ev.seat != self.you:
            return _("{who} draws").format(who=self._named(ev.seat))
        if ev.card is None or ev.discarded is None:
            return _("You draw")
        return _("You keep {card} and discard {discarded}").format(
            card=self._card_words(ev.card), discarded=self._card_words(ev.discarded)
        )

    def _redrawn(self, ev: Redrawn) -> str:
        k = ev.count
        if ev.seat == self.you and ev.discarded is not None and ev.taken is not None:
            if not k:
                return _("You keep your cards")
            return _("You discard {cards} and draw {taken}").format(
                cards=self._cards(ev.discarded), taken=self._cards(ev.taken)
            )
        text = self._says(
            ev.seat,
            ngettext("You discard {n} card and redraw", "You discard {n} cards and redraw", k),
            ngettext("{who} discards {n} card and redraws", "{who} discards {n} cards and redraws", k),
            n=k,
        )
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
        return _("Hand {number} over: ").format(number=summary.number + 1) + ", ".join(parts)

    def hand_result(self, summary: HandSummary) -> list[str]:
        """The hand in full: each seat's bid, tricks and nil; each side's points, notes and totals."""
        rules = self.rules
        name = rules.seat_name
        out = [_("Result:")]
        for seat in range(rules.num_seats):
            bid = summary.bids[seat]
            nil = ""
            made = summary.nil_made[seat]
            if made is not None:
                if bid is not None and bid.blind:
                    nil = _("  (blind nil made)") if made else _("  (blind nil failed)")
                else:
                    nil = _("  (nil made)") if made else _("  (nil failed)")
            out.append(
                _("  {seat:<6} bid {bid:<9} took {tricks:>2}").format(
                    seat=term(name(seat)),
                    bid=term(bid.label()) if bid is not None else "-",  # "-": no bid (a blind bid's partner)
                    tricks=summary.tricks[seat],
                )
                + nil
            )
        for side in range(rules.num_sides):
            extra = []
            if summary.made[side] is False:
                extra.append(_("set"))
            if summary.bag_penalties[side]:
                extra.append(_("bag penalty x{n}").format(n=summary.bag_penalties[side]))
            if summary.boston[side]:
                extra.append(_("Boston"))
            note = f" [{', '.join(extra)}]" if extra else ""
            out.append(
                _("  {side}: {points:+d}{note}, total {total}, bags {bags}").format(
                    side=self.side_label(side),
                    points=summary.points[side],
                    note=note,
                    total=summary.scores[side],
                    bags=summary.bags[side],
                )
            )
        return out

    def game_over(self, winner: int | None, scores: Sequence[int]) -> str:
        """``'Game over: North-South win 512 to 380.'`` (or a draw)."""
        if winner is None:
            return _("Game over: a draw at {scores}.").format(scores=_(" to ").join(map(str, scores)))
        rest = _(" to ").join(str(s) for i, s in enumerate(scores) if i != winner)
        mine = self.you is not None and self.rules.side_of(self.you) == winner
        if mine and not self.rules.partnerships:
            text = _("Game over: you win {score} to {rest}.")
        elif self.rules.partnerships:
            text = _("Game over: {side} win {score} to {rest}.")
        else:
            text = _("Game over: {side} wins {score} to {rest}.")
        return text.format(side=self.side_label(winner), score=scores[winner], rest=rest)


# -- house rules in words -----------------------------------------------------------------

#: the labels of ``spades.rules.OPTIONS``, marked for translation (a test checks that
#: every option's label is here)
OPTION_LABELS: tuple[str, ...] = (
    N_("target score"),
    N_("losing score"),
    N_("nil"),
    N_("nil bonus"),
    N_("blind nil"),
    N_("blind nil bonus"),
    N_("blind nil exchange"),
    N_("blind nil only when behind by"),
    N_("bag limit"),
    N_("bag penalty"),
    N_("Boston bonus"),
    N_("Boston wins"),
    N_("spades must be broken"),
    N_("most tricks partners may bid"),
    N_("nil tricks count for partner"),
    N_("hands per game"),
    N_("first dealer"),
    # house rules (RULES.md section 7)
    N_("bidding"),
    N_("nil exchange"),
    N_("least tricks partners may bid"),
    N_("ten for two hundred"),
    N_("blind bids when behind by"),
    N_("smallest blind bid"),
    N_("first lead"),
    N_("deck"),
)
#: the jokers (card ids 52 and 53) in words, as narration names a card played or drawn
_JOKER_WORDS: tuple[str, ...] = (N_("the little joker"), N_("the big joker"))
#: the words for an option without a number (``Option.none``)
_NONE_WORDS: tuple[str, ...] = (N_("none"), N_("no limit"), N_("play to the target"), N_("random"))


def _amount(value: int, unit: str) -> str:
    if unit == "points":
        return ngettext("{n} point", "{n} points", value).format(n=value)
    if unit == "cards":
        return ngettext("{n} card", "{n} cards", value).format(n=value)
    if unit == "bags":
        return ngettext("{n} bag", "{n} bags", value).format(n=value)
    if unit == "tricks":
        return ngettext("{n} trick", "{n} tricks", value).format(n=value)
    if unit == "hands":
        return ngettext("{n} hand", "{n} hands", value).format(n=value)
    return str(value)


def rule_words(rules: Rules) -> list[str]:
    """The options that differ from the variant's preset in a player's words, in the
    language in use (:meth:`Rules.describe_for_players`, translated)."""
    base = PRESETS[rules.variant]
    out: list[str] = []
    for opt in OPTIONS:
        value = getattr(rules, opt.name)
        if value == getattr(base, opt.name):
            continue
        if opt.kind == "bool":
            text = _("on") if value else _("off")
        elif opt.kind == "choice":
            text = str(value)  # the option's own word (bidding, first lead), as the flags take it
        elif value is None:
            text = _(opt.none or "none")
        else:
            text = _amount(value, opt.unit)
        out.append(_("{option}: {value}").format(option=_(opt.label), value=text))
    return out
