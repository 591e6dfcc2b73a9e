// Small DOM helpers shared by the page scripts. Text always goes in through textContent, never innerHTML.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) listen(node, key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

// An event handler kept on the node (node.golfHandlers) and called through one listener per event type, so a
// renderer that keeps a node and updates it from a newer drawing (dom-patch.js) can hand it the newer handler;
// `listen(node, type, null)` takes the handler away.
export function listen(node, type, handler) {
  node.golfHandlers ||= {};
  if (!(type in node.golfHandlers)) node.addEventListener(type, (event) => node.golfHandlers[type]?.(event));
  node.golfHandlers[type] = handler;
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

// A card in notation ("10H", "KS", "JK") as rank and suit symbol, and whether it is red.
export function cardParts(card) {
  if (card === "JK") return { rank: "JK", suit: "★", red: false, joker: true };
  const suit = card.slice(-1);
  return { rank: card.slice(0, -1), suit: SUITS[suit] ?? suit, red: RED.has(suit), joker: false };
}

// The card's name for sentences and screen readers: "K♥", rank then suit in both languages as the site, the
// sheets and the calculator write it, and in Japanese the joker spelled out.
export function cardName(card, lang) {
  if (card === "JK") return lang === "ja" ? "ジョーカー" : "joker";
  const { rank, suit } = cardParts(card);
  return `${rank}${suit}`;
}

// A card face drawn with CSS: rank and suit large in the corner, the suit again in the middle.
export function cardFace(card) {
  const { rank, suit, red, joker } = cardParts(card);
  return el("span", { class: `golf-face${red ? " golf-face--red" : ""}${joker ? " golf-face--joker" : ""}`, "aria-hidden": "true" },
    el("span", { class: "golf-face__rank" }, rank), el("span", { class: "golf-face__suit" }, suit));
}

export function cardBack(extraClass = "") {
  return el("span", { class: `golf-back ${extraClass}`.trim(), "aria-hidden": "true" });
}

// Text for screen readers only: a control's name when what it shows is a picture (a card face).
export function srText(text) {
  return el("span", { class: "golf-sr" }, text);
}
