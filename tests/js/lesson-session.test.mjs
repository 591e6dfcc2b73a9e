// lesson-session.js: the Learn page's session, with a stand-in engine and storage. What the page relies on: each
// request sends every move made so far (the door is stateless about a lesson), a view comes through the "view"
// event, the moves and the lesson's completion are kept in this browser (never the Play page's save), and moves
// the engine refuses on resume start the lesson again.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const items = new Map();
globalThis.window = {
  localStorage: { getItem: (key) => (items.has(key) ? items.get(key) : null), setItem: (key, value) => items.set(key, String(value)) },
  addEventListener: () => {},
};
const { LessonSession } = await import("../../playground/lesson-session.js");

class FakeEngine extends EventTarget {
  constructor(moves) {
    super();
    this.state = "ready";
    this.calls = [];
    this.moves = moves; // the lesson's moves: a longer or different list is refused, as door/lesson.py does
  }

  async call(method, params) {
    this.calls.push([method, params]);
    const { done } = params;
    if (done.some((move, index) => move !== this.moves[index])) throw new Error("not the taught move");
    return { events: [], lesson: { done: done.length, complete: done.length === this.moves.length } };
  }
}

const kept = () => JSON.parse(items.get("sixcardgolf.lessons"))["first-hole"];

test("each move is sent with every move before it, and the progress is kept by lesson", async () => {
  items.clear();
  const engine = new FakeEngine(["flip 1", "flip 2", "continue"]);
  const session = new LessonSession(engine, "en", "first-hole", "no");
  const views = [];
  session.addEventListener("view", (event) => views.push(event.detail));
  assert.equal(session.saved(), true);
  await session.resume();
  await session.act("flip 1");
  await session.act("flip 2");
  assert.deepEqual(engine.calls.map(([method, params]) => [method, params.done, params.lesson]), [
    ["lesson_play", [], "first-hole"], ["lesson_play", ["flip 1"], "first-hole"], ["lesson_play", ["flip 1", "flip 2"], "first-hole"],
  ]);
  assert.equal(views.length, 3);
  assert.deepEqual(kept(), { done: ["flip 1", "flip 2"], completed: false });
  await session.act("continue");
  assert.deepEqual(kept(), { done: ["flip 1", "flip 2", "continue"], completed: true });
  await session.start(); // again from the start: the completion stays remembered
  assert.deepEqual(kept(), { done: [], completed: true });
  assert.equal(items.has("sixcardgolf.playground.save"), false);
});

test("a refused move leaves the moves kept as they were, and kept moves the engine refuses start the lesson again", async () => {
  items.clear();
  const engine = new FakeEngine(["flip 1", "flip 2"]);
  const session = new LessonSession(engine, "en", "first-hole", "no");
  await session.start();
  await assert.rejects(session.act("draw"));
  assert.deepEqual(session.done, []);
  items.set("sixcardgolf.lessons", JSON.stringify({ "first-hole": { done: ["flip 6"], completed: false } }));
  session.saved();
  const view = await session.resume();
  assert.equal(view.lesson.done, 0);
  assert.deepEqual(kept().done, []);
  await assert.rejects(session.undo());
});
