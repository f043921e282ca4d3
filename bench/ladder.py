"""Write bench/ladder.md: every computer player in duplicate against ``basic``, with blind
nil on and off, in points per hand and in whole games, plus a rating table.

    PYTHONPATH=src python bench/ladder.py                               # the full ladder (hours on 2 cores)
    PYTHONPATH=src python bench/ladder.py --deals 20 --seeds 1 --out /tmp/ladder.md   # a quick check

Every pairing is a ``spades.match.run_match`` on the partnership preset (to 500, bags
10/-100, nil 100, blind nil 200 with a 3-card exchange), once with blind nil and once
without (``blind_nil=False``), on each seed of ``--seeds`` with ``--deals`` deals; every
deal is played at two tables with the sides swapped.  The pairings: each bot of
``--bots`` against ``basic`` (``basic`` itself is the reference, zero by definition),
and the extra pairings of ``--extra`` (by default the expert against OpenSpiel's IS-MCTS,
which with ``openspiel-ismcts - basic`` gives the issue's ``expert - ismcts`` against
``basic - ismcts``).

Reported per pairing and setting, pooled over the seeds:

* points per hand, first bot minus second, with the 95% CI (the mean of the per-seed
  means; its CI is the seeds' CIs combined, the deals of each seed being independent
  duplicate boards);
* whole games: the games that finished within the deals (a game to 500 takes about ten
  hands), won by each bot, with a 95% Wilson interval on the first bot's share of the
  decided games;
* the first bot's nils and blind nils made, how often its contracts were set, and its
  seconds per decision (the largest median and 99th percentile of the seeds; wall clock
  inside the worker processes, so a busy machine inflates them).

The rating table rates every finished game of every pairing with openskill's
Plackett-Luce model (the ``bench`` extra), one table per setting: mu with a 95%
interval of mu +- 1.96 sigma, and the ordinal mu - 3 sigma.  All pairings run through
``basic``, so the ratings place each bot against basic first of all.  The games are
rated in a fixed order made from the counts alone (each pairing's wins spread evenly
through its games, the pairings taken in turn), so the table does not depend on which
worker finished first, and runs can be joined.

Joining runs: ``--json F`` also writes a run's pairings to ``F``; ``--join A,B,...``
writes one report from several runs' JSON files or ladder reports (a report's rows
give every figure of the tables; per-seed means are then the pooled ones), e.g. one
run per setting, or the slow IS-MCTS pairings run apart; a pairing found in several
JSON files on different seeds is pooled over all of them (runs a seed at a time).  ``--alias SPEC=NAME`` names
a bot spec as another (a candidate setting that has since become the defaults).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import platform
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spades import Rules
from spades.ladder import spread, wilson  # shared with `spades evaluate`
from spades.match import MatchResult, run_match

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BOTS = "random,basic,expert,openspiel-ismcts"


@dataclass
class Pooled:
    """One pairing under one setting, over every seed."""

    a: str
    b: str
    blind: bool
    means: list[float] = field(default_factory=list)
    cis: list[float] = field(default_factory=list)
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    games: list[int] = field(default_factory=list)  # the winner (0 or 1) of every finished game
    nil: list[float] = field(default_factory=lambda: [0, 0])  # made, bid (first bot)
    blind_nil: list[float] = field(default_factory=lambda: [0, 0])
    set_hands: list[float] = field(default_factory=lambda: [0, 0])  # set, hands (first bot)
    seconds: float = 0.0
    timing: list[float] = field(default_factory=lambda: [0.0, 0.0])  # worst median, worst p99
    seeds: list[int] = field(default_factory=list)  # empty when read back from a report

    def add(self, result: MatchResult) -> None:
        data = result.to_dict()
        diff = data["diff_per_hand"]
        self.means.append(diff["mean"])
        self.cis.append(diff["ci95"] if diff["ci95"] is not None else math.inf)
        self.deals += data["hands"]
        side = data["sides"][0]
        for key, target in (("nil", self.nil), ("blind_nil", self.blind_nil)):
            bids = side[f"{key}_bids"]
            target[0] += (side[f"{key}_success"] or 0.0) * bids
            target[1] += bids
        if side["set_rate"] is not None:
            self.set_hands[0] += side["set_rate"] * side["hands"]
            self.set_hands[1] += side["hands"]
        for board in result.boards:
            for table in board.tables:
                for w in table.games:
                    if w is None:
                        self.draws += 1
                    else:
                        self.wins[w] += 1
                        self.games.append(w)
        self.seconds += data["seconds"]
        t = side["seconds_per_decision"]
        if t["median"] is not None:
            self.timing = [max(self.timing[0], t["median"]), max(self.timing[1], t["p99"])]

    def merge(self, other: Pooled) -> None:
        """Take in the same pairing's results on other seeds (from another run)."""
        if not self.seeds or not other.seeds or set(self.seeds) & set(other.seeds):
            raise ValueError(f"{self.a} - {self.b}: runs joined must hold known, different seeds")
        self.means += other.means
        self.cis += other.cis
        self.seeds += other.seeds
        self.deals += other.deals
        self.draws += other.draws
        self.games += other.games
        self.seconds += other.seconds
        self.wins = [self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]]
        self.nil = [x + y for x, y in zip(self.nil, other.nil)]
        self.blind_nil = [x + y for x, y in zip(self.blind_nil, other.blind_nil)]
        self.set_hands = [x + y for x, y in zip(self.set_hands, other.set_hands)]
        self.timing = [max(x, y) for x, y in zip(self.timing, other.timing)]

    def mean(self) -> float:
        return sum(self.means) / len(self.means)

    @classmethod
    def from_row(cls, line: str, blind: bool) -> Pooled:
        """A pairing read back from its row in a ladder report (see :func:`report`)."""
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        a, _, b = cells[0].partition(" - ")
        m = re.fullmatch(r"([+-][\d.]+) \+-([\d.]+|inf)", cells[2])
        g = re.fullmatch(r"(\d+) - (\d+)(?: \((\d+) drawn\))?", cells[3])
        if not b or m is None or g is None:
            raise ValueError(f"not a pairing row of a ladder report: {line!r}")

        def share(cell: str) -> list[float]:
            found = re.fullmatch(r"([\d.]+)% of (\d+)", cell)
            if found is None:
                return [0, 0]
            den = int(found[2])
            return [float(found[1]) / 100 * den, den]

        timing = [float(x) for x in cells[8].split(",")] if len(cells) > 8 else [0.0, 0.0]
        return cls(
            a, b, blind, means=[float(m[1])], cis=[float(m[2])], deals=int(cells[1]),
            wins=[int(g[1]), int(g[2])], draws=int(g[3] or 0), nil=share(cells[5]),
            blind_nil=share(cells[6]), set_hands=share(cells[7]), timing=timing,
        )

    def ci(self) -> float:
        return math.sqrt(sum(c * c for c in self.cis)) / len(self.cis)


def pct(num: float, den: float) -> str:
    return f"{100 * num / den:.1f}% of {den:.0f}" if den else "-"


def ratings(pooled: list[Pooled]) -> list[tuple[str, float, float, float, int]]:
    """(bot, mu, sigma, ordinal, games) from every finished game, openskill Plackett-Luce."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for p in pooled:
        for name in (p.a, p.b):
            players.setdefault(name, model.rating(name=name))
            counts.setdefault(name, 0)
    queues = [(p, spread(p.wins)) for p in pooled]
    for turn in range(max((len(q) for _, q in queues), default=0)):
        for p, queue in queues:
            if turn >= len(queue):
                continue
            ranks = [1.0, 2.0] if queue[turn] == 0 else [2.0, 1.0]
            [[ra], [rb]] = model.rate([[players[p.a]], [players[p.b]]], ranks=ranks)
            players[p.a], players[p.b] = ra, rb
            counts[p.a] += 1
            counts[p.b] += 1
    out = [(name, r.mu, r.sigma, r.ordinal(), counts[name]) for name, r in players.items()]
    return sorted(out, key=lambda x: -x[1])


def run_header(args: argparse.Namespace, seeds: list[int], wall: float) -> list[str]:
    """The command and machine lines of one run."""
    return [
        f"Command: `PYTHONPATH=src python bench/ladder.py --deals {args.deals} --seeds "
        f"{','.join(map(str, seeds))} --bots {args.bots} --extra '{args.extra}' --blind {args.blind} "
        f"--workers {args.workers}`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"{args.workers} worker processes; {wall:.0f} s wall clock in all.",
        "",
    ]


def report(pooled: list[Pooled], header: list[str], sizes: str) -> list[str]:
    """The report's lines: ``header`` (commands and machine), then per setting the pairings
    (``sizes``: the seeds and deals, in words) and the ratings, then the goals."""
    lines = [
        "# The strength ladder",
        "",
        "Regenerated by `bench/ladder.py`; every number comes from `spades.match.run_match` in "
        "duplicate on the partnership preset (to 500, bags 10/-100, nil 100, blind nil 200 with a "
        "3-card exchange), with blind nil open and with it off.",
        "",
        *header,
    ]
    for blind in (False, True):
        setting = "blind nil on" if blind else "blind nil off"
        rows = [p for p in pooled if p.blind == blind]
        if not rows:
            continue
        lines += [
            f"## {setting}",
            "",
            f"{sizes}. Points per hand: the first bot minus "
            "the second, 95% CI. Games: finished games won by each, with the 95% Wilson interval "
            "of the first bot's share of the decided games.",
            "",
            "| pairing | deals | points per hand | games won | first bot's share of games | "
            "nils made | blind nils made | set | s per decision (median, p99) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for p in rows:
            decided = p.wins[0] + p.wins[1]
            lo, hi = wilson(p.wins[0], decided)
            share = f"{100 * p.wins[0] / decided:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]" if decided else "-"
            games = f"{p.wins[0]} - {p.wins[1]}" + (f" ({p.draws} drawn)" if p.draws else "")
            lines.append(
                f"| {p.a} - {p.b} | {p.deals} | {p.mean():+.1f} +-{p.ci():.1f} | {games} | {share} | "
                f"{pct(*p.nil)} | {pct(*p.blind_nil)} | {pct(*p.set_hands)} | "
                f"{p.timing[0]:.3f}, {p.timing[1]:.3f} |"
            )
        lines += ["", f"Ratings ({setting}, openskill Plackett-Luce over every finished game):", ""]
        lines += ["| bot | mu | 95% interval | ordinal (mu - 3 sigma) | games |", "|---|---:|---:|---:|---:|"]
        for name, mu, sigma, ordinal, n in ratings(rows):
            interval = f"[{mu - 1.96 * sigma:.1f}, {mu + 1.96 * sigma:.1f}]"
            lines.append(f"| {name} | {mu:.1f} | {interval} | {ordinal:.1f} | {n} |")
        lines.append("")
    lines += goals(pooled)
    return lines


def goals(pooled: list[Pooled]) -> list[str]:
    """The issue's goals, where the pairings they need were run."""
    found = {(p.a, p.b, p.blind): p for p in pooled}
    out = ["## Goals", "", "| goal | measured | met |", "|---|---|---|"]

    def row(goal: str, measured: str, ok: bool) -> None:
        out.append(f"| {goal} | {measured} | {'yes' if ok else 'NO'} |")

    for blind, target in ((False, 25.0), (True, 35.0)):
        setting = "on" if blind else "off"
        e = found.get(("expert", "openspiel-ismcts", blind))
        b = found.get(("openspiel-ismcts", "basic", blind))
        if e is not None and b is not None:
            # basic - ismcts is minus (ismcts - basic)
            gap = e.mean() + b.mean()
            ci = math.hypot(e.ci(), b.ci())
            row(f"(expert - ismcts) - (basic - ismcts) >= +10, blind nil {setting}",
                f"{gap:+.1f} +-{ci:.1f}", gap >= 10.0)
        p = found.get(("expert", "basic", blind))
        if p is None:
            continue
        row(f"expert - basic >= +{target:.0f} per hand, blind nil {setting}",
            f"{p.mean():+.1f} +-{p.ci():.1f}", p.mean() >= target)
        nils = p.nil[0] / p.nil[1] if p.nil[1] else 0.0
        row(f"expert's nils made >= 85%, blind nil {setting}", pct(*p.nil), nils >= 0.85)
        sets = p.set_hands[0] / p.set_hands[1] if p.set_hands[1] else 1.0
        row(f"expert set <= 5%, blind nil {setting}", pct(*p.set_hands), sets <= 0.05)
        if not blind:
            decided = p.wins[0] + p.wins[1]
            share = p.wins[0] / decided if decided else 0.0
            lo, hi = wilson(p.wins[0], decided)
            row("expert wins >= 65% of whole games against basic, blind nil off",
                f"{100 * share:.0f}% of {decided} [{100 * lo:.0f}, {100 * hi:.0f}]", share >= 0.65)
    out.append("")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=400, help="deals per seed and pairing (default 400)")
    parser.add_argument("--seeds", default="1,2,3", help="comma-separated seeds (default 1,2,3)")
    parser.add_argument("--bots", default=DEFAULT_BOTS, help=f"bots against basic (default {DEFAULT_BOTS})")
    parser.add_argument(
        "--extra", default="expert:openspiel-ismcts",
        help="extra pairings, 'a:b' separated by commas, each bot with its options "
        "(default expert:openspiel-ismcts; '' for none)",
    )
    parser.add_argument("--blind", choices=("both", "on", "off"), default="both")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default=str(ROOT / "bench" / "ladder.md"))
    parser.add_argument("--json", help="also write the run's pairings to this JSON file (for --join)")
    parser.add_argument("--join", help="comma-separated JSON files or ladder reports: join them, run nothing")
    parser.add_argument("--alias", action="append", default=[], help="SPEC=NAME: show bot SPEC as NAME")
    args = parser.parse_args()
    aliases = {}
    for item in args.alias:
        spec, sep, name = item.rpartition("=")
        if not sep or not spec or not name:
            parser.error(f"--alias takes SPEC=NAME, not {item!r}")
        aliases[spec] = name
    if args.join:
        return join([f for f in args.join.split(",") if f.strip()], args.out, aliases)
    try:
        seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    except ValueError:
        parser.error("--seeds takes whole numbers separated by commas, e.g. 1,2,3")
    if not seeds or args.deals < 1:
        parser.error("give at least one seed and one deal")
    pairs = [(b.strip(), "basic") for b in args.bots.split(",") if b.strip() and b.strip() != "basic"]
    for item in args.extra.split(","):
        if item.strip():
            # bot specs carry options after colons ('expert:samples=96'): the second bot
            # starts at the first part after the first that is a name, not an option
            parts = [x.strip() for x in item.split(":")]
            cut = next((i for i in range(1, len(parts)) if "=" not in parts[i]), None)
            if cut is None:
                parser.error(f"an extra pairing is 'a:b' (each bot with its options), not {item!r}")
            pairs.append((":".join(parts[:cut]), ":".join(parts[cut:])))
    settings = {"both": (False, True), "on": (True,), "off": (False,)}[args.blind]
    start = time.perf_counter()
    pooled: list[Pooled] = []
    for blind in settings:
        rules = Rules.preset("partnership", blind_nil=blind)
        for a, b in pairs:
            p = Pooled(a, b, blind)
            for seed in seeds:
                print(f"{a} - {b}, blind nil {'on' if blind else 'off'}, seed {seed}", file=sys.stderr)
                p.add(run_match(rules, [a, b], hands=args.deals, seed=seed, workers=args.workers))
                p.seeds.append(seed)
            pooled.append(p)
    header = run_header(args, seeds, time.perf_counter() - start)
    sizes = f"{len(seeds)} seed(s) of {args.deals} deals each"
    if args.json:
        data = {"header": header, "sizes": sizes, "pooled": [dataclasses.asdict(p) for p in pooled]}
        Path(args.json).write_text(json.dumps(data, indent=1), encoding="utf-8")
    write(report(rename(pooled, aliases), header, sizes), args.out)
    return 0


def write(lines: list[str], out: str) -> None:
    Path(out).write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


def rename(pooled: list[Pooled], aliases: dict[str, str]) -> list[Pooled]:
    return [dataclasses.replace(p, a=aliases.get(p.a, p.a), b=aliases.get(p.b, p.b)) for p in pooled]


def read_run(path: Path) -> tuple[list[str], str, list[Pooled]]:
    """One run's header lines, sizes in words and pairings, from its JSON file or report."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        data = json.loads(text)
        return data["header"], data["sizes"], [Pooled(**p) for p in data["pooled"]]
    header: list[str] = []
    sizes = ""
    pooled: list[Pooled] = []
    blind = False
    in_table = False
    for line in text.splitlines():
        if line.startswith(("Command", "Machine")):
            header += [line, ""]
        elif line.startswith("## blind nil"):
            blind = line.startswith("## blind nil on")
        elif re.match(r"\d+ seed\(s\) of \d+ deals each", line):
            sizes = line.split(".")[0]
        elif line.startswith("| pairing |"):
            in_table = True
        elif in_table and line.startswith("|") and not line.startswith("|---"):
            pooled.append(Pooled.from_row(line, blind))
        elif not line.startswith("|"):
            in_table = False
    if not pooled:
        raise ValueError(f"{path} holds no pairing rows of a ladder report")
    return header, sizes, pooled


def join(paths: list[str], out: str, aliases: dict[str, str]) -> int:
    """Write one report from several runs (see the module docstring)."""
    header = ["Joined from several runs (`bench/ladder.py --join`), each with its own command:", ""]
    pooled: list[Pooled] = []
    all_sizes = []
    for path in paths:
        lines, sizes, rows = read_run(Path(path))
        header += [f"From `{Path(path).name}`:", "", *lines]
        all_sizes.append(sizes)
        pooled += rows
    merged: dict[tuple[str, str, bool], Pooled] = {}
    for p in rename(pooled, aliases):
        key = (p.a, p.b, p.blind)
        if key not in merged:
            merged[key] = p
            continue
        try:
            merged[key].merge(p)
        except ValueError as e:
            raise SystemExit(f"the runs joined repeat a pairing under one setting: {e}") from None
    pooled = list(merged.values())
    sizes = all_sizes[0] if len(set(all_sizes)) == 1 else "Seeds and deals as each run's command says"
    write(report(pooled, header, sizes), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
