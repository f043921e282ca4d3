"""Regression: digits that are not ASCII (superscripts, other scripts) are not bids.

``str.isdigit`` accepts '²', which ``int()`` refuses, so ``Game.apply('bid ²')``
used to raise a bare ValueError instead of an IllegalActionError.
"""

from __future__ import annotations

import pytest

from spades import Bid, Game, IllegalActionError, NotationError, Rules, parse_action


@pytest.mark.parametrize("text", ["bid ²", "²", "bid ٣", "٣", "bid ¹²"])
def test_non_ascii_digits_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_game_answers_non_ascii_digit_bid_with_illegal_action() -> None:
    game = Game(Rules.preset("partnership", blind_nil=False), seed=1)
    before = game.to_record()
    with pytest.raises(IllegalActionError):
        game.apply("bid ²")
    assert game.to_record() == before
    game.apply("bid 3")
    assert game.bids[game.actions[-1][0]] == Bid(3)
