"""Agreement with DDS (the bridge double-dummy solver, via endplay).

With spades as trump and spades already broken the Spades and bridge rules of
card play coincide, so every legal card must get exactly DDS's value (DDS
scores tricks for the side to play, the current trick included, as we do).
Positions are seeded-random, with 0-3 cards already in the current trick.
"""

from __future__ import annotations

import random
from importlib.util import find_spec

import pytest

from solver_helpers import dds_values, random_position
from spades.solver import Solver, card_values, solve

# endplay (and the plotting library it loads) is imported by the first DDS call, not at collection
pytestmark = pytest.mark.skipif(find_spec("endplay") is None, reason="endplay is not installed")

# (cards per hand, positions): 518 positions in all (13-card deals are slow for this solver yet)
CASES = [(5, 360), (9, 150), (13, 8)]


def _side(seat: int) -> list[int]:
    return [seat, (seat + 2) % 4]


@pytest.mark.parametrize(("ncards", "count"), CASES)
def test_agrees_with_dds(ncards: int, count: int) -> None:
    rng = random.Random(1000 + ncards)
    solver = Solver()
    for i in range(count):
        pos = random_position(rng, 4, ncards, broken=True)
        ours = {int(c): v for c, v in card_values(pos, _side(pos.to_play), solver=solver).items()}
        theirs = dds_values(pos)
        assert ours == theirs, f"position {i}: {pos.describe()}"


def test_solve_matches_dds_for_both_sides() -> None:
    """solve() (which always searches for side 0 and converts) agrees too."""
    rng = random.Random(77)
    for _ in range(40):
        pos = random_position(rng, 4, 6, broken=True)
        got = solve(list(pos.hands), pos.leader, pos.trick, True)
        assert {int(c): v for c, v in got.items()} == dds_values(pos)
