"""spades.vec.VecEnv agrees with the rules engine action by action (the differential
test), is seeded, refuses bad input, and its docs' training loop runs."""

from __future__ import annotations

import dataclasses

import pytest

np = pytest.importorskip("numpy")

from spades import Game, Rules  # noqa: E402
from spades.action_space import Stepper  # noqa: E402
from spades.errors import IllegalActionError  # noqa: E402
from spades.game import Phase  # noqa: E402
from spades.observation import OBSERVATION_SIZE, encode  # noqa: E402
from spades.vec import VecEnv, _kernels  # noqa: E402

CONFIGS = {
    "partnership": Rules.preset("partnership"),
    "partnership-2-hands": Rules.preset("partnership", hands=2),
    "two-player": Rules.preset("two-player", hands=3),
    "two-player-exchange-2": Rules.preset("two-player", target_score=150, blind_nil_exchange=2),
    "cutthroat": Rules.preset("cutthroat", hands=2),
    "three-player": Rules.preset("three-player", hands=2),
    "openspiel": Rules.preset("openspiel"),
    "losing-score": Rules.preset("partnership", target_score=200, losing_score=-150),
    "deficit-boston": Rules.preset("partnership", blind_nil_min_deficit=50, boston_bonus=100, hands=4),
    "boston-wins": Rules.preset("cutthroat", boston_wins=True, hands=3),
    "no-nil-cap": Rules.preset("partnership", nil=False, blind_nil=False, max_side_bid=9, hands=2),
    "unbroken-no-bags": Rules.preset("partnership", spades_must_be_broken=False, bag_penalty=0,
                                     blind_nil_exchange=1, hands=2),
    "dealer-fixed-win": Rules.preset("two-player", first_dealer=1, hands=2),
}


def _random_actions(rng, mask):
    """One uniformly random legal id per row, in numpy."""
    u = rng.random(mask.shape) * mask
    return u.argmax(axis=1)


def _run(rules, num_envs, steps, seed, reward="points", max_hands=None):
    """Play random games; return the env and, per slot, the stream of
    (obs, mask, player) before each step and (rewards, done) after it."""
    env = VecEnv(rules, num_envs=num_envs, seed=seed, record=True, reward=reward, max_hands=max_hands)
    obs, mask, player = env.reset()
    rng = np.random.default_rng(seed)
    streams = [[] for _ in range(num_envs)]
    for _ in range(steps):
        before = (obs.copy(), mask.copy(), player.copy())
        acts = _random_actions(rng, mask)
        obs, mask, player, rewards, done = env.step(acts)
        for i in range(num_envs):
            streams[i].append((before[0][i], before[1][i], int(before[2][i]), int(acts[i]),
                               rewards[i].copy(), bool(done[i])))
    return env, streams


def _check_against_engine(env, streams, reward="points"):
    rules = env.rules
    games = {i: [g for g in env.finished if g.slot == i] + [env.log(i)] for i in range(env.num_envs)}
    finished = 0
    for i, logs in games.items():
        k = 0
        for log in logs:
            game = Game(rules, seed=0, dealer=log.first_dealer, decks=log.decks)
            stepper = Stepper(game)
            totals = np.zeros(rules.num_seats)
            for j, (seat, aid) in enumerate(log.actions):
                obs, mask, player, act, rewards, done = streams[i][k]
                k += 1
                assert act == aid and player == seat == game.to_act
                assert np.flatnonzero(mask).tolist() == stepper.legal_ids(), (i, j)
                expected = encode(game.view(seat), stepper.pending)
                assert np.array_equal(obs, expected), (i, j, np.flatnonzero(obs != expected))
                hands = game.hands_played
                if j in log.redraws:
                    act_ = stepper.to_engine(aid)
                    assert game.phase is Phase.REDRAW and act_ is not None
                    stepper.pending = []
                    game.apply_redraw(act_, log.redraws[j])
                else:
                    stepper.apply_id(aid)
                want = np.zeros(rules.num_seats)
                if reward == "points" and game.hands_played > hands:
                    points = game.history[-1].points
                    want = np.array([points[rules.side_of(s)] for s in range(rules.num_seats)])
                if reward == "win" and game.is_over and game.winner is not None:
                    want = np.array([1.0 if rules.side_of(s) == game.winner else -1.0
                                     for s in range(rules.num_seats)])
                assert np.array_equal(rewards, want), (i, j, rewards, want)
                cut = env.max_hands is not None and game.hands_played == env.max_hands
                assert done == (game.is_over or cut), (i, j)
                totals += rewards
            if log.truncated:
                finished += 1
                assert not game.is_over and game.hands_played == env.max_hands
            elif log.over:
                finished += 1
                assert game.is_over
                if reward == "points":
                    assert [totals[s] for s in range(rules.num_sides)] == list(game.scores)
            else:
                assert list(env.scores[i]) == list(game.scores)
                assert env.hands_played[i] == game.hands_played
        assert k == len(streams[i])
    return finished


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_vecenv_games_replay_identically_in_the_engine(name):
    rules = CONFIGS[name]
    steps = 700 if rules.uses_draw else 450
    env, streams = _run(rules, 6, steps, seed=hash(name) % 1000)
    finished = _check_against_engine(env, streams)
    if rules.hands is not None and rules.hands <= 2:
        assert finished > 0


def test_vecenv_win_rewards_match_the_engine():
    rules = Rules.preset("cutthroat", hands=1)
    env, streams = _run(rules, 5, 250, seed=3, reward="win")
    assert _check_against_engine(env, streams, reward="win") >= 5


def test_vecenv_exercises_blind_nil_exchange_and_redraw():
    env, _ = _run(Rules.preset("partnership", hands=1), 8, 300, seed=5)
    assert any(log.actions and any(a == 70 for _, a in log.actions) for log in env.finished)
    env, _ = _run(Rules.preset("two-player", hands=1), 8, 400, seed=5)
    assert any(log.redraws for log in env.finished)


def test_vecenv_same_seed_same_games_and_different_seed_differs():
    def trace(seed):
        env = VecEnv("two-player", num_envs=16, seed=seed)
        obs, mask, player = env.reset()
        rng = np.random.default_rng(1)
        out = []
        for _ in range(200):
            obs, mask, player, rewards, _done = env.step(_random_actions(rng, mask))
            out.append((obs.copy(), player.copy(), rewards.copy()))
        return out

    a, b, c = trace(11), trace(11), trace(12)
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[2], y[2]) for x, y in zip(a, b))
    assert not all(np.array_equal(x[0], y[0]) for x, y in zip(a, c))


def test_vecenv_shapes_and_dtypes_for_every_preset():
    for preset in Rules.PRESET_NAMES:
        env = VecEnv(preset, num_envs=3, seed=0)
        obs, mask, player = env.reset()
        n = env.num_seats
        assert obs.shape == (3, OBSERVATION_SIZE) and obs.dtype == np.float32
        assert mask.shape == (3, 75) and mask.dtype == np.bool_ and mask.any(axis=1).all()
        assert player.shape == (3,) and ((player >= 0) & (player < n)).all()
        obs, mask, player, rewards, done = env.step(mask.argmax(axis=1))
        assert rewards.shape == (3, n) and rewards.dtype == np.float32
        assert done.shape == (3,) and done.dtype == np.bool_


def test_vecenv_refuses_an_illegal_action_and_changes_nothing():
    env = VecEnv("openspiel", num_envs=2, seed=0)
    obs, mask, _player = env.reset()
    before = obs.copy()
    acts = mask.argmax(axis=1)
    acts[1] = 0  # a card during the bidding
    with pytest.raises(IllegalActionError, match="game 1: 2C is not legal now"):
        env.step(acts)
    assert np.array_equal(env.step(mask.argmax(axis=1))[0].shape, before.shape)
    with pytest.raises(IllegalActionError, match="id 99"):
        env.step(np.array([99, 99]))


def test_vecenv_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="num_envs"):
        VecEnv("partnership", num_envs=0)
    with pytest.raises(ValueError, match="reward"):
        VecEnv("partnership", num_envs=1, reward="money")
    with pytest.raises(Exception, match="unknown preset"):
        VecEnv("bridge", num_envs=1)
    env = VecEnv("partnership", num_envs=2, seed=0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, np.int64))
    env.reset()
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="integer"):
        env.step(np.zeros(2))


def test_vecenv_observation_none_gives_the_same_games():
    full = VecEnv("cutthroat", num_envs=8, seed=4)
    bare = VecEnv("cutthroat", num_envs=8, seed=4, observation="none")
    _, m1, p1 = full.reset()
    o2, m2, p2 = bare.reset()
    assert o2.shape == (8, 0)
    rng = np.random.default_rng(0)
    for _ in range(300):
        acts = _random_actions(rng, m1)
        _, m1, p1, r1, _d1 = full.step(acts)
        _, m2, p2, r2, _d2 = bare.step(acts)
        assert np.array_equal(m1, m2) and np.array_equal(r1, r2) and np.array_equal(p1, p2)


def test_vecenv_log_exports_an_engine_record_that_replays():
    from spades.records import game_from_record

    env, _ = _run(Rules.preset("two-player", hands=1), 4, 300, seed=9)
    logs = [g for g in env.finished if g.redraws] or env.finished
    for log in logs[:3]:
        record = log.to_record()
        assert game_from_record(record).scores == log.to_game().scores


def test_vecenv_rules_object_and_hand_cap():
    rules = dataclasses.replace(Rules.preset("partnership"), hands=1)
    env = VecEnv(rules, num_envs=4, seed=0, observation="none")
    _, mask, _ = env.reset()
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(61 * 3):
        _, mask, _, _, done = env.step(_random_actions(rng, mask))
        dones += int(done.sum())
    assert dones >= 8


def test_vecenv_max_hands_cuts_games_short_without_a_winner():
    env, streams = _run(Rules.preset("partnership"), 4, 400, seed=2, reward="win", max_hands=2)
    assert _check_against_engine(env, streams, reward="win") >= 4
    assert all(g.truncated for g in env.finished)
    with pytest.raises(ValueError, match="max_hands"):
        VecEnv("partnership", num_envs=1, max_hands=0)


def test_docs_training_loop_runs_and_learns_something():
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "research.md").read_text()
    block = re.search(r"<!-- example: vec-reinforce -->\n```python\n(.*?)```", text, re.S)
    assert block is not None
    code = block.group(1).replace("ENVS, ROUNDS, LR = 256, 40, 0.05", "ENVS, ROUNDS, LR = 64, 6, 0.05")
    assert code != block.group(1)
    printed = []
    exec(compile(code, "docs/research.md", "exec"), {"print": printed.append, "__name__": "docs"})
    first = float(printed[0].split()[-1])
    last = float(printed[-1].split()[-1])
    assert len(printed) == 2 and last > first  # from -100 or so towards 0 within a few rounds


def test_vecenv_checks_actions_against_its_own_mask_not_the_returned_one():
    env = VecEnv("openspiel", num_envs=2, seed=1)
    _obs, mask, _player = env.reset()
    mask[:] = True  # a caller scribbling on the returned buffer
    with pytest.raises(IllegalActionError, match="game 0: 2C is not legal now"):
        env.step(np.zeros(2, np.int64))
    legal = env.step(np.full(2, 52 + 3))[1]  # bid 3 is legal for both
    assert legal.sum(axis=1).min() >= 1


_DIGEST = """
import hashlib, sys
import numpy as np
from spades.vec import VecEnv, _kernels


def digest(preset):
    env = VecEnv(preset, num_envs=3, seed=5)
    obs, mask, player = env.reset()
    rng = np.random.default_rng(0)
    h = hashlib.sha256()
    for _ in range(150):
        obs, mask, player, rewards, done = env.step((rng.random(mask.shape) * mask).argmax(axis=1))
        for a in (obs, mask, player, rewards, done):
            h.update(a.tobytes())
    return str(_kernels.HAVE_NUMBA), h.hexdigest()


if __name__ == "__main__":
    print(*digest(sys.argv[1]))
"""


@pytest.mark.parametrize("preset", ["two-player", "partnership"])
def test_vecenv_without_numba_gives_the_same_games(preset):
    import os
    import pathlib
    import subprocess
    import sys

    src = str(pathlib.Path(__file__).resolve().parents[1] / "src")

    def digest(disable):
        env = {**os.environ, "PYTHONPATH": src, "NUMBA_DISABLE_JIT": "1" if disable else "0"}
        out = subprocess.run([sys.executable, "-c", _DIGEST, preset], env=env, capture_output=True,
                             text=True, check=True, timeout=300)
        return out.stdout.split()

    # the compiled kernels: in this process when it has them (numba is loaded already here; a
    # new process loads it in about 1.4 s of CPU)
    here: dict = {"__name__": "digest"}
    exec(_DIGEST, here)
    slow = digest(True)
    fast = list(here["digest"](preset)) if _kernels.HAVE_NUMBA else digest(False)
    assert slow[0] == "False" and fast[0] == "True"
    assert slow[1] == fast[1]
