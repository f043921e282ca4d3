"""Game.apply_redraw: a two-player redraw with caller-chosen replacements (chance-explicit adapters)."""

from __future__ import annotations

import pytest

from spades import CardSet, Game, IllegalActionError, Rules
from spades.game import Phase


def _game_at_redraw() -> Game:
    game = Game(Rules.preset("two-player"), seed=11, dealer=0)
    game.apply("blind nil")  # North declares before the first draw
    while game.phase is not Phase.REDRAW:
        game.apply("look" if game.phase is Phase.BLIND else "keep")
    return game


def test_apply_redraw_takes_the_given_cards_from_the_pile() -> None:
    game = _game_at_redraw()
    seat = game.to_act
    assert seat == 0
    hand = game.hand(seat)
    pile = [c for c in CardSet((1 << 52) - 1) if c not in hand and c not in game.hand(1)]
    give = list(hand)[:2]
    take = pile[:2]
    game.apply_redraw("discard " + " ".join(map(str, give)), take)
    after = game.hand(seat)
    assert all(c in after for c in take) and not any(c in after for c in give)
    assert len(after) == 13
    assert game.view(seat).redrawn.mask == sum(1 << c for c in take)


def test_apply_redraw_refuses_cards_not_on_the_pile_and_leaves_the_game_unchanged() -> None:
    game = _game_at_redraw()
    before = game.to_record()
    opponent_card = next(iter(game.hand(1)))
    own = next(iter(game.hand(0)))
    with pytest.raises(IllegalActionError, match="not on the discard pile"):
        game.apply_redraw(f"discard {own}", [opponent_card])
    with pytest.raises(IllegalActionError, match="exactly 1"):
        game.apply_redraw(f"discard {own}", [])
    assert game.to_record() == before


def test_apply_redraw_only_in_the_redraw_phase() -> None:
    game = Game(Rules.preset("two-player"), seed=3, dealer=0)
    with pytest.raises(IllegalActionError):
        game.apply_redraw("discard", [])
