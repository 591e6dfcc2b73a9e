// room-session.js: a room on the room server behind the Play page's session interface, with a stand-in socket,
// clock and store. What the page relies on: the token is kept by room code and never sent anywhere but in a
// join; each move goes out with the step of the table it was made on and resolves once the server has answered
// it; a refusal rejects with the server's words; a dropped connection is retried with backoff and comes back to
// the same seat with `seen`; a room closed for good is not retried.
import "./browser-stub.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { RoomSession } from "../../playground/room-session.js";

class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.closed = false;
    FakeSocket.made.push(this);
  }
  send(text) {
    if (this.closed) throw new Error("closed");
    this.sent.push(JSON.parse(text));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  // The server's side.
  opens() {
    this.onopen?.();
  }
  says(frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  last(type) {
    return [...this.sent].reverse().find((frame) => frame.type === type);
  }
}

class FakeClock {
  constructor() {
    this.timers = new Map();
    this.next = 1;
  }
  setTimeout(callback, ms) {
    const id = this.next++;
    this.timers.set(id, { callback, ms });
    return id;
  }
  clearTimeout(id) {
    this.timers.delete(id);
  }
  // Runs the timer due soonest of those set for at most `most` ms; returns its delay.
  runNext(most = Infinity) {
    const [id, timer] = [...this.timers.entries()].filter(([, t]) => t.ms <= most).sort((a, b) => a[1].ms - b[1].ms)[0] || [];
    if (!timer) return null;
    this.timers.delete(id);
    timer.callback();
    return timer.ms;
  }
}

function fakeStore() {
  const seats = new Map();
  return {
    seats,
    roomSeat: (code) => seats.get(code) || null,
    keepRoomSeat: (code, token, seen) => seats.set(code, { token, seen }),
    forgetRoomSeat: (code) => seats.delete(code),
  };
}

const t = (key, values = {}) => `${key}${Object.keys(values).length ? JSON.stringify(values) : ""}`;
const ROOM = { code: "K7PQ2M", state: "playing", you: 0, host: 0, step: 4, seats: [], agreed: [], matches_won: [0, 0], matches_played: 0 };
const table = (step, moves, extra = {}) => ({ step, moves, viewer: 0, observation: { seat: 0 }, events: [], record: null, rules: { holes: 1 }, ...extra });

function made({ code = null, store = fakeStore(), servers = undefined } = {}) {
  FakeSocket.made = [];
  const clock = new FakeClock();
  const engine = { calls: [], call(method, params) { this.calls.push([method, params]); return Promise.resolve({ method }); } };
  const session = new RoomSession({ engine, lang: "ja", t, server: "http://127.0.0.1:9", servers, code, store, WebSocketImpl: FakeSocket, timers: clock, random: () => 0.5 });
  const heard = [];
  for (const name of ["ready", "room", "view", "connection", "refused"]) session.addEventListener(name, (event) => heard.push([name, event.detail]));
  return { session, clock, store, engine, heard, socket: () => FakeSocket.made[FakeSocket.made.length - 1] };
}

async function seated() {
  const kit = made();
  const created = kit.session.createRoom({ setup: { preset: "basic", options: {}, players: 2, holes: 1 }, seats: ["person", "open"], name: "Ann" });
  const socket = kit.socket();
  socket.opens();
  socket.says({ type: "welcome", v: 1 });
  const create = socket.last("create");
  socket.says({ type: "joined", id: create.id, code: "K7PQ2M", seat: 0, token: "secret-token" });
  await created;
  socket.says({ type: "state", room: ROOM, table: table(4, 7) });
  return kit;
}

test("a room is created after hello; its token is kept by code, and never in the socket's address", async () => {
  const { session, store, heard, socket } = await seated();
  const sent = socket().sent;
  assert.deepEqual(sent[0], { type: "hello", v: 1, lang: "ja" });
  assert.equal(sent[1].type, "create");
  assert.deepEqual(sent[1].seats, ["person", "open"]);
  assert.equal(store.roomSeat("K7PQ2M").token, "secret-token");
  assert.equal(store.roomSeat("K7PQ2M").seen, 7, "the moves of the last table seen");
  assert.ok(!socket().url.includes("secret"));
  assert.equal(session.state, "ready");
  assert.equal(session.connection, "open");
  assert.ok(heard.some(([name]) => name === "ready"));
});

test("every state frame is the room, and its table the page's view with the room in it", async () => {
  const { heard, socket } = await seated();
  const record = { format: "sixcardgolf-playground", match: {} };
  socket().says({ type: "state", room: ROOM, table: table(5, 8, { record }) });
  const views = heard.filter(([name]) => name === "view").map(([, view]) => view);
  const view = views[views.length - 1];
  assert.deepEqual(view.room, ROOM);
  assert.equal(view.save, JSON.stringify(record), "the record is the save the Review reads");
  socket().says({ type: "state", room: { ...ROOM, state: "lobby" }, table: null });
  assert.equal(heard.filter(([name]) => name === "view").length, views.length, "no view without a table");
  assert.equal(heard[heard.length - 1][0], "room");
});

test("a move names the step of its table and resolves once the server has answered it", async () => {
  const { session, socket } = await seated();
  let done = null;
  const move = session.act("draw").then((view) => { done = view; });
  const act = socket().last("act");
  assert.deepEqual({ ...act, id: 0 }, { type: "act", action: "draw", step: 4, id: 0 });
  const ping = socket().last("ping");
  assert.equal(ping.id, act.id + 1);
  socket().says({ type: "state", room: ROOM, table: table(5, 8) });
  await Promise.resolve();
  assert.equal(done, null, "not before the server's pong: more frames of this answer may follow");
  socket().says({ type: "pong", id: ping.id });
  await move;
  assert.equal(done.step, 5);
});

test("a refused move rejects with the server's words, and the page hears nothing else", async () => {
  const { session, socket, heard } = await seated();
  const move = session.act("knock");
  const act = socket().last("act");
  socket().says({ type: "error", id: act.id, key: "room.error.not_your_turn", error: "いまはあなたの手番ではありません" });
  await assert.rejects(move, { message: "いまはあなたの手番ではありません", key: "room.error.not_your_turn" });
  socket().says({ type: "error", id: null, key: "room.error.rate", error: "too many" });
  assert.deepEqual(heard[heard.length - 1], ["refused", { key: "room.error.rate", error: "too many" }]);
});

test("a dropped connection refuses what was waiting, then comes back to the seat with its token and seen", async () => {
  const { session, socket, clock, heard } = await seated();
  const move = session.act("draw");
  const first = socket();
  first.close();
  await assert.rejects(move, { key: "room.connection" });
  assert.equal(session.connection, "reconnecting");
  await assert.rejects(session.act("draw"), { key: "room.connection" }, "nothing goes out while it is down");
  assert.equal(clock.runNext(), 500, "the first retry after half a second");
  const second = socket();
  assert.notEqual(second, first);
  second.close(); // the server is still away
  assert.equal(clock.runNext(), 1000, "then a second");
  const third = socket();
  third.opens();
  third.says({ type: "welcome", v: 1 });
  assert.deepEqual({ ...third.last("join"), id: 0 }, { type: "join", id: 0, code: "K7PQ2M", token: "secret-token", seen: 7 });
  third.says({ type: "joined", id: third.last("join").id, code: "K7PQ2M", seat: 0 });
  assert.equal(session.connection, "open");
  assert.deepEqual(heard.filter(([name]) => name === "connection").map(([, state]) => state), ["open", "reconnecting", "open"]);
});

test("a server that never says welcome is given up on and tried again", async () => {
  const { session, socket, clock } = await seated();
  socket().close();
  clock.runNext(); // the retry
  const silent = socket();
  silent.opens();
  assert.equal(clock.runNext(9000), 8000, "the hello's wait");
  assert.ok(silent.closed);
  assert.equal(session.connection, "reconnecting");
});

test("a room closed for good is not retried, and a closed room's token is forgotten", async () => {
  const { session, socket, clock, store } = await seated();
  socket().says({ type: "closed", key: "room.closed.host_left", reason: "ホストがルームを閉じました" });
  assert.equal(session.connection, "closed");
  assert.equal(session.closedReason, "ホストがルームを閉じました");
  assert.equal(store.roomSeat("K7PQ2M"), null);
  assert.equal(clock.runNext(1000), null, "no retry");
});

test("a seat opened elsewhere keeps its token and can be taken back here", async () => {
  const { session, socket, store } = await seated();
  socket().says({ type: "closed", key: "room.closed.elsewhere", reason: "elsewhere" });
  assert.equal(session.connection, "closed");
  assert.ok(store.roomSeat("K7PQ2M"));
  session.reopen();
  const again = socket();
  again.opens();
  again.says({ type: "welcome", v: 1 });
  assert.equal(again.last("join").token, "secret-token");
});

test("a return the server refuses (the token opens no seat) ends for good and forgets the token", async () => {
  const store = fakeStore();
  store.keepRoomSeat("K7PQ2M", "old-token", 3);
  const { session, socket } = made({ code: "K7PQ2M", store });
  assert.ok(session.saved());
  const back = session.resume();
  socket().opens();
  socket().says({ type: "welcome", v: 1 });
  assert.equal(socket().last("join").seen, 3);
  socket().says({ type: "error", id: socket().last("join").id, key: "room.error.token", error: "no seat" });
  await assert.rejects(back, { message: "no seat" });
  assert.equal(session.connection, "closed");
  assert.equal(store.roomSeat("K7PQ2M"), null);
});

test("a new seat refused (a full room) leaves the page to ask again on the same connection", async () => {
  const { session, socket } = made({ code: "K7PQ2M" });
  const joining = session.joinRoom("Bo");
  socket().opens();
  socket().says({ type: "welcome", v: 1 });
  assert.deepEqual({ ...socket().last("join"), id: 0 }, { type: "join", id: 0, code: "K7PQ2M", name: "Bo" });
  socket().says({ type: "error", id: socket().last("join").id, key: "room.error.full", error: "full" });
  await assert.rejects(joining, { message: "full" });
  assert.notEqual(session.connection, "closed");
  const again = session.joinRoom("Bo");
  const join = socket().last("join");
  socket().says({ type: "joined", id: join.id, code: "K7PQ2M", seat: 1, token: "t2" });
  assert.equal((await again).seat, 1);
});

test("the Hint is worked out here from the seat's own observation, the Review from the record", async () => {
  const { session, engine } = await seated();
  await session.hint();
  const [method, params] = engine.calls[0];
  assert.equal(method, "observation_hint");
  assert.deepEqual(params.observation, { seat: 0 });
  assert.deepEqual(params.options, { holes: 1 });
  assert.ok(Number.isSafeInteger(params.seed));
  await session.review.step({ save: "{}", seat: 0 });
  assert.equal(engine.calls[1][0], "match_review_step");
  await assert.rejects(session.look(1));
});

test("with several servers, a connection that breaks is tried again on the next one, back to the same seat", async () => {
  const servers = ["http://127.0.0.1:9", "http://127.0.0.1:10"];
  const kit = made({ servers, code: "K7PQ2M" });
  kit.store.keepRoomSeat("K7PQ2M", "secret-token", 7);
  kit.session.resume();
  const first = kit.socket();
  assert.match(first.url, /^ws:\/\/127\.0\.0\.1:9\/rooms\/ws/);
  first.opens();
  first.says({ type: "welcome", v: 1 });
  first.says({ type: "joined", id: first.last("join").id, code: "K7PQ2M", seat: 0 });
  first.close(); // that server process stopped
  kit.clock.runNext();
  const second = kit.socket();
  assert.match(second.url, /^ws:\/\/127\.0\.0\.1:10\/rooms\/ws/, "the next server");
  second.opens();
  second.says({ type: "welcome", v: 1 });
  assert.equal(second.last("join").token, "secret-token");
  second.close();
  kit.clock.runNext();
  assert.match(kit.socket().url, /:9\/rooms\/ws/, "and round again");
});

test("quick match: the line is joined after hello, and the seat handed out is kept and joined with its token", async () => {
  const { session, store, socket } = made();
  const queued = [];
  session.addEventListener("queued", (event) => queued.push(event.detail));
  const seatedThere = session.quickMatch({ preset: "basic", players: 3, name: "Ann" });
  socket().opens();
  socket().says({ type: "welcome", v: 1 });
  const quick = socket().last("quick");
  assert.deepEqual({ ...quick, id: 0 }, { type: "quick", id: 0, preset: "basic", players: 3, name: "Ann" });
  socket().says({ type: "queued", id: quick.id, preset: "basic", players: 3, wait: 20, left: 20 });
  assert.equal(queued[0].left, 20);
  assert.equal(session.connection, "open");
  socket().says({ type: "matched", code: "K7PQ2M", seat: 1, token: "their-token" });
  assert.equal(store.roomSeat("K7PQ2M").token, "their-token");
  const join = socket().last("join");
  assert.equal(join.code, "K7PQ2M");
  assert.equal(join.token, "their-token");
  socket().says({ type: "joined", id: join.id, code: "K7PQ2M", seat: 1 });
  const joined = await seatedThere;
  assert.equal(joined.seat, 1);
  assert.equal(session.state, "ready");
});

test("a reaction and the way back from away are frames of their own", async () => {
  const { session, socket } = await seated();
  const heardReactions = [];
  session.addEventListener("reaction", (event) => heardReactions.push(event.detail));
  session.react("nice");
  assert.equal(socket().last("react").reaction, "nice");
  session.back();
  assert.ok(socket().last("back"));
  socket().says({ type: "reaction", seat: 1, reaction: "wow", shown: 4 });
  assert.deepEqual(heardReactions, [{ type: "reaction", seat: 1, reaction: "wow", shown: 4 }]);
});
