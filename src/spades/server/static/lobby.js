// The lobby: create a table, join by code, list public tables.
"use strict";
const $ = (id) => document.getElementById(id);
let config = null;
const SEAT_NAMES = { 2: ["North", "South"], 3: ["North", "East", "West"], 4: ["North", "East", "South", "West"] };
// computer levels and table states as the server names them
const WORDS = [N_("expert"), N_("basic"), N_("random"), N_("waiting"), N_("playing")];
// labels and help of the rule options come from the server (/api/config "options": spades.rules.OPTIONS)
let LABELS = {}, HELP = {}, CHOICES = {};
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }

async function load() {
  config = await (await fetch("/api/config")).json();
  for (const o of config.options || []) {
    // the option words are in the web catalog (server/rule_words.py lists them)
    const text = _(o.label), label = text.charAt(0).toUpperCase() + text.slice(1);
    LABELS[o.name] = o.kind === "optint" ? fmt(_("{label} (empty: {none})"), { label, none: _(o.none) })
      : (o.unit ? fmt(_("{label} ({unit})"), { label, unit: _(o.unit) }) : label);
    HELP[o.name] = _(o.help);
    if (o.kind === "choice") CHOICES[o.name] = o.choices;  // house rules named by a word (bidding, first lead)
  }
  for (const name of Object.keys(config.presets)) {
    const o = el("option", "", term(name)); o.value = name; $("preset").appendChild(o);
  }
  for (const lvl of config.levels) { const o = el("option", "", _(lvl)); o.value = lvl; $("stand-in").appendChild(o); }
  $("name").value = localStorage.getItem("spades-name") || "";
  $("preset").addEventListener("change", presetChanged);
  presetChanged();
  refresh();
  setInterval(refresh, 4000);
  if (new URLSearchParams(location.search).get("missing")) $("join-error").textContent = _("No table has that invite code.");
}

function presetChanged() {
  const name = $("preset").value, rules = config.presets[name], n = config.seats[name];
  const seats = $("seats"); seats.replaceChildren();
  for (let s = 0; s < n; s++) {
    const wrap = el("div");
    const lab = el("label", "", term(SEAT_NAMES[n][s])); lab.htmlFor = "seat-" + s;
    const sel = el("select"); sel.id = "seat-" + s; sel.dataset.seat = s;
    const opts = [["you", _("You")], ["open", _("Open for a friend")]].concat(config.levels.map((l) => ["bot:" + l, fmt(_("Computer ({level})"), { level: _(l) })]));
    for (const [v, t] of opts) { const o = el("option", "", t); o.value = v; sel.appendChild(o); }
    sel.value = s === 0 ? "you" : "bot:" + config.levels[0];
    wrap.append(lab, sel); seats.appendChild(wrap);
  }
  const box = $("options"); box.replaceChildren();
  for (const [key, value] of Object.entries(rules)) {
    if (key === "variant") continue;
    const wrap = el("div");
    if (typeof value === "boolean") {
      const lab = el("label", "check"); const cb = el("input"); cb.type = "checkbox"; cb.checked = value; cb.dataset.opt = key; cb.dataset.kind = "bool";
      lab.append(cb, document.createTextNode(LABELS[key] || key)); wrap.appendChild(lab);
    } else if (CHOICES[key]) {
      const lab = el("label", "", LABELS[key] || key); lab.htmlFor = "opt-" + key;
      const sel = el("select"); sel.id = "opt-" + key; sel.dataset.opt = key; sel.dataset.kind = "choice";
      for (const c of CHOICES[key]) { const o = el("option", "", c); o.value = c; sel.appendChild(o); }
      sel.value = value; wrap.append(lab, sel);
    } else {
      const lab = el("label", "", LABELS[key] || key); lab.htmlFor = "opt-" + key;
      const inp = el("input"); inp.type = "number"; inp.id = "opt-" + key; inp.dataset.opt = key; inp.dataset.kind = "int";
      inp.value = value === null ? "" : value; wrap.append(lab, inp);
    }
    if (HELP[key]) wrap.title = HELP[key];
    box.appendChild(wrap);
  }
}

function options() {
  const name = $("preset").value, base = config.presets[name], out = {};
  for (const inp of document.querySelectorAll("[data-opt]")) {
    const key = inp.dataset.opt;
    let value;
    if (inp.dataset.kind === "bool") value = inp.checked;
    else if (inp.dataset.kind === "choice") value = inp.value;
    else value = inp.value.trim() === "" ? null : Number(inp.value);
    if (value !== base[key]) out[key] = value;
  }
  return out;
}

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  localStorage.setItem("spades-name", name);
  const body = {
    preset: $("preset").value, options: options(), name,
    seats: [...document.querySelectorAll("#seats select")].map((s) => s.value),
    turn_timer: Number($("timer").value), public: $("public").checked, hints: $("hints").checked,
    stand_in: $("stand-in").value, bot_delay: Number($("speed").value),
  };
  await ensurePlayer(name);
  const r = await fetch("/api/tables", { method: "POST", headers: keyHeaders(), body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { $("create-error").textContent = errorText(data, _("Could not create the table")); return; }
  if (data.token) localStorage.setItem("spades-seat-" + data.id, data.token);
  location.href = data.url;
});

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  if (!code) return;
  const r = await fetch("/api/code/" + encodeURIComponent(code));
  const data = await r.json();
  if (!r.ok) { $("join-error").textContent = errorText(data, ""); return; }
  location.href = "/t/" + encodeURIComponent(data.id);
});

async function refresh() {
  let data;
  try { data = await (await fetch("/api/tables")).json(); } catch { return; }
  const ul = $("tables"); ul.replaceChildren();
  if (!data.tables.length) { ul.appendChild(el("li", "empty", _("No public tables right now: create one!"))); return; }
  for (const t of data.tables) {
    const li = el("li");
    const open = t.seats.filter((s) => s.kind === "open").length;
    const who = t.seats.map((s) => s.kind === "open" ? _("open") : term(s.name)).join(", ");
    const info = el("div");
    info.append(el("div", "", (t.name || term(t.preset)) + " "), el("div", "meta", who + " · " + _(t.status)));
    const a = el("a"); a.href = "/t/" + encodeURIComponent(t.id);
    const b = el("button", open ? "primary" : "", open ? fmt(_("Join ({n} open)"), { n: open }) : _("Watch")); b.type = "button";
    a.appendChild(b);
    li.append(info, a); ul.appendChild(li);
  }
}
$("play-now").addEventListener("click", async () => {
  const name = $("name").value.trim();
  await ensurePlayer(name);
  const r = await fetch("/api/play-now", { method: "POST", headers: keyHeaders(), body: JSON.stringify({ preset: $("preset").value, name }) });
  const data = await r.json();
  if (!r.ok) { $("create-error").textContent = errorText(data, _("Could not find a table")); return; }
  localStorage.setItem("spades-seat-" + data.id, data.token);
  location.href = data.url;
});
whoAmI().then((me) => { if (me) { $("who").textContent = fmt(_("Playing as {name}"), { name: me.name }) + " ·"; if (!$("name").value) $("name").value = me.name; } });
load();
