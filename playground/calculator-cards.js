// Card notation on the calculator page: reading what a person typed into the slots of a layout, and
// writing slots back as notation, so the grid and the typed field always say the same thing.
// Only for showing and syncing: whether a card is a card, and whether the rules' decks hold it, is the
// engine's answer (sixcardgolf.deck_check), which names the player, the position and the card.

export const EMPTY = "?"; // the engine's mark for a place whose card is not entered yet
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const JOKER = "JK";
export const SUITS = [
  { letter: "S", symbol: "♠", red: false },
  { letter: "H", symbol: "♥", red: true },
  { letter: "D", symbol: "♦", red: true },
  { letter: "C", symbol: "♣", red: false },
];
const SUIT_INDEX = { S: 0, H: 1, D: 2, C: 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3 };
const JOKER_WORDS = new Set(["JK", "JOKER", "🃏", "ジョーカー"]);

// Japanese keyboards type full-width letters, digits, spaces and slashes: NFKC makes them plain.
export function normalise(text) {
  return String(text ?? "").normalize("NFKC");
}

// "8H KS 2D / 8C AS 5H" -> [["8H", "KS", "2D"], ["8C", "AS", "5H"]]
export function splitLayout(text) {
  return normalise(text)
    .split("/")
    .map((row) => row.trim().split(/\s+/).filter(Boolean));
}

// What a token shows as: {kind: "card", rank, suit (index or null)}, {kind: "joker"}, {kind: "empty"} or
// {kind: "unread", text} for anything else (the engine says why).
export function readToken(token) {
  const text = normalise(token).trim().toUpperCase();
  if (!text || text === EMPTY) return { kind: "empty" };
  if (JOKER_WORDS.has(text)) return { kind: "joker" };
  const rankOnly = rankIndex(text);
  if (rankOnly !== null) return { kind: "card", rank: rankOnly, suit: null };
  const last = text.slice(-1);
  if (last in SUIT_INDEX) {
    const rank = rankIndex(text.slice(0, -1));
    if (rank !== null) return { kind: "card", rank, suit: SUIT_INDEX[last] };
  }
  return { kind: "unread", text };
}

function rankIndex(text) {
  const rank = RANKS.indexOf(text === "T" ? "10" : text);
  return rank >= 0 ? rank : null;
}

// The notation for a slot: "8H", "8" (suit left out), "JK", or "" for an empty slot.
export function tokenFor(card) {
  if (!card) return "";
  if (card.kind === "joker") return JOKER;
  if (card.kind !== "card") return card.text ?? "";
  return RANKS[card.rank] + (card.suit === null ? "" : SUITS[card.suit].letter);
}

// The slots of a rows x cols layout from typed text: each token in its row and column. `fits` is false when
// the text has more rows or longer rows than the layout (the engine then reports the shape).
export function slotsFromText(text, rows, cols) {
  const written = splitLayout(text);
  const slots = new Array(rows * cols).fill("");
  const fits = written.length <= rows && written.every((row) => row.length <= cols);
  if (fits) {
    written.forEach((row, r) => row.forEach((token, c) => (slots[r * cols + c] = token)));
  } else {
    written.flat().slice(0, rows * cols).forEach((token, i) => (slots[i] = token));
  }
  return { slots: slots.map((token) => (readToken(token).kind === "empty" ? "" : token)), fits };
}

// Slots back to notation, row by row; an empty slot is written "?" so every card keeps its place.
export function textFromSlots(slots, cols) {
  if (slots.every((token) => !token)) return "";
  const rows = [];
  for (let start = 0; start < slots.length; start += cols) {
    rows.push(slots.slice(start, start + cols).map((token) => token || EMPTY).join(" "));
  }
  return rows.join(" / ");
}

// A card as people read it, and as a screen reader should say it: "8♥", "K", "JK".
export function cardFace(token) {
  const card = readToken(token);
  if (card.kind === "joker") return { text: JOKER, red: false };
  if (card.kind === "card") {
    const suit = card.suit === null ? null : SUITS[card.suit];
    return { text: RANKS[card.rank] + (suit ? suit.symbol : ""), red: Boolean(suit && suit.red) };
  }
  if (card.kind === "empty") return { text: "", red: false };
  return { text: card.text, red: false };
}
