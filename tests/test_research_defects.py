"""Issue 50, defects 4-7: the illegal-action penalty, Gymnasium conventions, one name per
random baseline, deal strings of match records, broken pipes and the install line."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from spades import Rules
from spades.bids import Bid
from spades.envs._common import illegal_penalty, observation_bounds, worst_hand_points
from spades.scoring import score_hand

# -- defect 4: the illegal-action penalty ----------------------------------------------------------


def _worst_side_points(rules: Rules) -> int:
    """The lowest points side 0 of a partnership hand can score, by brute force."""
    bids = [Bid.blind_nil(), Bid.nil(), *(Bid(t) for t in range(1, 14))]
    worst = 0
    for b0, b2 in itertools.product(bids, repeat=2):
        for t0 in range(14):
            for t2 in range(14 - t0):
                for bags in (0, 9):
                    hand = score_hand(rules, [b0, Bid(1), b2, Bid(1)], [t0, 13 - t0 - t2, t2, 0], [bags, 0])
                    worst = min(worst, hand.points[0])
    return worst


def test_defect4_worst_hand_bound_is_the_true_minimum_for_partnership():
    rules = Rules.preset("partnership")
    assert -_worst_side_points(rules) == worst_hand_points(rules) == 600


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player", "openspiel"])
def test_defect4_illegal_penalty_is_worse_than_any_legal_hand(preset):
    from spades.sim import random_hands

    rules = Rules.preset(preset)
    res = random_hands(preset, 3000, seed=4)
    assert illegal_penalty(rules, 1) < res.points.min()
    assert illegal_penalty(rules, 1) == -(worst_hand_points(rules) + 1)
    assert illegal_penalty(rules, 3) < 3 * illegal_penalty(rules, 1) + 3  # scales with the hands left
    assert illegal_penalty(rules, 1, "win") < -1


def _gym_illegal_reward(**kwargs):
    from spades.envs.gym import SpadesEnv

    env = SpadesEnv("partnership", seat=0, bots="random", **kwargs)
    _obs, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _trunc, info = env.step(illegal)
    assert terminated and info["illegal"]
    return reward


def _pettingzoo_illegal_rewards(**kwargs):
    from spades.envs.pettingzoo import env

    e = env(preset="partnership", **kwargs)
    e.reset(seed=0)
    agent = e.agent_selection
    obs, *_ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    rewards = dict(e.rewards)
    assert all(e.terminations.values()) and e.infos[agent]["illegal"]
    return agent, rewards


def test_defect4_illegal_penalty_is_the_same_in_gymnasium_and_pettingzoo():
    rules = Rules.preset("partnership")
    one_hand = _gym_illegal_reward()
    assert one_hand == illegal_penalty(rules, 1) == -601
    agent, rewards = _pettingzoo_illegal_rewards(whole_game=False)
    offender = int(agent.split("_")[1])
    for a, r in rewards.items():
        same_side = rules.side_of(int(a.split("_")[1])) == rules.side_of(offender)
        assert r == (one_hand if same_side else 0.0)
    # whole games: the penalty covers every hand left (100 by default)
    assert _gym_illegal_reward(hands=None) == _pettingzoo_illegal_rewards()[1][agent] == illegal_penalty(
        rules, 100
    )


def test_defect4_a_learner_without_masks_is_never_paid_to_play_illegally():
    from spades.envs.gym import SpadesEnv

    env = SpadesEnv("partnership", seat=0, bots="random")
    worst_legal = 0.0
    for seed in range(30):
        _obs, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            _obs, r, term, trunc, info = env.step(info["legal_actions"][-1])
            total += r
            done = term or trunc
        worst_legal = min(worst_legal, total)
    assert _gym_illegal_reward() < worst_legal


# -- defect 5: Gymnasium conventions ------------------------------------------------------------


def test_defect5_registered_id_makes_the_env():
    import gymnasium as gym

    env = gym.make("spades.envs.gym:Spades-v0", rules="cutthroat", bots="random")
    obs, _info = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    assert env.unwrapped.game.rules.variant == "cutthroat"
    env2 = gym.make("Spades-v0")  # registered now that the module is imported
    assert env2.unwrapped.rules.variant == "partnership"


def test_defect5_info_has_readable_legal_actions_and_the_view():
    from spades.envs.gym import SpadesEnv
    from spades.view import View

    env = SpadesEnv("partnership", seat=1, bots="random", view_in_info=True)
    _obs, info = env.reset(seed=3)
    assert "West" in info["observation_text"] or "bid" in info["observation_text"].lower()
    assert info["legal_actions"] == [int(a) for a in np.flatnonzero(info["action_mask"])]
    assert len(info["legal_action_names"]) == len(info["legal_actions"])
    names = info["legal_action_names"]
    assert "look" in names or any(n.startswith("bid") for n in names)
    assert isinstance(info["view"], View) and info["view"].seat == 1
    assert env.view().seat == 1 and env.game.to_act == 1


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player", "openspiel"])
def test_defect5_observation_spaces_are_bounded(preset):
    from spades.envs.gym import SpadesEnv
    from spades.envs.pettingzoo import raw_env

    low, high = observation_bounds(Rules.preset(preset), 100)
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
    space = SpadesEnv(preset).observation_space
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    e = raw_env(preset=preset)
    assert np.isfinite(e.observation_space("player_0")["observation"].high).all()


def test_defect5_pettingzoo_api_test_gives_no_warnings():
    from pettingzoo.test import api_test

    from spades.envs.pettingzoo import env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(preset="partnership"), num_cycles=200)
    # the Dict observation (observation + action_mask, as PettingZoo's classic games have it)
    # draws api_test's two generic Dict notes, never one about its bounds
    notes = {str(w.message) for w in caught if "compiled engine" not in str(w.message)}
    assert not [n for n in notes if "inf" in n.lower() or "bound" in n.lower()]
    assert notes <= {"Observation is not a NumPy array",
                     "Observation space for each agent probably should be gymnasium.spaces.box or "
                     "gymnasium.spaces.discrete"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(preset="partnership", observation="flat"), num_cycles=200)
    assert [str(w.message) for w in caught if "compiled engine" not in str(w.message)] == []


def test_defect5_gymnasium_check_env_gives_no_warnings():
    from gymnasium.utils.env_checker import check_env

    from spades.envs.gym import SpadesEnv

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(SpadesEnv("partnership", bots="random"), skip_render_check=True)
    ours = [str(w.message) for w in caught if "compiled engine" not in str(w.message)]
    assert ours == []


def test_defect5_flat_observation_variant():
    from spades.envs.pettingzoo import env

    e = env(preset="partnership", observation="flat")
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(300):
        obs, _r, term, trunc, info = e.last()
        assert obs.shape == (986,) and e.observation_space(agent).contains(obs)
        if term or trunc:
            e.step(None)
            continue
        assert info["legal_actions"] == [int(a) for a in np.flatnonzero(info["action_mask"])]
        e.step(int(rng.choice(info["legal_actions"])))


def test_defect5_supersuit_accepts_the_flat_variant():
    ss = pytest.importorskip("supersuit")
    from spades.envs.pettingzoo import env

    wrapped = ss.normalize_obs_v0(ss.dtype_v0(env(preset="partnership", observation="flat"), np.float32))
    wrapped.reset(seed=0)
    obs, *_ = wrapped.last()
    assert obs.shape == (986,)
