"""``spades solve``: double-dummy values of every legal card in a position.

Hands are given as four hand strings (spades.hearts.diamonds.clubs, ``-`` for
a void), positionally in seat order or with ``--north`` etc.; two or three
positional hands solve a two- or three-player position.  ``--deck`` picks the pack
(RULES.md section 7: ``jokers``, ``jokers-deuces``, ``deuces``): the jokers are written
``BJ``/``LJ`` in card lists and ``B``/``L`` at the head of a hand string's spades.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
import time

from ..errors import SpadesError

_SEATS = ("north", "east", "south", "west")
#: the example in ``--help``: a five-card ending, East on lead, spades not broken
EXAMPLE = "AK.Q2.-.3 5.AK.J7.- Q.J3.Q.K -.T9.K8.A --leader E"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # Hands such as '-.AK.-.-' start with '-' (a void); let them through as values, the way
    # argparse lets negative numbers through (it uses this pattern to tell them from options).
    parser._negative_number_matcher = re.compile(r"^-[.\d]|^-$")
    parser.description = (
        "Solve a card-play position double dummy (every hand in view) and print each legal card "
        "of the seat to play with the tricks its side then takes from this trick on, with best play."
    )
    parser.epilog = (
        f"Example: spades solve {EXAMPLE}  (hands: spades.hearts.diamonds.clubs; a void is '-' or "
        "empty: '-.AK.-.-' or '.AK..')"
    )
    parser.add_argument("hands", nargs="*", metavar="HAND",
                        help="hands in seat order (North East South West); 2 or 3 hands for 2-3 players")
    for seat in _SEATS:
        parser.add_argument(f"--{seat}", metavar="HAND", help=f"{seat.title()}'s hand")
    parser.add_argument("--leader", default="0", metavar="SEAT",
                        help="seat that led (or leads) the current trick: 0-3 or N/E/S/W (default 0)")
    parser.add_argument("--trick", default="", metavar="CARDS",
                        help='cards already played to the current trick, e.g. "QH 2H"')
    parser.add_argument("--broken", action="store_true", help="spades have been broken")
    parser.add_argument("--cutthroat", action="store_true",
                        help="four players each for themselves (values are the seat's own tricks)")
    parser.add_argument("--nil", type=str, default=None, metavar="SEAT",
                        help="also show the tricks the opponents can force on this nil bidder")
    from ..core.deck import DECKS

    parser.add_argument("--deck", default="standard", choices=DECKS,
                        help="the pack: jokers (BJ LJ above AS), jokers-deuces (BJ LJ 2D 2S above AS), "
                             "deuces (2D 2S above AS); default standard. Jokers: BJ/LJ, or B/L in a "
                             "hand string's spades ('BL2.K.-.-')")


#: seconds before a slow solve prints :func:`_slow_notice`
SLOW_NOTICE_S = 2.0


def _slow_notice() -> None:
    from ..solver import _jit

    if _jit.BACKEND == "c":
        print("Solving...", file=sys.stderr, flush=True)
    elif _jit.JIT_ENABLED:
        print("Solving... (the first solve after installing also compiles the solver: about 30 s, "
              "once)", file=sys.stderr, flush=True)
    else:
        print("Solving... (numba is not installed or is disabled, so the solver runs as plain "
              "Python: slow beyond a few cards a hand)", file=sys.stderr, flush=True)


def _seat(text: str, nseat: int) -> int:
    key = text.strip().upper()
    if nseat == 4 and key and key in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
        return "NESW".index(key[0])
    if key.isdigit() and int(key) < nseat:
        return int(key)
    names = "0-3 or N/E/S/W" if nseat == 4 else f"0-{nseat - 1}"
    raise SpadesError(f"{text!r} is not a seat: use {names}")


def run(args: argparse.Namespace) -> int:
    from ..cards import Card
    from ..solver import Position, nil_values, solve
    from ..solver.position import seat_name

    named = [getattr(args, s) for s in _SEATS]
    try:
        if any(h is not None for h in named):
            if args.hands:
                raise SpadesError(
                    "give the hands either in order or with --north/--east/--south/--west, not both"
                )
            if any(h is None for h in named):
                missing = ", ".join(f"--{s}" for s, h in zip(_SEATS, named) if h is None)
                raise SpadesError(f"missing hands: {missing}")
            hands = list(named)
        else:
            hands = list(args.hands)
        if len(hands) not in (2, 3, 4):
            raise SpadesError(f"give 2, 3 or 4 hands (got {len(hands)}); see 'spades solve --help'")
        nseat = len(hands)
        leader = _seat(args.leader, nseat)
        pos = Position.build(hands, leader, args.trick, args.broken, args.deck)
        started = time.perf_counter()
        partnership = nseat == 4 and not args.cutthroat
        # numba compiles the search on the first solve after an install (then loads it from its
        # disk cache): say so when a solve is slow, rather than look stuck
        notice = threading.Timer(SLOW_NOTICE_S, _slow_notice)
        notice.daemon = True
        notice.start()
        try:
            values = solve(hands, leader, args.trick, args.broken, partnership=partnership, deck=pos.deck)
            nil = None
            if args.nil is not None:
                nil_seat = _seat(args.nil, nseat)
                nil = nil_values(pos, nil_seat)
        finally:
            notice.cancel()
        elapsed = time.perf_counter() - started
    except SpadesError as exc:
        print(f"spades solve: {exc}", file=sys.stderr)
        return 2
    seat = pos.to_play
    who = seat_name(seat, nseat)
    if partnership:
        side = f"{seat_name(seat, 4)}-{seat_name((seat + 2) % 4, 4)}"
    else:
        side = who
    print(pos.describe())
    print(f"{who} to play; tricks for {side} from this trick on (with perfect play):")
    best = max(values.values())
    header = "card  tricks" + ("  nil tricks" if nil is not None else "")
    print(header)
    deck = pos.deck
    for card in sorted(values, key=lambda c: (-deck.suit_of[c], -deck.power[c])):
        line = f"{Card(card)!s:<5} {values[card]:>6}"
        if nil is not None:
            line += f"  {nil[card]:>10}"
        if values[card] == best:
            line += "  *"
        print(line)
    print(f"({elapsed * 1000:.0f} ms)")
    return 0
