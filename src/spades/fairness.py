"""Provably fair deals: a commitment to each hand's deal before it is played, the secret after.

The scheme (``spades-fair/1``, written out for outsiders in docs/fairness.md):

* every hand has a **secret**, a text: at the server 64 hexadecimal digits drawn from
  the operating system's cryptographic source, a new one for every hand; in a game played
  on one machine (``spades play``, ``spades match``) the engine's own key of the hand,
  ``spades/{seed}/{hand index}/0``;
* the **deal** is a function of the secret alone: SHAKE-128 of the secret's UTF-8 bytes,
  read as one little-endian 64-bit key per card of the pack (lowest card first), and the
  pack sorted by its keys (a tie keeps the lower card first); card ``i`` of that order
  goes to seat ``(dealer + 1 + i) % n`` (the two-player game draws the order as its stock);
* the **commitment** is SHA-256 of ``spades-fair/1\\n{table}\\n{hand number}\\n{secret}``
  (hand numbers from 1), in lowercase hexadecimal.  It binds the secret, so the deal:
  published before the hand's first bid, it shows the deal was fixed before anybody acted.

A record's ``"fairness"`` object carries the table, each hand's commitment and, once
revealed, its secret and deal; :func:`verify_record` checks it against the record's own
replay (``spades verify RECORD``).
"""

from __future__ import annotations

import hashlib
import secrets as _secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import Card, CardSet
from .core.deck import deck_cards
from .errors import RecordError
from .rules import Rules

__all__ = [
    "SCHEME",
    "FairnessError",
    "Verified",
    "commitment",
    "deal_order",
    "deal_text",
    "fairness_block",
    "new_secret",
    "seeded_fairness",
    "seeded_secret",
    "verify_record",
]

SCHEME: Final = "spades-fair/1"


class FairnessError(ValueError):
    """A record whose deals do not verify; the message says the first reason."""


def new_secret() -> str:
    """A fresh hand secret: 256 bits from the operating system, as 64 hexadecimal digits."""
    return _secrets.token_hex(32)


def seeded_secret(seed: int, index: int) -> str:
    """The secret of hand ``index`` (0 for the first) of a game dealt from ``seed`` by the
    engine: exactly the key :class:`spades.hand.Hand` shuffles with, so the engine's deal of
    that hand is :func:`deal_order` of it (a game on one machine has nobody to hide it from)."""
    return f"spades/{seed}/{index}/0"


def commitment(table: str, hand: int, secret: str) -> str:
    """SHA-256 of ``spades-fair/1\\n{table}\\n{hand}\\n{secret}`` (``hand`` counts from 1), in hex."""
    if "\n" in table:
        raise ValueError("a table name for a commitment has no newline")
    return hashlib.sha256(f"{SCHEME}\n{table}\n{hand}\n{secret}".encode()).hexdigest()


def deal_order(rules: Rules, secret: str) -> list[int]:
    """The card order (card ids) that ``secret`` deals with the pack of ``rules``."""
    base = deck_cards(rules)
    stream = hashlib.shake_128(secret.encode()).digest(8 * len(base))
    keys = [int.from_bytes(stream[8 * i : 8 * i + 8], "little") for i in range(len(base))]
    return [base[i] for i in sorted(range(len(base)), key=keys.__getitem__)]


def deal_text(rules: Rules, order: Sequence[int], dealer: int) -> str:
    """A deal as people read it: PBN-style hands from the dealer's left (``N:AKQ2.J.T98.765
    ...``), or for the two-player game (which draws from a stock) the stock order."""
    if rules.uses_draw:
        return " ".join(str(Card(c)) for c in order)
    from .records import deal_to_string

    n = rules.num_seats
    hands = [0] * n
    for i, c in enumerate(order):
        hands[(dealer + 1 + i) % n] |= 1 << c
    return deal_to_string([CardSet(h) for h in hands], dealer, rules)


def fairness_block(
    table: str, secrets: Sequence[str | None], revealed: int, rules: Rules | None = None,
    dealers: Sequence[int] = (),
) -> dict[str, Any]:
    """The record's ``"fairness"`` object for hands with these secrets (index 0: hand 1): every
    hand's commitment, and for the first ``revealed`` hands the secret and (with ``rules`` and
    the hands' ``dealers``) the deal it makes."""
    hands: list[dict[str, Any]] = []
    for i, secret in enumerate(secrets):
        entry: dict[str, Any] = {"hand": i + 1, "commitment": None, "secret": None}
        if secret is not None:
            entry["commitment"] = commitment(table, i + 1, secret)
            if i < revealed:
                entry["secret"] = secret
                if rules is not None and i < len(dealers):
                    entry["deal"] = deal_text(rules, deal_order(rules, secret), dealers[i])
        hands.append(entry)
    return {"scheme": SCHEME, "table": table, "hands": hands}


def _dealt_decks(record: dict[str, Any]) -> tuple[Rules, list[tuple[int, list[int], int]]]:
    """Replay a record: the rules and, for every hand dealt, (dealer, card order, actions in it)."""
    from .game import Game

    if "position" in record:
        raise FairnessError("the record starts from a given position: it has no fair deal to check")
    if record.get("redraws"):
        raise FairnessError("the record gives its two-player redraws: they were not drawn from a secret")
    try:
        rules = Rules.from_dict(record["rules"])
        game = Game(rules, seed=record["seed"], dealer=record["dealer"], decks=record.get("decks") or [])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"bad record header: {exc}") from None
    dealt = [(game.dealer, [int(c) for c in game.deck], 0)]
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")
    for i, entry in enumerate(actions):
        before = game.hands_played
        try:
            seat, text = entry
            if type(seat) is not int:
                raise TypeError("the seat must be a number")
            game.apply(text, seat=seat)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {i + 1} ({entry!r}) does not replay: {exc}") from None
        dealer, deck, acted = dealt[-1]
        dealt[-1] = (dealer, deck, acted + 1)
        if game.hands_played > before and not game.is_over:
            dealt.append((game.dealer, [int(c) for c in game.deck], 0))
    return rules, dealt


def seeded_fairness(
    rules: Rules, seed: int, first_dealer: int, hands: int, table: str = "local"
) -> dict[str, Any]:
    """The ``"fairness"`` object of a game dealt by the engine from ``seed`` (no given decks),
    of its first ``hands`` hands: :meth:`spades.Game.to_record` adds it to every such record."""
    n = rules.num_seats
    secrets = [seeded_secret(seed, i) for i in range(hands)]
    return fairness_block(table, secrets, hands, rules, [(first_dealer + i) % n for i in range(hands)])


@dataclass(frozen=True)
class Verified:
    """What :func:`verify_record` checked: the table, and the hands whose deals matched."""

    table: str
    hands: int

    def __str__(self) -> str:
        return f"verified: all {self.hands} deals of table {self.table} match their commitments and secrets"


def verify_record(record: dict[str, Any]) -> Verified:
    """Check a record's deals: every hand dealt has a commitment and a revealed secret, the
    commitment is that of the secret, the secret deals exactly the cards the game was played
    with, and any deal written out is that deal.  Raises :class:`FairnessError` (or
    :class:`~spades.errors.RecordError` for a record that does not replay) with the reason."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    fair = record.get("fairness")
    if not isinstance(fair, dict):
        raise FairnessError("the record has no \"fairness\" object: its deals were not committed")
    if fair.get("scheme") != SCHEME:
        raise FairnessError(f"unknown fairness scheme {fair.get('scheme')!r} (this program checks {SCHEME})")
    table = fair.get("table")
    entries = fair.get("hands")
    if not isinstance(table, str) or not isinstance(entries, list):
        raise FairnessError("the fairness object needs a \"table\" text and a \"hands\" list")
    rules, dealt = _dealt_decks(record)
    if len(dealt) > len(entries) and dealt[-1][2] == 0:
        dealt.pop()  # the last hand was dealt but nobody acted in it (a game stopped there)
    if len(entries) < len(dealt):
        raise FairnessError(f"{len(dealt)} hands were dealt but only {len(entries)} have a commitment")
    for i, (dealer, played, _acted) in enumerate(dealt):
        number = i + 1
        entry = entries[i]
        if not isinstance(entry, dict) or entry.get("hand") != number:
            raise FairnessError(f"hand {number}: its fairness entry is missing or out of order")
        secret, committed = entry.get("secret"), entry.get("commitment")
        if not isinstance(committed, str):
            raise FairnessError(f"hand {number}: no commitment was published")
        if not isinstance(secret, str):
            raise FairnessError(f"hand {number}: its secret is not revealed")
        if commitment(table, number, secret) != committed:
            raise FairnessError(
                f"hand {number}: the secret does not match the commitment published before it"
            )
        order = deal_order(rules, secret)
        if order != played:
            k = next(j for j in range(len(order)) if j >= len(played) or order[j] != played[j])
            had = str(Card(played[k])) if k < len(played) else "nothing"
            raise FairnessError(
                f"hand {number}: the cards dealt are not the deal its secret makes "
                f"(card {k + 1} of the deal: {had} was dealt, the secret deals {Card(order[k])})"
            )
        written = entry.get("deal")
        if written is not None and written != deal_text(rules, order, dealer):
            raise FairnessError(
                f"hand {number}: the deal written in the record is not the one its secret makes"
            )
    return Verified(table, len(dealt))
