// The score keeper: the on-screen twin of the printed score pad. Players' names, a row per hole with each
// player's points and running total, the leader marked, the winner (or the shared winners, or a play-off)
// by the rules' tie setting. A hole comes from the calculator with one press, or is typed by hand.
// Saved in this browser (localStorage) after every change; clearing asks first; "Print scores" prints the
// keeper alone on one page. Names are shown through textContent only, never as HTML.

export const STORE_KEY = "sixcardgolf.calculator.keeper";
const FORMAT = 1;
const MAX_NAME = 24;
const MAX_PLAYERS = 8;

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function pointsText(points) {
  return points < 0 ? `−${-points}` : String(points); // a true minus sign
}

// The match as the rules settle it. Regulation holes count towards the totals; holes after them are play-off
// holes, where only the players still tied for the lowest total take part and the lowest score on a hole wins.
export function standings(match) {
  const players = match.names.length;
  const regulation = match.holes.slice(0, match.rules.holes);
  const totals = Array.from({ length: players }, (_, p) => regulation.reduce((sum, hole) => sum + hole[p], 0));
  const lowest = Math.min(...totals);
  let leaders = totals.flatMap((total, p) => (total === lowest ? [p] : []));
  const result = { totals, leaders, finished: false, winners: [], playoff: false };
  if (match.holes.length === 0 || regulation.length < match.rules.holes) return result;
  if (leaders.length === 1 || match.rules.ties === "shared") {
    return { ...result, finished: true, winners: leaders };
  }
  for (const hole of match.holes.slice(match.rules.holes)) {
    const best = Math.min(...leaders.map((p) => hole[p]));
    leaders = leaders.filter((p) => hole[p] === best);
    if (leaders.length === 1) return { ...result, finished: true, winners: leaders, playoff: true };
  }
  return { ...result, leaders, playoff: true };
}

function validMatch(data) {
  const ok =
    data && data.format === FORMAT && Array.isArray(data.names) && Array.isArray(data.holes) && data.rules &&
    Number.isInteger(data.rules.holes) && data.rules.holes > 0 && ["shared", "playoff"].includes(data.rules.ties) &&
    data.names.length >= 1 && data.names.length <= MAX_PLAYERS && data.names.every((n) => typeof n === "string") &&
    data.holes.every((h) => Array.isArray(h) && h.length === data.names.length && h.every(Number.isInteger));
  return Boolean(ok);
}

export class ScoreKeeper {
  // rulesInfo() gives the calculator's current rules: {preset, title, holes, ties}.
  constructor({ t, rulesInfo, storage = window.localStorage }) {
    this.t = t;
    this.rulesInfo = rulesInfo;
    this.storage = storage;
    this.root = element("section", { class: "golf-keeper", "aria-labelledby": "golf-keeper-title" });
    this.message = element("p", { class: "golf-keeper__message", role: "status" });
    this.match = this.load();
    this.build();
    this.draw();
  }

  // -- storage: a damaged save is set aside, never thrown away -----------------------------------------------------
  load() {
    let raw = null;
    try {
      raw = this.storage.getItem(STORE_KEY);
    } catch {
      return null; // storage blocked: the keeper works for this visit only
    }
    if (raw === null) return null;
    try {
      const data = JSON.parse(raw);
      if (validMatch(data)) return data;
    } catch {
      // falls through: set the text aside below
    }
    try {
      this.storage.setItem(`${STORE_KEY}.damaged`, raw);
      this.storage.removeItem(STORE_KEY);
    } catch {
      // nothing more can be done; the message still says what happened
    }
    this.pendingMessage = this.t("keeper.damaged", { key: `${STORE_KEY}.damaged` });
    return null;
  }

  save() {
    try {
      if (this.match) this.storage.setItem(STORE_KEY, JSON.stringify(this.match));
      else this.storage.removeItem(STORE_KEY);
    } catch {
      this.say(this.t("keeper.notSaved"));
    }
  }

  say(text) {
    this.message.textContent = text;
  }

  // -- the match -----------------------------------------------------------------------------------------------------
  newMatch(players) {
    const rules = this.rulesInfo();
    return {
      format: FORMAT,
      rules: { preset: rules.preset, title: rules.title, holes: rules.holes, ties: rules.ties },
      names: Array.from({ length: players }, (_, i) => this.t("calc.player", { n: i + 1 })),
      holes: [],
    };
  }

  // A hole's totals from the calculator (one per player, in seat order).
  addHole(scores, { fromCalculator = false } = {}) {
    const rules = this.rulesInfo();
    if (this.match && this.match.holes.length && this.match.rules.preset !== rules.preset) {
      this.say(this.t("keeper.otherRules", { rules: this.match.rules.title }));
      return false;
    }
    if (!this.match || !this.match.holes.length) this.match = { ...this.newMatch(scores.length), names: this.names(scores.length) };
    if (scores.length !== this.match.names.length) {
      this.say(this.t("keeper.playerCount", { n: this.match.names.length, given: scores.length }));
      return false;
    }
    this.match.holes.push(scores.slice());
    this.save();
    this.draw();
    this.say(this.t(fromCalculator ? "keeper.addedFromCalculator" : "keeper.added", { hole: this.match.holes.length }));
    return true;
  }

  // The names typed so far, for a match of `players` players.
  names(players) {
    const typed = this.match ? this.match.names : [];
    return Array.from({ length: players }, (_, i) => typed[i] ?? this.t("calc.player", { n: i + 1 }));
  }

  removeLast() {
    if (!this.match || !this.match.holes.length) return;
    this.match.holes.pop();
    this.save();
    this.draw();
    this.say(this.t("keeper.removed"));
  }

  clear() {
    this.match = null;
    this.save();
    this.draw();
    this.say(this.t("keeper.cleared"));
  }

  // -- the page ------------------------------------------------------------------------------------------------------
  build() {
    const t = this.t;
    this.rulesLine = element("p", { class: "golf-keeper__rules" });
    this.namesBox = element("div", { class: "golf-keeper__names" });
    this.table = element("table", { class: "golf-keeper__table" });
    this.tableBox = element("div", { class: "golf-keeper__scroll", tabindex: "0", role: "region", "aria-label": t("keeper.tableLabel") }, this.table);
    this.result = element("p", { class: "golf-keeper__result", "aria-live": "polite" });
    this.entry = element("form", { class: "golf-keeper__entry", novalidate: "" });
    this.entry.addEventListener("submit", (event) => {
      event.preventDefault();
      this.addTyped();
    });
    const remove = element("button", { type: "button", class: "md-button" }, t("keeper.removeLast"));
    remove.addEventListener("click", () => this.removeLast());
    const print = element("button", { type: "button", class: "md-button" }, t("keeper.print"));
    print.addEventListener("click", () => this.print());
    const clear = element("button", { type: "button", class: "md-button" }, t("keeper.clear"));
    clear.addEventListener("click", () => this.askClear());
    this.confirmBox = element("div", { class: "golf-keeper__confirm", role: "alertdialog", "aria-labelledby": "golf-keeper-confirm", hidden: "" });
    const yes = element("button", { type: "button", class: "md-button md-button--primary" }, t("keeper.clearYes"));
    yes.addEventListener("click", () => {
      this.confirmBox.hidden = true;
      this.clear();
      clear.focus();
    });
    const no = element("button", { type: "button", class: "md-button" }, t("keeper.clearNo"));
    no.addEventListener("click", () => {
      this.confirmBox.hidden = true;
      clear.focus();
    });
    this.confirmBox.append(element("p", { id: "golf-keeper-confirm" }, t("keeper.clearQuestion")), yes, no);
    this.removeButton = remove;
    this.clearButton = clear;
    this.printButton = print;
    this.root.append(
      element("h2", { id: "golf-keeper-title" }, t("keeper.title")),
      element("p", { class: "golf-hint" }, t("keeper.intro")),
      this.rulesLine,
      this.namesBox,
      this.tableBox,
      this.result,
      this.entry,
      element("p", { class: "golf-keeper__buttons" }, remove, print, clear),
      this.confirmBox,
      this.message,
    );
    if (this.pendingMessage) this.say(this.pendingMessage);
  }

  askClear() {
    if (!this.match) return;
    this.confirmBox.hidden = false;
    this.confirmBox.querySelector("button").focus();
  }

  print() {
    document.body.classList.add("golf-print-keeper");
    const done = () => {
      document.body.classList.remove("golf-print-keeper");
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }

  playerCount() {
    return this.match ? this.match.names.length : this.pendingPlayers ?? 2;
  }

  // Players (before the first hole) follow the calculator; names can be typed at any time.
  setPlayers(players) {
    if (this.match && this.match.holes.length) return;
    this.pendingPlayers = players;
    if (this.match) this.match = { ...this.match, names: this.names(players) };
    this.draw();
  }

  rename(index, name) {
    if (!this.match) this.match = this.newMatch(this.playerCount());
    this.match.names[index] = name.slice(0, MAX_NAME);
    this.save();
    this.drawTable();
    this.drawResult();
  }

  addTyped() {
    const inputs = [...this.entry.querySelectorAll("input")];
    const scores = [];
    for (const [index, input] of inputs.entries()) {
      const text = input.value.normalize("NFKC").trim().replace(/^[−–]/, "-");
      if (!/^-?\d{1,3}$/.test(text)) {
        input.setAttribute("aria-invalid", "true");
        input.focus();
        this.say(this.t("keeper.badScore", { name: this.names(inputs.length)[index], text: input.value }));
        return;
      }
      input.removeAttribute("aria-invalid");
      scores.push(Number(text));
    }
    if (this.addHole(scores)) {
      inputs.forEach((input) => (input.value = ""));
      inputs[0]?.focus();
    }
  }

  draw() {
    const t = this.t;
    const rules = this.match ? this.match.rules : this.rulesInfo();
    const tie = t(rules.ties === "shared" ? "keeper.tiesShared" : "keeper.tiesPlayoff");
    this.rulesLine.textContent = t("keeper.rules", { rules: rules.title, holes: rules.holes, ties: tie });
    const players = this.playerCount();
    const names = this.names(players);
    this.namesBox.replaceChildren(
      ...names.map((name, index) => {
        const input = element("input", { type: "text", id: `golf-keeper-name-${index + 1}`, maxlength: String(MAX_NAME), autocomplete: "off" });
        input.value = name;
        input.addEventListener("input", () => this.rename(index, input.value));
        return element("p", { class: "golf-field" }, element("label", { for: input.id }, t("keeper.nameOf", { n: index + 1 })), " ", input);
      }),
    );
    this.entry.replaceChildren(
      element("p", { class: "golf-keeper__entry-title" }, t("keeper.typeHole")),
      ...names.map((name, index) => {
        const input = element("input", { type: "text", inputmode: "numeric", id: `golf-keeper-score-${index + 1}`, autocomplete: "off", size: "4" });
        const label = element("label", { for: input.id });
        label.textContent = name;
        return element("span", { class: "golf-keeper__score" }, label, " ", input);
      }),
      element("button", { type: "submit", class: "md-button" }, t("keeper.addTyped")),
    );
    this.removeButton.disabled = !this.match || !this.match.holes.length;
    this.clearButton.disabled = !this.match;
    this.printButton.disabled = !this.match || !this.match.holes.length;
    this.drawTable();
    this.drawResult();
  }

  drawTable() {
    const t = this.t;
    const players = this.playerCount();
    const names = this.names(players);
    const holes = this.match ? this.match.holes : [];
    const state = this.match && holes.length ? standings(this.match) : null;
    const leaders = new Set(state ? state.leaders : []);
    const head = element("tr", {}, element("th", { scope: "col" }, t("keeper.hole")));
    names.forEach((name, p) => {
      const cell = element("th", { scope: "col" });
      cell.textContent = name;
      if (leaders.has(p)) {
        cell.classList.add("golf-keeper__leader");
        cell.append(element("span", { class: "golf-keeper__mark" }, ` ★ ${t("keeper.leader")}`));
      }
      head.append(cell);
    });
    const body = element("tbody");
    const running = new Array(players).fill(0);
    holes.forEach((hole, index) => {
      const playoff = this.match && index >= this.match.rules.holes;
      const row = element("tr", playoff ? { class: "golf-keeper__playoff" } : {});
      row.append(element("th", { scope: "row" }, playoff ? t("keeper.playoffHole") : String(index + 1)));
      hole.forEach((points, p) => {
        if (!playoff) running[p] += points;
        const cell = element("td", { "data-points": String(points), "data-total": String(running[p]) });
        cell.append(element("span", { class: "golf-keeper__points" }, pointsText(points)));
        if (!playoff) cell.append(element("span", { class: "golf-keeper__running" }, t("keeper.runningTotal", { total: pointsText(running[p]) })));
        row.append(cell);
      });
      body.append(row);
    });
    const foot = element("tfoot");
    if (holes.length) {
      const row = element("tr", {}, element("th", { scope: "row" }, t("keeper.total")));
      running.forEach((total, p) => row.append(element("td", { class: leaders.has(p) ? "golf-keeper__leader" : "", "data-total": String(total) }, pointsText(total))));
      foot.append(row);
    }
    this.table.replaceChildren(element("caption", {}, t("keeper.caption", { played: holes.length })), element("thead", {}, head), body, foot);
  }

  drawResult() {
    const t = this.t;
    if (!this.match || !this.match.holes.length) {
      this.result.textContent = t("keeper.empty");
      return;
    }
    const state = standings(this.match);
    const names = this.match.names;
    const list = (players) => players.map((p) => names[p]).join(t("keeper.and"));
    if (state.finished) {
      this.result.textContent = state.winners.length > 1 ? t("keeper.sharedWin", { names: list(state.winners) }) : t("keeper.winner", { name: list(state.winners) });
    } else if (state.playoff) {
      this.result.textContent = t("keeper.playoffNeeded", { names: list(state.leaders) });
    } else {
      const key = state.leaders.length > 1 ? "keeper.leadersTied" : "keeper.leading";
      this.result.textContent = t(key, { names: list(state.leaders), total: pointsText(state.totals[state.leaders[0]]), played: this.match.holes.length, holes: this.match.rules.holes });
    }
  }
}
