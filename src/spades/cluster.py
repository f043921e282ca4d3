"""Running independent pieces of work on a Dask distributed cluster (the ``cluster`` extra).

``spades match --cluster ADDRESS`` and ``spades sim --cluster ADDRESS`` (and
:func:`spades.match.run_match` / :func:`spades.sim.random_hands` with
``cluster=``) send their boards / batches to an existing Dask scheduler.  Every
piece's randomness derives from the seed and the piece's number alone, so the
results are identical to a local run with the same seed, whatever the number of
workers and the order they finish in.

``cluster`` is a scheduler address (``"tcp://10.0.0.5:8786"``), or a
``distributed.Client`` / ``LocalCluster`` already made by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["map_ordered"]


def _client(cluster: Any) -> tuple[Any, bool]:
    """A ``distributed.Client`` for ``cluster`` and whether we own it (and must close it)."""
    try:
        import distributed
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "running on a cluster needs Dask distributed: pip install 'spades[cluster]'"
        ) from exc
    Client: Any = distributed.Client
    if isinstance(cluster, Client):
        return cluster, False
    if isinstance(cluster, str):
        try:
            return Client(cluster, timeout=10), True
        except OSError as exc:
            raise ConnectionError(f"cannot reach the Dask scheduler at {cluster}: {exc}") from None
    if hasattr(cluster, "scheduler_address"):  # a LocalCluster or another cluster object
        return Client(cluster), True
    raise TypeError("cluster must be a scheduler address, a distributed.Client or a cluster object")


def map_ordered(cluster: Any, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
                progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``[fn(*args) for args in calls]``, computed on the cluster; results in call order.

    A worker's error is raised here.  ``progress(done, total)`` is called as
    pieces finish.
    """
    import distributed

    as_completed: Any = distributed.as_completed
    client, owned = _client(cluster)
    try:
        futures = [client.submit(fn, *args, pure=False) for args in calls]
        for done, future in enumerate(as_completed(futures), 1):
            future.result()  # raise a worker's error now
            if progress:
                progress(done, len(futures))
        return list(client.gather(futures))
    finally:
        if owned:
            client.close()
