// The score keeper: the on-screen twin of the printed score pad. Players' names, a row per hole with each
// player's points and running total, the leader marked, the winner (or the shared winners, or a play-off)
// by the rules' tie setting. A hole comes from the calculator with one press, or is typed by hand.
// Saved in this browser (localStorage, through calculator-store.js) after every change; when the browser
// refuses (site data blocked, storage full) it works for this visit and says so in one line. Another tab's
// newer copy is adopted, never overwritten. Clearing asks first; "Print scores" prints the keeper alone on one
// page. Names are shown through textContent only, never as HTML.
import { KeeperStore, openStorage } from "./calculator-store.js";

export { STORE_KEY } from "./calculator-store.js";
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

// A stored value this page can show. Every number is checked as a number (a total is a sum: text that slipped
// in would be joined, "many" + 1 = "many1"), every text as text.
function validMatch(data) {
  const count = (n, low) => Number.isSafeInteger(n) && n >= low;
  const rules = data && data.rules;
  const ok =
    data && data.format === FORMAT && Array.isArray(data.names) && Array.isArray(data.holes) && rules &&
    typeof rules.preset === "string" && typeof rules.title === "string" &&
    count(rules.holes, 1) && ["shared", "playoff"].includes(rules.ties) &&
    data.names.length >= 1 && data.names.length <= MAX_PLAYERS &&
    data.names.every((n) => typeof n === "string" && n.length <= MAX_NAME) &&
    data.holes.every((h) => Array.isArray(h) && h.length === data.names.length && h.every((p) => Number.isSafeInteger(p)));
  return Boolean(ok);
}

// A typed score: a whole number, with a sign or none ("7", "+4", "-2", "−2", and full-width digits and signs,
// which NFKC makes plain). Null for anything else.
export function readScore(typed) {
  const text = String(typed).normalize("NFKC").trim().replace(/^[−–]/, "-");
  return /^[+-]?\d{1,3}$/.test(text) ? Number(text) + 0 : null; // + 0: "-0" is 0
}

export class ScoreKeeper {
  // rulesInfo() gives the calculator's current rules: {preset, title, holes, ties}. `opened` is what
  // openStorage() found; it never throws, whatever the browser allows (so it can be a default here).
  constructor({ t, rulesInfo, opened = openStorage() }) {
    this.t = t;
    this.rulesInfo = rulesInfo;
    this.store = new KeeperStore(opened.storage, validMatch);
    this.seen = null; // the stored text this tab last read or wrote: other text there means another tab wrote
    this.unsaved = false; // a change this tab could not save (the browser refused the write)
    this.root = element("section", { class: "golf-keeper", "aria-labelledby": "golf-keeper-title" });
    this.message = element("p", { class: "golf-keeper__message", role: "status" });
    this.notice = element("p", { class: "golf-keeper__storage", role: "status", hidden: "" });
    this.match = this.load();
    this.build();
    this.draw();
    this.showStorageProblem(opened.problem);
    this.store.watch(() => this.otherTabWrote());
  }

  // -- storage: a damaged save is set aside, never thrown away; a newer one is adopted, never overwritten ------------
  load() {
    const stored = this.store.read();
    if (stored.kind === "match") {
      this.seen = stored.raw;
      return stored.match;
    }
    if (stored.kind === "damaged") {
      this.store.setAside(stored.raw); // if the browser refuses, save() tries again before any write
      this.pendingMessage = this.t("keeper.damaged");
    }
    return null;
  }

  // The stored copy, if another tab or window wrote it since this tab last read or wrote (else null).
  newerStored() {
    const stored = this.store.read();
    if (stored.kind !== "match" && stored.kind !== "empty") return null; // a damaged one is set aside by save()
    return stored.raw === this.seen ? null : stored;
  }

  adopt(stored) {
    this.match = stored.match;
    this.seen = stored.raw;
    this.confirmBox.hidden = true; // a question about the old scores no longer applies
    this.draw();
  }

  // The storage event: another tab or window changed the stored scores.
  otherTabWrote() {
    const newer = this.newerStored();
    if (!newer) return;
    if (this.unsaved) {
      this.say(this.t("keeper.otherTabUnsaved")); // both kept: theirs in storage, this tab's on screen
      return;
    }
    this.adopt(newer);
    this.say(this.t("keeper.otherTab"));
  }

  // Every change to the match goes through here. The stored copy is read first: when another tab or window wrote
  // since, that copy is newer and is adopted before the change is made on it (an added hole goes after theirs),
  // so it is never overwritten unseen. `change()` makes the change on this.match and returns [done, message].
  // `onNewer: "stop"` (removing, clearing: they act on the holes the person saw) makes no change on scores the
  // person has not seen yet, and says so. `namesOnly` (a keystroke in a name field) redraws what shows the names
  // but not the name fields: a field replaced while someone types in it would lose a Japanese IME's composition.
  // True when the change was made.
  commit(change, { onNewer = "merge", stopped = "keeper.otherTab", namesOnly = false } = {}) {
    const newer = this.newerStored();
    if (newer && this.unsaved) {
      const [done, text] = change(); // this tab's scores stay on screen; theirs stay stored
      this.redraw(namesOnly);
      this.say(done ? this.t("keeper.otherTabUnsaved") : text);
      return done;
    }
    if (newer) this.adopt(newer);
    if (newer && onNewer === "stop") {
      this.say(this.t(stopped));
      return false;
    }
    const [done, text] = change();
    if (done) this.save();
    this.redraw(namesOnly && !newer);
    if (newer) this.say(text ? this.t("keeper.otherTabThen", { then: text }) : this.t("keeper.otherTab"));
    else if (text) this.say(text);
    return done;
  }

  redraw(namesOnly) {
    if (namesOnly) this.drawNames();
    else this.draw();
  }

  save() {
    const stored = this.store.read();
    if (stored.kind === "damaged" && !this.store.setAside(stored.raw)) {
      this.unsaved = true; // never write over a copy that could not be set aside
      this.showStorageProblem(this.store.problem || "blocked");
      return;
    }
    const written = this.store.write(this.match);
    if (written === undefined) {
      this.unsaved = true;
      this.showStorageProblem(this.store.problem);
      return;
    }
    this.seen = written;
    this.unsaved = false;
    if (written !== null) this.showStorageProblem(null); // a value was stored: saving works (again)
  }

  // One line under the keeper's title while the browser does not let it save.
  showStorageProblem(problem) {
    this.notice.hidden = !problem;
    this.notice.textContent = problem ? this.t(problem === "full" ? "keeper.storageFull" : "keeper.storageBlocked") : "";
  }

  say(text) {
    this.message.textContent = text;
  }

  // -- the match -----------------------------------------------------------------------------------------------------
  // Names are kept as typed; an empty one shows as "Player N" (a placeholder in its field, in the page's language).
  newMatch(players) {
    const rules = this.rulesInfo();
    return {
      format: FORMAT,
      rules: { preset: rules.preset, title: rules.title, holes: rules.holes, ties: rules.ties },
      names: new Array(players).fill(""),
      holes: [],
    };
  }

  // A hole's totals from the calculator (one per player, in seat order). True if it was added.
  addHole(scores, { fromCalculator = false } = {}) {
    return this.commit(() => {
      const rules = this.rulesInfo();
      if (this.match && this.match.holes.length && this.match.rules.preset !== rules.preset) {
        return [false, this.t("keeper.otherRules", { rules: this.match.rules.title })];
      }
      if (!this.match || !this.match.holes.length) this.match = { ...this.newMatch(scores.length), names: this.names(scores.length) };
      if (scores.length !== this.match.names.length) {
        return [false, this.t("keeper.playerCount", { n: this.match.names.length, given: scores.length })];
      }
      this.match.holes.push(scores.slice());
      return [true, this.t(fromCalculator ? "keeper.addedFromCalculator" : "keeper.added", { hole: this.match.holes.length })];
    });
  }

  // The names typed so far, for a match of `players` players ("" where none was typed).
  names(players) {
    const typed = this.match ? this.match.names : [];
    return Array.from({ length: players }, (_, i) => typed[i] ?? "");
  }

  // The names as shown: a typed name, else "Player N".
  shownNames(players) {
    return this.names(players).map((name, i) => name.trim() || this.t("calc.player", { n: i + 1 }));
  }

  removeLast() {
    if (!this.match || !this.match.holes.length) return;
    this.commit(() => {
      if (!this.match || !this.match.holes.length) return [false, ""];
      this.match.holes.pop();
      return [true, this.t("keeper.removed")];
    }, { onNewer: "stop", stopped: "keeper.otherTabNotRemoved" });
  }

  clear() {
    this.commit(() => {
      this.match = null;
      return [true, this.t("keeper.cleared")];
    }, { onNewer: "stop", stopped: "keeper.otherTabNotCleared" });
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
      this.notice,
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
    this.commit(() => {
      if (!this.match) this.match = this.newMatch(this.playerCount());
      if (index >= this.match.names.length) return [false, ""]; // another tab's match has fewer players
      this.match.names[index] = name.slice(0, MAX_NAME);
      return [true, ""];
    }, { namesOnly: true });
  }

  addTyped() {
    const inputs = [...this.entry.querySelectorAll("input")];
    const names = this.shownNames(inputs.length);
    const scores = [];
    for (const [index, input] of inputs.entries()) {
      const score = readScore(input.value);
      if (score === null) {
        input.setAttribute("aria-invalid", "true");
        input.focus();
        const empty = !input.value.trim();
        this.say(this.t(empty ? "keeper.noScore" : "keeper.badScore", { name: names[index], text: input.value }));
        return;
      }
      input.removeAttribute("aria-invalid");
      scores.push(score);
    }
    if (this.addHole(scores)) {
      this.entry.querySelectorAll("input").forEach((input) => (input.value = ""));
      this.entry.querySelector("input")?.focus();
    }
  }

  // Drawn again after every change, and when another tab's scores are adopted: what is being typed in the
  // score fields, and the focus with its caret, survive it.
  draw() {
    const t = this.t;
    const typed = [...this.entry.querySelectorAll("input")].map((input) => input.value);
    const focused = this.root.contains(document.activeElement) ? document.activeElement : null;
    const caret = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
    const rules = this.match ? this.match.rules : this.rulesInfo();
    const tie = t(rules.ties === "shared" ? "keeper.tiesShared" : "keeper.tiesPlayoff");
    this.rulesLine.textContent = t("keeper.rules", { rules: rules.title, holes: rules.holes, ties: tie });
    const players = this.playerCount();
    const names = this.names(players);
    this.namesBox.replaceChildren(
      ...names.map((name, index) => {
        const input = element("input", {
          type: "text", id: `golf-keeper-name-${index + 1}`, maxlength: String(MAX_NAME), autocomplete: "off",
          placeholder: t("calc.player", { n: index + 1 }), // a placeholder, not a value: nothing to delete first
        });
        input.value = name;
        input.addEventListener("input", () => this.rename(index, input.value));
        return element("p", { class: "golf-field" }, element("label", { for: input.id }, t("keeper.nameOf", { n: index + 1 })), " ", input);
      }),
    );
    this.entry.replaceChildren(
      element("p", { class: "golf-keeper__entry-title" }, t("keeper.typeHole")),
      ...names.map((_, index) => {
        // inputmode "text", the full keyboard: iOS's "numeric" and "decimal" pads have no minus key, and hole
        // scores are often negative; its "tel" pad has none either. On a phone the full keyboard's number row
        // (one tap away) has the digits, "-" and "+".
        const input = element("input", {
          type: "text", inputmode: "text", id: `golf-keeper-score-${index + 1}`, autocomplete: "off",
          autocapitalize: "off", spellcheck: "false", size: "4",
        });
        input.value = typed[index] ?? "";
        return element("span", { class: "golf-keeper__score" }, element("label", { for: input.id }), " ", input);
      }),
      element("button", { type: "submit", class: "md-button" }, t("keeper.addTyped")),
    );
    this.removeButton.disabled = !this.match || !this.match.holes.length;
    this.clearButton.disabled = !this.match;
    this.printButton.disabled = !this.match || !this.match.holes.length;
    this.drawNames();
    if (focused && !focused.isConnected && focused.id) {
      const again = document.getElementById(focused.id);
      if (again) {
        again.focus();
        if (caret && "setSelectionRange" in again) again.setSelectionRange(...caret);
      }
    }
  }

  // Everything that shows the names: the score fields' labels, the table, the result. Called after every
  // keystroke in a name field (which itself is not drawn again).
  drawNames() {
    const names = this.shownNames(this.playerCount());
    this.entry.querySelectorAll(".golf-keeper__score label").forEach((label, index) => (label.textContent = names[index]));
    this.drawTable();
    this.drawResult();
  }

  drawTable() {
    const t = this.t;
    const players = this.playerCount();
    const names = this.shownNames(players);
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
    const caption = holes.length ? t("keeper.caption", { played: holes.length }) : t("keeper.tableLabel"); // not "after 0 holes"
    this.table.replaceChildren(element("caption", {}, caption), element("thead", {}, head), body, foot);
  }

  drawResult() {
    const t = this.t;
    if (!this.match || !this.match.holes.length) {
      this.result.textContent = t("keeper.empty");
      return;
    }
    const state = standings(this.match);
    const names = this.shownNames(this.match.names.length);
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
