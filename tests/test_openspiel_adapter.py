"""The OpenSpiel adapter: OpenSpiel's own checks, observations, chance, returns,
determinization and IS-MCTS (as an OpenSpiel bot and as a spades bot)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import spades.openspiel as sos  # noqa: E402  (registers python_spades)
from spades import Game, Rules, bots  # noqa: E402
from spades.action_space import DONE_ID, NUM_ACTIONS  # noqa: E402
from spades.errors import RulesError  # noqa: E402
from spades.observation import INFO_STATE_SIZE, OBSERVATION_SIZE, encode, encode_info_state  # noqa: E402
from spades.openspiel.determinize import resample  # noqa: E402
from spades.scoring import score_hand  # noqa: E402

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]


def _random_play(state, rng, stop=None):
    while not state.is_terminal():
        if stop is not None and stop(state):
            return state
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_openspiel_random_sim_test_single_hand(preset):
    game = pyspiel.load_game("python_spades", {"preset": preset})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("preset", ["two-player", "partnership"])
def test_openspiel_random_sim_test_whole_game(preset):
    game = pyspiel.load_game("python_spades", {"preset": preset, "whole_game": True, "hands": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_shape_and_params():
    game = pyspiel.load_game("python_spades", {"preset": "three-player", "target_score": 300})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == NUM_ACTIONS == 75
    assert game.observation_tensor_size() == OBSERVATION_SIZE
    assert game.information_state_tensor_size() == INFO_STATE_SIZE
    assert game.rules.target_score == 300 and game.rules.hands == 1
    whole = pyspiel.load_game("python_spades", {"preset": "partnership", "whole_game": True})
    assert whole.rules.hands == 100  # max_hands caps an unbounded game
    # params_from_rules is the inverse of rules_from_params
    rules = Rules.preset("openspiel", losing_score=-200, boston_bonus=50)
    back, whole_flag = sos.rules_from_params(sos.params_from_rules(rules))
    assert back == rules and whole_flag is False
    none_rules = Rules.preset("openspiel", max_side_bid=None, first_dealer=None)
    back, _ = sos.rules_from_params(sos.params_from_rules(none_rules))
    assert back.max_side_bid is None and back.first_dealer is None and back.losing_score is None
    with pytest.raises(RulesError):
        sos.rules_from_params({"preset": "partnership", "nonsense": 1})
    with pytest.raises(RulesError):
        sos.rules_from_params({"preset": "partnership", "nil": 2})


def test_deal_is_chance_and_matches_engine():
    game = pyspiel.load_game("python_spades", {"preset": "partnership", "first_dealer": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    deal = list(range(51, -1, -1))
    for i, card in enumerate(deal):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - i
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(card)
    engine = state.engine
    for i, card in enumerate(deal):
        assert card in engine.hand((2 + 1 + i) % 4)
    assert state.current_player() == 3  # left of the dealer


def test_returns_are_the_engine_points():
    rng = random.Random(5)
    for preset in PRESETS:
        game = pyspiel.load_game("python_spades", {"preset": preset})
        state = _random_play(game.new_initial_state(), rng)
        engine = state.engine
        summary = engine.history[0]
        expected = score_hand(game.rules, summary.bids, summary.tricks, [0] * game.rules.num_sides).points
        assert state.returns() == [float(expected[game.rules.side_of(p)]) for p in range(game.num_players())]


def test_observation_tensors_come_from_the_view():
    from open_spiel.python.observation import make_observation

    rng = random.Random(11)
    for preset in PRESETS:
        game = pyspiel.load_game("python_spades", {"preset": preset})
        obs = make_observation(game)
        info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
        state = game.new_initial_state()
        checked = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            for p in range(game.num_players()):
                view = state.engine.view(p)
                obs.set_from(state, p)
                info.set_from(state, p)
                pending = state.pending_of(p)
                np.testing.assert_array_equal(obs.tensor, encode(view, pending))
                np.testing.assert_array_equal(info.tensor, encode_info_state(view, pending))
                np.testing.assert_array_equal(np.array(state.observation_tensor(p)), obs.tensor)
                assert state.observation_string(p) == obs.string_from(state, p)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert checked > 50


def test_observation_hides_other_hands():
    game = pyspiel.load_game("python_spades", {"preset": "openspiel"})
    state = _random_play(game.new_initial_state(), random.Random(2), stop=lambda s: not s.is_chance_node())
    a = state.observation_tensor(0)
    # another deal with seat 0's cards unchanged looks the same to seat 0
    other = resample(state, 0, random.Random(9))
    assert other.engine.hand(1) != state.engine.hand(1)
    assert other.observation_tensor(0) == a
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.observation_tensor(1) != state.observation_tensor(1)


@pytest.mark.parametrize("preset,extra", [
    ("partnership", {}), ("two-player", {}), ("cutthroat", {}), ("three-player", {}),
    ("two-player", {"whole_game": True, "hands": 2}),
])
def test_resample_keeps_the_information_state(preset, extra):
    rng = random.Random(3)
    game = pyspiel.load_game("python_spades", {"preset": preset, **extra})
    count = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            p = state.current_player()
            if rng.random() < 0.25:
                r = resample(state, p, rng)
                assert r.information_state_string(p) == state.information_state_string(p)
                assert r.observation_tensor(p) == state.observation_tensor(p)
                assert r.legal_actions() == state.legal_actions()
                count += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert count > 10


def test_two_player_redraw_is_chance():
    game = pyspiel.load_game("python_spades", {"preset": "two-player", "first_dealer": 0})
    rng = random.Random(4)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    # North (seat 0) declares blind nil, then both just keep every card
    assert sos.action_name(70) == "blind nil"
    state.apply_action(70)
    while state.engine.phase.value in ("draw", "blind"):
        state.apply_action(72 if 72 in state.legal_actions() else 71)
    assert state.engine.phase.value == "redraw" and state.current_player() == 0
    hand = state.engine.hand(0)
    give = [int(c) for c in list(hand)[:2]]
    state.apply_action(give[0])
    state.apply_action(give[1])
    assert DONE_ID in state.legal_actions()
    state.apply_action(DONE_ID)
    assert state.is_chance_node()
    pile = [o for o, _ in state.chance_outcomes()]
    assert len(pile) == 26 and not set(pile) & {int(c) for c in hand}
    state.apply_action(pile[0])
    state.apply_action(pile[1])
    after = state.engine.hand(0)
    assert pile[0] in after and pile[1] in after and give[0] not in after
    assert state.engine.view(0).redrawn == type(after)([pile[0], pile[1]])


def test_python_ismcts_plays_whole_games():
    from open_spiel.python.algorithms import ismcts, mcts

    for preset in ("two-player", "partnership"):
        game = pyspiel.load_game("python_spades", {"preset": preset, "whole_game": True, "hands": 2})
        rs = np.random.RandomState(1)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 50.0, 3, random_state=rs)
        state = game.new_initial_state()
        rng = random.Random(1)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.engine.hands_played == 2
        scores = state.engine.scores
        assert state.returns() == [float(scores[game.rules.side_of(p)]) for p in range(game.num_players())]


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player"])
def test_ismcts_bot_sits_at_a_spades_table(preset):
    game = Game(Rules.preset(preset, hands=1), seed=8)
    players = [bots.get("openspiel-ismcts", seed=1, simulations=4)] + [
        bots.get("random", seed=s) for s in range(1, game.rules.num_seats)
    ]
    moves = 0
    while not game.is_over:
        seat = game.to_act
        action = players[seat].act(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)
        moves += seat == 0
    assert moves >= game.rules.tricks_per_hand


def test_blind_nil_exchange_is_three_single_card_steps():
    from spades.observation import OFFSETS as _OFFSETS

    game = pyspiel.load_game("python_spades", {"preset": "partnership", "first_dealer": 3})
    state = _random_play(game.new_initial_state(), random.Random(6), stop=lambda s: not s.is_chance_node())
    assert state.current_player() == 0
    state.apply_action(70)  # North: blind nil
    for _seat in (1, 2, 3):
        state.apply_action(71)  # look
        state.apply_action(52 + 3)  # bid 3
    engine = state.engine
    assert engine.phase.value == "exchange" and state.current_player() == 2
    south = [int(c) for c in engine.hand(2)]
    chosen = south[:3]
    state.apply_action(chosen[0])
    assert chosen[0] not in state.legal_actions()
    obs = np.array(state.observation_tensor(2))
    assert obs[_OFFSETS["pending"] + chosen[0]] == 1.0
    assert np.array(state.observation_tensor(0))[_OFFSETS["pending"] + chosen[0]] == 0.0
    assert state.current_player() == 2 and engine.hand(2) == type(engine.hand(2))(south)
    state.apply_action(chosen[1])
    state.apply_action(chosen[2])
    assert state.current_player() == 0
    assert set(chosen) <= {int(c) for c in engine.hand(0)}
    back = [int(c) for c in engine.hand(0)][:3]
    for c in back:
        state.apply_action(c)
    assert engine.phase.value == "play"
    assert {int(c) for c in engine.view(2).received} == set(back)
    assert {int(c) for c in engine.view(0).received} == set(chosen)


def test_engine_rollout_evaluator():
    from spades.openspiel.bots import EngineRolloutEvaluator

    game = pyspiel.load_game("python_spades", {"preset": "cutthroat"})
    state = _random_play(game.new_initial_state(), random.Random(1), stop=lambda s: not s.is_chance_node())
    ev = EngineRolloutEvaluator(4, seed=1)
    values = ev.evaluate(state)
    assert values.shape == (4,)
    assert all(game.min_utility() <= v <= game.max_utility() for v in values)
    prior = ev.prior(state)
    assert sorted(a for a, _ in prior) == state.legal_actions()
    assert abs(sum(p for _, p in prior) - 1.0) < 1e-9
    end = _random_play(state.clone(), random.Random(2))
    assert ev.evaluate(end).tolist() == end.returns()


def test_resample_after_a_redraw_of_no_cards():
    # regression: a blind-nil player who gives up nothing in the redraw
    game = pyspiel.load_game("python_spades", {"preset": "two-player", "first_dealer": 0})
    rng = random.Random(12)
    state = _random_play(game.new_initial_state(), rng, stop=lambda s: not s.is_chance_node())
    state.apply_action(70)  # North: blind nil
    while state.engine.phase.value in ("draw", "blind"):
        state.apply_action(72 if 72 in state.legal_actions() else 71)
    state.apply_action(DONE_ID)  # North keeps all its cards
    assert not state.is_chance_node() and state.engine.phase.value == "bid"
    for _ in range(5):
        player = state.current_player()
        other = resample(state, player, rng)
        assert other.information_state_string(player) == state.information_state_string(player)
        state.apply_action(rng.choice(state.legal_actions()))


def test_second_deal_of_a_whole_game():
    from spades.observation import OFFSETS

    game = pyspiel.load_game("python_spades", {"preset": "cutthroat", "whole_game": True, "hands": 2,
                                               "first_dealer": 0})
    rng = random.Random(3)
    state = game.new_initial_state()
    state = _random_play(state, rng, stop=lambda s: s.engine is not None and s.engine.hands_played == 1)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 52
    obs = np.array(state.observation_tensor(2))
    assert obs[OFFSETS["dealer"] + (1 - 2) % 4] == 1.0  # the deal has passed to East
    assert obs[OFFSETS["hand"]:OFFSETS["hand"] + 52].sum() == 0  # no cards during the deal
    scores = state.engine.scores
    assert obs[OFFSETS["scores"]] == pytest.approx(scores[2] / 500)
    deal = list(range(52))
    for card in deal:
        state.apply_action(card)
    assert state.engine.dealer == 1 and state.current_player() == 2
    for i, card in enumerate(deal):
        assert card in state.engine.hand((1 + 1 + i) % 4)
