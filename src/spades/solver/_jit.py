"""Optional numba JIT for the search kernel.

The kernel in :mod:`spades.solver.kernel` is written in the subset of Python
that numba compiles (flat integer arrays, plain loops, no objects).  When numba
is importable its functions are compiled with ``cache=True`` (the machine code
is stored next to the module, so only the very first run on a machine pays the
compile); when numba is missing, or ``SPADES_NO_JIT=1`` is set, the very same
functions run as ordinary Python, slowly but with identical results.
``NUMBA_DISABLE_JIT=1`` (numba's own switch) has the same effect as
``SPADES_NO_JIT=1`` and is what the tests use to check the fallback.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["JIT_ENABLED", "njit", "njit_inline"]


def _numba_njit() -> Callable[..., Any] | None:
    if os.environ.get("SPADES_NO_JIT", "") not in ("", "0"):
        return None
    if os.environ.get("NUMBA_DISABLE_JIT", "") not in ("", "0"):
        return None
    try:
        from numba import njit as numba_njit
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return numba_njit


_NJIT = _numba_njit()

#: True when the kernel is compiled by numba.
JIT_ENABLED: bool = _NJIT is not None


def njit(func: F) -> F:
    """Compile ``func`` with numba (cached on disk) when available, else return it unchanged."""
    if _NJIT is None:
        return func
    return _NJIT(cache=True, nogil=True)(func)  # type: ignore[no-any-return]


def njit_inline(func: F) -> F:
    """Like :func:`njit`, but inlined into its callers by numba itself.

    For the helpers that take arrays and run at every node: a numba call that
    passes arrays increments and decrements their reference counts with
    atomic instructions, which cost more than many of the helpers themselves;
    once inlined, numba drops those pairs.
    """
    if _NJIT is None:
        return func
    return _NJIT(cache=True, nogil=True, inline="always")(func)  # type: ignore[no-any-return]
