// The scoring calculator: each player's layout as a grid of slots filled by tapping (or typing notation),
// scored by the engine as the cards go in, with every column or pair and every bonus and penalty.
// The page is usable at once: the rules, shapes and picker come from the build's static data; results
// appear as soon as the engine has started. The hole is kept in the address (#...) so a link reproduces it;
// a link is checked before it reaches the engine (calculator-link.js).
// All text reaching the page goes through textContent, never innerHTML.
import { normalise, slotsFromText, textFromSlots } from "./calculator-cards.js";
import { CardPicker, LayoutGrid } from "./calculator-grid.js";
import { readLink } from "./calculator-link.js";
import { GolfEngine, engineStatus, loadStaticData } from "./engine-client.js";
import { printControl } from "./print-sheet.js";
import { ScoreKeeper } from "./score-keeper.js";
import { pageLang, translator } from "./texts.js";

const t = translator(pageLang);
const MAX_PLAYERS = 8;
const DEFAULT_PLAYERS = 2;
// A fresh visit starts with every slot empty. It once started from the seeds' worked example, so that scores
// showed at once; but an example scores, so "Add this hole to the score keeper" was ready to add a hole nobody
// played, and the example stayed in place when the table chose 3 or 4 players. The page's text links to the
// example instead (a link like any other: #preset=basic&p1=...), for whoever wants to see it.

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function labelled(text, control, extra = {}) {
  return element("p", { class: "golf-field", ...extra }, element("label", { for: control.id }, text), " ", control);
}

function signed(points) {
  return points < 0 ? `−${-points}` : `+${points}`;
}

class Calculator {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.presets = new Map(data.presets.map((preset) => [preset.name, preset]));
    this.version = 0; // every edit; an answer for an older version is dropped
    const problems = this.takeLink();
    this.engine = new GolfEngine(data);
    this.picker = new CardPicker(t);
    this.build();
    this.keeper = new ScoreKeeper({ t, rulesInfo: () => this.rulesInfo() });
    this.keeperBox.replaceWith(this.keeper.root);
    this.engine.addEventListener("ready", () => this.update());
    this.engine.addEventListener("failed", () => this.showWaiting());
    // A link pasted into the address bar of an open calculator (or the page text's example link) changes only
    // the fragment: the page follows it. The page's own history.replaceState() fires no hashchange.
    window.addEventListener("hashchange", () => this.showLink(this.takeLink()));
    this.showLink(problems);
  }

  // The state a link asks for, over the defaults; gives the sentences saying what it got wrong.
  takeLink() {
    const link = readLink(location.hash, {
      t, presets: this.presets, maxPlayers: MAX_PLAYERS, defaultPlayers: DEFAULT_PLAYERS, optionCount: this.data.catalogue.length,
    }) ?? { problems: [] };
    this.state = {
      preset: link.preset ?? "basic", options: link.options ?? {}, players: link.players ?? DEFAULT_PLAYERS,
      wentOut: link.wentOut ?? "", knocked: link.knocked ?? "",
    };
    this.texts = link.texts ?? new Array(MAX_PLAYERS).fill("");
    this.custom = null; // the engine's reading of the link's rule changes: {rows, cols, options}
    this.optionsCheck = null;
    return link.problems;
  }

  showLink(problems) {
    this.showLinkProblems(problems);
    this.playersSelect.value = String(this.state.players);
    this.keeper.setPlayers(this.state.players);
    this.applyRules();
  }

  showLinkProblems(problems) {
    this.linkNote.replaceChildren(...problems.map((problem) => element("p", {}, problem)));
    this.linkNote.hidden = problems.length === 0;
  }

  // Rule changes from a link passed the shape check; whether each key is an option and each value allowed is the
  // engine's answer, asked once before the first score. Refused changes are left out with the engine's reason,
  // so one bad change in a link never leaves the calculator refusing every hole. The engine's reading also gives
  // the layout's shape when a change sets it.
  checkOptions() {
    if (!this.optionsCheck) this.optionsCheck = this.askAboutOptions();
    return this.optionsCheck;
  }

  async askAboutOptions() {
    const options = this.state.options;
    if (!Object.keys(options).length) return;
    try {
      const answer = await this.engine.call("rules_summary", { lang: pageLang, preset: this.state.preset, options });
      if (options !== this.state.options) return; // another link or preset meanwhile
      this.custom = { rows: answer.rows, cols: answer.cols, options: answer.options };
    } catch (failure) {
      if (options !== this.state.options || failure.failure) return; // the engine did not start: its status says so
      this.state.options = {};
      this.showLinkProblems([...this.linkNote.children].map((p) => p.textContent).concat(t("calc.linkBadOptions", { reason: failure.message })));
    }
    this.applyRules();
  }

  rules() {
    const preset = this.presets.get(this.state.preset);
    if (this.custom) return { ...preset, ...this.custom };
    return { ...preset, options: { ...preset.options, ...this.state.options } };
  }

  rulesInfo() {
    const rules = this.rules();
    const custom = Object.keys(this.state.options).length > 0;
    return {
      preset: custom ? `${this.state.preset}+${JSON.stringify(this.state.options)}` : this.state.preset,
      title: custom ? t("calc.customOf", { preset: rules.title }) : rules.title,
      holes: rules.options.holes,
      ties: rules.options.ties,
    };
  }

  // -- the link: #preset=basic&players=2&p1=8H KS 2D / 8C AS 5H&out=1 (read by calculator-link.js) ------------------
  link() {
    const params = new URLSearchParams();
    params.set("preset", this.state.preset);
    if (Object.keys(this.state.options).length) params.set("options", JSON.stringify(this.state.options));
    params.set("players", String(this.state.players));
    for (let n = 1; n <= this.state.players; n++) if (this.texts[n - 1]) params.set(`p${n}`, this.texts[n - 1]);
    if (this.state.wentOut) params.set("out", this.state.wentOut);
    if (this.state.knocked) params.set("knocked", this.state.knocked);
    return `${location.pathname}#${params.toString()}`;
  }

  // -- the form --------------------------------------------------------------------------------------------------------
  build() {
    this.status = engineStatus(this.engine, t);
    this.presetSelect = element("select", { id: "calc-preset" });
    for (const preset of this.data.presets) this.presetSelect.append(element("option", { value: preset.name }, preset.title));
    this.presetSelect.addEventListener("change", () => {
      this.state.preset = this.presetSelect.value;
      this.state.options = {};
      this.custom = null;
      this.applyRules();
    });
    this.playersSelect = element("select", { id: "calc-players" });
    for (let n = 1; n <= MAX_PLAYERS; n++) this.playersSelect.append(element("option", { value: String(n) }, String(n)));
    this.playersSelect.addEventListener("change", () => {
      this.state.players = Number(this.playersSelect.value);
      this.drawPlayers();
      this.keeper.setPlayers(this.state.players);
      this.changed();
    });
    this.customLine = element("p", { class: "golf-hint golf-calc-custom" });
    this.wentOut = element("select", { id: "calc-went-out" });
    this.knocked = element("select", { id: "calc-knocked" });
    this.wentOut.addEventListener("change", () => ((this.state.wentOut = this.wentOut.value), this.changed()));
    this.knocked.addEventListener("change", () => ((this.state.knocked = this.knocked.value), this.changed()));
    this.wentOutField = labelled(t("calc.wentOut"), this.wentOut);
    this.knockedField = labelled(t("calc.knocked"), this.knocked);
    this.playersBox = element("div", { class: "golf-calc-players" });
    this.linkNote = element("div", { class: "golf-calc-problems golf-calc-link-note", role: "alert", hidden: "" });
    this.problems = element("div", { class: "golf-calc-problems", role: "alert" });
    this.summary = element("p", { class: "golf-calc-summary", "aria-live": "polite" });
    this.results = element("div", { class: "golf-calc-results", "data-state": "waiting" });
    this.addButton = element("button", { type: "button", class: "md-button md-button--primary", disabled: "" }, t("calc.addToKeeper"));
    this.addButton.addEventListener("click", () => {
      if (this.lastTotals) this.keeper.addHole(this.lastTotals, { fromCalculator: true });
    });
    const copy = element("button", { type: "button", class: "md-button" }, t("calc.copyLink"));
    this.linkStatus = element("span", { class: "golf-calc-link-status", role: "status" });
    copy.addEventListener("click", () => this.copyLink());
    this.keeperBox = element("div");
    const form = element(
      "form",
      { class: "golf-calc", novalidate: "" },
      element("div", { class: "golf-calc-setup" }, labelled(t("calc.rules"), this.presetSelect), labelled(t("calc.players"), this.playersSelect)),
      this.customLine,
      printControl({ engine: this.engine, t, lang: pageLang, read: () => ({ preset: this.state.preset, options: this.state.options }) }),
      element("p", { class: "golf-hint" }, t("calc.hint")),
      this.playersBox,
      element("div", { class: "golf-calc-setup" }, this.wentOutField, this.knockedField),
    );
    form.addEventListener("submit", (event) => event.preventDefault());
    this.root.replaceChildren(
      this.status,
      this.linkNote,
      form,
      element("section", { class: "golf-calc-out", "aria-labelledby": "golf-calc-results-title" },
        element("h2", { id: "golf-calc-results-title" }, t("calc.results")),
        this.problems, this.summary, this.results,
        element("p", { class: "golf-calc-actions" }, this.addButton, copy, this.linkStatus)),
      this.keeperBox,
    );
  }

  applyRules() {
    const rules = this.rules();
    this.presetSelect.value = this.state.preset;
    const changes = Object.entries(this.state.options);
    this.customLine.hidden = changes.length === 0;
    this.customLine.textContent = t("calc.customChanges", { changes: changes.map(([key, value]) => `${key}=${value}`).join(", ") });
    this.picker.setRules({ jokers: rules.options.jokers_per_deck > 0, oneEyedJacks: Boolean(rules.options.one_eyed_jacks) });
    this.drawPlayers();
    this.changed();
  }

  drawPlayers() {
    const rules = this.rules();
    this.picker.root.hidden = true;
    this.grids = [];
    this.fields = [];
    this.notes = [];
    const panels = [];
    for (let n = 1; n <= this.state.players; n++) {
      const input = element("input", { id: `calc-layout-${n}`, type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "characters" });
      const note = element("p", { class: "golf-calc-note", id: `calc-note-${n}` });
      input.setAttribute("aria-describedby", note.id);
      const grid = new LayoutGrid({
        player: n, rows: rules.rows, cols: rules.cols, t, picker: this.picker,
        onChange: (slots) => {
          this.texts[n - 1] = textFromSlots(slots, rules.cols);
          input.value = this.texts[n - 1];
          this.changed();
        },
      });
      input.value = this.texts[n - 1];
      grid.setSlots(slotsFromText(input.value, rules.rows, rules.cols).slots);
      input.addEventListener("input", () => {
        this.texts[n - 1] = input.value;
        grid.setSlots(slotsFromText(input.value, rules.rows, rules.cols).slots);
        this.changed();
      });
      this.grids.push(grid);
      this.fields.push(input);
      this.notes.push(note);
      panels.push(
        element("fieldset", { class: "golf-calc-player", "data-player": String(n) },
          element("legend", {}, t("calc.player", { n })),
          grid.root,
          labelled(t("calc.asText"), input, { class: "golf-field golf-calc-text" }),
          note),
      );
    }
    this.playersBox.replaceChildren(...panels);
    this.fillSeatSelect(this.wentOut, "wentOut", rules.options.going_out_penalty || rules.options.going_out_bonus);
    this.fillSeatSelect(this.knocked, "knocked", rules.options.knock);
  }

  // "Went out" and "Knocked" appear only where the rules score them.
  fillSeatSelect(select, key, used) {
    const field = select.closest(".golf-field");
    field.hidden = !used;
    if (!used) this.state[key] = "";
    select.replaceChildren(element("option", { value: "" }, t("calc.nobody")));
    for (let n = 1; n <= this.state.players; n++) select.append(element("option", { value: String(n) }, t("calc.player", { n })));
    if (Number(this.state[key]) > this.state.players) this.state[key] = "";
    select.value = this.state[key];
  }

  // -- scoring ---------------------------------------------------------------------------------------------------------
  changed() {
    this.version += 1;
    history.replaceState(null, "", this.link());
    this.linkStatus.textContent = "";
    this.lastTotals = null;
    this.addButton.disabled = true;
    this.results.dataset.state = "stale"; // dimmed and marked until the new answer replaces it
    this.results.setAttribute("aria-busy", "true");
    if (this.engine.state === "ready") this.update();
    else this.showWaiting();
  }

  showWaiting() {
    this.summary.textContent = t(this.engine.state === "failed" ? "calc.engineFailed" : "calc.waitingForEngine");
    this.results.replaceChildren();
    this.results.dataset.state = "waiting";
  }

  async update() {
    const version = this.version;
    await this.checkOptions();
    if (version !== this.version) return; // the check changed the rules: a newer update is on its way
    const players = this.state.players;
    const params = {
      lang: pageLang,
      preset: this.state.preset,
      options: this.state.options,
      layouts: this.texts.slice(0, players).map(normalise), // full-width typing arrives as plain notation
      partial: true,
      went_out: Number(this.state.wentOut) || null,
      knocked: Number(this.state.knocked) || null,
    };
    let answer;
    try {
      answer = await this.engine.call("score", params);
    } catch (failure) {
      if (version !== this.version) return;
      this.showProblems([{ places: [], message: failure.message }]);
      this.results.replaceChildren();
      this.results.dataset.state = "error";
      this.results.removeAttribute("aria-busy");
      return;
    }
    if (version !== this.version) return; // the cards changed meanwhile: a newer answer is on its way
    this.showProblems(answer.problems);
    this.showMissing(answer.missing, answer.problems);
    this.results.removeAttribute("aria-busy");
    if (!answer.players) {
      this.results.replaceChildren();
      this.results.dataset.state = answer.problems.length ? "error" : "incomplete";
      const missing = answer.missing.reduce((a, b) => a + b, 0);
      this.summary.textContent = answer.problems.length ? t("calc.fixProblems") : t("calc.missingTotal", { count: missing });
      return;
    }
    this.showResults(answer.players);
  }

  showProblems(problems) {
    this.problems.replaceChildren(...problems.map((problem) => element("p", {}, problem.message)));
    this.grids.forEach((grid, index) => {
      const mine = problems.filter((problem) => problem.places.some((place) => place.player === index + 1));
      grid.setInvalid(mine.flatMap((problem) => problem.places.filter((p) => p.player === index + 1 && p.position > 0).map((p) => p.position)));
      const field = this.fields[index];
      if (mine.length) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
      this.notes[index].replaceChildren(...mine.map((problem) => element("span", { class: "golf-error" }, problem.message, " ")));
      this.notes[index].dataset.kind = mine.length ? "problem" : "";
    });
  }

  showMissing(missing, problems) {
    missing.forEach((count, index) => {
      const note = this.notes[index];
      if (note.dataset.kind === "problem" || !count) return;
      note.textContent = t("calc.missing", { count });
      note.dataset.kind = "missing";
    });
    if (!problems.length) this.problems.replaceChildren();
  }

  showResults(players) {
    const totals = players.map((player) => player.total);
    const lowest = Math.min(...totals);
    this.lastTotals = totals;
    this.addButton.disabled = false;
    this.summary.textContent = players.length > 1
      ? t("calc.lowest", { names: totals.flatMap((total, i) => (total === lowest ? [t("calc.player", { n: i + 1 })] : [])).join(t("keeper.and")), total: players[totals.indexOf(lowest)].total_text })
      : t("calc.oneTotal", { total: players[0].total_text });
    this.results.replaceChildren(...players.map((player, index) => this.resultTable(player, index + 1)));
    this.results.dataset.state = "current";
    this.results.dataset.version = String(this.version);
  }

  resultTable(player, n) {
    const table = element("table", { class: "golf-calc-table", "data-player": String(n) });
    table.append(element("caption", {}, t("calc.resultCaption", { n, total: player.total_text })));
    table.append(element("thead", {}, element("tr", {},
      element("th", { scope: "col" }, t("calc.group")), element("th", { scope: "col" }, t("calc.cards")), element("th", { scope: "col" }, t("calc.points")))));
    const body = element("tbody");
    for (const group of player.groups) {
      const name = t("calc.positions", { positions: group.positions.join(t("calc.positionJoin")) }) + (group.note ? t("calc.groupNote", { note: group.note }) : "");
      const cards = element("td", {}, ...group.cards.map((card) => this.chip(card)));
      body.append(element("tr", { class: group.cancelled ? "golf-cancelled" : "" }, element("td", {}, name), cards, element("td", { class: "golf-points" }, group.points_text)));
    }
    for (const adjustment of player.adjustments) {
      body.append(element("tr", { class: "golf-adjustment" }, element("td", { colspan: "2" }, adjustment.label), element("td", { class: "golf-points" }, signed(adjustment.points))));
    }
    body.append(element("tr", { class: "golf-total" }, element("th", { scope: "row", colspan: "2" }, t("calc.total")), element("td", { class: "golf-points", "data-total": String(player.total) }, player.total_text)));
    table.append(body);
    return table;
  }

  // A card of a result row, after a space: the cards are read out (and copied) as "8♥ 8♣", not "8♥8♣".
  chip(card) {
    const suit = { S: "♠", H: "♥", D: "♦", C: "♣" }[card.slice(-1)];
    const text = card === "JK" ? "JK" : suit ? card.slice(0, -1) + suit : card;
    const chip = element("span", { class: `golf-chip${suit === "♥" || suit === "♦" ? " golf-chip--red" : ""}` }, text);
    const spaced = document.createDocumentFragment();
    spaced.append(" ", chip);
    return spaced;
  }

  async copyLink() {
    const url = new URL(this.link(), location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      this.linkStatus.textContent = t("calc.linkCopied");
    } catch {
      this.linkStatus.textContent = t("calc.linkHere", { url });
    }
  }
}

async function start(root) {
  const data = await loadStaticData(pageLang);
  new Calculator(root, data);
}

const root = document.getElementById("golf-calculator");
if (root) {
  start(root).catch((failure) => {
    root.replaceChildren(element("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
