// texts.js: a message is found by its key, its placeholders filled; a counted message picks its plural form
// by Intl.PluralRules (English one/other, Japanese always other); a missing key or a count that is not a
// number is an error that names the key. Checked against the catalogues themselves, so no sentence is copied.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

const { CATALOGUES, pluralNumber, translator } = await import("../../playground/texts.js");
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

test("a plain message has its placeholders filled, and unknown ones left as they are", () => {
  const t = translator("en");
  const key = Object.keys(CATALOGUES.en).find((k) => /\{\w+\}/.test(CATALOGUES.en[k]) && !/_(one|other)$/.test(k));
  const names = [...CATALOGUES.en[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const values = Object.fromEntries(names.map((name, i) => [name, `<${i}>`]));
  const text = t(key, values);
  for (const value of Object.values(values)) assert.ok(text.includes(value), `${key}: ${text}`);
  assert.doesNotMatch(text, /\{\w+\}/);
  assert.match(translator("en")(key, {}), /\{\w+\}/); // nothing given: the placeholder stays, no "undefined"
});

test("English picks _one for 1 and _other for 0 and 2, by the message's count or its first placeholder", () => {
  const t = translator("en");
  const record = { solo: 0, shared: 0 };
  assert.equal(t("play.record", { ...record, matches: 1 }), fill(CATALOGUES.en["play.record_one"], { ...record, matches: 1 }));
  for (const matches of [0, 2, 11]) {
    assert.equal(t("play.record", { ...record, matches }), fill(CATALOGUES.en["play.record_other"], { ...record, matches }));
  }
  // review.summary.loss counts {count}, not its first placeholder {loss}.
  assert.equal(pluralNumber(CATALOGUES.en["review.summary.loss_other"]), "count");
  assert.equal(t("review.summary.loss", { count: 1, loss: 5, error: 1 }), fill(CATALOGUES.en["review.summary.loss_one"], { count: 1, loss: 5, error: 1 }));
  assert.equal(pluralNumber("{matches} matches, {solo} won"), "matches");
});

test("Japanese has no singular: every count takes _other", () => {
  const t = translator("ja");
  for (const count of [1, 2]) {
    assert.equal(t("calc.missing", { count }), fill(CATALOGUES.ja["calc.missing_other"], { count }));
  }
});

test("every counted message has both forms in both languages", () => {
  for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
    for (const key of Object.keys(catalogue).filter((k) => k.endsWith("_one"))) {
      assert.ok(`${key.slice(0, -4)}_other` in catalogue, `${lang}: ${key} has no _other`);
    }
  }
});

test("a missing key, or a count that is not a number, is an error naming the key", () => {
  const t = translator("en");
  assert.throws(() => t("play.no-such-key"), /no text "play\.no-such-key" in the en catalogue/);
  assert.throws(() => t("play.record", { matches: "many" }), /text "play\.record" counts \{matches\}.*"many".*expected a number/);
  assert.throws(() => t("play.record", {}), /play\.record/);
});

test("the page's language comes from <html lang>", async () => {
  const { pageLang } = await import("../../playground/texts.js");
  assert.equal(pageLang, globalThis.document.documentElement.lang.startsWith("ja") ? "ja" : "en");
});
