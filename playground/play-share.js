// Share this deal and the daily deal: the rules, the seats and the seed in the page's URL fragment, so whoever
// opens the link plays the same cards (the deal comes from the seed alone; the computers from seed and moves).
import { translator } from "./texts.js";

const DAILY_PRESET = "basic";
const DAILY_SEATS = ["human", "hard"];

function encode(value) {
  return btoa(unescape(encodeURIComponent(JSON.stringify(value)))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  return JSON.parse(decodeURIComponent(escape(atob(text.replace(/-/g, "+").replace(/_/g, "/")))));
}

export function dealLink(href, view, data) {
  const url = new URL(href);
  const preset = data.presets.find((p) => JSON.stringify(p.options) === JSON.stringify({ ...view.rules, holes: p.options.holes }));
  const options = { holes: view.rules.holes };
  if (!preset) Object.assign(options, view.rules);
  url.hash = `deal=${encode({ preset: preset ? preset.name : "basic", options, seats: view.seats, seed: view.seed })}`;
  return url.href;
}

// The longest #deal= fragment read: a link this page writes, with every rule option set, is under 2,000
// characters; a longer one is refused before it is decoded.
export const MAX_LINK_CHARS = 4_000;
const QUOTE_CHARS = 40; // a value quoted in an error is cut to this length, with an ellipsis
const OPTION_ALIASES = ["values.T"]; // the engine reads values.T as values.10 (engine/README.md, "Option keys")

// The deal a link describes, as setup choices; null when there is none; {error, details} when the link does not
// describe a deal the page can start: `error` is a key of the texts (play.badLink.*) saying what is wrong and
// `details` its values, already in the page's words (levels and options by their names, input quoted short).
// Every field is checked here, so nothing a link holds reaches the setup or the engine unchecked.
export function parseDealLink(hash, data) {
  if (hash === "#daily") return dailyDeal(new Date(), data);
  if (!hash.startsWith("#deal=")) return null;
  if (hash.length > MAX_LINK_CHARS) return refused("tooLong", { length: hash.length, most: MAX_LINK_CHARS });
  let deal;
  try {
    deal = decode(hash.slice("#deal=".length));
  } catch {
    return refused("unreadable");
  }
  if (!isPlainObject(deal)) return refused("unreadable");
  const { preset, options, seats, seed } = deal;
  if (!data.presets.some((p) => p.name === preset)) return refused("preset", { preset: quoted(preset) });
  const wrongSeats = checkSeats(seats, data);
  if (wrongSeats) return wrongSeats;
  if (!Number.isSafeInteger(seed) || seed < 0) return refused("seed", { seed: quoted(seed) });
  const wrongOptions = checkOptions(options, data);
  if (wrongOptions) return wrongOptions;
  const mode = seats.filter((s) => s === "human").length > 1 ? "pass" : "computer";
  return { choices: { mode, players: seats.length, preset, holes: (options && options.holes) || 1, options: options || {}, seats, seed }, daily: null };
}

function checkSeats(seats, data) {
  const { players, levels } = data.setup;
  if (!Array.isArray(seats)) return refused("unreadable"); // a link this page wrote always lists its seats
  if (!players.includes(seats.length)) return refused("seatCount", { count: seats.length, low: Math.min(...players), high: Math.max(...players) });
  const t = translator(data.lang === "ja" ? "ja" : "en");
  const bad = seats.findIndex((seat) => seat !== "human" && !levels.includes(seat));
  if (bad >= 0) {
    const names = levels.map((level) => t(`play.level.${level}`)).join(t("play.badLink.separator"));
    return refused("seat", { n: bad + 1, seat: quoted(seats[bad]), levels: names });
  }
  if (!seats.includes("human")) return refused("noPerson");
  return null;
}

function checkOptions(options, data) {
  if (options === undefined) return null;
  if (!isPlainObject(options)) return refused("options");
  const known = new Map(data.catalogue.map((entry) => [entry.key, entry.label]));
  for (const [key, value] of Object.entries(options)) {
    if (!known.has(key) && !OPTION_ALIASES.includes(key)) return refused("option", { key: quoted(key) });
    if (value !== null && !["string", "number", "boolean"].includes(typeof value)) {
      return refused("value", { label: known.get(key) || key, value: quoted(value) });
    }
  }
  return null;
}

function refused(reason, details = {}) {
  return { error: `play.badLink.${reason}`, details };
}

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// A value from a link as an error quotes it: text as it is, anything else as JSON, cut short.
function quoted(value) {
  let text;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    text = undefined; // nested too deeply even for JSON.stringify
  }
  text = text === undefined ? String(value) : text;
  return text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text;
}

// Everyone gets the same deal on the same date: the seed is a hash of the date (FNV-1a, 32 bits).
export function dailyDeal(now, data) {
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  let hash = 0x811c9dc5;
  for (const char of `sixcardgolf-daily/${date}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const preset = data.presets.find((p) => p.name === DAILY_PRESET);
  return {
    choices: { mode: "computer", players: DAILY_SEATS.length, preset: preset.name, holes: 1, options: { holes: 1 }, seats: DAILY_SEATS, seed: hash },
    daily: { date },
  };
}
