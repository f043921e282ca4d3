"""VecEnv's learner seats: the compiled opponents move inside the step until a learner
is to act, the same games as stepping them by hand with ``bot_actions``; rewards
per learner summed over the opponents' moves; every preset."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from spades import Rules  # noqa: E402
from spades.vec import SKIP, VecEnv, random_actions  # noqa: E402

PRESETS = {
    "partnership": Rules.preset("partnership", hands=2),
    "openspiel": Rules.preset("openspiel"),
    "two-player": Rules.preset("two-player", hands=2),
    "cutthroat": Rules.preset("cutthroat", hands=2),
    "three-player": Rules.preset("three-player", hands=2),
}


def _by_hand(rules, learners, names, num_envs, steps, seed):
    """Step a learner VecEnv and a plain one where the test plays the opponents with
    bot_actions; every learner step must give the same arrays."""
    ours = VecEnv(rules, num_envs, seed, learners=learners, opponents=names)
    ref = VecEnv(rules, num_envs, seed)
    n = rules.num_seats
    others = [s for s in range(n) if s not in learners]
    kind = {s: (names if isinstance(names, str) else names[others.index(s)]) for s in others}
    gen = np.random.default_rng(seed)
    acc = np.zeros((num_envs, n), np.float32)
    ended = np.zeros(num_envs, bool)

    def advance():
        while True:
            _obs, _mask, player = ref.obs_buffers()
            waiting = np.array([p not in learners for p in player])
            if not waiting.any():
                return
            acts = np.full(num_envs, SKIP, np.int64)
            for name in set(kind.values()):
                rows = waiting & np.array([kind.get(int(p)) == name for p in player])
                if rows.any():
                    acts[rows] = ref.bot_actions(name)[rows]
            _o, _m, _p, rewards, done = ref.step(acts)
            acc[:] += rewards
            ended[:] |= done

    obs, mask, player = ours.reset()
    ref.reset()
    advance()
    decisions = 0
    for _ in range(steps):
        r_obs, r_mask, r_player = ref.obs_buffers()
        assert np.array_equal(player, r_player) and np.isin(player, learners).all()
        assert np.array_equal(mask, r_mask) and np.array_equal(obs, r_obs)
        acts = random_actions(mask, gen)
        obs, mask, player, rewards, done = ours.step(acts)
        acc[:] = 0.0
        ended[:] = False
        _o, _m, _p, r_rewards, r_done = ref.step(acts)
        acc[:] += r_rewards
        ended[:] |= r_done
        advance()
        assert np.array_equal(rewards, acc) and np.array_equal(done, ended)
        assert np.array_equal(ours.scores, ref.scores)
        decisions += num_envs
    return decisions


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_learner_seat_against_compiled_basic_is_stepping_basic_by_hand(name):
    rules = PRESETS[name]
    assert _by_hand(rules, (0,), "basic", 8, 60, seed=5) == 480


@pytest.mark.parametrize("name", ["partnership", "cutthroat", "three-player"])
def test_two_learner_seats_and_mixed_opponents(name):
    rules = PRESETS[name]
    learners = (0, 2) if rules.num_seats == 4 else (1,)
    names = ("basic", "random") if rules.num_seats == 4 else ("random", "basic")
    # one game per env: the random opponent's draws then line up with bot_actions' draws
    for seed in range(3):
        _by_hand(rules, learners, names, 1, 50, seed=seed)


def test_learner_rewards_add_up_to_the_side_scores():
    rules = Rules.preset("partnership", target_score=300)
    env = VecEnv(rules, 16, seed=2, learners=(1,), opponents="basic", max_hands=5)
    _obs, mask, _player = env.reset()
    gen = np.random.default_rng(0)
    totals = np.zeros((16, 4))
    finished = 0
    for _ in range(400):
        before = env.scores
        _obs, mask, player, rewards, done = env.step(random_actions(mask, gen))
        assert (player == 1).all()
        totals += rewards
        for i in np.flatnonzero(~done):
            gained = env.scores[i] - before[i]
            assert rewards[i, 1] == gained[1] and rewards[i, 0] == gained[0]
        finished += int(done.sum())
    assert finished > 0


def test_skip_leaves_a_learner_game_waiting():
    env = VecEnv("partnership", 4, seed=1, learners=0)
    obs, mask, _player = env.reset()
    keep = obs[1].copy(), mask[1].copy()
    acts = random_actions(mask, np.random.default_rng(0))
    acts[1] = SKIP
    obs, mask, _player, rewards, done = env.step(acts)
    assert np.array_equal(obs[1], keep[0]) and np.array_equal(mask[1], keep[1])
    assert not done[1] and not rewards[1].any()


def test_opponent_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="learners"):
        VecEnv("partnership", 2, learners=4)
    with pytest.raises(ValueError, match="learners"):
        VecEnv("partnership", 2, learners=())
    with pytest.raises(ValueError, match="unknown compiled bot"):
        VecEnv("partnership", 2, learners=0, opponents="expert")
    with pytest.raises(ValueError, match="one per seat"):
        VecEnv("partnership", 2, learners=0, opponents=("basic", "random"))
    with pytest.raises(ValueError, match="record"):
        VecEnv("partnership", 2, learners=0, record=True)
    env = VecEnv("partnership", 2)
    with pytest.raises(RuntimeError):
        env.bot_actions()
    env.reset()
    with pytest.raises(ValueError, match="unknown compiled bot"):
        env.bot_actions("expert")


def test_compiled_random_is_legal_uniform_and_never_bids_blind_nil():
    env = VecEnv("partnership", 2000, seed=4)
    _obs, mask, _player = env.reset()
    counts = np.zeros(75)
    for _ in range(30):
        acts = env.bot_actions("random")
        assert mask[np.arange(2000), acts].all() and not (acts == 70).any()
        counts += np.bincount(acts, minlength=75)
        _obs, mask, _player, _r, _d = env.step(acts.copy())
    # at the first lead every card of the leader's hand is as likely: the play ids are all used
    assert (counts[:52] > 0).all()


def test_vector_adapter_plays_against_compiled_basic():
    pytest.importorskip("gymnasium")
    from spades.envs.vector import SpadesVectorEnv

    env = SpadesVectorEnv(num_envs=32, rules="partnership", seat=2, opponents="basic", seed=3)
    assert env.batch.compiled and env.batch.vec.learners == (2,)
    _obs, info = env.reset()
    gen = np.random.default_rng(0)
    total, hands = 0.0, 0
    for _ in range(300):
        _obs, reward, terminated, _truncated, info = env.step(random_actions(info["action_mask"], gen))
        total += float(reward.sum())
        hands += int(terminated.sum())
    assert hands > 100
    # a random learner (looks, bids at random) with a basic partner loses to two basic players
    assert total / hands < -40
    python_path = SpadesVectorEnv(num_envs=4, opponents="uniform", seed=0)
    assert not python_path.batch.compiled


_DIGEST = """
import hashlib
import sys

import numpy as np
from spades.vec import VecEnv, _kernels, random_actions


def digest(preset):
    h = hashlib.sha256()
    opponents = ("random", "basic") if preset == "three-player" else "basic"
    env = VecEnv(preset, 3, seed=2, learners=0, opponents=opponents)
    obs, mask, player = env.reset()
    gen = np.random.default_rng(0)
    for _ in range(40):
        obs, mask, player, rewards, done = env.step(random_actions(mask, gen))
        for a in (obs, mask, player, rewards, done):
            h.update(np.ascontiguousarray(a).tobytes())
    return str(_kernels.HAVE_NUMBA), h.hexdigest()


if __name__ == "__main__":
    print(*digest(sys.argv[1]))
"""


@pytest.mark.parametrize("preset", ["two-player", "three-player"])
def test_compiled_opponents_without_numba_play_the_same_games(preset):
    import os
    import pathlib
    import subprocess
    import sys

    from spades.vec import _kernels

    src = str(pathlib.Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "NUMBA_DISABLE_JIT": "1"}
    slow = subprocess.run([sys.executable, "-c", _DIGEST, preset], env=env, capture_output=True, text=True,
                          check=True, timeout=300).stdout.split()
    here: dict = {"__name__": "digest"}
    exec(_DIGEST, here)
    fast = list(here["digest"](preset))
    assert slow[0] == "False" and fast[0] == str(_kernels.HAVE_NUMBA)
    assert slow[1] == fast[1]


@pytest.mark.parametrize("house", [{"deck": "jokers"}, {"bidding": "whiz"}, {"nil_exchange": 2}])
def test_compiled_opponents_refuse_house_rules_clearly(house):
    from spades.errors import RulesError

    # the compiled basic ports the standard-rules bot; house rules stay with the Python bots
    with pytest.raises(RulesError, match="house rules"):
        VecEnv(Rules.preset("partnership", **house), 2, learners=0, opponents="basic")
