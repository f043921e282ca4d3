// A player's public page: rating, its history, and the games played (with replays of finished ones).
"use strict";
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
(async () => {
  const main = document.getElementById("main");
  const id = decodeURIComponent(location.pathname.split("/").pop());
  const r = await fetch("/api/players/" + encodeURIComponent(id));
  const data = await r.json();
  if (!r.ok) { main.replaceChildren(el("h2", "", "There is no such player"), Object.assign(el("a", "button primary", "Back to the lobby"), { href: "/" })); return; }
  const p = data.player;
  main.replaceChildren(el("h2", "", p.name));
  main.appendChild(el("p", "rating-line", p.rating === null ? "Not rated yet" : "Rating " + p.rating.toFixed(1) + " (μ " + p.mu.toFixed(1) + ", σ " + p.sigma.toFixed(2) + ") after " + p.rated + " rated game" + (p.rated === 1 ? "" : "s")));
  if (data.history.length) {
    main.appendChild(el("h3", "", "Rating history"));
    const ol = el("ol", "history");
    for (const h of data.history) ol.appendChild(el("li", "", new Date(h.at * 1000).toLocaleString() + ": " + (h.mu - 3 * h.sigma).toFixed(1) + (h.won === true ? " (won)" : h.won === false ? " (lost)" : " (draw)")));
    main.appendChild(ol);
  }
  main.appendChild(el("h3", "", "Games"));
  if (!data.games.length) main.appendChild(el("p", "empty", "no games yet"));
  const ul = el("ul", "games");
  for (const g of data.games) {
    const li = el("li", "", new Date(g.created * 1000).toLocaleDateString() + " · " + g.preset + " · " + g.players.join(", ") + " · ");
    const a = el("a", "", g.finished ? "replay" : "table"); a.href = (g.finished ? "/r/" : "/t/") + encodeURIComponent(g.id);
    li.appendChild(a); ul.appendChild(li);
  }
  main.appendChild(ul);
})();
