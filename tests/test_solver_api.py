"""Public API of spades.solver: solve() on hand-made positions."""

from __future__ import annotations

from spades import Card
from spades.solver import solve


def test_solve_simple_partnership() -> None:
    values = solve(["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], leader=0)
    assert values == {Card.parse("AS"): 2, Card.parse("KS"): 2}


def test_solve_east_leads_into_trumps() -> None:
    values = solve(["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], leader=1)
    assert values == {Card.parse("AH"): 0, Card.parse("KH"): 0}
