"""Exceptions raised by the package.

Every error meant for a player or a caller is a :class:`SpadesError`; the ones
caused by bad input are also :class:`ValueError` so that generic code can catch
them the usual way.

The errors a player can cause (:class:`IllegalActionError`, :class:`NotationError`)
carry a stable :attr:`~SpadesError.code` (an :class:`ErrorCode`) and the
:attr:`~SpadesError.params` of their message, so that each front end can word them
in the player's language (:func:`spades.i18n.error_text`); the exception's own
message stays English, for the API:

>>> from spades import Game
>>> try:
...     Game(seed=1).apply("look", seat=3)
... except IllegalActionError as exc:
...     print(exc.code.value, exc.params, str(exc))
not_your_turn {'seat': 'South'} Not your turn: South is to play
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "MESSAGES",
    "ErrorCode",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "RulesError",
    "SpadesError",
    "play_refusal",
    "reason_param",
]


class ErrorCode(StrEnum):
    """What an error is about, for front ends (the values are stable strings, safe to
    store and send).  :data:`MESSAGES` has each one's English wording."""

    OTHER = "other"
    # card play
    CARD_NOT_HELD = "card_not_held"
    CARDS_NOT_HELD = "cards_not_held"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    SPADES_NOT_BROKEN = "spades_not_broken"
    # bidding
    BLIND_NIL_OFF = "blind_nil_off"
    BLIND_NIL_NOT_BEHIND = "blind_nil_not_behind"
    BLIND_NIL_AFTER_LOOK = "blind_nil_after_look"
    NIL_OFF = "nil_off"
    BID_ABOVE_MAX = "bid_above_max"
    SIDE_CAP_PARTNER_BID = "side_cap_partner_bid"
    SIDE_CAP = "side_cap"
    SIDE_CAP_LEAVE_ONE = "side_cap_leave_one"
    NOT_LOOKED = "not_looked"
    # the phase, the turn, the seat
    GAME_OVER = "game_over"
    WRONG_ACTION = "wrong_action"
    PASS_COUNT = "pass_count"
    DISCARD_COUNT = "discard_count"
    NOT_YOUR_BID = "not_your_bid"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_AN_ACTION = "not_an_action"
    # Game.apply_redraw
    REDRAW_ONLY = "redraw_only"
    REPLACEMENT_TWICE = "replacement_twice"
    REPLACEMENT_NOT_IN_PILE = "replacement_not_in_pile"
    REPLACEMENT_COUNT = "replacement_count"
    # action ids (spades.action_space)
    ACTION_ID_RANGE = "action_id_range"
    NOT_ACTION_ID = "not_action_id"
    NOT_LEGAL_NOW = "not_legal_now"
    # notation
    ACTION_NOT_TEXT = "action_not_text"
    EMPTY_ACTION = "empty_action"
    PLAY_WHICH_CARD = "play_which_card"
    UNKNOWN_ACTION = "unknown_action"
    BID_NOT_WHOLE = "bid_not_whole"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    BLIND_ONLY_NIL = "blind_only_nil"
    BID_NOT_TEXT = "bid_not_text"
    NOT_A_BID = "not_a_bid"
    NOT_A_SUIT = "not_a_suit"
    NOT_A_RANK = "not_a_rank"
    CARD_NOT_TEXT = "card_not_text"
    NOT_A_CARD = "not_a_card"
    CARD_ID_RANGE = "card_id_range"
    NOT_A_CARD_VALUE = "not_a_card_value"
    CARD_TWICE = "card_twice"
    CARDS_NOT_TEXT = "cards_not_text"
    HAND_NOT_TEXT = "hand_not_text"
    NOT_A_HAND = "not_a_hand"
    HAND_BAD_RANK = "hand_bad_rank"
    # positions (Game.from_position)
    POS_CARD_TWICE = "pos_card_twice"
    POS_HAND_NOTATION = "pos_hand_notation"
    POS_HAND_TYPE = "pos_hand_type"
    POS_CARDS = "pos_cards"
    POS_NUMBERS_LIST = "pos_numbers_list"
    POS_NUMBERS_WHOLE = "pos_numbers_whole"
    POS_NUMBERS_MIN = "pos_numbers_min"
    POS_NOT_A_BID = "pos_not_a_bid"
    POS_DEALER = "pos_dealer"
    POS_HANDS_PLAYED = "pos_hands_played"
    POS_HANDS_COUNT = "pos_hands_count"
    POS_TRICKS_TYPE = "pos_tricks_type"
    POS_TRICK_SIZE = "pos_trick_size"
    POS_CURRENT_TRICK_SIZE = "pos_current_trick_size"
    POS_TOO_MANY_TRICKS = "pos_too_many_tricks"
    POS_CARDS_SHARED = "pos_cards_shared"
    POS_CARD_GIVEN_TWICE = "pos_card_given_twice"
    POS_THREE_PLAYER_DECK = "pos_three_player_deck"
    POS_HAND_SIZE = "pos_hand_size"
    POS_WHOLE_DECK = "pos_whole_deck"
    POS_BIDS_COUNT = "pos_bids_count"
    POS_BIDS_ORDER = "pos_bids_order"
    POS_BID_REFUSED = "pos_bid_refused"
    POS_BIDS_FIRST = "pos_bids_first"
    POS_PLAY_REFUSED = "pos_play_refused"
    POS_RECORD_KEYS = "pos_record_keys"


def N_(message: str) -> str:
    """Mark ``message`` for extraction (``spades.i18n.N_``; kept here so that this module
    imports nothing)."""
    return message


def NP_(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Mark a message with a plural for extraction: the forms and the name of the
    parameter that counts (``spades.i18n.error_text`` picks the language's form)."""
    return (singular, plural, count)


#: Each code's English wording: ``str.format`` fields are the error's ``params``; a
#: tuple is (singular, plural, the counting parameter).  The engine's messages are
#: exactly these (``tests/test_error_codes.py`` checks every one).
MESSAGES: Final[Mapping[ErrorCode, str | tuple[str, str, str]]] = {
    ErrorCode.CARD_NOT_HELD: N_("You do not have the {card}"),
    ErrorCode.CARDS_NOT_HELD: N_("You do not have {cards}"),
    ErrorCode.MUST_FOLLOW_SUIT: N_("You must follow suit: {suit}"),
    ErrorCode.SPADES_NOT_BROKEN: N_("Spades have not been broken"),
    ErrorCode.BLIND_NIL_OFF: N_("Blind nil is not allowed at this table"),
    ErrorCode.BLIND_NIL_NOT_BEHIND: NP_(
        "Blind nil is only allowed when your side trails by at least {points} point",
        "Blind nil is only allowed when your side trails by at least {points} points",
        "points",
    ),
    ErrorCode.BLIND_NIL_AFTER_LOOK: N_("Blind nil must be bid before you look at your cards"),
    ErrorCode.NIL_OFF: N_("Nil bids are not allowed at this table: bid at least 1"),
    ErrorCode.BID_ABOVE_MAX: NP_(
        "You can bid at most {max} trick", "You can bid at most {max} tricks", "max"
    ),
    ErrorCode.SIDE_CAP_PARTNER_BID: NP_(
        "Your side may bid at most {side_max} trick in all: your partner bid {partner}, so bid at most {max}",
        "Your side may bid at most {side_max} tricks in all: your partner bid {partner}, "
        "so bid at most {max}",
        "side_max",
    ),
    ErrorCode.SIDE_CAP: NP_(
        "Your side may bid at most {side_max} trick in all: bid at most {max}",
        "Your side may bid at most {side_max} tricks in all: bid at most {max}",
        "side_max",
    ),
    ErrorCode.SIDE_CAP_LEAVE_ONE: N_(
        "Bid at most {max}: your partner must be left a bid of at least 1 "
        "(the side may bid at most {side_max})"
    ),
    ErrorCode.NOT_LOOKED: N_("You have not looked at your cards yet: choose 'blind nil' or 'look' first"),
    ErrorCode.GAME_OVER: N_("The game is over"),
    ErrorCode.WRONG_ACTION: N_("Now you must {prompt}"),
    ErrorCode.PASS_COUNT: NP_("Pass exactly {k} card, not {n}", "Pass exactly {k} cards, not {n}", "k"),
    ErrorCode.DISCARD_COUNT: NP_(
        "Discard at most {k} card, not {n}", "Discard at most {k} cards, not {n}", "k"
    ),
    ErrorCode.NOT_YOUR_BID: N_("{seat} does not bid now"),
    ErrorCode.NO_SUCH_SEAT: N_("There is no seat {value} at this table"),
    ErrorCode.NOT_YOUR_TURN: N_("Not your turn: {seat} is to play"),
    ErrorCode.NOT_AN_ACTION: N_("{value} is not an action: try 'bid 4', 'nil' or a card like 'QH'"),
    ErrorCode.REDRAW_ONLY: N_("apply_redraw is only for a redraw (discard) action"),
    ErrorCode.REPLACEMENT_TWICE: N_("{card} is given twice as a replacement"),
    ErrorCode.REPLACEMENT_NOT_IN_PILE: N_("a replacement card is not on the discard pile"),
    ErrorCode.REPLACEMENT_COUNT: NP_(
        "give exactly {n} replacement card", "give exactly {n} replacement cards", "n"
    ),
    ErrorCode.ACTION_ID_RANGE: N_("{value} is not an action id (0-{max})"),
    ErrorCode.NOT_ACTION_ID: N_("{value} is not an action id"),
    ErrorCode.NOT_LEGAL_NOW: N_("{action} is not legal now"),
    ErrorCode.ACTION_NOT_TEXT: N_("an action must be text like 'bid 4' or 'QH', not {type}"),
    ErrorCode.EMPTY_ACTION: N_("say what to do: e.g. 'bid 4', 'nil', or a card like 'QH'"),
    ErrorCode.PLAY_WHICH_CARD: N_("say which card to play, e.g. 'play QH'"),
    ErrorCode.UNKNOWN_ACTION: N_(
        "{text} is not something you can do: try 'bid 4', 'nil', 'blind nil', 'look', "
        "a card like 'QH', 'pass 2C 3D 4H', 'keep', 'reject' or 'discard 2C'"
    ),
    ErrorCode.BID_NOT_WHOLE: N_("a bid is a whole number of tricks, not {value}"),
    ErrorCode.BID_OUT_OF_RANGE: N_("a bid must be between 0 (nil) and {max}, not {value}"),
    ErrorCode.BLIND_ONLY_NIL: N_("only nil can be bid blind"),
    ErrorCode.BID_NOT_TEXT: N_("a bid must be given as text like 'bid 4', not {type}"),
    ErrorCode.NOT_A_BID: N_("{text} is not a bid: say e.g. 'bid 4', 'nil' or 'blind nil'"),
    ErrorCode.NOT_A_SUIT: N_("{text} is not a suit: use C, D, H or S (or ♣ ♦ ♥ ♠)"),
    ErrorCode.NOT_A_RANK: N_("{text} is not a rank: ranks are 2-9, T/10, J, Q, K, A"),
    ErrorCode.CARD_NOT_TEXT: N_("a card must be given as text like 'QH', not {type}"),
    ErrorCode.NOT_A_CARD: N_("{text} is not a card: ranks are 2-9, T/10, J, Q, K, A; suits C, D, H, S"),
    ErrorCode.CARD_ID_RANGE: N_("card id {value} is out of range 0-53"),
    ErrorCode.NOT_A_CARD_VALUE: N_("{value} is not a card"),
    ErrorCode.CARD_TWICE: N_("{card} is given twice"),
    ErrorCode.CARDS_NOT_TEXT: N_("cards must be given as text like 'AS KH 10D'"),
    ErrorCode.HAND_NOT_TEXT: N_("a hand must be given as text like 'AKQ2.J.T98.765'"),
    ErrorCode.NOT_A_HAND: N_(
        "{text} is not a hand: write four suits separated by dots, "
        "spades.hearts.diamonds.clubs, e.g. 'AKQ2.J.T98.765'"
    ),
    ErrorCode.HAND_BAD_RANK: N_("{char} in {text} is not a rank: ranks are 2-9, T/10, J, Q, K, A"),
    ErrorCode.POS_CARD_TWICE: N_("{seat} is given the {card} twice"),
    ErrorCode.POS_HAND_NOTATION: N_("{seat}'s hand: {reason}"),
    ErrorCode.POS_HAND_TYPE: N_("{seat}'s hand must be cards like 'AKQ2.J.T98.765'"),
    ErrorCode.POS_CARDS: N_("{what}: {reason}"),
    ErrorCode.POS_NUMBERS_LIST: N_("{what} must be a list of {size} whole numbers, one per side"),
    ErrorCode.POS_NUMBERS_WHOLE: N_("{what} must be whole numbers, not {value}"),
    ErrorCode.POS_NUMBERS_MIN: N_("{what} cannot be below {minimum}"),
    ErrorCode.POS_NOT_A_BID: N_("{seat}'s bid {value} is not a bid: try 'bid 4', 'nil' or 'blind nil'"),
    ErrorCode.POS_DEALER: N_("dealer must be a seat from 0 to {last}"),
    ErrorCode.POS_HANDS_PLAYED: N_("hands_played must be a whole number, 0 or more"),
    ErrorCode.POS_HANDS_COUNT: N_("hands must list {n} hands, one per seat from {seat} on"),
    ErrorCode.POS_TRICKS_TYPE: N_("tricks must be a list of tricks, each a list of cards"),
    ErrorCode.POS_TRICK_SIZE: N_("trick {trick} must have {n} cards, not {size}"),
    ErrorCode.POS_CURRENT_TRICK_SIZE: N_(
        "the current trick holds fewer than {n} cards (a full one goes in tricks)"
    ),
    ErrorCode.POS_TOO_MANY_TRICKS: N_("a hand has only {n} tricks"),
    ErrorCode.POS_CARDS_SHARED: N_("{cards} given to more than one seat"),
    ErrorCode.POS_CARD_GIVEN_TWICE: N_("the {card} is given twice (in a hand or a trick)"),
    ErrorCode.POS_THREE_PLAYER_DECK: N_("the 2 of clubs is not in the three-player deck"),
    ErrorCode.POS_HAND_SIZE: N_("{seat} holds {held} cards and played {played}: a hand starts with {size}"),
    ErrorCode.POS_WHOLE_DECK: N_("the hands and tricks must hold the whole deck ({size} cards)"),
    ErrorCode.POS_BIDS_COUNT: N_("bids must list {n} bids (None for a seat yet to bid)"),
    ErrorCode.POS_BIDS_ORDER: N_("{seat} bids before the seats after it: give that bid too"),
    ErrorCode.POS_BID_REFUSED: N_("{seat}'s bid ({bid}): {reason}"),
    ErrorCode.POS_BIDS_FIRST: N_("give every seat's bid before the cards played"),
    ErrorCode.POS_PLAY_REFUSED: N_("trick {trick}: {seat} cannot play the {card}: {reason}"),
    ErrorCode.POS_RECORD_KEYS: N_("a record's position must hold only {keys}"),
}


class SpadesError(Exception):
    """Base class of every error this package raises on purpose.

    ``code`` says what the error is about and ``params`` holds the values of its
    message (numbers, card notation, the engine's English seat and suit words, a
    nested error as ``{"code", "params", "message"}``); both are for front ends that
    word the error themselves.  Errors raised without them have code ``OTHER``.
    """

    code: ErrorCode
    params: dict[str, Any]

    def __init__(
        self, *args: object, code: ErrorCode = ErrorCode.OTHER, params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(*args)
        self.code = code
        self.params = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.args, self.code.value, self.params), self.__dict__)

    def as_param(self) -> dict[str, Any]:
        """This error as a parameter of another (``{"code", "params", "message"}``)."""
        return {"code": self.code.value, "params": self.params, "message": str(self)}


def _rebuild(
    cls: type[SpadesError], args: tuple[object, ...], code: str, params: dict[str, Any]
) -> SpadesError:
    error = cls.__new__(cls)
    SpadesError.__init__(error, *args, code=ErrorCode(code), params=params)
    return error


def reason_param(exc: BaseException) -> dict[str, Any]:
    """Any exception as a nested parameter (a :class:`SpadesError`'s code and params, or
    code ``other`` with the English message)."""
    if isinstance(exc, SpadesError):
        return exc.as_param()
    return {"code": ErrorCode.OTHER.value, "params": {}, "message": str(exc)}


class NotationError(SpadesError, ValueError):
    """Text that is not valid card, hand, bid or action notation."""


class RulesError(SpadesError, ValueError):
    """A :class:`~spades.rules.Rules` with contradictory or out-of-range options."""


class IllegalActionError(SpadesError, ValueError):
    """An action the rules do not allow now; the game is left unchanged.

    The message says why in words a player understands, for example
    ``"You must follow suit: hearts"``; ``code`` and ``params`` say the same for a
    front end that words it in the player's language.
    """


class RecordError(SpadesError, ValueError):
    """A game record that cannot be read or does not replay."""


_SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
_RANK_CHARS: Final = "23456789TJQKA"


def play_refusal(hand: int, card: int, led: int | None) -> dict[str, Any]:
    """The ``code`` and ``params`` (keyword arguments of :class:`IllegalActionError`) of
    the refusal :func:`spades.core.play_error` words for an illegal card: not held,
    not following suit, or spades not broken (its three reasons, in its order)."""
    if not hand >> card & 1:
        name = ("LJ", "BJ")[card - 52] if card >= 52 else _RANK_CHARS[card % 13] + "CDHS"[card // 13]
        return {"code": ErrorCode.CARD_NOT_HELD, "params": {"card": name}}
    if led is not None:
        return {"code": ErrorCode.MUST_FOLLOW_SUIT, "params": {"suit": _SUIT_WORDS[led]}}
    return {"code": ErrorCode.SPADES_NOT_BROKEN, "params": {}}
