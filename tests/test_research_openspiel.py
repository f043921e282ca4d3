"""Issue 50: python_spades' clone copies the state (not the history), a private-only
observer (pyspiel.generate_playthrough), and whole-game random_sim_test in seconds.

How long a clone takes is measured by bench/openspiel_clone.py (mid-hand and after 8k moves),
not here: a timed assertion fails on a loaded machine."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import spades.openspiel  # noqa: E402,F401


def _advance(state, moves, seed=0):
    rng = random.Random(seed)
    while state.move_number() < moves and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_clone_copies_the_state_not_the_history():
    game = pyspiel.load_game("python_spades", {"whole_game": True, "max_hands": 1000, "target_score": 100000})
    state = _advance(game.new_initial_state(), 1500)
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    assert clone.information_state_string(1) == state.information_state_string(1)
    # the logs are flat copies sharing their immutable actions, the engines independent
    assert clone._log == state._log and clone._log is not state._log
    assert all(a is b for (a, _), (b, _) in zip(clone._log, state._log))
    assert clone.engine is not state.engine
    _advance(clone, clone.move_number() + 30, seed=5)
    assert state.move_number() == 1500 and clone.move_number() == 1530
    assert state.history() == clone.history()[:1500]


def test_private_only_observer():
    game = pyspiel.load_game("python_spades")
    state = _advance(game.new_initial_state(), 60)
    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    from open_spiel.python.observation import make_observation

    obs_private = make_observation(game, private)
    obs_public = make_observation(game, public)
    full = make_observation(game)
    player = state.current_player()
    for o in (obs_private, obs_public, full):
        o.set_from(state, player)
    # the private and the public parts add up to the whole observation
    assert np.array_equal(obs_private.tensor + obs_public.tensor, full.tensor)
    assert obs_private.tensor.any() and "hand" in obs_private.string_from(state, player)
    assert str(state.engine.hand(player)) in obs_private.string_from(state, player)


@pytest.mark.slow
def test_generate_playthrough_works():
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough("python_spades(preset=openspiel)", action_sequence=None)
    assert "PrivateObservationString" in text or "ObservationString" in text
    assert "Returns()" in text


def test_whole_game_random_sim_test_in_seconds():
    game = pyspiel.load_game("python_spades", {"whole_game": True, "hands": 2})
    t = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert time.perf_counter() - t < 60
