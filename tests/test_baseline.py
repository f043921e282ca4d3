"""The shipped learned baseline (bot ``learned``, spades.bots.learned): numpy-only
inference, small weights, legal whole games in the partnership presets, a clear refusal
elsewhere, reproducible decisions."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import random
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from spades import Bid, Game, Rules, bots
from spades.bots.learned import BID_SUPPORT, WEIGHTS, LearnedBot, UnsupportedRulesError, Weights
from spades.match import run_match


def shipped_path() -> str:
    return str(resources.files("spades.bots").joinpath("data", WEIGHTS))


def test_learned_weights_are_shipped_small_and_float16() -> None:
    path = resources.files("spades.bots").joinpath("data", WEIGHTS)
    data = path.read_bytes()
    assert 100_000 < len(data) < 1_000_000
    with np.load(shipped_path()) as npz:
        assert sorted(npz.files) == ["b1", "b2", "bp", "bv", "w1", "w2", "wp", "wv"]
        assert all(npz[k].dtype == np.float16 for k in npz.files)
        assert npz["w1"].shape[0] == 986 and npz["wp"].shape[1] == 75 and npz["wv"].shape[1] == 18


def test_learned_bot_plays_without_torch() -> None:
    """torch blocked from importing: the bot still loads and plays a hand."""
    code = (
        "import sys; sys.modules['torch'] = None\n"
        "from spades import Game, Rules, bots\n"
        "game = Game(Rules.preset('partnership', hands=1, blind_nil=False), seed=3)\n"
        "players = [bots.get('learned', seed=s) for s in range(4)]\n"
        "while not game.is_over:\n"
        "    game.apply(players[game.to_act].act(game.view(game.to_act)))\n"
        "assert sys.modules['torch'] is None\n"
        "print('played', len(game.actions))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert "played 56" in out.stdout


def play(rules: Rules, seed: int, chaos_share: float = 0.0) -> tuple[list[str], set[str]]:
    """A whole game of four learned bots; a driver bids blind nil for ``chaos_share`` of
    the blind decisions so the bots meet the exchange.  The actions and phases seen."""
    game = Game(rules, seed=seed)
    players = [bots.get("learned", seed=seed * 10 + s) for s in range(rules.num_seats)]
    chaos = random.Random(seed)
    phases: set[str] = set()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase == "blind" and chaos.random() < chaos_share:
            game.apply(Bid.blind_nil())
            continue
        action = players[seat].act(view)
        assert action in view.legal, (view.phase, action)
        phases.add(view.phase)
        game.apply(action)
    return [str(a) for _, a in game.actions], phases


@pytest.mark.parametrize(("preset", "options"), [
    ("partnership", {"hands": 2, "blind_nil": False}),
    ("partnership", {"hands": 2}),
    ("partnership", {"hands": 2, "spades_must_be_broken": False, "blind_nil_exchange": 2}),
    ("partnership", {"hands": 2, "bidding": "suicide", "nil_exchange": 3}),
    ("openspiel", {"hands": 2}),
])
def test_learned_bot_only_plays_legal_actions_in_partnership_presets(preset: str, options: dict[str, object]
                                                                   ) -> None:
    rules = dataclasses.replace(Rules.preset(preset), **options)  # type: ignore[arg-type]
    seen: set[str] = set()
    for seed in range(3):
        seen |= play(rules, seed, chaos_share=0.5 if rules.blind_nil else 0.0)[1]
    assert {"bid", "play"} <= seen
    if rules.blind_nil and preset == "partnership":
        assert {"blind", "exchange"} <= seen


def test_learned_bot_finishes_a_whole_game_of_ten_hands() -> None:
    """(Four copies of it lose points on average, so a game to 500 among them may never end.)"""
    actions, _ = play(Rules.preset("partnership", blind_nil=False, hands=10), seed=7)
    assert len(actions) % 56 == 0 and 56 <= len(actions) <= 10 * 56  # over: at 500 or after 10 hands


@pytest.mark.parametrize("preset", ["two-player", "cutthroat", "three-player"])
def test_learned_bot_refuses_other_variants(preset: str) -> None:
    game = Game(Rules.preset(preset), seed=1)
    before = game.to_record()
    with pytest.raises(UnsupportedRulesError, match="only the partnership game"):
        bots.get("learned").act(game.view(game.to_act))
    assert game.to_record() == before


def test_learned_bot_is_deterministic() -> None:
    rules = Rules.preset("partnership", hands=2)
    assert play(rules, seed=5, chaos_share=0.5) == play(rules, seed=5, chaos_share=0.5)


def test_learned_bot_bids_the_best_valued_supported_bid() -> None:
    legal = np.zeros(18, np.bool_)
    legal[:14] = True
    logits = np.full(18, -20.0, np.float32)
    logits[3:6] = (1.0, 2.0, 1.5)  # the policy likes 3-5, 4 most
    values = np.zeros(18, np.float32)
    values[5] = 0.5  # 5 is worth most of those
    values[9] = 9.0  # 9 is worth more, but the policy gives it no support
    assert LearnedBot._bid(logits, values, legal) == 5
    values[0] = 1.0  # nil is always a candidate
    assert LearnedBot._bid(logits, values, legal) == 0
    legal[0] = False
    assert LearnedBot._bid(logits, values, legal) == 5
    assert BID_SUPPORT < 0.1


def test_learned_bot_takes_other_weights_and_policy_only_bids(tmp_path: object) -> None:
    bot = LearnedBot(weights=shipped_path(), bid_values=False)
    assert isinstance(bot.weights, Weights)
    game = Game(Rules.preset("partnership", blind_nil=False, hands=1), seed=2)
    action = bot.act(game.view(game.to_act))
    assert action in game.legal_actions()


def test_learned_bot_plays_a_duplicate_match() -> None:
    result = run_match(Rules.preset("partnership", blind_nil=False), ["learned", "basic"], hands=2, seed=1,
                       workers=1)
    assert result.to_dict()["hands"] == 2


def test_learned_research_doc_example_runs() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "research.md").read_text()
    found = re.search(r"<!-- example: learned -->\n```python\n(.*?)```", doc, re.S)
    assert found, "no example 'learned' in docs/research.md"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(found[1], "docs/research.md:learned", "exec"), {})
    assert re.fullmatch(r"\(-?\d+, -?\d+\)", out.getvalue().strip())
