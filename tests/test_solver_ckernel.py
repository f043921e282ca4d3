"""The C kernel (spades.solver._ckernel, generated from kernel.py by _cgen.py and
compiled at install time): it builds, it agrees with the plain minimax and with the
very same kernel run as Python, a stale build is not used, and the generator refuses
what it cannot translate."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import types
from pathlib import Path

import pytest

from solver_helpers import random_position
from spades.solver import Solver, _cgen, _jit, api
from spades.solver.reference import minimax_values

ROOT = Path(__file__).resolve().parent.parent

_CC = (sysconfig.get_config_var("CC") or "cc").split()[0]
needs_compiler = pytest.mark.skipif(shutil.which(_CC) is None, reason="no C compiler")


def _build_key() -> str:
    """What a build depends on: the generated C source, the generator (its compiler flags and
    build steps), the interpreter and the C compiler."""
    digest = hashlib.sha256(_cgen.generate().encode())
    digest.update(Path(_cgen.__file__).read_bytes())
    digest.update(f"{sys.version}|{sysconfig.get_platform()}|{sysconfig.get_config_var('CC')}".encode())
    return digest.hexdigest()[:32]


def _cached_build(cache: Path | None, tmp: Path) -> Path:
    """Compile the C kernel into ``tmp``, or reuse the build of the very same inputs that an
    earlier run left in pytest's cache folder ``cache`` (the compile is most of the cost)."""
    if cache is None:
        return _cgen.build(tmp)
    folder = cache / _build_key()
    found = sorted(folder.glob("_ckernel*")) if folder.is_dir() else []
    if found:
        return found[0]
    path = _cgen.build(tmp)
    staging = Path(tempfile.mkdtemp(dir=cache))
    shutil.copy2(path, staging / path.name)
    try:
        staging.rename(folder)  # atomic: another worker may have put the same build there
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
    return path


@pytest.fixture(scope="module")
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> types.ModuleType:
    """The C kernel of this checkout's kernel.py, generated and compiled (or the build of the
    same generated source, generator and compiler from an earlier run)."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("spades-ckernel") if cache is not None else None
    path = _cached_build(folder, tmp_path_factory.mktemp("ckernel"))
    spec = importlib.util.spec_from_file_location("_ckernel", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _c_solver(monkeypatch: pytest.MonkeyPatch, mod: types.ModuleType) -> Solver:
    monkeypatch.setattr(api, "_kernel", mod)
    monkeypatch.setattr(api, "BACKEND", "c")
    return Solver(tt_bits=12)


@needs_compiler
def test_built_kernel_records_the_kernel_it_was_made_from(built: types.ModuleType) -> None:
    assert _cgen.kernel_hash() == built.KERNEL_SHA256


@needs_compiler
def test_c_kernel_matches_minimax_on_small_positions(
    built: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every legal card, 2-4 seats, mid-trick positions, any counted and maximizing seats."""
    solver = _c_solver(monkeypatch, built)
    rng = random.Random(2027)
    for _ in range(120):
        nseat = rng.choice((2, 3, 4))
        pos = random_position(rng, nseat, rng.randint(1, {2: 5, 3: 4, 4: 3}[nseat]))
        count = rng.randrange(1, 1 << nseat)
        maxi = count if rng.random() < 0.5 else rng.randrange(0, 1 << nseat)
        got = solver.values_masks(pos.hands, pos.leader, pos.trick, pos.spades_broken, count, maxi)
        assert got == minimax_values(pos, count, maxi), pos.describe()


@needs_compiler
def test_c_kernel_matches_python_kernel_node_for_node(
    built: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same values and the same node counts as kernel.py run as Python (the same search)."""
    rng = random.Random(5)
    positions = [random_position(rng, 4, 5, broken=True) for _ in range(12)]
    monkeypatch.setattr(api, "_kernel", api.kernel)
    monkeypatch.setattr(api, "BACKEND", "python")
    expected = []
    for pos in positions:
        python_kernel = Solver(tt_bits=12)
        v = python_kernel.values_masks(pos.hands, pos.leader, pos.trick, True, 0b0101, 0b0101)
        expected.append((v, python_kernel.nodes, python_kernel.trick_nodes))
    for pos, (v, nodes, trick_nodes) in zip(positions, expected):
        solver = _c_solver(monkeypatch, built)
        assert solver.values_masks(pos.hands, pos.leader, pos.trick, True, 0b0101, 0b0101) == v
        assert solver.nodes == nodes
        # DDS's measure: trick starts reached by play, a part of all the nodes
        assert solver.trick_nodes == trick_nodes
        assert 0 < trick_nodes < nodes


@needs_compiler
def test_c_kernel_matches_python_kernel_node_for_node_on_nil(
    built: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The nil objective (its own buckets for entries pinning every suit's top owner):
    same values and node counts as kernel.py run as Python, on one small shared table."""
    rng = random.Random(6)
    positions = [random_position(rng, 4, 5, broken=True) for _ in range(8)]
    nils = [rng.randrange(4) for _ in positions]
    masks = [(1 << n, 0b1111 & ~((1 << n) | (1 << ((n + 2) % 4)))) for n in nils]
    monkeypatch.setattr(api, "_kernel", api.kernel)
    monkeypatch.setattr(api, "BACKEND", "python")
    python_kernel = Solver(tt_bits=10)
    expected = []
    for pos, (count, maxi) in zip(positions, masks):
        v = python_kernel.values_masks(pos.hands, pos.leader, pos.trick, True, count, maxi)
        expected.append((v, python_kernel.nodes))
    _c_solver(monkeypatch, built)  # the C kernel from here on
    solver = Solver(tt_bits=10)
    for pos, (count, maxi), (v, nodes) in zip(positions, masks, expected):
        assert solver.values_masks(pos.hands, pos.leader, pos.trick, True, count, maxi) == v
        assert solver.nodes == nodes


@needs_compiler
def test_c_kernel_rejects_bad_buffers(built: types.ModuleType) -> None:
    with pytest.raises(TypeError, match="takes 16 arguments"):
        built.can_take(1, 2)
    small = [0] * 16
    with pytest.raises(TypeError):
        built.can_take(small, *([0] * 15))


def test_stale_c_kernel_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build made from another kernel.py (an edited editable install) is ignored."""
    fake = types.ModuleType("spades.solver._ckernel")
    fake.KERNEL_SHA256 = "0" * 64  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spades.solver._ckernel", fake)
    with pytest.warns(RuntimeWarning, match="rebuild it"):
        assert _jit._load_c() is None
    fake.KERNEL_SHA256 = _cgen.kernel_hash()  # type: ignore[attr-defined]
    assert _jit._load_c() is fake


def test_backend_can_be_chosen_by_environment() -> None:
    code = "from spades.solver import _jit; print(_jit.BACKEND, _jit.COMPILED)"
    env = dict(os.environ, SPADES_KERNEL="python", PYTHONPATH=str(ROOT / "src"))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("SPADES_NO_JIT", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["python", "False"], done.stderr
    env["SPADES_NO_JIT"] = "1"
    env["SPADES_KERNEL"] = "c"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["python", "False"], done.stderr


def test_generator_refuses_what_it_cannot_translate() -> None:
    for source in (
        "def f(x: int) -> int:\n    return [x][0]\n",
        "def f(x: float) -> int:\n    return 1\n",
        "def f(x: int) -> int:\n    return x / 2\n",
        "def f(x: int) -> int:\n    for y in [1, 2]:\n        x += y\n    return x\n",
        "def f(x: int) -> int:\n    return g(x)\n",
    ):
        with pytest.raises(_cgen._Unsupported):
            _cgen.generate(source.encode())


_DIVISION_SOURCE = b"""
K = 13


def quotient(a: int, b: int) -> int:
    return a // b


def remainder(a: int, b: int) -> int:
    return a % b


def by_constants(a: int) -> int:
    x = a
    x //= 4
    y = a
    y %= 3
    return ((a // 13) * 1000 + a % 13) * 100000 + (a // K) * 100 + a % 2 + x * 7 + y * 11
"""


@needs_compiler
def test_generated_floor_division_and_remainder_match_python(tmp_path: Path) -> None:
    """Python's // and % round towards minus infinity: the C helpers (the general ones, and
    the branch-free ones for a positive constant divisor) give Python's results, negative
    operands included."""
    text = _cgen.generate(_DIVISION_SOURCE)
    assert "py_floordiv(a, b)" in text and "py_floordiv_pos(a, INT64_C(13))" in text
    path = _cgen.build(tmp_path, _DIVISION_SOURCE)
    spec = importlib.util.spec_from_file_location("_ckernel", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    small = [*range(-60, 60), -(10**6) - 7, 10**6 + 7]
    for a in small:
        x = a // 4
        y = a % 3
        want = ((a // 13) * 1000 + a % 13) * 100000 + (a // 13) * 100 + a % 2 + x * 7 + y * 11
        assert mod.by_constants(a) == want, a
    for a in [*small, -(2**62), 2**62 - 1, -1 - 2**40, 2**40 + 3]:
        for b in (-13, -2, -1, 1, 2, 13):
            assert mod.quotient(a, b) == a // b, (a, b)
            assert mod.remainder(a, b) == a % b, (a, b)
