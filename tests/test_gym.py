"""The single-agent Gymnasium environment: Gymnasium's own checker, masks, rewards,
seeding, every preset, illegal actions."""

from __future__ import annotations

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from spades import Rules  # noqa: E402
from spades.envs.gym import SpadesEnv  # noqa: E402


def _episode(env, seed, rng):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert (env.action_masks()[legal]).all() and env.action_masks().sum() == len(legal)
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps, info


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player", "openspiel"])
def test_gym_env_passes_gymnasiums_check_env(preset):
    env = SpadesEnv(preset, seat=1, bots="random")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player"])
def test_gym_episode_rewards_sum_to_the_learners_side_score(preset):
    env = SpadesEnv(preset, seat=0, bots="random", hands=2)
    rng = np.random.default_rng(0)
    for seed in range(3):
        total, steps, info = _episode(env, seed, rng)
        assert info["hands_played"] == 2
        assert total == info["scores"][env.rules.side_of(0)]
        assert steps >= 2 * env.rules.tricks_per_hand


def test_gym_same_seed_same_episode():
    env = SpadesEnv("partnership", seat=2, bots="basic")
    a = _episode(env, 7, np.random.default_rng(1))
    b = _episode(env, 7, np.random.default_rng(1))
    assert a[0] == b[0] and a[1] == b[1]


def test_gym_illegal_action_ends_the_episode_with_a_penalty():
    env = SpadesEnv("openspiel", seat=0, bots="random", illegal_reward=-5)
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert terminated and reward == -5 and info["illegal"] and "must bid" in info["error"]


def test_gym_win_reward_and_bot_list_and_bad_arguments():
    env = SpadesEnv(Rules.preset("cutthroat"), seat=3, bots=["random", "basic", "random"], reward="win")
    total, _, _info = _episode(env, 1, np.random.default_rng(2))
    assert total in (-1.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="seat"):
        SpadesEnv("two-player", seat=2)
    with pytest.raises(ValueError, match="one bot"):
        SpadesEnv("partnership", bots=["random"])
    with pytest.raises(ValueError, match="reward"):
        SpadesEnv("partnership", reward="gold")


def test_gym_whole_game_truncates_at_max_hands():
    env = SpadesEnv("partnership", seat=0, bots="random", hands=None, max_hands=2)
    _, _, info = _episode(env, 3, np.random.default_rng(3))
    assert info["hands_played"] <= 2
