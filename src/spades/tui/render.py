"""Drawing the game as rich text: the table, the score panel, the hand, tables.

Pure functions of a :class:`~spades.tui.controller.Controller` (and the
screen's cursor), so they can be checked without running the application.
Colours mark suits (spades default, hearts red, diamonds blue, clubs green);
nothing depends on colour alone: legal cards also get a ``•`` underneath and
the cursor a ``▲``, so the screen reads the same with ``NO_COLOR`` (which
textual honours by drawing in monochrome).  In monochrome the suit colours are
left out altogether (``colour=False``): textual would turn them into greys, and
red hearts into dark grey on black.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich import box
from rich.table import Table
from rich.text import Text

from ..cards import Card
from ..game import Phase
from ..i18n import NC_, _, ngettext, pgettext, seat_letter, term
from ..view import HandSummary, TrickRecord
from .controller import Controller, Option
from .hints import hand_order, pretty, trick_winner

__all__ = [
    "card_at",
    "card_text",
    "choices_text",
    "hand_text",
    "history_table",
    "side_text",
    "summary_table",
    "table_text",
]

SUIT_STYLES: Final = ("green", "#5f87ff", "red", "")
#: the jokers as printed packs colour them: the big joker in colour, the little in black
JOKER_STYLES: Final = {52: "", 53: "red"}
#: after the card winning the trick so far
WINNING_MARK: Final = "◂"
#: the columns of the score panel's text (its width, 30, less its border and padding)
SIDE_COLUMNS: Final = 26


def card_text(card: Card, *, dim: bool = False, bold: bool = True, colour: bool = True) -> Text:
    """``Q♥`` in its suit colour (``colour=False``: in the text colour); ``BJ`` in red and
    ``LJ`` in the text colour, as printed packs draw the big and the little joker."""
    style = (JOKER_STYLES[int(card)] if card.is_joker else SUIT_STYLES[int(card.suit)]) if colour else ""
    if bold:
        style = f"bold {style}".strip()
    if dim:
        style = "dim"
    return Text(pretty(card), style=style)


def _positions(n: int) -> dict[int, str]:
    """Where each seat, counted clockwise from the person's, sits on the screen."""
    if n == 4:
        return {0: "bottom", 1: "left", 2: "top", 3: "right"}
    if n == 3:
        return {0: "bottom", 1: "left", 2: "right"}
    return {0: "bottom", 1: "top"}


def _places(ctl: Controller) -> dict[str, int]:
    """Which seat sits where on the screen: the person at the bottom, the others clockwise
    from their left; but West is never drawn on the right of East (three players: the
    person North, West on the left and East on the right, as on a map)."""
    n = ctl.rules.num_seats
    where = {_positions(n)[(s - ctl.human) % n]: s for s in range(n)}
    names = {pos: ctl.rules.seat_name(seat) for pos, seat in where.items()}
    if names.get("left") == "East" and names.get("right") == "West":
        where["left"], where["right"] = where["right"], where["left"]
    return where


def _status(ctl: Controller, seat: int, width: int = 80) -> Text:
    """``'bid 4 · won 1'``; within ``width`` cells (a side seat's slot) the tricks won
    shrink to their number (``'blind nil · 1'``) rather than be cut off."""
    game = ctl.game
    bid = game.bids[seat]
    if bid is None:
        return Text(_("no bid yet"), style="dim")
    # a seat's status has 17 columns at 80: its nil words may be shorter than the bid's name
    if bid.is_nil:
        word = NC_("seat status", "blind nil") if bid.blind else NC_("seat status", "nil")
        text = Text(pgettext("seat status", word))
    else:
        text = Text(pgettext("seat status", NC_("seat status", "bid {n}")).format(n=bid.tricks))
    if game.phase is Phase.PLAY or game.tricks_won[seat]:
        won = _(" · won {n}").format(n=game.tricks_won[seat])
        if text.cell_len + Text(won).cell_len > width:
            won = f" · {game.tricks_won[seat]}"
        text.append(won)
    return text


def _name(ctl: Controller, seat: int) -> Text:
    to_act = ctl.game.to_act == seat and not ctl.game.is_over
    text = Text("▶ " if to_act else "", style="bold yellow")
    text.append(ctl.title(seat), style="bold reverse" if to_act else "bold")
    return text


def _fit(text: Text, width: int, align: str) -> Text:
    """``text`` padded (or cut) to exactly ``width`` cells."""
    out = text.copy()
    out.truncate(width, overflow="ellipsis")
    pad = width - out.cell_len
    if pad <= 0:
        return out
    if align == "left":
        out.append(" " * pad)
        return out
    if align == "right":
        return Text(" " * pad) + out
    left = pad // 2
    return Text(" " * left) + out + Text(" " * (pad - left))


def _side_width(width: int) -> int:
    return max(0, min(18, (width - 12) // 2))


def _row(width: int, left: Text | None = None, centre: Text | None = None, right: Text | None = None) -> Text:
    if left is None and right is None:
        return _fit(centre or Text(), width, "centre")
    side = _side_width(width)
    middle = max(0, width - 2 * side)
    wanted = centre.cell_len if centre is not None else 0
    if wanted > middle:  # a long note ("Заход Востока") borrows the room the side names leave
        names = max(t.cell_len if t is not None else 0 for t in (left, right)) + 1
        side = max(names, side - (wanted - middle + 1) // 2)
        middle = max(0, width - 2 * side)
    return (
        _fit(left or Text(), side, "left")
        + _fit(centre or Text(), middle, "centre")
        + _fit(right or Text(), side, "right")
    )


def table_text(ctl: Controller, width: int, height: int = 9, *, colour: bool = True) -> Text:
    """The table: each seat's name, bid and tricks, and the cards of the trick.

    When no card of the current trick is down yet, this hand's last completed
    trick is shown instead (dimmed, with its winner), so the end of a trick
    stays readable; after the hand's last trick it stays until the hand's
    summary is closed.  A new hand starts with an empty table.
    """
    game = ctl.game
    rules = ctl.rules
    n = rules.num_seats
    where = _places(ctl)
    cards: dict[int, Text] = {}
    note = Text()
    note2 = Text()
    trick = game.trick
    if trick:
        winning = trick_winner(trick, ctl.view().deck)
        for seat, card in trick:
            cards[seat] = card_text(card, colour=colour)
            if winning is not None and len(trick) > 1 and winning[0] == seat:
                cards[seat].stylize("underline")
                cards[seat].append(WINNING_MARK, style="bold yellow")
        leader = trick[0][0]
        led = _("You led") if leader == ctl.human else _("{who} led").format(who=ctl.label(leader))
        note = Text(led, style="dim")
    else:
        last = ctl.last_trick()
        if last is not None:
            for seat, card in zip(last.seats(n), last.cards):
                cards[seat] = card_text(card, dim=seat != last.winner, colour=colour)
            if last.winner == ctl.human:
                note = Text(_("won by you"), style="italic")
            else:
                note = Text(_("won by {who}").format(who=ctl.mention(last.winner)), style="italic")
    view = ctl.view()
    if game.phase is Phase.DRAW:
        if view.draw_card is not None:
            note = Text(_("You are shown ")) + card_text(view.draw_card, colour=colour)
        note2 = Text(_("stock: {n} cards").format(n=view.stock_left), style="dim")
    elif game.phase is Phase.EXCHANGE and view.exchange is not None:
        giver, receiver = view.exchange
        note = Text(f"{ctl.label(giver)} → {ctl.mention(receiver)}", style="italic")
        note2 = Text(_("blind nil exchange"), style="dim")
    elif game.phase is Phase.REDRAW:
        note = Text(_("blind nil redraw"), style="dim")
    elif game.phase is Phase.PLAY and rules.spades_must_be_broken:
        note2 = Text(_("spades broken") if game.spades_broken else _("spades not broken"), style="dim")

    def seat_parts(pos: str) -> tuple[Text, Text, Text]:
        seat = where.get(pos)
        if seat is None:
            return Text(), Text(), Text()
        slot = _side_width(width) if pos in ("left", "right") else width
        return _name(ctl, seat), _status(ctl, seat, slot), cards.get(seat, Text())

    top = seat_parts("top")
    left = seat_parts("left")
    right = seat_parts("right")
    bottom = seat_parts("bottom")
    middle = max(0, width - 2 * _side_width(width))
    gap = max(1, min(8, middle - 10))
    pair = left[2].copy()
    if right[2].plain or left[2].plain:
        pair = _fit(left[2], 4, "right") + Text(" " * gap) + _fit(right[2], 4, "left")
    sides = "left" in where
    lines = [
        _row(width, centre=top[0]),
        _row(width, centre=top[1]),
        _row(width, centre=top[2]),
        _row(width, left=left[0], centre=note, right=right[0]) if sides else _row(width, centre=note),
        _row(width, left=left[1], centre=pair, right=right[1]) if sides else _row(width, centre=pair),
        _row(width, centre=note2),
        _row(width, centre=bottom[2]),
        _row(width, centre=bottom[0]),
        _row(width, centre=bottom[1]),
    ]
    if height > len(lines) + 1:  # a tall terminal: centre the table
        lines = [Text()] * ((height - len(lines)) // 2) + lines
    if height < len(lines):
        # keep the seats and the trick; drop the notes first
        lines = [lines[i] for i in (0, 1, 2, 3, 4, 6, 7, 8, 5)][: max(0, height)]
    return Text("\n").join(lines)


def side_text(ctl: Controller, *, colour: bool = True) -> Text:
    """Scores and bags of every side, the target, the hand and the last trick."""
    game = ctl.game
    rules = ctl.rules
    out = Text()
    score, pts, tricks = _("Score")[:9], _("pts")[:4], _("won/bid")[:7]
    bags = pgettext("score column", "bags")[:4]  # a short word: the column is 4 letters wide
    out.append(f"{score:<8}{pts:>5}{bags:>5}{tricks:>8}\n", style="bold underline")
    mine = rules.side_of(ctl.human)
    for side in range(rules.num_sides):
        style = "bold" if side == mine else ""
        label, points = ctl.side_label(side)[:9], str(game.scores[side])
        if len(label) + len(points) > 12:  # "N-S (you)-160": the bold row says whose it is
            label = _short_side(ctl, side)[:8]
        row = f"{label:<9}{points:>4}{game.bags[side]:>5}{side_won_bid(ctl, side):>8}"
        out.append(row + "\n", style=style)
    playing = game.phase is Phase.PLAY and all(b is not None for b in game.bids)
    if playing:
        parts = [_short_side(ctl, side) + " " + side_need(ctl, side) for side in range(rules.num_sides)]
        needs = _("Needs: {sides}").format(sides=" · ".join(parts))
        if Text(needs).cell_len > SIDE_COLUMNS:  # four players alone: the person's own need
            needs = _("Needs: {sides}").format(sides=parts[mine])
        out.append(needs + "\n")
    # the last trick before the slower-changing lines: a short panel cuts those first
    last = ctl.last_trick()
    if last is not None:
        if last.winner == ctl.human:
            out.append(_("Last trick → you") + "\n", style="dim")
        else:
            out.append(_("Last trick → {who}").format(who=ctl.mention(last.winner)) + "\n", style="dim")
        n = rules.num_seats
        for i, (seat, card) in enumerate(zip(last.seats(n), last.cards)):
            if i:
                out.append(" ")
            out.append(seat_letter(rules.seat_name(seat)) + " ")
            out.append_text(card_text(card, bold=seat == last.winner, colour=colour))
        out.append("\n")
    goal = _("Game to {n}").format(n=rules.target_score)
    if rules.hands is not None:
        goal = ngettext("{n} hand, then best", "{n} hands, then best", rules.hands).format(n=rules.hands)
    out.append(goal + "\n", style="dim")
    if ctl.pending_summary is not None or game.is_over:
        out.append(_("Hand {n} over").format(n=ctl.hand_number()) + "\n", style="dim")
    else:
        role = _("Hand {n} · {seat} draws first") if rules.uses_draw else _("Hand {n} · {seat} deals")
        dealer = term(rules.seat_name(game.dealer))
        out.append(role.format(n=ctl.hand_number(), seat=dealer) + "\n", style="dim")
    out.append(ctl.bots_line(), style="dim")
    return out


def _side_tricks(ctl: Controller, side: int) -> tuple[int, int, int]:
    """(tricks won, contract, tricks counted toward it) of a side this hand."""
    game = ctl.game
    rules = ctl.rules
    seats = rules.seats_of(side)
    bids = [game.bids[s] for s in seats]
    won = sum(game.tricks_won[s] for s in seats)
    contract = sum(b.tricks for b in bids if b is not None and not b.is_nil)
    counted = sum(
        game.tricks_won[s]
        for s, b in zip(seats, bids)
        if b is not None and (not b.is_nil or rules.nil_tricks_count_for_partner)
    )
    return won, contract, counted


def side_won_bid(ctl: Controller, side: int) -> str:
    """``'3/5'``: a side's tricks won this hand over its contract (``''`` before the play)."""
    game = ctl.game
    if game.phase is not Phase.PLAY or any(b is None for b in game.bids):
        return ""
    won, contract, _counted = _side_tricks(ctl, side)
    return f"{won}/{contract}"


def side_need(ctl: Controller, side: int) -> str:
    """What a side still needs for its contract: ``'2'``, ``'made'``, ``'set'`` (no more
    tricks can make it), or ``'nil'`` for a side that bid only nils."""
    _won, contract, counted = _side_tricks(ctl, side)
    if contract == 0:
        return term("nil")
    left = ctl.rules.tricks_per_hand - sum(ctl.game.tricks_won)
    need = contract - counted
    if need <= 0:
        return _("made")
    if need > left:
        return _("set")
    return str(need)


def _short_side(ctl: Controller, side: int) -> str:
    """``'N-S'``, or a single player's seat letter (``'You'`` for the person): the seat letters
    of :func:`spades.i18n.seat_letter`, distinct in every language (Armenian «Հս-Հվ»)."""
    rules = ctl.rules
    if rules.partnerships:
        return "-".join(seat_letter(rules.seat_name(s)) for s in rules.seats_of(side))
    seat = rules.seats_of(side)[0]
    return _("You") if seat == ctl.human else seat_letter(rules.seat_name(seat))


#: the back of a card, as the hand shows cards not looked at yet
CARD_BACK: Final = "▒▒"


def hand_text(
    options: Sequence[Option],
    cursor: int | None,
    marks: set[Card],
    hidden: int = 0,
    *,
    empty: str | None = None,
    colour: bool = True,
) -> Text:
    """Two lines: the cards (grouped by suit) and, under them, ``▲`` for the cursor,
    ``✓`` for marked cards and ``•`` for the cards that may be played.

    ``hidden`` cards not looked at yet show their backs; with no cards at all
    the hand says ``empty`` (why there are none)."""
    if not options:
        if hidden:
            backs = Text(" ".join([CARD_BACK] * hidden), style="bold")
            return backs + Text(
                "\n" + _("{n} cards, face down: choose blind nil or look").format(n=hidden), style="italic"
            )
        return Text(_("(no cards yet)") if empty is None else empty, style="dim")
    top = Text()
    bottom = Text()
    some_illegal = any(not o.legal for o in options)
    any_legal = any(o.legal for o in options)
    previous_suit = None
    for i, option in enumerate(options):
        card = option.card
        if card is None:
            continue
        if previous_suit is not None and _group(option) != previous_suit:
            top.append(" ")
            bottom.append(" ")
        previous_suit = _group(option)
        face = card_text(card, dim=any_legal and not option.legal, colour=colour)
        if card in marks:
            face.stylize("underline")
        if i == cursor:
            face.stylize("reverse")
        top.append(" ")
        top.append_text(_fit(face, 3, "left"))
        mark = " "
        if i == cursor:
            mark = "▲"
        elif card in marks:
            mark = "✓"
        elif option.legal and some_illegal:
            mark = "•"
        bottom.append(f" {mark}  ", style="bold yellow" if mark == "▲" else "")
    return top + Text("\n") + bottom


def _group(option: Option) -> int:
    """The suit a card of the hand is grouped under: the suit it plays as."""
    if option.group is not None:
        return int(option.group)
    return int(option.card.suit) if option.card is not None else -1


def card_at(options: Sequence[Option], x: int) -> int | None:
    """The option whose card :func:`hand_text` draws at column ``x`` (a mouse click), or None."""
    column = 0
    previous_suit = None
    for i, option in enumerate(options):
        card = option.card
        if card is None:
            continue
        if previous_suit is not None and _group(option) != previous_suit:
            column += 1
        previous_suit = _group(option)
        if column <= x < column + 4:
            return i
        column += 4
    return None


def choices_text(
    ctl: Controller,
    options: Sequence[Option],
    cursor: int | None,
    marks: set[Card],
    width: int = 78,
    *,
    colour: bool = True,
) -> Text:
    """The line under the hand: bid/choice buttons, or what Enter will do with the cards.

    The buttons are drawn as tightly as needed to fit ``width``; when even that
    is too wide, the part around the cursor is shown, with ``…`` for the rest."""
    if not ctl.human_to_act:
        return Text("")
    k = ctl.choosing_cards()
    if k:
        chosen = " ".join(pretty(c) for c in hand_order(list(marks), ctl.view().deck))
        if ctl.game.phase is Phase.EXCHANGE:
            head = _("Marked {n} of {k}: {chosen}  · Space marks, Enter passes").format(
                n=len(marks), k=k, chosen=chosen or "-"
            )
        else:
            head = _("Marked {n} (up to {k}): {chosen}  · Space marks, Enter discards").format(
                n=len(marks), k=k, chosen=chosen or _("none")
            )
        return Text(head)
    if options and options[0].card is None:
        return _buttons([o.label for o in options], cursor, width)
    if cursor is not None and 0 <= cursor < len(options):
        card = options[cursor].card
        if card is not None:
            return (
                Text(_("Enter plays "))
                + card_text(card, colour=colour)
                + Text(_("  · ←/→ choose, or type a card (QH)"))
            )
    return Text("")


def _buttons(labels: Sequence[str], cursor: int | None, width: int) -> Text:
    """``[look]  blind nil`` style buttons within ``width`` cells, the cursor's in brackets."""
    for pad in (1, 0):  # roomy, then tight

        def cell(i: int, label: str, pad: int = pad) -> str:
            return f"[{label}]" if i == cursor else f"{' ' * pad}{label}{' ' * pad}"

        cells = [cell(i, label) for i, label in enumerate(labels)]
        sep = " "
        if len(sep.join(cells)) <= width:
            break
    # still too wide: a window around the cursor
    lo, hi = 0, len(cells)
    at = cursor if cursor is not None and 0 <= cursor < len(cells) else 0

    def span(a: int, b: int) -> int:
        return len(sep.join(cells[a:b])) + (2 if a > 0 else 0) + (2 if b < len(cells) else 0)

    if span(lo, hi) > width:
        lo, hi = at, at + 1
        while True:
            grew = False
            if hi < len(cells) and span(lo, hi + 1) <= width:
                hi += 1
                grew = True
            if lo > 0 and span(lo - 1, hi) <= width:
                lo -= 1
                grew = True
            if not grew:
                break
    out = Text("… " if lo > 0 else "")
    for i in range(lo, hi):
        if i > lo:
            out.append(sep)
        out.append(cells[i], style="bold reverse" if i == cursor else "")
    if hi < len(cells):
        out.append(" …")
    return out


def summary_table(ctl: Controller, summary: HandSummary, last: TrickRecord | None = None) -> Table:
    """A finished hand: each seat's bid, tricks and nil result; each side's points and bags;
    and the hand's last trick (``last``), which the summary opens straight after."""
    rules = ctl.rules
    table = Table(
        expand=False,
        pad_edge=False,
        box=box.SIMPLE_HEAD,
    )
    table.add_column(_("Seat"))
    table.add_column(_("Bid"), justify="right")
    table.add_column(_("Took"), justify="right")
    table.add_column(_("Nil"))
    for seat in range(rules.num_seats):
        nil = summary.nil_made[seat]
        nil_text = "" if nil is None else (_("made") if nil else _("failed"))
        bid = summary.bids[seat]  # None: no bid (the partner of a blind bid)
        bid_text = term(bid.label()) if bid is not None else "-"
        table.add_row(ctl.title(seat), bid_text, str(summary.tricks[seat]), nil_text)
    sides = Table(expand=False, pad_edge=False, box=box.SIMPLE_HEAD)
    sides.add_column(_("Side") if rules.partnerships else _("Player"))
    sides.add_column(_("Points"), justify="right")
    sides.add_column(_("Bags"), justify="right")
    sides.add_column(_("Total"), justify="right")
    sides.add_column(_("Notes"), overflow="fold")
    for side, items in enumerate(score_items(ctl, summary)):
        sides.add_row(
            ctl.side_label(side),
            f"{summary.points[side]:+d}",
            str(summary.bags[side]),
            str(summary.scores[side]),
            " · ".join(items),
        )
    outer = Table.grid()
    outer.add_row(Text(_("Hand {n}").format(n=summary.number + 1), style="bold"))
    if last is not None:
        outer.add_row(Text(_("Last trick: ") + ctl.describe_trick(last), style="italic"))
    outer.add_row(table)
    outer.add_row(sides)
    return outer


def score_items(ctl: Controller, summary: HandSummary) -> list[list[str]]:
    """Each side's points of a finished hand, item by item: the contract (made, with its
    overtricks, or set), the nils, the bag penalty and a Boston."""
    from ..scoring import score_valid_hand

    rules = ctl.rules
    before = next((h.bags for h in ctl.game.history if h.number == summary.number - 1), None)
    bags = before if before is not None else (0,) * rules.num_sides
    result = score_valid_hand(rules, summary.bids, summary.tricks, bags)
    out: list[list[str]] = []
    for side in result.sides:
        items = []
        if side.contract > 0:
            took = _("bid {bid}, took {took}").format(bid=side.contract, took=side.counted_tricks)
            points = f"{side.contract_points:+d}"
            items.append(f"{took}: {points}" if side.made else f"{took}: {_('set')} {points}")
        elif side.contract_points:
            items.append(f"{_('bags')} {side.contract_points:+d}")
        if side.nil_points:
            items.append(f"{term('nil')} {side.nil_points:+d}")
        if side.bag_penalties:
            items.append(_("-{n} bags").format(n=side.bag_penalties * rules.bag_penalty))
        if side.boston:
            items.append(f"{_('Boston')} {side.boston_points:+d}")
        out.append(items)
    return out


def history_table(ctl: Controller, last: int = 8) -> Table:
    """The game hand by hand: each side's points and running total (the last ``last`` hands)."""
    rules = ctl.rules
    history = ctl.game.history
    table = Table(title=_("History"), expand=False, pad_edge=False, box=box.SIMPLE_HEAD)
    table.add_column(_("Hand"), justify="right")
    for side in range(rules.num_sides):
        table.add_column(ctl.side_label(side), justify="right")
    shown = history[-last:]
    if len(history) > len(shown):
        table.add_row("...", *["" for _ in range(rules.num_sides)])
    for h in shown:
        table.add_row(
            str(h.number + 1), *[f"{h.points[s]:+d} = {h.scores[s]}" for s in range(rules.num_sides)]
        )
    return table
