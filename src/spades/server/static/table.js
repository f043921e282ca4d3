// The table page: one websocket, the server's state messages rendered as they come.
// The server is the only authority; this page only draws what it is sent and sends
// {type:"act", action, v} when the player chooses something.
"use strict";
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const TOKEN_KEY = "spades-seat-" + tableId;
const $ = (id) => document.getElementById(id);
const POS = { 4: ["bottom", "left", "top", "right"], 3: ["bottom", "left", "right"], 2: ["bottom", "top"] };

let token = localStorage.getItem(TOKEN_KEY);
let ws = null, st = null, v = -1, retry = 500;
let selected = new Set(), focusCard = null, bidBuffer = "", hintAction = null;
let keyboard = false, seenHands = null, shownOver = false, log = [], timerEnd = null, timerTotal = 0, timerSeat = null;
let online = false, trickKey = "", pauseEnd = null, missing = false;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function button(text, action, cls) {
  const b = el("button", cls || "", text);
  b.type = "button";
  if (action) { b.dataset.action = action; b.addEventListener("click", () => act(action)); }
  return b;
}

// ---------- connection ----------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(proto + "://" + location.host + "/ws/" + encodeURIComponent(tableId));
  setConn(_("connecting…"), "");
  ws.onopen = () => {
    retry = 500;
    const hello = { type: "hello", lang: I18N.lang };
    if (token) hello.token = token;
    else if (playerKey()) hello.player = playerKey();
    if (!token && localStorage.getItem("spades-name")) hello.name = localStorage.getItem("spades-name"); // a spectator's name
    if (v >= 0) hello.since = v;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch { return; } // not a message: nothing to draw
    if (m && typeof m === "object") onMessage(m);
  };
  ws.onclose = (e) => {
    if (e.code === 4403) return; // a private table refused this page: showPrivate (social.js) said so
    if (e.code === 4404 || missing) { showMissing(); return; }
    setOffline(true, retry);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}
// a new connection at once (a new seat token, a new name): no "offline" flash in between
function reconnect() { retry = 500; if (ws) { ws.onclose = null; ws.close(); } connect(); }
function setConn(text, cls) { $("conn-text").textContent = text; $("conn-dot").className = "dot " + cls; }
// With the server out of reach the page says so plainly, greys every seat's dot (nobody's
// presence is known) and refuses clicks with a message rather than dropping them.
function setOffline(off, wait) {
  if (online === off) announceConnection(off);
  online = !off;
  document.body.classList.toggle("offline", off);
  const o = $("offline");
  if (off) {
    setConn(_("offline"), "off");
    o.replaceChildren(el("b", "", _("Connection to the server lost.") + " "),
      el("span", "", (wait ? fmt(_("Reconnecting in {n} s… your moves are not sent until then."), { n: Math.ceil(wait / 1000) })
        : _("Reconnecting… your moves are not sent until then.")) + " "));
    const b = button(_("Reconnect now"), null, "primary"); b.id = "reconnect";
    b.onclick = reconnect;
    o.appendChild(b);
    o.classList.remove("hidden");
  } else o.classList.add("hidden");
  if (st) render();
}
function showMissing() {
  missing = true;
  setConn(_("no such table"), "off");
  $("offline").classList.add("hidden");
  const w = $("missing");
  w.replaceChildren(el("h2", "", _("There is no table here")),
    el("p", "", _("The link may be mistyped, or the table may never have existed.")));
  const a = el("a", "button primary", _("Back to the lobby")); a.href = "/"; a.id = "back";
  w.appendChild(a);
  w.classList.remove("hidden");
}
function send(obj) {
  if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
  toast(_("Not connected to the server: that was not sent. Reconnecting…"), true);
  return false;
}
function act(action) { hintAction = null; send({ type: "act", action, v }); }

function onMessage(m) {
  if (m.type === "state") {
    for (const e of m.events || []) if (!log.length || e.v > log[log.length - 1].v) log.push(e);
    if (m.complete === false) log = (m.events || []).slice();
    if (log.length > 200) log = log.slice(-200);
    const newHand = st && st.view.hand_number !== m.view.hand_number;
    if (st && (st.view.phase !== m.view.phase || newHand)) { selected.clear(); bidBuffer = ""; }
    if (!m.table && st) m.table = st.table; // sent only when it changed
    st = m; v = m.v;
    announceState(m);
    if (!online) setOffline(false);
    setConn(m.you === null ? _("watching") : _("connected"), "on");
    pauseEnd = m.pause ? performance.now() + m.pause * 1000 : null;
    if (m.timer) { timerEnd = performance.now() + m.timer.left * 1000; timerTotal = m.timer.total; timerSeat = m.timer.seat; }
    else { timerEnd = null; timerSeat = null; }
    render();
    afterHands();
    offerSeat();
    showNameRefused();
  } else if (m.type === "chat") {
    addChat(m);
  } else if (m.type === "chat_history") {
    announceChatHistory(() => { $("chat-log").replaceChildren(); for (const c of m.messages) addChat(c); });
  } else if (m.type === "rematch") {
    followRematch(m.id);
  } else if (m.type === "presence") {
    if (!st) return;
    m.seats.forEach((x, s) => { Object.assign(st.table.seats[s], { connected: x.connected, auto: x.auto }); if ("away" in x) st.table.seats[s].away = x.away; });
    st.table.spectators = m.spectators;
    announcePresence(st.table.seats);
    render();
  } else if (m.type === "timeout") {
    timedOut(m);
  } else if (m.type === "error") {
    if (m.code === "no_table") { missing = true; showMissing(); return; }
    if (m.code === "private") { missing = true; showPrivate(m); return; } // social.js: no reconnecting
    if (m.code === "bad_token") { localStorage.removeItem(TOKEN_KEY); token = null; }
    if (m.code === "closed" && st) { st.table.status = "closed"; render(); }
    if (m.code === "bad_name") {
      // the spectator's name was refused (the server closes this connection): the next one goes
      // without it, and the name box says why
      const refused = errorText(m, "");
      localStorage.removeItem("spades-name");
      nameRefused = refused;
      if (st) showNameRefused();
      toast(refused, true);
      return;
    }
    if (m.code !== "stale") toast(errorText(m, ""), true); // stale: a double click; the state is on its way
  } else if (m.type === "hint") {
    hintAction = m.action;
    toast(fmt(_("Hint: {action}"), { action: actionText(m.action) }));
    render();
  }
}

// The turn timer ran out on a person: the computer played that one turn for the seat; after two
// in a row (or when the person is not connected) the seat is marked away. Said to the whole table;
// the seat's own page also names the move ("action", sent only to it).
function timedOut(m) {
  if (!st || !st.table.seats[m.seat]) return;
  const seat = st.table.seats[m.seat];
  Object.assign(seat, { away: !!m.away, auto: !!m.away, missed: m.missed });
  const mine = m.seat === me();
  let text = mine
    ? (m.action ? fmt(_("Your time ran out: the computer played {action} for you"), { action: actionText(m.action) }) : _("Your time ran out: the computer played for you"))
    : fmt(_("The computer played for {name} (time ran out)"), { name: seatName(m.seat) });
  if (m.away) text += ". " + (mine ? _("You are marked away: the computer plays for you until you press I'm back") : fmt(_("{name} is marked away: the computer plays for them until they are back"), { name: seatName(m.seat) }));
  log.push({ v: v, hand: st.view.hand_number, seat: m.seat, text: "", note: text });
  toast(text, mine);
  announceTimeout(m, text);
  render();
}

let nameRefused = null;
function showNameRefused() { if (!nameRefused || me() !== null) return; openNameBox(null); nameBoxError(nameRefused); nameRefused = null; }

let toastTimer = null;
function toast(text, isError) {
  const b = $("banner");
  b.textContent = text;
  b.className = "banner" + (isError ? " error" : "");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => b.classList.add("hidden"), 3500);
}

// ---------- helpers ----------
function n() { return st.table.seats.length; }
function me() { return st.you; }
function rel(seat) { const base = me() === null ? 0 : me(); return POS[n()][(seat - base + n()) % n()]; }
function seatName(s) { return term(st.table.seats[s].name); }
function partnerships() { return st.table.rules.variant === "partnership"; }
function sideOf(s) { return partnerships() ? s % 2 : s; }
function sideName(side) {
  if (!partnerships()) return seatName(side);
  return seatName(side) + " & " + seatName(side + 2);
}
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
// the bid the cards fix under Mirror ("your bid is your 4 spades") and Whiz's two (nil or the
// count), said in the bid box; null under the other biddings
function fixedBidNote(rules, bids) {
  const bidding = rules && rules.bidding;
  if (bidding !== "mirror" && bidding !== "whiz") return null;
  const n = Math.max(0, ...bids.filter((b) => b !== "nil").map(Number));
  if (!n) return bidding === "mirror" ? _("Mirror: you hold no spades, so your bid is nil.") : _("Whiz: you hold no spades, so your bid is nil.");
  return bidding === "mirror"
    ? fmt(ngettext("Mirror: your bid is your {n} spade.", "Mirror: your bid is your {n} spades.", n), { n })
    : fmt(ngettext("Whiz: bid nil or your {n} spade.", "Whiz: bid nil or your {n} spades.", n), { n });
}
function bidText(b) { return b === null ? "—" : b === "nil" || b === "blind nil" ? capital(term(b)) : b; }
// an action in words ("bid 4", "Q♥", "pass 2♣ 3♦ 4♥"), for hints
function actionText(a) {
  const parts = a.split(" ");
  if (/^(?:(?:10|[2-9TJQKA])[CDHS]|[BL]J)$/.test(a)) return cardText(a);
  if (parts[0] === "bid") return fmt(_("bid {n}"), { n: parts[1] });
  if (a === "nil" || a === "blind nil") return term(a);
  if (a === "look") return _("look at your cards");
  if (a === "keep") return _("keep the card");
  if (a === "reject") return _("reject the card");
  if (parts[0] === "pass") return fmt(_("pass {cards}"), { cards: cardsText(parts.slice(1)) });
  if (parts[0] === "discard") return parts.length > 1 ? fmt(_("swap {cards}"), { cards: cardsText(parts.slice(1)) }) : _("keep your hand");
  return a;
}

// ---------- rendering ----------
function render() {
  if (!st) return;
  const view = st.view, table = st.table;
  useDeck(table.rules && table.rules.deck);
  $("table-name").textContent = table.name ? "· " + table.name : "";
  $("code").textContent = table.code;
  renderScores();
  renderSeats();
  renderTrick();
  renderMe();
  renderSide();
  renderWaiting();
  $("chat-title").textContent = me() === null ? _("Spectators' chat") : _("Players' chat");
  renderQuick();
  if (typeof renderSocial === "function") renderSocial(); // social.js: the people here, invite a friend
  renderSpectatorName();
  signalTurn();
  renderAfterGame();
  labelCards(document.body); // every card drawn: an image with its name (the hand's are buttons)
}

// After the game, on the page itself (the dialog may be closed): the rematch, the replay, the lobby
// and the result again.
function renderAfterGame() {
  if (!st.view.is_over) return;
  const box = el("div", "after-game"); box.id = "after-game";
  if (st.table.rematch) {
    const b = el("a", "button primary", _("Go to the rematch")); b.id = "rematch-note"; b.href = "/t/" + encodeURIComponent(st.table.rematch);
    b.onclick = (e) => { e.preventDefault(); followRematch(st.table.rematch); };
    box.appendChild(b);
  } else if (me() !== null) {
    const b = button(_("Rematch"), null, "primary"); b.id = "after-rematch"; b.onclick = () => send({ type: "rematch" });
    box.appendChild(b);
  }
  const keep = typeof keepPartnerButton === "function" ? keepPartnerButton() : null; // social.js
  if (keep) box.appendChild(keep);
  const r = el("a", "button", _("Replay the game")); r.href = "/r/" + encodeURIComponent(tableId); r.id = "after-replay";
  const l = el("a", "button", _("Back to the lobby")); l.href = "/"; l.id = "after-lobby";
  box.append(r, l);
  const last = st.view.history[st.view.history.length - 1];
  if (last) { const b = button(_("Show the result"), null, "ghost"); b.id = "after-result"; b.onclick = () => showSummary(last, true); box.appendChild(b); }
  $("actions").appendChild(box);
}

function renderScores() {
  const bar = $("scorebar");
  bar.replaceChildren();
  const view = st.view;
  view.scores.forEach((score, side) => {
    const d = el("span", "side");
    if (me() !== null && sideOf(me()) === side) d.classList.add("us");
    d.append(el("span", "", sideName(side) + " "), el("b", "", String(score)), el("span", "", " · " + fmt(_("bags {n}"), { n: view.bags[side] })));
    bar.appendChild(d);
  });
}

// a seat glows only when the game is under way and waits for it (not while the table waits for people)
function toAct(s) { return st.view.to_act === s && !st.view.is_over && st.table.status === "playing" && !paused(); }
function paused() { return !!pauseEnd && pauseEnd > performance.now(); }
// away: the computer plays for the seat until its player is back (frames say "auto"; "away" when the server sends it)
function isAway(s) { const x = st.table.seats[s]; return !!(x && (x.auto || x.away)); }
function seatStats(s) {
  const view = st.view;
  const bid = view.bids[s];
  return fmt(_("bid {bid} · won {won}"), { bid: bidText(bid), won: view.tricks_won[s] });
}

function renderSeats() {
  const view = st.view;
  for (const box of document.querySelectorAll(".seat")) box.classList.add("hidden");
  st.table.seats.forEach((seat, s) => {
    const pos = rel(s);
    if (pos === "bottom") return; // drawn in the bar under the table
    const box = document.querySelector(".seat[data-pos='" + pos + "']");
    if (!box) return;
    box.classList.remove("hidden");
    box.replaceChildren();
    box.dataset.seat = s;
    box.classList.toggle("to-act", toAct(s));
    const name = el("div", "name");
    const dot = el("span", "dot " + (!online ? "unknown" : seat.connected ? "on" : "off"));
    dot.title = !online ? _("not known while you are offline") : seat.connected ? _("connected") : _("away");
    name.append(dot, el("span", "", term(seat.name)));
    if (seat.kind === "bot") { const b = el("span", "badge", _("CPU") + " "); b.appendChild(el("span", "lvl", _(seat.level))); name.append(b); }
    if (isAway(s)) name.append(el("span", "badge auto", _("away") + " · " + _("computer playing")));
    if (view.dealer === s) { const d = el("span", "badge", _("D")); d.title = _("dealer"); name.append(d); }
    box.appendChild(name);
    box.appendChild(el("div", "stats", seatStats(s) + (partnerships() ? "" : "") ));
    const backs = el("div", "backs");
    for (let i = 0; i < Math.min(view.hand_sizes[s], 17); i++) backs.appendChild(cardEl(null));
    box.appendChild(backs);
    if (seat.kind === "open") {
      box.appendChild(el("div", "stats", _("open seat")));
      if (me() === null) { const b = button(_("Sit here"), null, "primary sit"); b.dataset.sit = s; b.onclick = () => sit(s); box.appendChild(b); }
    }
    if (timerSeat === s) box.appendChild(timerBar());
  });
}

function timerBar() {
  const t = el("div", "timer"); t.appendChild(el("div"));
  t.dataset.timer = "1";
  return t;
}
setInterval(() => {
  announceTick();
  if (st && pauseEnd) {
    $("prompt").textContent = promptText();
    if (pauseEnd < performance.now()) { pauseEnd = null; render(); } // the next hand's player now glows
  }
  for (const t of document.querySelectorAll("[data-timer]")) {
    if (!timerEnd) continue;
    const left = Math.max(0, timerEnd - performance.now());
    t.firstChild.style.width = (100 * left / (timerTotal * 1000)) + "%";
    t.classList.toggle("low", left < 5000);
    t.title = fmt(_("{n} s left"), { n: Math.ceil(left / 1000) });
  }
}, 250);

function renderTrick() {
  const view = st.view, box = $("trick");
  let trick = view.trick;
  let winner = null;
  if (!trick.length && view.phase === "play" && view.tricks.length) {
    // show the trick just taken until the next card is led
    const last = view.tricks[view.tricks.length - 1];
    trick = last.cards.map((c, i) => [(last.leader + i) % n(), c]);
    winner = last.winner;
  }
  // redraw the cards only when they changed; only a card just played fades in
  const key = me() + "|" + trick.map(([s, c]) => s + c).join(",") + "|" + winner;
  if (key !== trickKey) {
    const before = new Set([...box.children].map((c) => c.dataset.card));
    box.replaceChildren();
    for (const [seat, card] of trick) {
      const c = cardEl(card);
      c.classList.add("pos-" + rel(seat));
      if (!before.has(card)) c.classList.add("fresh");
      if (seat === winner) c.classList.add("win");
      box.appendChild(c);
    }
    labelCards(box, (c) => whoWords(trick.find(([, x]) => x === c.dataset.card)[0]) + ": ");
    trickKey = key;
  }
  $("prompt").textContent = promptText();
}

// whose turn, in words: [yours, someone else's] per phase
const TURNS = {
  blind: [N_("Your turn: choose blind nil or look"), N_("{name} to choose blind nil or look")],
  bid: [N_("Your turn: bid"), N_("{name} to bid")],
  play: [N_("Your turn: play"), N_("{name} to play")],
  exchange: [N_("Your turn: pass cards"), N_("{name} to pass cards")],
  draw: [N_("Your turn: draw"), N_("{name} to draw")],
  redraw: [N_("Your turn: redraw"), N_("{name} to redraw")],
};
function promptText() {
  const view = st.view;
  if (view.is_over) return _("Game over");
  if (st.table.status === "waiting") return _("Waiting for players");
  if (st.table.status === "closed") return _("Table closed");
  if (pauseEnd && pauseEnd > performance.now()) return fmt(_("Next hand in {n} s"), { n: Math.ceil((pauseEnd - performance.now()) / 1000) });
  const s = view.to_act;
  if (s === null) return "";
  const [mine, theirs] = TURNS[view.phase] || [_("Your turn"), "{name}"];
  return (s === me() ? _(mine) : fmt(_(theirs), { name: seatName(s) })) + (st.table.seats[s].auto ? " " + _("(computer)") : "");
}

function renderMe() {
  const view = st.view, bar = $("me-bar"), actions = $("actions"), hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  bar.replaceChildren(); actions.replaceChildren(); hand.replaceChildren();
  const s = me();
  if (s === null) {
    const others = st.table.spectators - 1;
    bar.appendChild(el("span", "", others > 0 ? fmt(ngettext("You are watching with {n} other", "You are watching with {n} others", others), { n: others }) : _("You are watching")));
    const open = st.table.seats.filter((x) => x.kind === "open");
    if (open.length) bar.appendChild(el("span", "stats", "· " + _("pick an open seat to play")));
    // seat 0 sits at the bottom for spectators
    const s0 = st.table.seats[0];
    bar.classList.toggle("to-act", toAct(0));
    bar.append(el("span", "dot " + (!online ? "unknown" : s0.connected ? "on" : "off")), el("b", "", term(s0.name)), el("span", "stats", seatStats(0)));
    if (s0.kind === "bot") bar.append(el("span", "badge", _("CPU") + " " + _(s0.level)));
    if (isAway(0)) bar.append(el("span", "badge auto", _("away") + " · " + _("computer playing"))); // as on the other seats
    if (s0.kind === "open") { const b = button(_("Sit here"), null, "primary sit"); b.dataset.sit = 0; b.onclick = () => sit(0); bar.appendChild(b); }
    if (timerSeat === 0) bar.appendChild(timerBar());
    for (let i = 0; i < view.hand_sizes[0]; i++) hand.appendChild(cardEl(null));
    if (view.hand_sizes[0]) fitHand(hand, view.hand_sizes[0]);
    return;
  }
  bar.classList.toggle("to-act", toAct(s));
  bar.append(el("b", "", fmt(_("{name} (you)"), { name: seatName(s) })), el("span", "stats", seatStats(s)));
  if (view.dealer === s) bar.append(el("span", "badge", _("dealer")));
  if (isAway(s)) {
    bar.append(el("span", "badge auto", _("the computer is playing for you")));
    bar.append(button(_("I'm back"), null, "primary back-btn"));
    bar.lastChild.onclick = () => send({ type: "back" });
  }
  if (timerSeat === s) bar.appendChild(timerBar());
  if (st.table.hints && view.to_act === s && !view.is_over && st.table.status === "playing") {
    const h = button(_("Hint"), null, "ghost hint-btn"); h.onclick = () => send({ type: "hint" }); bar.appendChild(h);
  }
  const legal = view.legal;
  const cards = view.hand ? sortHand(view.hand) : [];
  const mode = legal ? legal.kind : null;
  // the action panel
  if (legal && st.table.status === "playing") {
    if (mode === "blind") {
      // one row: looking (then bidding) is the default; blind nil is the second choice beside it
      const row = el("div", "bids blind-row");
      row.append(button(_("Look at my cards"), "look", "primary"), button(capital(term("blind nil")), "blind nil", "secondary"));
      actions.append(el("span", "note", _("Bid blind nil before looking at your cards?")), row);
    } else if (mode === "bid") {
      actions.append(el("span", "note", fixedBidNote(st.table.rules, legal.bids) || _("Your bid:")));
      const bids = el("div", "bids");
      for (const b of legal.bids) bids.appendChild(button(b === "nil" ? capital(term("nil")) : b, b === "nil" ? "nil" : "bid " + b, hintAction === (b === "nil" ? "nil" : "bid " + b) ? "primary" : ""));
      actions.appendChild(bids);
      if (bidBuffer) actions.appendChild(el("span", "note", fmt(_("typed: {n}"), { n: bidBuffer })));
    } else if (mode === "draw") {
      const d = el("div", "draw-card");
      d.append(el("span", "note", _("You drew:")), cardEl(view.draw_card), button(_("Keep"), "keep", "primary"), button(_("Reject"), "reject"));
      actions.appendChild(d);
      actions.appendChild(el("p", "note draw-help",
        _("Keep: this card goes into your hand and you throw away the next card of the stock.") + " " +
        _("Reject: this card is thrown away and the next card goes into your hand, whatever it is.") + " " +
        _("Thrown-away cards stay hidden from your opponent.")));
      actions.appendChild(el("span", "note", fmt(ngettext("{n} card left in the stock", "{n} cards left in the stock", view.stock_left), { n: view.stock_left })));
    } else if (mode === "exchange") {
      const to = view.exchange ? view.exchange[1] : null;
      const words = to !== null ? ngettext("Choose {n} card to pass to {name} ({chosen}/{n})", "Choose {n} cards to pass to {name} ({chosen}/{n})", legal.count)
        : ngettext("Choose {n} card to pass to your partner ({chosen}/{n})", "Choose {n} cards to pass to your partner ({chosen}/{n})", legal.count);
      actions.appendChild(el("span", "note", fmt(words, { n: legal.count, name: to !== null ? seatName(to) : "", chosen: selected.size })));
      const b = button(_("Pass"), null, "primary"); b.dataset.confirm = "pass";
      b.disabled = selected.size !== legal.count;
      b.onclick = () => act("pass " + [...selected].join(" "));
      actions.appendChild(b);
    } else if (mode === "redraw") {
      actions.appendChild(el("span", "note", fmt(ngettext("Blind nil: choose up to {n} card to swap with the discard pile ({chosen} chosen)",
        "Blind nil: choose up to {n} cards to swap with the discard pile ({chosen} chosen)", legal.max), { n: legal.max, chosen: selected.size })));
      const b = button(selected.size ? fmt(_("Discard {n}"), { n: selected.size }) : _("Keep my hand"), null, "primary"); b.dataset.confirm = "discard";
      b.disabled = selected.size > legal.max;
      b.onclick = () => act(("discard " + [...selected].join(" ")).trim());
      actions.appendChild(b);
    }
  } else if (view.phase === "exchange" && view.exchange && view.exchange.includes(s)) {
    actions.appendChild(el("span", "note", fmt(_("Waiting for {name} to pass cards"), { name: seatName(view.exchange[0]) })));
  }
  if (view.received && view.received.length) actions.appendChild(el("span", "note", fmt(_("Received: {cards}"), { cards: cardsText(view.received) })));
  if (view.passed && view.passed.length) actions.appendChild(el("span", "note", fmt(_("Passed: {cards}"), { cards: cardsText(view.passed) })));
  // the hand
  if (!view.hand) {
    for (let i = 0; i < view.hand_sizes[s]; i++) hand.appendChild(cardEl(null));
    fitHand(hand, view.hand_sizes[s]);
    return;
  }
  const playable = mode === "play" ? new Set(legal.cards) : null;
  const choosing = mode === "exchange" || mode === "redraw";
  hand.classList.toggle("playing", !!playable);
  const usable = (code) => choosing || (!!playable && playable.has(code));
  if (!cards.includes(focusCard) || !usable(focusCard)) focusCard = cards.find(usable) || null;
  cards.forEach((code) => {
    const c = cardEl(code);
    // one tab stop in the hand (the card the arrows are on): Tab and the arrows share one focus
    c.tabIndex = code === focusCard ? 0 : -1;
    if (usable(code)) c.classList.add("legal");
    if (selected.has(code)) c.classList.add("selected");
    labelHandCard(c, code, usable(code), !!playable, choosing ? selected.has(code) : null);
    if (hintAction && (hintAction === code || hintAction.split(" ").includes(code))) c.classList.add("hint");
    if (view.received && view.received.includes(code)) c.classList.add("new");
    c.addEventListener("click", () => clickCard(code));
    c.addEventListener("focus", () => { focusCard = code; });
    hand.appendChild(c);
  });
  fitHand(hand, cards.length);
  // the focus stays in the hand across redraws (and comes back to it on the next turn of a keyboard player)
  if (focusCard && (hadFocus || (keyboard && document.activeElement === document.body))) cardIn(hand, focusCard).focus();
}

function cardIn(box, code) { return box.querySelector(".card[data-card='" + code + "']"); }

function fitHand(hand, count) {
  if (!count) return;
  const cw = parseFloat(getComputedStyle(hand.firstChild).width) || 60;
  const width = Math.min(hand.parentElement.clientWidth, window.innerWidth) - 16;
  let overlap = count > 1 ? Math.max(cw * 0.18, (count * cw - width) / (count - 1)) : 0;
  overlap = Math.min(overlap, cw * 0.78);
  [...hand.children].forEach((c, i) => { c.style.marginLeft = i ? (-overlap) + "px" : "0"; });
}

function clickCard(code) {
  const legal = st && st.view.legal;
  if (!legal || st.table.status !== "playing") return;
  if (legal.kind === "play") { if (legal.cards.includes(code)) act(code); return; }
  if (legal.kind === "exchange" || legal.kind === "redraw") {
    const limit = legal.kind === "exchange" ? legal.count : legal.max;
    if (selected.has(code)) selected.delete(code);
    else if (selected.size < limit) selected.add(code);
    render();
  }
}

function renderSide() {
  const view = st.view;
  // last trick
  const lt = $("last-trick");
  lt.replaceChildren();
  let last = view.tricks.length ? view.tricks[view.tricks.length - 1] : st.prev_trick;
  if (last) {
    last.cards.forEach((c, i) => {
      const seat = (last.leader + i) % n();
      const f = el("figure");
      const card = cardEl(c); if (seat === last.winner) card.classList.add("win");
      f.append(card, el("figcaption", "", seatName(seat) + (seat === last.winner ? " ★" : "")));
      lt.appendChild(f);
    });
  } else lt.appendChild(el("span", "empty", _("none yet")));
  // history
  const h = $("history");
  h.replaceChildren();
  const t = el("table", "hist");
  const head = el("tr"); head.appendChild(el("th", "", _("Hand")));
  const short = (x) => (x.length > 8 ? x.slice(0, 7) + "…" : x);
  view.scores.forEach((_score, side) => head.appendChild(el("th", "", partnerships() ? sideName(side).split(" & ").map(short).join("/") : short(seatName(side)))));
  t.appendChild(head);
  for (const hs of view.history) {
    const tr = el("tr"); tr.appendChild(el("td", "", String(hs.number + 1)));
    hs.scores.forEach((sc, side) => tr.appendChild(el("td", "", sc + " (" + (hs.points[side] >= 0 ? "+" : "") + hs.points[side] + ")")));
    tr.style.cursor = "pointer"; tr.title = _("show this hand"); tr.onclick = () => showSummary(hs, false);
    t.appendChild(tr);
  }
  h.appendChild(t);
  if (!view.history.length) h.appendChild(el("div", "empty", _("no hands finished yet")));
  // table info
  const r = st.table.rules;
  const bits = [term(st.table.preset),
    r.losing_score !== null ? fmt(_("to {target} / {losing}"), { target: r.target_score, losing: r.losing_score }) : fmt(_("to {target}"), { target: r.target_score }),
    r.hands ? fmt(ngettext("{n} hand", "{n} hands", r.hands), { n: r.hands }) : null,
    houseRules(st.table.house_rules),
    r.nil ? fmt(_("nil {bonus}"), { bonus: r.nil_bonus }) : _("no nil"), r.blind_nil ? fmt(_("blind nil {bonus}"), { bonus: r.blind_nil_bonus }) : null,
    r.bag_penalty ? fmt(ngettext("{n} bag −{penalty}", "{n} bags −{penalty}", r.bag_limit), { n: r.bag_limit, penalty: r.bag_penalty }) : _("no bag penalty"),
    st.table.turn_timer ? fmt(_("{n} s per turn"), { n: st.table.turn_timer }) : _("no turn timer"),
    view.is_over ? fmt(ngettext("finished after {n} hand", "finished after {n} hands", view.hands_played), { n: view.hands_played })
      : fmt(_("hand {n}"), { n: view.hand_number + 1 }),
    view.spades_broken ? _("spades broken") : _("spades not broken"),
    st.table.spectators ? fmt(_("{n} watching"), { n: st.table.spectators }) : null];
  $("table-info").textContent = bits.filter(Boolean).join(" · ");
  // the timer's rule as the server states it (a catalogue message); an older server sends none
  $("timer-rule").textContent = st.table.timer_rule ? _(st.table.timer_rule)
    : st.table.turn_timer && !("timer_rule" in st.table) ? _("A timeout plays one card for you (the computer's choice); after two timeouts in a row, or if you disconnect, your seat is marked away and the computer plays until you return.") : "";
  renderFair();
  // log
  const ol = $("log");
  ol.replaceChildren();
  let hand = null;
  for (const e of log.slice(-60)) {
    if (e.hand !== hand) { hand = e.hand; ol.appendChild(el("li", "log-hand", fmt(_("Hand {n}"), { n: hand + 1 }))); }
    ol.appendChild(el("li", "", logText(e)));
  }
  ol.scrollTop = ol.scrollHeight;
}

// The provably fair deal (docs/fairness.md): the commitment to this hand's deal, published before
// its first bid, and the secret of the hand before it once revealed; the replay checks every deal.
function renderFair() {
  const f = st.fair, box = $("fair-line");
  $("fair-deal").classList.toggle("hidden", !f);
  if (!f) { box.replaceChildren(); return; }
  const line = (n, text, value) => {
    const p = el("p", "", fmt(_("Hand {n}"), { n }) + " · " + fmt(text, { value }));
    p.style.overflowWrap = "anywhere"; // 64 hex digits wrap in the side panel and on a phone
    return p;
  };
  const out = [];
  if (f.hand) out.push(line(f.hand.number, _("Commitment, shown before the first bid: {value}"), f.hand.commitment));
  if (f.previous) out.push(line(f.previous.number, _("Secret, revealed when the hand ended: {value}"), f.previous.secret));
  out.push(el("p", "", _("Computer players are given only their own cards, as people are: tests/server/test_server_leak.py checks every message; docs/fairness.md tells how to check a deal yourself.")));
  box.replaceChildren(...out);
}

function renderWaiting() {
  const w = $("waiting");
  if (st.table.status === "closed") {
    // everybody left and the table stopped: said in words, with the way back
    w.classList.remove("hidden");
    const box = el("div", "box closed-note"); box.id = "closed-note";
    box.append(el("b", "", _("Table closed")), el("p", "", _("This table closed because everybody left; start a new one in the lobby")));
    const a = el("a", "button primary", _("Back to the lobby")); a.href = "/"; box.appendChild(a);
    w.replaceChildren(box);
    return;
  }
  if (st.table.status !== "waiting") { w.classList.add("hidden"); return; }
  w.classList.remove("hidden");
  w.replaceChildren();
  const box = el("div", "box");
  box.append(el("div", "", _("Waiting for players. Invite code") + " "), el("b", "", st.table.code));
  box.append(el("div", "stats", location.origin + "/j/" + st.table.code));
  if (me() !== null) {
    const b = button(_("Fill empty seats with computers"), null, "primary"); b.id = "fill";
    b.onclick = () => send({ type: "fill" });
    box.appendChild(b);
  }
  w.appendChild(box);
}

// The play log in words: "Bea played 10♥", "Sam bid nil", "Ann kept the card she drew".
function cardsText(list) { return list.map(cardText).join(" "); }
function logText(e) {
  if (e.note) return e.note;
  const who = seatName(e.seat), t = e.text, parts = t.split(" ");
  if (/^(?:(?:10|[2-9TJQKA])[CDHS]|[BL]J)$/.test(t)) return fmt(_("{who} played {card}"), { who, card: cardText(t) });
  if (parts[0] === "bid") return fmt(_("{who} bid {n}"), { who, n: parts[1] });
  if (t === "nil") return fmt(_("{who} bid nil"), { who });
  if (t === "blind nil") return fmt(_("{who} bid blind nil"), { who });
  if (t === "look") return fmt(_("{who} looked at their cards"), { who });
  if (t === "keep") return fmt(_("{who} kept the card they drew (and threw the next one away)"), { who });
  if (t === "reject") return fmt(_("{who} threw the card they drew away (and kept the next one)"), { who });
  if (parts[0] === "pass") {
    if (!/^\d+$/.test(parts[1])) return fmt(_("{who} passed {cards}"), { who, cards: cardsText(parts.slice(1)) });
    const k = Number(parts[1]);
    return fmt(ngettext("{who} passed {n} card", "{who} passed {n} cards", k), { who, n: k });
  }
  if (parts[0] === "discard") {
    if (parts.length === 1) return fmt(_("{who} kept their hand"), { who });
    if (!/^\d+$/.test(parts[1])) return fmt(_("{who} swapped {cards}"), { who, cards: cardsText(parts.slice(1)) });
    const k = Number(parts[1]);
    return fmt(ngettext("{who} swapped {n} card", "{who} swapped {n} cards", k), { who, n: k });
  }
  return who + ": " + t;
}
window.logText = logText;

// ---------- hand summary and result ----------
function afterHands() {
  const view = st.view;
  const count = view.history.length;
  if (seenHands === null) { seenHands = count; if (view.is_over) shownOver = false; }
  if (count > seenHands) { seenHands = count; showSummary(view.history[count - 1], view.is_over); }
  else if (view.is_over && !shownOver) showSummary(view.history[count - 1], true);
}

// the options that differ from the table's preset ({name, value, label, none} from the server),
// as the lobby words them: "house rules: deck: jokers-deuces, min side bid: 4"; the target and
// the number of hands are said on their own
function houseRules(list) {
  if (!Array.isArray(list)) return null;
  const words = list.filter((x) => x && x.label && x.name !== "target_score" && x.name !== "hands")
    .map((x) => ruleText(_(x.label), x.value, x.none));
  return words.length ? fmt(_("house rules: {rules}"), { rules: words.join(", ") }) : null;
}
function showSummary(hs, over) {
  if (over) shownOver = true;
  const view = st.view, m = $("modal");
  m.replaceChildren();
  const title = el("h2", "", over ? gameResultText() : fmt(_("Hand {n} result"), { n: hs.number + 1 })); title.id = "modal-title";
  m.appendChild(title);
  const t = el("table");
  const head = el("tr");
  for (const x of ["", _("Bid"), _("Won"), _("Points"), _("Bags"), _("Score")]) head.appendChild(el(x ? "th" : "td", "", x));
  t.appendChild(head);
  hs.scores.forEach((score, side) => {
    const seats = partnerships() ? [side, side + 2] : [side];
    const tr = el("tr");
    tr.appendChild(el("td", "", sideName(side)));
    tr.appendChild(el("td", "", seats.map((s) => bidText(hs.bids[s])).join(" + ")));
    tr.appendChild(el("td", "", seats.map((s) => hs.tricks[s]).join(" + ")));
    const pts = el("td", pointsClass(hs.points[side]), (hs.points[side] >= 0 ? "+" : "") + hs.points[side]);
    // made or set in words (the colour follows the points' sign: a set side may still gain by a nil)
    const made = hs.made ? hs.made[side] : null;
    if (made === true || made === false) { pts.append(" "); pts.appendChild(el("span", made ? "verdict bid-made" : "verdict bid-set", made ? _("made") : _("set"))); }
    tr.appendChild(pts);
    // a bag penalty in points (the summary counts penalties; each costs the table's bag penalty)
    const penalty = hs.bag_penalties[side] * ((st.table.rules && st.table.rules.bag_penalty) || 0);
    const bags = el("td", "", String(hs.bags[side]));
    if (penalty) { const p = el("span", "penalty", " (−" + penalty + ")"); p.title = _("bag penalty"); bags.appendChild(p); }
    tr.appendChild(bags);
    tr.appendChild(el("td", "", String(score)));
    t.appendChild(tr);
  });
  m.appendChild(t);
  const nils = [];
  hs.bids.forEach((b, s) => {
    if (b === "nil" || b === "blind nil") nils.push(fmt(hs.nil_made[s] ? _("{name} {bid} made") : _("{name} {bid} failed"), { name: seatName(s), bid: term(b) }));
  });
  if (nils.length) m.appendChild(el("p", "", nils.join(" · ")));
  if (hs.boston.some(Boolean)) m.appendChild(el("p", "", _("Boston! All the tricks.")));
  const bs = el("div", "buttons");
  if (over) {
    const a = el("a", "", _("Back to the lobby")); a.href = "/"; bs.appendChild(a);
    const r = el("a", "", _("Replay the game")); r.href = "/r/" + encodeURIComponent(tableId); r.id = "replay-link"; bs.appendChild(r);
    if (me() !== null) { const b = button(_("Rematch"), null, "primary"); b.id = "rematch"; b.onclick = () => send({ type: "rematch" }); bs.appendChild(b); }
  }
  const ok = button(over ? _("Close") : _("Continue"), null, "primary"); ok.id = "modal-ok";
  ok.onclick = () => { closeModal(); if (!over && me() !== null && ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "ready" })); };
  bs.appendChild(ok);
  if (!over && pauseEnd) m.appendChild(el("p", "note", _("The next hand starts when everybody has pressed Continue, or in a few seconds.")));
  m.appendChild(bs);
  $("modal-bg").classList.remove("hidden");
  ok.focus();
}
// a hand's points in colour by their sign: a loss red, a gain green (whatever the contract)
function pointsClass(points) { return points < 0 ? "set" : points > 0 ? "made" : "even"; }
function gameResultText() {
  const view = st.view;
  if (view.winner === null) return _("Game over: a draw");
  const mine = me() !== null && sideOf(me()) === view.winner;
  if (mine) return _("You win!");
  return fmt(partnerships() ? _("Game over: {side} win") : _("Game over: {name} wins"), { side: sideName(view.winner), name: sideName(view.winner) });
}
function closeModal() { $("modal-bg").classList.add("hidden"); }

// ---------- your turn, signalled in the title (and by an optional sound while the tab is in the background) ----------
const SOUND_KEY = "spades-sound";
let turnSignalled = null, audio = null;
function myTurn() { return me() !== null && toAct(me()) && !isAway(me()); }
function signalTurn() {
  const base = _("Spades") + " · " + (st.table.name || st.table.code);
  const mine = myTurn();
  document.title = mine ? "● " + _("Your turn") + " · " + base : base;
  if (!mine) { turnSignalled = null; return; }
  if (turnSignalled === v) return;
  turnSignalled = v;
  announceTurn();
  if (document.hidden && $("sound").checked) beep();
}
function beep() {
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660; g.gain.value = 0.08;
    o.connect(g); g.connect(audio.destination);
    o.start(); o.stop(audio.currentTime + 0.15);
  } catch { /* no sound in this browser */ }
}
$("sound").checked = localStorage.getItem(SOUND_KEY) === "1";
$("sound").addEventListener("change", () => { localStorage.setItem(SOUND_KEY, $("sound").checked ? "1" : "0"); if ($("sound").checked) beep(); });

// ---------- chat: players and spectators apart, text only ----------
// sent in English (protocol.QUICK_CHAT) and shown in each reader's language: everything people
// commonly say at a card table, one tap each
const QUICK_PLAYERS = [N_("Hello!"), N_("Good luck"), N_("Nice play!"), N_("Well played"), N_("Good game"), N_("Thanks"),
  N_("Sorry"), N_("Sorry, partner"), N_("Oops"), N_("Hurry, please"), N_("Be right back"), N_("I'm back")];
// spectators talk about the game, not to a partner
const QUICK_WATCHING = [N_("Hello!"), N_("Nice play!"), N_("Good game"), N_("Well played"), N_("Good luck"), N_("Thanks")];
const QUICK = [...new Set(QUICK_PLAYERS.concat(QUICK_WATCHING))];
let quickFor = null, unread = 0;
const MUTE_KEY = "spades-muted";
let muted = new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || "[]"));
// who a muted sender is: their player id when the server names it (kept across tables), else
// their seat or spectator name at this table
function chatWho(c) { return c.player ? "id:" + c.player : c.seat === null ? "s:" + c.from : "p:" + c.seat; }
// a chat sender: a seat's name, or "Spectator 3" as the server names spectators
function chatName(from) {
  const m = /^Spectator (\d+)$/.exec(from);
  return m ? fmt(_("Spectator {n}"), { n: m[1] }) : term(from);
}
function addChat(c) {
  if ($("mute-all").checked || muted.has(chatWho(c))) return;
  if (c.player && typeof SOCIAL === "object" && SOCIAL.blocked.has(c.player)) return; // blocked (social.js)
  const li = el("li");
  if (c.player) li.dataset.player = c.player;
  li.append(el("b", "", chatName(c.from) + ": "), el("span", "", QUICK.includes(c.text) ? _(c.text) : c.text)); // textContent: never HTML
  const mute = button(_("mute"), null, "ghost mute"); mute.title = fmt(_("hide messages from {name}"), { name: chatName(c.from) });
  mute.onclick = () => { muted.add(chatWho(c)); localStorage.setItem(MUTE_KEY, JSON.stringify([...muted])); for (const x of [...$("chat-log").children]) if (x.dataset.who === chatWho(c)) x.remove(); };
  li.dataset.who = chatWho(c);
  const mine = me() !== null ? c.seat === me() : c.from === localStorage.getItem("spades-name");
  if (!mine) li.appendChild(mute);
  announceChat(c, mine);
  if (!mine && typeof chatMenu === "function" && c.id) li.appendChild(chatMenu(c)); // report, block, add friend
  $("chat-log").appendChild(li);
  while ($("chat-log").children.length > 60) $("chat-log").firstChild.remove();
  $("chat-log").scrollTop = $("chat-log").scrollHeight;
  if (!mine && !chatInView()) setUnread(unread + 1);
}
// the quick messages of a player or of a spectator, drawn again only when the role changes
function renderQuick() {
  const role = me() === null ? "watching" : "playing";
  if (role === quickFor) return;
  quickFor = role;
  $("quick").replaceChildren();
  for (const q of role === "watching" ? QUICK_WATCHING : QUICK_PLAYERS) {
    const b = button(_(q), null, "ghost"); b.dataset.quick = q; b.onclick = () => send({ type: "chat", text: q }); $("quick").appendChild(b);
  }
  $("spectator-row").classList.toggle("hidden", role !== "watching");
}
function renderSpectatorName() {
  if (me() !== null) return;
  const name = localStorage.getItem("spades-name");
  $("spectator-as").textContent = name ? fmt(_("Watching as {name}"), { name }) : "";
  $("spectator-name").textContent = name ? _("Change your name") : _("Choose a name");
}
$("spectator-name").addEventListener("click", () => openNameBox(null));
// On a phone the chat is below the table: a button reaches it in one tap and counts what came unread.
function chatInView() {
  if (document.hidden) return false;
  const r = $("chat").getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0;
}
function setUnread(k) {
  unread = k;
  $("unread").textContent = k ? String(k) : "";
  $("unread").classList.toggle("hidden", !k);
  $("chat-jump").title = k ? fmt(ngettext("{n} unread message", "{n} unread messages", k), { n: k }) : _("Chat");
}
$("chat-jump").addEventListener("click", () => {
  $("chat").scrollIntoView({ block: "end" });
  $("chat-text").focus({ preventScroll: true });
  setUnread(0);
});
window.addEventListener("scroll", () => { if (unread && chatInView()) setUnread(0); }, { passive: true });
$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("chat-text").value.trim();
  if (text && send({ type: "chat", text })) $("chat-text").value = "";
});
$("mute-all").checked = localStorage.getItem("spades-mute-all") === "1";
$("mute-all").addEventListener("change", () => localStorage.setItem("spades-mute-all", $("mute-all").checked ? "1" : "0"));
let following = null; // the table this page is leaving for (a rematch frame and a click both ask)
function followRematch(id) {
  if (following) return; // navigating twice aborts the first load ("keep my partner" asked twice)
  following = id;
  if (token) localStorage.setItem("spades-seat-" + id, token); // the same seats: the same seat link
  toast(_("Rematch! Taking you to the new table…"));
  setTimeout(() => { location.href = "/t/" + encodeURIComponent(id); }, 600);
}

// ---------- seats and keyboard ----------
function sit(seat) { openNameBox(seat); }
// true when the seat is taken; a refusal is shown next to the name
async function takeSeat(seat, name) {
  localStorage.setItem("spades-name", name);
  let data = null, ok = false;
  try {
    await ensurePlayer(name);
    const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/join", {
      method: "POST", headers: keyHeaders(), body: JSON.stringify({ seat, name }) });
    data = await r.json(); ok = r.ok;
  } catch { data = null; }
  if (!ok) { nameBoxError(errorText(data, _("could not take the seat"))); return false; }
  token = data.token; localStorage.setItem(TOKEN_KEY, token);
  reconnect();
  return true;
}

// ---------- the name box: a seat (or a spectator's name) is taken in the page, never with prompt() ----------
let boxSeat = null, offered = false;
function openNameBox(seat) {
  boxSeat = seat; // null: a spectator's name only
  const seating = seat !== null;
  $("sit-title").textContent = seating ? _("Take a seat") : _("Your name while you watch");
  $("sit-where").textContent = seating ? fmt(_("The open seat: {seat}"), { seat: term(st.table.seats[seat].position || "") })
    : _("Other spectators see it in the chat.");
  $("sit-label").textContent = seating ? _("Your name at the table?") : _("Your name");
  $("sit-ok").textContent = seating ? _("Sit down") : _("Save");
  $("sit-cancel").textContent = seating ? _("Just watch") : _("Cancel");
  nameBoxError("");
  $("sit-name").value = localStorage.getItem("spades-name") || "";
  $("sit-name").placeholder = _("Player");
  $("sit-bg").classList.remove("hidden");
  $("sit-name").focus();
}
function closeNameBox() { $("sit-bg").classList.add("hidden"); boxSeat = null; }
function nameBoxError(text) {
  $("sit-error").textContent = text;
  $("sit-name").setAttribute("aria-invalid", text ? "true" : "false");
}
$("sit-cancel").addEventListener("click", closeNameBox);
$("sit-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("sit-name").value.trim();
  if (boxSeat === null) { localStorage.setItem("spades-name", name); closeNameBox(); reconnect(); return; }
  $("sit-ok").disabled = true;
  try { if (await takeSeat(boxSeat, name)) closeNameBox(); } finally { $("sit-ok").disabled = false; }
});
// Somebody arriving (an invite link, a lobby row) at a table with an open seat is offered it at once,
// with the name box: one click to play. "Just watch" seats nobody.
function offerSeat() {
  if (offered || !st || me() !== null || token || st.view.is_over) return;
  offered = true;
  const open = st.table.seats.findIndex((x) => x.kind === "open");
  if (open >= 0) openNameBox(open);
}

document.addEventListener("keydown", (e) => {
  if (!st || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("sit-bg").classList.contains("hidden")) { if (e.key === "Escape") closeNameBox(); return; }
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
  if (!$("modal-bg").classList.contains("hidden")) {
    // Enter on a button of the dialog presses it (Continue sends 'ready'); Enter elsewhere or Escape is Continue
    const a = document.activeElement, inDialog = a && $("modal").contains(a) && (a.tagName === "BUTTON" || a.tagName === "A");
    if (e.key === "Enter" && inDialog) return;
    if (e.key === "Escape" || e.key === "Enter") { const ok = $("modal-ok"); if (ok) ok.click(); else closeModal(); e.preventDefault(); }
    return;
  }
  if (reviewKey(e)) { e.preventDefault(); return; }
  const legal = st.view.legal, key = e.key.toLowerCase();
  if (key === "h" && st.table.hints) { send({ type: "hint" }); return; }
  if (!legal) return;
  const cards = st.view.hand ? sortHand(st.view.hand) : [];
  if (legal.kind === "blind") { if (key === "b") act("blind nil"); if (key === "l") act("look"); return; }
  if (legal.kind === "draw") { if (key === "k") act("keep"); if (key === "r") act("reject"); return; }
  if (legal.kind === "bid") {
    if (key === "n" && legal.bids.includes("nil")) act("nil");
    else if (/^[0-9]$/.test(key)) { bidBuffer = (bidBuffer + key).slice(-2); render(); }
    else if (key === "backspace") { bidBuffer = bidBuffer.slice(0, -1); render(); }
    else if (key === "enter" && bidBuffer) { const b = String(parseInt(bidBuffer, 10)); bidBuffer = ""; if (legal.bids.includes(b)) act(b === "0" ? "nil" : "bid " + b); else { toast(fmt(_("You cannot bid {n} now"), { n: b }), true); render(); } }
    return;
  }
  if (!cards.length) return;
  if (key === "arrowleft" || key === "arrowright") { moveFocus(cards, legal, key === "arrowleft" ? -1 : 1); e.preventDefault(); return; }
  const active = document.activeElement;
  const onCard = active && active.parentElement === $("hand") && active.dataset.card;
  if (!onCard && active && active !== document.body) return; // Enter on a button presses that button
  const code = onCard ? active.dataset.card : focusCard;
  if (!code) return;
  if (legal.kind === "play" && (key === "enter" || key === " ")) { clickCard(code); e.preventDefault(); }
  else if ((legal.kind === "exchange" || legal.kind === "redraw")) {
    if (key === " ") { clickCard(code); e.preventDefault(); }
    else if (key === "enter") { const b = document.querySelector("[data-confirm]"); if (b && !b.disabled) b.click(); e.preventDefault(); }
  }
});
// The arrows move the one focus over the cards that can be chosen now (cards that cannot be played are skipped).
function moveFocus(cards, legal, step) {
  keyboard = true;
  const usable = legal.kind === "play" ? cards.filter((c) => legal.cards.includes(c)) : cards;
  if (!usable.length) return;
  const hand = $("hand"), inHand = hand.contains(document.activeElement);
  let i = usable.indexOf(focusCard);
  i = i < 0 ? 0 : inHand ? (i + step + usable.length) % usable.length : i;
  focusCard = usable[i];
  for (const c of hand.children) c.tabIndex = c.dataset.card === focusCard ? 0 : -1;
  const c = cardIn(hand, focusCard);
  if (c) c.focus();
}
document.addEventListener("pointerdown", () => { keyboard = false; });
window.addEventListener("resize", () => render());
$("copy-link").addEventListener("click", async () => {
  const link = location.origin + "/j/" + (st ? st.table.code : "");
  try { await navigator.clipboard.writeText(link); toast(fmt(_("Invite link copied: {link}"), { link })); } catch { toast(link); }
});
connect();
