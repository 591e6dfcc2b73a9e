// Where the match lives, behind one interface: the Play page talks to a session and never to what is behind it.
// One session is the engine in this browser's Web Worker with the save in localStorage (EngineSession, here);
// a room on the room server (issue 26: a websocket that sends the seat's view and events; room-session.js) is a
// second one behind the same page. playground/README.md ("The session") lists what each does.
//
// A session is an EventTarget with
//   state                 "loading", "ready" or "failed": whether it can take requests (the engine started, the
//                         room joined); the "ready" event each time it becomes ready (again, after a retry)
//   saved()               whether a match is kept to go on with (this browser's save; a room's seat): no request
//   resume()              that match, as a view
//   start(setup)          a new match: {preset, options, players, seats, seed, undo, opening: ["flip 3", ...]}
//   act(action)           a move in the engine's notation ("draw", "swap 3"); undo(): takes the last one back
//   look(seat)            the table as that seat sees it (pass-and-play hands the device over); a room's seat
//                         sees its own only
//   hint()                {action, reason}: advice for the person to move, worked out from what they see
//   review                {step, result, replay}(request): the hole review, request {save, seat, hole}
//   describe(rules)       the rules in play in words, for a custom match
//   claim(), save()       the match the person asked for replaces whatever is kept; save() writes this page's
//                         match over a newer one kept elsewhere (another tab)
// and the events
//   "view"                {detail: view}: every view, answers and (for a room) the others' moves alike; the
//                         page draws views from here only, so it never needs to know who sent them
//   "conflict"            the match went on somewhere else (another tab wrote the save): the page asks the person
//   "damaged"             {detail: text}: a save that could not be restored whole, set aside for download
// Every request resolves with its answer (a view for the match requests) or rejects with an Error whose message
// is in the page's language.
import { store } from "./play-store.js";

function event(name, detail) {
  return detail === undefined ? new Event(name) : new CustomEvent(name, { detail });
}

export class EngineSession extends EventTarget {
  // `engine`: a GolfEngine (engine-client.js), the transport; `lang`: the language of the engine's sentences.
  constructor(engine, lang) {
    super();
    this.engine = engine;
    this.lang = lang;
    this.viewer = null; // the seat whose eyes the views show (null: the last view's, or seat 0)
    this.last = null; // the last view
    this.savedText = null; // the save found by saved(), restored by resume()
    this.review = {
      step: (request) => engine.call("match_review_step", { lang, ...request }),
      result: (request) => engine.call("match_review", { lang, ...request }),
      replay: (request) => engine.call("match_replay", { lang, ...request }),
    };
    engine.addEventListener("ready", () => this.dispatchEvent(event("ready")));
    store.onOtherTab(() => this.dispatchEvent(event("conflict")));
  }

  get state() {
    return this.engine.state;
  }

  saved() {
    this.savedText = store.save();
    return Boolean(this.savedText);
  }

  // The saved match replayed by the engine. A save that replays only in part is restored up to its first bad
  // move (the view says how much: `recovered`); either way a damaged save is set aside whole before anything
  // can overwrite it.
  async resume() {
    const text = this.savedText;
    this.viewer = null;
    try {
      const view = await this.ask("match_load", { save: text });
      if (view.recovered) this.setAside(text);
      return view;
    } catch (failure) {
      this.setAside(text);
      throw failure;
    }
  }

  start(setup) {
    this.viewer = null;
    this.last = null;
    return this.ask("match_new", setup);
  }

  act(action) {
    return this.ask("match_act", { action });
  }

  undo() {
    return this.ask("match_undo", {});
  }

  look(seat) {
    this.viewer = seat;
    return this.ask("match_view", {});
  }

  hint() {
    return this.engine.call("match_hint", { lang: this.lang });
  }

  async describe(rules) {
    const summary = await this.engine.call("rules_summary", { lang: this.lang, preset: "basic", options: rules });
    return summary.sections;
  }

  claim() {
    store.claim();
  }

  save() {
    store.claim();
    if (this.last) store.keep(this.last.save);
  }

  // One match request: the answer is a view; it is kept in this browser (never over another tab's newer save)
  // and handed to the page.
  async ask(method, params) {
    const viewer = this.viewer ?? (this.last ? this.last.viewer : 0);
    const view = await this.engine.call(method, { lang: this.lang, viewer, ...params });
    this.last = view;
    const kept = store.keep(view.save);
    this.dispatchEvent(event("view", view));
    if (kept === "newer") this.dispatchEvent(event("conflict"));
    return view;
  }

  setAside(text) {
    store.setAsideDamaged(text);
    this.dispatchEvent(event("damaged", text));
  }
}
