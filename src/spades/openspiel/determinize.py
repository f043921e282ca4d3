"""Determinization: a full game state consistent with one seat's view.

IS-MCTS needs, many times per decision, a random complete state that the
deciding seat cannot tell from the real one.  :func:`build_from_view` builds the
current hand's pack and decisions from a :class:`~spades.view.View` alone:

1. Cards whose place the seat knows stay put: its own hand (once looked at),
   every card played, cards it passed or received, its discards and redrawn
   cards, the card it is being shown.
2. Every other card is dealt at random to the hidden places (other hands, the
   two-player stock and discard pile) with the right sizes, never giving a seat a
   card of a suit it has shown out of (a failure to follow suit, or a spade led
   before spades were broken, which means it held only spades).
3. The hand's history is rebuilt backwards from there: plays are undone, hidden
   blind-nil passes are chosen among the receiver's cards, the two-player draw is
   paired up (with random keep/reject choices for the hidden draws) and redraws
   are given their cards.
4. The engine replays the result; the state is accepted only if the seat's view
   of it says exactly what the given view says (else another sample is drawn).

Finished hands of a whole game are kept as they were (they no longer matter
for play; their results are public).  The sampling is not exactly the
posterior (e.g. hidden passes never return cards just received), but it only
uses what the seat knows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..actions import KEEP, LOOK, REJECT, Action, Discard, Pass
from ..bids import Bid
from ..bots.knowledge import bit_cards
from ..cards import ALL_CARDS, FULL_DECK, Card
from ..core import deck_mask
from ..errors import IllegalActionError, SpadesError
from ..game import Game, Phase
from ..rules import Rules
from ..view import View

if TYPE_CHECKING:
    from . import SpadesState

__all__ = ["DeterminizeError", "build_from_view", "logged_actions", "resample"]

_ATTEMPTS = 200


class DeterminizeError(SpadesError):
    """No consistent state was found (should not happen; please report it)."""


@dataclass
class _Plan:
    deck: list[int]
    passes: list[int] = field(default_factory=list)  # per exchange step, a mask
    draws: list[Action] = field(default_factory=list)  # keep/reject per draw step
    redraws: dict[int, tuple[int, list[int]]] = field(default_factory=dict)  # seat -> (gave, picks)


def _pick(rng: random.Random, mask: int, k: int) -> int:
    chosen = rng.sample(bit_cards(mask), k)
    out = 0
    for c in chosen:
        out |= 1 << c
    return out


def _public_play(view: View) -> tuple[list[int], list[int]]:
    """Cards played per seat and suits each seat is known to lack (bit per suit)."""
    n = view.rules.num_seats
    played = [0] * n
    void = [0] * n
    broken = False
    must_break = view.rules.spades_must_be_broken
    tricks = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [c for _, c in view.trick]))
    for leader, cards in tricks:
        led = cards[0] // 13
        if led == 3 and must_break and not broken:
            void[leader] |= 0b0111
        for i, c in enumerate(cards):
            seat = (leader + i) % n
            played[seat] |= 1 << c
            if c // 13 != led:
                void[seat] |= 1 << led
            if c >= 39:
                broken = True
    return played, void


def _exchange_steps(view: View) -> list[tuple[int, int]]:
    rules = view.rules
    if not rules.has_exchange:
        return []
    n = rules.num_seats
    order = [(view.dealer + 1 + i) % n for i in range(n)]
    steps: list[tuple[int, int]] = []
    for seat in order:
        bid = view.bids[seat]
        partner = (seat + 2) % 4
        pbid = view.bids[partner]
        if bid is not None and bid.blind and pbid is not None and not pbid.blind:
            steps += [(partner, seat), (seat, partner)]
    return steps


def _assign(rng: random.Random, pool: int, sizes: dict[int, int], void: list[int],
            fixed: dict[int, int]) -> dict[int, int] | None:
    """Deal ``pool`` to seats (sizes include the fixed cards), respecting voids."""
    hands = dict(fixed)
    room = {s: sizes[s] - fixed.get(s, 0).bit_count() for s in sizes}
    if any(r < 0 for r in room.values()) or sum(room.values()) > pool.bit_count():
        return None
    cards = bit_cards(pool)
    rng.shuffle(cards)
    # the seats that may hold each suit (in the order of ``sizes``); most
    # constrained suits first (a stable sort: ties keep the shuffled order)
    able = [[s for s in sizes if not void[s] >> suit & 1] for suit in range(4)]
    counts = [len(seats) for seats in able]
    if min(counts) != max(counts):  # (with one count for every suit the order stays)
        cards.sort(key=lambda c: counts[c // 13])
    left = sum(room.values())
    spare = pool.bit_count() - left
    rand = rng.random
    for c in cards:
        if left == 0:
            break
        options = [s for s in able[c // 13] if room[s] > 0]
        if not options:
            if spare > 0:
                spare -= 1
                continue
            return None
        if spare > 0 and rand() < spare / (spare + left):
            spare -= 1
            continue
        # a seat with probability proportional to its room: rng.choices(options,
        # weights)[0] written out, with the same single random() and the same
        # comparisons (bisect_right of x in the cumulative weights, the last
        # option when x reaches none of the others)
        seat = options[-1]
        if len(options) == 1:
            rand()
        else:
            total = 0
            for s in options:
                total += room[s]
            x = rand() * (total + 0.0)
            acc = 0
            for s in options[:-1]:
                acc += room[s]
                if x < acc:
                    seat = s
                    break
        hands[seat] = hands.get(seat, 0) | (1 << c)
        room[seat] -= 1
        left -= 1
    return hands if left == 0 else None


class _DealtSetup(NamedTuple):
    """What :func:`_plan_dealt` knows from the view alone, before drawing anything."""

    played: list[int]
    void: list[int]
    steps: list[tuple[int, int]]
    done_steps: int
    my_steps: list[tuple[int, int, int]]
    fixed: dict[int, int]
    pool: int
    sizes: dict[int, int]


def _dealt_setup(view: View) -> _DealtSetup:
    rules = view.rules
    n = rules.num_seats
    me = view.seat
    pack = deck_mask(rules)
    played, void = _public_play(view)
    all_played = 0
    for m in played:
        all_played |= m
    steps = _exchange_steps(view)
    done_steps = len(steps)
    if view.phase == "exchange" and view.exchange is not None:
        done_steps = steps.index(view.exchange) if view.exchange in steps else 0
    elif view.phase in ("blind", "bid"):
        done_steps = 0
    # known holdings (now) of other seats, from the observer's own passes
    fixed: dict[int, int] = {}
    my_steps = [(i, g, r) for i, (g, r) in enumerate(steps[:done_steps]) if me in (g, r)]
    if my_steps:
        first_giver = my_steps[0][1]
        partner = (me + 2) % 4
        need = view.passed.mask & ~view.received.mask if first_giver == me else view.passed.mask
        need &= ~played[partner]
        if need:
            fixed[partner] = need
    known = (view.hand.mask if view.hand is not None else 0) | all_played
    for m in fixed.values():
        known |= m
    pool = pack & ~known
    sizes = {s: view.hand_sizes[s] for s in range(n) if s != me or view.hand is None}
    return _DealtSetup(played, void, steps, done_steps, my_steps, fixed, pool, sizes)


class _ViewMemo:
    """Facts of one view that every sample drawn for it reuses (a search draws
    dozens per decision from the same view object)."""

    __slots__ = ("dealt", "plays", "view", "want")

    def __init__(self, view: View) -> None:
        self.view = view
        self.want = _facts(view)
        self.dealt: _DealtSetup | None = None
        self.plays: list[Card] | None = None


#: the memo of the last view sampled (views are immutable; it is kept by identity)
_LAST_VIEW: list[_ViewMemo] = []


def _memo(view: View) -> _ViewMemo:
    last = _LAST_VIEW[0] if _LAST_VIEW else None
    if last is not None and last.view is view:
        return last
    memo = _ViewMemo(view)
    _LAST_VIEW[:] = [memo]
    return memo


def _plan_dealt(view: View, rng: random.Random) -> _Plan | None:
    rules = view.rules
    n = rules.num_seats
    me = view.seat
    memo = _memo(view)
    if memo.dealt is None:
        memo.dealt = _dealt_setup(view)
    played, void, steps, done_steps, my_steps, fixed, pool, sizes = memo.dealt
    hands = _assign(rng, pool, sizes, void, fixed)
    if hands is None:
        return None
    now = [hands.get(s, 0) for s in range(n)]
    if view.hand is not None:
        now[me] = view.hand.mask
    holdings = [now[s] | played[s] for s in range(n)]
    passes = [0] * done_steps
    mine = {i for i, _, _ in my_steps}
    for i in range(done_steps - 1, -1, -1):
        giver, receiver = steps[i]
        if i in mine:
            cards = view.passed.mask if giver == me else view.received.mask
        else:
            cards = _pick(rng, holdings[receiver], rules.blind_nil_exchange)
        if cards & ~holdings[receiver]:
            return None
        holdings[receiver] &= ~cards
        holdings[giver] |= cards
        passes[i] = cards
    deck = [0] * rules.deck_size
    for seat in range(n):
        positions = range((seat - view.dealer - 1) % n, rules.deck_size, n)
        dealt = bit_cards(holdings[seat])
        if len(dealt) != len(positions):
            return None
        rng.shuffle(dealt)
        for pos, c in zip(positions, dealt):
            deck[pos] = c
    return _Plan(deck=deck, passes=passes)


def _plan_draw(view: View, rng: random.Random) -> _Plan | None:
    me = view.seat
    opp = 1 - me
    dealer = view.dealer
    played, void = _public_play(view)
    my_hand = view.hand.mask if view.hand is not None else 0
    counts = view.redraw_counts or (0, 0)
    taken = view.redrawn.mask
    discards = view.discards.mask
    gave_me = _pick(rng, discards & ~taken & ~played[opp], counts[me]) if counts[me] else 0
    kept_me = ((my_hand | played[me]) & ~taken) | gave_me
    dropped_me = discards & ~gave_me
    steps_done = (52 - view.stock_left) // 2
    my_steps = [i for i in range(steps_done) if (dealer + i) % 2 == me]
    opp_steps = [i for i in range(steps_done) if (dealer + i) % 2 == opp]
    if kept_me.bit_count() != len(my_steps) or dropped_me.bit_count() != len(my_steps):
        return None
    shown = int(view.draw_card) if view.draw_card is not None else None
    known = my_hand | played[me] | played[opp] | discards | taken
    if shown is not None:
        known |= 1 << shown
    pool = FULL_DECK & ~known
    hands = _assign(rng, pool, {opp: view.hand_sizes[opp]}, void, {})
    if hands is None:
        return None
    now_opp = hands.get(opp, 0)
    rest = pool & ~now_opp
    final_opp = now_opp | played[opp]
    r = counts[opp]
    # cards the observer dropped that the opponent holds came back in its redraw
    forced = final_opp & discards
    if forced.bit_count() > r:
        return None
    took_opp = forced | (_pick(rng, final_opp & ~forced, r - forced.bit_count()) if r else 0)
    gave_opp = _pick(rng, rest, r) if r else 0
    rest &= ~gave_opp
    kept_opp = (final_opp & ~took_opp) | gave_opp
    dropped_opp = (took_opp | taken) & ~dropped_me
    fill = len(opp_steps) - dropped_opp.bit_count()
    if fill < 0 or kept_opp.bit_count() != len(opp_steps) or fill > rest.bit_count():
        return None
    extra = _pick(rng, rest, fill)
    dropped_opp |= extra
    rest &= ~extra
    deck: list[int] = []
    draws: list[Action] = []
    pairs = {
        me: (bit_cards(kept_me), bit_cards(dropped_me)),
        opp: (bit_cards(kept_opp), bit_cards(dropped_opp)),
    }
    for kept, dropped in pairs.values():
        rng.shuffle(kept)
        rng.shuffle(dropped)
    for i in range(steps_done):
        seat = (dealer + i) % 2
        kept, dropped = pairs[seat]
        k, d = kept.pop(), dropped.pop()
        act = rng.choice((KEEP, REJECT))
        deck += [k, d] if act is KEEP else [d, k]
        draws.append(act)
    tail = bit_cards(rest)
    rng.shuffle(tail)
    if shown is not None:
        tail.insert(0, shown)
    deck += tail
    if len(deck) != 52:
        return None
    redraws = {}
    if counts[me]:
        redraws[me] = (gave_me, bit_cards(taken))
    if r:
        redraws[opp] = (gave_opp, bit_cards(took_opp))
    return _Plan(deck=deck, draws=draws, redraws=redraws)


def _replay(game: Game, view: View, plan: _Plan) -> None:
    """Drive ``game`` (at the start of the hand) to the position ``view`` shows."""
    from . import apply_redraw

    memo = _memo(view)
    if memo.plays is None:
        memo.plays = [c for t in view.tricks for c in t.cards] + [c for _, c in view.trick]
    plays = memo.plays
    play_i = 0
    pass_i = 0
    draw_i = 0
    target_stock = view.stock_left
    for _ in range(400):
        phase = game.phase
        seat = game.to_act
        if seat is None:
            return
        if phase is Phase.PLAY:  # the most common step first
            if play_i >= len(plays):
                return
            game.apply(plays[play_i])
            play_i += 1
            continue
        if phase is Phase.BLIND:
            bid = view.bids[seat]
            if bid is not None and bid.blind:
                game.apply(Bid.blind_nil())
            elif seat == view.to_act and phase.value == view.phase:
                return
            else:
                game.apply(LOOK)
        elif phase is Phase.BID:
            bid = view.bids[seat]
            if bid is None:
                return
            game.apply(bid)
        elif phase is Phase.DRAW:
            if game.rules.uses_draw and 52 - 2 * draw_i == target_stock:
                return
            game.apply(plan.draws[draw_i])
            draw_i += 1
        elif phase is Phase.REDRAW:
            if seat == view.to_act and phase.value == view.phase:
                return
            # a redraw that gave up no cards shows as a count of 0
            gave, picks = plan.redraws.pop(seat, (0, []))
            act = Discard(gave)
            if picks:
                apply_redraw(game, act, picks)
            else:
                game.apply(act)
        elif phase is Phase.EXCHANGE:
            if pass_i >= len(plan.passes):
                return
            game.apply(Pass(plan.passes[pass_i]))
            pass_i += 1
        else:
            return


def _facts(v: View) -> tuple[object, ...]:
    """Everything a seat knows about the current hand (scores and history aside)."""
    return (
        v.phase, v.to_act, v.hand, v.hand_sizes, v.bids, v.tricks_won, v.trick, v.leader, v.tricks,
        v.spades_broken, v.blind_nil_open, v.passed, v.received, v.discards, v.redrawn,
        v.redraw_counts, v.draw_card, v.stock_left, v.exchange, v.legal,
    )


def build_from_view(view: View, rng: random.Random, rules: Rules, dealer: int,
                    prefix: list[list[int]], log: list[tuple[Action, list[int] | None]],
                    ) -> tuple[Game, _Plan]:
    """An engine game in the position of ``view`` (current hand resampled).

    ``prefix`` and ``log`` are the decks and actions of the finished hands
    (empty for a single hand).  Raises :class:`DeterminizeError` when no
    consistent sample was found in a few hundred tries.
    """
    from . import apply_redraw

    want = _memo(view).want
    for _ in range(_ATTEMPTS):
        plan = _plan_draw(view, rng) if rules.uses_draw else _plan_dealt(view, rng)
        if plan is None:
            continue
        # (the engine takes Card objects as they are, ids through to_card)
        game = Game(rules, seed=0, dealer=dealer, decks=[*prefix, [ALL_CARDS[c] for c in plan.deck]])
        try:
            for act, picks in log:
                if picks:
                    apply_redraw(game, act, picks)  # type: ignore[arg-type]
                else:
                    game.apply(act)
            _replay(game, view, plan)
        except (IllegalActionError, IndexError, KeyError):
            continue
        if _facts(game.view(view.seat)) == want:
            return game, plan
    raise DeterminizeError(f"no consistent deal found for {rules.seat_name(view.seat)}'s view")


def resample(state: SpadesState, player: int, rng: random.Random) -> SpadesState:
    """A copy of ``state`` with the current hand's hidden cards resampled for ``player``."""

    view = state.view(player)
    if view is None or state.is_terminal():
        return state.clone()  # type: ignore[no-any-return]
    hand_index = len(state._decks) - 1
    start = state._hand_starts[hand_index]
    prefix = state._decks[:hand_index]
    prior_log = state._log[:start]
    assert state._dealer is not None
    game, plan = build_from_view(view, rng, state._rules, state._dealer, [list(d) for d in prefix], prior_log)
    new: SpadesState = state.clone()
    new._decks = [*[list(d) for d in prefix], plan.deck]
    new._log = list(prior_log) + logged_actions(game, len(prior_log))
    assert new._stepper is not None
    pending = list(new._stepper.pending)
    new._build_engine()
    new._stepper.pending = pending
    # rebuilt by applying its own actions, so that history() leads to the
    # resampled cards (a clone would keep the original deal in its history)
    from . import replayed

    return replayed(new)


def logged_actions(game: Game, skip: int) -> list[tuple[Action, list[int] | None]]:
    """The game's actions after the first ``skip``, with redraw picks recovered."""
    out: list[tuple[Action, list[int] | None]] = []
    actions = game.actions[skip:]
    for seat, act in actions:
        picks = None
        if isinstance(act, Discard) and len(act.cards):
            picks = bit_cards(game.view(seat).redrawn.mask)
        out.append((act, picks))
    return out
