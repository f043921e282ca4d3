// The player's identity, kept by this browser: a public id and name, and a secret key that
// only this browser (and devices it was moved to) holds. No password.
"use strict";
const PLAYER_KEY = "spades-player-key";
function playerKey() { return localStorage.getItem(PLAYER_KEY); }
function keyHeaders(extra) {
  const h = Object.assign({ "content-type": "application/json" }, extra || {});
  const k = playerKey(); if (k) h["x-player-key"] = k;
  return h;
}
async function whoAmI() {
  const k = playerKey();
  if (!k) return null;
  try {
    const r = await fetch("/api/me", { headers: keyHeaders() });
    if (r.status === 404) { localStorage.removeItem(PLAYER_KEY); return null; }
    return r.ok ? await r.json() : null;
  } catch { return null; }
}
// A player identity for this browser, made on first need.
async function ensurePlayer(name) {
  const me = await whoAmI();
  if (me) return me;
  const r = await fetch("/api/players", { method: "POST", headers: keyHeaders(), body: JSON.stringify({ name: name || "" }) });
  if (!r.ok) return null;
  const data = await r.json();
  localStorage.setItem(PLAYER_KEY, data.key);
  return { id: data.id, name: data.name };
}
