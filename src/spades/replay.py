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
from .i18n import N_, _, error_text, term
from .narrate import HAND_LEGEND, Narrator, rule_words

__all__ = ["narrate"]

#: the phases' names, for a game in progress (``Phase.value``)
_PHASES: dict[str, str] = {
    "blind": N_("blind"),
    "bid": N_("bid"),
    "exchange": N_("exchange"),
    "draw": N_("draw"),
    "redraw": N_("redraw"),
    "play": N_("play"),
    "over": N_("over"),
}


def narrate(record: dict[str, Any]) -> list[str]:
    """The lines of the account of a game record, told from the events of each action,
    in the language in use (:mod:`spades.i18n`)."""
    if not isinstance(record, dict):
        raise RecordError(_("a game record must be a JSON object"))
    game = Game.from_record({**record, "actions": []})
    rules = game.rules
    words = Narrator(rules)

    def name(seat: int) -> str:
        return term(rules.seat_name(seat))

    lines: list[str] = []
    options = rule_words(rules)
    variant = _(rules.variant)
    if options:
        head = _("Spades, {variant} ({options}); seed {seed}").format(
            variant=variant, options="; ".join(options), seed=game.seed
        )
    else:
        head = _("Spades, {variant}; seed {seed}").format(variant=variant, seed=game.seed)
    lines.append(head)
    lines.append(_(HAND_LEGEND))
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(_("record actions must be a list"))

    def hand_header() -> None:
        role = (
            _("=== Hand {n}: {seat} draws first ===")
            if rules.uses_draw
            else _("=== Hand {n}: {seat} deals ===")
        )
        lines.append("")
        lines.append(role.format(n=game.hands_played + 1, seat=name(game.dealer)))

    if actions:
        hand_header()
    for index, entry in enumerate(actions):
        try:
            seat, text = entry
        except (TypeError, ValueError):
            raise RecordError(
                _("action {n} ({entry}) is not [seat, action]").format(n=index + 1, entry=repr(entry))
            ) from None
        try:
            events = game.apply(text, seat=seat)
        except ValueError as exc:
            raise RecordError(
                _("action {n} ({entry}) does not replay: {error}").format(
                    n=index + 1, entry=repr(entry), error=error_text(exc)
                )
            ) from None
        for ev in events:
            if isinstance(ev, PlayStarted):
                lines.extend(_deal_lines(game))
            elif isinstance(ev, TrickWon):
                played = "  ".join(
                    f"{name((ev.leader + i) % rules.num_seats)[0]} {c}" for i, c in enumerate(ev.cards)
                )
                lines.append(
                    _("Trick {n}: {cards}   -> {winner}").format(
                        n=f"{ev.number:>2}", cards=played, winner=name(ev.winner)
                    )
                )
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
        phase = game.phase.value
        lines.append(
            _("(game in progress: {phase}, {seat} to act)").format(
                phase=_(_PHASES.get(phase, phase)), seat=name(game.to_act or 0)
            )
        )
    return lines


def _deal_lines(game: Game) -> list[str]:
    rules = game.rules
    n = rules.num_seats
    names = [term(rules.seat_name(s)) for s in range(n)]
    width = max(6, *(len(x) for x in names))
    out = [_("Hands as dealt:") if not rules.uses_draw else _("Hands after the draw:")]
    out += [f"  {names[s]:<{width}} {game.dealt(s)}" for s in range(n)]
    if any(game.dealt(s) != game.hand(s) for s in range(n)):
        out.append(_("Hands after the exchange / redraw:"))
        out += [f"  {names[s]:<{width}} {game.hand(s)}" for s in range(n)]
    return out
