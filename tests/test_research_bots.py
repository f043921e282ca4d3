"""Issue 50: PolicyBot, outside bots (module:Class, file.py:Class, entry points), and one
name per random baseline (defect 6)."""

from __future__ import annotations

import random
import sys
import textwrap

import numpy as np
import pytest

from spades import Game, Rules, bots
from spades.action_space import DONE_ID, Stepper
from spades.actions import Discard, Pass
from spades.bids import Bid
from spades.bots.policy import PolicyBot
from spades.match import MatchError, parse_bot_spec, run_match


def _blind_nil_game(preset: str, seed: int) -> Game:
    """A game whose first seat to act bids blind nil (an exchange or redraw follows)."""
    game = Game(Rules.preset(preset), seed=seed)
    while True:
        legal = game.view(game.to_act).legal
        blind = [a for a in legal if isinstance(a, Bid) and a.blind and a.tricks == 0]
        if blind or game.phase.name in ("EXCHANGE", "REDRAW"):
            break
        game.apply(random.Random(seed).choice(legal))
    if blind:
        game.apply(blind[0])
    return game


def _play_out(game: Game, seat_bots) -> Game:
    while not game.is_over:
        seat = game.to_act
        game.apply(seat_bots[seat].act(game.view(seat)))
    return game


@pytest.mark.parametrize("preset", ["partnership", "two-player"])
def test_policybot_plays_whole_hands_exchange_and_redraw_included(preset):
    seen = []

    def policy(obs, mask):
        assert obs.shape == (986,) and mask.dtype == np.bool_
        seen.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[-1])

    for seed in range(6):
        rules = Rules.preset(preset, hands=1)
        game = Game(rules, seed=seed)
        # the policy bids blind nil whenever it may (id 70 is the last bid id but one): exchanges happen
        _play_out(game, [PolicyBot(policy), bots.get("uniform", seed=seed)] * 2)
        assert game.hands_played == 1
    assert seen


def test_policybot_builds_the_multi_card_pass_one_card_at_a_time():
    from spades.observation import OFFSETS

    calls = []

    def policy(obs, mask):
        pending = np.flatnonzero(obs[OFFSETS["pending"] : OFFSETS["pending"] + 52])
        calls.append(list(pending))
        return int(np.flatnonzero(mask)[0])

    for seed in range(40):
        game = _blind_nil_game("partnership", seed)
        while game.phase.name not in ("EXCHANGE", "PLAY") and not game.is_over:
            game.apply(bots.get("random", seed=1).act(game.view(game.to_act)))
        if game.phase.name != "EXCHANGE":
            continue
        view = game.view(game.to_act)
        calls.clear()
        action = PolicyBot(policy).act(view)
        k = len(view.legal[0].cards)
        assert isinstance(action, Pass) and len(action.cards) == k
        assert [len(c) for c in calls] == list(range(k))  # the pending cards grow one at a time
        game.apply(action)
        return
    pytest.fail("no exchange reached")


def test_policybot_redraw_can_stop_early_with_done():
    for seed in range(60):
        game = _blind_nil_game("two-player", seed)
        while game.phase.name not in ("REDRAW", "PLAY") and not game.is_over:
            game.apply(bots.get("random", seed=1).act(game.view(game.to_act)))
        if game.phase.name != "REDRAW":
            continue

        calls = []

        def policy(obs, mask, calls=calls):
            calls.append(1)
            return int(np.flatnonzero(mask)[0]) if len(calls) == 1 else DONE_ID

        action = PolicyBot(policy).act(game.view(game.to_act))
        assert isinstance(action, Discard) and len(action.cards) == 1
        game.apply(action)
        return
    pytest.fail("no redraw reached")


def test_policybot_agrees_with_the_adapters_observation():
    from spades.observation import encode

    game = Game(Rules.preset("partnership"), seed=9)
    stepper = Stepper(game)
    got = {}

    def policy(obs, mask):
        got["obs"], got["mask"] = obs, mask
        return int(np.flatnonzero(mask)[0])

    PolicyBot(policy).act(game.view(game.to_act))
    assert np.array_equal(got["obs"], encode(game.view(game.to_act)))
    assert list(np.flatnonzero(got["mask"])) == stepper.legal_ids()


def test_policybot_says_when_the_policy_chooses_an_illegal_id():
    from spades.errors import IllegalActionError

    game = Game(Rules.preset("partnership"), seed=1)
    with pytest.raises(IllegalActionError, match="not legal now"):
        PolicyBot(lambda obs, mask: 74).act(game.view(game.to_act))


class _Predictor:
    def predict(self, obs, action_masks=None, deterministic=True):
        return np.array([int(np.flatnonzero(action_masks)[0])]), None


def test_policybot_takes_a_maskable_ppo_style_model():
    game = Game(Rules.preset("openspiel", hands=1), seed=2)
    _play_out(game, [PolicyBot(_Predictor())] * 4)
    assert game.is_over


# -- outside bots -----------------------------------------------------------------------------


@pytest.fixture
def outside_bot(tmp_path, monkeypatch):
    code = textwrap.dedent("""
        import numpy as np
        from spades.bots import PolicyBot

        class LastLegal(PolicyBot):
            def policy(self, obs, mask):
                return int(np.flatnonzero(mask)[-1])

        NOT_A_BOT = 3
    """)
    path = tmp_path / "outside_bots_x.py"
    path.write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield path
    sys.modules.pop("outside_bots_x", None)


def test_match_bots_module_class_and_file_class(outside_bot):
    for spec in ("outside_bots_x:LastLegal", f"{outside_bot}:LastLegal"):
        result = run_match(Rules.preset("partnership"), [spec, "random"], hands=2, workers=1)
        assert result.to_dict()["sides"][0]["bot"] == spec
    spec = parse_bot_spec("outside_bots_x:LastLegal:deterministic=false")
    assert spec.options == (("deterministic", False),)


@pytest.mark.parametrize(("spec", "words"), [
    ("nosuchmodule_zz:Bot", "cannot import module"),
    ("outside_bots_x:Missing", "has no 'Missing'"),
    ("outside_bots_x:NOT_A_BOT", "not a bot class"),
    ("/no/such/file.py:Bot", "no such file"),
    ("nosuchname", "unknown bot"),
])
def test_match_bad_outside_bot_spec_is_a_clear_error(outside_bot, spec, words):
    with pytest.raises(MatchError, match=words):
        parse_bot_spec(spec)


def test_bots_entry_point_group(monkeypatch):
    from importlib import metadata

    ep = metadata.EntryPoint("zz-entry-bot", "spades.bots.random_bot:UniformBot", bots.ENTRY_POINT_GROUP)

    def fake_entry_points(group=None):
        return [ep] if group == bots.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(metadata, "entry_points", fake_entry_points)
    monkeypatch.setattr(bots, "_entry_points_read", False)
    monkeypatch.setattr(bots, "_REGISTRY", dict(bots._REGISTRY))
    assert "zz-entry-bot" in bots.names()
    assert type(bots.get("zz-entry-bot", seed=1)).__name__ == "UniformBot"


# -- defect 6: one name per random baseline -------------------------------------------------------


def _blind_nil_rate(name: str, hands: int = 300) -> float:
    rules = Rules.preset("partnership", hands=1)
    blind = chances = 0
    for seed in range(hands):
        game = Game(rules, seed=seed)
        bot = bots.get(name, seed=seed)
        while game.phase.name == "BLIND" or game.phase.name == "DRAW":
            view = game.view(game.to_act)
            action = bot.act(view)
            chances += 1
            blind += isinstance(action, Bid)
            game.apply(action)
    return blind / max(chances, 1)


def test_defect6_random_never_bids_blind_nil_and_uniform_does():
    assert _blind_nil_rate("random") == 0.0
    assert 0.3 < _blind_nil_rate("uniform") < 0.7
    assert bots.get("random", blind_nil=True).blind_nil and parse_bot_spec("random:blind_nil=true").options


def test_defect6_random_is_the_random_of_spades_sim_and_vec():
    """`random` (looks) plays like `spades sim`'s random players: about -130 per hand, not -254."""
    result = run_match(Rules.preset("partnership"), ["random", "uniform"], hands=60, workers=1, seed=3)
    sides = result.to_dict()["sides"]
    assert sides[0]["blind_nil_bids"] == 0 and sides[1]["blind_nil_bids"] > 0
    assert sides[0]["points_per_hand"] > sides[1]["points_per_hand"]


def test_defect6_vec_random_actions_never_blind_nil_unless_asked():
    from spades.vec import VecEnv, random_actions

    env = VecEnv("partnership", num_envs=64, seed=0)
    _obs, mask, _player = env.reset()
    gen = np.random.default_rng(0)
    for blind_nil, expect in ((False, 0), (True, None)):
        acts = random_actions(mask, gen, blind_nil=blind_nil)
        assert mask[np.arange(64), acts].all()
        if expect == 0:
            assert not (acts == 70).any()
        else:
            assert (acts == 70).any()
