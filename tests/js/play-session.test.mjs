// play-session.js: the session the Play page talks to, with a stand-in engine and storage. What the page
// relies on whoever the session is: every view comes through the "view" event before the request resolves,
// the viewer stays the seat the page last looked as, a newer save elsewhere is a "conflict" (never
// overwritten unasked), and a damaged save is set aside and announced.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const SAVE_KEY = "sixcardgolf.playground.save"; // the page's save in localStorage (tests/playground use the same)
const DAMAGED_KEY = "sixcardgolf.playground.save.damaged";
const items = new Map();
const storageListeners = [];
globalThis.window = {
  localStorage: { getItem: (key) => (items.has(key) ? items.get(key) : null), setItem: (key, value) => items.set(key, String(value)) },
  addEventListener: (type, listener) => storageListeners.push([type, listener]),
};
const { EngineSession } = await import("../../playground/play-session.js");

// The engine's door as the session sees it: call(method, params) answers a view per match method.
class FakeEngine extends EventTarget {
  constructor() {
    super();
    this.state = "ready";
    this.calls = [];
    this.refuse = null; // a method whose next call fails
    this.viewerSeen = 0;
  }

  async call(method, params) {
    this.calls.push([method, params]);
    if (this.refuse === method) throw new Error(`${method} refused`);
    if (method === "match_hint") return { action: "draw", reason: "because" };
    if (method === "rules_summary") return { sections: [{ title: "t", statements: [] }] };
    if (method.startsWith("match_review") || method === "match_replay") return { method };
    const save = `save after ${this.calls.length} calls`;
    return { viewer: params.viewer, save, events: [], recovered: method === "match_load" && params.save.includes("bad") ? { good: 1, total: 2 } : undefined };
  }
}

function session() {
  items.clear();
  const engine = new FakeEngine();
  const made = new EngineSession(engine, "ja");
  const heard = [];
  for (const name of ["view", "conflict", "damaged", "ready"]) made.addEventListener(name, (event) => heard.push([name, event.detail]));
  return { engine, made, heard };
}

test("every view comes through the 'view' event before the request resolves, and is saved", async () => {
  const { made, heard } = session();
  const order = [];
  made.addEventListener("view", () => order.push("event"));
  const view = await made.start({ preset: "basic", seed: 1, opening: ["flip 1"] }).then((answer) => {
    order.push("resolved");
    return answer;
  });
  assert.deepEqual(order, ["event", "resolved"]);
  assert.equal(heard[0][1], view);
  assert.equal(items.get(SAVE_KEY), view.save);
});

test("requests carry the page's language and the viewer: seat 0, then the last view's, then the seat looked as", async () => {
  const { engine, made } = session();
  await made.start({ preset: "basic" });
  assert.deepEqual(engine.calls[0], ["match_new", { lang: "ja", viewer: 0, preset: "basic" }]);
  await made.look(1);
  await made.act("draw");
  await made.undo();
  assert.deepEqual(engine.calls.slice(1).map(([method, params]) => [method, params.viewer]), [["match_view", 1], ["match_act", 1], ["match_undo", 1]]);
  assert.equal(engine.calls[2][1].action, "draw");
  await made.start({ preset: "basic" }); // a new match: seen from seat 0 again
  assert.equal(engine.calls.at(-1)[1].viewer, 0);
});

test("another tab's newer save is a conflict, never overwritten unless the person keeps this tab's match", async () => {
  const { made, heard } = session();
  made.saved(); // this tab reads the (empty) save
  await made.start({});
  items.set(SAVE_KEY, "another tab's save");
  const view = await made.act("draw");
  assert.equal(items.get(SAVE_KEY), "another tab's save");
  assert.deepEqual(heard.map(([name]) => name), ["view", "view", "conflict"]);
  made.save(); // "keep this tab's match"
  assert.equal(items.get(SAVE_KEY), view.save);
  // The storage event of another tab's write is a conflict too.
  for (const [type, listener] of storageListeners) if (type === "storage") listener({ key: SAVE_KEY, newValue: "newer still" });
  assert.equal(heard.at(-1)[0], "conflict");
});

test("a kept match is found without a request, restored from its text, and a damaged one is set aside", async () => {
  const { engine, made, heard } = session();
  assert.equal(made.saved(), false);
  items.set(SAVE_KEY, "good save");
  assert.equal(made.saved(), true);
  assert.equal(engine.calls.length, 0);
  await made.resume();
  assert.deepEqual(engine.calls[0], ["match_load", { lang: "ja", viewer: 0, save: "good save" }]);
  assert.equal(heard.some(([name]) => name === "damaged"), false);
  items.set(SAVE_KEY, "bad save");
  made.saved();
  const part = await made.resume();
  assert.deepEqual(part.recovered, { good: 1, total: 2 });
  assert.deepEqual(heard.at(-1), ["damaged", "bad save"]);
  assert.equal(items.get(DAMAGED_KEY), "bad save");
  items.set(SAVE_KEY, "worse save");
  made.saved();
  engine.refuse = "match_load";
  await assert.rejects(made.resume(), /match_load refused/);
  assert.deepEqual(heard.at(-1), ["damaged", "worse save"]);
  assert.equal(items.get(DAMAGED_KEY), "worse save");
});

test("hint, review and the rules in words go to the engine in the page's language", async () => {
  const { engine, made, heard } = session();
  assert.equal((await made.hint()).reason, "because");
  assert.deepEqual(await made.describe({ holes: 2 }), [{ title: "t", statements: [] }]);
  const request = { save: "s", seat: 1, hole: 2 };
  assert.deepEqual(await made.review.step(request), { method: "match_review_step" });
  assert.deepEqual(await made.review.result(request), { method: "match_review" });
  assert.deepEqual(await made.review.replay(request), { method: "match_replay" });
  assert.deepEqual(engine.calls.map(([method, params]) => [method, params.lang]),
    [["match_hint", "ja"], ["rules_summary", "ja"], ["match_review_step", "ja"], ["match_review", "ja"], ["match_replay", "ja"]]);
  assert.deepEqual(engine.calls[2][1], { lang: "ja", ...request });
  assert.equal(heard.length, 0); // none of them is a view
});

test("the session is ready when its engine is, and says so each time", () => {
  const { engine, made, heard } = session();
  assert.equal(made.state, "ready");
  engine.dispatchEvent(new Event("ready"));
  assert.deepEqual(heard, [["ready", undefined]]);
});
