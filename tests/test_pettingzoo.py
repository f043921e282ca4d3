"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards, masks."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from spades.action_space import NUM_ACTIONS
from spades.envs.pettingzoo import ENV_NAME, env, raw_env
from spades.observation import encode

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_and_seed(preset):
    from pettingzoo.test import api_test, seed_test

    api_test(env(preset=preset), num_cycles=300)
    seed_test(lambda: env(preset=preset), num_cycles=200)


def _play(e, rng, limit=100000):
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(limit):
        obs, reward, term, trunc, _info = e.last()
        totals[agent] += reward
        if term or trunc:
            action = None
        else:
            mask = obs["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask)))
        e.step(action)
    return totals


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player"])
def test_rewards_add_up_to_the_score(preset):
    e = raw_env(preset=preset, hands=3)
    e.reset(seed=5)
    game = e.game
    totals = _play(e, np.random.default_rng(1))
    assert game.is_over and game.hands_played == 3
    for i, agent in enumerate(e.possible_agents):
        assert totals[agent] == game.scores[game.rules.side_of(i)]


def test_mask_and_observation_match_the_engine():
    e = raw_env(preset="partnership", whole_game=False)
    e.reset(seed=3)
    rng = np.random.default_rng(2)
    steps = 0
    while not any(e.terminations.values()):
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        obs = e.observe(agent)
        assert obs["action_mask"].shape == (NUM_ACTIONS,) and obs["action_mask"].dtype == np.int8
        legal = set(np.flatnonzero(obs["action_mask"]).tolist())
        engine_legal = e._stepper.legal_ids()
        assert legal == set(engine_legal)
        np.testing.assert_array_equal(obs["observation"], encode(e.game.view(seat), e._stepper.pending))
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(sorted(legal))))
        steps += 1
    assert e.game.is_over and steps >= 52


def test_metadata_render_and_errors():
    e = raw_env(preset="two-player", render_mode="ansi")
    assert e.metadata["name"] == ENV_NAME == "spades_v0"
    e.reset(seed=1)
    text = e.render()
    assert "North holds" in text and "phase" in text
    with pytest.raises(ValueError):
        raw_env(preset="partnership", render_mode="video")
    with pytest.raises(Exception, match="preset"):
        raw_env(preset="no-such-game")


def test_same_seed_same_deal_other_seed_other_deal():
    a, b, c = raw_env(), raw_env(), raw_env()
    a.reset(seed=9)
    b.reset(seed=9)
    c.reset(seed=10)
    assert a.game.deck == b.game.deck
    assert a.game.deck != c.game.deck
