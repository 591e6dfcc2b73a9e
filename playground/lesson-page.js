// The Learn page's commands and drawing: the Play page's (play-commands.js, play-render.js) with a lesson's
// rules on top. At each step only the move it teaches is sent to the session; any other press gets one kind line
// in the notice (role=status), never the error line. The progress line above the table lists the steps, the
// prompt says what to do now, and a finished lesson offers a match, the rules and the lesson again.
import { el } from "./dom.js";
import { patchChildren } from "./dom-patch.js";
import { eventText, resultTable } from "./play-view.js";
import { playSound } from "./play-sound.js";
import { PlayPage } from "./play-commands.js";
import { PlayRenderer } from "./play-render.js";
import { store } from "./play-store.js";
import * as S from "./play-state.js";

const CONTINUE = "continue"; // the move of a step that is read (door/lesson.py)

export class LessonPage extends PlayPage {
  lesson() {
    return this.state.view ? this.state.view.lesson : null;
  }

  // The lesson in progress (or its start) once the engine is ready: no form, no paused screen.
  start() {
    const progress = this.session.progress();
    this.session.saved(); // the moves kept, for resume()
    this.state = S.savedFound(this.state);
    if (progress.done.length) this.state = S.noticed(this.state, this.t("learn.resumed"));
    this.render();
  }

  // The engine (again) ready: the lesson's moves so far, or its start. A failure leaves its reason in the error
  // line and the engine's Retry; a retry comes back here.
  async sessionReady() {
    if (this.state.busy) return;
    await this.resumeMatch();
    this.render();
  }

  // As the Play page's, without counting the lesson as a match in the record against the computer.
  onView(view) {
    const lines = view.events.map((event) => eventText({ t: this.t, lang: this.lang, view }, event));
    const before = this.state;
    this.state = S.answered(this.state, view, lines);
    if (view.events.length && !this.state.replay && store.sound()) playSound(view.events[view.events.length - 1].action);
    if (!before.busy) this.present();
  }

  // One kind line about the move this step teaches.
  nudge() {
    const lesson = this.lesson();
    if (!lesson || this.state.busy) return;
    const key = lesson.complete ? "learn.nudge.done.0" : `learn.nudge.${lesson.steps[lesson.step]}.${lesson.move}`;
    this.set(S.noticed(this.state, this.renderer.tt(key, lesson.facts)));
  }

  act(action) {
    const lesson = this.lesson();
    if (!lesson || !S.canAct(this.state)) return;
    if (action !== lesson.expect) return this.nudge();
    this.state = S.noticed(this.state, "");
    super.act(action);
  }

  continueLesson() {
    const lesson = this.lesson();
    if (!lesson || this.state.busy || this.state.replay) return;
    if (lesson.expect !== CONTINUE) return this.nudge();
    this.state = S.noticed(this.state, "");
    this.request(() => this.session.act(CONTINUE));
  }

  restart() {
    if (this.state.busy) return;
    this.state = S.noticed(this.state, "");
    this.request(() => this.session.start());
  }

  playAgain() {
    this.restart();
  }

  undo() {
    this.nudge();
  }

  hint() {
    this.nudge();
  }

  onCommand(command) {
    const view = this.state.view;
    const lesson = this.lesson();
    if (command.command === "enter" && lesson && !this.state.replay && !this.state.busy) {
      if (lesson.expect === CONTINUE) return this.continueLesson();
      if (lesson.complete) return;
    }
    // A position that cannot be played now, or a pile that cannot be drawn from: a word about this step.
    if (view && lesson && !this.state.busy && !this.state.replay) {
      if (command.position && !view.targets[String(command.position)]) return this.nudge();
      if (command.pile && !view.piles[command.pile === "stock" ? "stock" : "discard"]) return this.nudge();
      if (command.action && !view.buttons.includes(command.action)) return this.nudge();
    }
    super.onCommand(command);
  }
}

export class LessonRenderer extends PlayRenderer {
  build() {
    super.build();
    this.progress = el("ol", { class: "golf-lesson__progress", "aria-label": this.t("learn.progress") });
    // What to do now comes first, above the table (on the Play page the prompt is under it), with the kind line
    // about a move right under it; "Start the lesson again" goes below the table.
    const keys = this.root.querySelector(".golf-keys");
    this.root.replaceChildren(this.status, this.alert, this.progress, this.prompt, this.noticeLine, this.stage,
      this.actions, this.log, this.side, this.toolbar, keys);
  }

  render(state) {
    patchChildren(this.progress, this.progressParts(state));
    super.render(state);
    // Test hooks: how many of the lesson's moves are done, and whether it is finished.
    const lesson = state.view ? state.view.lesson : null;
    this.root.dataset.lessonDone = lesson ? String(lesson.done) : "";
    this.root.dataset.lessonComplete = String(Boolean(lesson && lesson.complete));
  }

  // The steps, the ones done marked and the current one aria-current="step".
  progressParts(state) {
    const lesson = state.view ? state.view.lesson : null;
    if (!lesson) return [];
    return lesson.steps.map((key, index) => {
      const done = index < lesson.step;
      const now = index === lesson.step;
      const mark = done ? this.t("learn.stepDone") : now ? this.t("learn.stepNow") : "";
      return el("li", { class: `golf-lesson__step${done ? " golf-lesson__step--done" : ""}${now ? " golf-lesson__step--now" : ""}`,
        "data-step": key, "aria-current": now ? "step" : null },
      el("span", { class: "golf-lesson__label" }, this.t(`learn.step.${key}`, lesson.facts)),
      mark ? el("span", { class: "golf-sr" }, ` (${mark})`) : null);
    });
  }

  renderNotice(state) {
    const health = this.store.health();
    const parts = [];
    if (health !== "ok") parts.push(this.t(`learn.storage.${health}`));
    if (state.notice) parts.push(state.notice);
    patchChildren(this.noticeLine, parts.length ? [parts.join(" ")] : []);
    this.noticeLine.hidden = !parts.length;
  }

  // No new-match form on this page: before the lesson's first view, or if it could not be had, the table's frame
  // or nothing (the error line says why).
  stageParts(state) {
    if (state.phase === "setup" || state.phase === "paused") return [];
    return super.stageParts(state);
  }

  toolbarParts(state) {
    if (!state.view) return [];
    return [el("button", { type: "button", class: "md-button", "data-focus": "lesson-restart", disabled: state.busy,
      onclick: () => this.page.restart() }, this.t("learn.restart"))];
  }

  promptText(state) {
    const view = state.view;
    if (!view || !view.lesson) return "";
    if (state.replay && state.replay.index >= 0) return this.showingText(state);
    const lesson = view.lesson;
    if (lesson.complete) return this.t("learn.done.title");
    if (view.observation.phase === "holding" && !state.selected) return this.t(`play.prompt.holding-released${this.touch ? ".touch" : ""}`);
    return this.tt(`learn.say.${lesson.steps[lesson.step]}.${lesson.move}`, lesson.facts);
  }

  actionParts(state) {
    const view = state.view;
    if (!view || !view.lesson) return [];
    const lesson = view.lesson;
    const out = view.buttons.map((action) => this.button(`play.action.${action}`, () => this.page.act(action), { focus: action, disabled: state.busy }));
    if (state.replay) return out;
    if (lesson.expect === CONTINUE) {
      out.push(this.button("learn.continue", () => this.page.continueLesson(), { primary: true, focus: "lesson-continue", disabled: state.busy }));
    }
    if (lesson.complete) out.push(this.donePanel());
    return out;
  }

  donePanel() {
    const t = this.t;
    return el("section", { class: "golf-lesson__done", "aria-labelledby": "golf-lesson-done" },
      el("h2", { id: "golf-lesson-done" }, t("learn.done.title")),
      el("p", {}, t("learn.done.body")),
      el("p", {},
        el("a", { class: "md-button md-button--primary", href: "../play/", "data-focus": "lesson-play" }, t("learn.done.play")), " ",
        el("a", { class: "md-button", href: "../rules/", "data-focus": "lesson-rules" }, t("learn.done.rules")), " ",
        el("button", { type: "button", class: "md-button", "data-focus": "lesson-again", onclick: () => this.page.restart() }, t("learn.restart"))));
  }

  sideParts(state) {
    const view = state.replay ? state.replay.before : state.view;
    if (!view || !view.hole_over || !view.scores) return [];
    return [resultTable({ t: this.t, lang: this.lang, view, selected: state.selected })];
  }
}
