// The pages' words: one catalogue per language (text-en.js, text-ja.js), keyed messages with named
// placeholders ("{name}"), shared by every page script. A test fails when a key exists in one language only.
import en from "./text-en.js";
import ja from "./text-ja.js";

export const CATALOGUES = { en, ja };

// The page's language, from <html lang>.
export const pageLang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";

// t(key, {name: value}): the message in `lang` with its placeholders filled in.
export function translator(lang = pageLang) {
  const catalogue = CATALOGUES[lang];
  return (key, values = {}) => {
    const message = catalogue[key];
    if (message === undefined) throw new Error(`no text "${key}" in the ${lang} catalogue`);
    return message.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  };
}
