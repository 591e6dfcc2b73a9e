// The calculator's link: the hole kept in the address, #preset=basic&players=2&p1=8H KS 2D / 8C AS 5H&out=1.
// A link can be typed, cut short or made by anyone, so the page checks its shape before anything reaches the
// engine: bounded lengths, and rule changes that are one flat JSON object of short scalars. (Rule changes
// nested 1,500 deep once hung the page: the worker could not receive them, and never answered.) Whether a
// key is an option and a value allowed is the engine's answer (Calculator.checkOptions). Whatever is wrong
// is left out with a sentence saying why, and the rest of the link still opens.

export const MAX_OPTIONS = 2000; // characters of the rule changes: every option changed at once is about 1,000
export const MAX_LAYOUT = 200; // characters of one player's cards: 3x3 written in full ("10H 10D ...") is about 40
const MAX_SCALAR = 40; // characters of an option key or text value: the longest real ones are about 25
const SHOWN = 40; // characters of a bad value quoted back in a message

function shown(text) {
  const value = String(text);
  return value.length > SHOWN ? `${value.slice(0, SHOWN)}…` : value;
}

// The rule changes written in a link, or the reason (a sentence in the page's language) they cannot be used.
// `optionCount`: how many options there are (from the static data), so a link cannot list more.
export function readOptions(text, { t, optionCount }) {
  if (text.length > MAX_OPTIONS) return { problem: t("calc.linkOptionsTooLong", { length: text.length, max: MAX_OPTIONS }) };
  let options;
  try {
    options = JSON.parse(text);
  } catch {
    return { problem: t("calc.linkOptionsNotJson") };
  }
  if (!options || typeof options !== "object" || Array.isArray(options)) {
    return { problem: t("calc.linkOptionsNotObject", { example: '{"knock": true}' }) };
  }
  const entries = Object.entries(options);
  if (entries.length > optionCount) return { problem: t("calc.linkOptionsTooMany", { count: entries.length, max: optionCount }) };
  for (const [key, value] of entries) {
    if (key.length > MAX_SCALAR) return { problem: t("calc.linkOptionsKey", { key: shown(key) }) };
    const scalar =
      value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) ||
      (typeof value === "string" && value.length <= MAX_SCALAR);
    if (!scalar) return { problem: t("calc.linkOptionsValue", { key }) };
  }
  return { options };
}

// What a link asks for: {preset, options, players, texts, wentOut, knocked, problems}, each field present only
// when the link gives it and it can be used; `problems` lists a sentence for everything left out. Null for an
// address with no link.
export function readLink(hash, { t, presets, maxPlayers, defaultPlayers, optionCount }) {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!fragment) return null;
  const params = new URLSearchParams(fragment);
  const link = { problems: [] };
  const preset = params.get("preset");
  if (preset !== null && !presets.has(preset)) link.problems.push(t("calc.linkUnknownRules", { preset: shown(preset) }));
  else if (preset !== null) link.preset = preset;
  if (params.has("options") && params.get("options") !== "") {
    const read = readOptions(params.get("options"), { t, optionCount });
    if (read.problem) link.problems.push(t("calc.linkBadOptions", { reason: read.problem }));
    else link.options = read.options;
  }
  if (params.has("players")) {
    const players = Number(params.get("players"));
    if (Number.isInteger(players) && players >= 1 && players <= maxPlayers) link.players = players;
    else link.problems.push(t("calc.linkBadPlayers", { value: shown(params.get("players")), max: maxPlayers }));
  }
  link.texts = Array.from({ length: maxPlayers }, (_, i) => {
    const text = params.get(`p${i + 1}`) || "";
    if (text.length <= MAX_LAYOUT) return text;
    link.problems.push(t("calc.linkLayoutTooLong", { n: i + 1, length: text.length, max: MAX_LAYOUT }));
    return "";
  });
  const players = link.players ?? defaultPlayers;
  for (const [name, field, label] of [["out", "wentOut", "calc.wentOut"], ["knocked", "knocked", "calc.knocked"]]) {
    const value = params.get(name);
    if (!value) continue;
    const seat = Number(value);
    if (Number.isInteger(seat) && seat >= 1 && seat <= players) link[field] = String(seat);
    else link.problems.push(t("calc.linkBadSeat", { field: t(label), value: shown(value) }));
  }
  return link;
}
