"""A learned policy at a spades table: :class:`PolicyBot`.

A policy maps the shared observation (:mod:`spades.observation`, float32 [986])
and the legal-action mask (bool [75], ids of :mod:`spades.action_space`) to one
action id, the interface of every research adapter (Gymnasium, PettingZoo,
:class:`spades.vec.VecEnv`).  The bot turns a :class:`~spades.view.View` into
that pair and the chosen id back into an engine action.  The blind-nil
exchange and the two-player redraw are one engine action for several cards
(``Pass``, ``Discard``): the bot asks the policy once per card, showing the
cards chosen so far in the observation's ``pending`` field, as the adapters do.

::

    import numpy as np
    from spades.bots import PolicyBot

    def first_legal(obs, mask):
        return int(np.flatnonzero(mask)[0])

    bot = PolicyBot(first_legal)

or subclass it and override :meth:`PolicyBot.policy` (``spades match --bots
mymodule:MyPolicyBot`` then plays it).  A trained sb3-contrib ``MaskablePPO``
model (anything with ``predict(obs, action_masks=mask, deterministic=True)``)
can be passed as the policy too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..action_space import DONE_ID, NUM_ACTIONS, action_name
from ..actions import Action, Discard, Pass, action_id
from ..cards import Card
from ..errors import IllegalActionError
from ..observation import encode
from ..view import View
from .base import Bot

__all__ = ["Policy", "PolicyBot"]

#: (observation float32 [986], mask bool [75]) -> action id
Policy = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]


class PolicyBot(Bot):
    """A bot that plays ``policy(observation, mask) -> action id`` (module docstring).

    ``policy``: a callable, or an object with ``predict(obs, action_masks=...,
    deterministic=...)`` (SB3's MaskablePPO); None to override :meth:`policy`.
    ``deterministic`` is passed to ``predict``.
    """

    name = "policy"

    def __init__(self, policy: Policy | Any = None, seed: int | None = None, *,
                 deterministic: bool = True) -> None:
        super().__init__(seed)
        self._policy = policy
        self.deterministic = deterministic

    def policy(self, obs: NDArray[np.float32], mask: NDArray[np.bool_]) -> int:
        """One legal id for the observation; subclasses may override it."""
        p = self._policy
        if p is None:
            raise NotImplementedError("give PolicyBot a policy, or override PolicyBot.policy")
        if hasattr(p, "predict"):
            action, _state = p.predict(obs, action_masks=mask, deterministic=self.deterministic)
            return int(np.asarray(action).reshape(-1)[0])
        return int(p(obs, mask))

    def act(self, view: View) -> Action:
        legal = self.legal_of(view)
        if isinstance(legal[0], (Pass, Discard)):
            return self._choose_cards(view, legal)
        ids = {(int(a) if isinstance(a, Card) else action_id(a)): a for a in legal}
        aid = self._ask(view, [], sorted(ids))
        return ids[aid]

    def _ask(self, view: View, pending: list[int], legal_ids: list[int]) -> int:
        mask = np.zeros(NUM_ACTIONS, np.bool_)
        mask[legal_ids] = True
        aid = self.policy(encode(view, pending), mask)
        if aid not in legal_ids:
            what = action_name(aid) if isinstance(aid, int) and 0 <= aid < NUM_ACTIONS else repr(aid)
            raise IllegalActionError(
                f"the policy chose {what}, which is not legal now (legal: "
                f"{', '.join(action_name(a) for a in legal_ids)})"
            )
        return aid

    def _choose_cards(self, view: View, legal: tuple[Action, ...]) -> Action:
        """The exchange (exactly k cards) or the redraw (up to k, ended by id 74), one card at a time."""
        is_pass = isinstance(legal[0], Pass)
        k = max(len(a.cards) for a in legal)  # type: ignore[union-attr]
        held = [int(c) for c in view.hand or ()]
        pending: list[int] = []
        while len(pending) < k:
            ids = [c for c in held if c not in pending] + ([] if is_pass else [DONE_ID])
            aid = self._ask(view, pending, ids)
            if aid == DONE_ID:
                break
            pending.append(aid)
        mask = sum(1 << c for c in pending)
        return Pass(mask) if is_pass else Discard(mask)

