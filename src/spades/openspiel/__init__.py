"""Spades as a Python OpenSpiel game: ``python_spades``.

Importing this module registers the game with pyspiel::

    import pyspiel
    import spades.openspiel  # registers "python_spades"
    game = pyspiel.load_game("python_spades", {"preset": "two-player", "whole_game": True})

Design (docs/research.md has the user's view):

* **Chance.**  At the start, if the preset has no fixed first dealer, one chance
  node picks the dealer (outcome = seat).  Every hand begins with a deal: one
  chance node per card of the pack, outcome = card id, each remaining card
  equally likely.  Card ``i`` of the deal goes to seat ``(dealer + 1 + i) % n``;
  in the two-player game the pack is the stock, index 0 on top.  When the pack
  is complete the engine is built with ``Game(rules, seed=0, dealer, decks=[...])``
  and the hand's player actions are applied to it, so the engine alone decides
  what is legal and how it scores.  In whole games the deal of the next hand is
  again a chance phase; the engine is then rebuilt with one more deck and the
  logged actions replayed (only at hand boundaries).
* **Two-player redraw.**  After a blind-nil player has chosen the cards it
  gives up (``k`` > 0 of them), ``k`` chance nodes each pick one card from the
  discard pile (uniform among the pile's cards not yet picked); the engine's
  own random draw for that redraw is replaced by exactly these picks.
* **Actions.**  The fixed space of :mod:`spades.action_space` (75 ids: cards
  0-51, bids 52-69, blind nil 70, look 71, keep 72, reject 73, done 74); the
  exchange and the redraw are sequential single-card choices.
* **Observations.**  :mod:`spades.observation`, computed from the engine's
  :class:`~spades.view.View` of the player (plus its own unfinished card
  choice); the information state adds the hand's tricks in order.
* **Returns.**  At the end, each player receives its side's final score (for a
  single hand: the points of that hand).  Partners get the same return.  The
  game is general-sum.  Whole games end at the target score (or the losing
  score, or the ``hands`` option), and at the latest after ``max_hands`` hands.

Parameters: ``preset`` (str), ``whole_game`` (bool, default False: one hand),
``max_hands`` (int, 100), and every rule option of RULES.md section 5.  OpenSpiel
parameters cannot be None, so an option left at its default sentinel keeps the
preset's value: ints default to ``-1000000`` ("preset"), true/false options are
ints ``-1`` (preset), ``0`` (off), ``1`` (on); to ask for "none" give ``-1`` for
``max_side_bid``, ``hands`` and ``first_dealer``, and any positive number for
``losing_score``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final, NamedTuple

import numpy as np
import pyspiel

from ..action_space import DONE_ID, NUM_ACTIONS, Stepper, action_name
from ..actions import Action, Discard, Pass, action_id
from ..bids import bid_labels
from ..cards import ALL_CARDS, Card, cards_of_mask
from ..core import deck_mask
from ..errors import IllegalActionError, RulesError
from ..game import Game
from ..observation import (
    INFO_STATE_SIZE,
    OBSERVATION_SIZE,
    clear_private,
    encode,
    encode_deal,
    encode_info_state,
    info_state_string,
    observation_string,
    public_observation_string,
)
from ..rules import OPTIONS, Rules
from ..view import View

__all__ = [
    "GAME_NAME",
    "PARAMETER_HELP",
    "SpadesGame",
    "SpadesObserver",
    "SpadesState",
    "action_history",
    "apply_redraw",
    "load_game",
    "params_from_rules",
    "replayed",
    "rules_from_params",
    "state_from_view",
]

GAME_NAME: Final = "python_spades"
PRESET_SENTINEL: Final = -1_000_000

# the parameters are made from the rule options, each described once (spades.rules.OPTIONS)
_INT_OPTIONS: Final = tuple(o.name for o in OPTIONS if o.kind == "int")
_OPT_INT_OPTIONS: Final = tuple(o.name for o in OPTIONS if o.kind == "optint")
_BOOL_OPTIONS: Final = tuple(o.name for o in OPTIONS if o.kind == "bool")
_CHOICE_OPTIONS: Final = tuple(o.name for o in OPTIONS if o.kind == "choice")
#: house rules (RULES.md section 7) whose actions the action space cannot name yet: a blind
#: bid has no action id, and the exchange steps assume the blind-nil exchange's size
_UNENCODED: Final = ("nil_exchange", "blind_bid_deficit")

#: what each parameter means, for researchers (the rule options' own help text)
PARAMETER_HELP: Final[dict[str, str]] = {
    "preset": "the rules to start from: " + ", ".join(Rules.PRESET_NAMES),
    "whole_game": "play whole games (true) or single hands (false)",
    "max_hands": "the most hands a whole game may last",
    **{
        o.name: f"{o.help} ({'-1: the preset, 0: off, 1: on' if o.kind == 'bool' else 'unset: the preset'})"
        for o in OPTIONS
    },
}

_PARAMS: Final[dict[str, Any]] = {
    "preset": "partnership",
    "whole_game": False,
    "max_hands": 100,
    **{name: PRESET_SENTINEL for name in _INT_OPTIONS + _OPT_INT_OPTIONS},
    **{name: -1 for name in _BOOL_OPTIONS},
    **{name: "" for name in _CHOICE_OPTIONS},
}


def rules_from_params(params: dict[str, Any]) -> tuple[Rules, bool]:
    """The engine rules and ``whole_game`` flag of some OpenSpiel parameters.

    The returned rules always have ``hands`` set: 1 for a single hand, else the
    ``hands`` option or ``max_hands``, so that every game ends.
    """
    unknown = set(params) - set(_PARAMS)
    if unknown:
        raise RulesError(f"unknown python_spades parameter(s): {', '.join(sorted(unknown))}")
    p = {**_PARAMS, **params}
    changes: dict[str, Any] = {}
    for name in _INT_OPTIONS:
        if p[name] != PRESET_SENTINEL:
            changes[name] = int(p[name])
    for name in _OPT_INT_OPTIONS:
        value = p[name]
        if value == PRESET_SENTINEL:
            continue
        none = value > 0 if name == "losing_score" else value == -1
        changes[name] = None if none else int(value)
    for name in _BOOL_OPTIONS:
        value = p[name]
        if value not in (-1, 0, 1):
            raise RulesError(f"{name} must be -1 (the preset's value), 0 (off) or 1 (on), not {value!r}")
        if value != -1:
            changes[name] = bool(value)
    for name in _CHOICE_OPTIONS:
        if p[name] != "":
            changes[name] = str(p[name])
    if changes.get("nil") is False and "blind_nil" not in changes:
        changes["blind_nil"] = False  # no blind nil without nil (unless asked, then an error)
    rules = Rules.preset(str(p["preset"]), **changes)
    refused = [name for name in rules.house_rules() if name in _UNENCODED or name == "blind_bid_min"]
    if refused:
        raise RulesError(f"python_spades cannot encode these house rules yet: {', '.join(refused)}")
    whole = bool(p["whole_game"])
    max_hands = int(p["max_hands"])
    if max_hands < 1:
        raise RulesError("max_hands must be at least 1")
    if not whole:
        rules = dataclasses.replace(rules, hands=1)
    elif rules.hands is None:
        rules = dataclasses.replace(rules, hands=max_hands)
    return rules, whole


def params_from_rules(rules: Rules, whole_game: bool = False) -> dict[str, Any]:
    """OpenSpiel parameters that reproduce ``rules`` exactly (the inverse of
    :func:`rules_from_params`)."""
    params: dict[str, Any] = {"preset": rules.variant, "whole_game": whole_game}
    for name in _INT_OPTIONS:
        params[name] = getattr(rules, name)
    for name in _OPT_INT_OPTIONS:
        value = getattr(rules, name)
        params[name] = (1 if name == "losing_score" else -1) if value is None else value
    for name in _BOOL_OPTIONS:
        params[name] = int(getattr(rules, name))
    for name in _CHOICE_OPTIONS:
        params[name] = getattr(rules, name)
    return params


def state_from_view(game: SpadesGame, view: View, rng: random.Random,
                    pending: list[int] | tuple[int, ...] = (), *,
                    record_history: bool = True) -> SpadesState:
    """A single-hand ``python_spades`` state in the position ``view`` shows, with the
    cards the seat cannot see dealt at random (see :mod:`spades.openspiel.determinize`).

    ``game`` must be a single-hand game with the view's rules and dealer (see
    :func:`spades.openspiel.bots.search_rules`); scores and earlier hands are not
    part of the state.

    The state's ``history()`` leads to its own cards.  ``record_history=False``
    keeps that history on the Python side only (as :meth:`SpadesState.undo_action`
    does: ``history()``, ``full_history()``, ``history_str()`` and ``move_number()``
    say it, OpenSpiel's C++ record of it stays empty), for a search's throwaway
    samples: recording costs a C++ round trip per action.
    """
    from .determinize import build_from_view, logged_actions

    engine, plan = build_from_view(view, rng, game.rules, view.dealer, [], [])
    state = game.new_initial_state()
    state._dealer = view.dealer
    state._decks = [plan.deck]
    state._hand_starts = [0]
    state._dealing = False
    state._log = logged_actions(engine, 0)
    # the engine is already where the view is: the state takes it as it is (a
    # fresh engine built from the deck and the log, as replayed() builds one,
    # would be the same game)
    state._stepper = Stepper(engine)
    state._stepper.pending = list(pending)
    ids, players = _history(state)
    if record_history:
        state._record_history(ids, players)
    else:
        state._history_override = list(zip(players, ids))
    return state


def _engine_action_ids(act: Action, rules: Rules) -> list[int]:
    """The ids of :mod:`spades.action_space` that make up one engine action."""
    if isinstance(act, Pass):
        return [int(c) for c in act.cards]
    if isinstance(act, Discard):
        ids = [int(c) for c in act.cards]
        return ids if len(ids) == rules.blind_nil_exchange else [*ids, DONE_ID]
    if isinstance(act, Card):
        return [int(act)]
    return [action_id(act)]


def action_history(state: SpadesState) -> list[int]:
    """Every action id (chance outcomes included) that leads from the initial state
    to ``state``'s position, rebuilt from its decks and engine log."""
    return _history(state)[0]


def _history(state: SpadesState) -> tuple[list[int], list[int]]:
    """:func:`action_history`, and who takes each of its actions (chance: -1)."""
    chance = int(pyspiel.PlayerId.CHANCE)
    rules = state._rules
    ids: list[int] = []
    players: list[int] = []
    if rules.first_dealer is None and state._dealer is not None:
        ids.append(state._dealer)
        players.append(chance)
    game = state.engine
    log = state._log
    starts = [*state._hand_starts, len(log)]
    seats = game.actions if game is not None and log else ()
    for h, deck in enumerate(state._decks):
        ids += deck
        players += [chance] * len(deck)
        for i in range(starts[h], starts[h + 1]):
            act, picks = log[i]
            if type(act) is Card:  # most actions: one id, the card's own
                ids.append(int(act))
                players.append(seats[i][0])
                continue
            if not isinstance(act, (Pass, Discard)):  # a bid or a choice: one id
                ids.append(action_id(act))
                players.append(seats[i][0])
                continue
            step = _engine_action_ids(act, rules)
            ids += step
            players += [seats[i][0]] * len(step)
            if picks:
                ids += picks
                players += [chance] * len(picks)
    if state._dealing and state._dealer is not None:
        ids += state._deal
        players += [chance] * len(state._deal)
    if state._redraw is not None:
        assert game is not None and game.to_act is not None
        step = _engine_action_ids(state._redraw, rules) + state._picks
        ids += step
        players += [game.to_act] * (len(step) - len(state._picks)) + [chance] * len(state._picks)
    elif state._stepper is not None and state._stepper.pending:
        seat = state._stepper.game.to_act
        assert seat is not None
        ids += state._stepper.pending
        players += [seat] * len(state._stepper.pending)
    return ids, players


def replayed(state: SpadesState) -> SpadesState:
    """A new state with the position of ``state`` and a ``history()`` that leads to it:
    the state that applying :func:`action_history` to a fresh initial state reaches.

    Built directly (the engine from the decks and the log, as the deal's last chance
    node builds it) rather than by stepping every action: OpenSpiel's own history
    is then recorded without the Python side redoing each step (see
    :meth:`SpadesState._record_history`); ``state`` must be a reachable position."""
    new: SpadesState = state.get_game().new_initial_state()
    new._dealer = state._dealer
    new._decks = [list(d) for d in state._decks]
    new._hand_starts = list(state._hand_starts)
    new._log = list(state._log)
    new._dealing = state._dealing
    new._deal = list(state._deal) if state._dealing else []
    if new._decks:
        new._build_engine()
    stepper = new._stepper
    if state._redraw is not None:
        new._redraw = state._redraw
        new._picks = list(state._picks)
    elif stepper is not None and state._stepper is not None:
        stepper.pending = list(state._stepper.pending)
    new._record_history(*_history(new))
    return new


def load_game(preset: str = "partnership", whole_game: bool = False, max_hands: int = 100,
              **options: Any) -> Any:
    """``pyspiel.load_game("python_spades", ...)`` from Python values: rule options
    as :class:`~spades.rules.Rules` takes them (true/false, None), converted to
    OpenSpiel's parameters (which are typed and cannot be None)."""
    if options.get("nil") is False and "blind_nil" not in options:
        options["blind_nil"] = False
    rules = Rules.preset(preset, **options)
    params = params_from_rules(rules, whole_game)
    if whole_game:
        params["max_hands"] = max_hands
    return pyspiel.load_game(GAME_NAME, params)


def _hand_bounds(rules: Rules) -> tuple[int, int]:
    """Bounds on one side's points in one hand."""
    t = rules.tricks_per_hand
    seats = len(rules.seats_of(0))
    bonus = max(rules.nil_bonus, rules.blind_nil_bonus if rules.blind_nil else 0)
    best = 10 * t + t + seats * bonus + rules.boston_bonus
    penalties = (rules.bag_limit + t) // rules.bag_limit + 1
    worst = 10 * t * seats + seats * bonus + rules.bag_penalty * penalties
    return best, -worst


def _max_actions_per_hand(rules: Rules) -> int:
    n = rules.num_seats
    k = rules.blind_nil_exchange
    return 2 * n + 4 * k + 2 * (k + 1) + 26 + rules.tricks_per_hand * n


_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Spades (every variant, single hand or whole game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


class SpadesGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; see the module docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules, whole = rules_from_params(params)
        hands = rules.hands or 1
        best, worst = _hand_bounds(rules)
        max_utility = best if not whole else max(rules.target_score - 1, 0) + best
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=rules.num_seats,
            min_utility=float(worst * hands),
            max_utility=float(max_utility if not whole else max(max_utility, best * hands)),
            max_game_length=_max_actions_per_hand(rules) * hands,
        )
        # only the parameters given (and differing from the defaults) name the game,
        # so its string reads "python_spades(preset=openspiel)", not sentinels
        given = {k: v for k, v in params.items() if k in _PARAMS and v != _PARAMS[k]}
        super().__init__(_GAME_TYPE, info, given)
        self.rules = rules
        self.whole_game = whole

    def new_initial_state(self) -> SpadesState:
        return SpadesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpadesObserver:
        if params:
            raise ValueError(f"python_spades observers take no parameters, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is None:
            return SpadesObserver(perfect_recall)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info and private == pyspiel.PrivateInfoType.NONE:
            raise ValueError("python_spades: an observer of nothing (no public, no private information)")
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and iig_obs_type.public_info:
            return SpadesObserver(perfect_recall)
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return SpadesObserver(perfect_recall, private_only=True)
        if private == pyspiel.PrivateInfoType.NONE:
            return SpadesObserver(perfect_recall, public_only=True)
        raise ValueError("python_spades observes one player's view or the public information, or one "
                         "player's private information only (private_info=SINGLE_PLAYER with or without "
                         "public_info, or private_info=NONE)")


def apply_redraw(game: Game, act: Discard, picks: list[int]) -> None:
    """Apply a redraw whose replacements are ``picks`` (the chance outcomes), not the
    engine's own seeded draw: see :meth:`spades.game.Game.apply_redraw`."""
    game.apply_redraw(act, picks)


class _Core:
    """The Python side of a :class:`SpadesState` (see its comment), with a fast deep copy."""

    __slots__ = ("deal", "dealer", "dealing", "decks", "hand_starts", "log", "n", "picks", "recording",
                 "redraw", "rules", "stepper", "strings")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.num_seats
        self.dealer = rules.first_dealer
        self.decks: list[list[int]] = []
        self.deal: list[int] = []
        self.dealing = True
        self.stepper: Stepper | None = None
        self.log: list[tuple[Action, list[int] | None]] = []
        self.redraw: Discard | None = None
        self.picks: list[int] = []
        self.hand_starts: list[int] = []
        self.recording: list[int] = []
        self.strings: dict[tuple[object, object, int], Any] = {}

    def __deepcopy__(self, memo: Any) -> _Core:
        new = _Core.__new__(_Core)
        new.rules = self.rules  # frozen
        new.n = self.n
        new.dealer = self.dealer
        new.decks = list(self.decks)  # a finished deck is never changed: shared
        new.deal = list(self.deal)
        new.dealing = self.dealing
        stepper = self.stepper
        if stepper is None:
            new.stepper = None
        else:  # Stepper.copy() without re-checking the rules in Stepper.__init__
            new.stepper = copied = Stepper.__new__(Stepper)
            copied.game = stepper.game.copy()
            copied.pending = list(stepper.pending)
        new.log = list(self.log)  # immutable actions; each redraw's picks are never changed
        new.redraw = self.redraw
        new.picks = list(self.picks)
        new.hand_starts = list(self.hand_starts)
        new.recording = []
        new.strings = self.strings  # the same position's strings; replaced (not changed) by an action
        return new


def _core_property(name: str) -> property:
    def get(state: SpadesState) -> Any:
        return getattr(state._core, name)

    def put(state: SpadesState, value: Any) -> None:
        setattr(state._core, name, value)

    return property(get, put)


class SpadesState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_spades``: chance deal, then the engine."""

    # The Python side of a state lives in one _Core (the properties below read and
    # write it): pyspiel's clone() deep-copies each attribute of a Python state,
    # and the core copies itself in tens of microseconds (the engine by its own
    # copy, the logs as flat lists of immutable actions) instead of walking every
    # action of the history (bench/openspiel_clone.py).
    _rules: Rules
    _n: int
    _dealer: int | None
    _decks: list[list[int]]
    _deal: list[int]
    _dealing: bool
    _stepper: Stepper | None
    #: every engine action, with the redraw picks where there were some
    _log: list[tuple[Action, list[int] | None]]
    _redraw: Discard | None
    _picks: list[int]
    #: index in ``_log`` where each hand's actions begin
    _hand_starts: list[int]
    #: while :meth:`_record_history` runs: who takes each action still to record
    #: (last first); empty otherwise
    _recording: list[int]
    #: the observer strings made in this position, by (perfect recall, public
    #: only, player), and the views, by (None, None, player) (see
    #: :meth:`SpadesObserver.string_from`); emptied by each action
    _strings: dict[tuple[object, object, int], Any]

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        self._core = _Core(game.rules)

    # -- helpers ------------------------------------------------------------

    @property
    def engine(self) -> Game | None:
        """The engine game (None before the first deal is complete)."""
        return self._stepper.game if self._stepper is not None else None

    def _pack(self) -> int:
        return deck_mask(self._rules)

    def _pile(self) -> int:
        game = self.engine
        assert game is not None
        held = 0
        for s in range(self._n):
            held |= game.hand(s).mask
        return self._pack() & ~held

    def _build_engine(self) -> None:
        assert self._dealer is not None
        game = Game(self._rules, seed=0, dealer=self._dealer, decks=self._decks)
        for act, picks in self._log:
            if picks:
                apply_redraw(game, act, picks)  # type: ignore[arg-type]
            else:
                game.apply(act)
        pending = self._stepper.pending if self._stepper is not None else []
        self._stepper = Stepper(game)
        self._stepper.pending = pending

    def _engine_applied(self, act: Action, picks: list[int] | None, hands_before: int) -> None:
        self._log.append((act, picks))
        game = self.engine
        assert game is not None
        if not game.is_over and game.hands_played > hands_before:
            self._dealing = True
            self._deal = []

    @property
    def hand_dealer(self) -> int | None:
        """The dealer of the hand being played or dealt (None before it is chosen)."""
        game = self.engine
        # between hands the engine has already moved the deal on to the next dealer
        return game.dealer if game is not None else self._dealer

    def view(self, player: int) -> View | None:
        """The engine's view of ``player``, or None while cards are being dealt (kept
        until the next action: observers ask for it several times per position)."""
        core = self._core
        stepper = core.stepper
        if stepper is None or core.dealing:
            return None
        key = (None, None, player)
        view: View | None = core.strings.get(key)
        if view is None:
            view = stepper.game.view(player)
            core.strings[key] = view
        return view

    def pending_of(self, player: int) -> list[int]:
        """The player's own unfinished card choice (exchange / redraw)."""
        if self._redraw is not None and self.engine is not None and self.engine.to_act == player:
            return [int(c) for c in self._redraw.cards]
        if self._stepper is not None and self._stepper.game.to_act == player:
            return list(self._stepper.pending)
        return []

    # -- OpenSpiel API ------------------------------------------------------

    def current_player(self) -> int:
        recording = self._recording
        if recording:
            return recording[-1]
        if self._dealer is None or self._dealing or self._redraw is not None:
            return int(pyspiel.PlayerId.CHANCE)
        game = self.engine
        assert game is not None
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.to_act  # type: ignore[return-value]

    def is_terminal(self) -> bool:
        game = self.engine
        return game is not None and game.is_over and not self._dealing

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or self._stepper is None:
            return []
        return self._stepper.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._dealer is None:
            outcomes = list(range(self._n))
        elif self._dealing:
            left = self._pack()
            for c in self._deal:
                left &= ~(1 << c)
            outcomes = [int(c) for c in cards_of_mask(left)]
        else:
            pile = self._pile()
            for c in self._picks:
                pile &= ~(1 << c)
            outcomes = [int(c) for c in cards_of_mask(pile)]
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def _record_history(self, ids: list[int], players: list[int]) -> None:
        """Give this state (whose Python side is already set) OpenSpiel's history
        ``ids``, taken by ``players``: each id goes through ``apply_action``, which
        records it, while :meth:`_apply_action` leaves the position alone."""
        assert len(ids) == len(players)
        self._recording = players[::-1]
        try:
            for aid in ids:
                self.apply_action(aid)
        finally:
            self._recording = []

    def _apply_action(self, action: int) -> None:
        recording = self._recording
        if recording:
            recording.pop()
            return
        override = self.__dict__.get("_history_override")
        player = self.current_player() if override is not None else 0
        self._strings = {}  # a new dict: a clone may share the old one
        self._apply(int(action))
        if override is not None:
            override.append((player, int(action)))

    def _apply(self, action: int) -> None:
        if self.is_chance_node():
            legal = {o for o, _ in self.chance_outcomes()}
            if action not in legal:
                raise IllegalActionError(f"{action} is not a possible chance outcome here")
            if self._dealer is None:
                self._dealer = action
            elif self._dealing:
                self._deal.append(action)
                if len(self._deal) == self._rules.deck_size:
                    self._decks.append(self._deal)
                    self._hand_starts.append(len(self._log))
                    self._deal = []
                    self._dealing = False
                    self._build_engine()
            else:
                self._picks.append(action)
                act = self._redraw
                assert act is not None
                if len(self._picks) == len(act.cards):
                    game = self.engine
                    assert game is not None
                    before = game.hands_played
                    picks, self._picks, self._redraw = self._picks, [], None
                    apply_redraw(game, act, picks)
                    self._engine_applied(act, picks, before)
            return
        stepper = self._stepper
        assert stepper is not None
        done = stepper.to_engine(action)
        if done is None:
            stepper.pending.append(action)
            return
        stepper.pending = []
        if isinstance(done, Discard) and len(done.cards) > 0:
            self._redraw = done
            self._picks = []
            return
        before = stepper.game.hands_played
        stepper.game.apply(done)
        self._engine_applied(done, None, before)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"Dealer:{self._rules.seat_name(action)}"
            if self._dealing:
                return f"Deal:{ALL_CARDS[action]}"
            return f"Redraw:{ALL_CARDS[action]}"
        if action == DONE_ID:
            return "done"
        return action_name(action)

    def returns(self) -> list[float]:
        game = self.engine
        if game is None or not self.is_terminal():
            return [0.0] * self._n
        return [float(game.scores[self._rules.side_of(p)]) for p in range(self._n)]

    def __str__(self) -> str:
        game = self.engine
        head = f"dealer {self._dealer} decks {len(self._decks)} dealing {self._dealing}"
        if game is None:
            return head + f" dealt {len(self._deal)}"
        hands = " | ".join(str(game.hand(s)) for s in range(self._n))
        return f"{head} {game!r} hands {hands} actions {len(self._log)}"

    def __deepcopy__(self, memo: Any) -> SpadesState:
        # clone() copies the C++ side too (history, move number); pyspiel's own
        # clone deep-copies the Python attributes one by one, not through here
        new: SpadesState = self.clone()
        return new

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action (``player`` and ``action`` must be the last
        ones applied).  OpenSpiel's C++ history of a Python state cannot shrink,
        so this state then reports its history from its own record:
        ``history()``, ``full_history()``, ``history_str()`` and
        ``move_number()`` all reflect the undo."""
        hist = self._undo_history()
        if not hist or (hist[-1][0], hist[-1][1]) != (int(player), int(action)):
            last = f"{hist[-1][0]}:{hist[-1][1]}" if hist else "none"
            raise IllegalActionError(
                f"undo_action({player}, {action}) does not match the last action ({last})"
            )
        ids = [a for _, a in hist[:-1]]
        fresh: SpadesState = self.get_game().new_initial_state()
        for aid in ids:
            fresh.apply_action(aid)
        self.__dict__.update(fresh.__dict__)
        self._history_override = hist[:-1]

    def _undo_history(self) -> list[tuple[int, int]]:
        override = self.__dict__.get("_history_override")
        if override is not None:
            return list(override)
        return [(int(pa.player), int(pa.action)) for pa in pyspiel.State.full_history(self)]

    def history(self) -> list[int]:
        if self.__dict__.get("_history_override") is None:
            return list(pyspiel.State.history(self))
        return [a for _, a in self._history_override]

    def full_history(self) -> list[Any]:
        if self.__dict__.get("_history_override") is None:
            return list(pyspiel.State.full_history(self))
        return [PlayerAction(p, a) for p, a in self._history_override]

    def history_str(self) -> str:
        if self.__dict__.get("_history_override") is None:
            return str(pyspiel.State.history_str(self))
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        if self.__dict__.get("_history_override") is None:
            return int(pyspiel.State.move_number(self))
        return len(self._history_override)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpadesState:
        """A state the player cannot tell from this one (for IS-MCTS); see
        :mod:`spades.openspiel.determinize`."""
        from .determinize import resample

        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        return resample(self, player_id, random.Random(seed))


for _name in _Core.__slots__:
    setattr(SpadesState, "_" + _name, _core_property(_name))
del _name


class PlayerAction(NamedTuple):
    """A (player, action) pair, as ``pyspiel.PlayerAction`` reads."""

    player: int
    action: int


class SpadesObserver:
    """The PyObserver of ``python_spades`` (observation or information state)."""

    def __init__(self, perfect_recall: bool, public_only: bool = False, private_only: bool = False) -> None:
        self.perfect_recall = perfect_recall
        #: the public information only: the same layout with every private field
        #: (the player's cards, its own choices, passes, draws) left at zero
        self.public_only = public_only
        #: the player's private information only (``public_info=False``: what
        #: ``pyspiel.generate_playthrough`` asks for): the same layout with only the
        #: private fields set, and a string of them
        self.private_only = private_only
        size = INFO_STATE_SIZE if perfect_recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpadesState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor[:] = 0.0
            game = state.engine
            if game is None:
                scores: tuple[int, ...] = ()
                bags: tuple[int, ...] = ()
                hands = 0
            else:
                scores, bags, hands = game.scores, game.bags, game.hands_played
            if not self.private_only:  # while dealing nothing is private yet
                encode_deal(state._rules, player, state.hand_dealer, scores, bags, hands, len(state._deal),
                            self.tensor[:OBSERVATION_SIZE])
            return
        pending = state.pending_of(player)
        if self.perfect_recall:
            encode_info_state(view, pending, self.tensor)
        else:
            encode(view, pending, self.tensor)
        if self.public_only:
            clear_private(self.tensor)
        elif self.private_only:
            self.tensor *= _private_mask(len(self.tensor))

    def string_from(self, state: SpadesState, player: int) -> str:
        # a search asks for the same state's string several times (IS-MCTS: two or
        # three times per node), so each state keeps the strings it has made until
        # its next action
        key = (self.perfect_recall, self.public_only + 2 * self.private_only, player)
        text = state._strings.get(key)
        if text is None:
            text = self._string_from(state, player)
            state._strings[key] = text
        return text

    def _string_from(self, state: SpadesState, player: int) -> str:
        view = state.view(player)
        if self.private_only:
            return _private_string(view, state.pending_of(player)) if view is not None else ""
        if view is None:
            game = state.engine
            scores = list(game.scores) if game is not None else []
            dealer = state._rules.seat_name(state.hand_dealer) if state.hand_dealer is not None else "?"
            text = f"deal: hand {len(state._decks) + 1} dealer {dealer} dealt {len(state._deal)}"
            text += f" scores {scores}"
            if self.perfect_recall and game is not None:
                hist = [
                    f"{bid_labels(h.bids)} {list(h.tricks)} {list(h.points)}" for h in game.history
                ]
                text += " history " + "; ".join(hist)
            return f"seat {player} " + text
        if self.public_only:
            return public_observation_string(view, with_tricks=self.perfect_recall)
        pending = state.pending_of(player)
        return info_state_string(view, pending) if self.perfect_recall else observation_string(view, pending)


_PRIVATE_MASKS: dict[int, np.ndarray] = {}


def _private_mask(size: int) -> np.ndarray:
    """1.0 on the private fields of a tensor of ``size`` (observation or information state)."""
    mask = _PRIVATE_MASKS.get(size)
    if mask is None:
        mask = np.ones(size, np.float32)
        mask -= clear_private(np.ones(size, np.float32))
        _PRIVATE_MASKS[size] = mask
    return mask


def _private_string(view: View, pending: list[int]) -> str:
    """The seat's private information as text (its cards and its own choices)."""
    parts = [f"hand {view.hand}" if view.hand is not None else "hand not seen"]
    if view.blind_nil_open:
        parts.append("may bid blind nil")
    if pending:
        parts.append("chosen " + " ".join(str(ALL_CARDS[c]) for c in pending))
    if view.draw_card is not None:
        parts.append(f"shown {ALL_CARDS[view.draw_card]}")
    for label, cards in (("passed", view.passed), ("received", view.received),
                         ("discarded", view.discards), ("redrawn", view.redrawn)):
        if cards:
            parts.append(f"{label} {cards}")
    return "; ".join(parts)


pyspiel.register_game(_GAME_TYPE, SpadesGame)

