// The Play page: against the computer or pass-and-play, the engine in a Web Worker (engine-client.js).
// The form, the keys and the table frame come from the build's static data at once; the engine deals and
// plays. The page draws only what the engine's view for the viewing seat contains, so it can show nothing a
// player may not see. Test hooks (playground/README.md): #golf-match[data-phase][data-seat], [data-pos],
// [data-pile].
import { GolfEngine, engineStatus, loadStaticData } from "./engine-client.js";
import { cardBack, el } from "./dom.js";
import { installKeys, keysList } from "./play-keys.js";
import { setupForm } from "./play-setup.js";
import { store } from "./play-store.js";
import { eventText, pilesView, resultTable, rulesInPlay, scoreTable, seatName, seatView, signed } from "./play-view.js";
import { pageLang, translator } from "./texts.js";
import { dailyDeal, parseDealLink, dealLink } from "./play-share.js";
import { playSound } from "./play-sound.js";
import { ReviewPanel } from "./play-review.js";
import { MOVE_MS, animateMove, finishAll, measureCards } from "./play-motion.js";

const STEP_MS = MOVE_MS + 120; // each move of a reply shows as its own table this long (the card lands, a beat)
const PEEK_SHOWN_MS = 3000; // how long peeked cards stay visible after the confirm
const TYPED_AHEAD_MAX = 4; // keys kept while the engine answers the person's own move
// What the person can play now: a position of their own, a pile to draw from (the view marks the rest aria-disabled).
const PLAYABLE = ".golf-seat--mine [data-pos][aria-disabled=false], [data-pile][aria-disabled=false]";
// Key hints in a text (" (X)", " (1–6)", "（U）", "（1〜6）", " (Enter)"): a touch screen has no keys to press.
const KEY_HINT = /\s?[(（](?:[A-Z]|Enter|Esc|\d+(?:[–〜-]\d+)?)[)）]/g;

export function withoutKeyHints(text) {
  return text.replace(KEY_HINT, "");
}

class PlayPage {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.lang = pageLang;
    this.t = translator(pageLang);
    this.view = null; // the engine's last answer
    this.pending = null; // a match started while the engine loads: {choices, opening: [positions]}
    this.selected = true; // the drawn card is selected for placing; Escape lets go of it
    this.handoverTo = null; // pass-and-play: the seat that must confirm before seeing cards
    this.shownSeat = null;
    this.busy = false;
    this.typedAhead = null; // keys typed while the engine answers (see call())
    this.paused = false;
    this.showSetup = false;
    this.confirmReplace = null; // choices waiting for "start the new match?"
    this.peekChoice = []; // four-card peek: positions chosen before the confirm
    this.peekShown = null; // {seat, until}: that seat's peeked cards show until then (seed 003)
    this.peekAid = Boolean((store.choices() || {}).peekAid); // "remember my peeked cards": they stay shown
    this.news = {}; // pass-and-play: seat -> what the others did since that seat's last turn
    this.error = "";
    this.message = "";
    this.notice = ""; // one line that is not an error: storage refused, a damaged save partly restored, an undo
    this.damagedCopy = null; // a save that could not be restored whole, set aside: offered for download
    this.otherTab = false; // another tab wrote the save since this tab last read or wrote it (see play-store.js)
    this.handBack = null; // pass-and-play: the seat the device goes back to before its move is taken back
    this.lastNews = []; // pass-and-play: [seat, lines added] by the last answer, taken back with an undo
    this.touch = matchMedia("(hover: none) and (pointer: coarse)").matches; // no keys to hint at
    this.daily = null; // {date} while playing the daily deal
    this.replay = null; // {moves, lines, index}: the moves of the last answer, shown one table at a time
    this.engine = new GolfEngine(data);
    this.build();
    installKeys(() => this.tableOnScreen(), (command) => this.onCommand(command));
  }

  // -- the page's fixed parts: built once, so live regions and the keys list stay put ---------------------
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
    this.review = new ReviewPanel({ engine: this.engine, t, lang: this.lang }); // the hole review (H14)
    this.review.onChange = () => this.render();
    this.root.replaceChildren(this.status, this.alert, this.noticeLine, this.toolbar, this.stage, this.prompt, this.actions, this.log, this.side, keysList(t));
    this.layer = el("div", { class: "golf-travel", "aria-hidden": "true" }); // the cards in flight
    document.body.append(this.layer);
    // A click while the moves are being shown ends the showing first, then reaches the same control redrawn.
    this.root.addEventListener("click", (event) => this.clickDuringReplay(event), { capture: true });
    this.engine.addEventListener("ready", () => this.engineReady());
    store.onHealth(() => this.render());
    store.onOtherTab(() => {
      if (this.view || this.pending) {
        this.otherTab = true;
        this.render();
      }
    });
  }

  // A text as the page shows it: on a touch screen without keys, the key hints ("(X)", "（1〜6）") go.
  tt(key, params) {
    const text = this.t(key, params);
    return this.touch ? withoutKeyHints(text) : text;
  }

  start() {
    const link = parseDealLink(location.hash, this.data);
    const saved = store.save();
    if (link && link.error) this.error = this.t("play.badLink", { reason: this.t(link.error, link.details) });
    const wanted = /^#preset=([\w-]+)$/.exec(location.hash); // a game page's "Play" link
    if (wanted && this.data.presets.some((p) => p.name === wanted[1])) {
      this.linkedPreset = wanted[1];
      if (saved) this.resumeSaved = saved;
      this.showSetup = true; // the form with that game chosen; a match in progress is kept until Start
    } else if (link && !link.error) {
      if (saved) this.resumeSaved = saved;
      if (!link.daily) this.notice = this.t("play.sharedDeal");
      // A reload then resumes the deal in progress instead of offering to start it over (the link is used).
      history.replaceState(null, "", location.pathname + location.search);
      const daily = link.daily && { ...link.daily, try: store.noteDailyTry(link.daily.date) };
      this.requestStart({ ...link.choices, undo: false, fromLink: !link.daily }, daily); // results people compare
    } else if (saved) {
      this.resumeSaved = saved; // resumed once the engine is ready: no setup form, no paused screen
    } else {
      this.showSetup = true;
    }
    this.render();
  }

  tableOnScreen() {
    return !this.showSetup && !this.paused && !this.otherTab && (this.view !== null || this.pending !== null);
  }

  // -- engine ---------------------------------------------------------------------------------------------
  async engineReady() {
    if (this.pending) {
      const { choices, opening } = this.pending;
      const sent = opening.slice();
      try {
        await this.call("match_new", { ...this.matchParams(choices), opening: sent.map((p) => `flip ${p}`) }, { throwErrors: true });
      } catch (failure) {
        // A rule the engine refuses (a bad Custom value): its reason, and the form again with the same choices.
        this.pending = null;
        this.error = failure.message;
        this.formChoices = choices;
        this.showSetup = true;
        this.render();
        return;
      }
      const late = this.pending.opening.slice(sent.length); // chosen while the match was being dealt
      this.pending = null;
      for (const position of late) await this.call("match_act", { action: `flip ${position}` });
    } else if (this.resumeSaved && !this.showSetup) {
      await this.resumeMatch();
    }
    this.render();
  }

  // The saved match, replayed by the engine. A save that replays only in part is restored up to its first bad
  // move; either way a damaged save is set aside whole before anything can overwrite it, and offered for download.
  async resumeMatch() {
    const text = this.resumeSaved;
    try {
      const view = await this.call("match_load", { save: text }, { throwErrors: true });
      if (view && view.recovered) {
        this.keepDamaged(text);
        this.notice = this.t("play.damaged.recovered", view.recovered);
      }
      this.resumeSaved = null;
    } catch (failure) {
      this.keepDamaged(text);
      this.error = failure.message;
      this.showSetup = true;
    }
  }

  keepDamaged(text) {
    store.setAsideDamaged(text);
    this.damagedCopy = text;
  }

  matchParams(choices) {
    return { preset: choices.preset, options: choices.options, players: choices.players, seats: choices.seats, seed: choices.seed, undo: choices.undo !== false };
  }

  // One request to the engine with input locked meanwhile; the answer becomes the view. Keys typed during the
  // request are kept and replayed if the answer leaves the same person to move and nobody else moved (two
  // opening positions typed quickly both count); if anyone else moved, the person sees the table first.
  async call(method, params, { throwErrors = false } = {}) {
    this.finishReplay();
    this.busy = true;
    this.typedAhead = [];
    this.render();
    let answered = false;
    try {
      const view = await this.engine.call(method, { lang: this.lang, viewer: this.viewerSeat(), ...params });
      this.accept(view);
      answered = view;
    } catch (failure) {
      if (throwErrors) throw failure;
      this.error = failure.message;
    } finally {
      const typed = this.typedAhead;
      this.typedAhead = null;
      this.busy = false;
      if (this.replay) this.showMove(); // draws the table
      else this.render();
      if (answered && this.stillMyTurn()) for (const command of typed) this.onCommand(command);
    }
    return answered || null;
  }

  stillMyTurn() {
    const view = this.view;
    const me = this.viewerSeat();
    return this.handoverTo === null && view.observation.to_move === me && view.events.every((event) => event.seat === me);
  }

  accept(view) {
    const before = this.view;
    this.view = view;
    if (store.keep(view.save) === "newer") this.otherTab = true; // never over another tab's newer save
    if (view.hole_over && !(before && before.hole_over && before.hole === view.hole)) this.showResult = true;
    this.selected = true;
    this.error = "";
    this.lastNews = [];
    if (view.outcome && view.seats.filter((s) => s === "human").length === 1) {
      const won = view.outcome.winners.includes(view.seats.indexOf("human"));
      store.noteOutcome(view.seed, !won ? "lost" : view.outcome.shared ? "shared" : "solo");
    }
    const seat = view.observation.to_move;
    if (this.isPassAndPlay() && seat !== null && seat !== this.viewerSeat() && view.seats[seat] === "human") this.handoverTo = seat;
    if (!view.events.length) return;
    const lines = view.events.map((event) => eventText(this.state(), event));
    this.message = lines[lines.length - 1];
    this.log.textContent = this.message;
    this.noteNews(view.events, lines);
    // Within a hole the moves are shown one by one, each on the table as the viewer saw it just after (the
    // engine sends those tables); a new hole or a handover screen shows its final table at once.
    if (before && before.hole === view.hole && this.handoverTo === null) this.replay = { moves: view.events, lines, index: -1, before };
    else if (store.sound()) playSound(view.events[view.events.length - 1].action);
  }

  // The next move of the replay: its table drawn, its card in flight, its line in the log. The last move's
  // table is the engine's final view, so the person can act at once; a key or a click ends the showing early.
  showMove() {
    const replay = this.replay;
    replay.index += 1;
    const move = replay.moves[replay.index];
    const last = replay.index === replay.moves.length - 1;
    finishAll(this.layer); // the last move's cards have landed before the next move shows
    const before = measureCards(this.root);
    if (last) this.replay = null;
    this.log.textContent = replay.lines[replay.index];
    this.render();
    animateMove(move, before, measureCards(this.root), this.layer);
    if (store.sound()) playSound(move.action);
    if (!last) this.replayTimer = setTimeout(() => this.showMove(), STEP_MS);
  }

  finishReplay() {
    if (!this.replay) return;
    clearTimeout(this.replayTimer);
    this.log.textContent = this.replay.lines[this.replay.lines.length - 1];
    this.replay = null;
    finishAll(this.layer);
    this.render();
  }

  clickDuringReplay(event) {
    if (!this.replay) return;
    const control = event.target instanceof Element ? event.target.closest("[data-focus]") : null;
    this.finishReplay();
    if (control && !control.isConnected) {
      event.preventDefault();
      event.stopPropagation();
      const again = this.root.querySelector(`[data-focus="${control.dataset.focus}"]`);
      if (again) again.click();
    }
  }

  // The table being shown: the engine's view, or during a replay the table just after the move shown, with
  // nothing to press on it (the controls around it already act on the final view).
  shownView() {
    const replay = this.replay;
    if (!replay || replay.index < 0) return this.view;
    const table = replay.moves[replay.index].table;
    return { ...this.view, observation: table, targets: {}, piles: { stock: false, discard: false }, hole_over: false, scores: null };
  }

  noteNews(events, lines) {
    if (!this.isPassAndPlay()) return;
    events.forEach((event, index) => {
      this.view.seats.forEach((kind, seat) => {
        if (kind === "human" && seat !== event.seat) {
          (this.news[seat] ||= []).push(lines[index]);
          this.lastNews.push(seat);
        }
      });
    });
  }

  // -- who is who -------------------------------------------------------------------------------------------
  isPassAndPlay() {
    return this.view !== null && this.view.seats.filter((s) => s === "human").length > 1;
  }

  viewerSeat() {
    return this.shownSeat ?? (this.view ? this.view.viewer : 0);
  }

  state() {
    return { t: this.t, lang: this.lang, view: this.view, selected: this.selected };
  }

  // -- commands -----------------------------------------------------------------------------------------------
  canAct() {
    return !this.busy && this.view !== null && !this.paused && this.handoverTo === null && !this.otherTab;
  }

  act(action) {
    if (!this.canAct()) return;
    this.hintText = "";
    this.news[this.viewerSeat()] = [];
    this.call("match_act", { action });
  }

  onPosition(position, target) {
    if (this.pending) return this.choosePending(position);
    if (!this.canAct()) return;
    if (this.view.observation.phase === "holding" && !this.selected) {
      this.selected = true;
      this.render();
      return;
    }
    if (this.view.peek && this.view.observation.phase === "opening") {
      const left = this.view.prompt.left;
      this.peekChoice = this.peekChoice.includes(position) ? this.peekChoice.filter((p) => p !== position)
        : [...this.peekChoice, position].slice(-left);
      this.render();
      return;
    }
    this.act(target);
  }

  async confirmPeek() {
    if (!this.canAct() || !this.peekChoice.length) return;
    const chosen = this.peekChoice;
    this.peekChoice = [];
    // Seed 003: the peeked cards show for a few seconds, then go back face down until the scoring (unless the
    // person chose the aid that keeps them shown). Shown from the first answer on, so a pass-and-play handover
    // screen never comes first.
    const seat = this.viewerSeat();
    this.peekShown = { seat, until: Infinity };
    for (const position of chosen) await this.call("match_act", { action: `flip ${position}` });
    if (this.peekShown && this.peekShown.seat === seat) this.peekShown.until = Date.now() + PEEK_SHOWN_MS;
    this.render();
    setTimeout(() => this.render(), PEEK_SHOWN_MS + 50);
  }

  choosePending(position) {
    const pending = this.pending;
    if (pending.opening.includes(position) || pending.opening.length >= pending.reveals) return;
    pending.opening.push(position);
    this.render();
  }

  onPile(pile) {
    if (this.view && this.view.piles[pile === "stock" ? "stock" : "discard"]) this.act(pile === "stock" ? "draw" : "take");
  }

  // Undo takes back the person's last swap or discard and the turns after it; when those moves showed cards, the
  // engine deals the cards nobody may know again (the reply says so), so an undo never shows a card. Off in the
  // daily deal and shared deals. In pass-and-play, from the handover screen, the device first goes back to the
  // person whose move it was (handBack): the next person never sees that table.
  undo() {
    if (this.busy || !this.view || this.otherTab) return;
    if (!this.view.undo_offered) {
      this.notice = this.t("play.undo.off");
      this.render();
      return;
    }
    if (!this.view.can_undo) return;
    if (this.handoverTo !== null && this.handBack === null) {
      this.handBack = this.viewerSeat();
      this.render();
      return;
    }
    if (!this.canAct() && this.handBack === null) return;
    const news = this.lastNews;
    this.handoverTo = null;
    this.handBack = null;
    this.call("match_undo", {}).then((view) => {
      if (!view) return;
      for (const seat of news) (this.news[seat] || []).pop(); // the others never hear of the moves taken back
      this.notice = this.t(view.redealt ? "play.undone.redealt" : "play.undone");
      this.log.textContent = this.notice;
      this.render();
    });
  }

  cancelHandBack() {
    this.handBack = null;
    this.render();
  }

  async hint() {
    if (!this.canAct() || !this.view.prompt) return;
    this.busy = true;
    this.render();
    try {
      const advice = await this.engine.call("match_hint", { lang: this.lang });
      this.hintText = this.t("play.hint", { reason: advice.reason });
    } catch (failure) {
      this.error = failure.message;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  // Pass-and-play: after a peek the person who peeked sees the cards for a few seconds (seed 003) before the
  // handover screen hides the table; Enter or "Done" ends that at once.
  peekOnShow() {
    const shown = this.peekShown;
    return this.handoverTo !== null && shown !== null && shown.seat === this.viewerSeat() && Date.now() < shown.until;
  }

  endPeekShow() {
    this.peekShown = null;
    this.render();
  }

  confirmHandover() {
    if (this.handoverTo === null || this.busy || this.peekOnShow() || this.handBack !== null) return;
    this.shownSeat = this.handoverTo;
    this.handoverTo = null;
    this.call("match_view", {});
  }

  onCommand(command) {
    const showing = this.replay !== null;
    this.finishReplay(); // a key never waits for the moves being shown
    // Enter during the showing only ends it: it would otherwise go on to the next hole before the person saw
    // how this one ended. Every other key is taken at once.
    if (showing && command.command === "enter") return;
    if (this.peekOnShow()) {
      if (command.command === "enter") this.endPeekShow();
      return;
    }
    const view = this.view;
    if (this.busy && this.typedAhead && !this.pending) {
      if (this.typedAhead.length < TYPED_AHEAD_MAX) this.typedAhead.push(command);
      return;
    }
    if (command.position) {
      if (this.pending) return this.choosePending(command.position);
      const target = view && view.targets[String(command.position)];
      if (target) this.onPosition(command.position, target);
    } else if (command.pile) this.onPile(command.pile);
    else if (command.action) {
      if (view && view.buttons.includes(command.action) && (command.action !== "discard" || this.selected || true)) this.act(command.action);
    } else if (command.command === "undo" || (command.command === "back" && view && view.observation.phase === "flip")) this.undo();
    else if (command.command === "hint") this.hint();
    else if (command.command === "escape") {
      if (view && view.observation.phase === "holding") {
        this.selected = false;
        this.render();
      }
    } else if (command.command === "enter") {
      if (this.handBack !== null) this.undo();
      else if (this.handoverTo !== null) this.confirmHandover();
      else if (this.peekChoice.length) this.confirmPeek();
      else if (view && view.observation.phase === "holding" && !this.selected) {
        this.selected = true;
        this.render();
      } else if (view && view.can_next && !this.busy) this.act("next");
      else if (view && view.outcome && !this.busy && !this.replay) this.playAgain();
    }
  }

  // -- setup, pause, share ----------------------------------------------------------------------------------------
  requestStart(choices, daily = null) {
    const inProgress = this.view ? !this.view.outcome : Boolean(this.resumeSaved);
    if (inProgress && !this.confirmReplace) {
      this.confirmReplace = { choices, daily };
      this.showSetup = true;
      this.render();
      return;
    }
    this.confirmReplace = null;
    this.startMatch(choices, daily);
  }

  // "Keep playing" at the question: back to the match on screen, or the saved one (a link opened the question
  // before anything was loaded: the saved match is loaded now, or as soon as the engine is ready).
  keepPlaying() {
    this.confirmReplace = null;
    this.notice = "";
    if (this.view || !this.resumeSaved) {
      this.showSetup = !this.view;
      this.render();
      return;
    }
    this.showSetup = false;
    this.render();
    if (this.engine.state === "ready") this.resumeMatch().then(() => this.render());
  }

  startMatch(choices, daily = null) {
    const seed = choices.seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
    const full = { ...choices, seed };
    if (!daily) store.keepChoices({ mode: choices.mode, players: choices.players, preset: choices.preset, holes: choices.holes, levels: choices.levels, options: choices.options, peekAid: choices.peekAid });
    if (choices.peekAid !== undefined) this.peekAid = choices.peekAid; // a link or the daily deal keeps the last choice
    this.daily = daily;
    this.lastChoices = full;
    this.showSetup = false;
    this.paused = false;
    this.shownSeat = null;
    this.handoverTo = null;
    this.news = {};
    this.peekChoice = [];
    this.resumeSaved = null;
    this.formChoices = null;
    this.otherTab = false;
    this.handBack = null;
    this.error = "";
    this.message = "";
    if (!choices.fromLink) this.notice = "";
    store.claim(); // the person chose to start this match: it replaces whatever match is saved
    this.finishReplay();
    this.log.textContent = "";
    // Deal face down at once; opening choices (positions only) are taken here and sent with the deal, when the
    // engine is ready (at once if it is already).
    const preset = this.data.presets.find((p) => p.name === full.preset) || this.data.presets[0];
    const layout = (full.options.layout || preset.options.layout || `${preset.rows}x${preset.cols}`).split("x").map(Number);
    const reveals = full.options.initial_reveals ?? preset.options.initial_reveals;
    const peek = full.options.peek ?? preset.options.peek;
    this.view = null;
    this.pending = { choices: full, opening: [], rows: layout[0], cols: layout[1], reveals: peek ? 0 : reveals };
    this.render();
    if (this.engine.state === "ready") this.engineReady();
  }

  // Today's deal, the same for everyone: no Undo, and the result line says which try this is.
  startDaily() {
    const { choices, daily } = dailyDeal(new Date(), this.data);
    this.requestStart({ ...choices, undo: false }, { ...daily, try: store.noteDailyTry(daily.date) });
  }

  playAgain() {
    if (!this.lastChoices && this.view) {
      const rules = this.view.rules;
      this.lastChoices = { mode: "computer", players: this.view.seats.length, preset: "basic", holes: rules.holes, options: rules, seats: this.view.seats };
    }
    const { seed, undo, fromLink, ...again } = this.lastChoices; // a new deal: nothing to compare, Undo as usual
    this.startMatch(again, null);
  }

  shareLink() {
    const url = dealLink(location.href, this.view, this.data);
    const field = this.root.querySelector(".golf-share input");
    if (field) {
      field.value = url;
      field.select();
    }
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    this.notice = this.t("play.shareCopied"); // at the top of the page, in view (it was below the fold)
    this.shareUrl = url;
    this.render();
  }

  // -- drawing -----------------------------------------------------------------------------------------------------
  render() {
    const t = this.t;
    const active = document.activeElement;
    const focus = !active || !active.dataset ? null : active.dataset.focus ? `[data-focus="${active.dataset.focus}"]` : active.id ? `#${CSS.escape(active.id)}` : null;
    const hadFocus = this.root.contains(active);
    const view = this.view;
    const phase = this.showSetup || this.paused ? "setup"
      : this.pending ? (this.pending.opening.length < this.pending.reveals ? "opening" : "loading")
        : !view ? "loading"
          : this.handoverTo !== null ? (this.peekOnShow() ? "opening" : "handover")
            : view.outcome ? "match-over"
              : view.hole_over ? "hole-over"
                : view.observation.phase;
    this.root.dataset.phase = phase;
    if (phase !== "setup") this.form = null;
    this.root.dataset.seat = view && view.observation.to_move !== null ? String(view.observation.to_move) : "";
    this.root.dataset.busy = String(this.busy);
    if (this.replay) this.root.dataset.replay = String(this.replay.index + 1);
    else delete this.root.dataset.replay;
    this.alert.textContent = this.error;
    this.alert.hidden = !this.error;
    this.renderNotice();
    this.renderToolbar(phase);
    this.stage.replaceChildren(...this.renderStage(phase));
    this.prompt.textContent = this.promptText(phase);
    this.actions.replaceChildren(...this.renderActions(phase));
    this.side.replaceChildren(...this.renderSide(phase));
    if (this.showResult && !this.replay && view && view.hole_over) {
      // The end of a hole: its result table comes into view (at 1366x768 it was below the fold).
      this.showResult = false;
      const result = this.side.querySelector(".golf-result");
      if (result) result.scrollIntoView({ block: "nearest" });
    }
    if (!view || this.showSetup) this.log.textContent = "";
    this.keepFocus(focus, hadFocus);
  }

  // One line that is not an error: storage refused or full, a damaged save restored in part (with its copy
  // to download), an undo, a shared deal.
  renderNotice() {
    const health = store.health();
    const parts = [];
    if (health !== "ok") parts.push(this.t(`play.storage.${health}`));
    if (this.notice) parts.push(this.notice);
    const line = [];
    if (parts.length) line.push(parts.join(" "));
    if (this.damagedCopy) {
      const href = URL.createObjectURL(new Blob([this.damagedCopy], { type: "application/json" }));
      line.push(" ", el("a", { href, download: "sixcardgolf-damaged-save.json", "data-focus": "damaged-download" }, this.t("play.damaged.download")));
    }
    this.noticeLine.replaceChildren(...line);
    this.noticeLine.hidden = !line.length;
  }

  // Focus stays on the control with the same data-focus (or id) after a redraw, even a position that cannot be
  // played now (issue 13: focus stays where it was). A control disabled while the engine works gets the focus
  // back once it answers; a control that is gone (Start, a played button) hands the focus to the next thing to
  // press, never to the page's body.
  keepFocus(focus, hadFocus) {
    const wanted = this.focusWanted || focus;
    const again = wanted ? this.root.querySelector(wanted) : null;
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else if ((hadFocus || this.focusWanted) && !this.root.contains(document.activeElement)) this.focusNext();
    this.focusWanted = this.busy && again && again.disabled ? wanted : null;
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

  renderToolbar(phase) {
    const t = this.t;
    const view = this.view;
    const parts = [];
    if (view && !this.showSetup) {
      parts.push(el("strong", { class: "golf-toolbar__hole" }, view.hole > view.holes ? t("play.playoff", { n: view.hole - view.holes }) : t("play.hole", { n: Math.max(view.hole, 1), of: view.holes })));
    }
    if (view && !view.outcome && !this.showSetup) {
      parts.push(el("button", { type: "button", class: "md-button", "data-focus": "pause", onclick: () => { this.paused = !this.paused; this.render(); } }, this.paused ? t("play.resume") : t("play.pause")));
    }
    if (!this.showSetup) parts.push(el("button", { type: "button", class: "md-button", "data-focus": "new-match", onclick: () => { this.showSetup = true; this.render(); } }, t("play.newMatch")));
    if (view && !this.showSetup) parts.push(el("button", { type: "button", class: "md-button", "data-focus": "share", onclick: () => this.shareLink() }, t("play.share")));
    parts.push(el("button", { type: "button", class: "md-button", "data-focus": "daily", onclick: () => this.startDaily() }, t("play.daily")));
    const sound = el("input", { type: "checkbox", id: "golf-sound", checked: store.sound(), onchange: (event) => store.keepSound(event.target.checked) });
    parts.push(el("label", { class: "golf-sound", for: "golf-sound" }, sound, t("play.sound")));
    this.toolbar.replaceChildren(...parts);
  }

  renderStage(phase) {
    const t = this.t;
    if (phase === "setup") {
      const parts = [];
      if (this.paused && this.view) {
        parts.push(el("p", { class: "golf-paused" }, t("play.paused"), " ",
          el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "resume", onclick: () => { this.paused = false; this.render(); } }, t("play.resume"))));
        return parts;
      }
      if (this.confirmReplace) {
        const { choices, daily } = this.confirmReplace;
        parts.push(el("div", { class: "golf-confirm", role: "alertdialog", "aria-labelledby": "golf-confirm-text" },
          el("p", { id: "golf-confirm-text" }, t("play.setup.replace")),
          el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "replace-yes", onclick: () => this.startMatch(choices, daily) }, t("play.setup.replaceYes")),
          el("button", { type: "button", class: "md-button", "data-focus": "replace-no", onclick: () => this.keepPlaying() }, t("play.setup.replaceNo"))));
      }
      const initial = { ...this.data.setup.defaults, ...(this.formChoices || store.choices() || {}) };
      if (this.linkedPreset && initial.preset !== this.linkedPreset) Object.assign(initial, { preset: this.linkedPreset, options: {} });
      if ((this.view && this.view.outcome === null) || (!this.view && this.resumeSaved && !this.confirmReplace && !this.error)) {
        parts.push(el("p", {}, el("button", { type: "button", class: "md-button", "data-focus": "back-to-match", onclick: () => this.keepPlaying() }, t("play.resume"))));
      }
      // Built once each time the form opens: a redraw meanwhile (the engine becoming ready) keeps what the person chose.
      this.form ||= setupForm(this.data, t, initial, (choices) => this.requestStart(choices), this.engine, this.lang, PEEK_SHOWN_MS / 1000);
      parts.push(this.form);
      return parts;
    }
    if (this.otherTab) return [this.otherTabView()];
    if (this.pending) return [this.pendingTable()];
    if (!this.view) return [el("div", { class: "golf-frame", "aria-hidden": "true" }, cardBack(), cardBack())];
    if (phase === "handover") return [this.handoverView()];
    return [this.tableView()];
  }

  // The table of a match dealt while the engine starts: every seat face down under its name (the person is
  // seat 1), the person's positions open for the opening choices. The piles come with the engine's deal.
  pendingTable() {
    const pending = this.pending;
    const seats = pending.choices.seats || ["human", ...(pending.choices.levels || [])];
    const faceDown = Array.from({ length: pending.rows * pending.cols }, () => ({ card: null, up: false }));
    const view = { cols: pending.cols, seats, observation: { visible_scores: seats.map(() => 0), to_move: null, phase: "opening", held: null } };
    const s = { ...this.state(), view };
    const open = pending.opening.length < pending.reveals;
    const targets = Object.fromEntries(faceDown.map((_, index) => [String(index + 1), open && !pending.opening.includes(index + 1) ? "opening" : null]));
    const others = el("div", { class: "golf-opponents" });
    seats.forEach((_, seat) => {
      if (seat > 0) others.append(seatView(s, seat, faceDown, { mine: false, targets: {}, cancelled: new Set(), hidePeeked: true }));
    });
    const mine = seatView(s, 0, faceDown, { mine: true, targets, cancelled: new Set(), chosen: pending.opening, hidePeeked: true,
      onPosition: (position) => this.choosePending(position) });
    return el("div", { class: "golf-board", tabindex: "-1" }, others, el("div", { class: "golf-felt" }, mine));
  }

  // Another tab wrote this match's save since this tab last did: continue from the newer save (the default), or
  // keep this tab's match, which then replaces it. Nothing is written until the person chooses.
  otherTabView() {
    const t = this.t;
    return el("div", { class: "golf-confirm", role: "alertdialog", "aria-labelledby": "golf-other-tab" },
      el("p", { id: "golf-other-tab" }, t("play.otherTab.title"), " ", t("play.otherTab.body")),
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "other-tab-load", onclick: () => this.loadOtherTab() }, t("play.otherTab.load")),
      el("button", { type: "button", class: "md-button", "data-focus": "other-tab-keep", onclick: () => this.keepThisTab() }, t("play.otherTab.keep")));
  }

  async loadOtherTab() {
    this.otherTab = false;
    this.pending = null;
    this.resumeSaved = store.save();
    this.handoverTo = null;
    this.shownSeat = null;
    this.news = {};
    if (this.resumeSaved) await this.resumeMatch();
    this.render();
  }

  keepThisTab() {
    this.otherTab = false;
    store.claim();
    if (this.view) store.keep(this.view.save);
    this.render();
  }

  // Pass-and-play: the device goes back to the person whose move is taken back; the next person never sees it.
  handBackView() {
    const t = this.t;
    const name = seatName(t, this.view.seats, this.handBack);
    return el("section", { class: "golf-handover", "aria-labelledby": "handover-title" },
      el("h2", { id: "handover-title" }, t("play.handback.title", { name })),
      el("p", {}, t("play.handback.body", { name })),
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "handback", onclick: () => this.undo() }, this.tt("play.handover.button", { name })),
      el("button", { type: "button", class: "md-button", "data-focus": "handback-cancel", onclick: () => this.cancelHandBack() }, t("play.handback.cancel")));
  }

  handoverView() {
    const t = this.t;
    if (this.handBack !== null) return this.handBackView();
    const seat = this.handoverTo;
    const name = t("play.person", { n: seat + 1 });
    const news = this.news[seat] || [];
    return el("section", { class: "golf-handover", "aria-labelledby": "handover-title" },
      el("h2", { id: "handover-title" }, t("play.handover.title", { name })),
      el("p", {}, t("play.handover.body")),
      news.length ? el("div", { class: "golf-news" }, el("p", {}, t("play.handover.news")), el("ul", {}, news.map((line) => el("li", {}, line)))) : null,
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "handover", onclick: () => this.confirmHandover() }, this.tt("play.handover.button", { name })));
  }

  tableView() {
    const view = this.shownView();
    const s = { ...this.state(), view };
    const me = this.viewerSeat();
    const obs = view.observation;
    const cancelledBy = (seat) => new Set(view.scores ? view.scores[seat].cancelled.flat() : []);
    const peekShown = this.peekShown && this.peekShown.seat === me && Date.now() < this.peekShown.until;
    const hidePeeked = !view.hole_over && !this.peekAid && !peekShown;
    const others = el("div", { class: "golf-opponents" });
    obs.layouts.forEach((layout, seat) => {
      if (seat !== me) others.append(seatView(s, seat, layout, { mine: false, targets: {}, cancelled: cancelledBy(seat), hidePeeked: true }));
    });
    const targets = this.busy || this.handoverTo !== null ? {} : view.targets;
    const mine = seatView(s, me, obs.layouts[me], { mine: true, targets, cancelled: cancelledBy(me),
      chosen: this.peekChoice, hidePeeked, onPosition: (position, target) => this.onPosition(position, target) });
    const piles = pilesView({ ...s, view: { ...view, piles: this.busy ? { stock: false, discard: false } : view.piles } }, {
      onPile: (pile) => this.onPile(pile),
      onHeld: () => { this.selected = !this.selected; this.render(); } });
    const felt = el("div", { class: "golf-felt", onclick: (event) => {
      if (event.target === event.currentTarget && obs.phase === "holding") { this.selected = false; this.render(); }
    } }, piles, mine);
    return el("div", { class: "golf-board", tabindex: "-1" }, others, felt);
  }

  promptText(phase) {
    const t = this.t;
    const view = this.view;
    if (phase === "setup") return "";
    if (this.pending) return this.pending.opening.length < this.pending.reveals
      ? t("play.prompt.opening", { left: this.pending.reveals - this.pending.opening.length }) : t("play.loadingDeal");
    if (!view) return "";
    if (this.peekOnShow()) {
      return t("play.peekShown", { seconds: PEEK_SHOWN_MS / 1000, name: seatName(t, view.seats, this.handoverTo) });
    }
    if (phase === "handover") return "";
    if (this.replay && this.replay.index >= 0) return this.showingText();
    const names = (seats) => seats.map((seat) => seatName(t, view.seats, seat)).join(t("play.and"));
    if (view.hole_over) {
      // Who ended it, when someone did ("You knocked…", "Computer 2 (Hard) went out…").
      const ended = view.ended_by !== null && view.ended_by !== undefined && view.end_reason_by_text
        ? view.end_reason_by_text.replace("{name}", seatName(t, view.seats, view.ended_by)) : view.end_reason_text;
      const reason = t("play.holeOver", { reason: ended });
      if (!view.outcome) return reason;
      const winners = view.outcome.winners;
      const win = view.outcome.shared ? t("play.winner.shared", { names: names(winners) })
        : view.seats[winners[0]] === "human" && !this.isPassAndPlay() ? t("play.winner.you") : t("play.winner.one", { names: names(winners) });
      return t("play.sentences", { first: reason, second: win });
    }
    const seat = view.observation.to_move;
    if (seat !== this.viewerSeat()) return this.busy ? t("play.thinking", { name: seatName(t, view.seats, seat) }) : t("play.turnOf", { name: seatName(t, view.seats, seat) });
    if (this.busy && view.seats.some((kind) => kind !== "human")) return this.hintText || "";
    const prompt = view.prompt;
    if (!prompt) return "";
    let text;
    if (prompt.key === "opening-peek") {
      text = this.peekChoice.length >= prompt.left ? t("play.prompt.opening-peek-confirm") : t("play.prompt.opening-peek", { left: prompt.left - this.peekChoice.length });
    } else if (prompt.key.startsWith("holding") && !this.selected) text = this.t(`play.prompt.holding-released${this.touch ? ".touch" : ""}`);
    else text = this.tt(`play.prompt.${prompt.key}`, prompt);
    return this.hintText ? t("play.sentences", { first: text, second: this.hintText }) : text;
  }

  // While the moves of an answer are shown: whose move this is, and how to skip to the end (the log line under
  // the actions says what the move was).
  showingText() {
    const move = this.replay.moves[this.replay.index];
    const touch = this.touch ? ".touch" : ""; // a tap skips them; there is no Enter key to name
    if (move.seat === this.viewerSeat()) return this.t(`play.showing.yours${touch}`);
    return this.t(`play.showing${touch}`, { name: seatName(this.t, this.view.seats, move.seat) });
  }

  renderActions(phase) {
    const t = this.t;
    const view = this.view;
    if (!view || phase === "setup" || this.pending) return [];
    const locked = this.busy;
    const button = (key, onclick, { primary = false, disabled = false, focus = key, title = null } = {}) =>
      el("button", { type: "button", class: `md-button${primary ? " md-button--primary" : ""}`, "data-focus": focus, disabled: locked || disabled, onclick, title }, this.tt(key));
    const undoTitle = view.undo_redeals ? t("play.undo.redeals") : null;
    const out = [];
    if (phase === "handover") {
      if (view.can_undo && this.handBack === null) out.push(button("play.action.undo", () => this.undo(), { title: undoTitle }));
      return out;
    }
    if (this.peekOnShow()) return [button("play.action.peekDone", () => this.endPeekShow(), { primary: true })];
    for (const action of view.buttons) out.push(button(`play.action.${action}`, () => this.act(action), { focus: action }));
    if (this.peekChoice.length) out.push(button("play.action.confirmPeek", () => this.confirmPeek(), { primary: true }));
    if (view.observation.phase === "flip" && view.can_undo) out.push(button("play.action.back", () => this.undo(), { title: undoTitle }));
    if (!view.outcome && view.undo_offered) out.push(button("play.action.undo", () => this.undo(), { disabled: !view.can_undo, title: undoTitle }));
    if (view.prompt) out.push(button("play.action.hint", () => this.hint()));
    // The actions of the person's coming turn are taken at once, even while the moves before it are shown (as
    // their keys are); what follows the end of a hole waits until the showing ends, so the end is seen first.
    if (this.replay) return out;
    out.push(...this.review.buttons(view, this.viewerSeat()));
    if (view.can_next) out.push(button("play.action.next", () => this.act("next"), { primary: true }));
    if (view.outcome) {
      out.push(button("play.playAgain", () => this.playAgain(), { primary: true }));
      if (this.daily) out.push(this.dailyResult());
    }
    return out;
  }

  dailyResult() {
    const view = this.view;
    const preset = this.data.presets.find((p) => p.name === "basic");
    const opponent = view.seats.findIndex((kind) => kind !== "human");
    const result = this.t("play.dailyResult", { date: this.daily.date, preset: preset ? preset.title : "", points: signed(view.totals[0]),
      opponent: this.t(`play.level.${view.seats[opponent]}`), theirs: signed(view.totals[opponent]) });
    // A second try at the same deal is a different result: the line says so.
    const line = this.daily.try > 1 ? this.t("play.dailyTry", { line: result, n: this.daily.try }) : result;
    // The whole line, wrapped as needed (a one-line field cut the points off), selectable for copying.
    const text = el("output", { class: "golf-daily__line", "aria-label": this.t("play.daily") }, line);
    return el("div", { class: "golf-daily" }, text,
      el("button", { type: "button", class: "md-button", "data-focus": "copy-daily", onclick: () => {
        getSelection().selectAllChildren(text);
        if (navigator.clipboard) navigator.clipboard.writeText(line).catch(() => {});
      } }, this.t("play.copyResult")));
  }

  renderSide(phase) {
    // While the moves are shown, the side stays as it was before them (the hole's result comes at the end).
    const view = this.replay ? this.replay.before : this.view;
    const s = { ...this.state(), view };
    const parts = [];
    if (this.shareUrl && view && phase !== "setup") {
      parts.push(el("p", { class: "golf-share" }, el("label", {}, this.t("play.shareLabel"), " ", el("input", { type: "text", readonly: true, value: this.shareUrl }))));
    }
    const review = phase === "setup" || !view ? null : this.review.elementFor(view);
    if (!view || phase === "setup" || phase === "handover") return parts;
    if (review) parts.push(review);
    if (view.hole_over && view.scores) parts.push(resultTable(s));
    parts.push(scoreTable(s));
    const record = store.record();
    if (record.matches && !this.isPassAndPlay()) parts.push(el("p", { class: "golf-record" }, this.t("play.record", record)));
    const preset = this.data.presets.find((p) => JSON.stringify(p.options) === JSON.stringify(view.rules));
    if (preset) parts.push(rulesInPlay(s, preset.sections));
    else if (this.summary && this.summaryFor === JSON.stringify(view.rules)) parts.push(rulesInPlay(s, this.summary));
    else this.loadSummary(view);
    return parts;
  }

  // The rules in play for a custom match: the engine describes them (presets come from the static data).
  async loadSummary(view) {
    if (this.loadingSummary || this.summaryFor === JSON.stringify(view.rules)) return;
    this.loadingSummary = true;
    try {
      const summary = await this.engine.call("rules_summary", { lang: this.lang, preset: "basic", options: view.rules });
      this.summary = summary.sections;
      this.summaryFor = JSON.stringify(view.rules);
    } catch {
      this.summary = null;
    } finally {
      this.loadingSummary = false;
    }
    if (this.summary) this.render();
  }
}

const root = document.getElementById("golf-match");
if (root) {
  loadStaticData(pageLang).then((data) => new PlayPage(root, data).start()).catch((failure) => {
    root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
