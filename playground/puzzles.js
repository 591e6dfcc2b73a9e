// The puzzle page (issue 28): "what is the best move here?". Each puzzle is one decision of one seat in a hole the
// engine played against itself, shown as that seat saw it: the page's data (puzzles-<lang>.json, made at build
// time from engine/sixcardgolf/puzzles/puzzles.json) holds the seat's observation and nothing more, so the table is
// drawn by the Play page's own pieces (play-view.js) from it, and a face-down card it did not see is never here.
// The person picks a move on the table; the page then shows what every legal move costs on average against the
// best one (the Review's paired playouts, measured when the puzzle was mined) and the Hint's reason for the best.
// No engine runs on this page: the answers are stored numbers, checked against the engine by the tests.
// Test hooks: #golf-puzzles[data-puzzle][data-state], [data-pos], [data-pile], [data-move], .golf-puzzle-result.
import { el } from "./dom.js";
import { pilesView, seatView } from "./play-view.js";
import { dailyIndex, dateText, moveWords } from "./puzzle-pick.js";
import { puzzleStore } from "./puzzle-store.js";
import { pageLang, translator } from "./texts.js";

const siteRoot = new URL("../", import.meta.url);
const BUTTONS = ["discard", "knock", "early-knock", "skip"]; // moves that are not a place on the table

class PuzzlePage {
  constructor(root, data, t, lang) {
    Object.assign(this, { root, data, t, lang });
    this.today = dateText(new Date());
    this.daily = data.puzzles[dailyIndex(this.today, data.puzzles.length)];
    this.family = this.daily ? this.daily.family : data.families[0];
    this.current = this.daily;
    this.chosen = null;
  }

  moveText(action) {
    const { key, values } = moveWords(action);
    return this.t(key, values);
  }

  points(value) {
    const text = value.toFixed(1);
    return value < 0 ? `−${text.slice(1)}` : text;
  }

  open(puzzle) {
    this.current = puzzle;
    this.chosen = null;
    this.render();
    this.root.querySelector(".golf-puzzle__title").focus({ preventScroll: false });
  }

  choose(action) {
    if (this.chosen) return;
    this.chosen = action;
    this.progress = puzzleStore.answer(this.current.id, action === this.current.best);
    this.render();
    this.root.querySelector(".golf-puzzle-result h3").focus();
  }

  render() {
    const t = this.t;
    const puzzle = this.current;
    this.progress = puzzleStore.progress();
    this.root.dataset.puzzle = puzzle ? puzzle.id : "";
    this.root.dataset.state = !puzzle ? "empty" : !this.chosen ? "asking" : this.chosen === puzzle.best ? "solved" : "missed";
    const parts = [];
    if (puzzleStore.health() !== "ok") parts.push(el("p", { class: "golf-notice", role: "status" }, t("puzzle.storage")));
    parts.push(this.streakLine());
    if (!puzzle) {
      parts.push(el("p", {}, t("puzzle.none")));
    } else {
      parts.push(this.puzzleView(puzzle));
      if (this.chosen) parts.push(this.result(puzzle));
    }
    parts.push(this.sets());
    this.root.replaceChildren(...parts);
  }

  streakLine() {
    const { results, streak, best } = this.progress;
    const solved = Object.values(results).filter((r) => r === "solved").length;
    return el("p", { class: "golf-puzzle-streak", "data-streak": String(streak) },
      this.t("puzzle.streak", { count: streak }), " · ", this.t("puzzle.best", { count: best }), " · ",
      this.t("puzzle.solved", { count: solved, total: this.data.puzzles.length }));
  }

  // A view of the table in the shape play-view.js draws (the engine's view on the Play page): the seat's
  // observation, and the legal moves as the places to press.
  tableView(puzzle) {
    const obs = puzzle.observation;
    const legal = this.chosen ? [] : puzzle.moves.map((move) => move.action);
    const targets = {};
    for (const action of legal) {
      const [word, position] = action.split(" ");
      if ((word === "swap" || word === "flip") && position) targets[position] = action;
    }
    return {
      observation: obs, rows: puzzle.rows, cols: puzzle.cols, viewer: obs.seat, targets,
      seats: obs.layouts.map(() => "human"), // "Player N" for everyone; the heading says which one the person is
      piles: { stock: legal.includes("draw"), discard: legal.includes("take") },
      buttons: BUTTONS.filter((action) => legal.includes(action)),
    };
  }

  puzzleView(puzzle) {
    const t = this.t;
    const view = this.tableView(puzzle);
    const s = { t, lang: this.lang, view, selected: false };
    const me = view.viewer;
    const isDaily = puzzle === this.daily;
    const heading = el("h2", { class: "golf-puzzle__title", tabindex: "-1" },
      isDaily ? t("puzzle.daily", { date: this.today }) : t("puzzle.numbered", { n: Number(puzzle.id.split("-").pop()), title: puzzle.title }));
    const about = el("p", { class: "golf-puzzle__about" },
      t("puzzle.about", { title: puzzle.title, players: puzzle.players, n: me + 1 }),
      this.lang === "ja" ? "" : " ", t(`puzzle.phase.${puzzle.observation.phase}`)); // no space between Japanese sentences
    const others = el("div", { class: "golf-opponents" });
    puzzle.observation.layouts.forEach((layout, seat) => {
      if (seat !== me) others.append(seatView(s, seat, layout, { mine: false, targets: {}, cancelled: new Set(), hidePeeked: true }));
    });
    const mine = seatView(s, me, puzzle.observation.layouts[me], { mine: true, targets: view.targets, cancelled: new Set(),
      hidePeeked: false, onPosition: (position, action) => this.choose(action) });
    const piles = pilesView(s, { onPile: (pile) => this.choose(pile === "stock" ? "draw" : "take"), onHeld: () => {} });
    const board = el("div", { class: "golf-board" }, others, el("div", { class: "golf-felt" }, piles, mine));
    const question = el("p", { class: "golf-prompt" }, this.chosen ? "" : t("puzzle.question"));
    const buttons = el("div", { class: "golf-actions" }, view.buttons.map((action) => el("button", { type: "button", class: "md-button",
      "data-move": action, onclick: () => this.choose(action) }, this.moveText(action))));
    return el("section", { class: "golf-puzzle", "aria-labelledby": "golf-puzzle-title" },
      Object.assign(heading, { id: "golf-puzzle-title" }), about, board, question, buttons);
  }

  result(puzzle) {
    const t = this.t;
    const solved = this.chosen === puzzle.best;
    const chosen = puzzle.moves.find((move) => move.action === this.chosen);
    const lines = [el("h3", { tabindex: "-1" }, solved ? t("puzzle.right") : t("puzzle.wrong"))];
    lines.push(el("p", {}, solved ? t("puzzle.rightText", { move: this.moveText(puzzle.best) })
      : t("puzzle.wrongText", { move: this.moveText(this.chosen), best: this.moveText(puzzle.best), points: this.points(chosen.loss) })));
    lines.push(el("p", { class: "golf-puzzle-reason" }, el("strong", {}, t("puzzle.why")), " ", puzzle.reason));
    const rows = puzzle.moves.map((move) => el("tr", { class: move.action === this.chosen ? "golf-puzzle-row--chosen" : null, "data-move-row": move.action },
      el("th", { scope: "row" }, this.moveText(move.action), move.action === this.chosen ? t("puzzle.yourMove") : ""),
      el("td", { class: "golf-points" }, move.action === puzzle.best ? t("puzzle.bestMove") : this.points(move.loss)),
      el("td", { class: "golf-points" }, move.action === puzzle.best ? "" : `${this.points(move.loss - 2 * move.error)} – ${this.points(move.loss + 2 * move.error)}`)));
    lines.push(el("table", { class: "golf-table-data golf-puzzle-costs" }, el("caption", {}, t("puzzle.costs")),
      el("thead", {}, el("tr", {}, ["puzzle.costMove", "puzzle.costMean", "puzzle.costRange"].map((key) => el("th", { scope: "col" }, t(key))))),
      el("tbody", {}, rows)));
    lines.push(el("p", { class: "golf-puzzle-note" }, t("puzzle.measured", { deals: Math.max(...puzzle.moves.map((m) => m.deals)) })));
    const next = this.nextPuzzle(puzzle);
    const again = el("button", { type: "button", class: "md-button", "data-focus": "again", onclick: () => this.open(puzzle) }, t("puzzle.again"));
    lines.push(el("p", { class: "golf-actions" }, again, next
      ? el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "next", onclick: () => this.open(next) }, t("puzzle.next")) : null));
    return el("section", { class: `golf-puzzle-result golf-puzzle-result--${solved ? "solved" : "missed"}`, role: "status" }, lines);
  }

  nextPuzzle(puzzle) {
    const set = this.data.puzzles.filter((p) => p.family === puzzle.family);
    const unseen = set.filter((p) => p !== puzzle && !this.progress.results[p.id]);
    return unseen[0] || set[(set.indexOf(puzzle) + 1) % set.length];
  }

  sets() {
    const t = this.t;
    const tabs = el("div", { class: "golf-puzzle-families", role: "group", "aria-label": t("puzzle.families") },
      this.data.families.map((family) => el("button", { type: "button", class: "md-button", "aria-pressed": String(family === this.family),
        "data-family": family, onclick: () => { this.family = family; this.render(); this.root.querySelector(`[data-family="${family}"]`).focus(); } },
      t(`puzzle.family.${family}`))));
    const list = el("ol", { class: "golf-puzzle-list" }, this.data.puzzles.filter((p) => p.family === this.family).map((p) => {
      const result = this.progress.results[p.id];
      const mark = result ? t(`puzzle.mark.${result}`) : "";
      return el("li", {}, el("button", { type: "button", class: "md-button", "data-open": p.id, "aria-current": p === this.current ? "true" : null,
        onclick: () => this.open(p) }, t("puzzle.numbered", { n: Number(p.id.split("-").pop()), title: p.title }), mark));
    }));
    const daily = this.daily && this.current !== this.daily
      ? el("p", {}, el("button", { type: "button", class: "md-button", "data-open": "daily", onclick: () => this.open(this.daily) }, t("puzzle.backToDaily"))) : null;
    return el("section", { class: "golf-puzzle-sets", "aria-labelledby": "golf-puzzle-sets" },
      el("h2", { id: "golf-puzzle-sets" }, t("puzzle.sets")), daily, tabs, list);
  }
}

const root = document.getElementById("golf-puzzles");
if (root) {
  const t = translator(pageLang);
  fetch(new URL(`playground/puzzles-${pageLang}.json`, siteRoot))
    .then((response) => {
      if (!response.ok) throw new Error(t("puzzle.loadFailed", { status: response.status }));
      return response.json();
    })
    .then((data) => new PuzzlePage(root, data, t, pageLang).render())
    .catch((failure) => root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure))));
}
