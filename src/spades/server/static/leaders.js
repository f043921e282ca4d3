// The leaderboard: players rated in games between people, established ratings first, by rating.
"use strict";
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
(async () => {
  const main = document.getElementById("main");
  const data = await (await fetch("/api/leaders")).json();
  main.replaceChildren(el("h2", "", _("Leaderboard")));
  if (!data.players.length) { main.appendChild(el("p", "empty", _("Nobody is rated yet: ratings come from games where every seat is a person."))); return; }
  const t = el("table", "board");
  const head = el("tr"); for (const x of ["#", _("Player"), _("Rating"), _("Rated games")]) head.appendChild(el("th", "", x)); t.appendChild(head);
  data.players.forEach((p, i) => {
    const tr = el("tr"); tr.appendChild(el("td", "", String(i + 1)));
    const td = el("td"); const a = el("a", "", p.name); a.href = "/p/" + encodeURIComponent(p.id); td.appendChild(a); tr.appendChild(td);
    // an Elo-like rating (1500 for a newcomer); "?" marks a provisional one (fewer than ten rated games)
    const rating = ratingEl("td", "rating", p);
    tr.append(rating, el("td", "", String(p.rated)));
    t.appendChild(tr);
  });
  main.appendChild(t);
})();
