"""Issue 50: the batched adapters over spades.vec.VecEnv (gymnasium.vector.VectorEnv,
SB3 VecEnv with masks) and VecEnv's SKIP."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numba")

from spades.errors import IllegalActionError
from spades.vec import SKIP, VecEnv, random_actions


def test_vec_skip_leaves_a_game_unchanged():
    env = VecEnv("partnership", num_envs=4, seed=1, record=True)
    obs, mask, player = env.reset()
    before = obs.copy(), mask.copy(), player.copy()
    acts = random_actions(mask, np.random.default_rng(0))
    acts[1] = SKIP
    obs, mask, player, rewards, done = env.step(acts)
    assert np.array_equal(obs[1], before[0][1]) and np.array_equal(mask[1], before[1][1])
    assert player[1] == before[2][1] and not done[1] and not rewards[1].any()
    assert not np.array_equal(obs[0], before[0][0])
    assert len(env.log(1).actions) == 0 and len(env.log(0).actions) == 1


def _vector(**kw):
    from spades.envs.vector import SpadesVectorEnv

    return SpadesVectorEnv(**{"num_envs": 32, "seed": 0, **kw})


def test_vector_env_every_observation_is_the_learners_turn():
    env = _vector(seat=2)
    obs, info = env.reset()
    gen = np.random.default_rng(0)
    hands = 0
    total = 0.0
    for _ in range(400):
        assert (env.batch.player == 2).all()
        assert env.single_observation_space.contains(obs[0])
        obs, reward, terminated, truncated, info = env.step(random_actions(info["action_mask"], gen))
        hands += int(terminated.sum())
        total += float(reward.sum())
        assert not truncated.any()
    assert hands > 0
    # random (looks) against random: about -130 points per hand
    assert -200 < total / hands < -60


def test_vector_env_arrays_are_copies_unless_asked():
    env = _vector()
    obs, info = env.reset()
    kept = obs.copy()
    obs2, *_ = env.step(np.argmax(info["action_mask"], axis=1))
    assert np.array_equal(obs, kept) and obs2 is not obs
    raw = _vector(copy=False)
    o1, info = raw.reset()
    o2, *_ = raw.step(np.argmax(info["action_mask"], axis=1))
    assert o1 is o2  # the documented shared buffer


def test_vector_env_is_seeded_and_reset_starts_fresh_games():
    a, b = _vector(seed=5), _vector(seed=5)
    oa, _ = a.reset()
    ob, _ = b.reset()
    assert np.array_equal(oa, ob)
    oc, _ = a.reset()
    assert not np.array_equal(oa, oc)


def test_vector_env_batch_policy_opponents_and_illegal_ids():
    calls = []

    def first_legal(obs, mask):
        calls.append(len(obs))
        return np.argmax(mask, axis=1)

    env = _vector(opponents=first_legal)
    _obs, info = env.reset()
    assert calls
    bad = np.argmin(info["action_mask"], axis=1)
    with pytest.raises(IllegalActionError):
        env.step(bad)


def test_vector_env_registered_vector_id():
    import gymnasium as gym

    import spades.envs.vector  # noqa: F401

    env = gym.make_vec("SpadesVector-v0", num_envs=4, vectorization_mode="vector_entry_point")
    obs, _info = env.reset(seed=1)
    assert obs.shape == (4, 986)


# -- SB3 (the rl extra) -------------------------------------------------------------------------


def test_sb3_check_env_on_the_gymnasium_env_without_warnings():
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env

    from spades.envs.gym import SpadesEnv

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(SpadesEnv("partnership", bots="random"))
    assert [str(w.message) for w in caught if "compiled engine" not in str(w.message)] == []
    venv = make_vec_env("Spades-v0", n_envs=2, env_kwargs={"bots": "random"})
    assert venv.reset().shape == (2, 986)


def test_sb3_vec_env_api_and_masks():
    pytest.importorskip("stable_baselines3")
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from spades.envs.sb3 import SpadesSB3VecEnv

    env = SpadesSB3VecEnv(num_envs=8, seed=0)
    obs = env.reset()
    assert obs.shape == (8, 986) and is_masking_supported(env)
    masks = get_action_masks(env)
    assert masks.shape == (8, 75) and masks.any(axis=1).all()
    kept = obs.copy()
    obs2, rewards, dones, infos = env.step(np.argmax(masks, axis=1))
    assert obs2.shape == (8, 986)
    assert np.array_equal(obs, kept) and rewards.shape == (8,) and dones.shape == (8,) and len(infos) == 8
    assert sb3_contrib is not None


def test_sb3_maskable_ppo_trains_a_few_hundred_steps():
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from spades.envs.sb3 import SpadesSB3VecEnv

    env = SpadesSB3VecEnv(num_envs=16, seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=64, n_epochs=1, seed=0)
    model.learn(512)
    assert model.num_timesteps >= 512
    from spades import Game, Rules
    from spades.bots import PolicyBot

    game = Game(Rules.preset("partnership", hands=1), seed=1)
    bot = PolicyBot(model)  # the trained model plays at an engine table
    from spades import bots

    others = bots.get("random", seed=1)
    while not game.is_over:
        seat = game.to_act
        game.apply((bot if seat == 0 else others).act(game.view(seat)))
    assert game.hands_played == 1
