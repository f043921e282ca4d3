"""Compiles the engine modules of :mod:`spades._native` with mypyc.

``python -m spades._native_build --inplace`` compiles them next to their
sources in a development tree (what an install does through ``setup.py``);
``--clean`` removes them.  Standard library only, but building needs mypyc
(``pip install mypy``) and a C compiler; ``setup.py`` loads this file by path.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

try:
    from ._native import _HERE, GROUP, HASH_FILE, MODULES, _built, source_hash
except ImportError:  # loaded by path (setup.py)
    from _spades_native import (  # type: ignore[import-not-found,no-redef]
        _HERE,
        GROUP,
        HASH_FILE,
        MODULES,
        _built,
        source_hash,
    )

__all__ = ["build_inplace", "clean", "extensions"]


def extensions(src: Path, target_dir: Path) -> list[Any]:
    """The setuptools extensions of the compiled engine (``src``: the folder holding
    the ``spades`` package; the C files go to ``target_dir``).  Needs mypyc
    (``pip install mypy``)."""
    from mypyc.build import mypycify

    paths = [str(src / "spades" / f"{name}.py") for name in MODULES]
    # mypyc type-checks what the modules import: an optional dependency missing from the
    # build environment (babel...) or a type error elsewhere must not stop the build
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    return list(mypycify(options + paths, opt_level="3", group_name=GROUP, target_dir=str(target_dir)))


def build_inplace() -> list[Path]:
    """Compile the engine next to its sources (a development tree); returns the files."""
    import tempfile

    from setuptools import Distribution  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    src = _HERE.parent
    with tempfile.TemporaryDirectory() as tmp:
        exts = extensions(src, Path(tmp) / "c")
        dist = Distribution({"name": "spades-engine", "ext_modules": exts})
        cmd = build_ext(dist)
        cmd.inplace = False
        cmd.build_lib = str(src)
        cmd.build_temp = str(Path(tmp) / "temp")
        cmd.ensure_finalized()
        cmd.run()
    (_HERE / HASH_FILE).write_text(source_hash() + "\n", encoding="ascii")
    return _built(_HERE)


def clean() -> list[Path]:
    """Remove the compiled engine from the source tree; returns what was removed."""
    gone = _built(_HERE)
    hash_file = _HERE / HASH_FILE
    if hash_file.exists():
        gone.append(hash_file)
    for p in gone:
        p.unlink()
    return gone


def main(argv: list[str] | None = None) -> int:
    """``python -m spades._native_build --inplace`` compiles the engine in the source tree;
    ``--clean`` removes it."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--inplace"]:
        for p in build_inplace():
            print(p)
        return 0
    if args == ["--clean"]:
        for p in clean():
            print(f"removed {p}")
        return 0
    print("usage: python -m spades._native_build --inplace | --clean", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
