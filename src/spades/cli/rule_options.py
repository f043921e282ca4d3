"""The rule-option flags of ``spades play`` and ``spades match``, made from
:data:`spades.rules.OPTIONS` (one flag name per option; older spellings are
accepted but not shown)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from ..rules import OPTIONS, Option, Rules

__all__ = [
    "RULES_HELP",
    "add_rule_arguments",
    "base_rules",
    "parse_option_value",
    "rule_options_given",
    "rules_from_args",
]

#: the help of ``--rules`` (``spades play``, ``spades match``)
RULES_HELP = (
    "a named rule set (classic, jjdd, jokers, deuces, suicide, mirror, whiz), a preset, or a rule "
    "string such as 'jjdd,target=300' or 'partnership,deck=jokers,board=4' (docs/rules.md); "
    "the rule flags below change it further"
)


def base_rules(args: argparse.Namespace, default_preset: str = "partnership") -> Rules:
    """The rules ``--rules`` names (a rule set, a preset or a rule string), else ``--preset``'s.
    Raises RulesError (or ValueError) with the reason."""
    from ..rulesets import parse_rules

    text = getattr(args, "rules", None)
    preset = getattr(args, "preset", default_preset)
    if text is None:
        return Rules.preset(preset)
    if preset != default_preset:
        raise ValueError(
            "give either --rules or --preset (a rule string names its preset: 'three-player,...')"
        )
    return parse_rules(text)

_PREFIX = "rule_"
#: where the flags are remembered as typed (for messages such as "leave out --target")
_TYPED = "rule_flags_typed"


def _remember(namespace: argparse.Namespace, option_string: str | None) -> None:
    typed = list(getattr(namespace, _TYPED, None) or [])
    if option_string and option_string not in typed:
        typed.append(option_string)
    setattr(namespace, _TYPED, typed)


class _Value(argparse.Action):
    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        setattr(namespace, self.dest, values)
        _remember(namespace, option_string)


class _Const(argparse.Action):
    def __init__(self, option_strings: Any, dest: str, const: Any = None, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, const=const, **kwargs)

    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        setattr(namespace, self.dest, self.const)
        _remember(namespace, option_string)


class _Bool(argparse.BooleanOptionalAction):
    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        super().__call__(parser, namespace, values, option_string)
        _remember(namespace, option_string)


def _dest(opt: Option) -> str:
    return _PREFIX + opt.name


def _metavar(opt: Option) -> str:
    if opt.name == "first_dealer":
        return "SEAT"
    if opt.kind == "choice":
        return "{" + ",".join(opt.choices) + "}"
    return (opt.unit or "N").upper()


def _help(opt: Option, rules: Rules) -> str:
    default = opt.words(getattr(rules, opt.name)).split(": ", 1)[1]
    return f"{opt.help} (default: {default})"


def add_rule_arguments(group: Any, taken: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """Add a flag for every rule option to ``group`` (an argparse parser or group).
    ``taken``: flags the command already uses for something else, never given as aliases."""
    base = Rules()
    for opt in OPTIONS:
        dest = _dest(opt)
        if opt.kind == "bool":
            group.add_argument(
                opt.cli_flag, dest=dest, action=_Bool, default=None,
                help=_help(opt, base),
            )
            for alias in opt.aliases:
                if alias not in taken:
                    group.add_argument(
                        alias, dest=dest, action=_Const, const=not alias.startswith("--no-"),
                        help=argparse.SUPPRESS,
                    )
        else:
            group.add_argument(
                opt.cli_flag, dest=dest, default=None, action=_Value, metavar=_metavar(opt),
                help=_help(opt, base),
            )
            for alias in opt.aliases:
                if alias not in taken:
                    group.add_argument(alias, dest=dest, default=None, action=_Value, help=argparse.SUPPRESS)


def parse_option_value(opt: Option, text: str, rules: Rules) -> int | str | None:
    """A flag's text as the option's value: a whole number, 'none' (optional numbers),
    one of a ``choice`` option's words or, for the first dealer, a seat name.  Raises
    ValueError in a player's words."""
    word = text.strip().lower()
    if opt.kind == "choice":
        if word not in opt.choices:
            raise ValueError(f"{opt.cli_flag} takes one of {', '.join(opt.choices)}, not {text!r}")
        return word
    if opt.kind == "optint" and word in ("none", "random", "off"):
        return None
    if opt.name == "first_dealer":
        names = [rules.seat_name(s).lower() for s in range(rules.num_seats)]
        for seat, name in enumerate(names):
            if word in (name, name[0]):
                return seat
    try:
        return int(word)
    except ValueError:
        raise ValueError(f"{opt.cli_flag} takes a whole number, not {text!r}") from None


def rule_options_given(args: argparse.Namespace) -> list[str]:
    """The rule flags on the command line, spelled as typed."""
    return list(getattr(args, _TYPED, None) or [])


def rules_from_args(args: argparse.Namespace, base: Rules) -> Rules:
    """``base`` with the rule flags applied.  Turning nil off also turns blind nil off
    unless blind nil is asked for.  Raises RulesError or ValueError with the reason."""
    changes: dict[str, Any] = {}
    for opt in OPTIONS:
        value = getattr(args, _dest(opt), None)
        if value is None:
            continue
        if opt.kind == "bool":
            changes[opt.name] = bool(value)
        else:
            changes[opt.name] = parse_option_value(opt, str(value), base)
    if changes.get("nil") is False and "blind_nil" not in changes:
        changes["blind_nil"] = False
    return dataclasses.replace(base, **changes) if changes else base
