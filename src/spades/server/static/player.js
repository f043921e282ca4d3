// A player's public page: rating, its history, and the games played (with replays of finished ones).
"use strict";
function num(x) { return typeof x === "number" ? x.toLocaleString(I18N.lang) : "–"; }
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
(async () => {
  const main = document.getElementById("main");
  const id = decodeURIComponent(location.pathname.split("/").pop());
  const r = await fetch("/api/players/" + encodeURIComponent(id));
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("h2", "", errorText(data, _("There is no such player"))), Object.assign(el("a", "button primary", _("Back to the lobby")), { href: "/" })); return; }
  const p = data.player;
  main.replaceChildren(el("h2", "", p.name));
  // the rating on an Elo-like scale (1500 for a newcomer); "?" marks a provisional one
  const line = el("p", "rating-line", typeof p.rating !== "number" || !p.rated ? _("Not rated yet") : fmt(ngettext("Rating {rating} after {n} rated game", "Rating {rating} after {n} rated games", p.rated),
    { rating: ratingText(p), n: p.rated }));
  if (ratingTitle(p) && p.rated) line.title = ratingTitle(p);
  main.appendChild(line);
  const st = data.stats;
  if (st) {
    main.appendChild(el("h3", "", _("Record")));
    const dl = el("dl", "record");
    const row = (label, value, key) => { const dt = el("dt", "", label), dd = el("dd", "", value); dd.dataset.stat = key; dl.append(dt, dd); };
    row(_("Games"), num(st.games), "games");
    row(_("Wins"), num(st.wins), "wins");
    if (st.draws) row(_("Draws"), num(st.draws), "draws");
    row(_("Hands played"), num(st.hands), "hands");
    row(_("Bids made"), fmt(_("{made} of {n}"), { made: num(st.bids_made), n: num(st.bids) }), "bids");
    row(_("Nils made"), fmt(_("{made} of {n}"), { made: num(st.nils_made), n: num(st.nils) }), "nils");
    row(_("Bags"), num(st.bags), "bag-total");
    row(_("Bags per hand"), typeof st.bags_per_hand !== "number" ? "–" : st.bags_per_hand.toLocaleString(I18N.lang), "bags");
    main.appendChild(dl);
    if (st.partners.length) {
      main.appendChild(el("h3", "", _("Favourite partners")));
      const ul = el("ul", "partners");
      for (const m of st.partners) {
        const li = el("li"), a = el("a", "", m.name); a.href = "/p/" + encodeURIComponent(m.id);
        li.append(a, document.createTextNode(" · " + fmt(_("games together: {games}, won: {wins}"), { games: num(m.games), wins: num(m.wins) })));
        ul.appendChild(li);
      }
      main.appendChild(ul);
    }
  }
  if (data.history.length) {
    main.appendChild(el("h3", "", _("Rating history")));
    const ol = el("ol", "history");
    for (const h of data.history) ol.appendChild(el("li", "", new Date(h.at * 1000).toLocaleString(I18N.lang) + ": " + ratingText({ rating: h.rating }) + " " + (h.won === true ? _("(won)") : h.won === false ? _("(lost)") : _("(draw)"))));
    main.appendChild(ol);
  }
  main.appendChild(el("h3", "", _("Games")));
  if (!data.games.length) main.appendChild(el("p", "empty", _("no games yet")));
  const ul = el("ul", "games");
  for (const g of data.games) {
    // people's names as they wrote them; "bot" and "open" in the page's language
    const names = g.players.map((n, i) => (g.player_ids && g.player_ids[i]) ? n : n === "bot" ? _("CPU") : n === "open" ? _("open") : term(n));
    const li = el("li", "", new Date(g.created * 1000).toLocaleDateString(I18N.lang) + " · " + term(g.preset) + " · " + names.join(", ") + " · ");
    const replay = g.finished && !g.closed;
    const a = el("a", "", replay ? _("replay") : _("table")); a.href = (replay ? "/r/" : "/t/") + encodeURIComponent(g.id);
    li.appendChild(a); ul.appendChild(li);
  }
  main.appendChild(ul);
})();
