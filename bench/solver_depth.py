"""Benchmark: where the solver's excess over DDS builds up, by cards left in a hand.

From each 13-card deal of bench/solver.py (same seeds), plays random legal cards (seeded)
down to each size asked for, stopping at a trick start, and there decides the position's
value with two target searches, "can the side on lead take v" (yes) and "v + 1" (no), by
our solver and by DDS, each search with a fresh table (DDS keeps its table between
``SolveBoard`` calls on one deal unless its memory is freed first: without that it looks
10-100x cheaper than it is).  Prints, per size, the sum and the median of the trick-node
ratio (ours / DDS's; both count trick starts reached by play).  Node counts do not
depend on the machine's load.

    PYTHONPATH=src python bench/solver_depth.py [--seeds 1,2] [--deals 20] [--sizes 6,8,10,12]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from solver import _deal  # the same deals (bench/ is on the path when run as a script)


def _play_down(rng: random.Random, hands: list[int], cards: int) -> tuple[list[int], int, bool]:
    """Random legal play from North's lead until every hand holds ``cards`` cards."""
    from spades.core import legal_mask, trick_winner

    hands = list(hands)
    leader = 0
    broken = True
    while hands[0].bit_count() > cards:
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            pool = legal_mask(hands[seat], trick[0] // 13 if trick else None, True, broken)
            card = rng.choice([c for c in range(52) if pool >> c & 1])
            hands[seat] ^= 1 << card
            trick.append(card)
        leader = (leader + trick_winner(trick)) % 4
    return hands, leader, broken


def _dds_nodes(hands: list[int], leader: int, target: int) -> tuple[bool, int]:
    """Can the side on lead take ``target`` tricks (DDS, a fresh table), and its trick nodes."""
    import endplay._dds as dds_lib
    from endplay.types import Deal, Denom, Player

    from spades.cards import hand_string

    seats = "NESW"
    deal = Deal(
        seats[leader] + ":" + " ".join(hand_string(hands[(leader + j) % 4]) for j in range(4)),
        first=Player.find(seats[leader]),
        trump=Denom.spades,
    )
    fut = dds_lib.futureTricks()
    dds_lib.FreeMemory()
    dds_lib.SetMaxThreads(1)
    dds_lib.SolveBoard(deal._data, target, 1, 0, fut, 0)
    return fut.score[0] >= target, int(fut.nodes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--sizes", default="6,8,10,12")
    args = parser.parse_args()

    from spades.solver import Solver, _jit

    print(f"kernel: {_jit.BACKEND}")
    solver = Solver()
    for cards in (int(x) for x in args.sizes.split(",")):
        ratios: list[float] = []
        ours_sum = dds_sum = 0
        for seed in (int(x) for x in args.seeds.split(",")):
            rng = random.Random(seed * 1000 + 13)
            play = random.Random(seed * 7919 + cards)
            for _ in range(args.deals):
                hands, leader, broken = _play_down(play, _deal(rng, 13), cards)
                side = 0b0101 << (leader & 1)
                solver.clear()
                value = max(solver.values_masks(hands, leader, [], broken, side, side).values())
                ours = dds = 0
                for target in (value, value + 1):
                    if target < 1 or target > cards:
                        continue
                    solver.clear()
                    mine = solver.can_take_masks(hands, leader, [], broken, side, side, target)
                    theirs, nodes = _dds_nodes(hands, leader, target)
                    if mine != theirs:
                        print(f"DISAGREEMENT on {hands} leader {leader} target {target}", file=sys.stderr)
                        return 1
                    ours += solver.trick_nodes
                    dds += nodes
                ours_sum += ours
                dds_sum += dds
                if dds:
                    ratios.append(ours / dds)
        print(
            f"{cards:2d} cards: {len(ratios)} positions, trick nodes ours {ours_sum} DDS {dds_sum} "
            f"({ours_sum / max(1, dds_sum):.2f}x), median ratio {statistics.median(ratios):.2f}x",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
