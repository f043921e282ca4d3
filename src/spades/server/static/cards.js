// Cards drawn by the page itself: DOM + Unicode suit symbols, no images.
"use strict";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_ORDER = "23456789TJQKA";
const SUIT_ORDER = "SHCD"; // display order in a hand: spades, hearts, clubs, diamonds (colours alternate)

// a rank as the page's language prints it on cards: 10 for T; J Q K A as the language's own packs
// index them where they do (Russian В Д К Т; the server's catalog says which: I18N.faces)
function rankText(r) { return r === "T" ? "10" : ((I18N.faces || {})[r] || r); }

function cardEl(code, opts) {
  const el = document.createElement("div");
  if (!code) { el.className = "card back"; return el; }
  const r = code[0], s = code[1];
  // suit-S/H/D/C: the four-colour deck (prefs.js, style.css) colours each suit its own way
  el.className = "card suit-" + s + (s === "H" || s === "D" ? " red" : "") + ("JQK".includes(r) ? " face" : "");
  el.dataset.card = code;
  el.setAttribute("aria-label", fmt(_("{rank} of {suit}"), { rank: rankText(r), suit: term(SUIT_WORDS[s]) }));
  const corner = () => {
    const c = document.createElement("div");
    c.className = "corner";
    c.textContent = rankText(r);
    const sp = document.createElement("span"); sp.className = "s"; sp.textContent = SUITS[s];
    c.appendChild(sp);
    return c;
  };
  el.appendChild(corner());
  const br = corner(); br.classList.add("br"); el.appendChild(br);
  const pip = document.createElement("div");
  pip.className = "pip";
  pip.textContent = "JQK".includes(r) ? rankText(r) + SUITS[s] : SUITS[s];
  el.appendChild(pip);
  if (opts && opts.small) el.classList.add("small");
  return el;
}

function sortHand(cards) {
  return cards.slice().sort((a, b) => {
    const sa = SUIT_ORDER.indexOf(a[1]), sb = SUIT_ORDER.indexOf(b[1]);
    return sa !== sb ? sa - sb : RANK_ORDER.indexOf(b[0]) - RANK_ORDER.indexOf(a[0]);
  });
}

function cardText(code) { return rankText(code[0]) + SUITS[code[1]]; }
