"""Helpers shared by the bot tests: build positions from given hands."""

from __future__ import annotations

import dataclasses

from spades import Card, CardSet, Game, Rules


def deck_for(hands: list[str], dealer: int = 3) -> list[Card]:
    """A deck that deals ``hands[s]`` (13 cards each, any notation) to seat ``s``."""
    sets = [sorted(CardSet(h) if " " in h else CardSet.parse(h)) for h in hands]
    n = len(sets)
    deck: list[Card] = [Card(0)] * sum(len(s) for s in sets)
    for s, cards in enumerate(sets):
        for j, c in enumerate(cards):
            seat_offset = (s - dealer - 1) % n
            deck[j * n + seat_offset] = c
    return deck


def game_with(hands: list[str], actions: list[str], rules: Rules | None = None, dealer: int = 3) -> Game:
    rules = rules or dataclasses.replace(Rules.preset("partnership"), blind_nil=False)
    game = Game(rules, seed=1, dealer=dealer, decks=[deck_for(hands, dealer)])
    for a in actions:
        game.apply(a)
    return game


def make_hands(required: dict[int, str], voids: dict[int, str] | None = None, n: int = 4) -> list[str]:
    """Four 13-card hands: seat ``s`` gets ``required[s]`` (space-separated cards) and is
    filled up from the remaining cards, never with a suit listed in ``voids[s]`` (e.g. 'H')."""
    voids = voids or {}
    hands: list[set[Card]] = [set() for _ in range(n)]
    used: set[Card] = set()
    for seat, text in required.items():
        for word in text.split():
            card = Card.parse(word)
            if card in used:
                raise ValueError(f"{card} is required twice")
            hands[seat].add(card)
            used.add(card)
    rest = [Card(i) for i in range(52) if Card(i) not in used]
    # deal the rest: most constrained seats first for each card
    for card in rest:
        letter = "CDHS"[card.suit]
        open_seats = [s for s in range(n) if len(hands[s]) < 13 and letter not in voids.get(s, "")]
        if not open_seats:
            raise ValueError(f"no seat can take {card}")
        seat = min(open_seats, key=lambda s: (len(hands[s]) - (5 if voids.get(s) else 0), s))
        hands[seat].add(card)
    if any(len(h) != 13 for h in hands):
        raise ValueError("these requirements do not make four 13-card hands")
    return [" ".join(str(c) for c in sorted(h)) for h in hands]
