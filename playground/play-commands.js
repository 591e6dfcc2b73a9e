// The Play page's commands: what a key, a click or a view from the session does. Each one moves the state
// (play-state.js) by a named transition, asks the session (play-session.js) when the match must change, and
// hands the new state to the renderer (play-render.js). The page's timers live here too: the moves of an
// answer shown one at a time, and the few seconds peeked cards stay shown.
import { store } from "./play-store.js";
import { eventText } from "./play-view.js";
import { dailyDeal, dealLink, parseDealLink } from "./play-share.js";
import { recordFinishedMatch } from "./history-store.js";
import { playSound } from "./play-sound.js";
import { MOVE_MS, animateMove, finishAll, measureCards } from "./play-motion.js";
import * as S from "./play-state.js";

const STEP_MS = MOVE_MS + 120; // each move of a reply shows as its own table this long (the card lands, a beat)
const TYPED_AHEAD_MAX = 4; // keys kept while the engine answers the person's own move

export class PlayPage {
  // `makeRenderer(page)`: the renderer, given the commands its controls call.
  constructor({ data, t, lang, session, makeRenderer }) {
    Object.assign(this, { data, t, lang, session });
    this.state = S.initialState({ peekAid: (store.choices() || {}).peekAid });
    this.typedAhead = null; // keys typed while the engine answers (see request())
    this.replayTimer = null;
    this.loadingSummary = false;
    this.damaged = null; // the text of a save the session set aside while restoring it
    this.renderer = makeRenderer(this);
    session.addEventListener("view", (event) => this.onView(event.detail));
    session.addEventListener("ready", () => this.sessionReady());
    session.addEventListener("conflict", () => this.set(S.otherTabWrote(this.state)));
    session.addEventListener("damaged", (event) => { this.damaged = event.detail; });
    store.onHealth(() => this.render());
  }

  render() {
    this.renderer.render(this.state);
    if (this.state.showResult && !this.state.replay && this.state.view && this.state.view.hole_over) {
      this.state = S.resultShown(this.state);
      this.renderer.showResult();
    }
  }

  set(state) {
    this.state = state;
    this.render();
  }

  tableOnScreen() {
    return S.tableOnScreen(this.state);
  }

  // -- opening the page: a deal link, a game's Play link, a saved match, or the form ----------------------------
  start() {
    const link = parseDealLink(location.hash, this.data);
    const saved = this.session.saved();
    if (link && link.error) this.state = S.linkRefused(this.state, this.t("play.badLink", { reason: this.t(link.error, link.details) }));
    const wanted = /^#preset=([\w-]+)$/.exec(location.hash); // a game page's "Play" link
    if (wanted && this.data.presets.some((p) => p.name === wanted[1])) {
      if (saved) this.state = S.savedFound(this.state);
      this.state = S.formOpened(this.state, { linkedPreset: wanted[1] }); // a match in progress is kept until Start
    } else if (link && !link.error) {
      if (saved) this.state = S.savedFound(this.state);
      if (!link.daily) this.state = S.noticed(this.state, this.t("play.sharedDeal"));
      // A reload then resumes the deal in progress instead of offering to start it over (the link is used).
      history.replaceState(null, "", location.pathname + location.search);
      const daily = link.daily && { ...link.daily, try: store.noteDailyTry(link.daily.date) };
      this.requestStart({ ...link.choices, undo: false, fromLink: !link.daily }, daily); // results people compare
    } else if (saved) {
      this.state = S.savedFound(this.state); // resumed once the engine is ready: no form, no paused screen
    } else {
      this.state = S.formOpened(this.state);
    }
    this.render();
  }

  // -- the session ------------------------------------------------------------------------------------------------
  async sessionReady() {
    if (this.state.pending) {
      const { choices, opening } = this.state.pending;
      const sent = opening.slice();
      try {
        await this.request(() => this.session.start({ ...matchParams(choices), opening: sent.map((p) => `flip ${p}`) }), { throwErrors: true });
      } catch (failure) {
        // A rule the engine refuses (a bad Custom value): its reason, and the form again with the same choices.
        this.set(S.dealRefused(this.state, failure.message));
        return;
      }
      const late = this.state.pending ? this.state.pending.opening.slice(sent.length) : []; // chosen while it was dealt
      this.state = S.dealt(this.state);
      for (const position of late) await this.request(() => this.session.act(`flip ${position}`));
    } else if (this.state.resume && this.state.phase !== "setup") {
      await this.resumeMatch();
    }
    this.render();
  }

  // The saved match, replayed by the engine; a damaged save is set aside by the session and offered for download.
  async resumeMatch() {
    this.damaged = null;
    try {
      const view = await this.request(() => this.session.resume(), { throwErrors: true });
      const notice = view && view.recovered ? this.t("play.damaged.recovered", view.recovered) : null;
      this.state = S.restored(this.state, { notice, damaged: this.damaged });
    } catch (failure) {
      this.state = S.restoreFailed(this.state, failure.message, this.damaged);
    }
  }

  // One request to the session with input locked meanwhile; its view arrives through the session's "view"
  // event. Keys typed during the request are kept and replayed if the answer leaves the same person to move and
  // nobody else moved (two opening positions typed quickly both count); if anyone else moved, the person sees
  // the table first.
  async request(send, { throwErrors = false } = {}) {
    this.finishReplay();
    this.typedAhead = [];
    this.set(S.requestSent(this.state));
    let answered = null;
    try {
      answered = await send();
    } catch (failure) {
      if (throwErrors) throw failure;
      this.state = S.requestFailed(this.state, failure.message);
    } finally {
      const typed = this.typedAhead;
      this.typedAhead = null;
      this.state = S.requestDone(this.state);
      this.present();
      if (answered && S.stillMyTurn(this.state)) for (const command of typed) this.onCommand(command);
    }
    return answered;
  }

  // A view from the session: the answer to a request, or (for a room) the others' moves.
  onView(view) {
    const lines = view.events.map((event) => eventText({ t: this.t, lang: this.lang, view }, event));
    const before = this.state;
    this.state = S.answered(this.state, view, lines);
    if (view.outcome) recordFinishedMatch(view, this.data); // the history page's list (kept once per match)
    if (view.outcome && !view.room && view.seats.filter((kind) => kind === "human").length === 1) {
      const won = view.outcome.winners.includes(view.seats.indexOf("human"));
      store.noteOutcome(view.seed, !won ? "lost" : view.outcome.shared ? "shared" : "solo");
    }
    if (view.events.length && !this.state.replay && store.sound()) playSound(view.events[view.events.length - 1].action);
    if (!before.busy) this.present();
  }

  // The view on screen: its moves one table at a time when there is a replay, else the table at once (and at once
  // as well when the person chose to see the computers' moves at once: the log still lists every move).
  present() {
    const replay = this.state.replay;
    if (replay && store.movesAtOnce()) {
      this.state = S.replayShownWhole(this.state);
      this.render();
      if (store.sound()) playSound(replay.moves[replay.moves.length - 1].action);
    } else if (replay) this.showMove();
    else this.render();
  }

  // The next move of the replay: its table drawn, its card in flight, its line in the log. The last move's
  // table is the view itself, so the person can act at once; a key or a click ends the showing early.
  showMove() {
    const replay = this.state.replay;
    const move = replay.moves[replay.index + 1];
    const layer = this.renderer.layer;
    finishAll(layer); // the last move's cards have landed before the next move shows
    const before = measureCards(this.renderer.root);
    this.set(S.replayStepped(this.state));
    animateMove(move, before, measureCards(this.renderer.root), layer);
    if (store.sound()) playSound(move.action);
    if (this.state.replay) this.replayTimer = setTimeout(() => this.showMove(), STEP_MS);
  }

  finishReplay() {
    if (!this.state.replay) return;
    clearTimeout(this.replayTimer);
    this.state = S.replayEnded(this.state);
    finishAll(this.renderer.layer);
    this.render();
  }

  // A click while the moves are being shown ends the showing first, then reaches the same control.
  clickDuringReplay(event) {
    if (!this.state.replay) return;
    const control = event.target instanceof Element ? event.target.closest("[data-focus]") : null;
    this.finishReplay();
    if (control && !control.isConnected) {
      event.preventDefault();
      event.stopPropagation();
      const again = this.renderer.root.querySelector(`[data-focus="${CSS.escape(control.dataset.focus)}"]`);
      if (again) again.click();
    }
  }

  // -- moves ----------------------------------------------------------------------------------------------------------
  act(action) {
    if (!S.canAct(this.state)) return;
    this.state = S.acted(this.state);
    this.request(() => this.session.act(action));
  }

  onPosition(position, target) {
    if (this.state.pending) return this.choosePending(position);
    if (!S.canAct(this.state)) return;
    const view = this.state.view;
    if (view.observation.phase === "holding" && !this.state.selected) return this.set(S.heldSelected(this.state, true));
    if (view.peek && view.observation.phase === "opening") return this.set(S.peekToggled(this.state, position, view.prompt.left));
    this.act(target);
  }

  choosePending(position) {
    this.set(S.pendingChosen(this.state, position));
  }

  onPile(pile) {
    const view = this.state.view;
    if (view && view.piles[pile === "stock" ? "stock" : "discard"]) this.act(pile === "stock" ? "draw" : "take");
  }

  toggleHeld() {
    this.set(S.heldSelected(this.state, !this.state.selected));
  }

  letGo() {
    this.set(S.heldSelected(this.state, false));
  }

  // A peek is a look: the peeked cards show for a few seconds, then go back face down until the scoring (unless
  // the person chose the aid that keeps them shown). Shown from the first answer on, so a pass-and-play handover
  // screen never comes first.
  async confirmPeek() {
    if (!S.canAct(this.state) || !this.state.peekChoice.length) return;
    const chosen = this.state.peekChoice;
    const seat = S.viewerSeat(this.state);
    this.state = S.peekConfirmed(this.state);
    for (const position of chosen) await this.request(() => this.session.act(`flip ${position}`));
    this.set(S.peekTimed(this.state, seat, Date.now() + S.PEEK_SHOWN_MS));
    setTimeout(() => this.set(S.peekTimeUp(this.state, Date.now())), S.PEEK_SHOWN_MS + 50);
  }

  endPeekShow() {
    this.set(S.peekShowEnded(this.state));
  }

  // Undo takes back the person's last swap or discard and the turns after it; when those moves showed cards, the
  // engine deals the cards nobody may know again (the reply says so), so an undo never shows a card. Off in the
  // daily deal and shared deals. In pass-and-play, from the handover screen, the device first goes back to the
  // person whose move it was (the hand-back screen): the next person never sees that table.
  undo() {
    const state = this.state;
    const view = state.view;
    if (state.busy || !view || state.otherTab) return;
    if (!view.undo_offered) return this.set(S.noticed(state, this.t("play.undo.off")));
    if (!view.can_undo) return;
    if (state.handover !== null && state.handover.back === null) return this.set(S.handBackAsked(state));
    if (!S.canAct(state) && (state.handover === null || state.handover.back === null)) return;
    const taken = state.lastNews;
    this.state = S.undoSent(state);
    this.request(() => this.session.undo()).then((answer) => {
      if (!answer) return;
      this.set(S.undone(this.state, this.t(answer.redealt ? "play.undone.redealt" : "play.undone"), taken));
    });
  }

  cancelHandBack() {
    this.set(S.handBackCancelled(this.state));
  }

  async hint() {
    if (!S.canAct(this.state) || !this.state.view.prompt) return;
    this.set(S.requestSent(this.state));
    try {
      const advice = await this.session.hint();
      this.state = S.hinted(this.state, this.t("play.hint", { reason: advice.reason }));
    } catch (failure) {
      this.state = S.requestFailed(this.state, failure.message);
    } finally {
      this.set(S.requestDone(this.state));
    }
  }

  confirmHandover() {
    const state = this.state;
    if (state.handover === null || state.busy || S.peekOnShow(state) || state.handover.back !== null) return;
    const seat = state.handover.to;
    this.state = S.handoverConfirmed(state);
    this.request(() => this.session.look(seat));
  }

  onCommand(command) {
    const showing = this.state.replay !== null;
    this.finishReplay(); // a key never waits for the moves being shown
    // Enter during the showing only ends it: it would otherwise go on to the next hole before the person saw
    // how this one ended. Every other key is taken at once.
    if (showing && command.command === "enter") return;
    if (S.peekOnShow(this.state)) {
      if (command.command === "enter") this.endPeekShow();
      return;
    }
    const state = this.state;
    const view = state.view;
    if (state.busy && this.typedAhead && !state.pending) {
      if (this.typedAhead.length < TYPED_AHEAD_MAX) this.typedAhead.push(command);
      return;
    }
    if (command.position) {
      if (state.pending) return this.choosePending(command.position);
      const target = view && view.targets[String(command.position)];
      if (target) this.onPosition(command.position, target);
    } else if (command.pile) this.onPile(command.pile);
    else if (command.action) {
      if (view && view.buttons.includes(command.action)) this.act(command.action);
    } else if (command.command === "undo" || (command.command === "back" && view && view.observation.phase === "flip")) this.undo();
    else if (command.command === "hint") this.hint();
    else if (command.command === "escape") {
      if (view && view.observation.phase === "holding") this.letGo();
    } else if (command.command === "enter") {
      if (state.handover !== null && state.handover.back !== null) this.undo();
      else if (state.handover !== null) this.confirmHandover();
      else if (state.peekChoice.length) this.confirmPeek();
      else if (view && view.observation.phase === "holding" && !state.selected) this.set(S.heldSelected(state, true));
      else if (view && view.can_next && !state.busy) this.act("next");
      else if (view && view.outcome && !state.busy && !state.replay) this.playAgain();
    }
  }

  // -- setup, pause, share ------------------------------------------------------------------------------------------
  requestStart(choices, daily = null) {
    const state = this.state;
    const inProgress = state.view ? !state.view.outcome : state.resume;
    if (inProgress && !state.confirm) return this.set(S.replaceAsked(state, choices, daily));
    this.startMatch(choices, daily);
  }

  // "Keep playing" at the question: back to the match on screen, or the saved one (a link opened the question
  // before anything was loaded: the saved match is loaded now, or as soon as the engine is ready).
  keepPlaying() {
    this.set(S.keptPlaying(this.state));
    if (!this.state.view && this.state.resume && this.session.state === "ready") this.resumeMatch().then(() => this.render());
  }

  // Deal face down at once; opening choices (positions only) are taken here and sent with the deal, when the
  // engine is ready (at once if it is already).
  startMatch(choices, daily = null) {
    const seed = choices.seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
    const full = { ...choices, seed };
    if (!daily) store.keepChoices({ mode: choices.mode, players: choices.players, preset: choices.preset, holes: choices.holes, levels: choices.levels, options: choices.options, peekAid: choices.peekAid });
    this.session.claim(); // the person chose to start this match: it replaces whatever match is saved
    this.finishReplay();
    const preset = this.data.presets.find((p) => p.name === full.preset) || this.data.presets[0];
    const layout = (full.options.layout || preset.options.layout || `${preset.rows}x${preset.cols}`).split("x").map(Number);
    const reveals = full.options.initial_reveals ?? preset.options.initial_reveals;
    const peek = full.options.peek ?? preset.options.peek;
    this.set(S.matchStarted(this.state, { choices: full, daily, rows: layout[0], cols: layout[1], reveals: peek ? 0 : reveals, fromLink: Boolean(choices.fromLink) }));
    if (this.session.state === "ready") this.sessionReady();
  }

  // Today's deal, the same for everyone: no Undo, and the result line says which try this is.
  startDaily() {
    const { choices, daily } = dailyDeal(new Date(), this.data);
    this.requestStart({ ...choices, undo: false }, { ...daily, try: store.noteDailyTry(daily.date) });
  }

  playAgain() {
    let last = this.state.lastChoices;
    const view = this.state.view;
    if (!last && view) {
      const rules = view.rules;
      last = { mode: "computer", players: view.seats.length, preset: "basic", holes: rules.holes, options: rules, seats: view.seats };
    }
    const { seed, undo, fromLink, ...again } = last; // a new deal: nothing to compare, Undo as usual
    this.startMatch(again, null);
  }

  togglePause() {
    this.set(this.state.phase === "paused" ? S.resumed(this.state) : S.paused(this.state));
  }

  openSetup() {
    this.set(S.formOpened(this.state));
  }

  share() {
    const url = dealLink(location.href, this.state.view, this.data);
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    this.set(S.shared(this.state, url, this.t("play.shareCopied"))); // at the top of the page, in view
    const field = this.renderer.root.querySelector(".golf-share input");
    if (field) {
      field.value = url;
      field.select();
    }
  }

  // Another tab's newer save: continue with it, or keep this tab's match (which then replaces it).
  async loadOtherTab() {
    this.state = S.otherTabTaken(this.state, this.session.saved());
    if (this.state.resume) await this.resumeMatch();
    this.render();
  }

  keepThisTab() {
    this.session.save();
    this.set(S.thisTabKept(this.state));
  }

  // The rules in play for a custom match: the session describes them (presets come from the static data).
  async needSummary(rules) {
    const key = JSON.stringify(rules);
    if (this.loadingSummary || (this.state.summary && this.state.summary.rules === key)) return;
    this.loadingSummary = true;
    const sections = await this.session.describe(rules).catch(() => null); // none: asked again at the next redraw
    this.loadingSummary = false;
    if (sections) this.set(S.summaryLoaded(this.state, key, sections));
  }
}

function matchParams(choices) {
  return { preset: choices.preset, options: choices.options, players: choices.players, seats: choices.seats, seed: choices.seed, undo: choices.undo !== false };
}
