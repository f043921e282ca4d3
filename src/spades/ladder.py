"""The published strength ladder and placing a new agent on it (``spades evaluate``).

The protocol (docs/research.md, "Evaluating an agent"): the agent plays a duplicate
match (:func:`spades.match.run_match`) against each ladder opponent (``random``,
``basic``, ``expert`` and, when OpenSpiel is installed, ``openspiel-ismcts``) on the
partnership preset (to 500, bags 10/-100, nil 100, blind nil 200 with a 3-card
exchange), blind nil off by default as in the ladder's first table; ``deals`` deals
per seed, each dealt at two tables with the sides swapped.  Reported per opponent:

* points per hand, the agent minus the opponent, pooled over the seeds as the ladder
  does (the mean of the per-seed means; the 95% CI combines the seeds' CIs, each a
  cluster estimate over duplicate boards, :func:`spades.match.run_match`);
* whole games finished within the deals, with the 95% Wilson interval of the agent's
  share of the decided games;
* an openskill Plackett-Luce rating (mu, sigma; ordinal mu - 3 sigma) on the
  ladder's scale: the agent starts at openskill's default and is rated on every
  decided game, in a fixed order made from the counts alone (:func:`spread`), against
  the opponents held at their published ratings (:data:`PUBLISHED`, from
  bench/ladder.md; a test keeps the two equal).

``bench/ladder.py`` builds the ladder itself from the same functions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .match import MatchResult, run_match
from .rules import Rules

__all__ = ["DEFAULT_OPPONENTS", "PUBLISHED", "Evaluation", "OpponentResult", "evaluate", "ladder_rules",
           "place", "spread", "wilson"]

#: (mu, sigma) per bot, per setting (blind nil off / on), as bench/ladder.md publishes them.
#: With blind nil on the ladder's random player bid blind nil half the time: today's ``uniform``.
PUBLISHED: Final[dict[bool, dict[str, tuple[float, float]]]] = {
    False: {
        "expert": (47.1, (47.1 - 40.0) / 3),
        "basic": (37.9, (37.9 - 30.9) / 3),
        "random": (1.7, (1.7 + 12.1) / 3),
        "openspiel-ismcts": (-1.4, (-1.4 + 14.7) / 3),
    },
    True: {
        "expert": (54.8, (54.8 - 46.5) / 3),
        "basic": (34.0, (34.0 - 26.1) / 3),
        "openspiel-ismcts": (2.0, (2.0 + 10.0) / 3),
        "uniform": (-0.7, (-0.7 + 13.7) / 3),
    },
}
#: the opponents of the protocol (IS-MCTS only where OpenSpiel is installed)
DEFAULT_OPPONENTS: Final = ("random", "basic", "expert", "openspiel-ismcts")


def ladder_rules(blind_nil: bool = False) -> Rules:
    """The ladder's rules: the partnership preset, blind nil off or on."""
    return Rules.preset("partnership", blind_nil=blind_nil)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k / n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def spread(wins: Sequence[int]) -> list[int]:
    """The decided games of a pairing, winner 0 or 1, with the first bot's wins spread
    evenly through them: ``spread([2, 4]) == [1, 0, 1, 1, 0, 1]``."""
    n = wins[0] + wins[1]
    out: list[int] = []
    first = 0
    for i in range(n):
        if round((i + 1) * wins[0] / n) > first:
            out.append(0)
            first += 1
        else:
            out.append(1)
    return out


@dataclass
class OpponentResult:
    """The agent against one opponent, pooled over the seeds."""

    opponent: str
    means: list[float] = field(default_factory=list)
    cis: list[float] = field(default_factory=list)
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # agent, opponent
    draws: int = 0

    def add(self, result: MatchResult) -> None:
        data = result.to_dict()
        diff = data["diff_per_hand"]
        self.means.append(diff["mean"])
        self.cis.append(diff["ci95"] if diff["ci95"] is not None else math.inf)
        self.deals += data["hands"]
        for board in result.boards:
            for table in board.tables:
                for w in table.games:
                    if w is None:
                        self.draws += 1
                    else:
                        self.wins[w] += 1

    @property
    def mean(self) -> float:
        return sum(self.means) / len(self.means)

    @property
    def ci(self) -> float:
        return math.sqrt(sum(c * c for c in self.cis)) / len(self.cis)

    def to_dict(self) -> dict[str, Any]:
        decided = sum(self.wins)
        lo, hi = wilson(self.wins[0], decided)
        return {"opponent": self.opponent, "deals": self.deals, "points_per_hand": round(self.mean, 2),
                "ci95": round(self.ci, 2) if math.isfinite(self.ci) else None,
                "games_won": list(self.wins), "games_drawn": self.draws,
                "game_share": round(self.wins[0] / decided, 3) if decided else None,
                "game_share_ci95": [round(lo, 3), round(hi, 3)]}


def place(results: Sequence[OpponentResult], blind_nil: bool = False) -> tuple[float, float]:
    """The agent's openskill (mu, sigma) on the ladder's scale (module docstring)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table = PUBLISHED[blind_nil]
    agent = model.rating(name="agent")
    queues = [(r, spread(r.wins)) for r in results if r.opponent in table]
    for turn in range(max((len(q) for _, q in queues), default=0)):
        for r, queue in queues:
            if turn >= len(queue):
                continue
            mu, sigma = table[r.opponent]
            opponent = model.rating(mu=mu, sigma=sigma, name=r.opponent)
            ranks = [1.0, 2.0] if queue[turn] == 0 else [2.0, 1.0]
            [[agent], _] = model.rate([[agent], [opponent]], ranks=ranks)
    return float(agent.mu), float(agent.sigma)


@dataclass
class Evaluation:
    """What :func:`evaluate` measured; :meth:`to_dict` is ``spades evaluate --json``."""

    agent: str
    blind_nil: bool
    seeds: list[int]
    results: list[OpponentResult]
    seconds: float = 0.0

    def rating(self) -> tuple[float, float] | None:
        if not any(sum(r.wins) for r in self.results):
            return None
        return place(self.results, self.blind_nil)

    def ladder(self) -> list[tuple[str, float, float]]:
        """The published ladder with the agent placed on it, strongest first."""
        rows = [(name, mu, sigma) for name, (mu, sigma) in PUBLISHED[self.blind_nil].items()]
        rating = self.rating()
        if rating is not None:
            rows.append((self.agent, *rating))
        return sorted(rows, key=lambda row: -row[1])

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating()
        return {
            "agent": self.agent, "preset": "partnership", "blind_nil": self.blind_nil, "seeds": self.seeds,
            "opponents": [r.to_dict() for r in self.results],
            "rating": None if rating is None else {
                "mu": round(rating[0], 2), "sigma": round(rating[1], 2),
                "ordinal": round(rating[0] - 3 * rating[1], 2)},
            "ladder": [{"bot": n, "mu": round(m, 2), "sigma": round(s, 2)} for n, m, s in self.ladder()],
            "seconds": round(self.seconds, 1),
        }


def available_opponents(names: Sequence[str]) -> list[str]:
    """``names`` less IS-MCTS when OpenSpiel is not installed."""
    import importlib.util

    have_spiel = importlib.util.find_spec("pyspiel") is not None
    return [n for n in names if have_spiel or n != "openspiel-ismcts"]


def evaluate(agent: str, opponents: Sequence[str] = DEFAULT_OPPONENTS, *, deals: int = 100,
             seeds: Sequence[int] = (1, 2, 3), blind_nil: bool = False, workers: int | None = None,
             progress: Callable[[str, int], None] | None = None) -> Evaluation:
    """Play ``agent`` (any bot spec of ``spades match``) against each opponent by the protocol."""
    import time

    start = time.perf_counter()
    rules = ladder_rules(blind_nil)
    results = []
    for opponent in available_opponents(opponents):
        pooled = OpponentResult(opponent)
        for seed in seeds:
            if progress is not None:
                progress(opponent, seed)
            pooled.add(run_match(rules, [agent, opponent], hands=deals, seed=seed, workers=workers))
        results.append(pooled)
    return Evaluation(agent, blind_nil, list(seeds), results, time.perf_counter() - start)
