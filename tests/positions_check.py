"""The double-dummy check of a certain spot (:mod:`spades.bots.certain`) on the real deal:
do the cards its rule allows do at least as well as every legal card?  Shared by the
named-positions suite and ``bench/find_positions.py``."""

from __future__ import annotations

from collections.abc import Collection

from spades.game import Game


def _nil_seat(game: Game, seat: int, rule: str) -> int | None:
    view = game.view(seat)
    if rule.startswith("own nil"):
        return seat
    if "partner's nil" in rule:
        return view.partner
    if "opponent's nil" in rule:
        table = [int(c) for _, c in view.trick]
        from spades.core import trick_winner

        return view.trick[trick_winner(table)][0]
    return None


def solver_margin(game: Game, seat: int, allowed: Collection[int], rule: str = "") -> int | None:
    """How much better the best of ``allowed`` does than the best legal card it leaves out,
    double dummy on the real deal: in tricks for the seat's side, or for a nil rule 1 when
    only the allowed cards keep (or set) that nil and 0 when both do; negative when the rule
    loses.  None when the solver is not installed or every legal card is allowed."""
    try:
        from spades.solver import card_values_masks
    except ImportError:
        return None
    view = game.view(seat)
    rules = view.rules
    n = rules.num_seats
    hands = [game.view(s).hand.mask for s in range(n)]  # type: ignore[union-attr]
    broken = view.spades_broken or not rules.spades_must_be_broken
    trick = [int(c) for _, c in view.trick]
    leader = view.leader if view.leader is not None else seat
    nil = _nil_seat(game, seat, rule)
    if nil is None:
        mine = sum(1 << s for s in range(n) if rules.side_of(s) == view.side)
        values = card_values_masks(hands, leader, trick, broken, mine, mine)
        sign = 1
    else:
        friends = sum(1 << s for s in range(n) if rules.side_of(s) == rules.side_of(nil))
        attackers = ((1 << n) - 1) & ~friends
        values = card_values_masks(hands, leader, trick, broken, 1 << nil, attackers, cap=1)
        sign = -1 if rules.side_of(nil) == view.side else 1  # our nil: fewer tricks is better
    left_out = [sign * v for c, v in values.items() if c not in allowed]
    if not left_out:
        return None
    return max(sign * values[c] for c in allowed) - max(left_out)


def solver_agrees(game: Game, seat: int, allowed: Collection[int], rule: str = "") -> bool | None:
    """Do the cards ``allowed`` do at least as well as every other legal card, double dummy
    on the real deal (None: no solver, or nothing left out)?"""
    margin = solver_margin(game, seat, allowed, rule)
    return None if margin is None else margin >= 0
