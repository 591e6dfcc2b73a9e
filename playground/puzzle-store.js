// What the puzzle page keeps in this browser: each puzzle's first answer (solved or missed), the streak of first
// answers solved in a row and the best streak. Like the Play page's store (play-store.js), every read survives
// damage and every access survives a browser that refuses storage: the page then works without keeping anything
// and says so once.
const KEY = "sixcardgolf.puzzles";

let health = window.golfStorageBlocked ? "blocked" : "ok";

function note(failure) {
  health = failure && failure.name === "QuotaExceededError" ? "full" : "blocked";
}

function read() {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) || "null");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (failure) {
    if (failure && failure.name !== "SyntaxError") note(failure);
    return {};
  }
}

// The kept answers as they should be, whatever was stored.
function clean(raw) {
  const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
  const results = {};
  if (raw.results && typeof raw.results === "object") {
    for (const [id, result] of Object.entries(raw.results)) if (result === "solved" || result === "missed") results[id] = result;
  }
  return { results, streak: count(raw.streak), best: count(raw.best) };
}

export const puzzleStore = {
  health: () => health,
  progress: () => clean(read()),
  // The first answer to a puzzle counts (a second try teaches, it does not score); returns the progress after it.
  answer(id, solved) {
    const progress = clean(read());
    if (progress.results[id]) return progress;
    progress.results[id] = solved ? "solved" : "missed";
    progress.streak = solved ? progress.streak + 1 : 0;
    progress.best = Math.max(progress.best, progress.streak);
    try {
      window.localStorage.setItem(KEY, JSON.stringify(progress));
    } catch (failure) {
      note(failure);
    }
    return progress;
  },
};
