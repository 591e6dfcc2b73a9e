// The Play page's state: one explicit `phase` and the named transitions between phases. Pure data and pure
// functions (no DOM, no engine, no storage, no clock: the time comes in as an argument), so each transition
// is unit-tested in Node (tests/js/play-state.test.mjs). Every transition returns a new state; the page
// (play-commands.js) keeps the latest one, does what the transition asks of the world (a request to the
// session, a timer, a sound) and hands the state to the renderer.
//
// Phases (playground/README.md draws them):
//   loading     no match on screen yet: the page has just opened, or a saved match waits for the engine
//   setup       the new-match form (with the "start the new match?" question when one is in progress)
//   paused      the match hidden behind the paused screen
//   pending     a match dealt while the engine loads: every card face down, the opening choices taken here
//   opening     the viewer's opening choices, on the engine's table
//   turn        a turn on the engine's table: draw, holding a card, flip (the engine's phase says which)
//   handover    pass-and-play: the device goes to the next person, no card on screen (or back: handBack)
//   peek-shown  pass-and-play: the person who peeked sees those cards for a few seconds before the handover
//   replay      the moves of the last answer shown one table at a time (the final view is already the view)
//   hole-over   the hole's result; Next hole
//   match-over  the match's result; Play again
// and in a room (issue 26: room-page.js, the match on the room server):
//   join        the room asks this person's name before it seats them
//   lobby       the room's lobby: who has joined, the share panel, the host's Start
// The test hook #golf-match[data-phase] is `dataPhase(state)`, the same words as before the split.

export const PEEK_SHOWN_MS = 3000; // how long peeked cards stay shown after the confirm (phase peek-shown)

export const PHASES = ["loading", "setup", "paused", "pending", "opening", "turn", "handover", "peek-shown", "replay", "hole-over", "match-over", "join", "lobby"];
// The phases in which the table (or the pending table) is on screen, and the game's keys are on.
const TABLE_PHASES = new Set(["pending", "opening", "turn", "handover", "peek-shown", "replay", "hole-over", "match-over"]);
// The screens that stay until the person leaves them (an answer of the engine meanwhile changes nothing there).
const SCREENS = new Set(["setup", "paused", "join"]);

export function initialState({ peekAid = false } = {}) {
  return {
    phase: "loading",
    view: null, // the session's last view: what the viewing seat may see, with the moves since the last one
    busy: false, // a request is out: input is locked
    pending: null, // phase pending: {choices, opening: [positions], rows, cols, reveals}
    confirm: null, // phase setup: {choices, daily} waiting for "start the new match?"
    linkedPreset: null, // the preset a game page's Play link chose, for the form
    formChoices: null, // the choices the form opens with after the engine refused them
    resume: false, // a saved match waits to be restored
    handover: null, // phases handover and peek-shown: {to: seat, back: seat or null (the device goes back first)}
    shownSeat: null, // pass-and-play: the seat whose eyes the table shows (null: the view's own viewer)
    news: {}, // pass-and-play: seat -> the lines of what the others did since that seat's last turn
    lastNews: [], // the seats the last answer added a line for, taken back with an undo
    replay: null, // phase replay: {moves, lines, index, before}: index -1 before the first move is shown
    selected: true, // the drawn card is selected for placing; Escape lets go of it
    peekChoice: [], // a peek: the positions chosen before the confirm
    peekShown: null, // {seat, until}: that seat's peeked cards show until then (Infinity while it is answered)
    peekAid: Boolean(peekAid), // "remember my peeked cards": they stay shown
    otherTab: false, // another tab wrote the save since this one did: the question covers the table
    error: "",
    notice: "", // one line that is not an error: a shared deal, an undo, a link copied, a damaged save
    damagedCopy: null, // a save that could not be restored whole, offered for download
    log: "", // the last move, in words
    hint: "", // the Hint's advice while it applies
    daily: null, // {date, try} while playing the daily deal
    lastChoices: null, // the choices of the match on screen, for Play again
    shareUrl: null,
    showResult: false, // a hole has just ended: bring its result into view once the moves are shown
    summary: null, // {rules, sections}: the rules in play of a custom match, from the engine
    // A room (room-page.js); all null on a match kept in this browser.
    room: null, // the room around the table, as the server last sent it (server/PROTOCOL.md `room`)
    roomCode: null, // the room of the page's address (null while one is being created)
    connection: null, // "connecting", "open", "reconnecting" or "closed": #golf-match[data-connection]
    closedReason: "", // why the connection closed for good
    roomsOffered: null, // does a room server answer (false: a static host; the page says what is needed)
    fill: false, // the host's "fill empty seats with computers"
    confirmLeave: false, // "leave the room?" asked
  };
}

// -- what the state says ----------------------------------------------------------------------------------------

export function viewerSeat(state) {
  return state.shownSeat ?? (state.view ? state.view.viewer : 0);
}

export function isPassAndPlay(state) {
  return state.view !== null && !state.view.room && state.view.seats.filter((kind) => kind === "human").length > 1;
}

export function inRoom(state) {
  return state.room !== null || state.roomCode !== null;
}

export function tableOnScreen(state) {
  return TABLE_PHASES.has(state.phase) && !state.otherTab;
}

export function canAct(state) {
  return !state.busy && state.view !== null && state.phase !== "paused" && state.handover === null && !state.otherTab
    && (state.connection === null || state.connection === "open");
}

// The answer leaves the same person to move and nobody else moved: keys typed meanwhile still count.
export function stillMyTurn(state) {
  const me = viewerSeat(state);
  return state.view !== null && state.handover === null && state.view.observation.to_move === me && state.view.events.every((event) => event.seat === me);
}

// The peeked cards of the person handing over are on screen (pass-and-play, phase peek-shown).
export function peekOnShow(state) {
  const shown = state.peekShown;
  return state.handover !== null && shown !== null && shown.seat === viewerSeat(state);
}

// The pending table still takes opening choices (else it waits for the engine's deal).
export function pendingOpen(state) {
  return state.pending !== null && state.pending.opening.length < state.pending.reveals;
}

// The table being shown: the view, or during a replay the table just after the move shown, with nothing to
// press on it (the controls around it already act on the final view).
export function shownView(state) {
  const replay = state.replay;
  if (!replay || replay.index < 0) return state.view;
  return { ...state.view, observation: replay.moves[replay.index].table, targets: {}, piles: { stock: false, discard: false }, hole_over: false, scores: null };
}

// #golf-match[data-phase], exactly as before the split: the engine's phase on the table, the page's elsewhere.
export function dataPhase(state) {
  switch (state.phase) {
    case "setup":
    case "paused":
      return "setup";
    case "loading":
      return "loading";
    case "pending":
      return pendingOpen(state) ? "opening" : "loading";
    case "handover":
      return "handover";
    case "peek-shown":
      return "opening";
    case "join":
      return "setup"; // a form, as the new-match form is
    case "lobby":
      return "lobby";
    default: {
      const view = state.view;
      return view.outcome ? "match-over" : view.hole_over ? "hole-over" : view.observation.phase;
    }
  }
}

// The phase of the table from what the state holds (a transition that leaves the table in place ends here).
function tablePhase(state) {
  if (state.pending) return "pending";
  if (!state.view && state.room) return state.room.state === "lobby" ? "lobby" : "loading";
  if (!state.view) return "loading";
  if (state.handover) return peekOnShow(state) ? "peek-shown" : "handover";
  if (state.replay) return "replay";
  if (state.view.outcome) return "match-over";
  if (state.view.hole_over) return "hole-over";
  return state.view.observation.phase === "opening" ? "opening" : "turn";
}

// The state with `changes`, its phase following the table unless a screen (setup, paused) is in front of it.
function update(state, changes = {}) {
  const next = { ...state, ...changes };
  return SCREENS.has(next.phase) ? next : { ...next, phase: tablePhase(next) };
}

// -- the page opens -------------------------------------------------------------------------------------------------

// The new-match form; `linkedPreset` when a game page's Play link chose the game.
export function formOpened(state, { linkedPreset = state.linkedPreset, error = state.error } = {}) {
  return { ...state, phase: "setup", confirm: null, linkedPreset, error, log: "" };
}

// A match is saved in this browser: it is restored once the engine is ready (no form, no paused screen).
export function savedFound(state) {
  return { ...state, resume: true };
}

export function linkRefused(state, message) {
  return { ...state, error: message };
}

// -- starting a match -----------------------------------------------------------------------------------------

// "Start the new match?" while one is in progress (or saved): the form stays, the question above it.
export function replaceAsked(state, choices, daily) {
  return { ...state, phase: "setup", confirm: { choices, daily }, log: "" };
}

// A new match, dealt face down at once; the opening choices are taken here until the engine deals.
// `deal`: {choices (with the seed), daily, rows, cols, reveals (0 for a peek), fromLink}.
export function matchStarted(state, { choices, daily, rows, cols, reveals, fromLink = false }) {
  return update(state, {
    phase: "pending",
    view: null,
    pending: { choices, opening: [], rows, cols, reveals },
    peekAid: choices.peekAid !== undefined ? Boolean(choices.peekAid) : state.peekAid,
    daily,
    lastChoices: choices,
    confirm: null,
    shownSeat: null,
    handover: null,
    news: {},
    lastNews: [],
    peekChoice: [],
    peekShown: null,
    replay: null,
    resume: false,
    formChoices: null,
    otherTab: false,
    error: "",
    notice: fromLink ? state.notice : "",
    log: "",
    hint: "",
  });
}

export function pendingChosen(state, position) {
  const pending = state.pending;
  if (!pending || pending.opening.includes(position) || pending.opening.length >= pending.reveals) return state;
  return update(state, { pending: { ...pending, opening: [...pending.opening, position] } });
}

// The engine dealt (its answer is the view already): the pending table gives way to the engine's.
export function dealt(state) {
  return update(state, { pending: null });
}

// The engine refused the rules (a bad Custom value): its reason, and the form again with the same choices.
export function dealRefused(state, message) {
  return { ...state, phase: "setup", pending: null, error: message, formChoices: state.pending ? state.pending.choices : state.formChoices, log: "" };
}

// The saved match is on the table again; `notice` when it was restored only in part (its copy set aside).
export function restored(state, { notice = null, damaged = null } = {}) {
  return update(state, { resume: false, notice: notice ?? state.notice, damagedCopy: damaged ?? state.damagedCopy });
}

export function restoreFailed(state, message, damaged) {
  return { ...state, phase: "setup", error: message, damagedCopy: damaged ?? state.damagedCopy, log: "" };
}

// "Keep playing" at the question: back to the match on screen, or to the saved one (restored as soon as the
// engine is ready), or else the form without the question.
export function keptPlaying(state) {
  const changes = { confirm: null, notice: "" };
  if (state.view) return update(state, { ...changes, phase: "loading" });
  if (!state.resume) return { ...state, ...changes, phase: "setup" };
  return update(state, { ...changes, phase: "loading" });
}

// -- talking to the session ------------------------------------------------------------------------------------

export function requestSent(state) {
  return { ...state, busy: true };
}

export function requestFailed(state, message) {
  return { ...state, error: message };
}

export function requestDone(state) {
  return { ...state, busy: false };
}

// A view from the session: the table, a handover when another person is to move, and the moves since the
// last view (`lines`: each in words), which are shown one table at a time when they happened within the hole
// on screen and no handover comes between.
export function answered(state, view, lines = []) {
  const before = state.view;
  const next = { ...state, view, selected: true, error: "", lastNews: [] };
  if (view.hole_over && !(before && before.hole_over && before.hole === view.hole)) next.showResult = true;
  const seat = view.observation.to_move;
  if (isPassAndPlay(next) && seat !== null && seat !== viewerSeat(next) && view.seats[seat] === "human") {
    next.handover = { to: seat, back: null };
  }
  if (!view.events.length) return update(next);
  next.log = lines[lines.length - 1] ?? "";
  if (isPassAndPlay(next)) {
    const news = { ...next.news };
    const added = [];
    view.events.forEach((event, index) => {
      view.seats.forEach((kind, other) => {
        if (kind === "human" && other !== event.seat) {
          news[other] = [...(news[other] || []), lines[index]];
          added.push(other);
        }
      });
    });
    next.news = news;
    next.lastNews = added;
  }
  if (before && before.hole === view.hole && next.handover === null) next.replay = { moves: view.events, lines, index: -1, before };
  return update(next);
}

// The replay shows its next move; after the last one the table is the view's and the replay is over.
export function replayStepped(state) {
  const replay = state.replay;
  if (!replay) return state;
  const index = replay.index + 1;
  if (index >= replay.moves.length - 1) return update(state, { replay: null, log: replay.lines[replay.lines.length - 1] });
  return update(state, { replay: { ...replay, index }, log: replay.lines[index] });
}

// A key or a click ends the showing at once: the final view, the last move's line.
export function replayEnded(state) {
  if (!state.replay) return state;
  return update(state, { replay: null, log: state.replay.lines[state.replay.lines.length - 1] });
}

// The person chose to see the computers' moves at once: the final view, and every move of the reply in the log.
export function replayShownWhole(state) {
  if (!state.replay) return state;
  return update(state, { replay: null, log: state.replay.lines.join(" ") });
}

// -- the person's moves -------------------------------------------------------------------------------------------

// A move goes to the engine: the hint is spent, and the news this person had read is cleared.
export function acted(state) {
  return { ...state, hint: "", news: { ...state.news, [viewerSeat(state)]: [] } };
}

export function heldSelected(state, selected) {
  return { ...state, selected };
}

// A peek's positions are chosen (at most `left`), then confirmed together.
export function peekToggled(state, position, left) {
  const chosen = state.peekChoice;
  const peekChoice = chosen.includes(position) ? chosen.filter((p) => p !== position) : [...chosen, position].slice(-left);
  return { ...state, peekChoice };
}

// The peek is confirmed: the cards show from the first answer on (so a handover screen never comes first)
// until `peekTimed` sets when they go.
export function peekConfirmed(state) {
  return update(state, { peekChoice: [], peekShown: { seat: viewerSeat(state), until: Infinity } });
}

export function peekTimed(state, seat, until) {
  if (!state.peekShown || state.peekShown.seat !== seat) return state;
  return update(state, { peekShown: { seat, until } });
}

// The peeked cards' time is up (`now` from the clock), or Enter or Done ended it early.
export function peekTimeUp(state, now) {
  if (!state.peekShown || now < state.peekShown.until) return state;
  return update(state, { peekShown: null });
}

export function peekShowEnded(state) {
  return update(state, { peekShown: null });
}

export function hinted(state, text) {
  return { ...state, hint: text };
}

// -- pass-and-play --------------------------------------------------------------------------------------------

// The next person took the device: the table is theirs (the session is asked for their view).
export function handoverConfirmed(state) {
  return update(state, { shownSeat: state.handover.to, handover: null });
}

// Undo on the handover screen: the device goes back first to the person whose move it was.
export function handBackAsked(state) {
  return update(state, { handover: { ...state.handover, back: viewerSeat(state) } });
}

export function handBackCancelled(state) {
  return update(state, { handover: { ...state.handover, back: null } });
}

// Undo goes to the engine: any handover is over (the same person plays again).
export function undoSent(state) {
  return update(state, { handover: null });
}

// The undo's answer: the others never hear of the moves taken back (`taken`: the seats of the lines added by
// the answer undone).
export function undone(state, notice, taken) {
  const news = { ...state.news };
  for (const seat of taken) if (news[seat]) news[seat] = news[seat].slice(0, -1);
  return update(state, { news, notice, log: notice });
}

export function noticed(state, notice) {
  return { ...state, notice };
}

// -- screens over the table -----------------------------------------------------------------------------------

export function paused(state) {
  return { ...state, phase: "paused" };
}

export function resumed(state) {
  return update(state, { phase: "loading" });
}

// Another tab wrote this match's save: the question covers the table until the person chooses.
export function otherTabWrote(state) {
  if (!state.view && !state.pending) return state;
  return { ...state, otherTab: true };
}

// Continue with the other tab's save: this tab's match is dropped, the saved one restored.
export function otherTabTaken(state, found) {
  return update(state, { otherTab: false, pending: null, resume: found, handover: null, shownSeat: null, news: {} });
}

export function thisTabKept(state) {
  return { ...state, otherTab: false };
}

export function shared(state, url, notice) {
  return { ...state, shareUrl: url, notice };
}

export function resultShown(state) {
  return { ...state, showResult: false };
}

export function summaryLoaded(state, rules, sections) {
  return { ...state, summary: { rules, sections } };
}

// -- a room (room-page.js) --------------------------------------------------------------------------------------

// The page's address names a room (`code`), or a room to create (null).
export function roomOpened(state, code) {
  return { ...state, roomCode: code };
}

// No room server answers: the page says what play with friends needs; the form of a match here stays.
export function roomsMissing(state) {
  return { ...state, roomsOffered: false, phase: "setup", confirm: null, log: "" };
}

export function roomsFound(state) {
  return { ...state, roomsOffered: true };
}

// The room asks a name before it seats this person.
export function nameAsked(state, error = state.error) {
  return { ...state, phase: "join", error, log: "" };
}

// The name is sent (or the room created, or this browser's seat asked for again): the page waits for the server,
// whose connection is `connection` (the session's, which tells of every change after this).
export function roomJoining(state, connection) {
  return { ...state, phase: "loading", error: "", connection };
}

export function roomJoined(state, code) {
  return update({ ...state, roomCode: code, error: "" }, {});
}

// The room as the server last sent it: the lobby until the match starts, then the table's phases.
export function roomChanged(state, room) {
  return update(state, { room });
}

export function connectionChanged(state, connection, reason = "") {
  return { ...state, connection, closedReason: connection === "closed" ? reason : "" };
}

// A room's frame can go out: nothing is waiting and the connection is open.
export function canSend(state) {
  return !state.busy && state.connection === "open";
}

export function fillChosen(state, fill) {
  return { ...state, fill: Boolean(fill) };
}

export function leaveAsked(state, asked) {
  return { ...state, confirmLeave: Boolean(asked) };
}
