// What the Play page keeps in this browser: the match save (shared by the English and Japanese pages), the
// record against the computer, the last setup choices, the sound switch and how the computers' moves are shown. Every read survives damage, and
// every access survives a browser that refuses storage (site data blocked: reading throws SecurityError;
// storage full: writing throws QuotaExceededError): the page then plays without saving and says so once.
//
// Two tabs on one save: each tab remembers the save text it last read or wrote, and `keep` writes only if the
// stored save is still that text (compare and set), so an older tab never overwrites a newer one; the page
// hears of the other tab's writes through the `storage` event and offers to continue with them.
const SAVE_KEY = "sixcardgolf.playground.save";
const DAMAGED_KEY = "sixcardgolf.playground.save.damaged"; // a save the engine could not restore, set aside whole
const RECORD_KEY = "sixcardgolf.playground.record";
const CHOICES_KEY = "sixcardgolf.playground.choices";
const SOUND_KEY = "sixcardgolf.playground.sound";
// "at-once": a reply of the computers is shown as its final table at once (its moves still listed in the log),
// instead of one table per move; for people who know the game and want it brisk.
const SHOWING_KEY = "sixcardgolf.playground.showing";
const DAILY_KEY = "sixcardgolf.playground.daily"; // {date, tries}: how often today's deal was started
const RECORD_SEEN = 50; // match seeds remembered, so a reload of a finished match never counts it twice
// Rooms (issue 26): the seat this browser holds in each room, by code, {token, seen, at}: the token the room server
// gave (never put in a link), how many of the match's actions the page last saw (for the news on its return), and
// when it was last used (the oldest go first beyond ROOMS_KEPT); and the name last given.
const ROOMS_KEY = "sixcardgolf.rooms.seats";
const ROOM_NAME_KEY = "sixcardgolf.rooms.name";
const ROOMS_KEPT = 20;
// The guided lessons (learn.js): by lesson name, {done: the person's moves so far, completed: finished once}.
const LESSONS_KEY = "sixcardgolf.lessons";

// "ok", or why this browser does not keep what the page writes: "blocked" (no access at all) or "full".
// overrides/main.html swaps in a storage that forgets at page close when the browser refuses site data.
let health = window.golfStorageBlocked ? "blocked" : "ok";
const listeners = new Set();

function note(failure) {
  const next = failure && failure.name === "QuotaExceededError" ? "full" : "blocked";
  if (health === next) return;
  health = next;
  for (const listener of listeners) listener(health);
}

function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (failure) {
    note(failure);
    return null;
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch (failure) {
    note(failure);
    return false;
  }
}

function readJson(key, fallback) {
  try {
    const value = JSON.parse(read(key) || "null");
    return value && typeof value === "object" && !Array.isArray(value) ? { ...fallback, ...value } : fallback;
  } catch {
    return fallback;
  }
}

// The record as it should be, whatever was stored (a damaged record must never stop a match from ending).
function cleanRecord(raw) {
  const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
  return {
    matches: count(raw.matches),
    solo: count(raw.solo),
    shared: count(raw.shared),
    seen: Array.isArray(raw.seen) ? raw.seen.filter(Number.isSafeInteger).slice(-RECORD_SEEN) : [],
  };
}

let known = undefined; // the save text this tab last read or wrote (undefined: it has not looked yet)

export const store = {
  // "ok", "blocked" or "full"; `onHealth(listener)` hears of a change.
  health: () => health,
  onHealth: (listener) => listeners.add(listener),
  save() {
    known = read(SAVE_KEY);
    return known;
  },
  // Writes the save unless another tab wrote one since this tab last read or wrote it; returns "kept",
  // "newer" (another tab's save is there: nothing written) or "failed" (the browser keeps nothing).
  keep(save) {
    const current = read(SAVE_KEY);
    if (known !== undefined && current !== known && current !== save) return "newer";
    if (!write(SAVE_KEY, save)) return "failed";
    known = save;
    return "kept";
  },
  // Forget which save this tab saw, before a new match the person asked for replaces whatever is stored.
  claim() {
    known = read(SAVE_KEY);
  },
  // Another tab wrote the save: `listener(newText)`; the page decides what to tell the person.
  onOtherTab(listener) {
    window.addEventListener("storage", (event) => {
      if (event.key === SAVE_KEY && event.newValue !== known) listener(event.newValue);
    });
  },
  // A save that could not be restored is set aside whole (never overwritten by the next match) until a newer
  // damaged save replaces it; the page offers it for download.
  setAsideDamaged: (text) => write(DAMAGED_KEY, text),
  damaged: () => read(DAMAGED_KEY),
  record: () => cleanRecord(readJson(RECORD_KEY, {})),
  // result: "solo" (the person won alone), "shared" (a shared win) or "lost".
  noteOutcome(seed, result) {
    const record = this.record();
    if (record.seen.includes(seed)) return;
    record.seen = [...record.seen.slice(-RECORD_SEEN), seed];
    record.matches += 1;
    if (result === "shared") record.shared += 1;
    else if (result === "solo") record.solo += 1;
    write(RECORD_KEY, JSON.stringify(record));
  },
  // Counts a start of the daily deal of `date`; returns which try this is (1 for the first).
  noteDailyTry(date) {
    const daily = readJson(DAILY_KEY, { date: "", tries: 0 });
    const tries = (daily.date === date && Number.isSafeInteger(daily.tries) ? daily.tries : 0) + 1;
    write(DAILY_KEY, JSON.stringify({ date, tries }));
    return tries;
  },
  choices: () => readJson(CHOICES_KEY, null),
  keepChoices: (choices) => write(CHOICES_KEY, JSON.stringify(choices)),
  // The seat held in room `code`: {token, seen} or null.
  roomSeat(code) {
    const entry = readJson(ROOMS_KEY, {})[code];
    return entry && typeof entry.token === "string" && entry.token
      ? { token: entry.token, seen: Number.isSafeInteger(entry.seen) && entry.seen >= 0 ? entry.seen : 0 } : null;
  },
  keepRoomSeat(code, token, seen, now = Date.now()) {
    const rooms = readJson(ROOMS_KEY, {});
    rooms[code] = { token, seen, at: now };
    const kept = Object.entries(rooms).sort((a, b) => (b[1].at || 0) - (a[1].at || 0)).slice(0, ROOMS_KEPT);
    write(ROOMS_KEY, JSON.stringify(Object.fromEntries(kept)));
  },
  forgetRoomSeat(code) {
    const rooms = readJson(ROOMS_KEY, {});
    if (!(code in rooms)) return;
    delete rooms[code];
    write(ROOMS_KEY, JSON.stringify(rooms));
  },
  roomName: () => read(ROOM_NAME_KEY) || "",
  keepRoomName: (name) => write(ROOM_NAME_KEY, name),
  lesson(name) {
    const entry = readJson(LESSONS_KEY, {})[name] || {};
    const done = Array.isArray(entry.done) && entry.done.every((move) => typeof move === "string") ? entry.done : [];
    return { done, completed: entry.completed === true };
  },
  keepLesson(name, progress) {
    write(LESSONS_KEY, JSON.stringify({ ...readJson(LESSONS_KEY, {}), [name]: progress }));
  },
  sound: () => read(SOUND_KEY) === "on",
  keepSound: (on) => write(SOUND_KEY, on ? "on" : "off"),
  movesAtOnce: () => read(SHOWING_KEY) === "at-once",
  keepMovesAtOnce: (on) => write(SHOWING_KEY, on ? "at-once" : "one-by-one"),
};
