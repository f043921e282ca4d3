"""Bulk simulation: many hands, fast.

Two paths, one result type (:class:`HandResults`, numpy arrays, one row per hand):

* :func:`random_hands` - the fast path.  Independent single hands (scores and
  bags start at 0) between uniformly random players, simulated as arrays:
  shuffles, random bids and the two-player draw in numpy, the play in a numba
  kernel (or numpy when numba is missing: same results, slower).  Its random
  player never bids blind nil (it always looks), so there is no exchange or
  redraw; every other rule of the preset applies (nil, bid caps, breaking
  spades, three-player, the two-player draw).  Points and bags come from a
  table filled by :func:`spades.scoring.score_hand`, so the scoring is the
  engine's own.
* :func:`play_hands` - any bots through the rules engine (slower, every rule and
  bot), hand by hand, optionally keeping each hand's game record.

Every simulated hand can be replayed through the engine
(:meth:`HandResults.game`): the deck, the dealer, the draw choices, the bids
and the cards played are all kept.  tests/test_sim.py does that for thousands of
hands (the differential test).

>>> from spades.sim import random_hands
>>> res = random_hands("partnership", 1000, seed=1)
>>> res.tricks.sum(axis=1).tolist() == [13] * 1000
True
>>> res.game(0).history[0].points == tuple(res.points[0])
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..actions import KEEP, LOOK, REJECT
from ..bids import Bid
from ..cards import ALL_CARDS
from ..errors import RulesError
from ..game import Game, Phase
from ..rules import Rules
from ..scoring import score_hand
from . import _kernels

__all__ = ["NPZ_FORMAT", "HandResults", "load_results", "play_hands", "random_hands", "score_table"]

#: the ``format`` of a saved :class:`HandResults` (.npz); version in ``meta``
NPZ_FORMAT = "spades-hands"
NPZ_VERSION = 1
_ARRAYS = ("decks", "dealers", "bids", "tricks", "points", "bags", "plays", "draws", "nlegal")


@dataclass
class HandResults:
    """Results of simulated hands; arrays have one row per hand.

    ``decks`` (H, 52 or 51): the card order passed to ``Game(decks=[...])``;
    ``dealers`` (H,); ``draws`` (H, 26) two-player keep (True) / reject choices;
    ``bids`` (H, n) tricks bid (0 = nil, -1 = blind nil); ``tricks`` (H, n);
    ``points`` and ``bags`` (H, sides): the hand's points and the side's bags
    after it (starting from 0); ``plays`` (H, T*n) the cards in play order and
    ``nlegal`` (H, T*n) how many cards were legal at each play (random path);
    ``records``: game records when asked for.
    """

    rules: Rules
    decks: np.ndarray
    dealers: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    points: np.ndarray
    bags: np.ndarray
    plays: np.ndarray
    draws: np.ndarray | None = None
    nlegal: np.ndarray | None = None
    records: list[dict[str, Any]] | None = None
    backend: str = "engine"
    extra: dict[str, Any] = field(default_factory=dict)
    #: the preset name the rules came from (None when built from a Rules object)
    preset: str | None = None
    #: the seed that produced these hands (None: unseeded)
    seed: int | None = None

    def save(self, path: Any) -> None:
        """Save as a self-describing ``.npz``: the arrays, plus ``meta`` (JSON:
        format, version, preset, every rule option, seed, backend, hands), read
        back by :func:`load_results`.  Records, when kept, are saved as JSON text."""
        meta = {
            "format": NPZ_FORMAT, "version": NPZ_VERSION, "preset": self.preset,
            "rules": self.rules.to_dict(), "seed": self.seed, "backend": self.backend, "hands": len(self),
        }
        arrays = {k: getattr(self, k) for k in _ARRAYS if getattr(self, k) is not None}
        extra: dict[str, Any] = {"meta": np.array(json.dumps(meta))}
        if self.records is not None:
            extra["records"] = np.array(json.dumps(self.records))
        np.savez_compressed(path, **arrays, **extra)

    def deal_string(self, i: int) -> str:
        """Hand ``i``'s deal as a PBN-style string (:func:`spades.records.deal_to_string`),
        dealt variants only."""
        from ..records import deal_to_string

        n = self.rules.num_seats
        return deal_to_string([_dealt(self, i, s) for s in range(n)], int(self.dealers[i]), self.rules)

    def write_records(self, path: Any) -> int:
        """Write the kept game records as JSON Lines (one record per line)."""
        from ..records import write_jsonl

        if self.records is None:
            raise ValueError("no records were kept: play with records=True")
        return write_jsonl(self.records, path)

    def __len__(self) -> int:
        return int(self.tricks.shape[0])

    def game(self, i: int) -> Game:
        """Hand ``i`` replayed through the rules engine (raises if it does not replay)."""
        rules = dataclasses.replace(self.rules, hands=1)
        game = Game(rules, seed=0, dealer=int(self.dealers[i]), decks=[[int(c) for c in self.decks[i]]])
        draw = 0
        play = 0
        while not game.is_over:
            phase = game.phase
            seat = game.to_act
            assert seat is not None
            if phase is Phase.BLIND:
                game.apply(Bid.blind_nil() if self.bids[i, seat] == -1 else LOOK)
            elif phase is Phase.DRAW:
                assert self.draws is not None
                game.apply(KEEP if self.draws[i, draw] else REJECT)
                draw += 1
            elif phase is Phase.BID:
                game.apply(Bid(int(self.bids[i, seat])))
            elif phase is Phase.PLAY:
                game.apply(ALL_CARDS[int(self.plays[i, play])])
                play += 1
            else:
                raise RulesError(f"hand {i} reached the {phase.value} phase, which this result cannot replay")
        return game

    def summary(self) -> dict[str, Any]:
        """Means per side: points, bags; and how often nil was bid."""
        return {
            "hands": len(self),
            "mean_points": self.points.mean(axis=0).round(3).tolist(),
            "mean_tricks": self.tricks.mean(axis=0).round(3).tolist(),
            "nil_rate": float((self.bids == 0).mean()),
        }


def _dealt(res: HandResults, i: int, seat: int) -> int:
    """The cards seat ``seat`` was dealt in hand ``i`` (a mask; dealt variants)."""
    rules = res.rules
    if rules.uses_draw:
        raise ValueError("a two-player hand is drawn, not dealt: it has no deal string")
    n = rules.num_seats
    dealer = int(res.dealers[i])
    mask = 0
    for k, c in enumerate(res.decks[i]):
        if (dealer + 1 + k) % n == seat:
            mask |= 1 << int(c)
    return mask


def load_results(path: Any) -> HandResults:
    """Read a :meth:`HandResults.save` file (``spades sim --out``) back, rules and seed
    included.  Raises ``ValueError`` for a file that is not one."""
    try:
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    with data:
        if "meta" not in data.files:
            raise ValueError(f"{path} is not a saved spades hand file (no 'meta': an older or other file)")
        meta = json.loads(str(data["meta"]))
        if meta.get("format") != NPZ_FORMAT or meta.get("version") != NPZ_VERSION:
            raise ValueError(
                f"{path}: unsupported format {meta.get('format')!r} version {meta.get('version')!r}"
            )
        arrays = {k: data[k] for k in _ARRAYS if k in data.files}
        records = json.loads(str(data["records"])) if "records" in data.files else None
    rules = Rules.from_dict(meta["rules"])
    return HandResults(rules=rules, records=records, backend=meta["backend"], preset=meta["preset"],
                       seed=meta["seed"], **arrays)


def _as_rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        if rules.house_rules():
            # the numba kernels play RULES.md sections 2-5 only
            raise RulesError(
                "the batched simulator does not play the house rules of RULES.md section 7 yet: "
                + ", ".join(rules.house_rules())
            )
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise TypeError("rules must be a spades.Rules or a preset name")


@functools.lru_cache(maxsize=32)
def score_table(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Points and bags of one side for a hand started with 0 bags, filled by
    :func:`spades.scoring.score_hand` for every combination.

    Partnerships: indexed ``[bid_a, bid_b, tricks_a, tricks_b]`` for the side's
    two seats; individual sides: ``[bid, tricks]``.  Bids are tricks (0 = nil).
    """
    t = rules.tricks_per_hand
    top = rules.max_bid
    n = rules.num_seats
    if rules.partnerships:
        pts = np.zeros((top + 1, top + 1, t + 1, t + 1), np.int32)
        bags = np.zeros_like(pts)
        for b1 in range(top + 1):
            for b2 in range(top + 1):
                for t1 in range(t + 1):
                    for t2 in range(t + 1 - t1):
                        bids = [Bid(b1), Bid(1), Bid(b2), Bid(1)]
                        s = score_hand(rules, bids, [t1, t - t1 - t2, t2, 0], [0, 0])
                        pts[b1, b2, t1, t2] = s.points[0]
                        bags[b1, b2, t1, t2] = s.bags[0]
        return pts, bags
    pts = np.zeros((top + 1, t + 1), np.int32)
    bags = np.zeros_like(pts)
    for b in range(top + 1):
        for k in range(t + 1):
            tricks = [k, t - k] + [0] * (n - 2)
            s = score_hand(rules, [Bid(b)] + [Bid(1)] * (n - 1), tricks, [0] * rules.num_sides)
            pts[b, k] = s.points[0]
            bags[b, k] = s.bags[0]
    return pts, bags


def _score(rules: Rules, bids: np.ndarray, tricks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    pts, bags = score_table(rules)
    b = bids.astype(np.int64)
    t = tricks.astype(np.int64)
    if rules.partnerships:
        idx = [(b[:, s], b[:, s + 2], t[:, s], t[:, s + 2]) for s in (0, 1)]
        return (np.stack([pts[i] for i in idx], axis=1), np.stack([bags[i] for i in idx], axis=1))
    return pts[b, t], bags[b, t]


def _random_bids(rules: Rules, dealers: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Uniform legal bids (the engine's range), in bidding order."""
    h = len(dealers)
    n = rules.num_seats
    bids = np.full((h, n), -2, np.int64)
    lo = 0 if rules.nil else 1
    rows = np.arange(h)
    cap = rules.max_side_bid
    for k in range(n):
        seat = (dealers + 1 + k) % n
        hi = np.full(h, rules.max_bid, np.int64)
        if cap is not None and rules.partnerships:
            partner = bids[rows, (seat + 2) % 4]
            known = partner >= 0
            hi = np.where(known, np.minimum(hi, cap - np.maximum(partner, 0)), hi)
            if not rules.nil:
                hi = np.where(known, hi, np.minimum(hi, cap - 1))
        hi = np.maximum(hi, lo)
        choice = lo + np.minimum((u[:, k] * (hi - lo + 1)).astype(np.int64), hi - lo)
        bids[rows, seat] = choice
    return bids


def _batch_rng(seed: int | None, k: int) -> np.random.Generator:
    """The generator of batch ``k``: batch 0 uses the seed itself, later batches
    independent streams spawned from it, so any batch can be computed anywhere."""
    if k == 0:
        return np.random.default_rng(seed)
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(k,)))


def _simulate_chunk(rules: Rules, size: int, seed: int | None, k: int, backend: str) -> dict[str, Any]:
    kernel = _kernels.play_numba if backend == "numba" else _kernels.play_numpy
    return _simulate_batch(rules, size, _batch_rng(seed, k), kernel)


def random_hands(rules: Rules | str = "partnership", hands: int = 10000, seed: int | None = None,
                 backend: str = "auto", batch: int = 65536, cluster: Any = None) -> HandResults:
    """Simulate ``hands`` independent random hands (see the module docstring).

    ``backend``: ``"numba"``, ``"numpy"`` or ``"auto"`` (numba when installed).
    The same seed gives the same hands with either backend.  Hands are
    simulated in batches of ``batch``, each with its own generator derived from
    the seed, so with ``cluster`` (a Dask scheduler address or client, see
    :mod:`spades.cluster`) the batches run on the cluster and the result is the
    same as a local run's.
    """
    rules_name = rules
    rules = _as_rules(rules)
    if not isinstance(hands, int) or hands < 1:
        raise ValueError("hands must be a whole number, at least 1")
    if backend == "auto":
        backend = "numba" if _kernels.HAVE_NUMBA else "numpy"
    if backend not in ("numba", "numpy"):
        raise ValueError("backend must be 'auto', 'numba' or 'numpy'")
    if not isinstance(batch, int) or batch < 1:
        raise ValueError("batch must be a whole number, at least 1")
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
    calls = [(rules, min(batch, hands - start), seed, k, backend)
             for k, start in enumerate(range(0, hands, batch))]
    if cluster is not None:
        from ..cluster import map_ordered

        parts = map_ordered(cluster, _simulate_chunk, calls)
    else:
        parts = [_simulate_chunk(*call) for call in calls]
    keys = parts[0].keys()
    merged = {k: (np.concatenate([p[k] for p in parts]) if parts[0][k] is not None else None) for k in keys}
    preset = rules_name if isinstance(rules_name, str) else None
    return HandResults(rules=rules, backend=backend, preset=preset, seed=seed, **merged)  # type: ignore[arg-type]


def _simulate_batch(rules: Rules, h: int, rng: np.random.Generator, kernel: Any) -> dict[str, Any]:
    n = rules.num_seats
    t = rules.tricks_per_hand
    size = rules.deck_size
    if rules.first_dealer is not None:
        dealers = np.full(h, rules.first_dealer, np.int64)
    else:
        dealers = rng.integers(0, n, h)
    base = np.arange(52 - size, 52)
    decks = base[np.argsort(rng.random((h, size)), axis=1)]
    rows = np.arange(h)
    hands = np.zeros((h, n, 52), bool)
    draws = None
    if rules.uses_draw:
        draws = rng.random((h, 26)) < 0.5
        for step in range(26):
            seat = (dealers + step) % 2
            top, nxt = decks[:, 2 * step], decks[:, 2 * step + 1]
            kept = np.where(draws[:, step], top, nxt)
            hands[rows, seat, kept] = True
    else:
        seats = (dealers[:, None] + 1 + np.arange(size)[None, :]) % n
        hands[rows[:, None], seats, decks] = True
    bids = _random_bids(rules, dealers, rng.random((h, n)))
    u = rng.random((h, t * n))
    leader = (dealers + 1) % n
    plays, nlegal, tricks = kernel(hands, leader, u, rules.spades_must_be_broken)
    points, bags = _score(rules, bids, tricks)
    return {
        "decks": decks.astype(np.int8), "dealers": dealers.astype(np.int8), "bids": bids.astype(np.int8),
        "tricks": tricks, "points": points, "bags": bags, "plays": plays, "draws": draws, "nlegal": nlegal,
    }


def play_hands(rules: Rules | str = "partnership", hands: int = 100, bots: Sequence[Any] | str = "random",
               seed: int | None = None, records: bool = False, records_path: Any = None) -> HandResults:
    """Play ``hands`` independent hands through the rules engine with bots.

    ``bots``: one bot name (every seat) or one per seat (names or
    :class:`~spades.bots.Bot` objects).  Every rule applies (blind nil,
    exchanges, redraws).  With ``records=True`` each hand's game record
    (:meth:`spades.Game.to_record`) is kept in ``records``; ``records_path``
    also writes them there as JSON Lines (``spades replay FILE.jsonl`` reads it).
    Every bot is prepared (:meth:`spades.bots.Bot.prepare`: the expert compiles
    its solver) before the first hand.
    """
    from .. import bots as bot_registry

    rules_name = rules
    records = records or records_path is not None
    rules = _as_rules(rules)
    if not isinstance(hands, int) or hands < 1:
        raise ValueError("hands must be a whole number, at least 1")
    n = rules.num_seats
    names = [bots] * n if isinstance(bots, str) else list(bots)
    if len(names) != n:
        raise ValueError(f"give one bot, or one bot for each of the {n} seats")
    base_seed = 0 if seed is None else seed
    players = [
        bot_registry.get(b, seed=base_seed * 1000 + i) if isinstance(b, str) else b
        for i, b in enumerate(names)
    ]
    for player in {id(p): p for p in players}.values():
        prepare = getattr(player, "prepare", None)
        if prepare is not None:
            prepare()
    single = dataclasses.replace(rules, hands=1)
    rng = np.random.default_rng(seed)
    size = rules.deck_size
    steps = rules.tricks_per_hand * n
    out: dict[str, Any] = {
        "decks": np.zeros((hands, size), np.int8), "dealers": np.zeros(hands, np.int8),
        "bids": np.zeros((hands, n), np.int8), "tricks": np.zeros((hands, n), np.int8),
        "points": np.zeros((hands, rules.num_sides), np.int32),
        "bags": np.zeros((hands, rules.num_sides), np.int32), "plays": np.zeros((hands, steps), np.int8),
        "draws": np.zeros((hands, 26), bool) if rules.uses_draw else None,
    }
    recs: list[dict[str, Any]] = []
    for i in range(hands):
        game = Game(single, seed=int(rng.integers(0, 2**62)))
        out["decks"][i] = [int(c) for c in game.deck]
        out["dealers"][i] = game.dealer
        draw = 0
        play = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            act = players[seat].act(game.view(seat))
            if game.phase is Phase.DRAW and out["draws"] is not None:
                out["draws"][i, draw] = act is KEEP
                draw += 1
            elif game.phase is Phase.PLAY:
                out["plays"][i, play] = int(act)  # type: ignore[arg-type]
                play += 1
            game.apply(act)
        summary = game.history[0]
        out["bids"][i] = [-2 if b is None else -1 if b.blind else b.tricks for b in summary.bids]
        out["tricks"][i] = summary.tricks
        out["points"][i] = summary.points
        out["bags"][i] = summary.bags
        if records:
            recs.append(game.to_record())
    res = HandResults(rules=rules, records=recs if records else None, backend="engine",
                      preset=rules_name if isinstance(rules_name, str) else None, seed=seed, **out)
    if records_path is not None:
        res.write_records(records_path)
    return res
