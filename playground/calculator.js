// The scoring calculator: type each player's layout in card notation and see the engine's
// breakdown (every column or pair, then every bonus and penalty) under any preset.
// All text reaching the page goes through textContent, never innerHTML.
import { GolfEngine } from "./engine-client.js";

const TEXT = {
  en: {
    loading: "Starting the rules engine…",
    ready: "Ready.",
    preset: "Rules",
    players: "Players",
    player: (n) => `Player ${n}`,
    layout: "Layout (rows separated by /)",
    wentOut: "Went out",
    knocked: "Knocked",
    nobody: "nobody",
    score: "Score",
    group: "Column or pair",
    cards: "Cards",
    points: "Points",
    cancelled: "pair: cancels",
    cardPoints: "Cards",
    total: "Total",
    positions: (list) => `positions ${list.join(" + ")}`,
    hint: "Write a card as rank then suit: A 2–10 (or T) J Q K with S H D C (or ♠ ♥ ♦ ♣); JK is a joker.",
  },
  ja: {
    loading: "ルールエンジンを起動しています…",
    ready: "準備ができました。",
    preset: "ルール",
    players: "人数",
    player: (n) => `プレイヤー${n}`,
    layout: "手札（行は / で区切ります）",
    wentOut: "上がった人",
    knocked: "ノックした人",
    nobody: "なし",
    score: "計算する",
    group: "列またはペア",
    cards: "カード",
    points: "得点",
    cancelled: "ペア：打ち消し",
    cardPoints: "カード",
    total: "合計",
    positions: (list) => `位置 ${list.join("+")}`,
    hint: "カードはランクとスートの順に書きます。A、2〜10（またはT）、J、Q、KとS、H、D、C（または♠♥♦♣）、ジョーカーはJKです。",
  },
};

const lang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";
const t = TEXT[lang];

// Example hands to start from: the top-left rows x cols of each grid below (three rows of four),
// so that in 2x3 the first is the seeds' worked example, 8 K 2 over 8 A 5.
const EXAMPLE_GRIDS = [
  ["8H KS 2D 4C", "8C AS 5H 9S", "6D 4H 9C 3D"],
  ["QH 7S 9D 2C", "QC 3S KH 6C", "JS AD 8D 4S"],
  ["JH 4S 2C KC", "5D 5S 10H 9H", "AC QS 6S 2H"],
  ["AS AH 6C 10S", "KD 9S 9C 7H", "QD 4D JC 5C"],
];

function exampleLayout(index, rows, cols) {
  const grid = EXAMPLE_GRIDS[index % EXAMPLE_GRIDS.length];
  return grid
    .slice(0, rows)
    .map((row) => row.split(" ").slice(0, cols).join(" "))
    .join(" / ");
}

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// A card as a small chip: "8H" -> 8♥ in red; a joker as JK.
function cardChip(card) {
  const suit = card.slice(-1);
  const chip = document.createElement("span");
  chip.className = `golf-chip${suit === "H" || suit === "D" ? " golf-chip--red" : ""}`;
  chip.textContent = card === "JK" ? "JK" : card.slice(0, -1) + (SUIT_SYMBOLS[suit] ?? suit);
  return chip;
}

function shapeOf(text) {
  const rows = text.split("/").map((row) => row.trim().split(/\s+/).filter(Boolean).length);
  return { rows: rows.length, cols: rows[0] };
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function labelled(labelText, control) {
  const id = control.id;
  return element("p", { class: "golf-field" }, element("label", { for: id }, labelText), " ", control);
}

function playerSelect(id, count, withNobody) {
  const select = element("select", { id });
  if (withNobody) select.append(element("option", { value: "" }, t.nobody));
  for (let n = 1; n <= count; n++) select.append(element("option", { value: String(n) }, withNobody ? t.player(n) : String(n)));
  return select;
}

async function start(root) {
  const status = element("p", { class: "golf-status", role: "status" }, t.loading);
  root.replaceChildren(status);
  const engine = new GolfEngine();
  const presets = await engine.call("presets", { lang });

  const presetSelect = element("select", { id: "calc-preset" });
  for (const preset of presets) presetSelect.append(element("option", { value: preset.name }, preset.title));
  const playersSelect = playerSelect("calc-players", 6, false);
  playersSelect.value = "2";
  const wentOut = playerSelect("calc-went-out", 2, true);
  const knocked = playerSelect("calc-knocked", 2, true);
  const layoutsBox = element("div", { class: "golf-calc-layouts" });
  const error = element("p", { class: "golf-error", role: "alert" });
  const results = element("div", { class: "golf-calc-results", "aria-live": "polite" });
  const form = element(
    "form",
    { class: "golf-calc", novalidate: "" },
    labelled(t.preset, presetSelect),
    labelled(t.players, playersSelect),
    element("p", { class: "golf-hint" }, t.hint),
    layoutsBox,
    labelled(t.wentOut, wentOut),
    labelled(t.knocked, knocked),
    element("p", {}, element("button", { type: "submit", class: "md-button md-button--primary" }, t.score)),
  );

  function layoutInputs() {
    return [...layoutsBox.querySelectorAll("input")];
  }

  let shape = { rows: 2, cols: 3 };

  function renderLayoutFields() {
    const count = Number(playersSelect.value);
    const old = layoutInputs()
      .map((input) => input.value)
      .map((text) => {
        const found = shapeOf(text);
        return found.rows === shape.rows && found.cols === shape.cols ? text : undefined;
      });
    layoutsBox.replaceChildren();
    for (let n = 1; n <= count; n++) {
      const input = element("input", { id: `calc-layout-${n}`, type: "text", autocomplete: "off", spellcheck: "false" });
      input.value = old[n - 1] ?? exampleLayout(n - 1, shape.rows, shape.cols);
      layoutsBox.append(labelled(`${t.player(n)}: ${t.layout}`, input));
    }
    for (const id of ["calc-went-out", "calc-knocked"]) {
      form.querySelector(`#${id}`).replaceWith(playerSelect(id, count, true));
    }
    const fresh = [form.querySelector("#calc-went-out"), form.querySelector("#calc-knocked")];
    fresh.forEach((select) => select.addEventListener("change", score));
  }

  function renderResults(answer) {
    results.replaceChildren();
    answer.players.forEach((player, index) => {
      const table = element("table", { class: "golf-calc-table" });
      table.append(element("caption", {}, `${t.player(index + 1)}: ${t.total} ${player.total_text}`));
      const head = element("tr", {}, element("th", { scope: "col" }, t.group), element("th", { scope: "col" }, t.cards), element("th", { scope: "col" }, t.points));
      table.append(element("thead", {}, head));
      const body = element("tbody");
      for (const group of player.groups) {
        const name = t.positions(group.positions) + (group.cancelled ? ` (${t.cancelled})` : "");
        body.append(element("tr", { class: group.cancelled ? "golf-cancelled" : "" }, element("td", {}, name), element("td", {}, ...group.cards.map(cardChip)), element("td", { class: "golf-points" }, group.points_text)));
      }
      for (const adjustment of player.adjustments) {
        const points = adjustment.points < 0 ? `−${-adjustment.points}` : `+${adjustment.points}`;
        body.append(element("tr", { class: "golf-adjustment" }, element("td", { colspan: "2" }, adjustment.label), element("td", { class: "golf-points" }, points)));
      }
      body.append(element("tr", { class: "golf-total" }, element("th", { scope: "row", colspan: "2" }, t.total), element("td", { class: "golf-points", "data-total": String(player.total) }, player.total_text)));
      table.append(body);
      results.append(table);
    });
  }

  async function score(event) {
    if (event) event.preventDefault();
    error.textContent = "";
    try {
      const answer = await engine.call("score", {
        lang,
        preset: presetSelect.value,
        layouts: layoutInputs().map((input) => input.value),
        went_out: Number(form.querySelector("#calc-went-out").value) || null,
        knocked: Number(form.querySelector("#calc-knocked").value) || null,
      });
      renderResults(answer);
    } catch (failure) {
      results.replaceChildren();
      error.textContent = failure.message;
    }
  }

  form.addEventListener("submit", score);
  presetSelect.addEventListener("change", async () => {
    const summary = await engine.call("rules_summary", { lang, preset: presetSelect.value });
    shape = { rows: summary.rows, cols: summary.cols };
    renderLayoutFields();
    score();
  });
  playersSelect.addEventListener("change", () => {
    renderLayoutFields();
    score();
  });
  renderLayoutFields();
  root.replaceChildren(form, error, results);
  status.textContent = t.ready;
  root.prepend(status);
  await score();
}

const root = document.getElementById("golf-calculator");
if (root) {
  start(root).catch((failure) => {
    root.replaceChildren(element("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
