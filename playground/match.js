// The playable match: against the computer or pass-and-play, the engine running in a Web Worker.
// The page only draws what the engine's observation for the viewing seat contains, so it can show
// nothing a player may not see. Every text reaches the page through textContent.
import { GolfEngine, engineStatus, loadStaticData } from "./engine-client.js";
import { TEXT } from "./match-text.js";
import { translator } from "./texts.js";

const lang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";
const t = TEXT[lang];
const SAVE_KEY = "sixcardgolf.playground.save"; // one save for the English and Japanese pages
const RECORD_KEY = "sixcardgolf.playground.record";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function cardText(card) {
  if (card === "JK") return "JK";
  return card.slice(0, -1) + (SUITS[card.slice(-1)] ?? "");
}

function isRed(card) {
  return card !== "JK" && "HD".includes(card.slice(-1));
}

function readRecord() {
  try {
    return { matches: 0, solo: 0, shared: 0, seen: [], ...JSON.parse(localStorage.getItem(RECORD_KEY) || "{}") };
  } catch {
    return { matches: 0, solo: 0, shared: 0, seen: [] };
  }
}

class MatchPage {
  constructor(root) {
    this.root = root;
    this.view = null;
    this.selected = true; // the drawn card is selected for placing; Escape lets go of it
    this.handoverTo = null; // pass-and-play: the seat that must confirm before seeing cards
    this.message = "";
    this.error = "";
    this.paused = false;
    this.summary = null;
  }

  async start() {
    this.engine = new GolfEngine(await loadStaticData(lang));
    this.root.replaceChildren(engineStatus(this.engine, translator(lang)));
    // A failed start shows its reason and a Retry in the status line above; play begins once a start succeeds.
    await new Promise((resolve) => this.engine.addEventListener("ready", resolve, { once: true }));
    this.presets = await this.engine.call("presets", { lang });
    document.addEventListener("keydown", (event) => this.onKey(event));
    const saved = localStorage.getItem(SAVE_KEY);
    if (saved) {
      try {
        await this.apply(this.engine.call("match_load", { lang, save: saved }));
        await this.loadSummary();
        this.paused = true; // show Settings first, with Continue, so nobody is surprised mid-hole
      } catch (failure) {
        this.error = failure.message; // the save stays in localStorage, untouched
      }
    }
    await this.renderSetup();
  }

  // -- talking to the engine ------------------------------------------------------
  async apply(promise) {
    const view = await promise;
    this.view = view;
    localStorage.setItem(SAVE_KEY, view.save);
    this.selected = true;
    this.describeEvents(view.events);
    this.noteOutcome();
    const seat = view.observation.to_move;
    if (this.isPassAndPlay() && seat !== null && seat !== this.shownSeat) this.handoverTo = seat;
    return view;
  }

  async act(action) {
    if (!this.view || this.paused || this.handoverTo !== null) return;
    this.error = "";
    this.message = "";
    try {
      await this.apply(this.engine.call("match_act", { lang, action, viewer: this.viewerSeat() }));
    } catch (failure) {
      this.error = failure.message;
    }
    this.render();
  }

  async undo() {
    if (!this.view || !this.view.can_undo) return;
    this.error = "";
    try {
      await this.apply(this.engine.call("match_undo", { lang, viewer: this.viewerSeat() }));
      this.handoverTo = null;
    } catch (failure) {
      this.error = failure.message;
    }
    this.render();
  }

  async hint() {
    if (!this.view) return;
    try {
      const advice = await this.engine.call("match_hint", { lang });
      this.message = t.hint(advice.reason);
    } catch (failure) {
      this.error = failure.message;
    }
    this.render();
  }

  async loadSummary() {
    const save = JSON.parse(this.view.save);
    this.summary = await this.engine.call("rules_summary", { lang, preset: "basic", options: save.match.rules });
  }

  // -- who is who -------------------------------------------------------------------
  isPassAndPlay() {
    return this.view && this.view.seats.filter((s) => s === "human").length > 1;
  }

  viewerSeat() {
    return this.shownSeat ?? this.view.viewer;
  }

  get shownSeat() {
    return this._shownSeat ?? null;
  }

  set shownSeat(seat) {
    this._shownSeat = seat;
  }

  seatName(seat) {
    const kind = this.view.seats[seat];
    if (kind === "human") return this.isPassAndPlay() ? t.person(seat + 1) : t.you;
    return t.computer(seat + 1, t.levels[kind]);
  }

  describeEvents(events) {
    const lines = [];
    for (const event of events || []) {
      const who = this.seatName(event.seat);
      const [verb, position] = event.action.split(" ");
      const say = t.event[verb];
      if (verb === "swap") lines.push(say(who, position, cardText(event.card), cardText(event.replaced)));
      else if (verb === "take" || verb === "discard") lines.push(say(who, cardText(event.card)));
      else if (verb === "flip") lines.push(say(who, position));
      else if (say) lines.push(say(who));
    }
    this.message = lines.join(" ");
  }

  noteOutcome() {
    const outcome = this.view.outcome;
    if (!outcome || this.isPassAndPlay()) return;
    const record = readRecord();
    const id = JSON.parse(this.view.save).match.seed;
    if (record.seen.includes(id)) return;
    record.seen = [...record.seen.slice(-50), id];
    record.matches += 1;
    const human = this.view.seats.indexOf("human");
    if (outcome.winners.includes(human)) record[outcome.shared ? "shared" : "solo"] += 1;
    localStorage.setItem(RECORD_KEY, JSON.stringify(record));
  }

  // -- keyboard -------------------------------------------------------------------------
  onKey(event) {
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]")) return;
    if (target instanceof HTMLButtonElement && (event.key === "Enter" || event.key === " ")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!this.view || this.paused) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (this.handoverTo !== null) {
      if (key === "Enter") this.confirmHandover();
      return;
    }
    const legal = this.view.observation.legal_actions;
    const byKey = { d: "draw", p: "take", x: "discard", k: "knock", e: "early-knock", s: "skip" };
    let handled = true;
    if (/^[1-9]$/.test(key)) this.choosePosition(Number(key));
    else if (byKey[key] && legal.includes(byKey[key])) this.act(byKey[key]);
    else if (key === "u") this.undo();
    else if (key === "h") this.hint();
    else if (key === "Enter" && this.view.can_next) this.act("next");
    else if (key === "Escape") {
      this.selected = false;
      this.render();
    } else handled = false;
    if (handled) event.preventDefault();
  }

  positionAction(position) {
    const legal = this.view.observation.legal_actions;
    const phase = this.view.observation.phase;
    if (phase === "holding") return this.selected && legal.includes(`swap ${position}`) ? `swap ${position}` : null;
    return legal.includes(`flip ${position}`) ? `flip ${position}` : null;
  }

  choosePosition(position) {
    const action = this.positionAction(position);
    if (action) this.act(action);
  }

  confirmHandover() {
    this.shownSeat = this.handoverTo;
    this.handoverTo = null;
    this.engine.call("match_view", { lang, viewer: this.shownSeat }).then((view) => {
      this.view = view;
      this.render();
    });
  }

  // -- drawing the page ------------------------------------------------------------------
  async renderSetup() {
    const form = el("form", { class: "golf-setup", onsubmit: (event) => this.startMatch(event) });
    const mode = el("fieldset", {}, el("legend", {}, t.mode));
    for (const [value, label] of [["computer", t.vsComputer], ["pass", t.passAndPlay]]) {
      const id = `mode-${value}`;
      mode.append(el("p", {}, el("input", { type: "radio", name: "mode", id, value, checked: value === "computer" }), " ", el("label", { for: id }, label)));
    }
    const players = el("select", { id: "setup-players" }, ...[2, 3, 4].map((n) => el("option", { value: String(n) }, String(n))));
    const levels = el("div", { class: "golf-levels" });
    const drawLevels = () => {
      const count = Number(players.value);
      const computer = form.querySelector("#mode-computer").checked;
      levels.replaceChildren();
      if (!computer) return;
      for (let n = 2; n <= count; n++) {
        const select = el("select", { id: `setup-level-${n}` }, ...["easy", "normal", "hard"].map((level) => el("option", { value: level, selected: level === "normal" }, t.levels[level])));
        levels.append(el("p", {}, el("label", { for: select.id }, t.level(n)), " ", select));
      }
    };
    const preset = el("select", { id: "setup-preset" }, ...this.presets.map((p) => el("option", { value: p.name }, p.title)));
    const holes = el("select", { id: "setup-holes" }, ...[1, 3, 9, 18].map((n) => el("option", { value: String(n), selected: n === 9 }, String(n))));
    const custom = el("details", { class: "golf-custom" }, el("summary", {}, t.custom));
    const drawCustom = async () => {
      const catalogue = await this.engine.call("options_catalogue", { lang, preset: preset.value });
      custom.replaceChildren(el("summary", {}, t.custom));
      for (const option of catalogue) {
        if (option.key === "holes") continue; // chosen above
        const id = `opt-${option.key.replace(".", "-")}`;
        let control;
        if (option.kind === "bool") control = el("input", { type: "checkbox", id, checked: option.value });
        else if (option.kind === "choice") control = el("select", { id }, ...option.choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === option.value }, c.label)));
        else control = el("input", { type: "number", id, value: String(option.value), step: "1" });
        control.dataset.key = option.key;
        custom.append(el("p", { class: "golf-option", title: option.help }, el("label", { for: id }, option.label), " ", control));
      }
    };
    mode.addEventListener("change", drawLevels);
    players.addEventListener("change", drawLevels);
    preset.addEventListener("change", drawCustom);
    form.append(
      el("h2", {}, t.setupTitle),
      mode,
      el("p", {}, el("label", { for: players.id }, t.players), " ", players),
      levels,
      el("p", {}, el("label", { for: preset.id }, t.preset), " ", preset),
      el("p", {}, el("label", { for: holes.id }, t.holes), " ", holes),
      custom,
      el("p", {}, el("button", { type: "submit", class: "md-button md-button--primary" }, t.start)),
    );
    this.setupForm = form;
    drawLevels();
    await drawCustom();
    this.render();
  }

  customOptions() {
    const options = {};
    for (const control of this.setupForm.querySelectorAll("[data-key]")) {
      const key = control.dataset.key;
      if (control.type === "checkbox") options[key] = control.checked;
      else if (control.tagName === "SELECT") options[key] = JSON.parse(control.value);
      else options[key] = control.value;
    }
    options.holes = Number(this.setupForm.querySelector("#setup-holes").value);
    return options;
  }

  async startMatch(event) {
    event.preventDefault();
    const form = this.setupForm;
    const count = Number(form.querySelector("#setup-players").value);
    const computer = form.querySelector("#mode-computer").checked;
    const seats = [];
    for (let n = 1; n <= count; n++) seats.push(computer && n > 1 ? form.querySelector(`#setup-level-${n}`).value : "human");
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    this.error = "";
    this.shownSeat = null;
    this.handoverTo = null;
    try {
      await this.apply(this.engine.call("match_new", { lang, preset: form.querySelector("#setup-preset").value, options: this.customOptions(), players: count, seats, seed }));
      await this.loadSummary();
      this.paused = false;
      if (this.isPassAndPlay()) this.handoverTo = this.view.observation.to_move;
    } catch (failure) {
      this.error = failure.message;
    }
    this.render();
  }

  render() {
    const parts = [];
    if (this.error) parts.push(el("p", { class: "golf-error", role: "alert" }, this.error));
    if (!this.view || this.paused) {
      parts.push(this.setupForm);
      if (this.view && !this.view.outcome) {
        parts.unshift(el("p", { class: "golf-paused" }, t.paused, " ", el("button", { type: "button", class: "md-button", onclick: () => { this.paused = false; this.render(); } }, this.view ? t.resume : t.resumeSaved)));
      }
    } else if (this.handoverTo !== null) {
      const name = t.person(this.handoverTo + 1);
      parts.push(el("section", { class: "golf-handover", "aria-labelledby": "handover-title" },
        el("h2", { id: "handover-title" }, t.handoverTitle(name)),
        el("p", {}, t.handoverBody),
        el("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.confirmHandover() }, t.handoverButton(name))));
    } else {
      parts.push(this.renderTable());
    }
    parts.push(this.renderKeys());
    const record = readRecord();
    if (record.matches) parts.push(el("p", { class: "golf-record" }, t.record(record)));
    this.root.replaceChildren(...parts);
  }

  renderTable() {
    const view = this.view;
    const obs = view.observation;
    const me = this.viewerSeat();
    const header = el("div", { class: "golf-header" },
      el("strong", {}, view.hole > view.holes ? t.playoff(view.hole - view.holes) : t.hole(Math.max(view.hole, 1), view.holes)),
      el("button", { type: "button", class: "md-button", onclick: () => { this.paused = true; this.render(); } }, t.settings));
    const others = el("div", { class: "golf-opponents" });
    obs.layouts.forEach((layout, seat) => {
      if (seat !== me) others.append(this.renderSeat(seat, layout, false));
    });
    const felt = el("div", { class: "golf-felt", onclick: (event) => {
      if (event.target === event.currentTarget && obs.phase === "holding") { this.selected = false; this.render(); }
    } }, this.renderPiles(obs), this.renderSeat(me, obs.layouts[me], true));
    const status = el("p", { class: "golf-status", role: "status" }, this.statusText());
    const bar = this.renderActions();
    const result = view.hole_over ? this.renderHoleResult() : null;
    const summary = this.summary ? this.renderSummary() : null;
    return el("div", { class: "golf-table" }, header, others, felt, status, bar, result, this.renderScoreTable(), summary);
  }

  statusText() {
    const view = this.view;
    const obs = view.observation;
    if (view.outcome) {
      const names = view.outcome.winners.map((s) => this.seatName(s)).join(lang === "ja" ? "と" : " and ");
      return (view.outcome.shared ? t.sharedWin(names) : t.winner(names)) + " " + this.message;
    }
    if (view.hole_over) return `${t.holeOver}: ${view.end_reason_text} ${this.message}`;
    const seat = obs.to_move;
    if (seat !== this.viewerSeat()) return `${t.turnOf(this.seatName(seat))} ${this.message}`;
    const rules = this.summary ? this.summary.options : {};
    let prompt = t.yourTurn[obs.phase] || "";
    if (obs.phase === "opening" && rules.peek) prompt = t.yourTurn.openingPeek;
    if (obs.phase === "holding" && !obs.legal_actions.includes("discard")) prompt = t.yourTurn.holdingMust;
    if (obs.phase === "flip" && obs.legal_actions.includes("skip")) prompt = t.yourTurn.flipOptional;
    const size = obs.layouts[this.viewerSeat()].length;
    prompt = prompt.replace("1–N", `1–${size}`).replace("1〜N", `1〜${size}`);
    return `${this.message} ${prompt}`.trim();
  }

  renderPiles(obs) {
    const myTurn = obs.to_move === this.viewerSeat();
    const legal = myTurn ? obs.legal_actions : [];
    const stock = el("button", { type: "button", class: "golf-pile golf-stock", disabled: !legal.includes("draw"), onclick: () => this.act("draw") },
      el("span", { class: "golf-back", "aria-hidden": "true" }), el("span", { class: "golf-pile-label" }, t.stock(obs.stock_count)));
    const top = obs.discard.length ? obs.discard[obs.discard.length - 1] : null;
    const discard = el("button", { type: "button", class: "golf-pile golf-discard", disabled: !legal.includes("take"), onclick: () => this.act("take") },
      top ? this.cardFace(top) : el("span", { class: "golf-empty" }, t.emptyPile), el("span", { class: "golf-pile-label" }, t.discardPile));
    const piles = el("div", { class: "golf-piles" }, stock, discard);
    if (obs.held) {
      const held = el("button", { type: "button", class: `golf-held${this.selected ? " golf-held--selected" : ""}`, "aria-pressed": String(this.selected),
        onclick: () => { this.selected = !this.selected; this.render(); } }, this.cardFace(obs.held), el("span", { class: "golf-pile-label" }, t.inHand));
      piles.append(held);
    }
    return piles;
  }

  cardFace(card) {
    return el("span", { class: `golf-face${isRed(card) ? " golf-face--red" : ""}` }, cardText(card));
  }

  renderSeat(seat, layout, mine) {
    const obs = this.view.observation;
    const cols = this.summary ? this.summary.cols : 3;
    const grid = el("div", { class: "golf-grid", style: `grid-template-columns: repeat(${cols}, auto)` });
    layout.forEach((slot, index) => {
      const position = index + 1;
      const action = mine && obs.to_move === seat ? this.positionAction(position) : null;
      const label = slot.card ? `${t.position(position)}: ${cardText(slot.card)}${slot.up ? "" : ` (${t.peeked})`}` : `${t.position(position)}: ${t.faceDown}`;
      const face = slot.card && slot.up ? this.cardFace(slot.card) : el("span", { class: `golf-back${slot.peeked ? " golf-back--peeked" : ""}` }, slot.peeked && slot.card ? cardText(slot.card) : "");
      const cell = el(mine ? "button" : "span", {
        class: `golf-slot${action ? " golf-slot--target" : ""}`,
        "aria-label": label,
        ...(mine ? { type: "button", disabled: !action, onclick: () => action && this.act(action) } : { role: "img" }),
      }, face, mine ? el("span", { class: "golf-slot-number", "aria-hidden": "true" }, String(position)) : null);
      grid.append(cell);
    });
    const visible = obs.visible_scores[seat];
    return el("section", { class: `golf-seat${mine ? " golf-seat--mine" : ""}${obs.to_move === seat ? " golf-seat--to-move" : ""}`, "aria-label": this.seatName(seat) },
      el("p", { class: "golf-plate" }, el("strong", {}, this.seatName(seat)), " · ", t.visible(visible)), grid);
  }

  renderActions() {
    const view = this.view;
    const obs = view.observation;
    const legal = obs.to_move === this.viewerSeat() ? obs.legal_actions : [];
    const buttons = [];
    for (const action of ["discard", "knock", "early-knock", "skip"]) {
      if (legal.includes(action)) buttons.push(el("button", { type: "button", class: "md-button", onclick: () => this.act(action) }, t.actions[action]));
    }
    buttons.push(el("button", { type: "button", class: "md-button", disabled: !view.can_undo, onclick: () => this.undo() }, t.actions.undo));
    if (legal.length && !view.hole_over) buttons.push(el("button", { type: "button", class: "md-button", onclick: () => this.hint() }, t.actions.hint));
    if (view.can_next) buttons.push(el("button", { type: "button", class: "md-button md-button--primary", onclick: () => this.act("next") }, t.actions.next));
    return el("div", { class: "golf-actions" }, ...buttons);
  }

  renderHoleResult() {
    const rows = this.view.scores.map((score, seat) => {
      const detail = score.adjustments.map((a) => `${a.label} ${a.points > 0 ? "+" : "−"}${Math.abs(a.points)}`).join(", ");
      return el("tr", {}, el("th", { scope: "row" }, this.seatName(seat)), el("td", {}, String(score.card_points)), el("td", {}, detail), el("td", { class: "golf-points" }, score.total_text));
    });
    return el("table", { class: "golf-result" }, el("caption", {}, t.holeOver),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""), el("th", { scope: "col" }, t.cards), el("th", { scope: "col" }, ""), el("th", { scope: "col" }, t.total))),
      el("tbody", {}, ...rows));
  }

  renderScoreTable() {
    const view = this.view;
    const seats = view.seats.map((_, seat) => seat);
    const head = el("tr", {}, el("th", { scope: "col" }, t.holeColumn), ...seats.map((s) => el("th", { scope: "col" }, this.seatName(s))));
    const body = view.records.map((record, index) => el("tr", {}, el("th", { scope: "row" }, record.playoff ? t.playoff(index + 1 - view.holes) : String(index + 1)), ...record.points.map((p) => el("td", { class: "golf-points" }, String(p)))));
    const totals = el("tr", { class: "golf-total" }, el("th", { scope: "row" }, t.total), ...view.totals.map((p) => el("td", { class: "golf-points" }, String(p))));
    return el("table", { class: "golf-scores" }, el("caption", {}, t.scoreTable), el("thead", {}, head), el("tbody", {}, ...body, totals));
  }

  renderSummary() {
    const details = el("details", { class: "golf-summary", open: window.matchMedia("(min-width: 60em)").matches }, el("summary", {}, t.rulesSummary));
    for (const section of this.summary.sections) {
      if (!section.statements.length) continue;
      details.append(el("h3", {}, section.title), el("ul", {}, ...section.statements.map((text) => el("li", {}, text))));
    }
    return details;
  }

  renderKeys() {
    return el("section", { class: "golf-keys", "aria-labelledby": "keys-title" }, el("h2", { id: "keys-title" }, t.keysTitle),
      el("dl", {}, ...t.keys.flatMap(([key, what]) => [el("dt", {}, el("kbd", {}, key)), el("dd", {}, what)])), el("p", {}, t.sound));
  }
}

const root = document.getElementById("golf-match");
if (root) {
  const page = new MatchPage(root);
  page.start().catch((failure) => root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure))));
}
