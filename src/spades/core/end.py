"""When the game ends and who wins."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Rules

__all__ = ["game_result"]


def game_result(
    rules: Rules, scores: Sequence[int], hands_played: int, boston: Sequence[bool] = ()
) -> tuple[int | None, bool]:
    """``(winner, over)`` after a hand: ``scores`` are the running totals after it,
    ``hands_played`` counts the finished hands (this one included) and ``boston``
    says, per side, whether it took every trick of this hand.

    With ``boston_wins`` a Boston ends the game for its side.  With a fixed number
    of ``hands`` the game ends after the last one; the side on top wins, or it is
    a draw (winner None) on a tie at the top.  Otherwise the game ends when a side
    reaches ``target_score`` or one falls to ``losing_score``, and a tie at the top
    plays on.
    """
    if rules.boston_wins and any(boston):
        return list(boston).index(True), True
    top = max(scores)
    unique = list(scores).count(top) == 1
    if rules.hands is not None and hands_played >= rules.hands:
        return (list(scores).index(top) if unique else None), True
    losing = rules.losing_score
    reached = top >= rules.target_score or (losing is not None and min(scores) <= losing)
    if reached and unique:
        return list(scores).index(top), True
    return None, False
