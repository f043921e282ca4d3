"""Bad positions are refused with clear messages; the CLI prints a table; the
kernel also runs (slowly, identically) without numba."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from spades.cards import Card
from spades.cli import main
from spades.solver import Position, PositionError, solve

FOUR = ["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"]


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        (["AK.-.-.-", "A.K.-.-", "-.-.AK.-", "-.-.-.AK"], {}, "AS is in more than one hand"),
        (["AKQ.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], {}, "hand sizes do not match"),
        (["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], {"trick": ["AS"]}, "also in a hand"),
        (["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], {"leader": 4}, "leader must be a seat"),
        (["AK.-.-.-", "-.AK.-.-"], {"trick": ["2C", "3C"]}, "at most 1"),
        (["AK.-.-.-"], {}, "2, 3 or 4 hands"),
        (["AX.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], {}, "North's hand"),
        (["A.-.-.-", "-.A.-.-", "-.-.A.-", "-.-.-.A"], {"trick": ["ZZ"]}, "the current trick"),
        (["-.-.-.-", "-.-.-.-", "-.-.-.-", "-.-.-.-"], {}, "every hand is empty"),
        (["-.-.-.-", "A.-.-.-", "-.-.A.-", "-.-.-.A"], {"leader": 0, "trick": ["QH", "KS"]}, "hand sizes"),
        (["-.-.-.2", "-.2.-.-", "-.A.-.3", "-.-.A.4"], {"leader": 0, "trick": ["KH", "3D"]},
         "does not follow suit"),
        (["-.A.-.-", "2.3.-.-", "-.2.-.4", "-.-.A.5"], {"leader": 0, "trick": ["KS"]},
         "spades were not broken"),
    ],
)
def test_bad_positions(hands: list[str], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.build(hands, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        solve(hands, **kwargs)  # type: ignore[arg-type]


def test_accepts_card_lists_and_masks() -> None:
    from spades import Card, CardSet

    pairs = ("AS KS", "AH KH", "AD KD", "AC KC")
    as_lists = [[Card.parse(t) for t in pair.split()] for pair in pairs]
    as_masks = [CardSet.parse(h).mask for h in FOUR]
    assert solve(as_lists) == solve(FOUR) == solve(as_masks)
    assert solve(FOUR, trick="") == solve(FOUR)


def test_partnership_needs_four_hands() -> None:
    with pytest.raises(PositionError, match="four hands"):
        solve(["A.-.-.-", "-.A.-.-"], partnership=True)


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["solve", *FOUR, "--leader", "E"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "East to play" in out
    assert "AH" in out and "KH" in out


def test_cli_help_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli.solve import EXAMPLE
    from spades.solver.reference import minimax_values

    rc = main(["solve", *EXAMPLE.split()])
    out = capsys.readouterr().out
    assert rc == 0
    rows = [line.split() for line in out.splitlines()]
    shown = {row[0]: int(row[1]) for row in rows if row and row[0] in ("AH", "KH", "JD", "7D", "5S")}
    # East may not lead its spade (not broken); the plain minimax gives each card's value
    assert sorted(shown) == ["7D", "AH", "JD", "KH"]
    expected = minimax_values(Position.build(EXAMPLE.split()[:4], leader=1), 0b1010, 0b1010)
    assert shown == {str(Card(c)): v for c, v in expected.items()}


def test_cli_named_hands_and_trick(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["solve", "--north", "-.K.-.2", "--east", "-.-.-.3", "--south", "-.A4.-.-", "--west", "-.3.-.5",
               "--leader", "1", "--trick", "QH", "--broken", "--nil", "N"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "South to play" in out
    lines = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line[:2] in ("AH", "4H")}
    assert lines["AH"][1] == "0" and lines["4H"][1] == "1"  # nil column


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "AK.-.-.-", "A.K.-.-", "-.-.AK.-", "-.-.-.AK"], "more than one hand"),
        (["solve", "AK.-.-.-"], "give 2, 3 or 4 hands"),
        (["solve", *FOUR, "--leader", "Q"], "not a seat"),
        (["solve", "--north", "AK.-.-.-"], "missing hands"),
    ],
)
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_runs_without_numba() -> None:
    """The same kernel as plain Python (NUMBA_DISABLE_JIT=1) agrees with the minimax."""
    code = (
        "import random, sys; sys.path.insert(0, 'tests');"
        "from solver_helpers import random_position;"
        "from spades.solver import card_values, _jit;"
        "from spades.solver.reference import minimax_values;"
        "assert not _jit.JIT_ENABLED;"
        "rng = random.Random(3)\n"
        "for _ in range(30):\n"
        "    n = rng.choice((2, 3, 4)); pos = random_position(rng, n, rng.randint(1, 3))\n"
        "    c = rng.randrange(1, 1 << n)\n"
        "    assert {int(k): v for k, v in card_values(pos, c).items()} == minimax_values(pos, c, c)\n"
        "print('ok')"
    )
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(root / "src"))
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


@pytest.mark.parametrize(
    ("backend", "jit", "expected", "absent"),
    [
        ("c", False, "Solving...", "compiles"),
        ("numba", True, "compiles the solver", "plain Python"),
        ("python", False, "plain Python", "compiles"),
    ],
)
def test_slow_notice_names_what_the_kernel_runs_on(
    backend: str, jit: bool, expected: str, absent: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A slow `spades solve` explains itself; the C kernel has no compile to blame."""
    from spades.cli import solve as cli_solve
    from spades.solver import _jit

    monkeypatch.setattr(_jit, "BACKEND", backend)
    monkeypatch.setattr(_jit, "JIT_ENABLED", jit)
    cli_solve._slow_notice()
    err = capsys.readouterr().err
    assert expected in err and absent not in err
