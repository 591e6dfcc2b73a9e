// history-store.js and history-stats.js, puzzle-store.js and puzzle-pick.js (one Node process for the pages of
// issue 28). history-store.js and history-stats.js: a finished match's entry, kept once; a damaged or foreign file refused
// with its reason in the page's language; merging without duplicates; another tab's write merged, not lost; the
// stats counted from a made-up history. puzzle-pick.js: the daily puzzle is the same for a date.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

// A localStorage in memory (a test stands in another tab by writing to it between two reads); with `refuse`, it
// throws as a browser that blocks site data does.
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
  addEventListener() {},
};

const H = await import("../../playground/history-store.js");
const { historyStats } = await import("../../playground/history-stats.js");
const { dailyIndex, dateText } = await import("../../playground/puzzle-pick.js");
const { translator } = await import("../../playground/texts.js");
const { puzzleStore } = await import("../../playground/puzzle-store.js");
const en = translator("en");
const ja = translator("ja");

const PRESETS = [{ name: "plain", options: { holes: 9, layout: "2x3", extra: 0 } }, { name: "wide", options: { holes: 9, layout: "3x3", extra: 0 } }];

// A finished match's view in the shape of door.match.seat_view (only the fields the history reads).
function view({ seed = 5, points = [[3, 7], [1, 9]], winners = [0], room = null, seats = ["human", "easy"] } = {}) {
  return {
    seats, room, rules: { holes: 2, layout: "3x3", extra: 0 }, outcome: { winners, shared: winners.length > 1 },
    save: room ? undefined : JSON.stringify({ match: { seed, actions: [1, 2, 3] } }),
    record: room ? { match: { keys: [`k${seed}`] } } : undefined,
    records: points.map((p, i) => ({ points: p, end_reason: "final_turns", went_out: i === 0 ? 0 : 1, knocker: null, pairs: [1, 0] })),
    totals: points[0].map((_, seat) => points.reduce((sum, p) => sum + p[seat], 0)),
  };
}

test("a finished match is kept once, with its preset, mode and the person's seat", () => {
  memory.clear();
  const now = new Date("2026-12-01T10:00:00Z");
  const entry = H.recordFinishedMatch(view(), { presets: PRESETS }, now);
  assert.equal(entry.preset, "wide");
  assert.equal(entry.mode, "computer");
  assert.equal(entry.you, 0);
  assert.deepEqual(entry.players, [{ kind: "you" }, { kind: "computer", level: "easy" }]);
  H.recordFinishedMatch(view(), { presets: PRESETS }, new Date("2026-12-01T10:05:00Z")); // the same match, reloaded
  assert.equal(H.historyStore.matches().length, 1);
  assert.equal(H.recordFinishedMatch({ ...view(), outcome: null }, { presets: PRESETS }), null);
  const pass = H.matchEntry(view({ seats: ["human", "human"] }), { presets: [] }, now);
  assert.equal(pass.mode, "pass");
  assert.equal(pass.you, null);
  assert.equal(pass.preset, "custom");
  const room = H.matchEntry(view({ room: { you: 1, seats: [{ kind: "person", name: "Ann" }, { kind: "person", name: "Bo" }] }, seats: ["human", "human"] }), { presets: PRESETS }, now);
  assert.equal(room.mode, "room");
  assert.equal(room.you, 1);
  assert.deepEqual(room.players, [{ kind: "person", name: "Ann" }, { kind: "you", name: "Bo" }]);
});

test("another tab's match written between the read and the write is merged, not lost", () => {
  memory.clear();
  const other = H.matchEntry(view({ seed: 99 }), { presets: PRESETS }, new Date("2026-11-30T10:00:00Z"));
  let meddled = false;
  // The first read sees an empty history; the check just before the write finds the other tab's.
  let reads = 0;
  const original = globalThis.window.localStorage.getItem;
  globalThis.window.localStorage.getItem = function (key) {
    reads += 1;
    if (reads === 2 && !meddled) { meddled = true; memory.set(H.HISTORY_KEY, H.historyFile([other])); }
    return original.call(this, key);
  };
  H.recordFinishedMatch(view({ seed: 1 }), { presets: PRESETS }, new Date("2026-12-01T10:00:00Z"));
  globalThis.window.localStorage.getItem = original;
  assert.ok(meddled);
  assert.deepEqual(H.historyStore.matches().map((m) => m.id).sort(), [other.id, H.matchEntry(view({ seed: 1 }), { presets: PRESETS }).id].sort());
});

test("a file is refused with what is wrong, in the page's language", () => {
  const good = H.matchEntry(view(), { presets: PRESETS }, new Date("2026-12-01T10:00:00Z"));
  assert.equal(H.readHistoryFile(H.historyFile([good]), en).length, 1);
  assert.throws(() => H.readHistoryFile("{not json", en), /not JSON/);
  assert.throws(() => H.readHistoryFile("{not json", ja), /JSON/);
  assert.throws(() => H.readHistoryFile(JSON.stringify({ format: "other", version: 1, matches: [] }), en), /not a history/);
  assert.throws(() => H.readHistoryFile(JSON.stringify({ format: H.HISTORY_FORMAT, version: 7, matches: [] }), en), /another version/);
  const broken = { ...good, holes: [{ ...good.holes[0], points: [3, "x"] }] };
  assert.throws(() => H.readHistoryFile(H.historyFile([good, broken]), en), { message: "match 2: holes[0].points must be a whole number for every player." });
  assert.throws(() => H.readHistoryFile(H.historyFile([broken]), ja), /1番目の.*holes\[0\]\.points/);
  assert.throws(() => H.readHistoryFile(H.historyFile([{ ...good, winners: [5] }]), en), /winners/);
});

test("merging keeps one entry per id, oldest first", () => {
  const a = { id: "a", date: "2026-12-02T00:00:00Z" };
  const b = { id: "b", date: "2026-12-01T00:00:00Z" };
  const { matches, added } = H.merged([a], [b, { ...a, date: "2020-01-01T00:00:00Z" }]);
  assert.deepEqual(matches.map((m) => m.id), ["b", "a"]);
  assert.equal(added, 1);
});

test("the stats count the person's seat only", () => {
  const one = H.matchEntry(view({ seed: 1, points: [[3, 7], [9, 1]], winners: [1] }), { presets: PRESETS });
  const pass = H.matchEntry(view({ seed: 2, seats: ["human", "human"] }), { presets: PRESETS });
  const stats = historyStats([one, pass]);
  assert.equal(stats.matches, 1);
  assert.equal(stats.matchesWon, 0);
  assert.equal(stats.holes, 2);
  assert.equal(stats.holesWon, 1); // 3 against 7; then 9 against 1
  assert.equal(stats.pairs, 2);
  assert.equal(stats.wentOut, 1); // the first hole only (seat 1 went out of the second)
  assert.equal(stats.wentOutWon, 1);
  assert.deepEqual(stats.presets, [{ preset: "wide", holes: 2, points: 12, average: 6 }]);
});

test("a finished match's whole Review is kept with its entry, and the stats give the accuracy over time", () => {
  memory.clear();
  // The engine's review: 10 choices, three flagged over two holes, so 7 of 10 were good.
  const review = { choices: 10, holes: [{ decisions: [{}, {}] }, { decisions: [{}] }] };
  const first = view({ seed: 11 });
  assert.equal(H.recordMatchReview(first, 0, review, { presets: PRESETS }), null, "a match the history does not keep gets no review");
  H.recordFinishedMatch(first, { presets: PRESETS }, new Date("2026-12-01T10:00:00Z"));
  assert.equal(H.recordMatchReview(first, 1, review, { presets: PRESETS }), null, "the computer's seat is not you");
  assert.deepEqual(H.recordMatchReview(first, 0, review, { presets: PRESETS }), { good: 7, choices: 10 });
  const second = view({ seed: 12 });
  H.recordFinishedMatch(second, { presets: PRESETS }, new Date("2026-12-02T10:00:00Z"));
  H.recordMatchReview(second, 0, { choices: 5, holes: [{ decisions: [] }] }, { presets: PRESETS });
  const kept = H.historyStore.matches();
  assert.equal(kept.length, 2, "a review adds no match");
  assert.deepEqual(kept.map((m) => m.review), [{ good: 7, choices: 10 }, { good: 5, choices: 5 }]);
  const stats = historyStats(kept);
  assert.equal(stats.reviewed, 2);
  assert.equal(stats.reviewAccuracy, 12 / 15);
  assert.deepEqual(stats.reviews.map((r) => r.accuracy), [0.7, 1]);
  // The file keeps it, and a review that cannot be is refused by name.
  assert.deepEqual(H.readHistoryFile(H.historyFile(kept), en).map((m) => m.review), [{ good: 7, choices: 10 }, { good: 5, choices: 5 }]);
  assert.throws(() => H.readHistoryFile(H.historyFile([{ ...kept[0], review: { good: 11, choices: 10 } }]), en), /review\.good/);
});

test("the daily puzzle is the same for a date and spread over the set", () => {
  assert.equal(dateText(new Date(2026, 11, 1, 23, 59)), "2026-12-01");
  assert.equal(dailyIndex("2026-12-01", 44), dailyIndex("2026-12-01", 44));
  const days = Array.from({ length: 60 }, (_, i) => dailyIndex(dateText(new Date(2026, 0, 1 + i)), 44));
  assert.ok(days.every((index) => index >= 0 && index < 44));
  assert.ok(new Set(days).size > 20);
});

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
