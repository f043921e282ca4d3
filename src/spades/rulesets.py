"""Named rule sets as players know them, and the short rule string that shares any rules.

A *rule set* is a :class:`~spades.rules.Rules` with a name players use ("Joker-Joker-Deuce-Deuce
to 500, board 4, 10 for 200" is ``jjdd``).  A *rule string* writes any rules in one line that
``spades play --rules``, ``spades match --rules`` and the lobby read back: a base (a preset or a
named set) and the options that differ from it, separated by commas::

    jjdd
    partnership,deck=jokers,target-score=300
    three-player,deck=jokers-deuces
    classic,min-side-bid=4,ten-for-two-hundred

Option names are those of :data:`spades.rules.OPTIONS`, with dashes or underscores (``board``
is the common name of ``min-side-bid``, ``target`` of ``target-score``); a yes/no option alone
means on, ``=off`` turns it off; an optional number takes ``none``.  :func:`rule_string` writes
the shortest string and :func:`parse_rules` reads it: ``parse_rules(rule_string(r)) == r``.

>>> parse_rules("jjdd").deck, parse_rules("jjdd").min_side_bid
('jokers-deuces', 4)
>>> rule_string(parse_rules("partnership,deck=jokers,target=300"))
'jokers,target-score=300'
>>> rule_string(Rules())
'classic'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from .errors import RulesError
from .rules import OPTIONS, PRESETS, Option, Rules

__all__ = ["RULE_SETS", "RuleSet", "parse_rules", "rule_sets_description", "rule_string"]


@dataclass(frozen=True)
class RuleSet:
    """A rule set with the name players give it."""

    #: the short name (``spades play --rules jjdd``)
    name: str
    #: the name players give it
    title: str
    #: one sentence on what makes it different
    about: str
    rules: Rules

    @property
    def string(self) -> str:
        """The rule string of these rules (its :attr:`name`)."""
        return rule_string(self.rules)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for the lobby: name, title, about, the preset (variant) and the options
        that differ from that preset (``{"deck": "jokers-deuces", ...}``)."""
        base = PRESETS[self.rules.variant]
        return {
            "name": self.name,
            "title": self.title,
            "about": self.about,
            "preset": self.rules.variant,
            "options": {
                opt.name: getattr(self.rules, opt.name)
                for opt in OPTIONS
                if getattr(self.rules, opt.name) != getattr(base, opt.name)
            },
            "string": self.string,
        }


def _set(name: str, title: str, about: str, **options: Any) -> RuleSet:
    return RuleSet(name, title, about, dataclasses.replace(PRESETS["partnership"], **options))


#: the named rule sets, the most played first (the popular sites' joker games, Suicide, Mirror
#: and Whiz); each a partnership game to 500 unless it says otherwise
RULE_SETS: Final[dict[str, RuleSet]] = {
    s.name: s
    for s in (
        _set("classic", "Classic Spades to 500",
             "partnerships, nil 100, blind nil 200, 10 bags cost 100 points"),
        _set("jjdd", "Joker-Joker-Deuce-Deuce to 500, board 4, 10 for 200",
             "the big and little joker, the 2 of diamonds and the 2 of spades above the ace of spades; "
             "partners bid at least 4 together; 10 or more bid and made scores 200",
             deck="jokers-deuces", min_side_bid=4, ten_for_two_hundred=True),
        _set("jokers", "Joker-Joker-Ace",
             "the big and the little joker above the ace of spades (no 2 of clubs or diamonds)",
             deck="jokers"),
        _set("deuces", "Deuce-Deuce-Ace",
             "the 2 of diamonds and the 2 of spades above the ace of spades", deck="deuces"),
        _set("suicide", "Suicide",
             "in each partnership one player bids nil and the other a number", bidding="suicide"),
        _set("mirror", "Mirror",
             "everyone bids the number of spades they hold (nil with none)", bidding="mirror"),
        _set("whiz", "Whiz",
             "everyone bids nil or the number of spades they hold", bidding="whiz"),
    )
}

#: common names of options in rule strings
_ALIASES: Final = {"board": "min_side_bid", "target": "target_score"}
_BY_NAME: Final = {opt.name: opt for opt in OPTIONS}
_ON: Final = frozenset({"on", "yes", "true", "1"})
_OFF: Final = frozenset({"off", "no", "false", "0"})


def _base(name: str) -> Rules:
    key = name.strip().lower().replace("_", "-")
    if key in RULE_SETS:
        return RULE_SETS[key].rules
    if key in PRESETS:
        return PRESETS[key]
    known = ", ".join([*RULE_SETS, *(p for p in PRESETS if p not in RULE_SETS)])
    raise RulesError(f"{name.strip()!r} is not a rule set or a preset: choose one of {known}")


def _value(opt: Option, text: str | None) -> Any:
    """The value of ``opt`` written ``text`` in a rule string (None: the option alone)."""
    flag = opt.name.replace("_", "-")
    word = (text if text is not None else "on").strip().lower()
    if opt.kind == "bool":
        if word in _ON or word in _OFF:
            return word in _ON
        raise RulesError(f"{flag} is on or off, not {text!r}")
    if text is None:
        raise RulesError(f"{flag} needs a value ({flag}=...)")
    if opt.kind == "choice":
        if word not in opt.choices:
            raise RulesError(f"{flag} is one of {', '.join(opt.choices)}, not {text!r}")
        return word
    if opt.kind == "optint" and word in ("none", "off"):
        return None
    try:
        return int(word)
    except ValueError:
        raise RulesError(f"{flag} takes a whole number, not {text!r}") from None


def parse_rules(text: str) -> Rules:
    """The rules of a rule set's name, a preset's name or a rule string (see the module).
    Raises :class:`~spades.errors.RulesError` saying what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise RulesError(
            "a rule string is a rule set or a preset, then options: e.g. 'jjdd' or 'classic,board=4'"
        )
    head, *parts = text.split(",")
    rules = _base(head)
    changes: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        name = key.strip().lower().replace("-", "_")
        name = _ALIASES.get(name, name)
        if name not in _BY_NAME:
            raise RulesError(f"{key.strip()!r} is not a rule option (the options: docs/rules.md)")
        changes[name] = _value(_BY_NAME[name], raw if sep else None)
    if changes.get("nil") is False and "blind_nil" not in changes:
        changes["blind_nil"] = False  # as the flags: nil off turns blind nil off
    return dataclasses.replace(rules, **changes) if changes else rules


def _written(opt: Option, value: Any) -> str:
    flag = opt.name.replace("_", "-")
    if opt.kind == "bool":
        return flag if value else f"{flag}=off"
    return f"{flag}={'none' if value is None else value}"


def _differences(rules: Rules, base: Rules) -> list[str]:
    return [
        _written(opt, getattr(rules, opt.name))
        for opt in OPTIONS
        if getattr(rules, opt.name) != getattr(base, opt.name)
    ]


def rule_string(rules: Rules) -> str:
    """The shortest rule string of ``rules``: the named set or preset of its variant it differs
    least from, then those differences (in the order of ``OPTIONS``)."""
    bases = [(name, s.rules) for name, s in RULE_SETS.items()] + list(PRESETS.items())
    best: tuple[int, str] | None = None
    for name, base in bases:
        if base.variant != rules.variant:
            continue
        diffs = _differences(rules, base)
        candidate = (len(diffs), ",".join([name, *diffs]))
        if best is None or candidate[0] < best[0]:
            best = candidate
    assert best is not None  # every variant has its preset
    return best[1]


def rule_sets_description() -> list[dict[str, Any]]:
    """Every named rule set, JSON-ready (:meth:`RuleSet.to_dict`), the most played first."""
    return [s.to_dict() for s in RULE_SETS.values()]
