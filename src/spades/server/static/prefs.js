// The player's display settings (issue 52): a four-colour deck, large cards, high contrast and
// reduced motion. Loaded in <head>: the settings kept in this browser (localStorage) are put on
// <html> as data attributes before the page is drawn (data-deck, data-cards, data-contrast,
// data-motion; style.css does the rest). High contrast and reduced motion follow the device
// (prefers-contrast, prefers-reduced-motion) until the player chooses. A player with an identity
// (identity.js) keeps them on the server too (/api/me/prefs), so that another browser where the
// player plays as themselves gets them back. The "Display" buttons (data-prefs-open) open the
// settings dialog; a change shows at once.
"use strict";
window.SpadesPrefs = (() => {
  const STORE = "spades-prefs";
  // set when a change could not reach the server: the next page sends it
  const PENDING = "spades-prefs-pending";
  const DEFAULTS = { four_colour: false, large_cards: false, high_contrast: null, reduced_motion: null };
  // the settings that may follow the device (null), with the media query that says what it asks
  const DEVICE = { high_contrast: "(prefers-contrast: more)", reduced_motion: "(prefers-reduced-motion: reduce)" };
  const root = document.documentElement;
  let prefs = clean(readLocal());
  // changes made on this page: the server's copy, asked for before one of them, does not undo it
  let edits = 0;

  function readLocal() {
    try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch { return {}; }
  }
  function writeLocal(p) {
    try { localStorage.setItem(STORE, JSON.stringify(p)); } catch { /* private mode: this page only */ }
  }
  // only known settings with values of their kind: anything else is the default
  function clean(p) {
    const out = Object.assign({}, DEFAULTS);
    if (!p || typeof p !== "object") return out;
    for (const name of Object.keys(DEFAULTS)) {
      const v = p[name];
      if (typeof v === "boolean" || (v === null && name in DEVICE)) out[name] = v;
    }
    return out;
  }
  function deviceAsks(name) { return !!(window.matchMedia && matchMedia(DEVICE[name]).matches); }
  function isOn(name) { return prefs[name] === null ? deviceAsks(name) : prefs[name]; }

  function apply() {
    const size = root.dataset.cards;
    root.dataset.deck = prefs.four_colour ? "four" : "two";
    root.dataset.cards = prefs.large_cards ? "large" : "normal";
    root.dataset.contrast = isOn("high_contrast") ? "high" : "normal";
    root.dataset.motion = isOn("reduced_motion") ? "reduced" : "full";
    // the table fits the hand to the cards' width when the window changes: it changed now
    if (size && size !== root.dataset.cards) window.dispatchEvent(new Event("resize"));
  }

  function hasKey() { return typeof playerKey === "function" && !!playerKey(); }
  function same(a, b) { return Object.keys(DEFAULTS).every((k) => a[k] === b[k]); }

  // send the settings to the server; resolves to "server", "browser" (no identity) or "failed".
  // One request at a time, each with the settings of when it goes: quick changes never reach
  // the server out of order (an older copy landing last). A change made while a request was on
  // its way is sent once that one ends, whether it landed or failed (the newer settings may get
  // through where the older did not)
  let sending = null, dirty = false;
  function push() {
    if (sending) { dirty = true; return sending; } // sent again, as they then are, once this one ends
    sending = (async () => {
      let where;
      do { dirty = false; where = await send(); } while (dirty);
      sending = null;
      return where;
    })();
    return sending;
  }
  async function send() {
    if (!hasKey()) return "browser";
    try {
      const r = await fetch("/api/me/prefs", { method: "PUT", headers: keyHeaders(), body: JSON.stringify(prefs) });
      if (!r.ok) throw new Error(String(r.status));
      localStorage.removeItem(PENDING);
      return "server";
    } catch {
      try { localStorage.setItem(PENDING, "1"); } catch { /* private mode */ }
      return "failed";
    }
  }

  // On each page: a change that never reached the server is sent now; else the server's
  // settings (the player's, from whichever browser saved them) replace this browser's copy,
  // and a player who has none saved there yet gets this browser's.
  async function sync() {
    if (!hasKey()) return;
    if (localStorage.getItem(PENDING)) { await push(); return; }
    const before = edits;
    try {
      const r = await fetch("/api/me/prefs", { headers: keyHeaders() });
      if (!r.ok) return;
      const data = await r.json();
      if (edits !== before) return;
      if (data.saved) { set(clean(data.prefs), false); return; }
      if (!same(prefs, DEFAULTS)) await push();
    } catch { /* offline: this browser's copy stands */ }
  }

  function set(next, save) {
    if (save) edits += 1;
    prefs = clean(next);
    writeLocal(prefs);
    apply();
    refreshDialog();
    return save ? push() : Promise.resolve("browser");
  }

  // -- the dialog ---------------------------------------------------------------------------
  let dialog = null, opener = null;
  // where a change was kept (push's answer), in words (i18n.js has loaded by the time it is said)
  function savedText(where) {
    if (where === "server") return _("Saved: every browser where you play as you gets these settings.");
    if (where === "failed") return _("Saved in this browser; the server could not be reached, it gets them next time.");
    return _("Saved in this browser.");
  }

  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    e.append(...children);
    return e;
  }
  function checkbox(name, text) {
    const input = el("input", { type: "checkbox", id: "pref-" + name });
    input.dataset.pref = name;
    return el("label", { className: "check" }, input, " ", el("span", { textContent: text }));
  }
  function choice(name, text) {
    const select = el("select", { id: "pref-" + name });
    select.dataset.pref = name;
    for (const [value, words] of [["device", _("as this device asks")], ["on", _("on")], ["off", _("off")]]) {
      select.append(el("option", { value, textContent: words }));
    }
    return el("div", { className: "pref-choice" }, el("label", { htmlFor: select.id, textContent: text }), select);
  }
  function sample() {
    const box = el("div", { className: "prefs-sample" });
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", _("Sample cards"));
    if (typeof cardEl === "function") for (const c of ["AS", "KH", "QD", "JC"]) box.append(cardEl(c));
    return box;
  }

  function build() {
    const title = el("h2", { id: "prefs-title", textContent: _("Display") });
    const status = el("p", { id: "prefs-status", className: "note" });
    status.setAttribute("role", "status");
    const close = el("button", { type: "submit", className: "primary", id: "prefs-close", textContent: _("Close") });
    const form = el("form", { method: "dialog" },
      checkbox("four_colour", _("Four-colour deck: diamonds blue, clubs green")),
      checkbox("large_cards", _("Large cards")),
      choice("high_contrast", _("High contrast")),
      choice("reduced_motion", _("Reduced motion")),
      sample(), status, el("div", { className: "buttons" }, close));
    dialog = el("dialog", { id: "prefs-dialog", className: "modal prefs-dialog" }, title, form);
    dialog.setAttribute("aria-labelledby", "prefs-title");
    form.addEventListener("change", (e) => changed(e.target, status));
    // the table's keys (bids, cards) are not for this dialog
    dialog.addEventListener("keydown", (e) => e.stopPropagation());
    dialog.addEventListener("close", () => { if (opener && opener.isConnected) opener.focus(); });
    document.body.append(dialog);
    refreshDialog();
  }
  function changed(input, status) {
    const name = input.dataset.pref;
    if (!name) return;
    const value = input.type === "checkbox" ? input.checked : { device: null, on: true, off: false }[input.value];
    status.textContent = "";
    set(Object.assign({}, prefs, { [name]: value }), true).then((where) => { status.textContent = savedText(where); });
  }
  function refreshDialog() {
    if (!dialog) return;
    for (const input of dialog.querySelectorAll("[data-pref]")) {
      const v = prefs[input.dataset.pref];
      if (input.type === "checkbox") input.checked = v;
      else input.value = v === null ? "device" : v ? "on" : "off";
    }
  }
  function open(from) {
    if (!dialog) build();
    opener = from || document.activeElement;
    refreshDialog();
    document.getElementById("prefs-status").textContent = "";
    if (!dialog.open) dialog.showModal();
  }

  apply();
  for (const name of Object.keys(DEVICE)) {
    if (window.matchMedia) matchMedia(DEVICE[name]).addEventListener("change", apply);
  }
  // another tab of this browser changed them
  window.addEventListener("storage", (e) => { if (e.key === STORE) { prefs = clean(readLocal()); apply(); refreshDialog(); } });
  document.addEventListener("DOMContentLoaded", () => {
    for (const b of document.querySelectorAll("[data-prefs-open]")) {
      b.setAttribute("aria-haspopup", "dialog");
      b.addEventListener("click", () => open(b));
    }
    sync();
  });
  return { get: () => Object.assign({}, prefs), set: (next) => set(Object.assign({}, prefs, next), true), open, sync };
})();
