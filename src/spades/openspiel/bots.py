"""OpenSpiel bots at a spades table: :class:`ISMCTSBot` (``bots.get("openspiel-ismcts")``).

A spades :class:`~spades.bots.Bot` sees only its seat's :class:`~spades.view.View`.
To ask an OpenSpiel search for a decision, the view is turned into a
single-hand ``python_spades`` state (:func:`spades.openspiel.state_from_view`:
the hidden cards dealt at random, consistent with everything the seat knows);
the search resamples such states for every simulation, keyed by the
observation string (which depends only on the view).  The search maximises its
side's points in the current hand; the running scores, bags and the target
score are not part of what it plans for.

The exchange and the redraw are searched one card at a time, exactly as the
fixed action space (:mod:`spades.action_space`) plays them.

Rules of the search game: the table's rules for one hand with the current
dealer, and blind nil open to every seat when it is open to this seat (or was
used by someone), since a fresh one-hand game cannot know who trails by how much.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np

from ..actions import Action
from ..bots.base import Bot
from ..errors import IllegalActionError
from ..rules import Rules
from ..view import View
from . import SpadesGame, params_from_rules, state_from_view

__all__ = ["EngineRolloutEvaluator", "ISMCTSBot", "OpenSpielBot", "search_rules"]


class EngineRolloutEvaluator:
    """An OpenSpiel MCTS evaluator whose random playouts run on the rules engine
    directly (uniformly random legal engine actions; a pass or redraw is one
    random set of cards), several times faster than stepping ``python_spades``
    states.  ``prior`` is uniform over the legal actions."""

    def __init__(self, n_rollouts: int = 1, seed: int | None = None) -> None:
        self.n_rollouts = n_rollouts
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> np.ndarray:
        n = state.num_players()
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        # the sums in Python floats: the same additions and division numpy made
        total = [0.0] * n
        sides = [state._rules.side_of(p) for p in range(n)]
        rng = self.rng
        for _ in range(self.n_rollouts):
            game = state.engine.copy()
            redraw = state._redraw
            if redraw is not None and not state._dealing:
                game.apply(redraw)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            scores = game.scores
            for p in range(n):
                total[p] += scores[sides[p]]
        return np.array([t / self.n_rollouts for t in total], dtype=float)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def search_rules(view: View) -> Rules:
    """The one-hand rules a search uses for ``view`` (see the module docstring)."""
    rules = view.rules
    blind = rules.blind_nil and (view.blind_nil_open or any(b is not None and b.blind for b in view.bids))
    return dataclasses.replace(
        rules, hands=1, first_dealer=view.dealer, blind_nil=blind, blind_nil_min_deficit=0,
        losing_score=None,
    )


class OpenSpielBot(Bot):
    """Base of bots that ask an OpenSpiel ``pyspiel.Bot`` for each decision.

    Subclasses implement :meth:`make_bot` (given the game, the resampler and a
    numpy random state).
    """

    name = "openspiel"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._games: dict[Rules, SpadesGame] = {}

    def game_for(self, rules: Rules) -> SpadesGame:
        game = self._games.get(rules)
        if game is None:
            import pyspiel

            game = pyspiel.load_game("python_spades", params_from_rules(rules))
            self._games[rules] = game
        return game

    def make_bot(self, game: SpadesGame, resampler: Any, random_state: np.random.RandomState) -> Any:
        raise NotImplementedError

    def act(self, view: View) -> Action:
        legal = view.legal
        if not legal:
            raise IllegalActionError(f"{view.rules.seat_name(view.seat)} has nothing to do now")
        if len(legal) == 1:
            return legal[0]
        game = self.game_for(search_rules(view))
        pending: list[int] = []
        for _ in range(8):
            root = state_from_view(game, view, self.rng, pending)
            ids = root.legal_actions()
            if len(ids) == 1:
                aid = ids[0]
            else:
                chosen = list(pending)
                # IS-MCTS keys each sampled root by its observation string (and
                # asserts it is the root's): a sample shows the seat every fact of
                # the hand that the view shows (build_from_view accepts no other),
                # in the same fresh one-hand game, so its string is the root's.  The
                # samples keep their history on the Python side (IS-MCTS never reads it)
                root_key = root.observation_string()

                def resampler(state: Any, player: int, chosen: list[int] = chosen,
                              root_key: str = root_key) -> Any:
                    sample = state_from_view(game, view, self.rng, chosen, record_history=False)
                    sample._strings[(False, False, player)] = root_key
                    return sample

                bot = self.make_bot(game, resampler, np.random.RandomState(self.rng.randrange(2**31)))
                aid = int(bot.step(root))
            stepper = root._stepper
            assert stepper is not None
            act = stepper.to_engine(aid)
            if act is None:
                pending.append(aid)
                continue
            if act in legal:
                return act
            break
        # the search game offered something this table does not (should not happen)
        return self.rng.choice(legal)  # pragma: no cover


class ISMCTSBot(OpenSpielBot):
    """OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts``)
    with random-rollout evaluation (:class:`EngineRolloutEvaluator`).

    ``simulations`` per decision (default 50, about 15 ms a card on one quiet
    core), ``uct_c`` the exploration constant
    (default 50: returns are hand points, tens to hundreds), ``rollouts`` random
    playouts per leaf.
    """

    name = "openspiel-ismcts"

    def __init__(self, seed: int | None = None, simulations: int = 50, uct_c: float = 50.0,
                 rollouts: int = 1) -> None:
        super().__init__(seed)
        if not isinstance(simulations, int) or simulations < 1:
            raise ValueError("simulations must be a whole number, at least 1")
        if rollouts < 1:
            raise ValueError("rollouts must be at least 1")
        self.simulations = simulations
        self.uct_c = float(uct_c)
        self.rollouts = rollouts

    def make_bot(self, game: SpadesGame, resampler: Any, random_state: np.random.RandomState) -> Any:
        from open_spiel.python.algorithms import ismcts

        evaluator = EngineRolloutEvaluator(self.rollouts, int(random_state.randint(2**31)))
        bot = ismcts.ISMCTSBot(
            game, evaluator, self.uct_c, self.simulations, random_state=random_state,
            use_observation_string=True,
        )
        bot.set_resampler(resampler)
        return bot

    def __repr__(self) -> str:
        return f"ISMCTSBot(seed={self.seed!r}, simulations={self.simulations})"
