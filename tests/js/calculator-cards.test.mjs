// calculator-cards.js: what a person types into the calculator, read token by token and written back, so the
// grid and the typed field say the same thing (full-width input included). Its pure functions only.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardFace, readToken, slotsFromText, splitLayout, textFromSlots, tokenFor } from "../../playground/calculator-cards.js";

test("a layout splits into rows at '/' and into cards at spaces", () => {
  assert.deepEqual(splitLayout("8H KS 2D / 8C AS 5H"), [["8H", "KS", "2D"], ["8C", "AS", "5H"]]);
  assert.deepEqual(splitLayout("  8H   KS  "), [["8H", "KS"]]);
});

test("full-width letters, digits, spaces and slashes read as plain ones", () => {
  assert.deepEqual(splitLayout("８Ｈ　ＫＳ／２Ｄ"), [["8H", "KS"], ["2D"]]);
  assert.deepEqual(readToken("１０ｈ"), readToken("10H"));
});

test("a token is a card (rank, suit or none), a joker, empty, or unread", () => {
  const hearts = 1;
  assert.deepEqual(readToken("10H"), { kind: "card", rank: 9, suit: hearts });
  assert.deepEqual(readToken("th"), { kind: "card", rank: 9, suit: hearts }); // T is ten
  assert.deepEqual(readToken("K♥"), { kind: "card", rank: 12, suit: hearts });
  assert.deepEqual(readToken("q"), { kind: "card", rank: 11, suit: null }); // the suit left out
  for (const joker of ["JK", "joker", "ジョーカー", "🃏"]) assert.deepEqual(readToken(joker), { kind: "joker" }, joker);
  for (const empty of ["", " ", "?"]) assert.deepEqual(readToken(empty), { kind: "empty" }, JSON.stringify(empty));
  assert.deepEqual(readToken("1H"), { kind: "unread", text: "1H" });
  assert.deepEqual(readToken("8X"), { kind: "unread", text: "8X" });
});

test("a card read is written back in the engine's notation", () => {
  for (const token of ["8H", "10S", "AD", "KC", "JK", "7"]) assert.equal(tokenFor(readToken(token)), token);
  assert.equal(tokenFor(readToken("th")), "10H");
  assert.equal(tokenFor(null), "");
  assert.equal(tokenFor(readToken("zz")), "ZZ"); // unread text is kept for the engine to name
});

test("typed text fills a rows x cols grid by row and column, and says when it does not fit", () => {
  assert.deepEqual(slotsFromText("8H KS / 2D", 2, 3), { slots: ["8H", "KS", "", "2D", "", ""], fits: true });
  assert.deepEqual(slotsFromText("8H ? 2D", 2, 3), { slots: ["8H", "", "2D", "", "", ""], fits: true });
  const long = slotsFromText("1S 2S 3S 4S / 5S", 2, 3);
  assert.equal(long.fits, false);
  assert.deepEqual(long.slots, ["1S", "2S", "3S", "4S", "5S", ""]); // in reading order, as far as it goes
  assert.equal(slotsFromText("A / B / C", 2, 3).fits, false);
});

test("slots are written back row by row, an empty slot as '?', and the text reads back to the same slots", () => {
  const slots = ["8H", "", "2D", "8C", "AS", ""];
  const text = textFromSlots(slots, 3);
  assert.equal(text, "8H ? 2D / 8C AS ?");
  assert.deepEqual(slotsFromText(text, 2, 3).slots, slots);
  assert.equal(textFromSlots(["", "", ""], 3), "");
});

test("a card's face: rank and suit symbol, red for hearts and diamonds", () => {
  assert.deepEqual(cardFace("8H"), { text: "8♥", red: true });
  assert.deepEqual(cardFace("10d"), { text: "10♦", red: true });
  assert.deepEqual(cardFace("KS"), { text: "K♠", red: false });
  assert.deepEqual(cardFace("K"), { text: "K", red: false });
  assert.deepEqual(cardFace("JK"), { text: "JK", red: false });
  assert.deepEqual(cardFace(""), { text: "", red: false });
  assert.deepEqual(cardFace("8X"), { text: "8X", red: false });
});
