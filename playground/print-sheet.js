// "Print these rules": the one-page rule sheet for exactly the rules on screen, made in the browser.
// The worker runs the printables' own sheet code (the HTML, template and styles the PDF sheets are made from;
// method "rule_sheet"); this module lays that HTML out in a frame, keeps the roomiest fitting step that is one
// page with this browser's fonts (the same search as printables/render.py), and prints the frame.
import { el } from "./dom.js";

const PX_PER_PT = 96 / 72;

let frame = null;
function sheetFrame() {
  if (!frame || !frame.isConnected) {
    // Off screen but laid out (a hidden frame would measure nothing); the reader never tabs into it.
    frame = el("iframe", { class: "golf-print-frame", title: "", "aria-hidden": "true", tabindex: "-1" });
    frame.style.cssText = "position: fixed; left: -20000px; top: 0; border: 0; background: #fff;";
    document.body.append(frame);
  }
  return frame;
}

function load(target, answer) {
  target.style.width = `${answer.width_pt * PX_PER_PT}px`;
  target.style.height = `${answer.height_pt * PX_PER_PT}px`;
  return new Promise((resolve) => {
    target.addEventListener("load", resolve, { once: true });
    target.srcdoc = answer.html;
  });
}

// One page if the sheet, laid out at the page's content width, is no taller than the content box.
async function fitsOnePage(target, answer) {
  await load(target, answer);
  await target.contentDocument.fonts.ready;
  return target.contentDocument.documentElement.scrollHeight <= Math.floor(answer.height_pt * PX_PER_PT);
}

// request: {preset, options, lang, paper}. Resolves to the frame holding the sheet at its step, ready to print.
export async function makeSheet(engine, request) {
  const target = sheetFrame();
  const fitting = new Map(); // step -> fits one page
  let shown = null; // the step the frame holds now
  const fits = async (step) => {
    if (fitting.has(step)) return fitting.get(step);
    const answer = await engine.call("rule_sheet", { ...request, step });
    fitting.set(step, await fitsOnePage(target, answer));
    shown = step;
    return fitting.get(step);
  };
  const first = await engine.call("rule_sheet", request); // no step: the engine's guess from the amount of text
  let step = first.guess;
  if (!(await fits(step))) {
    // Overflowing: walk tighter step by step (floats and columns make page counts not quite monotonic).
    let found = null;
    for (let s = step + 1; s < first.steps && found === null; s++) if (await fits(s)) found = s;
    if (found === null) throw Object.assign(new Error("too long"), { tooLong: true });
    step = found;
  }
  while (step > 0 && (await fits(step - 1))) step -= 1;
  if (shown !== step) await load(target, await engine.call("rule_sheet", { ...request, step }));
  target.dataset.step = String(step);
  target.dataset.paper = request.paper;
  target.dataset.lang = request.lang;
  return target;
}

// What the last press is doing, shown by every control of the page: a page may draw its form again (the Play
// page does when the engine is ready) while a sheet is being made.
const controls = new Set();
let progress = { state: "", text: "" };
function show(state, text) {
  progress = { state, text };
  for (const control of controls) {
    if (!control.isConnected) controls.delete(control);
    else draw(control);
  }
}
function draw(control) {
  control.dataset.state = progress.state;
  control.querySelector(".golf-print__status").textContent = progress.text;
  control.querySelector(".golf-print__button").disabled = progress.state === "working";
}

// The button and paper choice. read() gives the rules on screen: {preset, options} (options: changes only).
export function printControl({ engine, t, lang, read }) {
  const letter = lang !== "ja" && /^en-(US|CA)$/.test(navigator.language); // A4 everywhere else
  const paper = el("select", { class: "golf-print__paper" },
    el("option", { value: "a4", selected: !letter }, t("print.paper.a4")),
    el("option", { value: "letter", selected: letter }, t("print.paper.letter")));
  const button = el("button", { type: "button", class: "md-button golf-print__button" }, t("print.button"));
  button.addEventListener("click", async () => {
    show("working", t(engine.state === "ready" ? "print.preparing" : "print.waiting"));
    try {
      const { preset, options } = read();
      const target = await makeSheet(engine, { preset, options, lang, paper: paper.value });
      show("ready", t("print.ready", { paper: paper.selectedOptions[0].textContent }));
      target.contentWindow.print();
    } catch (error) {
      // The engine's own message; of an unexpected Python error only its last line, never the traceback.
      const reason = String(error.message).trim().split("\n").pop();
      show("failed", error.tooLong ? t("print.tooLong") : t("print.failed", { reason }));
    }
  });
  const control = el("p", { class: "golf-print" }, button, " ", el("label", {}, t("print.paper"), " ", paper), " ",
    el("span", { class: "golf-print__status", role: "status" }));
  controls.add(control);
  draw(control);
  return control;
}
