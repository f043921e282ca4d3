"""Builds the solver's C kernel (``spades.solver._ckernel``) at install time.

Everything else about the package is in ``pyproject.toml``.  The C source is
generated from ``src/spades/solver/kernel.py`` by ``src/spades/solver/_cgen.py``
(standard library only) into the build folder, then compiled.  The extension
is optional: without a C compiler the install still succeeds and the solver
runs on numba (the ``fast`` extra) or as plain Python.
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


def _cgen():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("_spades_cgen", ROOT / "src/spades/solver/_cgen.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


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


setup(
    ext_modules=[
        Extension("spades.solver._ckernel", sources=["src/spades/solver/kernel.py"], optional=True),
    ],
    cmdclass={"build_ext": BuildKernel},
)
