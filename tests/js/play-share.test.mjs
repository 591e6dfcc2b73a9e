// play-share.js: "Share this deal" links read back as the same deal, every field of a link is checked before
// it reaches the setup (each refusal a text key with its details), and the daily deal is the same for a date.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const { MAX_LINK_CHARS, dailyDeal, dealLink, parseDealLink } = await import("../../playground/play-share.js");
const { CATALOGUES } = await import("../../playground/texts.js");

// A made-up static data file in the shape of playground/data-<lang>.json (sixcardgolf.door.reference.static_data): the
// link code reads only these fields, and none of these values is a rule of the game.
const DATA = {
  lang: "en",
  presets: [
    { name: "basic", title: "Plain", options: { holes: 9, layout: "2x3", extra: 0, strict: false } },
    { name: "wide", title: "Wide", options: { holes: 6, layout: "3x3", extra: 2, strict: false } },
  ],
  setup: { players: [2, 3, 4], levels: ["easy", "normal", "hard"] },
  catalogue: [
    { key: "holes", label: "Holes" },
    { key: "layout", label: "Layout" },
    { key: "extra", label: "Extra cards" },
    { key: "strict", label: "Strict" },
    { key: "values.10", label: "Value of a 10" },
  ],
};
const PAGE = "https://example.test/play/";

// The fragment of a link made elsewhere (Python's urlsafe_b64encode without padding does the same).
const fragment = (deal) => `#deal=${Buffer.from(JSON.stringify(deal)).toString("base64url")}`;
const hashOf = (href) => new URL(href).hash;

test("a shared deal reads back as the same preset, holes, seats and seed", () => {
  const view = { rules: { ...DATA.presets[1].options, holes: 3 }, seats: ["human", "hard", "easy"], seed: 4_000_000_000 };
  const link = dealLink(`${PAGE}#old`, view, DATA);
  assert.ok(link.startsWith(`${PAGE}#deal=`));
  const { choices, daily } = parseDealLink(hashOf(link), DATA);
  assert.equal(daily, null);
  assert.deepEqual(choices, { mode: "computer", players: 3, preset: "wide", holes: 3, options: { holes: 3 }, seats: view.seats, seed: view.seed });
});

test("rules that match no preset travel whole, and two people at one device make a pass-and-play deal", () => {
  const rules = { ...DATA.presets[0].options, extra: 5, strict: true };
  const view = { rules, seats: ["human", "human"], seed: 7 };
  const { choices } = parseDealLink(hashOf(dealLink(PAGE, view, DATA)), DATA);
  assert.equal(choices.preset, "basic");
  assert.deepEqual(choices.options, rules);
  assert.equal(choices.mode, "pass");
});

test("a link in any language's characters reads back (UTF-8 inside the base64)", () => {
  const deal = { preset: "basic", options: { layout: "２x３" }, seats: ["human", "normal"], seed: 1 };
  assert.equal(parseDealLink(fragment(deal), DATA).choices.options.layout, "２x３");
});

test("a fragment that is not a deal link is no deal at all", () => {
  for (const hash of ["", "#", "#preset=basic", "#deals=abc"]) assert.equal(parseDealLink(hash, DATA), null, hash);
});

function refusal(hash) {
  const answer = parseDealLink(hash, DATA);
  assert.ok(answer && answer.error, `${hash.slice(0, 60)} was not refused`);
  assert.ok(answer.error in CATALOGUES.en && answer.error in CATALOGUES.ja, `${answer.error} is not a text of both catalogues`);
  return answer;
}

test("each kind of bad link is refused with its own text and the wrong value quoted", () => {
  const good = { preset: "basic", options: { holes: 1 }, seats: ["human", "normal"], seed: 3 };
  const cases = [
    [`#deal=${"A".repeat(MAX_LINK_CHARS)}`, "play.badLink.tooLong", { length: MAX_LINK_CHARS + 6, most: MAX_LINK_CHARS }],
    ["#deal=%%%not-base64", "play.badLink.unreadable", {}],
    [fragment([1, 2]), "play.badLink.unreadable", {}],
    [fragment({ ...good, preset: "nine-hole-mystery" }), "play.badLink.preset", { preset: "nine-hole-mystery" }],
    [fragment({ ...good, seats: "human,normal" }), "play.badLink.unreadable", {}],
    [fragment({ ...good, seats: ["human"] }), "play.badLink.seatCount", { count: 1, low: 2, high: 4 }],
    [fragment({ ...good, seats: ["normal", "hard"] }), "play.badLink.noPerson", {}],
    [fragment({ ...good, seed: -1 }), "play.badLink.seed", { seed: "-1" }],
    [fragment({ ...good, seed: 1.5 }), "play.badLink.seed", { seed: "1.5" }],
    [fragment({ ...good, seed: "12" }), "play.badLink.seed", { seed: "12" }],
    [fragment({ ...good, options: [1] }), "play.badLink.options", {}],
    [fragment({ ...good, options: { speed: 1 } }), "play.badLink.option", { key: "speed" }],
    [fragment({ ...good, options: { extra: { a: 1 } } }), "play.badLink.value", { label: "Extra cards", value: '{"a":1}' }],
  ];
  for (const [hash, error, details] of cases) assert.deepEqual(refusal(hash), { error, details }, error);
});

test("a seat that is neither a person nor a level is named, with the levels in the page's words", () => {
  const { error, details } = refusal(fragment({ preset: "basic", seats: ["human", "grandmaster"], seed: 1 }));
  assert.equal(error, "play.badLink.seat");
  assert.equal(details.n, 2);
  assert.equal(details.seat, "grandmaster");
  assert.equal(details.levels, DATA.setup.levels.map((level) => CATALOGUES.en[`play.level.${level}`]).join(CATALOGUES.en["play.badLink.separator"]));
});

test("a long wrong value is quoted cut short, with an ellipsis", () => {
  const { details } = refusal(fragment({ preset: "x".repeat(100), seats: ["human", "easy"], seed: 1 }));
  assert.equal(details.preset.length, 40);
  assert.ok(details.preset.endsWith("…"));
});

test("the engine's alias values.T is accepted as an option key", () => {
  const { choices } = parseDealLink(fragment({ preset: "basic", options: { "values.T": 0 }, seats: ["human", "easy"], seed: 1 }), DATA);
  assert.deepEqual(choices.options, { "values.T": 0 });
});

test("the daily deal: the same seed all day, another the next day, one hole of the basic game against Hard", () => {
  const morning = dailyDeal(new Date(2026, 11, 1, 7, 0), DATA);
  const evening = dailyDeal(new Date(2026, 11, 1, 23, 59), DATA);
  const tomorrow = dailyDeal(new Date(2026, 11, 2, 7, 0), DATA);
  assert.deepEqual(morning, evening);
  assert.equal(morning.daily.date, "2026-12-01");
  assert.notEqual(morning.choices.seed, tomorrow.choices.seed);
  assert.ok(Number.isSafeInteger(morning.choices.seed) && morning.choices.seed >= 0 && morning.choices.seed < 2 ** 32);
  assert.deepEqual(morning.choices.seats, ["human", "hard"]);
  assert.equal(morning.choices.preset, "basic");
  assert.equal(morning.choices.holes, 1);
  const linked = parseDealLink("#daily", DATA);
  assert.deepEqual(linked, dailyDeal(new Date(), DATA));
});
