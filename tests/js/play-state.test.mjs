// play-state.js: the Play page's phases and the transitions between them, without a browser. Each test walks a
// path a person takes (a deal while the engine loads, the moves of an answer shown one by one, a pass-and-play
// handover with a peek, an undo from the handover screen, ...) and checks the phase, the #golf-match[data-phase]
// hook the browser tests read, and what the page may do then.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as S from "../../playground/play-state.js";

// A view in the shape of the engine's answer (sixcardgolf.door.match.seat_view), with only what the state reads.
function view({ seats = ["human", "normal"], viewer = 0, toMove = 0, phase = "draw", hole = 1, holeOver = false, outcome = null, events = [], prompt = { key: phase, left: 2 } } = {}) {
  return { seats, viewer, hole, hole_over: holeOver, outcome, events, prompt, peek: false, save: "{}",
    observation: { to_move: toMove, phase, layouts: seats.map(() => []) } };
}
const move = (seat, action) => ({ seat, action, table: { to_move: seat, phase: "draw" } });

// Deep-frozen, so a transition that changed the state it was given would throw.
function frozen(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

// Every transition of a path: from a frozen state, to a phase the module names.
function walk(state, ...steps) {
  for (const step of steps) {
    state = step(frozen(state));
    assert.ok(S.PHASES.includes(state.phase), `unknown phase ${state.phase}`);
  }
  return state;
}

const deal = (reveals = 2) => (state) => S.matchStarted(state, { choices: { preset: "basic", seats: ["human", "normal"], seed: 5 }, daily: null, rows: 2, cols: 3, reveals });

test("the page opens on nothing, then the form: no table, no keys, nothing to act on", () => {
  const opened = S.initialState();
  assert.equal(opened.phase, "loading");
  assert.equal(S.dataPhase(opened), "loading");
  const form = walk(opened, S.formOpened);
  assert.equal(form.phase, "setup");
  assert.equal(S.dataPhase(form), "setup");
  assert.equal(S.tableOnScreen(form), false);
  assert.equal(S.canAct(form), false);
});

test("a match dealt while the engine loads takes the opening choices, then the engine's table takes over", () => {
  let state = walk(S.initialState(), S.formOpened, deal(2));
  assert.equal(state.phase, "pending");
  assert.equal(S.dataPhase(state), "opening");
  assert.equal(S.tableOnScreen(state), true);
  state = walk(state, (s) => S.pendingChosen(s, 3), (s) => S.pendingChosen(s, 3), (s) => S.pendingChosen(s, 4), (s) => S.pendingChosen(s, 5));
  assert.deepEqual(state.pending.opening, [3, 4]); // a position once, and no more than the opening asks
  assert.equal(S.dataPhase(state), "loading"); // every choice made: waiting for the deal
  // The engine's answer arrives while the pending table is still up; the page then hands over the late choices.
  state = walk(state, (s) => S.answered(s, view({ phase: "opening", events: [move(1, "flip 1")] }), ["Computer 2 turned up position 1."]));
  assert.equal(state.phase, "pending");
  state = walk(state, S.dealt);
  assert.equal(state.phase, "opening");
  assert.equal(S.dataPhase(state), "opening");
  assert.equal(state.replay, null); // the deal's moves are not replayed: nothing was on the table before
  assert.equal(state.log, "Computer 2 turned up position 1.");
});

test("a game with a peek has no pending choices: the pending table waits for the deal at once", () => {
  const state = walk(S.initialState(), deal(0), (s) => S.pendingChosen(s, 1));
  assert.deepEqual(state.pending.opening, []);
  assert.equal(S.dataPhase(state), "loading");
});

test("the engine refusing the rules brings the form back with the choices made", () => {
  const state = walk(S.initialState(), deal(), (s) => S.dealRefused(s, "turn_limit must be 1 or more"));
  assert.equal(state.phase, "setup");
  assert.equal(state.error, "turn_limit must be 1 or more");
  assert.deepEqual(state.formChoices, { preset: "basic", seats: ["human", "normal"], seed: 5 });
  assert.equal(state.pending, null);
});

test("the moves of an answer are shown one table at a time; the hook already says the final phase", () => {
  const lines = ["You drew.", "Computer 2 drew.", "Computer 2 put 5♥ at position 2."];
  const answer = view({ phase: "draw", events: [move(0, "draw"), move(1, "draw"), move(1, "swap 2")] });
  let state = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ phase: "holding" })), S.dealt, S.requestSent, (s) => S.answered(s, answer, lines), S.requestDone);
  assert.equal(state.phase, "replay");
  assert.equal(state.replay.index, -1);
  assert.equal(S.dataPhase(state), "draw");
  assert.equal(S.shownView(state), state.view); // nothing shown yet: the final view
  state = walk(state, S.replayStepped);
  assert.equal(state.replay.index, 0);
  assert.equal(state.log, lines[0]);
  assert.deepEqual(S.shownView(state).observation, answer.events[0].table);
  assert.deepEqual(S.shownView(state).targets, {}); // nothing to press on a table of the past
  state = walk(state, S.replayStepped);
  assert.equal(state.log, lines[1]);
  state = walk(state, S.replayStepped); // the last move: its table is the view itself
  assert.equal(state.replay, null);
  assert.equal(state.phase, "turn");
  assert.equal(state.log, lines[2]);
  // A key during the showing ends it at once, on the last line.
  const ended = walk(S.answered(state, answer, lines), S.replayStepped, S.replayEnded);
  assert.equal(ended.phase, "turn");
  assert.equal(ended.log, lines[2]);
  // Shown whole (the person's choice): the final view at once, every line of the reply in the log.
  const whole = walk(S.answered(state, answer, lines), S.replayShownWhole);
  assert.equal(whole.replay, null);
  assert.equal(whole.phase, "turn");
  assert.equal(whole.log, lines.join(" "));
});

test("a hole's end shows its result once, and the next hole's first answer is not replayed", () => {
  let state = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ phase: "draw" })), S.dealt);
  state = walk(state, (s) => S.answered(s, view({ phase: "draw", holeOver: true, events: [move(0, "swap 1")] }), ["You went out."]));
  assert.equal(state.showResult, true);
  assert.equal(S.dataPhase(state), "hole-over");
  state = walk(state, S.replayEnded, S.resultShown);
  assert.equal(state.phase, "hole-over");
  state = walk(state, (s) => S.answered(s, view({ phase: "draw", holeOver: true })));
  assert.equal(state.showResult, false); // the same hole's end: already seen
  state = walk(state, (s) => S.answered(s, view({ phase: "opening", hole: 2, events: [move(1, "flip 2")] }), ["Computer 2 turned up position 2."]));
  assert.equal(state.replay, null); // a new hole shows its table at once
  assert.equal(state.phase, "opening");
  state = walk(state, (s) => S.answered(s, view({ phase: "draw", hole: 3, holeOver: true, outcome: { winners: [0], shared: false } })));
  assert.equal(state.phase, "match-over");
  assert.equal(S.dataPhase(state), "match-over");
});

test("typed-ahead keys count only while the same person is still to move and nobody else moved", () => {
  const base = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ phase: "opening" })), S.dealt);
  assert.equal(S.stillMyTurn(S.answered(base, view({ phase: "opening", events: [move(0, "flip 1")] }), ["x"])), true);
  assert.equal(S.stillMyTurn(S.answered(base, view({ phase: "draw", events: [move(0, "flip 5"), move(1, "flip 1")] }), ["x", "y"])), false);
  assert.equal(S.stillMyTurn(S.answered(base, view({ phase: "draw", toMove: 1 }))), false);
});

test("pass-and-play: a handover hides the table, hands the news to the next person, and Undo first asks for the device back", () => {
  const people = ["human", "human"];
  let state = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ seats: people, phase: "draw" })), S.dealt);
  assert.equal(state.phase, "turn");
  state = walk(state, S.acted, S.requestSent,
    (s) => S.answered(s, view({ seats: people, toMove: 1, events: [move(0, "draw"), move(0, "discard")] }), ["Player 1 drew.", "Player 1 discarded."]),
    S.requestDone);
  assert.equal(state.phase, "handover");
  assert.equal(S.dataPhase(state), "handover");
  assert.equal(state.replay, null); // no move is shown behind a handover screen
  assert.deepEqual(state.news[1], ["Player 1 drew.", "Player 1 discarded."]);
  assert.deepEqual(state.news[0], []); // nobody is told of their own moves
  assert.equal(S.canAct(state), false);
  // Undo on the handover screen: the hand-back screen for the person whose move it was.
  const back = walk(state, S.handBackAsked);
  assert.equal(back.phase, "handover");
  assert.equal(back.handover.back, 0);
  assert.equal(walk(back, S.handBackCancelled).handover.back, null);
  const undone = walk(back, S.undoSent, (s) => S.answered(s, view({ seats: people, toMove: 0 })), (s) => S.undone(s, "Move taken back.", state.lastNews));
  assert.equal(undone.phase, "turn");
  assert.deepEqual(undone.news[1], []); // the next person never hears of the moves taken back
  assert.equal(undone.notice, "Move taken back.");
  // Or the next person takes the device: the table is theirs.
  const next = walk(state, S.handoverConfirmed);
  assert.equal(S.viewerSeat(next), 1);
  assert.equal(next.handover, null);
  assert.equal(walk(next, S.acted).news[1].length, 0); // their news is read once they move
});

test("pass-and-play with a peek: the peeked cards show before the handover, until the time is up or Done", () => {
  const people = ["human", "human"];
  let state = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ seats: people, phase: "opening" })), S.dealt);
  state = walk(state, (s) => S.peekToggled(s, 1, 2), (s) => S.peekToggled(s, 4, 2), (s) => S.peekToggled(s, 5, 2));
  assert.deepEqual(state.peekChoice, [4, 5]); // at most two: the oldest choice goes
  state = walk(state, (s) => S.peekToggled(s, 5, 2));
  assert.deepEqual(state.peekChoice, [4]); // chosen again: let go
  state = walk(state, (s) => S.peekToggled(s, 1, 2), S.peekConfirmed);
  assert.deepEqual(state.peekChoice, []);
  state = walk(state, (s) => S.answered(s, view({ seats: people, phase: "opening", toMove: 1, events: [move(0, "flip 4"), move(0, "flip 1")] }), ["a", "b"]));
  assert.equal(state.phase, "peek-shown");
  assert.equal(S.dataPhase(state), "opening"); // as before the split: the person still looks at the cards
  state = walk(state, (s) => S.peekTimed(s, 0, 10_000), (s) => S.peekTimeUp(s, 9_999));
  assert.equal(state.phase, "peek-shown");
  assert.equal(walk(state, (s) => S.peekTimeUp(s, 10_000)).phase, "handover");
  assert.equal(walk(state, S.peekShowEnded).phase, "handover");
  assert.equal(walk(state, (s) => S.peekTimed(s, 1, 0)).peekShown.until, 10_000); // another seat's time changes nothing
});

test("paused and resumed: the match is hidden and untouchable, then back as it was", () => {
  const playing = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ phase: "holding" })), S.dealt);
  const hidden = walk(playing, S.paused);
  assert.equal(S.dataPhase(hidden), "setup");
  assert.equal(S.canAct(hidden), false);
  assert.equal(S.tableOnScreen(hidden), false);
  assert.equal(walk(hidden, (s) => S.answered(s, view({ phase: "draw" }))).phase, "paused"); // a screen stays up
  const back = walk(hidden, S.resumed);
  assert.equal(back.phase, "turn");
  assert.equal(S.dataPhase(back), "holding");
});

test("'Start the new match?' and 'Keep playing': back to the match, to the saved one, or to the form", () => {
  const playing = walk(S.initialState(), deal(0), (s) => S.answered(s, view()), S.dealt);
  const asked = walk(playing, (s) => S.replaceAsked(s, { preset: "wide" }, null));
  assert.equal(asked.phase, "setup");
  assert.deepEqual(asked.confirm, { choices: { preset: "wide" }, daily: null });
  assert.equal(walk(asked, S.keptPlaying).phase, "turn");
  const saved = walk(S.initialState(), S.savedFound, (s) => S.replaceAsked(s, { preset: "wide" }, null), S.keptPlaying);
  assert.equal(saved.phase, "loading"); // the saved match is restored when the engine is ready
  assert.equal(saved.confirm, null);
  assert.equal(walk(S.initialState(), (s) => S.replaceAsked(s, {}, null), S.keptPlaying).phase, "setup");
  const restored = walk(saved, (s) => S.answered(s, view({ phase: "flip" })), (s) => S.restored(s, { notice: "3 of 4 moves", damaged: "{…" }));
  assert.equal(restored.phase, "turn");
  assert.equal(restored.resume, false);
  assert.equal(restored.damagedCopy, "{…");
  const failed = walk(saved, (s) => S.restoreFailed(s, "could not be restored", "{bad"));
  assert.equal(failed.phase, "setup");
  assert.equal(failed.error, "could not be restored");
});

test("another tab's newer save covers the table until the person chooses", () => {
  assert.equal(walk(S.initialState(), S.otherTabWrote).otherTab, false); // nothing on screen: nothing to ask
  const playing = walk(S.initialState(), deal(0), (s) => S.answered(s, view()), S.dealt);
  const asked = walk(playing, S.otherTabWrote);
  assert.equal(S.tableOnScreen(asked), false);
  assert.equal(S.canAct(asked), false);
  assert.equal(S.dataPhase(asked), "draw"); // the hook is the table's, as before the split
  assert.equal(walk(asked, S.thisTabKept).otherTab, false);
  const taken = walk(asked, (s) => S.otherTabTaken(s, true));
  assert.equal(taken.otherTab, false);
  assert.equal(taken.resume, true);
});

test("a new match forgets the last one's screens, news, peek and hint", () => {
  const people = ["human", "human"];
  const busy = walk(S.initialState(), deal(0), (s) => S.answered(s, view({ seats: people })), S.dealt,
    (s) => S.hinted(s, "Draw."), (s) => S.answered(s, view({ seats: people, toMove: 1, events: [move(0, "draw")] }), ["x"]), S.otherTabWrote);
  const fresh = walk(busy, deal(2));
  assert.equal(fresh.phase, "pending");
  assert.equal(fresh.view, null);
  assert.equal(fresh.handover, null);
  assert.deepEqual(fresh.news, {});
  assert.equal(fresh.hint, "");
  assert.equal(fresh.otherTab, false);
});
