// The Play page's commands in a room (issue 26): the same page as a match in this browser (play-commands.js),
// with the room's own steps around it: the room server asked first (a static host has none), the form that
// creates a room, a name asked before joining one, the lobby and its Start, "Ready for the next hole" and the
// Rematch (each person agrees; the server starts once everyone here has), Leave. Moves, Undo, Hint, the moves
// shown one at a time and the Review are PlayPage's own: the session (room-session.js) turns them into frames.
import { PlayPage } from "./play-commands.js";
import { store } from "./play-store.js";
import { normaliseCode } from "./room-link.js";
import { roomsOffered } from "./room-session.js";
import * as S from "./play-state.js";

export class RoomPage extends PlayPage {
  // `link`: what the address asks for ({create: true} or {code}); `server`: the room server's origin.
  constructor({ link, server, ...rest }) {
    super(rest);
    this.link = link;
    this.server = server;
    const session = this.session;
    session.addEventListener("room", (event) => this.set(S.roomChanged(this.state, event.detail)));
    session.addEventListener("connection", (event) => this.set(S.connectionChanged(this.state, event.detail, session.closedReason)));
    session.addEventListener("refused", (event) => this.set(S.requestFailed(this.state, event.detail.error)));
  }

  async start() {
    this.state = S.roomOpened(this.state, this.link.code || null);
    this.render();
    const offered = await roomsOffered(this.server);
    if (!offered) return this.set(S.roomsMissing(this.state));
    this.state = S.roomsFound(this.state);
    if (this.link.create) return this.set(S.formOpened(this.state));
    if (!this.session.saved()) return this.set(S.nameAsked(this.state));
    const back = this.session.resume();
    this.set(S.roomJoining(this.state, this.session.connection));
    try {
      await back;
      this.set(S.roomJoined(this.state, this.session.code));
    } catch (failure) {
      // The seat this browser held is gone (the room was closed, or the token opens no seat): the closed screen
      // says why; a room still in its lobby can be joined again as a new player.
      this.set(S.requestFailed(this.state, failure.message));
    }
  }

  // The local page's start-up steps (a pending deal, a saved match) do not apply to a room.
  sessionReady() {
    this.render();
  }

  // A view from the server: a move made by someone else may arrive while the last moves are still being shown;
  // those are shown to their end first, so two showings never run at once.
  onView(view) {
    if (this.state.replay && !this.state.busy) this.finishReplay();
    super.onView(view);
  }

  // -- creating and joining -----------------------------------------------------------------------------------------
  requestStart(choices) {
    this.createRoom(choices);
  }

  async createRoom(choices) {
    store.keepRoomName(choices.name);
    const { preset, players, holes, seats, name } = choices;
    const options = { ...choices.options };
    delete options.holes; // the room's setup names the holes apart
    const created = this.session.createRoom({ setup: { preset, options, players, holes }, seats, name });
    this.set({ ...S.roomJoining(this.state, this.session.connection), formChoices: choices, peekAid: Boolean(choices.peekAid) });
    try {
      const joined = await created;
      history.replaceState(null, "", `${location.pathname}${location.search}#room=${joined.code}`);
      this.set(S.roomJoined(this.state, joined.code));
    } catch (failure) {
      this.set(S.formOpened(this.state, { error: failure.message }));
    }
  }

  async joinRoom(name) {
    store.keepRoomName(name);
    const joining = this.session.joinRoom(name);
    this.set(S.roomJoining(this.state, this.session.connection));
    try {
      const joined = await joining;
      this.set(S.roomJoined(this.state, joined.code));
    } catch (failure) {
      if (this.session.connection === "closed") this.set(S.requestFailed(this.state, failure.message));
      else this.set(S.nameAsked(this.state, failure.message));
    }
  }

  // A code typed on the page: the room's own address, which this page then opens (play.js reloads on a new room).
  goToCode(text) {
    const code = normaliseCode(text);
    if (!code) return;
    location.hash = `room=${code}`;
  }

  // Taking back a seat that was opened on another page or device.
  playHere() {
    this.session.reopen();
  }

  // The closed screen's "join as a new player": a room still in its lobby has a seat for this person again.
  joinAgain() {
    this.set(S.nameAsked({ ...this.state, error: "" }));
  }

  // -- the lobby --------------------------------------------------------------------------------------------------
  chooseFill(fill) {
    this.set(S.fillChosen(this.state, fill));
  }

  renameSeat(name) {
    if (!name || !S.canSend(this.state)) return;
    store.keepRoomName(name);
    this.request(() => this.session.rename(name));
  }

  startRoom(level) {
    const room = this.state.room;
    if (!room || !S.canSend(this.state)) return;
    const open = room.seats.filter((seat) => seat.kind === "open").length;
    if (open && !this.state.fill) return this.set(S.requestFailed(this.state, this.t("room.lobby.stillOpen", { count: open })));
    this.request(() => this.session.startRoom(open ? level : null));
  }

  // -- the table --------------------------------------------------------------------------------------------------
  // "Next hole" in a room is this person's "ready": the hole starts once everyone here is.
  act(action) {
    if (action === "next") return this.ready();
    super.act(action);
  }

  // The match is over: a rematch in the same room, once everyone here agrees.
  playAgain() {
    this.ready();
  }

  ready() {
    const state = this.state;
    if (!S.canAct(state) || !state.view || !state.view.hole_over || !state.room) return;
    if (state.room.agreed.includes(state.room.you)) return;
    this.request(() => this.session.ready());
  }

  askLeave(asked) {
    this.set(S.leaveAsked(this.state, asked));
  }

  // Gives up the seat (a computer plays it in a match; in the lobby it opens again, and the host's closes the
  // room) and opens the Play page without the room.
  async leave() {
    this.set(S.leaveAsked(this.state, false));
    await this.session.leave().catch(() => {});
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    location.reload();
  }

  copyLink(link) {
    if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
    this.set(S.noticed(this.state, this.t("room.share.copied")));
    const field = this.renderer.root.querySelector("[data-room-link]");
    if (field) field.select();
  }
}
