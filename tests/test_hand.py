"""The hand as its own object (spades.hand.Hand) inside a Game."""

from __future__ import annotations

import random

from spades import Game, Rules
from spades.hand import Hand


def test_a_game_deals_a_new_hand_object_for_each_hand() -> None:
    game = Game(Rules.preset("partnership", hands=2), seed=4)
    first = game._hand
    assert isinstance(first, Hand)
    rng = random.Random(1)
    while game.hands_played == 0:
        game.apply(rng.choice(game.legal_actions()))
    assert game._hand is not first and game._hand._number == 1
    assert game._hand._dealer == game.dealer and sum(game.tricks_won) == 0
    # the finished hand keeps its own tricks; the game keeps the scores
    assert sum(first._tricks_won) == 13 and game.history[0].tricks == tuple(first._tricks_won)


def test_a_copied_game_has_its_own_hand_and_events() -> None:
    game = Game(Rules.preset("two-player"), seed=9)
    rng = random.Random(3)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    copy = game.copy()
    assert copy._hand is not game._hand and copy._hand._events is copy._events
    assert copy._hand._hands is not game._hand._hands
    before = game.view(0)
    while not copy.is_over and copy.hands_played == 0:
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.view(0) == before


def test_undo_restores_the_hand_it_took_back_into() -> None:
    game = Game(Rules.preset("cutthroat"), seed=2)
    rng = random.Random(5)
    while game.hands_played == 0:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(1)
    game.undo(1)
    assert game.hands_played == 0 and game._hand._number == 0
    assert game._hand._events is game._events
    game.apply(game.legal_actions()[0])
    assert game.view(1) == view


def test_deep_copies_and_pickles_of_a_game_share_its_rules_table() -> None:
    """The per-rules cache (with the shared legal-card tables) is not copied with a game:
    a deep copy of a game (OpenSpiel's clone) stays cheap, and still plays on its own."""
    import copy
    import pickle

    game = Game(Rules.preset("partnership"), seed=8)
    rng = random.Random(2)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    deep = copy.deepcopy(game)
    assert deep._table is game._table
    for dup in (deep, pickle.loads(pickle.dumps(game))):
        assert dup == game and dup.view(1) == game.view(1)
        dup.apply(dup.legal_actions()[0])
        assert dup != game and len(game.actions) == 20
