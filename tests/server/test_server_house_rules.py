"""House rules as people choose them (issue 46, defect 7 and the lobby's friction): refusals in
the player's language and words with the option named, a range for every option exposed and
enforced, research presets kept out of the lobby, blind nil by default only when behind, and
lobby rows that say what the table is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import recv_state

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.server import create_app
from spades.server.limits import Limits
from spades.server.options import RANGES

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'rules.sqlite'}", limits=Limits.off())) as c:
        yield c


def _refused(client: Any, options: dict[str, Any], lang: str = "en", preset: str = "partnership") -> Any:
    r = client.post(
        "/api/tables", json={"preset": preset, "options": options}, headers={"accept-language": lang}
    )
    assert r.status_code == 400, (options, r.text)
    return r.json()


def test_house_rule_errors_speak_the_players_words_not_python(client: Any) -> None:
    got = _refused(client, {"target_score": None})
    assert got["error"] == "target score must be a whole number from 50 to 5000"
    assert got["field"] == "target_score"
    for lang, label in (("ru", "цель"), ("bg", None), ("is", None), ("mk", None), ("hy", None)):
        said = _refused(client, {"target_score": None}, lang)
        assert said["field"] == "target_score"
        text = said["localized"]
        assert "target_score" not in text and "None" not in text and "whole number" not in text, (lang, text)
        assert "50" in text and "5000" in text
        if label:
            assert label in text
    cases = [
        ({"nil_bonus": "100"}, "nil_bonus", "nil bonus must be a whole number from 0 to 1000"),
        ({"nil": 1}, "nil", "nil must be on or off"),
        ({"hands": 2.5}, "hands", "hands per game must be empty or a whole number from 1 to 100"),
        (
            {"losing_score": 10},
            "losing_score",
            "losing score must be empty or a whole number from -5000 to 0",
        ),
        (
            {"nil": False, "blind_nil": True},
            "blind_nil",
            "blind nil needs nil bids: turn nil on or blind nil off",
        ),
        ({"boston_wins": True, "boston_bonus": 100}, "boston_bonus", "choose either a Boston bonus"),
        ({"colour": 1}, "colour", "unknown rule option"),
    ]
    for options, field, words in cases:
        got = _refused(client, options, "ru")
        assert got["field"] == field and words in got["error"], (options, got)
        assert got["localized"] != got["error"], (options, got)  # said in Russian
    # nil off turns blind nil off too (the option's help says so), unless blind nil is asked for
    r = client.post("/api/tables", json={"options": {"nil": False}, "bot_delay": 0})
    assert r.status_code == 201, r.text
    rules = client.get(f"/api/tables/{r.json()['id']}").json()["rules"]
    assert rules["nil"] is False and rules["blind_nil"] is False
    got = _refused(client, {"max_side_bid": 10}, preset="cutthroat")
    assert (
        got["field"] == "max_side_bid"
        and got["error"] == "most tricks partners may bid applies to partnerships only"
    )
    r = client.post("/api/tables", json={"bot_delay": 99}, headers={"accept-language": "ru"}).json()
    assert r["field"] == "bot_delay" and r["error"] == "computer delay must be a number from 0 to 5"
    assert "computer delay" not in r["localized"]


def test_every_option_has_a_range_shown_and_enforced(client: Any) -> None:
    from spades.rules import OPTIONS

    assert set(RANGES) == {o.name for o in OPTIONS if o.kind in ("int", "optint")}  # each chosen
    config = client.get("/api/config").json()
    for opt in config["options"]:
        if opt["kind"] in ("int", "optint"):
            assert isinstance(opt["min"], int) and isinstance(opt["max"], int), opt
            value = config["presets"]["partnership"][opt["name"]]
            assert value is None or opt["min"] <= value <= opt["max"], opt
    assert config["limits"]["two-player"]["first_dealer"] == {"min": 0, "max": 1}
    assert config["limits"]["partnership"]["target_score"] == {"min": 50, "max": 5000}
    assert {s["name"] for s in config["settings"]} >= {"turn_timer", "grace", "bot_delay", "hand_pause"}
    for huge in (99999999, 10**30, -(10**30)):
        got = _refused(client, {"target_score": huge})
        assert got["field"] == "target_score"
    for name, (lo, hi) in RANGES.items():
        preset = "partnership"
        top = config["limits"][preset][name]["max"]
        assert top <= hi
        got = _refused(client, {name: top + 1}, preset=preset)
        assert got["field"] == name, (name, got)
        got = _refused(client, {name: lo - 1}, preset=preset)
        assert got["field"] == name, (name, got)
    ok = client.post("/api/tables", json={"options": {"target_score": 5000, "hands": 100}, "bot_delay": 0})
    assert ok.status_code == 201


def test_research_presets_are_not_offered_to_people(client: Any) -> None:
    config = client.get("/api/config").json()
    assert "openspiel" not in config["presets"] and "openspiel" in config["research_presets"]
    r = client.post("/api/play-now", json={"preset": "openspiel", "name": "Ann"})
    assert r.status_code == 400 and r.json()["field"] == "preset"
    # tools still create them through the API
    r = client.post("/api/tables", json={"preset": "openspiel", "seats": ["bot:random"] * 4, "bot_delay": 1})
    assert r.status_code == 201


def test_blind_nil_is_offered_by_default_only_when_behind_by_100(client: Any) -> None:
    config = client.get("/api/config").json()
    for name in ("partnership", "two-player", "cutthroat", "three-player"):
        assert config["presets"][name]["blind_nil_min_deficit"] == 100, name
    t = client.post("/api/tables", json={"seats": ["you", "bot:random", "bot:random", "bot:random"]}).json()
    info = client.get(f"/api/tables/{t['id']}").json()
    assert info["rules"]["blind_nil_min_deficit"] == 100
    with client.websocket_connect(f"/ws/{t['id']}") as ws:  # at 0-0 nobody is asked "blind nil or look?"
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws, lambda x: x["view"]["to_act"] == 0)
        assert m["view"]["phase"] == "bid" and m["view"]["legal"]["kind"] == "bid"
    # a table may still allow it at any score
    t = client.post(
        "/api/tables",
        json={
            "seats": ["you", "bot:random", "bot:random", "bot:random"],
            "options": {"blind_nil_min_deficit": 0},
        },
    ).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws, lambda x: x["view"]["to_act"] == 0)
        assert m["view"]["legal"]["kind"] == "blind"


def test_lobby_rows_say_what_the_table_is(client: Any) -> None:
    body = {
        "table_name": "Friday's game",
        "name": "Seán",
        "seats": ["you", "open", "bot:basic", "bot:basic"],
        "options": {"target_score": 300, "bag_penalty": 50},
        "bot_delay": 1,
    }
    t = client.post("/api/tables", json=body).json()
    row = next(x for x in client.get("/api/tables").json()["tables"] if x["id"] == t["id"])
    assert row["name"] == "Friday's game" and row["host"] == "Seán" and row["free_seats"] == 1
    assert row["target_score"] == 300 and row["preset"] == "partnership" and row["status"] == "waiting"
    assert row["house_rules"] == [
        {"name": "target_score", "value": 300},
        {"name": "bag_penalty", "value": 50},
    ]
    assert "rules" not in row and "timer_rule" not in row  # small: what the table is, not every option
    plain = client.post("/api/tables", json={"seats": ["you", "open", "bot:basic", "bot:basic"]}).json()
    row = next(x for x in client.get("/api/tables").json()["tables"] if x["id"] == plain["id"])
    assert row["house_rules"] == [] and row["target_score"] == 500


def test_the_house_rules_of_section_7_are_chosen_and_checked_at_the_server(client: Any) -> None:
    config = client.get("/api/config").json()
    bidding = next(o for o in config["options"] if o["name"] == "bidding")
    assert bidding["kind"] == "choice" and bidding["choices"] == ["standard", "mirror", "whiz", "suicide"]
    assert config["presets"]["partnership"]["first_lead"] == "left-of-dealer"
    options = {"bidding": "suicide", "nil_exchange": 2, "min_side_bid": 4, "ten_for_two_hundred": True,
               "first_lead": "two-of-clubs"}
    r = client.post("/api/tables", json={"options": options, "bot_delay": 0})
    assert r.status_code == 201, r.text
    rules = client.get(f"/api/tables/{r.json()['id']}").json()["rules"]
    assert {k: rules[k] for k in options} == options
    got = _refused(client, {"bidding": "zigzag"})
    assert got["field"] == "bidding"
    assert got["error"] == "bidding must be one of: standard, mirror, whiz, suicide"
    got = _refused(client, {"nil_exchange": 5})
    assert got["field"] == "nil_exchange"
    assert got["error"] == "nil exchange must be a whole number from 0 to 4"
    got = _refused(client, {"bidding": "suicide"}, preset="cutthroat")
    assert "suicide" in got["error"] and "partnerships only" in got["error"]


#: house rules the engine refuses together (``Rules._check_house_rules``): (preset, options,
#: the field named, the option labels the Russian text must name)
COMBINATIONS = [
    ("cutthroat", {"nil_exchange": 2}, "nil_exchange", ["nil exchange"]),
    ("cutthroat", {"bidding": "suicide"}, "bidding", ["suicide"]),
    ("cutthroat", {"min_side_bid": 4}, "min_side_bid", ["least tricks partners may bid"]),
    ("cutthroat", {"blind_bid_deficit": 100}, "blind_bid_deficit", ["blind bids when behind by"]),
    ("partnership", {"nil": False, "blind_nil": False, "bidding": "whiz"}, "bidding", ["bidding"]),
    ("partnership", {"nil": False, "blind_nil": False, "nil_exchange": 1}, "nil_exchange", ["nil exchange"]),
    ("partnership", {"bidding": "mirror", "max_side_bid": 10}, "bidding",
     ["bidding", "most tricks partners may bid"]),
    ("partnership", {"bidding": "whiz", "min_side_bid": 4}, "bidding",
     ["bidding", "least tricks partners may bid"]),
    ("partnership", {"min_side_bid": 8, "max_side_bid": 6}, "min_side_bid",
     ["least tricks partners may bid", "most tricks partners may bid"]),
    ("partnership", {"blind_bid_deficit": 100, "bidding": "suicide"}, "blind_bid_deficit",
     ["blind bids when behind by", "bidding"]),
    ("partnership", {"blind_bid_deficit": 100, "blind_bid_min": 8, "max_side_bid": 6}, "blind_bid_min",
     ["smallest blind bid", "most tricks partners may bid"]),
    ("partnership", {"blind_bid_deficit": 100, "blind_bid_min": 3, "min_side_bid": 4}, "blind_bid_min",
     ["smallest blind bid", "least tricks partners may bid"]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "field", "labels"), COMBINATIONS)
def test_rules_the_engine_refuses_together_are_said_in_the_players_language(
    client: Any, preset: str, options: dict[str, Any], field: str, labels: list[str]
) -> None:
    """The engine's own refusals (``RulesError``: English, with Python's option names such as
    ``nil_exchange is for partnerships only``) reached the lobby as they were (issue 48): each is
    now a catalogue message with the option's label, said in the player's language."""
    from spades.errors import RulesError
    from spades.rules import PRESETS, Rules
    from spades.server.words import localize

    with pytest.raises(RulesError):  # the engine refuses it too: the case is a real one
        Rules.from_dict({**PRESETS[preset].to_dict(), **options})
    got = _refused(client, options, "ru", preset)
    assert got["field"] == field, got
    assert "cannot be played together" not in got["error"], got
    text = got["localized"]
    assert text != got["error"] and not any(ch in text for ch in "_abcdefghijklmnopqrstuvwxyz"), got
    for label in labels:
        assert label in got["error"], (label, got)
        assert localize(label, "ru") in text, (label, got)
    for lang in ("bg", "is", "mk", "hy"):
        said = _refused(client, options, lang, preset)
        assert said["field"] == field and said["localized"] != said["error"], (lang, said)
        for label in labels:
            assert localize(label, lang) in said["localized"], (lang, label, said)


def test_no_combination_of_options_reaches_people_in_the_engines_words() -> None:
    """Random lobby options in every preset offered to people: whatever the engine refuses,
    the server has refused first in a catalogue message of its own (never the last-resort
    "cannot be played together: {engine's English}"), with the option named."""
    import random

    from spades.errors import RulesError
    from spades.rules import OPTIONS, Rules
    from spades.server.options import PEOPLE_PRESETS, OptionError, checked_options, limits_for

    rng = random.Random(48)
    refused = 0
    for _ in range(3000):
        preset = rng.choice(list(PEOPLE_PRESETS))
        limits = limits_for(preset)
        options: dict[str, Any] = {}
        for opt in rng.sample(OPTIONS, rng.randint(1, 6)):
            if opt.kind == "bool":
                options[opt.name] = rng.random() < 0.5
            elif opt.kind == "choice":
                options[opt.name] = rng.choice(opt.choices)
            else:
                lo, hi = limits[opt.name]["min"], limits[opt.name]["max"]
                empty = opt.kind == "optint" and rng.random() < 0.3
                options[opt.name] = None if empty else rng.randint(lo, hi)
        asked = {**PEOPLE_PRESETS[preset].to_dict(), **options}
        if options.get("nil") is False and "blind_nil" not in options:
            asked["blind_nil"] = False  # (the server's "nil off turns blind nil off")
        try:
            Rules.from_dict(asked)
        except RulesError:
            engine_refused = True
        else:
            engine_refused = False
        try:
            checked_options(preset, options)
        except OptionError as exc:
            assert "{reason}" not in exc.template, (preset, options, str(exc))
            assert exc.field, (preset, options, str(exc))
            refused += engine_refused
        else:
            assert not engine_refused, (preset, options)
    assert refused > 100  # (the engine's refusals were met, not only the server's ranges)


def test_the_table_page_is_told_its_house_rules_with_their_words(client: Any) -> None:
    """The table page has no option list of its own: the table's facts carry each house rule's
    catalog words (label, the word for no value) beside its value."""
    t = client.post(
        "/api/tables",
        json={
            "seats": ["you", "bot:random", "bot:random", "bot:random"],
            "options": {"deck": "jokers-deuces", "min_side_bid": 4, "ten_for_two_hundred": True},
        },
    ).json()
    with client.websocket_connect(f"/ws/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        m = recv_state(ws)
    got = {x["name"]: x for x in m["table"]["house_rules"]}
    assert got["deck"] == {"name": "deck", "value": "jokers-deuces", "label": "deck", "none": ""}
    assert got["min_side_bid"]["value"] == 4
    assert got["min_side_bid"]["label"] == "least tricks partners may bid"
    assert got["ten_for_two_hundred"]["value"] is True
