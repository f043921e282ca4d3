"""Shared fixtures and markers for the whole test suite.

- ``warm_solver`` (session): compiles the numba solver once, before the first test
  that needs it, so that no single test pays the compile (or loads it from numba's
  on-disk cache in about a second).  Tests of the solver, the expert and the
  front ends that run the expert get it automatically (``_SOLVER_MODULES``).
- ``rules`` and ``game``: the default rules and a fresh seeded game.
- The ``slow`` marker (registered in pyproject.toml) labels the long tests:
  ``pytest -m "not slow"`` is the quick inner loop.
"""

from __future__ import annotations

import pytest

from spades import Game, Rules

#: test modules whose tests may run the numba solver (directly or through the expert)
_SOLVER_MODULES = frozenset(
    {
        "test_bots_expert",
        "test_bots_legal",
        "test_bots_views",
        "test_match",
        "test_solver_api",
        "test_solver_dds",
        "test_solver_minimax",
        "test_solver_validation",
        "test_tui_app",
        "test_tui_controller",
    }
)


#: the long tests (each 2.5 s or more on a loaded 2-core machine), marked ``slow`` here in one
#: place: a module name and a test name, or a full id for one parametrized case
_SLOW = frozenset(
    {
        "test_server_browser::*",
        "test_server_crash::test_sigkill_at_random_points_loses_no_acknowledged_action",
        "test_server_leak::test_hundreds_of_games_never_leak_a_card",
        "test_server_table::test_prepare_bots_compiles_the_expert_on_a_daemon_thread",
        "test_properties::test_random_play_keeps_invariants",
        "test_tui_app::test_partnership_game_to_the_end",
        "test_tui_app::test_random_keystrokes_never_crash_it",
        "test_tui_app::test_two_player_game_with_blind_nil_redraw_save_and_resume",
        "test_solver_dds::test_agrees_with_dds[13-8]",
        "test_solver_api::test_mask_level_api_matches_friendly_api",
        "test_solver_minimax::test_spades_breaking_changes_values",
        "test_solver_validation::test_cli_help_example_runs",
        "test_pettingzoo::test_pettingzoo_api_and_seed",
        "test_openspiel_diff::test_openspiel_same_legal_actions_and_returns",
        "test_openspiel_adapter::test_python_ismcts_plays_whole_games",
        "test_openspiel_adapter::test_openspiel_random_sim_test_whole_game",
        "test_openspiel_adapter::test_openspiel_random_sim_test_single_hand",
        "test_openspiel_adapter::test_observation_tensors_come_from_the_view",
        "test_sim::test_random_hands_agree_with_the_engine",
        "test_sim::test_random_hands_cover_the_rules",
        "test_sim::test_every_observation_field_is_used",
        "test_fuzz::test_random_strings_into_apply",
    }
)


@pytest.fixture(scope="session")
def warm_solver() -> float:
    """Compile (or load) the solver kernel once per test session; the seconds it took."""
    from spades.solver import warm_up

    return warm_up()


@pytest.fixture
def rules() -> Rules:
    return Rules()


@pytest.fixture
def game(rules: Rules) -> Game:
    return Game(rules, seed=7, dealer=3)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = getattr(item, "module", None)
        if module is None:
            continue
        name = module.__name__.rsplit(".", 1)[-1]
        if name in _SOLVER_MODULES:
            item.fixturenames.insert(0, "warm_solver")  # type: ignore[attr-defined]
        function = getattr(item, "originalname", item.name)
        if {f"{name}::*", f"{name}::{function}", f"{name}::{item.name}"} & _SLOW:
            item.add_marker(pytest.mark.slow)
