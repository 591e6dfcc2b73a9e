// Where a room lives, as the Play page reads and writes it (pure functions: unit-tested in tests/js).
//   play/#room=new     the form that creates a room
//   play/#room=CODE    that room: the seat this browser holds in it, or a free one after asking a name
//   play/#room=quick   quick match: a table with whoever is waiting, computers in the seats nobody takes
//   play/#watch=CODE   a room watched with its spectator code: the public table, no seat (issue 27)
// The room server is the page's own origin unless the build names another (mkdocs.yml `extra: rooms_server`,
// in the static data as `rooms_server`). The seat's token never goes in a link: only the code does.

const HASH = /^#room=([^&]*)$/;
const WATCH = /^#watch=([^&]*)$/;
const CODE = /^[A-Z0-9]{4,12}$/; // the server checks the code itself (server/room.py read_code); this only keeps junk out of a link

// A code as a person types it: case, spaces and dashes do not matter ("k7pq 2m" is K7PQ2M).
export function normaliseCode(text) {
  return String(text || "").toUpperCase().replace(/[\s-]+/g, "");
}

// What the page's address asks for: null (no room), {create: true}, {code} or {error: text key, details}.
export function roomFromHash(hash) {
  const watching = WATCH.exec(hash || "");
  if (watching) {
    const code = normaliseCode(watching[1]);
    return CODE.test(code) ? { watch: code } : { error: "room.badCode", details: { code: watching[1].slice(0, 24) } };
  }
  const found = HASH.exec(hash || "");
  if (!found) return null;
  let raw;
  try {
    raw = decodeURIComponent(found[1]);
  } catch {
    raw = found[1];
  }
  if (raw.toLowerCase() === "new") return { create: true };
  if (raw.toLowerCase() === "quick") return { quick: true };
  const code = normaliseCode(raw);
  if (!CODE.test(code)) return { error: "room.badCode", details: { code: raw.slice(0, 24) } };
  return { code };
}

// The room servers' origins: the build's setting (absolute http(s) addresses, one or several separated by
// spaces or commas: processes sharing their rooms through Redis, server/README.md) or the page's own origin.
// A page whose connection breaks tries the next one (room-session.js).
export function roomServers(setting, pageOrigin) {
  const found = (typeof setting === "string" ? setting : "").split(/[\s,]+/).filter((one) => /^https?:\/\/[^/\s]+/.test(one));
  return found.length ? found.map((one) => one.replace(/\/+$/, "")) : [pageOrigin];
}

// The room server's origin: the first of them (its health, its QR codes).
export function roomServer(setting, pageOrigin) {
  return roomServers(setting, pageOrigin)[0];
}

export function socketUrl(server, lang) {
  return `${server.replace(/^http/, "ws")}/rooms/ws?lang=${encodeURIComponent(lang)}`;
}

export function healthUrl(server) {
  return `${server}/rooms/health`;
}

// The room's link: this Play page with the room in its address (the language of the page that shares it).
export function roomLink(pageUrl, code) {
  const url = new URL(pageUrl);
  url.hash = `room=${code}`;
  url.search = "";
  return url.href;
}

// The spectators' link: this Play page with the room's spectator code (never the room's own code).
export function watchLink(pageUrl, watchCode) {
  const url = new URL(pageUrl);
  url.hash = `watch=${watchCode}`;
  url.search = "";
  return url.href;
}

// The QR code of a link, drawn by the room server itself (no outside service).
export function qrUrl(server, link) {
  return `${server}/rooms/qr.svg?link=${encodeURIComponent(link)}`;
}

// How long to wait before the next try to reconnect: 0.5 s, 1 s, 2 s, 4 s, then 8 s each time, each spread by
// up to a fifth either way (`spread` in [0, 1), from Math.random) so that a room's phones do not all knock at
// the same moment after the server comes back.
export const RETRY_FIRST_MS = 500;
export const RETRY_MOST_MS = 8000;
export function retryDelay(attempt, spread = 0.5) {
  const plain = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt), RETRY_MOST_MS);
  return Math.round(plain * (0.8 + 0.4 * spread));
}
