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


def test_mask_level_api_matches_friendly_api() -> None:
    """card_values_masks / can_take_masks (the fast path for bots) agree with solve()."""
    import random

    from solver_helpers import random_position
    from spades.solver import Solver, can_take_masks, card_values_masks

    rng = random.Random(21)
    solver = Solver(tt_bits=16)
    for _ in range(30):
        pos = random_position(rng, 4, rng.randint(2, 6))
        side = 0b101 << (pos.to_play & 1)
        raw = card_values_masks(pos.hands, pos.leader, pos.trick, pos.spades_broken, solver=solver)
        friendly = solve(list(pos.hands), pos.leader, pos.trick, pos.spades_broken)
        assert raw == {int(c): v for c, v in friendly.items()}
        best = max(raw.values())
        assert can_take_masks(pos.hands, pos.leader, pos.trick, pos.spades_broken, side, best, solver=solver)
        assert not can_take_masks(pos.hands, pos.leader, pos.trick, pos.spades_broken, side, best + 1)


def test_warm_up_compiles_every_entry_point_the_bots_use() -> None:
    """warm_up() leaves the kernel's entry points compiled (with numba) and is cheap the second time."""
    from spades.solver import kernel, warm_up
    from spades.solver._jit import JIT_ENABLED

    first = warm_up()
    again = warm_up()
    assert first >= 0.0 and 0.0 <= again < 1.0
    if JIT_ENABLED:
        assert kernel.card_values.signatures  # type: ignore[attr-defined]
        assert kernel.can_take.signatures  # type: ignore[attr-defined]
    # and solving is unchanged afterwards
    assert solve(["AK.-.-.-", "-.AK.-.-", "-.-.AK.-", "-.-.-.AK"], leader=0) == {
        Card.parse("AS"): 2,
        Card.parse("KS"): 2,
    }


def test_a_search_counts_the_same_nodes_whatever_came_before() -> None:
    """Solver.nodes of a search on a cleared table does not depend on the searches the
    same solver made earlier (the table's eviction counter starts again with each call),
    even where the earlier searches filled the small table's buckets."""
    import random

    from solver_helpers import random_position
    from spades.solver import Solver

    rng = random.Random(5)
    positions = [random_position(rng, 4, 9, ntrick=0) for _ in range(4)]
    fresh = []
    for pos in positions:
        solver = Solver(tt_bits=8)
        solver.values_masks(list(pos.hands), pos.leader, [], True, 5, 5)
        fresh.append(solver.nodes)
    reused = Solver(tt_bits=8)
    for _ in range(2):
        for pos, nodes in zip(positions, fresh):
            reused.clear()
            reused.values_masks(list(pos.hands), pos.leader, [], True, 5, 5)
            assert reused.nodes == nodes


def _deal_with_north_holding_the_ace_of_spades(ncards: int) -> list[int]:
    import random

    deck = list(range(52))
    random.Random(9).shuffle(deck)
    hands = [sum(1 << c for c in deck[i * ncards : (i + 1) * ncards]) for i in range(4)]
    ace = 1 << 51
    holder = next((i for i in range(4) if hands[i] & ace), None)
    if holder is None:  # the ace is not dealt: it replaces North's lowest card
        hands[0] = (hands[0] & (hands[0] - 1)) | ace
    elif holder:  # swap it with North's lowest card
        low = hands[0] & -hands[0]
        hands[0] ^= low | ace
        hands[holder] ^= low | ace
    return hands


def test_an_automatic_table_grows_before_a_large_nil_search_only() -> None:
    """Solver() starts with 2**20 entries (2**14 for plain Python) and takes 2**22 before
    its first nil search from BIG_NIL_CARDS cards a hand (compiled kernels only); a
    partnership search, a smaller nil search or a table size given by the caller keep it.
    The nil bidder holds the ace of spades, so each search settles at once."""
    from spades.solver import Position, Solver, api, kernel, nil_safe
    from spades.solver._jit import COMPILED

    small = 20 if COMPILED else 14
    big = api.BIG_NIL_CARDS
    large_pos = Position.build(_deal_with_north_holding_the_ace_of_spades(big), 1, [], True)
    smaller_pos = Position.build(_deal_with_north_holding_the_ace_of_spades(big - 1), 1, [], True)
    assert all(h.bit_count() == big for h in large_pos.hands)

    solver = Solver()
    assert solver.tt_bits == small
    assert not nil_safe(smaller_pos, 0, solver)
    solver.values_masks(list(large_pos.hands), 1, [], True, 0b1010, 0b1010)
    assert solver.tt_bits == small
    assert not nil_safe(large_pos, 0, solver)
    assert solver.tt_bits == (api.BIG_NIL_TT_BITS if COMPILED else small)
    assert len(solver.tt) == (1 << solver.tt_bits) // kernel.TT_WAYS * kernel.TT_WORDS

    fixed = Solver(tt_bits=10)
    assert not nil_safe(large_pos, 0, fixed)
    assert fixed.tt_bits == 10
