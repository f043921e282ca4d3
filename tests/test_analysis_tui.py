"""The terminal game's 'analyse' command: the controller's answer and the app's screen."""

from __future__ import annotations

import asyncio
import random

import pytest

from spades import Rules
from spades.tui.controller import Controller


def _finished_hand(hands: int = 1) -> Controller:
    ctl = Controller.new(
        Rules.preset("partnership", hands=hands), seed=5, partner="random", opponents="random",
        hint_bots=("random",),
    )
    rng = random.Random(3)
    for _ in range(2000):
        ctl.run_bots()
        if ctl.game.is_over:
            break
        if not ctl.human_to_act:
            ctl.acknowledge()
            continue
        assert ctl.submit(str(rng.choice(ctl.game.legal_actions()))).kind != "error"
    return ctl


def test_controller_analyse_before_any_hand_is_finished_says_so() -> None:
    ctl = Controller.new(Rules.preset("partnership"), seed=5, partner="random", opponents="random")
    reply = ctl.submit("analyse")
    assert reply.kind == "error" and "finish a hand first" in reply.text
    assert ctl.game.hands_played == 0 and not ctl.game.actions


def test_controller_analyse_reviews_the_last_hand_and_the_whole_game_at_the_end() -> None:
    ctl = _finished_hand()
    assert ctl.game.is_over
    reply = ctl.submit("analyze")
    assert reply.kind == "analysis"
    assert "=== Hand 1:" in reply.text and "double dummy" in reply.text and "Summary" in reply.text
    assert "North" in reply.text and "Lost this hand" in reply.text
    assert ctl.submit("analyse please").kind == "error"


def test_app_game_over_screen_opens_the_analysis_with_a() -> None:
    pytest.importorskip("textual")
    from spades.tui.analysis_view import AnalysisScreen
    from spades.tui.app import GameOverScreen, PlayApp

    ctl = _finished_hand()

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(100):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if isinstance(app.screen, GameOverScreen):
                    break
            assert isinstance(app.screen, GameOverScreen)
            await pilot.press("a")
            for _ in range(600):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if isinstance(app.screen, AnalysisScreen):
                    break
            assert isinstance(app.screen, AnalysisScreen)
            assert "Summary" in str(app.screen.body)
            await pilot.press("enter")
            for _ in range(100):
                await pilot.pause()
                if isinstance(app.screen, GameOverScreen):
                    break
            assert isinstance(app.screen, GameOverScreen)
            assert not app.internal_errors

    asyncio.run(go())
