"""The leak check of tournaments (issue 51), in the style of the duplicate events' one: every
tournament page and every answer of the tournament API, at every stage (registering, each
round, over), anonymous or with a player's key, names no card, no deal's secret, no player's
key or its digest, and the host's key only in the answer that made the tournament.

Six players (so two byes a round), two rounds of one-hand games; one leaves during round 1.
People's seats go to the computer after the grace time (nobody connects)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CARD_RE, FORBIDDEN_KEYS, keys_in

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.storage import hash_token

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'leak.sqlite'}")
    with TestClient(app) as c:
        yield c


class Secrets:
    """Everything no tournament answer may contain, gathered as the test goes."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.seen = 0

    def add(self, label: str, secret: str) -> None:
        self.words[secret] = label
        self.words[hash_token(secret)] = label + "'s digest"

    def check(self, what: str, text: str) -> None:
        self.seen += 1
        assert not CARD_RE.search(text), f"{what}: a card is named"
        for secret, label in self.words.items():
            assert secret not in text, f"{what}: {label} is in it"
        try:
            payload = json.loads(text)
        except ValueError:
            return  # a page
        bad = keys_in(payload) & (FORBIDDEN_KEYS | {"host_key", "host_key_hash", "secrets", "secret", "key"})
        assert not bad, f"{what}: keys {bad}"


def _table_secrets(client: Any, payload: dict[str, Any], secrets: Secrets) -> None:
    """Each table's deal secrets and seed, read from the database, added to what may not leak."""
    storage = client.app.state.manager.storage
    for r in payload["rounds"]:
        for t in r["tables"]:
            row = client.portal.call(storage.load, t["id"])
            for k, s in enumerate(row.secrets):
                secrets.words[s] = f"table {t['id']}'s secret {k}"
            secrets.words[str(row.seed)] = f"table {t['id']}'s seed"


def _look(client: Any, tid: str, keys: dict[str, dict[str, str]], secrets: Secrets) -> dict[str, Any]:
    """The tournament as everybody sees it now: anonymous and with each player's key."""
    out = client.get(f"/api/tournaments/{tid}")
    assert out.status_code == 200
    secrets.check("GET anonymous", out.text)
    for name, key in keys.items():
        r = client.get(f"/api/tournaments/{tid}", headers=key)
        secrets.check(f"GET as {name}", r.text)
        you = r.json()["you"]
        assert you is not None and you["name"] == name
    for page in ("/tournaments", f"/tn/{tid}"):
        secrets.check(page, client.get(page).text)
    return dict(out.json())


def test_no_card_secret_or_key_in_any_tournament_answer(client: Any) -> None:
    secrets = Secrets()
    made = client.post(
        "/api/tournaments",
        json={
            "name": "Leaky?",
            "rounds": 2,
            "hands": 1,
            "start_in": 60,
            "bot_delay": 0,
            "grace": 1,
            "hand_pause": 0,
            "stand_in": "basic",
        },
    )
    assert made.status_code == 200
    tid, host_key = made.json()["id"], made.json()["host_key"]
    secrets.add("the host's key", host_key)
    keys: dict[str, dict[str, str]] = {}
    for name in NAMES:
        r = client.post("/api/players", json={"name": name})
        keys[name] = {"x-player-key": r.json()["key"]}
        secrets.add(f"{name}'s key", r.json()["key"])
    for name, key in keys.items():
        for step, body in (("register", {"name": name}), ("checkin", None)):
            r = client.post(f"/api/tournaments/{tid}/{step}", json=body, headers=key)
            assert r.status_code == 200, r.text
            secrets.check(f"{step} {name}", r.text)
        _look(client, tid, {n: keys[n] for n in NAMES[: NAMES.index(name) + 1]}, secrets)
    # refusals say nothing either
    secrets.check(
        "wrong host key", client.post(f"/api/tournaments/{tid}/start", json={"host_key": "x" * 24}).text
    )
    secrets.check("twice", client.post(f"/api/tournaments/{tid}/register", json={}, headers=keys["Ann"]).text)
    started = client.post(f"/api/tournaments/{tid}/start", json={"host_key": host_key})
    secrets.check("start", started.text)
    _table_secrets(client, started.json(), secrets)
    secrets.check("start, against the tables' secrets", started.text)
    left = client.post(f"/api/tournaments/{tid}/leave", headers=keys["Cy"])
    secrets.check("leave", left.text)
    deadline = time.time() + 120
    while True:
        payload = _look(client, tid, keys, secrets)
        _table_secrets(client, payload, secrets)
        if payload["status"] == "over":
            break
        assert time.time() < deadline, payload
        time.sleep(0.3)
    _look(client, tid, keys, secrets)  # against every table's secrets, now all revealed by the games
    assert [len(r["byes"]) for r in payload["rounds"]] == [2, 2]
    assert secrets.seen > 50, "the check looked at the answers"
