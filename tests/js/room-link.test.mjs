// room-link.js: a room's address, its server, its link and QR code, and the wait before a reconnection.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RETRY_MOST_MS, normaliseCode, qrUrl, retryDelay, roomFromHash, roomLink, roomServer, roomServers, socketUrl, watchLink } from "../../playground/room-link.js";

test("the address asks for a room to create, a room by its code, or nothing", () => {
  assert.deepEqual(roomFromHash("#room=new"), { create: true });
  assert.deepEqual(roomFromHash("#room=NEW"), { create: true });
  assert.deepEqual(roomFromHash("#room=k7pq2m"), { code: "K7PQ2M" });
  assert.deepEqual(roomFromHash("#room=K7P%20Q2M"), { code: "K7PQ2M" }); // a code typed with a space
  assert.equal(roomFromHash(""), null);
  assert.equal(roomFromHash("#preset=basic"), null);
  assert.equal(roomFromHash("#room=AB").error, "room.badCode");
  assert.equal(roomFromHash("#room=<script>").error, "room.badCode");
  assert.equal(roomFromHash("#room=%E0%A4%A").error, "room.badCode"); // not even UTF-8
});

test("the address asks for quick match, or to watch a room with its spectator code", () => {
  assert.deepEqual(roomFromHash("#room=quick"), { quick: true });
  assert.deepEqual(roomFromHash("#watch=ab7kq2mz"), { watch: "AB7KQ2MZ" });
  assert.equal(roomFromHash("#watch=<b>").error, "room.badCode");
  assert.equal(watchLink("https://golf.example/ja/play/?x=1#room=K7PQ2M", "AB7KQ2MZ"), "https://golf.example/ja/play/#watch=AB7KQ2MZ");
});

test("a typed code ignores case, spaces and dashes", () => {
  assert.equal(normaliseCode(" k7p-q2m "), "K7PQ2M");
  assert.equal(normaliseCode(null), "");
});

test("the room server is the page's own origin unless the build names an http(s) origin", () => {
  assert.equal(roomServer("", "http://127.0.0.1:8000"), "http://127.0.0.1:8000");
  assert.equal(roomServer("https://rooms.example.org/", "https://golf.example"), "https://rooms.example.org");
  assert.equal(roomServer("javascript:alert(1)", "https://golf.example"), "https://golf.example");
  // Several servers sharing their rooms: all of them, in order; the first is the one asked for health and QR codes.
  assert.deepEqual(roomServers("https://a.example/, https://b.example", "https://golf.example"), ["https://a.example", "https://b.example"]);
  assert.deepEqual(roomServers("", "https://golf.example"), ["https://golf.example"]);
  assert.equal(roomServer("https://a.example https://b.example", "https://golf.example"), "https://a.example");
  assert.equal(socketUrl("https://rooms.example.org", "ja"), "wss://rooms.example.org/rooms/ws?lang=ja");
  assert.equal(socketUrl("http://127.0.0.1:8000", "en"), "ws://127.0.0.1:8000/rooms/ws?lang=en");
});

test("the link is the Play page with the room's code, and nothing else of the address", () => {
  assert.equal(roomLink("http://127.0.0.1:8000/ja/play/?x=1#room=new", "K7PQ2M"), "http://127.0.0.1:8000/ja/play/#room=K7PQ2M");
  const qr = qrUrl("http://127.0.0.1:8000", "http://127.0.0.1:8000/play/#room=K7PQ2M");
  assert.equal(new URL(qr).searchParams.get("link"), "http://127.0.0.1:8000/play/#room=K7PQ2M");
  assert.equal(new URL(qr).pathname, "/rooms/qr.svg");
});

test("reconnections wait longer each time, up to a limit, spread around the plain wait", () => {
  const plain = [0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelay(attempt, 0.5));
  assert.deepEqual(plain, [500, 1000, 2000, 4000, 8000, 8000, 8000]);
  assert.equal(retryDelay(0, 0), 400);
  assert.equal(retryDelay(20, 0.999999), Math.round(RETRY_MOST_MS * 1.2));
});
