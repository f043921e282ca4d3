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

import json
import sys
import time
from pathlib import Path
from typing import Any

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
        # 2026-12-01 (the inner loop under 60 s): a real browser, several server processes,
        # a connection timeout, whole hands or games through the terminal app (one case of
        # each parametrized test kept in the inner loop), a training run, a C compile;
        # 5-25 s each on the loaded machine
        "test_server_browser_players::*",
        "test_server_browser_replay::*",
        "test_web_browser_i18n::*",
        "test_server_cluster::test_three_processes_share_a_table_and_survive_the_owner_being_killed",
        "test_cluster::test_cli_reports_an_unreachable_scheduler",
        "test_tui_defects::test_first_lead_of_a_new_hand_shows_no_old_trick[two-player]",
        "test_tui_defects::test_the_last_trick_is_shown_with_the_hand_summary[three-player]",
        "test_tui_defects::test_game_over_dialog_fits_80x24_below_the_title[cutthroat]",
        "test_i18n::test_80x24_layout_fits_in_every_language[bg]",
        "test_i18n::test_80x24_layout_fits_in_every_language[mk]",
        "test_i18n::test_80x24_layout_fits_in_every_language[is]",
        "test_i18n::test_80x24_layout_fits_in_every_language[hy]",
        "test_vec::test_docs_training_loop_runs_and_learns_something",
        "test_vec::test_vecenv_without_numba_gives_the_same_games[two-player]",
        # these four share a module fixture that compiles the C kernel from kernel.py
        "test_solver_ckernel::test_built_kernel_records_the_kernel_it_was_made_from",
        "test_solver_ckernel::test_c_kernel_matches_minimax_on_small_positions",
        "test_solver_ckernel::test_c_kernel_matches_python_kernel_node_for_node",
        "test_solver_ckernel::test_c_kernel_rejects_bad_buffers",
        "test_analysis_tui::test_app_game_over_screen_opens_the_analysis_with_a",
        "test_server_analysis::test_the_endpoint_answers_what_spades_analysis_says_of_that_hand",
        # numba's parallel kernel on every core: the two-player case stays in the inner loop
        "test_vec_speed::test_parallel_kernel_plays_the_same_games_as_the_serial_one[partnership]",
        "test_vec_speed::test_parallel_kernel_plays_the_same_games_as_the_serial_one[three-player]",
        "test_vec_speed::test_parallel_kernel_plays_the_same_games_as_the_serial_one[openspiel]",
        "test_vec_speed::test_parallel_kernel_plays_the_same_games_as_the_serial_one[cutthroat]",
        "test_tui_friction::test_title_shows_the_finished_hands_number_under_its_summary",
        "test_native::test_compiled_and_pure_engines_behave_the_same",
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


@pytest.fixture(autouse=True)
def _quick_pilot_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """textual's test pilot waits for the app to go idle after every key and pause by
    sleeping in steps of 20 ms until a step passes with under 1 ms of CPU: most of a
    terminal test's time was those sleeps.  Steps of 2 ms (idle under 0.1 ms) read the
    same idleness ten times sooner."""
    if "textual" not in sys.modules:
        return
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.0001)


# ---------- what the whole-game browser suite checked (tests/server/test_browser_games.py) ----------
# Here, not in tests/server/conftest.py: under xdist only the conftests loaded at start-up (this one)
# run in the controller, which prints the session's summary.

_BROWSER_GAMES = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser-games"
_SESSION_START = 0.0


def pytest_sessionstart(session: pytest.Session) -> None:
    global _SESSION_START
    _SESSION_START = time.time()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Print (and write to test-artifacts/browser-games/summary.txt) how many whole games, pages,
    hands and websocket frames the browser games checked in this session, summed over the xdist
    workers (each writes its counts to a file: tests/server/browser_helpers.py, flush_counts)."""
    if hasattr(config, "workerinput"):
        return
    _axe_summary(terminalreporter)
    counts = _BROWSER_GAMES / ".counts"
    totals: dict[str, int] = {}
    for path in sorted(counts.glob("*.json")) if counts.is_dir() else []:
        if path.stat().st_mtime < _SESSION_START:
            continue  # left by an earlier session
        for key, value in json.loads(path.read_text()).items():
            totals[key] = totals.get(key, 0) + int(value)
    if not totals:
        return
    line = (
        f"browser games: {totals.get('games', 0)} whole games, {totals.get('pages', 0)} pages, "
        f"{totals.get('hands', 0)} hands ({totals.get('dialogs', 0)} result dialogs), "
        f"{totals.get('frames', 0)} websocket frames checked"
    )
    terminalreporter.write_sep("-", "browser games")
    terminalreporter.write_line(line)
    terminalreporter.write_line(f"screenshots: {_BROWSER_GAMES}")
    (_BROWSER_GAMES / "summary.txt").write_text(line + "\n")


_AXE_COUNTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "a11y" / ".axe"


def _axe_summary(terminalreporter: Any) -> None:
    """axe-core's violations per page and state (tests/server/test_browser_a11y_axe.py), by
    impact, as the xdist workers wrote them (tests/server/a11y_helpers.py, record_axe)."""
    found: dict[str, dict[str, int]] = {}
    for path in sorted(_AXE_COUNTS.glob("*.json")) if _AXE_COUNTS.is_dir() else []:
        if path.stat().st_mtime >= _SESSION_START:
            found.update(json.loads(path.read_text()))
    if not found:
        return
    terminalreporter.write_sep("-", "axe-core: violations per page and state")
    for label, counts in found.items():
        said = ", ".join(f"{impact} {n}" for impact, n in sorted(counts.items())) or "none"
        terminalreporter.write_line(f"{label}: {said}")
