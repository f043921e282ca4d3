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
let selected = new Set(), focus = 0, bidBuffer = "", hintAction = null;
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
  setConn("connecting…", "");
  ws.onopen = () => {
    retry = 500;
    const hello = { type: "hello" };
    if (token) hello.token = token;
    else if (playerKey()) hello.player = playerKey();
    if (v >= 0) hello.since = v;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
  ws.onclose = (e) => {
    if (e.code === 4404 || missing) { showMissing(); return; }
    setOffline(true, retry);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}
function setConn(text, cls) { $("conn-text").textContent = text; $("conn-dot").className = "dot " + cls; }
// With the server out of reach the page says so plainly, greys every seat's dot (nobody's
// presence is known) and refuses clicks with a message rather than dropping them.
function setOffline(off, wait) {
  online = !off;
  document.body.classList.toggle("offline", off);
  const o = $("offline");
  if (off) {
    setConn("offline", "off");
    o.replaceChildren(el("b", "", "Connection to the server lost. "),
      el("span", "", "Reconnecting" + (wait ? " in " + Math.ceil(wait / 1000) + " s" : "") + "… your moves are not sent until then. "));
    const b = button("Reconnect now", null, "primary"); b.id = "reconnect";
    b.onclick = () => { retry = 500; if (ws) { ws.onclose = null; ws.close(); } connect(); };
    o.appendChild(b);
    o.classList.remove("hidden");
  } else o.classList.add("hidden");
  if (st) render();
}
function showMissing() {
  missing = true;
  setConn("no such table", "off");
  $("offline").classList.add("hidden");
  const w = $("missing");
  w.replaceChildren(el("h2", "", "There is no table here"),
    el("p", "", "The link may be mistyped, or the table may never have existed."));
  const a = el("a", "button primary", "Back to the lobby"); a.href = "/"; a.id = "back";
  w.appendChild(a);
  w.classList.remove("hidden");
}
function send(obj) {
  if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
  toast("Not connected to the server: that was not sent. Reconnecting…", true);
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
    if (!online) setOffline(false);
    setConn(m.you === null ? "watching" : "connected", "on");
    pauseEnd = m.pause ? performance.now() + m.pause * 1000 : null;
    if (m.timer) { timerEnd = performance.now() + m.timer.left * 1000; timerTotal = m.timer.total; timerSeat = m.timer.seat; }
    else { timerEnd = null; timerSeat = null; }
    render();
    afterHands();
  } else if (m.type === "chat") {
    addChat(m);
  } else if (m.type === "chat_history") {
    $("chat-log").replaceChildren(); for (const c of m.messages) addChat(c);
  } else if (m.type === "rematch") {
    followRematch(m.id);
  } else if (m.type === "presence") {
    if (!st) return;
    m.seats.forEach((x, s) => { st.table.seats[s].connected = x.connected; st.table.seats[s].auto = x.auto; });
    st.table.spectators = m.spectators;
    render();
  } else if (m.type === "error") {
    if (m.code === "no_table") { missing = true; showMissing(); return; }
    if (m.code === "bad_token") { localStorage.removeItem(TOKEN_KEY); token = null; }
    if (m.code !== "stale") toast(m.message, true); // stale: a double click; the state is on its way
  } else if (m.type === "hint") {
    hintAction = m.action;
    toast("Hint: " + m.action.replace(/^bid /, "bid ").replace(/([2-9TJQKA])([CDHS])/g, (x) => cardText(x)));
    render();
  }
}

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
function seatName(s) { return st.table.seats[s].name; }
function partnerships() { return st.table.rules.variant === "partnership"; }
function sideOf(s) { return partnerships() ? s % 2 : s; }
function sideName(side) {
  if (!partnerships()) return seatName(side);
  return seatName(side) + " & " + seatName(side + 2);
}
function bidText(b) { return b === null ? "—" : b === "nil" ? "Nil" : b === "blind nil" ? "Blind nil" : b; }

// ---------- rendering ----------
function render() {
  if (!st) return;
  const view = st.view, table = st.table;
  document.title = "Spades · " + (table.name || table.code);
  $("table-name").textContent = table.name ? "· " + table.name : "";
  $("code").textContent = table.code;
  renderScores();
  renderSeats();
  renderTrick();
  renderMe();
  renderSide();
  renderWaiting();
  $("chat-title").textContent = me() === null ? "Spectators' chat" : "Players' chat";
  if (st.view.is_over && st.table.rematch && !$("rematch-note")) {
    const b = el("a", "button primary", "Go to the rematch"); b.id = "rematch-note"; b.href = "/t/" + encodeURIComponent(st.table.rematch);
    b.onclick = (e) => { e.preventDefault(); followRematch(st.table.rematch); };
    $("actions").appendChild(b);
  }
}

function renderScores() {
  const bar = $("scorebar");
  bar.replaceChildren();
  const view = st.view;
  view.scores.forEach((score, side) => {
    const d = el("span", "side");
    if (me() !== null && sideOf(me()) === side) d.classList.add("us");
    d.append(el("span", "", sideName(side) + " "), el("b", "", String(score)), el("span", "", " · bags " + view.bags[side]));
    bar.appendChild(d);
  });
}

function seatStats(s) {
  const view = st.view;
  const bid = view.bids[s];
  return "bid " + bidText(bid) + " · won " + view.tricks_won[s];
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
    box.classList.toggle("to-act", view.to_act === s && !view.is_over);
    const name = el("div", "name");
    const dot = el("span", "dot " + (!online ? "unknown" : seat.connected ? "on" : "off"));
    dot.title = !online ? "not known while you are offline" : seat.connected ? "connected" : "away";
    name.append(dot, el("span", "", seat.name));
    if (seat.kind === "bot") { const b = el("span", "badge", "CPU "); b.appendChild(el("span", "lvl", seat.level)); name.append(b); }
    if (seat.auto) name.append(el("span", "badge auto", "computer playing"));
    if (view.dealer === s) name.append(el("span", "badge", "D"));
    box.appendChild(name);
    box.appendChild(el("div", "stats", seatStats(s) + (partnerships() ? "" : "") ));
    const backs = el("div", "backs");
    for (let i = 0; i < Math.min(view.hand_sizes[s], 17); i++) backs.appendChild(cardEl(null));
    box.appendChild(backs);
    if (seat.kind === "open") {
      box.appendChild(el("div", "stats", "open seat"));
      if (me() === null) { const b = button("Sit here", null, "primary sit"); b.dataset.sit = s; b.onclick = () => sit(s); box.appendChild(b); }
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
  if (st && pauseEnd) { $("prompt").textContent = promptText(); if (pauseEnd < performance.now()) pauseEnd = null; }
  for (const t of document.querySelectorAll("[data-timer]")) {
    if (!timerEnd) continue;
    const left = Math.max(0, timerEnd - performance.now());
    t.firstChild.style.width = (100 * left / (timerTotal * 1000)) + "%";
    t.classList.toggle("low", left < 5000);
    t.title = Math.ceil(left / 1000) + " s left";
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
    trickKey = key;
  }
  $("prompt").textContent = promptText();
}

function promptText() {
  const view = st.view;
  if (view.is_over) return "Game over";
  if (st.table.status === "waiting") return "Waiting for players";
  if (pauseEnd && pauseEnd > performance.now()) return "Next hand in " + Math.ceil((pauseEnd - performance.now()) / 1000) + " s";
  const s = view.to_act;
  if (s === null) return "";
  const who = s === me() ? "You" : seatName(s);
  const verb = { blind: "choose blind nil or look", bid: "bid", play: "play", exchange: "pass cards",
    draw: "draw", redraw: "redraw" }[view.phase] || view.phase;
  return (s === me() ? "Your turn: " + verb : who + " to " + verb) + (st.table.seats[s].auto ? " (computer)" : "");
}

function renderMe() {
  const view = st.view, bar = $("me-bar"), actions = $("actions"), hand = $("hand");
  bar.replaceChildren(); actions.replaceChildren(); hand.replaceChildren();
  const s = me();
  if (s === null) {
    bar.appendChild(el("span", "", "You are watching" + (st.table.spectators > 1 ? " with " + (st.table.spectators - 1) + " others" : "")));
    const open = st.table.seats.filter((x) => x.kind === "open");
    if (open.length) bar.appendChild(el("span", "stats", "· pick an open seat to play"));
    // seat 0 sits at the bottom for spectators
    const s0 = st.table.seats[0];
    bar.classList.toggle("to-act", view.to_act === 0 && !view.is_over);
    bar.append(el("span", "dot " + (!online ? "unknown" : s0.connected ? "on" : "off")), el("b", "", s0.name), el("span", "stats", seatStats(0)));
    if (s0.kind === "bot") bar.append(el("span", "badge", "CPU " + s0.level));
    if (s0.kind === "open") { const b = button("Sit here", null, "primary sit"); b.dataset.sit = 0; b.onclick = () => sit(0); bar.appendChild(b); }
    if (timerSeat === 0) bar.appendChild(timerBar());
    for (let i = 0; i < view.hand_sizes[0]; i++) hand.appendChild(cardEl(null));
    if (view.hand_sizes[0]) fitHand(hand, view.hand_sizes[0]);
    return;
  }
  bar.classList.toggle("to-act", view.to_act === s && !view.is_over);
  bar.append(el("b", "", st.table.seats[s].name + " (you)"), el("span", "stats", seatStats(s)));
  if (view.dealer === s) bar.append(el("span", "badge", "dealer"));
  if (st.table.seats[s].auto) {
    bar.append(el("span", "badge auto", "the computer is playing for you"));
    bar.append(button("I'm back", null, "primary back-btn"));
    bar.lastChild.onclick = () => send({ type: "back" });
  }
  if (timerSeat === s) bar.appendChild(timerBar());
  if (st.table.hints && view.to_act === s && !view.is_over && st.table.status === "playing") {
    const h = button("Hint", null, "ghost hint-btn"); h.onclick = () => send({ type: "hint" }); bar.appendChild(h);
  }
  const legal = view.legal;
  const cards = view.hand ? sortHand(view.hand) : [];
  const mode = legal ? legal.kind : null;
  // the action panel
  if (legal && st.table.status === "playing") {
    if (mode === "blind") {
      actions.append(el("span", "note", "Bid blind nil before looking at your cards?"),
        button("Blind nil", "blind nil"), button("Look at my cards", "look", "primary"));
    } else if (mode === "bid") {
      actions.append(el("span", "note", "Your bid:"));
      const bids = el("div", "bids");
      for (const b of legal.bids) bids.appendChild(button(b === "nil" ? "Nil" : b, b === "nil" ? "nil" : "bid " + b, hintAction === (b === "nil" ? "nil" : "bid " + b) ? "primary" : ""));
      actions.appendChild(bids);
      if (bidBuffer) actions.appendChild(el("span", "note", "typed: " + bidBuffer));
    } else if (mode === "draw") {
      const d = el("div", "draw-card");
      d.append(el("span", "note", "You drew:"), cardEl(view.draw_card), button("Keep", "keep", "primary"), button("Reject", "reject"));
      actions.appendChild(d);
      actions.appendChild(el("p", "note draw-help",
        "Keep: this card goes into your hand and you throw away the next card of the stock. " +
        "Reject: this card is thrown away and the next card goes into your hand, whatever it is. " +
        "Thrown-away cards stay hidden from your opponent."));
      actions.appendChild(el("span", "note", view.stock_left + " cards left in the stock"));
    } else if (mode === "exchange") {
      const to = view.exchange ? view.exchange[1] : null;
      actions.appendChild(el("span", "note", "Choose " + legal.count + " cards to pass to " + (to !== null ? seatName(to) : "your partner") + " (" + selected.size + "/" + legal.count + ")"));
      const b = button("Pass", null, "primary"); b.dataset.confirm = "pass";
      b.disabled = selected.size !== legal.count;
      b.onclick = () => act("pass " + [...selected].join(" "));
      actions.appendChild(b);
    } else if (mode === "redraw") {
      actions.appendChild(el("span", "note", "Blind nil: choose up to " + legal.max + " cards to swap with the discard pile (" + selected.size + " chosen)"));
      const b = button(selected.size ? "Discard " + selected.size : "Keep my hand", null, "primary"); b.dataset.confirm = "discard";
      b.disabled = selected.size > legal.max;
      b.onclick = () => act(("discard " + [...selected].join(" ")).trim());
      actions.appendChild(b);
    }
  } else if (view.phase === "exchange" && view.exchange && view.exchange.includes(s)) {
    actions.appendChild(el("span", "note", "Waiting for " + seatName(view.exchange[0]) + " to pass cards"));
  }
  if (view.received && view.received.length) actions.appendChild(el("span", "note", "Received: " + view.received.map(cardText).join(" ")));
  if (view.passed && view.passed.length) actions.appendChild(el("span", "note", "Passed: " + view.passed.map(cardText).join(" ")));
  // the hand
  if (!view.hand) {
    for (let i = 0; i < view.hand_sizes[s]; i++) hand.appendChild(cardEl(null));
    fitHand(hand, view.hand_sizes[s]);
    return;
  }
  const playable = mode === "play" ? new Set(legal.cards) : null;
  const choosing = mode === "exchange" || mode === "redraw";
  hand.classList.toggle("playing", !!playable);
  if (focus >= cards.length) focus = Math.max(0, cards.length - 1);
  cards.forEach((code, i) => {
    const c = cardEl(code);
    c.tabIndex = playable || choosing ? 0 : -1;
    if ((playable && playable.has(code)) || choosing) c.classList.add("legal");
    if (selected.has(code)) c.classList.add("selected");
    if (hintAction && (hintAction === code || hintAction.split(" ").includes(code))) c.classList.add("hint");
    if (view.received && view.received.includes(code)) c.classList.add("new");
    if ((playable || choosing) && keyboard && i === focus && document.activeElement === document.body) c.classList.add("focus");
    c.addEventListener("click", () => clickCard(code));
    hand.appendChild(c);
  });
  fitHand(hand, cards.length);
}

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
  } else lt.appendChild(el("span", "empty", "none yet"));
  // history
  const h = $("history");
  h.replaceChildren();
  const t = el("table", "hist");
  const head = el("tr"); head.appendChild(el("th", "", "Hand"));
  view.scores.forEach((_, side) => head.appendChild(el("th", "", partnerships() ? sideName(side).split(" & ").map((x) => x.slice(0, 5)).join("/") : seatName(side).slice(0, 8))));
  t.appendChild(head);
  for (const hs of view.history) {
    const tr = el("tr"); tr.appendChild(el("td", "", String(hs.number + 1)));
    hs.scores.forEach((sc, side) => tr.appendChild(el("td", "", sc + " (" + (hs.points[side] >= 0 ? "+" : "") + hs.points[side] + ")")));
    tr.style.cursor = "pointer"; tr.title = "show this hand"; tr.onclick = () => showSummary(hs, false);
    t.appendChild(tr);
  }
  h.appendChild(t);
  if (!view.history.length) h.appendChild(el("div", "empty", "no hands finished yet"));
  // table info
  const r = st.table.rules;
  const bits = [st.table.preset, "to " + r.target_score + (r.losing_score !== null ? " / " + r.losing_score : ""),
    r.hands ? r.hands + " hand" + (r.hands > 1 ? "s" : "") : null,
    r.nil ? "nil " + r.nil_bonus : "no nil", r.blind_nil ? "blind nil " + r.blind_nil_bonus : null,
    r.bag_penalty ? r.bag_limit + " bags −" + r.bag_penalty : "no bag penalty",
    st.table.turn_timer ? st.table.turn_timer + " s per turn" : "no turn timer",
    view.is_over ? "finished after " + view.hands_played + " hand" + (view.hands_played > 1 ? "s" : "") : "hand " + (view.hand_number + 1), view.spades_broken ? "spades broken" : "spades not broken",
    st.table.spectators ? st.table.spectators + " watching" : null];
  $("table-info").textContent = bits.filter(Boolean).join(" · ");
  // log
  const ol = $("log");
  ol.replaceChildren();
  let hand = null;
  for (const e of log.slice(-60)) {
    if (e.hand !== hand) { hand = e.hand; ol.appendChild(el("li", "log-hand", "Hand " + (hand + 1))); }
    ol.appendChild(el("li", "", logText(e)));
  }
  ol.scrollTop = ol.scrollHeight;
}

function renderWaiting() {
  const w = $("waiting");
  if (st.table.status !== "waiting") { w.classList.add("hidden"); return; }
  w.classList.remove("hidden");
  w.replaceChildren();
  const box = el("div", "box");
  box.append(el("div", "", "Waiting for players. Invite code "), el("b", "", st.table.code));
  box.append(el("div", "stats", location.origin + "/j/" + st.table.code));
  if (me() !== null) {
    const b = button("Fill empty seats with computers", null, "primary"); b.id = "fill";
    b.onclick = () => send({ type: "fill" });
    box.appendChild(b);
  }
  w.appendChild(box);
}

// The play log in words: "Bea played 10♥", "Sam bid nil", "Ann kept the card she drew".
function cardsText(list) { return list.map(cardText).join(" "); }
function logText(e) {
  const who = seatName(e.seat), t = e.text, parts = t.split(" ");
  if (/^(?:10|[2-9TJQKA])[CDHS]$/.test(t)) return who + " played " + cardText(t);
  if (parts[0] === "bid") return who + " bid " + parts[1];
  if (t === "nil") return who + " bid nil";
  if (t === "blind nil") return who + " bid blind nil";
  if (t === "look") return who + " looked at their cards";
  if (t === "keep") return who + " kept the card they drew (and threw the next one away)";
  if (t === "reject") return who + " threw the card they drew away (and kept the next one)";
  if (parts[0] === "pass") return /^\d+$/.test(parts[1]) ? who + " passed " + parts[1] + " cards" : who + " passed " + cardsText(parts.slice(1));
  if (parts[0] === "discard") {
    if (parts.length === 1) return who + " kept their hand";
    return /^\d+$/.test(parts[1]) ? who + " swapped " + parts[1] + " card" + (parts[1] === "1" ? "" : "s") : who + " swapped " + cardsText(parts.slice(1));
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

function showSummary(hs, over) {
  if (over) shownOver = true;
  const view = st.view, m = $("modal");
  m.replaceChildren();
  m.appendChild(el("h2", "", over ? gameResultText() : "Hand " + (hs.number + 1) + " result"));
  const t = el("table");
  const head = el("tr");
  for (const x of ["", "Bid", "Won", "Points", "Bags", "Score"]) head.appendChild(el("th", "", x));
  t.appendChild(head);
  hs.scores.forEach((score, side) => {
    const seats = partnerships() ? [side, side + 2] : [side];
    const tr = el("tr");
    tr.appendChild(el("td", "", sideName(side)));
    tr.appendChild(el("td", "", seats.map((s) => bidText(hs.bids[s])).join(" + ")));
    tr.appendChild(el("td", "", seats.map((s) => hs.tricks[s]).join(" + ")));
    const pts = el("td", hs.made[side] === false ? "set" : "made", (hs.points[side] >= 0 ? "+" : "") + hs.points[side]);
    tr.appendChild(pts);
    tr.appendChild(el("td", "", String(hs.bags[side]) + (hs.bag_penalties[side] ? " (−" + hs.bag_penalties[side] + ")" : "")));
    tr.appendChild(el("td", "", String(score)));
    t.appendChild(tr);
  });
  m.appendChild(t);
  const nils = [];
  hs.bids.forEach((b, s) => { if (b === "nil" || b === "blind nil") nils.push(seatName(s) + " " + bidText(b).toLowerCase() + (hs.nil_made[s] ? " made" : " failed")); });
  if (nils.length) m.appendChild(el("p", "", nils.join(" · ")));
  if (hs.boston.some(Boolean)) m.appendChild(el("p", "", "Boston! All the tricks."));
  const bs = el("div", "buttons");
  if (over) {
    const a = el("a", "", "Back to the lobby"); a.href = "/"; bs.appendChild(a);
    const r = el("a", "", "Replay the game"); r.href = "/r/" + encodeURIComponent(tableId); r.id = "replay-link"; bs.appendChild(r);
    if (me() !== null) { const b = button("Rematch", null, "primary"); b.id = "rematch"; b.onclick = () => send({ type: "rematch" }); bs.appendChild(b); }
  }
  const ok = button(over ? "Close" : "Continue", null, "primary"); ok.id = "modal-ok";
  ok.onclick = () => { closeModal(); if (!over && me() !== null && ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "ready" })); };
  bs.appendChild(ok);
  if (!over && pauseEnd) m.insertBefore(el("p", "note", "The next hand starts when everybody has pressed Continue, or in a few seconds."), bs);
  m.appendChild(bs);
  $("modal-bg").classList.remove("hidden");
  ok.focus();
}
function gameResultText() {
  const view = st.view;
  if (view.winner === null) return "Game over: a draw";
  const mine = me() !== null && sideOf(me()) === view.winner;
  return mine ? "You win!" : "Game over: " + sideName(view.winner) + " win" + (partnerships() ? "" : "s");
}
function closeModal() { $("modal-bg").classList.add("hidden"); }

// ---------- chat: players and spectators apart, text only ----------
const QUICK = ["Hello!", "Good game", "Well played", "Sorry, partner", "Thanks", "Oops", "Good luck"];
const MUTE_KEY = "spades-muted";
let muted = new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || "[]"));
function chatWho(c) { return c.seat === null ? "s:" + c.from : "p:" + c.seat; }
function addChat(c) {
  if ($("mute-all").checked || muted.has(chatWho(c))) return;
  const li = el("li");
  li.append(el("b", "", c.from + ": "), el("span", "", c.text)); // textContent: never HTML
  const mute = button("mute", null, "ghost mute"); mute.title = "hide messages from " + c.from;
  mute.onclick = () => { muted.add(chatWho(c)); localStorage.setItem(MUTE_KEY, JSON.stringify([...muted])); for (const x of [...$("chat-log").children]) if (x.dataset.who === chatWho(c)) x.remove(); };
  li.dataset.who = chatWho(c);
  if (!(me() !== null && c.seat === me())) li.appendChild(mute);
  $("chat-log").appendChild(li);
  while ($("chat-log").children.length > 60) $("chat-log").firstChild.remove();
  $("chat-log").scrollTop = $("chat-log").scrollHeight;
}
for (const q of QUICK) { const b = button(q, null, "ghost"); b.onclick = () => send({ type: "chat", text: q }); $("quick").appendChild(b); }
$("chat-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("chat-text").value.trim();
  if (text && send({ type: "chat", text })) $("chat-text").value = "";
});
$("mute-all").checked = localStorage.getItem("spades-mute-all") === "1";
$("mute-all").addEventListener("change", () => localStorage.setItem("spades-mute-all", $("mute-all").checked ? "1" : "0"));
function followRematch(id) {
  if (token) localStorage.setItem("spades-seat-" + id, token); // the same seats: the same seat link
  toast("Rematch! Taking you to the new table…");
  setTimeout(() => { location.href = "/t/" + encodeURIComponent(id); }, 600);
}

// ---------- seats and keyboard ----------
async function sit(seat) {
  const name = (prompt("Your name at the table?", localStorage.getItem("spades-name") || "") || "").trim();
  localStorage.setItem("spades-name", name);
  await ensurePlayer(name);
  const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/join", {
    method: "POST", headers: keyHeaders(), body: JSON.stringify({ seat, name }) });
  const data = await r.json();
  if (!r.ok) { toast(data.error || "could not take the seat", true); return; }
  token = data.token; localStorage.setItem(TOKEN_KEY, token);
  if (ws) ws.close();
}

document.addEventListener("keydown", (e) => {
  if (!st || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
  if (!$("modal-bg").classList.contains("hidden")) { if (e.key === "Escape" || e.key === "Enter") { closeModal(); e.preventDefault(); } return; }
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
    else if (key === "enter" && bidBuffer) { const b = String(parseInt(bidBuffer, 10)); bidBuffer = ""; if (legal.bids.includes(b)) act(b === "0" ? "nil" : "bid " + b); else { toast("You cannot bid " + b + " now", true); render(); } }
    return;
  }
  if (!cards.length) return;
  if (key === "arrowleft" || key === "arrowright") {
    keyboard = true;
    focus = (focus + (key === "arrowleft" ? -1 : 1) + cards.length) % cards.length;
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    render(); e.preventDefault(); return;
  }
  const code = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card || cards[focus];
  if (legal.kind === "play" && (key === "enter" || key === " ")) { clickCard(code); e.preventDefault(); }
  else if ((legal.kind === "exchange" || legal.kind === "redraw")) {
    if (key === " ") { clickCard(code); e.preventDefault(); }
    else if (key === "enter") { const b = document.querySelector("[data-confirm]"); if (b && !b.disabled) b.click(); e.preventDefault(); }
  }
});
window.addEventListener("resize", () => render());
$("copy-link").addEventListener("click", async () => {
  const link = location.origin + "/j/" + (st ? st.table.code : "");
  try { await navigator.clipboard.writeText(link); toast("Invite link copied: " + link); } catch { toast(link); }
});
connect();
