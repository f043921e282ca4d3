"""The display settings of a player (issue 52, "seeing the cards") over the JSON API:
``GET/PUT /api/me/prefs`` (:mod:`spades.server.prefs`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.prefs import DisplayPrefs, parse_prefs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DEFAULTS = {"four_colour": False, "large_cards": False, "high_contrast": None, "reduced_motion": None}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'prefs.sqlite'}")) as c:
        yield c


def _key(client: Any, name: str = "Ann") -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201
    return {"x-player-key": r.json()["key"]}


def test_prefs_are_the_defaults_until_saved(client: Any) -> None:
    r = client.get("/api/me/prefs", headers=_key(client))
    assert r.status_code == 200
    assert r.json() == {"prefs": DEFAULTS, "saved": False}


def test_prefs_put_changes_only_the_settings_given(client: Any) -> None:
    key = _key(client)
    r = client.put("/api/me/prefs", headers=key, json={"four_colour": True, "reduced_motion": True})
    assert r.status_code == 200
    want = {**DEFAULTS, "four_colour": True, "reduced_motion": True}
    assert r.json() == {"prefs": want, "saved": True}
    r = client.put("/api/me/prefs", headers=key, json={"large_cards": True, "reduced_motion": None})
    want = {**want, "large_cards": True, "reduced_motion": None}
    assert r.json()["prefs"] == want
    assert client.get("/api/me/prefs", headers=key).json() == {"prefs": want, "saved": True}


def test_prefs_belong_to_one_player(client: Any) -> None:
    ann, bob = _key(client, "Ann"), _key(client, "Bob")
    client.put("/api/me/prefs", headers=ann, json={"high_contrast": True})
    assert client.get("/api/me/prefs", headers=bob).json() == {"prefs": DEFAULTS, "saved": False}
    assert client.get("/api/me/prefs", headers=ann).json()["prefs"]["high_contrast"] is True


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"sparkles": True}, "sparkles", "There is no display setting called sparkles"),
        ({"large_cards": "yes"}, "large_cards", "large_cards must be true or false"),
        ({"four_colour": 1}, "four_colour", "four_colour must be true or false"),
        ({"four_colour": None}, "four_colour", "four_colour must be true or false"),
        (
            {"high_contrast": "on"},
            "high_contrast",
            "high_contrast must be true, false or null (as the device asks)",
        ),
        ({"large_cards": True, "reduced_motion": []}, "reduced_motion", None),
        ([True], None, "send a JSON object"),
    ],
)
def test_prefs_bad_put_is_refused_with_a_clear_message_and_changes_nothing(
    client: Any, body: Any, field: str | None, message: str | None
) -> None:
    key = _key(client)
    client.put("/api/me/prefs", headers=key, json={"four_colour": True})
    before = client.get("/api/me/prefs", headers=key).json()
    r = client.put("/api/me/prefs", headers=key, json=body)
    assert r.status_code == 400
    data = r.json()
    assert data.get("field") == field
    if message is not None:
        assert data["error"] == message == data["localized"]
    assert client.get("/api/me/prefs", headers=key).json() == before


def test_prefs_bad_json_and_huge_bodies_are_refused(client: Any) -> None:
    key = _key(client)
    r = client.put("/api/me/prefs", headers={**key, "content-type": "application/json"}, content=b"{nope")
    assert r.status_code == 400 and r.json()["error"]
    r = client.put("/api/me/prefs", headers=key, content=b"{" + b" " * 200_000 + b"}")
    assert r.status_code == 413
    assert client.get("/api/me/prefs", headers=key).json()["saved"] is False


def test_prefs_refusals_are_in_the_players_language(client: Any) -> None:
    key = {**_key(client), "accept-language": "ru"}
    r = client.put("/api/me/prefs", headers=key, json={"large_cards": "da"})
    assert r.status_code == 400
    assert r.json()["error"] == "large_cards must be true or false"
    assert r.json()["localized"] != r.json()["error"] and "large_cards" in r.json()["localized"]


def test_prefs_need_a_known_player_key(client: Any) -> None:
    for headers in ({}, {"x-player-key": "x" * 30}):
        assert client.get("/api/me/prefs", headers=headers).status_code == 404
        r = client.put("/api/me/prefs", headers=headers, json={"large_cards": True})
        assert r.status_code == 404 and r.json()["error"] == "That player key is not known here"


def test_prefs_survive_a_server_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as c:
        key = _key(c)
        assert c.put("/api/me/prefs", headers=key, json={"large_cards": True}).status_code == 200
    with TestClient(create_app(db_url)) as c:
        assert c.get("/api/me/prefs", headers=key).json() == {
            "prefs": {**DEFAULTS, "large_cards": True},
            "saved": True,
        }


def test_prefs_parse_keeps_the_base_and_rejects_wrong_kinds() -> None:
    base = DisplayPrefs(four_colour=True)
    assert parse_prefs({}, base) == base
    assert parse_prefs({"reduced_motion": False}, base) == DisplayPrefs(
        four_colour=True, reduced_motion=False
    )
    with pytest.raises(ValueError):
        parse_prefs({"large_cards": 0}, base)
