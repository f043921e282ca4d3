"""Which machine runs the search kernel: C, numba or plain Python.

The kernel in :mod:`spades.solver.kernel` is written in the subset of Python
that numba compiles (flat integer arrays, plain loops, no objects).  Three
ways to run it, the first available is used:

* ``"c"``: the C extension ``spades.solver._ckernel``, generated from
  ``kernel.py`` by :mod:`spades.solver._cgen` and compiled when the package is
  installed (``setup.py``; it needs a C compiler, and the install goes on
  without it when there is none).  Nothing to compile at run time.  It is used
  only if it was made from the ``kernel.py`` beside it (an editable install
  whose kernel changed since must rebuild it: ``python setup.py build_ext
  --inplace``, or it falls back to the next one);
* ``"numba"``: the kernel's functions compiled by numba (the ``fast`` extra)
  with ``cache=True``: the machine code is stored next to the module, so only
  the first run on a machine pays the compile (30-90 s);
* ``"python"``: the very same functions as ordinary Python, slowly but with
  identical results.

``SPADES_KERNEL=c|numba|python`` picks one (an unavailable choice falls back
to the next available one); ``SPADES_NO_JIT=1`` or numba's own
``NUMBA_DISABLE_JIT=1`` force plain Python (what the tests use to check the
fallback).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["BACKEND", "COMPILED", "JIT_ENABLED", "ckernel", "njit", "njit_inline"]

_BACKENDS = ("c", "numba", "python")


def _off(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _load_c() -> ModuleType | None:
    """The compiled C kernel, if it is installed and made from this ``kernel.py``."""
    import hashlib
    import importlib

    try:
        _ckernel = importlib.import_module(__package__ + "._ckernel")
    except ImportError:
        return None

    source = Path(__file__).with_name("kernel.py").read_bytes()
    if getattr(_ckernel, "KERNEL_SHA256", None) != hashlib.sha256(source).hexdigest():
        import warnings

        warnings.warn(
            "spades.solver._ckernel was built from another version of kernel.py and is not used; "
            "rebuild it with `python -m spades.solver._cgen --inplace` (or reinstall the package)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return _ckernel


def _numba_njit() -> Callable[..., Any] | None:
    try:
        from numba import njit as numba_njit
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return numba_njit


def _choose() -> tuple[str, ModuleType | None, Callable[..., Any] | None]:
    if _off("SPADES_NO_JIT") or _off("NUMBA_DISABLE_JIT"):
        return "python", None, None
    wanted = os.environ.get("SPADES_KERNEL", "").strip().lower()
    order = _BACKENDS[_BACKENDS.index(wanted):] if wanted in _BACKENDS else _BACKENDS
    for name in order:
        if name == "c":
            mod = _load_c()
            if mod is not None:
                return "c", mod, None
        elif name == "numba":
            nj = _numba_njit()
            if nj is not None:
                return "numba", None, nj
    return "python", None, None


BACKEND, ckernel, _NJIT = _choose()

#: True when the kernel runs as machine code (C or numba), not as plain Python.
COMPILED: bool = BACKEND != "python"
#: True when numba compiles the kernel (the ``"numba"`` backend).
JIT_ENABLED: bool = _NJIT is not None


def njit(func: F) -> F:
    """Compile ``func`` with numba (cached on disk) when that is the backend, else return it unchanged."""
    if _NJIT is None:
        return func
    return _NJIT(cache=_cacheable(func), nogil=True)(func)  # type: ignore[no-any-return]


def njit_inline(func: F) -> F:
    """Like :func:`njit`, but inlined into its callers by numba itself.

    For the helpers that take arrays and run at every node: a numba call that
    passes arrays increments and decrements their reference counts with
    atomic instructions, which cost more than many of the helpers themselves;
    once inlined, numba drops those pairs.
    """
    if _NJIT is None:
        return func
    return _NJIT(cache=_cacheable(func), nogil=True, inline="always")(func)  # type: ignore[no-any-return]


def _cacheable(func: Callable[..., Any]) -> bool:
    """Can numba cache ``func`` on disk?  Only a function read from a source file of its
    own: the wide kernel (:mod:`spades.solver._wide`) is compiled from ``kernel.py``'s text
    with another constant, and a cache keyed by that file would hand it the standard
    kernel's machine code."""
    return os.path.isfile(func.__code__.co_filename)
