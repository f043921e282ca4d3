"""Datasets of games: JSON Lines records, and engine records with explicit redraws.

A *record* is :meth:`spades.Game.to_record`'s JSON object (docs/records.md).
A JSON Lines file holds one record per line; :func:`write_jsonl` and
:func:`read_jsonl` write and read them (``spades match --records FILE.jsonl``,
``spades.sim.play_hands(..., records=True)`` and ``spades replay FILE.jsonl``
use this format).

Deal strings (dealt variants) follow PBN's deal tag: the first seat's letter,
a colon, then every hand clockwise from it as ``spades.hearts.diamonds.clubs``
(``-`` for a void suit is not used; an empty suit is empty), e.g.
``N:AKQ2.J.T98.765 ...``.  :func:`deal_to_string` writes one,
:func:`deal_from_string` reads it and :func:`deck_from_deal` turns it into the
card order ``Game(decks=[...])`` deals.

Records of games played outside the engine's own random generator (a
:class:`spades.vec.VecEnv`, an OpenSpiel chance node) may carry the
two-player redraws' replacement cards explicitly::

    "redraws": [[action_index, ["7H", "2C"]], ...]

where ``action_index`` indexes ``record["actions"]``.  :func:`game_from_record`
replays such records (and plain ones, like :meth:`spades.Game.from_record`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .cards import CardSet
from .core import deck_mask
from .errors import NotationError, RecordError
from .game import Game
from .rules import Rules

__all__ = ["deal_from_string", "deal_to_string", "deck_from_deal", "game_from_record", "iter_jsonl",
           "read_jsonl", "record_deals", "write_jsonl"]


def game_from_record(record: dict[str, Any]) -> Game:
    """Rebuild a game from a record (:meth:`Game.from_record`, which also replays explicit
    ``"redraws"``).

    Raises :class:`~spades.errors.RecordError` naming the first action that
    does not replay.
    """
    return Game.from_record(record)


def write_jsonl(records: Iterable[dict[str, Any]], path: str | Path | IO[str]) -> int:
    """Write records one per line; returns how many were written."""
    count = 0
    if isinstance(path, (str, Path)):
        with open(path, "w", encoding="utf-8") as fh:
            return write_jsonl(records, fh)
    for rec in records:
        path.write(json.dumps(rec, separators=(",", ":")) + "\n")
        count += 1
    return count


def iter_jsonl(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a JSON Lines file, one at a time (blank lines skipped).

    Raises :class:`~spades.errors.RecordError` naming the line that is not JSON.
    """
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{path}: line {number} is not JSON: {exc.msg}") from None
            if not isinstance(rec, dict):
                raise RecordError(f"{path}: line {number} is not a JSON object")
            yield rec


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """Every record of a JSON Lines file."""
    return list(iter_jsonl(path))


def _letters(rules: Rules) -> list[str]:
    return [rules.seat_name(s)[0] for s in range(rules.num_seats)]


def deal_to_string(hands: Iterable[CardSet | int], dealer: int, rules: Rules) -> str:
    """A PBN-style deal: the hands of every seat, starting left of ``dealer``."""
    masks = [h.mask if isinstance(h, CardSet) else int(h) for h in hands]
    n = rules.num_seats
    if len(masks) != n:
        raise ValueError(f"give the hands of all {n} seats")
    first = (dealer + 1) % n
    order = [(first + k) % n for k in range(n)]
    return f"{_letters(rules)[first]}:" + " ".join(str(CardSet(masks[s])) for s in order)


def deal_from_string(text: str, rules: Rules) -> list[CardSet]:
    """The hands (indexed by seat) of a PBN-style deal string.

    Raises ``ValueError`` naming what is wrong (seat letter, hand count, a card
    given twice or missing).
    """
    if rules.uses_draw:
        raise ValueError("the two-player game is drawn from a stock: it has no deal string")
    n = rules.num_seats
    letters = _letters(rules)
    head, sep, body = text.strip().partition(":")
    if not sep or head.strip().upper() not in letters:
        raise ValueError(f"a deal string starts with a seat letter ({', '.join(letters)}) and a colon")
    parts = body.split()
    if len(parts) != n:
        raise ValueError(f"a deal string holds {n} hands, not {len(parts)}")
    first = letters.index(head.strip().upper())
    hands = [CardSet()] * n
    seen = 0
    for k, part in enumerate(parts):
        try:
            hand = CardSet.parse(part)
        except NotationError as exc:
            raise ValueError(f"hand {k + 1} ({part!r}): {exc}") from None
        if hand.mask & seen:
            raise ValueError(f"hand {k + 1} ({part!r}) holds a card given to another hand")
        seen |= hand.mask
        stray = hand.mask & ~deck_mask(rules)
        if stray:
            names = " ".join(str(c) for c in CardSet(stray))
            raise ValueError(f"hand {k + 1} ({part!r}) holds {names}, not in the {rules.deck} deck")
        if len(hand) != rules.cards_per_hand:
            raise ValueError(f"hand {k + 1} ({part!r}) has {len(hand)} cards, not {rules.cards_per_hand}")
        hands[(first + k) % n] = hand
    return hands


def deck_from_deal(hands: list[CardSet], dealer: int, rules: Rules) -> list[int]:
    """The card order that ``Game(rules, dealer=dealer, decks=[order])`` deals as ``hands``
    (card ``i`` goes to seat ``(dealer + 1 + i) % n``)."""
    n = rules.num_seats
    sorted_hands = [[int(c) for c in h.sorted()] for h in hands]
    deck: list[int] = []
    for k in range(rules.cards_per_hand):
        for j in range(n):
            deck.append(sorted_hands[(dealer + 1 + j) % n][k])
    return deck


def record_deals(record: dict[str, Any]) -> list[str]:
    """The deal string of every hand a record dealt, in order (hand ``k`` of a multi-hand
    record, e.g. of ``spades match --records --hands N``, is ``record_deals(record)[k]``):
    the hands as dealt, before any exchange; ``Game(rules, dealer=..., decks=[deck_from_deal(...)])``
    plays the deal again.

    Raises :class:`~spades.errors.RecordError` for a record that does not replay, and
    ``ValueError`` for the two-player game (drawn from a stock: no deal string).
    """
    game = game_from_record({**record, "actions": [], "redraws": []})
    rules = game.rules
    if rules.uses_draw:
        raise ValueError("the two-player game is drawn from a stock: it has no deal string")
    n = rules.num_seats
    deals: list[str] = []

    def take() -> None:
        if not game.is_over and game.hands_played == len(deals):
            deals.append(deal_to_string([game.dealt(s) for s in range(n)], game.dealer, rules))

    for i, (seat, text) in enumerate(record.get("actions") or ()):
        take()
        try:
            game.apply(text, seat=seat)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {i + 1} ({text!r}) does not replay: {exc}") from None
    # the hand under way (or dealt, unplayed) when the record ends: unless the record lists
    # the decks it dealt and this one is not among them (a match game stopped at its board's end)
    decks = record.get("decks") or []
    if not decks or len(deals) < len(decks):
        take()
    return deals
