"""Loading a script of ``bench/`` (not a package) as a module, for the tests of its pieces."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_bench(stem: str) -> ModuleType:
    """``bench/<stem>.py`` as the module ``bench_<stem>`` (registered in ``sys.modules``, so
    that dataclasses and pickling inside it find it)."""
    name = f"bench_{stem}"
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
