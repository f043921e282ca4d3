"""No message ever names a card its recipient may not know.

Hundreds of short games of computer players run through the real message layer
(:class:`spades.server.table.TableActor` with a recording connection per seat and a
spectator, the database replaced by a stub).  After every action, every message
is scanned for card names and checked against what that recipient may know,
computed by this test from the omniscient game:

* everybody: the cards played so far this hand;
* a seat: its own hand once it has looked (blind nil still open: not even that),
  the cards it passed or was passed in the exchange, and in the two-player game
  the card it is shown while drawing and both cards of each of its draws.

Cards of the previous hand appear only under ``prev_trick`` and in events of
that hand; they are checked against the previous hand.

The deals are provably fair (docs/fairness.md): no message carries the secret of a hand
before that hand is over (nor of a deck kept for later hands), and every message carries
the commitment to the deal being played.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from server_helpers import FORBIDDEN_KEYS, cards_in, forbidden_keys_in_text, keys_in

pytest.importorskip("starlette")

from spades import Rules, bots
from spades.actions import Choice, Pass
from spades.fairness import commitment
from spades.game import Phase
from spades.server.storage import SeatRow, TableRow
from spades.server.table import Conn, TableActor, secret_decks


class _Stub:
    """Storage that accepts everything (the leak test is about messages, not disks)."""

    async def append(self, *args: Any) -> None:
        return None

    async def finish(self, *args: Any) -> None:
        return None

    async def save_decks(self, *args: Any) -> None:
        return None


def _rules(i: int) -> Rules:
    presets = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]
    name = presets[i % len(presets)]
    opts: dict[str, Any] = {"hands": 1 + (i % 25 == 0)}
    if name == "partnership" and i % 2:
        opts["blind_nil_exchange"] = 2
    return Rules.preset(name, **opts)


class Knowledge:
    """What each seat (and a spectator, key None) may know in the current hand."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.seen: dict[int | None, set[str]] = {s: set() for s in [*range(n), None]}
        self.prev: dict[int | None, set[str]] = {s: set() for s in [*range(n), None]}

    def new_hand(self) -> None:
        self.prev = self.seen
        self.seen = {s: set() for s in [*range(self.n), None]}

    def before(self, game: Any, seat: int, action: Any, draws: int) -> None:
        if game.phase is Phase.DRAW:  # the seat sees the top card and the next one
            deck = game.deck
            self.seen[seat] |= {str(deck[2 * draws]), str(deck[2 * draws + 1])}
        if isinstance(action, Pass):
            giver, receiver = game.view(seat).exchange
            names = {str(c) for c in action.cards}
            self.seen[giver] |= names
            self.seen[receiver] |= names

    def after(self, game: Any, draws: int = 0) -> None:
        if game.phase is Phase.DRAW:  # the seat drawing is shown the top card of the stock
            self.seen[game.to_act].add(str(game.deck[2 * draws]))
        played = {str(c) for t in game.tricks for c in t.cards} | {str(c) for _, c in game.trick}
        for s in list(self.seen):
            self.seen[s] |= played
        for s in range(self.n):
            if game._hand._looked[s]:  # looked at its cards (engine internals: cheaper than a view)
                self.seen[s] |= {str(c) for c in game.hand(s)}

    def check(self, recipient: int | None, msg: dict[str, Any], hand_number: int) -> None:
        bad_keys = keys_in(msg) & FORBIDDEN_KEYS
        assert not bad_keys, f"message carries {bad_keys}"
        current = dict(msg, events=[e for e in msg["events"] if e["hand"] == hand_number])
        leaked = cards_in(current, skip=("prev_trick",)) - self.seen[recipient]
        assert not leaked, (
            f"seat {recipient} was sent {sorted(leaked)} it may not know: {json.dumps(msg)[:400]}"
        )
        old = {"events": [e for e in msg["events"] if e["hand"] != hand_number], "p": msg.get("prev_trick")}
        leaked = cards_in(old) - self.prev[recipient]
        assert not leaked, f"seat {recipient} was sent {sorted(leaked)} of the previous hand"


async def _play(i: int, rng: random.Random) -> int:
    rules = _rules(i)
    n = rules.num_seats
    secrets, decks = secret_decks(rules, 2)
    row = TableRow(
        id=f"leak{i}",
        code="LEAK",
        created=time.time(),
        public=True,
        rules=rules.to_dict(),
        config={"bot_delay": 0},
        seats=[SeatRow("bot", "random") for _ in range(n)],
        seed=rng.getrandbits(63),
        dealer=rng.randrange(n),
        decks=decks,
        secrets=secrets,
    )
    actor = TableActor(row, _Stub())  # type: ignore[arg-type]
    # the first hand's commitment is there before anybody acts
    assert actor._shared()["fair"]["hand"] == {"number": 1, "commitment": commitment(row.id, 1, secrets[0])}
    conns: dict[int | None, Conn] = {}
    for s in [*range(n), None]:
        conn = Conn(seat=s, since=0, joined=True)
        actor.conns.add(conn)
        conns[s] = conn
    players = [bots.get("random", seed=rng.getrandbits(32)) for _ in range(n)]
    know = Knowledge(n)
    know.after(actor.game)
    messages = 0
    draws = 0
    while not actor.game.is_over:
        game = actor.game
        seat = game.to_act
        hand_before = game.hands_played
        action = players[seat].act(game.view(seat))
        know.before(game, seat, action, draws)
        if game.phase is Phase.DRAW:
            draws += 1
        await actor._commit(seat, action)
        if actor.game.hands_played != hand_before and not actor.game.is_over:
            for s in know.seen:  # the card that ended the hand was played for all to see
                know.seen[s].add(str(action))
            know.new_hand()
            draws = 0
        know.after(actor.game, draws)
        for s, conn in conns.items():
            while not conn.outbox.empty():
                text = conn.outbox.get_nowait()
                assert text is not None
                messages += 1
                assert not forbidden_keys_in_text(text)
                # a hand's secret only once the hand is over (decks made later included)
                for k in range(actor.game.hands_played, len(actor.row.secrets)):
                    assert actor.row.secrets[k] not in text, f"hand {k + 1}'s secret sent before its end"
                if not actor.game.is_over:
                    played = actor.game.hands_played
                    fair = commitment(row.id, played + 1, actor.row.secrets[played])
                    assert f'"commitment":"{fair}"' in text
                if cards_in(text) <= know.seen[s] and s is not None:
                    continue  # fast path: every card named is one this seat knows now
                msg = json.loads(text)
                assert msg["you"] == s
                # a finished game still shows its last hand
                know.check(s, msg, actor.game.hands_played - actor.game.is_over)
                if s is None:
                    assert msg["view"]["hand"] is None and msg["view"]["legal"] is None
        _ = Choice  # (documentation: keep/reject and look carry no cards)
    return messages


def test_hundreds_of_games_never_leak_a_card() -> None:
    rng = random.Random(20261129)

    async def main() -> tuple[int, int]:
        total = 0
        games = 200
        for i in range(games):
            total += await _play(i, rng)
        return games, total

    games, total = asyncio.run(main())
    assert games == 200 and total > games * 50


def test_the_leak_checker_catches_a_planted_card() -> None:
    """The check above can fail: a message with another seat's card is caught."""
    know = Knowledge(4)
    know.seen[0] = {"AS", "KS"}
    msg = {"you": 0, "view": {"hand": ["AS", "KS"]}, "events": [{"hand": 0, "text": "play QH"}]}
    with pytest.raises(AssertionError, match="QH"):
        know.check(0, msg, 0)
    with pytest.raises(AssertionError, match="seed"):
        know.check(0, {"you": 0, "seed": 1, "events": []}, 0)
    know.check(0, {"you": 0, "view": {"hand": ["AS"]}, "events": [{"hand": 0, "text": "bid 4"}]}, 0)


def test_chat_replays_and_player_pages_never_leak_a_card_or_a_secret(tmp_path: Any) -> None:
    """Mid-game, everything a player or a stranger can fetch (chat, replay, player pages,
    leaderboard, table facts) names no card and carries no other player's secret."""
    pytest.importorskip("httpx2")
    from server_helpers import recv_state, recv_type
    from starlette.testclient import TestClient

    from spades.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'leak.sqlite'}")) as client:
        ann = client.post("/api/players", json={"name": "Ann"}).json()
        bob = client.post("/api/players", json={"name": "Bob"}).json()
        body = {
            "seats": ["you", "open", "bot:basic", "bot:basic"],
            "bot_delay": 0,
            "options": {"blind_nil": False},
        }
        t = client.post("/api/tables", json=body, headers={"x-player-key": ann["key"]}).json()
        j = client.post(f"/api/tables/{t['id']}/join", json={}, headers={"x-player-key": bob["key"]}).json()
        received: dict[str, list[Any]] = {"ann": [], "bob": [], "stranger": []}
        with (
            client.websocket_connect(f"/ws/{t['id']}") as a,
            client.websocket_connect(f"/ws/{t['id']}") as b,
            client.websocket_connect(f"/ws/{t['id']}") as s,
        ):
            a.send_json({"type": "hello", "token": t["token"]})
            b.send_json({"type": "hello", "player": bob["key"]})
            s.send_json({"type": "hello"})
            for ws in (a, b, s):
                recv_state(ws)
            a.send_json({"type": "chat", "text": "good luck partner"})
            s.send_json({"type": "chat", "text": "hi all"})
            received["bob"].append(recv_type(b, "chat"))
            received["stranger"].append(recv_type(s, "chat"))
            received["ann"].append(recv_type(a, "chat"))
        assert received["bob"][0]["text"] == "good luck partner"
        assert received["stranger"][0]["text"] == "hi all"
        hands = {
            str(c) for seat in range(4) for c in client.app.state.manager.tables[t["id"]].game.hand(seat)
        }
        assert len(hands) == 52  # nothing played yet: every card is hidden from someone
        fetched = {
            "replay": client.get(f"/api/tables/{t['id']}/replay").json(),
            "record": client.get(f"/api/tables/{t['id']}/record").json(),
            "analysis": client.get(f"/api/tables/{t['id']}/analysis/0").json(),
            "table": client.get(f"/api/tables/{t['id']}").json(),
            "ann_page": client.get(f"/api/players/{ann['id']}").json(),
            "bob_page": client.get(f"/api/players/{bob['id']}").json(),
            "leaders": client.get("/api/leaders").json(),
            "me": client.get("/api/me", headers={"x-player-key": ann["key"]}).json(),
        }
        for name, value in [*fetched.items(), *((k, v) for k, vs in received.items() for v in vs)]:
            assert not cards_in(value) & hands, f"{name} names a hidden card"
            assert not keys_in(value) & (FORBIDDEN_KEYS | {"key", "key_hash"}), (
                f"{name} carries a secret field"
            )
            text = json.dumps(value)
            deal_secrets = client.app.state.manager.tables[t["id"]].row.secrets
            for secret in (ann["key"], bob["key"], t["token"], j["token"], *deal_secrets):
                assert secret not in text, f"{name} carries a secret"
        assert fetched["replay"]["error"].startswith("The game is not finished")
        assert fetched["record"]["error"].startswith("The game is not finished")
        assert fetched["analysis"]["error"].startswith("The game is not finished")
