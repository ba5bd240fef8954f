// The players' page: join with the code, then follow the fight over one WebSocket.
// Everything from the server is put on the page as text (textContent), never as markup.
"use strict";

const TOKEN_KEY = "m3desk.token";
let socket = null;
let state = null;
let retry = 0;
let chosen = { action: "", target: "" };  // the action picked on this phone, kept across changes

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
  if (message.type === "preview") { showPreview(message); return; }
  if (message.type === "sent") {
    const kind = { attack: "an attack", damage: "damage", initiative: "initiative", save: "a saving throw" };
    kind.action = "an action";
    say("status", `Sent to the GM: ${kind[message.kind] || message.kind}, rolled ${message.faces.join(" ")}. The GM applies it.`);
  }
}

const SVG = "http://www.w3.org/2000/svg";

function shape(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function chip(member, mine) {
  const node = element("span", member.name, `chip side-${Math.min(member.side, 3)}`);
  node.dataset.id = member.id;
  if (member.id === mine) node.classList.add("mine");
  if (member.down) node.classList.add("down");
  if (!member.reach) node.classList.add("out");
  node.title = member.reach ? "in reach" : "out of reach";
  return node;
}

// The map's extent: every token and area, two steps round, eight steps at least.
function extent(board) {
  const xs = [], ys = [];
  for (const token of board.tokens) { xs.push(token.x); ys.push(token.y); }
  for (const area of board.areas) { xs.push(area.x, area.x + area.width); ys.push(area.y, area.y + area.height); }
  if (!xs.length) { xs.push(0); ys.push(0); }
  const margin = 2 * board.step, least = 8 * board.step;
  let [left, right] = [Math.min(...xs) - margin, Math.max(...xs) + margin];
  let [top, bottom] = [Math.min(...ys) - margin, Math.max(...ys) + margin];
  if (right - left < least) { const mid = (left + right) / 2; [left, right] = [mid - least / 2, mid + least / 2]; }
  if (bottom - top < least) { const mid = (top + bottom) / 2; [top, bottom] = [mid - least / 2, mid + least / 2]; }
  return [left, top, right - left, bottom - top];
}

function drawMap(board, mine) {
  const [left, top, width, height] = extent(board);
  const span = Math.max(width, height);
  const picture = shape("svg", { viewBox: `${left} ${top} ${width} ${height}`, role: "img",
    "aria-label": "The map: where everyone stands" });
  let grid = board.step;
  while (span / grid > 40) grid *= 5;
  const lines = shape("g", { class: "grid" });
  for (let x = Math.ceil(left / grid) * grid; x <= left + width; x += grid) {
    lines.append(shape("line", { x1: x, y1: top, x2: x, y2: top + height }));
  }
  for (let y = Math.ceil(top / grid) * grid; y <= top + height; y += grid) {
    lines.append(shape("line", { x1: left, y1: y, x2: left + width, y2: y }));
  }
  lines.setAttribute("stroke-width", span / 400);
  picture.append(lines);
  for (const area of board.areas) {
    picture.append(shape("rect", { x: area.x, y: area.y, width: area.width, height: area.height,
      class: area.wall ? "wall" : "rough" }));
  }
  // Each token carries its number in the list under the map (nearest first): names side
  // by side on a phone's map would cover each other. The phone's own token says "you".
  const numbers = new Map(board.near.map((member, index) => [member.id, index + 1]));
  const radius = Math.max(board.step * 0.45, span / 34);
  for (const token of board.tokens) {
    const group = shape("g", { class: `token side-${Math.min(token.side, 3)}` });
    group.dataset.id = token.id;
    const own = token.id === mine;
    if (own) group.classList.add("mine");
    if (token.acting) group.classList.add("acting");
    if (token.down) group.classList.add("down");
    if (token.acting) {
      group.append(shape("circle", { cx: token.x, cy: token.y, r: radius * 1.55, class: "turn",
        "stroke-width": radius * 0.22 }));
    }
    group.append(shape("circle", { cx: token.x, cy: token.y, r: radius,
      "stroke-width": own ? radius * 0.4 : radius * 0.12 }));
    const number = numbers.get(token.id);
    group.append(shape("text", { x: token.x, y: token.y + radius * 0.42, "font-size": radius * 1.15,
      class: "number" }, number === undefined ? "★" : String(number)));
    if (own) {
      group.append(shape("text", { x: token.x, y: token.y - radius * 1.75, "font-size": radius * 1.2,
        "stroke-width": radius * 0.3, class: "you" }, "you"));
    }
    picture.append(group);
  }
  $("map").replaceChildren(picture);
}

function keyWords(board) {
  const words = [`Solid: in reach of ${board.centre_name}'s attacks; dashed: out of reach.`];
  if ((board.lanes || []).some((lane) => lane.beyond)) words.push("Hatched: beyond the fight's farthest range.");
  return words.join(" ");
}

function renderBoard() {
  const board = state.board;
  $("board").hidden = !board;
  if (!board) return;
  const mine = state.character;
  const from = board.centre === mine && mine ? `you (${board.centre_name})` : board.centre_name;
  const lanes = board.kind === "lanes";
  say("board-title", lanes ? `Ranges from ${from}` : "The map");
  $("lanes").hidden = !lanes;
  $("map").hidden = lanes;
  $("near").hidden = lanes || !(board.near || []).length;
  if (lanes) {
    $("lanes").replaceChildren(...board.lanes.map((lane) => {
      const item = element("li", undefined, lane.members.length ? "lane" : "lane empty");
      if (lane.beyond) item.classList.add("beyond");
      item.append(element("span", lane.label, "lane-label"));
      const chips = element("span", undefined, "chips");
      chips.append(...lane.members.map((member) => chip(member, mine)));
      item.append(chips);
      return item;
    }));
    say("board-key", keyWords(board));
    return;
  }
  say("board-key", keyWords(board));
  drawMap(board, mine);
  const near = $("near");
  near.replaceChildren(element("li", `From ${from}:`, "near-title"),
    ...board.near.map((member, index) => {
      const item = element("li");
      item.append(element("span", String(index + 1), `number side-${Math.min(member.side, 3)}`),
        chip(member, mine), element("span", ` ${member.where}`, "where"));
      return item;
    }));
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
  renderBoard();
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
  renderActs();
}

// The character's actions: all of them on its turn, its saves and checks at any time; each
// one's exact chance is the game's own preview, asked of the GM's computer.
function shownActions() {
  const acts = state.acts || { actions: [], targets: [] };
  return acts.actions.filter((action) => acts.turn || action.group === "check");
}

function renderActs() {
  const acts = state.acts || { actions: [], targets: [], turn: false };
  const actions = shownActions();
  $("act").hidden = !acts.actions.length;
  if (!acts.actions.length) return;
  say("act-title", acts.turn ? "Your turn: your action" : "Your saves and checks");
  say("act-words", acts.turn ? "" : "Your other actions show on your turn.");
  const pick = $("action");
  pick.replaceChildren();
  let heading = null, group = null;
  for (const action of actions) {
    if (action.heading !== heading) {
      heading = action.heading;
      group = element("optgroup");
      group.label = heading;
      pick.append(group);
    }
    const option = element("option", action.label);
    option.value = action.id;
    group.append(option);
  }
  if (!actions.some((action) => action.id === chosen.action)) {
    // The action the GM's dialog opens on: the best attack on a foe in reach.
    const first = actions.find((action) => action.id === acts.first) || actions[0];
    chosen = { action: first ? first.id : "", target: acts.first_target || chosen.target };
  }
  pick.value = chosen.action;
  const targets = $("target");
  targets.replaceChildren();
  for (const target of acts.targets) {
    const option = element("option", target.text);
    option.value = target.id;
    targets.append(option);
  }
  if (!acts.targets.some((target) => target.id === chosen.target)) {
    const first = acts.targets.find((target) => target.default) || acts.targets[0];
    chosen.target = first ? first.id : "";
  }
  targets.value = chosen.target;
  actionChosen();
}

function currentAction() {
  return shownActions().find((action) => action.id === chosen.action) || null;
}

function actionChosen() {
  const action = currentAction();
  $("target-row").hidden = !action || !action.needs_target;
  const dice = action ? action.dice.flatMap((spec) => Array.from({ length: spec.number },
    () => `${spec.label} d${spec.sides}`)) : [];
  say("act-faces-label", dice.length ? `Dice as rolled: ${dice.join(", ")}` : "This action rolls no dice.");
  $("act-faces").hidden = !dice.length;
  $("act-roll").hidden = !dice.length;
  $("act-send").hidden = !dice.length;
  for (const id of ["act-lines", "act-chance", "act-spread", "act-problem"]) say(id, "");
  if (action) {
    send({ type: "preview", combatant: state.character, action: action.id,
      target: action.needs_target && chosen.target ? chosen.target : null });
  }
}

function showPreview(message) {
  const action = currentAction();
  if (!action || message.action !== action.id) return;  // an answer to an earlier choice
  say("act-lines", message.lines.join("\n"));
  say("act-chance", message.chance.join("\n"));
  say("act-spread", message.spread || "");
  say("act-problem", message.problem || "");
  $("act-roll").disabled = Boolean(message.problem);
  $("act-send").disabled = Boolean(message.problem);
}

function facesOf(text) {
  return text.split(/[\s,+]+/).filter(Boolean).map(Number);
}

function sendAction(faces) {
  const action = currentAction();
  if (!action) return;
  const sides = action.dice.flatMap((spec) => Array.from({ length: spec.number }, () => spec.sides));
  if (faces.length !== sides.length || faces.some((face, i) => !Number.isInteger(face) || face < 1 || face > sides[i])) {
    say("status", `Type ${sides.length === 1 ? "the die" : `the ${sides.length} dice`} as rolled: ${sides.map((n) => `1–${n}`).join(", ")}.`);
    return;
  }
  send({ type: "roll", combatant: state.character, kind: action.kind, faces, action: action.id,
    target: action.needs_target && chosen.target ? chosen.target : null });
}

// A fair die from the browser's cryptographic generator: a draw past the last whole run of
// ``sides`` values is drawn again, so every face is equally likely.
function rollDie(sides) {
  const limit = Math.floor(0x100000000 / sides) * sides;
  const draw = new Uint32Array(1);
  do { crypto.getRandomValues(draw); } while (draw[0] >= limit);
  return (draw[0] % sides) + 1;
}

function rollAction() {
  const action = currentAction();
  if (!action) return;
  const faces = action.dice.flatMap((spec) => Array.from({ length: spec.number }, () => rollDie(spec.sides)));
  $("act-faces").value = faces.join(" ");
  sendAction(faces);  // sent as if typed: the GM applies them
}

function sendActionEvent(event) {
  event.preventDefault();
  sendAction(facesOf($("act-faces").value));
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
  $("act").addEventListener("submit", sendActionEvent);
  $("act-roll").addEventListener("click", rollAction);
  $("action").addEventListener("change", () => { chosen.action = $("action").value; actionChosen(); });
  $("target").addEventListener("change", () => { chosen.target = $("target").value; actionChosen(); });
  connect();
});
