// play-state.js in a room (issue 26): the lobby and the name asked as phases and as #golf-match[data-phase],
// several people at one table never taken for pass-and-play, and no move while the connection is down.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as S from "../../playground/play-state.js";

const room = (state = "lobby") => ({ code: "K7PQ2M", state, you: 1, host: 0, step: 0, seats: [], agreed: [] });
const tableView = (extra = {}) => ({ seats: ["human", "human", "normal"], viewer: 1, hole: 1, hole_over: false, outcome: null, events: [],
  prompt: { key: "draw" }, observation: { to_move: 1, phase: "draw", layouts: [[], [], []] }, room: room("playing"), ...extra });

test("a room's page: the name asked is a form, then the lobby, then the table's phases", () => {
  let state = S.roomOpened(S.initialState(), "K7PQ2M");
  state = S.nameAsked(state);
  assert.equal(state.phase, "join");
  assert.equal(S.dataPhase(state), "setup");
  state = S.roomJoining(state, "connecting");
  assert.equal(S.dataPhase(state), "loading");
  assert.equal(state.connection, "connecting");
  state = S.roomJoined(S.connectionChanged(state, "open"), "K7PQ2M");
  state = S.roomChanged(state, room());
  assert.equal(state.phase, "lobby");
  assert.equal(S.dataPhase(state), "lobby");
  assert.equal(S.tableOnScreen(state), false, "no game keys in the lobby");
  state = S.roomChanged(state, room("playing"));
  state = S.answered(state, tableView());
  assert.equal(state.phase, "turn");
  assert.equal(S.dataPhase(state), "draw");
});

test("two people in a room are not pass-and-play: no handover, each sees their own seat", () => {
  let state = S.roomChanged(S.connectionChanged(S.initialState(), "open"), room("playing"));
  state = S.answered(state, tableView({ observation: { to_move: 0, phase: "draw", layouts: [[], [], []] } }));
  assert.equal(S.isPassAndPlay(state), false);
  assert.equal(state.handover, null);
  assert.equal(S.viewerSeat(state), 1);
});

test("no move goes out while the connection is down", () => {
  let state = S.answered(S.roomChanged(S.connectionChanged(S.initialState(), "open"), room("playing")), tableView());
  assert.equal(S.canAct(state), true);
  assert.equal(S.canSend(state), true);
  state = S.connectionChanged(state, "reconnecting");
  assert.equal(S.canAct(state), false);
  assert.equal(S.canSend(state), false);
  state = S.connectionChanged(state, "closed", "the host closed the room");
  assert.equal(state.closedReason, "the host closed the room");
  state = S.connectionChanged(state, "open");
  assert.equal(state.closedReason, "");
});

test("a static host: the rooms are missing, the form of a match here stays", () => {
  const state = S.roomsMissing(S.roomOpened(S.initialState(), null));
  assert.equal(state.roomsOffered, false);
  assert.equal(S.dataPhase(state), "setup");
});
