"""Train the shipped learned baseline (``spades.bots.learned``, bot name ``learned``).

Three steps, each reproducible from its seed:

1. ``collect``: whole games of the partnership preset with ``basic`` in every seat
   (blind nil on in a share of the games), through the rules engine.  Every decision is
   stored as (observation, legal mask, basic's action id): the observation of
   :mod:`spades.observation` as the seat saw it, so the policy reads exactly what
   :class:`spades.bots.PolicyBot` shows it.  The exchange (``Pass``) becomes one label per
   card, as :class:`~spades.bots.PolicyBot` asks for it.  With ``--bid-values`` every bid
   decision is also replayed for several candidate bids (nil and basic's bid -3..+3): the
   game is copied, the candidate bid applied, and the hand finished by ``basic`` in every
   seat; the label is the bidder's side's points for the hand minus the other side's
   (a counterfactual value of each bid for this deal).  With ``--dagger WEIGHTS`` one
   side is played by a trained network while basic still labels every decision
   (DAgger: the states the network itself reaches, with basic's answers).
2. ``train`` (PyTorch): an MLP (986 -> H -> H, ReLU) with two heads: a policy over the 75
   ids (behaviour cloning of basic: cross-entropy over the legal ids) and a value per bid
   (0-17 tricks; regression on the counterfactual values / 100, only where measured).
3. The weights are written as float16 to an ``.npz`` that
   :class:`spades.bots.learned.LearnedBot` reads with numpy alone.

Commands (the ones behind ``src/spades/bots/data/baseline-v1.npz``; times and results in
docs/research.md, "The learned baseline"; ``python`` is the ``rl`` venv with PyTorch for ``train``)::

    B="python bench/train_baseline.py"; export PYTHONPATH=src
    $B collect --games 800 --seed 1 --out /tmp/bl/bc1.npz
    $B collect --games 400 --seed 2 --bid-values --out /tmp/bl/bid2.npz
    $B train --data /tmp/bl/bc1.npz --epochs 3 --threads 2 --out /tmp/bl/v0.npz
    $B collect --games 300 --seed 3 --dagger /tmp/bl/v0.npz --out /tmp/bl/dag3.npz
    $B train --data /tmp/bl/bc1.npz,/tmp/bl/dag3.npz,/tmp/bl/bid2.npz --init /tmp/bl/v0.npz \
        --epochs 1 --batch 1024 --lr 5e-4 --value-repeat 4 --threads 2 --out /tmp/bl/v1.npz
    $B collect --games 300 --seed 4 --dagger /tmp/bl/v1.npz --out /tmp/bl/dag4.npz
    $B train --data /tmp/bl/bc1.npz,/tmp/bl/dag3.npz,/tmp/bl/dag4.npz,/tmp/bl/bid2.npz \
        --init /tmp/bl/v1.npz --epochs 1 --batch 1024 --lr 5e-4 --value-repeat 4 --threads 2 \
        --out /tmp/bl/v2.npz
    $B collect --games 300 --seed 5 --dagger /tmp/bl/v2.npz --out /tmp/bl/dag5.npz
    $B train --data /tmp/bl/bc1.npz,/tmp/bl/dag3.npz,/tmp/bl/dag4.npz,/tmp/bl/dag5.npz,/tmp/bl/bid2.npz \
        --init /tmp/bl/v2.npz --epochs 2 --batch 1024 --lr 3e-4 --value-repeat 4 --threads 2 \
        --out src/spades/bots/data/baseline-v1.npz
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from spades import bots
from spades.action_space import NUM_ACTIONS
from spades.actions import BID_BASE, Action, Discard, Pass, action_from_id, action_id
from spades.bots.learned import LearnedBot
from spades.cards import Card
from spades.game import Game
from spades.observation import OBSERVATION_SIZE, encode
from spades.rules import Rules

#: bid values per decision: bids 0-17 (the ids 52-69)
NUM_BIDS = 18
#: candidate bids replayed around basic's own bid
BID_SPREAD = 3


def _id(action: Action) -> int:
    return int(action) if isinstance(action, Card) else action_id(action)


@dataclass
class Samples:
    obs: list[np.ndarray] = field(default_factory=list)
    mask: list[np.ndarray] = field(default_factory=list)
    label: list[int] = field(default_factory=list)
    values: list[np.ndarray] = field(default_factory=list)

    def add(self, obs: np.ndarray, legal: list[int], label: int, values: np.ndarray | None = None) -> None:
        m = np.zeros(NUM_ACTIONS, np.bool_)
        m[legal] = True
        self.obs.append(obs.astype(np.float16))
        self.mask.append(m)
        self.label.append(label)
        self.values.append(values if values is not None else np.full(NUM_BIDS, np.nan, np.float32))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, obs=np.stack(self.obs), mask=np.stack(self.mask),
                            label=np.array(self.label, np.int16), values=np.stack(self.values))


def _finish_hand(game: Game, players: list[Any]) -> None:
    """Play on with ``players`` until the current hand is scored."""
    start = game.hands_played
    while not game.is_over and game.hands_played == start:
        seat = game.to_act
        game.apply(players[seat].act(game.view(seat)))


def bid_values(game: Game, seat: int, bid: int, legal: list[int], players: list[Any]) -> np.ndarray:
    """The bidder's side's points minus the other side's for the hand, per candidate bid."""
    rules = game.rules
    side = rules.side_of(seat)
    out = np.full(NUM_BIDS, np.nan, np.float32)
    wanted = {BID_BASE} | {BID_BASE + b for b in range(bid - BID_SPREAD, bid + BID_SPREAD + 1)}
    for cid in sorted(wanted & set(legal)):
        trial = game.copy()
        before = trial.scores
        trial.apply(action_from_id(cid))
        _finish_hand(trial, players)
        gain = [a - b for a, b in zip(trial.scores, before, strict=True)]
        out[cid - BID_BASE] = gain[side] - max(g for s, g in enumerate(gain) if s != side)
    return out


def record_decision(game: Game, teachers: list[Any], actors: list[Any], out: Samples,
                    with_values: bool) -> Action:
    """Store the teacher's (basic's) decision at this seat; return the actor's action."""
    seat = game.to_act
    view = game.view(seat)
    action = teachers[seat].act(view)
    if isinstance(action, (Pass, Discard)):
        held = [int(c) for c in view.hand or ()]
        pending: list[int] = []
        for card in sorted(int(c) for c in action.cards):
            out.add(encode(view, pending), [c for c in held if c not in pending], card)
            pending.append(card)
    else:
        legal = sorted(_id(a) for a in view.legal)
        aid = _id(action)
        values = None
        if with_values and BID_BASE <= aid < BID_BASE + NUM_BIDS and len(legal) > 1:
            values = bid_values(game, seat, aid - BID_BASE, legal, teachers)
        out.add(encode(view, []), legal, aid, values)
    return action if actors[seat] is teachers[seat] else actors[seat].act(view)


def collect(args: argparse.Namespace) -> None:
    rng = np.random.default_rng(args.seed)
    out = Samples()
    start = time.perf_counter()
    for g in range(args.games):
        game_seed = int(rng.integers(2**31))
        blind = bool(rng.random() < args.blind_share)
        rules = Rules.preset("partnership", blind_nil=blind)
        teachers = [bots.get("basic", seed=game_seed + s) for s in range(4)]
        actors = list(teachers)
        if args.dagger:  # one side, drawn per game, played by the network being trained
            side = int(rng.integers(2))
            for s in (side, side + 2):
                actors[s] = LearnedBot(weights=args.dagger, bid_values=False)
        game = Game(rules, seed=game_seed)
        while not game.is_over and game.hands_played < args.max_hands:
            game.apply(record_decision(game, teachers, actors, out, args.bid_values))
        if (g + 1) % 10 == 0:
            seconds = time.perf_counter() - start
            print(f"{g + 1} games, {len(out.label)} decisions, {seconds:.0f} s", flush=True)
    out.save(Path(args.out))
    print(f"wrote {args.out}: {len(out.label)} decisions from {args.games} games "
          f"in {time.perf_counter() - start:.0f} s")


def load(paths: str) -> dict[str, np.ndarray]:
    parts = [np.load(p) for p in paths.split(",")]
    return {k: np.concatenate([p[k] for p in parts]) for k in ("obs", "mask", "label", "values")}


def train(args: argparse.Namespace) -> None:
    import torch
    from torch import nn

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    data = load(args.data)
    n = len(data["label"])
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(n)
    n_val = max(1, n // 20)
    val, tr = order[:n_val], order[n_val:]
    valued = tr[~np.isnan(data["values"][tr]).all(1)]
    tr = np.concatenate([tr, *[valued] * (args.value_repeat - 1)])  # bid decisions seen more often
    obs = torch.from_numpy(data["obs"])
    mask = torch.from_numpy(data["mask"])
    label = torch.from_numpy(data["label"].astype(np.int64))
    values = torch.from_numpy(np.nan_to_num(data["values"] / 100.0, nan=0.0))
    known = torch.from_numpy(~np.isnan(data["values"]))
    h = args.hidden
    trunk = nn.Sequential(nn.Linear(OBSERVATION_SIZE, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU())
    pi, vh = nn.Linear(h, NUM_ACTIONS), nn.Linear(h, NUM_BIDS)
    if args.init:  # go on from an exported network
        with torch.no_grad(), np.load(args.init) as start:
            for name, layer in zip(("w1", "w2", "wp", "wv"), (trunk[0], trunk[2], pi, vh), strict=True):
                layer.weight.copy_(torch.from_numpy(start[name].T.astype(np.float32)))
                layer.bias.copy_(torch.from_numpy(start["b" + name[1:]].astype(np.float32)))
    params = [*trunk.parameters(), *pi.parameters(), *vh.parameters()]
    opt = torch.optim.Adam(params, lr=args.lr)
    print(f"{n} decisions ({int(known.any(1).sum())} with bid values), hidden {h}")

    def losses(idx: np.ndarray) -> tuple[Any, Any, Any]:
        i = torch.from_numpy(idx)
        z = trunk(obs[i].float())
        logits = pi(z).masked_fill(~mask[i], -1e9)
        ce = nn.functional.cross_entropy(logits, label[i])
        acc = (logits.argmax(1) == label[i]).float().mean()
        k = known[i]
        err = ((vh(z) - values[i]) ** 2)[k]
        mse = err.mean() if k.any() else torch.zeros(())
        return ce, mse, acc

    start = time.perf_counter()
    for epoch in range(args.epochs):
        perm = rng.permutation(tr)
        for b in range(0, len(perm), args.batch):
            ce, mse, _ = losses(perm[b:b + args.batch])
            opt.zero_grad()
            (ce + args.value_weight * mse).backward()
            opt.step()
        with torch.no_grad():
            ce, mse, acc = losses(val)
        print(f"epoch {epoch + 1}: held-out cross-entropy {ce:.3f}, agreement with basic {acc:.3f}, "
              f"bid-value mse {mse:.3f} ({time.perf_counter() - start:.0f} s)", flush=True)
    layers = [trunk[0], trunk[2], pi, vh]
    arrays = {}
    for name, layer in zip(("w1", "w2", "wp", "wv"), layers, strict=True):
        arrays[name] = layer.weight.detach().numpy().T.astype(np.float16)
        arrays["b" + name[1:]] = layer.bias.detach().numpy().astype(np.float16)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out} ({Path(args.out).stat().st_size} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="basic's decisions (and bid values) from engine games")
    c.add_argument("--games", type=int, default=100)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--blind-share", type=float, default=0.25, help="share of games with blind nil on")
    c.add_argument("--max-hands", type=int, default=40, help="cut a game after this many hands")
    c.add_argument("--bid-values", action="store_true", help="replay every bid decision for candidate bids")
    c.add_argument("--dagger", metavar="WEIGHTS",
                   help="one side played by this network, labelled with basic's decisions (DAgger)")
    c.add_argument("--out", required=True)
    t = sub.add_parser("train", help="fit the network (PyTorch) and export float16 weights")
    t.add_argument("--data", required=True, help="comma-separated files from collect")
    t.add_argument("--out", required=True)
    t.add_argument("--hidden", type=int, default=192)
    t.add_argument("--epochs", type=int, default=8)
    t.add_argument("--batch", type=int, default=512)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--value-weight", type=float, default=1.0)
    t.add_argument("--value-repeat", type=int, default=1, help="show each valued bid decision this often")
    t.add_argument("--threads", type=int, default=1)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--init", metavar="WEIGHTS", help="start from these exported weights")
    args = parser.parse_args()
    collect(args) if args.command == "collect" else train(args)


if __name__ == "__main__":
    main()
