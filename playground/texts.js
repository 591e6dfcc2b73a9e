// The pages' words: one catalogue per language (text-en.js, text-ja.js), keyed messages with named
// placeholders ("{name}"), shared by every page script. The two modules are made at build time from the [page]
// table of the engine's catalogues (engine/sixcardgolf/messages/*.toml) by page_texts.py: edit them there.
// A test fails when a key exists in one language only.
import en from "./text-en.js";
import ja from "./text-ja.js";

export const CATALOGUES = { en, ja };

// The page's language, from <html lang>.
export const pageLang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";

const PLACEHOLDER = /\{(\w+)\}/g;

// A message that counts something is written as two keys, "key_one" and "key_other" (the categories of
// Intl.PluralRules; a language without plural forms, such as Japanese, gives both the same words), and asked for
// by its plain key: t("play.record", {matches: 1}). Its number is {count} when the message has one, or else the
// message's first placeholder, so a call need not rename its values.
export function pluralNumber(message) {
  const names = [...message.matchAll(PLACEHOLDER)].map((found) => found[1]);
  return names.includes("count") ? "count" : names[0];
}

function pick(catalogue, rules, lang, key, values) {
  const message = catalogue[key];
  if (message !== undefined) return message;
  const other = catalogue[`${key}_other`];
  if (other === undefined) throw new Error(`no text "${key}" in the ${lang} catalogue`);
  const name = pluralNumber(other);
  const number = Number(values[name]);
  if (name === undefined || !Number.isFinite(number)) {
    throw new Error(`text "${key}" counts {${name}}, but was given ${JSON.stringify(values[name])}: expected a number`);
  }
  return catalogue[`${key}_${rules.select(number)}`] ?? other;
}

// t(key, {name: value}): the message in `lang` with its placeholders filled in.
export function translator(lang = pageLang) {
  const catalogue = CATALOGUES[lang];
  const rules = new Intl.PluralRules(lang);
  return (key, values = {}) =>
    pick(catalogue, rules, lang, key, values).replace(PLACEHOLDER, (whole, name) => (name in values ? String(values[name]) : whole));
}
