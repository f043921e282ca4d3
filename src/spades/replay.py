"""A readable, hand-by-hand account of a game record.

Used by ``spades replay FILE``; the record format is described in
``docs/records.md``.  The account is rebuilt by replaying the record through
the rules engine, so it shows exactly what the engine saw: the deal, the bids,
any blind-nil exchange or redraw, every trick with its winner, and each hand's
points, bags and running totals.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError
from .events import CardPlayed, Drawn, GameOver, HandDealt, HandScored, PlayStarted, TrickWon
from .game import Game
from .narrate import HAND_LEGEND, Narrator

__all__ = ["narrate"]


def narrate(record: dict[str, Any]) -> list[str]:
    """The lines of the account of a game record, told from the events of each action."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    game = Game.from_record({**record, "actions": []})
    rules = game.rules
    words = Narrator(rules)
    name = rules.seat_name
    lines: list[str] = []
    options = rules.describe_for_players()
    variant = rules.variant + (f" ({'; '.join(options)})" if options else "")
    lines.append(f"Spades, {variant}; seed {game.seed}")
    lines.append(HAND_LEGEND)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")

    def hand_header() -> None:
        role = "draws first" if rules.uses_draw else "deals"
        lines.append("")
        lines.append(f"=== Hand {game.hands_played + 1}: {name(game.dealer)} {role} ===")

    if actions:
        hand_header()
    for index, entry in enumerate(actions):
        try:
            seat, text = entry
        except (TypeError, ValueError):
            raise RecordError(f"action {index + 1} ({entry!r}) is not [seat, action]") from None
        try:
            events = game.apply(text, seat=seat)
        except ValueError as exc:
            raise RecordError(f"action {index + 1} ({entry!r}) does not replay: {exc}") from None
        for ev in events:
            if isinstance(ev, PlayStarted):
                lines.extend(_deal_lines(game))
            elif isinstance(ev, TrickWon):
                played = "  ".join(
                    f"{name((ev.leader + i) % rules.num_seats)[0]} {c}" for i, c in enumerate(ev.cards)
                )
                lines.append(f"Trick {ev.number:>2}: {played}   -> {name(ev.winner)}")
            elif isinstance(ev, HandScored):
                lines.extend(words.hand_result(ev.summary))
            elif isinstance(ev, HandDealt):
                if index + 1 < len(actions):
                    hand_header()
            elif isinstance(ev, GameOver):
                lines.append("")
                lines.append(words.game_over(ev.winner, ev.scores))
            elif not isinstance(ev, (CardPlayed, Drawn)):
                lines.extend(words.event(ev))
    if actions and not game.is_over:
        lines.append("")
        lines.append(f"(game in progress: {game.phase.value}, {name(game.to_act or 0)} to act)")
    return lines


def _deal_lines(game: Game) -> list[str]:
    rules = game.rules
    name = rules.seat_name
    n = rules.num_seats
    out = ["Hands as dealt:" if not rules.uses_draw else "Hands after the draw:"]
    out += [f"  {name(s):<6} {game.dealt(s)}" for s in range(n)]
    if any(game.dealt(s) != game.hand(s) for s in range(n)):
        out.append("Hands after the exchange / redraw:")
        out += [f"  {name(s):<6} {game.hand(s)}" for s in range(n)]
    return out
