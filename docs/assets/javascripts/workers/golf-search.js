// The theme's search worker (Material's, its file name written in below by docs/hooks/golf_search.py), with
// one change: the index is built when the page says so, not the moment it
// arrives. Building it (lunr, and TinySegmenter for Japanese) takes 150-200 ms of processor time on this
// project's two-core machine, and the theme asks for it while the page is still starting; on a phone with few
// cores that slowed the page's own first tasks (bench/results/lighthouse.md), and most page views never search.
// The page (overrides/main.html) says "build" on the BroadcastChannel "golf-search" once a person reaches for
// the search (pointer, tap or focus on it). Until the index is built the theme shows its own "Initializing
// search" line and keeps what is typed, as it does while the index downloads.
const THEME_WORKER = "__THEME_SEARCH_WORKER__"; // a file beside this one
const SETUP = 0; // the theme's SearchMessageType.SETUP: the index, sent once

let building = false;
let held = null;

function build() {
  if (building) return;
  building = true;
  if (held) self.dispatchEvent(new MessageEvent("message", { data: held })); // to the theme's own listener
}

// Registered before the theme's script, so it sees the index first and keeps it back until build().
self.addEventListener("message", (event) => {
  if (building || !event.data || event.data.type !== SETUP) return;
  event.stopImmediatePropagation();
  held = event.data;
  channel?.postMessage("waiting"); // a page whose person has already reached for the search answers "build"
});

const channel = self.BroadcastChannel ? new BroadcastChannel("golf-search") : null;
if (channel) channel.onmessage = (event) => event.data === "build" && build();
else building = true; // no way for the page to say: build as the theme does

importScripts(THEME_WORKER);
