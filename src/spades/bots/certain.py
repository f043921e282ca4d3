"""Card-play spots whose answer is certain from the seat's own view.

Both computer players consult :func:`certain_play` before they weigh a card: where a
rule below applies, the cards it rules out are never played (the ``expert`` samples only
among the rest; a single card left is played at once), whatever the samples say.

The rules, in this order (a trick in progress, the standard pack only):

* **own nil**: a live nil bidder holding a card that stays under the trick's winning
  card never plays one that beats it (a card under the winner now loses the trick
  whatever is played after it);
* **cover the partner's nil**: the partner bid nil, has taken no trick and is winning
  this trick: play a card that beats its card, the cheapest when this seat plays last
  (no seat after can make the nil win the trick again);
* **cover the partner's nil to come**: the partner bid nil, has taken no trick and plays
  after this seat: a card that beats the trick and that no unseen card of its suit beats
  keeps the nil safe in this trick (it can always play under it: follow lower, or discard
  while it holds a non-spade), and is played when held;
* **the partner's sure winner**: the partner (not a live nil) is winning with a card no
  seat still to play can beat (each later seat is shown void in the suit or holds no
  unseen higher card of it, and for a non-trump card, is shown void in spades, or no
  spade is unseen, or it is known to hold a card of the suit led): never overtake it or
  ruff it;
* **last to play**: an opponent's live nil winning the trick is left to win it; else,
  when the side still needs tricks for its contract and can still make it, the trick is
  won with the cheapest card that wins it, or, when no card wins it and the suit led
  must be followed, the lowest card of that suit is played.

The nil rules are certain: a nil is worth far more than any trick.  The trick rules are
certain in the trick they play, not always in what follows: late in a hand who leads next,
or a card held back to capture a higher one, can be worth more (the double-dummy solver
finds such deals), so the ``expert`` applies them only while it weighs by play-outs, and
its solver search decides the last cards.

"Wants the trick" is decided only where it is beyond doubt (a contract still short and
still makeable); with the contract made, a failed nil's tricks, bags or a doomed contract
the choice is left to the player's own weighing.  Leads, and packs with jokers or
deuces, are left alone (``None``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..cards import SUIT_MASKS, Card
from ..view import View
from .decks import deck_for
from .knowledge import SPADE, SPADES, Knowledge, beats, higher_in_suit, trick_winner

__all__ = ["CertainPlay", "certain_card", "certain_play", "decision_seed", "live_nil", "sure_winner"]


@dataclass(frozen=True)
class CertainPlay:
    """The cards worth playing in a certain spot (a non-empty subset of the legal cards),
    the rule that chose them, and what is at stake: ``"nil"`` (a nil is kept, covered or
    set by the rule: its hundred points outweigh any trick) or ``"trick"`` (the rule plays
    for tricks, and the lead it gives away or keeps may matter late in a hand)."""

    cards: frozenset[int]
    rule: str
    stake: str = "trick"

    @property
    def card(self) -> int | None:
        """The one card to play, when the rule leaves a single card."""
        return next(iter(self.cards)) if len(self.cards) == 1 else None


def certain_card(view: View) -> Card | None:
    """The card to play when :func:`certain_play` leaves exactly one, else None."""
    play = certain_play(view)
    return Card(play.card) if play is not None and play.card is not None else None


def certain_play(view: View, know: Knowledge | None = None) -> CertainPlay | None:
    """The rule that settles ``view``'s card (see the module docstring) and the cards it
    leaves, or None where no rule applies or every legal card passes it (``know``: the
    view's :class:`Knowledge`, when already made)."""
    if view.phase != "play" or not view.trick or view.hand is None or deck_for(view.rules) is not None:
        return None
    legal = [int(c) for c in view.legal if isinstance(c, Card)]
    if len(legal) < 2:
        return None
    found = _spot(view, know if know is not None else Knowledge(view), legal)
    if found is None:
        return None
    cards, rule = found
    if not cards or len(cards) == len(legal):
        return None
    return CertainPlay(frozenset(cards), rule, "nil" if "nil" in rule else "trick")


def _spot(view: View, know: Knowledge, legal: list[int]) -> tuple[list[int], str] | None:
    n = know.n
    table = [int(c) for _, c in view.trick]
    win_seat = view.trick[trick_winner(table)][0]
    best = table[trick_winner(table)]
    later = [(view.seat + i) % n for i in range(1, n - len(table))]
    under = [c for c in legal if not beats(c, best)]
    over = [c for c in legal if beats(c, best)]
    partner = view.partner
    if live_nil(view, view.seat):
        return (under, "own nil: stay under the winning card") if under else None
    if partner is not None and win_seat == partner:
        if live_nil(view, partner):
            if not later and over:
                return [min(over)], "cover the partner's nil, as cheaply as possible"
            return (over, "cover the partner's nil") if over else None
        if sure_winner(know, best, later):
            return under, "the partner's sure winner: never overtake or ruff it"
        return None
    if partner is not None and partner in later and live_nil(view, partner):
        sure = [c for c in over if _covers_for_sure(know, c, partner)]
        return (sure, "cover the partner's nil to come with a master card") if sure else None
    if later:
        return None
    if live_nil(view, win_seat) and view.rules.side_of(win_seat) != view.side:
        return under, "let the opponent's nil win the trick"
    if _wants_trick(view, know):
        if over:
            return [min(over)], "last to play: win as cheaply as possible"
        led = table[0] // 13
        follow = [c for c in legal if c // 13 == led]
        if follow:
            return [min(follow)], "last to play and no card wins: the lowest"
    return None


def sure_winner(know: Knowledge, best: int, later: list[int]) -> bool:
    """Can no seat in ``later`` beat ``best``, the card winning the trick, from what the
    seat of ``know`` can see?"""
    view = know.view
    led = int(view.trick[0][1]) // 13
    for s in later:
        # the unseen cards this seat may hold: not those known in another seat's hand
        elsewhere = 0
        for x, cards in enumerate(know.known):
            if x != s:
                elsewhere |= cards
        theirs = know.unseen & ~elsewhere
        may_follow = not know.voids[s] >> led & 1 and theirs & SUIT_MASKS[led]
        if best // 13 == led and may_follow and theirs & higher_in_suit(best):
            return False
        follows_for_sure = know.known[s] & know.unseen & SUIT_MASKS[led]
        if follows_for_sure or know.voids[s] >> SPADE & 1:
            continue
        spades = theirs & SPADES
        if best // 13 == SPADE:
            spades &= higher_in_suit(best)
        if spades and led != SPADE:
            return False
        if spades and best // 13 == SPADE and may_follow:
            return False
    return True


def _covers_for_sure(know: Knowledge, card: int, nil: int) -> bool:
    """Can ``nil``, playing after ``card``, surely stay under it?  No unseen card of its
    suit ranks above it, and ``nil`` cannot be forced to ruff over it: the card is a spade,
    or ``nil`` holds more cards than there are unseen spades (so it holds a non-spade)."""
    if know.unseen & higher_in_suit(card):
        return False
    spades = (know.unseen & SPADES).bit_count()
    return card // 13 == SPADE or know.view.hand_sizes[nil] > spades


def live_nil(view: View, seat: int) -> bool:
    """Whether ``seat`` bid nil (blind or not) and has taken no trick yet."""
    bid = view.bids[seat]
    return bid is not None and bid.is_nil and view.tricks_won[seat] == 0


def _wants_trick(view: View, know: Knowledge) -> bool:
    """Does the seat's side certainly want this trick?  Only while its contract is short
    and still makeable, and the seat's tricks count for it."""
    bid = view.bids[view.seat]
    if bid is not None and bid.is_nil and not view.rules.nil_tricks_count_for_partner:
        return False  # a failed nil: its tricks are bags or nothing
    state = know.side_state(view.side)
    return 0 < state.need <= know.tricks_left


def decision_seed(view: View, budget: object = ()) -> int:
    """A seed taken from what ``view``'s seat knows (the position, its history, the rules)
    and ``budget`` (e.g. the bot's seed and deal counts): a bot that seeds its samples with
    it decides the same way every time it meets the same position."""
    parts = (
        view.rules, view.seat, str(view.phase), view.dealer, view.hand_number, view.hand,
        view.hand_sizes, view.bids, view.tricks_won, view.trick, view.tricks, view.scores,
        view.bags, view.hands_played, view.passed, view.received, view.discards, view.redrawn,
        view.draw_card, view.stock_left, view.history, budget,
    )
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")
