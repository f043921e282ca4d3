"""Bids: a number of tricks, nil, or blind nil."""

from __future__ import annotations

from typing import Final

from .errors import ErrorCode, NotationError

__all__ = ["MAX_BID", "Bid", "bid_labels"]

#: The largest bid of any variant (three players hold 17 cards, 18 with the jokers).
MAX_BID: Final = 18


class Bid:
    """A bid.  ``Bid(0)`` is nil and ``Bid(0, blind=True)`` blind nil; ``Bid(7, blind=True)``
    is a blind bid for the side (``'blind 7'``, RULES.md section 7, where the rules allow it).

    Bids are immutable values; equal bids compare and hash equal.  As an action,
    ``str(bid)`` is its notation: ``'bid 4'``, ``'nil'`` or ``'blind nil'``.

    >>> Bid(4), Bid.nil(), Bid.blind_nil()
    (Bid(4), Bid.nil(), Bid.blind_nil())
    >>> str(Bid(4)), Bid(0) == Bid.nil(), Bid.parse("blind nil").blind
    ('bid 4', True, True)
    """

    # plain read-only slots (``__setattr__`` refuses writes): read on the engine's hot paths
    __slots__ = ("blind", "tricks")
    #: tricks bid (0 for nil and blind nil)
    tricks: int
    blind: bool

    def __new__(cls, tricks: int, blind: bool = False) -> Bid:
        if isinstance(tricks, Bid):
            return tricks
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise NotationError(
                f"a bid is a whole number of tricks, not {tricks!r}",
                code=ErrorCode.BID_NOT_WHOLE,
                params={"value": repr(tricks)},
            )
        if not 0 <= tricks <= MAX_BID:
            raise NotationError(
                f"a bid must be between 0 (nil) and {MAX_BID}, not {tricks}",
                code=ErrorCode.BID_OUT_OF_RANGE,
                params={"value": tricks, "max": MAX_BID},
            )
        cached = _CACHE.get((tricks, bool(blind)))
        if cached is not None:
            return cached
        self = object.__new__(cls)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "blind", bool(blind))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Bid is immutable")

    @classmethod
    def nil(cls) -> Bid:
        return cls(0)

    @classmethod
    def blind_nil(cls) -> Bid:
        return cls(0, blind=True)

    @classmethod
    def parse(cls, text: str) -> Bid:
        """``'4'``, ``'bid 4'``, ``'nil'``, ``'bid nil'``, ``'blind nil'``, ``'bn'`` (any case)."""
        if not isinstance(text, str):
            raise NotationError(
                f"a bid must be given as text like 'bid 4', not {type(text).__name__}",
                code=ErrorCode.BID_NOT_TEXT,
                params={"type": type(text).__name__},
            )
        words = text.strip().lower().split()
        if words and words[0] == "bid":
            words = words[1:]
        key = " ".join(words)
        if key in ("nil", "0"):
            return cls(0)
        if key in ("blind nil", "blind", "bn", "blind-nil", "double nil"):
            return cls(0, blind=True)
        if key.startswith("blind ") and key[6:].isascii() and key[6:].isdigit():
            return cls(int(key[6:]), blind=True)  # a blind bid for the side: 'blind 7'
        if key.isascii() and key.isdigit():
            return cls(int(key))
        raise NotationError(
            f"{text!r} is not a bid: say e.g. 'bid 4', 'nil' or 'blind nil'",
            code=ErrorCode.NOT_A_BID,
            params={"text": repr(text)},
        )

    @property
    def is_nil(self) -> bool:
        """True for nil and blind nil."""
        return self.tricks == 0

    @property
    def is_blind_bid(self) -> bool:
        """A blind bid of a number of tricks for the side (``'blind 7'``)."""
        return self.blind and self.tricks > 0

    def label(self) -> str:
        """Short form for tables: ``'4'``, ``'nil'``, ``'blind nil'``, ``'blind 7'``."""
        if self.tricks:
            return f"blind {self.tricks}" if self.blind else str(self.tricks)
        return "blind nil" if self.blind else "nil"

    def __str__(self) -> str:
        if self.tricks:
            return f"blind {self.tricks}" if self.blind else f"bid {self.tricks}"
        return "blind nil" if self.blind else "nil"

    def __repr__(self) -> str:
        if self.tricks:
            return f"Bid({self.tricks}, blind=True)" if self.blind else f"Bid({self.tricks})"
        return "Bid.blind_nil()" if self.blind else "Bid.nil()"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bid):
            return self.tricks == other.tricks and self.blind == other.blind
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Bid", self.tricks, self.blind))

    def __reduce__(self) -> tuple[type[Bid], tuple[int, bool]]:
        return (Bid, (self.tricks, self.blind))

    def __copy__(self) -> Bid:
        return self

    def __deepcopy__(self, memo: object) -> Bid:
        return self


_CACHE: dict[tuple[int, bool], Bid] = {}
for _t in range(MAX_BID + 1):
    _CACHE[(_t, False)] = Bid(_t)
    _CACHE[(_t, True)] = Bid(_t, blind=True)
del _t


def bid_labels(bids: tuple[Bid | None, ...] | list[Bid | None]) -> list[str]:
    """The bids' short forms, ``'-'`` for a seat that made no bid (a blind bid's partner)."""
    return [b.label() if b is not None else "-" for b in bids]
