// The page's language: the catalog the server put in window.SPADES_I18N (/api/i18n.js: the
// language chosen in the selector, kept in the spades_lang cookie, else the browser's
// Accept-Language, else English), gettext-style lookups, and the language selector.
// Texts are marked _("...") / ngettext("...", "...", n) / N_("...") so Babel's javascript
// extractor finds them; HTML texts are marked data-i18n (and data-i18n-attrs="title ...").
"use strict";
const I18N = window.SPADES_I18N || { lang: "en", languages: { en: "English" }, plural: "(n != 1)", nplurals: 2, messages: {}, terms: {} };
const LANG_COOKIE = "spades_lang";

// The plural rule is data (a gettext C expression of n, from Babel's CLDR rules); no eval
// (the page's Content-Security-Policy forbids it): parsed here into a function.
function compilePlural(source) {
  const tokens = source.match(/\d+|n|&&|\|\||==|!=|<=|>=|[<>?:()%!+\-*/]/g) || [];
  let i = 0;
  const peek = () => tokens[i], next = () => tokens[i++];
  const BIN = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];
  const OPS = { "||": (a, b) => a || b, "&&": (a, b) => a && b, "==": (a, b) => a === b, "!=": (a, b) => a !== b,
    "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b,
    "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b };
  function ternary() {
    const cond = binary(0);
    if (peek() !== "?") return cond;
    next(); const yes = ternary();
    if (next() !== ":") throw new Error("bad plural rule");
    const no = ternary();
    return (n) => (truthy(cond(n)) ? yes(n) : no(n));
  }
  function truthy(x) { return x !== false && x !== 0; }
  function binary(level) {
    if (level === BIN.length) return unary();
    let left = binary(level + 1);
    while (BIN[level].includes(peek())) {
      const op = OPS[next()], l = left, right = binary(level + 1);
      left = (n) => { const a = l(n), b = right(n); return op(typeof a === "boolean" ? +a : a, typeof b === "boolean" ? +b : b); };
    }
    return left;
  }
  function unary() {
    const t = next();
    if (t === "!") { const x = unary(); return (n) => !truthy(x(n)); }
    if (t === "(") { const x = ternary(); if (next() !== ")") throw new Error("bad plural rule"); return x; }
    if (t === "n") return (n) => n;
    if (/^\d+$/.test(t || "")) { const k = Number(t); return () => k; }
    throw new Error("bad plural rule");
  }
  const f = ternary();
  if (i !== tokens.length) throw new Error("bad plural rule");
  return (n) => { const x = f(Math.abs(Math.trunc(n))); return typeof x === "boolean" ? +x : x; };
}
let pluralIndex;
try { pluralIndex = compilePlural(I18N.plural); } catch { pluralIndex = (n) => (n === 1 ? 0 : 1); }

function _(message) {
  const t = I18N.messages[message];
  return typeof t === "string" && t ? t : message;
}
function ngettext(singular, plural, n) {
  const forms = I18N.messages[singular];
  if (Array.isArray(forms)) { const f = forms[pluralIndex(n)]; if (f) return f; }
  return n === 1 ? singular : plural;
}
// marks a text for extraction; translate it with _() where it is shown
function N_(message) { return message; }
// "{name}" fields, as in Python's str.format
function fmt(text, params) {
  return text.replace(/\{(\w+)\}/g, (all, key) => (params && key in params ? String(params[key]) : all));
}
// the game's words (seats, suits, bids, variants) from the spades domain; "North-South" word by word
function term(word) {
  if (word == null) return word;
  if (word.includes("-") && !(word in I18N.terms)) return word.split("-").map(term).join("-");
  return I18N.terms[word] || word;
}
// a number with `digits` decimals as the page's language writes it («6,0»: a decimal comma in
// every language of ours but English)
function num(x, digits) {
  try {
    return new Intl.NumberFormat(I18N.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);
  } catch (e) {
    return Number(x).toFixed(digits);
  }
}
// an error from the server in this page's language: its localized text, else its English
function errorText(data, fallback) {
  return (data && (data.localized || data.error || data.message)) || fallback;
}

function translatePage(root) {
  for (const e of (root || document).querySelectorAll("[data-i18n]")) {
    if (e.dataset.i18nSource === undefined) e.dataset.i18nSource = e.textContent.split(/\s+/).filter(Boolean).join(" ");
    e.textContent = _(e.dataset.i18nSource);
  }
  for (const e of (root || document).querySelectorAll("[data-i18n-attrs]")) {
    for (const name of e.dataset.i18nAttrs.split(/\s+/).filter(Boolean)) {
      const value = e.getAttribute(name);
      if (value) e.setAttribute(name, _(value.split(/\s+/).filter(Boolean).join(" ")));
    }
  }
}

function chooseLanguage(lang) {
  document.cookie = LANG_COOKIE + "=" + encodeURIComponent(lang) + "; path=/; max-age=31536000; samesite=lax";
  try { localStorage.setItem(LANG_COOKIE, lang); } catch { /* private mode */ }
  location.reload();
}

// The selector: in the element with id lang-slot (or the page's header).
function languageSelector() {
  const sel = document.createElement("select");
  sel.id = "lang"; sel.className = "lang-select";
  sel.setAttribute("aria-label", _("Language"));
  sel.title = _("Language");
  for (const [code, name] of Object.entries(I18N.languages)) {
    const o = document.createElement("option"); o.value = code; o.textContent = name; o.lang = code;
    sel.appendChild(o);
  }
  sel.value = I18N.lang;
  sel.addEventListener("change", () => chooseLanguage(sel.value));
  return sel;
}

document.documentElement.lang = I18N.lang;
translatePage();
{
  const slot = document.getElementById("lang-slot");
  if (slot) slot.appendChild(languageSelector());
}

// A player's rating as every page shows it: a whole number on the 1500 scale, "?" after a
// provisional one (fewer than ten rated games), with a title that says so; "–" when unrated.
function ratingText(p) {
  if (!p || typeof p.rating !== "number") return "–";
  return p.rating.toLocaleString(I18N.lang, { useGrouping: false }) + (p.provisional ? "?" : "");
}
function ratingTitle(p) {
  if (!p || typeof p.rating !== "number") return _("Not rated yet");
  return p.provisional ? _("provisional: the rating settles after ten rated games") : "";
}
// the rating in an element: its text, its title, class "provisional" when it is one
function ratingEl(tag, cls, p) {
  const e = document.createElement(tag);
  e.className = ((cls || "") + (p && p.provisional && typeof p.rating === "number" ? " provisional" : "")).trim();
  e.textContent = ratingText(p);
  const title = ratingTitle(p);
  if (title) e.title = title;
  return e;
}

// One rule option as the lobby and the table say it ("Deck: jokers", "Nil: off"): ``label``
// already in the page's language; a value that is not set reads as the option's ``none`` word.
function ruleText(label, value, none) {
  const words = typeof value === "boolean" ? (value ? _("on") : _("off"))
    : value === null || value === undefined ? (none ? _(none) : "–") : String(value);
  return fmt(_("{option}: {value}"), { option: label, value: words });
}
