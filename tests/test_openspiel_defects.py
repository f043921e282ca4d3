"""The OpenSpiel adapter's defects of issue 17, each with its check: resampled and
view-built states carry a history that leads to their own cards, deepcopy keeps the
history, Python values for options, a readable game string, undo_action, and a
public-information observer."""

from __future__ import annotations

import copy
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import spades.openspiel as sos  # noqa: E402  (registers python_spades)
from spades import Game, Rules  # noqa: E402
from spades.errors import IllegalActionError  # noqa: E402
from spades.observation import OFFSETS  # noqa: E402
from spades.openspiel.determinize import resample  # noqa: E402


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _from_history(game, history):
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
    return state


@pytest.mark.parametrize("preset", ["openspiel", "two-player", "partnership"])
def test_resampled_state_history_rebuilds_the_resampled_cards_not_the_true_ones(preset):
    game = pyspiel.load_game("python_spades", {"preset": preset})
    rng = random.Random(4)
    checked = 0
    for _ in range(4):
        state = _play(game.new_initial_state(), rng, 90)
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, rng.random)
        again = _from_history(game, other.history())
        seats = range(game.num_players())
        assert [again.engine.hand(s) for s in seats] == [other.engine.hand(s) for s in seats]
        assert other.move_number() == len(other.history()) == state.move_number()
        assert other.information_state_string(p) == state.information_state_string(p)
        checked += 1
    assert checked >= 2
    # the deal differs from the true one somewhere, and its history says so
    diffs = 0
    for seed in range(5):
        state = _play(game.new_initial_state(), random.Random(seed), 80)
        if state.is_chance_node() or state.is_terminal():
            continue
        other = resample(state, state.current_player(), random.Random(seed))
        diffs += other.history() != state.history()
    assert diffs >= 1


def test_state_from_view_has_a_history_and_move_number():
    game = pyspiel.load_game("python_spades", {"preset": "openspiel"})
    engine = Game(game.rules, seed=3)
    rng = random.Random(0)
    for _ in range(20):
        engine.apply(rng.choice(engine.legal_actions()))
    view = engine.view(engine.to_act)
    state = sos.state_from_view(game, view, random.Random(1))
    assert state.move_number() == len(state.history()) > 52
    again = _from_history(game, state.history())
    assert again.information_state_string(view.seat) == state.information_state_string(view.seat)


def test_deepcopy_keeps_the_history():
    game = pyspiel.load_game("python_spades", {"preset": "two-player"})
    state = _play(game.new_initial_state(), random.Random(1), 70)
    dup = copy.deepcopy(state)
    assert dup.history() == state.history() and dup.move_number() == state.move_number() == 70
    dup.apply_action(dup.legal_actions()[0])
    assert len(state.history()) == 70  # independent


def test_python_values_for_options_and_nil_off_turns_blind_nil_off():
    game = sos.load_game("partnership", nil=False, losing_score=-200)
    assert game.rules.nil is False and game.rules.blind_nil is False and game.rules.losing_score == -200
    game = pyspiel.load_game("python_spades", {"nil": 0})
    assert game.rules.nil is False and game.rules.blind_nil is False
    with pytest.raises(Exception, match="blind nil needs nil"):
        pyspiel.load_game("python_spades", {"nil": 0, "blind_nil": 1})


def test_game_string_names_only_the_given_parameters_and_round_trips():
    game = pyspiel.load_game("python_spades", {"preset": "openspiel", "target_score": 300})
    text = str(game)
    assert "-1000000" not in text and "target_score=300" in text
    again = pyspiel.load_game(text)
    assert again.rules == game.rules
    assert str(pyspiel.load_game("python_spades")) == "python_spades()"


def test_undo_action_takes_back_the_last_action():
    game = pyspiel.load_game("python_spades", {"preset": "partnership"})
    state = _play(game.new_initial_state(), random.Random(2), 60)
    before = state.information_state_string(state.current_player()), state.history()
    player = state.current_player()
    action = state.legal_actions()[-1]
    state.apply_action(action)
    state.undo_action(player, action)
    assert state.history() == before[1] and state.move_number() == len(before[1])
    assert state.information_state_string(player) == before[0]
    assert [pa.action for pa in state.full_history()] == before[1]
    with pytest.raises(IllegalActionError, match="does not match the last action"):
        state.undo_action(player, 999)
    # play on after an undo: history keeps growing from the undone position
    state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == len(before[1]) + 1
    assert _from_history(game, state.history()).history_str() == state.history_str()


def test_public_observer_shows_no_private_cards():
    game = pyspiel.load_game("python_spades", {"preset": "openspiel"})
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(kind)
    state = _play(game.new_initial_state(), random.Random(5), 60)
    other = resample(state, 0, random.Random(6))  # other hidden cards, same public facts
    observer.set_from(state, 1)
    a = observer.tensor.copy()
    observer.set_from(other, 1)
    assert (observer.tensor == a).all()  # seat 1's own hand differs, public view does not
    assert a[OFFSETS["hand"]:OFFSETS["hand"] + 52].sum() == 0
    assert a[OFFSETS["bids"]:OFFSETS["bids"] + 80].sum() == 4  # the bids are public
    text = observer.string_from(state, 1)
    assert "bids" in text and str(state.engine.hand(1).sorted()[0]) not in text.split("played")[0]
    with pytest.raises(ValueError, match="one player's view or the public information"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_whole_game_options_keep_rules_exactly():
    rules = Rules.preset("two-player", nil=False, blind_nil=False)
    game = sos.load_game("two-player", whole_game=True, max_hands=7, nil=False)
    assert game.rules.nil == rules.nil and game.rules.hands == 7
