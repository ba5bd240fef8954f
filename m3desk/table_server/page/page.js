// The players' page: join with the code, then follow the fight over one WebSocket.
// Everything from the server is put on the page as text (textContent), never as markup.
"use strict";

const TOKEN_KEY = "m3desk.token";
let socket = null;
let state = null;
let retry = 0;

const $ = (id) => document.getElementById(id);

function say(id, text) { $(id).textContent = text; }

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function showJoin(text) {
  // A scanned QR code carries the join code after "#" (never sent to the server).
  const code = location.hash.slice(1, 13);
  if (code && !$("code").value) $("code").value = code;
  $("join").hidden = false;
  $("table").hidden = true;
  say("join-status", text || "");
}

async function join(event) {
  event.preventDefault();
  say("join-status", "Joining…");
  $("join-button").disabled = true;
  try {
    const response = await fetch("/api/join", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: $("code").value.trim().toUpperCase(), name: $("name").value.trim() }),
    });
    const answer = await response.json();
    if (!response.ok) { say("join-status", answer.error || "The table refused."); return; }
    localStorage.setItem(TOKEN_KEY, answer.token);
    connect();
  } catch (error) {
    say("join-status", "The GM's computer cannot be reached.");
  } finally {
    $("join-button").disabled = false;
  }
}

function connect() {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) { showJoin(); return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws`);
  socket.onopen = () => { retry = 0; socket.send(JSON.stringify({ type: "hello", token })); };
  socket.onmessage = (event) => heard(JSON.parse(event.data));
  socket.onclose = () => {
    socket = null;
    if (!localStorage.getItem(TOKEN_KEY)) return;
    say("status", "Connection lost; trying again…");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * retry);
  };
}

function heard(message) {
  if (message.type === "state") { state = message; render(); return; }
  if (message.type === "refused") {
    if (message.join) { localStorage.removeItem(TOKEN_KEY); showJoin(message.text); return; }
    say("status", message.text);
    return;
  }
  if (message.type === "sent") {
    const kind = { attack: "an attack", damage: "damage", initiative: "initiative", save: "a saving throw" };
    say("status", `Sent to the GM: ${kind[message.kind] || message.kind}, rolled ${message.faces.join(" ")}. The GM applies it.`);
  }
}

function render() {
  $("join").hidden = true;
  $("table").hidden = false;
  const table = state.table || {};
  say("heading", table.heading || "");
  say("game", [table.title, table.game].filter(Boolean).join(" · "));
  const order = $("order");
  order.replaceChildren();
  for (const line of table.order || []) {
    const item = element("li");
    item.dataset.id = line.id;
    if (line.acting) item.classList.add("acting");
    if (line.id === state.character) item.classList.add("mine");
    item.append(element("span", line.name, "name"));
    if (line.health) item.append(element("span", ` · ${line.health}`, "health"));
    if (line.conditions) item.append(element("span", ` · ${line.conditions}`, "conditions"));
    order.append(item);
  }
  renderMine();
}

function renderMine() {
  const sheet = state.sheet;
  $("pick").hidden = Boolean(sheet) || Boolean(state.asked);
  $("sheet").hidden = !sheet;
  $("asked").hidden = !state.asked;
  if (state.asked) {
    const asked = (state.claimable || []).find((c) => c.id === state.asked);
    say("asked", `Waiting for the GM to confirm you play ${asked ? asked.name : "that character"}…`);
  }
  const choices = $("claimable");
  choices.replaceChildren();
  for (const character of state.claimable || []) {
    const button = element("button", `I play ${character.name}`);
    button.type = "button";
    button.dataset.id = character.id;
    button.addEventListener("click", () => send({ type: "claim", combatant: character.id }));
    choices.append(button);
  }
  say("pick-words", (state.claimable || []).length ? "Which character do you play?"
    : "No character at this table yet.");
  if (!sheet) return;
  say("sheet-name", sheet.name);
  say("sheet-summary", sheet.summary || "");
  const cells = $("sheet-cells");
  cells.replaceChildren();
  if (sheet.initiative !== null && sheet.initiative !== undefined) {
    cells.append(element("dt", "Initiative"), element("dd", String(sheet.initiative)));
  }
  for (const cell of sheet.cells) {
    const value = element("dd", cell.text);
    if (cell.tip) value.title = cell.tip;
    cells.append(element("dt", cell.title), value);
  }
  say("sheet-conditions", sheet.conditions.length ? `Conditions: ${sheet.conditions.join(", ")}` : "No conditions.");
  const derived = $("sheet-derived");
  derived.replaceChildren();
  for (const value of sheet.derived) derived.append(element("li", value.explanation));
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else say("status", "Not connected; trying again…");
}

function sendRoll(event) {
  event.preventDefault();
  const faces = $("faces").value.split(/[\s,+]+/).filter(Boolean).map(Number);
  if (!faces.length || faces.some((face) => !Number.isInteger(face) || face < 1 || face > 100)) {
    say("status", "Type the faces as whole numbers from 1 to 100, e.g. 14 or 3 5.");
    return;
  }
  send({ type: "roll", combatant: state.character, kind: $("roll-kind").value, faces });
  $("faces").value = "";
}

document.addEventListener("DOMContentLoaded", () => {
  $("join-form").addEventListener("submit", join);
  $("roll-form").addEventListener("submit", sendRoll);
  connect();
});
