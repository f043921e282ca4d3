"""A readable, hand-by-hand account of a game record.

Used by ``spades replay FILE``; the record format is described in
``docs/records.md``.  The account is rebuilt by replaying the record through
the rules engine, so it shows exactly what the engine saw: the deal, the bids,
any blind-nil exchange or redraw, every trick with its winner, and each hand's
points, bags and running totals.
"""

from __future__ import annotations

from typing import Any

from .actions import Choice, Discard, Pass
from .bids import Bid
from .cards import Card
from .errors import RecordError
from .game import Game, Phase
from .rules import Rules

__all__ = ["narrate"]


def _side_label(rules: Rules, side: int) -> str:
    return rules.side_name(side)


def narrate(record: dict[str, Any]) -> list[str]:
    """The lines of the account of a game record."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    shell = Game.from_record({**record, "actions": []})
    rules = shell.rules
    game = shell
    n = rules.num_seats
    name = rules.seat_name
    lines: list[str] = []
    variant = rules.variant + (f" ({'; '.join(rules.describe())})" if rules.describe() else "")
    lines.append(f"Spades, {variant}; seed {game.seed}")
    hand_started = -1
    showed_deal = -1
    trick: list[tuple[int, Card]] = []
    trick_no = 0
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")
    for index, entry in enumerate(actions):
        try:
            seat, text = entry
        except (TypeError, ValueError):
            raise RecordError(f"action {index + 1} ({entry!r}) is not [seat, action]") from None
        if game.hands_played != hand_started:
            hand_started = game.hands_played
            trick_no = 0
            lines.append("")
            role = "draws first" if rules.uses_draw else "deals"
            lines.append(f"=== Hand {hand_started + 1}: {name(game.dealer)} {role} ===")
        phase = game.phase
        if phase is Phase.PLAY and showed_deal != hand_started:
            showed_deal = hand_started
            lines.append("Hands as dealt:" if not rules.uses_draw else "Hands after the draw:")
            for s in range(n):
                lines.append(f"  {name(s):<6} {game.dealt(s)}")
            if any(game.dealt(s) != game.hand(s) for s in range(n)):
                lines.append("Hands after the exchange / redraw:")
                for s in range(n):
                    lines.append(f"  {name(s):<6} {game.hand(s)}")
        before_tricks = game.tricks_won
        before_hands = game.hands_played
        try:
            game.apply(text, seat=seat)
        except ValueError as exc:
            raise RecordError(f"action {index + 1} ({entry!r}) does not replay: {exc}") from None
        action = game.actions[-1][1]
        if phase is Phase.BLIND:
            if isinstance(action, Bid):
                lines.append(f"{name(seat)} bids blind nil")
        elif phase is Phase.BID:
            assert isinstance(action, Bid)
            lines.append(f"{name(seat)} bids {action.label()}")
        elif phase is Phase.EXCHANGE:
            assert isinstance(action, Pass)
            lines.append(f"{name(seat)} passes {len(action.cards)} cards: {' '.join(map(str, action.cards))}")
        elif phase is Phase.REDRAW:
            assert isinstance(action, Discard)
            k = len(action.cards)
            lines.append(
                f"{name(seat)} discards {k} card{'s' if k != 1 else ''} and redraws"
                + (f" ({' '.join(map(str, action.cards))})" if k else "")
            )
        elif phase is Phase.DRAW:
            assert isinstance(action, Choice)
        elif phase is Phase.PLAY:
            assert isinstance(action, Card)
            trick.append((seat, action))
            if len(trick) == n:
                trick_no += 1
                if game.hands_played != before_hands:
                    after = game.history[-1].tricks
                else:
                    after = game.tricks_won
                winner = next(s for s in range(n) if after[s] > before_tricks[s])
                played = "  ".join(f"{name(s)[0]} {c}" for s, c in trick)
                lines.append(f"Trick {trick_no:>2}: {played}   -> {name(winner)}")
                trick = []
        if game.hands_played != before_hands:
            lines.extend(_hand_result(game, rules))
    if game.is_over:
        lines.append("")
        if game.winner is None:
            lines.append(f"Game over: a draw at {', '.join(map(str, game.scores))}")
        else:
            lines.append(
                f"Game over: {_side_label(rules, game.winner)} win{'s' if not rules.partnerships else ''} "
                f"{game.scores[game.winner]} to "
                + ", ".join(str(s) for i, s in enumerate(game.scores) if i != game.winner)
            )
    elif actions:
        lines.append("")
        lines.append(f"(game in progress: {game.phase.value}, {name(game.to_act or 0)} to act)")
    return lines


def _hand_result(game: Game, rules: Rules) -> list[str]:
    h = game.history[-1]
    name = rules.seat_name
    out = ["Result:"]
    for seat in range(rules.num_seats):
        bid = h.bids[seat]
        nil = ""
        if h.nil_made[seat] is not None:
            nil = "  (nil made)" if h.nil_made[seat] else "  (nil failed)"
        out.append(f"  {name(seat):<6} bid {bid.label():<9} took {h.tricks[seat]:>2}{nil}")
    for side in range(rules.num_sides):
        extra = []
        if h.made[side] is False:
            extra.append("set")
        if h.bag_penalties[side]:
            extra.append(f"bag penalty x{h.bag_penalties[side]}")
        if h.boston[side]:
            extra.append("Boston")
        note = f" [{', '.join(extra)}]" if extra else ""
        out.append(
            f"  {_side_label(rules, side)}: {h.points[side]:+d}{note}, "
            f"total {h.scores[side]}, bags {h.bags[side]}"
        )
    return out
