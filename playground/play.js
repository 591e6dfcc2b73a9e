// The Play page: against the computer or pass-and-play, the engine in a Web Worker (engine-client.js).
// This file only puts the page together, as 2048's application.js does: the state and its transitions
// (play-state.js), the session where the match lives (play-session.js), the renderer (play-render.js), the
// commands that join them (play-commands.js), the keys (play-keys.js). The form, the keys and the table frame
// come from the build's static data at once; the engine deals and plays. The page draws only what the
// session's view for the viewing seat contains, so it can show nothing a player may not see. Test hooks
// (playground/README.md): #golf-match[data-phase][data-seat], [data-pos], [data-pile].
import { GolfEngine, loadStaticData } from "./engine-client.js";
import { el } from "./dom.js";
import { installKeys } from "./play-keys.js";
import { store } from "./play-store.js";
import { pageLang, translator } from "./texts.js";
import { EngineSession } from "./play-session.js";
import { PlayRenderer } from "./play-render.js";
import { PlayPage } from "./play-commands.js";

function openPlayPage(root, data) {
  const t = translator(pageLang);
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches; // no keys to hint at
  const engine = new GolfEngine(data);
  const session = new EngineSession(engine, pageLang);
  const page = new PlayPage({ data, t, lang: pageLang, session,
    makeRenderer: (commands) => new PlayRenderer(root, { data, t, lang: pageLang, touch, engine, session, store, page: commands }) });
  // A click while the moves are being shown ends the showing first, then reaches the same control.
  root.addEventListener("click", (event) => page.clickDuringReplay(event), { capture: true });
  installKeys(() => page.tableOnScreen(), (command) => page.onCommand(command));
  page.start();
}

const root = document.getElementById("golf-match");
if (root) {
  loadStaticData(pageLang).then((data) => openPlayPage(root, data)).catch((failure) => {
    root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
