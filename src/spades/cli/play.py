"""``spades play``: a game in the terminal against computer players.

Rule options map one to one onto :class:`~spades.rules.Rules` fields (RULES.md
section 5) and are applied on top of ``--preset``.  The game is saved after
every action (see :mod:`spades.tui.storage` for where); ``--resume`` continues
a saved game with its own rules, seats and computer players.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import RecordError, RulesError
from ..i18n import _, error_text, set_local_faces
from ..rules import Rules
from .language import add_lang_argument, apply_language
from .rule_options import RULES_HELP, add_rule_arguments, base_rules, rule_options_given, rules_from_args

if TYPE_CHECKING:
    from ..tui.controller import Controller



def add_arguments(parser: argparse.ArgumentParser) -> None:
    game = parser.add_argument_group("game")
    game.add_argument(
        "--preset",
        default="partnership",
        choices=list(Rules.PRESET_NAMES),
        help="the variant (default: partnership)",
    )
    game.add_argument("--rules", metavar="NAME|STRING", help=RULES_HELP)
    add_lang_argument(game, "game")
    game.add_argument(
        "--cards",
        choices=("local", "standard"),
        help="the letters on the court cards and the ace: local (the language's own packs, Д for the "
        "Russian queen) or standard (A K Q J); default: local in Russian, Bulgarian and Macedonian",
    )
    game.add_argument("--seed", type=int, help="seed for the deal (the same seed deals the same cards)")
    game.add_argument("--name", help="your name on the screen")
    game.add_argument(
        "--seat", help="your seat: a name (South, N...) or a number (default: South, else North)"
    )
    game.add_argument(
        "--pace",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause before each computer move (default 0.6; 0 = instant)",
    )
    game.add_argument(
        "--auto-play",
        action="store_true",
        help="play your card by itself when it is your only legal one",
    )
    bots = parser.add_argument_group("computer players")
    bots.add_argument(
        "--bots",
        metavar="NAME",
        help="every computer player: expert (default, at most about a second a move), basic, random",
    )
    bots.add_argument("--partner", metavar="NAME", help="your partner (partnership games)")
    bots.add_argument("--opponents", metavar="NAME", help="the opponents")
    files = parser.add_argument_group("saving")
    files.add_argument(
        "--save", metavar="FILE", help="save the game to FILE (default: a file in the data folder)"
    )
    files.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="continue a saved game (default: the last unfinished one in the data folder)",
    )
    rules = parser.add_argument_group("rules (RULES.md section 5, docs/rules.md; default: the preset's)")
    add_rule_arguments(rules)


def build_rules(args: argparse.Namespace) -> Rules:
    """The preset with the rule options applied; raises RulesError (or ValueError) with the reason."""
    return rules_from_args(args, base_rules(args))


def _rule_options_given(args: argparse.Namespace) -> list[str]:
    """The rule options on the command line, spelled as typed (``--target``...)."""
    names = rule_options_given(args)
    if args.preset != "partnership":
        names.append("--preset")
    if getattr(args, "rules", None) is not None:
        names.append("--rules")
    return names


def _fail(message: str) -> int:
    print(_("spades play: {message}").format(message=message), file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        from ..tui.app import PlayApp
    except ImportError as exc:
        return _fail(
            f"the terminal game needs the 'tui' extra ({exc.name or exc}): pip install 'spades[tui]'"
        )
    refused = apply_language(args)
    if refused is not None:
        return _fail(refused)
    set_local_faces({"local": True, "standard": False}.get(args.cards or ""))
    try:
        controller = make_controller(args)
    except (RulesError, RecordError, ValueError) as exc:
        return _fail(error_text(exc))
    controller.auto_play = bool(getattr(args, "auto_play", False))
    from ..tui.stats import stats_path

    controller.stats_path = stats_path()  # see spades.tui.stats: kept across games
    app = PlayApp(controller, pace=args.pace)
    return finish(controller, app.run())


def finish(controller: Controller, code: int | None) -> int:
    """What ``spades play`` says when the game window closes, in the player's language:
    where the game is saved, or (on stderr, with a failing exit code) that it is not."""
    path = controller.save_path
    if path is not None and controller.save_error is not None:
        print(f"spades play: {controller.save_error}", file=sys.stderr)
        print(_("The game is NOT saved."), file=sys.stderr)
        return int(code or 1)
    if path is not None:
        if controller.game.is_over:
            done = _("The game is saved in {path} (see it again with: spades replay {path})")
            print(done.format(path=path))
        else:
            later = _("The game is saved in {path}; continue it with: spades play --resume {path}")
            print(later.format(path=path))
    return int(code or 0)


def make_controller(args: argparse.Namespace) -> Controller:
    """The controller for these options: a new game, or a resumed one."""
    from ..tui import storage
    from ..tui.controller import DEFAULT_BOT, Controller, parse_seat

    if not 0 <= args.pace <= 60:
        raise ValueError(_("--pace must be between 0 and 60 seconds"))
    partner = args.partner or args.bots
    opponents = args.opponents or args.bots
    save = Path(args.save).expanduser() if args.save else None
    if args.resume is not None:
        given = _rule_options_given(args)
        if given:
            keeps = _("a resumed game keeps its own rules: leave out {options}")
            raise ValueError(keeps.format(options=", ".join(given)))
        if args.resume:
            path = Path(args.resume).expanduser()
        else:
            found = storage.latest_unfinished()
            if found is None:
                raise RecordError(
                    _("there is no unfinished game in {folder} to resume").format(folder=storage.games_dir())
                )
            path = found
        game_rules = storage.load_game(path)[0].rules
        seat = parse_seat(args.seat, game_rules) if args.seat else None
        return Controller.resume(
            path, human=seat, name=args.name, partner=partner, opponents=opponents, save_path=save
        )
    rules = build_rules(args)
    seat = parse_seat(args.seat, rules) if args.seat else None
    folder = None
    if save is None:
        folder = storage.games_dir()
        save = storage.new_game_path(folder)
    return Controller.new(
        rules,
        seed=args.seed,
        human=seat,
        name=args.name,
        partner=partner or DEFAULT_BOT,
        opponents=opponents or DEFAULT_BOT,
        save_path=save,
        save_folder=folder,
    )
