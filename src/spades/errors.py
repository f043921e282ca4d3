"""Exceptions raised by the package.

Every error meant for a player or a caller is a :class:`SpadesError`; the ones
caused by bad input are also :class:`ValueError` so that generic code can catch
them the usual way.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "RulesError",
    "SpadesError",
]


class SpadesError(Exception):
    """Base class of every error this package raises on purpose."""


class NotationError(SpadesError, ValueError):
    """Text that is not valid card, hand, bid or action notation."""


class RulesError(SpadesError, ValueError):
    """A :class:`~spades.rules.Rules` with contradictory or out-of-range options."""


class IllegalActionError(SpadesError, ValueError):
    """An action the rules do not allow now; the game is left unchanged.

    The message says why in words a player understands, for example
    ``"You must follow suit: hearts"``.
    """


class RecordError(SpadesError, ValueError):
    """A game record that cannot be read or does not replay."""
