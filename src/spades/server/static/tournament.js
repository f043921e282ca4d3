// Tournaments (Swiss, partners drawn each round, or single elimination of fixed pairs): /tournaments makes one, /tn/ID shows it (players,
// check-in, your table, the rounds, the standings). The tournament moves on when it is looked at.
"use strict";
const RULES = [
  N_("Swiss rounds for individuals: partners are drawn each round, players with similar scores meet, and nobody gets the same partner twice when it can be avoided."),
  N_("A win scores 1 point, a tie ½. Ties in the standings are broken by total margin, then Buchholz (the sum of the opponents' points), then seed. A bye counts as a win by the round's average winning margin."),
  N_("Players who have not checked in at the start time are dropped. A player who leaves is not dropped: a computer plays their seat and the results count for them; for the rating, leaving counts as losing that game."),
  N_("Single elimination for fixed pairs: players are paired best seed with worst, the best remaining pair meets the worst each round, the top seeds get the byes, the winner of each game goes on and a tie goes to the better seed. The number of rounds follows from the number of pairs."),
  N_("Ranked: a game is rated when all four seats are people with a player identity. Ratings start at 1500; a ? marks a provisional rating (fewer than ten rated games)."),
];
function rulesBlock() { const box = el("div"); box.id = "rules"; for (const r of RULES) box.appendChild(el("p", "note", _(r))); return box; }

// -- making one --
function createForm() {
  const form = el("form"); form.id = "tn-form"; form.noValidate = true;
  const heading = el("h2", "", _("New Swiss tournament")); form.appendChild(heading);
  const format = select("format", [["swiss", _("Swiss")], ["knockout", _("Single elimination")]], "swiss");
  const name = nameInput("tn-name", false);
  const host = nameInput("host-name", true);
  const rounds = select("rounds", numbers(1, 7), 3);
  const hands = select("hands", numbers(1, 10), 4);
  const start = select("start-in", [0, 5, 15, 30, 60, 120].map((m) => [m, String(m)]), 15);
  const speed = speedSelect();
  const row = el("div", "row");
  format.onchange = () => {
    const ko = format.value === "knockout";
    heading.textContent = ko ? _("New single-elimination tournament") : _("New Swiss tournament");
    rounds.disabled = ko;
  };
  row.append(labelled(_("Format"), format), labelled(_("Tournament name"), name), labelled(_("Your name"), host), labelled(_("Rounds"), rounds),
    labelled(_("Hands per game"), hands), labelled(_("Starts in (minutes)"), start), labelled(_("Computer speed"), speed));
  const err = alertLine("tn-error");
  const go = el("button", "primary", _("Create tournament")); go.type = "submit"; go.id = "tn-create";
  form.append(row, rulesBlock(), err, go);
  form.addEventListener("submit", (e) => { e.preventDefault(); createTournament(); });
  main.replaceChildren(form);
}

async function createTournament() {
  const host = typedName("host-name");
  const body = { name: document.getElementById("tn-name").value.trim(), host, format: document.getElementById("format").value, rounds: Number(document.getElementById("rounds").value),
    hands: Number(document.getElementById("hands").value), start_in: Number(document.getElementById("start-in").value),
    bot_delay: Number(document.getElementById("speed").value) };
  const data = await postJson("/api/tournaments", body, "tn-error");
  if (!data) return;
  localStorage.setItem("spades-tn-host-" + data.id, data.host_key);
  location.href = data.url;
}

// -- one tournament --
const TID = location.pathname.startsWith("/tn/") ? decodeURIComponent(location.pathname.slice(4)) : null;
let refresh = null;

async function step(path, body) {
  if (await postJson(`/api/tournaments/${encodeURIComponent(TID)}/${path}`, body || {}, "tn-error")) load();
}
function button(id, text, action) { const b = el("button", "", text); b.type = "button"; b.id = id; b.onclick = action; return b; }

function youBlock(t) {
  const box = el("div", "row"); box.id = "you";
  const you = t.you;
  if (t.status === "open" && !you) {
    box.append(labelled(_("Your name"), nameInput("reg-name", true)), button("register", _("Register"), async () => {
      const n = typedName("reg-name");
      await ensurePlayer(n); step("register", { name: n });
    }));
  }
  if (t.status === "open" && you && !you.checked_in && !you.left) box.append(button("checkin", _("Check in"), () => step("checkin")));
  if (you && you.table && !you.left) { const a = el("a", "primary", _("Go to your table")); a.id = "your-table"; a.href = you.table; box.append(a); }
  if (you && !you.left && (t.status === "open" || t.status === "running")) box.append(button("leave", _("Leave the tournament"), () => step("leave")));
  const key = localStorage.getItem("spades-tn-host-" + TID);
  if (key && t.status === "open") box.append(button("start-now", _("Start now"), () => step("start", { host_key: key })));
  return box;
}

function statusLine(t) {
  if (t.status === "open") return fmt(_("Registering: starts at {time}. Players who have not checked in by then are dropped."), { time: new Date(t.start_at * 1000).toLocaleString(document.documentElement.lang) });
  if (t.status === "cancelled") return _("The tournament was cancelled: fewer than four players checked in.");
  if (t.status === "over") return _("Final standings");
  return fmt(_("Round {n} of {total}"), { n: t.rounds.length, total: t.rounds_total });
}

function who(s) { return s.left ? fmt(_("computer for {name}"), { name: s.name }) : s.name; }

function playersBlock(t) {
  const box = el("section"); box.appendChild(el("h3", "", fmt(_("Players ({n})"), { n: t.players.length })));
  const list = el("ul"); list.id = "players";
  for (const p of t.players) list.appendChild(el("li", "", p.name + " · " + (p.left ? _("left") : p.checked_in ? _("checked in") : _("not checked in"))));
  box.appendChild(list); return box;
}

function roundBlock(t, r) {
  const box = el("section"); box.dataset.round = r.round;
  box.appendChild(el("h3", "", fmt(_("Round {n} of {total}"), { n: r.round, total: t.rounds_total })));
  const grid = el("div", "event-tables");
  for (const g of r.tables) {
    const card = el("div", "event-table");
    card.appendChild(el("h3", "", fmt(_("Table {n}"), { n: g.table })));
    card.appendChild(el("p", "", `${who(g.seats[0])} & ${who(g.seats[2])}`));
    card.appendChild(el("p", "", `${who(g.seats[1])} & ${who(g.seats[3])}`));
    card.appendChild(el("p", "note", g.scores ? `${g.scores[0]} : ${g.scores[1]}` : _("playing")));
    const a = el("a", "", g.scores ? _("Replay") : _("Watch")); a.href = (g.scores ? "/r/" : "/t/") + encodeURIComponent(g.id); card.appendChild(a);
    grid.appendChild(card);
  }
  box.appendChild(grid);
  if (r.byes.length) box.appendChild(el("p", "note", _("Bye") + ": " + r.byes.map(who).join(", ")));
  return box;
}

function standingsTable(t) {
  const tbl = el("table", "board"); tbl.id = "standings";
  const head = el("tr");
  for (const [x, cls] of [[_("Rank"), ""], [_("Player"), ""], [_("Points"), "num"], [_("Margin"), "num"], [_("Buchholz"), "num"], [_("Games"), "num"]]) head.appendChild(el("th", cls, x));
  tbl.appendChild(head);
  for (const row of t.standings) {
    const tr = el("tr"); tr.dataset.entrant = row.entrant;
    const name = el("td"); const a = el("a", "", row.name); a.href = "/p/" + encodeURIComponent(row.player); name.append(a);
    if (row.left) name.append(" · " + _("left"));
    tr.append(el("td", "", String(row.rank)), name, el("td", "num", String(row.points)), el("td", "num", String(row.margin)),
      el("td", "num", String(row.buchholz)), el("td", "num", String(row.games)));
    tbl.appendChild(tr);
  }
  return tbl;
}

const PLACE = { in: N_("Still in"), won: N_("Winner"), out: N_("Sits out: odd number of players") };
function knockoutTable(t) {
  const tbl = el("table", "board"); tbl.id = "standings";
  const head = el("tr");
  for (const x of [_("Rank"), _("Pair"), _("Players"), ""]) head.appendChild(el("th", "", x));
  tbl.appendChild(head);
  for (const row of t.standings) {
    const tr = el("tr"); if (row.pair) tr.dataset.pair = row.pair;
    const place = row.sat_out ? _(PLACE.out) : row.lost_in ? fmt(_("Lost in round {n}"), { n: row.lost_in })
      : t.status === "over" ? _(PLACE.won) : _(PLACE.in);
    tr.append(el("td", "", row.rank ? String(row.rank) : ""), el("td", "", row.pair ? String(row.pair) : ""),
      el("td", "", row.players.map((p) => p.name + (p.left ? " · " + _("left") : "")).join(" & ")), el("td", "", place));
    tbl.appendChild(tr);
  }
  return tbl;
}

function show(t) {
  const box = el("div");
  box.appendChild(el("h2", "", t.name || _("Tournament")));
  box.appendChild(el("p", "", statusLine(t))).id = "tn-status";
  box.appendChild(youBlock(t));
  box.appendChild(alertLine("tn-error"));
  if (t.standings.length) { box.appendChild(el("h3", "", t.status === "over" ? _("Final standings") : _("Standings"))); box.appendChild(t.format === "knockout" ? knockoutTable(t) : standingsTable(t)); }
  for (const r of [...t.rounds].reverse()) box.appendChild(roundBlock(t, r));
  box.appendChild(playersBlock(t));
  box.appendChild(rulesBlock());
  main.replaceChildren(box);
}

async function load() {
  const r = await fetch(`/api/tournaments/${encodeURIComponent(TID)}`, { headers: keyHeaders() });
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("p", "empty", errorText(data, _("Something went wrong")))); return; }
  show(data);
  clearTimeout(refresh);
  if (data.status === "open" || data.status === "running") refresh = setTimeout(load, 3000);
}

if (TID) load(); else createForm();
