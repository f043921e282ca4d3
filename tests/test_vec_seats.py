"""VecEnv(observation="seats"): every seat's observation kept current by writing only what
each step changed, checked entry by entry against the whole encoding after every step."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from spades import Rules  # noqa: E402
from spades.vec import SKIP, VecEnv  # noqa: E402
from spades.vec import _kernels as K  # noqa: E402
from test_vec import CONFIGS, _random_actions  # noqa: E402


def _whole(env: VecEnv, i: int, seat: int) -> np.ndarray:
    """Game ``i`` seen by ``seat``, encoded whole from the state (the reference)."""
    return env.observe(i, seat)


def _check_every_row(env: VecEnv, obs: np.ndarray, step: int) -> None:
    for i in range(env.num_envs):
        for seat in range(env.num_seats):
            want = _whole(env, i, seat)
            got = obs[i, seat]
            if not np.array_equal(got, want):
                bad = np.flatnonzero(got != want)[:8]
                raise AssertionError(f"step {step}, game {i}, seat {seat}: entries {bad.tolist()} differ "
                                     f"(kept {got[bad].tolist()}, whole {want[bad].tolist()})")


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_seats_observations_equal_the_whole_encoding_after_every_step(name):
    rules = CONFIGS[name]
    env = VecEnv(rules, num_envs=5, seed=11, observation="seats")
    obs, mask, _player = env.reset()
    assert obs.shape == (5, rules.num_seats, env.obs_dim)
    rng = np.random.default_rng(7)
    _check_every_row(env, obs, -1)
    steps = 600 if rules.uses_draw else 400
    for step in range(steps):
        acts = _random_actions(rng, mask)
        acts[rng.random(5) < 0.1] = SKIP  # waiting games keep their rows as they are
        obs, mask, _player, _rewards, _done = env.step(acts)
        _check_every_row(env, obs, step)


def test_seats_acting_row_is_the_full_observation_of_the_same_game():
    """A "seats" env and a "full" env with one seed play the same games; the acting seat's
    row of the one is the other's observation."""
    rules = Rules.preset("partnership", hands=2)
    seats = VecEnv(rules, num_envs=8, seed=3, observation="seats")
    full = VecEnv(rules, num_envs=8, seed=3)
    _so, sm, sp = seats.reset()
    fo, fm, fp = full.reset()
    rng = np.random.default_rng(0)
    for _ in range(300):
        assert np.array_equal(sp, fp) and np.array_equal(sm, fm)
        assert np.array_equal(seats.acting_observations(), fo)
        acts = _random_actions(rng, sm)
        _so, sm, sp, sr, sd = seats.step(acts)
        fo, fm, fp, fr, fd = full.step(acts)
        assert np.array_equal(sr, fr) and np.array_equal(sd, fd)


def test_seats_acting_observations_fills_a_given_buffer():
    env = VecEnv("openspiel", num_envs=4, seed=1, observation="seats")
    obs, _mask, player = env.reset()
    out = np.full((4, env.obs_dim), 7.0, np.float32)
    got = env.acting_observations(out)
    assert got is out
    for i in range(4):
        assert np.array_equal(out[i], obs[i, player[i]])


def test_seats_observation_is_refused_with_learners_and_explained():
    with pytest.raises(ValueError, match="self-play"):
        VecEnv("partnership", num_envs=2, observation="seats", learners=0)
    with pytest.raises(RuntimeError, match="seats"):
        VecEnv("partnership", num_envs=2).acting_observations()


def test_seats_illegal_action_changes_no_row():
    env = VecEnv("openspiel", num_envs=3, seed=2, observation="seats")
    obs, mask, _player = env.reset()
    kept = obs.copy()
    acts = np.argmax(mask, axis=1)
    acts[1] = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(Exception, match="not legal"):
        env.step(acts)
    assert np.array_equal(obs, kept)


def test_kernel_popcount_counts_and_compares_right():
    """The kernels' bit count (shifts and adds, no overflowing multiplication): right for
    full words, and right when its result is compared inside compiled code."""
    if not K.HAVE_NUMBA:
        pytest.skip("numba is not installed: the count is Python's")
    import numba

    count = K._popcount

    @numba.njit
    def counts(words):
        out = np.zeros(len(words), np.int64)
        for j in range(len(words)):
            out[j] = count(words[j])
        return out

    @numba.njit
    def at_least_four(words):
        out = np.zeros(len(words), np.bool_)
        for j in range(len(words)):
            out[j] = count(words[j]) >= 4
        return out

    assert counts(np.array([0, 1, 3, (1 << 52) - 1, -1, 0b1010], np.int64)).tolist() == [0, 1, 2, 52, 64, 2]
    words = np.array([0b11, 0b1111, 0b1011, (1 << 40) | 7], np.int64)
    assert at_least_four(words).tolist() == [False, True, False, True]
