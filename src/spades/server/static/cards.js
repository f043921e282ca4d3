// Cards drawn by the page itself: DOM + Unicode suit symbols, no images.
"use strict";
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_ORDER = "23456789TJQKA";
const SUIT_ORDER = "SHCD"; // display order in a hand: spades, hearts, clubs, diamonds (colours alternate)

// a rank as the page's language prints it on cards: 10 for T; J Q K A as the language's own packs
// index them where they do (Russian В Д К Т; the server's catalog says which: I18N.faces)
function rankText(r) { return r === "T" ? "10" : ((I18N.faces || {})[r] || r); }

// The jokers of the joker decks (RULES.md section 7): "BJ" the big joker, "LJ" the little one.
const JOKER_WORDS = { BJ: N_("big joker"), LJ: N_("little joker") };
function isJoker(code) { return code === "BJ" || code === "LJ"; }
function jokerWords(code) { return _(JOKER_WORDS[code]); }
// the trumps above the ace of each deck, highest first (spades.core.deck): they sort and group
// with the spades; the deuces' 2♦ keeps its face
const DECK_TRUMPS = { standard: [], jokers: ["BJ", "LJ"], "jokers-deuces": ["BJ", "LJ", "2D", "2S"], deuces: ["2D", "2S"] };
let handDeck = "standard";
// the deck of the table or record on the page (rules.deck): sortHand and playSuit follow it
function useDeck(name) { handDeck = DECK_TRUMPS[name] ? name : "standard"; }
function playSuit(code, deck) {
  return isJoker(code) || (DECK_TRUMPS[deck || handDeck] || []).includes(code) ? "S" : code[code.length - 1];
}
function cardPower(code, deck) {
  const top = isJoker(code) ? ["BJ", "LJ"].concat(DECK_TRUMPS[deck || handDeck] || []) : DECK_TRUMPS[deck || handDeck] || [];
  const t = top.indexOf(code);
  return t >= 0 ? 100 - t : RANK_ORDER.indexOf(code[0]);
}

// a joker's face: a star in the corners over "JOKER" read downwards, and a big star with the
// joker's size written under it; the big joker in colour (red), the little one in black
function jokerEl(el, code) {
  const big = code === "BJ";
  el.className = "card joker " + (big ? "joker-big red" : "joker-little");
  el.dataset.card = code;
  el.setAttribute("aria-label", jokerWords(code));
  const corner = () => {
    const c = document.createElement("div"); c.className = "corner";
    const star = document.createElement("span"); star.className = "s"; star.textContent = "★";
    const word = document.createElement("span"); word.className = "jw"; word.textContent = _("JOKER");
    c.append(star, word);
    return c;
  };
  el.appendChild(corner());
  const br = corner(); br.classList.add("br"); el.appendChild(br);
  const pip = document.createElement("div"); pip.className = "pip";
  const star = document.createElement("span"); star.className = "star"; star.textContent = "★";
  const size = document.createElement("span"); size.className = "size"; size.textContent = big ? _("BIG") : _("LITTLE");
  pip.append(star, size);
  el.appendChild(pip);
  return el;
}

function cardEl(code, opts) {
  const el = document.createElement("div");
  if (!code) { el.className = "card back"; return el; }
  if (isJoker(code)) { jokerEl(el, code); if (opts && opts.small) el.classList.add("small"); return el; }
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

// a hand by play suit (the jokers, and the deuces' 2♦, with the spades), each highest first
function sortHand(cards, deck) {
  return cards.slice().sort((a, b) => {
    const sa = SUIT_ORDER.indexOf(playSuit(a, deck)), sb = SUIT_ORDER.indexOf(playSuit(b, deck));
    return sa !== sb ? sa - sb : cardPower(b, deck) - cardPower(a, deck);
  });
}

function cardText(code) { return isJoker(code) ? jokerWords(code) : rankText(code[0]) + SUITS[code[1]]; }
