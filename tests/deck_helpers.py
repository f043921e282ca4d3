"""Random solver positions of any deck of RULES.md section 7 (for the deck tests and the bench)."""

from __future__ import annotations

import random

from spades.core.deck import Deck, deck_of
from spades.solver import Position
from spades.solver.layout import deck_legal

#: the cards above the ace of spades in some deck: the trumps whose order is not bit order
TOP_TRUMPS = (53, 52, 13, 39, 51)


def deal_cards(rng: random.Random, deck: Deck, nseat: int, ncards: int, trumpy: bool) -> list[list[int]]:
    """``ncards`` cards a seat from ``deck``; ``trumpy``: the deck's top trumps (jokers, 2D,
    2S, AS, those in the pack) are dealt first."""
    cards = list(deck.cards)
    rng.shuffle(cards)
    if trumpy:
        top = [c for c in deck.ranked[3][:5] if c in TOP_TRUMPS]
        cards = top + [c for c in cards if c not in top]
        head = cards[: nseat * ncards]
        rng.shuffle(head)
        cards = head
    return [cards[i * ncards : (i + 1) * ncards] for i in range(nseat)]


def deck_position(
    rng: random.Random,
    name: str,
    nseat: int,
    ncards: int,
    ntrick: int | None = None,
    broken: bool | None = None,
    trumpy: bool = False,
) -> Position:
    """A random legal position of the deck ``name`` (the pack of ``nseat`` players):
    ``ncards`` cards a hand before ``ntrick`` cards are played legally at random."""
    deck = deck_of(name, nseat == 3)
    hands = deal_cards(rng, deck, nseat, ncards, trumpy)
    leader = rng.randrange(nseat)
    if broken is None:
        broken = rng.random() < 0.5
    if ntrick is None:
        ntrick = rng.randrange(nseat)
    trick: list[int] = []
    for i in range(ntrick):
        hand = hands[(leader + i) % nseat]
        mask = sum(1 << c for c in hand)
        led = deck.suit_of[trick[0]] if trick else None
        legal = deck_legal(deck, mask, led, broken)
        card = rng.choice([c for c in hand if legal >> c & 1])
        hand.remove(card)
        trick.append(card)
    return Position.build([sum(1 << c for c in h) for h in hands], leader, trick, broken, deck=deck)
