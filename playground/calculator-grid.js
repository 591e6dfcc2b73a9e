// One player's layout as a grid of slots, and the compact card picker that fills them.
// Tap a slot, then a rank: the card goes in and the next slot is chosen, so six taps enter a layout.
// The suit is optional (it changes no score) unless the rules give the one-eyed jacks their own value;
// the joker button appears only when the rules deal jokers. By keyboard: arrows move between slots,
// a rank key (A 2-9 T or 0 J Q K, * for a joker) fills the slot and moves on, a suit key (S H D C) right
// after it adds the suit, Backspace or Delete empties a slot, Enter opens the picker.
import { JOKER, RANKS, SUITS, cardFace, readToken, tokenFor } from "./calculator-cards.js";

const RANK_KEYS = { A: 0, 1: 0, T: 9, 0: 9, J: 10, Q: 11, K: 12 };
for (let n = 2; n <= 9; n++) RANK_KEYS[String(n)] = n - 1;
const SUIT_KEYS = { S: 0, H: 1, D: 2, C: 3 };

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

export class LayoutGrid {
  // onChange(slots) is called with the new slot tokens after every edit.
  constructor({ player, rows, cols, t, picker, onChange }) {
    this.player = player;
    this.rows = rows;
    this.cols = cols;
    this.t = t;
    this.picker = picker;
    this.onChange = onChange;
    this.slots = new Array(rows * cols).fill("");
    this.invalid = new Set(); // positions (from 1) the engine found a problem with
    this.focusIndex = 0;
    this.lastFilled = null; // the slot a rank key just filled: a suit key right after completes it
    this.root = element("div", { class: "golf-calc-grid", role: "group", "aria-label": t("calc.grid", { n: player }) });
    this.root.style.gridTemplateColumns = `repeat(${cols}, auto)`;
    this.buttons = [];
    for (let index = 0; index < rows * cols; index++) {
      const button = element("button", { type: "button", class: "golf-slot", "data-pos": String(index + 1) });
      button.tabIndex = index === 0 ? 0 : -1;
      button.addEventListener("click", () => this.open(index));
      button.addEventListener("keydown", (event) => this.key(event, index));
      button.addEventListener("focus", () => (this.focusIndex = index));
      this.buttons.push(button);
      this.root.append(button);
    }
    this.draw();
  }

  setSlots(slots) {
    this.slots = slots.slice(0, this.rows * this.cols);
    this.draw();
  }

  setInvalid(positions) {
    this.invalid = new Set(positions);
    this.draw();
  }

  draw() {
    this.buttons.forEach((button, index) => {
      const token = this.slots[index];
      const face = cardFace(token);
      const position = index + 1;
      // The name comes from the content: the card as shown, then (for screen readers) where it lies.
      const where = token ? this.t("calc.slot", { n: position }) : this.t("calc.slotEmpty", { n: position });
      button.replaceChildren(
        element("span", { class: "golf-slot__pos", "aria-hidden": "true" }, String(position)),
        element("span", { class: "golf-slot__face" }, face.text),
        element("span", { class: "golf-sr-only" }, token ? ` ${where}` : where),
      );
      button.classList.toggle("golf-slot--red", face.red);
      button.classList.toggle("golf-slot--empty", !token);
      button.classList.toggle("golf-slot--active", this.picker.isOpenOn(this, index));
      const bad = this.invalid.has(position) || readToken(token).kind === "unread";
      button.classList.toggle("golf-slot--invalid", bad);
      if (bad) button.setAttribute("aria-invalid", "true");
      else button.removeAttribute("aria-invalid");
    });
  }

  // The slot Tab reaches (one per grid), without moving the focus.
  current(index) {
    const target = Math.max(0, Math.min(this.buttons.length - 1, index));
    this.buttons.forEach((button, i) => (button.tabIndex = i === target ? 0 : -1));
    this.focusIndex = target;
    return target;
  }

  focus(index) {
    this.buttons[this.current(index)].focus();
  }

  set(index, token) {
    this.slots[index] = token;
    this.draw();
    this.onChange(this.slots.slice());
  }

  open(index) {
    this.focus(index);
    this.picker.open(this, index);
  }

  key(event, index) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: this.cols, ArrowUp: -this.cols, Home: -index, End: this.buttons.length - 1 - index };
    let handled = true;
    if (key in moves) {
      this.focus(index + moves[key]);
    } else if (key === "Enter" || key === " ") {
      this.open(index);
    } else if (key in RANK_KEYS || key === "*") {
      if (key === "*" && !this.picker.jokers) return;
      const token = key === "*" ? JOKER : RANKS[RANK_KEYS[key]];
      this.set(index, token);
      this.lastFilled = index;
      if (index + 1 < this.buttons.length) this.focus(index + 1);
      this.picker.follow(this, this.focusIndex);
    } else if (key in SUIT_KEYS && this.lastFilled !== null) {
      const card = readToken(this.slots[this.lastFilled]);
      if (card.kind === "card") this.set(this.lastFilled, tokenFor({ ...card, suit: SUIT_KEYS[key] }));
      this.lastFilled = null;
    } else if (key === "Backspace" || key === "Delete") {
      const target = key === "Backspace" && !this.slots[index] && index > 0 ? index - 1 : index;
      this.set(target, "");
      this.focus(target);
    } else if (key === "Escape" && this.picker.isOpenOn(this)) {
      this.picker.close();
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation(); // the theme's own keyboard shortcuts must not fire from a slot
    }
    if (!(key in RANK_KEYS)) this.lastFilled = key in SUIT_KEYS ? null : this.lastFilled;
  }
}

// The card picker: one per page, shown under the grid it fills.
export class CardPicker {
  constructor(t) {
    this.t = t;
    this.grid = null;
    this.index = 0;
    this.suit = null; // a suit chosen before the rank, or null for "any"
    this.jokers = false;
    this.suitNeededForJacks = false;
    this.root = element("div", { class: "golf-picker", role: "group", hidden: "" });
    this.title = element("p", { class: "golf-picker__title", "aria-live": "polite" });
    this.ranks = element("div", { class: "golf-picker__ranks" });
    this.suits = element("div", { class: "golf-picker__suits" });
    this.note = element("p", { class: "golf-picker__note" });
    const clear = element("button", { type: "button", class: "golf-picker__clear" }, t("calc.pickerClear"));
    clear.addEventListener("click", () => this.commit(""));
    const done = element("button", { type: "button", class: "golf-picker__done" }, t("calc.pickerDone"));
    done.addEventListener("click", () => this.close());
    this.root.append(this.title, this.ranks, this.suits, this.note, element("div", { class: "golf-picker__actions" }, clear, done));
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.close();
      }
    });
  }

  // The rules decide which buttons exist: a joker when they deal jokers; a jack needs its suit when
  // the one-eyed jacks score differently.
  setRules({ jokers, oneEyedJacks }) {
    this.jokers = jokers;
    this.suitNeededForJacks = oneEyedJacks;
    this.ranks.replaceChildren(
      ...RANKS.map((rank, i) => this.rankButton(rank, () => this.chooseRank(i))),
      ...(jokers ? [this.rankButton(JOKER, () => this.commit(JOKER), this.t("calc.joker"))] : []),
    );
    this.suits.replaceChildren(
      ...SUITS.map((suit, i) => {
        const button = element("button", { type: "button", class: `golf-picker__suit${suit.red ? " golf-slot--red" : ""}`, "aria-pressed": "false", "aria-label": this.t(`calc.suit.${suit.letter}`) }, suit.symbol);
        button.addEventListener("click", () => this.chooseSuit(i));
        return button;
      }),
    );
    this.note.textContent = this.t(oneEyedJacks ? "calc.suitForJacks" : "calc.suitOptional");
  }

  rankButton(text, action, label) {
    const button = element("button", { type: "button", class: "golf-picker__rank" }, text);
    if (label) button.setAttribute("aria-label", `${text} ${label}`);
    button.addEventListener("click", action);
    return button;
  }

  isOpenOn(grid, index) {
    return !this.root.hidden && this.grid === grid && (index === undefined || this.index === index);
  }

  open(grid, index) {
    if (this.grid && this.grid !== grid) this.grid.draw();
    this.grid = grid;
    this.index = index;
    this.setSuit(null);
    grid.root.after(this.root);
    this.root.hidden = false;
    this.root.setAttribute("aria-label", this.t("calc.pickerFor", { n: grid.player, pos: index + 1 }));
    this.title.textContent = this.t("calc.pickerFor", { n: grid.player, pos: index + 1 });
    grid.draw();
  }

  // After a key filled a slot, the open picker moves along with the focus.
  follow(grid, index) {
    if (this.isOpenOn(grid)) this.open(grid, index);
  }

  close() {
    if (this.root.hidden) return;
    const grid = this.grid;
    this.root.hidden = true;
    grid.draw();
    grid.focus(this.index);
  }

  setSuit(suit) {
    this.suit = suit;
    [...this.suits.children].forEach((button, i) => button.setAttribute("aria-pressed", String(i === suit)));
  }

  // On a slot that holds a card, a suit changes that card's suit; on an empty slot it is chosen for the
  // rank to come (press it again for "any suit").
  chooseSuit(suit) {
    const card = readToken(this.grid.slots[this.index]);
    if (this.awaitingJack) {
      this.commit(tokenFor({ kind: "card", rank: 10, suit }));
    } else if (card.kind === "card") {
      this.commit(tokenFor({ ...card, suit }), { stay: true });
    } else {
      this.setSuit(this.suit === suit ? null : suit);
    }
  }

  chooseRank(rank) {
    if (rank === 10 && this.suitNeededForJacks && this.suit === null) {
      this.awaitingJack = true;
      this.title.textContent = this.t("calc.whichJack");
      this.suits.querySelector("button")?.focus();
      return;
    }
    this.commit(tokenFor({ kind: "card", rank, suit: this.suit }));
  }

  // Put `token` in the slot and move to the next one (or stay, when a suit changed the card in place).
  commit(token, { stay = false } = {}) {
    const grid = this.grid;
    grid.set(this.index, token);
    this.awaitingJack = false;
    const next = !stay && token && this.index + 1 < grid.slots.length ? this.index + 1 : this.index;
    grid.current(next); // focus stays on the picker's button, for the next card
    this.open(grid, next);
  }
}
