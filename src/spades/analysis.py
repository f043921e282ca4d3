"""After the hand: a double-dummy review of every bid and every card of a game.

:func:`analyse_record` replays a game record (:meth:`spades.Game.to_record`, a
game saved by ``spades play``, a file of ``spades match --records``) through the
rules engine and, at every card played, asks the double-dummy solver
(:mod:`spades.solver`) what each legal card was worth with every hand in view:

* a seat that bid nil (or blind nil) and has taken no trick yet wants to take
  none: the value of a card is the number of tricks the other side(s) can then
  force on it (its partner helping it), and lower is better (objective
  ``"nil"``);
* every other seat plays for its side's tricks (objective ``"tricks"``): the
  value of a card is the number of tricks its side takes from this trick on,
  this trick included, if everyone then plays perfectly; exactly what
  :func:`spades.solver.solve` returns.  Partnerships count the partnership;
  in individual games (cutthroat, three or two players) the seat counts alone
  against all the others together (the solver's *paranoid* reading: the
  tricks the seat can guarantee whatever the others do).

A :class:`Decision` holds those values, the best cards and the *loss*: how many
tricks worse the card played was than the best card (0 or more).  Before the
first lead of each hand a :class:`SideReview` compares what each side bid with
what it could take double dummy, and whether each nil could survive.

Double dummy sees every card, which no player does.  With ``informed=N`` each
decision is also judged on what the player could know: ``N`` deals of the
unseen cards are drawn consistently with the seat's view by the expert
player's sampler (:func:`spades.bots.simulate.sample_deals`: hand sizes, shown
voids, exchanged cards, bids), every legal card is solved on each, and the
best card is the one with the best average (:class:`InformedView`).  A card
that was best on the information is then not called a mistake even when the
hidden cards happened to lie against it.

Speed: the searches of one hand share one transposition table, and the
partnership objective is always searched from side 0's point of view (the
game is zero-sum), so the table built at one card serves every later card of
the hand; see ``docs/analysis.md`` for measured times.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bids import Bid, bid_labels
from .cards import Card
from .core.deck import Deck, deck_of, rules_deck
from .errors import RecordError
from .game import Game, Phase
from .i18n import N_, _, ngettext, number, term
from .rules import Rules

__all__ = [
    "COSTLY",
    "NIL_SEARCH_CARDS",
    "Analysis",
    "Decision",
    "GameInfo",
    "HandAnalysis",
    "InformedView",
    "NilReview",
    "SideReview",
    "analyse_game",
    "analyse_record",
    "analyse_records",
    "load_records",
    "player_label",
    "review_lines",
]

#: an informed loss (average tricks) at or above this marks a decision as a mistake
#: even on what the player could know
COSTLY = 0.25

#: nils are searched to the end of the hand from this many cards a hand down; with more
#: cards they are judged on the current trick alone (a whole-hand nil search there can
#: take minutes: the solver's bounds serve trick counts, not "one trick or none")
NIL_SEARCH_CARDS = 9


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class InformedView:
    """A decision judged on what the player could know: the average double-dummy
    value of each legal card over ``samples`` deals of the unseen cards."""

    samples: int
    values: dict[Card, float]
    best: tuple[Card, ...]
    loss: float
    nils: dict[int, dict[Card, float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "samples": self.samples,
            "values": {str(c): round(v, 3) for c, v in sorted(self.values.items())},
            "best": [str(c) for c in self.best],
            "loss": round(self.loss, 3),
        }
        if self.nils:
            out["nils"] = {str(z): {str(c): round(v, 3) for c, v in sorted(nv.items())}
                           for z, nv in self.nils.items()}
        return out


@dataclass(frozen=True)
class Decision:
    """One card played, with the double-dummy value of every legal card.

    ``values`` are the tricks of the seat's side from this trick on, this trick
    included, for every legal card, exactly as :func:`spades.solver.solve` gives
    them.  While a nil is alive (its bidder has taken no trick), ``nils`` maps
    the nil bidder to 1 or 0 per card: can the others force a trick on it after
    that card.  A seat first keeps its own or its partner's nil alive, or sets
    an opponent's (a nil is worth ten tricks or more), then plays for tricks.
    ``objective`` says which applied: ``"nil"`` (the seat's own nil is alive),
    ``"nil+tricks"`` (another seat's is), ``"tricks"``.  ``loss`` is how much
    worse the card played was than the best (0 or more): the nils given up when
    it gave one up, else the tricks lost.
    """

    game: int
    hand: int
    trick: int
    seat: int
    card: Card
    objective: str
    values: dict[Card, int]
    best: tuple[Card, ...]
    loss: int
    informed: InformedView | None = None
    nils: dict[int, dict[Card, int]] = field(default_factory=dict)
    #: the tricks that still matter to the contracts: the side's own, or enough to set
    #: the opponents (whichever is more); tricks beyond it (bags) are not counted
    counted: int = 13

    @property
    def value(self) -> int:
        return self.values[self.card]

    @property
    def best_value(self) -> int:
        return self.values[self.best[0]]

    @property
    def forced(self) -> bool:
        """Only one legal card (nothing was decided)."""
        return len(self.values) == 1

    @property
    def mistake(self) -> bool:
        """Costly double dummy and, when the informed view was computed, also on
        what the player could know."""
        if self.loss <= 0:
            return False
        return self.informed is None or self.informed.loss >= COSTLY

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "card": str(self.card),
            "objective": self.objective,
            "value": self.value,
            "best": [str(c) for c in self.best],
            "best_value": self.best_value,
            "counted": self.counted,
            "loss": self.loss,
            "values": {str(c): v for c, v in sorted(self.values.items())},
        }
        if self.nils:
            out["nils"] = {str(z): {str(c): v for c, v in sorted(nv.items())} for z, nv in self.nils.items()}
        if self.informed is not None:
            out["informed"] = self.informed.to_dict()
        return out


@dataclass(frozen=True)
class NilReview:
    """A nil bid: could it survive double dummy, and did it?

    ``can_survive`` is decided at the start of trick ``checked_at``: the first lead
    when the hands are small enough for an exact nil search (at most
    :data:`NIL_SEARCH_CARDS` cards), else the first trick that starts with hands that
    small (trick 5 of a 13-card hand); False with ``checked_at`` None when the nil had
    already taken a trick by then, None when the hand ended (or the record stops)
    before."""

    seat: int
    blind: bool
    can_survive: bool | None
    survived: bool | None  # None while the hand is unfinished
    checked_at: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "blind": self.blind, "can_survive": self.can_survive,
                "checked_at": self.checked_at, "survived": self.survived}


@dataclass(frozen=True)
class SideReview:
    """A side's bid against its double-dummy tricks from the first lead."""

    side: int
    seats: tuple[int, ...]
    contract: int  # the sum of the side's non-nil bids
    dd_tricks: int  # tricks the side (all its seats) takes double dummy
    took: int | None  # tricks it took (None while the hand is unfinished)
    nils: tuple[NilReview, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "seats": list(self.seats),
            "contract": self.contract,
            "dd_tricks": self.dd_tricks,
            "took": self.took,
            "nils": [n.to_dict() for n in self.nils],
        }


@dataclass(frozen=True)
class HandAnalysis:
    """The review of one hand: the bids and every card played."""

    game: int
    hand: int  # 1-based, as ``spades replay`` numbers hands
    dealer: int
    #: None for a seat that made no bid (the partner of a blind bid, RULES.md section 7)
    bids: tuple[Bid | None, ...]
    sides: tuple[SideReview, ...]
    decisions: tuple[Decision, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int | None], ...]  # (leader, cards, winner)
    complete: bool
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand": self.hand,
            "dealer": self.dealer,
            "bids": bid_labels(self.bids),
            "sides": [s.to_dict() for s in self.sides],
            "complete": self.complete,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class GameInfo:
    """A record analysed: its name (file), rules and who sat where (when it says)."""

    index: int
    name: str
    rules: Rules
    players: tuple[str | None, ...]


def player_label(entry: object) -> str | None:
    """A short label for a ``"players"`` entry of a record: the bot's name or the person's."""
    if not isinstance(entry, dict):
        return None
    if entry.get("kind") == "bot" and isinstance(entry.get("bot"), str):
        return str(entry["bot"])
    if entry.get("kind") == "human":
        name = entry.get("name")
        return f"human:{name}" if isinstance(name, str) and name else "human"
    return None


def _tally(decisions: Iterable[Decision]) -> dict[str, Any]:
    cards = choices = costly = mistakes = lost = 0
    informed_lost = 0.0
    informed_cards = 0
    for d in decisions:
        cards += 1
        choices += not d.forced
        lost += d.loss
        costly += d.loss > 0
        mistakes += d.mistake
        if d.informed is not None:
            informed_cards += 1
            informed_lost += d.informed.loss
    out: dict[str, Any] = {
        "cards": cards,
        "choices": choices,
        "tricks_lost": lost,
        "loss_per_card": round(lost / cards, 4) if cards else 0.0,
        "costly": costly,
        "mistakes": mistakes,
    }
    if informed_cards:
        out["informed_tricks_lost"] = round(informed_lost, 3)
        out["informed_loss_per_card"] = round(informed_lost / informed_cards, 4)
    return out


@dataclass
class Analysis:
    """The review of one or more game records."""

    games: list[GameInfo] = field(default_factory=list)
    hands: list[HandAnalysis] = field(default_factory=list)

    @property
    def decisions(self) -> list[Decision]:
        return [d for h in self.hands for d in h.decisions]

    def seat_summary(self) -> list[dict[str, Any]]:
        """Per seat (over every game): cards analysed, tricks lost, costly cards."""
        n = max((g.rules.num_seats for g in self.games), default=0)
        names = self.games[0].rules if self.games else None
        out = []
        for s in range(n):
            row = {"seat": s, "name": names.seat_name(s) if names and s < names.num_seats else f"Seat {s}"}
            row.update(_tally(d for d in self.decisions if d.seat == s))
            out.append(row)
        return out

    def side_summary(self) -> list[dict[str, Any]]:
        """Per side (over every game), with the bids' double-dummy review."""
        k = max((g.rules.num_sides for g in self.games), default=0)
        out = []
        for side in range(k):
            decs = [d for d in self.decisions if self.games[d.game].rules.side_of(d.seat) == side]
            row: dict[str, Any] = {"side": side}
            row.update(_tally(decs))
            reviews = [s for h in self.hands for s in h.sides if s.side == side]
            row["hands"] = len(reviews)
            row["contract"] = sum(r.contract for r in reviews)
            row["dd_tricks"] = sum(r.dd_tricks for r in reviews)
            out.append(row)
        return out

    def player_summary(self) -> list[dict[str, Any]]:
        """Per player (bot name or person), when the records say who played: the way to
        compare bots across the seat swaps of a duplicate match."""
        by: dict[str, list[Decision]] = {}
        for d in self.decisions:
            players = self.games[d.game].players
            label = players[d.seat] if d.seat < len(players) else None
            if label is not None:
                by.setdefault(label, []).append(d)
        out = []
        for label in sorted(by):
            row: dict[str, Any] = {"player": label}
            row.update(_tally(by[label]))
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``spades analyse --json`` object."""
        return {
            "games": [
                {"game": g.index, "name": g.name, "variant": g.rules.variant, "players": list(g.players)}
                for g in self.games
            ],
            "hands": [h.to_dict() for h in self.hands],
            "decisions": [d.to_dict() for d in self.decisions],
            "seats": self.seat_summary(),
            "sides": self.side_summary(),
            "players": self.player_summary(),
            "seconds": round(sum(h.seconds for h in self.hands), 3),
        }

    def text(self, verbose: bool = True) -> list[str]:
        """A readable account: each hand's bids against double dummy, every trick with
        its costly cards marked (all cards when ``verbose``), and a per-seat summary."""
        return _text(self, verbose)


# --------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class _Objective:
    """Seat masks for one search (``count``: the seats whose tricks are counted,
    ``maxi``: the seats raising that count) and how to read its values."""

    name: str
    count: int
    maxi: int
    flip: bool = False  # values are side 0's: report the other side's complement
    lower_better: bool = False
    deck: Deck = deck_of("standard")  # the pack (RULES.md section 7): its trumps and card order

    @classmethod
    def of_seat(cls, rules: Rules, seat: int) -> _Objective:
        """The tricks of ``seat``'s side: its partnership, or the seat alone."""
        if rules.partnerships:
            # searched for side 0 whoever plays, so one table serves all four seats
            return cls("tricks", 0b0101, 0b0101, flip=rules.side_of(seat) == 1, deck=rules_deck(rules))
        return cls("tricks", 1 << seat, 1 << seat, deck=rules_deck(rules))


def _broken(rules: Rules, game: Game) -> bool:
    return game.spades_broken or not rules.spades_must_be_broken


def _card_values(
    hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, obj: _Objective, solver: Any
) -> dict[int, int]:
    """``{card id: tricks of obj's seats}`` for every legal card of the seat to play."""
    from .solver import card_values_masks

    raw = card_values_masks(hands, leader, trick, broken, obj.count, obj.maxi, solver=solver, deck=obj.deck)
    if obj.flip:
        total = hands[(leader + len(trick)) % len(hands)].bit_count()
        return {c: total - v for c, v in raw.items()}
    return raw


def _legal(hand: int, trick: Sequence[int], broken: bool, deck: Deck) -> list[int]:
    if trick:
        suit = deck.suit_masks[deck.suit_of[trick[0]]]
        hand = hand & suit or hand
    elif not broken and hand & ~deck.trumps:
        hand &= ~deck.trumps
    return [c for c in range(54) if hand >> c & 1]


def _nil_values(
    hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, obj: _Objective, solver: Any
) -> dict[int, int]:
    """For a live nil (``obj.count``: the nil bidder, ``obj.maxi``: the seats against
    it): 1 for each legal card after which they can force a trick on the nil bidder, 0
    where it survives.  Target searches (cheaper than counting tricks): first one on
    the position, which settles every card when the seat to play cannot change the
    answer, then one per group of equivalent cards."""
    from .solver import can_take_masks

    n = len(hands)
    seat = (leader + len(trick)) % n
    deck = obj.deck
    legal = _legal(hands[seat], trick, broken, deck)
    if hands[seat].bit_count() > NIL_SEARCH_CARDS:
        return {c: _trick_forced(hands, leader, trick, broken, obj, c) for c in legal}
    if len(legal) > 1:
        forced = can_take_masks(hands, leader, trick, broken, obj.count, 1, obj.maxi, solver=solver,
                                deck=deck)
        attacker = bool(obj.maxi >> seat & 1)
        if forced != attacker:
            # a defender of the nil who cannot save it, or an attacker who cannot set it
            return dict.fromkeys(legal, int(forced))
    live = 0
    for h in hands:
        live |= h
    for c in trick:
        live |= 1 << c
    out: dict[int, int] = {}
    for c in sorted(legal, reverse=True):
        nxt = _next_higher(live, c, deck)
        if nxt and nxt & hands[seat] and (nxt.bit_length() - 1) in out:
            out[c] = out[nxt.bit_length() - 1]  # the next higher live card is ours: same value
            continue
        after = list(hands)
        after[seat] &= ~(1 << c)
        cards = [*trick, c]
        if len(cards) < n:
            nxt_leader, nxt_trick, nxt_broken = leader, cards, broken
        else:
            winner = _winner(leader, [Card(x) for x in cards], n, deck)
            if obj.count >> winner & 1:
                out[c] = 1
                continue
            nxt_leader, nxt_trick = winner, []
            nxt_broken = broken or any(deck.suit_of[x] == 3 for x in cards)
        if not after[nxt_leader] and not nxt_trick:
            out[c] = 0  # the hand is over and the nil took nothing
            continue
        out[c] = int(can_take_masks(after, nxt_leader, nxt_trick, nxt_broken, obj.count, 1, obj.maxi,
                                    solver=solver, deck=deck))
    return out


def _next_higher(live: int, c: int, deck: Deck) -> int:
    """The next higher live card of ``c``'s play suit, as a mask (0 if none)."""
    if deck.name == "standard":
        above = live & (0x1FFF << (13 * (c // 13))) & ~((2 << c) - 1)
        return above & -above
    higher = [x for x in range(54) if live >> x & 1 and deck.suit_of[x] == deck.suit_of[c]
              and deck.power[x] > deck.power[c]]
    return 1 << min(higher, key=deck.power.__getitem__) if higher else 0


def _trick_forced(
    hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, obj: _Objective, card: int
) -> int:
    """1 when, after ``card``, the seats against the nil (``obj.maxi``) can make the nil
    bidder (``obj.count``) win the current trick, whatever its side plays; 0 otherwise.
    A search of the rest of this trick only."""
    n = len(hands)
    seat = (leader + len(trick)) % n
    after = list(hands)
    after[seat] &= ~(1 << card)
    cards = [*trick, card]
    if len(cards) == n:
        return int(obj.count >> _winner(leader, [Card(x) for x in cards], n, obj.deck) & 1)
    nxt = (seat + 1) % n
    legal = _legal(after[nxt], cards, broken, obj.deck)
    values = (_trick_forced(after, leader, cards, broken, obj, c) for c in legal)
    return int(any(values)) if obj.maxi >> nxt & 1 else int(all(values))


def _judge(
    values: dict[Card, Any], nils: dict[int, dict[Card, Any]], signs: dict[int, int], lower_better: bool,
    card: Card,
) -> tuple[list[Card], Any]:
    """The best cards and the loss of ``card``: first the live nils of other seats
    (``signs``: +1 for an opponent's nil, which the seat wants set, -1 for its side's),
    then ``values``."""

    def score(c: Card) -> tuple[float, float]:
        nil_part = sum(signs[z] * nv[c] for z, nv in nils.items())
        main = -values[c] if lower_better else values[c]
        return round(nil_part, 9), round(main, 9)

    scores = {c: score(c) for c in values}
    top = max(scores.values())
    best = sorted((c for c, sc in scores.items() if sc == top), reverse=True)
    mine = scores[card]
    loss = top[0] - mine[0] if mine[0] < top[0] else top[1] - mine[1]
    if isinstance(values[card], int) and all(isinstance(nv[card], int) for nv in nils.values()):
        loss = round(loss)
    return best, loss


def _live_nils(rules: Rules, game: Game, seat: int) -> dict[int, int]:
    """The nils still alive: seat -> +1 (an opponent's) or -1 (the seat's own or its partner's)."""
    side = rules.side_of(seat)
    out = {}
    for z in range(rules.num_seats):
        bid = game.bids[z]
        if bid is not None and bid.is_nil and game.tricks_won[z] == 0:
            out[z] = -1 if rules.side_of(z) == side else 1
    return out


def _counted(rules: Rules, game: Game, seat: int) -> int:
    """The tricks (from this trick on) that still matter to ``seat``'s side: enough to make
    its contract, or to set an opponent's, whichever is more.  Tricks beyond that are
    bags, which double dummy does not weigh."""
    left = len(game.hand(seat))

    def need(side: int) -> int:
        seats = rules.seats_of(side)
        bids = [game.bids[s] for s in seats]
        contract = sum(b.tricks for b in bids if b is not None)
        took = sum(game.tricks_won[s] for s, b in zip(seats, bids) if b is None or not b.is_nil)
        return max(0, contract - took)

    side = rules.side_of(seat)
    cap = need(side)
    for other in range(rules.num_sides):
        opp = need(other)
        if other != side and 0 < opp <= left:
            cap = max(cap, left - opp + 1)  # the opponents are set when they take fewer than opp
    return min(cap, left)


def _nil_objective(rules: Rules, z: int) -> _Objective:
    side = rules.side_of(z)
    opps = sum(1 << s for s in range(rules.num_seats) if rules.side_of(s) != side)
    return _Objective("nil", 1 << z, opps, lower_better=True, deck=rules_deck(rules))


def _position_values(
    rules: Rules, hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, obj: _Objective,
    signs: dict[int, int], solver: Any,
) -> tuple[dict[Card, int], dict[int, dict[Card, int]]]:
    """The values of every legal card by ``obj``, and for each live nil in ``signs``."""
    values = {Card(c): v for c, v in _card_values(hands, leader, trick, broken, obj, solver).items()}
    nils = {}
    if len(values) > 1:  # with one card there is nothing to judge
        for z in signs:
            raw = _nil_values(hands, leader, trick, broken, _nil_objective(rules, z), solver)
            nils[z] = {Card(c): v for c, v in raw.items()}
    return values, nils


def _opening_review(rules: Rules, game: Game, solver: Any) -> tuple[SideReview, ...]:
    """Each side's double-dummy tricks at the first lead (the nils' chances come later:
    :func:`_check_nils`)."""
    n = rules.num_seats
    hands = [game.hand(s).mask for s in range(n)]
    leader = game.to_act
    assert leader is not None
    broken = _broken(rules, game)
    total = hands[leader].bit_count()
    dd: list[int] = []
    for side in range(rules.num_sides):
        mask = sum(1 << s for s in rules.seats_of(side))
        if rules.partnerships and side == 1:
            dd.append(total - dd[0])
            continue
        obj = _Objective("tricks", mask, mask, deck=rules_deck(rules))
        values = _card_values(hands, leader, [], broken, obj, solver)
        dd.append(max(values.values()) if mask >> leader & 1 else min(values.values()))
    out = []
    for side in range(rules.num_sides):
        seats = rules.seats_of(side)
        bids = [game.bids[s] for s in seats]
        nils = []
        for s, b in zip(seats, bids):
            if b is not None and b.is_nil:
                nils.append(NilReview(s, b.blind, None, None))
        contract = sum(b.tricks for b in bids if b is not None)
        out.append(SideReview(side, seats, contract, dd[side], None, tuple(nils)))
    return tuple(out)


def _check_nils(
    rules: Rules, game: Game, sides: tuple[SideReview, ...], trick_no: int, solver: Any
) -> tuple[SideReview, ...]:
    """The reviews with each nil's chance decided now, at the start of trick ``trick_no``."""
    from .solver import can_take_masks

    n = rules.num_seats
    hands = [game.hand(s).mask for s in range(n)]
    leader = game.to_act
    assert leader is not None
    broken = _broken(rules, game)
    out = []
    for sr in sides:
        nils = []
        for nr in sr.nils:
            if game.tricks_won[nr.seat]:
                nils.append(dataclasses.replace(nr, can_survive=False))
                continue
            forced = can_take_masks(hands, leader, [], broken, 1 << nr.seat, 1,
                                    _nil_objective(rules, nr.seat).maxi, solver=solver,
                                    deck=rules_deck(rules))
            nils.append(dataclasses.replace(nr, can_survive=not forced, checked_at=trick_no))
        out.append(dataclasses.replace(sr, nils=tuple(nils)))
    return tuple(out)


def _informed(
    game: Game,
    seat: int,
    obj: _Objective,
    signs: dict[int, int],
    legal: Sequence[Card],
    samples: int,
    rng: random.Random,
    solver: Any,
) -> tuple[dict[Card, float], dict[int, dict[Card, float]], int]:
    """Average values (and live-nil values) of the legal cards over ``samples`` deals
    of the cards ``seat`` cannot see, drawn by the expert player's sampler."""
    from .bots.knowledge import Knowledge
    from .bots.simulate import sample_deals

    rules = game.rules
    n = rules.num_seats
    view = game.view(seat)
    leader = game.leader if game.leader is not None else seat
    trick = [int(c) for _, c in game.trick]
    broken = _broken(rules, game)
    totals = dict.fromkeys(legal, 0.0)
    nil_totals = {z: dict.fromkeys(legal, 0.0) for z in signs}
    done = 0
    for hands in sample_deals(Knowledge(view), rng, samples):
        values, nils = _position_values(rules, hands[:n], leader, trick, broken, obj, signs, solver)
        if set(values) != set(legal):  # pragma: no cover - the sampler deals us our own hand
            continue
        for c in legal:
            totals[c] += values[c]
            for z in signs:
                nil_totals[z][c] += nils[z][c]
        done += 1
    if not done:  # pragma: no cover
        return {}, {}, 0
    return ({c: t / done for c, t in totals.items()},
            {z: {c: t / done for c, t in nv.items()} for z, nv in nil_totals.items()}, done)


def analyse_record(
    record: dict[str, Any],
    *,
    hands: Iterable[int] | None = None,
    informed: int = 0,
    seed: int = 0,
    index: int = 0,
    name: str = "",
    solver: Any = None,
) -> Analysis:
    """Review one game record.  ``hands``: 1-based hand numbers to analyse (default all);
    ``informed``: deals sampled per decision for the informed view (0: double dummy
    only); ``seed``: for that sampling.  Raises :class:`~spades.errors.RecordError`
    when the record does not replay."""
    analysis = Analysis()
    _analyse_into(analysis, record, hands=hands, informed=informed, seed=seed, index=index, name=name,
                  solver=solver)
    return analysis


def analyse_game(game: Game, **options: Any) -> Analysis:
    """Review a :class:`~spades.Game` (through its record); options as :func:`analyse_record`."""
    return analyse_record(game.to_record(), **options)


def analyse_records(
    records: Sequence[tuple[str, dict[str, Any]]],
    *,
    hands: Iterable[int] | None = None,
    informed: int = 0,
    seed: int = 0,
    solver: Any = None,
) -> Analysis:
    """Review several records, ``(name, record)`` each (see :func:`load_records`)."""
    analysis = Analysis()
    wanted = None if hands is None else list(hands)
    for i, (name, record) in enumerate(records):
        _analyse_into(analysis, record, hands=wanted, informed=informed, seed=seed, index=i, name=name,
                      solver=solver)
    return analysis


def _analyse_into(
    analysis: Analysis,
    record: dict[str, Any],
    *,
    hands: Iterable[int] | None,
    informed: int,
    seed: int,
    index: int,
    name: str,
    solver: Any,
) -> None:
    from .solver import Solver

    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if isinstance(informed, bool) or not isinstance(informed, int) or informed < 0:
        raise ValueError("informed must be a number of samples, 0 or more")
    wanted = None if hands is None else set(hands)
    game = Game.from_record({**record, "actions": []})
    rules = game.rules
    n = rules.num_seats
    raw_players = record.get("players")
    labels: list[str | None] = [None] * n
    if isinstance(raw_players, list):
        for entry in raw_players:
            seat = entry.get("seat") if isinstance(entry, dict) else None
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n:
                labels[seat] = player_label(entry)
    analysis.games.append(GameInfo(index, name, rules, tuple(labels)))
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")
    slv = solver if solver is not None else Solver()

    current: dict[str, Any] | None = None

    def close(complete: bool) -> None:
        nonlocal current
        if current is None:
            return
        sides: tuple[SideReview, ...] = current["sides"]
        if complete:
            summary = game.history[-1]
            sides = tuple(
                SideReview(
                    sr.side, sr.seats, sr.contract, sr.dd_tricks, sum(summary.tricks[s] for s in sr.seats),
                    tuple(dataclasses.replace(nr, survived=summary.tricks[nr.seat] == 0) for nr in sr.nils),
                )
                for sr in sides
            )
        tricks = list(current["tricks"])
        if current["trick"]:
            tricks.append((current["trick_leader"], tuple(current["trick"]), None))
        analysis.hands.append(
            HandAnalysis(
                game=index, hand=current["hand"], dealer=current["dealer"], bids=current["bids"], sides=sides,
                decisions=tuple(current["decisions"]), tricks=tuple(tricks), complete=complete,
                seconds=current["seconds"],
            )
        )
        current = None

    for i, entry in enumerate(actions):
        try:
            seat, text = entry
            if type(seat) is not int:
                raise TypeError("the seat must be a number")
        except (TypeError, ValueError):
            raise RecordError(f"action {i + 1} ({entry!r}) is not [seat, action]") from None
        hand_no = game.hands_played + 1
        started = time.perf_counter()
        playing = game.phase is Phase.PLAY and (wanted is None or hand_no in wanted)
        pending: tuple[_Objective, dict[int, int], dict[Card, int], dict[int, dict[Card, int]]] | None = None
        averages: tuple[dict[Card, float], dict[int, dict[Card, float]], int] | None = None
        if playing:
            if current is None:
                slv.clear()
                current = {
                    "hand": hand_no, "dealer": game.dealer, "bids": tuple(game.bids),
                    "sides": _opening_review(rules, game, slv), "decisions": [], "tricks": [],
                    "trick": [], "trick_leader": game.to_act, "seconds": 0.0, "nils_checked": False,
                }
            hands_now = [game.hand(s).mask for s in range(n)]
            leader = game.leader if game.leader is not None else seat
            trick = [int(c) for _, c in game.trick]
            if not trick and not current["nils_checked"] and hands_now[seat].bit_count() <= NIL_SEARCH_CARDS:
                current["nils_checked"] = True
                current["sides"] = _check_nils(rules, game, current["sides"], len(current["tricks"]) + 1, slv)
            obj = _Objective.of_seat(rules, seat)
            signs = _live_nils(rules, game, seat)
            cap = _counted(rules, game, seat)
            broken = _broken(rules, game)
            values, nils = _position_values(rules, hands_now, leader, trick, broken, obj, signs, slv)
            if rules.first_lead != "left-of-dealer" and not current["tricks"] and not trick:
                # the 2 of clubs leads the first trick (RULES.md section 7): a forced card
                forced = {int(c) for c in game.legal_actions() if isinstance(c, Card)}
                values = {c: v for c, v in values.items() if int(c) in forced}
                nils = {z: {c: v for c, v in vs.items() if int(c) in forced} for z, vs in nils.items()}
            pending = (obj, signs, values, nils)
            if informed and len(values) > 1:
                rng = random.Random(f"spades-analysis:{seed}:{index}:{hand_no}:{i}")
                averages = _informed(game, seat, obj, signs, sorted(values), informed, rng, slv)
        try:
            game.apply(text, seat=seat)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {i + 1} ({entry!r}) does not replay: {exc}") from None
        if current is not None and pending is not None:
            obj, signs, values, nils = pending
            card = game.actions[-1][1]
            assert isinstance(card, Card)
            capped = {c: min(v, cap) for c, v in values.items()}
            best, loss = _judge(capped, nils, signs, obj.lower_better, card)
            inf = None
            if averages is not None and averages[2]:
                avg, avg_nils, done = averages
                avg_capped = {c: min(v, float(cap)) for c, v in avg.items()}
                ibest, iloss = _judge(avg_capped, avg_nils, signs, obj.lower_better, card)
                inf = InformedView(done, avg, tuple(ibest), float(iloss), avg_nils)
            name = "nil" if seat in nils else "nil+tricks" if nils else "tricks"
            if not current["trick"]:
                current["trick_leader"] = seat
            current["trick"].append(card)
            trick_no = len(current["tricks"]) + 1
            current["decisions"].append(
                Decision(index, hand_no, trick_no, seat, card, name, values, tuple(best), loss, inf, nils,
                         counted=cap)
            )
            if len(current["trick"]) == n:
                winner = _winner(current["trick_leader"], current["trick"], n, rules_deck(rules))
                current["tricks"].append((current["trick_leader"], tuple(current["trick"]), winner))
                current["trick"] = []
            current["seconds"] += time.perf_counter() - started
        if game.hands_played == hand_no and current is not None and current["hand"] == hand_no:
            close(True)
    close(False)


def _winner(leader: int, cards: Sequence[Card], n: int, deck: Deck) -> int:
    return (leader + deck.trick_winner([int(c) for c in cards])) % n


# --------------------------------------------------------------------------- reading records


def load_records(path: str | Path) -> list[tuple[str, dict[str, Any]]]:
    """``(name, record)`` pairs from a path: one record (JSON object, as ``spades play``
    saves and ``Game.to_record`` returns), a JSON list of records, a JSON Lines file
    (one record a line), or a folder of such files (``spades match --records DIR``).
    Raises :class:`~spades.errors.RecordError` with a readable reason."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.is_file() and f.suffix in (".json", ".jsonl"))
        if not files:
            raise RecordError(f"there are no .json or .jsonl game records in {p}")
        out: list[tuple[str, dict[str, Any]]] = []
        for f in files:
            out.extend(_records_of_file(f))
        return out
    return _records_of_file(p)


def _records_of_file(p: Path) -> list[tuple[str, dict[str, Any]]]:
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"there is no file {p}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p} is not a text (UTF-8) file") from None
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as first:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) < 2:
            where = f"{first.msg} at line {first.lineno}"
            raise RecordError(f"{p} is not a game record (not JSON: {where})") from None
        data = []
        for k, line in enumerate(lines, start=1):
            try:
                data.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise RecordError(f"{p}, line {k}: not JSON ({exc.msg})") from None
    items = data if isinstance(data, list) else [data]
    out = []
    for k, rec in enumerate(items):
        if not isinstance(rec, dict):
            raise RecordError(f"{p}: entry {k + 1} is not a game record (a JSON object)")
        out.append((p.name if len(items) == 1 else f"{p.name}#{k + 1}", rec))
    if not out:
        raise RecordError(f"{p} holds no game record")
    return out


# --------------------------------------------------------------------------- text


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _seat(rules: Rules, seat: int) -> str:
    return term(rules.seat_name(seat))


def _value_words(rules: Rules, d: Decision, c: Card) -> str:
    words = [_("side takes {n}").format(n=d.values[c])]
    for z, nv in d.nils.items():
        if z == d.seat:
            text = _("own nil can be set") if nv[c] else _("own nil safe")
        else:
            text = _("{seat}'s nil can be set") if nv[c] else _("{seat}'s nil safe")
        words.append(text.format(seat=_seat(rules, z)))
    return ", ".join(words)


def _decision_line(rules: Rules, d: Decision) -> str:
    who = _seat(rules, d.seat)
    width = max(6, *(len(_seat(rules, s)) for s in range(rules.num_seats)))
    line = f"  {who:<{width}} {d.card!s:<3} {_value_words(rules, d, d.card)}"
    if d.forced:
        return line + _(" (only card)")
    if d.loss > 0:
        nil_lost = any(nv[d.card] != nv[d.best[0]] for nv in d.nils.values())
        if nil_lost:
            what = ngettext("a nil given up", "{n} nils given up", d.loss).format(n=d.loss)
        else:
            what = ngettext("{n} trick lost", "{n} tricks lost", d.loss).format(n=d.loss)
        line += _("; best {cards} ({values}): {what}").format(
            cards=_cards(d.best), values=_value_words(rules, d, d.best[0]), what=what
        )
        if d.informed is not None and d.card in d.informed.best:
            line += _("; right on the information")
        elif d.informed is not None:
            line += _("; on the information best {cards}, costs {loss}").format(
                cards=_cards(d.informed.best), loss=number(d.informed.loss, 2)
            )
        line += "  <== !" if d.mistake else "  <== ?"
    elif d.informed is not None and d.informed.loss >= COSTLY:
        line += _(" (lucky: on the information {cards} was better by {loss})").format(
            cards=_cards(d.informed.best), loss=number(d.informed.loss, 2)
        )
    return line


def _nil_words(rules: Rules, nr: Any) -> str:
    kind = term("blind nil" if nr.blind else "nil")
    if nr.can_survive is None:
        text = _("{seat}'s {kind} not searched (the hand ended early)")
    elif nr.checked_at is None:
        text = _("{seat}'s {kind} had taken a trick before it was searched")
    elif nr.can_survive:
        text = _("{seat}'s {kind} could survive double dummy from trick {n}")
    else:
        text = _("{seat}'s {kind} could not survive double dummy from trick {n}")
    text = text.format(seat=_seat(rules, nr.seat), kind=kind, n=nr.checked_at)
    if nr.survived is not None:
        text += _("; made") if nr.survived else _("; failed")
    return text


def _text(analysis: Analysis, verbose: bool) -> list[str]:
    lines: list[str] = []
    multi = len(analysis.games) > 1
    for g in analysis.games:
        rules = g.rules
        hands = [h for h in analysis.hands if h.game == g.index]
        if multi or g.name:
            lines.append(
                _("##### Game {n}: {name} ({variant})").format(
                    n=g.index + 1, name=g.name or _("record"), variant=_(rules.variant)
                )
            )
        if any(g.players):
            lines.append(_("Players: {players}").format(players=", ".join(
                f"{_seat(rules, s)} {p}" for s, p in enumerate(g.players) if p is not None)))
        for h in hands:
            lines.append("")
            lines.append(_("=== Hand {n}: {seat} deals ===").format(n=h.hand, seat=_seat(rules, h.dealer)))
            bids = ", ".join(
                f"{_seat(rules, s)} {term(b.label()) if b is not None else '-'}" for s, b in enumerate(h.bids)
            )
            lines.append(_("Bids: {bids}").format(bids=bids))
            for sr in h.sides:
                dd = ngettext("{n} trick", "{n} tricks", sr.dd_tricks).format(n=sr.dd_tricks)
                if sr.took is None:
                    text = _("{side}: contract {contract}, double dummy {dd}")
                else:
                    text = _("{side}: contract {contract}, double dummy {dd}, took {took}")
                side = term(rules.side_name(sr.side))
                lines.append("  " + text.format(side=side, contract=sr.contract, dd=dd, took=sr.took))
                for nr in sr.nils:
                    lines.append("    " + _nil_words(rules, nr))
            by_trick: dict[int, list[Decision]] = {}
            for d in h.decisions:
                by_trick.setdefault(d.trick, []).append(d)
            for t, decs in by_trick.items():
                winner = h.tricks[t - 1][2] if t - 1 < len(h.tricks) else None
                won = f" -> {_seat(rules, winner)}" if winner is not None else ""
                shown = decs if verbose else [d for d in decs if d.loss > 0]
                lines.append(_("Trick {n}: {cards}").format(n=t, cards=_cards(d.card for d in decs)) + won)
                lines.extend(_decision_line(rules, d) for d in shown)
            lost = [sum(d.loss for d in h.decisions if d.seat == s) for s in range(rules.num_seats)]
            lines.append(_("Lost this hand: {losses}").format(losses=", ".join(
                f"{_seat(rules, s)} {x}" for s, x in enumerate(lost)))
                + "  (" + _("{seconds} s").format(seconds=number(h.seconds, 2)) + ")")
        lines.append("")
    lines.extend(_summary_lines(analysis))
    return lines


#: the first line of the summary (front ends show it in bold)
SUMMARY_HEAD = N_("Summary (loss in tricks, double dummy; '!' marks in the hands are costly cards):")


def _summary_lines(analysis: Analysis) -> list[str]:
    out = [_(SUMMARY_HEAD)]
    cols = [(_("cards"), 6), (_("choices"), 8), (_("lost"), 6), (_("per card"), 9), (_("costly"), 7)]
    informed = any(d.informed is not None for d in analysis.decisions)
    if informed:
        cols.append((_("informed"), 9))
    # a column is as wide as its English heading, or its translation and a space
    widths = [max(w, len(title) + 1) for title, w in cols]
    head = f"  {'':<14}" + "".join(f"{title:>{w}}" for (title, _w), w in zip(cols, widths))
    out.append(head)

    def row(label: str, r: dict[str, Any]) -> str:
        values = [str(r["cards"]), str(r["choices"]), str(r["tricks_lost"]), number(r["loss_per_card"], 3),
                  str(r["costly"])]
        if informed:
            values.append(number(r.get("informed_loss_per_card", 0.0), 3))
        return f"  {label:<14}" + "".join(f"{v:>{w}}" for v, w in zip(values, widths))

    for r in analysis.seat_summary():
        out.append(row(term(str(r["name"])), r))
    players = analysis.player_summary()
    if players:
        out.append("  " + _("by player:"))
        for r in players:
            out.append(row(str(r["player"])[:14], r))
    return out


# --------------------------------------------------------------------------- front ends


def review_lines(game: Game, *, whole_game: bool = False, verbose: bool = False) -> list[str]:
    """The account a front end shows after a hand: the last finished hand (every hand
    when ``whole_game``), costly cards only unless ``verbose``, and the per-seat
    summary.  Raises ``ValueError`` with a player's explanation when no hand is over."""
    if game.hands_played == 0:
        raise ValueError(_("Nothing to analyse yet: finish a hand first."))
    hands = None if whole_game else [game.hands_played]
    return analyse_record(game.to_record(), hands=hands).text(verbose=verbose)
