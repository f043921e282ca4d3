"""Computer players.

Every bot decides from a :class:`~spades.view.View` alone (what its seat may
know) and returns one of ``view.legal_actions()``::

    from spades import bots
    bot = bots.get("random", seed=1)
    action = bot.act(game.view(game.to_act))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "get", "names", "register"]

_REGISTRY: dict[str, str | Callable[..., Bot]] = {
    "random": RandomBot,
    "basic": "spades.bots.basic:BasicBot",
    "expert": "spades.bots.expert:ExpertBot",
}


def register(name: str, factory: str | Callable[..., Bot]) -> None:
    """Make a bot available to :func:`get` (a factory, or ``'module:Class'`` to import lazily)."""
    _REGISTRY[name] = factory


def names() -> list[str]:
    """The names :func:`get` accepts."""
    return sorted(_REGISTRY)


def get(name: str, **options: Any) -> Bot:
    """A new bot by name (``'random'``...); options such as ``seed`` go to its constructor."""
    key = name.strip().lower() if isinstance(name, str) else name
    factory = _REGISTRY.get(key)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(names())}")
    if isinstance(factory, str):
        module_name, _, attr = factory.partition(":")
        factory = getattr(importlib.import_module(module_name, __name__), attr)
    try:
        return factory(**options)
    except TypeError as exc:
        raise ValueError(f"bot {key!r} does not take these options: {exc}") from None
