// The replay of a finished game: hand by hand, trick by trick, every hand face up, with the
// double-dummy review of spades.analysis beside each card (loss, best cards) and each hand's bids.
// All text goes in through textContent: nothing from the server is read as HTML.
"use strict";
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
const main = document.getElementById("main");
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let game = null, hand = 0, trick = 0; // trick: how many tricks of the hand are shown as played
const analysis = {}; // hand -> {state: "loading" | "ready" | "failed", data?, error?}
async function loadAnalysis(h) {
  if (h in analysis) return;
  analysis[h] = { state: "loading" };
  try {
    const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/analysis/" + h);
    const data = await r.json();
    analysis[h] = r.ok ? { state: "ready", data } : { state: "failed", error: errorText(data, _("no analysis")) };
  } catch { analysis[h] = { state: "failed", error: _("the analysis could not be fetched") }; }
  if (h === hand) render();
}
function btn(text, id, fn) { const b = el("button", "", text); b.type = "button"; b.id = id; b.onclick = fn; return b; }
function seatName(i) { return term(game.seats[i].name); }
// what one card cost: "−1 · best: A♠", "nil lost · best: 2♥", "best", "only card"
function verdict(d, most = 3) {
  if (d.forced) return { text: _("only card"), cls: "dd dd-forced" };
  if (d.loss <= 0) return { text: "✓ " + _("best"), cls: "dd dd-ok" };
  const best = d.best.slice(0, most).map(cardText).join(" ") + (d.best.length > most ? " …" : "");
  const what = d.nil_lost ? nilLossText(d) : "−" + d.loss;
  return { text: what + " · " + fmt(_("best: {cards}"), { cards: best }), cls: "dd dd-loss" };
}
// whose nil a card gave up, in words: the player's own or partner's nil is "lost", an opponent's
// nil "escapes" (it could have been set); never a bare "nil lost" on a player who bid no nil
function nilLossText(d) {
  const seats = Object.entries(d.nils || {}).filter(([, nv]) => d.best && nv[d.card] !== nv[d.best[0]]).map(([z]) => +z);
  if (!seats.length) return d.loss === 1 ? _("nil lost") : fmt(ngettext("{n} nil lost", "{n} nils lost", d.loss), { n: d.loss });
  return seats.map((z) => {
    if (z === d.seat) return _("loses own nil");
    if (sameSide(z, d.seat)) return fmt(_("loses {name}'s nil"), { name: seatName(z) });
    return fmt(_("lets {name}'s nil escape"), { name: seatName(z) });
  }).join(", ");
}
function sameSide(a, b) {
  const n = game.seats.length, variant = game.rules && game.rules.variant;
  return a === b || (n === 4 && variant === "partnership" && (a - b + n) % 2 === 0);
}
function valueTitle(d) {
  let t = fmt(d.objective === "nil"
    ? _("double dummy: own nil first, then the side takes {value} trick(s) from this trick on after this card, {best} after the best")
    : _("double dummy: the side takes {value} trick(s) from this trick on after this card, {best} after the best"), { value: d.value, best: d.best_value });
  for (const [z, nv] of Object.entries(d.nils || {})) t += "; " + fmt(nv[d.card] ? _("{name}'s nil can be set") : _("{name}'s nil safe"), { name: seatName(+z) });
  return t;
}
function nilWords(nr) {
  const kind = term(nr.blind ? "blind nil" : "nil");
  let chance;
  if (nr.can_survive == null) chance = _("not searched (the hand ended early)");
  else if (nr.checked_at == null) chance = _("had taken a trick before it could be searched");
  else chance = fmt(nr.can_survive ? _("could survive double dummy (from trick {n})") : _("could not survive double dummy (from trick {n})"), { n: nr.checked_at });
  const result = nr.survived == null ? "" : "; " + (nr.survived ? _("made") : _("failed"));
  return fmt(_("{name}'s {kind} {chance}"), { name: seatName(nr.seat), kind, chance }) + result;
}
function reviewBox(h) {
  const a = analysis[h], box = el("section", "dd-review"); box.id = "dd-review";
  box.appendChild(el("h3", "", _("Double-dummy review")));
  if (!a || a.state === "loading") { box.appendChild(el("p", "note", _("Analysing this hand (every hand seen)…"))); return box; }
  if (a.state === "failed") { box.appendChild(el("p", "note", fmt(_("No analysis: {reason}"), { reason: a.error }))); return box; }
  const ul = el("ul", "dd-sides");
  for (const s of a.data.review.sides) {
    const li = el("li", "dd-side");
    const who = s.seats.map(seatName).join(" & ");
    const took = s.took == null ? "" : ", " + fmt(_("took {n}"), { n: s.took });
    const diff = s.dd_tricks - s.contract;
    li.appendChild(el("span", "", fmt(ngettext("{who}: bid {bid}, double dummy {n} trick", "{who}: bid {bid}, double dummy {n} tricks", s.dd_tricks), { who, bid: s.contract, n: s.dd_tricks }) + took));
    if (s.contract > 0 || s.nils.length === 0)
      li.appendChild(el("span", "dd-tag " + (diff < 0 ? "dd-over" : "dd-fine"), diff < 0 ? fmt(_("overbid by {n}"), { n: -diff }) : diff > 0 ? fmt(_("could take {n} more"), { n: diff }) : _("exact")));
    for (const nr of s.nils) li.appendChild(el("div", "dd-nil", nilWords(nr)));
    ul.appendChild(li);
  }
  box.appendChild(ul);
  const lost = game.seats.map(() => 0), costly = [];
  a.data.tricks.forEach((t, ti) => t.forEach((d) => { lost[d.seat] += d.loss; if (d.loss > 0) costly.push([ti, d]); }));
  box.appendChild(el("p", "note dd-lost", fmt(_("Lost this hand (double dummy): {list}"), { list: game.seats.map((s, i) => seatName(i) + " " + lost[i]).join(" · ") })));
  if (costly.length) {
    const ol = el("ul", "dd-costly"); ol.id = "dd-costly";
    for (const [ti, d] of costly) {
      const li = el("li");
      const go = el("button", "linkish", fmt(_("Trick {n}"), { n: ti + 1 })); go.type = "button"; go.onclick = () => { trick = ti + 1; render(); };
      const v = verdict(d);
      li.append(go, el("span", "", " " + seatName(d.seat) + " " + cardText(d.card) + " "), el("span", v.cls, v.text));
      ol.appendChild(li);
    }
    box.appendChild(ol);
  } else box.appendChild(el("p", "note", _("No card cost anything this hand.")));
  return box;
}
// the hand's fair deal (docs/fairness.md): its commitment and secret, checked here by fairness.js
function fairBox(h) {
  const fair = game.fairness, entry = fair && fair.hands[hand];
  const box = el("div", "note fair-deal"); box.id = "fair-deal";
  box.style.overflowWrap = "anywhere"; // the 64-digit commitment and secret wrap on a phone
  box.appendChild(el("h3", "", _("Fair deal")));
  if (entry && entry.secret) {
    box.append(el("p", "", fmt(_("Commitment, shown before the first bid: {value}"), { value: entry.commitment })),
      el("p", "", fmt(_("Secret, revealed when the hand ended: {value}"), { value: entry.secret })));
    const result = Fair.checkHand(fair.table, entry, h, game.rules, game.seats.length);
    const ok = result === "ok";
    const why = result === "commitment" ? _("Not verified: the secret does not match the commitment.")
      : _("Not verified: the secret deals other cards.");
    const v = el("p", ok ? "fair-ok" : "fair-bad", ok ? _("Verified in your browser: the secret matches the commitment and deals exactly these cards.") : why);
    v.id = "fair-verdict"; box.appendChild(v);
  }
  box.appendChild(el("p", "", _("Computer players are given only their own cards, as people are: tests/server/test_server_leak.py checks every message; docs/fairness.md tells how to check a deal yourself.")));
  return box;
}
function render() {
  const h = game.hands[hand], n = game.seats.length;
  loadAnalysis(hand);
  main.replaceChildren(el("h2", "", fmt(_("Replay · hand {n} of {total}"), { n: hand + 1, total: game.hands.length })));
  const c = el("div", "controls");
  c.append(btn("◀ " + _("hand"), "prev-hand", () => { if (hand > 0) { hand--; trick = 0; render(); } }),
    btn("◀ " + _("trick"), "prev-trick", () => { if (trick > 0) { trick--; render(); } }),
    el("span", "note", fmt(_("trick {n} of {total}"), { n: trick, total: h.tricks.length })),
    btn(_("trick") + " ▶", "next-trick", () => { if (trick < h.tricks.length) { trick++; render(); } }),
    btn(_("hand") + " ▶", "next-hand", () => { if (hand < game.hands.length - 1) { hand++; trick = 0; render(); } }));
  main.appendChild(c);
  const played = new Set();
  h.tricks.slice(0, trick).forEach((t) => t.cards.forEach((x) => played.add(x)));
  const shown = trick ? h.tricks[trick - 1] : null;
  const box = el("div", "replay-table");
  game.seats.forEach((s, i) => {
    const d = el("div", "replay-seat"); d.dataset.seat = i;
    if (shown && shown.winner === i) d.classList.add("winner");
    const bid = h.summary.bids[i], won = h.tricks.slice(0, trick).filter((t) => t.winner === i).length;
    d.appendChild(el("b", "", seatName(i) + (s.kind === "bot" ? " " + _("(computer)") : "") + " · " +
      fmt(_("bid {bid} · won {won}"), { bid: bid === "nil" || bid === "blind nil" ? term(bid) : bid ?? "—", won })));
    const cards = el("div", "replay-hand");
    for (const code of sortHand(h.hands ? h.hands[i] : [])) { const e = cardEl(code); if (played.has(code)) e.classList.add("played"); cards.appendChild(e); }
    d.appendChild(cards); box.appendChild(d);
  });
  main.appendChild(box);
  if (shown) {
    const t = el("div", "replay-trick"); t.id = "shown-trick";
    const a = analysis[hand];
    const decisions = a && a.state === "ready" ? a.data.tricks[trick - 1] || [] : [];
    shown.cards.forEach((code, k) => {
      const f = el("figure"); f.append(cardEl(code), el("figcaption", "", seatName((shown.leader + k) % n)));
      const d = decisions.find((x) => x.card === code);
      if (d) { const v = verdict(d, 2); const cap = el("figcaption", v.cls, v.text); cap.title = valueTitle(d); f.appendChild(cap); }
      t.appendChild(f);
    });
    main.append(el("h3", "", fmt(_("Trick {n}: won by {name}"), { n: trick, name: seatName(shown.winner) })), t);
  }
  if (trick === h.tricks.length) main.appendChild(el("p", "note", fmt(_("Hand score: {points} · totals {scores}"), { points: h.summary.points.join(" / "), scores: h.summary.scores.join(" / ") })));
  main.appendChild(reviewBox(hand));
  if (game.fairness) main.appendChild(fairBox(h));
}
(async () => {
  const r = await fetch("/api/tables/" + encodeURIComponent(tableId) + "/replay");
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("h2", "", errorText(data, _("No replay"))), Object.assign(el("a", "button primary", _("Back to the lobby")), { href: "/" })); return; }
  game = data; useDeck(game.rules && game.rules.deck); render();
})();
