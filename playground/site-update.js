// "A new version of this site is ready": shown when a newer build's service worker has taken over the page
// (sw.js installs at once and claims open pages, so the next load is the new version). The page itself never
// reloads on its own. On the Play page the notice waits while a hole is being played (the hole goes on with the
// version it started with) and appears once the hole or the match is over, or the setup form is shown.
// Imported only when an update has happened (overrides/main.html), so an ordinary page load costs nothing.
import { pageLang, translator } from "./texts.js";

// The Play page's phases in which the notice may show (playground/README.md: #golf-match[data-phase]).
const BETWEEN_HOLES = new Set(["setup", "hole-over", "match-over", "loading"]);

function banner(t) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button md-button--primary";
  button.textContent = t("site.update.reload");
  button.addEventListener("click", () => location.reload());
  const text = document.createElement("span");
  text.textContent = t("site.update.ready");
  const box = document.createElement("div");
  box.className = "golf-update";
  box.setAttribute("role", "status");
  // Styled here: the notice is this module's alone and must look right on every page of the site.
  Object.assign(box.style, {
    position: "fixed", insetInline: "0", bottom: "0", zIndex: "10", display: "flex", flexWrap: "wrap", gap: "0.6em",
    alignItems: "center", justifyContent: "center", padding: "0.6em 1em", fontSize: "0.8rem",
    background: "var(--md-default-bg-color)", color: "var(--md-default-fg-color)",
    borderTop: "2px solid var(--md-accent-fg-color)",
  });
  box.append(text, button);
  return box;
}

export function announceUpdate() {
  if (document.querySelector(".golf-update")) return;
  const box = banner(translator(pageLang));
  const match = document.getElementById("golf-match");
  const betweenHoles = () => !match || BETWEEN_HOLES.has(match.dataset.phase || "loading");
  if (betweenHoles()) {
    document.body.append(box);
    return;
  }
  const watcher = new MutationObserver(() => {
    if (!betweenHoles()) return;
    watcher.disconnect();
    document.body.append(box);
  });
  watcher.observe(match, { attributes: true, attributeFilter: ["data-phase"] });
}
