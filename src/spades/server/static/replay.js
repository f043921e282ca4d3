// The replay of a finished game: hand by hand, trick by trick, every hand face up.
"use strict";
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
const main = document.getElementById("main");
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let game = null, hand = 0, trick = 0; // trick: how many tricks of the hand are shown as played
const analysis = {}; // hand -> double-dummy values per trick (when the server has the solver)
async function loadAnalysis(h) {
  if (h in analysis) return;
  analysis[h] = null;
  try {
    const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/analysis/" + h);
    if (r.ok) { analysis[h] = (await r.json()).tricks; if (h === hand) render(); }
  } catch { /* no analysis: the replay works without it */ }
}
function btn(text, id, fn) { const b = el("button", "", text); b.type = "button"; b.id = id; b.onclick = fn; return b; }
function render() {
  const h = game.hands[hand], n = game.seats.length;
  loadAnalysis(hand);
  main.replaceChildren(el("h2", "", "Replay · hand " + (hand + 1) + " of " + game.hands.length));
  const c = el("div", "controls");
  c.append(btn("◀ hand", "prev-hand", () => { if (hand > 0) { hand--; trick = 0; render(); } }),
    btn("◀ trick", "prev-trick", () => { if (trick > 0) { trick--; render(); } }),
    el("span", "note", "trick " + trick + " of " + h.tricks.length),
    btn("trick ▶", "next-trick", () => { if (trick < h.tricks.length) { trick++; render(); } }),
    btn("hand ▶", "next-hand", () => { if (hand < game.hands.length - 1) { hand++; trick = 0; render(); } }));
  main.appendChild(c);
  const played = new Set();
  h.tricks.slice(0, trick).forEach((t) => t.cards.forEach((x) => played.add(x)));
  const shown = trick ? h.tricks[trick - 1] : null;
  const box = el("div", "replay-table");
  game.seats.forEach((s, i) => {
    const d = el("div", "replay-seat"); d.dataset.seat = i;
    if (shown && shown.winner === i) d.classList.add("winner");
    d.appendChild(el("b", "", s.name + (s.kind === "bot" ? " (computer)" : "") + " · bid " + (h.summary.bids[i] ?? "—") + " · won " + h.tricks.slice(0, trick).filter((t) => t.winner === i).length));
    const cards = el("div", "replay-hand");
    for (const code of sortHand(h.hands ? h.hands[i] : [])) { const e = cardEl(code); if (played.has(code)) e.classList.add("played"); cards.appendChild(e); }
    d.appendChild(cards); box.appendChild(d);
  });
  main.appendChild(box);
  if (shown) {
    const t = el("div", "replay-trick"); t.id = "shown-trick";
    const dd = analysis[hand] && analysis[hand][trick - 1];
    shown.cards.forEach((code, k) => {
      const f = el("figure"); f.append(cardEl(code), el("figcaption", "", game.seats[(shown.leader + k) % n].name));
      const a = dd && dd[k];
      if (a) {
        const cap = el("figcaption", "dd" + (a.value < a.best ? " dd-loss" : ""), "DD " + a.value + (a.value < a.best ? " (best " + a.best + ")" : ""));
        cap.title = "double dummy: tricks this side takes from here on with every hand seen, after this card";
        f.appendChild(cap);
      }
      t.appendChild(f);
    });
    main.append(el("h3", "", "Trick " + trick + ": won by " + game.seats[shown.winner].name), t);
  }
  if (trick === h.tricks.length) main.appendChild(el("p", "note", "Hand score: " + h.summary.points.join(" / ") + " · totals " + h.summary.scores.join(" / ")));
}
(async () => {
  const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/replay");
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("h2", "", data.error || "No replay"), Object.assign(el("a", "button primary", "Back to the lobby"), { href: "/" })); return; }
  game = data; render();
})();
