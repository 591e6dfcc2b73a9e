// The Play page's table, drawn from the engine's view: pure functions from state to DOM, no engine calls.
// Every control carries data-focus, so the page can put the keyboard focus back where it was after a redraw.
import { cardBack, cardFace, cardName, el, srText } from "./dom.js";

// A seat's name as the page writes it: `view` is the engine's view (or anything with its `seats`), and in a room
// also `room` (the room server's seats, with the people's own names: set as text, never as markup).
export function seatName(t, view, seat) {
  if (view.room) return roomSeatName(t, view.room, seat);
  const seats = view.seats;
  const kind = seats[seat];
  const people = seats.filter((s) => s === "human").length;
  if (kind === "human") return people > 1 ? t("play.person", { n: seat + 1 }) : t("play.you");
  return t("play.computer", { n: seat + 1, level: t(`play.level.${kind}`) });
}

// In a room: the person's own name ("Player N" if they gave none), "(you)" for the viewing seat, a computer by
// its number and level; an open seat of the lobby is waiting for a friend.
export function roomSeatName(t, room, seat) {
  const entry = room.seats[seat];
  if (entry.kind === "computer") return t("play.computer", { n: seat + 1, level: t(`play.level.${entry.level}`) });
  if (entry.kind === "open") return t("room.seat.open", { n: seat + 1 });
  const name = entry.name || t("play.person", { n: seat + 1 });
  return seat === room.you ? t("room.you", { name }) : name;
}

// In a room, what is true of a seat beside its name: its person's connection dropped ("reconnecting…"), or a
// computer plays for them until they are back.
export function roomSeatState(t, room, seat) {
  const entry = room.seats[seat];
  if (!entry || entry.kind !== "person") return null;
  if (entry.standing_in) return t("room.seat.standingIn", { level: t(`play.level.${entry.level || "normal"}`) });
  if (entry.away) return t("room.seat.away");
  return null;
}

// One seat: its name, its grid, the visible score under the grid (what a player at the table can add up). For the
// viewing seat each position is a button (data-pos) that is enabled when it is a legal target. Every position carries
// data-slot="seat-position" and a card in an opponent's hand data-held="seat", for the moves' animation.
export function seatView(s, seat, layout, { mine, targets, cancelled, chosen, hidePeeked, onPosition }) {
  const { t, lang, view } = s;
  const grid = el("div", { class: "golf-cards", style: `--cols: ${view.cols}` });
  layout.forEach((slot, index) => {
    const position = index + 1;
    const target = mine ? targets[String(position)] || null : null;
    const showPeek = slot.peeked && slot.card && !hidePeeked;
    const faceUp = slot.card && (slot.up || showPeek);
    const what = slot.card && slot.up ? cardName(slot.card, lang)
      : showPeek ? `${cardName(slot.card, lang)}${lang === "ja" ? `（${t("play.peeked")}）` : ` (${t("play.peeked")})`}`
        : t("play.faceDown");
    const classes = ["golf-slot"];
    if (target) classes.push("golf-slot--target");
    if (cancelled.has(position)) classes.push("golf-slot--cancelled");
    if (chosen && chosen.includes(position)) classes.push("golf-slot--chosen");
    if (showPeek) classes.push("golf-slot--peeked");
    const face = faceUp ? cardFace(slot.card) : cardBack();
    const eye = showPeek ? el("span", { class: "golf-slot__peek", "aria-hidden": "true" }) : null; // peeked, not turned up
    const label = t("play.slot", { n: position, card: what });
    const cell = mine
      ? el("button", { type: "button", class: classes.join(" "), "data-pos": String(position), "data-slot": `${seat}-${position}`, "data-focus": `pos-${position}`,
        "aria-disabled": String(!target), "aria-pressed": chosen ? String(chosen.includes(position)) : null,
        onclick: () => target && onPosition(position, target) },
      srText(label), face, eye, el("span", { class: "golf-slot__number", "aria-hidden": "true" }, String(position)))
      : el("span", { class: classes.join(" "), role: "img", "aria-label": label, "data-slot": `${seat}-${position}` }, face);
    grid.append(cell);
  });
  const visible = view.observation.visible_scores[seat];
  const name = seatName(t, view, seat);
  const obs = view.observation;
  const toMove = obs.to_move === seat;
  // An opponent's drawn card, shown while the moves of a reply are replayed: face up only if it came from the
  // discard pile (the engine's observation names it then, and only then).
  const hand = !mine && toMove && obs.phase === "holding"
    ? el("span", { class: "golf-seat__held", "data-held": String(seat), role: "img",
      "aria-label": t("play.pileCard", { pile: t("play.inHand"), card: obs.held ? cardName(obs.held, lang) : t("play.faceDown") }) },
    obs.held ? cardFace(obs.held) : cardBack())
    : null;
  // In a room, several people watch one table: the seat to move says so in words, and a person who is away is
  // marked as such (the outline alone was the pass-and-play device's cue).
  const room = view.room;
  const state = room ? roomSeatState(t, room, seat) : null;
  const marks = room ? el("p", { class: "golf-seat__marks" },
    toMove ? el("span", { class: "golf-seat__turn" }, t(seat === room.you ? "room.seat.yourTurn" : "room.seat.toPlay")) : null,
    state ? el("span", { class: "golf-seat__away" }, state) : null) : null;
  return el("section", { class: `golf-seat${mine ? " golf-seat--mine" : ""}${toMove ? " golf-seat--to-move" : ""}`, "aria-label": name, "data-seat": String(seat) },
    el("h2", { class: "golf-seat__name" }, name), marks, hand, grid,
    el("p", { class: "golf-seat__visible" }, t("play.visible", { points: signed(visible) })));
}

export function signed(points) {
  return points < 0 ? `−${-points}` : String(points);
}

export function pilesView(s, { onPile, onHeld }) {
  const { t, lang, view } = s;
  const obs = view.observation;
  const stock = el("button", { type: "button", class: "golf-pile", "data-pile": "stock", "data-focus": "stock",
    "aria-disabled": String(!view.piles.stock), onclick: () => view.piles.stock && onPile("stock") },
  cardBack(), el("span", { class: "golf-pile__label" }, t("play.stock", { count: obs.stock_count })));
  const top = obs.discard.length ? obs.discard[obs.discard.length - 1] : null;
  const discardLabel = t("play.pileCard", { pile: t("play.discardPile"), card: top ? cardName(top, lang) : t("play.emptyPile") });
  const discard = el("button", { type: "button", class: "golf-pile", "data-pile": "discard",
    "data-focus": "discard", "aria-disabled": String(!view.piles.discard), onclick: () => view.piles.discard && onPile("discard") },
  srText(discardLabel), top ? cardFace(top) : el("span", { class: "golf-empty", "aria-hidden": "true" }),
  el("span", { class: "golf-pile__label", "aria-hidden": "true" }, t("play.discardPile")));
  const piles = el("div", { class: "golf-piles" }, stock, discard);
  if (obs.held && obs.to_move === view.viewer) {
    piles.append(el("button", { type: "button", class: `golf-held${s.selected ? " golf-held--selected" : ""}`, "data-focus": "held", "data-held": String(view.viewer),
      "aria-pressed": String(s.selected), onclick: onHeld },
    srText(t("play.pileCard", { pile: t("play.inHand"), card: cardName(obs.held, lang) })), cardFace(obs.held), el("span", { class: "golf-pile__label", "aria-hidden": "true" }, t("play.inHand"))));
  }
  return piles;
}

export function resultTable(s) {
  const { t, view } = s;
  const rows = view.scores.map((score, seat) => el("tr", {},
    el("th", { scope: "row" }, seatName(t, view, seat)),
    el("td", { class: "golf-points" }, signed(score.card_points)),
    el("td", {}, score.adjustments.map((a) => `${a.label} ${a.points > 0 ? "+" : ""}${a.points_text}`).join(s.lang === "ja" ? "、" : ", ") || t("play.result.none")),
    el("td", { class: "golf-points" }, score.total_text)));
  return el("table", { class: "golf-table-data golf-result" }, el("caption", {}, t("play.result.caption")),
    el("thead", {}, el("tr", {}, ["play.result.player", "play.result.cards", "play.result.adjustments", "play.total"].map((key) => el("th", { scope: "col" }, t(key))))),
    el("tbody", {}, rows));
}

// The standings: every hole, the running total and the holes won.
export function scoreTable(s) {
  const { t, view } = s;
  const seats = view.seats.map((_, seat) => seat);
  const head = el("tr", {}, el("th", { scope: "col" }, t("play.scores.hole")), seats.map((seat) => el("th", { scope: "col" }, seatName(t, view, seat))));
  const body = view.records.map((record, index) => el("tr", {},
    el("th", { scope: "row" }, record.playoff ? t("play.playoff", { n: index + 1 - view.holes }) : String(index + 1)),
    record.points.map((p) => el("td", { class: "golf-points" }, signed(p)))));
  const totals = el("tr", { class: "golf-total" }, el("th", { scope: "row" }, t("play.total")), view.totals.map((p) => el("td", { class: "golf-points" }, signed(p))));
  const wins = el("tr", { class: "golf-wins" }, el("th", { scope: "row" }, t("play.scores.wins")), view.wins.map((w) => el("td", { class: "golf-points" }, String(w))));
  return el("table", { class: "golf-table-data golf-scores" }, el("caption", {}, t("play.scores.caption")), el("thead", {}, head), el("tbody", {}, body, totals, wins));
}

// The rules in play stay on screen: open from 60em, where they fit beside the score table, and
// folded on a narrower screen. The table is drawn again after every move, so a person's own opening or folding is
// remembered for as long as the page is open (the summary's click comes before the box changes).
let rulesOpenChoice = null;
export function rulesInPlay(s, sections) {
  const open = rulesOpenChoice ?? window.matchMedia("(min-width: 60em)").matches;
  const summary = el("summary", { onclick: (event) => { rulesOpenChoice = !event.currentTarget.parentElement.open; } }, s.t("play.rulesInPlay"));
  const details = el("details", { class: "golf-summary", open }, summary);
  for (const section of sections) {
    if (!section.statements.length) continue;
    // h3: under the seats' h2 headings, as the heading order wants now that the box is open on wide screens.
    details.append(el("h3", {}, section.title), el("ul", {}, section.statements.map((text) => el("li", {}, text))));
  }
  return details;
}

// A one-line description of a move for the log, in the page's language.
export function eventText(s, event) {
  const { t, lang, view } = s;
  const who = seatName(t, view, event.seat);
  const [verb, pos] = event.action.split(" ");
  const card = event.card ? cardName(event.card, lang) : "";
  const old = event.replaced ? cardName(event.replaced, lang) : "";
  // An opening choice in a game with a peek only looks at the card: it stays face down on the table.
  const peeked = verb === "flip" && event.table && !event.table.layouts[event.seat][Number(pos) - 1].up;
  return t(`play.event.${peeked ? "peek" : verb}`, { who, pos, card, old });
}
