// The lobby: create a table, join by code, list public tables.
"use strict";
const $ = (id) => document.getElementById(id);
let config = null;
const SEAT_NAMES = { 2: ["North", "South"], 3: ["North", "East", "West"], 4: ["North", "East", "South", "West"] };
// computer levels and table states as the server names them
const WORDS = [N_("expert"), N_("basic"), N_("random"), N_("waiting"), N_("playing")];
// labels and help of the rule options come from the server (/api/config "options": spades.rules.OPTIONS)
let LABELS = {}, HELP = {}, RANGES = {}, NAMES = {}, OPTS = {}, CHOICES = {};
// the form's field for each "field" the server names in a refusal (the rule options are [data-opt])
const FIELDS = { name: "name", table_name: "table-name", preset: "preset", seats: "seats", seat: "seats", turn_timer: "timer", bot_delay: "speed", stand_in: "stand-in", public: "public", hints: "hints", private: "private", friends: "friends-may" };
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }

async function load() {
  try { config = await (await fetch("/api/config")).json(); } catch {
    $("create-error").textContent = _("The server cannot be reached: try again in a moment."); return;
  }
  for (const o of config.options || []) {
    // the option words are in the web catalog (server/rule_words.py lists them)
    const text = _(o.label), label = text.charAt(0).toUpperCase() + text.slice(1);
    LABELS[o.name] = o.kind === "optint" ? fmt(_("{label} (empty: {none})"), { label, none: _(o.none) })
      : (o.unit ? fmt(_("{label} ({unit})"), { label, unit: _(o.unit) }) : label);
    HELP[o.name] = _(o.help);
    NAMES[o.name] = text; OPTS[o.name] = o;
    // this server's range ("min"/"max"; per preset in "limits", see presetChanged), else the engine's bounds
    RANGES[o.name] = "min" in o ? { min: o.min, max: o.max } : { min: o.minimum, max: o.maximum };
    if (o.kind === "choice") CHOICES[o.name] = o.choices;  // house rules named by a word (bidding, first lead)
  }
  applySettings();
  for (const name of offeredPresets()) {
    const o = el("option", "", term(name)); o.value = name; $("preset").appendChild(o);
  }
  for (const lvl of config.levels) { const o = el("option", "", _(lvl)); o.value = lvl; $("stand-in").appendChild(o); }
  $("name").value = localStorage.getItem("spades-name") || "";
  $("preset").addEventListener("change", presetChanged);
  presetChanged();
  ruleSetPicker();
  refresh();
  setInterval(refresh, 4000);
  if (new URLSearchParams(location.search).get("missing")) $("join-error").textContent = _("No table has that invite code.");
}

// The games offered to people: the server's "presets" (research presets come apart, in
// "research_presets"); from an older server that mixes them, every preset but openspiel.
function offeredPresets() {
  const all = Object.keys(config.presets || {});
  const research = config.research_presets ? Object.keys(config.research_presets) : ["openspiel"];
  const offered = all.filter((p) => !research.includes(p));
  return offered.length ? offered : all;
}
// The table settings beside the rules (/api/config "settings": turn_timer, bot_delay, ... with
// their ranges): the choices outside this server's range are left out, and the range is said.
function applySettings() {
  for (const s of config.settings || []) {
    const sel = $(FIELDS[s.name] || "");
    if (!sel || sel.tagName !== "SELECT") continue;
    for (const o of [...sel.options]) {
      const x = Number(o.value);
      if ((typeof s.min === "number" && x < s.min && x !== 0) || (typeof s.max === "number" && x > s.max)) o.remove();
    }
    if (!sel.value && sel.options.length) sel.value = sel.options[0].value;
    const range = rangeText(s);
    const label = document.querySelector("label[for='" + sel.id + "']");
    if (label) label.title = capital(_(s.label)) + (range ? " " + range : "");
  }
}
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
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
  // this preset's ranges (a preset's seats bound the first dealer, its tricks the side's bid)
  const limits = (config.limits || {})[name] || {};
  for (const [key, r] of Object.entries(limits)) RANGES[key] = { min: r.min, max: r.max };
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
      for (const c of CHOICES[key]) { const o = el("option", "", _(c)); o.value = c; sel.appendChild(o); }
      sel.value = value; wrap.append(lab, sel);
    } else {
      const lab = el("label", "", LABELS[key] || key); lab.htmlFor = "opt-" + key;
      const inp = el("input"); inp.type = "number"; inp.id = "opt-" + key; inp.dataset.opt = key; inp.dataset.kind = "int";
      inp.value = value === null ? "" : value; wrap.append(lab, inp);
      const range = rangeText(RANGES[key]);
      if (range) { lab.appendChild(el("span", "range", " " + range)); setRange(inp, RANGES[key]); }
    }
    if (HELP[key]) wrap.title = HELP[key];
    box.appendChild(wrap);
  }
}

// The named rule sets (/api/config "rule_sets", as /api/rule-sets: "jjdd", Mirror...): a select
// above the game that fills the form with a set's preset and options (each can still be changed).
function ruleSetPicker() {
  const sets = (config.rule_sets || []).filter((s) => (config.presets || {})[s.preset]);
  if (!sets.length || $("rule-set")) return;
  const wrap = el("div", "rule-set-row"), lab = el("label", "", _("Rule set")), sel = el("select");
  lab.htmlFor = sel.id = "rule-set";
  const none = el("option", "", _("(your own rules)")); none.value = ""; sel.appendChild(none);
  for (const s of sets) { const o = el("option", "", _(s.title)); o.value = s.name; o.title = _(s.about); sel.appendChild(o); }
  sel.addEventListener("change", () => {
    const set = sets.find((s) => s.name === sel.value);
    if (!set) return;
    $("preset").value = set.preset; presetChanged();
    for (const [key, value] of Object.entries(set.options)) {
      const inp = document.querySelector("[data-opt='" + key + "']");
      if (!inp) continue;
      if (inp.dataset.kind === "bool") inp.checked = value; else inp.value = value === null ? "" : value;
    }
  });
  $("preset").addEventListener("change", () => { sel.value = ""; });
  wrap.append(lab, sel);
  $("preset").parentElement.before(wrap);
}

// an option's limits, from the server's description of the options (/api/config)
function rangeText(r) {
  if (!r) return "";
  const has = (x) => typeof x === "number";
  if (has(r.min) && has(r.max)) return fmt(_("({min} to {max})"), { min: r.min, max: r.max });
  if (has(r.min)) return fmt(_("(at least {min})"), { min: r.min });
  if (has(r.max)) return fmt(_("(at most {max})"), { max: r.max });
  return "";
}
function setRange(inp, r) {
  if (typeof r.min === "number") inp.min = r.min;
  if (typeof r.max === "number") inp.max = r.max;
}
// A refusal of the form: next to the field it names ("field" in the answer; else an option named in
// the message), and at the button.
function showCreateError(data) {
  for (const x of document.querySelectorAll(".field-error")) x.remove();
  for (const x of document.querySelectorAll(".invalid.marked")) { x.classList.remove("invalid"); x.removeAttribute("aria-invalid"); }
  const text = errorText(data, _("Could not create the table"));
  $("create-error").textContent = text;
  const field = errorField(data);
  const inp = field && (document.querySelector("[data-opt='" + CSS.escape(field) + "']") || (FIELDS[field] && $(FIELDS[field])));
  if (!inp) return;
  inp.classList.add("invalid", "marked"); inp.setAttribute("aria-invalid", "true");
  const note = el("p", "field-error", text); note.id = "error-" + field;
  inp.setAttribute("aria-describedby", note.id);
  (inp.closest("div") || inp.parentNode).appendChild(note);
  const details = inp.closest("details"); if (details) details.open = true;
  inp.focus();
}
function errorField(data) {
  if (!data) return null;
  if (typeof data.field === "string") return data.field;
  const words = String(data.error || data.message || "");
  const named = Object.keys(RANGES).filter((k) => new RegExp("\\b" + k + "\\b").test(words));
  return named.length ? named.sort((a, b) => b.length - a.length)[0] : null;
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
    preset: $("preset").value, options: options(), name, table_name: $("table-name").value.trim(),
    seats: [...document.querySelectorAll("#seats select")].map((s) => s.value),
    turn_timer: Number($("timer").value), public: $("public").checked, hints: $("hints").checked,
    private: $("private").checked, friends: $("private").checked && $("friends-may").checked,
    stand_in: $("stand-in").value, bot_delay: Number($("speed").value),
  };
  await ensurePlayer(name);
  const r = await fetch("/api/tables", { method: "POST", headers: keyHeaders(), body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) { showCreateError(data); return; }
  if (data.token) localStorage.setItem("spades-seat-" + data.id, data.token);
  location.href = data.url;
});

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  if (!code) return;
  const r = await fetch("/api/code/" + encodeURIComponent(code), { headers: keyHeaders() }); // a private table asks who
  const data = await r.json();
  if (!r.ok) { $("join-error").textContent = errorText(data, ""); return; }
  location.href = "/t/" + encodeURIComponent(data.id);
});

// The open tables, updated in place: a row is drawn again only when its table changed, so nothing
// moves under the pointer every few seconds.
let listed = "";
async function refresh() {
  let data;
  try { data = await (await fetch("/api/tables")).json(); } catch { return; }
  const tables = data && Array.isArray(data.tables) ? data.tables : [];
  const text = JSON.stringify(tables);
  if (text === listed) return;
  listed = text;
  const ul = $("tables");
  const rows = new Map([...ul.children].filter((li) => li.dataset.id).map((li) => [li.dataset.id, li]));
  if (!tables.length) { ul.replaceChildren(el("li", "empty", _("No public tables right now: create one!"))); return; }
  for (const x of [...ul.children]) if (!x.dataset.id) x.remove();
  tables.forEach((t, i) => {
    const key = JSON.stringify(t);
    let li = rows.get(t.id);
    rows.delete(t.id);
    if (!li || li.dataset.key !== key) { const fresh = tableRow(t); if (li) li.replaceWith(fresh); li = fresh; }
    if (ul.children[i] !== li) ul.insertBefore(li, ul.children[i] || null);
  });
  for (const li of rows.values()) li.remove();
}
// one table in words: its name, the game, target and house rules, the host, who sits and the free seats
function tableRow(t) {
  const seats = Array.isArray(t.seats) ? t.seats : [];
  const open = typeof t.free_seats === "number" ? t.free_seats : seats.filter((s) => s.kind === "open").length;
  const li = el("li"); li.dataset.id = t.id; li.dataset.key = JSON.stringify(t);
  const info = el("div", "table-info");
  info.appendChild(el("div", "table-title", t.name || term(t.preset) || _("Table")));
  info.appendChild(el("div", "meta", tableFacts(t).join(" · ")));
  const who = seats.map((s) => s.kind === "open" ? _("open") : term(s.name)).join(", ");
  info.appendChild(el("div", "meta", who + " · " + _(t.status || "")));
  const a = el("a"); a.href = "/t/" + encodeURIComponent(t.id);
  const b = el("button", open ? "primary" : "", open ? fmt(_("Join ({n} open)"), { n: open }) : _("Watch")); b.type = "button";
  a.appendChild(b);
  li.append(info, a);
  return li;
}
function tableFacts(t) {
  const rules = t.rules || {};
  const target = t.target_score ?? rules.target_score;
  const host = t.host || (Array.isArray(t.seats) ? (t.seats.find((s) => s.kind === "human") || {}).name : null);
  // the target and the number of hands are said on their own: not again among the house rules
  const stated = (x) => x && typeof x === "object" && ((x.name === "target_score" && typeof target === "number") || (x.name === "hands" && t.hands));
  const house = Array.isArray(t.house_rules) ? t.house_rules.filter((x) => !stated(x)).map(houseRuleText) : [];
  return [t.name ? term(t.preset) : null,
    typeof target === "number" ? fmt(_("to {target}"), { target }) : null,
    typeof t.hands === "number" && t.hands ? fmt(ngettext("{n} hand", "{n} hands", t.hands), { n: t.hands }) : null,
    house.length ? fmt(_("house rules: {rules}"), { rules: house.join(", ") }) : Array.isArray(t.house_rules) && !t.house_rules.length ? _("standard rules") : null,
    host ? fmt(_("host {name}"), { name: term(host) }) : null,
    t.turn_timer ? fmt(_("{n} s per turn"), { n: t.turn_timer }) : null].filter(Boolean);
}
// one house rule ({name, value} from the server) in the page's language: "target score: 300",
// "nil: off", "losing score: none"
function houseRuleText(x) {
  if (!x || typeof x !== "object") return _(String(x));
  return ruleText(NAMES[x.name] || x.name, x.value, (OPTS[x.name] || {}).none);
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
whoAmI().then((me) => {
  if (!me) return;
  $("who").replaceChildren(document.createTextNode(fmt(_("Playing as {name}"), { name: me.name }) + " "));
  // the rating as the leaderboard and the player page show it ("1563?", provisional in its title)
  if (typeof me.rating === "number" && me.rated) $("who").append(ratingEl("span", "rating", me), document.createTextNode(" "));
  $("who").appendChild(document.createTextNode("·"));
  if (!$("name").value) $("name").value = me.name;
});
load();
