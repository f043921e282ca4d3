"""The house rules a person may choose at this server: the presets offered, each option's range,
the lobby's defaults, and every refusal in a player's words with the field it is about.

* :data:`PEOPLE_PRESETS` are the presets the lobby offers (research presets such as
  ``openspiel`` stay creatable through the API for tools, but are not offered to people), with
  the lobby's defaults applied (:data:`LOBBY_DEFAULTS`).
* :data:`RANGES` bounds every whole-number option (the engine accepts any size; a table to
  99999999 points would never end), :func:`limits_for` per preset (the first dealer depends
  on the number of seats).
* :func:`checked_options` validates a request's ``options`` and raises :class:`OptionError`,
  a :class:`~.manager.RequestError` whose English message is a ``web`` catalog message with
  the option's label as a term (said in the player's language) and whose ``field`` names the
  option, never the engine's Python wording (``target_score must be a whole number, not None``).

Blind nil by default: the engine's presets allow blind nil at any score, so every person was
asked "blind nil or look?" before every hand.  Following pagat and most sites, the lobby's
default is blind nil only for a side behind by at least 100 points
(``blind_nil_min_deficit=100``, RULES.md section 5); a table may still choose 0 (always) or
turn blind nil off.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from typing import Any, Final

from ..errors import RulesError
from ..i18n import N_
from ..rules import OPTIONS, PRESETS, Rules

__all__ = [
    "LOBBY_DEFAULTS",
    "MAX_NAME",
    "PEOPLE_PRESETS",
    "RANGES",
    "RESEARCH_PRESETS",
    "SETTINGS",
    "OptionError",
    "RequestError",
    "checked_options",
    "clean_name",
    "house_rules",
    "limits_for",
    "options_description",
    "rule_sets_description",
]

#: presets made for research tools (OpenSpiel's rules), not offered to people in the lobby
RESEARCH_PRESETS: Final = frozenset({"openspiel"})

#: the lobby's defaults for people, where the preset allows blind nil: only when behind by 100
LOBBY_DEFAULTS: Final[dict[str, Any]] = {"blind_nil_min_deficit": 100}

#: the smallest and largest value of every whole-number option at this server
RANGES: Final[dict[str, tuple[int, int]]] = {
    "target_score": (50, 5000),
    "losing_score": (-5000, 0),
    "nil_bonus": (0, 1000),
    "blind_nil_bonus": (0, 1000),
    "blind_nil_exchange": (0, 4),
    "blind_nil_min_deficit": (0, 1000),
    "bag_limit": (1, 50),
    "bag_penalty": (0, 1000),
    "boston_bonus": (0, 1000),
    "max_side_bid": (1, 13),
    "hands": (1, 100),
    "first_dealer": (0, 3),
    # house rules (RULES.md section 7)
    "nil_exchange": (0, 4),
    "min_side_bid": (0, 13),
    "blind_bid_deficit": (0, 1000),
    "blind_bid_min": (1, 13),
}

_WIDE: Final = 1_000_000

#: the table settings beside the rules: (label, smallest, largest, default); the turn timer
#: is 0 (off) or at least 5 seconds
SETTINGS: Final[dict[str, tuple[str, float, float, float]]] = {
    "turn_timer": (N_("turn timer"), 0, 600, 0),
    "grace": (N_("grace time"), 1, 3600, 60),
    "bot_delay": (N_("computer delay"), 0, 5, 0.8),
    "hand_pause": (N_("pause between hands"), 0, 30, 8),
    "close_after": (N_("closing time when everybody left"), 10, 3600, 300),
}


def _people_preset(name: str) -> Rules:
    base = PRESETS[name]
    if not base.blind_nil:
        return base
    return dataclasses.replace(base, **LOBBY_DEFAULTS)


#: the presets offered to people, with the lobby's defaults
PEOPLE_PRESETS: Final[dict[str, Rules]] = {
    name: _people_preset(name) for name in PRESETS if name not in RESEARCH_PRESETS
}

_BY_NAME: Final = {opt.name: opt for opt in OPTIONS}


class RequestError(ValueError):
    """A request a person got wrong; the message says what to change.

    ``message`` is a ``web`` catalog message whose ``{fields}`` are filled from ``params``
    (kept as ``template`` and ``params`` so that it can be said in the player's language;
    the params named in ``terms`` are catalog words too, e.g. an option's label); ``field``
    names the request field (the option or setting) it is about, when there is one."""

    def __init__(
        self, message: str, field: str | None = None, terms: tuple[str, ...] = (), **params: Any
    ) -> None:
        super().__init__(message.format(**params) if params else message)
        self.template = message
        self.params = params
        self.terms = terms
        self.field = field


#: the refusals of house rules are request errors with the option as their field
OptionError = RequestError


#: the longest name, in characters
MAX_NAME: Final = 24
#: invisible characters allowed inside a name: the joiners of emoji sequences and some scripts
_JOINERS: Final = frozenset("\u200c\u200d")


def clean_name(value: Any, default: str = "") -> str:
    """A person's (or a table's) name as typed: any letters, digits, punctuation and symbols
    ("Seán O'Brien", "D'Angelo", "Tom & Jerry"; every page shows names as text, never as
    markup), spaces collapsed; refused: control and other invisible characters (bidirectional
    overrides included), more than :data:`MAX_NAME` characters.  Empty gives ``default``."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise RequestError(N_("a name must be text"))
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if any(unicodedata.category(ch).startswith("C") and ch not in _JOINERS for ch in name):
        raise RequestError(N_("a name may not contain control or invisible characters"))
    if len(name) > MAX_NAME:
        raise RequestError(N_("a name may have at most {n} characters"), n=MAX_NAME)
    if name and all(ch in _JOINERS or unicodedata.category(ch).startswith("M") for ch in name):
        raise RequestError(N_("a name needs at least one letter, digit or sign"))
    return name or default


def limits_for(preset: str) -> dict[str, dict[str, int]]:
    """``{option: {"min", "max"}}`` of the whole-number options at a table of ``preset``."""
    rules = PRESETS[preset]
    out = {}
    for opt in OPTIONS:  # an option added without a range here: its own bounds, else a wide one
        if opt.kind in ("int", "optint"):
            lo = opt.minimum if opt.minimum is not None else -_WIDE
            hi = opt.maximum if opt.maximum is not None else _WIDE
            lo, hi = RANGES.get(opt.name, (lo, hi))
            out[opt.name] = {"min": lo, "max": hi}
    out["first_dealer"]["max"] = rules.num_seats - 1
    out["max_side_bid"]["max"] = rules.tricks_per_hand
    out["min_side_bid"]["max"] = rules.tricks_per_hand
    out["blind_bid_min"]["max"] = rules.tricks_per_hand
    return out


def options_description() -> list[dict[str, Any]]:
    """Every rule option (``spades.rules.OPTIONS``) with this server's ``min`` and ``max``."""
    out = []
    for opt in OPTIONS:
        entry = opt.to_dict()
        widest = limits_for("partnership").get(opt.name)
        entry["min"], entry["max"] = (widest["min"], widest["max"]) if widest else (None, None)
        out.append(entry)
    return out


def rule_sets_description() -> list[dict[str, Any]]:
    """The named rule sets (``spades.rulesets.RULE_SETS``) the lobby may offer, the most played
    first: each ``{"name", "title", "about", "preset", "options", "string"}``, where ``options``
    are the options that differ from the preset (as a new table's request gives them; the lobby's
    defaults, such as blind nil only when behind, still apply to the options not named)."""
    from ..rulesets import rule_sets_description as described

    return [entry for entry in described() if entry["preset"] in PEOPLE_PRESETS]


def _refuse(message: str, name: str, other: str | None = None, **params: Any) -> OptionError:
    """A refusal of option ``name`` (its label the ``{option}``); ``other``: the option it
    cannot go with (its label the ``{other}``)."""
    if other is None:
        return OptionError(message, name, ("option",), option=_BY_NAME[name].label, **params)
    return OptionError(
        message, name, ("option", "other"), option=_BY_NAME[name].label, other=_BY_NAME[other].label, **params
    )


def _check_house_rules(r: dict[str, Any], partnerships: bool) -> None:
    """The engine's checks of the house rules together (``Rules._check_house_rules``), each
    refused here in words with the option it is about, so that no engine wording (English,
    with Python's option names) reaches a player."""
    bidding = r["bidding"]
    if bidding != "standard" and not r["nil"]:
        raise _refuse(N_("{option} needs nil bids: turn nil on"), "bidding")
    if bidding == "suicide" and not partnerships:  # the choice named: "suicide applies to ..."
        raise OptionError(N_("{option} applies to partnerships only"), "bidding", ("option",), option=bidding)
    if bidding in ("mirror", "whiz"):
        if r["max_side_bid"] is not None:
            raise _refuse(N_("{option} cannot be played with {other}"), "bidding", "max_side_bid")
        if r["min_side_bid"]:
            raise _refuse(N_("{option} cannot be played with {other}"), "bidding", "min_side_bid")
    if r["nil_exchange"]:
        if not partnerships:
            raise _refuse(N_("{option} applies to partnerships only"), "nil_exchange")
        if not r["nil"]:
            raise _refuse(N_("{option} needs nil bids: turn nil on"), "nil_exchange")
    if r["min_side_bid"]:
        if not partnerships:
            raise _refuse(N_("{option} applies to partnerships only"), "min_side_bid")
        if r["max_side_bid"] is not None and r["min_side_bid"] > r["max_side_bid"]:
            raise _refuse(N_("{option} cannot be more than {other}"), "min_side_bid", "max_side_bid")
    if r["blind_bid_deficit"] is not None:
        if not partnerships:
            raise _refuse(N_("{option} applies to partnerships only"), "blind_bid_deficit")
        if bidding != "standard":
            raise _refuse(N_("{option} cannot be played with {other}"), "blind_bid_deficit", "bidding")
        if r["max_side_bid"] is not None and r["blind_bid_min"] > r["max_side_bid"]:
            raise _refuse(N_("{option} cannot be more than {other}"), "blind_bid_min", "max_side_bid")
        if r["blind_bid_min"] < r["min_side_bid"]:
            raise _refuse(N_("{option} cannot be less than {other}"), "blind_bid_min", "min_side_bid")


def checked_options(preset: str, options: dict[str, Any], people: bool = True) -> Rules:
    """The rules of a new table: ``preset`` with ``options``, each checked against its type and
    range first, then the options that must go together.  ``people``: start from the lobby's
    defaults (:data:`LOBBY_DEFAULTS`) where the preset allows blind nil."""
    base = PEOPLE_PRESETS.get(preset) if people else None
    if base is None:
        base = PRESETS[preset]
    limits = limits_for(preset)
    values: dict[str, Any] = {}
    for name in sorted(options, key=list(_BY_NAME).index):
        value = options[name]
        opt = _BY_NAME[name]
        if opt.kind == "bool":
            if not isinstance(value, bool):
                raise _refuse(N_("{option} must be on or off"), name)
            values[name] = value
            continue
        if opt.kind == "choice":  # words (bidding, first lead): one of the option's choices
            if value not in opt.choices:
                raise _refuse(N_("{option} must be one of: {choices}"), name, choices=", ".join(opt.choices))
            values[name] = value
            continue
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
            value = int(value)
        lo, hi = limits[name]["min"], limits[name]["max"]
        whole = isinstance(value, int) and not isinstance(value, bool)
        if opt.kind == "optint" and value is None:
            values[name] = None
            continue
        if not whole or not lo <= value <= hi:
            message = (
                N_("{option} must be empty or a whole number from {min} to {max}")
                if opt.kind == "optint"
                else N_("{option} must be a whole number from {min} to {max}")
            )
            raise _refuse(message, name, min=lo, max=hi)
        values[name] = value
    r = {**base.to_dict(), **values}
    if values.get("nil") is False and "blind_nil" not in values:
        r["blind_nil"] = False  # "nil: off also turns blind nil off", as the option's help says
    partnerships = r["variant"] == "partnership"
    if r["losing_score"] is not None and r["losing_score"] >= r["target_score"]:
        raise OptionError(N_("the losing score must be below the target score"), "losing_score")
    if r["blind_nil"] and not r["nil"]:
        raise OptionError(N_("blind nil needs nil bids: turn nil on or blind nil off"), "blind_nil")
    if r["boston_wins"] and r["boston_bonus"]:
        raise OptionError(N_("choose either a Boston bonus or Boston wins, not both"), "boston_bonus")
    if r["max_side_bid"] is not None:
        if not partnerships:
            raise _refuse(N_("{option} applies to partnerships only"), "max_side_bid")
        if not r["nil"] and r["max_side_bid"] < 2:
            raise _refuse(N_("{option} must be at least {min} when nil is off"), "max_side_bid", min=2)
    _check_house_rules(r, partnerships)
    try:
        return Rules.from_dict(r)  # the engine's own checks (each answered above in words)
    except RulesError as exc:
        raise OptionError(
            N_("these house rules cannot be played together: {reason}"), None, reason=str(exc)
        ) from None


def house_rules(preset: str, rules: dict[str, Any], words: bool = False) -> list[dict[str, Any]]:
    """The options of a table that differ from its preset as the lobby offers it:
    ``[{"name", "value"}]`` in the order of ``OPTIONS`` (the lobby words them); ``words``: each
    with its ``label`` and the word for no value (``none``), as the web catalog has them (for a
    page without the lobby's option list)."""
    base = PEOPLE_PRESETS.get(preset) or PRESETS.get(preset)
    if base is None:
        return []
    out = []
    for opt in OPTIONS:
        if opt.name in rules and rules[opt.name] != getattr(base, opt.name):
            entry = {"name": opt.name, "value": rules.get(opt.name)}
            if words:
                entry |= {"label": opt.label, "none": opt.none}
            out.append(entry)
    return out
