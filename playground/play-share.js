// Share this deal and the daily deal: the rules, the seats and the seed in the page's URL fragment, so whoever
// opens the link plays the same cards (the deal comes from the seed alone; the computers from seed and moves).
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

// The deal a link describes, as setup choices; {error} when the fragment is damaged; null when there is none.
export function parseDealLink(hash, data) {
  if (hash === "#daily") return dailyDeal(new Date(), data);
  if (!hash.startsWith("#deal=")) return null;
  let deal;
  try {
    deal = decode(hash.slice("#deal=".length));
  } catch {
    return { error: "#deal=…" };
  }
  const { preset, options, seats, seed } = deal || {};
  if (!data.presets.some((p) => p.name === preset)) return { error: `preset ${JSON.stringify(preset)}` };
  if (!Array.isArray(seats) || !data.setup.players.includes(seats.length)) return { error: `seats ${JSON.stringify(seats)}` };
  if (!Number.isSafeInteger(seed) || seed < 0) return { error: `seed ${JSON.stringify(seed)}` };
  const mode = seats.filter((s) => s === "human").length > 1 ? "pass" : "computer";
  return { choices: { mode, players: seats.length, preset, holes: (options && options.holes) || 1, options: options || {}, seats, seed }, daily: null };
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
