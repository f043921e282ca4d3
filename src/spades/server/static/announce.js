// What a screen reader hears at the table: every event said in words in two live regions
// (#sr-polite for the game as it goes, #sr-alert for what cannot wait: your time running out,
// a timeout of yours, the connection lost), in the page's language; and the labels of the cards.
// table.js calls the hooks (announceState, announcePresence, announceTurn, announceTick,
// announceTimeout, announceChat, announceConnection); the review keys are in review.js.
// Each event is said once: by its version (v), so a redraw or a reconnection's resync repeats nothing.
"use strict";
const RANK_WORDS = { J: N_("jack"), Q: N_("queen"), K: N_("king"), A: N_("ace") };
const CARD_OF = { C: N_("{rank} of clubs"), D: N_("{rank} of diamonds"), H: N_("{rank} of hearts"), S: N_("{rank} of spades") };
const SUIT_PLURAL = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }; // the spades domain's words (term)
const SR_KEEP = 30; // announcements kept in each region (older ones are removed)
const MISSED_MAX = 16; // more events than this at once (back from offline): said as a count

// ---------- words ----------
function rankWord(r) { return r === "T" ? "10" : RANK_WORDS[r] ? _(RANK_WORDS[r]) : r; }
// "queen of hearts" (cards.js draws the face; this says it)
function cardWords(code) { if (isJoker(code)) return jokerWords(code); return fmt(_(CARD_OF[code[code.length - 1]]), { rank: rankWord(code.length === 3 ? "T" : code[0]) }); }
function suitWords(s) { return term(SUIT_PLURAL[s]); }
function listWords(items) { return items.join(", "); }
// a seat as said aloud: its name, "you" for your own seat
function whoWords(s) { return s === me() ? _("You") : seatName(s); }

// ---------- the live regions ----------
const spoken = []; // everything said, in order ({text, urgent}), for the tests and the review's history
function say(text, urgent) {
  if (!text || announceQuiet) return;
  const box = document.getElementById(urgent ? "sr-alert" : "sr-polite");
  if (!box) return;
  const p = document.createElement("p");
  p.textContent = text;
  box.appendChild(p); // an added node is read (aria-relevant additions): the same words twice are said twice
  while (box.children.length > SR_KEEP) box.firstChild.remove();
  spoken.push({ text, urgent: !!urgent });
}
window.spadesSpoken = spoken;
let announceQuiet = false; // while the chat's history is drawn: nothing said

// ---------- events from the state messages ----------
let heardV = null, heardHands = null, heardPhase = null, heardStatus = null, heardSeats = null, heardOver = false;
const spadeHands = new Set(); // the hands in which a spade has been played (spades broken)

// Called with each state message before it is drawn (st is still the previous state).
function announceState(m) {
  const first = heardV === null;
  const fresh = (m.events || []).filter((e) => first || e.v > heardV);
  if (first) {
    heardV = m.v; heardHands = m.view.history.length; heardPhase = m.view.phase; heardStatus = m.table.status;
    heardSeats = seatFacts(m.table.seats); heardOver = m.view.is_over;
    say(openingWords(m));
    // the hand so far: a few moves (the bids made before you came) said one by one, more summed up
    if (fresh.length <= m.table.seats.length) for (const e of fresh) say(eventWords(e, m));
    else { for (const e of fresh) noteEvent(e); say(soFarWords(m.view)); }
    return;
  }
  if (fresh.length > MISSED_MAX) {
    for (const e of fresh) noteEvent(e);
    say(fmt(ngettext("{n} move was made while you were offline", "{n} moves were made while you were offline", fresh.length), { n: fresh.length }));
  } else for (const e of fresh) say(eventWords(e, m));
  if (m.v > heardV) heardV = m.v;
  statusChange(m);
  handResults(m);
  biddingDone(m);
  announcePresence(m.table.seats);
}
function noteEvent(e) { if (isCard(e.text) && e.text.endsWith("S")) spadeHands.add(e.hand); }
function isCard(t) { return /^(?:10|[2-9TJQKA])[CDHS]$/.test(t); }

function openingWords(m) {
  const table = m.table, view = m.view;
  const where = m.you === null ? _("You are watching this table.") : fmt(_("You sit {seat}."), { seat: term(table.seats[m.you].position || "") });
  if (table.status === "waiting") return where + " " + _("Waiting for players.");
  if (view.is_over) return where + " " + _("The game is over.");
  return where + " " + fmt(_("Hand {n}."), { n: view.hand_number + 1 }) + " " + _("Press question mark for the review keys.");
}

// a hand joined half-way: the bids, and the cards on the table
function soFarWords(view) {
  if (view.phase === "bid" || view.phase === "blind") return fmt(_("Bids so far: {list}."), { list: listWords(view.bids.map((b, s) => b === null ? null : seatName(s) + " " + bidText(b)).filter(Boolean)) });
  if (view.phase !== "play") return "";
  return bidsWords(view) + " " + (view.trick.length ? currentTrickWords() : "");
}

// one action in words: "West bids 4", "West plays the queen of hearts", then the trick's winner
function eventWords(e, m) {
  const who = whoWords(e.seat), t = e.text, parts = t.split(" ");
  if (isCard(t)) return cardEventWords(e, m);
  if (parts[0] === "bid") return fmt(e.seat === me() ? _("You bid {n}") : _("{who} bids {n}"), { who, n: parts[1] });
  if (t === "nil" || t === "blind nil") return fmt(e.seat === me() ? _("You bid {bid}") : _("{who} bids {bid}"), { who, bid: term(t) });
  if (parts[0] === "blind") return fmt(_("{who} bids {n} blind"), { who, n: parts[1] });
  return logText(e); // look, keep, reject, pass, discard: the play log's words
}

function cardEventWords(e, m) {
  const card = cardWords(e.text);
  const found = trickOf(e, m);
  const lead = found && found.record.cards[0] === e.text;
  const text = [fmt(e.seat === me() ? (lead ? _("You lead the {card}") : _("You play the {card}"))
    : (lead ? _("{who} leads the {card}") : _("{who} plays the {card}")), { who: seatName(e.seat), card }) + "."];
  if (e.text.endsWith("S") && !spadeHands.has(e.hand)) { spadeHands.add(e.hand); text.push(_("Spades are broken.")); }
  if (found && found.record.winner !== null && found.record.cards[found.record.cards.length - 1] === e.text && found.done) {
    text.push(trickWonWords(found.record, found.index, m));
  }
  return text.join(" ");
}
// the trick a card was played to: a finished one of its hand (in the view, or the hand's last
// trick kept as prev_trick once the next hand began), or the one on the table
function trickOf(e, m) {
  const view = m.view;
  if (e.hand === view.hand_number || view.is_over) { // (at the game's end the view keeps its last hand)
    const i = view.tricks.findIndex((t) => t.cards.includes(e.text));
    if (i >= 0) return { record: view.tricks[i], index: i, done: true };
    const cards = view.trick.map(([, c]) => c);
    if (cards.includes(e.text)) return { record: { leader: view.trick[0][0], cards, winner: null }, index: view.tricks.length, done: false };
  }
  // the hand's last trick, once the hand is scored (the next hand's view, or the game's end)
  if (m.prev_trick && m.prev_trick.cards.includes(e.text)) return { record: m.prev_trick, index: null, done: true };
  return null;
}
function trickWonWords(t, index, m) {
  const seats = m.table.seats.length, w = t.winner;
  const card = cardWords(t.cards[(w - t.leader + seats) % seats]);
  let text = fmt(w === me() ? _("You win the trick with the {card}") : _("{who} wins the trick with the {card}"), { who: seatName(w), card });
  if (index !== null) {
    const won = m.view.tricks.slice(0, index + 1).filter((x) => x.winner === w).length;
    text += " (" + fmt(ngettext("{n} trick", "{n} tricks", won), { n: won }) + ")";
  }
  return text + ".";
}

function statusChange(m) {
  if (m.table.status !== heardStatus) {
    if (m.table.status === "playing" && heardStatus === "waiting") say(_("Everybody is seated: the game begins."));
    if (m.table.status === "closed") say(_("This table closed because everybody left; start a new one in the lobby"));
    heardStatus = m.table.status;
  }
}
function biddingDone(m) {
  const phase = m.view.phase;
  if (phase === "play" && heardPhase !== "play" && m.view.trick.length === 0 && !m.view.tricks.length) say(bidsWords(m.view) + " " + (m.view.to_act === me() ? _("You lead.") : fmt(_("{who} leads."), { who: seatName(m.view.to_act) })));
  heardPhase = phase;
}
// "Bids: North 3, East 4, South nil, West 2. North & South 5, East & West 6."
function bidsWords(view) {
  const bids = view.bids.map((b, s) => seatName(s) + " " + bidText(b));
  let text = fmt(_("Bids: {list}."), { list: listWords(bids) });
  if (partnerships()) {
    const sides = view.scores.map((_x, side) => sideName(side) + " " + [side, side + 2].reduce((a, s) => a + (Number(view.bids[s]) || 0), 0));
    text += " " + listWords(sides) + ".";
  }
  return text;
}

// ---------- the hand's result ----------
function handResults(m) {
  const history = m.view.history;
  while (heardHands < history.length) say(handResultWords(history[heardHands++], m));
  if (m.view.is_over && !heardOver) { heardOver = true; say(gameOverWords(m)); }
}
function handResultWords(hs, m) {
  const seats = m.table.seats.length, sides = hs.scores.length;
  const lines = [fmt(_("Hand {n} result:"), { n: hs.number + 1 })];
  for (let side = 0; side < sides; side++) {
    const group = sides < seats ? [side, side + 2] : [side];
    const bid = group.map((s) => bidText(hs.bids[s])).join(" + "), won = group.reduce((a, s) => a + hs.tricks[s], 0);
    const made = hs.made ? hs.made[side] : null;
    lines.push(fmt(_("{side}: bid {bid}, won {won}{verdict}, {points} points, {bags}, score {score}."), {
      side: sideName(side), bid, won, verdict: made === true ? ", " + _("made") : made === false ? ", " + _("set") : "",
      points: (hs.points[side] > 0 ? "+" : "") + hs.points[side], bags: fmt(ngettext("{n} bag", "{n} bags", hs.bags[side]), { n: hs.bags[side] }), score: hs.scores[side] }));
  }
  hs.bids.forEach((b, s) => {
    if (b === "nil" || b === "blind nil") lines.push(fmt(hs.nil_made[s] ? _("{name} {bid} made") : _("{name} {bid} failed"), { name: seatName(s), bid: term(b) }) + ".");
  });
  if (hs.boston.some(Boolean)) lines.push(_("Boston! All the tricks."));
  return lines.join(" ");
}
function gameOverWords(m) {
  const view = m.view;
  if (view.winner === null) return _("Game over: a draw");
  if (m.you !== null && sideOf(m.you) === view.winner) return _("Game over: you win!");
  return fmt(partnerships() ? _("Game over: {side} win") : _("Game over: {name} wins"), { side: sideName(view.winner), name: sideName(view.winner) });
}

// ---------- seats: sitting down, leaving, connection, away ----------
function seatFacts(seats) { return seats.map((x) => ({ kind: x.kind, name: x.name, connected: !!x.connected, away: !!(x.auto || x.away) })); }
function announcePresence(seats) {
  if (heardSeats === null || !online) { if (heardSeats !== null) heardSeats = seatFacts(seats); return; }
  const now = seatFacts(seats);
  now.forEach((x, s) => { const was = heardSeats[s]; if (was) say(seatChangeWords(was, x, s)); });
  heardSeats = now;
}
function seatChangeWords(was, x, s) {
  const name = term(x.name), mine = s === me();
  if (was.kind === "open" && x.kind !== "open") return fmt(_("{name} sits down ({seat})."), { name, seat: term(st.table.seats[s].position || "") });
  if (was.kind !== "open" && x.kind === "open") return fmt(_("{name} left the table."), { name: term(was.name) });
  if (x.kind !== "human" || mine) return awayWords(was, x, s);
  if (was.connected && !x.connected) return fmt(_("{name} lost the connection."), { name });
  if (!was.connected && x.connected) return fmt(_("{name} is connected again."), { name });
  return awayWords(was, x, s);
}
function awayWords(was, x, s) {
  if (!was.away && x.away) return s === me() ? _("You are marked away: the computer plays for you until you press I'm back")
    : fmt(_("{name} is marked away: the computer plays for them until they are back"), { name: term(x.name) });
  if (was.away && !x.away) return s === me() ? _("You are back: you play your own cards again.") : fmt(_("{name} is back."), { name: term(x.name) });
  return "";
}

// ---------- your turn, your time, a timeout, the connection, the chat ----------
let turnHeard = null, lowHeard = null;
// called by table.js when it becomes your turn (once per version)
function announceTurn() {
  if (turnHeard === v) return;
  turnHeard = v;
  say(turnWords());
}
// what you are asked now, in words, with the keys that do it
function turnWords() {
  const view = st.view, legal = view.legal;
  if (!legal) return st.view.to_act === null ? "" : promptText();
  if (legal.kind === "bid") return fmt(_("Your turn to bid: {low} to {high}{nil}. Type the number and Enter."),
    { low: Math.min(...legal.bids.filter((b) => b !== "nil").map(Number)), high: Math.max(...legal.bids.filter((b) => b !== "nil").map(Number)),
      nil: legal.bids.includes("nil") ? ", " + _("or N for nil") : "" });
  if (legal.kind === "blind") return _("Your turn: B bids blind nil, L looks at your cards.");
  if (legal.kind === "draw") return fmt(_("You drew the {card}: K keeps it, R rejects it."), { card: cardWords(view.draw_card) });
  if (legal.kind === "exchange") return fmt(ngettext("Your turn: choose {n} card to pass with the arrows and Space, then Enter.", "Your turn: choose {n} cards to pass with the arrows and Space, then Enter.", legal.count), { n: legal.count });
  if (legal.kind === "redraw") return fmt(_("Your turn: choose up to {n} cards to swap with Space, then Enter."), { n: legal.max });
  return playTurnWords(view, legal);
}
function playTurnWords(view, legal) {
  const n = legal.cards.length;
  const count = fmt(ngettext("{n} playable card", "{n} playable cards", n), { n });
  if (!view.trick.length) return fmt(_("Your turn to lead: {count}."), { count }) + (view.spades_broken ? "" : " " + _("Spades are not broken."));
  const led = view.trick[0][1], suit = led[led.length - 1];
  const follow = view.hand.some((c) => c.endsWith(suit));
  return fmt(follow ? _("Your turn: {suit} led, you follow: {count}.") : _("Your turn: {suit} led, you have none: {count}."), { suit: suitWords(suit), count });
}
// called four times a second: your time running low is said once per turn
function announceTick() {
  if (!st || timerEnd === null || timerSeat !== me() || me() === null) return;
  const left = (timerEnd - performance.now()) / 1000, limit = timerTotal >= 20 ? 10 : 5;
  if (left > limit || left <= 0 || lowHeard === v) return;
  lowHeard = v;
  say(fmt(_("{n} seconds left to play!"), { n: Math.ceil(left) }), true);
}
function announceTimeout(m, text) {
  if (heardSeats && heardSeats[m.seat]) heardSeats[m.seat].away = !!m.away; // said here, not again as a presence change
  say(text, m.seat === me());
}
let connLost = false;
function announceConnection(off) {
  if (heardV === null || off === connLost) return;
  connLost = off;
  say(off ? _("Connection to the server lost.") + " " + _("Reconnecting… your moves are not sent until then.") : _("Connected again."), off);
}
function announceChat(c, mine) {
  if (mine) return;
  say(fmt(_("{name} says: {text}"), { name: chatName(c.from), text: QUICK.includes(c.text) ? _(c.text) : c.text }));
}
function announceChatHistory(draw) { announceQuiet = true; try { draw(); } finally { announceQuiet = false; } }

// ---------- the cards' labels ----------
// a card in your hand: "queen of hearts, playable" (a button). Its name is a hidden text of its
// own, not an aria-label: the drawn face ("Q♥") is hidden from screen readers, and speech input
// finds the button by what it is called (axe: label-content-name-mismatch)
function labelHandCard(c, code, usable, playing, chosen) {
  c.setAttribute("role", "button");
  c.removeAttribute("aria-label");
  let label = cardWords(code);
  if (playing) label += ", " + (usable ? _("playable") : _("not playable"));
  for (const x of c.children) x.setAttribute("aria-hidden", "true");
  const name = document.createElement("span");
  name.className = "sr-only"; name.textContent = label;
  c.appendChild(name);
  if (chosen !== null) c.setAttribute("aria-pressed", chosen ? "true" : "false");
  if (!usable) c.setAttribute("aria-disabled", "true");
}
function labelCards(root, who) {
  for (const c of root.querySelectorAll(".card")) {
    if (c.hasAttribute("role")) continue; // labelled when drawn
    c.setAttribute("role", "img");
    if (c.dataset.card) c.setAttribute("aria-label", (who ? who(c) : "") + cardWords(c.dataset.card));
    else c.setAttribute("aria-hidden", "true");
  }
}
