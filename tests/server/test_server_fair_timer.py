"""Fair turn timers (issue 46, defect 3): a timeout plays one turn for the person, who stays in
charge; two timeouts in a row, or a timeout while disconnected, mark the seat away and a
computer stands in until the person returns.  Run with a short timer on the table actor."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")

from spades import Rules
from spades.server.protocol import ClientMessage
from spades.server.storage import SeatRow, TableRow
from spades.server.table import TIMER_RULE, Conn, TableActor, new_decks


class _Recorder:
    def __init__(self) -> None:
        self.log: list[tuple[int, int, str]] = []

    async def append(self, table_id: str, seq: int, seat: int, action: str) -> None:
        self.log.append((seq, seat, action))

    async def finish(self, *args: Any) -> None:
        return None

    async def save_decks(self, *args: Any) -> None:
        return None

    async def save_seats(self, *args: Any) -> None:
        return None


def _actor(timer: float = 0.3, blind_nil: bool = False) -> tuple[TableActor, _Recorder, Conn]:
    rules = Rules.preset("partnership", blind_nil=blind_nil, blind_nil_min_deficit=0)
    store = _Recorder()
    row = TableRow(
        id="timer-table",
        code="TIMERS",
        created=time.time(),
        public=True,
        rules=rules.to_dict(),
        config={"bot_delay": 0.02, "turn_timer": timer, "grace": 600},
        seats=[SeatRow("human", token_hash="x")] + [SeatRow("bot", "random") for _ in range(3)],
        seed=7,
        dealer=3,  # seat 0 acts first
        decks=new_decks(rules, 2),
    )
    actor = TableActor(row, store)  # type: ignore[arg-type]
    conn = Conn(seat=0, joined=True)
    actor.conns.add(conn)
    actor.away_since[0] = None
    return actor, store, conn


async def _until(cond: Any, limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.01)


def _by_seat0(store: _Recorder) -> list[str]:
    return [a for _, s, a in store.log if s == 0]


def _states(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


def test_one_timeout_plays_one_turn_and_the_player_stays_in_charge() -> None:
    actor, store, conn = _actor(timer=1.0)

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)  # the timer ran out once: one bid for seat 0
        assert not actor.auto[0], "one timeout must not hand the seat to the computer"
        assert actor.missed[0] == 1
        # the bots bid, and it is seat 0's turn again: the person has their whole timer
        await _until(lambda: actor.game.to_act == 0)
        timer = actor._timer()
        assert timer is not None and timer["seat"] == 0
        n = len(store.log)
        await asyncio.sleep(0.15)  # well past the computers' delay: nobody plays for the person
        assert len(store.log) == n and actor.game.to_act == 0
        action = str(actor.game.legal_actions()[0])
        actor.post("msg", conn, ClientMessage("act", action=action, v=actor.version))
        await _until(lambda: len(_by_seat0(store)) == 2)
        assert _by_seat0(store)[1] == action and actor.missed[0] == 0 and not actor.auto[0]
        await actor.stop()

    asyncio.run(run())


def test_two_timeouts_in_a_row_mark_the_seat_away_until_the_player_is_back() -> None:
    actor, store, conn = _actor()

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)
        assert not actor.auto[0]
        await _until(lambda: len(_by_seat0(store)) == 2)
        assert actor.auto[0] and actor.missed[0] == 2, "the second timeout in a row marks the seat away"
        # away: the computer goes on playing for the seat (no timer)
        await _until(lambda: len(_by_seat0(store)) >= 3)
        seats = [m for m in _states(conn) if m["type"] == "state" and "table" in m]
        assert seats[-1]["table"]["seats"][0]["away"] is True
        assert seats[-1]["table"]["seats"][0]["missed"] >= 2
        assert [s["away"] for s in seats[-1]["table"]["seats"][1:]] == [False] * 3
        actor.post("msg", conn, ClientMessage("back"))
        await _until(lambda: not actor.auto[0])
        assert actor.missed[0] == 0
        back = [m for m in _states(conn) if "table" in m or m["type"] == "presence"]
        last = back[-1]["table"]["seats"] if "table" in back[-1] else back[-1]["seats"]
        assert last[0]["away"] is False
        await actor.stop()

    asyncio.run(run())


def test_a_players_own_move_between_timeouts_starts_the_count_again() -> None:
    actor, store, conn = _actor(timer=1.0)

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)
        await _until(lambda: actor.game.to_act == 0)
        actor.post(
            "msg", conn, ClientMessage("act", action=str(actor.game.legal_actions()[-1]), v=actor.version)
        )
        await _until(lambda: len(_by_seat0(store)) == 2)
        assert actor.missed[0] == 0
        await _until(lambda: len(_by_seat0(store)) == 3)  # a timeout again: the first in a row
        assert not actor.auto[0] and actor.missed[0] == 1
        await actor.stop()

    asyncio.run(run())


def test_a_timeout_while_disconnected_marks_the_seat_away_at_once() -> None:
    actor, store, conn = _actor()
    actor.row.seats[0].player = "ann-id"
    actor.conns.discard(conn)
    actor.away_since[0] = time.monotonic()

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)
        assert actor.auto[0], "a person who is not there is marked away at their first timeout"
        # coming back (a new connection, its seat found by the player's key) returns the seat
        back = Conn()
        actor.post("join", back, None, None, "ann-id")
        await _until(lambda: back.seat == 0)
        assert not actor.auto[0] and actor.missed[0] == 0
        await actor.stop()

    asyncio.run(run())


def test_a_timeout_never_commits_the_person_to_blind_nil() -> None:
    actor, store, _conn = _actor(blind_nil=True)

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)
        assert _by_seat0(store)[0] == "look"
        await actor.stop()

    asyncio.run(run())


def test_the_timer_rule_is_in_the_table_facts() -> None:
    actor, _store, _conn = _actor()
    assert actor.info()["timer_rule"] == TIMER_RULE
    assert "one turn" in TIMER_RULE and "two missed turns in a row" in TIMER_RULE
    actor.turn_timer = 0
    assert actor.info()["timer_rule"] is None


def test_a_timeout_is_told_to_the_table_and_the_move_only_to_its_seat() -> None:
    actor, store, conn = _actor()
    spectator = Conn(joined=True)
    actor.conns.add(spectator)

    async def run() -> None:
        actor.start()
        await _until(lambda: len(_by_seat0(store)) == 1)
        await actor.stop()

    asyncio.run(run())
    mine = [m for m in _states(conn) if m["type"] == "timeout"]
    theirs = [m for m in _states(spectator) if m["type"] == "timeout"]
    assert mine == [{"type": "timeout", "seat": 0, "missed": 1, "away": False, "action": _by_seat0(store)[0]}]
    assert theirs == [{"type": "timeout", "seat": 0, "missed": 1, "away": False}]
