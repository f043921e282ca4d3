// Provably fair deals (docs/fairness.md), recomputed in the browser: SHA-256 for the
// commitment and SHAKE-128 for the deal, written out here so that nothing but this file
// (and no server answer) decides whether a deal verifies.
"use strict";
const Fair = (() => {
  const utf8 = (s) => new TextEncoder().encode(s);
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

  // SHA-256 (FIPS 180-4); the constants are the fractional parts of square and cube roots of primes
  const H0 = [], K = [];
  for (let c = 2, found = 0; found < 64; c++) {
    let prime = true;
    for (let d = 2; d * d <= c; d++) if (c % d === 0) { prime = false; break; }
    if (!prime) continue;
    if (found < 8) H0.push((Math.pow(c, 1 / 2) * 0x100000000) | 0);
    K.push((Math.pow(c, 1 / 3) * 0x100000000) | 0);
    found++;
  }
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  function sha256(bytes) {
    const len = bytes.length, total = ((len + 9 + 63) >> 6) << 6;
    const m = new Uint8Array(total); m.set(bytes); m[len] = 0x80;
    const bits = len * 8;
    for (let i = 0; i < 4; i++) m[total - 1 - i] = (bits >>> (8 * i)) & 255;
    m[total - 5] = Math.floor(bits / 0x100000000) & 255;
    const h = H0.slice(), w = new Array(64);
    for (let off = 0; off < total; off += 64) {
      for (let i = 0; i < 16; i++) w[i] = (m[off + 4 * i] << 24) | (m[off + 4 * i + 1] << 16) | (m[off + 4 * i + 2] << 8) | m[off + 4 * i + 3];
      for (let i = 16; i < 64; i++) {
        const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
      }
      let [a, b, c, d, e, f, g, hh] = h;
      for (let i = 0; i < 64; i++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      [a, b, c, d, e, f, g, hh].forEach((x, i) => { h[i] = (h[i] + x) | 0; });
    }
    const out = new Uint8Array(32);
    h.forEach((x, i) => { for (let k = 0; k < 4; k++) out[4 * i + k] = (x >>> (24 - 8 * k)) & 255; });
    return out;
  }

  // Keccak-f[1600] on 25 BigInt lanes (lane x + 5y), and SHAKE-128 (rate 168 bytes, suffix 0x1F)
  const MASK = (1n << 64n) - 1n;
  const ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]];
  const RC = [];
  for (let r = 0, lfsr = 1; r < 24; r++) { // the round constants from their LFSR (FIPS 202, 3.2.5)
    let rc = 0n;
    for (let j = 0; j < 7; j++) {
      if (lfsr & 1) rc |= 1n << BigInt((1 << j) - 1);
      lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
    }
    RC.push(rc);
  }
  const rotl = (v, n) => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK);
  function keccakF(s) {
    for (let round = 0; round < 24; round++) {
      const C = [0, 1, 2, 3, 4].map((x) => s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20]);
      for (let x = 0; x < 5; x++) {
        const D = C[(x + 4) % 5] ^ rotl(C[(x + 1) % 5], 1);
        for (let y = 0; y < 25; y += 5) s[x + y] ^= D;
      }
      const B = new Array(25);
      for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) B[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(s[x + 5 * y], ROT[x][y]);
      for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) s[x + 5 * y] = B[x + 5 * y] ^ (~B[(x + 1) % 5 + 5 * y] & MASK & B[(x + 2) % 5 + 5 * y]);
      s[0] ^= RC[round];
    }
  }
  function shake128(bytes, size) {
    const rate = 168, s = new Array(25).fill(0n);
    const padded = new Uint8Array(Math.floor(bytes.length / rate + 1) * rate);
    padded.set(bytes); padded[bytes.length] ^= 0x1f; padded[padded.length - 1] ^= 0x80;
    for (let off = 0; off < padded.length; off += rate) {
      for (let i = 0; i < rate / 8; i++) {
        let lane = 0n;
        for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[off + 8 * i + k]);
        s[i] ^= lane;
      }
      keccakF(s);
    }
    const out = new Uint8Array(size);
    for (let pos = 0; ; keccakF(s)) {
      for (let i = 0; i < rate && pos < size; i++, pos++) out[pos] = Number((s[i >> 3] >> BigInt(8 * (i & 7))) & 255n);
      if (pos >= size) return out;
    }
  }

  const SUITS = "CDHS", RANKS = "23456789TJQKA";
  const cardName = (id) => (id >= 52 ? ["LJ", "BJ"][id - 52] : RANKS[id % 13] + SUITS[Math.floor(id / 13)]);
  // the pack a table's rules deal, card ids lowest first (RULES.md sections 1 and 7; the
  // server's spades.core.deck): the jokers are ids 52 and 53; three players drop the 2 of clubs
  // unless they play with jokers (all 54 cards)
  const REMOVED = { standard: [], jokers: [0, 13], "jokers-deuces": [0, 26], deuces: [] };
  function pack(rules) {
    const deck = rules.deck || "standard", jokers = deck.startsWith("jokers");
    const drop = rules.variant === "three-player" ? (jokers ? [] : [0]) : REMOVED[deck];
    return [...Array(52).keys()].filter((c) => !drop.includes(c)).concat(jokers ? [52, 53] : []);
  }
  function commitment(table, hand, secret) { return hex(sha256(utf8(`spades-fair/1\n${table}\n${hand}\n${secret}`))); }
  // the card names in the order the secret deals them (pack: the card ids of pack(rules))
  function dealOrder(secret, pack) {
    const stream = shake128(utf8(secret), 8 * pack.length);
    const keys = pack.map((_, i) => { let v = 0n; for (let k = 7; k >= 0; k--) v = (v << 8n) | BigInt(stream[8 * i + k]); return v; });
    const idx = pack.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));
    return idx.map((i) => cardName(pack[i]));
  }
  function hands(order, dealer, n) {
    const out = Array.from({ length: n }, () => []);
    order.forEach((c, i) => out[(dealer + 1 + i) % n].push(c));
    return out;
  }
  // check one hand of a replay (spades.server.replay) played under ``rules`` (the replay's
  // rules: variant and deck): "ok", "commitment" (the secret does not
  // match it) or "cards" (the secret deals other cards than the hand was played with)
  function checkHand(table, entry, h, rules, n) {
    if (commitment(table, entry.hand, entry.secret) !== entry.commitment) return "commitment";
    const order = dealOrder(entry.secret, pack(rules));
    if (!entry.deal.includes(":")) return order.join(" ") === entry.deal ? "ok" : "cards"; // two players: the stock
    if (!h.hands) return "ok";
    // the hands shown are those at the first lead: the dealt ones after any blind nil
    // exchange, in which partners (seat + 2) pass each other cards
    const held = hands(order, h.dealer, n).map((cards) => new Set(cards));
    h.log.filter((x) => x.text.startsWith("pass ")).forEach((x) => x.text.slice(5).split(" ").forEach((c) => {
      held[x.seat].delete(c); held[(x.seat + 2) % n].add(c);
    }));
    return held.every((cards, i) => [...cards].sort().join() === h.hands[i].slice().sort().join()) ? "ok" : "cards";
  }
  return { sha256: (s) => hex(sha256(utf8(s))), shake128: (s, n) => hex(shake128(utf8(s), n)), commitment, dealOrder, hands, pack, checkHand };
})();
if (typeof module !== "undefined") module.exports = Fair;
