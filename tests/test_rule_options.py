"""Each rule option described once (spades.rules.OPTIONS); the CLI flags are made from it."""

from __future__ import annotations

import argparse
import dataclasses

import pytest

from spades import Rules
from spades.cli import match as match_cli
from spades.cli import play as play_cli
from spades.rules import OPTIONS


def _parser(module: object) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)  # type: ignore[attr-defined]
    return parser


def test_every_rules_field_but_the_variant_is_described_once() -> None:
    fields = [f.name for f in dataclasses.fields(Rules) if f.name != "variant"]
    assert sorted(o.name for o in OPTIONS) == sorted(fields)
    for opt in OPTIONS:
        assert opt.kind in ("int", "optint", "bool", "choice") and opt.label and opt.help
        assert bool(opt.choices) == (opt.kind == "choice")


@pytest.mark.parametrize("module", [play_cli, match_cli], ids=["play", "match"])
def test_play_and_match_show_one_flag_per_option_with_the_same_name(module: object) -> None:
    parser = _parser(module)
    shown = {s for a in parser._actions if a.help != argparse.SUPPRESS for s in a.option_strings}
    for opt in OPTIONS:
        assert opt.cli_flag in shown
        for alias in opt.aliases:
            action = parser._option_string_actions.get(alias)
            if action is not None and action.dest.startswith("rule_"):
                assert action.help == argparse.SUPPRESS  # old spellings work but are not shown


@pytest.mark.parametrize("module", [play_cli, match_cli], ids=["play", "match"])
def test_the_same_flags_give_the_same_rules_in_play_and_match(module: object) -> None:
    argv = [
        "--target-score", "300", "--losing-score", "-200", "--blind-nil-exchange", "2",
        "--blind-nil-min-deficit", "100", "--no-spades-must-be-broken", "--nil-tricks-count-for-partner",
        "--max-side-bid", "13", "--game-hands", "3", "--first-dealer", "west", "--no-boston-wins",
    ]  # fmt: skip
    args = _parser(module).parse_args(argv)
    rules = play_cli.build_rules(args) if module is play_cli else match_cli._rules(args)
    assert rules == Rules(
        target_score=300, losing_score=-200, blind_nil_exchange=2, blind_nil_min_deficit=100,
        spades_must_be_broken=False, nil_tricks_count_for_partner=True, max_side_bid=13, hands=3,
        first_dealer=3,
    )  # fmt: skip


def test_old_spellings_still_work() -> None:
    old = play_cli.build_rules(
        _parser(play_cli).parse_args(["--target", "300", "--exchange", "2", "--no-breaking", "--hands", "2"])
    )
    assert (old.target_score, old.blind_nil_exchange) == (300, 2)
    assert (old.spades_must_be_broken, old.hands) == (False, 2)
    # match keeps --hands for the number of deals; the rule is --game-hands there
    args = _parser(match_cli).parse_args(["--hands", "7", "--exchange", "1"])
    assert args.hands == 7 and match_cli._rules(args).blind_nil_exchange == 1


def test_no_nil_also_turns_blind_nil_off_unless_asked() -> None:
    args = _parser(match_cli).parse_args(["--no-nil"])
    assert match_cli._rules(args) == Rules(nil=False, blind_nil=False)


def test_a_bad_value_is_refused_in_words() -> None:
    args = _parser(match_cli).parse_args(["--bag-limit", "ten"])
    with pytest.raises(ValueError, match="--bag-limit takes a whole number"):
        match_cli._rules(args)


def test_option_words_are_for_players() -> None:
    words = Rules(blind_nil_min_deficit=100, losing_score=-200, nil=False, blind_nil=False)
    assert words.describe_for_players() == [
        "losing score: -200 points",
        "nil: off",
        "blind nil: off",
        "blind nil only when behind by: 100 points",
    ]
    assert all(o.to_dict()["flag"].startswith("--") for o in OPTIONS)


def test_the_players_rules_reference_lists_every_option() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    for opt in OPTIONS:
        assert f"| {opt.label} | `{opt.cli_flag}` |" in text


def test_openspiel_parameters_are_made_from_the_options_and_described() -> None:
    pytest.importorskip("pyspiel")
    from spades import openspiel

    names = {o.name for o in OPTIONS}
    assert names <= set(openspiel._PARAMS)
    assert set(openspiel.PARAMETER_HELP) == set(openspiel._PARAMS)
