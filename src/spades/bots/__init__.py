"""Computer players.

Every bot decides from a :class:`~spades.view.View` alone (what its seat may
know) and returns one of ``view.legal_actions()``::

    from spades import bots
    bot = bots.get("random", seed=1)
    action = bot.act(game.view(game.to_act))

Names: ``random`` (uniform among the legal actions, but it always looks at its
cards: never blind nil unless ``random:blind_nil=true``), ``uniform`` (uniform
among every legal action, blind nil included), ``basic``, ``expert``,
``learned`` (a small network trained on ``basic``'s games, :mod:`spades.bots.learned`),
``openspiel-ismcts``.  :func:`get` also takes ``'module:Class'`` or
``'path/to/file.py:Class'`` (a :class:`Bot` subclass, or any factory of one), and
installed packages add names through the ``spades.bots`` entry-point group::

    [project.entry-points."spades.bots"]
    mybot = "mypackage.bots:MyBot"
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from .base import Bot
from .random_bot import RandomBot, UniformBot

__all__ = ["ENTRY_POINT_GROUP", "Bot", "PolicyBot", "RandomBot", "UniformBot", "get", "load", "names",
           "register"]

#: installed packages list their bots under this entry-point group
ENTRY_POINT_GROUP: Final = "spades.bots"

_REGISTRY: dict[str, str | Callable[..., Bot]] = {
    "random": RandomBot,
    "uniform": UniformBot,
    # OpenSpiel's IS-MCTS (needs the `research` extra: open_spiel)
    "openspiel-ismcts": "spades.openspiel.bots:ISMCTSBot",
    "basic": "spades.bots.basic:BasicBot",
    "expert": "spades.bots.expert:ExpertBot",
    # the shipped learned baseline (numpy inference; bench/train_baseline.py)
    "learned": "spades.bots.learned:LearnedBot",
}


def register(name: str, factory: str | Callable[..., Bot]) -> None:
    """Make a bot available to :func:`get` (a factory, or ``'module:Class'`` to import lazily)."""
    _REGISTRY[name] = factory


_entry_points_read = False


def _read_entry_points() -> None:
    """Add the bots that installed packages list under :data:`ENTRY_POINT_GROUP` (once)."""
    global _entry_points_read
    if _entry_points_read:
        return
    _entry_points_read = True
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        _REGISTRY.setdefault(ep.name.strip().lower(), ep.value)


def names() -> list[str]:
    """The names :func:`get` accepts (installed packages' entry points included)."""
    _read_entry_points()
    return sorted(_REGISTRY)


def is_spec(text: str) -> bool:
    """Whether ``text`` names an outside bot (``module:Class`` or ``file.py:Class``)."""
    head, sep, attr = text.rpartition(":")
    return bool(sep and head and attr.isidentifier() and (head.endswith(".py") or
                                                          all(p.isidentifier() for p in head.split("."))))


def load(spec: str) -> Callable[..., Bot]:
    """The factory named by ``'module:Class'`` or ``'path/to/file.py:Class'``.

    Raises ``ValueError`` saying what is missing (the module, the file, the name)."""
    head, _, attr = spec.rpartition(":")
    if head.endswith(".py"):
        module = _load_file(Path(head))
    else:
        try:
            module = importlib.import_module(head)
        except ImportError as exc:
            raise ValueError(f"cannot import module {head!r} for bot {spec!r}: {exc}") from None
    factory = getattr(module, attr, None)
    if factory is None:
        raise ValueError(f"{head} has no {attr!r} (bot {spec!r})")
    if not callable(factory):
        raise ValueError(f"{head}:{attr} is not a bot class or factory")
    return factory  # type: ignore[no-any-return]


def _load_file(path: Path) -> Any:
    if not path.is_file():
        raise ValueError(f"no such file: {path}")
    name = "spades_outside_bot_" + "".join(c if c.isalnum() else "_" for c in str(path.resolve()))
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load {path} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # worker processes find it by name after a fork
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ValueError(f"{path} failed to load: {type(exc).__name__}: {exc}") from None
    return module


def _factory(name: str) -> tuple[str, Callable[..., Bot]]:
    key = name.strip().lower() if isinstance(name, str) else name
    if isinstance(name, str) and is_spec(name.strip()):
        return name.strip(), load(name.strip())
    factory = _REGISTRY.get(key)
    if factory is None:
        _read_entry_points()
        factory = _REGISTRY.get(key)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(names())}, "
                         "or name a class as module:Class or path/to/file.py:Class")
    if isinstance(factory, str):
        return key, load(factory) if is_spec(factory) else _import(factory)
    return key, factory


def _import(target: str) -> Callable[..., Bot]:
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name, __name__), attr)  # type: ignore[no-any-return]


def get(name: str, **options: Any) -> Bot:
    """A new bot by name (``'random'``...), ``'module:Class'`` or ``'file.py:Class'``;
    options such as ``seed`` go to its constructor."""
    key, factory = _factory(name)
    try:
        bot = factory(**options)
    except TypeError as exc:
        raise ValueError(f"bot {key!r} does not take these options: {exc}") from None
    if not isinstance(bot, Bot) and not callable(getattr(bot, "act", None)):
        raise ValueError(f"{key!r} made a {type(bot).__name__}, not a bot (it needs an act(view) method)")
    return bot


def __getattr__(name: str) -> Any:
    if name == "PolicyBot":  # numpy: imported when asked for
        from .policy import PolicyBot

        return PolicyBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
