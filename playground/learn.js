// The Learn page (docs/learn.md): a guided first hole against one computer, put together from the Play page's
// pieces as play.js does: the state (play-state.js), a session (lesson-session.js: the lesson's scripted deal in
// this browser's engine), the commands and the drawing (lesson-page.js, over play-commands.js and play-render.js)
// and the keys (play-keys.js). Test hooks: the Play page's (#golf-match[data-phase], [data-pos], [data-pile]),
// and .golf-lesson__progress li[data-step][aria-current=step], [data-focus=lesson-continue], .golf-lesson__done.
import { GolfEngine, loadStaticData } from "./engine-client.js";
import { el } from "./dom.js";
import { installKeys } from "./play-keys.js";
import { store } from "./play-store.js";
import { pageLang, translator } from "./texts.js";
import { LessonSession } from "./lesson-session.js";
import { LessonPage, LessonRenderer } from "./lesson-page.js";

function openLesson(root, data) {
  const plain = translator(pageLang);
  // The computer of a lesson plays the lesson's moves, not a level's: its seat says so.
  const t = (key, values) => (key === "play.level.normal" ? plain("learn.level") : plain(key, values));
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  const engine = new GolfEngine(data);
  const session = new LessonSession(engine, pageLang, root.dataset.lesson || "first-hole", t("learn.nudge.done.0"));
  const options = { data, t, lang: pageLang, touch, engine, store, session };
  const page = new LessonPage({ data, t, lang: pageLang, session,
    makeRenderer: (commands) => new LessonRenderer(root, { ...options, page: commands }) });
  root.addEventListener("click", (event) => page.clickDuringReplay(event), { capture: true });
  // A press on a position or a pile that cannot be played now: a word about the step instead of nothing.
  root.addEventListener("click", (event) => {
    const pressed = event.target instanceof Element ? event.target.closest("[data-pos], [data-pile]") : null;
    if (pressed && pressed.getAttribute("aria-disabled") === "true") page.nudge();
  });
  installKeys(() => page.tableOnScreen(), (command) => page.onCommand(command));
  page.start();
}

const root = document.getElementById("golf-match");
if (root) {
  loadStaticData(pageLang).then((data) => openLesson(root, data)).catch((failure) => {
    root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
