"""Helpers for building exact positions and whole scripted hands in tests.

``deck_from_hands`` turns the hands each seat should be dealt into the ``decks=``
order the Game constructor expects (card ``i`` goes to seat ``(dealer+1+i) % n``).

``plan_hand`` builds a deal *and* a legal card-by-card play in which each seat wins
exactly the number of tricks asked for, under the default rules (follow suit,
spades must be broken).  The construction (for 3 or 4 dealt seats):

* every non-spade suit is cut into full tricks of ``n`` cards (all seats follow);
  its lowest cards that do not fill a trick are *leftovers*, one per seat but one;
* after all full non-spade tricks, a *mixed* trick: the leader leads its leftover,
  the other leftover holders discard theirs (they are void), and the remaining
  seat, holding only spades, must trump with the 2 of spades and wins (this breaks
  spades);
* then full spade tricks, each led by the previous winner (spades are broken).

Inside each full trick the winner gets the highest card.  The only constraint is
that the mixed trick's winner differs from its leader, so a seat taking every trick
is built separately (it holds all the spades and trumps everything).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spades import Card, CardSet, Game

SUIT_LETTERS = "CDHS"


def cards(text: str) -> list[Card]:
    """'AS KH' or a hand string 'AKQ.J.-.2' -> list of cards."""
    return list(CardSet.parse(text))


def deck_from_hands(hands: Sequence[str | CardSet | Sequence[Card]], dealer: int) -> list[Card]:
    """The deck order that deals ``hands[seat]`` to each seat."""
    n = len(hands)
    lists: list[list[Card]] = []
    for h in hands:
        if isinstance(h, str):
            lists.append(list(CardSet.parse(h)))
        else:
            lists.append(list(CardSet(list(h)) if not isinstance(h, CardSet) else h))
    size = len(lists[0])
    if any(len(x) != size for x in lists):
        raise ValueError(f"hands of unequal sizes: {[len(x) for x in lists]}")
    seen = [c for x in lists for c in x]
    if len(set(seen)) != len(seen):
        raise ValueError("a card is dealt twice")
    return [lists[(dealer + 1 + i) % n][i // n] for i in range(n * size)]


def two_player_stock(
    dealer: int, kept: Sequence[Sequence[Card]], dropped: Sequence[Sequence[Card]]
) -> list[Card]:
    """A stock in which, if every draw is ``keep``, seat s keeps ``kept[s]`` in order
    and discards ``dropped[s]`` (13 each).  The dealer draws first."""
    stock: list[Card] = []
    for t in range(26):
        seat = dealer if t % 2 == 0 else 1 - dealer
        stock += [kept[seat][t // 2], dropped[seat][t // 2]]
    return stock


@dataclass
class HandPlan:
    hands: list[list[Card]]  # per seat, what it must hold when play starts
    plays: list[Card]  # every card in play order
    winners: list[int]  # winner of each trick


def _card(rank: int, suit: int) -> Card:
    return Card(suit * 13 + rank)


def plan_hand(n: int, leader: int, tricks: Sequence[int]) -> HandPlan:
    """A deal and play (dealt variants, n = 3 or 4) where seat s wins ``tricks[s]``."""
    total = sum(tricks)
    per = 17 if n == 3 else 13
    if total != per or len(tricks) != n:
        raise ValueError("trick counts must cover the hand")
    if max(tricks) == per:
        return _plan_sweep(n, leader, tricks.index(per))
    # non-spade suits: full tricks and leftovers
    full: list[list[Card]] = []  # each a list of n cards, low..high
    leftovers: list[Card] = []
    for suit in range(3):
        ranks = [r for r in range(13) if not (n == 3 and suit == 0 and r == 0)]
        k = len(ranks) % n
        leftovers += [_card(r, suit) for r in ranks[:k]]
        rest = ranks[k:]
        full += [[_card(r, suit) for r in rest[i : i + n]] for i in range(0, len(rest), n)]
    assert len(leftovers) == n - 1
    spade_ranks = list(range(1, 13))
    spade_tricks = [[_card(r, 3) for r in spade_ranks[i : i + n]] for i in range(0, 12, n)]
    m = len(full)  # index of the mixed trick
    # winners: choose b != a with tricks, b wins trick m-1 (leads the mixed trick), a wins it
    seats_with = [s for s in range(n) if tricks[s] > 0]
    a, b = seats_with[0], seats_with[1]
    pool: list[int] = []
    left = list(tricks)
    left[a] -= 1
    left[b] -= 1
    for s in range(n):
        pool += [s] * left[s]
    winners = [*pool[: m - 1], b, a, *pool[m - 1 :]]
    hands: list[list[Card]] = [[] for _ in range(n)]
    plays: list[Card] = []
    lead = leader
    for j in range(per):
        w = winners[j]
        order = [(lead + i) % n for i in range(n)]
        if j == m:  # the mixed trick: lead (== b) leads a leftover, a trumps
            lo = list(leftovers)
            for seat in order:
                if seat == a:
                    c = _card(0, 3)
                else:
                    c = lo.pop(0)
                hands[seat].append(c)
                plays.append(c)
        else:
            trick = full[j] if j < m else spade_tricks[j - m - 1]
            others = list(trick[:-1])
            for seat in order:
                c = trick[-1] if seat == w else others.pop(0)
                hands[seat].append(c)
                plays.append(c)
        lead = w
    return HandPlan(hands, plays, winners)


def _plan_sweep(n: int, leader: int, sweeper: int) -> HandPlan:
    """Seat ``sweeper`` holds every spade (and, with 3 seats, 4 more cards) and wins all."""
    per = 17 if n == 3 else 13
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[sweeper] = [_card(r, 3) for r in range(13)]
    others = [(sweeper + i) % n for i in range(1, n)]
    rest = [Card(c) for c in range(39) if not (n == 3 and c == 0)]
    if n == 3:  # the sweeper also needs 4 non-spades: the top hearts, led first
        top = [_card(r, 2) for r in (12, 11, 10, 9)]
        hands[sweeper] += top
        rest = [c for c in rest if c not in top]
    for i, seat in enumerate(others):
        hands[seat] = rest[i * per : (i + 1) * per]
    plays: list[Card] = []
    # simulate: the sweeper leads spades high to low, then hearts; others play lowest legal
    held = {s: list(h) for s, h in enumerate(hands)}
    lead = leader
    for _ in range(per):
        order = [(lead + i) % n for i in range(n)]
        led_suit: int | None = None
        for seat in order:
            mine = held[seat]
            if seat == sweeper:
                hearts = [c for c in mine if c // 13 == 2]
                if led_suit is None and hearts:
                    c = max(hearts)
                elif led_suit is None or not any(c // 13 == led_suit for c in mine):
                    c = max(c for c in mine if c // 13 == 3)
                else:
                    c = max(c for c in mine if c // 13 == led_suit)
            else:
                follow = [c for c in mine if led_suit is not None and c // 13 == led_suit]
                c = min(follow) if follow else min(mine)
            if led_suit is None:
                led_suit = c // 13
            mine.remove(c)
            plays.append(c)
        lead = sweeper
    return HandPlan(hands, plays, [sweeper] * per)


def bid_round(game: Game, bids: Sequence[str]) -> None:
    """Everyone bids in turn; ``bids[seat]`` is notation ('bid 4', 'nil', 'blind nil').
    A seat asked to choose blind nil first says 'blind nil' or 'look'."""
    for _ in range(2 * len(bids)):
        if game.phase.value not in ("blind", "bid"):
            return
        seat = game.to_act
        assert seat is not None
        want = bids[seat]
        if game.phase.value == "blind":
            game.apply("blind nil" if want == "blind nil" else "look", seat=seat)
        else:
            game.apply(want, seat=seat)


def play_cards(game: Game, plays: Sequence[Card | str]) -> None:
    for c in plays:
        game.apply(c)


def scripted_game_deck(n: int, dealer: int, tricks: Sequence[int]) -> tuple[list[Card], HandPlan]:
    """The deck and play plan for a dealt hand where seat s wins ``tricks[s]``."""
    plan = plan_hand(n, (dealer + 1) % n, tricks)
    return deck_from_hands(plan.hands, dealer), plan


def plan_two_player(dealer: int, tricks: Sequence[int]) -> tuple[list[Card], HandPlan]:
    """A two-player stock (for ``keep`` at every draw) and play where seat s wins ``tricks[s]``.

    Play uses 8 clubs (7-A), 6 diamonds, 6 hearts and 6 spades (9-A): 4 club tricks,
    3 each of diamonds and hearts, then 3 spade tricks, which the leader may lead because
    by then both players hold only spades.  The winner of a trick plays its higher card.
    The 26 low cards are discarded during the draw, 13 by each player.
    """
    if sum(tricks) != 13 or len(tricks) != 2:
        raise ValueError("two trick counts adding up to 13")
    suits = [(0, range(5, 13)), (1, range(7, 13)), (2, range(7, 13)), (3, range(7, 13))]
    trick_cards: list[tuple[Card, Card]] = []
    for suit, ranks in suits:
        r = list(ranks)
        trick_cards += [(_card(r[i], suit), _card(r[i + 1], suit)) for i in range(0, len(r), 2)]
    winners = [0] * tricks[0] + [1] * tricks[1]
    hands: list[list[Card]] = [[], []]
    plays: list[Card] = []
    lead = 1 - dealer
    for (low, high), w in zip(trick_cards, winners):
        order = [lead, 1 - lead]
        for seat in order:
            c = high if seat == w else low
            hands[seat].append(c)
            plays.append(c)
        lead = w
    used = {c for h in hands for c in h}
    low_cards = [Card(i) for i in range(52) if Card(i) not in used]
    dropped = [low_cards[:13], low_cards[13:]]
    return two_player_stock(dealer, hands, dropped), HandPlan(hands, plays, winners)
