// Where the score keeper keeps its match: this browser's localStorage, read and written so that nothing the
// browser refuses ever stops the page, and nothing another tab or window wrote is ever overwritten unseen.
//
// - Blocked site data (Chromium's "Block all cookies", some private modes): merely reading
//   `window.localStorage` throws a SecurityError, so it is read inside a try, never as a default parameter.
// - Storage full: every write may throw a QuotaExceededError; a write says whether it worked.
// - Two tabs: every stored value carries a revision stamp, new at every write, so two writes never store the
//   same text (two tabs adding the same scores included). A tab remembers the text it last read or wrote;
//   different text in storage means another tab wrote since, and that copy is the newer one. A random stamp
//   rather than a counter: clearing removes the value, and a counter starting again from 1 could repeat a
//   number another tab still remembers.

export const STORE_KEY = "sixcardgolf.calculator.keeper";
const DAMAGED_COPIES = 5; // .damaged, .damaged.2 ... .damaged.5: earlier damaged copies are kept, not replaced

// {storage, problem}: `storage` is null when the browser refuses even to read ("blocked"); `problem` is
// "blocked", "full" (a small test write was refused: what is saved can be read, nothing new is kept) or null.
export function openStorage(reach = () => window.localStorage) {
  // When a script in the page's head has already put a storage that forgets at page close in place of a refusing
  // localStorage, it says so in window.golfStorageBlocked: the browser still keeps nothing.
  if (window.golfStorageBlocked) return { storage: null, problem: "blocked" };
  let storage;
  try {
    storage = reach();
    storage.getItem(STORE_KEY);
  } catch {
    return { storage: null, problem: "blocked" };
  }
  const probe = `${STORE_KEY}.probe`;
  try {
    storage.setItem(probe, "1");
    storage.removeItem(probe);
  } catch (error) {
    return { storage, problem: writeProblem(error) };
  }
  return { storage, problem: null };
}

function writeProblem(error) {
  return error && error.name === "QuotaExceededError" ? "full" : "blocked";
}

function newStamp() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export class KeeperStore {
  // `valid(data)` says whether a parsed value is a match this page can show.
  constructor(storage, valid) {
    this.storage = storage;
    this.valid = valid;
  }

  get available() {
    return this.storage !== null;
  }

  // What is stored now: {kind, match, raw}, kind "empty", "match", "damaged" (a value this page cannot read:
  // not JSON, or not a match) or "unreadable" (the browser refused the read; the page acts as if nothing were
  // stored). `raw` is the stored text: a tab compares it with the text it last read or wrote.
  read() {
    if (!this.storage) return { kind: "unreadable", match: null, raw: null };
    let raw;
    try {
      raw = this.storage.getItem(STORE_KEY);
    } catch {
      return { kind: "unreadable", match: null, raw: null };
    }
    if (raw === null) return { kind: "empty", match: null, raw };
    let data;
    try {
      data = JSON.parse(raw);
    } catch {
      return { kind: "damaged", match: null, raw };
    }
    if (!this.valid(data)) return { kind: "damaged", match: null, raw };
    const { revision, ...match } = data; // the stamp is the store's business, not the match's
    return { kind: "match", match, raw };
  }

  // Writes the match (or removes it, for null) with a new revision stamp. Gives the text now stored (null once
  // removed), or undefined when the browser refused, with the reason in `this.problem` ("full" or "blocked").
  write(match) {
    if (!this.storage) {
      this.problem = "blocked";
      return undefined;
    }
    try {
      if (!match) {
        this.storage.removeItem(STORE_KEY);
        return null;
      }
      const raw = JSON.stringify({ ...match, revision: newStamp() });
      this.storage.setItem(STORE_KEY, raw);
      return raw;
    } catch (error) {
      this.problem = writeProblem(error);
      return undefined;
    }
  }

  // A stored value that cannot be read is moved aside, never thrown away: to the first free of .damaged,
  // .damaged.2 ... (the last one is replaced once all are used). True if it was moved.
  setAside(raw) {
    if (!this.storage) return false;
    try {
      const names = Array.from({ length: DAMAGED_COPIES }, (_, i) => `${STORE_KEY}.damaged${i ? `.${i + 1}` : ""}`);
      const free = names.find((name) => this.storage.getItem(name) === null || this.storage.getItem(name) === raw);
      this.storage.setItem(free ?? names[names.length - 1], raw);
      this.storage.removeItem(STORE_KEY);
      return true;
    } catch {
      return false;
    }
  }

  // Calls `changed()` whenever another tab or window changes the stored match (the storage event fires in every
  // other page of this site, never in the one that wrote).
  watch(changed) {
    if (!this.storage) return;
    window.addEventListener("storage", (event) => {
      if (event.storageArea !== this.storage) return;
      if (event.key === STORE_KEY || event.key === null) changed(); // null: the whole storage was cleared
    });
  }
}
