// The Play page: against the computer or pass-and-play, the engine in a Web Worker (engine-client.js), or a room
// on the room server (issue 26: play/#room=new, play/#room=CODE), each person on their own device.
// This file only puts the page together, as 2048's application.js does: the state and its transitions
// (play-state.js), the session where the match lives (play-session.js, or room-session.js), the renderer
// (play-render.js, room-render.js), the commands that join them (play-commands.js, room-page.js), the keys
// (play-keys.js). The form, the keys and the table frame come from the build's static data at once; the engine
// deals and plays, or the room server does. The page draws only what the session's view for the viewing seat
// contains, so it can show nothing a player may not see. Test hooks (playground/README.md):
// #golf-match[data-phase][data-seat][data-viewer][data-connection], [data-pos], [data-pile], [data-room-*].
import { GolfEngine, loadStaticData } from "./engine-client.js";
import { el } from "./dom.js";
import { installKeys } from "./play-keys.js";
import { store } from "./play-store.js";
import { pageLang, translator } from "./texts.js";
import { EngineSession } from "./play-session.js";
import { PlayRenderer } from "./play-render.js";
import { PlayPage } from "./play-commands.js";
import { roomFromHash, roomServers } from "./room-link.js";
import { RoomSession } from "./room-session.js";
import { RoomRenderer } from "./room-render.js";
import { RoomPage } from "./room-page.js";
import { WatchPage } from "./room-watch.js";

function openPlayPage(root, data) {
  const t = translator(pageLang);
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches; // no keys to hint at
  const engine = new GolfEngine(data);
  const link = roomFromHash(location.hash);
  const options = { data, t, lang: pageLang, touch, engine, store };
  let page;
  if (link && link.watch) {
    // A spectator: the public table only, read only (room-watch.js); nothing of the Play page's own match.
    new WatchPage({ root, t, lang: pageLang, server: roomServers(data.rooms_server, location.origin)[0], code: link.watch }).start();
    window.addEventListener("hashchange", () => location.reload());
    return;
  }
  if (link && !link.error) {
    const servers = roomServers(data.rooms_server, location.origin);
    const server = servers[0];
    const session = new RoomSession({ engine, lang: pageLang, t, server, servers, code: link.code || null, store });
    page = new RoomPage({ data, t, lang: pageLang, session, link, server,
      makeRenderer: (commands) => new RoomRenderer(root, { ...options, session, server, page: commands }) });
  } else {
    const session = new EngineSession(engine, pageLang);
    page = new PlayPage({ data, t, lang: pageLang, session,
      makeRenderer: (commands) => new PlayRenderer(root, { ...options, session, page: commands }) });
    if (link) page.state = { ...page.state, error: t(link.error, link.details) };
  }
  // A click while the moves are being shown ends the showing first, then reaches the same control.
  root.addEventListener("click", (event) => page.clickDuringReplay(event), { capture: true });
  installKeys(() => page.tableOnScreen(), (command) => page.onCommand(command));
  // Another room (or none) in the address, from a link followed or a code typed: the page opens that one.
  const opened = JSON.stringify(link);
  window.addEventListener("hashchange", () => {
    if (JSON.stringify(roomFromHash(location.hash)) !== opened) location.reload();
  });
  page.start();
}

const root = document.getElementById("golf-match");
if (root) {
  loadStaticData(pageLang).then((data) => openPlayPage(root, data)).catch((failure) => {
    root.replaceChildren(el("p", { class: "golf-error", role: "alert" }, String(failure.message || failure)));
  });
}
