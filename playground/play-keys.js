// The Play page's keys: one table feeds both the key handler and the list shown under the table.
import { el } from "./dom.js";

// [key label, text key, matcher(event.key) → command or null]
export const KEYS = [
  ["1–9", "play.keys.positions", (key) => (/^[1-9]$/.test(key) ? { position: Number(key) } : null)],
  ["D", "play.keys.draw", (key) => (key === "d" ? { pile: "stock" } : null)],
  ["P", "play.keys.take", (key) => (key === "p" ? { pile: "discard" } : null)],
  ["X", "play.keys.discard", (key) => (key === "x" ? { action: "discard" } : null)],
  ["K", "play.keys.knock", (key) => (key === "k" ? { action: "knock" } : null)],
  ["E", "play.keys.early-knock", (key) => (key === "e" ? { action: "early-knock" } : null)],
  ["S", "play.keys.skip", (key) => (key === "s" ? { action: "skip" } : null)],
  ["U", "play.keys.undo", (key) => (key === "u" ? { command: "undo" } : null)],
  ["B", "play.keys.back", (key) => (key === "b" ? { command: "back" } : null)],
  ["H", "play.keys.hint", (key) => (key === "h" ? { command: "hint" } : null)],
  ["Enter", "play.keys.enter", (key) => (key === "enter" ? { command: "enter" } : null)],
  ["Esc", "play.keys.escape", (key) => (key === "escape" ? { command: "escape" } : null)],
];

export function commandFor(event) {
  const key = event.key.toLowerCase();
  for (const [, , match] of KEYS) {
    const command = match(key);
    if (command) return command;
  }
  return null;
}

export function keysList(t) {
  return el("section", { class: "golf-keys", "aria-labelledby": "golf-keys-title" },
    el("h2", { id: "golf-keys-title" }, t("play.keys.title")),
    el("dl", {}, KEYS.flatMap(([label, text]) => [el("dt", {}, el("kbd", {}, label)), el("dd", {}, t(text))])));
}

// Material's own one-key shortcuts: F, S and / open the search, P and comma go to the previous page, N and full
// stop to the next. While the table is on screen the game has the keyboard, so none of them fires.
const THEME_KEYS = new Set(["f", "s", "/", "p", ",", "n", "."]);

// Listen before the theme does: the handler runs in the capture phase on window and stops a game key (and the
// theme's shortcut keys) there, so Material's handlers never see them. A focused form field keeps its keys, and
// so does a focused button for Enter and Space, unless it is a position or pile that cannot be pressed now
// (aria-disabled): then Enter is the game's (the next hole, a confirm).
export function installKeys(isActive, onCommand) {
  window.addEventListener("keydown", (event) => {
    if (!isActive() || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]")) return;
    const command = commandFor(event);
    if (!command) {
      if (THEME_KEYS.has(event.key.toLowerCase())) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
      return;
    }
    if (command.command === "enter" && target instanceof HTMLElement && target.closest("button:not([aria-disabled=true]), a, summary")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onCommand(command);
  }, { capture: true });
}
