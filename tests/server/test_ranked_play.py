"""Ranked play's rules (issue 51, players.py): a game is rated only when every seat is a person
with a player identity, as the tournament page says; a person who left a rated game is rated
as if their side had come last, while everybody else is rated by the real scores, so a leaver
on the winning side loses rating while the partner who stayed gains."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from spades.server.players import rate_finished_game
from spades.server.storage import SeatRow, Storage, TableRow, hash_token
from spades.server.table import secret_decks
from spades.server.tournament_store import tournament_rules

STATIC = Path(__file__).resolve().parents[2] / "src" / "spades" / "server" / "static"
NAMES = ["Ann", "Bea", "Cy", "Dee"]


async def _table(store: Storage, kinds: list[str]) -> TableRow:
    """Four new players and a stored partnership table, seat ``i`` player ``NAMES[i]`` (a
    computer where ``kinds[i]`` is ``bot``)."""
    rules = tournament_rules(1)
    hand_secrets, decks = secret_decks(rules, 2)
    seats = []
    for name, kind in zip(NAMES, kinds):
        await store.create_player(name.lower(), name, hash_token(name + "-key"))
        seats.append(SeatRow(kind, name=name, player=name.lower() if kind == "human" else None))
    row = TableRow(
        id="T" + "".join(k[0] for k in kinds),
        code="ABCDEF",
        created=0.0,
        public=False,
        rules=rules.to_dict(),
        config={},
        seats=seats,
        seed=1,
        dealer=0,
        decks=decks,
        secrets=hand_secrets,
    )
    await store.create_table(row)
    return row


async def _rate(db: Path, kinds: list[str], scores: list[int], leavers: list[int]) -> tuple[bool, list[Any]]:
    store = await Storage.open(f"sqlite:///{db}")
    try:
        row = await _table(store, kinds)
        rated = await rate_finished_game(store, row, scores, leavers)
        facts = [await store.player(n.lower()) for n in NAMES]
        history = [await store.rating_history(n.lower()) for n in NAMES]
        return rated, [{**f, "history": h} for f, h in zip(facts, history)]
    finally:
        await store.close()


def test_a_leaver_on_the_winning_side_loses_rating_while_the_partner_gains(tmp_path: Path) -> None:
    # North-South (Ann, Cy) win 250 to 80; Ann left the game (the computer finished it for her)
    rated, after = asyncio.run(_rate(tmp_path / "left.sqlite", ["human"] * 4, [250, 80], [0]))
    assert rated
    ann, bea, cy, dee = after
    assert ann["mu"] < 25.0, "the leaver is rated as if her side came last"
    assert cy["mu"] > 25.0, "her partner, who stayed, is rated by the real result: a win"
    assert bea["mu"] < 25.0 and dee["mu"] < 25.0, "the losers lose as usual"
    assert [p["history"][-1]["won"] for p in after] == [False, False, True, False]
    assert all(p["rated"] == 1 and p["provisional"] for p in after)
    assert ann["rating"] < 1500 < cy["rating"], "shown on the 1500 scale"
    # the partner's gain is exactly the gain without any leaver
    _, fair = asyncio.run(_rate(tmp_path / "fair.sqlite", ["human"] * 4, [250, 80], []))
    assert fair[2]["mu"] == cy["mu"] and fair[0]["mu"] == cy["mu"]
    assert fair[1]["mu"] == bea["mu"], "the opponents are rated by the real scores too"


def test_a_game_with_a_computer_seat_is_not_rated(tmp_path: Path) -> None:
    rated, after = asyncio.run(
        _rate(tmp_path / "bot.sqlite", ["human", "human", "human", "bot"], [250, 80], [])
    )
    assert rated is False
    assert all(p["mu"] is None and p["rated"] == 0 and p["history"] == [] for p in after)
    # the rule is the one the tournament page states
    assert "a game is rated when all four seats are people" in (STATIC / "tournament.js").read_text()
