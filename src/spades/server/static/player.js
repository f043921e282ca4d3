// A player's public page: rating, its history, and the games played (with replays of finished ones).
"use strict";
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
(async () => {
  const main = document.getElementById("main");
  const id = decodeURIComponent(location.pathname.split("/").pop());
  const r = await fetch("/api/players/" + encodeURIComponent(id));
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("h2", "", errorText(data, _("There is no such player"))), Object.assign(el("a", "button primary", _("Back to the lobby")), { href: "/" })); return; }
  const p = data.player;
  main.replaceChildren(el("h2", "", p.name));
  main.appendChild(el("p", "rating-line", p.rating === null ? _("Not rated yet") : fmt(ngettext("Rating {rating} (μ {mu}, σ {sigma}) after {n} rated game", "Rating {rating} (μ {mu}, σ {sigma}) after {n} rated games", p.rated),
    { rating: num(p.rating, 1), mu: num(p.mu, 1), sigma: num(p.sigma, 2), n: p.rated })));
  if (data.history.length) {
    main.appendChild(el("h3", "", _("Rating history")));
    const ol = el("ol", "history");
    for (const h of data.history) ol.appendChild(el("li", "", new Date(h.at * 1000).toLocaleString(I18N.lang) + ": " + num((h.mu - 3 * h.sigma), 1) + " " + (h.won === true ? _("(won)") : h.won === false ? _("(lost)") : _("(draw)"))));
    main.appendChild(ol);
  }
  main.appendChild(el("h3", "", _("Games")));
  if (!data.games.length) main.appendChild(el("p", "empty", _("no games yet")));
  const ul = el("ul", "games");
  for (const g of data.games) {
    const li = el("li", "", new Date(g.created * 1000).toLocaleDateString(I18N.lang) + " · " + term(g.preset) + " · " + g.players.map(term).join(", ") + " · ");
    const a = el("a", "", g.finished ? _("replay") : _("table")); a.href = (g.finished ? "/r/" : "/t/") + encodeURIComponent(g.id);
    li.appendChild(a); ul.appendChild(li);
  }
  main.appendChild(ul);
})();
