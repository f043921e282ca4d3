"""Matches and simulations on a Dask distributed cluster give exactly the local results
(a LocalCluster of two in-process workers, started here)."""

from __future__ import annotations

import json
from importlib.util import find_spec

import pytest

# distributed is imported by the fixture that starts the cluster, not at collection
pytestmark = pytest.mark.skipif(find_spec("distributed") is None, reason="distributed is not installed")
np = pytest.importorskip("numpy")

from spades import Rules  # noqa: E402
from spades.cli import main  # noqa: E402
from spades.match import run_match  # noqa: E402
from spades.sim import random_hands  # noqa: E402

_TIMING = ("seconds", "seconds_per_decision", "wall_seconds")


@pytest.fixture(scope="module")
def cluster():
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as c:
        yield c


def _strip(data):
    """The match result without its timings (which differ from run to run)."""
    if isinstance(data, dict):
        return {k: _strip(v) for k, v in data.items() if k not in _TIMING}
    if isinstance(data, list):
        return [_strip(v) for v in data]
    return data


def test_random_hands_on_the_cluster_equal_the_local_run(cluster):
    local = random_hands("two-player", 700, seed=8, backend="numpy", batch=200)
    remote = random_hands("two-player", 700, seed=8, backend="numpy", batch=200, cluster=cluster)
    for name in ("decks", "dealers", "bids", "tricks", "points", "bags", "plays", "draws"):
        assert np.array_equal(getattr(local, name), getattr(remote, name)), name
    assert remote.game(650).history[0].points == tuple(local.points[650])


def test_match_on_the_cluster_equals_the_local_run(cluster):
    rules = Rules.preset("partnership")
    local = run_match(rules, ["basic", "random"], hands=24, seed=5, workers=1, records=True)
    remote = run_match(rules, ["basic", "random"], hands=24, seed=5, cluster=cluster, records=True)
    assert _strip(remote.to_dict()) == _strip(local.to_dict())
    assert [r for _, r in remote.records()] == [r for _, r in local.records()]


def test_cli_match_and_sim_take_a_scheduler_address(cluster, tmp_path, capsys):
    address = cluster.scheduler_address
    argv = ["match", "--bots", "random,basic", "--hands", "12", "--seed", "3", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--cluster", address]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert _strip(remote) == _strip(local)
    out = tmp_path / "sim.npz"
    assert main(["sim", "--preset", "cutthroat", "--hands", "300", "--seed", "2", "--backend", "numpy",
                 "--cluster", address, "--out", str(out), "--json"]) == 0
    capsys.readouterr()
    from spades.sim import load_results

    again = random_hands("cutthroat", 300, seed=2, backend="numpy")
    assert np.array_equal(load_results(out).plays, again.plays)


def test_cli_reports_an_unreachable_scheduler(capsys):
    code = main(["sim", "--hands", "10", "--cluster", "tcp://127.0.0.1:9", "--backend", "numpy"])
    assert code == 2
    assert "Dask scheduler" in capsys.readouterr().err
