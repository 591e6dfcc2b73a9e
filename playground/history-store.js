// A player's history (issue 28): every finished match of this browser (against the computer, pass-and-play and
// rooms), kept in localStorage: its date, preset, players, each hole's scores and who won. The Play page calls
// `recordFinishedMatch(view, data)` with each view it draws; a view with an outcome is a finished match, kept once
// (its id comes from the match's own save, so a reload of the finished match does not count it again).
//
// Two tabs: every write merges into the history as it is stored now, read just before (never a copy the page read
// earlier), and writes only if it is still that text (the compare and set of play-store.js); a history another tab
// wrote meanwhile is merged again, so neither tab's matches are lost. A history that cannot be read is set aside
// whole (HISTORY_KEY.damaged) before anything is written over it.
//
// The same checks read an imported file (`readHistoryFile`): a file that is not a history, or any match in it that
// is not as this page writes them, is refused with a message in the page's language naming what is wrong, and the
// stored history is not touched.
export const HISTORY_KEY = "sixcardgolf.history";
export const HISTORY_FORMAT = "sixcardgolf-history";
export const HISTORY_VERSION = 1;
export const MAX_MATCHES = 2000; // the oldest go first beyond this (about 2 MB at most)
export const MAX_FILE_CHARS = 5_000_000;
const DAMAGED_KEY = `${HISTORY_KEY}.damaged`;
const MODES = ["computer", "pass", "room"];
const KINDS = ["you", "person", "computer"];

let health = typeof window !== "undefined" && window.golfStorageBlocked ? "blocked" : "ok";

function storage() {
  return typeof window !== "undefined" ? window.localStorage : null;
}

function read(key) {
  try {
    return storage().getItem(key);
  } catch {
    health = "blocked";
    return null;
  }
}

function write(key, value) {
  try {
    storage().setItem(key, value);
    return true;
  } catch (failure) {
    health = failure && failure.name === "QuotaExceededError" ? "full" : "blocked";
    return false;
  }
}

// -- checking a history (stored or imported) ---------------------------------------------------------------------
class HistoryError extends Error {}

const whole = (value) => Number.isSafeInteger(value);
const seatOrNull = (value, players) => value === null || (whole(value) && value >= 0 && value < players);
const wholeList = (value, length) => Array.isArray(value) && value.length === length && value.every(whole);

// One match as this page writes it, or a HistoryError naming its first field that is not.
function checkMatch(raw, number, t) {
  const wrong = (field, kind) => new HistoryError(t("history.import.field", { n: number, field, expected: t(`history.kind.${kind}`) }));
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw wrong("", "object");
  if (typeof raw.id !== "string" || !raw.id || raw.id.length > 100) throw wrong("id", "text");
  if (typeof raw.date !== "string" || Number.isNaN(Date.parse(raw.date))) throw wrong("date", "date");
  if (!MODES.includes(raw.mode)) throw wrong("mode", "mode");
  if (typeof raw.preset !== "string" || !raw.preset || raw.preset.length > 40) throw wrong("preset", "text");
  if (!Array.isArray(raw.players) || raw.players.length < 2 || raw.players.length > 8) throw wrong("players", "players");
  raw.players.forEach((player, index) => {
    if (!player || typeof player !== "object" || !KINDS.includes(player.kind)) throw wrong(`players[${index}].kind`, "kind");
    if (player.name !== undefined && (typeof player.name !== "string" || player.name.length > 40)) throw wrong(`players[${index}].name`, "text");
    if (player.level !== undefined && typeof player.level !== "string") throw wrong(`players[${index}].level`, "text");
  });
  const players = raw.players.length;
  if (!seatOrNull(raw.you, players)) throw wrong("you", "seat");
  if (!Array.isArray(raw.holes) || !raw.holes.length || raw.holes.length > 60) throw wrong("holes", "holes");
  raw.holes.forEach((hole, index) => {
    const at = `holes[${index}]`;
    if (!hole || typeof hole !== "object") throw wrong(at, "object");
    if (!wholeList(hole.points, players)) throw wrong(`${at}.points`, "wholes");
    if (!wholeList(hole.pairs, players)) throw wrong(`${at}.pairs`, "wholes");
    if (typeof hole.end_reason !== "string") throw wrong(`${at}.end_reason`, "text");
    if (!seatOrNull(hole.went_out, players)) throw wrong(`${at}.went_out`, "seat");
    if (!seatOrNull(hole.knocker, players)) throw wrong(`${at}.knocker`, "seat");
  });
  if (!wholeList(raw.totals, players)) throw wrong("totals", "wholes");
  if (!Array.isArray(raw.winners) || !raw.winners.length || !raw.winners.every((seat) => seatOrNull(seat, players) && seat !== null)) throw wrong("winners", "seats");
  const review = raw.review;
  if (review !== undefined) {
    if (!review || typeof review !== "object" || Array.isArray(review)) throw wrong("review", "object");
    if (!whole(review.choices) || review.choices < 1 || review.choices > 10_000) throw wrong("review.choices", "wholes");
    if (!whole(review.good) || review.good < 0 || review.good > review.choices) throw wrong("review.good", "wholes");
  }
  return {
    id: raw.id, date: raw.date, mode: raw.mode, preset: raw.preset, you: raw.you,
    players: raw.players.map((p) => ({ kind: p.kind, ...(p.name !== undefined ? { name: p.name } : {}), ...(p.level !== undefined ? { level: p.level } : {}) })),
    holes: raw.holes.map((h) => ({ points: h.points, pairs: h.pairs, end_reason: h.end_reason, went_out: h.went_out, knocker: h.knocker })),
    totals: raw.totals, winners: raw.winners,
    ...(review !== undefined ? { review: { good: review.good, choices: review.choices } } : {}),
  };
}

// A history file's text as matches, or a HistoryError in the page's language naming what is wrong.
export function readHistoryFile(text, t) {
  if (typeof text !== "string" || text.length > MAX_FILE_CHARS) throw new HistoryError(t("history.import.tooLarge", { most: MAX_FILE_CHARS / 1_000_000 }));
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HistoryError(t("history.import.notJson"));
  }
  if (!value || typeof value !== "object" || Array.isArray(value) || value.format !== HISTORY_FORMAT) {
    throw new HistoryError(t("history.import.format", { format: HISTORY_FORMAT }));
  }
  if (value.version !== HISTORY_VERSION) throw new HistoryError(t("history.import.version", { version: HISTORY_VERSION }));
  if (!Array.isArray(value.matches)) throw new HistoryError(t("history.import.matches"));
  return value.matches.map((match, index) => checkMatch(match, index + 1, t));
}

export function historyFile(matches) {
  return JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, matches }, null, 1);
}

// `more` merged into `matches`: one entry per id (the one already there stays), oldest first.
export function merged(matches, more) {
  const byId = new Map(matches.map((match) => [match.id, match]));
  let added = 0;
  for (const match of more) {
    const kept = byId.get(match.id);
    if (kept && match.review && !kept.review) {
      byId.set(match.id, { ...kept, review: match.review }); // the Review of a match kept before it was reviewed
      added += 1;
      continue;
    }
    if (kept) continue;
    byId.set(match.id, match);
    added += 1;
  }
  const all = [...byId.values()].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return { matches: all.slice(-MAX_MATCHES), added };
}

const silent = (key, values) => `${key} ${JSON.stringify(values)}`; // a stored history's damage is never shown

// The stored history: its text and its matches (a history that cannot be read is [] and `damaged`).
function stored() {
  const text = read(HISTORY_KEY);
  if (!text) return { text, matches: [], damaged: false };
  try {
    return { text, matches: readHistoryFile(text, silent), damaged: false };
  } catch {
    return { text, matches: [], damaged: true };
  }
}

// Merge `more` into the stored history (compare and set: see the top of the file); returns how many were new, or
// null when the browser keeps nothing.
function addMatches(more) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = stored();
    const { matches, added } = merged(before.matches, more);
    if (!added) return 0;
    if (read(HISTORY_KEY) !== before.text) continue; // another tab wrote meanwhile: merge into its history
    if (before.damaged) write(DAMAGED_KEY, before.text);
    return write(HISTORY_KEY, historyFile(matches)) ? added : null;
  }
  return null;
}

export const historyStore = {
  health: () => health,
  matches: () => stored().matches,
  damaged: () => read(DAMAGED_KEY),
  add: addMatches,
  // Another tab changed the history: `listener()`.
  onOtherTab(listener) {
    window.addEventListener("storage", (event) => {
      if (event.key === HISTORY_KEY) listener();
    });
  },
};

// -- a finished match, from the Play page's view ----------------------------------------------------------------
function fnv(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

// The preset whose rules the match was played with (the number of holes aside), or "custom".
export function presetOf(rules, presets) {
  const found = (presets || []).find((preset) => Object.entries(preset.options).every(([key, value]) => key === "holes" || rules[key] === value));
  return found ? found.name : "custom";
}

// A finished match's id: its mode and its own save name it (the seed and every move locally, or the keys its holes
// were dealt from in a room), so the same match read again is the same entry.
export function matchId(view) {
  const mode = view.room ? "room" : view.seats.filter((kind) => kind === "human").length > 1 ? "pass" : "computer";
  const save = typeof view.save === "string" ? view.save : JSON.stringify(view.record || view.records);
  return `${mode}-${fnv(save)}-${fnv(JSON.stringify(view.records))}`;
}

// The history entry of a finished match's view (null: the match is not over).
export function matchEntry(view, data, now = new Date()) {
  if (!view || !view.outcome || !view.records || !view.records.length) return null;
  const room = view.room;
  const people = view.seats.filter((kind) => kind === "human").length;
  const mode = room ? "room" : people > 1 ? "pass" : "computer";
  const you = room ? room.you : mode === "computer" ? view.seats.indexOf("human") : null;
  const players = view.seats.map((kind, seat) => {
    if (room) {
      const entry = room.seats[seat] || {};
      if (entry.kind === "computer") return { kind: "computer", level: entry.level || "normal" };
      return { kind: seat === you ? "you" : "person", ...(entry.name ? { name: String(entry.name).slice(0, 40) } : {}) };
    }
    if (kind !== "human") return { kind: "computer", level: kind };
    return { kind: seat === you ? "you" : "person" };
  });
  // The match's own save names it: the seed and every move (locally), or the keys its holes were dealt from (a room).
  return {
    id: matchId(view),
    date: now.toISOString(),
    mode,
    preset: presetOf(view.rules || {}, data && data.presets),
    players,
    you,
    holes: view.records.map((record) => ({
      points: record.points, pairs: record.pairs || record.points.map(() => 0), end_reason: record.end_reason,
      went_out: record.went_out ?? null, knocker: record.knocker ?? null,
    })),
    totals: view.totals,
    winners: view.outcome.winners,
  };
}

export function recordFinishedMatch(view, data, now = new Date()) {
  const entry = matchEntry(view, data, now);
  if (entry) historyStore.add([entry]);
  return entry;
}

// The Review of a whole finished match, for the person the history counts as "you" (against the computer, in a room):
// how many of their decisions it judged good, kept with that match's entry for the stats' accuracy over time.
// A hole's Review during the match, or a pass-and-play match's, is not kept (it is not one "you"'s whole match).
// `review` is the engine's (sixcardgolf.review): its choices, and the decisions it flagged, hole by hole.
export function recordMatchReview(view, seat, review, data, now = new Date()) {
  const entry = matchEntry(view, data, now);
  if (!entry || entry.you === null || entry.you !== seat || !review || !review.choices) return null;
  // Only a match the history keeps already (a lesson's match, which the Learn page keeps out, stays out).
  if (!historyStore.matches().some((match) => match.id === entry.id)) return null;
  const choices = review.choices;
  const flagged = review.holes.reduce((sum, hole) => sum + hole.decisions.length, 0);
  const kept = { ...entry, review: { good: Math.max(0, choices - flagged), choices } };
  historyStore.add([kept]);
  return kept.review;
}
