"""OpenSpiel ``clone()`` of ``python_spades`` states, in microseconds: mid-hand and
after 8,000 moves of a whole game, with OpenSpiel's C++ ``spades`` mid-hand in the
same run for scale; and the time of a whole-game ``pyspiel.random_sim_test``.

    PYTHONPATH=src python bench/openspiel_clone.py

pyspiel's clone of a Python state builds a new initial state and deep-copies each
attribute; the state keeps its Python side in one object that copies itself
(``spades.openspiel._Core``), so the cost is the engine's own ``Game.copy()`` plus
flat list copies, and barely grows with the history.
"""

from __future__ import annotations

import random
import time

import pyspiel

import spades.openspiel  # noqa: F401  (registers python_spades)


def _step(state: pyspiel.State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _clone_us(state: pyspiel.State, repeat: int = 300) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(repeat):
            state.clone()
        best = min(best, (time.perf_counter() - t) / repeat)
    return best * 1e6


def mid_hand(name: str, params: dict[str, object] | None = None, moves: int = 80) -> tuple[float, int]:
    game = pyspiel.load_game(name, params or {})
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.move_number() < moves and not state.is_terminal():
        _step(state, rng)
    return _clone_us(state), state.move_number()


def long_game(moves: int = 8000) -> tuple[float, int]:
    game = pyspiel.load_game("python_spades", {"whole_game": True, "max_hands": 1000, "target_score": 100000})
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.move_number() < moves and not state.is_terminal():
        _step(state, rng)
    return _clone_us(state, 100), state.move_number()


def sim_test_seconds() -> float:
    game = pyspiel.load_game("python_spades", {"whole_game": True, "target_score": 300})
    t = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    return time.perf_counter() - t


def main() -> None:
    cpp, cpp_moves = mid_hand("spades", moves=80)
    py, py_moves = mid_hand("python_spades", moves=80)
    long, long_moves = long_game()
    print(f"C++ spades clone, move {cpp_moves}: {cpp:8.1f} us")
    print(f"python_spades clone, mid-hand (move {py_moves}): {py:8.1f} us")
    print(f"python_spades clone, whole game after {long_moves} moves: {long:8.1f} us")
    print(f"pyspiel.random_sim_test, one whole game to 300: {sim_test_seconds():.1f} s")


if __name__ == "__main__":
    main()
