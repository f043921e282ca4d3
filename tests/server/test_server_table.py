"""The table actor on its own: secret decks for long games, failed writes, the turn timer."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")

from spades import Rules, bots
from spades.server.protocol import ClientMessage
from spades.server.storage import SeatRow, StorageError, TableRow
from spades.server.table import Conn, TableActor, build_game, new_decks, secret_decks


class _Recorder:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.log: list[tuple[int, int, str]] = []
        self.decks: list[list[str]] | None = None
        self.secrets: list[str] = []

    async def append(self, table_id: str, seq: int, seat: int, action: str) -> None:
        if self.fail:
            raise StorageError("disk full")
        self.log.append((seq, seat, action))

    async def finish(self, *args: Any) -> None:
        return None

    async def save_decks(self, table_id: str, decks: list[list[str]], secrets: Any = ()) -> None:
        self.decks = [list(d) for d in decks]
        self.secrets = list(secrets)

    async def save_seats(self, *args: Any) -> None:
        return None


def _row(rules: Rules, seats: list[SeatRow], decks: int, **config: Any) -> TableRow:
    secrets, made = secret_decks(rules, decks)
    return TableRow(
        id="table-one",
        code="ABCDEF",
        created=time.time(),
        public=True,
        rules=rules.to_dict(),
        config={"bot_delay": 0.0, **config},
        seats=seats,
        seed=12345,
        dealer=0,
        decks=made,
        secrets=secrets,
    )


def test_new_decks_are_whole_and_different() -> None:
    for rules in (Rules.preset("partnership"), Rules.preset("three-player")):
        decks = new_decks(rules, 20)
        assert all(len(set(d)) == rules.deck_size == len(d) for d in decks)
        assert len({tuple(d) for d in decks}) == 20  # a repeat would be a 1 in 52! coincidence
        if rules.variant == "three-player":
            assert all("2C" not in d for d in decks)


def test_a_long_game_gets_more_secret_decks_and_still_replays() -> None:
    rules = Rules.preset("partnership", hands=9, blind_nil=False)
    store = _Recorder()
    row = _row(rules, [SeatRow("bot", "random") for _ in range(4)], decks=2)
    actor = TableActor(row, store)  # type: ignore[arg-type]
    players = [bots.get("random", seed=s) for s in range(4)]

    async def play() -> None:
        while not actor.game.is_over:
            s = actor.game.to_act
            assert s is not None
            await actor._commit(s, players[s].act(actor.game.view(s)))

    asyncio.run(play())
    assert actor.game.hands_played == 9
    assert store.decks is not None and len(store.decks) >= 9
    # the decks made later have secrets too (docs/fairness.md): one per deck, the old kept
    assert len(store.secrets) == len(store.decks) and store.secrets[:2] == row.secrets[:2]
    # every hand was dealt from a stored secret deck, so the saved row replays the same game
    row.decks = store.decks
    row.actions = [(seat, text) for _, seat, text in store.log]
    rebuilt = build_game(row)
    assert rebuilt.is_over and rebuilt.scores == actor.game.scores
    assert [str(a) for _, a in rebuilt.actions] == [t for _, _, t in store.log]


def test_a_failed_write_takes_the_action_back() -> None:
    rules = Rules.preset("partnership", blind_nil=False)
    store = _Recorder(fail=True)
    row = _row(
        rules, [SeatRow("human", token_hash="x")] + [SeatRow("bot", "random") for _ in range(3)], decks=1
    )
    row.dealer = 3  # seat 0 bids first
    actor = TableActor(row, store)  # type: ignore[arg-type]
    conn = Conn(seat=0, joined=True)
    actor.conns.add(conn)
    before = actor.game.to_record()

    async def act() -> None:
        await actor._on_message(conn, ClientMessage("act", action="bid 4", v=0))

    asyncio.run(act())
    msg = json.loads(conn.outbox.get_nowait())  # type: ignore[arg-type]
    assert msg["type"] == "error" and msg["code"] == "storage" and "could not save" in msg["message"]
    assert actor.game.to_record() == before and actor.version == 0
    assert conn.outbox.empty()  # nobody was told about an action that is not saved


def test_turn_timer_plays_one_turn_then_the_seat_is_away_until_the_player_is_back() -> None:
    rules = Rules.preset("partnership", blind_nil=False)
    store = _Recorder()
    row = _row(
        rules,
        [SeatRow("human", token_hash="x")] + [SeatRow("bot", "random") for _ in range(3)],
        decks=1,
        turn_timer=0.3,
        grace=600,
        bot_delay=0.05,
    )
    row.dealer = 3
    actor = TableActor(row, store)  # type: ignore[arg-type]
    conn = Conn(seat=0, joined=True)
    actor.conns.add(conn)
    actor.away_since[0] = None

    async def run() -> None:
        actor.start()
        deadline = time.monotonic() + 10
        while not store.log and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert store.log and store.log[0][1] == 0, "the computer bid for seat 0 when its time ran out"
        assert not actor.auto[0] and actor.missed[0] == 1  # one timeout: the person stays in charge
        while not actor.auto[0] and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert actor.auto[0], "the second timeout in a row marks the seat away"
        assert not conn.dead
        actor.post("msg", conn, ClientMessage("back"))
        deadline = time.monotonic() + 5
        while actor.auto[0] and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert not actor.auto[0]
        await actor.stop()

    asyncio.run(run())


def test_schema_is_versioned_and_a_newer_one_is_refused(tmp_path: Any) -> None:
    from sqlalchemy import update

    from spades.server.storage import SCHEMA_VERSION, Storage, meta_table

    url = f"sqlite:///{tmp_path / 'v.sqlite'}"

    async def run() -> None:
        store = await Storage.open(url)
        assert await store.schema_version() == SCHEMA_VERSION
        async with store.engine.begin() as conn:
            await conn.execute(update(meta_table).values(value=str(SCHEMA_VERSION + 1)))
        await store.close()
        with pytest.raises(StorageError, match="newer than this program"):
            await Storage.open(url)

    asyncio.run(run())


def test_a_game_whose_end_was_logged_but_not_marked_is_marked_on_load(tmp_path: Any) -> None:
    """The server can die between logging the last action and marking the table finished."""
    from spades.server.manager import TableManager
    from spades.server.storage import Storage

    rules = Rules.preset("cutthroat", hands=1)
    row = _row(rules, [SeatRow("bot", "random") for _ in range(4)], decks=2)
    game = build_game(row)
    players = [bots.get("random", seed=s) for s in range(4)]
    while not game.is_over:
        s = game.to_act
        assert s is not None
        game.apply(players[s].act(game.view(s)), seat=s)

    async def run() -> None:
        store = await Storage.open(f"sqlite:///{tmp_path / 'f.sqlite'}")
        try:
            await store.create_table(row)
            for i, (seat, action) in enumerate(game.actions):
                await store.append(row.id, i + 1, seat, str(action))
            assert (await store.load(row.id)).finished is False  # type: ignore[union-attr]
            assert row.id in await store.table_ids(unfinished_only=True)
            manager = TableManager(store)
            await manager.start()
            assert manager.tables[row.id].game.is_over
            assert (await store.load(row.id)).finished is True  # type: ignore[union-attr]
            assert row.id not in await store.table_ids(unfinished_only=True)
            await manager.stop()
        finally:
            await store.close()

    asyncio.run(run())


def test_prepare_bots_compiles_the_expert_on_a_daemon_thread() -> None:
    """`spades serve` starts this before serving: a stopping server never waits for it."""
    from spades.server.table import prepare_bots
    from spades.solver import kernel
    from spades.solver._jit import JIT_ENABLED

    thread = prepare_bots()
    assert thread.daemon
    thread.join(timeout=300)
    assert not thread.is_alive()
    if JIT_ENABLED:
        assert kernel.card_values.signatures  # type: ignore[attr-defined]


def test_the_table_pauses_between_hands_until_everybody_is_ready() -> None:
    rules = Rules.preset("partnership", hands=2, blind_nil=False)
    store = _Recorder()
    seats = [SeatRow("human", token_hash="x")] + [SeatRow("bot", "random") for _ in range(3)]
    row = _row(rules, seats, decks=2, hand_pause=30, turn_timer=5, grace=600, bot_delay=0.0)
    actor = TableActor(row, store)  # type: ignore[arg-type]
    conn = Conn(seat=0, joined=True)
    actor.conns.add(conn)
    actor.away_since[0] = None
    me = bots.get("random", seed=1)

    async def run() -> None:
        # play the first hand by hand (seat 0 included)
        while actor.game.hands_played == 0:
            s = actor.game.to_act
            assert s is not None
            await actor._commit(s, (me if s == 0 else actor._bot(s)).act(actor.game.view(s)))
        assert actor.pause_until is not None
        v = actor.version
        actor.start()
        await asyncio.sleep(0.5)
        assert actor.version == v, "nobody moves while the hand's summary is read"
        timer = actor._timer()
        assert timer is None or timer["left"] == 5  # the turn timer waits too
        actor.post("msg", conn, ClientMessage("ready"))
        deadline = time.monotonic() + 5
        while actor.version == v and actor.game.to_act != 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert actor.pause_until is None
        assert actor.version > v or actor.game.to_act == 0
        await actor.stop()

    asyncio.run(run())


def test_a_batch_of_appends_commits_every_good_row_and_refuses_only_the_duplicate(db_url: str) -> None:
    """Appends queued together are written as one batch (PostgreSQL: one statement); a
    duplicate (table, seq) fails that batch, which is then written row by row: only the
    duplicate's caller gets the error and every other row is stored, in order."""
    from spades.server.storage import Storage

    rules = Rules.preset("cutthroat", hands=1)
    row = _row(rules, [SeatRow("bot", "random") for _ in range(4)], decks=1)

    async def run() -> None:
        store = await Storage.open(db_url)
        try:
            await store.create_table(row)
            await store.append(row.id, 1, 0, "bid 3")
            # queued in the same event-loop turn: the writer takes them as one batch
            results = await asyncio.gather(
                store.append(row.id, 2, 1, "bid 4"),
                store.append(row.id, 1, 1, "bid 5"),  # seq 1 is stored already
                store.append(row.id, 3, 2, "bid 2"),
                return_exceptions=True,
            )
            assert results[0] is None and results[2] is None
            assert isinstance(results[1], StorageError)
            got = [(seq, seat, text) for seq, seat, text in await store.actions(row.id)]
            assert got == [(1, 0, "bid 3"), (2, 1, "bid 4"), (3, 2, "bid 2")]
            # the writer carries on after the failed batch
            await store.append(row.id, 4, 3, "bid 1")
            assert len(await store.actions(row.id)) == 4
        finally:
            await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat"])
def test_the_public_facts_are_the_same_from_every_seats_view(preset: str) -> None:
    """A broadcast encodes the public facts once, from one seat's view, for every recipient
    (TableActor._view_text): that needs them to be the same whichever seat's view they come
    from, and the spliced text to equal the whole view's encoding."""
    from spades.server.protocol import SPECTATOR_PRIVATE, private_facts, public_facts, public_view, seat_view
    from spades.server.table import _dumps

    rules = Rules.preset(preset, blind_nil=True, blind_nil_exchange=2, blind_nil_min_deficit=0, hands=2)
    seats = [SeatRow("bot", "random") for _ in range(rules.num_seats)]
    game = build_game(_row(rules, seats, decks=3))
    players = [bots.get("random", seed=s) for s in range(rules.num_seats)]
    steps = 0
    while not game.is_over:
        views = [game.view(s) for s in range(rules.num_seats)]
        texts = {_dumps(public_facts(v)) for v in views}
        assert len(texts) == 1
        public = texts.pop()[:-1]
        for v in views:
            assert public + "," + _dumps(private_facts(v))[1:] == _dumps(seat_view(v))
        assert public + "," + _dumps(SPECTATOR_PRIVATE)[1:] == _dumps(public_view(views[0]))
        s = game.to_act
        assert s is not None
        game.apply(players[s].act(views[s]), seat=s)
        steps += 1
    assert steps > 20
