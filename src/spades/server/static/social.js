// Friends, invitations, private tables, blocks and reports (issue 52): the lobby's friends box and
// the table page's people, invite, report and block controls. Every text goes through the catalog;
// names and messages are set as text, never as HTML. Needs identity.js (and i18n.js) first.
"use strict";
const SOCIAL = { me: null, friends: [], blocked: new Set(), requests: [], asked: [], invites: [], loaded: false };
function sEl(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
function sButton(text, cls, onclick) { const b = sEl("button", cls || "", text); b.type = "button"; b.onclick = onclick; return b; }
function sId(id) { return document.getElementById(id); }

// One call of the social API: the answer's JSON, or {error} in the page's language.
async function socialCall(method, path, body) {
  if (!playerKey()) await ensurePlayer(localStorage.getItem("spades-name") || "");
  try {
    const r = await fetch(path, { method, headers: keyHeaders(), body: body ? JSON.stringify(body) : undefined });
    const data = await r.json().catch(() => ({}));
    return r.ok ? data : { error: errorText(data, _("That did not work; try again")), field: data.field, status: r.status };
  } catch { return { error: _("The server cannot be reached: try again in a moment.") }; }
}
// The player's friends, requests, blocked players and invitations (also says "I am online").
async function loadSocial() {
  if (!playerKey()) return SOCIAL;
  let data;
  try {
    const r = await fetch("/api/social", { headers: keyHeaders() });
    if (!r.ok) return SOCIAL;
    data = await r.json();
  } catch { return SOCIAL; }
  Object.assign(SOCIAL, { me: data.me, friends: data.friends || [], requests: data.requests || [], asked: data.asked || [], invites: data.invites || [], loaded: true });
  SOCIAL.blocked = new Set((data.blocked || []).map((p) => p.id));
  SOCIAL.blockedList = data.blocked || [];
  return SOCIAL;
}
function isFriend(id) { return SOCIAL.friends.some((f) => f.id === id); }
function presenceText(f) {
  return f.presence === "table" ? _("at a table") : f.presence === "online" ? _("online") : _("not online");
}

// ---------- the lobby: friends with presence, requests, invitations, blocked players ----------
let socialDrawn = "";
async function refreshFriends() {
  await loadSocial();
  if (!SOCIAL.loaded) { sId("friends-box").classList.add("anonymous"); return; }
  sId("friends-box").classList.remove("anonymous");
  const text = JSON.stringify([SOCIAL.friends, SOCIAL.requests, SOCIAL.asked, SOCIAL.invites, SOCIAL.blockedList]);
  if (text === socialDrawn) return;
  socialDrawn = text;
  drawInvites(); drawFriends(); drawRequests(); drawBlocked();
}
function drawInvites() {
  const box = sId("invites"); box.replaceChildren();
  for (const inv of SOCIAL.invites) {
    const row = sEl("div", "invite"); row.dataset.table = inv.table;
    row.appendChild(sEl("span", "", fmt(_("{name} invites you to a table"), { name: inv.from.name }) + (inv.name ? " · " + inv.name : "")));
    if (inv.private) row.appendChild(sEl("span", "pill", _("private")));
    const go = sEl("a", "button primary", _("Open the table")); go.href = inv.url; go.dataset.invite = inv.table;
    const hide = sButton(_("Hide"), "ghost", async () => { await socialCall("DELETE", "/api/invites/" + encodeURIComponent(inv.table)); refreshFriends(); });
    row.append(go, hide); box.appendChild(row);
  }
}
function drawFriends() {
  const ul = sId("friends"); ul.replaceChildren();
  if (!SOCIAL.friends.length) ul.appendChild(sEl("li", "empty", _("No friends yet: add a player by name, or from their seat at a table.")));
  for (const f of SOCIAL.friends) {
    const li = sEl("li", "friend"); li.dataset.id = f.id; li.dataset.presence = f.presence;
    const dot = sEl("span", "dot " + (f.presence === "offline" ? "unknown" : "on")); dot.setAttribute("aria-hidden", "true");
    const name = sEl("a", "friend-name", f.name); name.href = "/p/" + encodeURIComponent(f.id);
    li.append(dot, name, sEl("span", "presence", presenceText(f)));
    if (f.table) { const w = sEl("a", "button", _("Join them")); w.href = "/t/" + encodeURIComponent(f.table); li.appendChild(w); }
    li.appendChild(sButton(_("Remove"), "ghost small", async () => { await socialCall("DELETE", "/api/friends/" + encodeURIComponent(f.id)); refreshFriends(); }));
    ul.appendChild(li);
  }
}
function drawRequests() {
  const box = sId("requests"); box.replaceChildren();
  for (const p of SOCIAL.requests) {
    const row = sEl("div", "request"); row.dataset.id = p.id;
    row.appendChild(sEl("span", "", fmt(_("{name} asks to be your friend"), { name: p.name })));
    row.appendChild(sButton(_("Accept"), "primary", async () => { await socialCall("POST", "/api/friends/" + encodeURIComponent(p.id) + "/accept"); refreshFriends(); }));
    row.appendChild(sButton(_("Decline"), "ghost", async () => { await socialCall("POST", "/api/friends/" + encodeURIComponent(p.id) + "/decline"); refreshFriends(); }));
    box.appendChild(row);
  }
  for (const p of SOCIAL.asked) {
    const row = sEl("div", "request asked"); row.dataset.id = p.id;
    row.appendChild(sEl("span", "", fmt(_("Friend request sent to {name}"), { name: p.name })));
    row.appendChild(sButton(_("Cancel"), "ghost", async () => { await socialCall("DELETE", "/api/friends/" + encodeURIComponent(p.id)); refreshFriends(); }));
    box.appendChild(row);
  }
}
function drawBlocked() {
  const ul = sId("blocked"); ul.replaceChildren();
  sId("blocked-box").classList.toggle("hidden", !SOCIAL.blockedList.length);
  for (const p of SOCIAL.blockedList) {
    const li = sEl("li", "", p.name); li.dataset.id = p.id;
    li.appendChild(sButton(_("Unblock"), "ghost small", async () => { await socialCall("DELETE", "/api/blocks/" + encodeURIComponent(p.id)); refreshFriends(); }));
    ul.appendChild(li);
  }
}
function setupLobbySocial() {
  sId("add-friend").addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = sId("friend-name").value.trim();
    if (!name) return;
    const r = await socialCall("POST", "/api/friends", { name });
    sId("friend-error").textContent = r.error || (r.state === "friends" ? fmt(_("{name} is now your friend"), { name }) : fmt(_("Friend request sent to {name}"), { name }));
    sId("friend-error").classList.toggle("ok", !r.error);
    if (!r.error) sId("friend-name").value = "";
    refreshFriends();
  });
  // a private table is never listed; the host's friends may be let in too
  const sync = () => {
    const priv = sId("private").checked;
    sId("public").disabled = priv; if (priv) sId("public").checked = false;
    sId("friends-may-row").classList.toggle("hidden", !priv);
  };
  sId("private").addEventListener("change", sync); sync();
  refreshFriends();
  setInterval(refreshFriends, 5000);
}

// ---------- the table page ----------
// A small dialog of this page's own (never prompt() or confirm()): a title, a text, an optional
// reason field and two buttons; resolves with the reason (or "") on OK, null on cancel.
function socialDialog(title, text, okText, withReason) {
  return new Promise((resolve) => {
    const bg = sEl("div", "modal-bg social-dialog"); bg.id = "social-dialog";
    const box = sEl("form", "modal"); box.setAttribute("role", "dialog"); box.setAttribute("aria-modal", "true");
    const h = sEl("h2", "", title); h.id = "social-dialog-title"; box.setAttribute("aria-labelledby", h.id);
    box.append(h, sEl("p", "", text));
    let reason = null;
    if (withReason) {
      const lab = sEl("label", "", _("What is wrong with it? (optional)")); lab.htmlFor = "report-reason";
      reason = sEl("input"); reason.id = "report-reason"; reason.maxLength = 200; reason.type = "text";
      box.append(lab, reason);
    }
    const done = (value) => { bg.remove(); document.removeEventListener("keydown", esc); resolve(value); };
    const esc = (e) => { if (e.key === "Escape") done(null); };
    const bs = sEl("div", "buttons");
    const cancel = sButton(_("Cancel"), "", () => done(null)); cancel.id = "social-cancel";
    const ok = sEl("button", "primary", okText); ok.type = "submit"; ok.id = "social-ok";
    box.addEventListener("submit", (e) => { e.preventDefault(); done(reason ? reason.value.trim() : ""); });
    bs.append(cancel, ok); box.appendChild(bs); bg.appendChild(box);
    document.body.appendChild(bg); document.addEventListener("keydown", esc);
    (reason || ok).focus();
  });
}
// The menu of one chat message from someone else: report it, block or befriend its sender.
function chatMenu(c) {
  const menu = sEl("details", "chat-more");
  const sum = sEl("summary", "", "⋯"); sum.title = fmt(_("More about {name}'s message"), { name: chatName(c.from) });
  sum.setAttribute("aria-label", sum.title);
  const items = sEl("div", "chat-menu");
  items.appendChild(sButton(_("Report"), "ghost report", () => { menu.open = false; reportMessage(c); }));
  if (c.player) {
    if (!isFriend(c.player)) items.appendChild(sButton(_("Add friend"), "ghost befriend", () => { menu.open = false; befriend(c.player, chatName(c.from)); }));
    items.appendChild(sButton(_("Block"), "ghost block", () => { menu.open = false; blockPlayer(c.player, chatName(c.from)); }));
  }
  menu.append(sum, items);
  return menu;
}
async function reportMessage(c) {
  const reason = await socialDialog(_("Report this message?"), fmt(_("{name}: “{text}” goes to the server's operator with the messages before it."), { name: chatName(c.from), text: c.text }), _("Report"), true);
  if (reason === null) return;
  const r = await socialCall("POST", "/api/reports", { table: tableId, message: c.id, reason });
  toast(r.error || _("Reported: thank you. The operator will read it."), !!r.error);
}
async function befriend(id, name) {
  const r = await socialCall("POST", "/api/friends", { player: id });
  toast(r.error || (r.state === "friends" ? fmt(_("{name} is now your friend"), { name }) : fmt(_("Friend request sent to {name}"), { name })), !!r.error);
  await loadSocial(); peopleKey = ""; renderSocial();
}
async function blockPlayer(id, name) {
  const ok = await socialDialog(fmt(_("Block {name}?"), { name }), _("You will not be seated at a table with them again, and you will not see their chat."), _("Block"), false);
  if (ok === null) return;
  const r = await socialCall("POST", "/api/blocks", { player: id });
  if (r.error) { toast(r.error, true); return; }
  SOCIAL.blocked.add(id);
  for (const li of [...sId("chat-log").children]) if (li.dataset.player === id) li.remove();
  toast(fmt(_("{name} is blocked"), { name }));
  await loadSocial(); peopleKey = ""; renderSocial();
}
// The people at this table (add them as friends) and, for a seated player, a friend to invite.
let peopleKey = "";
function renderSocial() {
  if (!st || !sId("chat")) return;
  let row = sId("social-row");
  if (!row) {
    row = sEl("div", "social-row"); row.id = "social-row";
    sId("chat").insertBefore(row, sId("chat-log"));
  }
  const mine = SOCIAL.me && SOCIAL.me.id;
  const people = st.table.seats.filter((s) => s.kind === "human" && s.player && s.player !== mine);
  const key = JSON.stringify([people.map((s) => [s.player, s.name]), SOCIAL.friends.map((f) => f.id), [...SOCIAL.blocked], me(), st.view.is_over]);
  if (key === peopleKey) return;
  peopleKey = key;
  row.replaceChildren();
  for (const s of people) {
    if (isFriend(s.player) || SOCIAL.blocked.has(s.player)) continue;
    const b = sButton(fmt(_("Add {name} as a friend"), { name: s.name }), "ghost small befriend-seat", () => befriend(s.player, s.name));
    b.dataset.player = s.player; row.appendChild(b);
  }
  if (me() !== null && !st.view.is_over && SOCIAL.friends.length) {
    const sel = sEl("select"); sel.id = "invite-friend"; sel.setAttribute("aria-label", _("Invite a friend"));
    for (const f of SOCIAL.friends) {
      if (st.table.seats.some((s) => s.player === f.id)) continue;
      const o = sEl("option", "", f.name + " · " + presenceText(f)); o.value = f.id; sel.appendChild(o);
    }
    if (sel.options.length) {
      const b = sButton(_("Invite"), "ghost small", async () => {
        const r = await socialCall("POST", "/api/invites", { table: tableId, player: sel.value });
        toast(r.error || fmt(_("Invitation sent to {name}"), { name: sel.selectedOptions[0].textContent.split(" · ")[0] }), !!r.error);
      });
      b.id = "invite-send";
      const lab = sEl("label", "small", _("Invite a friend")); lab.htmlFor = sel.id;
      row.append(lab, sel, b);
    }
  }
}
// After a partnership game: a new game with the same partner (the opponents' seats go to whoever
// comes, computers until then).
function keepPartnerButton() {
  if (me() === null || st.table.preset !== "partnership" || st.table.seats.length !== 4) return null;
  const partner = st.table.seats[(me() + 2) % 4];
  if (!partner || partner.kind !== "human") return null;
  const b = sButton(fmt(_("New game with {name}"), { name: partner.name }), "", async () => {
    const r = await socialCall("POST", "/api/tables/" + encodeURIComponent(tableId) + "/partner", { token });
    if (r.error) toast(r.error, true); else followRematch(r.id);
  });
  b.id = "keep-partner"; b.title = _("Keep my partner: a new table where the two of you sit together again");
  return b;
}
// A private table refused this page: say so instead of reconnecting.
function showPrivate(m) {
  const w = sId("missing");
  w.replaceChildren(sEl("h2", "", _("This table is private")), sEl("p", "", errorText(m, "")));
  const a = sEl("a", "button primary", _("Back to the lobby")); a.href = "/"; a.id = "back";
  w.appendChild(a); w.classList.remove("hidden");
  setConn(_("private table"), "off");
}
if (sId("friends-box")) setupLobbySocial();
else if (sId("chat")) loadSocial().then(() => { peopleKey = ""; if (typeof st !== "undefined" && st) renderSocial(); });
