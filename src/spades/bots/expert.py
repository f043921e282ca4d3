"""``expert``: decides by sampling the unseen cards and evaluating each action on the samples.

For a card to play, the bot deals the cards it cannot see consistently with
what it knows (:func:`~spades.bots.simulate.sample_deals`: hand sizes, voids
shown, cards it passed, its own discards, resampled to fit the bids, the
opponents' as the table reading has found them to bid), and
scores each candidate card on every deal:

* with the double-dummy solver (:func:`spades.solver.card_values_masks`) once
  few enough cards are left (``solver_cards``, default 8), in four-handed
  partnerships and two-player games: one search gives the side's tricks after
  each card, and one more per live nil says whether the other side can force a
  trick on the nil bidder; the value is read with weight ``play_shade``
  (default 0.2 in four-handed partnerships, 0.5 otherwise) on the side falling
  a trick short of that count, because double-dummy play, which sees every
  card, flatters the side;
* otherwise by playing the hand out with every hand open
  (:func:`~spades.bots.simulate.rollout`), which keeps track of who takes
  each trick, so a nil's fate is scored exactly.

Either way a deal's outcome is converted to *points* for the side by
:func:`~spades.bots.simulate.hand_utility`: contract made or set, nils,
bags and the bag penalty, the target and losing scores - never raw tricks.
A failed contract costs ``set_penalty`` points more than the score says in
card play (and in bidding, except in partnerships, where a bid is chosen by its
expected score alone: ``bid_set_penalty``); by default 40 in games of two sides
and nothing with three or more sides.  Bags carried out of the hand are charged
as a debt of ``bag_penalty / bag_limit`` each (``bag_weight`` scales it).  Cards
equivalent in the bot's hand (no unseen card between them) are evaluated once.

Signals (``signals``, on by default), in four-handed partnerships: of equal
cards the bot leads the highest and follows with the lowest, so each card it
plays tells its partner that it lacks the next card of the suit above a lead
and below a follow (when that card is still out and not on the table); it
reads its partner's cards the same way, and its samples never give the
partner a card it has shown it lacks
(:func:`~spades.bots.knowledge.signal_denied`).  A partner that plays a card it
had shown it lacked does not signal so, and is read no more that hand; hand after hand the
bot reads whether the partner's choices among equal cards keep to the signals
(:class:`~spades.bots.table.PartnerReading`), and a partner that breaks them (the club
player, most people) is not read by them at all (``partner_signals``).
The club player's (:mod:`~spades.bots.basic`) choice starts with a small lead
(``prior`` points per sample), so that the noise of a small sample does not
decide between cards of equal worth.

Bids are chosen by simulation too. On ``bid_samples`` sampled deals (default
256; later bidders given the club player's bids; ``fit_sd`` and ``oversample``
set how closely the sampled hands fit the bids: 0.9 tricks and 6 deals drawn for
each one kept in four-handed partnerships, 1.6 and 3 otherwise) the hand is played out, and
each play-out's trick count is read through a kernel: the side takes ``k``
tricks more than the play-out with the weight of a normal law of mean
``-shade`` and deviation ``spread`` (0.85), because open-hand play-outs are
more certain than real play and a set costs far more than a bag (a negative
shade, down to -2, reads them as more tricks than they took). The shade is
-0.15 in partnerships (their bids sit a little above the play-outs, which count
fewer tricks than the side goes on to take; 0.15 once a side is within 200
points of the target, where the game is at stake and the set risk of a needless
higher contract must show),
0.35 with three or more sides and 1.2 in the
two-player game (there the play-outs see the opponent's 13 cards among the 39
unseen, and flatter the bidder most). The bid that fixes the side's contract
(the partner has bid, or the seat plays alone) is the level with the most
expected points among all legal ones; a side's first bid stays within one
trick of the club player's count (``first_margin`` points per sample more to go
above it, 0 by default), which is how the partner's samples read it; beside a partner
read as one that does not signal (see below), whose bid follows its own cards alone,
every level is weighed.  Near the
end of a game the utility counts the game won or lost (see
:func:`~spades.bots.simulate.hand_utility`), so a side that a made contract
takes over the target bids safer, and one that must outscore the opponents this
hand bids more; ``win_weight`` values every hand by the change in the chance
of winning the game instead.

Beside a partner's nil the kernel's shade is ``cover_shade`` (0.35) tricks
more: the play-outs cover a nil with every card in view, which real play does
not.  Blind-nil exchanges still to come are played out by the club player's
rules (:func:`~spades.bots.simulate.play_exchanges`).

Nil is bid when its own play-outs are worth ``nil_margin`` (15) points more
than the best number *and* at least ``nil_min`` (75%) of them keep the nil,
and only with a hand whose :func:`~spades.bots.basic.nil_danger` is at most
``nil_danger`` (0.9): the play-outs see every card, so they keep nils that
real play loses.  For the same reason a live nil that can play a card sure to
lose the trick (under the card winning it) plays one.  At a loose table a nil
is weighed less warily: the bot reads, hand after hand, how far the opponents' bids scatter about the
club player's count of the cards they turned out to hold
(:class:`~spades.bots.table.TableReading`), and where they scatter well beyond a
careful bidder's, it takes up to ``nil_trust`` (0.9) of the nil play-outs'
failures as kept when it weighs a nil: opponents who bid with little regard to
their cards do not defend like the play-outs' open-card club player.  At such a
table it also weighs nil with hands up to a nil danger of ``loose_danger``
(1.6) instead of ``nil_danger``, in step with the trust.  Against careful
bidders nothing changes.

House rules (RULES.md section 7): the seats still to bid are given the bids the
bidding variant leaves them (:func:`~spades.bots.house.later_bid`); under Suicide the
first partner to bid takes the nil by the club player's rule
(:func:`~spades.bots.house.suicide_wants_nil`: its play-outs, which see every card, kept
too many nils), and its number, the side's whole contract beside a nil, is weighed at every
level with :data:`SUICIDE_SHADE` more shade; under Whiz nil is weighed against
the forced spade count, with half of its play-outs keeping it enough; Mirror and Whiz
numbers are read in the samples as the spade counts they are; under any bidding variant
the table reading stays out (forced bids are no sign of loose bidders).  Ten for two
hundred, a least side bid and the nil exchange enter through the scoring, the legal bids
and the play-outs' exchanges; the first lead of the 2 of clubs through the play-outs.  A
blind bid for the side is made when the club player's rule says the score calls for
one (:func:`~spades.bots.house.blind_bid_worth`) and its play-outs, weighed by the chance
of winning the game (:data:`BLIND_WIN_WEIGHT`), beat looking.

Packs (RULES.md section 7: jokers, jokers-deuces, deuces): the knowledge reads each
card's play suit from the pack (a joker or, in the deuces packs, the 2 of diamonds follows
spades), the samples deal the pack's unseen cards, jokers among them, and fit the bids with
the club player's counts of the pack (:func:`~spades.bots.basic.hand_ranks`); play-outs and
candidates work in the layout of :func:`~spades.bots.decks.slot_layout` (the trumps on bits
39-54, the card ids themselves in the standard pack), and the solver is given the pack.  The
club player's card there is the plain player's (:mod:`~spades.bots.decks`); signals and the
table reading stay with the standard pack.

The blind-nil decision compares play-outs of blind nil (with the partner's
exchange) against looking and bidding, on deals that sample the bot's own
hand as well, whenever the side trails (by ``blind_deficit`` points or more,
default 1), and bids it when its play-outs are worth 40 points a deal more:
a catch-up move, never risked by a side that leads or is level.  The
exchange, the two-player draw and the redraw use the club player's rules.

:meth:`ExpertBot.evaluate` returns this weighing for every candidate action
(expected points and a reason), for hints.

Spots whose answer is certain from the seat's view (:mod:`~spades.bots.certain`: never
overtake or ruff the partner's sure winner, a nil never wins a trick it can surely lose, a
partner's winning nil card is covered, last to play the cheapest card that wins a trick the
side needs) are never left to the samples: only the cards the rule leaves are weighed.  Once
the solver's search takes over, a rule played for tricks (not for a nil) gives its cards a
lead of :data:`RULE_LEAD` points a deal instead: there the lead a card gives away can be
worth more than the trick.

Budget: ``samples`` deals per card decision (default 64; play-outs are capped
at about ``playouts`` (360) per decision, so many candidates get fewer deals each) and an
optional ``seconds`` cap.  Every candidate is scored on the same deals; when the two best
differ by less than two standard errors of their paired differences, those two are scored
on as many deals again.  Each decision's samples are seeded from the position, the bot's
seed and its budget (:func:`~spades.bots.certain.decision_seed`), so without ``seconds``
the same position always gets the same action; with it, a slow machine may see fewer samples.

How each default was chosen, with the measurements and what did not help:
``bench/strength-notes.md``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..actions import LOOK, Action
from ..bids import Bid
from ..cards import Card
from ..core import Deck, rules_deck
from ..rules import Rules
from ..view import View
from .base import Bot
from .basic import BasicBot, estimate_tricks, nil_danger
from .certain import certain_play, decision_seed, live_nil
from .decks import SlotLayout, deck_act, deck_for, slot_layout
from .house import blind_bid_worth, later_bid, suicide_wants_nil
from .knowledge import Knowledge, signal_denied
from .reading import PlayEvent, PlayReading, play_events, play_fit
from .simulate import (
    BID_FIT_SD,
    OVERSAMPLE,
    Position,
    hand_utility,
    play_exchanges,
    rollout,
    rollout_bids,
    sample_deals,
    slot_beats,
    slot_suit,
    winner_index,
)
from .table import PRIOR_SD, UNREAD_SD, PartnerReading, TableReading

__all__ = [
    "BLIND_WIN_WEIGHT",
    "PARTNERSHIP_FIT_SD",
    "PARTNERSHIP_OVERSAMPLE",
    "PARTNERSHIP_PLAY_SHADE",
    "PARTNERSHIP_SHADE",
    "PLAY_SHADE",
    "RACE_POINTS",
    "RACE_SHADE",
    "RULE_LEAD",
    "SET_PENALTY",
    "SHADE",
    "SUICIDE_SHADE",
    "TWO_PLAYER_SHADE",
    "ExpertBot",
]

#: the default shade of the bid kernel, and its defaults in partnerships and in the
#: two-player game
SHADE: Final = 0.35
PARTNERSHIP_SHADE: Final = -0.15
TWO_PLAYER_SHADE: Final = 1.2

#: a partnership's shade once a side is within ``RACE_POINTS`` of the target: where the hand
#: can end the game the points of a higher contract are worth little beside the game, and
#: the kernel must see the set risk that a lower, sufficient contract avoids
RACE_POINTS: Final = 200
RACE_SHADE: Final = 0.15

#: the default weight of falling a trick short of the double-dummy count in card play,
#: and its default in four-handed partnerships (see ``bench/strength-notes.md``)
PLAY_SHADE: Final = 0.5
PARTNERSHIP_PLAY_SHADE: Final = 0.2

#: how closely sampled hands fit the bids (see :func:`~spades.bots.simulate.sample_deals`):
#: the deviation in tricks and the deals drawn for each one kept, in four-handed partnerships
PARTNERSHIP_FIT_SD: Final = 0.9
PARTNERSHIP_OVERSAMPLE: Final = 6

#: the extra shade of a bid under Suicide bidding: the number bidder makes the side's
#: contract alone beside a nil it must cover, against a side that sets its nil and covers
#: its own; with the cover shade alone the expert was set in 15% of its contracts (basic 4%)
SUICIDE_SHADE: Final = 0.5

#: the points of a whole game with which a blind bid is weighed against looking (a hand is
#: worth this much times the change it makes in the chance of winning the game)
BLIND_WIN_WEIGHT: Final = 1000.0

#: the lead in points per deal of the cards a certain spot's trick rule allows once the
#: solver's search decides (:mod:`~spades.bots.certain`): late in a hand the lead a card
#: gives away can be worth more than the trick, so the rule is no ban there, but the
#: samples must show about a trick's worth before the expert overtakes its partner's sure
#: winner or lets a needed trick go
RULE_LEAD: Final = 10.0

#: the default cost of a failed contract beyond its score, in games of two sides
SET_PENALTY: Final = 40.0

SolveFn = Callable[..., dict[int, int]]


def _load_solver() -> SolveFn | None:
    """The solver's fast per-card entry point, or None when it is not installed."""
    try:
        import importlib

        module = importlib.import_module("spades.solver")
        solve: SolveFn = module.card_values_masks
    except (ImportError, AttributeError):
        return None
    return solve


class ExpertBot(Bot):
    """The sampling player (see the module docstring).

    ``samples``: deals per decision; ``seconds``: optional time cap per
    decision (makes play depend on the machine's speed); ``solver``: ``'auto'``
    (use :mod:`spades.solver` when available), ``'off'`` (play-outs only),
    ``'on'`` (required); ``solver_cards``: cards a hand from which the solver
    takes over; ``bidding``: ``'simulate'`` or ``'basic'`` (the club player's
    bids); ``prior``: the club player's card's lead in points per sample;
    ``bid_samples``, ``shade``, ``spread``: the bid simulation; ``nil_min``:
    the share of nil play-outs that must keep the nil; ``bag_weight``: the
    weight of the bag debt; ``play_shade``: the weight of falling a trick
    short of the double-dummy count (default 0.2 in four-handed partnerships, 0.5
    otherwise); ``blind_deficit``: how far the side must
    trail before blind nil is simulated (1: whenever it trails); ``playouts``: the most play-outs per
    card decision before the solver takes over (shared among the candidates);
    ``nil_margin``: the points per deal by which nil must beat the best number;
    ``nil_danger``: the most :func:`~spades.bots.basic.nil_danger` a nil hand may have;
    ``cover_shade``: the extra shade of a bid beside the partner's nil; ``set_penalty``:
    points a failed contract costs beyond its score in card play (default: 40 with two
    sides, 0 with more); ``bid_set_penalty``: the same when weighing bids (default: as
    ``set_penalty``); ``first_margin``: the points per sample by which a side's first bid
    must gain to go above the club player's count; ``win_weight``: the points of a whole
    game won, weighed by how much a hand moves the chance of winning it
    (:func:`~spades.bots.simulate.win_probability`; 0: a fixed
    :data:`~spades.bots.simulate.GAME_VALUE` when the hand ends the game); ``signals``:
    lead the top of equal cards, follow with the lowest, and read the partner's cards
    that way (1, the default) or not (0); ``nil_trust``: the share of the nil play-outs'
    failures taken as kept at a table whose opponents bid furthest from their cards
    (:class:`~spades.bots.table.TableReading`; 0.9 by default, 0 turns the reading off);
    ``loose_danger``: the most nil danger a nil hand may have at the loosest table (rising
    from ``nil_danger`` with the trust); ``table_sd``: the scatter of the opponents' bids
    assumed before any is read (1.15 by default: a table of unknown opponents counts as half
    loose until their bids are read; 0.8 reads it as careful, 2 as loose from the first hand);
    ``read_habits``: deal the opponents hands that fit their bids as they have been read to
    bid (:meth:`~spades.bots.table.TableReading.habit`: their mean bid over the club
    player's count and its scatter, never tighter than ``fit_sd``) once a hand of theirs has
    been read (1, the default), or always by ``fit_sd`` about the count (0); ``danger_sd``:
    the scatter assumed before any bid is read when setting the nil danger limit (0.8 by
    default: the limit rises above ``nil_danger`` only once the opponents' bids are read
    loose; ``table_sd`` sets it as it sets the trust); ``partner_signals``: read the partner's
    cards by the signals while its choices among equal cards keep to them, from the first
    hand on (``'auto'``, the default: :class:`~spades.bots.table.PartnerReading`), always (1:
    a partner known to be an expert) or never (0: one known not to signal, e.g. ``basic``);
    ``leaf_cards``: play-outs before the solver takes over stop once this many cards a hand
    are left and end in the solver's values (0, the default: played to the end);
    ``read_play``: weigh the sampled deals of the play by how well they fit the cards the
    opponents (and a partner not read by its signals) have played this hand, each seat
    taken to play as the club player as often as it has been read to
    (:mod:`~spades.bots.reading`); the deals are drawn ``read_play`` times over and
    resampled by that fit (0, the default: not read); ``early_samples``: while no nil is alive,
    weigh the cards of a hand still above ``solver_cards`` with the solver too, on this many
    deals (0, the default: play-outs until ``solver_cards``).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        samples: int = 64,
        seconds: float | None = None,
        solver: str = "auto",
        solver_cards: int = 8,
        bidding: str = "simulate",
        prior: float = 4.0,
        bid_samples: int = 256,
        shade: float | None = None,
        spread: float = 0.85,
        bag_weight: float = 1.0,
        nil_min: float = 0.75,
        play_shade: float | None = None,
        blind_deficit: int = 1,
        playouts: int = 360,
        nil_margin: float = 15.0,
        nil_danger: float = 0.9,
        cover_shade: float = 0.35,
        set_penalty: float | None = None,
        bid_set_penalty: float | None = None,
        first_margin: float = 0.0,
        win_weight: float = 0.0,
        fit_sd: float | None = None,
        oversample: int | None = None,
        signals: bool = True,
        nil_trust: float = 0.9,
        table_sd: float = UNREAD_SD,
        loose_danger: float = 1.6,
        read_habits: bool = True,
        danger_sd: float = PRIOR_SD,
        partner_signals: str | bool = "auto",
        leaf_cards: int = 0,
        read_play: float = 0.0,
        early_samples: int = 0,
    ) -> None:
        super().__init__(seed)
        if not isinstance(samples, int) or samples < 1:
            raise ValueError("samples must be a whole number of at least 1")
        if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
            raise ValueError("seconds must be a positive number")
        if solver not in ("auto", "off", "on"):
            raise ValueError("solver must be 'auto', 'on' or 'off'")
        self.samples = samples
        self.seconds = float(seconds) if seconds is not None else None
        self.solver_mode = solver
        if not isinstance(solver_cards, int) or not 0 <= solver_cards <= 17:
            raise ValueError("solver_cards must be a number of cards from 0 to 17")
        self.solver_cards = solver_cards
        if not isinstance(leaf_cards, int) or not 0 <= leaf_cards <= 17:
            raise ValueError("leaf_cards must be a number of cards from 0 to 17")
        self.leaf_cards = leaf_cards
        if not isinstance(early_samples, int) or not 0 <= early_samples <= 4096:
            raise ValueError("early_samples must be a number of deals from 0 to 4096")
        self.early_samples = early_samples
        if bidding not in ("simulate", "basic"):
            raise ValueError("bidding must be 'simulate' or 'basic'")
        self.bidding = bidding
        self.prior = float(prior)
        if not isinstance(bid_samples, int) or bid_samples < 1:
            raise ValueError("bid_samples must be a whole number of at least 1")
        self.bid_samples = bid_samples
        self.bag_weight = _number("bag_weight", bag_weight, 5.0)
        self.shade = None if shade is None else _number("shade", shade, 5.0, low=-2.0)
        self.spread = _number("spread", spread, 5.0)
        self.cover_shade = _number("cover_shade", cover_shade, 5.0)
        self._kernels: dict[float, tuple[tuple[int, float], ...]] = {}
        self.nil_min = _number("nil_min", nil_min, 1.0)
        self.play_shade = None if play_shade is None else _number("play_shade", play_shade, 1.0)
        if isinstance(blind_deficit, bool) or not isinstance(blind_deficit, int):
            raise ValueError("blind_deficit must be a whole number of points")
        self.blind_deficit = blind_deficit
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise ValueError("playouts must be a whole number of at least 1")
        self.playouts = playouts
        self.nil_margin = _number("nil_margin", nil_margin, 200.0)
        self.set_penalty = None if set_penalty is None else _number("set_penalty", set_penalty, 500.0)
        self.bid_set_penalty = (
            None if bid_set_penalty is None else _number("bid_set_penalty", bid_set_penalty, 500.0)
        )
        self.first_margin = _number("first_margin", first_margin, 200.0)
        self.win_weight = _number("win_weight", win_weight, 5000.0)
        self.nil_danger_max = _number("nil_danger", nil_danger, 10.0)
        self.fit_sd = None if fit_sd is None else _number("fit_sd", fit_sd, 10.0)
        if self.fit_sd == 0:
            raise ValueError("fit_sd must be a number from 0 to 10, not 0")
        if oversample is not None and (
            isinstance(oversample, bool) or not isinstance(oversample, int) or not 1 <= oversample <= 20
        ):
            raise ValueError("oversample must be a whole number from 1 to 20")
        self.oversample = oversample
        self._solve: SolveFn | None = None if solver == "off" else _load_solver()
        if solver == "on" and self._solve is None:
            raise ValueError("the double-dummy solver (spades.solver) is not available")
        self.signals = _switch("signals", signals)
        self.nil_trust = _number("nil_trust", nil_trust, 1.0)
        self.table_sd = _number("table_sd", table_sd, 5.0)
        self._table = TableReading(self.nil_trust, self.table_sd)
        self.loose_danger = _number("loose_danger", loose_danger, 10.0)
        self.read_habits = _switch("read_habits", read_habits)
        self.danger_sd = _number("danger_sd", danger_sd, 5.0)
        told = partner_signals != "auto"
        if told and (not isinstance(partner_signals, (bool, int)) or partner_signals not in (0, 1)):
            raise ValueError("partner_signals must be 'auto', on (1) or off (0)")
        self.partner_signals: str | bool = bool(partner_signals) if told else "auto"
        self._partner = PartnerReading()
        self.read_play = _number("read_play", read_play, 20.0)
        self._plays = PlayReading()
        self._basic = BasicBot(seed=seed)
        #: the values of finished hands met in the decision on ``_memo_view`` (:meth:`_points`)
        self._memo_view: View | None = None
        self._memo: dict[tuple[tuple[Bid, ...], tuple[int, ...], bool], float] = {}

    def prepare(self) -> float:
        """Compile the double-dummy solver (or load it from numba's cache) now,
        not inside the first late-hand decision; see :func:`spades.solver.warm_up`."""
        if self._solve is None:
            return 0.0
        from ..solver import warm_up

        return warm_up()

    # -- dispatch -----------------------------------------------------------------

    def act(self, view: View) -> Action:
        self._table.observe(view)
        if self.read_play:
            self._plays.observe(view)
        if deck_for(view.rules) is None:  # (no signals in other packs: nothing to read)
            self._partner.observe(view)
        legal = self.legal_of(view)
        if len(legal) == 1:
            return legal[0]
        self._reseed(view)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        phase = view.phase
        action: Action
        if phase == "play":
            action = Card(self._choose_card(view, deadline))
        elif phase in ("bid", "blind") and self.bidding == "basic":
            action = self._basic.act(view)
        elif phase == "bid":
            action = self._choose_bid(view, deadline)
        elif phase == "blind":
            action = self._choose_blind(view, deadline)
        else:
            action = self._basic.act(view)
        if action not in legal:
            return self._basic.act(view)
        return action

    def evaluate(self, view: View) -> list[tuple[Action, float, str]]:
        """The expert's own weighing of the actions open to ``view``'s seat, best first:
        ``(action, expected points for the side, reason)``.

        Cards: the mean points of each candidate over the sampled deals (cards equivalent
        in the hand share one entry, the lowest); bids: each level's expected points, the
        share of play-outs in which the side makes it, and nil's; the blind-nil choice:
        blind nil against looking.  Points are the expert's utility (:func:`hand_utility`,
        with the bag debt and the set penalty), relative to nothing in particular: compare
        them with each other.  The action the expert would play is first (it may differ
        from the best mean, as the club player's card starts with a lead).  Other phases
        (exchange, draw) give the expert's choice alone.  Costs one decision's time; the
        same position gets the same weighing (the samples are seeded from it, as in :meth:`act`)."""
        legal = self.legal_of(view)
        phase = view.phase
        out: list[tuple[Action, float, str]] = []
        if len(legal) == 1:
            return [(legal[0], 0.0, "the only legal action")]
        self._reseed(view)
        if phase == "play":
            cev = self._card_totals(view, None, weigh_all=True)
            if len(cev.cands) == 1:  # e.g. a live nil's one card sure to lose the trick
                return [(Card(self._signal(view, cev.cands[0])), 0.0, "the one card worth weighing")]
            how = f"{'double-dummy values' if cev.solver else 'play-outs'} on {cev.done} sampled deals"
            best = cev.choice
            for c in cev.cands:
                lead = (self.prior if c == cev.rep else 0.0) + (RULE_LEAD if c in cev.favoured else 0.0)
                reason = how + ("; the club player's choice" if c == cev.rep else "")
                if cev.rule and c not in cev.allowed:
                    reason += f"; ruled out: {cev.rule}"
                elif cev.rule and c == best:
                    reason += f"; {cev.rule}"
                out.append((Card(c), cev.totals[c] / max(1, cev.done) - lead, reason))
            played = self._signal(view, best)
            out = [(Card(played), v, r) if a == best else (a, v, r) for a, v, r in out]
            out.sort(key=lambda x: (x[0] != played, -x[1]))
            return out
        if phase == "bid" and self.bidding == "simulate":
            ev = self._bid_totals(view, None)
            if ev is not None:
                for t, v in ev.values.items():
                    reason = f"the side makes its contract in {ev.made[t]:.0%} of {ev.done} play-outs"
                    out.append((Bid(t), v, reason))
                if ev.nil_value is not None and ev.nil_kept is not None:
                    reason = f"nil kept in {ev.nil_kept:.0%} of {ev.done} play-outs"
                    if ev.trust > 0:
                        reason += f" (with {ev.trust:.0%} of the failures taken as kept at this table)"
                    out.append((Bid(0), ev.nil_value, reason))
                out.sort(key=lambda x: (x[0] != ev.choice, -x[1]))
                return out
        if phase == "blind" and self.bidding == "simulate":
            look, blind, done = self._blind_totals(view, None)
            if done:
                choice = self._blind_choice(look, blind, done)
                out = [
                    (LOOK, look / done, f"look and bid: play-outs on {done} deals"),
                    (Bid.blind_nil(), blind / done, f"blind nil: play-outs on {done} deals"),
                ]
                out.sort(key=lambda x: x[0] != choice)
                return out
        action = self.act(view)
        return [(action, 0.0, "the expert's choice (not weighed by simulation)")]

    def _reseed(self, view: View) -> None:
        """Start the decision's samples from the position, the seed and the budget
        (:func:`~spades.bots.certain.decision_seed`): the same position always gets the
        same deals, hence the same action (unless ``seconds`` cuts the deals short)."""
        budget: tuple[int | None, ...] = (self.seed, self.samples, self.playouts, self.bid_samples)
        budget += (self.solver_cards, self.leaf_cards) if self.leaf_cards else (self.solver_cards,)
        if self.early_samples:
            budget += (-self.early_samples,)
        self.rng = random.Random(decision_seed(view, budget))

    def _sample(self, know: Knowledge, count: int, sample_own: bool = False) -> list[list[int]]:
        """``count`` deals of the unseen cards, weighted by how well they fit the bids."""
        rules = know.rules
        four_handed = rules.partnerships and rules.num_seats == 4
        fit_sd = self.fit_sd if self.fit_sd is not None else PARTNERSHIP_FIT_SD if four_handed else BID_FIT_SD
        oversample = self.oversample
        if oversample is None:
            oversample = PARTNERSHIP_OVERSAMPLE if four_handed else OVERSAMPLE
        denied: list[int] = []
        partner = know.view.partner
        standard = deck_for(rules) is None  # (signals are read in the standard pack alone)
        in_play = know.view.phase == "play"
        if self._reads_partner() and standard and four_handed and partner is not None and in_play:
            shown = signal_denied(know.view, partner)
            if shown:
                denied = [0] * know.n
                denied[partner] = shown & know.unseen
        habits = None
        # (forced bids, Mirror's, Whiz's and Suicide's, say nothing of a bidder's habits)
        reads = four_handed and self.read_habits and rules.bidding == "standard" and standard
        read = self._table.habit() if reads else None
        if read is not None:
            shift, dev = read[0], max(fit_sd, read[1])
            habits = {s: (shift, dev) for s in range(know.n) if know.rules.side_of(s) != know.view.side}
        events = self._play_events(know) if in_play and standard and four_handed else []
        drawn = max(count, round(count * self.read_play)) if events else count
        deals = sample_deals(
            know, self.rng, drawn, sample_own=sample_own, fit_sd=fit_sd, oversample=oversample,
            denied=denied, habits=habits,
        )
        if not events:
            return deals
        shares = {s: self._plays.share(s) for s in {e.seat for e in events}}
        fits = [play_fit(events, d, shares, self._plays.model) for d in deals]
        return self.rng.choices(deals, weights=fits, k=count)

    def _play_events(self, know: Knowledge) -> list[PlayEvent]:
        """The cards played this hand by the seats whose play is read (``read_play``): the
        opponents, and a partner not read by the signals."""
        if not self.read_play:
            return []
        view = know.view
        seats = set(know.opponents())
        if view.partner is not None and not self._reads_partner():
            seats.add(view.partner)
        return play_events(view, seats)

    def _partner_signals(self) -> bool:
        """Does the partner play as the expert does, by the signals (``partner_signals``: as
        read so far, or as told)?"""
        if self.partner_signals == "auto":
            return self._partner.reads_signals()
        return bool(self.partner_signals)

    def _reads_partner(self) -> bool:
        """Are the partner's cards read by the signals (``signals`` and the partner's play)?"""
        return self.signals and self._partner_signals()

    @staticmethod
    def _out_of_time(deadline: float | None, done: int) -> bool:
        return deadline is not None and done >= 2 and time.perf_counter() > deadline

    def _points(
        self, view: View, bids: Sequence[Bid], tricks: Sequence[int], bidding: bool = False
    ) -> float:
        """What a finished hand is worth to this seat's side (:func:`hand_utility`);
        ``bidding``: with the set penalty of a bid (``bid_set_penalty``)."""
        if view is not self._memo_view:  # a new decision (the view is held: its id is not reused)
            self._memo_view = view
            self._memo = {}
        key = (tuple(bids), tuple(tricks), bidding)
        known = self._memo.get(key)
        if known is not None:
            return known
        rules = view.rules
        penalty = self.bid_set_penalty_for(rules) if bidding else self.set_penalty_for(rules)
        value = hand_utility(
            view.rules,
            view.side,
            bids,
            tricks,
            view.bags,
            view.scores,
            view.hands_played,
            self.bag_weight,
            penalty,
            self.win_weight,
        )
        self._memo[key] = value
        return value

    def play_shade_for(self, rules: Rules) -> float:
        """The weight with which card play expects the side to fall a trick short of its
        double-dummy count: ``play_shade`` if given, else 0.2 in four-handed partnerships
        and 0.5 in the other games."""
        if self.play_shade is not None:
            return self.play_shade
        return PARTNERSHIP_PLAY_SHADE if rules.partnerships and rules.num_seats == 4 else PLAY_SHADE

    def shade_for(self, rules: Rules, scores: Sequence[int] = ()) -> float:
        """The tricks by which this bot's bids expect to fall short of its play-outs, with
        the sides' ``scores``: in partnerships :data:`PARTNERSHIP_SHADE` (negative: a little
        above the play-outs), but :data:`RACE_SHADE` once a side is within :data:`RACE_POINTS`
        of the target."""
        if self.shade is not None:
            return self.shade
        if rules.num_seats == 2:
            return TWO_PLAYER_SHADE
        if not rules.partnerships:
            return SHADE
        racing = any(score >= rules.target_score - RACE_POINTS for score in scores)
        return RACE_SHADE if racing else PARTNERSHIP_SHADE

    def set_penalty_for(self, rules: Rules) -> float:
        """The points a failed contract costs this bot beyond its score, under ``rules``."""
        if self.set_penalty is not None:
            return self.set_penalty
        return SET_PENALTY if rules.num_sides == 2 else 0.0

    def bid_set_penalty_for(self, rules: Rules) -> float:
        """The points a failed contract costs beyond its score when this bot weighs its bids:
        nothing in partnerships (the bid's expected score decides), else the card-play
        penalty (:meth:`set_penalty_for`)."""
        if self.bid_set_penalty is not None:
            return self.bid_set_penalty
        return 0.0 if rules.partnerships else self.set_penalty_for(rules)

    # -- card play --------------------------------------------------------------------

    def _candidates(self, know: Knowledge, legal: list[int], separating: int | None = None) -> list[int]:
        """One card per group of equivalent legal cards (no unseen card, and no card of the
        current trick, between them: ``know.separating``, or ``separating`` given in the
        play-outs' layout with ``legal``)."""
        if separating is None:
            separating = know.separating
        out: list[int] = []
        for c in sorted(legal):
            if out and slot_suit(out[-1]) == slot_suit(c):
                between = ((1 << c) - 1) & ~((1 << (out[-1] + 1)) - 1)
                if not between & separating:
                    continue  # same as the card kept: only played or our cards between
            out.append(c)
        return out

    def _choose_card(self, view: View, deadline: float | None) -> int:
        return self._signal(view, self._card_totals(view, deadline).choice)

    def _signal(self, view: View, card: int) -> int:
        """The card to play for ``card`` (the lowest of its equal cards): with ``signals``,
        a lead is the highest of them (the partner then knows the next card up is not
        ours; a follow, the lowest, says the same of the next card down)."""
        if not self.signals or view.trick or view.hand is None or deck_for(view.rules) is not None:
            return card
        hand = view.hand.mask
        gone = view.played.mask
        top = card
        x = card + 1
        while x < card // 13 * 13 + 13 and (hand | gone) >> x & 1:
            if hand >> x & 1:
                top = x
            x += 1
        return top

    def _card_totals(self, view: View, deadline: float | None, weigh_all: bool = False) -> _CardEval:
        """The candidate cards (one per group of equal cards) and each one's summed points
        over the sampled deals (see :class:`_CardEval`), as card ids.  A certain spot
        (:func:`~spades.bots.certain.certain_play`) leaves only the cards its rule allows;
        the others are weighed too with ``weigh_all`` (for :meth:`evaluate`), never chosen.
        Every candidate is scored on the same deals; when the best two allowed are closer
        than their paired differences can tell apart, the two are scored on as many deals
        again (every sum is then scaled to the deals of the two).  One candidate alone is
        returned with no deals.  Cards are weighed in the play-outs' layout
        (:func:`~spades.bots.decks.slot_layout`: the card ids themselves for the standard pack)."""
        lay = slot_layout(deck_for(view.rules))
        return self._slot_totals(view, deadline, lay, weigh_all).in_cards(lay)

    def _slot_totals(self, view: View, deadline: float | None, lay: SlotLayout, weigh_all: bool) -> _CardEval:
        """:meth:`_card_totals` in the play-outs' layout ``lay``."""
        know = Knowledge(view)
        slot = lay.slot
        legal = [slot[int(c)] for c in view.legal if isinstance(c, Card)]
        cands = self._candidates(know, legal, lay.to_slots(know.separating))
        own_bid = view.bids[view.seat]
        trick = [slot[int(c)] for _, c in view.trick]
        if own_bid is not None and own_bid.is_nil and view.tricks_won[view.seat] == 0 and trick:
            # a live nil never gambles on a trick it can surely lose: the play-outs, with
            # every hand open, trust a later partner to overtake far more than real play can
            best = trick[winner_index(trick)]
            safe = [c for c in cands if not slot_beats(c, best)]
            cands = safe or cands
        rules = view.rules
        solvable = self._solve is not None and (rules.partnerships or know.n == 2)
        use_solver = solvable and know.hand.bit_count() <= self.solver_cards
        # from the first trick with fewer deals while no nil is alive (a nil's search is slow)
        early = solvable and not use_solver and self.early_samples > 0 and not _nil_alive(view)
        use_solver = use_solver or early
        # the obvious spots are never left to the samples' noise (the trick rules only before
        # the solver's search, which sees who leads next, takes over)
        spot = certain_play(view)
        spot_cards = frozenset(slot[c] for c in spot.cards) if spot is not None else frozenset()
        favoured: frozenset[int] = frozenset()
        if spot is not None and spot.stake == "trick" and use_solver:
            favoured, spot = spot_cards, None  # a lead of RULE_LEAD points a deal, not a ban
        allowed = [c for c in cands if spot is None or c in spot_cards] or cands
        rule = spot.rule if spot is not None and len(allowed) < len(cands) else ""
        scored = cands if weigh_all else allowed
        if len(scored) == 1:
            return _CardEval(scored, {scored[0]: 0.0}, 0, False, None, allowed, rule)
        samples = self.early_samples if early else self.samples
        if not use_solver and len(allowed) * samples > self.playouts:
            samples = max(6, self.playouts // len(allowed))
        scores: dict[int, list[float]] = {c: [] for c in scored}
        self._score_deals(view, know, self._sample(know, samples), scored, scores, use_solver, deadline, lay)
        # the club player's card starts with a small lead: the samples must show a real gain
        # before the expert plays something else (their noise would otherwise decide ties)
        rep = self._club_card(view, know, cands, lay)

        def bonus(c: int) -> float:  # the leads that are not the samples' own
            return (self.prior if c == rep else 0.0) + (RULE_LEAD if c in favoured else 0.0)

        def mean(c: int) -> float:
            return self._mean(scores[c], False) + bonus(c)

        top = sorted(allowed, key=lambda c: -mean(c))[:2]
        lead = bonus(top[0]) - bonus(top[-1])
        if len(top) == 2 and _close(scores[top[0]], scores[top[1]], lead):
            extra = self._sample(know, samples)
            self._score_deals(view, know, extra, top, scores, use_solver, deadline, lay, len(scores[top[0]]))
        done = max(1, max(len(v) for v in scores.values()))
        totals = {c: mean(c) * done for c in scored}
        solver = use_solver and self._solve is not None
        return _CardEval(scored, totals, done, solver, rep, allowed, rule, favoured)

    def _club_card(self, view: View, know: Knowledge, cands: list[int], lay: SlotLayout) -> int | None:
        """The candidate (a slot of ``lay``) standing for the club player's card: the lowest
        card of its group of equal cards."""
        deck = deck_for(view.rules)
        if deck is None:
            favourite = self._basic.choose_card(view, know)
        else:
            chosen = deck_act(deck, view, view.legal)
            favourite = lay.slot[int(chosen)] if isinstance(chosen, Card) else max(cands)
        suit = slot_suit(favourite)
        return max((c for c in cands if slot_suit(c) == suit and c <= favourite), default=None)

    def _mean(self, values: list[float], favourite: bool) -> float:
        """The mean of a candidate's points over its deals, with the club player's lead."""
        return (sum(values) / len(values) if values else 0.0) + (self.prior if favourite else 0.0)

    def _score_deals(
        self,
        view: View,
        know: Knowledge,
        deals: list[list[int]],
        cands: list[int],
        scores: dict[int, list[float]],
        use_solver: bool,
        deadline: float | None,
        lay: SlotLayout,
        done: int = 0,
    ) -> None:
        """Append each candidate's points (cards as slots of ``lay``) on each of ``deals``
        (card ids) to ``scores`` (solver values or play-outs), stopping at ``deadline`` once
        two deals in all are done."""
        rules = view.rules
        n = know.n
        bids = rollout_bids(view.bids)
        leader = view.leader if view.leader is not None else view.seat
        slot = lay.slot
        trick = [slot[int(c)] for _, c in view.trick]
        # play-outs that end in the solver's values once ``leaf_cards`` a hand are left
        leaf = self.leaf_cards if not use_solver and not lay.wide and self._solve is not None else 0
        leaf = leaf if leaf and (rules.partnerships or n == 2) else 0
        for i, dealt in enumerate(deals):
            if self._out_of_time(deadline, done + i):
                break
            hands = [lay.to_slots(h) for h in dealt] if lay.wide else dealt
            if use_solver:
                values = self._solver_values(view, bids, hands[:n], leader, trick, cands, lay)
                if values is not None:
                    for c in cands:
                        scores[c].append(values[c])
                    continue
            for c in cands:
                h = list(hands)
                h[view.seat] &= ~(1 << c)
                t = [*trick, c]
                pos = Position(
                    rules, h, leader, t, view.spades_broken or c >= 39, list(view.tricks_won), bids
                )
                if len(t) == n:
                    w = (leader + winner_index(t)) % n
                    pos.won[w] += 1
                    pos.trick = []
                    pos.leader = w
                if leaf:
                    scores[c].append(self._leaf_points(view, bids, pos))
                else:
                    scores[c].append(self._points(view, bids, rollout(pos)))

    def _solver_values(
        self,
        view: View,
        bids: Sequence[Bid],
        hands: list[int],
        leader: int,
        trick: list[int],
        cands: list[int],
        lay: SlotLayout | None = None,
    ) -> dict[int, float] | None:
        """Points of each candidate card on one deal, from double-dummy values: the side's
        tricks, and for every nil still alive whether the other side can force a trick on it.
        Cards in the play-outs' layout ``lay`` (the solver is given card ids and the pack)."""
        solve = self._solve
        if solve is None:
            return None
        if lay is not None and lay.wide:
            solve = _solver_in_slots(solve, lay, deck_for(view.rules))

        rules = view.rules
        n = rules.num_seats
        me = view.seat
        # with the breaking rule off a spade may always be led: the solver's 'broken' position
        broken = view.spades_broken or not rules.spades_must_be_broken
        side_mask = sum(1 << s for s in range(n) if rules.side_of(s) == rules.side_of(me))
        try:
            side_vals = solve(hands, leader, trick, broken, side_mask, side_mask)
            nil_fails: dict[int, dict[int, int]] = {}
            for s in range(n):
                if bids[s].is_nil and view.tricks_won[s] == 0:
                    friends = sum(1 << x for x in range(n) if rules.side_of(x) == rules.side_of(s))
                    attackers = ((1 << n) - 1) & ~friends
                    # only whether the nil is set matters here: one search a card (cap=1)
                    nil_fails[s] = solve(hands, leader, trick, broken, 1 << s, attackers, cap=1)
        except Exception:  # a solver that cannot take this position: play-outs from now on
            self._solve = None
            return None
        if not all(c in side_vals for c in cands):
            return None
        left = rules.tricks_per_hand - len(view.tricks)
        out: dict[int, float] = {}
        for c in cands:
            failing = {s for s, fails in nil_fails.items() if fails.get(c, 0) > 0}
            out[c] = self._double_dummy_points(view, bids, view.tricks_won, side_vals[c], left, failing)
        return out

    def _double_dummy_points(
        self,
        view: View,
        bids: Sequence[Bid],
        won: Sequence[int],
        ours: int,
        left: int,
        failing: set[int],
    ) -> float:
        """Points of a hand whose ``left`` tricks still to play go ``ours`` to the seat's side
        and the rest to the other, the nils of ``failing`` taking one each (tricks won so far:
        ``won``), shaded by :meth:`play_shade_for`."""
        rules = view.rules
        n = rules.num_seats
        me = view.seat
        tricks = list(won)
        for seats, count in (
            ([s for s in range(n) if rules.side_of(s) == rules.side_of(me)], ours),
            ([s for s in range(n) if rules.side_of(s) != rules.side_of(me)], left - ours),
        ):
            # a failing nil takes one trick (it pays the penalty either way); the rest go to a
            # seat that bid tricks
            for s in seats:
                if s in failing and count > 0:
                    tricks[s] += 1
                    count -= 1
            takers = [s for s in seats if not bids[s].is_nil] or seats
            tricks[takers[0]] += count
        value = self._points(view, bids, tricks)
        play_shade = self.play_shade_for(rules)
        if play_shade:
            # double-dummy play sees every card, ours will not: with some weight the side
            # falls a trick short of its double-dummy count
            short = _shift_side_tricks(rules, me, bids, tricks, -1)
            value += play_shade * (self._points(view, bids, short) - value)
        return value

    def _leaf_points(self, view: View, bids: Sequence[Bid], pos: Position) -> float:
        """Points of a play-out played by the play-outs' policy until ``leaf_cards`` a hand
        are left, and from there by the solver's values (both sides at their best; every live
        nil set when its attackers can force it a trick).  ``pos`` is consumed."""
        won = rollout(pos, self.leaf_cards)
        solve = self._solve
        hands, leader = pos.hands, pos.leader
        if solve is None or not hands[leader]:
            return self._points(view, bids, rollout(pos))
        rules = view.rules
        n = pos.n
        full = (1 << n) - 1
        side_mask = sum(1 << s for s in range(n) if rules.side_of(s) == rules.side_of(view.seat))
        broken = pos.broken or not rules.spades_must_be_broken

        def best(values: dict[int, int], maximising: int) -> int:  # the leader's choice
            return max(values.values()) if maximising >> leader & 1 else min(values.values())

        try:
            ours = best(solve(hands, leader, [], broken, side_mask, side_mask), side_mask)
            failing = set()
            for s in range(n):
                if bids[s].is_nil and won[s] == 0:
                    attackers = full & ~sum(1 << x for x in range(n) if rules.side_of(x) == rules.side_of(s))
                    if best(solve(hands, leader, [], broken, 1 << s, attackers, cap=1), attackers) > 0:
                        failing.add(s)
        except Exception:  # a solver that cannot take this position: play-outs from now on
            self._solve = None
            return self._points(view, bids, rollout(pos))
        return self._double_dummy_points(view, bids, won, ours, hands[leader].bit_count(), failing)

    # -- bidding --------------------------------------------------------------------------

    def _provisional_bids(self, view: View, hands: list[int], me_bid: Bid) -> list[Bid]:
        """Bids for a simulated hand: the real ones where made, the club player's estimate
        for seats still to bid (under a bidding variant or a least side bid, the bid the
        rules then leave them, :func:`~spades.bots.house.later_bid`), and a stand-in of one
        trick for the partner of a blind bid (:func:`~spades.bots.simulate.rollout_bids`)."""
        rules = view.rules
        if not rules.plain_bidding:
            return self._house_provisional_bids(view, hands, me_bid)
        deck = deck_for(rules)
        out: list[Bid] = []
        for s in range(rules.num_seats):
            b = view.bids[s]
            if s == view.seat:
                out.append(me_bid)
            elif b is not None:
                out.append(b)
            else:
                h = hands[s]
                nil_hand = (
                    rules.nil
                    and nil_danger(h, deck) <= 0.8
                    and estimate_tricks(h, rules.num_seats, deck=deck) <= 2.5
                )
                if nil_hand:
                    out.append(Bid(0))
                else:
                    est = estimate_tricks(h, rules.num_seats, rules.partnerships, deck)
                    out.append(Bid(min(rules.max_bid, max(1, int(est + 0.45)))))
        return out

    def _house_provisional_bids(self, view: View, hands: list[int], me_bid: Bid) -> list[Bid]:
        rules = view.rules
        n = rules.num_seats
        deck = deck_for(rules)
        bids: list[Bid | None] = list(view.bids)
        bids[view.seat] = me_bid
        for i in range(1, n):
            s = (view.seat + i) % n
            if bids[s] is not None or view.bids[s] is not None:
                continue
            partner_bid = bids[(s + 2) % 4] if rules.partnerships else None
            if partner_bid is not None and partner_bid.is_blind_bid:
                continue  # makes no bid
            h = hands[s]
            est = estimate_tricks(h, n, rules.partnerships, deck)
            nil_ok = rules.nil and nil_danger(h, deck) <= 0.8 and est <= 2.5
            bids[s] = later_bid(rules, h, partner_bid, est, nil_ok)
        return rollout_bids(bids)

    def _play_out(self, view: View, hands: list[int], bids: list[Bid]) -> list[int]:
        """Play a sampled deal out from its first lead, after the blind-nil exchanges the
        bids call for (the bidding is over before the exchange)."""
        rules = view.rules
        leader = (view.dealer + 1) % rules.num_seats
        lay = slot_layout(deck_for(rules))
        dealt = [lay.to_slots(h) for h in play_exchanges(rules, hands, bids)]
        trick: list[int] = []
        if rules.first_lead == "two-of-clubs":
            # the holder of the lowest club leads it
            low = lay.slot[rules_deck(rules).lowest_club]
            leader = next((s for s in range(rules.num_seats) if dealt[s] >> low & 1), leader)
            if dealt[leader] >> low & 1:
                dealt[leader] &= ~(1 << low)
                trick = [low]
        pos = Position(rules, dealt, leader, trick, False, [0] * rules.num_seats, bids)
        return rollout(pos)

    def _choose_bid(self, view: View, deadline: float | None) -> Bid:
        rules = view.rules
        if rules.bidding == "suicide" and view.partner is not None and view.bids[view.partner] is None:
            # who of the two takes the nil: the club player's rule (its play-outs, which see every
            # card, kept too many nils: 39% were made against basic's 46%)
            hand = view.hand.mask if view.hand is not None else 0
            deck = deck_for(rules)
            est = estimate_tricks(hand, rules.num_seats, rules.partnerships, deck)
            if Bid(0) in view.legal and suicide_wants_nil(nil_danger(hand, deck), est):
                return Bid(0)
        ev = self._bid_totals(view, deadline)
        if ev is None:
            return self._basic.choose_bid(view, Knowledge(view))
        return ev.choice

    def _bid_totals(self, view: View, deadline: float | None) -> _BidEval | None:
        """Every bid level weighed on the sampled deals (see the module docstring), or None
        when there is nothing to weigh (no number to bid, or no deal done)."""
        rules = view.rules
        legal_bids = [a for a in view.legal if isinstance(a, Bid)]
        legal_set = {b.tricks for b in legal_bids if not b.blind}
        know = Knowledge(view)
        basic_bid = self._basic.choose_bid(view, know)
        nonzero = sorted(legal_set - {0})
        if not nonzero:
            return None
        base = basic_bid.tricks
        if base < 1:
            est = estimate_tricks(know.hand, rules.num_seats, rules.partnerships, deck_for(rules))
            base = max(1, int(est + 0.45))
        base = min(nonzero, key=lambda t: abs(t - base))
        partner = view.partner
        # the last bid of a side fixes its contract: every level is weighed.  A first bid
        # stays near the club player's count, which is what the partner's samples read it as
        sets_contract = partner is None or view.bids[partner] is not None
        # a partner that does not play as the expert does (its signals) does not read this bid
        # as the club player's count either: its own bid follows its cards alone
        read_as_count = not sets_contract and self._partner_signals()
        numeric = [t for t in nonzero if -1 <= t - base <= 1] if read_as_count else nonzero
        partner_bid = view.bids[partner] if partner is not None else None
        # never a second nil beside the partner's: nobody would cover either of them
        partner_nil = partner_bid is not None and partner_bid.is_nil
        # the table reading compares bids with cards: bids the rules force are no evidence of
        # loose bidders (Suicide's forced nils read as the loosest table of all)
        free_bids = rules.bidding == "standard"
        # (the reading counts the opponents' hands in the standard pack: not read on the others)
        free_bids = free_bids and deck_for(rules) is None
        loose = self._table.looseness(view, self.danger_sd) if free_bids else 0.0
        danger_max = self.nil_danger_max + loose * max(0.0, self.loose_danger - self.nil_danger_max)
        # Suicide: the first of the two chooses who bids nil, the partner takes the other, so
        # a number is the side's whole contract and nil is weighed against it head to head
        suicide_choice = rules.bidding == "suicide" and partner_bid is None and 0 in legal_set
        if suicide_choice:
            sets_contract = True
            numeric = nonzero
        whiz = rules.bidding == "whiz"
        if whiz:
            danger_max += 0.8  # the other choice is a forced number, not the best one
        # (Suicide's nil is chosen by the club player's rule, in _choose_bid)
        try_nil = (
            0 in legal_set
            and not partner_nil
            and not suicide_choice
            and nil_danger(know.hand, deck_for(rules)) <= danger_max
        )
        # covering a partner's nil costs tricks that open-hand play-outs do not lose
        covering = partner_nil or suicide_choice
        shade = self.shade_for(rules, view.scores) + (self.cover_shade if covering else 0.0)
        if rules.bidding == "suicide":
            shade += SUICIDE_SHADE
        kernel = self._kernels.get(shade)
        if kernel is None:
            kernel = self._kernels[shade] = _trick_kernel(shade, self.spread)
        deals = self._sample(know, max(self.samples, self.bid_samples))
        me = view.seat
        side = rules.side_of(me)
        mates = [s for s in range(rules.num_seats) if rules.side_of(s) == side]
        other_bid = sum(
            b.tricks for s in mates if s != me and (b := view.bids[s]) is not None and not b.is_nil
        )
        totals = {t: 0.0 for t in numeric}
        made = {t: 0.0 for t in numeric}
        nil_total = 0.0
        nil_kept = 0.0
        trust = self._table.nil_trust(view) if free_bids else 0.0
        done = 0
        for hands in deals:
            if self._out_of_time(deadline, done):
                break
            done += 1
            bids = self._provisional_bids(view, hands, Bid(base))
            final = self._play_out(view, hands, bids)
            trial = list(bids)
            for k, weight in kernel:
                tricks = _shift_side_tricks(rules, me, bids, final, k)
                ours = sum(tricks[s] for s in mates if not bids[s].is_nil or s == me)
                for t in numeric:
                    trial[me] = Bid(t)
                    totals[t] += weight * self._points(view, trial, tricks, bidding=True)
                    made[t] += weight * (ours >= t + other_bid)
            if try_nil:
                if rules.plain_bidding:
                    nbids = list(bids)
                    nbids[me] = Bid(0)
                else:  # the seats still to bid answer a nil (Suicide, a least side bid)
                    nbids = self._provisional_bids(view, hands, Bid(0))
                nfinal = self._play_out(view, hands, nbids)
                value = self._points(view, nbids, nfinal, bidding=True)
                if nfinal[me] == 0:
                    nil_kept += 1
                elif trust > 0:
                    # a defender short of the play-outs' open-card one lets some of these through
                    kept = list(nfinal)
                    kept[(me + 1) % rules.num_seats] += kept[me]
                    kept[me] = 0
                    value += trust * (self._points(view, nbids, kept, bidding=True) - value)
                    nil_kept += trust
                nil_total += value
        if not done:
            return None
        margin = {t: (self.first_margin * done if t > base and not sets_contract else 0.0) for t in numeric}
        best_t = max(numeric, key=lambda t: (totals[t] - margin[t], -abs(t - base)))
        # nil needs both: more points than the best number, and few enough play-outs in which
        # it fails (those failures are optimistic: the play-outs see every card)
        nil_better = nil_total > totals[best_t] + self.nil_margin * done
        choice = Bid(best_t)
        if suicide_choice:
            nil_better = nil_total > totals[best_t]  # either way one of the two bids nil
        nil_min = 0.0 if suicide_choice else 0.5 if whiz else self.nil_min
        if try_nil and nil_kept >= nil_min * done and nil_better:
            choice = Bid(0)
        return _BidEval(
            choice=choice,
            done=done,
            values={t: totals[t] / done for t in numeric},
            made={t: made[t] / done for t in numeric},
            nil_value=nil_total / done if try_nil else None,
            nil_kept=nil_kept / done if try_nil else None,
            trust=trust,
        )

    # -- blind nil ----------------------------------------------------------------------------

    def _choose_blind(self, view: View, deadline: float | None) -> Action:
        options = [a.tricks for a in view.legal if isinstance(a, Bid) and a.is_blind_bid]
        if options:
            n = blind_bid_worth(view.rules, list(view.scores), view.side, options)
            if n is not None and self._blind_bid_pays(view, n, deadline):
                return Bid(n, blind=True)
        if Bid.blind_nil() not in view.legal:
            return LOOK
        look, blind, done = self._blind_totals(view, deadline)
        return self._blind_choice(look, blind, done)

    def _blind_bid_pays(self, view: View, tricks: int, deadline: float | None) -> bool:
        """Is ``blind tricks`` worth more than looking and bidding?  Weighed on play-outs of
        deals that sample this seat's hand too, each hand's worth the change in the chance
        of winning the game (:data:`BLIND_WIN_WEIGHT` points for a whole game, see
        :func:`~spades.bots.simulate.win_probability`): a blind bid scores less than a
        looked one on average, so only the score can make it pay."""
        rules = view.rules
        know = Knowledge(view)
        me = view.seat
        look_total = blind_total = 0.0
        done = 0
        # as many deals as a bid: the two choices are often close
        for hands in self._sample(know, max(self.samples, self.bid_samples), sample_own=True):
            if self._out_of_time(deadline, done):
                break
            done += 1
            est = estimate_tricks(hands[me], rules.num_seats, rules.partnerships, deck_for(rules))
            for bid in (Bid(min(rules.max_bid, max(1, int(est + 0.45)))), Bid(tricks, blind=True)):
                bids = self._provisional_bids(view, hands, bid)
                final = self._play_out(view, hands, bids)
                value = hand_utility(
                    rules, view.side, bids, final, view.bags, view.scores, view.hands_played,
                    self.bag_weight, 0.0, BLIND_WIN_WEIGHT,
                )
                if bid.blind:
                    blind_total += value
                else:
                    look_total += value
        return done > 0 and blind_total > look_total

    @staticmethod
    def _blind_choice(look: float, blind: float, done: int) -> Action:
        if done and blind > look + 40.0 * done:
            return Bid.blind_nil()
        return LOOK

    def _blind_totals(self, view: View, deadline: float | None) -> tuple[float, float, int]:
        """Summed points of looking and of blind nil over sampled deals, and the deals done
        (none when blind nil is not worth weighing at this score)."""
        rules = view.rules
        if not self._basic_might_blind(view):
            return 0.0, 0.0, 0
        know = Knowledge(view)
        deals = self._sample(know, self.samples, sample_own=True)
        me = view.seat
        look_total = blind_total = 0.0
        done = 0
        for hands in deals:
            if self._out_of_time(deadline, done):
                break
            done += 1
            est = estimate_tricks(hands[me], rules.num_seats, rules.partnerships, deck_for(rules))
            look_bid = Bid(min(rules.max_bid, max(1, int(est + 0.45))))
            bids = self._provisional_bids(view, hands, look_bid)
            final = self._play_out(view, hands, bids)
            look_total += self._points(view, bids, final)
            # blind nil: the partner bids a number on its own cards, then the exchange
            bbids = self._provisional_bids(view, hands, Bid.blind_nil())
            partner = view.partner
            if partner is not None and view.bids[partner] is None:
                est_p = estimate_tricks(hands[partner], rules.num_seats, rules.partnerships, deck_for(rules))
                bbids[partner] = Bid(min(rules.max_bid, max(1, int(est_p + 0.45))))
            bfinal = self._play_out(view, hands, bbids)
            blind_total += self._points(view, bbids, bfinal)
        return look_total, blind_total, done

    def _basic_might_blind(self, view: View) -> bool:
        """Blind nil is only simulated when the side trails by ``blind_deficit`` or more
        and the partner has not bid nil."""
        side = view.side
        best_other = max(s for i, s in enumerate(view.scores) if i != side)
        partner = view.partner
        if partner is not None and view.bids[partner] is not None and view.bids[partner].is_nil:  # type: ignore[union-attr]
            return False
        return best_other - view.scores[side] >= self.blind_deficit

    def __repr__(self) -> str:
        extra: dict[str, Any] = {"samples": self.samples}
        if self.seconds is not None:
            extra["seconds"] = self.seconds
        return f"ExpertBot(seed={self.seed!r}, " + ", ".join(f"{k}={v!r}" for k, v in extra.items()) + ")"


@dataclass
class _CardEval:
    """What the card weighing found: the candidates weighed, each one's mean points (with
    the club player's lead) times ``done``, the deals done, whether the solver scored them,
    the candidate standing for the club player's card, the candidates a certain spot allows
    (all of them where none applies) and that spot's rule ("" where none)."""

    cands: list[int]
    totals: dict[int, float]
    done: int
    solver: bool
    rep: int | None
    allowed: list[int]
    rule: str
    #: the cards given :data:`RULE_LEAD` (a trick rule once the solver decides)
    favoured: frozenset[int] = frozenset()

    #: the card chosen, once the weighing is told in card ids (:meth:`in_cards`)
    best: int | None = None

    @property
    def choice(self) -> int:
        """The allowed candidate with the most points (of equal ones, the lowest in its
        suit: the weighing is done in the play-outs' layout, where a card's place in its
        suit is its slot less the suit's first slot)."""
        if self.best is not None:
            return self.best
        return max(self.allowed, key=lambda c: (self.totals.get(c, 0.0), -(c - 13 * min(c // 13, 3))))

    def in_cards(self, lay: SlotLayout) -> _CardEval:
        """The same weighing with the slots of ``lay`` told as card ids."""
        if not lay.wide:
            return self
        card = lay.card
        return _CardEval(
            [card[c] for c in self.cands],
            {card[c]: v for c, v in self.totals.items()},
            self.done,
            self.solver,
            None if self.rep is None else card[self.rep],
            [card[c] for c in self.allowed],
            self.rule,
            frozenset(card[c] for c in self.favoured),
            card[self.choice],
        )


@dataclass
class _BidEval:
    """What the bid simulation found: the bid chosen, the deals done, each level's expected
    points and the weighted share of play-outs in which the side makes it, and nil's
    expected points and the share of its play-outs that keep it (None: not weighed)."""

    choice: Bid
    done: int
    values: dict[int, float]
    made: dict[int, float]
    nil_value: float | None
    nil_kept: float | None
    trust: float = 0.0


def _shift_side_tricks(rules: Rules, me: int, bids: Sequence[Bid], tricks: list[int], k: int) -> list[int]:
    """``tricks`` with ``me``'s side taking ``k`` more (``k < 0``: fewer) from the other
    seats: tricks move between bidders of a number first, and a nil bidder gives up a
    trick only while it keeps one (its nil has failed either way)."""
    if k == 0:
        return tricks
    out = list(tricks)
    mine = rules.side_of(me)
    ours = [me] + [s for s in range(rules.num_seats) if s != me and rules.side_of(s) == mine]
    theirs = [s for s in range(rules.num_seats) if rules.side_of(s) != mine]
    givers, takers = (theirs, ours) if k > 0 else (ours, theirs)
    for _ in range(abs(k)):
        giver = max(
            (s for s in givers if out[s] > (1 if bids[s].is_nil else 0)),
            key=lambda s: (not bids[s].is_nil, out[s]),
            default=None,
        )
        if giver is None:
            break
        taker = min(takers, key=lambda s: (bids[s].is_nil, takers.index(s)))
        out[giver] -= 1
        out[taker] += 1
    return out


def _close(a: Sequence[float], b: Sequence[float], lead: float, z: float = 2.0) -> bool:
    """Are two candidates' points on the same deals (``a[i]``, ``b[i]``) too close to tell
    apart: ``a``'s paired lead (plus ``lead``) within ``z`` standard errors of zero?"""
    k = min(len(a), len(b))
    if k < 2:
        return False
    diffs = [a[i] - b[i] for i in range(k)]
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return var > 0 and abs(mean + lead) <= z * math.sqrt(var / k)


def _nil_alive(view: View) -> bool:
    """Whether a nil bidder at the table has taken no trick yet."""
    return any(live_nil(view, s) for s in range(len(view.bids)))


def _solver_in_slots(solve: SolveFn, lay: SlotLayout, deck: Deck | None) -> SolveFn:
    """The solver's entry point taking and giving cards of the play-outs' layout ``lay``
    (it is given card ids and the pack)."""
    card = lay.card

    def in_slots(hands: list[int], leader: int, trick: list[int], *args: Any, **kw: Any) -> dict[int, int]:
        cards = [lay.to_cards(h) for h in hands]
        raw = solve(cards, leader, [card[c] for c in trick], *args, deck=deck, **kw)
        return {lay.slot[c]: v for c, v in raw.items()}

    return in_slots


def _trick_kernel(shade: float, spread: float) -> tuple[tuple[int, float], ...]:
    """How a play-out's trick count is read when bidding: shifted by ``k`` tricks with
    weight ``w`` for each ``(k, w)``, a normal law of mean ``-shade`` and deviation
    ``spread`` on whole tricks (play-outs with every hand open, and the same play by
    every seat, make the trick count less certain than it looks)."""
    if spread <= 0:
        k = -round(shade)
        return ((k, 1.0),)
    weights = []
    for k in range(-4, 5):
        w = math.exp(-((k + shade) ** 2) / (2 * spread * spread))
        if w > 0.01:
            weights.append((k, w))
    total = sum(w for _, w in weights)
    return tuple((k, w / total) for k, w in weights)


def _switch(label: str, value: object) -> bool:
    """``value`` as on (1, True) or off (0, False), or a clear error."""
    if not isinstance(value, (bool, int)) or value not in (0, 1):
        raise ValueError(f"{label} must be on (1) or off (0)")
    return bool(value)


def _number(label: str, value: object, top: float, low: float = 0.0) -> float:
    """``value`` as a float from ``low`` to ``top``, or a clear error."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= top:
        raise ValueError(f"{label} must be a number from {low:g} to {top:g}")
    return float(value)
