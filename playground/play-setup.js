// The new-match form, drawn from the build's static data (presets, options catalogue, setup choices), so it
// is on screen before the engine has started. read() gives the choices; the page starts the match.
// With `room` it is the form that creates a room (issue 26): the person's name, and each other seat "a friend"
// (open, for someone who joins on their own device) or a computer level; no opponents switch.
import { el } from "./dom.js";
import { printControl } from "./print-sheet.js";

export const NAME_MOST = 24; // the longest name a room shows (server/room.py NAME_MAX refuses a longer one)
const FRIEND = "open"; // a room's seat left for a friend (server/PROTOCOL.md `create.seats`)

// `peekSeconds`: how long peeked cards show without the "remember my peeked cards" aid (for its help text);
// `room`: {name} for the room form (the name last given), null for a match on this device.
export function setupForm(data, t, initial, onStart, engine = null, lang = "en", peekSeconds = 3, room = null) {
  const setup = data.setup;
  const form = el("form", { class: `golf-setup${room ? " golf-setup--room" : ""}`, "aria-labelledby": "golf-setup-title" });
  const mode = el("fieldset", {}, el("legend", {}, t("play.setup.mode")));
  for (const value of setup.modes) {
    const id = `mode-${value}`;
    mode.append(el("label", { class: "golf-choice", for: id },
      el("input", { type: "radio", name: "mode", id, value, checked: value === initial.mode }), t(`play.setup.mode.${value}`)));
  }
  const players = el("select", { id: "setup-players" },
    setup.players.map((n) => el("option", { value: String(n), selected: n === initial.players }, String(n))));
  const levels = el("div", { class: "golf-levels" });
  const drawLevels = () => {
    const chosen = [...levels.querySelectorAll("select")].map((select) => select.value);
    levels.replaceChildren();
    if (!room && !form.querySelector("#mode-computer").checked) return;
    for (let n = 2; n <= Number(players.value); n++) {
      const kept = room ? initial.seats && initial.seats[n - 1] : initial.levels && initial.levels[n - 2];
      const level = chosen[n - 2] || kept || (room ? FRIEND : setup.defaults.level);
      const kinds = room ? [FRIEND, ...setup.levels] : setup.levels;
      const select = el("select", { id: `setup-level-${n}` },
        kinds.map((name) => el("option", { value: name, selected: name === level }, t(name === FRIEND ? "room.setup.friend" : `play.level.${name}`))));
      levels.append(el("p", {}, el("label", { for: select.id }, t(room ? "room.setup.seat" : "play.setup.level", { n })), " ", select));
    }
  };
  const preset = el("select", { id: "setup-preset" },
    data.presets.map((p) => el("option", { value: p.name, selected: p.name === initial.preset }, p.title)));
  const holes = el("select", { id: "setup-holes" },
    setup.holes.map((n) => el("option", { value: String(n), selected: n === initial.holes }, String(n))));
  // The form starts at the first-game advice (1 hole), which is about playing, not about a table's house rules:
  // a printed sheet says the preset's holes unless the person chose a number here (browser trial A-03).
  let holesChosen = false;
  holes.addEventListener("change", () => { holesChosen = true; });
  const custom = el("details", { class: "golf-custom" }, el("summary", {}, t("play.setup.custom")));
  const drawCustom = () => {
    const chosen = data.presets.find((p) => p.name === preset.value) || data.presets[0];
    const values = { ...chosen.options, ...(preset.value === initial.preset ? initial.options || {} : {}) };
    custom.replaceChildren(el("summary", {}, t("play.setup.custom")));
    for (const option of data.catalogue) {
      if (option.key === "holes") continue; // chosen above
      const id = `opt-${option.key.replace(".", "-")}`;
      const value = values[option.key];
      let control;
      if (option.kind === "bool") control = el("input", { type: "checkbox", id, checked: value });
      else if (option.kind === "choice") {
        control = el("select", { id }, option.choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === value }, c.label)));
      } else control = el("input", { type: "number", id, value: String(value), step: "1" });
      control.dataset.key = option.key;
      custom.append(el("p", { class: "golf-option" }, el("label", { for: id }, option.label), " ", control,
        el("small", { class: "golf-option__help" }, option.help)));
    }
    if (printer) custom.append(printer);
    // Start again at the end of the open panel (about 40 switches), so nobody scrolls back up (trial A-17). A
    // plain button that submits the form: the form keeps one submit button, the one above.
    const again = el("button", { type: "button", class: "md-button md-button--primary golf-setup__start-again" }, t(room ? "room.setup.create" : "play.setup.start"));
    again.addEventListener("click", () => form.requestSubmit());
    custom.append(el("p", { class: "golf-setup__start" }, again));
    showKnockOptions();
  };
  // The knock's penalty and reward change nothing without knocking (seed audit 001-N01): shown only with it on.
  const showKnockOptions = () => {
    const knock = custom.querySelector("[data-key=knock]");
    for (const key of ["knock_penalty", "knock_reward_zero"]) {
      const control = custom.querySelector(`[data-key=${key}]`);
      if (control && knock) control.closest(".golf-option").hidden = !knock.checked;
    }
  };
  // "Remember my peeked cards" (an aid for memory, off by default so the peek stays a test of it): offered only when
  // the game peeks.
  const peekAid = el("input", { type: "checkbox", id: "setup-peek-aid", checked: Boolean(initial.peekAid) });
  const aid = el("p", { class: "golf-choice golf-peek-aid" }, peekAid,
    el("label", { for: peekAid.id }, t("play.setup.peekAid"), el("small", { class: "golf-option__help" }, t("play.setup.peekAidHelp", { seconds: peekSeconds }))));
  const showAid = () => {
    const control = custom.querySelector("[data-key=peek]");
    const chosen = data.presets.find((p) => p.name === preset.value) || data.presets[0];
    aid.hidden = !(control ? control.checked : chosen.options.peek);
  };
  custom.addEventListener("change", () => {
    showAid();
    showKnockOptions();
  });
  // "Print these rules" (print-sheet.js): the sheet for the preset with exactly the options set here, and the
  // holes only if the person chose them.
  const printed = () => {
    const { preset: name, options } = read();
    if (!holesChosen) delete options.holes;
    return { preset: name, options };
  };
  const printer = engine && printControl({ engine, t, lang, read: printed });
  mode.addEventListener("change", drawLevels);
  // The room's host gives a name the others see (the contract's [data-room-name]); the submit is [data-room-join]
  // too, as every button that sends a name to a room is.
  const name = room ? el("input", { type: "text", id: "room-name", "data-room-name": "", maxlength: String(NAME_MOST),
    autocomplete: "nickname", value: room.name || "" }) : null;
  players.addEventListener("change", drawLevels);
  preset.addEventListener("change", () => {
    drawCustom();
    showAid();
  });
  // Compact, so Start is in view without scrolling at 1366x768 and 390x844: the choices side by side, Start
  // before the custom rules (folded).
  const submit = room
    ? el("button", { type: "submit", class: "md-button md-button--primary", "data-room-join": "", "data-room-create": "" }, t("room.setup.create"))
    : el("button", { type: "submit", class: "md-button md-button--primary" }, t("play.setup.start"));
  form.append(
    el("h2", { id: "golf-setup-title" }, t(room ? "room.setup.title" : "play.setup.title")),
    el("p", { class: "golf-first-game" }, t(room ? "room.setup.intro" : "play.setup.firstGame")),
    room ? el("p", { class: "golf-room-name" }, el("label", { for: "room-name" }, t("room.name")), " ", name) : mode,
    el("div", { class: "golf-setup__row" },
      el("p", {}, el("label", { for: players.id }, t("play.setup.players")), " ", players),
      el("p", {}, el("label", { for: preset.id }, t("play.setup.preset")), " ", preset),
      el("p", {}, el("label", { for: holes.id }, t("play.setup.holes")), " ", holes)),
    levels,
    aid,
    el("p", { class: "golf-setup__start" }, submit),
    custom,
  );
  drawLevels();
  drawCustom();
  showAid();

  const read = () => {
    const options = {};
    const chosen = data.presets.find((p) => p.name === preset.value);
    for (const control of custom.querySelectorAll("[data-key]")) {
      const key = control.dataset.key;
      let value;
      if (control.type === "checkbox") value = control.checked;
      else if (control.tagName === "SELECT") value = JSON.parse(control.value);
      else value = control.value === "" ? control.value : Number(control.value);
      if (JSON.stringify(value) !== JSON.stringify(chosen.options[key])) options[key] = value; // changes only
    }
    options.holes = Number(holes.value);
    const count = Number(players.value);
    if (room) {
      const seats = ["person"];
      for (let n = 2; n <= count; n++) seats.push(form.querySelector(`#setup-level-${n}`).value);
      return { room: true, players: count, preset: preset.value, holes: Number(holes.value), options, seats,
        name: name.value.trim(), peekAid: peekAid.checked };
    }
    const computer = form.querySelector("#mode-computer").checked;
    const seats = ["human"];
    for (let n = 2; n <= count; n++) seats.push(computer ? form.querySelector(`#setup-level-${n}`).value : "human");
    return { mode: computer ? "computer" : "pass", players: count, preset: preset.value, holes: Number(holes.value),
      levels: seats.slice(1).filter((s) => s !== "human"), options, seats, peekAid: peekAid.checked };
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onStart(read());
  });
  return form;
}
