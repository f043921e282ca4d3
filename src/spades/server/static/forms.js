// What the pages of duplicate events and tournaments (event.js, tournament.js) share: small DOM
// builders, the fields their forms have in common, and sending a form to the server.
"use strict";
const main = document.getElementById("main");
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
function labelled(text, input) { const d = el("div"); const l = el("label", "", text); l.htmlFor = input.id; d.append(l, input); return d; }
function select(id, options, value) {
  const s = el("select"); s.id = id;
  for (const [v, text] of options) { const o = el("option", "", text); o.value = v; s.appendChild(o); }
  s.value = String(value); return s;
}
// the options lo, lo + 1, ..., hi of a select
function numbers(lo, hi) { return Array.from({ length: hi - lo + 1 }, (_x, i) => [lo + i, String(lo + i)]); }
function speedSelect() { return select("speed", [["1.2", _("relaxed")], ["0.8", _("normal")], ["0.3", _("fast")], ["0.05", _("instant")]], "0.8"); }

// a name box; `remembered`: filled with the name this browser last used
function nameInput(id, remembered) {
  const input = el("input"); input.type = "text"; input.id = id; input.maxLength = 24;
  if (remembered) input.value = localStorage.getItem("spades-name") || "";
  return input;
}
// the name typed in the box `id`, remembered for the next form
function typedName(id) {
  const name = document.getElementById(id).value.trim();
  if (name) localStorage.setItem("spades-name", name);
  return name;
}
// where a refused form says why
function alertLine(id) { const p = el("p"); p.id = id; p.setAttribute("role", "alert"); return p; }

// POST `body` to `url` with this browser's player key: the answer, or null once the refusal is
// shown in the alert line `errorId`
async function postJson(url, body, errorId) {
  const r = await fetch(url, { method: "POST", headers: keyHeaders(), body: JSON.stringify(body) });
  const data = await r.json();
  if (r.ok) return data;
  document.getElementById(errorId).textContent = errorText(data, _("Something went wrong"));
  return null;
}
