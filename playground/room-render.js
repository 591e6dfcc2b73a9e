// The Play page drawn for a room (issue 26): PlayRenderer's table, prompts and keys, with the room's own
// screens (the form that creates a room, the name asked before joining, the lobby and its share panel, the
// message of a host without a room server, the end of a connection) and the room around the table (whose turn
// in words, who is reconnecting, Ready and Rematch, the matches won). A person's name is always set as text.
// Test hooks (playground/README.md): #golf-match[data-viewer][data-connection], [data-room-code],
// [data-room-start], [data-room-name], [data-room-join].
import { el } from "./dom.js";
import { PlayRenderer } from "./play-render.js";
import { setupForm, NAME_MOST } from "./play-setup.js";
import { roomSeatName, roomSeatState } from "./play-view.js";
import { PEEK_SHOWN_MS } from "./play-state.js";
import { qrUrl, roomLink } from "./room-link.js";

const FILL_LEVEL = "normal"; // the computers that fill a lobby's empty seats when the host asks (the stand-in's level too)

export class RoomRenderer extends PlayRenderer {
  constructor(root, options) {
    super(root, options);
    this.server = options.server;
  }

  render(state) {
    super.render(state);
    const view = state.view;
    const viewer = view ? view.viewer : state.room ? state.room.you : null;
    this.root.dataset.viewer = viewer === null ? "" : String(viewer);
    this.root.dataset.connection = state.connection || "";
    const screen = state.phase === "lobby" ? "lobby" : view ? "table" : state.phase;
    if (this.screen && this.screen !== screen) this.bringIntoView();
    this.screen = screen;
  }

  // A new screen (the room form gives way to the lobby, the lobby to the table) starts at its top: on a phone the
  // tall lobby's Start left the page scrolled past the table it brought.
  bringIntoView() {
    const top = this.root.getBoundingClientRect().top;
    const header = document.querySelector(".md-header");
    const below = header ? header.getBoundingClientRect().bottom : 0;
    if (top < below) window.scrollTo({ top: window.scrollY + top - below, behavior: "instant" });
  }

  // The next thing to press when the focused control went away: in a room, the lobby's Start or its copy button,
  // the closed screen's first button, the name field.
  focusNext() {
    const node = ["[data-room-start]", ".golf-closed [data-focus]", ".golf-lobby [data-focus]"].map((selector) => this.root.querySelector(selector)).find(Boolean);
    if (node && !this.root.querySelector(".golf-confirm, .golf-setup")) node.focus({ preventScroll: true });
    else super.focusNext();
  }

  // -- the line that is not an error: the connection, then the page's own notices ------------------------------------
  renderNotice(state) {
    super.renderNotice(state);
    const connection = state.connection;
    if (connection !== "reconnecting" && connection !== "connecting") return;
    const line = el("span", { class: "golf-connection", "data-state": connection }, this.t(`room.connection.${connection}`));
    this.noticeLine.prepend(line, this.noticeLine.childNodes.length ? " " : "");
    this.noticeLine.hidden = false;
  }

  toolbarParts(state) {
    const t = this.t;
    const view = state.view;
    const parts = [];
    if (view && state.phase !== "setup") {
      parts.push(el("strong", { class: "golf-toolbar__hole" }, view.hole > view.holes ? t("play.playoff", { n: view.hole - view.holes }) : t("play.hole", { n: Math.max(view.hole, 1), of: view.holes })));
      const turn = this.turnText(state);
      if (turn) parts.push(el("strong", { class: "golf-turn", "data-mine": String(turn.mine) }, turn.text));
    } else if (state.room) {
      parts.push(el("strong", { class: "golf-toolbar__hole" }, t("room.title", { code: state.room.code })));
    }
    if (state.room && state.connection !== "closed") {
      parts.push(el("button", { type: "button", class: "md-button", "data-focus": "room-leave", onclick: () => this.page.askLeave(true) }, t("room.leave")));
    }
    if (!state.room) parts.push(el("a", { class: "md-button", href: "./", "data-focus": "room-back" }, t("room.backToPlay")));
    const sound = el("input", { type: "checkbox", id: "golf-sound", checked: this.store.sound(), onchange: (event) => this.store.keepSound(event.target.checked) });
    parts.push(el("label", { class: "golf-sound", for: "golf-sound" }, sound, t("play.sound")));
    return parts;
  }

  // Whose turn, in words, on every screen: "Your turn", or the person (or computer) to move.
  turnText(state) {
    const view = state.view;
    const seat = view.observation.to_move;
    if (view.hole_over || seat === null || seat === undefined) return null;
    if (seat === view.viewer) return { mine: true, text: this.t("room.turn.yours") };
    return { mine: false, text: this.t("room.turn.of", { name: roomSeatName(this.t, view.room, seat) }) };
  }

  stageParts(state) {
    if (state.roomsOffered === false) return [this.missingServer()];
    if (state.connection === "closed") return [this.closedScreen(state)];
    if (state.confirmLeave) return [this.leaveQuestion(state)];
    if (state.phase === "setup") return this.createParts(state);
    if (state.phase === "join") return [this.joinForm(state)];
    if (state.phase === "lobby") return [this.lobby(state)];
    return super.stageParts(state);
  }

  // A static host: the page says plainly what play with friends needs; a match on this device works as ever.
  missingServer() {
    const t = this.t;
    return el("section", { class: "golf-rooms-missing", "aria-labelledby": "golf-rooms-missing-title" },
      el("h2", { id: "golf-rooms-missing-title" }, t("room.missing.title")),
      el("p", {}, t("room.missing.body")),
      el("p", {}, t("room.missing.howTo"), " ", el("code", {}, "make serve")),
      el("p", {}, t("room.missing.rest")),
      el("p", {}, el("a", { class: "md-button md-button--primary", href: "./", "data-focus": "room-missing-back" }, t("room.backToPlay"))));
  }

  closedScreen(state) {
    const t = this.t;
    const key = this.page.session.closedKey;
    const buttons = [];
    if (key === "room.closed.elsewhere") {
      buttons.push(el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "room-play-here", onclick: () => this.page.playHere() }, t("room.closed.playHere")));
    }
    if (key === "room.error.token") {
      buttons.push(el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "room-join-again", onclick: () => this.page.joinAgain() }, t("room.closed.joinAgain")));
    }
    buttons.push(el("a", { class: "md-button", href: "./", "data-focus": "room-closed-back" }, t("room.backToPlay")));
    return el("section", { class: "golf-closed", "aria-labelledby": "golf-closed-title" },
      el("h2", { id: "golf-closed-title" }, t("room.closed.title")),
      el("p", {}, state.closedReason || t("room.closed.left")),
      el("p", { class: "golf-closed__buttons" }, buttons));
  }

  leaveQuestion(state) {
    const t = this.t;
    const playing = state.room && state.room.state === "playing";
    const host = state.room && state.room.you === state.room.host;
    const body = playing ? t("room.leaveAsk.playing") : host ? t("room.leaveAsk.host") : t("room.leaveAsk.lobby");
    return el("div", { class: "golf-confirm", role: "alertdialog", "aria-labelledby": "golf-leave-text" },
      el("p", { id: "golf-leave-text" }, body),
      el("button", { type: "button", class: "md-button md-button--primary", "data-focus": "room-leave-yes", onclick: () => this.page.leave() }, t("room.leaveAsk.yes")),
      el("button", { type: "button", class: "md-button", "data-focus": "room-leave-no", onclick: () => this.page.askLeave(false) }, t("room.leaveAsk.no")));
  }

  // The form that creates a room (the new-match form in its room mode), and below it a way to type a code.
  createParts(state) {
    // A room plays a whole match by default: the preset's own number of holes (the local form's first game is one).
    const defaults = this.data.setup.defaults;
    const preset = this.data.presets.find((p) => p.name === defaults.preset) || this.data.presets[0];
    const initial = { ...defaults, holes: preset.options.holes ?? defaults.holes, ...(state.formChoices || {}) };
    this.form ||= setupForm(this.data, this.t, initial, (choices) => this.page.requestStart(choices), this.engine, this.lang, PEEK_SHOWN_MS / 1000,
      { name: (state.formChoices && state.formChoices.name) || this.store.roomName() });
    return [this.form, this.codeForm()];
  }

  codeForm() {
    const t = this.t;
    const field = el("input", { type: "text", id: "room-code-input", "data-room-code-input": "", autocomplete: "off", autocapitalize: "characters",
      spellcheck: "false", maxlength: "12" });
    // The form kept on the page is an earlier drawing of this one: the handler reads the field kept with it.
    return el("form", { class: "golf-room-code", "aria-labelledby": "golf-room-code-title",
      onsubmit: (event) => { event.preventDefault(); this.page.goToCode(event.currentTarget.querySelector("[data-room-code-input]").value); } },
    el("h2", { id: "golf-room-code-title" }, t("room.code.title")),
    el("p", {}, el("label", { for: field.id }, t("room.code.label")), " ", field, " ",
      el("button", { type: "submit", class: "md-button", "data-room-go": "", "data-focus": "room-go" }, t("room.code.go"))));
  }

  // The room asks a name before it seats a new person.
  joinForm(state) {
    const t = this.t;
    const name = el("input", { type: "text", id: "room-name", "data-room-name": "", maxlength: String(NAME_MOST), autocomplete: "nickname", value: this.store.roomName() });
    return el("form", { class: "golf-setup golf-join", "aria-labelledby": "golf-join-title",
      onsubmit: (event) => { event.preventDefault(); this.page.joinRoom(event.currentTarget.querySelector("[data-room-name]").value.trim()); } },
    el("h2", { id: "golf-join-title" }, t("room.join.title", { code: state.roomCode || "" })),
    el("p", {}, t("room.join.body")),
    el("p", { class: "golf-room-name" }, el("label", { for: name.id }, t("room.name")), " ", name),
    el("p", { class: "golf-setup__start" }, el("button", { type: "submit", class: "md-button md-button--primary", "data-room-join": "", "data-focus": "room-join" }, t("room.join.button"))));
  }

  // -- the lobby: who has joined, the share panel, the host's Start ------------------------------------------------
  lobby(state) {
    const t = this.t;
    const room = state.room;
    const host = room.you === room.host;
    const seats = el("ol", { class: "golf-lobby__seats" }, room.seats.map((seat, index) => {
      const notes = [];
      if (index === room.host) notes.push(t("room.lobby.host"));
      const away = roomSeatState(t, room, index);
      if (away) notes.push(away);
      return el("li", { class: `golf-lobby__seat golf-lobby__seat--${seat.kind}` },
        el("span", { class: "golf-lobby__name" }, roomSeatName(t, room, index)),
        notes.length ? el("span", { class: "golf-lobby__note" }, t("room.lobby.note", { note: notes.join(t("room.lobby.noteJoin")) })) : null);
    }));
    const open = room.seats.filter((seat) => seat.kind === "open").length;
    const parts = [
      el("h2", { id: "golf-lobby-title" }, t("room.lobby.title", { code: room.code })),
      el("p", { class: "golf-lobby__rules" }, this.rulesLine(room.setup)),
      this.sharePanel(room),
      el("h3", {}, t("room.lobby.seats")),
      seats,
      this.renameForm(state),
    ];
    if (host) {
      const level = el("select", { id: "room-fill-level", "aria-label": t("room.lobby.fillLevel"), onchange: (event) => { this.fillLevel = event.target.value; } },
        this.data.setup.levels.map((name) => el("option", { value: name, selected: name === (this.fillLevel || FILL_LEVEL) }, t(`play.level.${name}`))));
      const fill = el("input", { type: "checkbox", id: "room-fill", checked: state.fill, onchange: (event) => this.page.chooseFill(event.target.checked) });
      if (open) parts.push(el("p", { class: "golf-choice golf-lobby__fill" }, fill, el("label", { for: fill.id }, t("room.lobby.fill")), " ", level));
      parts.push(el("p", { class: "golf-lobby__waiting" }, open ? t("room.lobby.open", { count: open }) : t("room.lobby.full")));
      parts.push(el("p", { class: "golf-setup__start" }, el("button", { type: "button", class: "md-button md-button--primary", "data-room-start": "", "data-focus": "room-start",
        disabled: state.busy, onclick: () => this.page.startRoom(this.fillLevel || FILL_LEVEL) }, t("room.lobby.start"))));
    } else {
      parts.push(el("p", { class: "golf-lobby__waiting" }, t("room.lobby.waitHost", { name: roomSeatName(t, room, room.host) })));
    }
    return el("section", { class: "golf-lobby", "aria-labelledby": "golf-lobby-title" }, parts);
  }

  // A person's own name can change while the room waits (a typo, or two friends with the same name).
  renameForm(state) {
    const t = this.t;
    const room = state.room;
    const current = room.seats[room.you] ? room.seats[room.you].name || "" : "";
    const name = el("input", { type: "text", id: "room-rename", "data-room-rename": "", maxlength: String(NAME_MOST), autocomplete: "nickname", value: current });
    return el("form", { class: "golf-lobby__rename",
      onsubmit: (event) => { event.preventDefault(); this.page.renameSeat(event.currentTarget.querySelector("[data-room-rename]").value.trim()); } },
    el("label", { for: name.id }, t("room.name")), " ", name, " ",
    el("button", { type: "submit", class: "md-button", "data-room-rename-save": "", disabled: state.busy }, t("room.lobby.rename")));
  }

  rulesLine(setup) {
    const preset = this.data.presets.find((p) => p.name === setup.preset);
    const title = preset ? preset.title : setup.preset;
    const changed = Object.keys(setup.options || {}).length;
    return this.t(changed ? "room.lobby.rulesChanged" : "room.lobby.rules", { preset: title, count: setup.holes, players: setup.players });
  }

  // The room's code, its link (this page with the room in its address), a copy button and the link's QR code,
  // drawn by the room server itself. The seat's token is never part of any of them.
  sharePanel(room) {
    const t = this.t;
    const link = roomLink(location.href, room.code);
    return el("section", { class: "golf-room-share", "aria-labelledby": "golf-room-share-title" },
      el("h3", { id: "golf-room-share-title" }, t("room.share.title")),
      el("p", { class: "golf-room-share__code" }, t("room.share.code"), " ", el("strong", { "data-room-code": "", lang: "en" }, room.code)),
      el("p", { class: "golf-room-share__link" }, el("label", { for: "room-link" }, t("room.share.link")), " ",
        el("input", { type: "text", id: "room-link", readonly: true, value: link, "data-room-link": "" }), " ",
        el("button", { type: "button", class: "md-button", "data-focus": "room-copy", "data-room-copy": "", onclick: () => this.page.copyLink(link) }, t("room.share.copy"))),
      el("img", { class: "golf-qr", src: qrUrl(this.server, link), alt: t("room.share.qr", { code: room.code }), width: "176", height: "176", "data-room-qr": "" }),
      el("p", { class: "golf-option__help" }, t("room.share.help")));
  }

  // -- the table's room parts ---------------------------------------------------------------------------------------
  // Ready for the next hole, or the Rematch: each person agrees, and the room waits for the others meanwhile.
  endParts(state, button) {
    const t = this.t;
    const view = state.view;
    const room = state.room;
    if (!view.hole_over || !room) return [];
    const out = [];
    const names = (seats) => seats.map((index) => roomSeatName(t, room, index)).join(t("play.and"));
    const here = room.seats.map((_, index) => index)
      .filter((index) => room.seats[index].kind === "person" && !room.seats[index].away && !room.seats[index].standing_in);
    if (!room.agreed.includes(room.you)) {
      const key = view.outcome ? "room.rematch" : "room.ready";
      out.push(button(key, () => this.page.ready(), { primary: true, focus: view.outcome ? "rematch" : "ready" }));
      const ready = here.filter((index) => room.agreed.includes(index));
      if (ready.length) out.push(el("p", { class: "golf-room-waiting" }, t("room.othersReady", { names: names(ready) })));
    } else {
      const waiting = here.filter((index) => !room.agreed.includes(index));
      out.push(el("p", { class: "golf-room-waiting" }, waiting.length ? t("room.waitingFor", { names: names(waiting) }) : t("room.starting")));
    }
    return out;
  }

  sideParts(state) {
    const parts = super.sideParts(state);
    const room = state.room;
    if (room && state.view && room.matches_played > 0) {
      const t = this.t;
      const rows = room.seats.map((_, seat) => el("tr", {}, el("th", { scope: "row" }, roomSeatName(t, room, seat)), el("td", { class: "golf-points" }, String(room.matches_won[seat]))));
      parts.push(el("table", { class: "golf-table-data golf-room-record" },
        el("caption", {}, t("room.record.caption", { matches: room.matches_played })),
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("play.result.player")), el("th", { scope: "col" }, t("room.record.won")))),
        el("tbody", {}, rows)));
    }
    return parts;
  }
}
