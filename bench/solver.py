"""Benchmark: spades.solver against DDS (endplay, one thread) on the same deals.

Random deals (seeded), spades trump and broken (where the two games' rules
coincide), North on lead; both solvers score every legal card of the opening
leader.  Prints mean and median milliseconds per deal for each solver and the
ratio, for 13, 9 and 5 cards a hand, and checks that the values agree; with
``--per-deal``, each deal's times and node counts, which do not depend on the
machine's load.  DDS's ``futureTricks.nodes`` is its count of *trick nodes*
(``trickNodes``: trick starts reached by play), so the ratio compares it with
ours of the same kind (``Solver.trick_nodes``); ``Solver.nodes`` (every card
played) is printed beside it.

    PYTHONPATH=src python bench/solver.py [--deals 20] [--seed 1] [--sizes 13,9,5] [--per-deal]
    PYTHONPATH=src python bench/solver.py --decks [--deals 20] [--sizes 13,9,5] [--seats 4]

With ``--decks``: no DDS; a row per deck of RULES.md section 7 (``standard``, ``jokers``,
``jokers-deuces``, ``deuces``), each on deals of its own pack from the same generator and
seeds (the pack's cards shuffled and dealt; the standard pack's deals are the DDS
comparison's), in one run, with the ratio to the standard row.  ``--seats 3`` deals the
three-player packs (54 cards with jokers: ``--sizes 18`` is a full deal).

Each solver gets a fresh transposition table per deal (our Solver.clear(); DDS
resets its own between deals).  The first, JIT-loading call is made before
timing starts and reported separately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def _deal(rng: random.Random, ncards: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * ncards : (i + 1) * ncards]) for i in range(4)]


def _deck_deal(rng: random.Random, cards: list[int], ncards: int, nseat: int = 4) -> list[int]:
    """``_deal`` on any pack (the same shuffle and cut: the standard pack gives the same deals)."""
    cards = list(cards)
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[i * ncards : (i + 1) * ncards]) for i in range(nseat)]


def _decks(args: argparse.Namespace) -> int:
    """Time the solver on each deck's deals (same generator and seeds), ratio to standard."""
    from spades.core.deck import DECKS, deck_of
    from spades.solver import Solver, _jit

    solver = Solver()
    nseat = args.seats
    count = 0b0101 if nseat == 4 else 1
    print(f"kernel: {_jit.BACKEND}; {nseat} seats, seat 0 on lead, spades broken, fresh table a deal")
    for ncards in (int(x) for x in args.sizes.split(",")):
        base = 0.0
        for name in DECKS:
            deck = deck_of(name, nseat == 3)
            if ncards * nseat > len(deck.cards):
                continue
            rng = random.Random(args.seed * 1000 + ncards)
            times: list[float] = []
            nodes = 0
            for _ in range(args.deals):
                hands = _deck_deal(rng, list(deck.cards), ncards, nseat)
                solver.clear()
                t0 = time.perf_counter()
                solver.values_masks(hands, 0, [], True, count, count, None, deck)
                times.append((time.perf_counter() - t0) * 1000)
                nodes += solver.nodes
            mean, median = statistics.mean(times), statistics.median(times)
            if name == "standard":
                base = mean
            ratio = f"{mean / base:5.2f}x" if base else "   - "
            print(
                f"{ncards:2d} cards, {args.deals} deals, {name:13s} ({len(deck.ranked[3])} trumps): "
                f"mean {mean:8.1f} ms median {median:8.1f} ms max {max(times):8.1f} ms | nodes {nodes:11d} | "
                f"mean vs standard {ratio}",
                flush=True,
            )
    return 0


def _dds(hands: list[int]) -> tuple[dict[int, int], int]:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    from spades.cards import hand_string

    deal = Deal("N:" + " ".join(hand_string(h) for h in hands), first=Player.north, trump=Denom.spades)
    out = {}
    board = solve_board(deal)
    for card, tricks in board:
        out[(3 - int(card.suit)) * 13 + int(card.rank).bit_length() - 3] = tricks
    return out, int(board._data.nodes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="13,9,5")
    parser.add_argument("--per-deal", action="store_true", help="print each deal's times and node counts")
    parser.add_argument("--decks", action="store_true", help="a row per deck (no DDS), ratio to standard")
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4), help="with --decks: seats dealt")
    args = parser.parse_args()
    if args.decks:
        return _decks(args)

    import endplay._dds as dds_lib

    dds_lib.SetMaxThreads(1)
    from spades.solver import Solver, _jit

    solver = Solver()
    started = time.perf_counter()
    solver.values_masks([1, 2, 4, 8], 0, [], True, 5, 5)
    first = time.perf_counter() - started
    print(f"kernel: {_jit.BACKEND}; first call {first:.2f} s")
    for ncards in (int(x) for x in args.sizes.split(",")):
        rng = random.Random(args.seed * 1000 + ncards)
        ours: list[float] = []
        theirs: list[float] = []
        our_nodes = 0
        our_tricks = 0
        their_nodes = 0
        for i in range(args.deals):
            hands = _deal(rng, ncards)
            solver.clear()
            t0 = time.perf_counter()
            mine = solver.values_masks(hands, 0, [], True, 5, 5)
            t1 = time.perf_counter()
            ref, dds_nodes = _dds(hands)
            t2 = time.perf_counter()
            if mine != ref:
                print(f"DISAGREEMENT on {hands}: {mine} vs {ref}", file=sys.stderr)
                return 1
            ours.append((t1 - t0) * 1000)
            theirs.append((t2 - t1) * 1000)
            our_nodes += solver.nodes
            our_tricks += solver.trick_nodes
            their_nodes += dds_nodes
            if args.per_deal:
                print(
                    f"  deal {i:2d}: ours {ours[-1]:8.1f} ms {solver.trick_nodes:8d} trick nodes "
                    f"({solver.nodes:9d} in all) | DDS {theirs[-1]:7.1f} ms {dds_nodes:8d} trick nodes | "
                    f"{ours[-1] / theirs[-1]:5.1f}x time "
                    f"{solver.trick_nodes / max(1, dds_nodes):5.1f}x trick nodes",
                    flush=True,
                )
        mo, md = statistics.mean(ours), statistics.median(ours)
        mt, mdt = statistics.mean(theirs), statistics.median(theirs)
        print(
            f"{ncards:2d} cards, {args.deals} deals: spades.solver mean {mo:9.1f} ms median {md:9.1f} ms | "
            f"DDS mean {mt:7.1f} ms median {mdt:7.1f} ms | ratio mean {mo / mt:6.1f}x median {md / mdt:6.1f}x"
            f" | trick nodes {our_tricks} vs DDS {their_nodes} ({our_tricks / max(1, their_nodes):.1f}x)"
            f", ours in all {our_nodes}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
