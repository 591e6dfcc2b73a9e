// A guided lesson behind the Play page's session interface (play-session.js lists it): the engine in this
// browser's worker plays the lesson's scripted deal (door/lesson.py's lesson_play), and this browser keeps the
// person's moves so far (play-store.js), never the Play page's save. The door is stateless about a lesson: every
// request sends all the moves made, so resuming after a reload is the same request as the last one.
import { store } from "./play-store.js";

function event(name, detail) {
  return detail === undefined ? new Event(name) : new CustomEvent(name, { detail });
}

export class LessonSession extends EventTarget {
  // `engine`: a GolfEngine; `lang`: the language of the engine's sentences; `lesson`: the lesson's name.
  constructor(engine, lang, lesson, refused) {
    super();
    Object.assign(this, { engine, lang, lesson });
    this.done = [];
    this.last = null;
    const no = () => Promise.reject(new Error(refused));
    this.review = { step: no, result: no, replay: no }; // a lesson has no review: the Play page has it
    engine.addEventListener("ready", () => this.dispatchEvent(event("ready")));
  }

  get state() {
    return this.engine.state;
  }

  progress() {
    return store.lesson(this.lesson);
  }

  // A lesson always has something to go on with: the moves kept, or its start.
  saved() {
    this.done = this.progress().done;
    return true;
  }

  // The kept moves replayed; moves the engine refuses (kept by an older lesson) start the lesson again.
  async resume() {
    try {
      return await this.ask(this.done);
    } catch {
      return this.ask([]);
    }
  }

  start() {
    return this.ask([]);
  }

  act(action) {
    return this.ask([...this.done, action]);
  }

  undo() {
    return Promise.reject(new Error("a lesson has no undo"));
  }

  look() {
    return Promise.reject(new Error("a lesson has one seat"));
  }

  hint() {
    return Promise.reject(new Error("a lesson needs no hint"));
  }

  async describe(rules) {
    const summary = await this.engine.call("rules_summary", { lang: this.lang, preset: "basic", options: rules });
    return summary.sections;
  }

  claim() {}

  save() {}

  async ask(done) {
    const view = await this.engine.call("lesson_play", { lang: this.lang, lesson: this.lesson, done, viewer: 0 });
    this.done = done;
    this.last = view;
    const completed = this.progress().completed || view.lesson.complete;
    store.keepLesson(this.lesson, { done, completed });
    this.dispatchEvent(event("view", view));
    return view;
  }
}
