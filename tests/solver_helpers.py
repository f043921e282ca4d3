"""Shared helpers for the solver tests: seeded random positions and DDS (endplay) calls."""

from __future__ import annotations

import random

from spades.cards import hand_string
from spades.solver import Position


def random_position(
    rng: random.Random,
    nseat: int,
    ncards: int,
    ntrick: int | None = None,
    broken: bool | None = None,
) -> Position:
    """A random legal position: ``ncards`` cards a hand before ``ntrick`` cards are played
    (legally, at random) to the current trick."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[i * ncards : (i + 1) * ncards] for i in range(nseat)]
    leader = rng.randrange(nseat)
    if broken is None:
        broken = rng.random() < 0.5
    if ntrick is None:
        ntrick = rng.randrange(nseat)
    trick: list[int] = []
    for i in range(ntrick):
        hand = hands[(leader + i) % nseat]
        if i == 0:
            legal = hand if broken or all(c // 13 == 3 for c in hand) else [c for c in hand if c // 13 != 3]
        else:
            legal = [c for c in hand if c // 13 == trick[0] // 13] or hand
        card = rng.choice(legal)
        hand.remove(card)
        trick.append(card)
    return Position.build([sum(1 << c for c in h) for h in hands], leader, trick, broken)


def dds_values(position: Position) -> dict[int, int]:
    """DDS's value of each legal card (tricks for the side to play, this trick included),
    spades trump; valid for Spades when spades are broken."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    hands = list(position.hands)
    for i, c in enumerate(position.trick):  # give the trick's cards back, then replay them
        hands[(position.leader + i) % 4] |= 1 << c
    pbn = "N:" + " ".join(hand_string(h) for h in hands)
    deal = Deal(pbn, first=Player(position.leader), trump=Denom.spades)
    for c in position.trick:
        deal.play(_endplay_card(c))
    out: dict[int, int] = {}
    for card, tricks in solve_board(deal):
        out[_card_id(card)] = tricks
    return out


def _endplay_card(card_id: int) -> object:
    from endplay.types import Card as ECard

    return ECard("SHDC"[3 - card_id // 13] + "23456789TJQKA"[card_id % 13])


def _card_id(card: object) -> int:
    # endplay: suits spades 0 .. clubs 3; rank values are 1 << (2..14)
    suit = 3 - int(card.suit)  # type: ignore[attr-defined]
    rank = int(card.rank).bit_length() - 3  # type: ignore[attr-defined]
    return suit * 13 + rank
