// What the Play page keeps in this browser: the match save (shared by the English and Japanese pages), the
// record against the computer, the last setup choices and the sound switch. Every read survives damage.
const SAVE_KEY = "sixcardgolf.playground.save";
const RECORD_KEY = "sixcardgolf.playground.record";
const CHOICES_KEY = "sixcardgolf.playground.choices";
const SOUND_KEY = "sixcardgolf.playground.sound";
const RECORD_SEEN = 50; // match seeds remembered, so a reload of a finished match never counts it twice

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value && typeof value === "object" ? { ...fallback, ...value } : fallback;
  } catch {
    return fallback;
  }
}

export const store = {
  save: () => localStorage.getItem(SAVE_KEY),
  keep: (save) => localStorage.setItem(SAVE_KEY, save),
  record: () => readJson(RECORD_KEY, { matches: 0, solo: 0, shared: 0, seen: [] }),
  // result: "solo" (the person won alone), "shared" (a shared win) or "lost".
  noteOutcome(seed, result) {
    const record = this.record();
    if (record.seen.includes(seed)) return;
    record.seen = [...record.seen.slice(-RECORD_SEEN), seed];
    record.matches += 1;
    if (result === "shared") record.shared += 1;
    else if (result === "solo") record.solo += 1;
    localStorage.setItem(RECORD_KEY, JSON.stringify(record));
  },
  choices: () => readJson(CHOICES_KEY, null),
  keepChoices: (choices) => localStorage.setItem(CHOICES_KEY, JSON.stringify(choices)),
  sound: () => localStorage.getItem(SOUND_KEY) === "on",
  keepSound: (on) => localStorage.setItem(SOUND_KEY, on ? "on" : "off"),
};
