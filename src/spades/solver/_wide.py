"""The wide search kernel for numba and plain Python: :mod:`spades.solver.kernel` with
``WIDE = 1``, for packs whose trump suit has 14 to 16 cards (RULES.md section 7: the
``jokers``, ``jokers-deuces`` and ``deuces`` decks).

``kernel.py`` stays the one source of the search: this module runs its text again as a
module of its own with that one constant changed (the C extension holds both kernels,
generated the same way by :mod:`spades.solver._cgen`).  Under numba the wide kernel is
compiled on its first use in each process and not cached on disk (numba's cache is keyed by
the source file, which is the standard kernel's); the C kernel, the usual one, has nothing
to compile.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

__all__ = ["load"]

_STANDARD = "\nWIDE = 0\n"
_WIDE = "\nWIDE = 1\n"

_module: ModuleType | None = None


def load() -> ModuleType:
    """The wide kernel module (built on the first call)."""
    global _module
    if _module is None:
        text = Path(__file__).with_name("kernel.py").read_text(encoding="utf-8")
        if text.count(_STANDARD) != 1:  # pragma: no cover - guards an edit of kernel.py
            raise RuntimeError("kernel.py must set WIDE = 0 on a line of its own, once")
        mod = ModuleType(__package__ + "._wide_kernel", "The search kernel, wide layout (WIDE = 1).")
        mod.__package__ = __package__
        code = compile(text.replace(_STANDARD, _WIDE), "<spades.solver.kernel, WIDE = 1>", "exec")
        exec(code, mod.__dict__)  # our own kernel's source, one constant changed
        _module = mod
    return _module
