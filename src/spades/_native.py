"""The optional compiled engine: :mod:`spades.game`, :mod:`spades.hand` and
:mod:`spades.phases` compiled by mypyc.

``setup.py`` compiles these modules when the package is installed and a C
compiler and mypyc are at hand (``mypy`` is a build requirement); without them
the install still succeeds and the engine runs as plain Python, with the same
behaviour.  The compiled modules sit next to their sources (``game.py`` and
``game.cpython-*.so``), and Python imports an extension module before a source
file of the same name, so :func:`select` (run when ``import spades`` imports
this module, before anything else) keeps the compiled modules only if they were built from the
sources beside them: :data:`HASH_FILE`, written by the build, holds
:func:`source_hash` of those sources.  Otherwise (stale after an edit, or
``SPADES_PURE_PYTHON=1`` in the environment) it imports the ``.py`` files.

In a development tree ``python -m spades._native_build --inplace`` compiles
them next to the sources (what an install does); ``--clean`` removes them.
"""

from __future__ import annotations

import hashlib
import os
import sys
import warnings
from pathlib import Path
from typing import Final

__all__ = ["HASH_FILE", "MODULES", "compiled", "select", "source_hash"]

#: the modules compiled together, in the order they may be imported by hand
MODULES: Final = ("hand", "phases", "game")
#: the file beside the sources holding the hash of the sources the build compiled
HASH_FILE: Final = "_native.sha256"
#: the group (shared library) of the compiled modules
GROUP: Final = "spades._native_group"

#: the file name (before its suffixes) of the group's shared library
_GROUP_LIB: Final = GROUP.rsplit(".", 1)[1] + "__mypyc"
_HERE: Final = Path(__file__).resolve().parent


def source_hash(folder: Path = _HERE) -> str:
    """sha256 of the sources of :data:`MODULES` in ``folder``."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update(name.encode() + b"\0")
        digest.update((folder / f"{name}.py").read_bytes())
    return digest.hexdigest()


def _built(folder: Path) -> list[Path]:
    """The compiled files of :data:`MODULES` (and their group) in ``folder``."""
    out = []
    for entry in folder.iterdir():
        stem = entry.name.split(".", 1)[0]
        if entry.suffix in (".so", ".pyd") and (stem in MODULES or stem == _GROUP_LIB):
            out.append(entry)
    return out


def compiled() -> bool:
    """Whether the engine modules now imported are the compiled ones."""
    module = sys.modules.get(f"{__package__}.game")
    return module is not None and not str(module.__file__).endswith(".py")


def select() -> None:
    """Make sure the engine modules import from their sources unless compiled
    ones built from these very sources are present and allowed."""
    if not any(p.stem.split(".", 1)[0] in MODULES for p in _built(_HERE)):
        return  # nothing compiled: the ordinary import finds the sources
    reason = None
    if os.environ.get("SPADES_PURE_PYTHON", "") not in ("", "0"):
        reason = ""  # asked for: no warning
    else:
        try:
            expected = (_HERE / HASH_FILE).read_text(encoding="ascii").strip()
        except OSError:
            expected = ""
        if expected != source_hash():
            reason = (
                "the compiled engine (spades.game, .hand, .phases) was built from other "
                "sources than these; running them as plain Python "
                "(rebuild: python -m spades._native_build --inplace)"
            )
    if reason is None:
        return
    if reason:
        warnings.warn(reason, RuntimeWarning, stacklevel=3)
    _import_sources()


def _import_sources() -> None:
    import importlib.util

    package = sys.modules[__package__]
    for name in MODULES:
        full = f"{__package__}.{name}"
        if full in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(full, _HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[full]
            raise
        setattr(package, name, module)


if __package__:  # imported as spades._native (not loaded by path, as setup.py does)
    select()
