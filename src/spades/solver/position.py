"""A card-play position for the solver: what each seat holds, who led the
current trick, the cards already in it, and whether spades are broken.

:func:`Position.build` accepts friendly input (hand strings, card lists,
:class:`~spades.cards.CardSet`, card-set integers) and checks that the position
could occur in a game, raising :class:`PositionError` (a ``ValueError``) with a
message a player understands.  Everything downstream works on the validated
integers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..cards import NUM_CARD_IDS, Card, CardSet, Suit, cards_of_mask, mask_of, parse_cards
from ..core.deck import Deck, deck_of
from ..errors import NotationError, SpadesError
from .layout import deck_legal, resolve_deck

__all__ = ["HandLike", "Position", "PositionError", "seat_name"]

#: One seat's cards: a hand string ('AKQ2.J.T98.765', spades first), a card
#: list ('AS KH' or [Card, ...]), a CardSet, or a card-set integer.
HandLike: TypeAlias = str | CardSet | int | Iterable[Card | str | int]

_NAMES4 = ("North", "East", "South", "West")


class PositionError(SpadesError, ValueError):
    """A position the solver cannot accept (malformed or impossible)."""


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def seat_name(seat: int, nseat: int) -> str:
    """'North'... for four seats, 'Seat N' otherwise."""
    if nseat == 4:
        return _NAMES4[seat]
    return f"Seat {seat}"


def _hand_mask(value: HandLike, seat: int, nseat: int) -> int:
    who = seat_name(seat, nseat)
    try:
        if isinstance(value, CardSet):
            return value.mask
        if isinstance(value, bool):
            raise PositionError(f"{who}'s hand must be cards, not {value!r}")
        if isinstance(value, Card):
            return 1 << int(value)
        if isinstance(value, int):
            if not 0 <= value < 1 << NUM_CARD_IDS:
                raise PositionError(f"{who}'s hand: a card-set integer must be between 0 and 2**54 - 1")
            return value
        if isinstance(value, str):
            return CardSet.parse(value).mask
        return mask_of(value)
    except NotationError as exc:
        raise PositionError(f"{who}'s hand: {exc}") from None
    except TypeError:
        raise PositionError(f"{who}'s hand must be a hand string or a list of cards") from None


#: the most cards a hand may hold: the kernel's move buffer has room for 20 legal cards
#: (three players with a joker pack hold 18)
_MAX_CARDS = 20


def _check_pack(pack: Deck, cards: int) -> None:
    """Every card must be in the pack (the standard pack's positions are not checked: the
    solver always took any of the 52 cards for them)."""
    if pack.name == "standard":
        if cards >> 52:
            raise PositionError("the jokers are not in the standard pack (choose a deck with jokers)")
        return
    extra = cards & ~pack.mask
    if extra:
        raise PositionError(f"{cards_of_mask(extra)[0]} is not in the {pack.name} pack")


@dataclass(frozen=True)
class Position:
    """A validated position.  ``hands[s]`` is seat ``s``'s card-set integer;
    ``trick`` the card ids already played to the current trick, the first by
    ``leader``; ``spades_broken`` whether a spade was played before this trick
    (a spade in ``trick`` breaks them for the following tricks automatically).
    """

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    spades_broken: bool
    deck: Deck = deck_of("standard")
    """The pack (RULES.md section 7): which cards are trumps and how cards rank."""

    @property
    def nseat(self) -> int:
        return len(self.hands)

    @property
    def to_play(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return self.hands[self.to_play].bit_count()

    def legal_mask(self) -> int:
        """Card-set integer of the legal cards of the seat to play."""
        led = self.deck.suit_of[self.trick[0]] if self.trick else None
        return deck_legal(self.deck, self.hands[self.to_play], led, self.spades_broken)

    def legal_cards(self) -> list[Card]:
        return cards_of_mask(self.legal_mask())

    @classmethod
    def build(
        cls,
        hands: Sequence[HandLike],
        leader: int = 0,
        trick: Iterable[Card | str | int] | str = (),
        spades_broken: bool = False,
        deck: str | Deck = "standard",
    ) -> Position:
        """Parse and check a position; raise :class:`PositionError` if it is not possible.
        ``deck``: the ``deck`` option's value (RULES.md section 7; the pack of as many
        players as there are hands) or a :class:`~spades.core.deck.Deck`."""
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise PositionError("hands must be a list of 2, 3 or 4 hands, one per seat")
        nseat = len(hands)
        if nseat not in (2, 3, 4):
            raise PositionError(f"a position has 2, 3 or 4 hands, not {nseat}")
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < nseat:
            raise PositionError(f"the leader must be a seat number from 0 to {nseat - 1}, not {leader!r}")
        try:
            pack = resolve_deck(deck, nseat)
        except ValueError as exc:
            raise PositionError(str(exc)) from None
        masks = tuple(_hand_mask(h, s, nseat) for s, h in enumerate(hands))
        try:
            cards = parse_cards(trick) if isinstance(trick, str) else [Card(int(c)) if not isinstance(c, str)
                                                                       else Card.parse(c) for c in trick]
        except (NotationError, ValueError, TypeError) as exc:
            raise PositionError(f"the current trick: {exc}") from None
        if len(cards) >= nseat:
            raise PositionError(
                f"the current trick has {len(cards)} cards; with {nseat} seats at most {nseat - 1} "
                "can have been played before the next seat plays"
            )
        seen = 0
        for s, m in enumerate(masks):
            dup = seen & m
            if dup:
                who = seat_name(s, nseat)
                raise PositionError(f"{cards_of_mask(dup)[0]} is in more than one hand ({who})")
            seen |= m
        for c in cards:
            if seen >> c & 1:
                raise PositionError(f"{c} is in the current trick and also in a hand")
            seen |= 1 << c
        _check_pack(pack, seen)
        # hand sizes: seats that have played to this trick hold one card fewer
        played_seats = {(leader + i) % nseat for i in range(len(cards))}
        to_come = [s for s in range(nseat) if s not in played_seats]
        size = masks[to_come[0]].bit_count()
        if size == 0:
            raise PositionError("no cards left to play: every hand is empty")
        for s in range(nseat):
            want = size - 1 if s in played_seats else size
            have = masks[s].bit_count()
            if have != want:
                raise PositionError(
                    f"hand sizes do not match: {seat_name(s, nseat)} holds {_cards(have)} but should hold "
                    f"{_cards(want)} ({'it has' if s in played_seats else 'it has not'} played to this trick)"
                )
        if size > _MAX_CARDS:
            raise PositionError(f"a hand holds at most {_MAX_CARDS} cards, not {size}")
        # the cards in the trick must have been legal, as far as we can tell
        if cards:
            led = pack.suit_of[cards[0]]
            lead_hand = masks[leader] | (1 << cards[0])
            if not deck_legal(pack, lead_hand, None, bool(spades_broken)) >> cards[0] & 1:
                raise PositionError(
                    f"{seat_name(leader, nseat)} led {cards[0]} but spades were not broken and "
                    f"{seat_name(leader, nseat)} held other suits (pass spades_broken=True if they were)"
                )
            for i, c in enumerate(cards[1:], start=1):
                s = (leader + i) % nseat
                if not deck_legal(pack, masks[s] | (1 << c), led, True) >> c & 1:
                    raise PositionError(
                        f"{seat_name(s, nseat)} played {c} but still holds {Suit(led).plural}: "
                        "that does not follow suit"
                    )
        return cls(masks, leader, tuple(int(c) for c in cards), bool(spades_broken), pack)

    def describe(self) -> str:
        """A one-line summary, for messages and the command line."""
        parts = [f"{seat_name(s, self.nseat)}: {CardSet(m)}" for s, m in enumerate(self.hands)]
        trick = " ".join(str(Card(c)) for c in self.trick) or "-"
        broken = "broken" if self.spades_broken else "not broken"
        return "; ".join(parts) + f"; trick: {trick}; spades {broken}"
