// A room watched with its spectator link (issue 27: play/#watch=CODE). One websocket speaking server/PROTOCOL.md
// as a spectator: `watch` with the spectator code, then the public table after every change. The page is read
// only: it draws the seats and piles with the Play page's own pieces (play-view.js), every control disabled,
// from a table that holds only what everyone at the table sees (the server sends nothing else). A dropped
// connection is tried again with the rooms' backoff (room-link.js). Test hooks: #golf-match[data-watching],
// .golf-watch, [data-room-spectators], .golf-reaction[data-seat].
import { el } from "./dom.js";
import { patchChildren } from "./dom-patch.js";
import { pilesView, seatView, signed, roomSeatName } from "./play-view.js";
import { retryDelay, socketUrl } from "./room-link.js";
import { clockText } from "./room-render.js";

export class WatchPage {
  constructor({ root, t, lang, server, code, WebSocketImpl = globalThis.WebSocket }) {
    Object.assign(this, { root, t, lang, server, code, WebSocketImpl });
    this.room = null;
    this.table = null;
    this.error = "";
    this.closed = "";
    this.connection = "connecting";
    this.attempt = 0;
    this.reactions = new Map();
  }

  start() {
    this.root.dataset.watching = "";
    this.render();
    this.open();
  }

  open() {
    const socket = new this.WebSocketImpl(socketUrl(this.server, this.lang));
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", v: 1, lang: this.lang }));
    socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    socket.onclose = () => {
      if (this.closed) return;
      this.connection = "reconnecting";
      this.render();
      setTimeout(() => this.open(), retryDelay(this.attempt++, Math.random()));
    };
  }

  receive(frame) {
    if (frame.type === "welcome") {
      this.socket.send(JSON.stringify({ type: "watch", code: this.code }));
    } else if (frame.type === "watching") {
      this.attempt = 0;
      this.connection = "open";
    } else if (frame.type === "state") {
      this.room = frame.room;
      this.table = frame.table;
      // The turn timer counts down here from the seconds the server said it had left.
      this.deadline = frame.room.turn ? performance.now() + frame.room.turn.left * 1000 : null;
      clearInterval(this.ticker);
      if (this.deadline !== null) this.ticker = setInterval(() => this.render(), 1000);
    } else if (frame.type === "reaction") {
      this.reactions.set(frame.seat, { reaction: frame.reaction, until: Date.now() + frame.shown * 1000 });
      setTimeout(() => this.render(), frame.shown * 1000 + 50);
    } else if (frame.type === "error") {
      this.error = frame.error;
      if (frame.key === "room.extra.no_watch" || frame.key === "room.extra.watch_full" || frame.key === "room.error.code") this.closed = frame.error;
    } else if (frame.type === "closed") {
      this.closed = this.t("room_extra.watch.closed", { reason: frame.reason });
    }
    this.render();
  }

  render() {
    const t = this.t;
    const parts = [el("h2", { id: "golf-watch-title" }, t("room_extra.watch.title")), el("p", {}, t("room_extra.watch.body"))];
    if (this.closed) parts.push(el("p", { class: "golf-error", role: "alert" }, this.closed));
    else if (this.connection !== "open") parts.push(el("p", { class: "golf-notice", role: "status" }, t(`room.connection.${this.connection === "reconnecting" ? "reconnecting" : "connecting"}`)));
    if (this.room && this.room.spectators) parts.push(el("p", { "data-room-spectators": String(this.room.spectators) }, t("room_extra.spectators.count", { count: this.room.spectators })));
    if (this.room && !this.table) parts.push(el("p", {}, t("room_extra.watch.waiting")));
    if (this.room && this.table && this.deadline !== null && this.room.turn.seat >= 0) {
      const time = clockText(Math.max(0, (this.deadline - performance.now()) / 1000));
      parts.push(el("p", {}, el("span", { class: "golf-timer", role: "timer", "data-room-timer-left": "", "data-seat": String(this.room.turn.seat),
        "aria-label": t("room_extra.timer.leftLabel", { name: roomSeatName(t, this.room, this.room.turn.seat), time }) }, t("room_extra.timer.left", { time }))));
    }
    if (this.room && this.table) parts.push(this.board(), this.standings());
    parts.push(el("p", {}, el("a", { class: "md-button", href: "./", "data-focus": "watch-back" }, t("room.backToPlay"))));
    patchChildren(this.root, [el("section", { class: "golf-watch", "aria-labelledby": "golf-watch-title" }, parts)]);
    this.placeReactions();
  }

  board() {
    const table = this.table;
    const view = { ...table, room: this.room, piles: { stock: false, discard: false } };
    const s = { t: this.t, lang: this.lang, view, selected: false };
    const seats = table.observation.layouts.map((layout, seat) =>
      seatView(s, seat, layout, { mine: false, targets: {}, cancelled: new Set(), hidePeeked: true }));
    return el("div", { class: "golf-board" }, el("div", { class: "golf-opponents" }, seats),
      el("div", { class: "golf-felt" }, pilesView(s, { onPile: () => {}, onHeld: () => {} })));
  }

  standings() {
    const t = this.t;
    const rows = this.table.totals.map((total, seat) => el("tr", {}, el("th", { scope: "row" }, roomSeatName(t, this.room, seat)), el("td", { class: "golf-points" }, signed(total))));
    return el("table", { class: "golf-table-data" }, el("caption", {}, t("room_extra.watch.standings")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("play.result.player")), el("th", { scope: "col" }, t("play.total")))), el("tbody", {}, rows));
  }

  placeReactions() {
    const now = Date.now();
    for (const [seat, shown] of this.reactions) {
      if (shown.until <= now) continue;
      const section = this.root.querySelector(`.golf-seat[data-seat="${seat}"]`);
      if (section) section.querySelector(".golf-seat__name").after(el("span", { class: "golf-reaction", "data-seat": String(seat), "aria-hidden": "true" }, this.t(`room_extra.reaction.${shown.reaction}`)));
    }
  }
}
