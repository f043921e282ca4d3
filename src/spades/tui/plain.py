"""``spades play --plain``: the terminal game line by line, for screen readers and pipes.

The full-screen game (:mod:`spades.tui.app`) draws a table; a screen reader reads
little of it.  :class:`PlainGame` plays the same :class:`~spades.tui.controller.Controller`
as a conversation instead: every event is one sentence on its own line (the
narration of :mod:`spades.narrate`, in the player's language), every question says
what is asked and what is legal, and the answers are read from stdin one line at a
time.  Nothing here draws a box, moves the cursor or colours a letter.

Cards are said as words (``queen of hearts``, the default), as letters (``QH``,
``10H``: ``--cards letters``) or as on the full screen (``Q♥``: ``--cards local`` or
``standard``); a card is typed as letters (``QH``, ``10h``, the language's own rank
letters) or as the words it is said with.

Besides the moves and the commands of the full-screen game (``hint``, ``undo``,
``last``, ``rules``...), review commands in the spirit of Blind Adrenaline's Spades
say the game's state again on demand: ``hand`` (your cards by suit), ``trick`` (the
cards on the table), ``last`` (the last trick), ``bids`` (each bid and the tricks
taken), ``score`` and ``turn`` (whose turn it is and what is asked).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Final, TextIO

from ..bids import Bid
from ..cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Rank, Suit
from ..game import Phase
from ..i18n import NC_, _, command_word, ngettext, pgettext, rank_face, term, use_language
from .controller import JOKER_NAMES, Controller, Message, Option
from .hints import hand_order, play_suit

__all__ = ["CARD_STYLES", "REVIEW_COMMANDS", "PlainGame", "card_letters", "card_words", "speak_cards"]

#: how cards are said: ``words`` (queen of hearts), ``letters`` (QH), ``symbols`` (Q♥)
CARD_STYLES: Final = ("words", "letters", "symbols")

#: the rank words (context ``card rank``), by :class:`~spades.cards.Rank`
_RANK_WORDS: Final = (
    NC_("card rank", "two"),
    NC_("card rank", "three"),
    NC_("card rank", "four"),
    NC_("card rank", "five"),
    NC_("card rank", "six"),
    NC_("card rank", "seven"),
    NC_("card rank", "eight"),
    NC_("card rank", "nine"),
    NC_("card rank", "ten"),
    NC_("card rank", "jack"),
    NC_("card rank", "queen"),
    NC_("card rank", "king"),
    NC_("card rank", "ace"),
)
#: the suit as a card's name says it («дама червей»: the genitive), by :class:`~spades.cards.Suit`
_SUIT_WORDS: Final = (
    NC_("card suit", "clubs"),
    NC_("card suit", "diamonds"),
    NC_("card suit", "hearts"),
    NC_("card suit", "spades"),
)
#: the card the help shows as an example
_QUEEN: Final = Card.parse("QH")
#: the order a hand is told in (as ``spades.narrate.HAND_LEGEND`` writes hands)
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: the review commands of this mode, each said in the player's language (context ``command``)
REVIEW_COMMANDS: Final = (
    NC_("command", "hand"),
    NC_("command", "trick"),
    NC_("command", "bids"),
    NC_("command", "score"),
    NC_("command", "turn"),
)
#: what a screen reader would spell out and a plain line needs no more
_BULLET: Final = re.compile(r"^\s*[•*]\s+")
_SPACES: Final = re.compile(r"\s+")
#: a quotation in a message, in the quotes of each of our languages
_QUOTED: Final = re.compile(r"('[^']*'|«[^»]*»|„[^“]*“|\"[^\"]*\")")
#: a card in the game's notation, as the engine's errors name it (``AS``, ``TD``, ``BJ``)
_NOTATION: Final = re.compile(r"(?<!\w)(?:(?:10|[2-9TJQKA])[CDHS]|[BL]J)(?!\w)")
#: a joker as the full screen shows it
_JOKER: Final = re.compile(r"(?<!\w)[BL]J(?!\w)")
#: the jokers' names in sentences ("North plays the big joker"), by card id
_JOKER_WORDS: Final = {BIG_JOKER: JOKER_NAMES[0][0], LITTLE_JOKER: JOKER_NAMES[1][0]}


def _fold(text: str) -> str:
    """``text`` as typed words are compared: any case, «ё» as «е» (бубён, бубен)."""
    return text.casefold().replace("ё", "е")


def rank_word(rank: Rank) -> str:
    """``'queen'`` in the language in use."""
    return pgettext("card rank", _RANK_WORDS[rank])


def card_words(card: Card) -> str:
    """``'queen of hearts'`` («дама червей», «hjartadrottning») in the language in use;
    ``'the big joker'``."""
    if card.is_joker:
        return _(_JOKER_WORDS[int(card)])
    suit = pgettext("card suit", _SUIT_WORDS[card.suit])
    return _("{rank} of {suit}").format(rank=rank_word(card.rank), suit=suit)


def _rank_letters(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank_face(rank.char)


def card_letters(card: Card) -> str:
    """``'QH'``, ``'10H'`` (the language's own rank letters where its packs use them):
    what a player may type back; ``'BJ'``, ``'LJ'``."""
    if card.is_joker:
        return str(card)
    return _rank_letters(card.rank) + card.suit.letter


def _shown_ranks() -> dict[str, Rank]:
    """Each rank as :func:`spades.tui.hints.pretty` may show it in the language in use."""
    shown = {r.char: r for r in Rank if r.char in "JQKA"}
    shown.update({_rank_letters(r): r for r in Rank})
    return shown


def speak_cards(text: str, style: str = "words") -> str:
    """``text`` with every card shown as on the full screen (``Q♥``) said in ``style``."""
    if style == "symbols":
        return text
    say = card_words if style == "words" else card_letters
    ranks = _shown_ranks()
    card = "(?:" + "|".join(map(re.escape, sorted(ranks, key=len, reverse=True))) + ")[♣♦♥♠]"
    if style == "words":  # "6♥ К♦ 2♣" said as words needs commas between the cards
        text = re.sub(f"({card}) (?={card})", r"\1, ", text)

    def one(m: re.Match[str]) -> str:
        shown = m.group(0)
        return say(Card.of(ranks[shown[:-1]], "♣♦♥♠".index(shown[-1])))

    text = re.sub(card, one, text)
    return _JOKER.sub(lambda m: say(Card.parse(m.group(0))), text)


class PlainGame:
    """The game as lines: see the module docstring.  ``run`` returns the exit code."""

    def __init__(
        self,
        controller: Controller,
        *,
        stdin: TextIO,
        stdout: TextIO,
        cards: str = "words",
        pace: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if cards not in CARD_STYLES:
            raise ValueError(f"cards are said as {', '.join(CARD_STYLES)}, not {cards!r}")
        self.ctl = controller
        self.stdin = stdin
        self.stdout = stdout
        self.cards = cards
        self.pace = pace
        self.sleep = sleep
        controller.short_sides = False  # "North-South", not "N-S" read out letter by letter
        #: the log's messages already said (by identity: the log keeps its objects)
        self._said: dict[int, Message] = {}
        self._told: set[tuple[str, int, int]] = set()
        self._asked: tuple[int, int, bool] | None = None
        self._typed = self._typed_cards()

    # -- output ------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Write ``text`` a line at a time, each line plain: cards in words (or as chosen),
        no bullets, no runs of spaces, no empty lines."""
        for line in text.split("\n"):
            line = _BULLET.sub("", speak_cards(line, self.cards)).replace(" · ", ", ")
            line = _SPACES.sub(" ", line).strip()
            if line:
                self.stdout.write(line + "\n")
        self.stdout.flush()

    def card(self, card: Card) -> str:
        if card.is_joker:
            return speak_cards(str(card), self.cards)
        return speak_cards(f"{_rank_letters(card.rank)}{card.suit.symbol}", self.cards)

    def cards_text(self, cards: list[Card]) -> str:
        return ", ".join(self.card(c) for c in cards)

    def _said_notation(self, text: str) -> str:
        """The cards an error names in notation (``AS``) as they are said, but not those in
        quotes: what the player typed is echoed as typed."""
        parts = _QUOTED.split(text)
        for i in range(0, len(parts), 2):
            parts[i] = _NOTATION.sub(lambda m: self.card(Card.parse(m.group(0))), parts[i])
        return "".join(parts)

    def flush(self) -> None:
        """Say the log's messages not said yet (events, hints, answers), oldest first."""
        log = list(self.ctl.log)
        for message in log:
            if id(message) not in self._said:
                self.say(message.text)
        self._said = {id(m): m for m in log}

    def answer(self, message: Message) -> None:
        """Say a reply of the controller: the log's new lines, then the reply itself when
        the log does not keep it (errors, help, rules)."""
        self.flush()
        if message.text and not any(m is message for m in self.ctl.log):
            text = message.text
            if message.kind == "error":  # the engine names cards in notation: 'You do not have the AS'
                text = self._said_notation(text)
            self.say(text)

    # -- the game's flow ---------------------------------------------------------------

    def run(self) -> int:
        """Play until ``quit`` or the end of the input; the game is saved after every move."""
        self.say(self.welcome())
        try:
            while not self.ctl.quit_requested:
                self.advance()
                self.ask()
                line = self.read()
                if line is None:
                    break
                self.handle(line)
        except KeyboardInterrupt:
            self.say(_("Goodbye."))
        return 0

    def read(self) -> str | None:
        """The next line typed, or None at the end of the input (or when it cannot be read:
        a closed or unreadable stdin ends the game as the end of a file does, saved)."""
        try:
            line = self.stdin.readline()
        except (OSError, ValueError):
            return None
        return line or None

    def welcome(self) -> str:
        ctl = self.ctl
        rules = ctl.rules
        seat = term(rules.seat_name(ctl.human))
        lines = [
            _("Spades, {variant}, game to {target}. You sit {seat}; the computer players: {bots}.").format(
                variant=term(rules.variant), target=rules.target_score, seat=seat, bots=ctl.bots_line()
            ),
            _("Type '{help}' for the commands, '{quit}' to leave.").format(
                help=command_word("help"), quit=command_word("quit")
            ),
        ]
        return "\n".join(lines)

    def advance(self) -> None:
        """Let the computer players move (and play a forced card) until the person is asked
        something, saying every move as it is made."""
        ctl = self.ctl
        while not ctl.quit_requested:
            self.announce()
            if ctl.bot_turn() is not None:
                if self.pace > 0:
                    self.sleep(self.pace)
                ctl.step()
            elif not ctl.play_forced():
                break
            self.flush()
        self.announce()

    def announce(self) -> None:
        """Once each: a new hand and its dealer, the person's cards when they are known,
        and a finished hand's result."""
        self.flush()
        ctl = self.ctl
        game = ctl.game
        summary = ctl.pending_summary
        if summary is not None and self._once("result", summary.number):
            self.say("\n".join(ctl.narrator.hand_result(summary)))
        if game.is_over or (summary is not None and not ctl.human_to_act):
            return  # the next hand is announced once it is dealt to be played
        view = ctl.view()
        if self._once("hand", view.hand_number):
            self.say(self.new_hand_line())
        if (
            view.hand is not None
            and game.phase in (Phase.BID, Phase.PLAY)
            and self._once("cards", view.hand_number)
        ):
            self.say(self.hand_text())

    def _once(self, what: str, number: int) -> bool:
        key = (what, id(self.ctl.game), number)
        if key in self._told:
            return False
        self._told.add(key)
        return True

    def new_hand_line(self) -> str:
        view = self.ctl.view()
        if view.dealer == self.ctl.human:
            return _("Hand {n}: you deal.").format(n=view.hand_number + 1)
        dealer = term(self.ctl.rules.seat_name(view.dealer))
        return _("Hand {n}: {dealer} deals.").format(n=view.hand_number + 1, dealer=dealer)

    def ask(self) -> None:
        """Say what the person is asked, once per decision (``turn`` says it again)."""
        ctl = self.ctl
        key = (*ctl.decision_key, ctl.pending_summary is not None)
        if key != self._asked:
            self._asked = key
            self.say(self.question())

    def question(self) -> str:
        """The prompt and what may be answered, in lines."""
        ctl = self.ctl
        prompt = ctl.prompt()
        lines = [prompt.text]
        if prompt.kind == "over":
            lines.append(_("Type '{quit}' to leave.").format(quit=command_word("quit")))
        elif ctl.human_to_act:
            lines.extend(self.choices())
        return "\n".join(lines)

    def choices(self) -> list[str]:
        """What is legal now and how to type it."""
        ctl = self.ctl
        phase = ctl.game.phase
        options = ctl.options()
        if phase is Phase.BID:
            if any(o.notation == "nil" for o in options):
                return [_("Type the number of tricks you bid, or {nil}.").format(nil=command_word("nil"))]
            return [_("Type the number of tricks you bid.")]
        if phase in (Phase.BLIND, Phase.DRAW):
            return [_("Type one of: {choices}.").format(choices=", ".join(o.label for o in options))]
        if phase is Phase.PLAY:
            return self._play_choices(options)
        return self._pick_choices(phase)

    def _play_choices(self, options: list[Option]) -> list[str]:
        legal = [o.card for o in options if o.legal and o.card is not None]
        example = self.ctl.default_card() or legal[0]
        return [
            ngettext(
                "You may play {n} card: {cards}.", "You may play {n} cards: {cards}.", len(legal)
            ).format(n=len(legal), cards=self.cards_text(legal)),
            _("Type a card as letters, such as {letters}, or in words, such as {words}.").format(
                letters=card_letters(example), words=card_words(example)
            ),
        ]

    def _pick_choices(self, phase: Phase) -> list[str]:
        """The blind-nil exchange and the two-player redraw: which cards, typed how."""
        ctl = self.ctl
        hand = ctl.view().hand
        mine = hand.sorted() if hand is not None else []
        k = ctl.choosing_cards()
        example = " ".join(card_letters(c) for c in mine[:k])
        lines = [_("Your cards: {cards}.").format(cards=self.cards_text(mine))]
        if phase is Phase.EXCHANGE:
            lines.append(
                _("Type {verb} and the cards, such as: {verb} {cards}").format(
                    verb=command_word("pass"), cards=example
                )
            )
        else:
            lines.append(
                _(
                    "Type {verb} and the cards, such as: {verb} {cards}; or {verb} alone to keep your cards."
                ).format(verb=command_word("discard"), cards=example)
            )
        return lines

    # -- input -------------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """One line typed by the person: a review command, a move or a command."""
        ctl = self.ctl
        text = " ".join(line.split())
        key = text.casefold()
        review = self._review(key)
        if review is not None:
            self.say(review())
        elif not text:
            self.empty_line()
        elif ctl.english(key) in ("help", "?") or key == command_word("help").casefold():
            self.say(self.help_text())
        elif ctl.english(key) == "hint" or key == command_word("hint").casefold():
            if ctl.human_to_act:
                self.say(_("Thinking about a hint..."))
            self.answer(ctl.hint())
        elif ctl.english(key) in ("analyse", "analyze") or key == command_word("analyse").casefold():
            if ctl.game.hands_played:
                self.say(_("Analysing double dummy..."))
            self.answer(ctl.analyse())
        else:
            self.answer(ctl.submit(self.notation(text)))

    def _review(self, key: str) -> Callable[[], str] | None:
        """The review command ``key`` names (in English or the player's language), or None."""
        answers: dict[str, Callable[[], str]] = {
            "hand": self.hand_text,
            "trick": self.trick_text,
            "bids": self.bids_text,
            "score": self.score_text,
            "turn": self.question,
        }
        for word, answer in answers.items():
            if _fold(key) in (word, _fold(command_word(word))):
                return answer
        return None

    def empty_line(self) -> None:
        """Enter alone: deals the next hand after a hand's result, else says the question again."""
        ctl = self.ctl
        if ctl.pending_summary is not None and not ctl.human_to_act:
            ctl.acknowledge()
            return
        self.say(self.question())

    def _typed_cards(self) -> dict[str, str]:
        """Each card's words (in the language in use and in English) and letters, as typed,
        to its notation."""
        table: dict[str, str] = {}
        every = (*ALL_CARDS, Card(LITTLE_JOKER), Card(BIG_JOKER))
        for card in every:
            table[_fold(card_words(card))] = str(card)
            table[_fold(card_letters(card))] = str(card)
        for name, notation in JOKER_NAMES:
            table.setdefault(_fold(_(name)), notation)
        with use_language("en"):
            for card in every:
                table.setdefault(_fold(card_words(card)), str(card))
            for name, notation in JOKER_NAMES:
                table.setdefault(_fold(name), notation)
        return table

    def notation(self, text: str) -> str:
        """``text`` with cards said in words put as letters (``queen of hearts`` -> ``QH``,
        ``pass two of clubs, three of diamonds`` -> ``pass 2C 3D``) and a choice typed by
        its label (``draw``) as its move; anything else unchanged."""
        key = text.casefold()
        for option in self.ctl.options() if self.ctl.human_to_act else ():
            if option.card is None and option.label.casefold() == key:
                return option.notation
        head, _sep, rest = key.partition(" ")
        verb = self.ctl.english(head) if rest else ""
        if verb == "play" or head == command_word("play").casefold():
            return self._cards_notation(rest) or text
        if verb in ("pass", "discard") or head in (
            command_word("pass").casefold(),
            command_word("discard").casefold(),
        ):
            cards = self._cards_notation(rest)
            return f"{self.ctl.english(head)} {cards}" if cards else text
        return self._cards_notation(key) or text

    def _cards_notation(self, text: str) -> str | None:
        """``two of clubs, three of diamonds`` (commas optional) as ``2C 3D``: None unless
        the whole text is cards, each in words or letters."""
        words = _fold(text).replace(",", " ").split()
        found: list[str] = []
        start = 0
        while start < len(words):
            for end in range(len(words), start, -1):  # the longest card name first
                card = self._typed.get(" ".join(words[start:end]))
                if card is not None:
                    found.append(card)
                    start = end
                    break
            else:
                return None
        return " ".join(found) or None

    # -- review ------------------------------------------------------------------------

    def hand_text(self) -> str:
        """The person's cards by suit, a line a suit."""
        hand = self.ctl.view().hand
        if hand is None:
            return _("You have not looked at your cards.")
        deck = self.ctl.view().deck
        cards = hand_order(hand, deck)
        lines = [ngettext("Your hand, {n} card:", "Your hand, {n} cards:", len(cards)).format(n=len(cards))]
        for suit in _SUIT_ORDER:
            mine = [c for c in cards if play_suit(c, deck) is suit]
            if not mine:
                lines.append(_("{suit}: none.").format(suit=term(suit.plural).capitalize()))
                continue
            ranks = ", ".join(self._rank(c, suit) for c in mine)
            lines.append(_("{suit}: {ranks}.").format(suit=term(suit.plural).capitalize(), ranks=ranks))
        return "\n".join(lines)

    def _rank(self, card: Card, suit: Suit) -> str:
        """A card among its suit's: its rank alone, or the whole card for a joker and for a
        card playing as another suit (the deuces' 2♦ among the spades)."""
        if card.is_joker or card.suit is not suit:
            return self.card(card)
        if self.cards == "words":
            return rank_word(card.rank)
        return _rank_letters(card.rank)

    def trick_text(self) -> str:
        """The cards on the table, who played each, and who is to play."""
        ctl = self.ctl
        view = ctl.view()
        n = len(view.tricks) + 1
        if not view.trick:
            if view.phase is not Phase.PLAY:
                return _("No trick is being played now.")
            if view.to_act == ctl.human:
                return _("Trick {n}: no card played yet; your lead.").format(n=n)
            lead = term(ctl.rules.seat_name(view.to_act)) if view.to_act is not None else ""
            return _("Trick {n}: no card played yet; {seat} to lead.").format(n=n, seat=lead)
        parts = [
            f"{ctl.label(s) if i == 0 else ctl.mention(s)} {self.card(c)}"
            for i, (s, c) in enumerate(view.trick)
        ]
        return _("Trick {n}: {cards}.").format(n=n, cards=", ".join(parts))

    def bids_text(self) -> str:
        """Each seat's bid and the tricks it has taken, a line a seat."""
        ctl = self.ctl
        view = ctl.view()
        lines = []
        for seat in range(ctl.rules.num_seats):
            took = view.tricks_won[seat]
            bid = view.bids[seat]
            if bid is None:
                text = ngettext(
                    "{seat}: no bid yet, {n} trick taken.", "{seat}: no bid yet, {n} tricks taken.", took
                )
                lines.append(text.format(seat=ctl.title(seat), n=took))
                continue
            text = ngettext(
                "{seat}: bid {bid}, {n} trick taken.", "{seat}: bid {bid}, {n} tricks taken.", took
            )
            lines.append(text.format(seat=ctl.title(seat), bid=bid_words(bid), n=took))
        return "\n".join(lines)

    def score_text(self) -> str:
        """The scores and bags of each side, the target, the hand being played."""
        ctl = self.ctl
        view = ctl.view()
        lines = [
            _("{team}: score {points}, bags {bags}.").format(
                team=ctl.side_label(side), points=view.scores[side], bags=view.bags[side]
            )
            for side in range(ctl.rules.num_sides)
        ]
        lines.append(
            _("Hand {n}; game to {target}.").format(n=ctl.hand_number(), target=ctl.rules.target_score)
        )
        return "\n".join(lines)

    def help_text(self) -> str:
        """The commands of this mode, in the player's language."""
        w = command_word
        rows = [
            _("Type a command or a move and press Enter. Moves:"),
            _("a card: letters such as {letters}, or words such as {words}").format(
                letters=card_letters(_QUEEN), words=card_words(_QUEEN)
            ),
            _("a bid: a number such as 4, or {nil}, or {blind_nil}; {look} to see your cards").format(
                nil=w("nil"), blind_nil=w("blind nil"), look=w("look")
            ),
            _(
                "{pass_} and the cards for a blind-nil exchange; "
                "{keep}, {reject}, {discard} in the two-player game"
            ).format(pass_=w("pass"), keep=w("keep"), reject=w("reject"), discard=w("discard")),
            _(
                "Review: {hand}: your cards by suit; {trick}: the cards on the table; {last}: the last trick."
            ).format(hand=w("hand"), trick=w("trick"), last=w("last")),
            _(
                "{bids}: the bids and tricks taken; {score}: the scores; "
                "{turn}: whose turn, and what is asked."
            ).format(bids=w("bids"), score=w("score"), turn=w("turn")),
            _("{hint}: what the computer would do, and why; {undo}: take back your last decision.").format(
                hint=w("hint"), undo=w("undo")
            ),
            _("Also: {rules}, {tutorial}, {stats}, {analyse}, {level} {expert}, {save}, {new}.").format(
                rules=w("rules"),
                tutorial=w("tutorial"),
                stats=w("stats"),
                analyse=w("analyse"),
                level=w("level"),
                expert=pgettext("computer player", "expert"),
                save=w("save"),
                new=w("new"),
            ),
            _("{quit}: leave; the game is saved, go on later with: spades play --resume").format(
                quit=w("quit")
            ),
        ]
        return "\n".join(rows)


def bid_words(bid: Bid) -> str:
    """A bid as the narration says it: ``4``, ``nil``, ``blind nil``, ``blind 7``."""
    if bid.is_blind_bid:
        return _("blind {n}").format(n=bid.tricks)
    return term("blind nil" if bid.blind else bid.label())
