"""The pieces VecEnv's speed rests on: the parallel kernel plays the same games as
the serial one, ``legal_bits`` is the mask as bits, and the benchmark's numpy
policy picks every legal id, only legal ids, uniformly."""

from __future__ import annotations

import pytest

from bench_helpers import load_bench

np = pytest.importorskip("numpy")

from spades.vec import VecEnv  # noqa: E402

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]


def _bench_choose():
    return load_bench("vec").choose


def _bits_of(mask):
    padded = np.zeros((mask.shape[0], 16), np.uint8)
    padded[:, :10] = np.packbits(mask, axis=1, bitorder="little")
    return padded.view(np.uint64)


@pytest.mark.parametrize("preset", PRESETS)
def test_parallel_kernel_plays_the_same_games_as_the_serial_one(preset):
    envs = [VecEnv(preset, num_envs=64, seed=11, parallel=flag) for flag in (False, True)]
    outs = [env.reset() for env in envs]
    rng = np.random.default_rng(3)
    for _ in range(300):
        for a, b in zip(outs[0], outs[1], strict=True):
            assert np.array_equal(a, b)
        acts = (rng.random(outs[0][1].shape) * outs[0][1]).argmax(axis=1)
        outs = [env.step(acts) for env in envs]
    assert np.array_equal(envs[0].scores, envs[1].scores)


def test_parallel_is_opt_in_and_checked():
    assert not VecEnv("openspiel", num_envs=4096).parallel
    assert VecEnv("openspiel", num_envs=8, parallel=False).threads == 1
    with pytest.raises(TypeError):
        VecEnv("openspiel", num_envs=8, parallel="yes")


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_bits_are_the_mask_as_bits(preset):
    env = VecEnv(preset, num_envs=16, seed=2)
    _obs, mask, _player = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(200):
        assert np.array_equal(env.legal_bits, _bits_of(mask))
        _obs, mask, _player, _r, _d = env.step((rng.random(mask.shape) * mask).argmax(axis=1))


def test_writing_to_legal_bits_cannot_make_an_illegal_action_legal():
    from spades.errors import IllegalActionError

    env = VecEnv("openspiel", num_envs=2, seed=0)
    _obs, mask, _player = env.reset()
    illegal = int(np.flatnonzero(~mask[0])[0])
    env.legal_bits[:] = np.uint64(2**64 - 1)
    with pytest.raises(IllegalActionError):
        env.step(np.array([illegal, int(np.flatnonzero(mask[1])[0])]))


def test_bench_policy_picks_only_legal_ids():
    choose = _bench_choose()
    gen = np.random.default_rng(0)
    rng = np.random.default_rng(1)
    for _ in range(100):
        mask = rng.random((300, 75)) < rng.random()
        mask[np.arange(300), rng.integers(0, 75, 300)] = True
        acts = choose(_bits_of(mask), gen)
        assert mask[np.arange(300), acts].all()


def test_bench_policy_is_uniform_over_the_legal_ids():
    choose = _bench_choose()
    legal = [0, 7, 8, 33, 51, 63, 64, 70, 74]
    mask = np.zeros((90_000, 75), bool)
    mask[:, legal] = True
    counts = np.bincount(choose(_bits_of(mask), np.random.default_rng(5)), minlength=75)
    assert counts.sum() == counts[legal].sum()
    expected = 90_000 / len(legal)
    chi2 = float((((counts[legal] - expected) ** 2) / expected).sum())
    assert chi2 < 26.1  # chi-square, 8 degrees of freedom, p = 0.001
