// The history page (issue 28): this browser's finished matches (history-store.js) as a list, a stats panel with
// small charts drawn as inline SVG, and export to and import from a JSON file. No engine runs here. Another tab's
// new matches redraw the page (the storage event); an import merges into the history as stored at that moment.
// Test hooks: #golf-history[data-count], .golf-history-match[data-id], [data-focus=export|import],
// input[type=file][data-import], .golf-error (a refused file), .golf-notice (what an import added).
import { el } from "./dom.js";
import { historyFile, historyStore, readHistoryFile } from "./history-store.js";
import { historyStats } from "./history-stats.js";
import { signed } from "./play-view.js";
import { pageLang, translator } from "./texts.js";

const siteRoot = new URL("../", import.meta.url);
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

// A figure to one decimal, with a true minus sign (as the score tables write one).
function number(value, lang) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value).replace("-", "−");
}

class HistoryPage {
  constructor(root, { t, lang, presets }) {
    Object.assign(this, { root, t, lang, presets });
    this.error = "";
    this.notice = "";
    this.downloadUrl = null;
    historyStore.onOtherTab(() => this.render());
  }

  presetTitle(name) {
    const preset = this.presets.find((p) => p.name === name);
    return preset ? preset.title : this.t("history.custom");
  }

  render() {
    const matches = historyStore.matches();
    this.root.dataset.count = String(matches.length);
    const parts = [];
    parts.push(el("p", { class: "golf-error", role: "alert", hidden: !this.error }, this.error));
    const notices = [];
    if (historyStore.health() !== "ok") notices.push(this.t("history.storage"));
    if (this.notice) notices.push(this.notice);
    parts.push(el("p", { class: "golf-notice", role: "status", hidden: !notices.length }, notices.join(" ")));
    parts.push(this.fileParts(matches));
    if (!matches.length) {
      parts.push(el("p", { class: "golf-history-empty" }, this.t("history.empty"), " ",
        el("a", { href: new URL(this.lang === "ja" ? "ja/play/" : "play/", siteRoot).href }, this.t("history.playLink"))));
    } else {
      parts.push(this.statsPanel(matches), this.matchList(matches));
    }
    this.root.replaceChildren(...parts);
  }

  // -- export and import -------------------------------------------------------------------------------------------
  fileParts(matches) {
    const t = this.t;
    const exportButton = el("button", { type: "button", class: "md-button", "data-focus": "export", disabled: !matches.length,
      onclick: () => this.exportFile(matches) }, t("history.export"));
    // The file field itself stays hidden: a button opens its chooser, so the keyboard reaches it like any button.
    const input = el("input", { type: "file", accept: ".json,application/json", hidden: true, "data-import": "", "aria-label": t("history.import.button"),
      onchange: (event) => this.importFile(event.target.files[0]) });
    const importButton = el("button", { type: "button", class: "md-button", "data-focus": "import", onclick: () => input.click() }, t("history.import.button"));
    return el("div", { class: "golf-toolbar" }, exportButton, input, importButton);
  }

  exportFile(matches) {
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = URL.createObjectURL(new Blob([historyFile(matches)], { type: "application/json" }));
    const link = el("a", { href: this.downloadUrl, download: `sixcardgolf-history-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(link);
    link.click();
    link.remove();
  }

  async importFile(file) {
    if (!file) return;
    this.error = "";
    this.notice = "";
    try {
      const matches = readHistoryFile(await file.text(), this.t);
      const added = historyStore.add(matches);
      if (added === null) this.error = this.t("history.import.notKept");
      else this.notice = this.t("history.import.done", { count: added, total: matches.length });
    } catch (failure) {
      this.error = this.t("history.import.refused", { name: file.name, why: failure.message });
    }
    this.render();
    const focus = this.root.querySelector(this.error ? ".golf-error" : "[data-focus=import]");
    if (this.error) focus.setAttribute("tabindex", "-1");
    focus.focus();
  }

  // -- the stats panel ---------------------------------------------------------------------------------------------
  statsPanel(matches) {
    const t = this.t;
    const stats = historyStats(matches);
    const percent = (part, whole) => (whole ? Math.round((100 * part) / whole) : 0);
    const facts = [
      ["history.stats.matches", t("history.stats.matchesValue", { count: stats.matches, won: stats.matchesWon })],
      ["history.stats.holesWon", t("history.stats.holesWonValue", { count: stats.holesWon, holes: stats.holes, percent: percent(stats.holesWon, stats.holes) })],
      ["history.stats.pairs", t("history.stats.pairsValue", { count: stats.pairs, average: number(stats.holes ? stats.pairs / stats.holes : 0, this.lang) })],
      ["history.stats.goingOut", stats.wentOut
        ? t("history.stats.goingOutValue", { count: stats.wentOut, won: stats.wentOutWon, percent: percent(stats.wentOutWon, stats.wentOut) })
        : t("history.stats.goingOutNone")],
      ["history.stats.accuracy", stats.reviewed
        ? t("history.stats.accuracyValue", { percent: Math.round(100 * stats.reviewAccuracy), count: stats.reviewed })
        : t("history.stats.accuracyNone")],
    ];
    const list = el("dl", { class: "golf-history-facts" }, facts.flatMap(([key, value]) => [el("dt", {}, t(key)), el("dd", { "data-stat": key.split(".").pop() }, value)]));
    const panel = el("section", { class: "golf-history-stats", "aria-labelledby": "golf-history-stats" },
      el("h2", { id: "golf-history-stats" }, t("history.stats.title")));
    if (!stats.matches) panel.append(el("p", {}, t("history.stats.none")));
    else panel.append(list, this.presetChart(stats.presets), this.seriesChart(stats.series), ...(stats.reviewed ? [this.accuracyChart(stats.reviews)] : []));
    return panel;
  }

  // Average hole score per preset, one bar each (lower is better), with the numbers in a table beside it for
  // anyone who cannot see the chart.
  presetChart(presets) {
    const t = this.t;
    const width = 320;
    const row = 26;
    const label = 120;
    const height = presets.length * row + 8;
    const most = Math.max(1, ...presets.map((p) => Math.abs(p.average)));
    const scale = (width - label - 40) / most;
    const bars = presets.map((p, index) => {
      const y = 4 + index * row;
      const length = Math.max(1, Math.abs(p.average) * scale);
      return svg("g", {},
        svg("text", { x: label - 6, y: y + 16, "text-anchor": "end", class: "golf-chart__label" }, this.presetTitle(p.preset)),
        svg("rect", { x: label, y: y + 4, width: length, height: row - 10, class: p.average < 0 ? "golf-chart__bar golf-chart__bar--low" : "golf-chart__bar" }),
        svg("text", { x: label + length + 4, y: y + 16, class: "golf-chart__value" }, number(p.average, this.lang)));
    });
    const summary = presets.map((p) => t("history.chart.presetItem", { preset: this.presetTitle(p.preset), average: number(p.average, this.lang), holes: p.holes })).join(this.lang === "ja" ? "、" : "; ");
    return el("figure", { class: "golf-chart" },
      svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": `${t("history.chart.presets")}: ${summary}` },
        svg("title", {}, t("history.chart.presets")), bars),
      el("figcaption", {}, t("history.chart.presets")));
  }

  // Each match's average hole score, oldest to newest (the last 30), as a line.
  seriesChart(series) {
    const t = this.t;
    const values = series.slice(-30).map((s) => s.average);
    const summary = t("history.chart.seriesSummary", { count: values.length, first: number(values[0], this.lang), last: number(values[values.length - 1], this.lang) });
    return this.lineChart(values, { title: t("history.chart.series"), summary, low: Math.min(0, ...values), high: Math.max(1, ...values), format: (v) => number(v, this.lang) });
  }

  // The Review's accuracy of each reviewed match, oldest to newest (the last 30), from 0 to 100%.
  accuracyChart(reviews) {
    const t = this.t;
    const values = reviews.slice(-30).map((r) => Math.round(100 * r.accuracy));
    const summary = t("history.chart.accuracySummary", { count: values.length, first: values[0], last: values[values.length - 1] });
    return this.lineChart(values, { title: t("history.chart.accuracy"), summary, low: 0, high: 100, format: (v) => `${v}%` });
  }

  lineChart(values, { title, summary, low, high, format }) {
    const width = 320;
    const height = 120;
    const pad = 24;
    const x = (index) => pad + (values.length > 1 ? (index * (width - 2 * pad)) / (values.length - 1) : (width - 2 * pad) / 2);
    const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / (high - low || 1);
    const points = values.map((v, index) => `${x(index).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const dots = values.map((v, index) => svg("circle", { cx: x(index).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "golf-chart__dot" }));
    return el("figure", { class: "golf-chart" },
      svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": `${title}: ${summary}` },
        svg("title", {}, title),
        svg("line", { x1: pad, y1: y(Math.max(low, 0)), x2: width - pad, y2: y(Math.max(low, 0)), class: "golf-chart__axis" }),
        svg("text", { x: 2, y: y(high) + 4, class: "golf-chart__value" }, format(high)),
        svg("text", { x: 2, y: y(low) + 4, class: "golf-chart__value" }, format(low)),
        values.length > 1 ? svg("polyline", { points, class: "golf-chart__line" }) : null, dots),
      el("figcaption", {}, title));
  }

  // -- the matches, newest first -------------------------------------------------------------------------------------
  playerName(match, seat) {
    const t = this.t;
    const player = match.players[seat];
    if (player.kind === "you") return t("history.you");
    if (player.kind === "computer") return t("history.computer", { n: seat + 1, level: t(`play.level.${player.level}`) });
    return player.name || t("play.person", { n: seat + 1 });
  }

  result(match) {
    const t = this.t;
    if (match.you === null) return t("history.result.winner", { names: match.winners.map((seat) => this.playerName(match, seat)).join(t("play.and")) });
    if (!match.winners.includes(match.you)) return t("history.result.lost");
    return match.winners.length > 1 ? t("history.result.shared") : t("history.result.won");
  }

  matchList(matches) {
    const t = this.t;
    const date = new Intl.DateTimeFormat(this.lang, { dateStyle: "medium", timeStyle: "short" });
    const items = [...matches].reverse().map((match) => {
      const seats = match.players.map((_, seat) => seat);
      const head = el("tr", {}, el("th", { scope: "col" }, t("play.scores.hole")), seats.map((seat) => el("th", { scope: "col" }, this.playerName(match, seat))));
      const rows = match.holes.map((hole, index) => el("tr", {}, el("th", { scope: "row" }, String(index + 1)),
        hole.points.map((points, seat) => el("td", { class: "golf-points" }, signed(points), hole.went_out === seat ? ` ${t("history.wentOutMark")}` : ""))));
      const total = el("tr", { class: "golf-total" }, el("th", { scope: "row" }, t("play.total")), match.totals.map((p) => el("td", { class: "golf-points" }, signed(p))));
      const summary = el("summary", {}, `${date.format(new Date(match.date))} · ${this.presetTitle(match.preset)} · ${t(`history.mode.${match.mode}`)} · ${this.result(match)}`);
      return el("li", { class: "golf-history-match", "data-id": match.id },
        el("details", {}, summary, el("table", { class: "golf-table-data golf-scores" }, el("caption", {}, t("history.scoresCaption", { count: match.holes.length })),
          el("thead", {}, head), el("tbody", {}, rows, total))));
    });
    return el("section", { "aria-labelledby": "golf-history-list" }, el("h2", { id: "golf-history-list" }, t("history.matches")),
      el("ul", { class: "golf-history-list" }, items));
  }
}

const root = document.getElementById("golf-history");
if (root) {
  const t = translator(pageLang);
  // The presets' titles come from the build's static data; the page works without them (names instead).
  fetch(new URL(`playground/data-${pageLang}.json`, siteRoot)).then((r) => (r.ok ? r.json() : { presets: [] })).catch(() => ({ presets: [] }))
    .then((data) => new HistoryPage(root, { t, lang: pageLang, presets: data.presets || [] }).render());
}
