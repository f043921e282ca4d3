"""Building any position of a hand from its parts: :meth:`spades.game.Game.from_position`.

A position is what the seats hold now, the bids made so far, the tricks played
so far (their cards in play order) and the running scores and bags.  It is
built by dealing the cards the seats started the hand with and replaying the
bids and cards through the rules, so every rule checks it: a card that breaks
follow-suit, a bid the table does not allow or a hand of the wrong size is an
:class:`~spades.errors.IllegalActionError` that says what is wrong.

>>> from spades import Game, Rules
>>> game = Game.from_position(
...     Rules.preset("partnership"),
...     hands=["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"],
...     bids=["bid 13", "bid 1", "nil", "bid 1"],
...     scores=[200, 450],
... )
>>> game.phase.value, game.to_act, game.scores
('play', 1, (200, 450))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import parse_action
from .bids import Bid
from .cards import NUM_CARD_IDS, Card, CardLike, CardSet, to_card
from .core import deck_mask, rules_deck, trick_winner
from .errors import ErrorCode, IllegalActionError, NotationError, reason_param
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

__all__ = ["build_position"]

HandLike = CardSet | str | Sequence[CardLike]


def _hand_mask(value: HandLike, who: str) -> int:
    try:
        if isinstance(value, CardSet):
            return value.mask
        if isinstance(value, str):
            return CardSet.parse(value).mask
        mask = 0
        for c in value:
            card = to_card(c)
            if mask >> card & 1:
                raise IllegalActionError(
                    f"{who} is given the {card} twice",
                    code=ErrorCode.POS_CARD_TWICE,
                    params={"seat": who, "card": str(card)},
                )
            mask |= 1 << card
        return mask
    except NotationError as exc:
        raise IllegalActionError(
            f"{who}'s hand: {exc}",
            code=ErrorCode.POS_HAND_NOTATION,
            params={"seat": who, "reason": reason_param(exc)},
        ) from None
    except TypeError:
        raise IllegalActionError(
            f"{who}'s hand must be cards like 'AKQ2.J.T98.765'",
            code=ErrorCode.POS_HAND_TYPE,
            params={"seat": who},
        ) from None


def _cards(value: str | Sequence[CardLike], what: str) -> list[int]:
    try:
        if isinstance(value, str):
            return [to_card(w) for w in value.split()]
        return [to_card(c) for c in value]
    except (NotationError, TypeError, ValueError) as exc:
        raise IllegalActionError(
            f"{what}: {exc}", code=ErrorCode.POS_CARDS, params={"what": what, "reason": reason_param(exc)}
        ) from None


def _numbers(value: Sequence[int] | None, size: int, what: str, minimum: int | None = None) -> list[int]:
    if value is None:
        return [0] * size
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != size:
        raise IllegalActionError(
            f"{what} must be a list of {size} whole numbers, one per side",
            code=ErrorCode.POS_NUMBERS_LIST,
            params={"what": what, "size": size},
        )
    out = []
    for v in value:
        if type(v) is not int:
            raise IllegalActionError(
                f"{what} must be whole numbers, not {v!r}",
                code=ErrorCode.POS_NUMBERS_WHOLE,
                params={"what": what, "value": repr(v)},
            )
        if minimum is not None and v < minimum:
            raise IllegalActionError(
                f"{what} cannot be below {minimum}",
                code=ErrorCode.POS_NUMBERS_MIN,
                params={"what": what, "minimum": minimum},
            )
        out.append(v)
    return out


def _bid(value: Bid | str, who: str) -> Bid:
    if isinstance(value, Bid):
        return value
    try:
        act = parse_action(value)
    except (NotationError, TypeError):
        act = None
    if not isinstance(act, Bid):
        raise IllegalActionError(
            f"{who}'s bid {value!r} is not a bid: try 'bid 4', 'nil' or 'blind nil'",
            code=ErrorCode.POS_NOT_A_BID,
            params={"seat": who, "value": repr(value)},
        )
    return act


def build_position(
    cls: type[Game],
    rules: Rules | None,
    hands: Sequence[HandLike],
    dealer: int,
    bids: Sequence[Bid | str | None] | None,
    tricks: Sequence[str | Sequence[CardLike]],
    trick: str | Sequence[CardLike],
    scores: Sequence[int] | None,
    bags: Sequence[int] | None,
    hands_played: int,
    seed: int,
) -> Game:
    """The work of :meth:`Game.from_position` (see there)."""
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a spades.Rules")
    n = rules.num_seats
    name = rules.seat_name
    if type(dealer) is not int or not 0 <= dealer < n:
        raise IllegalActionError(
            f"dealer must be a seat from 0 to {n - 1}", code=ErrorCode.POS_DEALER, params={"last": n - 1}
        )
    if type(hands_played) is not int or hands_played < 0:
        raise IllegalActionError(
            "hands_played must be a whole number, 0 or more", code=ErrorCode.POS_HANDS_PLAYED
        )
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != n:
        raise IllegalActionError(
            f"hands must list {n} hands, one per seat from {name(0)} on",
            code=ErrorCode.POS_HANDS_COUNT,
            params={"n": n, "seat": name(0)},
        )
    held = [_hand_mask(h, name(s)) for s, h in enumerate(hands)]
    score_list = _numbers(scores, rules.num_sides, "scores")
    bag_list = _numbers(bags, rules.num_sides, "bags", minimum=0)
    if isinstance(tricks, str):
        raise IllegalActionError(
            "tricks must be a list of tricks, each a list of cards", code=ErrorCode.POS_TRICKS_TYPE
        )
    played = [_cards(t, f"trick {i + 1}") for i, t in enumerate(tricks)]
    current = _cards(trick, "the current trick")
    for i, t in enumerate(played):
        if len(t) != n:
            raise IllegalActionError(
                f"trick {i + 1} must have {n} cards, not {len(t)}",
                code=ErrorCode.POS_TRICK_SIZE,
                params={"trick": i + 1, "n": n, "size": len(t)},
            )
    if len(current) >= n:
        raise IllegalActionError(
            f"the current trick holds fewer than {n} cards (a full one goes in tricks)",
            code=ErrorCode.POS_CURRENT_TRICK_SIZE,
            params={"n": n},
        )
    if len(played) + (1 if current else 0) > rules.tricks_per_hand:
        raise IllegalActionError(
            f"a hand has only {rules.tricks_per_hand} tricks",
            code=ErrorCode.POS_TOO_MANY_TRICKS,
            params={"n": rules.tricks_per_hand},
        )

    # who played which card: the seat after the dealer leads, then each trick's winner
    start = list(held)
    seen = 0
    for s in range(n):
        if seen & held[s]:
            dup = CardSet(seen & held[s])
            raise IllegalActionError(
                f"{dup} given to more than one seat",
                code=ErrorCode.POS_CARDS_SHARED,
                params={"cards": str(dup)},
            )
        seen |= held[s]
    leader = (dealer + 1) % n
    for t_index, cards in enumerate([*played, current]):
        for i, c in enumerate(cards):
            if seen >> c & 1:
                raise IllegalActionError(
                    f"the {Card(c)} is given twice (in a hand or a trick)",
                    code=ErrorCode.POS_CARD_GIVEN_TWICE,
                    params={"card": str(Card(c))},
                )
            seen |= 1 << c
            start[(leader + i) % n] |= 1 << c
        if t_index < len(played):
            leader = (leader + trick_winner(cards, rules_deck(rules))) % n
    stray = seen & ~deck_mask(rules)
    if stray and rules.deck == "standard":
        raise IllegalActionError(
            "the 2 of clubs is not in the three-player deck", code=ErrorCode.POS_THREE_PLAYER_DECK
        )
    if stray:
        names = " ".join(str(c) for c in CardSet(stray))
        raise IllegalActionError(
            f"{names}: not in the {rules.deck} deck; the hands and tricks must hold the whole deck "
            f"({rules.deck_size} cards)",
            code=ErrorCode.POS_WHOLE_DECK,
            params={"size": rules.deck_size},
        )
    size = rules.cards_per_hand
    for s in range(n):
        if start[s].bit_count() != size:
            raise IllegalActionError(
                f"{name(s)} holds {held[s].bit_count()} cards and played "
                f"{start[s].bit_count() - held[s].bit_count()}: a hand starts with {size}",
                code=ErrorCode.POS_HAND_SIZE,
                params={
                    "seat": name(s),
                    "held": held[s].bit_count(),
                    "played": start[s].bit_count() - held[s].bit_count(),
                    "size": size,
                },
            )
    if not rules.uses_draw and seen != deck_mask(rules):
        raise IllegalActionError(
            f"the hands and tricks must hold the whole deck ({rules.deck_size} cards)",
            code=ErrorCode.POS_WHOLE_DECK,
            params={"size": rules.deck_size},
        )

    game = cls(_blank=True)
    game._setup(rules, seed, dealer, ())
    game._scores = list(score_list)  # copies: the record's position keeps the scores before the hand
    game._bags = list(bag_list)
    game._hands_played = hands_played
    if rules.uses_draw:
        game._start_hand()
        game._hand._skip_draw(start)
    else:
        order = [0] * n
        deck: list[int] = []
        cards_of = [[c for c in range(NUM_CARD_IDS) if start[s] >> c & 1] for s in range(n)]
        for i in range(rules.deck_size):
            s = (dealer + 1 + i) % n
            deck.append(cards_of[s][order[s]])
            order[s] += 1
        game._start_hand(deck)

    bid_list: list[Bid | str | None] = list(bids) if bids is not None else [None] * n
    if isinstance(bids, (str, bytes)) or len(bid_list) != n:
        raise IllegalActionError(
            f"bids must list {n} bids (None for a seat yet to bid)",
            code=ErrorCode.POS_BIDS_COUNT,
            params={"n": n},
        )
    order_of_bids = [(dealer + 1 + i) % n for i in range(n)]

    def no_bid(seat: int) -> bool:
        """The partner of a blind bid makes no bid (RULES.md section 7): None, yet done."""
        if not rules.partnerships or bid_list[seat] is not None:
            return False
        other = bid_list[(seat + 2) % 4]
        return other is not None and _bid(other, name((seat + 2) % 4)).is_blind_bid

    given = [bid_list[s] is not None or no_bid(s) for s in order_of_bids]
    if given != sorted(given, reverse=True):
        first_missing = order_of_bids[given.index(False)]
        raise IllegalActionError(
            f"{name(first_missing)} bids before the seats after it: give that bid too",
            code=ErrorCode.POS_BIDS_ORDER,
            params={"seat": name(first_missing)},
        )
    for s in order_of_bids:
        value = bid_list[s]
        if value is None:
            if no_bid(s):
                continue
            break
        bid = _bid(value, name(s))
        try:
            game._position_bid(s, bid)
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"{name(s)}'s bid ({bid.label()}): {exc}",
                code=ErrorCode.POS_BID_REFUSED,
                params={"seat": name(s), "bid": bid.label(), "reason": exc.as_param()},
            ) from None
    if (played or current) and not all(given):
        raise IllegalActionError(
            "give every seat's bid before the cards played", code=ErrorCode.POS_BIDS_FIRST
        )
    if game._hand._phase.value == "exchange":
        game._hand._skip_exchange()
    for t_index, cards in enumerate([*played, current]):
        for c in cards:
            seat = game._hand._to_act
            try:
                game.apply(Card(c))
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"trick {t_index + 1}: {name(seat or 0)} cannot play the {Card(c)}: {exc}",
                    code=ErrorCode.POS_PLAY_REFUSED,
                    params={
                        "trick": t_index + 1,
                        "seat": name(seat or 0),
                        "card": str(Card(c)),
                        "reason": exc.as_param(),
                    },
                ) from None
    game._events.clear()  # the hand appends to this same list
    game._log = []
    game._origin = {
        "hands": [str(CardSet(h)) for h in held],
        "dealer": dealer,
        "bids": [None if b is None else _bid(b, "").label() for b in bid_list],
        "tricks": [" ".join(str(Card(c)) for c in t) for t in played],
        "trick": " ".join(str(Card(c)) for c in current),
        "scores": score_list,
        "bags": bag_list,
        "hands_played": hands_played,
        "seed": seed,
    }
    return game


def game_at(cls: type[Game], rules: Rules, origin: dict[str, Any]) -> Game:
    """``cls.from_position(rules, **origin)``, called from here: compiled by mypyc
    (spades._native), that call from inside ``game.py`` passes the keyword
    arguments wrongly (mypy 2.4.1; tests/test_position.py)."""
    return cls.from_position(rules, **origin)


def position_kwargs(origin: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of :meth:`Game.from_position` stored in a record."""
    allowed = {"hands", "dealer", "bids", "tricks", "trick", "scores", "bags", "hands_played", "seed"}
    if not isinstance(origin, dict) or set(origin) - allowed:
        raise IllegalActionError(
            "a record's position must hold only " + ", ".join(sorted(allowed)),
            code=ErrorCode.POS_RECORD_KEYS,
            params={"keys": ", ".join(sorted(allowed))},
        )
    return dict(origin)

