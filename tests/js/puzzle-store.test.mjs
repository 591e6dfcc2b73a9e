// puzzle-store.js: a puzzle's first answer counts once, the streak and the best streak follow the first answers,
// damage in storage is read as nothing kept, and a browser that refuses storage still gets answers (health says so).
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const memory = new Map();
let refuse = false;
const refusal = () => Object.assign(new Error("refused"), { name: "SecurityError" });
globalThis.window = {
  localStorage: {
    getItem(key) {
      if (refuse) throw refusal();
      return memory.has(key) ? memory.get(key) : null;
    },
    setItem(key, value) {
      if (refuse) throw refusal();
      memory.set(key, String(value));
    },
  },
};
const { puzzleStore } = await import("../../playground/puzzle-store.js");

test("first answers make the streak; a second try does not count", () => {
  assert.deepEqual(puzzleStore.answer("a", true), { results: { a: "solved" }, streak: 1, best: 1 });
  assert.equal(puzzleStore.answer("b", true).streak, 2);
  assert.equal(puzzleStore.answer("a", false).results.a, "solved");
  const missed = puzzleStore.answer("c", false);
  assert.deepEqual([missed.streak, missed.best], [0, 2]);
  assert.equal(puzzleStore.health(), "ok");
});

test("damage reads as nothing kept, and a refusing browser still answers", () => {
  memory.set("sixcardgolf.puzzles", "{broken");
  assert.deepEqual(puzzleStore.progress(), { results: {}, streak: 0, best: 0 });
  memory.set("sixcardgolf.puzzles", JSON.stringify({ results: { x: "maybe", y: "missed" }, streak: -3, best: "9" }));
  assert.deepEqual(puzzleStore.progress(), { results: { y: "missed" }, streak: 0, best: 0 });
  refuse = true;
  assert.equal(puzzleStore.answer("d", true).streak, 1);
  assert.equal(puzzleStore.health(), "blocked");
});
