"""Fit the win-probability model of the expert's utility from simulated whole games.

    PYTHONPATH=src python bench/winprob.py --games 400 --seed 1

Plays ``--games`` whole games of the club player (``basic``) against itself on the
partnership preset (blind nil off, as most tables play), records the score before every
hand and who won, and fits by maximum likelihood

    P(side wins) = 1 / (1 + exp(-beta * d / sqrt(1 + r / gamma)))

where ``d`` is the side's lead and ``r = target - max(scores)`` the distance of the leader
from the target: a lead is worth more the fewer points remain to be scored.  ``beta`` is
fitted for every ``gamma`` of a grid (Newton's method on the one-parameter logistic
likelihood); the pair with the highest likelihood is printed, with the log-loss of the
model and of a constant 0.5 on the same positions.  The constants of
:func:`spades.bots.simulate.win_probability` come from this script.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time

import numpy as np

from spades import Game, Rules, bots


def play(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False)
    leads: list[float] = []
    rest: list[float] = []
    won: list[float] = []
    for g in range(games):
        game = Game(rules, seed=seed * 100_003 + g)
        players = [bots.get("basic", seed=seed * 100_003 + g * 4 + s) for s in range(4)]
        positions: list[tuple[int, int]] = []
        hands = -1
        while not game.is_over and game.hands_played < 60:
            if game.hands_played != hands:
                hands = game.hands_played
                a, b = game.scores
                positions.append((a, b))
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].act(game.view(seat)))
        if game.winner is None:
            continue
        for a, b in positions:
            r = max(0, rules.target_score - max(a, b))
            leads.append(a - b)
            rest.append(r)
            won.append(1.0 if game.winner == 0 else 0.0)
    return np.array(leads, float), np.array(rest, float), np.array(won, float)


def fit_beta(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Maximum-likelihood ``beta`` of ``P = sigmoid(beta * x)`` and the mean log-loss."""
    beta = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-beta * x))
        grad = float(np.sum((y - p) * x))
        hess = float(np.sum(p * (1 - p) * x * x)) + 1e-12
        beta += grad / hess
    p = np.clip(1 / (1 + np.exp(-beta * x)), 1e-9, 1 - 1e-9)
    return beta, float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    d, r, y = play(args.games, args.seed)
    best = None
    for gamma in (25, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 5000):
        beta, loss = fit_beta(d / np.sqrt(1 + r / gamma), y)
        print(f"gamma {gamma:5d}: beta {beta:.5f}, log-loss {loss:.4f}")
        if best is None or loss < best[2]:
            best = (gamma, beta, loss)
    assert best is not None
    print(f"{len(y)} positions from {args.games} games, {time.perf_counter() - start:.0f} s")
    print(f"best: gamma {best[0]}, beta {best[1]:.5f}, log-loss {best[2]:.4f} (a coin: {math.log(2):.4f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
