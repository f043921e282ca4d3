"""Builds the optional compiled parts at install time: the solver's C kernel
(``spades.solver._ckernel``) and the engine compiled by mypyc (``spades.game``,
``spades.hand``, ``spades.phases``: see ``src/spades/_native.py``).

Everything else about the package is in ``pyproject.toml``.  The kernel's C
source is generated from ``src/spades/solver/kernel.py`` by
``src/spades/solver/_cgen.py`` (standard library only) into the build folder,
then compiled.  Both are optional: without a C compiler (or without mypyc, a
build requirement, for the engine) the install still succeeds and the solver
runs on numba (the ``fast`` extra) or as plain Python, and the engine as plain
Python with the same behaviour.  ``SPADES_PURE_PYTHON=1`` at build time skips
compiling the engine.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

ROOT = Path(__file__).resolve().parent


def _load(name: str, path: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _cgen():  # type: ignore[no-untyped-def]
    return _load("_spades_cgen", "src/spades/solver/_cgen.py")


def _engine_extensions() -> list[Extension]:
    """The mypyc-compiled engine, or none (no mypyc, SPADES_PURE_PYTHON=1, or mypyc failed)."""
    if os.environ.get("SPADES_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        _load("_spades_native", "src/spades/_native.py")
        build = _load("_spades_native_build", "src/spades/_native_build.py")
        return build.extensions(ROOT / "src", ROOT / "build" / "mypyc")  # type: ignore[no-any-return]
    except (Exception, SystemExit) as exc:  # (mypyc exits on a type error): plain Python then
        print(f"spades: not compiling the engine with mypyc ({exc!r})", file=sys.stderr)
        return []


ENGINE = _engine_extensions()


class BuildKernel(build_ext):
    """Generate the kernel's C source, then build it; a failure leaves the pure-Python/numba paths."""

    def build_extension(self, ext: Extension) -> None:
        out = Path(self.build_temp) / "_ckernel.c"
        out.parent.mkdir(parents=True, exist_ok=True)
        try:
            cgen = _cgen()
            out.write_text(cgen.generate(), encoding="utf-8")
        except Exception as exc:  # an optional extension's failure must not stop the install
            raise CompileError(f"could not generate the C kernel: {exc}") from exc
        ext.sources = [os.fspath(out)]
        compiler = self.compiler.compiler_type if self.compiler is not None else ""
        ext.extra_compile_args = cgen.compile_args(compiler)
        super().build_extension(ext)

    def build_extensions(self) -> None:
        everything = self.extensions
        engine = [ext for ext in everything if ext in ENGINE]
        self.extensions = [ext for ext in everything if ext not in ENGINE]
        try:
            super().build_extensions()  # the kernel (optional=True: a failure only warns)
        finally:
            self.extensions = everything  # (get_outputs: an editable install copies them)
        if not engine:
            return
        # the engine's modules are compiled together: all of them or none
        built = []
        try:
            for ext in engine:
                built.append(self.get_ext_fullpath(ext.name))
                super().build_extension(ext)
        except Exception as exc:
            print(f"spades: the compiled engine did not build ({exc}); it runs as Python", file=sys.stderr)
            for path in built:
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = [ext for ext in everything if ext not in ENGINE]  # (not outputs)
            return
        native = sys.modules["_spades_native"]
        folder = Path(self.get_ext_fullpath("spades.game")).parent
        source = ROOT / "src" / "spades"
        digest = native.source_hash(source) + "\n"
        (folder / native.HASH_FILE).write_text(digest, encoding="ascii")
        if getattr(self, "editable_mode", False):  # the modules are copied beside the sources
            (source / native.HASH_FILE).write_text(digest, encoding="ascii")


setup(
    ext_modules=[
        Extension("spades.solver._ckernel", sources=["src/spades/solver/kernel.py"], optional=True),
        *ENGINE,
    ],
    cmdclass={"build_ext": BuildKernel},
)
