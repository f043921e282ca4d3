// The identity page: name, a link to move the identity to another device, and taking one over.
"use strict";
const $ = (id) => document.getElementById(id);
async function show() {
  // a moving link: /me#key=...; the fragment never reaches the server
  const m = /(?:^#|&)key=([A-Za-z0-9_-]{16,100})/.exec(location.hash);
  let moved = false;
  if (m) { localStorage.setItem(PLAYER_KEY, m[1]); history.replaceState(null, "", "/me"); moved = true; }
  const me = await whoAmI();
  if (!me) { $("me-status").textContent = moved ? _("That link is not valid here.") : _("You have not played yet: create or join a table and you get a player identity."); return; }
  $("me-status").textContent = fmt(moved ? _("This device now plays as {name}") : _("You play as {name}"), { name: me.name }) +
    (typeof me.rating === "number" ? " · " + fmt(_("rating {rating}"), { rating: ratingText(me) }) : "");
  $("me-status").title = ratingTitle(me);
  $("me-name").value = me.name;
  $("rename").classList.remove("hidden");
  $("my-page").href = "/p/" + encodeURIComponent(me.id);
  $("my-page").classList.remove("hidden");
  $("move-box").classList.remove("hidden");
}
$("show-link").addEventListener("click", () => {
  const p = $("move-link");
  p.textContent = location.origin + "/me#key=" + playerKey();
  p.classList.remove("hidden");
});
$("rename").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await fetch("/api/me", { method: "POST", headers: keyHeaders(), body: JSON.stringify({ name: $("me-name").value }) });
  const data = await r.json();
  $("me-status").textContent = r.ok ? fmt(_("You play as {name}"), { name: data.name }) : errorText(data, "");
  if (r.ok) localStorage.setItem("spades-name", data.name);
});
show();
