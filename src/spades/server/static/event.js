// Duplicate events: /events makes one, /e/ID shows it (its tables with their open seats, the
// running or final results, every board with each table's result next to the double-dummy par).
// The server sends a board's cards and results only once every table has played it.
"use strict";
const DIRECTIONS = ["North", "East", "South", "West"];
const LEVELS = ["expert", "basic", "random"];

// -- making an event --
function seatOptions() { return [["open", _("Open for a person")], ...LEVELS.map((l) => ["bot:" + l, fmt(_("Computer ({level})"), { level: _(l) })])]; }

function drawSeats(box, tables) {
  box.replaceChildren();
  for (let t = 0; t < tables; t++) {
    box.appendChild(el("div", "note", fmt(_("Table {n}"), { n: t + 1 })));
    const row = el("div", "seat-pick");
    for (let s = 0; s < 4; s++) {
      const sel = select(`seat-${t}-${s}`, seatOptions(), t === 0 && s === 0 ? "open" : t === 0 ? "bot:expert" : "open");
      sel.setAttribute("aria-label", fmt(_("Table {n}"), { n: t + 1 }) + " · " + term(DIRECTIONS[s]));
      row.appendChild(labelled(term(DIRECTIONS[s]), sel));
    }
    box.appendChild(row);
  }
}

function createForm() {
  const form = el("form"); form.id = "event-form"; form.noValidate = true;
  form.appendChild(el("h2", "", _("New duplicate event")));
  form.appendChild(el("p", "note", _("Every table plays the same deals (boards); each pair's score on a board is compared with the pairs that held the same cards at the other tables.")));
  const name = nameInput("event-name", false);
  const host = nameInput("host-name", true);
  const boards = select("boards", numbers(1, 13), 4);
  const tables = select("tables", numbers(2, 8), 2);
  const speed = speedSelect();
  const row = el("div", "row");
  row.append(labelled(_("Event name"), name), labelled(_("Your name"), host), labelled(_("Boards"), boards),
    labelled(_("Tables"), tables), labelled(_("Computer speed"), speed));
  const seats = el("div"); seats.id = "event-seats";
  const err = alertLine("event-error");
  const go = el("button", "primary", _("Create event")); go.type = "submit"; go.id = "event-create";
  form.append(row, el("label", "", _("Seats")), seats, err, go);
  drawSeats(seats, 2);
  tables.addEventListener("change", () => drawSeats(seats, Number(tables.value)));
  form.addEventListener("submit", (e) => { e.preventDefault(); createEvent(); });
  main.replaceChildren(form);
}

async function createEvent() {
  const n = Number(document.getElementById("tables").value);
  const tables = Array.from({ length: n }, (_x, t) => [0, 1, 2, 3].map((s) => document.getElementById(`seat-${t}-${s}`).value));
  const host = typedName("host-name");
  const body = { name: document.getElementById("event-name").value.trim(), host, boards: Number(document.getElementById("boards").value),
    tables, bot_delay: Number(document.getElementById("speed").value) };
  const data = await postJson("/api/events", body, "event-error");
  if (data) location.href = data.url;
}

// -- an event --
const EVENT_ID = location.pathname.startsWith("/e/") ? decodeURIComponent(location.pathname.slice(3)) : null;
let refresh = null;

function seatText(seat) {
  if (seat.kind === "bot") return fmt(_("Computer ({level})"), { level: _(seat.level) });
  if (seat.kind === "human") return seat.name || _("Player");
  return null;
}

async function sit(table, seat) {
  const name = typedName("sit-name");
  await ensurePlayer(name);
  const data = await postJson(`/api/events/${encodeURIComponent(EVENT_ID)}/join`, { table, seat, name }, "event-error");
  if (!data) return;
  localStorage.setItem("spades-seat-" + data.id, data.token);
  location.href = data.url;
}

function tableCard(t, ev) {
  const box = el("div", "event-table");
  box.dataset.table = t.table;
  box.appendChild(el("h3", "", fmt(_("Table {n}"), { n: t.table })));
  const list = el("ul");
  t.seats.forEach((seat, s) => {
    const li = el("li", "", term(DIRECTIONS[s]) + ": ");
    const who = seatText(seat);
    if (who) li.append(who);
    else if (!ev.over) { const b = el("button", "", _("Sit here")); b.type = "button"; b.dataset.sit = `${t.table}-${s}`; b.onclick = () => sit(t.table, s); li.append(b); }
    list.appendChild(li);
  });
  box.appendChild(list);
  const m = ev.movement.tables[t.table - 1];
  box.appendChild(el("p", "note", m.rotation ? _("Plays every board turned by one seat: its East-West pair holds the North-South cards.") : _("Plays every board as dealt.")));
  box.appendChild(el("p", "note", t.closed ? _("closed: everybody left") : fmt(_("Boards played: {n} of {total}"), { n: t.played, total: ev.boards })));
  if (t.id) { const a = el("a", "", _("Replay")); a.href = "/r/" + encodeURIComponent(t.id); box.appendChild(a); }
  return box;
}

function pairText(ev, pair) {
  return ev.pairs[pair - 1].map((s) => seatText(s) || _("open seat")).join(" & ");
}

function standingsTable(ev) {
  const t = el("table", "board"); t.id = "standings";
  const head = el("tr");
  for (const [x, cls] of [[_("Rank"), ""], [_("Pair"), ""], [_("Players"), ""], [_("Match points"), "num"], ["%", "num"], [_("Points difference"), "num"]]) head.appendChild(el("th", cls, x));
  t.appendChild(head);
  for (const row of ev.standings) {
    const tr = el("tr"); tr.dataset.pair = row.pair;
    tr.append(el("td", "", String(row.rank)), el("td", "", fmt(_("Pair {n}"), { n: row.pair })), el("td", "", pairText(ev, row.pair)),
      el("td", "num", `${row.mp} / ${row.top}`), el("td", "num", row.percent == null ? "–" : num(row.percent, 1)), el("td", "num", String(row.difference)));
    t.appendChild(tr);
  }
  return t;
}

function bidText(contract, nils) { return [String(contract), ...nils.map((n) => _(n))].join(" + "); }

function boardBlock(ev, b) {
  const box = el("section", "board-block"); box.dataset.board = b.board;
  const head = el("div", "board-head");
  head.append(el("h3", "", fmt(_("Board {n}"), { n: b.board })), el("span", "note", fmt(_("dealer: {seat}"), { seat: term(DIRECTIONS[b.dealer]) })));
  box.appendChild(head);
  if (!b.complete) { box.appendChild(el("p", "empty", _("Not yet played at every table: its cards and results are shown when it is."))); return box; }
  box.appendChild(el("p", "deal", b.deal));
  const wrap = el("div", "scroll");
  const t = el("table", "board");
  const head2 = el("tr");
  const cols = [_("Table"), _("North-South cards"), _("East-West cards"), _("Bids"), _("Tricks"), _("Double-dummy tricks"), _("Points"), _("Net"), _("Match points")];
  cols.forEach((x, i) => head2.appendChild(el("th", i >= 3 ? "num" : "", x)));
  t.appendChild(head2);
  for (const r of b.results) {
    const m = ev.movement.tables[r.table - 1];
    const tr = el("tr"); tr.dataset.table = r.table;
    const par = r.par ? `${r.par.ns} – ${r.par.ew}` : "…";
    tr.append(el("td", "", String(r.table)), el("td", "", fmt(_("Pair {n}"), { n: m.holds_board_ns })), el("td", "", fmt(_("Pair {n}"), { n: m.holds_board_ew })),
      el("td", "num", bidText(r.contracts[0], r.nils[0]) + " – " + bidText(r.contracts[1], r.nils[1])),
      el("td", "num", `${r.tricks[0]} – ${r.tricks[1]}`), el("td", "num", par),
      el("td", "num", `${r.points[0]} – ${r.points[1]}`), el("td", "num", String(r.net)), el("td", "num", `${r.mp[0]} – ${r.mp[1]}`));
    t.appendChild(tr);
  }
  wrap.appendChild(t); box.appendChild(wrap);
  return box;
}

function drawEvent(ev) {
  const parts = [el("h2", "", ev.name || _("Duplicate event"))];
  if (ev.host) parts.push(el("p", "note", fmt(_("Host: {name}"), { name: ev.host })));
  parts.push(el("p", "note", _("Scoring: match points. On each board a pair gets 2 points for every table where the same cards did worse and 1 for every tie; the result compared is the points of the pair less those of its opponents.")));
  if (!ev.over) {
    parts.push(labelled(_("Your name"), nameInput("sit-name", true)));
  }
  const err = alertLine("event-error");
  const tables = el("div", "event-tables"); tables.id = "event-tables";
  for (const t of ev.tables) tables.appendChild(tableCard(t, ev));
  parts.push(err, tables);
  const title = ev.over ? _("Final results") : _("Running results");
  const h = el("h2", "", title); h.id = "results-title"; parts.push(h);
  parts.push(el("p", "note", fmt(_("Boards played at every table: {n} of {total}"), { n: ev.complete_boards, total: ev.boards })));
  if (ev.complete_boards) parts.push(standingsTable(ev));
  for (const b of ev.results) parts.push(boardBlock(ev, b));
  const keep = document.getElementById("sit-name");
  const typed = keep ? keep.value : null;
  main.replaceChildren(...parts);
  if (typed !== null && document.getElementById("sit-name")) document.getElementById("sit-name").value = typed;
  document.title = (ev.name || _("Duplicate event")) + " · " + _("Spades");
}

async function loadEvent() {
  const r = await fetch("/api/events/" + encodeURIComponent(EVENT_ID));
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("p", "empty", errorText(data, _("There is no such event")))); return; }
  const focused = document.activeElement && document.activeElement.id === "sit-name";
  if (!focused) drawEvent(data);
  clearTimeout(refresh);
  if (!data.over) refresh = setTimeout(loadEvent, 3000);
}

if (EVENT_ID) loadEvent(); else createForm();
