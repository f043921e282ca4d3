// The review keys (in the spirit of Blind Adrenaline's Spades): the table read aloud on request
// through the polite live region (announce.js). table.js's keydown handler asks reviewKey(e)
// first; a key that is a choice at that moment (R rejects a drawn card, B and L in the blind
// choice, N and the digits while bidding) stays that choice.
//   R or Y  your hand by suit        Shift+R  the last trick      C or T  the current trick
//   V       bids and tricks taken    P        the score           W       whose turn, what is asked
//   U / O then S, H, D or C: the lowest / highest card of that suit in your hand (the focus goes
//   to it when it can be played: Enter plays it)      ?  the list of keys
"use strict";
let reviewPending = null; // "low" or "high" after U / O, until a suit's letter
const SUIT_KEYS = { s: "S", h: "H", d: "D", c: "C" };

// the letter of the key pressed, whatever the keyboard's layout (a Russian layout's R key: "к")
function reviewLetter(e) {
  if (e.key === "?" || (e.code === "Slash" && e.shiftKey)) return "?";
  if (e.key === "Escape") return "escape";
  return /^Key[A-Z]$/.test(e.code || "") ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
}
function reviewKey(e) {
  const key = reviewLetter(e);
  if (reviewPending) return suitChosen(key);
  const legal = st.view.legal, kind = legal ? legal.kind : null;
  if (kind === "draw" && key === "r" && !e.shiftKey) return false; // R rejects the drawn card
  if (kind === "blind" && (key === "b" || key === "l")) return false;
  if (key === "r" && e.shiftKey) { say(lastTrickWords()); return true; }
  const action = REVIEW[key];
  if (!action) return false;
  action();
  return true;
}
const REVIEW = {
  r: () => say(handWords()),
  y: () => say(handWords()),
  c: () => say(currentTrickWords()),
  t: () => say(currentTrickWords()),
  v: () => say(bidsTricksWords()),
  p: () => say(scoreWords()),
  w: () => say(whoseTurnWords()),
  u: () => askSuit("low"),
  o: () => askSuit("high"),
  "?": () => say(keysWords()),
};
function askSuit(which) {
  if (!st.view.hand || !st.view.hand.length) { say(_("You have no cards.")); return; }
  reviewPending = which;
  say(which === "low" ? _("Lowest card of which suit? S, H, D or C.") : _("Highest card of which suit? S, H, D or C."));
}
function suitChosen(key) {
  const which = reviewPending;
  reviewPending = null;
  if (key === "escape") { say(_("Cancelled.")); return true; }
  const suit = SUIT_KEYS[key];
  if (!suit) { say(_("Not a suit: press U or O again, then S, H, D or C.")); return true; }
  const cards = sortHand(st.view.hand).filter((c) => c.endsWith(suit)); // highest first
  if (!cards.length) { say(fmt(_("You have no {suit}."), { suit: suitWords(suit) })); return true; }
  const code = which === "low" ? cards[cards.length - 1] : cards[0];
  const legal = st.view.legal, playable = legal && legal.kind === "play" && legal.cards.includes(code);
  say(cardWords(code) + (legal && legal.kind === "play" ? ", " + (playable ? _("playable") : _("not playable")) : ""));
  if (playable) focusHandCard(code);
  return true;
}
function focusHandCard(code) {
  keyboard = true;
  focusCard = code;
  for (const c of $("hand").children) c.tabIndex = c.dataset.card === code ? 0 : -1;
  const c = cardIn($("hand"), code);
  if (c) c.focus();
}

// "Your hand, 13 cards. Spades: ace, 10, 4. Hearts: queen. Clubs: none. Diamonds: king, 3."
function handWords() {
  const hand = st.view.hand;
  if (!hand) return me() === null ? _("You are watching: you see no cards.") : _("Your cards are face down: you have not looked at them.");
  if (!hand.length) return _("You have no cards.");
  const parts = [fmt(ngettext("Your hand, {n} card.", "Your hand, {n} cards.", hand.length), { n: hand.length })];
  for (const s of SUIT_ORDER) {
    const cards = sortHand(hand).filter((c) => c.endsWith(s)).map((c) => rankWord(c.length === 3 ? "T" : c[0]));
    parts.push(capital(suitWords(s)) + ": " + (cards.length ? listWords(cards) : _("none")) + ".");
  }
  return parts.join(" ");
}
function trickWords(t, seats) {
  return t.cards.map((c, i) => {
    const s = (t.leader + i) % seats;
    return fmt(_("{who} played {card}"), { who: whoWords(s), card: cardWords(c) });
  }).join(", ");
}
function lastTrickWords() {
  const view = st.view, last = view.tricks.length ? view.tricks[view.tricks.length - 1] : st.prev_trick;
  if (!last) return _("No trick has been played yet.");
  return fmt(_("Last trick: {cards}. {who} won it."), { cards: trickWords(last, n()), who: whoWords(last.winner) });
}
function currentTrickWords() {
  const view = st.view;
  const next = view.to_act !== null && view.phase === "play" ? " " + fmt(_("{who} to play."), { who: whoWords(view.to_act) }) : "";
  if (!view.trick.length) return _("No cards on the table.") + next;
  const t = { leader: view.trick[0][0], cards: view.trick.map(([, c]) => c) };
  return fmt(_("On the table: {cards}."), { cards: trickWords(t, n()) }) + next;
}
function bidsTricksWords() {
  const view = st.view;
  const seats = view.bids.map((b, s) => fmt(_("{who}: bid {bid}, won {won}"), { who: whoWords(s), bid: b === null ? _("no bid yet") : term(b), won: view.tricks_won[s] }));
  let text = listWords(seats) + ".";
  if (partnerships()) {
    text += " " + view.scores.map((_x, side) => fmt(_("{who}: bid {bid}, won {won}"), { who: sideName(side),
      bid: [side, side + 2].reduce((a, s) => a + (Number(view.bids[s]) || 0), 0), won: view.tricks_won[side] + view.tricks_won[side + 2] })).join(", ") + ".";
  }
  return text;
}
function scoreWords() {
  const view = st.view, r = st.table.rules;
  const sides = view.scores.map((score, side) => fmt(ngettext("{side} {score} points, {n} bag", "{side} {score} points, {n} bags", view.bags[side]), { side: sideName(side), score, n: view.bags[side] }));
  return fmt(_("Score: {list}."), { list: listWords(sides) }) + " " + fmt(_("Game to {target}."), { target: r.target_score }) + " " +
    (view.is_over ? gameOverWords(st) : fmt(_("Hand {n}."), { n: view.hand_number + 1 }));
}
function whoseTurnWords() {
  if (myTurn()) return turnWords();
  return promptText() || _("Nobody is to play now.");
}
function keysWords() {
  return [_("Review keys:"), _("R or Y, your hand by suit;"), _("Shift+R, the last trick;"), _("C or T, the current trick;"),
    _("V, bids and tricks taken;"), _("P, the score;"), _("W, whose turn and what is asked;"),
    _("U or O then S, H, D or C, your lowest or highest card of that suit;"),
    _("arrows choose a card, Enter plays it; while bidding type a number and Enter, N for nil;"),
    _("while you choose a drawn card, K keeps it and R rejects it;"), _("H, a hint; question mark, this list.")].join(" ");
}
