// The Play page drawn from its state (play-state.js): the fixed parts are built once (live regions, the keys
// list), and each redraw draws the toolbar, the stage, the actions and the side afresh and patches the page's
// nodes to match (dom-patch.js), so a control that stays keeps its focus, and only a part whose shape changes
// is made anew. The renderer asks nothing of the engine: what the person presses goes to `page` (the commands
// of play-commands.js).
import { recordMatchReview } from "./history-store.js";
import { engineStatus } from "./engine-client.js";
import { cardBack, el } from "./dom.js";
import { patchChildren } from "./dom-patch.js";
import { keysList } from "./play-keys.js";
import { setupForm } from "./play-setup.js";
import { ReviewPanel } from "./play-review.js";
import { pilesView, resultTable, rulesInPlay, scoreTable, seatName, seatView, signed } from "./play-view.js";
import { PEEK_SHOWN_MS, dataPhase, isPassAndPlay, peekOnShow, shownView, viewerSeat } from "./play-state.js";

// What the person can play now: a position of their own, a pile to draw from (the view marks the rest aria-disabled).
const PLAYABLE = ".golf-seat--mine [data-pos][aria-disabled=false], [data-pile][aria-disabled=false]";
// Key hints in a text (" (X)", " (1–6)", "（U）", "（1〜6）", " (Enter)"): a touch screen has no keys to press.
const KEY_HINT = /\s?[(（](?:[A-Z]|Enter|Esc|\d+(?:[–〜-]\d+)?)[)）]/g;

export function withoutKeyHints(text) {
  return text.replace(KEY_HINT, "");
}

export class PlayRenderer {
  // `page`: the commands the controls call; `store`: what the page shows from this browser's storage (its
  // health, the sound switch, the record, the last choices).
  constructor(root, { data, t, lang, touch, engine, session, store, page }) {
    Object.assign(this, { root, data, t, lang, touch, engine, store, page });
    this.form = null; // the new-match form, built once each time it opens (a redraw keeps what was chosen)
    this.returnFocus = null; // a focused control disabled while the engine works: it gets the focus back
    this.damagedUrl = null; // [text, object URL] of the damaged save's download
    this.review = new ReviewPanel({ reviewer: session.review, t, lang }); // the hole review (H14)
    this.review.onChange = () => page.render();
    // A finished match's whole Review goes with it into the history (the stats' accuracy over time).
    this.review.onReviewed = (view, seat, review) => recordMatchReview(view, seat, review, this.data);
    this.build();
  }

  // -- the page's fixed parts: built once, so live regions and the keys list stay put ---------------------------
  build() {
    const t = this.t;
    this.status = engineStatus(this.engine, t);
    this.alert = el("p", { class: "golf-error", role: "alert" });
    this.noticeLine = el("p", { class: "golf-notice", role: "status" });
    this.toolbar = el("div", { class: "golf-toolbar" });
    this.stage = el("div", { class: "golf-stage", tabindex: "-1" });
    this.prompt = el("p", { class: "golf-prompt", role: "status", "aria-live": "polite" });
    // role="log": the moves read out one by one (a plain <p> may not carry a label).
    this.log = el("p", { class: "golf-log", role: "log", "aria-label": t("play.log") });
    this.actions = el("div", { class: "golf-actions" });
    this.side = el("div", { class: "golf-side" });
    this.root.replaceChildren(this.status, this.alert, this.noticeLine, this.toolbar, this.stage, this.prompt, this.actions, this.log, this.side, keysList(t));
    this.layer = el("div", { class: "golf-travel", "aria-hidden": "true" }); // the cards in flight
    document.body.append(this.layer);
  }

  // A text as the page shows it: on a touch screen without keys, the key hints ("(X)", "（1〜6）") go.
  tt(key, params) {
    const text = this.t(key, params);
    return this.touch ? withoutKeyHints(text) : text;
  }

  render(state) {
    const active = document.activeElement;
    const hadFocus = this.root.contains(active) && active !== this.root;
    const view = state.view;
    const phase = dataPhase(state);
    this.root.dataset.phase = phase;
    if (!isSetup(state)) this.form = null;
    this.root.dataset.seat = view && view.observation.to_move !== null ? String(view.observation.to_move) : "";
    this.root.dataset.busy = String(state.busy);
    if (state.replay) this.root.dataset.replay = String(state.replay.index + 1);
    else delete this.root.dataset.replay;
    this.alert.textContent = state.error;
    this.alert.hidden = !state.error;
    this.renderNotice(state);
    patchChildren(this.toolbar, this.toolbarParts(state));
    patchChildren(this.stage, this.stageParts(state));
    setText(this.prompt, this.promptText(state));
    patchChildren(this.actions, this.actionParts(state));
    patchChildren(this.side, this.sideParts(state));
    setText(this.log, !view || state.phase === "setup" ? "" : state.log);
    this.keepFocus(active, hadFocus, state);
  }

  // The end of a hole: its result table comes into view (at 1366x768 it was below the fold).
  showResult() {
    const result = this.side.querySelector(".golf-result");
    if (result) result.scrollIntoView({ block: "nearest" });
  }

  // One line that is not an error: storage refused or full, a damaged save restored in part (with its copy
  // to download), an undo, a shared deal.
  renderNotice(state) {
    const health = this.store.health();
    const parts = [];
    if (health !== "ok") parts.push(this.t(`play.storage.${health}`));
    if (state.notice) parts.push(state.notice);
    const line = [];
    if (parts.length) line.push(parts.join(" "));
    if (state.damagedCopy) {
      if (!this.damagedUrl || this.damagedUrl[0] !== state.damagedCopy) {
        this.damagedUrl = [state.damagedCopy, URL.createObjectURL(new Blob([state.damagedCopy], { type: "application/json" }))];
      }
      line.push(" ", el("a", { href: this.damagedUrl[1], download: "sixcardgolf-damaged-save.json", "data-focus": "damaged-download" }, this.t("play.damaged.download")));
    }
    patchChildren(this.noticeLine, line);
    this.noticeLine.hidden = !line.length;
  }

  // The controls stay where they are, and with them the focus. Two cases remain: a focused control the engine's
  // work disabled hands the focus on and gets it back once it answers; a focused control that went away (Start,
  // a played button, the table behind a handover screen) hands it to the next thing to press, never to the
  // page's body.
  keepFocus(active, hadFocus, state) {
    const waiting = this.returnFocus;
    if (waiting && waiting.isConnected && !waiting.disabled) {
      this.returnFocus = null;
      waiting.focus({ preventScroll: true });
      return;
    }
    if (waiting && !(state.busy && waiting.isConnected)) this.returnFocus = null;
    if (!hadFocus) {
      if (this.returnFocus && !this.root.contains(document.activeElement)) this.focusNext();
      return;
    }
    if (active.isConnected && !active.disabled) {
      if (document.activeElement !== active) active.focus({ preventScroll: true }); // moved among its neighbours
      return;
    }
    if (active.isConnected && state.busy) this.returnFocus = active;
    // A control drawn anew with its part of the page (same data-focus), or else the next thing to press.
    const again = !active.isConnected && active.dataset && active.dataset.focus
      ? this.root.querySelector(`[data-focus="${CSS.escape(active.dataset.focus)}"]`) : null;
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else if (!this.root.contains(document.activeElement) || document.activeElement === active) this.focusNext();
  }

  // The next thing to press when the focused control went away: a question's button, the form's first field,
  // the first of the person's own positions that can be played now, a pile that can be drawn from, or else the
  // table itself (.golf-stage, not a button: the game's keys, Enter included, act from there, and Tab goes on
  // to the table's first control).
  focusNext() {
    const next = [".golf-confirm [data-focus]", ".golf-paused [data-focus]", ".golf-handover [data-focus]", ".golf-setup input, .golf-setup select", PLAYABLE];
    const node = next.map((selector) => this.root.querySelector(selector)).find(Boolean) || this.stage;
    node.focus({ preventScroll: true });
  }

  button(key, onclick, { primary = false, disabled = false, focus = key, title = null } = {}) {
    return el("button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""}`, "data-focus": focus, disabled, onclick, title }, this.tt(key));
  }

  toolbarParts(state) {
    const t = this.t;
    const view = state.view;
    const setup = state.phase === "setup";
    const parts = [];
    if (view && !setup) {
      parts.push(el("strong", { class: "golf-toolbar__hole" }, view.hole > view.holes ? t("play.playoff", { n: view.hole - view.holes }) : t("play.hole", { n: Math.max(view.hole, 1), of: view.holes })));
    }
    if (view && !view.outcome && !setup) {
      const paused = state.phase === "paused";
      parts.push(el("button", { type: "button", class: "md-button", "data-focus": "pause", onclick: () => this.page.togglePause() }, paused ? t("play.resume") : t("play.pause")));
    }
    if (!setup) parts.push(el("button", { type: "button", class: "md-button", "data-focus": "new-match", onclick: () => this.page.openSetup() }, t("play.newMatch")));
    if (view && !setup) parts.push(el("button", { type: "button", class: "md-button", "data-focus": "share", onclick: () => this.page.share() }, t("play.share")));
    parts.push(el("button", { type: "button", class: "md-button", "data-focus": "daily", onclick: () => this.page.startDaily() }, t("play.daily")));
    // Play with friends, each on their own device (issue 26): the room form, with a place to type a code.
    if (setup) parts.push(el("a", { class: "md-button", href: "#room=new", "data-focus": "rooms", "data-room-open": "" }, t("room.open")));
    const sound = el("input", { type: "checkbox", id: "golf-sound", checked: this.store.sound(), onchange: (event) => this.store.keepSound(event.target.checked) });
    parts.push(el("label", { class: "golf-sound", for: "golf-sound" }, sound, t("play.sound")));
    if (setup) {
      const atOnce = el("input", { type: "checkbox", id: "golf-at-once", checked: this.store.movesAtOnce(), onchange: (event) => this.store.keepMovesAtOnce(event.target.checked) });
      parts.push(el("label", { class: "golf-sound", for: "golf-at-once" }, atOnce, t("play.movesAtOnce")));
    }
    return parts;
  }

  stageParts(state) {
    if (state.phase === "paused" && state.view) return [this.pausedScreen()];
    if (isSetup(state)) return this.setupParts(state);
    if (state.otherTab) return [this.otherTabQuestion()];
    if (state.phase === "pending") return [this.pendingTable(state)];
    if (!state.view) return [el("div", { class: "golf-frame", "aria-hidden": "true" }, cardBack(), cardBack())];
    if (state.phase === "handover") return [state.handover.back !== null ? this.handBackScreen(state) : this.handoverScreen(state)];
    return [this.table(state)];
  }

  pausedScreen() {
    const t = this.t;
    return el("p", { class: "golf-paused" }, t("play.paused"), " ",
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "resume", onclick: () => this.page.togglePause() }, t("play.resume")));
  }

  setupParts(state) {
    const t = this.t;
    const parts = [];
    if (state.confirm) {
      const { choices, daily } = state.confirm;
      parts.push(el("div", { class: "golf-confirm", role: "alertdialog", "aria-labelledby": "golf-confirm-text" },
        el("p", { id: "golf-confirm-text" }, t("play.setup.replace")),
        el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "replace-yes", onclick: () => this.page.startMatch(choices, daily) }, t("play.setup.replaceYes")),
        el("button", { type: "button", class: "md-button", "data-focus": "replace-no", onclick: () => this.page.keepPlaying() }, t("play.setup.replaceNo"))));
    }
    const initial = { ...this.data.setup.defaults, ...(state.formChoices || this.store.choices() || {}) };
    if (state.linkedPreset && initial.preset !== state.linkedPreset) Object.assign(initial, { preset: state.linkedPreset, options: {} });
    const view = state.view;
    if ((view && view.outcome === null) || (!view && state.resume && !state.confirm && !state.error)) {
      parts.push(el("p", {}, el("button", { type: "button", class: "md-button", "data-focus": "back-to-match", onclick: () => this.page.keepPlaying() }, t("play.resume"))));
    }
    // Built once each time it opens: a redraw meanwhile (the engine becoming ready) keeps what the person chose.
    this.form ||= setupForm(this.data, t, initial, (choices) => this.page.requestStart(choices), this.engine, this.lang, PEEK_SHOWN_MS / 1000);
    parts.push(this.form);
    return parts;
  }

  // The table of a match dealt while the engine starts: every seat face down under its name (the person is
  // seat 1), the person's positions open for the opening choices. The piles come with the engine's deal.
  pendingTable(state) {
    const pending = state.pending;
    const seats = pending.choices.seats || ["human", ...(pending.choices.levels || [])];
    const faceDown = Array.from({ length: pending.rows * pending.cols }, () => ({ card: null, up: false }));
    const view = { cols: pending.cols, seats, observation: { visible_scores: seats.map(() => 0), to_move: null, phase: "opening", held: null } };
    const s = { t: this.t, lang: this.lang, view, selected: state.selected };
    const open = pending.opening.length < pending.reveals;
    const targets = Object.fromEntries(faceDown.map((_, index) => [String(index + 1), open && !pending.opening.includes(index + 1) ? "opening" : null]));
    const others = el("div", { class: "golf-opponents" });
    seats.forEach((_, seat) => {
      if (seat > 0) others.append(seatView(s, seat, faceDown, { mine: false, targets: {}, cancelled: new Set(), hidePeeked: true }));
    });
    const mine = seatView(s, 0, faceDown, { mine: true, targets, cancelled: new Set(), chosen: pending.opening, hidePeeked: true,
      onPosition: (position) => this.page.choosePending(position) });
    return el("div", { class: "golf-board", tabindex: "-1" }, others, el("div", { class: "golf-felt" }, mine));
  }

  // Another tab wrote this match's save since this tab last did: continue from the newer save (the default), or
  // keep this tab's match, which then replaces it. Nothing is written until the person chooses.
  otherTabQuestion() {
    const t = this.t;
    return el("div", { class: "golf-confirm", role: "alertdialog", "aria-labelledby": "golf-other-tab" },
      el("p", { id: "golf-other-tab" }, t("play.otherTab.title"), " ", t("play.otherTab.body")),
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "other-tab-load", onclick: () => this.page.loadOtherTab() }, t("play.otherTab.load")),
      el("button", { type: "button", class: "md-button", "data-focus": "other-tab-keep", onclick: () => this.page.keepThisTab() }, t("play.otherTab.keep")));
  }

  // Pass-and-play: the device goes back to the person whose move is taken back; the next person never sees it.
  handBackScreen(state) {
    const t = this.t;
    const name = seatName(t, state.view, state.handover.back);
    return el("section", { class: "golf-handover", "aria-labelledby": "handover-title" },
      el("h2", { id: "handover-title" }, t("play.handback.title", { name })),
      el("p", {}, t("play.handback.body", { name })),
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "handback", onclick: () => this.page.undo() }, this.tt("play.handover.button", { name })),
      el("button", { type: "button", class: "md-button", "data-focus": "handback-cancel", onclick: () => this.page.cancelHandBack() }, t("play.handback.cancel")));
  }

  handoverScreen(state) {
    const t = this.t;
    const seat = state.handover.to;
    const name = t("play.person", { n: seat + 1 });
    const news = state.news[seat] || [];
    return el("section", { class: "golf-handover", "aria-labelledby": "handover-title" },
      el("h2", { id: "handover-title" }, t("play.handover.title", { name })),
      el("p", {}, t("play.handover.body")),
      news.length ? el("div", { class: "golf-news" }, el("p", {}, t("play.handover.news")), el("ul", {}, news.map((line) => el("li", {}, line)))) : null,
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "handover", onclick: () => this.page.confirmHandover() }, this.tt("play.handover.button", { name })));
  }

  table(state) {
    const view = shownView(state);
    const s = { t: this.t, lang: this.lang, view, selected: state.selected };
    const me = viewerSeat(state);
    const obs = view.observation;
    const cancelledBy = (seat) => new Set(view.scores ? view.scores[seat].cancelled.flat() : []);
    const peekShown = state.peekShown && state.peekShown.seat === me;
    const hidePeeked = !view.hole_over && !state.peekAid && !peekShown;
    const others = el("div", { class: "golf-opponents" });
    obs.layouts.forEach((layout, seat) => {
      if (seat !== me) others.append(seatView(s, seat, layout, { mine: false, targets: {}, cancelled: cancelledBy(seat), hidePeeked: true }));
    });
    const targets = state.busy || state.handover !== null ? {} : view.targets;
    const mine = seatView(s, me, obs.layouts[me], { mine: true, targets, cancelled: cancelledBy(me),
      chosen: state.peekChoice, hidePeeked, onPosition: (position, target) => this.page.onPosition(position, target) });
    const piles = pilesView({ ...s, view: { ...view, piles: state.busy ? { stock: false, discard: false } : view.piles } }, {
      onPile: (pile) => this.page.onPile(pile),
      onHeld: () => this.page.toggleHeld() });
    const felt = el("div", { class: "golf-felt", onclick: (event) => {
      if (event.target === event.currentTarget && obs.phase === "holding") this.page.letGo();
    } }, piles, mine);
    return el("div", { class: "golf-board", tabindex: "-1" }, others, felt);
  }

  promptText(state) {
    const t = this.t;
    const view = state.view;
    if (isSetup(state)) return "";
    const pending = state.pending;
    if (pending) return pending.opening.length < pending.reveals
      ? t("play.prompt.opening", { left: pending.reveals - pending.opening.length }) : t("play.loadingDeal");
    if (!view) return "";
    if (peekOnShow(state)) {
      return t("play.peekShown", { seconds: PEEK_SHOWN_MS / 1000, name: seatName(t, view, state.handover.to) });
    }
    if (state.phase === "handover") return "";
    if (state.replay && state.replay.index >= 0) return this.showingText(state);
    const names = (seats) => seats.map((seat) => seatName(t, view, seat)).join(t("play.and"));
    if (view.hole_over) {
      // Who ended it, when someone did ("You knocked…", "Computer 2 (Hard) went out…").
      const ended = view.ended_by !== null && view.ended_by !== undefined && view.end_reason_by_text
        ? view.end_reason_by_text.replace("{name}", () => seatName(t, view, view.ended_by)) : view.end_reason_text;
      const reason = t("play.holeOver", { reason: ended });
      if (!view.outcome) return reason;
      const winners = view.outcome.winners;
      const win = view.outcome.shared ? t("play.winner.shared", { names: names(winners) })
        : (view.room ? winners[0] === viewerSeat(state) : view.seats[winners[0]] === "human" && !isPassAndPlay(state))
          ? t("play.winner.you") : t("play.winner.one", { names: names(winners) });
      return t("play.sentences", { first: reason, second: win });
    }
    const seat = view.observation.to_move;
    if (seat !== viewerSeat(state)) return state.busy ? t("play.thinking", { name: seatName(t, view, seat) }) : t("play.turnOf", { name: seatName(t, view, seat) });
    if (state.busy && view.seats.some((kind) => kind !== "human")) return state.hint || "";
    const prompt = view.prompt;
    if (!prompt) return "";
    let text;
    if (prompt.key === "opening-peek") {
      text = state.peekChoice.length >= prompt.left ? t("play.prompt.opening-peek-confirm") : t("play.prompt.opening-peek", { left: prompt.left - state.peekChoice.length });
    } else if (prompt.key.startsWith("holding") && !state.selected) text = t(`play.prompt.holding-released${this.touch ? ".touch" : ""}`);
    else text = this.tt(`play.prompt.${prompt.key}`, prompt);
    return state.hint ? t("play.sentences", { first: text, second: state.hint }) : text;
  }

  // While the moves of an answer are shown: whose move this is, and how to skip to the end (the log line under
  // the actions says what the move was).
  showingText(state) {
    const move = state.replay.moves[state.replay.index];
    const touch = this.touch ? ".touch" : ""; // a tap skips them; there is no Enter key to name
    if (move.seat === viewerSeat(state)) return this.t(`play.showing.yours${touch}`);
    return this.t(`play.showing${touch}`, { name: seatName(this.t, state.view, move.seat) });
  }

  actionParts(state) {
    const t = this.t;
    const view = state.view;
    if (!view || isSetup(state) || state.pending) return [];
    const locked = state.busy;
    const button = (key, onclick, { disabled = false, ...options } = {}) => this.button(key, onclick, { ...options, disabled: locked || disabled });
    const undoTitle = view.undo_redeals ? t("play.undo.redeals") : null;
    const out = [];
    if (state.phase === "handover") {
      if (view.can_undo && state.handover.back === null) out.push(button("play.action.undo", () => this.page.undo(), { title: undoTitle }));
      return out;
    }
    if (peekOnShow(state)) return [button("play.action.peekDone", () => this.page.endPeekShow(), { primary: true })];
    for (const action of view.buttons) out.push(button(`play.action.${action}`, () => this.page.act(action), { focus: action }));
    if (state.peekChoice.length) out.push(button("play.action.confirmPeek", () => this.page.confirmPeek(), { primary: true }));
    if (view.observation.phase === "flip" && view.can_undo) out.push(button("play.action.back", () => this.page.undo(), { title: undoTitle }));
    // In a room Undo is there only while the server offers it (a move that showed nobody anything new, before the
    // next seat acts); at one device it stays, disabled when there is nothing to take back.
    if (!view.outcome && view.undo_offered && (!view.room || view.can_undo)) out.push(button("play.action.undo", () => this.page.undo(), { disabled: !view.can_undo, title: undoTitle }));
    if (view.prompt) out.push(button("play.action.hint", () => this.page.hint()));
    // The actions of the person's coming turn are taken at once, even while the moves before it are shown (as
    // their keys are); what follows the end of a hole waits until the showing ends, so the end is seen first.
    if (state.replay) return out;
    out.push(...this.review.buttons(view, viewerSeat(state)));
    out.push(...this.endParts(state, button));
    return out;
  }

  // What follows the end of a hole: Next hole, or at the match's end Play again (a room has its own: room-render.js).
  endParts(state, button) {
    const view = state.view;
    const out = [];
    if (view.can_next) out.push(button("play.action.next", () => this.page.act("next"), { primary: true }));
    if (view.outcome) {
      out.push(button("play.playAgain", () => this.page.playAgain(), { primary: true }));
      if (state.daily) out.push(this.dailyResult(state));
    }
    return out;
  }

  dailyResult(state) {
    const view = state.view;
    const preset = this.data.presets.find((p) => p.name === "basic");
    const opponent = view.seats.findIndex((kind) => kind !== "human");
    const result = this.t("play.dailyResult", { date: state.daily.date, preset: preset ? preset.title : "", points: signed(view.totals[0]),
      opponent: this.t(`play.level.${view.seats[opponent]}`), theirs: signed(view.totals[opponent]) });
    // A second try at the same deal is a different result: the line says so.
    const line = state.daily.try > 1 ? this.t("play.dailyTry", { line: result, n: state.daily.try }) : result;
    // The whole line, wrapped as needed (a one-line field cut the points off), selectable for copying.
    const text = el("output", { class: "golf-daily__line", "aria-label": this.t("play.daily") }, line);
    return el("div", { class: "golf-daily" }, text,
      el("button", { type: "button", class: "md-button", "data-focus": "copy-daily", onclick: (event) => {
        // The line on the page (this drawing's copy of it may not be the node kept there).
        getSelection().selectAllChildren(event.currentTarget.parentElement.querySelector(".golf-daily__line"));
        if (navigator.clipboard) navigator.clipboard.writeText(line).catch(() => {});
      } }, this.t("play.copyResult")));
  }

  sideParts(state) {
    // While the moves are shown, the side stays as it was before them (the hole's result comes at the end).
    const view = state.replay ? state.replay.before : state.view;
    const s = { t: this.t, lang: this.lang, view, selected: state.selected };
    const setup = isSetup(state);
    const parts = [];
    if (state.shareUrl && view && !setup) {
      parts.push(el("p", { class: "golf-share" }, el("label", {}, this.t("play.shareLabel"), " ", el("input", { type: "text", readonly: true, value: state.shareUrl }))));
    }
    const review = setup || !view ? null : this.review.elementFor(view);
    if (!view || setup || state.phase === "handover") return parts;
    if (review) parts.push(review);
    if (view.hole_over && view.scores) parts.push(resultTable(s));
    parts.push(scoreTable(s));
    const record = this.store.record();
    if (record.matches && !isPassAndPlay(state) && !view.room) parts.push(el("p", { class: "golf-record" }, this.t("play.record", record)));
    const rules = JSON.stringify(view.rules);
    const preset = this.data.presets.find((p) => JSON.stringify(p.options) === rules);
    if (preset) parts.push(rulesInPlay(s, preset.sections));
    else if (state.summary && state.summary.rules === rules) parts.push(rulesInPlay(s, state.summary.sections));
    else this.page.needSummary(view.rules);
    return parts;
  }
}

// The form (and the paused screen) are the "setup" of #golf-match[data-phase].
function isSetup(state) {
  return state.phase === "setup" || state.phase === "paused";
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
