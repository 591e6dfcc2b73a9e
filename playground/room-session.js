// A room on the room server, behind the Play page's session interface (play-session.js lists it; the README's
// "The session" table says what a room session does for each member). One websocket per page, speaking
// server/PROTOCOL.md: the server holds the match and sends this seat its own view after every change, which
// this session hands to the page as a "view" like the engine's answers, so the page draws a room's table with
// the same renderer and state machine as a match in this browser.
//
// Beyond the interface, a room session has
//   connection            "connecting" (the first try), "open", "reconnecting" (dropped: trying again with
//                         backoff) or "closed" (for good: `closedReason` says why); the "connection" event
//   room                  the room around the table (server/PROTOCOL.md `room`), also in every view as `view.room`,
//                         and the "room" event for each one (in the lobby there is no table, so no "view")
//   createRoom({setup, seats, name}), joinRoom(name): a new room (this page its host), a free seat of `code`
//   resume()              back to the seat this browser holds (its token is kept in localStorage by room code,
//                         never in a link); `seen` tells the server which moves the page already showed
//   startRoom(fill), ready(), leave(): the host starts; ready for the next hole or the rematch; give up the seat
//   the "refused" event   an error frame no request of this page waits for ({detail: {key, error}})
//   quickMatch({preset, players, name}): waits in the quick-match line ("queued" event: {wait, left}); the
//                         server's `matched` seat is kept like a created one and joined at once
//   react(name), back()   a preset reaction (the "reaction" event brings everyone's: {seat, reaction, shown});
//                         back after the turn timer marked this seat away
// The seed and the save never reach a room's page: the Hint runs in this browser's engine from the seat's
// observation (observation_hint), and the Review from the record of the finished holes the server sends.
import { retryDelay, socketUrl } from "./room-link.js";

const HELLO_MS = 8000; // a server that has not said welcome by then is given up on, and tried again
const PING_MS = 25000; // a connection is asked for a pong this often, so one that died silently is noticed
// The server's refusals after which this browser's seat is gone for good (the room or the seat no longer exists).
const SEAT_GONE = new Set(["room.error.token", "room.error.no_room", "room.closed.host_left", "room.closed.idle", "room.closed.lost"]);
const FOR_GOOD = new Set([...SEAT_GONE, "room.error.version", "room.error.origin", "room.closed.elsewhere"]);

function event(name, detail) {
  return detail === undefined ? new Event(name) : new CustomEvent(name, { detail });
}

function refusal(text, key) {
  const error = new Error(text);
  error.key = key;
  return error;
}

// Does a room server answer at `server`? (A static host has no /rooms/health: the page then says what is needed.)
export async function roomsOffered(server, fetcher = globalThis.fetch, timeoutMs = 5000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const answer = await fetcher(`${server}/rooms/health`, { signal: controller.signal, cache: "no-store" });
    if (!answer.ok) return false;
    const health = await answer.json();
    return Boolean(health && health.ok);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export class RoomSession extends EventTarget {
  // `engine`: this browser's GolfEngine, for the Hint, the Review and the rules in words; `t`: the page's texts
  // (the session's own refusals); `server`: the room server's origin (`servers`: several, which share their rooms:
  // a connection that breaks is tried again on the next, so a server process that stops costs no more than a
  // reconnection); `code`: the room of the page's address
  // (null for a room still to create); `store`: play-store.js. `WebSocketImpl`, `timers` and `random` are the
  // browser's unless a test gives its own.
  constructor({ engine, lang, t, server, servers = [server], code, store, WebSocketImpl = globalThis.WebSocket, timers = globalThis, random = Math.random }) {
    super();
    Object.assign(this, { engine, lang, t, server, code, store, WebSocketImpl, timers, random });
    this.servers = servers.length ? servers : [server];
    this.serverIndex = 0; // the server tried now
    this.state = "loading";
    this.connection = "connecting";
    this.closedReason = "";
    this.room = null;
    this.table = null; // the last table the server sent
    this.last = null; // the last view handed to the page
    this.seat = null;
    this.socket = null;
    this.pending = new Map(); // frame id -> request {resolve, reject, ids}
    this.nextId = 1;
    this.attempt = 0; // tries since the connection last opened
    this.intent = null; // what the next welcome does: {type: "create", ...}, {type: "join", name}, {type: "rejoin"}
    this.joining = null; // the request waiting for "joined"
    this.retryTimer = null;
    this.helloTimer = null;
    this.pingTimer = null;
    this.review = {
      step: (request) => engine.call("match_review_step", { lang, ...request }),
      result: (request) => engine.call("match_review", { lang, ...request }),
      replay: (request) => engine.call("match_replay", { lang, ...request }),
    };
    const retryNow = () => this.retryNow();
    globalThis.window?.addEventListener?.("online", retryNow);
    globalThis.document?.addEventListener?.("visibilitychange", () => {
      if (globalThis.document.visibilityState === "visible") retryNow();
    });
  }

  // -- the interface the page uses --------------------------------------------------------------------------------
  saved() {
    return Boolean(this.code && this.store.roomSeat(this.code));
  }

  // Back to the seat this browser holds: resolves once the server has seated it again.
  resume() {
    this.intent = { type: "rejoin" };
    return this.connectFor();
  }

  createRoom({ setup, seats, name, timer = 0 }) {
    this.intent = { type: "create", setup, seats, name, timer };
    return this.connectFor();
  }

  joinRoom(name) {
    this.intent = { type: "join", name };
    return this.connectFor();
  }

  quickMatch({ preset, players, name }) {
    this.intent = { type: "quick", preset, players, name };
    return this.connectFor();
  }

  react(reaction) {
    return this.send({ type: "react", reaction });
  }

  back() {
    return this.send({ type: "back" });
  }

  start() {
    return Promise.reject(new Error(this.t("room.error.startHere")));
  }

  startRoom(fill = null) {
    return this.send(fill ? { type: "start", fill } : { type: "start" });
  }

  act(action) {
    return this.send({ type: "act", action, step: this.step() });
  }

  undo() {
    return this.send({ type: "undo", step: this.step() });
  }

  ready() {
    return this.send({ type: "ready", step: this.step() });
  }

  rename(name) {
    return this.send({ type: "rename", name });
  }

  async leave() {
    const code = this.code;
    try {
      if (this.connection === "open") await this.send({ type: "leave" });
    } finally {
      this.store.forgetRoomSeat(code);
      this.closeForGood("", "left");
    }
  }

  look() {
    return Promise.reject(new Error(this.t("room.error.look")));
  }

  // The Hint, worked out here from what this seat was sent (the engine rebuilds a hole that matches it).
  hint() {
    const view = this.last;
    if (!view || !view.observation) return Promise.reject(new Error(this.t("room.error.noTable")));
    const seed = Math.floor(this.random() * 2 ** 31);
    return this.engine.call("observation_hint", { lang: this.lang, preset: "basic", options: view.rules, observation: view.observation, seed });
  }

  async describe(rules) {
    const summary = await this.engine.call("rules_summary", { lang: this.lang, preset: "basic", options: rules });
    return summary.sections;
  }

  claim() {} // the server keeps the room: nothing in this browser to replace

  save() {}

  // -- the socket -----------------------------------------------------------------------------------------------
  // Opens the socket (if it is not open) and resolves when the intent's "joined" arrives.
  connectFor() {
    const waiting = new Promise((resolve, reject) => { this.joining = { resolve, reject }; });
    if (this.socket && this.welcomed) this.afterWelcome();
    else if (!this.socket) this.open();
    return waiting;
  }

  open() {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.welcomed = false;
    let socket;
    try {
      socket = new this.WebSocketImpl(socketUrl(this.servers[this.serverIndex], this.lang));
    } catch {
      this.dropped(null);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.sendRaw({ type: "hello", v: 1, lang: this.lang });
      this.helloTimer = this.timers.setTimeout(() => socket.close(), HELLO_MS);
    };
    socket.onmessage = (message) => this.receive(socket, message.data);
    socket.onclose = () => this.dropped(socket);
    socket.onerror = () => {}; // a close follows
  }

  sendRaw(frame) {
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  // A frame that changes the room: resolved with the last view once the server has answered it (the pong of a
  // ping sent just after it: the server answers a connection's frames in order, so its new state came first),
  // rejected with the server's refusal in the page's language.
  send(frame) {
    if (this.connection !== "open" || !this.socket) return Promise.reject(refusal(this.t("room.connection.notOpen"), "room.connection"));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const ping = this.nextId++;
      const request = { resolve: () => resolve(this.last), reject, ids: [id, ping] };
      this.pending.set(id, request);
      this.pending.set(ping, request);
      if (!this.sendRaw({ ...frame, id }) || !this.sendRaw({ type: "ping", id: ping })) this.settle(request, null, refusal(this.t("room.connection.lost"), "room.connection"));
    });
  }

  settle(request, value, failure) {
    for (const id of request.ids) this.pending.delete(id);
    if (failure) request.reject(failure);
    else request.resolve(value);
  }

  step() {
    return this.table ? this.table.step : this.room ? this.room.step : 0;
  }

  receive(socket, text) {
    if (socket !== this.socket) return;
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.type) {
      case "welcome":
        this.timers.clearTimeout(this.helloTimer);
        this.attempt = 0;
        this.welcomed = true;
        this.afterWelcome();
        break;
      case "joined":
        this.joined(frame);
        break;
      case "state":
        this.stateFrame(frame);
        break;
      case "pong": {
        const request = this.pending.get(frame.id);
        if (request) this.settle(request, this.last, null);
        if (frame.id === this.heartbeat) this.heartbeat = null;
        break;
      }
      case "error":
        this.errorFrame(frame);
        break;
      case "queued":
        this.setConnection("open");
        this.dispatchEvent(event("queued", frame));
        break;
      case "matched":
        // A quick match's seat: kept as this browser's own, then joined like a returning seat.
        this.code = frame.code;
        this.store.keepRoomSeat(frame.code, frame.token, 0);
        this.intent = { type: "rejoin" };
        this.dispatchEvent(event("matched", frame));
        this.afterWelcome();
        break;
      case "reaction":
        this.dispatchEvent(event("reaction", frame));
        break;
      case "closed":
        if (SEAT_GONE.has(frame.key)) this.store.forgetRoomSeat(this.code);
        this.closeForGood(frame.reason, frame.key);
        break;
      default:
        break; // "left" and any frame a newer server adds: nothing to do here
    }
  }

  // The server said welcome: the intent goes out (create, join, or back to the seat with its token).
  afterWelcome() {
    const intent = this.intent;
    if (!intent) return;
    const id = this.nextId++;
    this.joinId = id;
    if (intent.type === "create") {
      const frame = { type: "create", id, setup: intent.setup, seats: intent.seats };
      if (intent.name) frame.name = intent.name;
      if (intent.timer) frame.timer = intent.timer;
      this.sendRaw(frame);
    } else if (intent.type === "quick") {
      const frame = { type: "quick", id, preset: intent.preset, players: intent.players };
      if (intent.name) frame.name = intent.name;
      this.sendRaw(frame);
    } else if (intent.type === "join") {
      this.sendRaw(intent.name ? { type: "join", id, code: this.code, name: intent.name } : { type: "join", id, code: this.code });
    } else {
      const seat = this.store.roomSeat(this.code);
      if (!seat) {
        this.failJoin(refusal(this.t("room.error.noSeat"), "room.error.token"));
        return;
      }
      this.sendRaw({ type: "join", id, code: this.code, token: seat.token, seen: this.table ? this.table.moves : seat.seen });
    }
  }

  joined(frame) {
    this.code = frame.code;
    this.seat = frame.seat;
    if (frame.token) this.store.keepRoomSeat(frame.code, frame.token, 0);
    this.intent = { type: "rejoin" }; // every later connection comes back to this seat
    this.state = "ready";
    this.setConnection("open");
    this.keepAlive();
    const joining = this.joining;
    this.joining = null;
    if (joining) joining.resolve(frame);
    this.dispatchEvent(event("ready"));
  }

  stateFrame(frame) {
    this.room = frame.room;
    this.dispatchEvent(event("room", frame.room));
    if (!frame.table) return;
    this.table = frame.table;
    const record = frame.table.record;
    // The record of the finished holes is a Play page save: the Review reads it as it reads this browser's own.
    this.last = { ...frame.table, room: frame.room, save: record ? JSON.stringify(record) : null };
    const seat = this.store.roomSeat(this.code);
    if (seat) this.store.keepRoomSeat(this.code, seat.token, frame.table.moves);
    this.dispatchEvent(event("view", this.last));
  }

  errorFrame(frame) {
    const failure = refusal(frame.error, frame.key);
    const request = frame.id !== null && frame.id !== undefined ? this.pending.get(frame.id) : null;
    if (request) {
      this.settle(request, null, failure);
      return;
    }
    if (frame.id === this.joinId && this.joining) {
      this.failJoin(failure);
      return;
    }
    if (FOR_GOOD.has(frame.key)) {
      this.closeForGood(frame.error, frame.key);
      return;
    }
    this.dispatchEvent(event("refused", { key: frame.key, error: frame.error }));
  }

  // A create or join refused. A return to this browser's seat that the server refuses (the room is gone, the
  // token opens no seat) ends here for good, and the token is forgotten; a new room or seat refused (a name
  // too long, a full room) leaves the page to ask again.
  failJoin(failure) {
    const joining = this.joining;
    this.joining = null;
    if (SEAT_GONE.has(failure.key)) this.store.forgetRoomSeat(this.code);
    if (this.state === "ready" || FOR_GOOD.has(failure.key) || this.intent?.type === "rejoin") this.closeForGood(failure.message, failure.key);
    else this.intent = null;
    if (joining) joining.reject(failure);
  }

  // A ping when the connection has been quiet for a while; one left unanswered until the next means the
  // connection died without a close (a phone that slept, a proxy that forgot it): it is closed and tried again.
  keepAlive() {
    this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => {
      if (this.connection !== "open" || !this.socket) return;
      if (this.heartbeat) {
        this.socket.close();
        return;
      }
      this.heartbeat = this.nextId++;
      this.sendRaw({ type: "ping", id: this.heartbeat });
      this.keepAlive();
    }, PING_MS);
  }

  // The socket closed: every request waiting is refused, and unless the seat is closed for good the page
  // reconnects, sooner at first and then every 8 s.
  dropped(socket) {
    if (socket && socket !== this.socket) return;
    this.socket = null;
    this.welcomed = false;
    this.heartbeat = null;
    this.timers.clearTimeout(this.helloTimer);
    this.timers.clearTimeout(this.pingTimer);
    const lost = refusal(this.t("room.connection.lost"), "room.connection");
    for (const request of new Set(this.pending.values())) this.settle(request, null, lost);
    if (this.connection === "closed") return;
    this.serverIndex = (this.serverIndex + 1) % this.servers.length; // the next server (any of them holds the room)
    this.setConnection(this.state === "ready" || this.intent ? "reconnecting" : "connecting");
    const delay = retryDelay(this.attempt++, this.random());
    this.retryTimer = this.timers.setTimeout(() => this.open(), delay);
  }

  retryNow() {
    if (this.connection !== "reconnecting" || this.socket) return;
    this.timers.clearTimeout(this.retryTimer);
    this.open();
  }

  closeForGood(reason, key) {
    this.closedReason = reason;
    this.closedKey = key;
    this.timers.clearTimeout(this.retryTimer);
    this.timers.clearTimeout(this.pingTimer);
    this.setConnection("closed");
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
  }

  // Takes the seat back on this page after it was opened elsewhere (the page offers it).
  reopen() {
    if (this.connection !== "closed" || !this.store.roomSeat(this.code)) return;
    this.intent = { type: "rejoin" };
    this.closedReason = "";
    this.setConnection("reconnecting");
    this.open();
  }

  setConnection(connection) {
    if (this.connection === connection) return;
    this.connection = connection;
    this.dispatchEvent(event("connection", connection));
  }
}
